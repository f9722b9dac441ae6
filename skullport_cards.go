package waterdeep

import (
	"math/bits"

	"github.com/waterdeep-go/waterdeep/content"
	"github.com/waterdeep-go/waterdeep/internal/english"
)

// The effects of the Skullport module's cards and tiles (issue 13): the
// steps and special handlers that move corruption, adventurers, gold,
// buildings and mandatory quests between players, and the decisions they
// ask. The plot quests' lasting effects are in skullport_plots.go.

// The purposes of these cards' decisions are in frame.go with the others.

// execSkullportStep resolves the steps of the Skullport cards (see
// content.StepEachOpponentMay and after).
func (s *State) execSkullportStep(f *frame, st *content.Step) {
	p := f.p
	n := s.numPlayers
	switch st.Kind {
	case content.StepEachOpponentMay, content.StepEachOpponentReturns:
		// Every opponent in turn order from the player's left.
		o, ok := f.nextOpponent(n)
		if !ok {
			return
		}
		if st.Kind == content.StepEachOpponentMay {
			s.push(respondFrame(o, respondDeal, p, f.prog, f.pc))
		} else {
			s.push(pickFrame(o, pickReturn, uint8(st.Count), content.AllAdventurers))
		}
	case content.StepMoreCorruptGainCorruption:
		f.pc++
		mine := s.players[p].corrupt
		for i := uint8(1); i < n; i++ {
			// Open Lord: an attack passes a revealed lord by (RULES.md 118).
			if o := (p + i) % n; s.players[o].corrupt > mine && !s.lordShown(o) {
				s.gainCorruption(o, st.Count)
			}
		}
	case content.StepVPIfLeastCorrupt:
		f.pc++
		mine := s.players[p].corrupt
		for o := range n {
			if o != p && s.players[o].corrupt <= mine {
				return
			}
		}
		s.players[p].addVP(int32(st.Bundle.VP))
		s.emitGain(EvScored, p, Bundle{VP: st.Bundle.VP})
	case content.StepRemoveTrackCorruption:
		// Reading (RULES.md 104): the tokens are taken as a gain takes
		// them, from the space closest to -1 that holds one.
		f.pc++
		for range st.Count {
			if s.takeFromTrack() {
				s.corruptionBox++
			}
		}
	case content.StepReturnCorruptionUpTo, content.StepRemoveCorruptionUpTo:
		// "Up to": the player chooses, one token at a time (RULES.md
		// 101); holding none, they are asked nothing.
		f.pc++
		if s.players[p].corrupt > 0 {
			s.push(upToRespondFrame(p, f.prog, f.pc-1, 1))
		}
	case content.StepGiveOwner:
		f.pc++
		s.push(toOwnerPickFrame(p, uint8(st.Count), s.benefitOwner(p, f.space())))
	case content.StepStealGoldSeeLord:
		f.pc++
		s.push(playerFrame(p, targetBlackmail, uint8(st.Count)))
	default:
		f.pc++
	}
}

// benefitOwner returns who receives what a visitor of space sp gives its
// owner (The Frontal Lobe): the tile's owner when player p is assigned
// there and is not the owner; none (the supply) when p owns it, when the
// tile is for sale (Sample Wares) or when p only copies the space (reading:
// as for owner benefits, RULES.md 105).
func (s *State) benefitOwner(p uint8, sp uint8) uint8 {
	if sp == none || int(sp) >= len(s.c.spaces) {
		return none
	}
	t := s.c.spaces[sp].tile
	if t == none || !s.inPlay(t) || !s.hasOwnAgent(int(sp), p) {
		return none
	}
	if o := s.tileOwner[t] - 1; o != p {
		return o
	}
	return none
}

