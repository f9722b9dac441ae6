package waterdeep

import (
	"encoding/binary"

	"github.com/waterdeep-go/waterdeep/content"
	"github.com/waterdeep-go/waterdeep/quests"
)

// execStep resolves step st of the program frame f: either it finishes
// (f.pc advances) or it pushes a decision (or another program) and, if it
// has more to do afterwards, keeps its place with its stage.
func (s *State) execStep(f *frame, st *content.Step) {
	p := f.p
	ps := &s.players[p]
	n := s.numPlayers
	switch st.Kind {
	case content.StepGain:
		f.pc++
		s.gain(p, &st.Bundle)
		if st.Bundle.Any > 0 {
			// Then the adventurers of any kind, chosen from the supply.
			s.push(pickFrame(p, pickGain, uint8(st.Bundle.Any), content.AllAdventurers))
		}
	case content.StepPay:
		f.pc++
		s.pay(p, st.Bundle)
		if st.Bundle.Any > 0 {
			s.push(pickFrame(p, pickReturn, uint8(st.Bundle.Any), content.AllAdventurers))
		}
	case content.StepGainCorruption:
		f.pc++
		s.gainCorruption(p, st.Count)
	case content.StepReturnCorruption:
		f.pc++
		s.returnCorruption(p, st.Count)
	case content.StepRemoveCorruption:
		f.pc++
		s.removeCorruption(p, st.Count)
	case content.StepPlace:
		// One space at a time, each different (fresh marks those chosen).
		if int(f.stage()) >= st.Count {
			s.endPiling()
			f.setStage(0)
			f.pc++
			return
		}
		f.setStage(f.stage() + 1)
		s.push(pileFrame(p, f.prog, f.pc))
	case content.StepChoose:
		f.pc++
		s.push(pickFrame(p, pickGain, uint8(st.Count), st.From))
	case content.StepChooseOne:
		s.push(chooseOneFrame(p, f.prog, f.pc))
		f.pc++
	case content.StepReturn:
		f.pc++
		s.push(pickFrame(p, pickReturn, uint8(st.Count), st.From))
	case content.StepTakeQuest:
		if int(f.stage()) >= st.Count {
			f.setStage(0)
			f.pc++
			return
		}
		f.setStage(f.stage() + 1)
		s.push(takeQuestFrame(p, false, 0))
	case content.StepDrawQuest:
		f.pc++
		for range st.Count {
			if q := s.drawQuest(); q != none {
				ps.active.add(q)
				if s.events != nil {
					s.emit(Event{Kind: EvQuestTaken, Player: PlayerID(p), Quest: QuestID(q)})
				}
				if s.c.um.takePlots && s.hasTakePlots(p) {
					s.questTaken(p, q)
				}
			}
		}
	case content.StepEachOpponentLoses:
		f.pc++
		lose := st.Bundle.Cubes()
		for i := uint8(1); i < n; i++ {
			o := &s.players[(p+i)%n]
			if s.lordShown((p + i) % n) {
				continue // Open Lord: not affected by the attack
			}
			paid := true
			for k, c := range lose {
				if int(o.tavern[k]) < c {
					paid = false
				}
			}
			if paid {
				for k, c := range lose {
					o.tavern[k] -= uint8(c)
					s.returnSupply(content.Adventurer(k), uint8(c))
				}
				c := st.Bundle.Cubes()
				s.emitGain(EvPaid, (p+i)%n, Bundle{Cleric: c[0], Fighter: c[1], Rogue: c[2], Wizard: c[3]})
			} else {
				s.gain(p, &st.Else)
			}
		}
	case content.StepGift:
		s.push(stepPlayerFrame(p, targetGift, f.prog, f.pc))
		f.pc++
	case content.StepEachOpponentMayGive, content.StepEachOpponentChooses:
		o, ok := f.nextOpponent(n)
		if !ok {
			return
		}
		if st.Kind == content.StepEachOpponentMayGive {
			s.push(respondFrame(o, respondGive, p, f.prog, f.pc))
		} else {
			s.push(pickFrame(o, pickGain, uint8(st.Count), st.From))
		}
	case content.StepSteal:
		f.pc++
		s.push(stealPlayerFrame(p, uint8(st.Count), stealKinds(st.From)))
	case content.StepVPPerBuilding:
		f.pc++
		ps.addVP(int32(st.Count) * int32(ps.buildings))
		s.emitGain(EvScored, p, Bundle{VP: st.Count * int(ps.buildings)})
	case content.StepGoldPerBuilding:
		f.pc++
		s.gain(p, &content.Bundle{Gold: st.Count * s.tilesInPlay()})
	case content.StepTakeQuestMayComplete:
		f.pc++
		s.push(takeQuestFrame(p, false, uint8(st.Bundle.VP)))
	case content.StepFreeBuilding:
		f.pc++
		if st.Source == "hall" {
			s.push(buildingFrame(p, buildFreeHall))
		} else if st.Source == "hall_all" {
			s.takeAllForSale(p)
		} else if ps.buildings < maxBuildings && s.tileStackLen > 0 {
			t := s.drawTile()
			s.acquire(p, t)
			s.emit(Event{Kind: EvBuildingGained, Player: PlayerID(p), Building: BuildingID(t)})
		}
	case content.StepChangeOfPlans:
		// The player discards one of their own uncompleted quests, then
		// each opponent in turn may discard one of theirs (Appendix 4).
		if f.stage() == 0 {
			f.setStage(1)
			s.push(discardQuestFrame(p, discardRequired, uint8(st.Bundle.VP)))
			return
		}
		if f.stage() >= n {
			f.setStage(0)
			f.pc++
			return
		}
		o := (p + f.stage()) % n
		f.setStage(f.stage() + 1)
		s.push(discardQuestFrame(o, discardOptional, uint8(st.Else.VP)))
	case content.StepSpecial:
		s.execSpecial(f, st.Special)
	case content.StepMayTrade, content.StepTakeAllQuests, content.StepEachOpponentGains, content.StepDrawMayPlay,
		content.StepDiscardQuest, content.StepPlaceOwn, content.StepBetray, content.StepDiscardIntrigue:
		s.execUndermountainStep(f, st)
	default:
		// The Skullport cards' steps (skullport_cards.go).
		s.execSkullportStep(f, st)
	}
}

