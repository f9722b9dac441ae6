package waterdeep

import (
	"testing"

	"github.com/waterdeep-go/waterdeep/content"
)

// pickSourceEach is pickSource's former count, kind by kind: the general
// path that its word operations replace.
func (s *State) pickSourceEach(f *frame) (avail [content.NumAdventurers]uint8, need int) {
	allowed := content.AdventurerSet(f.b)
	switch pickPurpose(f.i) {
	case pickGain, pickKeep:
		avail = s.supplyAll()
	case pickReturn, pickSwap, pickSpend, pickOnto:
		avail = s.players[f.p].tavern
	case pickToOwner:
		avail = s.players[f.p].tavern
		allowed = content.AllAdventurers
	case pickSteal:
		avail = s.players[f.b].tavern
		allowed = stealAllowed(uint8(f.prog))
	}
	total := 0
	for k := range content.NumAdventurers {
		if !allowed.Has(content.Adventurer(k)) {
			avail[k] = 0
		}
		total += int(avail[k])
	}
	count := int(f.a)
	if pickPurpose(f.i) == pickSwap {
		total -= int(avail[content.Cleric])
		avail[content.Cleric] = 0
		count = 1
	}
	return avail, min(count, total, 7)
}

// TestPickSourceIsEach compares pickSource with the count kind by kind
// (pickSourceEach) for the dPick frames of random games of each module
// set, and for every purpose, set of allowed kinds (16 values of b, and
// of prog for a steal) and count on their states.
func TestPickSourceIsEach(t *testing.T) {
	checked := 0
	compare := func(cfg Config, s *State, f *frame) {
		t.Helper()
		a1, n1 := s.pickSource(f)
		a2, n2 := s.pickSourceEach(f)
		if a1 != a2 || n1 != n2 {
			t.Fatalf("%+v: frame %+v: pickSource %v %d, kind by kind %v %d", cfg, *f, a1, n1, a2, n2)
		}
		checked++
	}
	forEachRandomState(t, everyModuleSet, gamesPerConfig(4, 2), 97, func(cfg Config, s *State) {
		if s.sp == 0 {
			return
		}
		if f := s.top(); f.kind == dPick {
			compare(cfg, s, f)
		}
		if s.players[0].pool != 0 {
			return // the full sweep on some states only
		}
		for purpose := pickGain; purpose <= pickToOwner; purpose++ {
			for b := range 16 {
				if purpose == pickSteal && b >= int(s.numPlayers) {
					continue // b is the victim's seat
				}
				for count := range 9 {
					f := frame{kind: dPick, p: 1, a: uint8(count), b: uint8(b), i: uint8(purpose), prog: uint16(b)}
					compare(cfg, s, &f)
				}
			}
		}
	})
	if checked < 10000 {
		t.Fatalf("only %d frames checked", checked)
	}
	t.Logf("%d frames checked", checked)
}
