package waterdeep

import "github.com/waterdeep-go/waterdeep/quests"

// Assigning an agent (rulebook, "Assign an Agent"): the agent goes on its
// space (the Harbor's agents wait there to be reassigned; an agent beside
// another's, by Recover the Magister's Orb or a copy, shares its space),
// then the space's action resolves, with the owner's benefit, what lies on
// the space and the plot quests that watch it.

// place puts an agent of player p on space sp in mode and resolves the
// space; from is the dPlace frame's b (the space the agent leaves, for a
// reassignment or a move).
func (s *State) place(p uint8, mode placeMode, from uint8, sp uint8) {
	ps := &s.players[p]
	mark := p + 1
	how := AsAgent
	switch mode {
	case placeTurn, placeExtra:
		ps.pool--
	case placeReassign:
		s.removeAgent(from, p)
		how = AsReassignment
	case placeMoved:
		s.removeAgent(from, p)
		how = placedMoved
	case placeAmbassador:
		mark = ambassadorMark
		s.ambSpace = sp
		how = AsAmbassador
	}
	if s.events != nil {
		s.emit(Event{Kind: EvPlaced, Player: PlayerID(p), As: how, Space: SpaceID(sp)})
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
			s.push(programFrame(p, s.c.drawPlayProg, none))
		}
	}
	s.push(actionFrame(p))
	if !s.piled.empty() {
		// Placed resources are taken "as the first part of the action";
		// takePile's own test of an empty space made here, without its
		// call (most spaces hold nothing).
		if !s.piled.has(sp) {
			s.freshPiles.remove(sp)
		} else if s.takePile(p, sp) > 0 {
			// A token lying there is corruption taken (Shelter Zhentarim
			// Agents, RULES.md 119). Not in the legality check's copy
			// (resolvesTakingPile): the card drawn is hidden.
			s.onCorruptionTaken(p)
		}
	}
	info := &s.c.spaces[sp]
	if info.gainOnly && info.tile == none && mode != placeMoved && int(s.sp) < len(s.stack) {
		// A basic space whose action is one gain: resolved here, as run
		// would resolve its program frame next (nothing is pushed after it
		// on a basic space, and place is answer's last work), and then the
		// action frame beneath it, if it is on top. The program frame is
		// never pushed: run would pop it, leaving nothing behind.
		s.gain(p, &s.c.programs[info.program][0].Bundle)
		if t := s.top(); t.kind == fAction {
			done := *t
			s.pop()
			if s.mayGetActionBonus(done.p, done.gave()) {
				s.actionBonuses(done.p, done.gave())
			}
		}
		return
	}
	s.push(programFrame(p, info.program, sp))
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
			s.push(programFrame(owner, s.c.tileBenefit[t], none))
		} else if s.c.um.ownBenefit && mode != placeAmbassador && s.hasPlot(p, quests.OwnBenefit) {
			// Impersonate Tax Collector: the owner's own agent also gets the
			// owner benefit, which is not the action's gain (RULES.md 215).
			s.emit(Event{Kind: EvOwnerBenefit, Player: PlayerID(p), Space: SpaceID(sp)})
			s.push(noActionFrame(p))
			s.push(programFrame(p, s.c.tileBenefit[t], none))
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

// hasOpponentAgent reports whether space sp holds an agent that is not p's.
// Once placed, the Ambassador counts as an opponent's agent for everyone.
func (s *State) hasOpponentAgent(sp int, p uint8) bool {
	if o := s.occupant[sp]; o != 0 && o != p+1 {
		return true
	}
	for _, a := range s.shared {
		if a.player != none && int(a.space) == sp && a.player != p {
			return true
		}
	}
	return false
}

func (s *State) hasOwnAgent(sp int, p uint8) bool {
	if s.occupant[sp] == p+1 {
		return true
	}
	for _, a := range s.shared {
		if a.player == p && int(a.space) == sp {
			return true
		}
	}
	return false
}
