package waterdeep

import "testing"

// TestBuildingChoicesAreEachChecked: buildingChoices, which settles the
// tiles for sale by their cost and the player's room without
// buildingReason, gives for every purpose and player the tiles that
// buildingReason passes, checked one by one over every tile, on every
// state of random games of each module set.
func TestBuildingChoicesAreEachChecked(t *testing.T) {
	compared := 0
	forEachRandomState(t, everyModuleSet, gamesPerConfig(30, 4), 11, func(cfg Config, s *State) {
		for p := range s.numPlayers {
			for purpose := buildBuy; purpose <= buildSteal; purpose++ {
				f := buildingFrame(p, purpose)
				var want set128
				for tile := range s.c.tiles {
					if s.buildingReason(&f, tile) == 0 {
						want.add(uint8(tile))
					}
				}
				if got := s.buildingChoices(&f); got != want {
					t.Fatalf("%+v, round %d, player %d, purpose %d: buildingChoices %v, buildingReason passes %v",
						cfg, s.round, p, purpose, got, want)
				}
				compared++
			}
		}
	})
	if compared == 0 {
		t.Fatal("nothing compared")
	}
}
