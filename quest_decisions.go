package waterdeep

import (
	"math/bits"

	"github.com/waterdeep-go/waterdeep/content"
	"github.com/waterdeep-go/waterdeep/quests"
)

// Completing quests (rulebook, "Complete a Quest"): the quests a player
// may complete at the end of a turn or when an effect allows it, the
// payment of a quest's requirement (adventurers of any kind included), and
// its reward.

// appendQuestAnswers appends the answers to the dQuest f, on top, in Move
// order: the quests that may be completed, and the decline. AppendMoves
// calls it for the turn's offer without movesUpTo's dispatch.
func (s *State) appendQuestAnswers(dst []Move, f *frame) []Move {
	start := len(dst)
	p := f.p
	ps := &s.players[p]
	if q := f.onlyQuest(); q != none {
		// Heroes' Garden: only the quest just taken, and not while a
		// mandatory quest is uncompleted (Appendix 4).
		if ps.mandatory.empty() && ps.has(&s.c.questNeed[q]) {
			dst = append(dst, mv(mComplete, int(q)))
		}
	} else if !ps.mandatory.empty() {
		for i := ps.mandatory.next(0); i >= 0; i = ps.mandatory.next(i + 1) {
			if ps.has(&s.c.mandatoryNeed[i]) {
				dst = append(dst, mv(mCompleteMandatory, i))
			}
		}
	} else {
		// A word at a time, each in a loop of its own, from the array
		// of every quest number, as anyCompletable walks them.
		l, gold, need := lanes(ps.tavern), ps.gold, s.c.questNeeds
		base := Move(moveBase[mComplete])
		for w := ps.active.lo; w != 0; {
			q := bits.TrailingZeros64(w)
			w &^= 1 << q
			if need[q].metBy(l, gold) {
				dst = append(dst, base+Move(q))
			}
		}
		for w := ps.active.hi; w != 0; {
			q := 64 | bits.TrailingZeros64(w)
			w &^= 1 << (q & 63)
			if need[q].metBy(l, gold) {
				dst = append(dst, base+Move(q))
			}
		}
		if s.faceUpCompletable(p) {
			dst = s.appendFaceUp(dst, p)
			sortMoves(dst[start:])
		}
	}
	dst = append(dst, mv(mDecline, 0))
	return dst
}

// questChoices returns the quests that answer the dTakeQuest f, on top:
// Cliffwatch Inn's, or Bidding War's revealed ones.
func (s *State) questChoices(f *frame) set128 {
	if f.fromRevealed() {
		return s.revealed
	}
	var legal set128
	for _, q := range s.cliffwatch {
		if q != none {
			legal.add(q)
		}
	}
	return legal
}

// anyCompletable reports whether player p can complete a quest now: a
// mandatory quest if one is owed, else any active quest. Its reference is
// anyCompletableRef, the listing of a quest offer.
func (s *State) anyCompletable(p uint8) bool {
	ps := &s.players[p]
	// The sets are walked a word at a time.
	if !ps.mandatory.empty() {
		for i := range 2 {
			for w := ps.mandatory.word(i); w != 0; w &= w - 1 {
				if ps.has(&s.c.mandatoryNeed[i<<6|bits.TrailingZeros64(w)]) {
					return true
				}
			}
		}
		return false
	}
	// The holdings are worked out once (has works them out per quest);
	// a quest is then one lane test, one gold test and, rarely, a total.
	// The quests' needs are an array of every quest number, so that a
	// quest is looked up without a bounds check, and a member found is
	// cleared by its bit (see appendSet).
	l, gold := lanes(ps.tavern), ps.gold
	need := s.c.questNeeds
	_ = need[0] // the nil check, once
	for w := ps.active.lo; w != 0; {
		q := bits.TrailingZeros64(w)
		w &^= 1 << q
		if need[q].metBy(l, gold) {
			return true
		}
	}
	for w := ps.active.hi; w != 0; {
		q := bits.TrailingZeros64(w)
		w &^= 1 << q
		if need[64|q].metBy(l, gold) {
			return true
		}
	}
	if s.faceUpCompletable(p) {
		for _, q := range s.cliffwatch {
			if q != none && ps.has(&s.c.questNeed[q]) {
				return true
			}
		}
	}
	return false
}

// offeredActive reports whether the dQuest f, on top, may be answered by
// completing quest v, one of the player's active quests, as check says: the
// turn's offer (not Heroes' Garden's), no mandatory quest pending, and the
// player holds what v needs (its reference is offeredActiveRef). False leaves it
// to check (a face-up quest may still be legal).
func (s *State) offeredActive(f *frame, v int) bool {
	ps := &s.players[f.p]
	return f.onlyQuest() == none && uint(v) < MaxQuests && ps.active.has(uint8(v)) && ps.mandatory.empty() && ps.has(&s.c.questNeed[v])
}

// has reports whether the player holds at least n's adventurers and gold,
// and n.total adventurers in all (the lanes' sum, gathered in the top lane
// by one multiplication: each lane is below 0x100, so no carry crosses).
// Its reference is hasRef, a comparison of every count.
func (ps *playerState) has(n *need) bool { return n.metBy(lanes(ps.tavern), ps.gold) }

