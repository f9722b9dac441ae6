package waterdeep

import "testing"

// TestPlainFreeIsLegal checks the shortcut PlayInPlace takes for a
// placement: a space plainFree accepts is one placeReason accepts, for every
// player and every mode, in every state of random games of each module set;
// and plainFree accepts some spaces in most states (it is used).
func TestPlainFreeIsLegal(t *testing.T) {
	cfgs := []Config{
		{Players: 4},
		{Players: 5},
		{Players: 4, Modules: Undermountain},
		{Players: 4, Modules: Skullport},
		{Players: 6, Modules: Undermountain | Skullport, Long: true},
	}
	games := gamesPerConfig(30, 5)
	accepted := 0
	forEachRandomState(t, cfgs, games, 23, func(cfg Config, s *State) {
		for sp := -1; sp <= MaxSpaces+1; sp++ {
			if !s.plainFree(sp) {
				continue
			}
			accepted++
			for p := range s.numPlayers {
				for _, mode := range []placeMode{placeTurn, placeAmbassador, placeReassign, placeExtra} {
					if reason := s.placeReason(p, mode, sp, none); reason != 0 {
						t.Fatalf("%+v: space %d (%s) is a free plain space, but seat %d may not place there in mode %d: %v",
							cfg, sp, s.c.spaceNames[sp], p, mode, reason)
					}
				}
			}
		}
	})
	if accepted < 1000 {
		t.Fatalf("plainFree accepted only %d spaces", accepted)
	}
	t.Logf("%d free plain spaces checked", accepted)
}
