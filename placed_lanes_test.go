package waterdeep

import (
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/waterdeep-go/waterdeep/content"
)

// takePlacedKindByKind is takePile a kind at a time: the general path
// that its lanes shortcut.
func (s *State) takePlacedKindByKind(p uint8, sp uint8) uint8 {
	if !s.piled.has(sp) {
		s.freshPiles.remove(sp)
		return 0
	}
	e := s.dropPile(sp)
	ps := &s.players[p]
	var got uint8
	for k, n := range e.cubes {
		ps.tavern[k] += n
		got |= bit(n > 0) << k
	}
	ps.addGold(int32(e.gold))
	got |= bit(e.gold > 0) * gotGold
	ps.corrupt += e.corruption
	if s.events != nil {
		s.emit(Event{Kind: EvPlacedTaken, Player: PlayerID(p), Space: SpaceID(sp),
			Amount: amountOf(e.cubes, int(e.gold), 0), Corruption: int(e.corruption)})
	}
	if got != 0 {
		s.noteGain(p, got)
	}
	return e.corruption
}

// TestTakePlacedIsKindByKind compares takePile, which moves the four
// adventurer kinds as one word, with takePlacedKindByKind: the same State,
// events and corruption, for every seat and every space with resources on
// it, in every state of random games of each module set, and on the same
// states with random resources put on a random space.
func TestTakePlacedIsKindByKind(t *testing.T) {
	r := rand.New(rand.NewPCG(11, 13))
	var taken, kinds int
	forEachRandomState(t, everyModuleSet, gamesPerConfig(6, 2), 43, func(cfg Config, s *State) {
		extra := *s
		sp := uint8(r.IntN(len(s.c.spaces)))
		e := &extra.piles[sp]
		for k := range e.cubes {
			if r.IntN(2) == 0 {
				e.cubes[k] += uint8(r.IntN(4))
			}
		}
		e.gold += uint8(r.IntN(3))
		e.corruption += uint8(r.IntN(2))
		if !e.isZero() {
			extra.piled.add(sp)
		}
		for _, st := range []*State{s, &extra} {
			for sp := st.piled.next(0); sp >= 0; sp = st.piled.next(sp + 1) {
				for p := range st.numPlayers {
					var ev1, ev2 []Event
					u, v := *st, *st
					u.events, v.events = &ev1, &ev2
					c1 := u.takePile(p, uint8(sp))
					c2 := v.takePlacedKindByKind(p, uint8(sp))
					u.events, v.events = nil, nil
					if u != v || c1 != c2 || !slices.Equal(ev1, ev2) {
						t.Fatalf("%+v: seat %d, space %d: takePile and takePlacedKindByKind differ:\n%+v\n%+v\nevents %v\n%v", cfg, p, sp, u.players[p], v.players[p], ev1, ev2)
					}
					taken++
					n := 0
					for _, c := range st.piles[sp].cubes {
						n += int(bit(c > 0))
					}
					if n > 1 {
						kinds++
					}
				}
			}
		}
	})
	if taken < 1000 || kinds < 100 {
		t.Fatalf("%d spaces' resources taken, %d of them more than one kind; want 1000 and 100", taken, kinds)
	}
	t.Logf("%d spaces' resources taken, %d of them more than one kind", taken, kinds)
}

// placeOnEach is pileOn a kind at a time: the general path that its
// walk of the nonzero lanes shortcuts.
func (s *State) placeOnEach(p, sp uint8, st *content.Step) {
	e := &s.piles[sp]
	s.freshPiles.add(sp)
	var put [content.NumAdventurers]uint8
	b := &st.Bundle
	for k, n := range [content.NumAdventurers]int{b.Cleric, b.Fighter, b.Rogue, b.Wizard} {
		if n > 0 {
			put[k] = s.takeUpTo(content.Adventurer(k), uint8(n))
			e.cubes[k] += put[k]
		}
	}
	gold := min(max(st.Bundle.Gold, 0), 255-int(e.gold))
	e.gold += uint8(gold)
	corruption := 0
	for range st.Corruption {
		if s.takeFromTrack() {
			e.corruption++
			corruption++
		}
	}
	if !e.isZero() {
		s.piled.add(sp)
	}
	if s.events != nil {
		s.emit(Event{Kind: EvResourcesPlaced, Player: PlayerID(p), Space: SpaceID(sp),
			Amount: amountOf(put, gold, 0), Corruption: corruption})
	}
}

// TestPlaceOnIsKindByKind compares pileOn with placeOnEach: the same
// State and events for the content's place steps and random ones (up to
// content.MaxCubes of a kind, enough to empty the supply), on a random
// space, for every seat in every state of random games of each module set.
func TestPlaceOnIsKindByKind(t *testing.T) {
	r := rand.New(rand.NewPCG(17, 19))
	var steps []content.Step
	var several int
	forEachRandomState(t, everyModuleSet, gamesPerConfig(6, 2), 45, func(cfg Config, s *State) {
		if steps == nil {
			for _, prog := range s.c.programs {
				for i := range prog {
					if prog[i].Kind == content.StepPlace {
						steps = append(steps, prog[i])
					}
				}
			}
		}
		mine := append([]content.Step(nil), steps...)
		for range 4 {
			mine = append(mine, content.Step{Kind: content.StepPlace, Corruption: r.IntN(2),
				Bundle: content.Bundle{Cleric: r.IntN(3), Fighter: r.IntN(2), Rogue: r.IntN(content.MaxCubes + 1), Wizard: r.IntN(3), Gold: r.IntN(4)}})
		}
		sp := uint8(r.IntN(len(s.c.spaces)))
		for p := range s.numPlayers {
			for i := range mine {
				var ev1, ev2 []Event
				u, v := *s, *s
				u.events, v.events = &ev1, &ev2
				u.pileOn(p, sp, &mine[i])
				v.placeOnEach(p, sp, &mine[i])
				u.events, v.events = nil, nil
				if u != v || !slices.Equal(ev1, ev2) {
					t.Fatalf("%+v: seat %d, space %d, step %+v: pileOn and placeOnEach differ\n%v\n%v", cfg, p, sp, mine[i], ev1, ev2)
				}
				if kinds := kindsOf(v.piles[sp].cubes); kinds&(kinds-1) != 0 {
					several++
				}
			}
		}
	})
	if len(steps) == 0 || several < 100 {
		t.Fatalf("%d place steps in the content, %d placements of more than one kind; want some and 100", len(steps), several)
	}
	t.Logf("%d place steps in the content, %d placements of more than one kind", len(steps), several)
}
