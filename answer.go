package waterdeep

import (
	"github.com/waterdeep-go/waterdeep/content"
	"github.com/waterdeep-go/waterdeep/intrigue"
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
	s.sp--
	p := f.p
	ps := &s.players[p]
	switch f.kind {
	case dPlace:
		s.place(f.p, placeMode(f.a), f.b, uint8(v))
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
			s.questCompleted(p, q, int32(f.b))
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
			s.push(frame{kind: fNoAction, p: p})
			s.push(frame{kind: fProgram, p: p, prog: s.c.intrigueEffect[card], a: none})
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
		if f.a == 1 {
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
		if f.b != 0 && (!s.questDone || p != s.turnOwner()) {
			// Heroes' Garden: the quest just taken may be completed now for
			// bonus VP. Reading: this is the turn's one quest (of the
			// player whose turn it is; an agent moved by Manipulate may
			// take the action in another player's turn).
			s.push(frame{kind: dQuest, p: p, a: q, b: f.b})
		}
	case dPick:
		s.keptNeed = 0 // the pick answered (kept_answers.go)
		if k == mDecline {
			return
		}
		c := decodePick(v).Cubes()
		switch pickPurpose(f.i) {
		case pickGain:
			s.gain(p, &content.Bundle{Cleric: int(c[0]), Fighter: int(c[1]), Rogue: int(c[2]), Wizard: int(c[3])})
		case pickReturn:
			for k, n := range c {
				ps.tavern[k] -= n
				s.returnSupply(content.Adventurer(k), n)
			}
			s.emitGain(EvPaid, p, amountOf(c, 0, 0))
		case pickSteal:
			victim := &s.players[f.b]
			for k, n := range c {
				victim.tavern[k] -= n
				ps.tavern[k] += n
			}
			s.noteGain(p, gotMask(content.Bundle{Cleric: int(c[0]), Fighter: int(c[1]), Rogue: int(c[2]), Wizard: int(c[3])}))
			s.emit(Event{Kind: EvTransferred, Player: PlayerID(p), Other: PlayerID(f.b), Amount: amountOf(c, 0, 0)})
		case pickToOwner:
			// The Frontal Lobe: what is returned goes to the owner.
			for k, n := range c {
				ps.tavern[k] -= n
				if f.b == none {
					s.returnSupply(content.Adventurer(k), n)
				} else {
					s.players[f.b].tavern[k] += n
				}
			}
			if f.b == none {
				s.emitGain(EvPaid, p, amountOf(c, 0, 0))
			} else {
				s.emit(Event{Kind: EvTransferred, Player: PlayerID(f.b), Other: PlayerID(p), Amount: amountOf(c, 0, 0)})
			}
		case pickSpend:
			s.spent(p, uint8(f.prog), c)
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
			s.emitGain(EvGained, p, Amount{Cleric: 1})
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
			if f.a == intrigueExtra {
				s.extraIntriguePlayed(f, uint8(v))
			} else {
				s.playIntrigue(p, uint8(v))
			}
		}
	case dPlayer:
		o := uint8(v)
		switch playerPurpose(f.a) {
		case targetGift:
			s.gain(o, &s.c.programs[f.prog][f.pc].Bundle)
		case targetMandatory:
			s.players[o].mandatory.add(f.b)
			s.emit(Event{Kind: EvMandatoryAssigned, Player: PlayerID(o), Other: PlayerID(p), Card: IntrigueID(f.b)})
		case targetSteal:
			s.push(frame{kind: dPick, p: p, a: f.b, b: o, i: uint8(pickSteal), prog: uint16(f.i)})
		case targetBlackmail:
			s.answerBlackmail(p, o, f.b)
		case targetFoist:
			s.push(frame{kind: dDiscard, p: p, a: discardFoist, b: o})
		case targetBetray:
			s.betray(p, o, &s.c.programs[f.prog][f.pc])
		}
	case dSpace:
		if k == mDecline {
			return // an optional choice declined
		}
		sp := uint8(v)
		switch spacePurpose(f.a) {
		case spaceCopyCorrupt:
			s.copiedDrawPlay(p, sp)
			s.push(frame{kind: fProgram, p: p, prog: s.c.spaces[sp].program, a: sp})
		case spaceMoveCorruption:
			s.moveCorruptionTo(p, sp)
		case spaceManipulate:
			s.push(frame{kind: dSpace, p: p, a: uint8(spaceManipulateTo), b: sp})
		case spaceManipulateTo:
			s.moveAgentTo(p, f.b, sp)
		case spaceCopy:
			// "Use that space's action as though you had assigned an agent
			// to it." Reading: the owner of a copied building gains nothing.
			if s.c.spaces[sp].reassign && f.b != none {
				// Appendix 4, The Zoarstar: the agent reassigns right after
				// the opponent's agent in the Harbor space it copied.
				s.addFollower(sp, p, f.b)
			}
			s.copiedDrawPlay(p, sp)
			s.push(frame{kind: fProgram, p: p, prog: s.c.spaces[sp].program, a: sp})
		case spaceRecall, spaceAccelerate:
			s.removeAgent(sp, p)
			ps.pool++
			s.emit(Event{Kind: EvAgentReturned, Player: PlayerID(p), Space: SpaceID(sp)})
		case spacePlace:
			s.placeOn(p, sp, &s.c.programs[f.prog][f.pc])
		case spacePlaceOwn:
			var one [content.NumAdventurers]int
			one[f.b] = 1
			s.placeOn(p, sp, &content.Step{Bundle: content.Bundle{Cleric: one[0], Fighter: one[1], Rogue: one[2], Wizard: one[3]}})
		}
	case dRespond:
		if respondPurpose(f.i) == respondMoved {
			s.agentMoved(f, v == 1)
			return
		}
		if respondPurpose(f.i) == respondUpTo {
			s.upToAnswered(f, v == 1)
			return
		}
		if v == 1 && respondPurpose(f.i) != respondGive && respondPurpose(f.i) != respondTrade {
			switch respondPurpose(f.i) {
			case respondDeal:
				s.acceptDeal(p, &s.c.programs[f.prog][f.pc])
			case respondVisit:
				pl := &s.c.quests[f.b].Plot
				s.giveBonus(p, &pl.Gain)
				s.gainCorruption(p, pl.Corruption)
			case respondExtraReturn:
				s.returnCorruption(p, s.c.quests[f.b].Plot.Count)
			}
			return
		}
		if respondPurpose(f.i) == respondTrade {
			s.trade(f, v == 1)
		} else if v == 1 {
			st := &s.c.programs[f.prog][f.pc]
			giver := ps
			taker := f.a
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
				Amount: Amount{Cleric: c[0], Fighter: c[1], Rogue: c[2], Wizard: c[3], Gold: st.Bundle.Gold}})
			s.emitGain(EvScored, p, Amount{VP: st.Else.VP})
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
			ps.addVP(int32(f.b))
			if s.events != nil {
				s.emit(Event{Kind: EvQuestDiscarded, Player: PlayerID(p), Quest: QuestID(v)})
			}
			if f.b != 0 {
				s.emitGain(EvScored, p, Amount{VP: int(f.b)})
			}
		case mDiscardMandatory:
			ps.mandatory.remove(uint8(v))
			if f.a == discardFoist {
				// Foist Responsibility: the quest changes hands.
				s.players[f.b].mandatory.add(uint8(v))
				s.emit(Event{Kind: EvMandatoryAssigned, Player: PlayerID(f.b), Other: PlayerID(p), Card: IntrigueID(v)})
				return
			}
			s.intrigueDiscard.add(uint8(v))
			ps.addVP(int32(f.b))
			s.emit(Event{Kind: EvMandatoryDiscarded, Player: PlayerID(p), Card: IntrigueID(v)})
			s.emitGain(EvScored, p, Amount{VP: int(f.b)})
		}
	}
}

