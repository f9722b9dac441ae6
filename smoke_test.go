package waterdeep

import (
	"math/rand/v2"
	"testing"
)

func TestSmoke(t *testing.T) {
	for seed := uint64(0); seed < 200; seed++ {
		for n := 2; n <= 5; n++ {
			s, err := New(Config{Players: n, Seed: seed})
			if err != nil {
				t.Fatal(err)
			}
			r := rand.New(rand.NewPCG(seed, 7))
			steps := 0
			for !s.Over() {
				acts := s.LegalActions()
				if len(acts) == 0 {
					t.Fatalf("seed %d n %d: no actions, pending %+v round %d", seed, n, s.Pending(), s.Round())
				}
				a := acts[r.IntN(len(acts))]
				s, err = s.Apply(a)
				if err != nil {
					t.Fatal(err)
				}
				steps++
				if steps > 5000 {
					t.Fatal("too long")
				}
			}
			if seed == 0 {
				t.Logf("n=%d steps=%d scores=%v winners=%v", n, steps, s.Scores(), s.Winners())
			}
		}
	}
}
