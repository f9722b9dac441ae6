package waterdeep

import (
	"math/rand/v2"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"
)

// viewCmp compares views by their exported fields.
var viewCmp = []cmp.Option{cmpopts.IgnoreUnexported(View{}), cmpopts.EquateEmpty()}

// Determinize keeps everything a view shows: the sampled state's view from
// the same seat is the view it came from, for every seat of every state of
// random games.
func TestDeterminizeKeepsTheView(t *testing.T) {
	for n := 2; n <= 5; n++ {
		s, err := New(Config{Players: n, Seed: uint64(100 + n)})
		if err != nil {
			t.Fatal(err)
		}
		r := rand.New(rand.NewPCG(uint64(n), 9))
		for step := 0; ; step++ {
			for p := range PlayerID(n) {
				v := s.View(p)
				d, err := Determinize(v, uint64(step))
				if err != nil {
					t.Fatalf("%d players, step %d, seat %d: %v", n, step, p, err)
				}
				if diff := cmp.Diff(v, d.View(p), viewCmp...); diff != "" {
					t.Fatalf("%d players, step %d, seat %d: view changed (-want +got):\n%s", n, step, p, diff)
				}
			}
			if s.Over() {
				break
			}
			legal := s.LegalActions()
			s, err = s.Apply(legal[r.IntN(len(legal))])
			if err != nil {
				t.Fatal(err)
			}
		}
	}
}

// A sampled state can be played to the end.
func TestDeterminizedStatePlays(t *testing.T) {
	s, _ := New(Config{Players: 4, Seed: 3})
	r := rand.New(rand.NewPCG(3, 3))
	for range 60 {
		legal := s.LegalActions()
		s, _ = s.Apply(legal[r.IntN(len(legal))])
	}
	d, err := Determinize(s.View(2), 77)
	if err != nil {
		t.Fatal(err)
	}
	for steps := 0; !d.Over(); steps++ {
		legal := d.LegalActions()
		if len(legal) == 0 || steps > 3000 {
			t.Fatalf("stuck after %d steps", steps)
		}
		if d, err = d.Apply(legal[r.IntN(len(legal))]); err != nil {
			t.Fatal(err)
		}
	}
}
