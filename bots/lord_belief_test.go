package bots

import (
	"context"
	"math"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/waterdeep-go/waterdeep"
	"github.com/waterdeep-go/waterdeep/content"
)

// TestLordBelief checks the belief's weights in 4-player base games
// against the base game's lords as the rulebook scores them: 4 VP for
// each quest of the lord's two types (counting the seat's active quests
// as completed), 6 VP for each building for Larissa Neathal. Between two
// lords of one seat, the weights' ratio is e^(sharpness·ΔVP/4); a seat
// whose lord the view shows is not weighed.
func TestLordBelief(t *testing.T) {
	r := rand.New(rand.NewPCG(38, 4))
	checked := 0
	for g := uint64(0); g < 6; g++ {
		s := playedAtRandom(t, waterdeep.Config{Players: 4, Seed: g}, 60+30*int(g), r)
		v := s.View(waterdeep.PlayerID(g % 4))
		c := v.Content()
		weight := lordBelief(v)
		larissa, ok := c.LordByID("larissa-neathal")
		if !ok {
			t.Fatal("no Larissa Neathal")
		}
		for _, seat := range v.Seats {
			if seat.LordKnown {
				continue
			}
			vp := func(l waterdeep.LordID) float64 {
				if l == larissa {
					return float64(6 * len(seat.Buildings))
				}
				n := 0
				for _, q := range slices.Concat(seat.Active, seat.Completed) {
					if slices.Contains(c.Lord(l).QuestTypes, c.Quest(q).Type) {
						n++
					}
				}
				return float64(4 * n)
			}
			for a := range waterdeep.LordID(c.NumLords()) {
				for b := range waterdeep.LordID(c.NumLords()) {
					if c.Lord(a).Module != 0 || c.Lord(b).Module != 0 {
						continue
					}
					wa, wb := weight(seat.Seat, a), weight(seat.Seat, b)
					if !(wa > 0 && wb > 0 && wa <= 1 && wb <= 1) {
						t.Fatalf("game %d, seat %d: weights %v and %v, want in (0, 1]", g, seat.Seat, wa, wb)
					}
					want := math.Exp(lordBeliefSharpness * (vp(a) - vp(b)) / 4)
					if got := wa / wb; math.Abs(got/want-1) > 1e-9 {
						t.Fatalf("game %d, seat %d: weights of %s and %s in the ratio %v, want %v (%v VP against %v)",
							g, seat.Seat, c.LordID(a), c.LordID(b), got, want, vp(a), vp(b))
					}
					checked++
				}
			}
		}
	}
	if checked == 0 {
		t.Fatal("no seat weighed")
	}
}

// TestSearchWeighsLords checks that ISMCTS deals its determinizations'
// lords by the belief unless UniformLords is set: on the same views and
// seed, the two searches' trees differ (they would be the same if the
// belief were not used, as the determinizations drawn would be).
func TestSearchWeighsLords(t *testing.T) {
	r := rand.New(rand.NewPCG(38, 5))
	differ := 0
	for g := uint64(0); g < 6; g++ {
		s := playedAtRandom(t, waterdeep.Config{Players: 4, Seed: 100 + g}, 150, r)
		p, ok := s.ToAct()
		if !ok {
			continue
		}
		v := s.View(p)
		visits := func(uniform bool) []int {
			opts := ISMCTSOptions{Exploration: DefaultExploration, UniformLords: uniform}
			var table mast
			root := search(context.Background(), v, 9, 300, nil, DefaultRollout, &table, nil, &opts)
			var out []int
			for _, ch := range root.children {
				out = append(out, ch.visits)
			}
			return out
		}
		if !slices.Equal(visits(false), visits(true)) {
			differ++
		}
	}
	if differ == 0 {
		t.Fatal("the searches with and without the belief grew the same trees on every view")
	}
}

// TestLordBeliefModules checks the belief in games with both modules:
// every lord of the game weighs in (0, 1] for every hidden seat, its
// likeliest lord 1, and WeighLords accepts the belief.
func TestLordBeliefModules(t *testing.T) {
	r := rand.New(rand.NewPCG(38, 6))
	for g := uint64(0); g < 4; g++ {
		s := playedAtRandom(t, waterdeep.Config{Players: 5, Modules: content.AllModules, Long: true, Seed: g}, 100+60*int(g), r)
		p, _ := s.ToAct()
		v := s.View(p)
		c := v.Content()
		weight := lordBelief(v)
		for _, seat := range v.Seats {
			if seat.LordKnown {
				continue
			}
			top := 0.0
			for l := range waterdeep.LordID(c.NumLords()) {
				if m := c.Lord(l).Module; m != 0 && m&v.Modules == 0 {
					continue
				}
				w := weight(seat.Seat, l)
				if !(w > 0 && w <= 1) {
					t.Fatalf("game %d, seat %d: lord %s weighs %v, want in (0, 1]", g, seat.Seat, c.LordID(l), w)
				}
				top = max(top, w)
			}
			if top != 1 {
				t.Fatalf("game %d, seat %d: the likeliest lord weighs %v, want 1", g, seat.Seat, top)
			}
		}
		sm, err := waterdeep.NewSampler(v)
		if err != nil {
			t.Fatal(err)
		}
		if err := sm.WeighLords(weight); err != nil {
			t.Fatalf("game %d: %v", g, err)
		}
	}
}

// playedAtRandom returns a new game of cfg after n decisions (fewer if it
// ends) chosen uniformly by r.
func playedAtRandom(t *testing.T, cfg waterdeep.Config, n int, r *rand.Rand) waterdeep.State {
	t.Helper()
	s, err := waterdeep.New(cfg)
	if err != nil {
		t.Fatal(err)
	}
	var buf []waterdeep.Move
	for i := 0; i < n && !s.Over(); i++ {
		buf = s.AppendMoves(buf[:0])
		if err := s.PlayInPlace(buf[r.IntN(len(buf))]); err != nil {
			t.Fatal(err)
		}
	}
	return s
}
