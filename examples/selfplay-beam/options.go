package main

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/waterdeep-go/waterdeep"
	"github.com/waterdeep-go/waterdeep/bots"
	"github.com/waterdeep-go/waterdeep/content"
)

// Options are what the pipeline plays and writes. They travel to the
// workers inside the DoFns (as JSON), so they hold only plain values.
type Options struct {
	// Bots are the entrants, one per seat: "random", "greedy", or
	// "ismcts" with its iterations per decision after a colon
	// ("ismcts:500"; plain "ismcts" uses Budget).
	Bots []string
	// Budget is the ISMCTS iterations per decision when a bot does not
	// give its own.
	Budget int
	// Players is the player count (0: one per bot); Modules the
	// Scoundrels of Skullport modules ("", "undermountain", "skullport"
	// or both, comma-separated); Long the long game.
	Players int
	Modules string
	Long    bool
	// Games is the number of games; Seed the tournament seed every game's
	// deal and bots derive from (bots.GameSeed, bots.BotSeed).
	Games int
	Seed  uint64
	// ShardGames is the number of games of one shard: the unit of work
	// a worker takes, games ShardGames*i to ShardGames*(i+1)-1.
	ShardGames int
	// Records, Rows and Summary are the outputs, each optional (""
	// writes nothing): the prefix of the records' files
	// (PREFIX-SSSSS-of-NNNNN.jsonl.gz), of the training rows' files
	// (PREFIX-SSSSS-of-NNNNN.parquet), and the summary's file (JSON).
	// Any path Beam's filesystems know (a local path, gs://...).
	Records, Rows, Summary string
}

// tournament returns the bots.Tournament the options describe: the
// in-process tournament whose game g each shard plays with
// Tournament.Game.
func (o Options) tournament() (bots.Tournament, error) {
	mods, err := content.ParseModules(o.Modules)
	if err != nil {
		return bots.Tournament{}, err
	}
	t := bots.Tournament{Config: waterdeep.Config{Players: o.Players, Modules: mods, Long: o.Long}, Games: o.Games, Seed: o.Seed, Workers: 1}
	if t.Config.Players == 0 {
		t.Config.Players = len(o.Bots)
	}
	switch {
	case len(o.Bots) == 0:
		return t, fmt.Errorf("no bots")
	case len(o.Bots) != t.Config.Players:
		return t, fmt.Errorf("%d bots for %d players: give one per seat", len(o.Bots), t.Config.Players)
	case o.Games < 1:
		return t, fmt.Errorf("games %d: want at least 1", o.Games)
	case o.ShardGames < 1:
		return t, fmt.Errorf("shard size %d: want at least 1", o.ShardGames)
	}
	for _, spec := range o.Bots {
		f, err := factory(spec, o.Budget)
		if err != nil {
			return t, err
		}
		t.Bots = append(t.Bots, f)
	}
	return t, nil
}

// factory returns the bot factory of one -bots entry.
func factory(spec string, budget int) (bots.Factory, error) {
	name, arg, hasArg := strings.Cut(strings.TrimSpace(spec), ":")
	switch name {
	case "random":
		if !hasArg {
			return bots.RandomFactory, nil
		}
	case "greedy":
		if !hasArg {
			return bots.GreedyFactory, nil
		}
	case "ismcts":
		n := budget
		if hasArg {
			var err error
			if n, err = strconv.Atoi(arg); err != nil {
				return nil, fmt.Errorf("bot %q: iterations %q are not a number", spec, arg)
			}
		}
		if n < 1 {
			return nil, fmt.Errorf("bot %q: want at least 1 iteration per decision", spec)
		}
		// Budgeted by iterations on one tree, so that a game is the same
		// wherever and however fast it runs.
		return bots.ISMCTSFactory(bots.ISMCTSOptions{Iterations: n, Workers: 1}), nil
	default:
		return nil, fmt.Errorf("unknown bot %q: want random, greedy or ismcts[:iterations]", spec)
	}
	return nil, fmt.Errorf("bot %q takes no budget", spec)
}

// shards returns the number of shards of the options' games.
func (o Options) shards() int { return (o.Games + o.ShardGames - 1) / o.ShardGames }

// shardPath names shard i's file of an output.
func (o Options) shardPath(prefix string, i int, ext string) string {
	return fmt.Sprintf("%s-%05d-of-%05d%s", prefix, i, o.shards(), ext)
}
