// Command selfplay plays one whole game of Lords of Waterdeep between
// random players and prints it as a spectator sees it: every event of
// every round in text form (Content.FormatEvent), then the final scores
// with each player's lord.
//
//	go run ./examples/selfplay                  # 4 players, seed 2012
//	go run ./examples/selfplay -players 2 -seed 7
package main

import (
	"flag"
	"fmt"
	"math/rand/v2"
	"os"

	"github.com/waterdeep-go/waterdeep"
)

func main() {
	players := flag.Int("players", 4, "number of players, 2 to 5")
	seed := flag.Uint64("seed", 2012, "seed for the deal and for the random players")
	flag.Parse()
	if err := run(*players, *seed); err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
}

func run(players int, seed uint64) error {
	s, err := waterdeep.New(waterdeep.Config{Players: players, Seed: seed})
	if err != nil {
		return err
	}
	c := s.Content()
	// The random players draw from their own generator, so the game's
	// generator (inside the state) only ever deals cards.
	r := rand.New(rand.NewPCG(seed, 1))
	fmt.Printf("\n== Round %d ==\n", s.Round())
	actions := 0
	var events []waterdeep.Event
	for !s.Over() {
		legal := s.LegalActions()
		a := legal[r.IntN(len(legal))]
		if s, events, err = s.ApplyEvents(a, events[:0]); err != nil {
			return err
		}
		actions++
		for _, e := range events {
			switch e.Kind {
			case waterdeep.EvRoundStarted:
				fmt.Printf("\n== Round %d ==\n", e.Round)
			case waterdeep.EvRoundEnded, waterdeep.EvFinalScore:
				// The round header says it; the table below has the scores.
			case waterdeep.EvAction:
				fmt.Println("  " + c.FormatEvent(e, waterdeep.Spectator))
			default:
				fmt.Println("    " + c.FormatEvent(e, waterdeep.Spectator))
			}
		}
	}
	fmt.Printf("\n== Final scores after %d actions ==\n", actions)
	winners := map[waterdeep.PlayerID]bool{}
	for _, w := range s.Winners() {
		winners[w] = true
	}
	for p := range waterdeep.PlayerID(players) {
		f := s.FinalScore(p)
		mark := ""
		if winners[p] {
			mark = "  winner"
		}
		fmt.Printf("  p%d %-34s %3d VP (lord %2d, adventurers %2d, gold %2d)  %2d gold left%s\n",
			p+1, c.Lord(s.Lord(p)).Name, s.Score(p), f.Lord, f.Adventurers, f.Gold, s.Gold(p), mark)
	}
	return nil
}
