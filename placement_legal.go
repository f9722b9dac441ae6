package waterdeep

import (
	"math/bits"

	"github.com/waterdeep-go/waterdeep/content"
	"github.com/waterdeep-go/waterdeep/quests"
)

// Where an agent may be assigned. placeReason judges one space (the
// general path: every rule of the rulebook's "Assign an Agent" and of
// Appendix 4, down to canResolve's walk of the space's action), and
// placements lists them all by sets, with shortcuts that each give
// placeReason's answer for the spaces they settle: plain free spaces at
// once (plainFree), the commonest conditional actions by one test
// (quickCheck), and the card spaces of a hand together (cardSpacesLegal).
// The standing says where the placed agent will stand when a card of its
// action is played.

// placements returns the spaces where player p may assign an agent in
// mode; from is the dPlace frame's b (for a reassignment or a move, the
// space the agent leaves). With enough > 0 it may return only some of
// them, as long as they are at least enough: callers that ask "is there
// one?" or "are there two?" then skip the spaces with conditions.
//
// It works on sets: the free spaces and the tiles in play come from the
// board's masks (derived.go), a plain space among them is legal as it is, and
// only the others (Harbor, Builder's Hall, payments, copies) go through
// placeReasonInfo.
func (s *State) placements(p uint8, mode placeMode, enough int, from uint8) set128 {
	c := s.c
	open := c.boardSpaces[s.modules&content.AllModules].or(set128{lo: s.built}.shiftUp(c.tileBase))
	free := open.andNot(s.occupied)
	// A free plain space is legal in every mode (the Harbor's in-order
	// spaces are not plain, and Recover the Magister's Orb only adds
	// spaces): when they are enough, nothing else need be looked at.
	if plain := free.and(c.plainSpaces); enough > 0 && plain.len() >= enough {
		return plain
	}
	// Waterdeep Harbor's spaces are filled in numerical order: an in-order
	// space is closed while any space below it is free (lowerSpaceFree).
	// A space's prev is the space numbered one less, so "the one below is
	// free or closed" climbs one space per shift, as far as the building's
	// in-order spaces go.
	var closed set128
	if c.inOrderSpaces.hi == 0 {
		// Every in-order space, and so the one below it, in the low word
		// (the base game's and the modules' boards): the same climb on
		// that word alone.
		for below := free.lo; ; {
			below = c.inOrderSpaces.lo & (below << 1)
			if below == 0 {
				break
			}
			closed.lo |= below
		}
	} else {
		for below := free; ; {
			below = c.inOrderSpaces.and(below.shiftUp(1))
			if below.empty() {
				break
			}
			closed = closed.or(below)
		}
	}
	candidates := free.andNot(closed)
	orb := mode != placeAmbassador && s.orbAvailable(p)
	var legal set128
	if orb {
		// Recover the Magister's Orb: an occupied space may be legal too,
		// so every open space takes the full check.
		candidates = open
	} else {
		// What placeReasonInfo would settle before the action's check, by
		// sets: The Palace is closed to the Ambassador, the Harbor to
		// reassignment, and an action that cannot be impossible is legal.
		legal = candidates.and(c.plainSpaces)
		candidates = candidates.andNot(legal)
		if mode == placeAmbassador {
			candidates = candidates.andNot(c.palaceSpaces)
		}
		if mode == placeReassign || s.phase == phaseReassign {
			candidates = candidates.andNot(c.reassignSpaces)
		}
		legal = legal.or(candidates.andNot(c.conditionalSpaces))
		candidates = candidates.and(c.conditionalSpaces)
	}
	// A word at a time (see anyCompletable); a member found is cleared by
	// its bit (see appendSet).
	if orb {
		for w := candidates.lo; w != 0; {
			sp := bits.TrailingZeros64(w)
			w &^= 1 << sp
			if s.placeReasonInfo(p, mode, sp, &c.spaces[sp], orb, from) == 0 {
				legal.lo |= 1 << sp
			}
		}
		for w := candidates.hi; w != 0; {
			sp := bits.TrailingZeros64(w)
			w &^= 1 << sp
			if s.placeReasonInfo(p, mode, 64|sp, &c.spaces[64|sp], orb, from) == 0 {
				legal.hi |= 1 << sp
			}
		}
	} else {
		if !s.piled.empty() {
			// Resources lying on a space are taken first (pileLegal):
			// those spaces apart, so that conditionalLegal need not ask.
			placed := candidates.and(s.piled)
			candidates = candidates.andNot(placed)
			for i := range 2 {
				for w := placed.word(i); w != 0; w &= w - 1 {
					if sp := i<<6 | bits.TrailingZeros64(w); s.pileLegal(p, mode, sp, &c.spaces[sp], from) {
						legal.add(uint8(sp))
					}
				}
			}
		}
		if cards := candidates.and(c.cardSpaces); !cards.empty() {
			// The spaces settled by the hand (the Harbor's next, the
			// modules' spaces that play a card after a gain): one look at
			// it for them all.
			candidates = candidates.andNot(cards)
			if !s.alwaysPlayable(s.players[p].hand).empty() {
				// A card that can always be played in hand (the commonest
				// answer): every one is legal.
				legal = legal.or(cards)
			} else {
				legal = legal.or(s.cardSpacesLegal(p, mode, cards, from))
			}
		}
		for w := candidates.lo; w != 0; {
			sp := bits.TrailingZeros64(w)
			w &^= 1 << sp
			if s.conditionalLegal(p, mode, sp, &c.spaces[sp], from) {
				legal.lo |= 1 << sp
			}
		}
		for w := candidates.hi; w != 0; {
			sp := bits.TrailingZeros64(w)
			w &^= 1 << sp
			if s.conditionalLegal(p, mode, 64|sp, &c.spaces[64|sp], from) {
				legal.hi |= 1 << sp
			}
		}
	}
	if mode != placeAmbassador && s.visitAvailable(p) {
		legal = legal.or(s.visitSpaces(p, placing(none, mode, from)))
	}
	return legal
}

