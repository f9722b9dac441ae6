package waterdeep

import "testing"

// resolvesTakingPlacedCopy is resolvesTakingPile on a copy of the State:
// the general path, which needs nothing put back.
func (s *State) resolvesTakingPlacedCopy(p uint8, sp int, info *spaceInfo, st standing) bool {
	t := *s
	t.events = nil
	t.takePile(p, uint8(sp))
	return t.canResolveSpace(p, sp, info, st)
}

// TestResolvesTakingPlacedIsCopy compares resolvesTakingPile, which takes
// the placed resources in the State itself and puts everything back, with
// resolvesTakingPlacedCopy: the same answer, and the State unchanged, for
// every space (conditional or not) holding placed resources, every player,
// from the pool and reassigned, with and without Doppelganger's kind of
// card added to the hand, in every state of random games of each module
// set.
func TestResolvesTakingPlacedIsCopy(t *testing.T) {
	var seen [2]int // impossible, possible
	var ev []Event
	forEachRandomState(t, everyModuleSet, gamesPerConfig(30, 8), 16, func(cfg Config, s *State) {
		for sp := s.piled.next(0); sp >= 0; sp = s.piled.next(sp + 1) {
			info := &s.c.spaces[sp]
			for p := range s.numPlayers {
				for _, more := range []set128{{}, s.c.moreCorruptCards} {
					t2 := *s
					t2.players[p].hand = t2.players[p].hand.or(more)
					t2.events = &ev
					for _, mode := range []placeMode{placeTurn, placeReassign} {
						st := placing(uint8(sp), mode, none)
						if info.reassign {
							st |= standHarbor
						}
						before := t2
						got, want := t2.resolvesTakingPile(p, sp, info, st), t2.resolvesTakingPlacedCopy(p, sp, info, st)
						if got != want {
							t.Fatalf("%+v: seat %d, space %d (%s) holding %+v: resolvesTakingPile %v, on a copy %v",
								cfg, p, sp, s.c.spaceNames[sp], s.piles[sp].resources(SpaceID(sp)), got, want)
						}
						if t2 != before || len(ev) != 0 {
							t.Fatalf("%+v: seat %d, space %d (%s): resolvesTakingPile left the State changed (events %v)", cfg, p, sp, s.c.spaceNames[sp], ev)
						}
						seen[bit(want)]++
					}
				}
			}
		}
	})
	if seen[0] < 100 || seen[1] < 1000 {
		t.Fatalf("%d cases possible and %d not; want 1,000 and 100", seen[1], seen[0])
	}
	t.Logf("%d cases possible and %d not", seen[1], seen[0])
}
