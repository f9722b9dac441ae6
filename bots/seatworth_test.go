package bots

import (
	"math/rand/v2"
	"testing"

	"github.com/waterdeep-go/waterdeep"
)

// TestSeatWorthUnchanged: the evaluation, made cheaper, gives exactly the
// values it gave as first written, on states of random games with and
// without the modules, so Greedy (the yardstick) plays as before.
func TestSeatWorthUnchanged(t *testing.T) {
	r := rand.New(rand.NewPCG(5, 6))
	configs := []waterdeep.Config{
		{Players: 4},
		{Players: 2},
		{Players: 4, Modules: waterdeep.Skullport},
		{Players: 5, Modules: waterdeep.Undermountain},
		{Players: 6, Modules: waterdeep.Undermountain | waterdeep.Skullport, Long: true},
	}
	checked := 0
	for g := range 30 {
		cfg := configs[g%len(configs)]
		cfg.Seed = uint64(g)
		s, err := waterdeep.New(cfg)
		if err != nil {
			t.Fatal(err)
		}
		var buf []waterdeep.Move
		for !s.Over() {
			if r.IntN(4) == 0 {
				for p := range waterdeep.PlayerID(s.Players()) {
					for _, lord := range []bool{true, false} {
						if got, want := seatWorth(s, p, lord), seatWorthRef(s, p, lord); got != want {
							t.Fatalf("game %d, %v (lord %v): %v, want %v", g, p, lord, got, want)
						}
						checked++
					}
				}
			}
			buf = s.AppendMoves(buf[:0])
			if err := s.PlayInPlace(buf[r.IntN(len(buf))]); err != nil {
				t.Fatal(err)
			}
		}
	}
	if checked < 1000 {
		t.Errorf("only %d evaluations checked", checked)
	}
}

// TestEvalRewards: a cut-off rollout's rewards lie in (0, 1) and follow
// the seats' evaluations: the seat evaluated highest is rewarded most.
func TestEvalRewards(t *testing.T) {
	r := rand.New(rand.NewPCG(7, 8))
	s, err := waterdeep.New(waterdeep.Config{Players: 4, Seed: 3})
	if err != nil {
		t.Fatal(err)
	}
	out, worth := make([]float64, 4), make([]float64, 4)
	var buf []waterdeep.Move
	for n := 0; !s.Over(); n++ {
		if n%10 == 5 {
			evalRewards(s, out, worth)
			best, top := 0, 0
			for p := range out {
				if out[p] <= 0 || out[p] >= 1 {
					t.Fatalf("reward %v out of (0, 1)", out[p])
				}
				if worth[p] > worth[best] {
					best = p
				}
				if out[p] > out[top] {
					top = p
				}
				if worth[p] != seatWorth(s, waterdeep.PlayerID(p), true) {
					t.Fatalf("worth of p%d: %v, want seatWorth", p+1, worth[p])
				}
			}
			if worth[best] != worth[top] {
				t.Fatalf("rewards %v do not follow worths %v", out, worth)
			}
		}
		buf = s.AppendMoves(buf[:0])
		if err := s.PlayInPlace(buf[r.IntN(len(buf))]); err != nil {
			t.Fatal(err)
		}
	}
}
