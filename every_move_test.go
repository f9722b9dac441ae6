package waterdeep

import "testing"

// TestEveryMoveNumberPlayInPlace: PlayInPlace, given any Move number at
// all (the fast paths of the kept answers decode a move before or after
// checking it), accepts exactly the moves AppendMoves lists, and refuses
// every other with an error, leaving the State as it was, without a
// panic. Every 5th state of random games of every module set.
func TestEveryMoveNumberPlayInPlace(t *testing.T) {
	var buf []Move
	k := 0
	forEachRandomState(t, everyModuleSet, gamesPerConfig(6, 1), 71, func(cfg Config, s *State) {
		if k++; k%5 != 0 {
			return
		}
		buf = s.AppendMoves(buf[:0])
		legal := make(map[Move]bool, len(buf))
		for _, m := range buf {
			legal[m] = true
		}
		for m := Move(0); m < Move(NumMoves()+3); m++ {
			c := *s
			err := c.PlayInPlace(m)
			if (err == nil) != legal[m] {
				t.Fatalf("%+v: move %d: listed %v, PlayInPlace error %v", cfg, m, legal[m], err)
			}
			if err != nil && c != *s {
				t.Fatalf("%+v: move %d refused (%v) but changed the State", cfg, m, err)
			}
		}
	})
	if k < 100 {
		t.Fatalf("only %d states visited", k)
	}
}
