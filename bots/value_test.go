package bots

import (
	"errors"
	"math"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/waterdeep-go/waterdeep"
	"github.com/waterdeep-go/waterdeep/observe"
)

// TestValueInputsFromState: the inputs WinShares reads from a state are
// those FromObservation reads from the observation of every seat's view
// (its own lord known, the others' not), on states of random games, with
// and without the modules.
func TestValueInputsFromState(t *testing.T) {
	r := rand.New(rand.NewPCG(38, 1))
	configs := []waterdeep.Config{
		{Players: 4},
		{Players: 3},
		{Players: 4, Modules: waterdeep.Skullport},
		{Players: 5, Modules: waterdeep.Undermountain | waterdeep.Skullport, Long: true},
	}
	checked := 0
	for g := range 16 {
		cfg := configs[g%len(configs)]
		cfg.Seed = uint64(g)
		s, err := waterdeep.New(cfg)
		if err != nil {
			t.Fatal(err)
		}
		enc, err := observe.New(s.Content(), cfg.Players, cfg.Modules)
		if err != nil {
			t.Fatal(err)
		}
		f, err := NewValueFeatures(enc)
		if err != nil {
			t.Fatal(err)
		}
		var buf []waterdeep.Move
		var obs []float32
		for !s.Over() {
			if r.IntN(5) == 0 {
				sf := stateFactsOf(&s)
				n := s.Players()
				for v := range n {
					if obs, err = enc.Encode(obs, s.View(waterdeep.PlayerID(v))); err != nil {
						t.Fatal(err)
					}
					for k := range n {
						p := waterdeep.PlayerID((v + k) % n)
						want := f.FromObservation(nil, obs, k)
						known := obs[f.off["seat.lord_known"]+k] != 0 // Open Lord shows others'
						got := f.fromState(nil, &s, &sf, p, known)
						if k == 0 && !known {
							t.Fatal("the viewer's own lord unknown")
						}
						if !slices.Equal(got, want) {
							t.Fatalf("game %d (%+v), viewer %d, seat %d: from the state %v, from the observation %v", g, cfg, v, p, got, want)
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
		t.Errorf("only %d seats checked", checked)
	}
}

// TestLearnedValue: the embedded model loads, serves 4-player base games,
// gives shares that sum to 1 and agrees with Score on the observation's
// inputs; its file round-trips.
func TestLearnedValue(t *testing.T) {
	m := LearnedValue()
	if !m.Serves(4, 0) || m.Serves(4, waterdeep.Skullport) || m.Name() == "" {
		t.Fatalf("model %q serves 4-player base games: %v", m.Name(), m.Serves(4, 0))
	}
	data, _ := m.MarshalBinary()
	if !slices.Equal(data, valueWeights) {
		t.Fatal("the model's file does not round-trip")
	}
	s, err := waterdeep.New(waterdeep.Config{Players: 4, Seed: 9})
	if err != nil {
		t.Fatal(err)
	}
	r := rand.New(rand.NewPCG(1, 2))
	var buf []waterdeep.Move
	for range 120 {
		buf = s.AppendMoves(buf[:0])
		s.PlayInPlace(buf[r.IntN(len(buf))])
	}
	out := make([]float64, 4)
	m.WinShares(&s, out)
	// Seat 0's share from its own view: the softmax of the scores of the
	// observation's slots.
	enc, err := observe.New(nil, 4, 0)
	if err != nil {
		t.Fatal(err)
	}
	obs, _ := enc.Encode(nil, s.View(0))
	var z [4]float64
	for k := range 4 {
		z[k] = m.Score(m.f.FromObservation(nil, obs, k))
	}
	sum := 0.0
	for k := range 4 {
		sum += math.Exp(z[k] - z[0])
	}
	if d := math.Abs(out[0] - 1/sum); d > 1e-5 {
		t.Fatalf("WinShares seat 0 %v, from the observation %v", out[0], 1/sum)
	}
	for _, x := range out {
		if !(x > 0 && x < 1) {
			t.Fatalf("shares %v", out)
		}
	}
	if a := testing.AllocsPerRun(100, func() { m.WinShares(&s, out) }); a != 0 {
		t.Fatalf("WinShares allocates %v times", a)
	}
}

// cutStates returns 64 states of 4-player base games played at random,
// from the second round on: what ISMCTS's rollouts reach at their cut-off.
func cutStates() []waterdeep.State {
	r := rand.New(rand.NewPCG(38, 2))
	var out []waterdeep.State
	var buf []waterdeep.Move
	for g := uint64(0); len(out) < 64; g++ {
		s, err := waterdeep.New(waterdeep.Config{Players: 4, Seed: g})
		if err != nil {
			panic(err)
		}
		stop := 40 + r.IntN(250)
		for i := 0; i < stop && !s.Over(); i++ {
			buf = s.AppendMoves(buf[:0])
			s.PlayInPlace(buf[r.IntN(len(buf))])
		}
		if !s.Over() {
			out = append(out, s)
		}
	}
	return out
}

// BenchmarkValueRewards is ISMCTS's cut-off with the learned evaluation
// (valueRewards: WinShares and the score margins), per call.
func BenchmarkValueRewards(b *testing.B) {
	states := cutStates()
	m := LearnedValue()
	out := make([]float64, 4)
	b.ReportAllocs()
	for i := 0; b.Loop(); i++ {
		valueRewards(m, &states[i%len(states)], out)
	}
}

// BenchmarkEvalRewards is ISMCTS's cut-off with Greedy's evaluation
// (evalRewards), per call, on the same states.
func BenchmarkEvalRewards(b *testing.B) {
	states := cutStates()
	out, worth := make([]float64, 4), make([]float64, 4)
	b.ReportAllocs()
	for i := 0; b.Loop(); i++ {
		evalRewards(states[i%len(states)], out, worth)
	}
}

// LoadValue says what is wrong with a weights file and at which byte.
func TestLoadValueErrors(t *testing.T) {
	data, err := LearnedValue().MarshalBinary()
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		name string
		data []byte
		at   int64
		want string
	}{
		{"empty", nil, 0, "not a value weights file"},
		{"other", []byte("PNG\x00rest"), 0, "not a value weights file"},
		{"cut", data[:len(data)-5], int64(len(data) - 5), "cut off"},
		{"trailing", append(data[:len(data):len(data)], 1, 2), int64(len(data)), "2 bytes after the weights"},
	} {
		_, err := LoadValue(c.data, nil)
		var ve *ValueFileError
		if !errors.As(err, &ve) || ve.Offset != c.at || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: %v, want a *ValueFileError at byte %d saying %q", c.name, err, c.at, c.want)
		}
	}
}
