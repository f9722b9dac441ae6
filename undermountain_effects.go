package waterdeep

import (
	"math/bits"

	"github.com/waterdeep-go/waterdeep/content"
	"github.com/waterdeep-go/waterdeep/quests"
)

// The effect steps that the Undermountain module's cards added to the
// vocabulary (content/step.go): an optional exchange, taking every face-up
// quest, a gain for every opponent, and drawing intrigue cards that may be
// played as they are drawn.

// execUndermountainStep resolves step st of frame f (see execStep).
func (s *State) execUndermountainStep(f *frame, st *content.Step) {
	p := f.p
	switch st.Kind {
	case content.StepMayTrade:
		// Asked only of a player who holds the payment.
		if s.players[p].canPay(st.Bundle) {
			s.push(respondFrame(p, respondTrade, p, f.prog, f.pc))
		}
		f.pc++
	case content.StepTakeAllQuests:
		f.pc++
		s.takeAllQuests(p)
	case content.StepEachOpponentGains:
		f.pc++
		n := s.numPlayers
		for i := uint8(1); i < n; i++ {
			s.gain((p+i)%n, &st.Bundle)
		}
	case content.StepDiscardQuest:
		if f.repeat(st.Count) && !s.players[p].active.empty() {
			s.push(discardQuestFrame(p, discardNotMandatory, 0))
		}
	case content.StepDiscardIntrigue:
		if f.repeat(st.Count) && !s.players[p].hand.empty() {
			s.push(discardIntrigueFrame(p, f.stage(), uint8(st.Count)))
		}
	case content.StepPlaceOwn:
		// One adventurer at a time: which one, then where (each space
		// different: pileOn marks it fresh until endPiling).
		if !f.repeat(st.Count) {
			s.endPiling()
			return
		}
		if s.players[p].cubes() > 0 {
			s.push(pickFrame(p, pickOnto, 1, content.AllAdventurers))
		}
	case content.StepBetray:
		s.push(stepPlayerFrame(p, targetBetray, f.prog, f.pc))
		f.pc++
	case content.StepDrawMayPlay:
		if !f.repeat(st.Count) {
			return
		}
		// "You may play each one immediately as it is drawn": the card
		// just drawn, and only if it can be played now.
		if c := s.drawIntrigueCard(p); c != none && s.cardPlayable(p, c, 0, noStanding) {
			s.push(drawnIntrigueFrame(p, c))
		}
	}
}

// copiedDrawPlay follows player p's use of space sp's action by copying it
// (The Zoarstar, Bribe Agent, Doppelganger): if that action plays an
// intrigue card, Study in the Librarium draws one once it is done, as after
// an assignment there (RULES.md 217).
func (s *State) copiedDrawPlay(p, sp uint8) {
	if s.c.drawPlay && s.c.playsIntrigue.has(sp) && s.hasPlot(p, quests.DrawAfterIntrigue) {
		s.push(programFrame(p, s.c.drawPlayProg, none))
	}
}

// discardFromHand discards intrigue card i from player p's hand, face up
// (Trobriand's Graveyard).
func (s *State) discardFromHand(p, i uint8) {
	s.players[p].hand.remove(i)
	s.knownHand.remove(i)
	s.intrigueDiscard.add(i)
	s.emit(Event{Kind: EvIntrigueDiscarded, Player: PlayerID(p), Card: IntrigueID(i)})
}

// takeAllQuests gives player p every face-up quest at Cliffwatch Inn, then
// deals four new ones (reading, RULES.md 208: the quests dealt to replace
// them are not taken too).
func (s *State) takeAllQuests(p uint8) {
	ps := &s.players[p]
	for i, q := range s.cliffwatch {
		if q != none {
			ps.active.add(q)
			s.emit(Event{Kind: EvQuestTaken, Player: PlayerID(p), Quest: QuestID(q)})
			s.cliffwatch[i] = none
			s.questTaken(p, q)
		}
	}
	for i := range s.cliffwatch {
		s.cliffwatch[i] = s.dealQuest()
	}
}

// trade answers a dRespond of purpose respondTrade: with yes, player p
// pays the step's Bundle and gains its Else.
func (s *State) trade(f frame, yes bool) {
	if !yes {
		return
	}
	st := &s.c.programs[f.prog][f.pc]
	s.pay(f.p, st.Bundle)
	s.gain(f.p, &st.Else)
}

// hasTakePlots reports whether player p holds a plot quest that rewards
// taking quests (BonusOnTake): the callers of questTaken test it first, so
// that most quests taken cost this test, not a call.
func (s *State) hasTakePlots(p uint8) bool {
	return !s.players[p].completed.and(s.c.plotQuests[quests.BonusOnTake]).empty()
}

