package waterdeep

import (
	"math/rand/v2"
	"testing"
)

// everyModuleSet are the configurations the shortcut tests walk: the base
// game with 4 and 2 players, each module, and both modules in the long
// game with 6 players.
var everyModuleSet = []Config{
	{Players: 4},
	{Players: 2},
	{Players: 4, Modules: Undermountain},
	{Players: 4, Modules: Skullport},
	{Players: 6, Modules: Undermountain | Skullport, Long: true},
}

// gamesPerConfig returns full, the games per configuration of a shortcut
// test, or quick in the quick run (go test without WATERDEEP_LONG).
func gamesPerConfig(full, quick int) int {
	if quickRun() {
		return quick
	}
	return full
}

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
