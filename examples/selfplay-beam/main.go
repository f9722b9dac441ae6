// Command selfplay-beam plays Lords of Waterdeep games between the
// library's bots on Apache Beam, and writes their records, training rows
// for learning bots and a summary.
//
//	go run . -games 200 -bots greedy,random,random,random -summary out/summary.json
//	go run . -games 40 -bots ismcts:200,greedy -rows out/rows/part -records out/games/part
//
// With no -runner it runs on Beam's local runner (Prism, in this process);
// README.md shows the same pipeline's flags for Flink and Dataflow. The
// games are split into shards of -shard games, which the runner spreads
// over its workers; each game is played with bots.Tournament.Game, so game
// g gives the same result wherever it runs, and the summary equals that of
// bots.Tournament.Run with the same flags.
package main

import (
	"context"
	"flag"
	"fmt"
	"log"
	"strings"
	"time"

	"github.com/apache/beam/sdks/v2/go/pkg/beam"
	"github.com/apache/beam/sdks/v2/go/pkg/beam/x/beamx"
)

var (
	flagBots    = flag.String("bots", "greedy,random,random,random", "comma-separated bots, one per seat (repeated to fill -players): random, greedy, ismcts or ismcts:ITERATIONS, ismcts-value or ismcts-value:ITERATIONS (the learned evaluation)")
	flagBudget  = flag.Int("budget", 200, "ISMCTS iterations per decision for a bot given as plain ismcts")
	flagPlayers = flag.Int("players", 0, "players per game, a multiple of the number of -bots, which are repeated to fill the seats (0: one per bot)")
	flagModules = flag.String("modules", "", "Scoundrels of Skullport modules, comma-separated: undermountain, skullport")
	flagLong    = flag.Bool("long", false, "play the long game (needs a module; required with both)")
	flagGames   = flag.Int("games", 100, "number of games")
	flagSeed    = flag.Uint64("seed", 1, "tournament seed; every game's deal and bots derive from it")
	flagShard   = flag.Int("shard", 25, "games per shard, the unit of work of one worker")
	flagRecords = flag.String("records", "", "write the games' records to PREFIX-SSSSS-of-NNNNN.jsonl.gz (gzip-compressed JSON lines)")
	flagRows    = flag.String("rows", "", "write training rows to PREFIX-SSSSS-of-NNNNN.parquet")
	flagSummary = flag.String("summary", "", "write the summary to this JSON file (a path the workers share, as the outputs; empty: none)")
	flagRun     = flag.String("run", "", "the run's name in every training row and the summary (empty: a hash of the flags that decide the games)")
	flagOver    = flag.Bool("overwrite", false, "remove an earlier run's shard files under the -records and -rows prefixes before launching (without it, their presence is an error)")
)

func main() {
	flag.Parse()
	beam.Init()
	o := Options{Bots: strings.Split(*flagBots, ","), Budget: *flagBudget, Players: *flagPlayers, Modules: *flagModules,
		Long: *flagLong, Games: *flagGames, Seed: *flagSeed, ShardGames: *flagShard,
		Records: *flagRecords, Rows: *flagRows, Summary: *flagSummary, Run: *flagRun}
	p, s := beam.NewPipelineWithRoot()
	// build checks the options, the game settings included, before
	// anything is launched or removed.
	if err := build(s, o); err != nil {
		log.Fatalf("selfplay-beam: %v", err)
	}
	if err := Clean(context.Background(), o, *flagOver); err != nil {
		log.Fatalf("selfplay-beam: %v", err)
	}
	start := time.Now()
	if err := beamx.Run(context.Background(), p); err != nil {
		log.Fatalf("selfplay-beam: %v", err)
	}
	d := time.Since(start)
	fmt.Printf("run %s: %d games in %.1f s (%.1f games/s)\n", o.RunID(), o.Games, d.Seconds(), float64(o.Games)/d.Seconds())
	if o.Summary != "" {
		fmt.Println("summary:", o.Summary)
	}
}
