package waterdeep

import (
	"slices"
	"testing"
)

// TestMovesUpToIsTheListing compares movesUpTo(2), with which run counts
// a decision's answers (stopping once it has two), with the full listing
// (appendMoves) at every decision run meets: after every answer to every
// state of random games of each module set, run's loop is followed
// decision by decision. With at most one answer the two are the same; with
// more, the count lists at least two, each of them legal. The picks that
// The Eye's Lair's look-ahead filters (rare in random games) are never cut
// short; TestUndermountainGainPaysForTheCard fails if they are.
func TestMovesUpToIsTheListing(t *testing.T) {
	cfgs := everyModuleSet
	games := gamesPerConfig(20, 4)
	var buf, all, answers []Move
	cut := map[fkind]int{} // decisions whose count stopped short, per kind
	lair := 0
	compare := func(cfg Config, s *State) {
		limited := s.movesUpTo(buf[:0], 2)
		all = s.appendMoves(all[:0])
		ok := len(limited) == len(all) && slices.Equal(limited, all)
		if len(all) >= 2 {
			ok = len(limited) >= 2
			for _, m := range limited {
				ok = ok && slices.Contains(all, m)
			}
		}
		if !ok {
			t.Fatalf("%+v: decision %+v: movesUpTo(2) %v, the listing %v", cfg, *s.top(), limited, all)
		}
		if len(limited) < len(all) {
			cut[s.top().kind]++
		}
		if f := s.top(); f.kind == dPick && s.c.um.pickThenPlay && s.pickBeforePlay(f) {
			lair++ // The Eye's Lair's look-ahead filters the picks: none cut
		}
	}
	forEachRandomState(t, cfgs, games, 71, func(cfg Config, s *State) {
		answers = s.AppendMoves(answers[:0])
		for _, m := range answers {
			u := *s
			u.answer(m)
			for range maxAutoSteps {
				if u.phase == phaseOver {
					break
				}
				if u.sp == 0 {
					if u.advance() {
						break
					}
					continue
				}
				f := u.top()
				if !f.kind.isDecision() {
					if u.stepControl(f) {
						break
					}
					continue
				}
				compare(cfg, &u)
				n, only := u.answersUpTo2(f)
				if n >= 2 {
					break
				}
				if n == 0 {
					kind := f.kind
					u.pop()
					if kind == dPlace && u.sp > 0 && u.top().kind == fTurn {
						u.top().markQuestAsked()
					}
					continue
				}
				u.answer(only)
			}
		}
	})
	for _, k := range []fkind{dPick, dBuilding} {
		if cut[k] == 0 {
			t.Errorf("no count of decision kind %d stopped short; want some", k)
		}
	}
	t.Logf("counts that stopped short, per decision kind: %v; picks filtered by The Eye's Lair: %d", cut, lair)
}
