package waterdeep

// The answers kept in the State. A decision's answers were listed up to
// three times: counted by run (to skip a player with none, and to answer a
// lone one), listed for the bot by AppendMoves, and checked again for the
// one played. For the decisions whose answers are a set of small numbers
// (keptKinds: the spaces of a placement, the intrigue cards that may be
// played, the tiles, players and spaces that may be chosen, the quests
// that may be taken, a response's no and yes, and a pick's combinations
// of adventurers, as their indices among the combinations of that size:
// see pickChoices), run now lists them once, when it stops at such a
// decision, into State.kept; AppendMoves writes that set out (and a
// decline, where the decision allows one), and PlayInPlace accepts an
// answer by one bit of it.
//
// kept is derived data: a function of the rest of the State (the answers
// of the decision on top if its kind is kept, else empty), so that two
// states equal in everything else are == and a snapshot need not carry
// it. So is keptNeed, a pick's size beside its kept combinations (else 0),
// which AppendMoves and PlayInPlace would otherwise work out from the
// pick's source again (pickSource): run sets it with kept, and answering
// or passing a pick clears it. The convention that keeps them true:
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

// keptAnswers returns what kept and keptNeed must hold: the choices of
// the decision on top if its kind keeps them, or the empty set, and the
// number of adventurers to pick if it is a pick, or 0.
func (s *State) keptAnswers() (set128, uint8) {
	if s.c == nil || s.phase == phaseOver || s.sp == 0 || int(s.sp) > len(s.stack) {
		return set128{}, 0
	}
	f := s.top()
	if !f.kind.keepsAnswers() {
		return set128{}, 0
	}
	choices, need := s.choices(f)
	return choices, uint8(need)
}

// keepAnswers sets kept and keptNeed from the rest of the State, for a
// State made or changed other than by run.
func (s *State) keepAnswers() { s.kept, s.keptNeed = s.keptAnswers() }

// keptMoveKind is the kind of move that makes each choice of a decision
// whose answers are kept.
var keptMoveKind = [lastFrameKind + 1]moveKind{
	dPlace: mPlace, dIntrigue: mPlay, dBuilding: mBuilding, dPick: mPick, dSpace: mSpace, dPlayer: mPlayer,
	dTakeQuest: mTakeQuest, dRespond: mRespond,
}

// choices returns the answers to decision f, on top, of a kind that keeps
// them, other than a decline: as a set of spaces, cards, tiles, players,
// quests or responses (0 no, 1 yes),
// or for a pick, of the indices of its combinations of need adventurers
// (pickChoices).
func (s *State) choices(f *frame) (choices set128, need int) {
	switch f.kind {
	case dPlace:
		return s.placements(f.p, f.placeMode(), 0, f.from()), 0
	case dIntrigue:
		return s.playableCards(f), 0
	case dBuilding:
		return s.buildingChoices(f), 0
	case dPick:
		return s.pickChoices(f)
	case dSpace:
		return s.spaceChoices(f), 0
	case dPlayer:
		return s.targetChoices(f), 0
	case dTakeQuest:
		return s.questChoices(f), 0
	case dRespond:
		// No, and yes when the player holds what it gives.
		return set128{lo: 1 | uint64(bit(s.canGive(f)))<<1}, 0
	}
	return set128{}, 0
}

// mayDecline reports whether decision f, of a kind that keeps its answers,
// may also be declined.
func mayDecline(f *frame) bool {
	switch f.kind {
	case dIntrigue:
		return f.intrigueMode() != intrigueRequired
	case dBuilding:
		return f.buildingPurpose() == buildMayBuy
	case dPick:
		return f.pickPurpose() == pickSwap || f.pickPurpose() == pickKeep
	case dSpace:
		// Defame Rival Business, Defend the Yawning Portal.
		sp := f.spacePurpose()
		return (sp == spaceMoveCorruption || sp == spaceRecall) && f.optional()
	}
	return false
}

// appendChoices appends the answers to decision f, on top, of a kind that
// keeps them: the moves of choices (as choices returns them, picks of need
// adventurers), at most limit of them, and a decline where f allows one,
// in Move order.
func appendChoices(dst []Move, f *frame, choices set128, need, limit int) []Move {
	k := keptMoveKind[f.kind]
	decline := mayDecline(f)
	if decline && mDecline < k {
		dst = append(dst, mv(mDecline, 0))
	}
	if k == mPick {
		dst = appendPicks(dst, choices, need, limit)
	} else {
		if limit >= 128 && hasRoom(dst) {
			// appendSet's fast path, without its call.
			dst = appendInRoom(dst, Move(moveBase[k]), choices)
		} else {
			dst = appendSet(dst, k, choices, limit)
		}
	}
	if decline && mDecline > k {
		dst = append(dst, mv(mDecline, 0))
	}
	return dst
}

// keptCount counts the answers to decision f, on top, whose choices are
// now in kept (picks of need adventurers), and a decline where f allows
// one. It returns the answer when there is exactly one.
func (s *State) keptCount(f *frame, need int) (int, Move) {
	n := s.kept.upTo2()
	if mayDecline(f) {
		if n == 0 {
			return 1, mv(mDecline, 0)
		}
		return 2, 0
	}
	switch {
	case n != 1:
		return n, 0
	case f.kind == dPick:
		return 1, picksOfSize[need][s.kept.next(0)]
	}
	return 1, Move(moveBase[keptMoveKind[f.kind]]) + Move(s.kept.next(0))
}

// keptHas reports whether the move of operand v, of the kind keptMoveKind
// gives for decision f on top, is one of the choices kept.
func (s *State) keptHas(f *frame, v int) bool {
	if f.kind == dPick {
		// A pick of gold 0, of the count asked, whose combination is kept.
		r := v >> 3
		return v&7 == 0 && comboSize[r] == s.keptNeed && s.kept.has(comboIndex[r])
	}
	return v < 128 && s.kept.has(uint8(v))
}
