package waterdeep

// The legal placements kept in the State. A placement decision's spaces
// were listed up to three times: counted when the turn began (to skip a
// player with none, and to answer a lone one), listed for the bot by
// AppendMoves, and checked again for the one played. run now lists them
// once, when it stops at a placement decision, into State.places;
// AppendMoves writes that set out, and PlayInPlace accepts a placement by
// one bit of it.
//
// places is derived data: a function of the rest of the State (the
// placements of the dPlace decision on top, else empty), so that two
// states equal in everything else are == and a snapshot need not carry
// it. The convention that keeps it true:
//
//   - every path that leaves a State for a caller sets it: run (New,
//     Apply, Play, PlayInPlace, ApplyEvents), and Determinize's and a
//     Sampler's deal and DecodeState, which rebuild it (keepPlaces) once
//     the state is valid, so no input can make it wrong;
//   - the test harness compares it with a fresh listing after every step
//     of its random games (harnessCheck), and TestPlacesKept after every
//     move of random games of each module set; validate does not (it
//     checks a State before places is rebuilt, and scenario tests
//     validate states whose fields they wrote);
//   - the slow API does not read it: Legal, LegalActions, Apply and
//     LegalMove check and list placements from the rules (placeReason,
//     placements), so a test that writes a State's fields between
//     decisions and then calls them sees the new fields; a test that
//     writes fields and then calls AppendMoves, PlayInPlace or Play calls
//     keepPlaces first.

// keptPlaces returns what places must hold: the legal placements of the
// dPlace decision on top, or the empty set.
func (s *State) keptPlaces() set128 {
	if s.c == nil || s.phase == phaseOver || s.sp == 0 || int(s.sp) > len(s.stack) {
		return set128{}
	}
	f := s.top()
	if f.kind != dPlace {
		return set128{}
	}
	return s.placements(f.p, placeMode(f.a), 0, f.b)
}

// keepPlaces sets places from the rest of the State, for a State made or
// changed other than by run.
func (s *State) keepPlaces() { s.places = s.keptPlaces() }
