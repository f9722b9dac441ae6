// Command tournament plays many games of Lords of Waterdeep between bots,
// in parallel, and prints how each bot did: win rate with a 95% Wilson
// confidence interval (a shared win counts 1/k to each of k winners), mean
// and standard deviation of the final score, time per decision, mean game
// length in decisions, and games per second. It is a thin command over
// bots.Tournament, which runs any bots.Bot the same way.
//
//	go run ./examples/tournament -games 1000 -bots random,random,random,random
//	go run ./examples/tournament -games 200 -bots greedy,random,random,random -workers 8 -seed 7
//	go run ./examples/tournament -games 40 -bots ismcts,greedy -budget 500 -records games.jsonl
//	go run ./examples/tournament -games 60 -bots greedy,random,random,random,random,random -modules undermountain,skullport -long
//
// Seats rotate: in game g the bot listed i-th sits in seat (i+g) mod
// players, so when -games is a multiple of the number of players every bot
// plays every seat equally often. Every game's seed, and every bot's seed,
// derive from -seed and the game's index (bots.GameSeed, bots.BotSeed), and
// results are gathered in game order: for a fixed -seed and -budget the
// output (but for the timings) and the records are the same whatever
// -workers is.
//
// With -records, every game is written as one line of JSON, in game order:
//
//	{"game":0,"bots":["random","greedy"],"scores":[88,102],"winners":[1],
//	 "decisions":231,"record":{...}}
//
// "bots" and "scores" are by seat; "record" is a waterdeep.Record, which
// waterdeep.Replay turns back into the game.
package main

import (
	"bufio"
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"math"
	"os"
	"runtime"
	"strconv"
	"strings"
	"time"

	"github.com/waterdeep-go/waterdeep"
	"github.com/waterdeep-go/waterdeep/bots"
	"github.com/waterdeep-go/waterdeep/content"
)

func main() {
	var o options
	flag.IntVar(&o.Games, "games", 100, "number of games")
	flag.IntVar(&o.Players, "players", 0, "players per game, 2 to 5, or 6 with a module (0: the number of -bots)")
	flag.StringVar(&o.Bots, "bots", "greedy,random,random,random", "comma-separated bots, one per seat: "+strings.Join(botNames, ", "))
	flag.IntVar(&o.Workers, "workers", runtime.GOMAXPROCS(0), "games played at once")
	flag.Uint64Var(&o.Seed, "seed", 1, "tournament seed; every game's seed derives from it")
	flag.IntVar(&o.Budget, "budget", 1000, "ISMCTS iterations per decision")
	flag.IntVar(&o.Rollout, "rollout", 0, "ISMCTS rollout length in decisions (0: the default, -1: to the game's end)")
	flag.Float64Var(&o.Exploration, "exploration", 0, "ISMCTS UCB1 exploration constant (0: the default, bots.DefaultExploration)")
	flag.BoolVar(&o.UniformLords, "uniform-lords", false, "ISMCTS deals the other seats' lords uniformly, without its belief of whose lord is whose (bots.ISMCTSOptions.UniformLords)")
	flag.StringVar(&o.Records, "records", "", "write every game to this file as JSON lines")
	flag.BoolVar(&o.Quiet, "q", false, "no progress bar")
	flag.StringVar(&o.Modules, "modules", "", "Scoundrels of Skullport modules, comma-separated: undermountain, skullport")
	flag.BoolVar(&o.Long, "long", false, "play the long game (needs a module; required with both)")
	flag.StringVar(&o.Value, "value", "", "the value model's weights file for ismcts-value and ismcts-blend (tools/train writes one; empty: the library's, bots.LearnedValue)")
	flag.Parse()
	if err := run(o, os.Stdout, os.Stderr); err != nil {
		fmt.Fprintln(os.Stderr, "tournament:", err)
		os.Exit(1)
	}
}

// options are the command's flags.
type options struct {
	Games, Players, Workers, Budget int
	Rollout                         int
	Exploration                     float64
	UniformLords                    bool
	Bots                            string
	Seed                            uint64
	Records                         string
	Quiet                           bool
	Modules                         string // module names, as content.ParseModules reads them
	Long                            bool
	Value                           string // a weights file, as bots.LoadValue reads it
}

