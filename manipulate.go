package waterdeep

import "math/bits"

// Manipulate (Undermountain): "Move an opponent's agent to an unoccupied
// action space (that opponent may take its action), then assign one of
// your unassigned agents." RULES.md 226 gives the reading:
//
//   - the agent moved is an opponent's agent that is the first on its
//     space (not the Ambassador, not at Waterdeep Harbor, whose agents wait
//     to be reassigned), of an opponent whose lord is not revealed (Open
//     Lord);
//   - it goes to an unoccupied action space in play, not at the Harbor;
//   - its owner may then take that space's action as if they had assigned
//     the agent there (what lies on the space, the owner benefit and their
//     plot quests included), if they could have assigned it there;
//   - then the player assigns an agent of their pool, if they have one.

// manipulate resolves stage f.stage() of the Manipulate handler for player f.p.
func (s *State) manipulate(f *frame) {
	switch f.stage() {
	case 0:
		f.setStage(1)
		s.push(spaceFrame(f.p, spaceManipulate, 0))
	case 1:
		f.setStage(2)
		if s.players[f.p].pool > 0 {
			s.push(placeFrame(f.p, placeExtra, 0))
		}
	default:
		f.setStage(0)
		f.pc++
	}
}

// manipulateSourceReason tells whether player p may move the agent on
// space sp, or why not, when the card is played (st: the first agent on a
// space that p's agent leaves is the one sharing it).
func (s *State) manipulateSourceReason(p uint8, sp int, st standing) Reason {
	o := s.firstAgentWhen(sp, p, st)
	if o == 0 || o == p+1 || o == ambassadorMark || s.c.spaces[sp].reassign || s.lordShown(o-1) {
		return SpaceUnavailable
	}
	return 0
}

// manipulateTargetReason tells whether an agent may be moved to space sp,
// or why not, when the card is played (st: not to the space the playing
// agent stands on, but to the one it left, if no one else is there).
func (s *State) manipulateTargetReason(sp int, st standing) Reason {
	info := &s.c.spaces[sp]
	switch {
	case s.occupiedWhen(sp, st):
		return SpaceOccupied
	case info.module&^s.modules != 0, info.reassign, info.tile != none && !s.inPlay(info.tile):
		return SpaceUnavailable
	}
	return 0
}

// manipulatePlayable reports whether player p can play Manipulate: an
// opponent's agent to move, and a space to move it to, when the card is
// played by the agent st describes.
func (s *State) manipulatePlayable(p uint8, st standing) bool {
	source := false
	for i := range 2 {
		for w := s.occupied.word(i); w != 0 && !source; w &= w - 1 {
			source = s.manipulateSourceReason(p, i<<6|bits.TrailingZeros64(w), st) == 0
		}
	}
	if !source {
		return false
	}
	for sp := range s.c.spaces {
		if s.manipulateTargetReason(sp, st) == 0 {
			return true
		}
	}
	return false
}

// moveAgentTo moves the agent on space from to space to, for player p
// (who played Manipulate). Its owner is asked whether to take the action
// there, if they could assign an agent there; else it just stands there.
func (s *State) moveAgentTo(p, from, to uint8) {
	o := s.occupant[from] - 1
	if s.placeReasonInfo(o, placeMoved, int(to), &s.c.spaces[to], false, from) == 0 {
		s.push(movedRespondFrame(o, p, from, to))
		return
	}
	s.agentMoved(movedRespondFrame(o, p, from, to), false)
}

// agentMoved answers the dRespond f of a moved agent's owner: the agent
// goes from space f.from() to space f.to(), and takes its action if act.
func (s *State) agentMoved(f frame, act bool) {
	o, from, to := f.p, f.from(), f.to()
	s.emit(Event{Kind: EvAgentMoved, Player: PlayerID(o), Other: PlayerID(f.other()), Space: SpaceID(from)})
	if act {
		s.place(o, placeMoved, from, to)
		return
	}
	s.removeAgent(from, o)
	s.setOccupant(to, o+1)
	s.emit(Event{Kind: EvPlaced, Player: PlayerID(o), As: placedMoved, Space: SpaceID(to)})
}
