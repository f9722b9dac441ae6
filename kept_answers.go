package waterdeep

// The answers kept in the State. A decision's answers were listed up to
// three times: counted by run (to skip a player with none, and to answer a
// lone one), listed for the bot by AppendMoves, and checked again for the
// one played. For the decisions whose answers are a set of small numbers
// (keptKinds: the spaces of a placement, the intrigue cards that may be
// played, the tiles that may be chosen, and a pick's combinations of
// adventurers, as their indices among the combinations of that size: see
// pickChoices), run now lists them once, when it stops at such a
// decision, into State.kept; AppendMoves writes that set out (and a
// decline, where the decision allows one), and PlayInPlace accepts an
// answer by one bit of it.
//
// kept is derived data: a function of the rest of the State (the answers
// of the decision on top if its kind is kept, else empty), so that two
// states equal in everything else are == and a snapshot need not carry
// it. The convention that keeps it true:
//
//   - every path that leaves a State for a caller sets it: run (New,
//     Apply, Play, PlayInPlace, ApplyEvents), and Determinize's and a
//     Sampler's deal and DecodeState, which rebuild it (keepAnswers) once
//     the state is valid, so no input can make it wrong;
//   - the test harness compares it with a fresh listing after every step
//     of its random games (harnessCheck), and TestAnswersKept after every
//     move of random games of each module set; validate does not (it
//     checks a State before kept is rebuilt, and scenario tests
//     validate states whose fields they wrote);
//   - the slow API does not read it: Legal, LegalActions, Apply and
//     LegalMove check the answers from the rules (placeReason,
//     cardPlayable, buildingReason, pickReason) and list them afresh, so
//     a test that writes a State's fields between decisions and then
//     calls them sees the new fields; a test that writes fields and then
//     calls AppendMoves, PlayInPlace or Play calls keepAnswers first.

// keptAnswers returns what kept must hold: the legal placements of a
// dPlace decision on top, the playable cards of a dIntrigue, the tiles of
// a dBuilding, the picks of a dPick, or the empty set.
func (s *State) keptAnswers() set128 {
	if s.c == nil || s.phase == phaseOver || s.sp == 0 || int(s.sp) > len(s.stack) {
		return set128{}
	}
	f := s.top()
	switch f.kind {
	case dPlace:
		return s.placements(f.p, placeMode(f.a), 0, f.b)
	case dIntrigue:
		return s.playableCards(f)
	case dBuilding:
		return s.buildingChoices(f)
	case dPick:
		picks, _ := s.pickChoices(f)
		return picks
	}
	return set128{}
}

// keepAnswers sets kept from the rest of the State, for a State made or
// changed other than by run.
func (s *State) keepAnswers() { s.kept = s.keptAnswers() }
