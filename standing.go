package waterdeep

// standing describes, for the legality checks, the agent whose action is
// looked at: where it will stand when a card of that action is played. A
// placement is judged before the agent is on the board, yet the card it
// leads to is played with the agent on its space (RULES.md 3): Demolish and
// Real Estate Deal cannot take that tile, nor Manipulate move an agent
// there, while a space a reassigned or moved agent leaves may be free by
// then. The checks made when the card is played see the board as it is
// (noStanding, boardStanding).
//
// It is one word, so that the checks pass it in one register (canResolve,
// on the path of every Harbor placement, has many arguments already), and
// it is made from the placement's own terms, the space, the mode and the
// frame's from, without a test: what they mean is worked out only by the
// few card checks that ask. Bits 0-7 are the space the agent will stand on
// (none: the board shows it already), 8-15 the from, 16-23 how the agent
// gets there (a placeMode, standBoard or standSampled), and standHarbor.
type standing uint32

// standHarbor: the card is played by an agent at the Harbor, which then
// counts as one of the player's assigned agents (Appendix 4; RULES.md 38);
// the Ambassador is nobody's and never is.
const standHarbor standing = 1 << 24

// How an agent comes to stand, besides the placement modes.
const (
	// standBoard: no agent is being placed.
	standBoard placeMode = 8
	// standSampled: an agent sent out of the pool to a tile for sale
	// (Sample Wares, Obtain Builder's Plans); from is the space that the
	// agent whose action sent it left, if any.
	standSampled placeMode = 9
)

// noStanding is the standing of a card played with the board as it is.
const noStanding = standing(none) | standing(none)<<8 | standing(standBoard)<<16

// placing returns the standing of an agent assigned to space at in mode;
// from is the dPlace frame's b, or the space an agent moved by Manipulate
// leaves (meaningful only for placeReassign, placeMoved and standSampled).
func placing(at uint8, mode placeMode, from uint8) standing {
	return standing(at) | standing(from)<<8 | standing(mode)<<16
}

// boardStanding is noStanding for a card played by an agent at the Harbor
// (harbor) or not.
func boardStanding(harbor bool) standing {
	if harbor {
		return noStanding | standHarbor
	}
	return noStanding
}

func (st standing) at() uint8      { return uint8(st) }
func (st standing) how() placeMode { return placeMode(uint8(st >> 16)) }
func (st standing) harbor() bool   { return st&standHarbor != 0 }

// left returns the space the agent leaves: a reassigned agent's Harbor slot
// or copying space, a moved agent's space; none for an agent from the pool,
// the Ambassador, or no agent.
func (st standing) left() uint8 {
	switch st.how() {
	case placeReassign, placeMoved, standSampled:
		return uint8(st >> 8)
	}
	return none
}

// fromPool reports whether the agent has yet to leave the player's pool.
func (st standing) fromPool() bool {
	switch st.how() {
	case placeTurn, placeExtra, standSampled:
		return true
	}
	return false
}

// occupiedWhen reports whether space sp will hold an agent when the card is
// played: the agent's own space does, and the space it leaves only if
// another agent shares it (Recover the Magister's Orb).
func (s *State) occupiedWhen(sp int, st standing) bool {
	switch sp {
	case int(st.at()):
		return true
	case int(st.left()):
		n := 0
		if s.occupant[sp] != 0 {
			n++
		}
		for _, a := range s.shared {
			if a.player != none && int(a.space) == sp {
				n++
			}
		}
		return n > 1
	}
	// A second agent shares only a space with an occupant (Validate: one
	// leaving is replaced by it, promoteShared), so that the occupant says
	// it, without a look at s.shared (TestOccupiedWhenNeedsNoSharedWalk).
	return s.occupant[sp] != 0
}

// firstAgentWhen returns occupant's mark for space sp as it will be when
// the card is played: on the space an agent of p's leaves, a second agent
// there moves up into the empty place (promoteShared).
func (s *State) firstAgentWhen(sp int, p uint8, st standing) uint8 {
	o := s.occupant[sp]
	if sp == int(st.left()) && o == p+1 {
		for _, a := range s.shared {
			if a.player != none && int(a.space) == sp {
				return a.player + 1
			}
		}
		return 0
	}
	if o == 0 && sp == int(st.at()) {
		return p + 1
	}
	return o
}
