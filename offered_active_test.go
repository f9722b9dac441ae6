package waterdeep

import "testing"

// TestOfferedActiveIsCheck: offeredActive, PlayInPlace's test of the
// commonest completion, passes a quest only where check does, and passes
// every active quest of the turn's offer that check does, for every quest
// number on every quest decision of random games of each module set.
func TestOfferedActiveIsCheck(t *testing.T) {
	passed := 0
	forEachRandomState(t, everyModuleSet, gamesPerConfig(30, 4), 17, func(cfg Config, s *State) {
		f := s.top()
		if f.kind != dQuest {
			return
		}
		for v := range MaxQuests {
			got := s.offeredActive(f, v)
			ok := s.check(mv(mComplete, v)) == 0
			if got && !ok || !got && ok && f.onlyQuest() == none && s.players[f.p].active.has(uint8(v)) {
				t.Fatalf("%+v, round %d: quest %d, offeredActive %v, check passes %v", cfg, s.round, v, got, ok)
			}
			if got {
				passed++
			}
		}
	})
	if passed == 0 {
		t.Fatal("no quest passed")
	}
}
