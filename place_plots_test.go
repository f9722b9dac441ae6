package waterdeep

import (
	"math/bits"
	"testing"

	"github.com/waterdeep-go/waterdeep/quests"
)

// placementPlotsWalk is placementPlots without its first test of
// Content.placePlots: the walk of the plots alone, the general path.
func (s *State) placementPlotsWalk(p uint8, sp uint8) {
	ps := &s.players[p]
	if s.c.spaces[sp].reassign {
		plots := ps.completed.and(s.c.plotQuests[quests.HarborIntrigue])
		for i := range 2 {
			for w := plots.word(i); w != 0; w &= w - 1 {
				s.push(noActionFrame(p))
				s.push(offerFrame(p, offerHarbor, uint8(i<<6|bits.TrailingZeros64(w)), 0))
			}
		}
	}
	visits := ps.completed.and(s.c.visitPlots[sp])
	for i := range 2 {
		for w := visits.word(i); w != 0; w &= w - 1 {
			s.push(noActionFrame(p))
			s.push(offerFrame(p, offerVisit, uint8(i<<6|bits.TrailingZeros64(w)), 0))
		}
	}
}

// TestPlacePlotsIsPlacementPlots compares placementPlots, which returns at
// once when Content.placePlots says no plot of the player's watches the
// space, with placementPlotsWalk: the same State for every seat and every
// space, in every state of random games of each module set.
func TestPlacePlotsIsPlacementPlots(t *testing.T) {
	var pushed, not int
	forEachRandomState(t, everyModuleSet, gamesPerConfig(10, 3), 47, func(cfg Config, s *State) {
		if int(s.sp)+8 > len(s.stack) {
			return // no room for the frames a placement may push
		}
		for p := range s.numPlayers {
			for sp := range len(s.c.spaces) {
				u, v := *s, *s
				u.placementPlots(p, uint8(sp))
				v.placementPlotsWalk(p, uint8(sp))
				if u != v {
					t.Fatalf("%+v: seat %d, space %d: placementPlots pushed %d frames, the walk %d", cfg, p, sp, u.sp-s.sp, v.sp-s.sp)
				}
				if v.sp != s.sp {
					pushed++
				} else {
					not++
				}
			}
		}
	})
	if pushed < 100 || not < 100 {
		t.Fatalf("placementPlots pushed frames %d times, none %d times; want 100 of each", pushed, not)
	}
	t.Logf("placementPlots pushed frames %d times, none %d times", pushed, not)
}