func (s *State) execSpecial(f *frame, sp content.Special) {
	p := f.p
	ps := &s.players[p]
	switch sp {
	case content.ResetQuests:
		f.pc++
		for i, q := range s.cliffwatch {
			if q != none {
				s.questDiscard.add(q)
				if s.events != nil {
					s.emit(Event{Kind: EvQuestDiscarded, Player: NoPlayer, Quest: QuestID(q)})
				}
			}
			s.cliffwatch[i] = none
		}
		for i := range s.cliffwatch {
			s.cliffwatch[i] = s.dealQuest()
		}
	case content.TakeAccumulated:
		f.pc++
		if t, ok := s.c.SpaceTile(SpaceID(f.space())); ok && f.space() != none {
			s.takeStock(p, uint8(t))
		}
	case content.FirstPlayer:
		f.pc++
		s.first = PlayerID(p)
		s.emit(Event{Kind: EvFirstPlayer, Player: PlayerID(p)})
		if !s.c.plotQuests[quests.FirstPlayerBonus].empty() {
			s.onFirstPlayer(p) // Train Castle Guards
		}
	case content.PlayIntrigue, content.MayPlayIntrigue:
		f.pc++
		// Whether the card's player has an agent at the Harbor is read
		// from the board when the card is chosen (RULES.md 38).
		s.push(intrigueFrame(p, sp == content.MayPlayIntrigue))
	case content.PurchaseBuilding:
		f.pc++
		s.push(buildingFrame(p, buildBuy))
	case content.TakeAmbassador:
		f.pc++
		s.takeAmbassador(p)
	case content.CopySpace:
		f.pc++
		s.push(spaceFrame(p, spaceCopy, f.space()))
	case content.ReturnAgent, content.MayReturnAgent:
		// Appendix 4, Research Chronomancy: an agent returned while Harbor
		// agents are being reassigned is assigned again at once, not to the
		// Harbor. Reading: the same holds for Recall Agent (and Defend the
		// Yawning Portal, whose return is optional).
		switch f.stage() {
		case 0:
			f.setStage(1)
			s.push(spaceFrame(p, spaceRecall, bit(sp == content.MayReturnAgent)))
		case 1:
			f.setStage(2)
			if s.phase == phaseReassign && ps.pool > 0 {
				s.push(placeFrame(p, placeExtra, 0))
			}
		default:
			f.setStage(0)
			f.pc++
		}
	case content.AcceleratePlans:
		// Take an agent back from the Harbor, then assign two agents, one
		// after the other, within this turn.
		switch f.stage() {
		case 0:
			if !s.hasHarborAgent(p) {
				// No agent to take back: no agents to assign either
				// (legality keeps the card from being played so).
				f.pc++
				return
			}
			f.setStage(1)
			s.push(spaceFrame(p, spaceAccelerate, 0))
		case 1, 2:
			f.setStage(f.stage() + 1)
			if ps.pool > 0 {
				s.push(placeFrame(p, placeExtra, 0))
			}
		default:
			f.setStage(0)
			f.pc++
		}
	case content.SampleWares:
		f.pc++
		s.push(buildingFrame(p, buildSampleWares))
	case content.RealEstateDeal:
		switch f.stage() {
		case 0:
			f.setStage(1)
			s.push(buildingFrame(p, buildEstateGiveUp))
		case 1:
			f.setStage(2)
			s.push(buildingFrame(p, buildEstateTake))
		default:
			f.setStage(0)
			f.pc++
		}
	case content.BiddingWar:
		// Deal one quest per player; the player keeps one and passes the
		// rest to the left, each player in turn keeping one.
		n := s.numPlayers
		if f.stage() == 0 {
			for range n {
				if q := s.drawQuest(); q != none {
					s.revealed.add(q)
					s.emit(Event{Kind: EvQuestRevealed, Player: NoPlayer, Quest: QuestID(q)})
				}
			}
		}
		if f.stage() >= n || s.revealed.empty() {
			s.discardRevealed()
			f.setStage(0)
			f.pc++
			return
		}
		o := (p + f.stage()) % n
		f.setStage(f.stage() + 1)
		s.push(takeQuestFrame(o, true, 0))
	case content.SpecialAssignment:
		f.pc++
		s.push(questTypeFrame(p))
	case content.MayPurchaseBuilding:
		f.pc++
		s.push(buildingFrame(p, buildMayBuy))
	case content.OpenLord:
		f.pc++
		s.openLord(p)
	case content.Manipulate:
		s.manipulate(f)
	case content.Demolish:
		switch f.stage() {
		case 0:
			f.setStage(1)
			s.push(buildingFrame(p, buildDemolish))
		case 1:
			f.setStage(2)
			s.push(buildingFrame(p, buildFreeHall))
		default:
			f.setStage(0)
			f.pc++
		}
	default:
		s.execSkullportSpecial(f, sp)
	}
}