func gotMask(b content.Bundle) uint8 {
	var got uint8
	for k, c := range b.Cubes() {
		if c > 0 {
			got |= 1 << k
		}
	}
	if b.Gold > 0 {
		got |= gotGold
	}
	return got
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
	s.emitGain(EvScored, p, Amount{VP: int(bonus)})
	def := &s.c.quests[q]
	// Reading: a plot quest's lasting effect starts after it is completed,
	// so it does not reward its own completion.
	plots := ps.completed.and(s.c.plotQuests[quests.BonusOnComplete])
	for o := plots.next(0); o >= 0; o = plots.next(o + 1) {
		if uint8(o) != q && s.c.quests[o].Plot.Type == def.Type {
			ps.addVP(int32(s.c.quests[o].Plot.VP))
			s.emitGain(EvScored, p, Amount{VP: s.c.quests[o].Plot.VP})
		}
	}
	if def.Plot.Kind == quests.ExtraAgent {
		// Recruit Lieutenant: the Lieutenant joins the pool at once and
		// counts as one of the player's agents (Appendix 4).
		ps.agents++
		ps.pool++
		s.emit(Event{Kind: EvAgentGained, Player: PlayerID(p)})
	}
	s.push(frame{kind: fNoAction, p: p})
	s.push(frame{kind: fProgram, p: p, prog: s.c.questReward[q], a: none})
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
		s.emitGain(EvScored, p, Amount{VP: s.c.quests[q].Plot.VP})
	}
	if s.c.intrigue[i].Kind == intrigue.Mandatory {
		s.push(frame{kind: dPlayer, p: p, a: uint8(targetMandatory), b: i})
		return
	}
	s.push(frame{kind: fDiscard, p: p, a: i})
	s.push(frame{kind: fAction, p: p})
	s.push(frame{kind: fProgram, p: p, prog: s.c.intrigueEffect[i], a: none})
}