// execSkullportSpecial resolves the special handlers of the Skullport
// cards and tiles.
func (s *State) execSkullportSpecial(f *frame, sp content.Special) {
	p := f.p
	ps := &s.players[p]
	switch sp {
	case content.CopyMoreCorrupt:
		f.pc++
		s.push(spaceFrame(p, spaceCopyCorrupt, none))
	case content.FoistMandatory:
		f.pc++
		s.push(playerFrame(p, targetFoist, 0))
	case content.StealBuilding:
		f.pc++
		s.push(buildingFrame(p, buildSteal))
	case content.MoveCorruption:
		f.pc++
		if ps.corrupt > 0 {
			s.push(spaceFrame(p, spaceMoveCorruption, 0))
		}
	case content.RecallPerCorruption:
		// Take the tokens, then one agent back per token (tokensLeft counts what
		// is left); an agent returned while Harbor agents are reassigned
		// is assigned again at once, as with Recall Agent (Appendix 4).
		switch f.stage() {
		case 0:
			f.setStage(1)
			f.setTokensLeft(0)
			if t, ok := s.c.SpaceTile(SpaceID(f.space())); ok && f.space() != none {
				n := s.tileStock[t]
				s.tileStock[t] = 0
				ps.corrupt += n
				f.setTokensLeft(n)
				// Told like any token taken (they left the track when
				// they piled up here).
				s.emitCorruption(EvCorruptionTaken, p, int(n))
				if n > 0 {
					s.onCorruptionTaken(p)
				}
			}
		case 1:
			if f.tokensLeft() == 0 || ps.pool >= ps.agents {
				f.setStage(0)
				f.setTokensLeft(0)
				f.pc++
				return
			}
			f.setTokensLeft(f.tokensLeft() - 1)
			f.setStage(2)
			s.push(spaceFrame(p, spaceRecall, 0))
		default:
			f.setStage(1)
			if s.phase == phaseReassign && ps.pool > 0 {
				s.push(placeFrame(p, placeExtra, 0))
			}
		}
	default:
		f.pc++
	}
}

// acceptDeal resolves an opponent's yes to an each_opponent_may step: pay,
// return corruption, gain, take corruption, and choose the adventurers of
// any kind paid.
func (s *State) acceptDeal(p uint8, st *content.Step) {
	if !st.Else.IsZero() {
		s.pay(p, st.Else)
	}
	if st.Corruption > 0 {
		s.returnCorruption(p, st.Corruption)
	}
	if !st.Bundle.IsZero() {
		s.gain(p, &st.Bundle)
	}
	if st.Count > 0 {
		s.gainCorruption(p, st.Count)
	}
	if st.Else.Any > 0 {
		s.push(pickFrame(p, pickReturn, uint8(st.Else.Any), content.AllAdventurers))
	}
}

// upToAnswered answers the dRespond f of an up-to step (respondUpTo): with
// yes, one token of player f.p goes back to the track (or to the box) and,
// while the step's count and the player's tokens last, the next one is
// asked about. Once the player stops, or can return no more, a return of at
// least one token offers Protect Converts to Eilistraee's extra one
// (RULES.md 109).
func (s *State) upToAnswered(f frame, yes bool) {
	p := f.p
	ps := &s.players[p]
	st := &s.c.programs[f.prog][f.pc]
	returns := st.Kind == content.StepReturnCorruptionUpTo
	if yes {
		if returns {
			s.putOnTrack() // there is always room (putOnTrack)
			ps.corrupt--
			s.emitCorruption(EvCorruptionReturned, p, 1)
		} else {
			ps.corrupt--
			s.corruptionBox++
			s.emitCorruption(EvCorruptionRemoved, p, 1)
		}
		if int(f.nth()) < st.Count && ps.corrupt > 0 {
			f.nextToken()
			s.push(f)
			return
		}
	}
	if returns && (yes || f.nth() > 1) {
		s.onCorruptionReturned(p)
	}
}

// dealText writes an each_opponent_may deal as a question: "take 4 gold
// and 1 corruption token?", "pay 4 gold to return 1 corruption token?".
func dealText(st *content.Step) string {
	var deal []string
	if !st.Bundle.IsZero() {
		deal = append(deal, st.Bundle.Describe())
	}
	if st.Count != 0 {
		deal = append(deal, english.Count(st.Count, "corruption token", "corruption tokens"))
	}
	s := "take " + english.JoinAnd(deal)
	if st.Corruption != 0 {
		s = "return " + english.Count(st.Corruption, "corruption token", "corruption tokens")
		if len(deal) > 0 {
			s += " and take " + english.JoinAnd(deal)
		}
	}
	if !st.Else.IsZero() {
		s = "pay " + st.Else.Describe() + " to " + s
	}
	return s + "?"
}

