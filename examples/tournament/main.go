// Command tournament plays many games of Lords of Waterdeep between bots,
// in parallel, and prints how each bot did: win rate with a 95% Wilson
// confidence interval (a shared win counts 1/k to each of k winners), mean
// and standard deviation of the final score, mean game length in decisions,
// and games per second.
//
//	go run ./examples/tournament -games 1000 -bots random,random,random,random
//	go run ./examples/tournament -games 200 -bots greedy,random,random,random -workers 8 -seed 7
//	go run ./examples/tournament -games 40 -bots ismcts,greedy -budget 500 -records games.jsonl
//	go run ./examples/tournament -games 500 -bots greedy,random,random,random -modules undermountain
//
// Seats rotate: in game g the bot listed i-th sits in seat (i+g) mod
// players, so when -games is a multiple of the number of players every bot
// plays every seat equally often. Every game's seed, and every bot's seed,
// derive from -seed and the game's index, and results are gathered by
// index: for a fixed -seed and -budget the output (but for the timings)
// and the records are the same whatever -workers is.
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
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/waterdeep-go/waterdeep"
	"github.com/waterdeep-go/waterdeep/bots"
	"github.com/waterdeep-go/waterdeep/content"
)

func main() {
	var o options
	flag.IntVar(&o.Games, "games", 100, "number of games")
	flag.IntVar(&o.Players, "players", 0, "players per game, 2 to 5 (0: the number of -bots)")
	flag.StringVar(&o.Bots, "bots", "greedy,random,random,random", "comma-separated bots, one per seat: "+strings.Join(botNames, ", "))
	flag.IntVar(&o.Workers, "workers", runtime.GOMAXPROCS(0), "games played at once")
	flag.Uint64Var(&o.Seed, "seed", 1, "tournament seed; every game's seed derives from it")
	flag.IntVar(&o.Budget, "budget", 1000, "ISMCTS iterations per decision")
	flag.StringVar(&o.Records, "records", "", "write every game to this file as JSON lines")
	flag.BoolVar(&o.Quiet, "q", false, "no progress bar")
	flag.StringVar(&o.Modules, "modules", "", "expansion modules: undermountain, skullport or both, comma-separated")
	flag.BoolVar(&o.Long, "long", false, "the long game (needs a module; required with both)")
	flag.Parse()
	if err := run(o, os.Stdout, os.Stderr); err != nil {
		fmt.Fprintln(os.Stderr, "tournament:", err)
		os.Exit(1)
	}
}

// options are the command's flags.
type options struct {
	Games, Players, Workers, Budget int
	Bots                            string
	Seed                            uint64
	Records                         string
	Quiet                           bool
	Modules                         string
	Long                            bool
}

// botNames lists the bots newBot knows.
var botNames = []string{"random", "greedy", "ismcts"}

// newBot returns the named bot, seeded. budget is the ISMCTS iterations per
// decision; the search runs on one goroutine, so that it is deterministic
// (the tournament plays games in parallel instead).
func newBot(name string, seed uint64, budget int) (bots.Bot, error) {
	switch name {
	case "random":
		return bots.NewRandom(seed), nil
	case "greedy":
		return bots.NewGreedy(seed), nil
	case "ismcts":
		return bots.NewISMCTS(bots.ISMCTSOptions{Iterations: budget, Seed: seed, Workers: 1}), nil
	}
	return nil, fmt.Errorf("unknown bot %q (known: %s)", name, strings.Join(botNames, ", "))
}

// tournament is a parsed, checked set of options.
type tournament struct {
	games, players, budget int
	bots                   []string // by entry: the i-th listed bot
	seed                   uint64
	modules                waterdeep.Modules
	long                   bool
}

func parse(o options) (tournament, error) {
	t := tournament{games: o.Games, players: o.Players, budget: o.Budget, seed: o.Seed, long: o.Long}
	m, err := content.ParseModules(o.Modules)
	if err != nil {
		return t, fmt.Errorf("-modules: %v", err)
	}
	t.modules = m
	for _, b := range strings.Split(o.Bots, ",") {
		b = strings.ToLower(strings.TrimSpace(b))
		if _, err := newBot(b, 0, 1); err != nil {
			return t, err
		}
		t.bots = append(t.bots, b)
	}
	if t.players == 0 {
		t.players = len(t.bots)
	}
	switch {
	case t.players < 2 || t.players > 6 || (t.players == 6 && t.modules == 0):
		return t, fmt.Errorf("-players %d: the game is for 2 to 5 players, 6 with a module", t.players)
	case len(t.bots) != t.players:
		return t, fmt.Errorf("-bots lists %d bots for %d players; list one per seat", len(t.bots), t.players)
	case t.games < 1:
		return t, fmt.Errorf("-games %d: want at least 1", t.games)
	case t.budget < 1:
		return t, fmt.Errorf("-budget %d: want at least 1", t.budget)
	}
	return t, nil
}