// gain gives player p a bundle: adventurers from the supply (as many as are
// left), gold, VP and intrigue cards. What an action gives is noted for the
// plot quests that watch for it.
//
// The four adventurer kinds move as the 16-bit lanes of one word (see
// lanes): what is taken is the lane-wise least of what the bundle gives and
// what the supply holds, and supply and tavern change by one subtraction
// and one addition of their four bytes. Only a module game whose supply
// runs short of a kind (caravans stand in for the cubes) takes them by
// takeShort. Its reference is gainRef, the general path, kind by kind.
func (s *State) gain(p uint8, b *content.Bundle) {
	// Each count is its low byte: content holds at most content.MaxCubes of
	// a kind in a bundle (LoadContent refuses more, and negative counts),
	// and the engine's own bundles (picks, choose_one options) at most 7.
	want := uint64(uint8(b.Cleric)) | uint64(uint8(b.Fighter))<<16 |
		uint64(uint8(b.Rogue))<<32 | uint64(uint8(b.Wizard))<<48
	ps := &s.players[p]
	var t uint32  // the adventurers taken, a byte per kind
	var got uint8 // the kinds gained, and gotGold
	if want != 0 {
		// (Gold and VP only skip this: nothing is taken.)
		supply := lanes(s.supply)
		take := leastLanes(want, supply)
		if take != want && s.modules != 0 {
			// Caravans stand in for the cubes the supply lacks.
			t = s.takeShort(want, take)
			got = kindsIn(t)
		} else {
			t = unlanes(take)
			binary.LittleEndian.PutUint32(s.supply[:], binary.LittleEndian.Uint32(s.supply[:])-t)
			// Each lane's high bit: is it nonzero? (lanes are at most
			// 255); the product gathers the four bits at 45..48 without
			// carries.
			got = uint8(((((take+0x7fff_7fff_7fff_7fff)&laneHigh)>>15)*(1|1<<15|1<<30|1<<45))>>45) & 0xf
		}
		// No byte carries: a tavern and what it gains hold at most the
		// adventurers of a kind in play (25 cubes and maxCaravan more).
		binary.LittleEndian.PutUint32(ps.tavern[:], binary.LittleEndian.Uint32(ps.tavern[:])+t)
	}
	gold := max(b.Gold, 0)
	ps.addGold(int32(gold))
	got |= bit(gold > 0) * gotGold
	if b.VP != 0 {
		ps.addVP(int32(b.VP))
	}
	if s.events != nil {
		s.emitGain(EvGained, p, amountOf([content.NumAdventurers]uint8{uint8(t), uint8(t >> 8), uint8(t >> 16), uint8(t >> 24)}, gold, b.VP))
	}
	for range b.Intrigue {
		s.drawIntrigue(p)
	}
	if got != 0 {
		s.noteGain(p, got)
	}
}

