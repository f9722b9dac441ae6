package waterdeep

import (
	"math/rand/v2"
	"slices"
	"testing"
)

// takePlacedKindByKind is takePlaced a kind at a time: the general path
// that its lanes shortcut.
func (s *State) takePlacedKindByKind(p uint8, sp uint8) uint8 {
	if !s.placedOn.has(sp) {
		s.placedFresh.remove(sp)
		return 0
	}
	e := s.dropPlaced(sp)
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

// TestTakePlacedIsKindByKind compares takePlaced, which moves the four
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
		e := &extra.placed[sp]
		for k := range e.cubes {
			if r.IntN(2) == 0 {
				e.cubes[k] += uint8(r.IntN(4))
			}
		}
		e.gold += uint8(r.IntN(3))
		e.corruption += uint8(r.IntN(2))
		if !e.isZero() {
			extra.placedOn.add(sp)
		}
		for _, st := range []*State{s, &extra} {
			for sp := st.placedOn.next(0); sp >= 0; sp = st.placedOn.next(sp + 1) {
				for p := range st.numPlayers {
					var ev1, ev2 []Event
					u, v := *st, *st
					u.events, v.events = &ev1, &ev2
					c1 := u.takePlaced(p, uint8(sp))
					c2 := v.takePlacedKindByKind(p, uint8(sp))
					u.events, v.events = nil, nil
					if u != v || c1 != c2 || !slices.Equal(ev1, ev2) {
						t.Fatalf("%+v: seat %d, space %d: takePlaced and takePlacedKindByKind differ:\n%+v\n%+v\nevents %v\n%v", cfg, p, sp, u.players[p], v.players[p], ev1, ev2)
					}
					taken++
					n := 0
					for _, c := range st.placed[sp].cubes {
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
