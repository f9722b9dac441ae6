package waterdeep

import "testing"

// TestAnyCompletableIsTheListing compares anyCompletable, which decides
// whether a turn ends with an offer to complete a quest, with the general
// path: the answers a quest offer to the seat would list (movesUpTo), for
// every seat in every state of random games of each module set.
func TestAnyCompletableIsTheListing(t *testing.T) {
	cfgs := everyModuleSet
	games := gamesPerConfig(20, 4)
	var yes, no int
	var buf []Move
	forEachRandomState(t, cfgs, games, 43, func(cfg Config, s *State) {
		if int(s.sp) >= len(s.stack) {
			return
		}
		for p := range s.numPlayers {
			u := *s
			u.push(questFrame(p, none, 0))
			buf = u.movesUpTo(buf[:0], 1<<30)
			want := len(buf) > 1 // a completion besides declining
			if got := s.anyCompletable(p); got != want {
				t.Fatalf("%+v: seat %d: anyCompletable %v, a quest offer would list %v", cfg, p, got, buf)
			}
			if want {
				yes++
			} else {
				no++
			}
		}
	})
	if yes < 1000 || no < 1000 {
		t.Fatalf("%d seats could complete a quest, %d could not; want 1,000 of each", yes, no)
	}
	t.Logf("%d seats could complete a quest, %d could not", yes, no)
}