// canAcceptDeal reports whether player p can accept deal st: pay what it
// asks and, if it returns corruption, hold a token to return.
func (s *State) canAcceptDeal(p uint8, st *content.Step) bool {
	ps := &s.players[p]
	if !ps.canPay(st.Else) {
		return false
	}
	if st.Else.Any > 0 && ps.cubes()-st.Else.Adventurers() < st.Else.Any {
		return false
	}
	return st.Corruption == 0 || ps.corrupt > 0
}

// answerBlackmail moves up to n gold from o to p, and p looks at o's lord.
func (s *State) answerBlackmail(p, o uint8, n uint8) {
	victim := &s.players[o]
	gold := min(victim.gold, int32(n))
	victim.gold -= gold
	s.players[p].addGold(gold)
	s.noteGain(p, bit(gold > 0)*gotGold)
	s.emit(Event{Kind: EvTransferred, Player: PlayerID(p), Other: PlayerID(o), Amount: Bundle{Gold: int(gold)}})
	s.seenLords[p] |= 1 << o
	s.emit(Event{Kind: EvLordSeen, Player: PlayerID(p), Other: PlayerID(o)})
}

// stealBuilding moves tile t from its owner to p (Forge Deed). What lies
// or accumulates on it stays with the tile.
func (s *State) stealBuilding(p uint8, t uint8) {
	o := s.tileOwner[t] - 1
	s.players[o].buildings--
	s.emit(Event{Kind: EvBuildingLost, Player: PlayerID(o), Building: BuildingID(t)})
	s.setTileOwner(t, p+1)
	s.players[p].buildings++
	s.emit(Event{Kind: EvBuildingGained, Player: PlayerID(p), Building: BuildingID(t)})
}

// moveCorruptionTo moves one of p's corruption tokens onto space sp, where
// the next agent assigned takes it.
func (s *State) moveCorruptionTo(p uint8, sp uint8) {
	s.players[p].corrupt--
	s.piles[sp].corruption++
	s.piled.add(sp)
	if s.events != nil {
		// From the tavern, not the track: its own kind, so that events
		// account for the player's tokens.
		s.emit(Event{Kind: EvCorruptionMoved, Player: PlayerID(p), Space: SpaceID(sp), Corruption: 1})
	}
}

// moveCorruptionReason tells whether p may move a corruption token onto
// space sp: any space in play, as for placed resources.
func (s *State) moveCorruptionReason(p uint8, sp int) Reason {
	if s.players[p].corrupt == 0 {
		return CannotAfford
	}
	return s.pileTargetReason(sp)
}

// moreCorruptAgent reports whether space sp holds an agent of an opponent
// of p with more corruption than p (Doppelganger). The Ambassador counts
// as its holder's agent.
func (s *State) moreCorruptAgent(sp int, p uint8) bool {
	mine := s.players[p].corrupt
	more := func(mark uint8) bool {
		o := mark - 1
		if mark == ambassadorMark {
			o = s.ambHolder
		}
		return o < s.numPlayers && o != p && s.players[o].corrupt > mine
	}
	if m := s.occupant[sp]; m != 0 && more(m) {
		return true
	}
	for _, a := range s.shared {
		if a.player != none && int(a.space) == sp && more(a.player+1) {
			return true
		}
	}
	return false
}

// copyCorruptReason tells whether p may use the action of space t with
// Doppelganger, played by the agent st describes.
func (s *State) copyCorruptReason(p uint8, t int, depth int, spent int32, st standing) Reason {
	if t < 0 || t >= len(s.c.spaces) {
		return NoSuchSpace
	}
	if !s.moreCorruptAgent(t, p) {
		return SpaceUnavailable
	}
	return s.copyTargetReason(p, -1, t, depth, spent, st|standHarbor)
}

