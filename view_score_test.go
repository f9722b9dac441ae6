package waterdeep

import (
	"math/rand/v2"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// View.FinalScore counts from the view what State.FinalScore counts from
// the state, in random games of every kind, for every viewer: the lord's
// bonus where the view shows the lord, 0 where it hides it. At the end of
// each game every viewer sees every seat's lord, so the whole scoring, in
// the view's JSON too.
func TestViewFinalScore(t *testing.T) {
	t.Parallel() // self-contained: runs beside the other heavy tests (long_test.go)
	for i, cfg := range harnessGames() {
		cfg.Seed = uint64(100 + i)
		s, err := New(cfg)
		if err != nil {
			t.Fatal(err)
		}
		r := rand.New(rand.NewPCG(cfg.Seed, 9))
		for step := 0; ; step++ {
			if step%5 == 0 || s.Over() {
				checkViewFinalScore(t, s, cfg)
			}
			if s.Over() {
				break
			}
			moves := s.AppendMoves(nil)
			s, _ = s.Play(moves[r.IntN(len(moves))])
		}
		v := s.View(Spectator)
		back, err := DecodeView(viewJSONCheckRoundTrip(t, v), s.c)
		if err != nil {
			t.Fatal(err)
		}
		for p := range PlayerID(cfg.Players) {
			if !v.Seats[p].LordKnown {
				t.Errorf("%+v: p%d's lord is hidden from a spectator at the end", cfg, p+1)
			}
			if got := back.FinalScore(p); got != s.FinalScore(p) {
				t.Errorf("%+v: p%d's final scoring from the view's JSON %+v, the state's %+v", cfg, p+1, got, s.FinalScore(p))
			}
		}
	}
}

func checkViewFinalScore(t *testing.T, s State, cfg Config) {
	t.Helper()
	for _, viewer := range append(seats(cfg.Players), Spectator) {
		v := s.View(viewer)
		for p := range PlayerID(cfg.Players) {
			want := s.FinalScore(p)
			if !v.Seats[p].LordKnown {
				want.Lord = 0
			}
			if d := cmp.Diff(want, v.FinalScore(p)); d != "" {
				t.Fatalf("%+v, round %d: %v's view of p%d's final scoring (-state +view):\n%s", cfg, s.Round(), viewer, p+1, d)
			}
		}
	}
}

func seats(n int) []PlayerID {
	out := make([]PlayerID, n)
	for i := range out {
		out[i] = PlayerID(i)
	}
	return out
}
