package waterdeep

import (
	"testing"

	"github.com/waterdeep-go/waterdeep/content"
)

// TestCardWalkIsTheFullWalk compares cardPlayable, which looks at an
// intrigue effect's steps only up to the last that may be impossible and
// settles a first payment by its need (Content.cardChecks), with the walk of
// every step, each by its own test (the same State with the content loaded
// again, each walk the effect's length and no payment taken as a need), for
// every seat and every card, in every state of random games of each module
// set, with both standings of an agent at the Harbor and none.
func TestCardWalkIsTheFullWalk(t *testing.T) {
	full := map[*Content]*Content{}
	trimmed, yes, no := 0, 0, 0
	var paid [2]int // cards whose payment was settled by its need: not playable, playable
	forEachRandomState(t, everyModuleSet, gamesPerConfig(30, 5), 24, func(cfg Config, s *State) {
		c := full[s.c]
		if c == nil {
			var err error
			switch s.c {
			case BaseContent():
				c, err = loadContent(content.Base(), 0)
			case FullContent():
				c, err = loadContent(content.Full(), content.AllModules)
			default:
				t.Fatalf("%+v: content neither the base game's nor the full one", cfg)
			}
			if err != nil {
				t.Fatal(err)
			}
			for i := range c.intrigue {
				c.cardChecks[i] = cardCheck{walk: uint8(len(c.intrigue[i].Effect)), steps: c.intrigue[i].Effect}
			}
			full[s.c] = c
		}
		t2 := *s
		t2.c = c
		for p := range s.numPlayers {
			for i := range s.c.intrigue {
				for _, st := range []standing{noStanding, placing(uint8(s.c.harbor[0]), placeTurn, none) | standHarbor} {
					got, want := s.cardPlayable(p, uint8(i), 0, st), t2.cardPlayable(p, uint8(i), 0, st)
					if got != want {
						t.Fatalf("%+v: seat %d, %s: playable %v looking at %d of its %d steps, %v looking at all",
							cfg, p, s.c.intrigue[i].ID, got, s.c.cardChecks[i].walk, len(s.c.intrigue[i].Effect), want)
					}
					if s.c.cardChecks[i].pays && !s.c.intrigueAlways.has(uint8(i)) {
						paid[bit(want)]++
					}
					if int(s.c.cardChecks[i].walk) < len(s.c.intrigue[i].Effect) && !s.c.intrigueAlways.has(uint8(i)) {
						trimmed++
						yes += int(bit(want))
						no += int(bit(!want))
					}
				}
			}
		}
	})
	if yes < 1000 || no < 1000 {
		t.Fatalf("cards with steps left out: %d playable, %d not; want 1,000 of each", yes, no)
	}
	if paid[0] < 1000 || paid[1] < 1000 {
		t.Fatalf("cards whose payment its need settles: %d playable, %d not; want 1,000 of each", paid[1], paid[0])
	}
	t.Logf("%d cases of cards with steps left out: %d playable, %d not; payments settled by their need: %d playable, %d not",
		trimmed, yes, no, paid[1], paid[0])
}
