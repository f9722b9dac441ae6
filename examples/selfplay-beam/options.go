package main

import (
	"fmt"
	"hash/fnv"
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
	// "ismcts" or "ismcts-value" (ISMCTS with the library's learned
	// evaluation, bots.LearnedValue) with its iterations per decision
	// after a colon ("ismcts:500"; without, Budget).
	Bots []string
	// Budget is the ISMCTS iterations per decision when a bot does not
	// give its own.
	Budget int
	// Players is the player count (0: one per bot): Bots is repeated to
	// fill the seats, so Players must be a multiple of len(Bots) ("greedy"
	// with 4 players is four Greedy bots). Modules are the Scoundrels of
	// Skullport modules ("", "undermountain", "skullport" or both,
	// comma-separated); Long the long game.
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
	// Run names the run in every training row (the column run); empty:
	// RunID, derived from the options that decide the games.
	Run string
}

// RunID returns the run's name: Run, or else a hash of the options that
// decide the games (bots, budget, players, modules, long game, games,
// seed), so that the same flags name the same rows and a rerun with other
// flags is told apart.
func (o Options) RunID() string {
	if o.Run != "" {
		return o.Run
	}
	h := fnv.New64a()
	fmt.Fprintf(h, "%q %d %d %q %t %d %d", o.Bots, o.Budget, o.Players, o.Modules, o.Long, o.Games, o.Seed)
	return fmt.Sprintf("%016x", h.Sum64())
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
	case t.Config.Players < 0 || t.Config.Players%len(o.Bots) != 0:
		return t, fmt.Errorf("%d bots for %d players: the bots are repeated to fill the seats, so give a player count that is a multiple of %d", len(o.Bots), t.Config.Players, len(o.Bots))
	case o.Games < 1:
		return t, fmt.Errorf("games %d: want at least 1", o.Games)
	case o.ShardGames < 1:
		return t, fmt.Errorf("shard size %d: want at least 1", o.ShardGames)
	}
	for i := range t.Config.Players {
		f, err := factory(o.Bots[i%len(o.Bots)], o.Budget)
		if err != nil {
			return t, err
		}
		t.Bots = append(t.Bots, f)
	}
	// The game settings themselves (players, modules, long game), checked
	// here, before a pipeline is launched, rather than on the workers.
	cfg := t.Config
	cfg.Seed = bots.GameSeed(o.Seed, 0)
	if _, err := waterdeep.New(cfg); err != nil {
		return t, err
	}
	return t, nil
}

// seatBots returns the bot spec of every seat slot of the tournament's
// entrants: Bots repeated to fill the players.
func (o Options) seatBots() []string {
	n := o.Players
	if n == 0 {
		n = len(o.Bots)
	}
	out := make([]string, n)
	for i := range out {
		out[i] = o.Bots[i%len(o.Bots)]
	}
	return out
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
	case "ismcts", "ismcts-value":
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
		opts := bots.ISMCTSOptions{Iterations: n, Workers: 1}
		if name == "ismcts-value" {
			opts.Value = bots.LearnedValue()
		}
		return bots.ISMCTSFactory(opts), nil
	default:
		return nil, fmt.Errorf("unknown bot %q: want random, greedy, ismcts[:iterations] or ismcts-value[:iterations]", spec)
	}
	return nil, fmt.Errorf("bot %q takes no budget", spec)
}

// shards returns the number of shards of the options' games.
func (o Options) shards() int { return (o.Games + o.ShardGames - 1) / o.ShardGames }

// shardPath names shard i's file of an output.
func (o Options) shardPath(prefix string, i int, ext string) string {
	return fmt.Sprintf("%s-%05d-of-%05d%s", prefix, i, o.shards(), ext)
}
