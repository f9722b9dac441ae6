package waterdeep

import (
	"testing"

	"github.com/waterdeep-go/waterdeep/content"
)

// pickSourceByKind is pickSource kind by kind: the general path its masks
// shortcut.
func (s *State) pickSourceByKind(f *frame) (avail [content.NumAdventurers]uint8, need int) {
	allowed := f.pickKinds()
	switch f.pickPurpose() {
	case pickGain, pickKeep:
		avail = s.supplyAll()
	case pickReturn, pickSwap, pickSpend, pickOnto:
		avail = s.players[f.p].tavern
	case pickToOwner:
		avail = s.players[f.p].tavern
		allowed = content.AllAdventurers
	case pickSteal:
		avail = s.players[f.other()].tavern
		allowed = stealAllowed(f.stealCode())
	}
	total := 0
	for k := range content.NumAdventurers {
		if !allowed.Has(content.Adventurer(k)) {
			avail[k] = 0
		}
		total += int(avail[k])
	}
	count := int(f.pickCount())
	if f.pickPurpose() == pickSwap {
		total -= int(avail[content.Cleric])
		avail[content.Cleric] = 0
		count = 1
	}
	return avail, min(count, total, 7)
}

// TestPickSourceByKind: pickSource gives what the kind-by-kind path gives
// for every purpose, count, allowed set (or victim and stolen kinds) and
// player, on every state of random games of each module set.
func TestPickSourceByKind(t *testing.T) {
	compared := 0
	forEachRandomState(t, everyModuleSet, gamesPerConfig(10, 2), 12, func(cfg Config, s *State) {
		for p := range s.numPlayers {
			for purpose := pickGain; purpose <= pickToOwner; purpose++ {
				for count := range uint8(9) {
					for b := range uint8(16) {
						f := pickFrame(p, purpose, count, content.AdventurerSet(b))
						switch purpose {
						case pickSteal:
							f = stealPickFrame(p, count, b%s.numPlayers, b)
						case pickToOwner:
							f = toOwnerPickFrame(p, count, b)
						}
						avail, need := s.pickSource(&f)
						wantAvail, wantNeed := s.pickSourceByKind(&f)
						if avail != wantAvail || need != wantNeed {
							t.Fatalf("%+v, frame %+v: pickSource %v, %d; kind by kind %v, %d", cfg, f, avail, need, wantAvail, wantNeed)
						}
						compared++
					}
				}
			}
		}
	})
	if compared == 0 {
		t.Fatal("nothing compared")
	}
}
