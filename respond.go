package waterdeep

import "github.com/waterdeep-go/waterdeep/content"

// Yes-or-no answers that cost something: an opponent may give what a
// step asks for a reward (each_opponent_may_give), a player may trade, or
// accept a deal. Yes is legal only when the player can pay (canGive).

// giveNeed is what canGive asks of the player answering a dRespond on a
// step, worked out when the content loads: for a deal (each_opponent_may)
// its payment Else, adventurers of any kind included, and whether it
// returns corruption (a token must be held); for a gift or a trade, the step's Bundle
// without adventurers of any kind (canPay's test). exact says that the
// need's test gives exactly the answer of the general test
// (canAcceptDeal, canPay): every amount that test compares is at least 0
// and below 256 (see needOf).
type giveNeed struct {
	need
	corrupt bool // a deal that returns corruption: a token must be held
	exact   bool
}

// giveNeedOf returns the giveNeed of step st.
func giveNeedOf(st *content.Step) giveNeed {
	b, anyKind := st.Bundle, 0
	g := giveNeed{}
	if st.Kind == content.StepEachOpponentMay {
		b, anyKind = st.Else, st.Else.Any
		g.corrupt = st.Corruption != 0
	}
	// The cubes' bound only when they are counted with adventurers of any
	// kind (canAcceptDeal subtracts them as they are); canPay passes a
	// kind asked below 0 as needOf's 0 does.
	low := 0
	if anyKind > 0 {
		low = min(b.Cleric, b.Fighter, b.Rogue, b.Wizard)
	}
	g.exact = low >= 0 && max(b.Cleric, b.Fighter, b.Rogue, b.Wizard, anyKind) <= 255
	b.Any = anyKind
	g.need = needOf(b)
	return g
}

// canGive reports whether the opponent answering a dRespond holds what the
// step asks them to give.
func (s *State) canGive(f *frame) bool {
	switch respondPurpose(f.i) {
	case respondVisit, respondExtraReturn, respondMoved, respondUpTo:
		return true
	}
	g := &s.c.giveNeeds[f.prog][f.pc]
	if !g.exact {
		return s.canGiveWalk(f)
	}
	ps := &s.players[f.p]
	return ps.has(&g.need) && (!g.corrupt || ps.corrupt > 0)
}

// canGiveWalk is canGive by the general tests, for a step whose amounts a
// need cannot hold (giveNeed's exact).
func (s *State) canGiveWalk(f *frame) bool {
	if respondPurpose(f.i) == respondDeal {
		return s.canAcceptDeal(f.p, &s.c.programs[f.prog][f.pc])
	}
	give := s.c.programs[f.prog][f.pc].Bundle
	return s.players[f.p].canPay(give)
}