func (s *State) answerBuilding(f frame, t uint8) {
	p := f.p
	ps := &s.players[p]
	switch buildingPurpose(f.a) {
	case buildSteal:
		s.stealBuilding(p, t)
	case buildBuy, buildFreeHall, buildEstateTake, buildMayBuy:
		i := s.forSaleIndex(int(t))
		// The VP that accumulated on the tile go to whoever takes it
		// (reading: also when it is taken for free).
		vp := int(s.forSaleVP[i])
		ps.addVP(int32(vp))
		if buildingPurpose(f.a) == buildBuy || buildingPurpose(f.a) == buildMayBuy {
			cost := s.c.tiles[t].Cost
			ps.gold -= int32(cost)
			s.emit(Event{Kind: EvBuildingBought, Player: PlayerID(p), Building: BuildingID(t), Amount: Amount{Gold: cost, VP: vp}})
			plots := ps.completed.and(s.c.plotQuests[quests.BonusOnPurchase])
			for q := plots.next(0); q >= 0; q = plots.next(q + 1) {
				ps.addVP(int32(s.c.quests[q].Plot.VP))
				s.emitGain(EvScored, p, Amount{VP: s.c.quests[q].Plot.VP})
			}
			s.afterPurchase(p) // Defame Rival Business
		} else {
			s.emit(Event{Kind: EvBuildingGained, Player: PlayerID(p), Building: BuildingID(t), Amount: Amount{VP: vp}})
		}
		s.forSaleVP[i] = 0
		s.forSale[i] = none
		if s.tileStackLen > 0 {
			s.tileStackLen--
			s.forSale[i] = s.tileStack[s.tileStackLen]
			s.emit(Event{Kind: EvBuildingForSale, Player: NoPlayer, Building: BuildingID(s.forSale[i])})
		}
		s.acquire(p, t)
	case buildSampleWares:
		ps.pool--
		sp := uint8(s.c.TileSpace(BuildingID(t)))
		s.setOccupant(sp, p+1)
		s.emit(Event{Kind: EvPlaced, Player: PlayerID(p), Space: SpaceID(sp)})
		// "As though you owned it": no owner benefit is paid.
		s.push(frame{kind: fAction, p: p})
		s.push(frame{kind: fProgram, p: p, prog: s.c.tileAction[t], a: sp})
	case buildDemolish:
		s.demolish(p, t)
	case buildEstateGiveUp:
		s.discardTile(p, t)
		s.emit(Event{Kind: EvBuildingLost, Player: PlayerID(p), Building: BuildingID(t)})
	}
}

