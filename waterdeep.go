package waterdeep

import "github.com/waterdeep-go/waterdeep/internal/english"

// ToAct returns the player who must decide now, or NoPlayer and false once
// the game is over. Exactly one player decides at any moment. It only
// reads *s.
func (s *State) ToAct() (PlayerID, bool) {
	if s.sp == 0 || s.phase == phaseOver {
		return NoPlayer, false
	}
	return PlayerID(s.top().p), true
}

// Legal returns nil if action a may be taken now, or an
// *IllegalActionError saying why not; an action whose Player is not a seat
// of the game is NoSuchPlayer (once the game is over, every action is
// GameOver).
func (s State) Legal(a Action) error {
	if a == nil {
		return illegal(s.c, nil, NoAction)
	}
	p, ok := s.ToAct()
	if !ok {
		return illegal(s.c, a, GameOver)
	}
	if int(a.Actor()) >= s.Players() {
		seat := SeatError{Seat: a.Actor(), Players: s.Players()}
		return &IllegalActionError{Action: a, Reason: NoSuchPlayer, Detail: english.Capitalize(seat.detail()) + ".", c: s.c}
	}
	if a.Actor() != p {
		return illegal(s.c, a, NotYourTurn)
	}
	m := a.move()
	if m == 0 {
		return illegal(s.c, a, unencodable(a))
	}
	if r := s.check(m); r != 0 {
		return s.refuse(a, r)
	}
	return nil
}

// unencodable is the reason for an action whose operands are out of any
// range the engine knows (a space, card or pick that cannot exist).
func unencodable(a Action) Reason {
	switch a.(type) {
	case PlaceAgent, ChooseSpace:
		return NoSuchSpace
	case CompleteQuest, TakeQuest, DiscardQuest, CompleteMandatory, DiscardMandatory:
		return NoSuchQuest
	case PlayIntrigue, DiscardIntrigue:
		return NoSuchCard
	case ChooseBuilding:
		return NoSuchBuilding
	case ChoosePlayer:
		return NoSuchPlayer
	case ChooseResources:
		return BadPick
	}
	return WrongDecision
}

// LegalActions returns every legal action, in canonical (Move) order,
// without duplicates. It is empty once the game is over.
func (s State) LegalActions() []Action {
	p, ok := s.ToAct()
	if !ok {
		return nil
	}
	var buf [64]Move
	moves := s.appendMoves(buf[:0])
	out := make([]Action, len(moves))
	for i, m := range moves {
		out[i] = m.Action(p)
	}
	return out
}

// Apply takes action a and returns the state after it, resolved up to the
// next decision. On error it returns s unchanged and an
// *IllegalActionError.
func (s State) Apply(a Action) (State, error) {
	if err := s.Legal(a); err != nil {
		return s, err
	}
	s.answer(a.move())
	s.run()
	return s, nil
}

// AppendMoves appends the legal moves of the player to act to dst, in
// ascending order, and returns the extended slice. With a dst of enough
// capacity it allocates nothing.
//
// AppendMoves only reads *s. It takes a pointer, as LegalMove and
// PlayInPlace do, so that the bots' fast path copies no State: a State is
// about 2 KB, and copying it would cost as much as listing the moves.
func (s *State) AppendMoves(dst []Move) []Move {
	if s.phase == phaseOver {
		return dst
	}
	if s.sp > 0 {
		// The answers run listed for this decision (kept_answers.go).
		switch f := s.top(); {
		case f.kind == dPlace:
			if start := len(dst); hasRoom(dst) {
				// appendInRoom, its loops inlined here (the commonest
				// decision): a move is a space plus mPlace's base.
				out := (*[256]Move)(dst[start : start+256])
				base := Move(moveBase[mPlace]) // read once: out may alias it, as far as Go knows
				j := appendBits(out, 0, base, s.kept.lo)
				j = appendBits(out, j, base+64, s.kept.hi)
				return dst[:start+int(j)]
			}
			return appendSet(dst, mPlace, s.kept, 1<<30)
		case f.kind == dTakeQuest && hasRoom(dst):
			// The commonest kept kind after the placements, which no
			// decline joins: appendChoices' fast path without its call.
			return appendInRoom(dst, Move(moveBase[mTakeQuest]), s.kept)
		case f.kind.keepsAnswers():
			// keptNeed is a pick's size, else 0 (which appendChoices
			// ignores).
			return appendChoices(dst, f, s.kept, int(s.keptNeed), 1<<30)
		case f.kind == dQuest:
			// The turn's offer, the commonest of the rest.
			return s.appendQuestAnswers(dst, f)
		}
	}
	return s.appendMoves(dst)
}