// questTaken applies the plot quests that reward player p for taking quest
// q ("whenever you take an arcana quest, take 1 wizard"), however the quest
// was taken. Like the other plot bonuses, the gain is not an action's and
// triggers no further plots.
func (s *State) questTaken(p, q uint8) {
	ps := &s.players[p]
	plots := ps.completed.and(s.c.plotQuests[quests.BonusOnTake])
	if plots.empty() {
		return
	}
	qt := s.c.quests[q].Type
	for o := plots.next(0); o >= 0; o = plots.next(o + 1) {
		pl := &s.c.quests[o].Plot
		if pl.Type == qt {
			s.giveBonus(p, &pl.Gain)
		}
	}
}

// takeAllForSale puts every tile for sale in Builder's Hall into play
// under player p's control, free, each with the VP lying on it, as far as
// p may control more buildings; each slot is refilled from the stack as it
// is emptied, and the tiles so revealed are not taken (RULES.md 209).
func (s *State) takeAllForSale(p uint8) {
	hall := s.forSale
	for _, t := range hall {
		if t != none && s.players[p].buildings < maxBuildings {
			s.answerBuilding(buildingFrame(p, buildFreeHall), t)
		}
	}
}

// placeOwnPicked takes the adventurer c that player p picked for
// StepPlaceOwn out of p's tavern and asks where it goes. It passes through
// the supply, from which pileOn takes it again.
func (s *State) placeOwnPicked(p uint8, c [content.NumAdventurers]uint8) {
	ps := &s.players[p]
	for k, n := range c {
		if n == 0 {
			continue
		}
		ps.tavern[k] -= n
		s.returnSupply(content.Adventurer(k), n)
		s.emitGain(EvPaid, p, amountOf(c, 0, 0))
		s.push(spaceFrame(p, spacePileOwn, uint8(k)))
		return
	}
}

// faceUpCompletable reports whether player p may complete the face-up
// quests at Cliffwatch Inn (plot quest CompleteFaceUp).
func (s *State) faceUpCompletable(p uint8) bool {
	return s.c.um.faceUp && s.hasPlot(p, quests.CompleteFaceUp)
}

// isFaceUpCompletable reports whether p may complete quest q as a face-up
// quest at Cliffwatch Inn (whether p can pay is checked apart).
func (s *State) isFaceUpCompletable(p, q uint8) bool {
	if !s.faceUpCompletable(p) {
		return false
	}
	for _, c := range s.cliffwatch {
		if c == q {
			return true
		}
	}
	return false
}

// appendFaceUp appends the face-up quests that p can complete.
func (s *State) appendFaceUp(dst []Move, p uint8) []Move {
	ps := &s.players[p]
	for _, q := range s.cliffwatch {
		if q != none && ps.has(&s.c.questNeed[q]) {
			dst = append(dst, mv(mComplete, int(q)))
		}
	}
	return dst
}

// completeFaceUp takes quest q from Cliffwatch Inn to be completed at once
// (Diplomatic Mission to Suzail); its place is refilled from the deck. It
// never is among the player's quests, so it is not a quest taken (RULES.md
// 218).
func (s *State) completeFaceUp(q uint8) {
	for i, c := range s.cliffwatch {
		if c == q {
			s.cliffwatch[i] = s.dealQuest()
		}
	}
}

// visitAvailable reports whether player p may still, this round, assign an
// agent to a building for sale (plot quest VisitForSale).
func (s *State) visitAvailable(p uint8) bool {
	return s.c.um.visit && !s.players[p].visitUsed && s.hasPlot(p, quests.VisitForSale)
}

// visitSpaces returns the spaces of the tiles for sale that p may use with
// Obtain Builder's Plans: free, and with an action p can carry out (as for
// Sample Wares). st is the board around the agent (see sampleReason).
func (s *State) visitSpaces(p uint8, st standing) set128 {
	var out set128
	for _, t := range s.forSale {
		if t != none && s.sampleReason(p, int(t), 0, st) == 0 {
			out.add(uint8(s.c.TileSpace(BuildingID(t))))
		}
	}
	return out
}

// stealKinds is how a steal's kinds travel in its frames: 0 for every kind
// (the base game's steals), else the set (Call for Assistance).
func stealKinds(from content.AdventurerSet) uint8 {
	if from&content.AllAdventurers == content.AllAdventurers {
		return 0
	}
	return uint8(from)
}

// stealAllowed is the inverse of stealKinds.
func stealAllowed(k uint8) content.AdventurerSet {
	if k == 0 {
		return content.AllAdventurers
	}
	return content.AdventurerSet(k)
}

