package waterdeep

import "testing"

// TestPlayableCardsAreEachChecked: playableCards, which takes the cards
// that are always playable as a set (while a lord is shown, those that
// are not mandatory quests), gives the
// cards of the hand that cardPlayable passes one by one, for every player
// and for a play of any card or of one card only, on every state of
// random games of each module set.
func TestPlayableCardsAreEachChecked(t *testing.T) {
	compared := 0
	forEachRandomState(t, everyModuleSet, gamesPerConfig(30, 20), 13, func(cfg Config, s *State) {
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
				f.setOnlyCard(uint8(c))
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

// TestAnyPlayableIsACardPlayable: anyPlayable, which tests the hand's
// always playable cards as a set (while a lord is shown, those that are
// not mandatory quests), says whether cardPlayable passes a card of the
// hand, for every player, with no standing and with an agent at the
// Harbor, on every state of random games of each module set.
func TestAnyPlayableIsACardPlayable(t *testing.T) {
	var seen [2][2]int // lord shown or not, playable or not
	forEachRandomState(t, everyModuleSet, gamesPerConfig(60, 20), 14, func(cfg Config, s *State) {
		for p := range s.numPlayers {
			hand := s.players[p].hand
			for _, st := range []standing{noStanding, placing(uint8(s.c.harbor[0]), placeTurn, none) | standHarbor} {
				want := false
				for c := hand.next(0); c >= 0 && !want; c = hand.next(c + 1) {
					want = s.cardPlayable(p, uint8(c), 1, st)
				}
				if got := s.anyPlayable(p, 1, st); got != want {
					t.Fatalf("%+v, round %d, player %d: anyPlayable %v, a card of the hand playable %v", cfg, s.round, p, got, want)
				}
				seen[bit(s.lordsShown != 0)][bit(want)]++
			}
		}
	})
	if seen[1][0] < 100 || seen[1][1] < 100 {
		t.Fatalf("with a lord shown, %d hands with a playable card and %d without; want 100 of each", seen[1][1], seen[1][0])
	}
	t.Logf("no lord shown: %d hands with a playable card, %d without; a lord shown: %d, %d", seen[0][1], seen[0][0], seen[1][1], seen[1][0])
}
