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
		for sp := s.piled.next(0); sp >= 0; sp = s.piled.next(sp + 1) {
			info := &s.c.spaces[sp]
			if !info.conditional || s.piles[sp].corruption != 0 {
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
					if !s.resolvesTakingPile(p, sp, info, st) {
						t.Fatalf("%+v: seat %d can use space %d (%s), but not after taking what lies there (%+v)",
							cfg, p, sp, s.c.spaceNames[sp], s.piles[sp].resources(SpaceID(sp)))
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

// TestCanResolvePlacedIsTakingPlaced compares canResolveWithPile, which
// looks at the player after taking what lies on the space only when that
// may change the answer, with resolvesTakingPile, which always does, for
// every conditional space holding placed resources, every player and both
// an agent from the pool and a reassigned one, with the player's hand and
// with Doppelganger added to it (the card more corruption may make
// unplayable, rarely in hand when it would), in every state of random
// module games.
func TestCanResolvePlacedIsTakingPlaced(t *testing.T) {
	cfgs := []Config{
		{Players: 4, Modules: Undermountain},
		{Players: 4, Modules: Skullport},
		{Players: 4, Modules: Undermountain | Skullport, Long: true},
		{Players: 6, Modules: Undermountain | Skullport, Long: true},
	}
	var seen [2][2]int // corruption there or not, possible or not
	forEachRandomState(t, cfgs, gamesPerConfig(60, 10), 15, func(cfg Config, s *State) {
		for sp := s.piled.next(0); sp >= 0; sp = s.piled.next(sp + 1) {
			info := &s.c.spaces[sp]
			if !info.conditional {
				continue
			}
			for p := range s.numPlayers {
				for _, more := range []set128{{}, s.c.moreCorruptCards} {
					t2 := *s
					t2.players[p].hand = t2.players[p].hand.or(more)
					for _, mode := range []placeMode{placeTurn, placeReassign} {
						st := placing(uint8(sp), mode, none)
						if info.reassign {
							st |= standHarbor
						}
						got, want := t2.canResolveWithPile(p, sp, info, st), t2.resolvesTakingPile(p, sp, info, st)
						if got != want {
							t.Fatalf("%+v: seat %d (hand %v), space %d (%s) holding %+v: canResolveWithPile %v, after taking it %v",
								cfg, p, t2.players[p].hand, sp, s.c.spaceNames[sp], s.piles[sp].resources(SpaceID(sp)), got, want)
						}
						seen[bit(s.piles[sp].corruption != 0)][bit(want)]++
					}
				}
			}
		}
	})
	if seen[1][0] < 100 || seen[1][1] < 1000 {
		t.Fatalf("with corruption on the space, %d cases possible and %d not; want 1,000 and 100", seen[1][1], seen[1][0])
	}
	t.Logf("without corruption on the space: %d possible, %d not; with: %d, %d", seen[0][1], seen[0][0], seen[1][1], seen[1][0])
}