// discardTile takes tile t out of the game (Real Estate Deal). Adventurers
// stacked on it return to the supply. If The Palace of Waterdeep leaves
// play, the Ambassador leaves play too (Appendix 4).
func (s *State) discardTile(p uint8, t uint8) {
	s.setTileOwner(t, none)
	if !s.placedOn.empty() {
		// Reading: what was placed on its space goes back to the supply and
		// the corruption track.
		s.clearPlaced(uint8(s.c.TileSpace(BuildingID(t))))
	}
	s.players[p].buildings--
	if k := s.c.tileStock[t].what; k >= stockCleric && k <= stockWizard {
		s.returnSupply(content.Adventurer(k-stockCleric), s.tileStock[t])
	} else if k == stockCorruption {
		for range s.tileStock[t] {
			if !s.putOnTrack() {
				s.corruptionBox++
			}
		}
	}
	s.tileStock[t] = 0
	if BuildingID(t) == s.c.palace {
		if s.ambSpace != none {
			s.clearAmbassadorSpace()
		}
		s.ambHolder = none
		s.ambGone = true
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

// place puts an agent of player p on space sp in mode and resolves the
// space; from is the dPlace frame's b (the space the agent leaves, for a
// reassignment or a move). It takes the frame's fields, not the frame,
// which would be passed as seven registers and stored.
func (s *State) place(p uint8, mode placeMode, from uint8, sp uint8) {
	ps := &s.players[p]
	mark := p + 1
	how := PlayerID(0)
	switch mode {
	case placeTurn, placeExtra:
		ps.pool--
	case placeReassign:
		s.removeAgent(from, p)
		how = 2
	case placeMoved:
		s.removeAgent(from, p)
		how = placedMoved
	case placeAmbassador:
		mark = ambassadorMark
		s.ambSpace = sp
		how = 1
	}
	if s.events != nil {
		s.emit(Event{Kind: EvPlaced, Player: PlayerID(p), Other: how, Space: SpaceID(sp)})
	}
	if s.occupant[sp] != 0 {
		// Recover the Magister's Orb.
		ps.orbUsed = true
		s.addShared(sp, p)
		if s.c.spaces[sp].reassign {
			// Appendix 4: at the Harbor, the agent reassigns right after
			// the opponent's agent in the shared space.
			s.addFollower(sp, p, sp)
		}
	} else {
		s.setOccupant(sp, mark)
	}
	if s.c.placeHooks {
		if s.hasPlacementPlots(p) {
			s.placementPlots(p, sp)
		}
		if s.c.drawPlay && s.c.playsIntrigue.has(sp) && s.hasPlot(p, quests.DrawAfterIntrigue) {
			// Study in the Librarium: once the action is done (RULES.md 217).
			s.push(frame{kind: fProgram, p: p, prog: s.c.drawPlayProg, a: none})
		}
	}
	s.push(frame{kind: fAction, p: p})
	if !s.placedOn.empty() {
		// Placed resources are taken "as the first part of the action";
		// takePlaced's own test of an empty space made here, without its
		// call (most spaces hold nothing).
		if !s.placedOn.has(sp) {
			s.placedFresh.remove(sp)
		} else if s.takePlaced(p, sp) > 0 {
			// A token lying there is corruption taken (Shelter Zhentarim
			// Agents, RULES.md 119). Not in the legality check's copy
			// (resolvesTakingPlaced): the card drawn is hidden.
			s.onCorruptionTaken(p)
		}
	}
	info := &s.c.spaces[sp]
	if info.gainOnly && info.tile == none && mode != placeMoved && int(s.sp) < len(s.stack) {
		// A basic space whose action is one gain: resolved here, as run
		// would resolve its program frame next (nothing is pushed after it
		// on a basic space, and place is answer's last work), and then the
		// action frame beneath it, if it is on top. The program frame is
		// written where run leaves it, popped after its one step (pc 1):
		// the frames above the top are part of the State's value (a saved
		// game keeps them), so they stay as the general path leaves them.
		s.stack[s.sp] = frame{kind: fProgram, p: p, pc: 1, prog: info.program, a: sp}
		s.gain(p, &s.c.programs[info.program][0].Bundle)
		if t := s.top(); t.kind == fAction {
			done := *t
			s.sp--
			if s.mayGetActionBonus(done.p, done.a) {
				s.actionBonuses(done.p, done.a)
			}
		}
		return
	}
	s.push(frame{kind: fProgram, p: p, prog: info.program, a: sp})
	if t := info.tile; t != none && !s.inPlay(t) {
		// Obtain Builder's Plans: a tile for sale, used as though owned.
		ps.visitUsed = true
	} else if t != none {
		// Owner benefit: "when someone other than the owner assigns an
		// Agent". Appendix 4: not for the Ambassador on its holder's tile.
		// Pushed last, it is resolved before the action (RULES.md 40).
		if owner := s.tileOwner[t] - 1; owner != p {
			if s.events != nil {
				s.emit(Event{Kind: EvOwnerBenefit, Player: PlayerID(owner), Space: SpaceID(sp)})
			}
			s.push(frame{kind: fProgram, p: owner, prog: s.c.tileBenefit[t], a: none})
		} else if s.c.um.ownBenefit && mode != placeAmbassador && s.hasPlot(p, quests.OwnBenefit) {
			// Impersonate Tax Collector: the owner's own agent also gets the
			// owner benefit, which is not the action's gain (RULES.md 215).
			s.emit(Event{Kind: EvOwnerBenefit, Player: PlayerID(p), Space: SpaceID(sp)})
			s.push(frame{kind: fNoAction, p: p})
			s.push(frame{kind: fProgram, p: p, prog: s.c.tileBenefit[t], a: none})
		}
	}
}

func (s *State) addShared(sp, p uint8) {
	for i := range s.shared {
		if s.shared[i].player == none {
			s.shared[i] = agentAt{space: sp, player: p}
			return
		}
	}
}

func (s *State) addFollower(slot, p, from uint8) {
	for i := range s.follow {
		if s.follow[i].slot == none {
			s.follow[i] = follower{slot: slot, player: p, from: from}
			return
		}
	}
}

// removeAgent takes one of player p's agents off space sp.
func (s *State) removeAgent(sp, p uint8) {
	for i := range s.follow {
		if s.follow[i].player == p && s.follow[i].from == sp {
			s.follow[i] = follower{none, none, none}
		}
	}
	for i := range s.shared {
		if s.shared[i].player == p && s.shared[i].space == sp {
			s.shared[i] = agentAt{none, none}
			return
		}
	}
	if s.occupant[sp] == p+1 {
		s.setOccupant(sp, 0)
		s.promoteShared(sp)
	}
}

// promoteShared moves a second agent on sp, if any, into the empty place.
func (s *State) promoteShared(sp uint8) {
	for i := range s.shared {
		if s.shared[i].player != none && s.shared[i].space == sp {
			s.setOccupant(sp, s.shared[i].player+1)
			s.shared[i] = agentAt{none, none}
			return
		}
	}
}