// cubesOf counts the adventurers of kinds in ps's tavern.
func (ps *playerState) cubesOf(kinds content.AdventurerSet) int {
	if kinds == content.AllAdventurers {
		return ps.cubes() // the base game's steals
	}
	n := 0
	for k := range content.NumAdventurers {
		if kinds.Has(content.Adventurer(k)) {
			n += int(ps.tavern[k])
		}
	}
	return n
}

// openLord resolves Open Lord for player p: the lord is revealed (every
// view shows it from now on), the mandatory quests p owes are discarded,
// and opponents' attacks (each_opponent_loses, steals) and mandatory
// quests no longer affect p (RULES.md 222).
func (s *State) openLord(p uint8) {
	ps := &s.players[p]
	s.lordsShown |= 1 << p
	s.emit(Event{Kind: EvLordRevealed, Player: PlayerID(p)})
	for i := ps.mandatory.next(0); i >= 0; i = ps.mandatory.next(i + 1) {
		s.intrigueDiscard.add(uint8(i))
		s.emit(Event{Kind: EvMandatoryDiscarded, Player: PlayerID(p), Card: IntrigueID(i)})
	}
	ps.mandatory = set128{}
}

// lordShown reports whether seat p revealed its lord (Open Lord).
func (s *State) lordShown(p uint8) bool { return s.lordsShown&(1<<p) != 0 }

// anyMandatoryTarget reports whether p has an opponent a mandatory quest
// may be played on (one who did not reveal their lord).
func (s *State) anyMandatoryTarget(p uint8) bool {
	for o := range s.numPlayers {
		if o != p && !s.lordShown(o) {
			return true
		}
	}
	return false
}

// demolishReason tells whether player p may demolish tile t (Demolish): a
// tile in play with no agent on it; if an opponent owns it, one who did not
// reveal their lord (Open Lord), p can pay its cost and has a control
// marker left for the tile taken next (RULES.md 223). "No agent on it" is
// when the card is played (st).
func (s *State) demolishReason(p uint8, t int, st standing) Reason {
	if t < 0 || t >= len(s.c.tiles) || !s.inPlay(uint8(t)) {
		return NoSuchBuilding
	}
	sp := int(s.c.TileSpace(BuildingID(t)))
	if s.occupiedWhen(sp, st) {
		return SpaceOccupied
	}
	owner := s.tileOwner[t] - 1
	if owner == p {
		return 0
	}
	if s.lordShown(owner) {
		return NoSuchBuilding // Open Lord: an attack cannot affect its owner
	}
	if s.players[p].buildings >= maxBuildings {
		// The tile taken next needs a free control marker, which only
		// demolishing one's own tile frees.
		return TooManyBuildings
	}
	if s.players[p].gold < int32(s.c.tiles[t].Cost) {
		return CannotAfford
	}
	return 0
}

func (s *State) anyDemolish(p uint8, st standing) bool {
	// Only a tile in play can be demolished (the board's mask of them).
	for w := s.built; w != 0; w &= w - 1 {
		if s.demolishReason(p, bits.TrailingZeros64(w), st) == 0 {
			return true
		}
	}
	return false
}

// demolish takes tile t out of the game for player p; an opponent owner is
// paid its cost (RULES.md 223).
func (s *State) demolish(p, t uint8) {
	owner := s.tileOwner[t] - 1
	if owner != p {
		cost := s.c.tiles[t].Cost
		s.players[p].gold -= int32(cost)
		s.players[owner].addGold(int32(cost))
		s.emit(Event{Kind: EvTransferred, Player: PlayerID(owner), Other: PlayerID(p), Amount: Bundle{Gold: cost}})
	}
	s.discardTile(owner, t)
	s.emit(Event{Kind: EvBuildingLost, Player: PlayerID(owner), Building: BuildingID(t)})
}

// umRules says which Undermountain rules a content uses (see Content.um).
type umRules struct {
	takePlots  bool // a bonus_on_take plot quest
	spending   bool // a quest with adventurers of any kind, per_spent, or keep_spent
	faceUp     bool // a complete_face_up plot quest
	ownBenefit bool // an own_benefit plot quest
	visit      bool // a visit_for_sale plot quest
	// pickThenPlay: a space gives adventurers of any kind, then must play
	// an intrigue card (The Eye's Lair; pickBeforePlay).
	pickThenPlay bool
}

// note records the rules quest q uses.
func (u *umRules) note(q *quests.Quest) {
	switch q.Plot.Kind {
	case quests.BonusOnTake:
		u.takePlots = true
	case quests.KeepSpent:
		u.spending = true
	case quests.CompleteFaceUp:
		u.faceUp = true
	case quests.OwnBenefit:
		u.ownBenefit = true
	case quests.VisitForSale:
		u.visit = true
	}
	if q.Requires.Any > 0 || !q.PerSpent.Gain.IsZero() {
		u.spending = true
	}
}