// appendPlacements appends the spaces where player p may assign an agent in
// mode (from: as for placements), in space order: the basic spaces, then those of tiles in play. It
// stops after limit spaces, which then need not be the first ones.
func (s *State) appendPlacements(dst []Move, p uint8, mode placeMode, from uint8, limit int) []Move {
	return appendSet(dst, mPlace, s.placements(p, mode, limit, from), limit)
}

// pileLegal is conditionalLegal for a space with resources lying on it,
// which are taken first (canResolveWithPile).
func (s *State) pileLegal(p uint8, mode placeMode, sp int, info *spaceInfo, from uint8) bool {
	st := placingOn(sp, info, mode, from)
	return s.canResolveWithPile(p, sp, info, st)
}

// conditionalLegal is placeReasonInfo(...) == 0 for a space with a
// conditional action that the sets of placements have found free, open (a
// basic space, or a tile in play), not closed by the Harbor's order, not
// The Palace for the Ambassador and not the Harbor for a reassignment,
// without the Orb, without resources lying on it (pileLegal), and not a
// space settled by the hand (cardSpacesLegal): only the action's check.
func (s *State) conditionalLegal(p uint8, mode placeMode, sp int, info *spaceInfo, from uint8) bool {
	// No resources lie on this space: canResolveWithPile would be
	// canResolveSpace, its reference. The quick checks that need no
	// standing (Builder's Hall, the tiles that cost something, a count
	// of what the player holds: quickFirst) are made here as
	// canResolveSpace makes them, before the standing is worked out and
	// without a call: calling canResolveSpace for them instead cost 1.1%
	// of a base game's instructions (BENCHMARKS.md, issue 35).
	switch info.quick {
	case quickNeed:
		return s.players[p].has(&s.c.spaceNeed[sp])
	case quickBuy:
		return s.anyAffordableTile(p, s.players[p].gold)
	case quickFirst:
		return s.firstStepMet(p, &s.c.programs[info.program][0])
	}
	st := placingOn(sp, info, mode, from)
	return s.canResolveSpace(p, sp, info, st)
}

// plainFree reports whether space sp is a free plain space on the table:
// legal for every placement, in every mode (see placements), so that
// checking a placement there need not look at the space's rules.
func (s *State) plainFree(sp int) bool {
	if uint(sp) >= MaxSpaces {
		return false
	}
	c := s.c
	open := c.boardSpaces[s.modules&content.AllModules].or(set128{lo: s.built}.shiftUp(c.tileBase))
	return open.and(c.plainSpaces).andNot(s.occupied).has(uint8(sp))
}

