package waterdeep

import (
	"math/bits"

	"github.com/waterdeep-go/waterdeep/content"
	"github.com/waterdeep-go/waterdeep/intrigue"
	"github.com/waterdeep-go/waterdeep/quests"
)

// Whether an intrigue card can be played, and playing it. cardPlayable
// is the general test (a card is playable when at least one complete
// resolution of its effect exists); playableCards lists a hand by sets:
// the cards that are always playable at once, the others through
// cardPlayable with the part of their effect worked out at load
// (cardCheck).

// playableCards returns the intrigue cards that answer the dIntrigue f,
// on top (a decline, where it is optional, aside).
//
// When the card is played, the agent that plays it (if any) is on the
// board already: whether the player has an agent assigned, or one at the
// Harbor, is read from the board (harbor false), so the Ambassador, or
// Bribe Agent played for Prison Break, counts as no agent of the
// player's (RULES.md 38). Its reference is playableCardsRef, cardPlayable
// asked of every card of the hand.
func (s *State) playableCards(f *frame) set128 {
	p := f.p
	hand := s.players[p].hand
	var legal set128
	if c, ok := f.onlyCard(); ok {
		// Only the card just drawn (draw_may_play).
		if hand.has(c) && s.cardPlayable(p, c, 0, noStanding) {
			legal.add(c)
		}
		return legal
	}
	// The cards always playable are; only the others are checked one by
	// one (playableCardsRef).
	legal = s.alwaysPlayable(hand)
	hand = hand.andNot(legal)
	// A word at a time (see anyCompletable and placements).
	for w := hand.lo; w != 0; w &= w - 1 {
		if s.cardPlayable(p, uint8(bits.TrailingZeros64(w)), 0, noStanding) {
			legal.lo |= w & -w
		}
	}
	for w := hand.hi; w != 0; w &= w - 1 {
		if s.cardPlayable(p, uint8(64|bits.TrailingZeros64(w)), 0, noStanding) {
			legal.hi |= w & -w
		}
	}
	return legal
}

// cardPlayable reports whether p can carry out intrigue card i now, played
// by the agent st describes (noStanding: the board as it is). It looks at
// the effect's steps as Content.cardChecks trims them; its reference is
// cardPlayableRef, which walks every step.
func (s *State) cardPlayable(p uint8, i uint8, depth int, st standing) bool {
	// The first test, which alwaysPlayable makes for a whole hand.
	if s.c.intrigueAlways.has(i) {
		// A mandatory quest needs an opponent it may go to (Open Lord).
		return s.lordsShown == 0 || !s.c.mandatory.has(i) || s.anyMandatoryTarget(p)
	}
	if depth > maxCopyDepth {
		return false
	}
	ck := &s.c.cardChecks[i]
	effect := ck.steps // the steps after cannot fail
	ps := &s.players[p]
	gold := ps.gold
	if ck.pays {
		// A payment first (not among steps): its need says what the
		// loop's test would.
		if !ps.has(&ck.pay) {
			return false
		}
		gold -= ck.pay.gold
	}
	for k := range effect {
		step := &effect[k] // a Step is large: look, don't copy
		switch step.Kind {
		case content.StepPay:
			gold -= int32(step.Bundle.Gold)
			if gold < 0 {
				return false
			}
			left := 0
			for k, n := range step.Bundle.Cubes() {
				if int(ps.tavern[k]) < n {
					return false
				}
				left += int(ps.tavern[k]) - n
			}
			if left < step.Bundle.Any {
				return false
			}
		case content.StepSteal:
			if !s.anyOpponentWithCubes(p, step.From) {
				return false
			}
		case content.StepBetray, content.StepStealGoldSeeLord:
			if !s.anyMandatoryTarget(p) {
				return false // every opponent revealed their lord (RULES.md 118)
			}
		case content.StepChangeOfPlans:
			if ps.active.empty() && ps.mandatory.empty() {
				return false
			}
		case content.StepSpecial:
			switch step.Special {
			case content.CopySpace:
				if !s.anyCopyTarget(p, -1, depth+1, ps.gold-gold, st) {
					return false
				}
			case content.ReturnAgent:
				// An agent is assigned: one stands at the Harbor, or the
				// agent playing the card is about to leave the pool (The
				// Zoarstar's, which may be returned itself).
				if !st.harbor() && !st.fromPool() && ps.pool == ps.agents {
					return false
				}
			case content.AcceleratePlans:
				if !st.harbor() && !s.hasHarborAgent(p) {
					return false
				}
			case content.SampleWares:
				pool := int(ps.pool)
				if st.fromPool() {
					pool--
				}
				if pool < 1 || !s.anySampleTile(p, depth+1, st) {
					return false
				}
			case content.Demolish:
				if !s.anyDemolish(p, st) || !s.anyForSale() {
					return false
				}
			case content.Manipulate:
				if !s.manipulatePlayable(p, st) {
					return false
				}
			case content.RealEstateDeal:
				if !s.anyEstateGiveUp(p, st) || !s.anyForSale() {
					return false
				}
			default:
				if !s.skullportCardPlayable(p, step, depth, ps.gold-gold, st) {
					return false
				}
			}
		}
	}
	return true
}

