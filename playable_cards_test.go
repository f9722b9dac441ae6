package waterdeep

import "testing"

// TestPlayableCardsAreEachChecked: playableCards, which takes the cards
// that are always playable as a set while no lord is shown, gives the
// cards of the hand that cardPlayable passes one by one, for every player
// and for a play of any card or of one card only, on every state of
// random games of each module set.
func TestPlayableCardsAreEachChecked(t *testing.T) {
	compared := 0
	forEachRandomState(t, everyModuleSet, gamesPerConfig(30, 4), 13, func(cfg Config, s *State) {
		for p := range s.numPlayers {
			hand := s.players[p].hand
			var want set128
			for c := hand.next(0); c >= 0; c = hand.next(c + 1) {
				if s.cardPlayable(p, uint8(c), 0, noStanding) {
					want.add(uint8(c))
				}
			}
			f := frame{kind: dIntrigue, p: p}
			if got := s.playableCards(&f); got != want {
				t.Fatalf("%+v, round %d, player %d: playableCards %v, cardPlayable passes %v", cfg, s.round, p, got, want)
			}
			for c := hand.next(0); c >= 0; c = hand.next(c + 1) {
				f.i = uint8(c) + 1
				var only set128
				if want.has(uint8(c)) {
					only.add(uint8(c))
				}
				if got := s.playableCards(&f); got != only {
					t.Fatalf("%+v, round %d, player %d, card %d only: playableCards %v, want %v", cfg, s.round, p, c, got, only)
				}
			}
			compared++
		}
	})
	if compared == 0 {
		t.Fatal("nothing compared")
	}
}