// splitmix64 is a bijective mixer: distinct inputs give distinct,
// well-spread outputs.
func splitmix64(x uint64) uint64 {
	x += 0x9e3779b97f4a7c15
	x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9
	x = (x ^ (x >> 27)) * 0x94d049bb133111eb
	return x ^ (x >> 31)
}

// gameSeed is the seed of game g of a tournament; botSeed that of the bot
// in seat s of a game.
func gameSeed(seed uint64, g int) uint64 { return splitmix64(splitmix64(seed) ^ uint64(g)) }
func botSeed(game uint64, s int) uint64  { return splitmix64(game ^ (uint64(s+1) << 56)) }

// entryAt returns which listed bot sits in seat s of game g: the seats
// rotate by one each game.
func entryAt(g, s, players int) int { return ((s-g)%players + players) % players }

// result is one game's outcome.
type result struct {
	Game      int               `json:"game"`
	Bots      []string          `json:"bots"`
	Scores    []int             `json:"scores"`
	Winners   []int             `json:"winners"`
	Decisions int               `json:"decisions"`
	Record    *waterdeep.Record `json:"record"`
}

// play plays game g of tournament t.
func play(t tournament, g int, keep bool) (result, error) {
	seed := gameSeed(t.seed, g)
	cfg := waterdeep.Config{Players: t.players, Seed: seed, Modules: t.modules, Long: t.long}
	s, err := waterdeep.New(cfg)
	if err != nil {
		return result{}, err
	}
	res := result{Game: g}
	seats := make([]bots.Bot, t.players)
	for p := range seats {
		name := t.bots[entryAt(g, p, t.players)]
		if seats[p], err = newBot(name, botSeed(seed, p), t.budget); err != nil {
			return res, err
		}
		res.Bots = append(res.Bots, name)
	}
	var rec waterdeep.Record
	if keep {
		rec = waterdeep.NewRecord(cfg)
	}
	ctx := context.Background()
	for {
		p, ok := s.ToAct()
		if !ok {
			break
		}
		a, err := seats[p].Choose(ctx, s.View(p))
		if err != nil {
			return res, fmt.Errorf("game %d: %s in seat p%d: %w", g, res.Bots[p], p+1, err)
		}
		if s, err = s.Apply(a); err != nil {
			return res, fmt.Errorf("game %d: %s in seat p%d: %w", g, res.Bots[p], p+1, err)
		}
		if keep {
			rec.Add(a)
		}
		res.Decisions++
	}
	res.Scores = s.Scores()
	for _, w := range s.Winners() {
		res.Winners = append(res.Winners, int(w))
	}
	if keep {
		res.Record = &rec
	}
	return res, nil
}

// run plays the tournament, writes the table to out and the progress bar
// to progress.
func run(o options, out, progress io.Writer) error {
	t, err := parse(o)
	if err != nil {
		return err
	}
	var rec *os.File
	if o.Records != "" {
		if rec, err = os.Create(o.Records); err != nil {
			return err
		}
		defer rec.Close()
	}
	if t.games%t.players != 0 {
		fmt.Fprintf(progress, "note: %d games is not a multiple of %d players; seats are not played equally often\n", t.games, t.players)
	}
	var bar io.Writer = progress
	if o.Quiet {
		bar = io.Discard
	}
	start := time.Now()
	var w io.Writer
	if rec != nil {
		w = rec
	}
	results, err := playAll(t, max(o.Workers, 1), w, bar)
	if err != nil {
		return err
	}
	if rec != nil {
		if err := rec.Close(); err != nil {
			return err
		}
	}
	report(out, t, summarize(t, results), time.Since(start))
	return nil
}

