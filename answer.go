package waterdeep

import (
	"github.com/waterdeep-go/waterdeep/content"
	"github.com/waterdeep-go/waterdeep/quests"
)

// answer applies move m, already checked, to the decision on top.
func (s *State) answer(m Move) {
	k := m.kind()
	s.answerKind(m, k, int(uint32(m)-moveBase[k]))
}

// answerKind is answer for a caller that has worked out m's kind k and
// operand v (PlayInPlace).
func (s *State) answerKind(m Move, k moveKind, v int) {
	f := *s.top()
	s.pop()
	p := f.p
	ps := &s.players[p]
	switch f.kind {
	case dPlace:
		s.place(f.p, f.placeMode(), f.from(), uint8(v))
	case dQuest:
		switch k {
		case mComplete:
			q := uint8(v)
			if s.c.um.faceUp && !ps.active.has(q) {
				s.completeFaceUp(q)
			}
			s.pay(p, s.c.quests[q].Requires)
			ps.active.remove(q)
			ps.completed.add(q)
			if s.events != nil {
				s.emit(Event{Kind: EvQuestCompleted, Player: PlayerID(p), Quest: QuestID(q)})
			}
			s.questCompleted(p, q, int32(f.vp()))
			if s.c.um.spending {
				s.spendAny(p, q)
			}
		case mCompleteMandatory:
			card := uint8(v)
			s.pay(p, s.c.intrigue[card].Requires)
			ps.mandatory.remove(card)
			s.emit(Event{Kind: EvMandatoryCompleted, Player: PlayerID(p), Card: IntrigueID(card)})
			// "When a Mandatory Quest is completed, place the card in the
			// Intrigue discard pile."
			s.intrigueDiscard.add(card)
			s.questDone = true
			s.push(noActionFrame(p))
			s.push(programFrame(p, s.c.intrigueEffect[card], none))
			if s.c.um.spending && s.hasPlot(p, quests.KeepSpent) {
				s.offerKeep(p, s.c.intrigue[card].Requires, [content.NumAdventurers]uint8{})
			}
		}
	case dTakeQuest:
		q := uint8(v)
		ps.active.add(q)
		if s.events != nil {
			s.emit(Event{Kind: EvQuestTaken, Player: PlayerID(p), Quest: QuestID(q)})
		}
		if s.c.um.takePlots && s.hasTakePlots(p) {
			s.questTaken(p, q)
		}
		if f.fromRevealed() {
			s.revealed.remove(q)
		} else {
			for i, c := range s.cliffwatch {
				if c == q {
					// "Whenever you take a face-up Quest card, immediately
					// replace it with a new card from the Quest deck." A
					// quest instance is face up once at most.
					s.cliffwatch[i] = s.dealQuest()
					break
				}
			}
		}
		if f.vp() != 0 && (!s.questDone || p != s.turnOwner()) {
			// Heroes' Garden: the quest just taken may be completed now for
			// bonus VP. Reading: this is the turn's one quest (of the
			// player whose turn it is; an agent moved by Manipulate may
			// take the action in another player's turn).
			s.push(questFrame(p, q, f.vp()))
		}
	case dPick:
		s.keptNeed = 0 // the pick answered (kept_answers.go)
		if k == mDecline {
			return
		}
		c := decodePick(v).Cubes()
		switch f.pickPurpose() {
		case pickGain:
			s.gain(p, &content.Bundle{Cleric: int(c[0]), Fighter: int(c[1]), Rogue: int(c[2]), Wizard: int(c[3])})
		case pickReturn:
			for k, n := range c {
				ps.tavern[k] -= n
				s.returnSupply(content.Adventurer(k), n)
			}
			s.emitGain(EvPaid, p, amountOf(c, 0, 0))
		case pickSteal:
			victim := &s.players[f.other()]
			for k, n := range c {
				victim.tavern[k] -= n
				ps.tavern[k] += n
			}
			s.noteGain(p, gotMask(content.Bundle{Cleric: int(c[0]), Fighter: int(c[1]), Rogue: int(c[2]), Wizard: int(c[3])}))
			s.emit(Event{Kind: EvTransferred, Player: PlayerID(p), Other: PlayerID(f.other()), Amount: amountOf(c, 0, 0)})
		case pickToOwner:
			// The Frontal Lobe: what is returned goes to the owner.
			for k, n := range c {
				ps.tavern[k] -= n
				if f.other() == none {
					s.returnSupply(content.Adventurer(k), n)
				} else {
					s.players[f.other()].tavern[k] += n
				}
			}
			if f.other() == none {
				s.emitGain(EvPaid, p, amountOf(c, 0, 0))
			} else {
				s.emit(Event{Kind: EvTransferred, Player: PlayerID(f.other()), Other: PlayerID(p), Amount: amountOf(c, 0, 0)})
			}
		case pickSpend:
			s.spent(p, f.spendQuest(), c)
		case pickOnto:
			s.placeOwnPicked(p, c)
		case pickKeep:
			// Part of completing the quest: not an action's gain.
			for k, n := range c {
				s.takeSupply(content.Adventurer(k), n)
				ps.tavern[k] += n
			}
			s.emitGain(EvGained, p, amountOf(c, 0, 0))
		case pickSwap:
			for k, n := range c {
				ps.tavern[k] -= n
				s.returnSupply(content.Adventurer(k), n)
			}
			s.takeSupply(content.Cleric, 1)
			ps.tavern[content.Cleric]++
			ps.swapUsed = true
			s.emitGain(EvPaid, p, amountOf(c, 0, 0))
			s.emitGain(EvGained, p, Bundle{Cleric: 1})
		}
	case dChooseOne:
		pk := decodePick(v)
		c := pk.Cubes()
		s.gain(p, &content.Bundle{Cleric: int(c[0]), Fighter: int(c[1]), Rogue: int(c[2]), Wizard: int(c[3]), Gold: int(pk.Gold)})
	case dBuilding:
		if k != mDecline {
			s.answerBuilding(f, uint8(v))
		}
	case dIntrigue:
		if k == mPlay {
			if f.intrigueMode() == intrigueExtra {
				s.extraIntriguePlayed(f, uint8(v))
			} else {
				s.playIntrigue(p, uint8(v))
			}
		}
	case dPlayer:
		o := uint8(v)
		switch f.playerPurpose() {
		case targetGift:
			s.gain(o, &s.c.programs[f.prog][f.pc].Bundle)
		case targetMandatory:
			s.players[o].mandatory.add(f.mandatoryCard())
			s.emit(Event{Kind: EvMandatoryAssigned, Player: PlayerID(o), Other: PlayerID(p), Card: IntrigueID(f.mandatoryCard())})
		case targetSteal:
			s.push(stealPickFrame(p, f.amount(), o, f.stealCode()))
		case targetBlackmail:
			s.answerBlackmail(p, o, f.amount())
		case targetFoist:
			s.push(foistFrame(p, o))
		case targetBetray:
			s.betray(p, o, &s.c.programs[f.prog][f.pc])
		}
	case dSpace:
		if k == mDecline {
			return // an optional choice declined
		}
		sp := uint8(v)
		switch f.spacePurpose() {
		case spaceCopyCorrupt:
			s.copiedDrawPlay(p, sp)
			s.push(programFrame(p, s.c.spaces[sp].program, sp))
		case spaceMoveCorruption:
			s.moveCorruptionTo(p, sp)
		case spaceManipulate:
			s.push(spaceFrame(p, spaceManipulateTo, sp))
		case spaceManipulateTo:
			s.moveAgentTo(p, f.from(), sp)
		case spaceCopy:
			// "Use that space's action as though you had assigned an agent
			// to it." Reading: the owner of a copied building gains nothing.
			if s.c.spaces[sp].reassign && f.from() != none {
				// Appendix 4, The Zoarstar: the agent reassigns right after
				// the opponent's agent in the Harbor space it copied.
				s.addFollower(sp, p, f.from())
			}
			s.copiedDrawPlay(p, sp)
			s.push(programFrame(p, s.c.spaces[sp].program, sp))
		case spaceRecall, spaceAccelerate:
			s.removeAgent(sp, p)
			ps.pool++
			s.emit(Event{Kind: EvAgentReturned, Player: PlayerID(p), Space: SpaceID(sp)})
		case spacePile:
			s.pileOn(p, sp, &s.c.programs[f.prog][f.pc])
		case spacePileOwn:
			var one [content.NumAdventurers]int
			one[f.pileKind()] = 1
			s.pileOn(p, sp, &content.Step{Bundle: content.Bundle{Cleric: one[0], Fighter: one[1], Rogue: one[2], Wizard: one[3]}})
		}
	case dRespond:
		if f.respondPurpose() == respondMoved {
			s.agentMoved(f, v == 1)
			return
		}
		if f.respondPurpose() == respondUpTo {
			s.upToAnswered(f, v == 1)
			return
		}
		if v == 1 && f.respondPurpose() != respondGive && f.respondPurpose() != respondTrade {
			switch f.respondPurpose() {
			case respondDeal:
				s.acceptDeal(p, &s.c.programs[f.prog][f.pc])
			case respondVisit:
				pl := &s.c.quests[f.plotQuest()].Plot
				s.giveBonus(p, &pl.Gain)
				s.gainCorruption(p, pl.Corruption)
			case respondExtraReturn:
				s.returnCorruption(p, s.c.quests[f.plotQuest()].Plot.Count)
			}
			return
		}
		if f.respondPurpose() == respondTrade {
			s.trade(f, v == 1)
		} else if v == 1 {
			st := &s.c.programs[f.prog][f.pc]
			giver := ps
			taker := f.other()
			for k, n := range st.Bundle.Cubes() {
				giver.tavern[k] -= uint8(n)
				s.players[taker].tavern[k] += uint8(n)
			}
			giver.gold -= int32(st.Bundle.Gold)
			s.players[taker].addGold(int32(st.Bundle.Gold))
			giver.addVP(int32(st.Else.VP))
			s.noteGain(taker, gotMask(st.Bundle))
			c := st.Bundle.Cubes()
			s.emit(Event{Kind: EvTransferred, Player: PlayerID(taker), Other: PlayerID(p),
				Amount: Bundle{Cleric: c[0], Fighter: c[1], Rogue: c[2], Wizard: c[3], Gold: st.Bundle.Gold}})
			s.emitGain(EvScored, p, Bundle{VP: st.Else.VP})
		}
	case dQuestType:
		s.specialAssignment(p, content.QuestType(v))
	case dDiscardIntrigue:
		s.discardFromHand(p, uint8(v))
	case dDiscard:
		switch k {
		case mDiscard:
			ps.active.remove(uint8(v))
			s.questDiscard.add(uint8(v))
			ps.addVP(int32(f.vp()))
			if s.events != nil {
				s.emit(Event{Kind: EvQuestDiscarded, Player: PlayerID(p), Quest: QuestID(v)})
			}
			if f.vp() != 0 {
				s.emitGain(EvScored, p, Bundle{VP: int(f.vp())})
			}
		case mDiscardMandatory:
			ps.mandatory.remove(uint8(v))
			if f.discardMode() == discardFoist {
				// Foist Responsibility: the quest changes hands.
				s.players[f.other()].mandatory.add(uint8(v))
				s.emit(Event{Kind: EvMandatoryAssigned, Player: PlayerID(f.other()), Other: PlayerID(p), Card: IntrigueID(v)})
				return
			}
			s.intrigueDiscard.add(uint8(v))
			ps.addVP(int32(f.vp()))
			s.emit(Event{Kind: EvMandatoryDiscarded, Player: PlayerID(p), Card: IntrigueID(v)})
			s.emitGain(EvScored, p, Bundle{VP: int(f.vp())})
		}
	}
}

// specialAssignment reveals quests until one of type qt appears; the player
// keeps it and the others are discarded. Revealed cards are set aside until
// the end, so a reshuffle cannot bring them back.
func (s *State) specialAssignment(p uint8, qt content.QuestType) {
	for {
		q := s.drawQuest()
		if q == none {
			break
		}
		s.emit(Event{Kind: EvQuestRevealed, Player: NoPlayer, Quest: QuestID(q)})
		if s.c.quests[q].Type == qt {
			s.players[p].active.add(q)
			if s.events != nil {
				s.emit(Event{Kind: EvQuestTaken, Player: PlayerID(p), Quest: QuestID(q)})
			}
			if s.c.um.takePlots && s.hasTakePlots(p) {
				s.questTaken(p, q)
			}
			break
		}
		s.revealed.add(q)
	}
	s.discardRevealed()
}