// botNames lists the bots factory knows. ismcts-value is ISMCTS with the
// library's learned evaluation at its rollouts' cut-off
// (bots.LearnedValue, in the games it serves), ismcts-blend the mean of
// its reward and Greedy's evaluation's there (-value gives another
// model). Any ISMCTS may be given its own budget after a colon:
// ismcts:2000.
var botNames = []string{"random", "greedy", "ismcts", "ismcts-value", "ismcts-blend"}

// factory returns the factory of the named bot. search is the ISMCTS
// options: its budget is a number of iterations and it runs on one
// goroutine, so that it is deterministic (the tournament plays games in
// parallel instead). value is the model of ismcts-value and ismcts-blend.
func factory(name string, search bots.ISMCTSOptions, value *bots.ValueModel) (bots.Factory, error) {
	name, budget, hasBudget := strings.Cut(name, ":")
	if hasBudget {
		n, err := strconv.Atoi(budget)
		if err != nil || n < 1 || !strings.HasPrefix(name, "ismcts") {
			return nil, fmt.Errorf("bot %s:%s: only the ismcts bots take a budget, a number of iterations of at least 1", name, budget)
		}
		search.Iterations = n
	}
	switch name {
	case "random":
		return bots.RandomFactory, nil
	case "greedy":
		return bots.GreedyFactory, nil
	case "ismcts":
		search.Workers = 1
		return bots.ISMCTSFactory(search), nil
	case "ismcts-value", "ismcts-blend":
		search.Workers = 1
		search.Value = value
		search.Blend = name == "ismcts-blend"
		return bots.ISMCTSFactory(search), nil
	}
	return nil, fmt.Errorf("unknown bot %q (known: %s)", name, strings.Join(botNames, ", "))
}

// tournament is a parsed, checked set of options.
type tournament struct {
	bots.Tournament
	search bots.ISMCTSOptions
	names  []string // by entry: the i-th listed bot
}

func parse(o options) (tournament, error) {
	if o.Exploration < 0 || math.IsNaN(o.Exploration) || math.IsInf(o.Exploration, 0) {
		return tournament{}, fmt.Errorf("-exploration %v: want a finite number, at least 0", o.Exploration)
	}
	t := tournament{search: bots.ISMCTSOptions{Iterations: o.Budget, Rollout: o.Rollout, Exploration: o.Exploration, UniformLords: o.UniformLords}}
	t.Games, t.Seed, t.Workers = o.Games, o.Seed, max(o.Workers, 1)
	m, err := content.ParseModules(o.Modules)
	if err != nil {
		return t, fmt.Errorf("-modules: %v", err)
	}
	t.Config = waterdeep.Config{Players: o.Players, Modules: m, Long: o.Long}
	value := bots.LearnedValue()
	if o.Value != "" {
		data, err := readBounded(o.Value, 64<<20)
		if err != nil {
			return t, fmt.Errorf("-value: %v", err)
		}
		if value, err = bots.LoadValue(data, nil); err != nil {
			return t, fmt.Errorf("-value %s: %v", o.Value, err)
		}
	}
	for _, b := range strings.Split(o.Bots, ",") {
		b = strings.ToLower(strings.TrimSpace(b))
		f, err := factory(b, t.search, value)
		if err != nil {
			return t, err
		}
		t.names = append(t.names, b)
		t.Bots = append(t.Bots, f)
	}
	if t.Config.Players == 0 {
		t.Config.Players = len(t.Bots)
	}
	// New checks the players, modules and long game against the rules.
	if _, err := waterdeep.New(t.Config); err != nil {
		return t, err
	}
	switch {
	case len(t.Bots) != t.Config.Players:
		return t, fmt.Errorf("-bots lists %d bots for %d players; list one per seat", len(t.Bots), t.Config.Players)
	case t.Games < 1:
		return t, fmt.Errorf("-games %d: want at least 1", t.Games)
	case t.search.Iterations < 1:
		return t, fmt.Errorf("-budget %d: want at least 1", t.search.Iterations)
	}
	return t, nil
}

// result is one game's line in the records file.
type result struct {
	Game      int               `json:"game"`
	Bots      []string          `json:"bots"`
	Scores    []int             `json:"scores"`
	Winners   []int             `json:"winners"`
	Decisions int               `json:"decisions"`
	Record    *waterdeep.Record `json:"record"`
}