// metBy is has for a player whose tavern's lanes (l) and gold were worked
// out once, for loops over many quests (Go does not hoist them).
func (n *need) metBy(l uint64, gold int32) bool {
	return covers(l, n.cubes) && gold >= n.gold && (n.total == 0 || int32(l*0x0001_0001_0001_0001>>48) >= n.total)
}

// canPay reports whether player p holds at least req's adventurers and gold.
func (ps *playerState) canPay(req content.Bundle) bool {
	c := req.Cubes()
	for k := range content.NumAdventurers {
		if int(ps.tavern[k]) < c[k] {
			return false
		}
	}
	return ps.gold >= int32(req.Gold)
}

// questCompleted resolves what follows completing quest q: the plot quests
// that reward quests of its type, the Lieutenant, and the reward itself
// (which is not an action's gain).
func (s *State) questCompleted(p uint8, q uint8, bonus int32) {
	ps := &s.players[p]
	if p == s.turnOwner() {
		// Only the turn's player's quest ends their offer to complete one
		// (an opponent completes one in another's turn through an agent
		// moved by Manipulate).
		s.questDone = true
	}
	ps.addVP(bonus)
	s.emitGain(EvScored, p, Bundle{VP: int(bonus)})
	def := &s.c.quests[q]
	// Reading: a plot quest's lasting effect starts after it is completed,
	// so it does not reward its own completion.
	plots := ps.completed.and(s.c.plotQuests[quests.BonusOnComplete])
	for o := plots.next(0); o >= 0; o = plots.next(o + 1) {
		if uint8(o) != q && s.c.quests[o].Plot.Type == def.Type {
			ps.addVP(int32(s.c.quests[o].Plot.VP))
			s.emitGain(EvScored, p, Bundle{VP: s.c.quests[o].Plot.VP})
		}
	}
	if def.Plot.Kind == quests.ExtraAgent {
		// Recruit Lieutenant: the Lieutenant joins the pool at once and
		// counts as one of the player's agents (Appendix 4).
		ps.agents++
		ps.pool++
		s.emit(Event{Kind: EvAgentGained, Player: PlayerID(p)})
	}
	s.push(noActionFrame(p))
	s.push(programFrame(p, s.c.questReward[q], none))
}

// Quests that require adventurers of any kind (Undermountain: "1 cleric,
// 1 fighter and 1 adventurer of any type"). The fixed part is paid when
// the quest is completed; the player then chooses which adventurers of
// their tavern make up the rest (a pick of purpose pickSpend). A quest may
// pay a bonus per adventurer of one kind spent on it (quests.PerSpent),
// counted over the fixed part and the pick.

// spendAny follows the payment of quest q's fixed requirement by player p:
// with adventurers of any kind still owed, p chooses them (on top of the
// reward, which resolves afterwards); otherwise the bonus per adventurer
// spent is paid at once. Its reference is spendAnyRef, without
// Content.spendQuests.
func (s *State) spendAny(p, q uint8) {
	if !s.c.spendQuests.has(q) {
		// Nothing picked and no bonus per adventurer spent (most
		// quests): spent has something to do only for Seize Citadel of
		// the Bloody Hand.
		if s.hasPlot(p, quests.KeepSpent) {
			s.spent(p, q, [content.NumAdventurers]uint8{})
		}
		return
	}
	def := &s.c.quests[q]
	if def.Requires.Any == 0 {
		s.spent(p, q, [content.NumAdventurers]uint8{}) // a bonus per adventurer spent
		return
	}
	s.push(spendPickFrame(p, uint8(def.Requires.Any), q))
}

// spent returns the adventurers c that player p picked for quest q to the
// supply, and pays the quest's bonus for each adventurer of its kind spent
// (fixed part and pick). The bonus is part of the quest's reward: not an
// action's gain.
func (s *State) spent(p, q uint8, c [content.NumAdventurers]uint8) {
	ps := &s.players[p]
	if c != ([content.NumAdventurers]uint8{}) {
		for k, n := range c {
			ps.tavern[k] -= n
			s.returnSupply(content.Adventurer(k), n)
		}
		s.emitGain(EvPaid, p, amountOf(c, 0, 0))
	}
	def := &s.c.quests[q]
	if !def.PerSpent.Gain.IsZero() {
		k := def.PerSpent.Kind
		n := def.Requires.Cubes()[k] + int(c[k])
		g := def.PerSpent.Gain
		bonus := content.Bundle{VP: n * g.VP, Intrigue: n * g.Intrigue}
		if !bonus.IsZero() {
			s.gain(p, &bonus)
		}
	}
	// Seize Citadel of the Bloody Hand, but not for its own completion
	// (a plot's effect starts once it is completed).
	if s.hasPlot(p, quests.KeepSpent) && def.Plot.Kind != quests.KeepSpent {
		s.offerKeep(p, def.Requires, c)
	}
}

// offerKeep offers player p, who has just completed a quest requiring req
// (and spent the adventurers c of any kind on it), to take back one
// adventurer of a kind spent (plot quest KeepSpent, RULES.md 216).
func (s *State) offerKeep(p uint8, req content.Bundle, c [content.NumAdventurers]uint8) {
	var kinds content.AdventurerSet
	for k, n := range req.Cubes() {
		if n > 0 || c[k] > 0 {
			kinds |= 1 << k
		}
	}
	if kinds != 0 {
		s.push(pickFrame(p, pickKeep, 1, kinds))
	}
}
