// Command strength measures a bot against a field of others: many
// 4-player games, the measured bot's seat rotated, its win rate reported
// with a 95% Wilson confidence interval. It is not run by go test.
//
//	go run ./bots/internal/strength -match greedy-random -games 1000
//	go run ./bots/internal/strength -match ismcts-greedy -games 1000 -iters 300
package main

import (
	"context"
	"flag"
	"fmt"
	"math"
	"os"
	"runtime"
	"runtime/pprof"
	"sync"
	"sync/atomic"
	"time"

	"github.com/waterdeep-go/waterdeep"
	"github.com/waterdeep-go/waterdeep/bots"
)

func main() {
	match := flag.String("match", "greedy-random", "greedy-random or ismcts-greedy")
	games := flag.Int("games", 1000, "games to play")
	players := flag.Int("players", 4, "players per game")
	iters := flag.Int("iters", 300, "ISMCTS iterations per decision")
	expl := flag.Float64("c", 0, "ISMCTS exploration constant (0: default)")
	par := flag.Int("par", runtime.NumCPU(), "games played at once")
	seed := flag.Uint64("seed", 1, "base seed")
	every := flag.Int("progress", 50, "print progress every this many games")
	prof := flag.String("cpuprofile", "", "write a CPU profile to this file")
	flag.Parse()
	if *prof != "" {
		f, err := os.Create(*prof)
		if err != nil {
			fmt.Fprintln(os.Stderr, err)
			os.Exit(1)
		}
		if err := pprof.StartCPUProfile(f); err != nil {
			fmt.Fprintln(os.Stderr, err)
			os.Exit(1)
		}
		defer pprof.StopCPUProfile()
	}

	make1 := func(g int) (test bots.Bot, field func(i int) bots.Bot) {
		base := *seed*1_000_003 + uint64(g)*101
		switch *match {
		case "greedy-random":
			return bots.NewGreedy(base), func(i int) bots.Bot { return bots.NewRandom(base + uint64(i) + 1) }
		case "ismcts-greedy":
			return bots.NewISMCTS(bots.ISMCTSOptions{Iterations: *iters, Seed: base, Workers: 1, Exploration: *expl}),
				func(i int) bots.Bot { return bots.NewGreedy(base + uint64(i) + 1) }
		}
		fmt.Fprintf(os.Stderr, "unknown match %q\n", *match)
		os.Exit(2)
		return nil, nil
	}

	var (
		mu         sync.Mutex
		wins       float64
		done       int
		testScore  float64
		fieldScore float64
		next       atomic.Int64
	)
	start := time.Now()
	var wg sync.WaitGroup
	for range *par {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for {
				g := int(next.Add(1) - 1)
				if g >= *games {
					return
				}
				seat := waterdeep.PlayerID(g % *players)
				test, field := make1(g)
				seats := make([]bots.Bot, *players)
				for i := range seats {
					if waterdeep.PlayerID(i) == seat {
						seats[i] = test
					} else {
						seats[i] = field(i)
					}
				}
				s, err := play(seats, *seed*7919+uint64(g))
				if err != nil {
					fmt.Fprintf(os.Stderr, "game %d: %v\n", g, err)
					os.Exit(1)
				}
				w := s.Winners()
				share := 0.0
				for _, p := range w {
					if p == seat {
						share = 1 / float64(len(w))
					}
				}
				other := 0.0
				for p := range waterdeep.PlayerID(*players) {
					if p != seat {
						other += float64(s.Score(p))
					}
				}
				mu.Lock()
				wins += share
				done++
				testScore += float64(s.Score(seat))
				fieldScore += other / float64(*players-1)
				if done%*every == 0 || done == *games {
					lo, hi := wilson(wins, done)
					el := time.Since(start)
					fmt.Printf("%5d games  %s wins %.1f%%  95%% CI [%.1f%%, %.1f%%]  mean VP %.1f vs field %.1f  %.2fs/game (wall, %d at once)\n",
						done, test.Name(), 100*wins/float64(done), 100*lo, 100*hi, testScore/float64(done), fieldScore/float64(done),
						el.Seconds()/float64(done), *par)
				}
				mu.Unlock()
			}
		}()
	}
	wg.Wait()
	fmt.Printf("total %s on %d CPUs (%s)\n", time.Since(start).Round(time.Second), runtime.NumCPU(), runtime.Version())
}

func play(seats []bots.Bot, seed uint64) (waterdeep.State, error) {
	s, err := waterdeep.New(waterdeep.Config{Players: len(seats), Seed: seed})
	if err != nil {
		return s, err
	}
	ctx := context.Background()
	for !s.Over() {
		p, _ := s.ToAct()
		a, err := seats[p].Choose(ctx, s.View(p))
		if err != nil {
			return s, err
		}
		if s, err = s.Apply(a); err != nil {
			return s, err
		}
	}
	return s, nil
}

// wilson returns the 95% Wilson score interval of k successes in n trials.
func wilson(k float64, n int) (lo, hi float64) {
	const z = 1.959964
	nf := float64(n)
	p := k / nf
	d := 1 + z*z/nf
	c := (p + z*z/(2*nf)) / d
	h := z * math.Sqrt(p*(1-p)/nf+z*z/(4*nf*nf)) / d
	return c - h, c + h
}