// run plays the tournament, writes the table to out and the progress bar
// to progress.
func run(o options, out, progress io.Writer) error {
	t, err := parse(o)
	if err != nil {
		return err
	}
	var bw *bufio.Writer
	if o.Records != "" {
		f, err := os.Create(o.Records)
		if err != nil {
			return err
		}
		defer f.Close()
		bw = bufio.NewWriter(f)
		defer func() {
			if err := bw.Flush(); err != nil {
				fmt.Fprintln(progress, "tournament:", err)
			}
		}()
	}
	if t.Games%t.Config.Players != 0 {
		fmt.Fprintf(progress, "note: %d games is not a multiple of %d players; seats are not played equally often\n", t.Games, t.Config.Players)
	}
	var bar io.Writer = progress
	if o.Quiet {
		bar = io.Discard
	}
	start := time.Now()
	sm, err := playAll(t, bw, bar)
	if err != nil {
		return err
	}
	if bw != nil {
		if err := bw.Flush(); err != nil {
			return err
		}
	}
	report(out, t, sm, time.Since(start))
	return nil
}

// playAll plays every game of t, writes each to records (if not nil) as a
// line of JSON in game order, and draws the progress bar.
func playAll(t tournament, records *bufio.Writer, bar io.Writer) (bots.Summary, error) {
	start := time.Now()
	var drawn time.Time
	count := 0
	t.OnGame = func(r bots.GameResult) error {
		count++
		if now := time.Now(); count == t.Games || now.Sub(drawn) >= 100*time.Millisecond {
			drawn = now
			drawBar(bar, count, t.Games, now.Sub(start))
		}
		if records == nil {
			return nil
		}
		return writeRecord(records, r)
	}
	sm, err := t.Run(context.Background())
	if count > 0 {
		fmt.Fprintln(bar)
	}
	return sm, err
}

func writeRecord(w *bufio.Writer, r bots.GameResult) error {
	line := result{Game: r.Game, Bots: r.Bots, Scores: r.Scores, Decisions: r.Decisions, Record: &r.Record}
	for _, p := range r.Winners {
		line.Winners = append(line.Winners, int(p))
	}
	b, err := json.Marshal(line)
	if err != nil {
		return err
	}
	w.Write(b)
	return w.WriteByte('\n')
}

// drawBar draws a progress bar with an estimate of the time left.
func drawBar(w io.Writer, done, total int, elapsed time.Duration) {
	const width = 30
	fill := done * width / total
	eta := "?"
	if done > 0 {
		left := time.Duration(float64(elapsed) / float64(done) * float64(total-done))
		eta = left.Round(time.Second / 10).String()
	}
	fmt.Fprintf(w, "\r[%s%s] %d/%d games  %s elapsed  ~%s left ", strings.Repeat("#", fill), strings.Repeat(".", width-fill),
		done, total, elapsed.Round(time.Second/10), eta)
}

func report(w io.Writer, t tournament, sm bots.Summary, elapsed time.Duration) {
	fmt.Fprintf(w, "%d games, %d players, seed %d", sm.Games, t.Config.Players, t.Seed)
	if t.Config.Modules != 0 {
		fmt.Fprintf(w, ", modules %s", t.Config.Modules)
	}
	if t.Config.Long {
		fmt.Fprint(w, ", long game")
	}
	for _, b := range t.names {
		if strings.HasPrefix(b, "ismcts") {
			if strings.Contains(strings.Join(t.names, ","), ":") {
				fmt.Fprintf(w, ", ISMCTS budgets as listed (others %d iterations)", t.search.Iterations)
			} else {
				fmt.Fprintf(w, ", ISMCTS budget %d iterations", t.search.Iterations)
			}
			if t.search.Rollout != 0 {
				fmt.Fprintf(w, ", rollout %d", t.search.Rollout)
			}
			if t.search.Exploration != 0 {
				fmt.Fprintf(w, ", exploration %g", t.search.Exploration)
			}
			if t.search.UniformLords {
				fmt.Fprint(w, ", lords dealt uniformly")
			}
			break
		}
	}
	fmt.Fprintln(w)
	if err := sm.WriteTable(w); err != nil {
		return
	}
	secs := elapsed.Seconds()
	fmt.Fprintf(w, "time: %.2fs, %.1f games/s\n", secs, float64(sm.Games)/math.Max(secs, 1e-9))
}

// readBounded reads the named file, refusing one of more than limit bytes.
func readBounded(path string, limit int64) ([]byte, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	data, err := io.ReadAll(io.LimitReader(f, limit+1))
	if err != nil {
		return nil, err
	}
	if int64(len(data)) > limit {
		return nil, fmt.Errorf("%s: more than %d bytes; a weights file is a few kilobytes", path, limit)
	}
	return data, nil
}