// playAll plays every game of t on workers goroutines and returns the
// results by game index. With records non-nil, it writes each game there
// as a line of JSON, in game order.
func playAll(t tournament, workers int, records io.Writer, bar io.Writer) ([]result, error) {
	results := make([]result, t.games)
	var (
		next     atomic.Int64
		failed   atomic.Bool
		mu       sync.Mutex
		firstErr error
		done     = make(chan int, t.games)
		wg       sync.WaitGroup
	)
	for range min(workers, t.games) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for !failed.Load() {
				g := int(next.Add(1) - 1)
				if g >= t.games {
					return
				}
				r, err := play(t, g, records != nil)
				if err != nil {
					mu.Lock()
					if firstErr == nil {
						firstErr = err
					}
					mu.Unlock()
					failed.Store(true)
					return
				}
				results[g] = r
				done <- g
			}
		}()
	}
	go func() { wg.Wait(); close(done) }()

	// Collect: write records in index order as they complete, and draw
	// the progress bar.
	var (
		bw      *bufio.Writer
		written int
		have    = make([]bool, t.games)
		werr    error
		start   = time.Now()
		count   int
		drawn   time.Time
	)
	if records != nil {
		bw = bufio.NewWriter(records)
	}
	for g := range done {
		have[g] = true
		count++
		for bw != nil && written < t.games && have[written] {
			if werr == nil {
				werr = writeRecord(bw, results[written])
			}
			results[written].Record = nil // written; let it go
			written++
		}
		if now := time.Now(); count == t.games || now.Sub(drawn) >= 100*time.Millisecond {
			drawn = now
			drawBar(bar, count, t.games, now.Sub(start))
		}
	}
	if count > 0 {
		fmt.Fprintln(bar)
	}
	if firstErr != nil {
		return nil, firstErr
	}
	if bw != nil {
		if werr == nil {
			werr = bw.Flush()
		}
		if werr != nil {
			return nil, werr
		}
	}
	return results, nil
}

func writeRecord(w *bufio.Writer, r result) error {
	b, err := json.Marshal(r)
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

// stats are one listed bot's results over the tournament.
type stats struct {
	label       string
	games       int
	wins        float64 // a shared win counts 1/k
	sum, sumSq  float64
	mean, sd    float64
	lo, hi      float64 // 95% Wilson interval of the win rate
	seatsPlayed []int
}

// summary is the whole tournament's.
type summary struct {
	entries   []stats
	decisions int
	games     int
}

func summarize(t tournament, results []result) summary {
	sm := summary{games: len(results), entries: make([]stats, len(t.bots))}
	count := map[string]int{}
	for _, b := range t.bots {
		count[b]++
	}
	seen := map[string]int{}
	for i, b := range t.bots {
		seen[b]++
		sm.entries[i].label = b
		if count[b] > 1 {
			sm.entries[i].label = fmt.Sprintf("%s#%d", b, seen[b])
		}
		sm.entries[i].seatsPlayed = make([]int, t.players)
	}
	for _, r := range results {
		sm.decisions += r.Decisions
		for p, score := range r.Scores {
			e := &sm.entries[entryAt(r.Game, p, t.players)]
			e.games++
			e.seatsPlayed[p]++
			e.sum += float64(score)
			e.sumSq += float64(score) * float64(score)
		}
		for _, w := range r.Winners {
			sm.entries[entryAt(r.Game, w, t.players)].wins += 1 / float64(len(r.Winners))
		}
	}
	for i := range sm.entries {
		e := &sm.entries[i]
		if e.games == 0 {
			continue
		}
		n := float64(e.games)
		e.mean = e.sum / n
		if e.games > 1 {
			e.sd = math.Sqrt(max(0, (e.sumSq-n*e.mean*e.mean)/(n-1)))
		}
		e.lo, e.hi = wilson(e.wins, e.games, 1.959963984540054)
	}
	return sm
}

// wilson returns the Wilson score interval for wins successes in n trials
// at normal quantile z (1.96 for 95%). wins may be fractional (split ties).
func wilson(wins float64, n int, z float64) (lo, hi float64) {
	if n <= 0 {
		return 0, 1
	}
	nf := float64(n)
	p := wins / nf
	z2 := z * z
	den := 1 + z2/nf
	center := (p + z2/(2*nf)) / den
	half := z / den * math.Sqrt(p*(1-p)/nf+z2/(4*nf*nf))
	return max(0, center-half), min(1, center+half)
}

func report(w io.Writer, t tournament, sm summary, elapsed time.Duration) {
	fmt.Fprintf(w, "%d games, %d players, seed %d", sm.games, t.players, t.seed)
	for _, b := range t.bots {
		if b == "ismcts" {
			fmt.Fprintf(w, ", ISMCTS budget %d iterations", t.budget)
			break
		}
	}
	fmt.Fprintln(w)
	fmt.Fprintf(w, "%-12s %6s %8s %17s %8s %7s\n", "bot", "games", "win %", "95% CI", "score", "sd")
	for _, e := range sm.entries {
		n := max(e.games, 1)
		fmt.Fprintf(w, "%-12s %6d %7.1f%% [%5.1f%%, %5.1f%%] %8.1f %7.1f\n", e.label, e.games, 100*e.wins/float64(n),
			100*e.lo, 100*e.hi, e.mean, e.sd)
	}
	if sm.games > 0 {
		fmt.Fprintf(w, "mean game length: %.1f decisions\n", float64(sm.decisions)/float64(sm.games))
	}
	secs := elapsed.Seconds()
	fmt.Fprintf(w, "time: %.2fs, %.1f games/s\n", secs, float64(sm.games)/math.Max(secs, 1e-9))
}
