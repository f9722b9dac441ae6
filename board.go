package waterdeep

// The board's two masks. occupant and tileOwner are the truth; occupied and
// built say the same thing as sets, so that listing placements is a few word
// operations instead of a look at every space (see placements). They are
// derived data, written only here, next to the arrays they mirror, and
// validate checks that they agree.

// setOccupant puts v (0, p+1 or ambassadorMark) on space sp.
func (s *State) setOccupant(sp, v uint8) {
	s.occupant[sp] = v
	if v == 0 {
		s.occupied.remove(sp)
	} else {
		s.occupied.add(sp)
	}
}

// clearBoard empties every space (the end of a round).
func (s *State) clearBoard() {
	s.occupant = [MaxSpaces]uint8{}
	s.occupied = set128{}
}

// setTileOwner sets tile t's owner: 0 (not built), p+1, or none (out of the
// game).
func (s *State) setTileOwner(t, v uint8) {
	s.tileOwner[t] = v
	if v != 0 && v != none {
		s.built |= 1 << t
	} else {
		s.built &^= 1 << t
	}
}

// boardMasks computes occupied and built from the arrays.
func (s *State) boardMasks() (occupied set128, built uint64) {
	for sp, o := range s.occupant {
		if o != 0 {
			occupied.add(uint8(sp))
		}
	}
	for t, o := range s.tileOwner {
		if o != 0 && o != none {
			built |= 1 << t
		}
	}
	return occupied, built
}