// LegalMove returns 0 if move m is legal for the player to act, or the
// Reason it is not: the allocation-free check for bots (Legal and Play
// return an *IllegalActionError). It only reads *s. The zero Move, which
// encodes no action, is NoAction, as a nil Action is for Legal.
func (s *State) LegalMove(m Move) Reason {
	if s.sp == 0 || s.phase == phaseOver {
		if m == 0 {
			return NoAction
		}
		return GameOver
	}
	if r := s.check(m); r != 0 {
		if m == 0 {
			return NoAction
		}
		return r
	}
	return 0
}

// Play takes move m for the player to act: the fast path of Apply for bots,
// with the same legality checks. Like Apply it returns a new State and
// leaves s unchanged.
func (s State) Play(m Move) (State, error) {
	err := s.PlayInPlace(m)
	return s, err
}

// PlayInPlace is Play for a caller that owns s: it takes move m by changing
// *s itself, so that nothing is copied. On error *s is unchanged. It is the
// one method that changes a State, for bots that play many moves on a
// private copy (a rollout: r := s, then r.PlayInPlace(...) until r.Over());
// a State shared with other goroutines must not be played in place.
func (s *State) PlayInPlace(m Move) error {
	if s.sp == 0 || s.phase == phaseOver {
		if m == 0 {
			return illegal(s.c, nil, NoAction)
		}
		return illegal(s.c, nil, GameOver)
	}
	// The commonest answers are checked and answered here, in one test of
	// the decision's kind, doing what check and answer do for them; the
	// rest go through check's and answer's switches. The zero Move is
	// NoAction, as a nil Action is for Legal; it is tested only once the
	// move is refused, off the path of a legal move.
	f := s.top()
	if sp := uint32(m) - moveBase[mPlace]; f.kind == dPlace && sp < MaxSpaces && s.kept.has(uint8(sp)) {
		// A placement on one of the spaces run listed for this decision
		// (kept_answers.go), the commonest answer: without the move's
		// kind.
		p, mode, from := f.p, f.placeMode(), f.from()
		s.pop()
		s.place(p, mode, from, uint8(sp))
		s.run()
		return nil
	}
	// The move's kind and operand are worked out once (m.arg works out
	// the kind again).
	k := m.kind()
	v := int(uint32(m) - moveBase[k])
	switch {
	case f.kind == dPlace && k == mPlace:
		// Not one of the spaces kept: placeReason only says why.
		r := s.placeReason(f.p, f.placeMode(), v, f.from())
		if r == 0 {
			r = SpaceUnavailable
		}
		return s.refuse(m.Action(PlayerID(f.p)), r)
	case f.kind == dQuest && k == mDecline:
		s.pop()
	case f.kind == dQuest && k == mComplete && s.offeredActive(f, v):
		// The turn's offer of an active quest, the commonest completion:
		// check's test of it without check's call; the rest (a face-up
		// quest, Heroes' Garden, a refusal's reason) take check.
		s.answerKind(m, k, v)
	case f.kind == dTakeQuest && k == mTakeQuest && uint(v) < 128 && s.kept.has(uint8(v)):
		// A quest to take that run kept, the commonest kept answer after
		// the placements: keptHas's test without its call.
		s.answerKind(m, k, v)
	case f.kind.keepsAnswers() && k == keptMoveKind[f.kind]:
		// One of the choices run listed for this decision
		// (kept_answers.go); check only says why one is refused.
		if !s.keptHas(f, v) {
			r := s.check(m)
			if r == 0 {
				r = WrongDecision
			}
			return s.refuse(m.Action(PlayerID(f.p)), r)
		}
		s.answerKind(m, k, v)
	default:
		if r := s.check(m); r != 0 {
			if m == 0 {
				return illegal(s.c, nil, NoAction)
			}
			return s.refuse(m.Action(PlayerID(f.p)), r)
		}
		s.answerKind(m, k, v)
	}
	s.run()
	return nil
}
