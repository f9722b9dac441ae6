package waterdeep

import "testing"

// TestPlacedResourcesOnlyHelp checks the reading placeReasonInfo's fast
// path rests on: adventurers and gold placed on a space, taken before its
// action, never make an action that was possible impossible (so the copy
// of the State that looks at the player after taking them is needed only
// when the action is impossible without them, or when they include
// corruption). It looks at every conditional space holding placed
// resources, for every player, in every state of random module games.
func TestPlacedResourcesOnlyHelp(t *testing.T) {
	cfgs := []Config{
		{Players: 4, Modules: Undermountain},
		{Players: 4, Modules: Skullport},
		{Players: 4, Modules: Undermountain | Skullport, Long: true},
		{Players: 6, Modules: Undermountain | Skullport, Long: true},
	}
	games := gamesPerConfig(60, 10)
	checked := 0
	forEachRandomState(t, cfgs, games, 14, func(cfg Config, s *State) {
		for sp := s.placedOn.next(0); sp >= 0; sp = s.placedOn.next(sp + 1) {
			info := &s.c.spaces[sp]
			if !info.conditional || s.placed[sp].corruption != 0 {
				continue
			}
			for p := range s.numPlayers {
				for _, fromPool := range []bool{true, false} {
					mode := placeTurn
					if !fromPool {
						mode = placeReassign // from none: it leaves no space
					}
					st := placing(uint8(sp), mode, none)
					if info.reassign {
						st |= standHarbor
					}
					if !s.canResolve(p, info.program, sp, 0, st, 0) {
						continue
					}
					checked++
					if !s.resolvesTakingPlaced(p, sp, info, st) {
						t.Fatalf("%+v: seat %d can use space %d (%s), but not after taking what lies there (%+v)",
							cfg, p, sp, s.c.spaceNames[sp], s.placed[sp].resources(SpaceID(sp)))
					}
				}
			}
		}
	})
	if checked < 1000 {
		t.Fatalf("only %d cases checked: the games hardly put resources on conditional spaces", checked)
	}
	t.Logf("%d cases checked", checked)
}