// cardSpacesLegal is conditionalLegal for each of cards: spaces whose
// action is settled by the hand (Content.cardSpaces) that placements has
// found as it finds those it passes to conditionalLegal. One hand decides
// them all: a card always playable, or playable whatever the standing
// (standingBlind), makes every one legal; otherwise only the cards that
// look at the standing are tried at each space, then what the steps
// before its card give (playableAfterSteps).
func (s *State) cardSpacesLegal(p uint8, mode placeMode, cards set128, from uint8) set128 {
	c := s.c
	h := s.players[p].hand
	if !s.alwaysPlayable(h).empty() {
		return cards
	}
	blind := h.andNot(c.standingCards)
	for i := range 2 {
		for w := blind.word(i); w != 0; w &= w - 1 {
			if s.cardPlayable(p, uint8(i<<6|bits.TrailingZeros64(w)), 1, noStanding) {
				return cards
			}
		}
	}
	looks := h.and(c.standingCards)
	var legal set128
	for i := range 2 {
		for w := cards.word(i); w != 0; w &= w - 1 {
			sp := i<<6 | bits.TrailingZeros64(w)
			info := &c.spaces[sp]
			st := placingOn(sp, info, mode, from)
			if s.anyPlayableOf(p, looks, st) || info.quick == quickPlayAfter && s.playableAfterSteps(p, info, st) {
				legal.add(uint8(sp))
			}
		}
	}
	return legal
}

// placeReason tells whether player p may assign an agent to space sp in the
// given mode, or why not. from is the dPlace frame's b: for a
// reassignment, the space the agent leaves.
func (s *State) placeReason(p uint8, mode placeMode, sp int, from uint8) Reason {
	return s.placeReasonOrb(p, mode, sp, mode != placeAmbassador && s.orbAvailable(p), from)
}

// placeReasonOrb is placeReason with the Orb's availability worked out once
// (orb: p may assign this agent to a space holding an opponent's agent).
func (s *State) placeReasonOrb(p uint8, mode placeMode, sp int, orb bool, from uint8) Reason {
	if sp < 0 || sp >= len(s.c.spaces) {
		return NoSuchSpace
	}
	info := &s.c.spaces[sp]
	if info.module&^s.modules != 0 {
		// A module's board is on the table only in games with the module
		// (placements leaves it out with the same test).
		return SpaceUnavailable
	}
	return s.placeReasonInfo(p, mode, sp, info, orb, from)
}

// placeReasonInfo is placeReasonOrb for a space known to exist, with its
// rules data.
func (s *State) placeReasonInfo(p uint8, mode placeMode, sp int, info *spaceInfo, orb bool, from uint8) Reason {
	c := s.c
	if info.tile != none && !s.inPlay(info.tile) {
		if mode != placeAmbassador && s.visitAvailable(p) {
			// Obtain Builder's Plans: a tile for sale, like Sample Wares.
			return s.sampleReason(p, int(info.tile), 0, placing(none, mode, from))
		}
		return SpaceUnavailable
	}
	if mode == placeAmbassador && info.tile != none && BuildingID(info.tile) == c.palace {
		// Reading: the Ambassador is not assigned to The Palace of
		// Waterdeep, whose action would only take it back to its holder.
		return SpaceUnavailable
	}
	if info.reassign && (mode == placeReassign || s.phase == phaseReassign) {
		// "You cannot reassign an Agent to Waterdeep Harbor."
		return SpaceUnavailable
	}
	if s.occupant[sp] != 0 {
		// Recover the Magister's Orb: once per round, a space that holds
		// an opponent's agent. The Ambassador is not the player's own agent.
		if !orb || !s.hasOpponentAgent(sp, p) {
			return SpaceOccupied
		}
	} else if info.prev != none && s.lowerSpaceFree(info) {
		// Waterdeep Harbor's spaces are filled in numerical order.
		return SpaceUnavailable
	}
	if !info.conditional {
		return 0
	}
	// A card played at the Harbor is played by the agent assigned there,
	// one of the player's own, but not by the Ambassador, which is nobody's
	// (Appendix 4; RULES.md 38). The action's card is played with the agent
	// on sp, no longer on the space it leaves (RULES.md 3).
	st := placingOn(sp, info, mode, from)
	if !s.piled.empty() {
		if !s.canResolveWithPile(p, sp, info, st) {
			return SpaceUnavailable
		}
	} else if !s.canResolveSpace(p, sp, info, st) {
		return SpaceUnavailable
	}
	return 0
}

