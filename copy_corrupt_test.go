package waterdeep

import "testing"

// TestAnyCopyCorruptIsEachSpaceChecked compares anyCopyCorrupt, which
// looks at no space when no opponent is more corrupt than the player and
// takes a more corrupt opponent's agent on a space whose action cannot
// fail without copyCorruptReason, with copyCorruptReason asked of every
// space, for every player, depth, with no standing and with an agent at
// the Harbor, in every state of random games of each module set (those
// without Skullport have no corruption: nothing to copy).
func TestAnyCopyCorruptIsEachSpaceChecked(t *testing.T) {
	cfgs := everyModuleSet
	var seen [2]int // Doppelganger with no space to copy, with one
	forEachRandomState(t, cfgs, gamesPerConfig(20, 4), 25, func(cfg Config, s *State) {
		for p := range s.numPlayers {
			for _, st := range []standing{noStanding, placing(uint8(s.c.harbor[0]), placeTurn, none) | standHarbor} {
				for depth := 1; depth <= maxCopyDepth+1; depth++ {
					want := false
					for sp := range s.c.spaces {
						want = want || s.copyCorruptReason(p, sp, depth, 0, st) == 0
					}
					if got := s.anyCopyCorrupt(p, depth, 0, st); got != want {
						t.Fatalf("%+v, round %d, seat %d, depth %d: anyCopyCorrupt %v, a space to copy %v", cfg, s.round, p, depth, got, want)
					}
					seen[bit(want)]++
				}
			}
		}
	})
	if seen[0] < 1000 || seen[1] < 1000 {
		t.Fatalf("%d cases with a space to copy, %d without; want 1,000 of each", seen[1], seen[0])
	}
	t.Logf("%d cases with a space to copy, %d without", seen[1], seen[0])
}
