package waterdeep

import "testing"

// sharedOn reports whether a second agent shares space sp (Recover the
// Magister's Orb): the walk of s.shared that occupiedWhen does without.
func (s *State) sharedOn(sp int) bool {
	for _, a := range s.shared {
		if a.player != none && int(a.space) == sp {
			return true
		}
	}
	return false
}

// TestOccupiedWhenNeedsNoSharedWalk compares occupiedWhen, which takes a
// space without an occupant as empty, with the occupant or a shared agent
// on it, for every space and the standings of a turn's placement at the
// Harbor and a reassignment from it, on every state of random games of
// each module set.
func TestOccupiedWhenNeedsNoSharedWalk(t *testing.T) {
	shared := 0
	forEachRandomState(t, everyModuleSet, gamesPerConfig(20, 5), 32, func(cfg Config, s *State) {
		h := uint8(s.c.harbor[0])
		for _, st := range []standing{noStanding, placing(h, placeTurn, none), placing(h+1, placeReassign, h)} {
			for sp := range s.c.spaces {
				want := s.occupant[sp] != 0 || s.sharedOn(sp)
				switch sp {
				case int(st.at()):
					want = true
				case int(st.left()):
					n := 0
					if s.occupant[sp] != 0 {
						n++
					}
					for _, a := range s.shared {
						if a.player != none && int(a.space) == sp {
							n++
						}
					}
					want = n > 1
				}
				if got := s.occupiedWhen(sp, st); got != want {
					t.Fatalf("%+v, round %d, space %d, standing %x: occupiedWhen %v, want %v", cfg, s.round, sp, st, got, want)
				}
				if s.sharedOn(sp) {
					shared++
				}
			}
		}
	})
	if shared == 0 {
		t.Fatal("no shared agent seen")
	}
}