// lowerSpaceFree reports whether a space numbered below the in-order space
// info (Waterdeep Harbor) is free. "Assign agents to available spaces in
// numerical order, starting with space 1" (rules summary): once an agent
// leaves space 1 while space 2 is occupied (Research Chronomancy, Recall
// Agent, the Palace taking the Ambassador), space 1 is the only one open,
// not space 3. placements says the same with sets.
func (s *State) lowerSpaceFree(info *spaceInfo) bool {
	for q := info.prev; q != none; q = s.c.spaces[q].prev {
		if s.occupant[q] == 0 {
			return true
		}
	}
	return false
}

func (s *State) inPlay(tile uint8) bool {
	o := s.tileOwner[tile]
	return o != 0 && o != none
}

func (s *State) orbAvailable(p uint8) bool {
	return !s.players[p].orbUsed && s.hasPlot(p, quests.OccupiedPlacement)
}

func (s *State) hasPlot(p uint8, k quests.PlotKind) bool {
	return !s.players[p].completed.and(s.c.plotQuests[k]).empty()
}

// canResolve reports whether at least one complete resolution of program
// prog exists for player p ("a space whose action you cannot fulfil" is not
// a legal placement). st says where the agent will stand when a card of
// the action is played, which matters for cards that use agents or spaces.
// spent is gold already paid by the effect that leads here (Bribe Agent).
func (s *State) canResolve(p uint8, prog uint16, sp int, depth int, st standing, spent int32) bool {
	if depth > maxCopyDepth {
		return false
	}
	ps := &s.players[p]
	gold := ps.gold - spent
	tavern := ps.tavern
	program := s.c.programs[prog]
	for i := range program {
		step := &program[i] // a Step is large: look, don't copy
		switch step.Kind {
		case content.StepPay:
			gold -= int32(step.Bundle.Gold)
			if gold < 0 {
				return false
			}
			for k, n := range step.Bundle.Cubes() {
				if int(tavern[k]) < n {
					return false
				}
				tavern[k] -= uint8(n)
			}
			if step.Bundle.Any > 0 && int(tavern[0])+int(tavern[1])+int(tavern[2])+int(tavern[3]) < step.Bundle.Any {
				return false
			}
		case content.StepDiscardQuest:
			if ps.active.len() < step.Count {
				return false
			}
		case content.StepPlaceOwn:
			if int(tavern[0])+int(tavern[1])+int(tavern[2])+int(tavern[3]) < step.Count {
				return false
			}
		case content.StepReturn:
			have := 0
			for k := range content.NumAdventurers {
				if step.From.Has(content.Adventurer(k)) {
					have += int(tavern[k])
				}
			}
			if have < step.Count {
				return false
			}
		case content.StepGiveOwner:
			if int(tavern[0])+int(tavern[1])+int(tavern[2])+int(tavern[3]) < step.Count {
				return false
			}
		case content.StepSpecial:
			switch step.Special {
			case content.MoveCorruption:
				// Delver's Folly needs a token to move (reading,
				// RULES.md 107).
				if ps.corrupt == 0 {
					return false
				}
			case content.PlayIntrigue:
				// What the action gives before its card may make the card
				// playable (RULES.md 229): looked at only when needed.
				if !s.anyPlayable(p, depth+1, st) &&
					(i == 0 || !s.playableAfterGain(p, program[:i], tavern, gold, depth+1, st)) {
					return false
				}
			case content.PurchaseBuilding:
				if !s.anyAffordableTile(p, gold) {
					return false
				}
			case content.CopySpace:
				// The Zoarstar: its agent shares a Harbor space it copies
				// (Appendix 4), and if it leaves the pool it is not there for
				// the copied action either (Sample Wares through the Harbor).
				if !s.anyCopyTarget(p, sp, depth+1, ps.gold-gold, st|standHarbor) {
					return false
				}
			}
		}
	}
	return true
}

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

// standing describes, for the legality checks, the agent whose action is
// looked at: where it will stand when a card of that action is played. A
// placement is judged before the agent is on the board, yet the card it
// leads to is played with the agent on its space (RULES.md 3): Demolish and
// Real Estate Deal cannot take that tile, nor Manipulate move an agent
// there, while a space a reassigned or moved agent leaves may be free by
// then. The checks made when the card is played see the board as it is
// (noStanding, boardStanding).
//
// It is one word, made from the placement's own terms, the space, the mode and the
// frame's from, without a test: what they mean is worked out only by the
// few card checks that ask. Bits 0-7 are the space the agent will stand on
// (none: the board shows it already), 8-15 the from, 16-23 how the agent
// gets there (a placeMode, standBoard or standSampled), and standHarbor.
type standing uint32