// alwaysPlayable returns the cards of hand that can be played whatever the
// state: cardPlayable's first test, for a whole hand at once. While a lord
// is shown (Open Lord, Blackmail), a mandatory quest card is not among
// them: it needs an opponent who may take it (anyMandatoryTarget).
func (s *State) alwaysPlayable(hand set128) set128 {
	if s.lordsShown == 0 {
		return hand.and(s.c.intrigueAlways)
	}
	return hand.and(s.c.intrigueAlways.andNot(s.c.mandatory))
}

// anyPlayable reports whether player p can play a card of the hand, as st
// says. Its reference is anyPlayableRef, cardPlayable asked of every card.
func (s *State) anyPlayable(p uint8, depth int, st standing) bool {
	h := s.players[p].hand
	if !s.alwaysPlayable(h).empty() {
		return true
	}
	// A word at a time (see anyCompletable and placements).
	for w := h.lo; w != 0; w &= w - 1 {
		if s.cardPlayable(p, uint8(bits.TrailingZeros64(w)), depth, st) {
			return true
		}
	}
	for w := h.hi; w != 0; w &= w - 1 {
		if s.cardPlayable(p, uint8(64|bits.TrailingZeros64(w)), depth, st) {
			return true
		}
	}
	return false
}

// anyPlayableOf reports whether p can play one of cards, intrigue cards in
// p's hand, played by the agent st describes (see cardPlayable).
func (s *State) anyPlayableOf(p uint8, cards set128, st standing) bool {
	for i := range 2 {
		for w := cards.word(i); w != 0; w &= w - 1 {
			if s.cardPlayable(p, uint8(i<<6|bits.TrailingZeros64(w)), 1, st) {
				return true
			}
		}
	}
	return false
}

// playableAfterGain is anyPlayable for player p once the steps of an
// action that come before its card (before) have given what they give:
// tavern and gold are p's as the payments among them left them, to which
// their gains are added (Belkram's Tomb's 5 gold pay for Friendly Loan),
// adventurers of any kind in every way p could choose them (The Eye's
// Lair), and a face-up quest if one is taken (Entry Well: Change of Plans
// needs one). It looks at a copy of the State, made only when the steps
// give something.
func (s *State) playableAfterGain(p uint8, before []content.Step, tavern [content.NumAdventurers]uint8, gold int32, depth int, st standing) bool {
	anyGain, gained, tookQuest := 0, false, false
	for i := range before {
		switch st := &before[i]; st.Kind {
		case content.StepGain:
			gold = min(gold+int32(max(st.Bundle.Gold, 0)), content.MaxHeld)
			for k, n := range st.Bundle.Cubes() {
				tavern[k] += uint8(min(max(n, 0), int(s.supplyOf(content.Adventurer(k))), 255-int(tavern[k])))
			}
			anyGain += max(st.Bundle.Any, 0)
			gained = true
		case content.StepTakeQuest:
			for _, q := range s.cliffwatch {
				tookQuest = tookQuest || q != none
			}
			gained = gained || tookQuest
		}
	}
	if !gained || s.players[p].hand.empty() {
		return false
	}
	t := *s
	t.events = nil
	ps := &t.players[p]
	ps.gold = gold
	if tookQuest {
		for _, q := range t.cliffwatch {
			if q != none {
				ps.active.add(q) // which one does not matter to a card
				break
			}
		}
	}
	room := func(k int) int { return min(int(t.supplyOf(content.Adventurer(k))), 255-int(tavern[k])) }
	anyGain = min(anyGain, room(0)+room(1)+room(2)+room(3)) // as far as the supply goes
	for c := 0; c <= min(anyGain, room(0)); c++ {
		for f := 0; f <= min(anyGain-c, room(1)); f++ {
			for r := 0; r <= min(anyGain-c-f, room(2)); r++ {
				w := anyGain - c - f - r
				if w > room(3) {
					continue
				}
				ps.tavern = [content.NumAdventurers]uint8{tavern[0] + uint8(c), tavern[1] + uint8(f), tavern[2] + uint8(r), tavern[3] + uint8(w)}
				if t.anyPlayable(p, depth, st) {
					return true
				}
			}
		}
	}
	return false
}

// cardCheck is what cardPlayable looks at of an intrigue instance's effect:
// its steps up to the last that may be impossible, and, when the first of
// them is a payment, that payment as a need, tested at once rather than by
// the walk's step (the modules' cards that give an opponent something and
// score VP, Bribe Agent, Bribe the Watch: a pay step first).
type cardCheck struct {
	pay   need           // the first step's payment, when pays
	steps []content.Step // the steps the walk looks at: the first walk, but the payment when pays
	walk  uint8          // how many steps the walk looks at (lastConditionalStep+1)
	pays  bool           // the first step is a payment that pay settles
}