// anyCopyCorrupt reports whether Doppelganger, played by p as st says,
// has a space to copy (copyCorruptReason). Its reference is
// anyCopyCorruptRef, copyCorruptReason asked of every space.
func (s *State) anyCopyCorrupt(p uint8, depth int, spent int32, st standing) bool {
	// Only an opponent more corrupt than p can hold such a space (see
	// moreCorruptAgent): without one, no space is looked at.
	mine, more := s.players[p].corrupt, false
	for o := range s.numPlayers {
		more = more || o != p && s.players[o].corrupt > mine
	}
	if !more || depth > maxCopyDepth {
		return false // beyond the depth, canResolve passes no space
	}
	// A space whose action cannot fail (not conditional, nor a copying
	// space, which is conditional) that holds a more corrupt opponent's
	// agent is one, without copyCorruptReason's walk (see anyCopyTarget);
	// only the conditional spaces need it (anyCopyCorruptRef).
	sure := s.occupied.andNot(s.c.conditionalSpaces)
	for i := range 2 {
		for w := sure.word(i); w != 0; w &= w - 1 {
			if s.moreCorruptAgent(i<<6|bits.TrailingZeros64(w), p) {
				return true
			}
		}
	}
	walk := s.occupied.and(s.c.conditionalSpaces)
	for i := range 2 {
		for w := walk.word(i); w != 0; w &= w - 1 {
			if s.copyCorruptReason(p, i<<6|bits.TrailingZeros64(w), depth, spent, st) == 0 {
				return true
			}
		}
	}
	return false
}

// stealBuildingReason tells whether p may take control of tile t.
func (s *State) stealBuildingReason(p uint8, t int) Reason {
	if t < 0 || t >= len(s.c.tiles) || !s.inPlay(uint8(t)) || s.tileOwner[t] == p+1 {
		return NoSuchBuilding
	}
	if s.lordShown(s.tileOwner[t] - 1) {
		return NoSuchBuilding // Open Lord: not the attack's to take (RULES.md 118)
	}
	if s.players[p].buildings >= maxBuildings {
		return TooManyBuildings
	}
	return 0
}

func (s *State) anyStealBuilding(p uint8) bool {
	// Only a tile in play can be taken (the board's mask of them).
	for w := s.built; w != 0; w &= w - 1 {
		if s.stealBuildingReason(p, bits.TrailingZeros64(w)) == 0 {
			return true
		}
	}
	return false
}

// anyCorruptOpponent reports whether p has an opponent Foist Responsibility
// may hand a quest to: one holding corruption who did not reveal their lord
// (RULES.md 118).
func (s *State) anyCorruptOpponent(p uint8) bool {
	for o := range s.numPlayers {
		if o != p && s.players[o].corrupt > 0 && !s.lordShown(o) {
			return true
		}
	}
	return false
}

// skullportCardPlayable checks the steps of a Skullport intrigue card that
// may be impossible (see cardPlayable), played by the agent at describes.
func (s *State) skullportCardPlayable(p uint8, st *content.Step, depth int, spent int32, at standing) bool {
	ps := &s.players[p]
	switch st.Special {
	case content.CopyMoreCorrupt:
		return s.anyCopyCorrupt(p, depth+1, spent, at)
	case content.FoistMandatory:
		return !ps.mandatory.empty() && s.anyCorruptOpponent(p)
	case content.StealBuilding:
		return s.anyStealBuilding(p)
	case content.MoveCorruption:
		return ps.corrupt > 0
	}
	return true
}

// tallyModuleOrder is the order of lords.Tally's per-module counts.
var tallyModuleOrder = [2]content.Modules{content.Undermountain, content.Skullport}

// tallyModules counts what Sangalor and The Xanathar score: player p's
// completed quests and controlled tiles of each module, and the
// corruption tokens in p's tavern. Its reference for the tiles is
// tallyModulesRef, a walk of every tile.
// A PlayerID that is not a seat holds nothing here (see CheckSeat).
func (s *State) tallyModules(p PlayerID) (mq, mb [2]int, corruption int) {
	ps := &s.players[p]
	for i := range tallyModuleOrder {
		mq[i] = ps.completed.and(s.c.moduleQuests[i]).len()
		// Only a tile in play has an owner (the board's mask of them).
		for w := s.built & s.c.moduleTiles[i]; w != 0; w &= w - 1 {
			if s.tileOwner[bits.TrailingZeros64(w)] == uint8(p)+1 {
				mb[i]++
			}
		}
	}
	return mq, mb, int(ps.corrupt)
}

// hasPlacementPlots reports whether p has completed a plot quest that watches
// placements (a cheap test on the placement path of every game).
func (s *State) hasPlacementPlots(p uint8) bool {
	return !s.players[p].completed.and(s.c.placementPlots).empty()
}
