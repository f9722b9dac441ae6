package waterdeep

// Derived data: the fields of the State that say again, in a faster form,
// what its other fields say. A snapshot does not carry them, two States
// equal in everything else are == with them, and every one is rebuilt by
// rebuildDerived and checked by derivedError, the one invariant that the
// test harness asserts after every step:
//
//   - occupied: the spaces whose occupant is not 0, so that listing
//     placements is a few word operations (placements), written only by
//     setOccupant and clearBoard;
//   - built: the tiles with an owner, written only by setTileOwner;
//   - piled: the spaces whose pile holds something (piles.go), so that a
//     game with nothing placed pays one test of an empty set;
//   - kept and keptNeed: the answers of the decision on top, listed once
//     by run (kept_answers.go), which needs the rest of the State valid.

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

// masks computes occupied, built and piled from the arrays they mirror.
func (s *State) masks() (occupied set128, built uint64, piled set128) {
	occupied, built = s.boardMasks()
	for sp := range s.piles {
		if !s.piles[sp].isZero() {
			piled.add(uint8(sp))
		}
	}
	return occupied, built, piled
}

// rebuildDerived sets every derived field from the rest of s: for a State
// made or changed other than by the engine's own moves (a decoded
// snapshot, a sampled deal, a test that wrote fields). kept needs the rest
// of s valid (validate).
func (s *State) rebuildDerived() {
	s.occupied, s.built, s.piled = s.masks()
	s.keepAnswers()
}

// derivedError reports the first derived field of s that disagrees with
// the rest of s, or nil: the invariant rebuildDerived restores. s must be
// valid (validate), for kept.
func (s *State) derivedError() error {
	want := *s
	want.events = nil
	want.rebuildDerived()
	switch {
	case s.occupied != want.occupied || s.built != want.built:
		return invalidf("the board's masks disagree with its spaces and tiles (derived.go)")
	case s.piled != want.piled:
		return invalidf("the set of spaces with a pile disagrees with the piles (derived.go)")
	case s.kept != want.kept || s.keptNeed != want.keptNeed:
		return invalidf("kept answers %x of %d, the rules give %x of %d (kept_answers.go)", s.kept, s.keptNeed, want.kept, want.keptNeed)
	}
	return nil
}