// cardCheckOf returns the cardCheck of intrigue effect p. A first step's
// payment is taken as a need only when its amounts are at least 0 and
// below 256: then need's test fails exactly when cardPlayable's test of
// the step would (gold below the amount, a kind short, or fewer
// adventurers left over than it asks of any kind).
func cardCheckOf(p content.Program) cardCheck {
	ck := cardCheck{walk: uint8(lastConditionalStep(p) + 1)}
	ck.steps = p[:ck.walk]
	if ck.walk == 0 || p[0].Kind != content.StepPay {
		return ck
	}
	b := p[0].Bundle
	if min(b.Gold, b.Cleric, b.Fighter, b.Rogue, b.Wizard, b.Any) < 0 ||
		max(b.Gold, b.Cleric, b.Fighter, b.Rogue, b.Wizard, b.Any) > 255 {
		return ck
	}
	ck.pay, ck.pays, ck.steps = needOf(b), true, ck.steps[1:]
	return ck
}

// questBlind reports whether cardPlayable's test of intrigue effect p,
// walking its first walk steps, never looks at the player's active quests:
// each step it checks is a payment, a steal, an attack that needs an
// opponent, or a special step about agents, buildings, corruption or
// mandatory quests. Change of Plans looks at them, and so may a card that
// uses the action of a space (a copy, Sample Wares, Manipulate), which may
// discard a quest. Entry Well gives a quest before its card (see
// canResolveSpace): a hand of such cards is as playable after it as before.
func questBlind(p content.Program, walk uint8) bool {
	for i := range p[:walk] {
		switch st := &p[i]; st.Kind {
		case content.StepChangeOfPlans:
			return false
		case content.StepSpecial:
			switch st.Special {
			case content.ReturnAgent, content.AcceleratePlans, content.Demolish, content.RealEstateDeal,
				content.FoistMandatory, content.StealBuilding, content.MoveCorruption:
			default:
				return false
			}
		}
	}
	return true
}

// gainBlind reports whether cardPlayable's test of intrigue effect p,
// walking its first walk steps, never looks at the player's gold or
// tavern: each step it checks is a steal or an attack (the opponents'
// holdings), Change of Plans (quests), or a special step about agents,
// buildings, corruption or mandatory quests; not a payment, nor a card
// that uses a space's action. The Eye's Lair, Belkram's Tomb and Hall of
// Sleeping Kings give adventurers or gold before their card (see
// canResolveSpace): a hand of such cards is as playable after it as
// before.
func gainBlind(p content.Program, walk uint8) bool {
	for i := range p[:walk] {
		switch st := &p[i]; st.Kind {
		case content.StepPay:
			return false
		case content.StepSpecial:
			switch st.Special {
			case content.ReturnAgent, content.AcceleratePlans, content.FoistMandatory, content.StealBuilding, content.MoveCorruption:
			default:
				return false
			}
		}
	}
	return true
}

// standingBlind reports whether cardPlayable's test of intrigue effect p,
// walking its first walk steps, never looks at the standing of the agent
// that plays it: no step it checks is a special step about the board's
// agents or tiles (a copy, Return Agent, Accelerate Plans, Sample Wares,
// Demolish, Manipulate, Real Estate Deal, Doppelganger), which alone read
// it. Such a card is as playable at one card space as at another (see
// cardSpacesLegal).
func standingBlind(p content.Program, walk uint8) bool {
	for i := range p[:walk] {
		if st := &p[i]; st.Kind == content.StepSpecial {
			switch st.Special {
			case content.FoistMandatory, content.StealBuilding, content.MoveCorruption:
			default:
				return false
			}
		}
	}
	return true
}

// playIntrigue plays card i from p's hand. An attack or utility resolves as
// an action of its own (its gains count for plot quests) and is discarded
// afterwards; a mandatory quest goes to the opponent p chooses.
func (s *State) playIntrigue(p uint8, i uint8) {
	ps := &s.players[p]
	ps.hand.remove(i)
	s.knownHand.remove(i)
	if s.events != nil {
		s.emit(Event{Kind: EvIntriguePlayed, Player: PlayerID(p), Card: IntrigueID(i)})
	}
	plots := ps.completed.and(s.c.plotQuests[quests.BonusOnIntrigue])
	for q := plots.next(0); q >= 0; q = plots.next(q + 1) {
		ps.addVP(int32(s.c.quests[q].Plot.VP))
		s.emitGain(EvScored, p, Bundle{VP: s.c.quests[q].Plot.VP})
	}
	if s.c.intrigue[i].Kind == intrigue.Mandatory {
		s.push(playerFrame(p, targetMandatory, i))
		return
	}
	s.push(discardCardFrame(p, i))
	s.push(actionFrame(p))
	s.push(programFrame(p, s.c.intrigueEffect[i], none))
}
