package waterdeep

import (
	"math/rand/v2"
	"slices"
	"testing"
)

// TestAppendSetRoom compares appendSet's write into a buffer with room for
// any set (no count, no growing) with its general path, for the answers
// run keeps at every state of random games of each module set and for
// random sets, after moves already in the buffer or none, in full and up
// to a limit.
func TestAppendSetRoom(t *testing.T) {
	room := make([]Move, 0, 300)
	r := rand.New(rand.NewPCG(7, 8))
	compare := func(set set128, k moveKind) {
		t.Helper()
		for _, before := range []int{0, 3} {
			for _, limit := range []int{1 << 30, 2} {
				prefix := []Move{1, 2, 3}[:before]
				got := appendSet(append(room[:0], prefix...), k, set, limit)
				want := appendSet(slices.Clip(slices.Clone(prefix)), k, set, limit) // no room: the general path
				if !slices.Equal(got, want) {
					t.Fatalf("set %x, kind %d, %d before, limit %d: with room %v, without %v", set, k, before, limit, got, want)
				}
			}
		}
	}
	sets := 0
	forEachRandomState(t, everyModuleSet, gamesPerConfig(10, 2), 67, func(cfg Config, s *State) {
		if f := s.top(); f.kind.keepsAnswers() && f.kind != dPick {
			compare(s.kept, keptMoveKind[f.kind])
			sets++
		}
	})
	for range 1000 {
		compare(set128{r.Uint64(), r.Uint64() >> r.IntN(64)}, mPick)
	}
	compare(set128{^uint64(0), ^uint64(0)}, mPick)
	compare(set128{}, mPlace)
	if sets < 1000 {
		t.Fatalf("only %d kept sets", sets)
	}
}
