package waterdeep

import "testing"

// TestCardSpacesLegalIsCanResolve compares cardSpacesLegal (the spaces
// settled by the hand, judged with one look at it: a card playable
// whatever the standing settles them all) with canResolve's walk of each
// space's action, for every seat, placement mode and Harbor slot left, in
// every state of random games of each module set; and checks that each of
// its paths is taken with two or more spaces: a card always playable, a
// card playable whatever the standing, and the spaces judged one by one,
// both accepted and refused.
func TestCardSpacesLegalIsCanResolve(t *testing.T) {
	games := gamesPerConfig(20, 4)
	always, blind, eachYes, eachNo := 0, 0, 0, 0
	modes := []placeMode{placeTurn, placeAmbassador, placeReassign, placeExtra}
	forEachRandomState(t, everyModuleSet, games, 37, func(cfg Config, s *State) {
		c := s.c
		open := c.boardSpaces[s.modules].or(set128{lo: s.built}.shiftUp(c.tileBase))
		cards := open.and(c.cardSpaces).andNot(s.occupied).andNot(s.piled)
		if cards.empty() {
			return
		}
		for p := range s.numPlayers {
			h := s.players[p].hand
			for _, mode := range modes {
				froms := []uint8{none}
				if mode == placeReassign {
					froms = froms[:0]
					for _, hb := range c.harbor {
						froms = append(froms, uint8(hb))
					}
				}
				for _, from := range froms {
					var want set128
					for sp := cards.next(0); sp >= 0; sp = cards.next(sp + 1) {
						info := &c.spaces[sp]
						st := placing(uint8(sp), mode, from)
						if info.reassign && mode != placeAmbassador {
							st |= standHarbor
						}
						if s.canResolve(p, info.program, sp, 0, st, 0) {
							want.add(uint8(sp))
						}
					}
					got := s.cardSpacesLegal(p, mode, cards, from)
					if got != want {
						t.Fatalf("%+v: seat %d, mode %d, from %d, hand %v: cardSpacesLegal %v, canResolve %v",
							cfg, p, mode, from, h, spaceNames(s, got), spaceNames(s, want))
					}
					if cards.upTo2() < 2 {
						continue
					}
					switch {
					case !h.and(c.intrigueAlways).empty():
						always++
					case !h.andNot(c.standingCards).empty() && got == cards:
						blind++
					default:
						eachYes += got.len()
						eachNo += cards.andNot(got).len()
					}
				}
			}
		}
	})
	if always < 1000 || blind < 1000 || eachYes < 1000 || eachNo < 1000 {
		t.Fatalf("with two spaces or more: %d hands with a card always playable, %d settled by a card blind to the standing, %d spaces judged one by one legal and %d refused; want 1,000 of each",
			always, blind, eachYes, eachNo)
	}
	t.Logf("with two spaces or more: %d hands with a card always playable, %d settled by a card blind to the standing, %d spaces judged one by one legal and %d refused",
		always, blind, eachYes, eachNo)
}
