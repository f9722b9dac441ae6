package waterdeep

import "testing"

// TestSpaceChoicesAreEachSpaceChecked compares spaceChoices, which takes
// its candidates from the board's sets (and, for placing resources or
// moving corruption, answers from them alone: placeTargets), with
// spaceReason asked of every space, for every seat and every space
// purpose, in every state of random games of each module set; and checks
// that moving corruption is listed both with a token to move and without.
func TestSpaceChoicesAreEachSpaceChecked(t *testing.T) {
	games := gamesPerConfig(10, 2)
	moveYes, moveNo := 0, 0
	forEachRandomState(t, everyModuleSet, games, 43, func(cfg Config, s *State) {
		for p := range s.numPlayers {
			for purpose := spaceCopy; purpose <= spaceManipulateTo; purpose++ {
				for _, b := range []uint8{0, 1, none} {
					f := spaceFrame(p, purpose, b)
					var want set128
					for sp := range s.c.spaces {
						if s.spaceReason(&f, sp) == 0 {
							want.add(uint8(sp))
						}
					}
					if got := s.spaceChoices(&f); got != want {
						t.Fatalf("%+v: seat %d, purpose %d, b %d: spaceChoices %v, each space checked %v",
							cfg, p, purpose, b, spaceNames(s, got), spaceNames(s, want))
					}
					if purpose == spaceMoveCorruption {
						if want.empty() {
							moveNo++
						} else {
							moveYes++
						}
					}
				}
			}
		}
	})
	if moveYes < 1000 || moveNo < 1000 {
		t.Fatalf("moving corruption: %d listings with spaces, %d without; want 1,000 of each", moveYes, moveNo)
	}
	t.Logf("moving corruption: %d listings with spaces, %d without", moveYes, moveNo)
}
