package waterdeep

import "testing"

// TestAnyCopyTargetIsTheWalk: anyCopyTarget, which takes an opponent's
// agent on a space whose action cannot fail without copyTargetReason's
// walk, agrees with the walk of every occupied space, for every player,
// depth and standing a copy is checked with, on every state of random
// games of each module set.
func TestAnyCopyTargetIsTheWalk(t *testing.T) {
	compared, found := 0, 0
	forEachRandomState(t, everyModuleSet, gamesPerConfig(30, 4), 13, func(cfg Config, s *State) {
		for p := range s.numPlayers {
			for _, from := range []int{-1, 0, int(s.c.harbor[0])} {
				for depth := 1; depth <= maxCopyDepth+1; depth++ {
					for _, st := range []standing{noStanding, noStanding | standHarbor} {
						got := s.anyCopyTarget(p, from, depth, 0, st)
						if want := s.anyCopyTargetWalk(p, from, depth, 0, st); got != want {
							t.Fatalf("%+v, round %d, player %d, from %d, depth %d: anyCopyTarget %v, the walk %v",
								cfg, s.round, p, from, depth, got, want)
						}
						compared++
						if got {
							found++
						}
					}
				}
			}
		}
	})
	if compared == 0 || found == 0 || found == compared {
		t.Fatalf("%d compared, %d with a target", compared, found)
	}
}