// placeTargets returns the spaces pileTargetReason accepts: the board
// spaces of the game's modules and the spaces of tiles in play, less those
// that received resources in the placement being resolved; with the list
// of placed resources full, only spaces already on it.
func (s *State) placeTargets() set128 {
	c := s.c
	open := c.boardSpaces[s.modules&content.AllModules].or(set128{lo: s.built}.shiftUp(c.tileBase))
	return open.andNot(s.freshPiles)
}

// betray resolves StepBetray st for player p against opponent o: p takes
// st's gold (as much as o has), then chooses st.Bundle.Any adventurers of
// o's (as many as o has); the card being played will go to o's hand
// (RULES.md 224).
func (s *State) betray(p, o uint8, st *content.Step) {
	victim := &s.players[o]
	if g := min(victim.gold, int32(st.Bundle.Gold)); g > 0 {
		victim.gold -= g
		s.players[p].addGold(g)
		s.noteGain(p, gotGold)
		s.emit(Event{Kind: EvTransferred, Player: PlayerID(p), Other: PlayerID(o), Amount: Bundle{Gold: int(g)}})
	}
	// The card goes to o once its effect is resolved: mark its frame.
	for i := int(s.sp) - 1; i >= 0; i-- {
		if f := &s.stack[i]; f.kind == fDiscard && f.p == p {
			f.setHandTo(o)
			break
		}
	}
	if st.Bundle.Any > 0 && victim.cubes() > 0 {
		s.push(stealPickFrame(p, uint8(st.Bundle.Any), o, 0))
	}
}

// handOver puts intrigue card i, just played by p, in o's hand, where
// everyone knows it is.
func (s *State) handOver(p, o, i uint8) {
	s.players[o].hand.add(i)
	s.knownHand.add(i)
	s.emit(Event{Kind: EvIntrigueHandedOver, Player: PlayerID(o), Other: PlayerID(p), Card: IntrigueID(i)})
}

// pickBeforePlay reports whether the dPick f chooses adventurers that an
// action gives just before it must play an intrigue card that the player
// cannot play as things are (The Eye's Lair: "take 1 adventurer of any
// type, then play 1 intrigue card", with Allied Faiths needing a cleric):
// then only the picks that make a card playable are allowed, as far as one
// does (RULES.md 229). The card is judged as it will be when played: with
// the board as it is (noStanding, as the card's own decision does).
func (s *State) pickBeforePlay(f *frame) bool {
	if !s.c.um.pickThenPlay || f.pickPurpose() != pickGain || s.sp < 2 {
		return false
	}
	below := &s.stack[s.sp-2]
	if below.kind != fProgram || below.p != f.p || s.players[f.p].hand.empty() {
		return false
	}
	prog := s.c.programs[below.prog]
	if int(below.pc) >= len(prog) || prog[below.pc].Kind != content.StepSpecial || prog[below.pc].Special != content.PlayIntrigue {
		return false
	}
	return !s.anyPlayable(f.p, 1, noStanding)
}

// pickLeavesPlay reports whether player p could play an intrigue card
// after gaining the adventurers c.
func (s *State) pickLeavesPlay(p uint8, c [content.NumAdventurers]uint8) bool {
	t := *s
	t.events = nil
	for k, n := range c {
		t.players[p].tavern[k] += n
	}
	return t.anyPlayable(p, 1, noStanding)
}

// anyPickLeavesPlay reports whether some pick of need adventurers from
// avail leaves player f.p a playable card.
func (s *State) anyPickLeavesPlay(f *frame, avail [content.NumAdventurers]uint8, need int) bool {
	have := lanes(avail)
	for _, r := range combosOfSize[need] {
		if covers(have, comboLanes[r]) && s.pickLeavesPlay(f.p, decodePick(int(r)*8).Cubes()) {
			return true
		}
	}
	return false
}

// keepPicksThatPlay keeps, of picks (of need adventurers, as pickChoices
// gives them), those that leave player p a playable card, unless none
// does.
func (s *State) keepPicksThatPlay(picks set128, need int, p uint8) set128 {
	var out set128
	for i := range 2 {
		for w := picks.word(i); w != 0; w &= w - 1 {
			j := i<<6 | bits.TrailingZeros64(w)
			if s.pickLeavesPlay(p, comboOf[combosOfSize[need][j]]) {
				out.add(uint8(j))
			}
		}
	}
	if out.empty() {
		return picks // no pick helps: any may be taken
	}
	return out
}