// standHarbor: the card is played by an agent at the Harbor, which then
// counts as one of the player's assigned agents (Appendix 4; RULES.md 38);
// the Ambassador is nobody's and never is.
const standHarbor standing = 1 << 24

// How an agent comes to stand, besides the placement modes.
const (
	// standBoard: no agent is being placed.
	standBoard placeMode = 8
	// standSampled: an agent sent out of the pool to a tile for sale
	// (Sample Wares, Obtain Builder's Plans); from is the space that the
	// agent whose action sent it left, if any.
	standSampled placeMode = 9
)

// noStanding is the standing of a card played with the board as it is.
const noStanding = standing(none) | standing(none)<<8 | standing(standBoard)<<16

// placingOn returns the standing of an agent assigned to space sp (whose
// rules data is info) in mode. A card played at the Harbor is played by
// the agent assigned there, one of the player's own, but not by the
// Ambassador, which is nobody's (Appendix 4; RULES.md 38).
func placingOn(sp int, info *spaceInfo, mode placeMode, from uint8) standing {
	st := placing(uint8(sp), mode, from)
	if info.reassign && mode != placeAmbassador {
		st |= standHarbor
	}
	return st
}

// placing returns the standing of an agent assigned to space at in mode;
// from is the dPlace frame's b, or the space an agent moved by Manipulate
// leaves (meaningful only for placeReassign, placeMoved and standSampled).
func placing(at uint8, mode placeMode, from uint8) standing {
	return standing(at) | standing(from)<<8 | standing(mode)<<16
}

// boardStanding is noStanding for a card played by an agent at the Harbor
// (harbor) or not.
func boardStanding(harbor bool) standing {
	if harbor {
		return noStanding | standHarbor
	}
	return noStanding
}

func (st standing) at() uint8 { return uint8(st) }

func (st standing) how() placeMode { return placeMode(uint8(st >> 16)) }

func (st standing) harbor() bool { return st&standHarbor != 0 }

// left returns the space the agent leaves: a reassigned agent's Harbor slot
// or copying space, a moved agent's space; none for an agent from the pool,
// the Ambassador, or no agent.
func (st standing) left() uint8 {
	switch st.how() {
	case placeReassign, placeMoved, standSampled:
		return uint8(st >> 8)
	}
	return none
}

// fromPool reports whether the agent has yet to leave the player's pool.
func (st standing) fromPool() bool {
	switch st.how() {
	case placeTurn, placeExtra, standSampled:
		return true
	}
	return false
}

// occupiedWhen reports whether space sp will hold an agent when the card is
// played: the agent's own space does, and the space it leaves only if
// another agent shares it (Recover the Magister's Orb).
func (s *State) occupiedWhen(sp int, st standing) bool {
	switch sp {
	case int(st.at()):
		return true
	case int(st.left()):
		n := 0
		if s.occupant[sp] != 0 {
			n++
		}
		for _, a := range s.shared {
			if a.player != none && int(a.space) == sp {
				n++
			}
		}
		return n > 1
	}
	// A second agent shares only a space with an occupant (Validate: one
	// leaving is replaced by it, promoteShared), so that the occupant says
	// it, without a look at s.shared (TestOccupiedWhenNeedsNoSharedWalk).
	return s.occupant[sp] != 0
}

// firstAgentWhen returns occupant's mark for space sp as it will be when
// the card is played: on the space an agent of p's leaves, a second agent
// there moves up into the empty place (promoteShared).
func (s *State) firstAgentWhen(sp int, p uint8, st standing) uint8 {
	o := s.occupant[sp]
	if sp == int(st.left()) && o == p+1 {
		for _, a := range s.shared {
			if a.player != none && int(a.space) == sp {
				return a.player + 1
			}
		}
		return 0
	}
	if o == 0 && sp == int(st.at()) {
		return p + 1
	}
	return o
}

// anyPlacement reports whether p may assign an agent in mode (from: as for
// placements).
func (s *State) anyPlacement(p uint8, mode placeMode, from uint8) bool {
	return !s.placements(p, mode, 1, from).empty()
}