// addVP adds n VP to ps and addGold n gold. n is at least 0 and, for any
// content that loads, below 2^12; the sum saturates at content.MaxHeld, and
// a value already above it (only in a State decoded from a snapshot or a
// view) stays as it is. So VP and gold never wrap, whatever the content and
// however long the game (see content/limits.go for the proof). min and max
// compile to conditional moves: no branch on the hot path.
func (ps *playerState) addVP(n int32) { ps.score = max(ps.score, min(ps.score+n, content.MaxHeld)) }

func (ps *playerState) addGold(n int32) { ps.gold = max(ps.gold, min(ps.gold+n, content.MaxHeld)) }

// takeCubes moves up to n adventurers of kind k from the supply to the
// tavern of ps (as many as the supply has) and returns how many it moved.
func (s *State) takeCubes(ps *playerState, k content.Adventurer, n int) uint8 {
	take := s.takeUpTo(k, uint8(min(max(n, 0), 255)))
	ps.tavern[k] += take
	return take
}

// bit is 1 for true and 0 for false (compiled to a flag move, not a
// branch).
func bit(b bool) uint8 {
	var x uint8
	if b {
		x = 1
	}
	return x
}

const gotGold = 1 << 4

// noteGain records, in the innermost action of player p on the stack, that
// it gave p the kinds in got. Quest rewards (behind fNoAction) and gains of
// other players do not count.
func (s *State) noteGain(p uint8, got uint8) {
	for i := int(s.sp) - 1; i >= 0; i-- {
		switch f := &s.stack[i]; f.kind {
		case fNoAction:
			return
		case fAction:
			if f.p == p {
				f.addGave(got)
			}
			return
		}
	}
}

// giveBonus gives player p a plot's bonus: adventurers (as far as the
// supply goes), gold and intrigue cards. It is not an action's gain.
func (s *State) giveBonus(p uint8, g *content.Bundle) {
	ps := &s.players[p]
	var taken [content.NumAdventurers]uint8
	for k, c := range g.Cubes() {
		taken[k] = s.takeCubes(ps, content.Adventurer(k), c)
	}
	ps.addGold(int32(g.Gold))
	s.emitGain(EvGained, p, amountOf(taken, g.Gold, 0))
	for range g.Intrigue {
		s.drawIntrigue(p)
	}
}

// mayGetActionBonus reports whether an action that gave player p the kinds
// in got may give p a bonus (actionBonuses): it gave something, and p has
// completed a plot quest that acts on actions. Small enough to inline, so
// that the commonest case (no such plot) costs no call.
func (s *State) mayGetActionBonus(p uint8, got uint8) bool {
	return got != 0 && !s.players[p].completed.and(s.c.actionPlots).empty()
}

// actionBonuses applies the plot quests that reward an action for what it
// gave (once per action, however much it gave). The bonuses themselves are
// not an action's gain, so they never trigger further plots (reading).
func (s *State) actionBonuses(p uint8, got uint8) {
	if !s.mayGetActionBonus(p, got) {
		return
	}
	ps := &s.players[p]
	plots := ps.completed.and(s.c.plotQuests[quests.BonusOnGain])
	for q := plots.next(0); q >= 0; q = plots.next(q + 1) {
		pl := &s.c.quests[q].Plot
		if got&(1<<pl.When) != 0 {
			s.giveBonus(p, &pl.Gain)
		}
	}
	// Produce a Miracle for the Masses: once per round, when an action gives
	// clerics, the player may exchange another adventurer for a cleric.
	if got&(1<<content.Cleric) != 0 && !ps.swapUsed && s.hasPlot(p, quests.ClericSwap) &&
		s.supplyOf(content.Cleric) > 0 && ps.cubes() > int(ps.tavern[content.Cleric]) {
		s.push(pickFrame(p, pickSwap, 1, content.Of(content.Fighter, content.Rogue, content.Wizard)))
	}
}

