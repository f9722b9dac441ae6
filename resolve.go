package waterdeep

import "github.com/waterdeep-go/waterdeep/content"

// maxAutoSteps bounds the engine's own steps within one Apply: frames
// resolved and decisions answered because they had one answer or none. A
// game never comes near it; it turns a bug into a stopped game instead of a
// hung program.
const maxAutoSteps = 1 << 14

// run resolves frames until a decision with two or more legal answers is on
// top of the stack, or the game is over. A decision with exactly one legal
// answer is answered with it; one with none is dropped (a player who cannot
// place an agent passes; a choice with nothing to choose gives nothing).
//
// Where it stops, it leaves kept as keptAnswers says (kept_answers.go): the
// answers of a decision on top whose kind keeps them, listed by advance or
// answersUpTo2 on the way, else the empty set.
func (s *State) run() {
	if s.phase == phaseOver {
		s.kept = set128{}
		return
	}
	for range maxAutoSteps {
		if s.sp == 0 {
			if s.advance() {
				return
			}
			// Only advance ends the game (endRound's final scoring).
			if s.phase == phaseOver {
				s.kept = set128{}
				return
			}
			continue
		}
		f := s.top()
		if !f.kind.isDecision() {
			if s.stepControl(f) {
				s.kept = set128{} // a quest offer
				return
			}
			continue
		}
		n, only := s.answersUpTo2(f)
		switch n {
		case 0:
			kind := f.kind
			s.emit(Event{Kind: EvPassed, Player: PlayerID(f.p)})
			s.sp--
			s.keptNeed = 0 // were it a pick
			if kind == dPlace && s.sp > 0 && s.top().kind == fTurn {
				// No agent was assigned, so no quest may be completed.
				s.top().i = 1
			}
		case 1:
			if s.events != nil {
				s.emit(Event{Kind: EvAutoAnswer, Player: PlayerID(f.p), Move: only})
			}
			s.answer(only)
		default:
			if !f.kind.keepsAnswers() {
				s.kept = set128{}
			}
			return
		}
	}
	s.phase = phaseOver // unreachable in a correct engine; see maxAutoSteps
	s.kept = set128{}
}

// answersUpTo2 counts the legal answers to decision f, on top, up to 2,
// and returns the answer when there is exactly one. The answers of the
// kinds that keep them (keptKinds) are listed in full into kept
// (kept_answers.go); the rest are listed by movesUpTo.
func (s *State) answersUpTo2(f *frame) (int, Move) {
	if f.kind == dPlace {
		s.kept = s.placements(f.p, placeMode(f.a), 0, f.b)
		n := s.kept.upTo2()
		if n == 1 {
			return 1, mv(mPlace, s.kept.next(0))
		}
		return n, 0
	}
	if f.kind == dTakeQuest {
		// The commonest kept kind after the placements: choices' and
		// keptCount's work for it (no decline, no pick), without their
		// dispatch.
		s.kept, s.keptNeed = s.questChoices(f), 0
		n := s.kept.upTo2()
		if n == 1 {
			return 1, Move(moveBase[mTakeQuest]) + Move(s.kept.next(0))
		}
		return n, 0
	}
	if f.kind.keepsAnswers() {
		var need int
		s.kept, need = s.choices(f)
		s.keptNeed = uint8(need) // 0 but for a pick
		return s.keptCount(f, need)
	}
	if f.kind == dChooseOne {
		// Listed when the content was loaded (choose_one.go).
		l := s.c.chooseOne[f.prog][f.pc]
		if len(l) == 0 {
			return 0, 0
		}
		return min(len(l), 2), l[0]
	}
	// Room for every answer of the other kinds in the base game; content
	// with more answers (a choice of adventurers of any kind has up to
	// 120) would cost an allocation here, never a wrong answer.
	var buf [64]Move
	moves := s.movesUpTo(buf[:0], 2)
	if len(moves) == 0 {
		return 0, 0
	}
	return min(len(moves), 2), moves[0]
}

// stepControl advances the control frame f on top of the stack. It
// reports whether it pushed a decision known to have two or more legal
// answers, so that the engine need not count them again.
func (s *State) stepControl(f *frame) (choice bool) {
	switch f.kind {
	case fProgram:
		prog := s.c.programs[f.prog]
		if int(f.pc) >= len(prog) {
			// Done (its last step was a decision, since answered).
			s.sp--
			if s.sp > 0 {
				if t := s.top(); t.kind == fAction {
					return s.endAction(t)
				}
			}
			return false
		}
		if st := &prog[f.pc]; st.Kind == content.StepGain && st.Bundle.Any == 0 {
			// The commonest step, a gain with nothing to choose: as
			// execStep resolves it, without its call (TestGainStepIsExecStep).
			f.pc++
			s.gain(f.p, &st.Bundle)
		} else {
			s.execStep(f, st)
		}
		// A program whose last step just ran is done: pop it now rather
		// than in another turn of the loop (which would do only that).
		if s.sp > 0 {
			if t := s.top(); t.kind == fProgram && int(t.pc) >= len(s.c.programs[t.prog]) {
				s.sp--
				// The action's end, usually next: here, as the next
				// turn of run's loop would do it.
				if s.sp > 0 {
					if t := s.top(); t.kind == fAction {
						return s.endAction(t)
					}
				}
			}
		}
	case fAction:
		return s.endAction(f)
	case fNoAction:
		s.sp--
	case fTurn:
		return s.endTurn(f)
	case fDiscard:
		if f.b != 0 {
			s.handOver(f.p, f.b-1, f.a)
		} else {
			s.intrigueDiscard.add(f.a)
		}
		s.sp--
	case fOffer:
		s.sp--
		s.offer(*f)
	default:
		s.sp-- // never pushed; see frame kinds
	}
	return false
}

// endAction pops the action frame f, on top, and gives the bonuses of the
// player's plot quests for what the action gave; then, if the turn's frame
// is on top, ends the turn (endTurn), as run's next turn would. It reports
// what stepControl reports.
func (s *State) endAction(f *frame) (choice bool) {
	done := *f
	s.sp--
	if s.mayGetActionBonus(done.p, done.a) {
		s.actionBonuses(done.p, done.a)
	}
	if s.sp > 0 {
		if t := s.top(); t.kind == fTurn {
			return s.endTurn(t)
		}
	}
	return false
}

// endTurn steps the turn frame f, on top: the offer to complete a quest,
// made only when one can be completed (otherwise its one answer would be
// to skip), so that it has two answers at least: that quest, or skip.
// Without an offer the turn ends at once, not in another turn of run's
// loop. It reports what stepControl reports.
func (s *State) endTurn(f *frame) (choice bool) {
	if f.i == 0 && !s.questDone && s.anyCompletable(f.p) {
		f.i = 1
		s.push(frame{kind: dQuest, p: f.p, a: none})
		return s.top().kind == dQuest // unless the stack was full
	}
	s.sp--
	s.questDone = false
	return false
}

// startTurn begins a turn of player p: an assignment (or reassignment) and
// then, if no quest was completed during it, the offer to complete one.
func (s *State) startTurn(p uint8, mode placeMode, from uint8) {
	s.questDone = false
	s.players[p].turnUsed = 0
	s.push(frame{kind: fTurn, p: p})
	s.push(frame{kind: dPlace, p: p, a: uint8(mode), b: from})
}
