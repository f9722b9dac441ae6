package waterdeep

import "github.com/waterdeep-go/waterdeep/content"

// quickCheck says how the legality of an action space's conditional action
// may be settled without canResolve's walk of its program: the commonest
// conditional actions have one thing that can make them impossible, which
// is tested at once. Each test gives exactly canResolve's answer for the
// action (see quickCheckOf); other actions take the walk.
type quickCheck uint8

const (
	quickNone quickCheck = iota // walk the program (canResolve)
	quickNeed                   // payments only: Content.spaceNeed holds their sum
	quickBuy                    // a purchase only (Builder's Hall): a tile for sale the player can afford
	quickPlay                   // an intrigue card first, nothing else to check (Waterdeep Harbor)
	// quickPlayAfter: an intrigue card after steps that cannot make the
	// action impossible, nothing else to check (Entry Well, Belkram's
	// Tomb, The Eye's Lair): a card that is always playable in the hand
	// settles it, as canResolve's first test of the card would; without
	// one, canResolve's test of the card step alone, without its walk
	// (what comes before may make a card playable: playableAfterGain).
	quickPlayAfter
	// quickFirst: the first step is the only one canResolve looks at, and
	// it tests a count of what the player holds (a return, a give_owner, a
	// discard_quest, a place_own) or Delver's Folly's corruption token to
	// move: that test alone, on the player's own holdings (firstStepMet).
	quickFirst
)

// checkedStep reports whether canResolve looks at step st (whether it may
// make an action impossible).
func checkedStep(st *content.Step) bool {
	switch st.Kind {
	case content.StepPay, content.StepReturn, content.StepGiveOwner, content.StepDiscardQuest, content.StepPlaceOwn:
		return true
	case content.StepSpecial:
		switch st.Special {
		case content.PlayIntrigue, content.PurchaseBuilding, content.CopySpace, content.MoveCorruption:
			return true
		}
	}
	return false
}

// lastCheckedStep returns the index of program p's last step that
// canResolve looks at, or -1.
func lastCheckedStep(p content.Program) int {
	last := -1
	for i := range p {
		if checkedStep(&p[i]) {
			last = i
		}
	}
	return last
}

// quickCheckOf returns the quick check of program p, and for quickNeed the
// sum of its payments. Payments are only summed when every amount is at
// least 0 and below 256 in all, and none asks for adventurers of any kind:
// then canResolve's running subtraction fails exactly when the sum exceeds
// what the player holds, which is need's test.
func quickCheckOf(p content.Program) (quickCheck, need) {
	checked, last := 0, -1
	for i := range p {
		if checkedStep(&p[i]) {
			checked++
			last = i
		}
	}
	if checked == 1 && last > 0 && p[last].Kind == content.StepSpecial && p[last].Special == content.PlayIntrigue {
		return quickPlayAfter, need{}
	}
	var sum content.Bundle
	pays, other := 0, -1
	unchecked := false // a step canResolve passes over has come
	for i := range p {
		st := &p[i]
		if !checkedStep(st) {
			unchecked = true
			continue
		}
		if unchecked {
			// A step before this one (a gain, say) can change what the
			// player holds by the time it is reached: only the walk
			// follows that (content of the user's own may do it).
			return quickNone, need{}
		}
		if st.Kind != content.StepPay {
			if other >= 0 {
				return quickNone, need{}
			}
			other = i
			continue
		}
		b := st.Bundle
		if b.Any != 0 || b.Gold < 0 || b.Cleric < 0 || b.Fighter < 0 || b.Rogue < 0 || b.Wizard < 0 {
			return quickNone, need{}
		}
		sum.Gold += b.Gold
		sum.Cleric += b.Cleric
		sum.Fighter += b.Fighter
		sum.Rogue += b.Rogue
		sum.Wizard += b.Wizard
		pays++
	}
	switch {
	case other < 0 && pays > 0:
		if max(sum.Gold, sum.Cleric, sum.Fighter, sum.Rogue, sum.Wizard) > 255 {
			return quickNone, need{}
		}
		return quickNeed, needOf(sum)
	case pays == 0 && other >= 0 && p[other].Kind == content.StepSpecial && p[other].Special == content.PurchaseBuilding:
		return quickBuy, need{}
	case pays == 0 && other == 0 && p[0].Kind == content.StepSpecial && p[0].Special == content.PlayIntrigue:
		// The card comes first: nothing given before it can make it
		// playable (canResolve's playableAfterGain needs a step before).
		return quickPlay, need{}
	case pays == 0 && other == 0 && countStep(&p[0]):
		return quickFirst, need{}
	}
	return quickNone, need{}
}

