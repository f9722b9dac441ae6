package waterdeep

import (
	"math/bits"

	"github.com/waterdeep-go/waterdeep/content"
)

// Choosing an action space for an effect: a space to copy (The Zoarstar,
// Recover the Magister's Orb), an agent to take back, a space to put
// resources or corruption on. spaceReason judges one space, spaceChoices
// lists them.

// spaceChoices returns the spaces that answer the dSpace f, on top (a
// decline, where it is optional, aside).
func (s *State) spaceChoices(f *frame) set128 {
	if sp := spacePurpose(f.a); sp == spacePile || sp == spacePileOwn {
		// A fast path for pileTargetReason over every space (resources
		// are placed often): the same spaces, from the board's sets.
		return s.placeTargets()
	}
	// Only the spaces that can pass are checked, in space order (most
	// spaces fail at once, and there are many): a copy, a recall or an
	// acceleration needs an agent on the space (a shared agent stands
	// beside another; validate), and so does Manipulate's agent to move;
	// moving corruption is placing, with a token to move.
	var candidates set128
	switch spacePurpose(f.a) {
	case spaceCopy, spaceRecall, spaceAccelerate, spaceCopyCorrupt, spaceManipulate:
		candidates = s.occupied
	case spaceMoveCorruption:
		// moveCorruptionReason: a token in the tavern, then
		// pileTargetReason, which passes every one of placeTargets.
		if s.players[f.p].corrupt == 0 {
			return set128{}
		}
		return s.placeTargets()
	case spaceManipulateTo:
		// A free space on the table (manipulateTargetReason, with the
		// board as it is): the board's spaces of the game's modules and
		// the tiles in play, less the occupied ones.
		c := s.c
		open := c.boardSpaces[s.modules&content.AllModules].or(set128{lo: s.built}.shiftUp(c.tileBase))
		candidates = open.andNot(s.occupied)
	default:
		candidates = allSpaces(len(s.c.spaces))
	}
	var legal set128
	for w := candidates.lo; w != 0; w &= w - 1 {
		if s.spaceReason(f, bits.TrailingZeros64(w)) == 0 {
			legal.lo |= w & -w
		}
	}
	for w := candidates.hi; w != 0; w &= w - 1 {
		if s.spaceReason(f, 64|bits.TrailingZeros64(w)) == 0 {
			legal.hi |= w & -w
		}
	}
	return legal
}

// spaceReason checks a space against the dSpace on top.
func (s *State) spaceReason(f *frame, sp int) Reason {
	if sp < 0 || sp >= len(s.c.spaces) {
		return NoSuchSpace
	}
	switch spacePurpose(f.a) {
	case spaceCopy:
		// The Zoarstar's agent (f.b its space) will share a Harbor space it
		// copies; Bribe Agent's agent, if any, is on the board already, and
		// so is the agent that copies (out of the pool).
		return s.copyTargetReason(f.p, int(f.b), sp, 1, 0, boardStanding(f.b != none))
	case spaceRecall:
		if !s.hasOwnAgent(sp, f.p) {
			return NoSuchSpace
		}
	case spaceAccelerate:
		// An agent on a Harbor space, or at The Zoarstar copying one
		// (RULES.md 38).
		if !(s.c.spaces[sp].reassign && s.hasOwnAgent(sp, f.p)) && s.followerFrom(f.p) != uint8(sp) {
			return NoSuchSpace
		}
	case spacePile, spacePileOwn:
		return s.pileTargetReason(sp)
	case spaceCopyCorrupt:
		return s.copyCorruptReason(f.p, sp, 1, 0, noStanding)
	case spaceMoveCorruption:
		return s.moveCorruptionReason(f.p, sp)
	case spaceManipulate:
		return s.manipulateSourceReason(f.p, sp, noStanding)
	case spaceManipulateTo:
		return s.manipulateTargetReason(sp, noStanding)
	}
	return 0
}