// pay takes bundle b's adventurers and gold from player p, as much of each
// as p holds, back to the supply (caravans first, payCaravans). Without
// caravans the four kinds move as the lanes of one word, as in gain. Its
// reference is payRef, kind by kind.
func (s *State) pay(p uint8, b content.Bundle) {
	ps := &s.players[p]
	var paid [content.NumAdventurers]uint8
	if binary.LittleEndian.Uint32(s.caravan[:]) == 0 {
		// No caravans (always so without a module): the four kinds as
		// the lanes of one word, as in gain. What is paid of a kind is
		// the least of what the bundle asks and the tavern holds.
		want := uint64(uint8(max(b.Cleric, 0))) | uint64(uint8(max(b.Fighter, 0)))<<16 |
			uint64(uint8(max(b.Rogue, 0)))<<32 | uint64(uint8(max(b.Wizard, 0)))<<48
		t := unlanes(leastLanes(want, lanes(ps.tavern)))
		binary.LittleEndian.PutUint32(ps.tavern[:], binary.LittleEndian.Uint32(ps.tavern[:])-t)
		binary.LittleEndian.PutUint32(s.supply[:], binary.LittleEndian.Uint32(s.supply[:])+t)
		binary.LittleEndian.PutUint32(paid[:], t)
	} else {
		s.payCaravans(ps, &b, &paid)
	}
	gold := min(ps.gold, int32(max(b.Gold, 0)))
	ps.gold -= gold
	if s.events != nil {
		s.emitGain(EvPaid, p, amountOf(paid, int(gold), 0))
	}
}

// payCaravans is pay's adventurers where caravans are held: what is paid of a
// kind is the least of what the bundle asks and the tavern holds, and it
// goes back as caravans first, the four kinds at once. Its reference is
// pay's, payRef (kind by kind through returnSupply).
func (s *State) payCaravans(ps *playerState, b *content.Bundle, paid *[content.NumAdventurers]uint8) {
	want := uint64(uint8(max(b.Cleric, 0))) | uint64(uint8(max(b.Fighter, 0)))<<16 |
		uint64(uint8(max(b.Rogue, 0)))<<32 | uint64(uint8(max(b.Wizard, 0)))<<48
	n := leastLanes(want, lanes(ps.tavern))
	t := unlanes(n)
	binary.LittleEndian.PutUint32(ps.tavern[:], binary.LittleEndian.Uint32(ps.tavern[:])-t)
	// Back to the supply: caravans first, then cubes (returnSupply for
	// the four kinds at once).
	c := leastLanes(n, lanes(s.caravan))
	binary.LittleEndian.PutUint32(s.caravan[:], binary.LittleEndian.Uint32(s.caravan[:])-unlanes(c))
	binary.LittleEndian.PutUint32(s.supply[:], binary.LittleEndian.Uint32(s.supply[:])+unlanes(n-c))
	binary.LittleEndian.PutUint32(paid[:], t)
}

func amountOf(c [content.NumAdventurers]uint8, gold, vp int) Bundle {
	return Bundle{Cleric: int(c[0]), Fighter: int(c[1]), Rogue: int(c[2]), Wizard: int(c[3]), Gold: gold, VP: vp}
}

// dealQuest draws a quest for Cliffwatch Inn.
func (s *State) dealQuest() uint8 {
	q := s.drawQuest()
	if q != none {
		if s.events != nil {
			s.emit(Event{Kind: EvQuestDealt, Player: NoPlayer, Quest: QuestID(q)})
		}
	}
	return q
}

func (s *State) tilesInPlay() int {
	n := 0
	for t := range s.c.tiles {
		if s.inPlay(uint8(t)) {
			n++
		}
	}
	return n
}

// drawQuest takes the top quest of the deck, first shuffling the discard
// pile into a new deck if the deck is empty. It returns none when both are
// empty. Completed quests never return to the deck. Like every draw, it
// clears the slot the card leaves, so that the deck's array holds nothing
// beyond the deck and two States at the same position are ==.
func (s *State) drawQuest() uint8 {
	if s.questDeckLen == 0 {
		s.questDeckLen = reshuffle(&s.rng, s.questDeck[:], &s.questDiscard)
		if s.questDeckLen == 0 {
			return none
		}
	}
	s.questDeckLen--
	q := s.questDeck[s.questDeckLen]
	s.questDeck[s.questDeckLen] = 0
	return q
}

// drawTile takes the top tile of the building stack, which holds one
// (tileStackLen > 0), and clears its slot (see drawQuest).
func (s *State) drawTile() uint8 {
	s.tileStackLen--
	t := s.tileStack[s.tileStackLen]
	s.tileStack[s.tileStackLen] = 0
	return t
}

