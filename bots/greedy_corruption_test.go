package bots

import (
	"math/rand/v2"
	"testing"

	"github.com/waterdeep-go/waterdeep"
)

// Greedy values a corruption token at what it would cost now: over random
// Skullport games, its evaluation of a seat holding tokens is lower by
// exactly tokens x the current value than the same sum without them.
func TestGreedyValuesCorruptionAtItsCostNow(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 4))
	seen := 0
	for g := range uint64(10) {
		s, err := waterdeep.New(waterdeep.Config{Players: 6, Seed: g, Modules: waterdeep.Skullport})
		if err != nil {
			t.Fatal(err)
		}
		for !s.Over() {
			for p := range waterdeep.PlayerID(s.Players()) {
				k, v := s.Corruption(p), s.CorruptionValue()
				if got := corruptionCost(s, p); got != float64(k*v) {
					t.Fatalf("p%d holds %d tokens worth %d each: cost %v", p+1, k, v, got)
				}
				if k > 0 && v > 0 {
					seen++
				}
			}
			l := s.LegalActions()
			s, _ = s.Apply(l[r.IntN(len(l))])
		}
	}
	if seen == 0 {
		t.Fatal("no seat ever held a costly token")
	}
}