// copyTargetReason tells whether p may use the action of space t by copying
// it from space from (The Zoarstar, or none for Bribe Agent), having spent
// gold on the way. st's harbor says that an agent of p's will stand at a
// Harbor space t copied: the agent at The Zoarstar, or the one that played
// Bribe Agent there; a card played otherwise has no agent (RULES.md 38).
// The rest of st is the copying agent's, as for canResolve: the copied
// action is its action, played where it stands.
func (s *State) copyTargetReason(p uint8, from int, t int, depth int, spent int32, st standing) Reason {
	if t < 0 || t >= len(s.c.spaces) {
		return NoSuchSpace
	}
	// A copying space cannot copy a copying space (reading: this keeps
	// The Zoarstar from copying itself through another agent).
	if t == from || s.c.spaces[t].copies || !s.hasOpponentAgent(t, p) {
		return SpaceUnavailable
	}
	info := &s.c.spaces[t]
	if !info.reassign {
		st &^= standHarbor
	}
	if !s.canResolve(p, info.program, t, depth, st, spent) {
		return SpaceUnavailable
	}
	return 0
}

func (s *State) anyCopyTarget(p uint8, from int, depth int, spent int32, st standing) bool {
	// The commonest target first, without copyTargetReason's walk: an
	// opponent's agent (an occupant not p's) on a space whose action cannot
	// fail (not conditional: canResolve then passes it within the depth;
	// nor a copying space, which is conditional) is one
	// (TestAnyCopyTargetIsTheWalk).
	if depth <= maxCopyDepth {
		sure := s.occupied.andNot(s.c.conditionalSpaces)
		for w := sure.lo; w != 0; w &= w - 1 {
			if t := bits.TrailingZeros64(w); s.occupant[t] != p+1 && t != from {
				return true
			}
		}
		for w := sure.hi; w != 0; w &= w - 1 {
			if t := 64 | bits.TrailingZeros64(w); s.occupant[t] != p+1 && t != from {
				return true
			}
		}
	}
	return s.anyCopyTargetWalk(p, from, depth, spent, st)
}

// anyCopyTargetWalk is anyCopyTarget by copyTargetReason's walk of every
// occupied space.
func (s *State) anyCopyTargetWalk(p uint8, from int, depth int, spent int32, st standing) bool {
	// Only a space with someone on it can hold an opponent's agent.
	for i := range 2 {
		for w := s.occupied.word(i); w != 0; w &= w - 1 {
			if s.copyTargetReason(p, from, i<<6|bits.TrailingZeros64(w), depth, spent, st) == 0 {
				return true
			}
		}
	}
	return false
}

// hasHarborAgent reports whether player p has an agent at Waterdeep Harbor
// that stays there: on a Harbor space, or at The Zoarstar copying one, which
// Appendix 4 has share the Harbor space and be reassigned from it (RULES.md
// 38). During Harbor reassignment the agent of the slot in progress
// (harborNext is odd while its agents are reassigned) is leaving, or has
// left, before its new action is resolved, so it does not count; a follower
// leaves s.follow when its own reassignment starts.
func (s *State) hasHarborAgent(p uint8) bool {
	leaving := -1
	if s.phase == phaseReassign && s.harborNext%2 == 1 && int(s.harborNext/2) < len(s.c.harbor) {
		leaving = int(s.c.harbor[s.harborNext/2])
	}
	for _, h := range s.c.harbor {
		if int(h) != leaving && s.hasOwnAgent(int(h), p) {
			return true
		}
	}
	return s.followerFrom(p) != none
}

// followerFrom returns the space of p's agent that copies a Harbor space
// from another space (The Zoarstar) and is reassigned after that Harbor
// slot's agent, or none.
func (s *State) followerFrom(p uint8) uint8 {
	for _, f := range s.follow {
		if f.player == p && !s.c.spaces[f.from].reassign && s.hasOwnAgent(int(f.from), p) {
			return f.from
		}
	}
	return none
}