// drawIntrigue gives player p the top intrigue card, reshuffling the
// discard pile into the deck if needed; with neither, p draws nothing.
func (s *State) drawIntrigue(p uint8) { s.drawIntrigueCard(p) }

// drawIntrigueCard is drawIntrigue that returns the card drawn, or none.
func (s *State) drawIntrigueCard(p uint8) uint8 {
	if s.intrigueDeckLen == 0 {
		s.intrigueDeckLen = reshuffle(&s.rng, s.intrigueDeck[:], &s.intrigueDiscard)
		if s.intrigueDeckLen == 0 {
			return none
		}
	}
	s.intrigueDeckLen--
	card := s.intrigueDeck[s.intrigueDeckLen]
	s.intrigueDeck[s.intrigueDeckLen] = 0
	s.players[p].hand.add(card)
	if s.events != nil {
		s.emit(Event{Kind: EvIntrigueDrawn, Player: PlayerID(p), Card: IntrigueID(card), Secret: true})
	}
	return card
}

func (s *State) discardRevealed() {
	if s.events != nil {
		for q := s.revealed.next(0); q >= 0; q = s.revealed.next(q + 1) {
			s.emit(Event{Kind: EvQuestDiscarded, Player: NoPlayer, Quest: QuestID(q)})
		}
	}
	s.questDiscard = s.questDiscard.or(s.revealed)
	s.revealed = set128{}
}

// takeStock gives player p everything accumulated on tile t.
func (s *State) takeStock(p uint8, t uint8) {
	n := int(s.tileStock[t])
	s.tileStock[t] = 0
	ps := &s.players[p]
	switch k := s.c.tileStock[t].what; k {
	case stockCleric, stockFighter, stockRogue, stockWizard:
		// The cubes left the supply when they were stacked.
		ps.tavern[k-stockCleric] += uint8(n)
		if n > 0 {
			s.noteGain(p, 1<<(k-stockCleric))
			var c [content.NumAdventurers]uint8
			c[k-stockCleric] = uint8(n)
			s.emitGain(EvGained, p, amountOf(c, 0, 0))
		}
	case stockGold:
		ps.addGold(int32(n))
		if n > 0 {
			s.noteGain(p, gotGold)
			s.emitGain(EvGained, p, Bundle{Gold: n})
		}
	case stockVP:
		ps.addVP(int32(n))
		s.emitGain(EvScored, p, Bundle{VP: n})
	case stockCorruption:
		ps.corrupt += uint8(n)
	}
}

// addStock stacks one round's worth on tile t (when it is bought and at the
// start of each round); adventurers come from the supply, as far as it goes.
func (s *State) addStock(t uint8) {
	st := s.c.tileStock[t]
	amount := st.amount
	switch k := st.what; k {
	case stockNone:
		return
	case stockCleric, stockFighter, stockRogue, stockWizard:
		amount = s.takeUpTo(content.Adventurer(k-stockCleric), amount)
	case stockCorruption:
		// Monsters Made to Order: tokens come from the track, as far as
		// it has them (reading, RULES.md 106).
		taken := uint8(0)
		for range amount {
			if s.takeFromTrack() {
				taken++
			}
		}
		amount = taken
	}
	s.tileStock[t] = uint8(min(int(s.tileStock[t])+int(amount), 255))
}

// acquire puts tile t into play under player p's control: its stock is
// placed as when bought.
func (s *State) acquire(p uint8, t uint8) {
	s.setTileOwner(t, p+1)
	s.players[p].buildings++
	s.addStock(t)
}

// takeAmbassador resolves The Palace of Waterdeep (Appendix 4): the
// Ambassador is taken from wherever it stands, freeing that space; if it
// waits in a pool, taken but not yet assigned, the action gives nothing.
func (s *State) takeAmbassador(p uint8) {
	if s.ambGone || (s.ambHolder != none && s.ambSpace == none) {
		return
	}
	if s.ambSpace != none {
		s.clearAmbassadorSpace()
	}
	s.ambHolder = p
	s.emit(Event{Kind: EvAmbassadorTaken, Player: PlayerID(p)})
}

func (s *State) clearAmbassadorSpace() {
	sp := s.ambSpace
	s.ambSpace = none
	if s.occupant[sp] == ambassadorMark {
		s.setOccupant(sp, 0)
		s.promoteShared(sp)
	}
}
