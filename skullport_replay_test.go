package waterdeep

// Exact replays of random games with the Skullport module's cards: the same
// configuration and actions give the same states, by Apply, Play and
// ApplyEvents, with 2 to 6 players, normal and long. (Records name only
// base games until the modules' encodings of issue 12 land, so the game is
// replayed from its Config.)

import (
	"math/rand/v2"
	"testing"
)

func TestSkullportReplay(t *testing.T) {
	for n := 2; n <= 6; n++ {
		for _, long := range []bool{false, true} {
			cfg := Config{Players: n, Seed: uint64(900 + n), Modules: Skullport, Long: long, Content: FullContent()}
			s, err := New(cfg)
			if err != nil {
				t.Fatal(err)
			}
			r := rand.New(rand.NewPCG(uint64(n), 11))
			var actions []Action
			var states []State
			for !s.Over() {
				legal := s.LegalActions()
				a := legal[r.IntN(len(legal))]
				actions = append(actions, a)
				if s, err = s.Apply(a); err != nil {
					t.Fatal(err)
				}
				states = append(states, s)
			}
			again, err := New(cfg)
			if err != nil {
				t.Fatal(err)
			}
			played := again
			for i, a := range actions {
				if again, err = again.Apply(a); err != nil {
					t.Fatalf("%d players, long %v, action %d (%v): %v", n, long, i, a, err)
				}
				if played, err = played.Play(EncodeMove(a)); err != nil {
					t.Fatal(err)
				}
				if i > 0 {
					if viaEvents, _, err := states[i-1].ApplyEvents(a, nil); err != nil || viaEvents != states[i] {
						t.Fatalf("%d players, long %v, action %d: ApplyEvents differs (%v)", n, long, i, err)
					}
				}
				if again != states[i] || played != states[i] {
					t.Fatalf("%d players, long %v: replay differs at action %d (%v)", n, long, i, a)
				}
			}
			t.Logf("%d players, long %v: %d actions, scores %v", n, long, len(actions), again.Scores())
		}
	}
}