// countStep reports whether canResolve's test of step st is a count of
// what the player holds (firstStepMet makes it).
func countStep(st *content.Step) bool {
	switch st.Kind {
	case content.StepReturn, content.StepGiveOwner, content.StepDiscardQuest, content.StepPlaceOwn:
		return true
	}
	return st.Kind == content.StepSpecial && st.Special == content.MoveCorruption
}

// firstStepMet is canResolve's test of a countStep st that comes first in
// its program, for player p: nothing is paid before it, so the player's
// holdings are as they are.
func (s *State) firstStepMet(p uint8, st *content.Step) bool {
	ps := &s.players[p]
	t := &ps.tavern
	switch st.Kind {
	case content.StepReturn:
		have := 0
		for k := range content.NumAdventurers {
			if st.From.Has(content.Adventurer(k)) {
				have += int(t[k])
			}
		}
		return have >= st.Count
	case content.StepGiveOwner, content.StepPlaceOwn:
		return int(t[0])+int(t[1])+int(t[2])+int(t[3]) >= st.Count
	case content.StepDiscardQuest:
		return ps.active.len() >= st.Count
	}
	// Delver's Folly needs a token to move (RULES.md 107).
	return ps.corrupt != 0
}

// canResolveSpace is canResolve for the action of space sp (info), with
// no gold spent before it, settled by the space's quick check when it has
// one.
func (s *State) canResolveSpace(p uint8, sp int, info *spaceInfo, st standing) bool {
	switch info.quick {
	case quickNeed:
		return s.players[p].has(&s.c.spaceNeed[sp])
	case quickBuy:
		return s.anyAffordableTile(p, s.players[p].gold)
	case quickPlay:
		return s.anyPlayable(p, 1, st)
	case quickPlayAfter:
		// canResolve's one test, of the card step: a card playable now,
		// or after what the steps before it give (nothing before it is
		// paid, so the player's holdings are as they are).
		ps := &s.players[p]
		if s.lordsShown == 0 && !ps.hand.and(s.c.intrigueAlways).empty() {
			return true
		}
		return s.anyPlayable(p, 1, st) || s.playableAfterSteps(p, info, st)
	case quickFirst:
		return s.firstStepMet(p, &s.c.programs[info.program][0])
	}
	return s.canResolve(p, info.program, sp, 0, st, 0)
}

// playableAfterSteps is canResolveSpace's test of a quickPlayAfter space
// (info) whose card no card in p's hand can be played as things stand: a
// card playable after what the steps before it give (playableAfterGain).
func (s *State) playableAfterSteps(p uint8, info *spaceInfo, st standing) bool {
	ps := &s.players[p]
	if info.questThenCard && ps.hand.andNot(s.c.questBlind).empty() ||
		info.gainThenCard && ps.hand.andNot(s.c.gainBlind).empty() {
		// Only a quest is taken before the card, or only gold and
		// adventurers gained, and no card in the hand looks at what is
		// given: none is playable after it either (playableAfterGain
		// would copy the State to find that).
		return false
	}
	return s.playableAfterGain(p, s.c.programs[info.program][:info.cardStep], ps.tavern, ps.gold, 1, st)
}
