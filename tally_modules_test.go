package waterdeep

import "testing"

// TestTallyModulesIsTheTileWalk compares tallyModules, which counts the
// module tiles among those in play (the board's mask of them), with a
// walk of every tile, for every player on every state of random games of
// each module set.
func TestTallyModulesIsTheTileWalk(t *testing.T) {
	owned := 0
	forEachRandomState(t, everyModuleSet, gamesPerConfig(20, 10), 31, func(cfg Config, s *State) {
		for p := range s.numPlayers {
			_, got, _ := s.tallyModules(PlayerID(p))
			var want [2]int
			for i, m := range tallyModuleOrder {
				for tile := range s.c.tiles {
					if s.tileOwner[tile] == p+1 && s.c.tiles[tile].Module == m {
						want[i]++
					}
				}
			}
			if got != want {
				t.Fatalf("%+v, round %d, player %d: tallyModules counts module tiles %v, the walk %v", cfg, s.round, p, got, want)
			}
			owned += want[0] + want[1]
		}
	})
	if owned == 0 {
		t.Fatal("no module tile owned")
	}
}
