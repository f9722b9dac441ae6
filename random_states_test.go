package waterdeep

import (
	"math/rand/v2"
	"testing"
)

// forEachRandomState plays games random games of each configuration (game
// g seeded g, its moves drawn from a generator of stream stream) and calls
// visit on every state before its move: the tests that compare a shortcut
// of the engine with the general path it skips run over these states.
func forEachRandomState(t *testing.T, cfgs []Config, games int, stream uint64, visit func(cfg Config, s *State)) {
	t.Helper()
	var buf []Move
	for _, cfg := range cfgs {
		for g := range games {
			cfg.Seed = uint64(g)
			s, err := New(cfg)
			if err != nil {
				t.Fatal(err)
			}
			r := rand.New(rand.NewPCG(cfg.Seed, stream))
			for !s.Over() {
				visit(cfg, &s)
				buf = s.AppendMoves(buf[:0])
				if err := s.PlayInPlace(buf[r.IntN(len(buf))]); err != nil {
					t.Fatal(err)
				}
			}
		}
	}
}
