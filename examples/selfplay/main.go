// Command selfplay plays one whole game of Lords of Waterdeep between
// random players and prints it as a spectator sees it: every event of
// every round in the human text form (Content.HumanEvents: one sentence
// per happening, with the cards' and buildings' names), then the final scores with each
// player's lord.
//
//	go run ./examples/selfplay                  # 4 players, seed 2012
//	go run ./examples/selfplay -players 2 -seed 7
//	go run ./examples/selfplay -players 6 -modules undermountain,skullport -long
package main

import (
	"flag"
	"fmt"
	"math/rand/v2"
	"os"

	"github.com/waterdeep-go/waterdeep"
	"github.com/waterdeep-go/waterdeep/content"
)

func main() {
	players := flag.Int("players", 4, "number of players, 2 to 5, or 6 with a module")
	seed := flag.Uint64("seed", 2012, "seed for the deal and for the random players")
	modules := flag.String("modules", "", "Scoundrels of Skullport modules, comma-separated: undermountain, skullport")
	long := flag.Bool("long", false, "play the long game (needs a module; required with both; with 6 players it changes nothing)")
	flag.Parse()
	m, err := content.ParseModules(*modules)
	if err != nil {
		fmt.Fprintln(os.Stderr, "-modules:", err)
		os.Exit(2)
	}
	cfg := waterdeep.Config{Players: *players, Seed: *seed, Modules: m, Long: *long}
	if err := run(cfg); err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
}

func run(cfg waterdeep.Config) error {
	players, seed := cfg.Players, cfg.Seed
	s, err := waterdeep.New(cfg)
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
		d := s.Pending() // what a answers, for the human form's context
		if s, events, err = s.ApplyEvents(a, events[:0]); err != nil {
			return err
		}
		actions++
		// One sentence per happening: HumanEvents words an action's
		// events, leaving out ("") those that restate the action.
		lines := c.HumanEvents(events, waterdeep.Spectator, d)
		for i, e := range events {
			switch {
			case e.Kind == waterdeep.EvRoundStarted:
				fmt.Printf("\n== Round %d ==\n", e.Round)
			case e.Kind == waterdeep.EvRoundEnded, e.Kind == waterdeep.EvFinalScore, lines[i] == "":
				// The round header says it; the table below has the
				// scores; the action's sentence says the rest.
			case e.Kind == waterdeep.EvAction:
				fmt.Println("  " + lines[i])
			default:
				fmt.Println("    " + lines[i])
			}
		}
	}
	fmt.Printf("\n== Final scores after %s ==\n", plural(actions, "action", "actions"))
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
		corruption := ""
		if cfg.Modules.Has(waterdeep.Skullport) {
			corruption = fmt.Sprintf(", corruption %3d for %s", f.Corruption, plural(s.Corruption(p), "token", "tokens"))
		}
		fmt.Printf("  p%d %-34s %3d VP (lord %2d, adventurers %2d, gold %2d%s)  %2d gold left%s\n",
			p+1, c.Lord(s.Lord(p)).Name, s.Score(p), f.Lord, f.Adventurers, f.Gold, corruption, s.Gold(p), mark)
	}
	if cfg.Modules.Has(waterdeep.Skullport) {
		fmt.Printf("  corruption track (-1 to -9): %v, %s removed\n", s.Track(), plural(s.CorruptionRemoved(), "token", "tokens"))
	}
	return nil
}

// plural returns n followed by the singular or plural noun.
func plural(n int, one, many string) string {
	if n == 1 {
		return fmt.Sprintf("%d %s", n, one)
	}
	return fmt.Sprintf("%d %s", n, many)
}
