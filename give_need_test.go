package waterdeep

import (
	"testing"

	"github.com/waterdeep-go/waterdeep/content"
)

// TestCanGiveIsTheWalk compares canGive, which tests a need worked out
// when the content loads (giveNeed), with the general tests it stands for
// (canGiveWalk: canAcceptDeal, canPay), for every seat and every step that
// a dRespond may ask about (a deal, a gift, a trade), in every state of
// random games of each module set; and checks that the needs are exact for
// the content's steps and answer both ways, a deal's corruption token
// included.
func TestCanGiveIsTheWalk(t *testing.T) {
	games := gamesPerConfig(10, 2)
	yes, no, corruptNo := 0, 0, 0
	forEachRandomState(t, everyModuleSet, games, 41, func(cfg Config, s *State) {
		c := s.c
		for prog, program := range c.programs {
			for pc := range program {
				var purpose respondPurpose
				switch program[pc].Kind {
				case content.StepEachOpponentMay:
					purpose = respondDeal
				case content.StepEachOpponentMayGive:
					purpose = respondGive
				case content.StepMayTrade:
					purpose = respondTrade
				default:
					continue
				}
				g := &c.giveNeeds[prog][pc]
				if !g.exact {
					t.Fatalf("%s, step %d: the need is not exact", c.programSource[prog], pc)
				}
				for p := range s.numPlayers {
					f := respondFrame(p, purpose, (p+1)%s.numPlayers, uint16(prog), uint8(pc))
					got, want := s.canGive(&f), s.canGiveWalk(&f)
					if got != want {
						t.Fatalf("%+v: %s, step %d, seat %d (tavern %v, gold %d, corruption %d): canGive %v, the walk %v",
							cfg, c.programSource[prog], pc, p, s.players[p].tavern, s.players[p].gold, s.players[p].corrupt, got, want)
					}
					switch {
					case got:
						yes++
					case g.corrupt && s.players[p].has(&g.need):
						corruptNo++
					default:
						no++
					}
				}
			}
		}
	})
	if yes < 1000 || no < 1000 || corruptNo < 100 {
		t.Fatalf("%d steps payable, %d not, %d deals refused for want of a corruption token only; want 1,000, 1,000 and 100", yes, no, corruptNo)
	}
	t.Logf("%d steps payable, %d not, %d deals refused for want of a corruption token only", yes, no, corruptNo)
}
