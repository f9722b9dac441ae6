package waterdeep

import "testing"

// TestPlacementsAreEachSpaceChecked compares the listing of placements
// (placements, whose result run keeps in the State: kept_answers.go; it works
// on the board's sets and checks only the conditional spaces, through
// the sets and conditionalLegal where the Orb is not in play) with the
// general check of each space (placeReason), for every seat, every
// placement mode and every space, in every state of random games of each
// module set; and checks that the sets' path is taken, with conditional
// spaces both accepted and refused, and that conditional spaces are judged
// while resources lie on other spaces (placements then takes
// pileLegal only for a space that holds some).
func TestPlacementsAreEachSpaceChecked(t *testing.T) {
	cfgs := everyModuleSet
	games := gamesPerConfig(20, 4)
	shortcut, condYes, condNo := 0, 0, 0
	elsewhereYes, elsewhereNo := 0, 0 // conditional spaces with nothing on them, resources lying elsewhere
	modes := []placeMode{placeTurn, placeAmbassador, placeReassign, placeExtra}
	forEachRandomState(t, cfgs, games, 31, func(cfg Config, s *State) {
		for p := range s.numPlayers {
			for _, mode := range modes {
				froms := []uint8{none}
				if mode == placeReassign {
					froms = froms[:0]
					for _, h := range s.c.harbor {
						froms = append(froms, uint8(h))
					}
				}
				for _, from := range froms {
					var want set128
					for sp := range s.c.spaces {
						if s.placeReason(p, mode, sp, from) == 0 {
							want.add(uint8(sp))
						}
					}
					got := s.placements(p, mode, 1<<30, from)
					if got != want {
						t.Fatalf("%+v: seat %d, mode %d, from %d: placements %v, each space checked %v",
							cfg, p, mode, from, spaceNames(s, got), spaceNames(s, want))
					}
					if s.piled.empty() && (mode == placeAmbassador || !s.orbAvailable(p)) {
						shortcut++
						cond := want.andNot(s.c.plainSpaces)
						condYes += cond.len()
						open := s.c.boardSpaces[s.modules].or(set128{lo: s.built}.shiftUp(s.c.tileBase)).andNot(s.occupied)
						condNo += open.andNot(s.c.plainSpaces).andNot(want).len()
					}
					if !s.piled.empty() {
						open := s.c.boardSpaces[s.modules].or(set128{lo: s.built}.shiftUp(s.c.tileBase)).andNot(s.occupied)
						cond := open.andNot(s.c.plainSpaces).andNot(s.piled)
						elsewhereYes += cond.and(want).len()
						elsewhereNo += cond.andNot(want).len()
					}
				}
			}
		}
	})
	if shortcut < 1000 || condYes < 1000 || condNo < 1000 {
		t.Fatalf("the shortcut was taken %d times, with %d conditional spaces legal and %d refused; want 1,000 of each", shortcut, condYes, condNo)
	}
	if elsewhereYes < 1000 || elsewhereNo < 1000 {
		t.Fatalf("with resources placed elsewhere, %d conditional spaces legal and %d refused; want 1,000 of each", elsewhereYes, elsewhereNo)
	}
	t.Logf("shortcut taken %d times: %d conditional spaces legal, %d refused; resources elsewhere: %d legal, %d refused",
		shortcut, condYes, condNo, elsewhereYes, elsewhereNo)
}

func spaceNames(s *State, set set128) []string {
	var out []string
	for sp := set.next(0); sp >= 0; sp = set.next(sp + 1) {
		out = append(out, s.c.spaceNames[sp])
	}
	return out
}
