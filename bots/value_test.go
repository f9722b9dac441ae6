package bots

import (
	"errors"
	"math"
	"math/rand/v2"
	"os"
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
	if want := (ValueKind{Lords: EveryLordKnown, Target: MarginTarget}); m.Kind() != want {
		t.Fatalf("the library's model is of kind %+v, want %+v (what DefaultValueRollout was chosen for)", m.Kind(), want)
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
	m.Predict(&s, out)
	// The margins: the seats' scores with their lords, less their mean.
	var z [4]float64
	mean := 0.0
	for p := range 4 {
		z[p] = m.Score(m.Features().FromState(nil, &s, waterdeep.PlayerID(p), true))
		mean += z[p] / 4
	}
	sum := 0.0
	for p := range 4 {
		if d := math.Abs(out[p] - (z[p] - mean)); d > 1e-5 {
			t.Fatalf("Predict %v, from the inputs %v less %v", out, z, mean)
		}
		sum += out[p]
	}
	if math.Abs(sum) > 1e-9 {
		t.Fatalf("margins %v sum to %v", out, sum)
	}
	if a := testing.AllocsPerRun(100, func() { m.Predict(&s, out) }); a != 0 {
		t.Fatalf("Predict allocates %v times", a)
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
		{"format", patch32(data, 4, 3), 4, "format 3"},
		{"kind", patch32(data, 36, 2<<8), 36, "a model of kind 0x200"},
		{"name", patch32(data, 40, 1<<30), 40, "a name of 1073741824 bytes"},
	} {
		_, err := LoadValue(c.data, nil)
		var ve *ValueFileError
		if !errors.As(err, &ve) || ve.Offset != c.at || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: %v, want a *ValueFileError at byte %d saying %q", c.name, err, c.at, c.want)
		}
	}
}

// randomModel returns a model of the given kind with seeded random
// weights for 4-player base games.
func randomModel(t *testing.T, kind ValueKind, seed uint64) *ValueModel {
	t.Helper()
	enc, err := observe.New(nil, 4, 0)
	if err != nil {
		t.Fatal(err)
	}
	f, err := NewValueFeatures(enc)
	if err != nil {
		t.Fatal(err)
	}
	r := rand.New(rand.NewPCG(seed, 3))
	w1 := make([]float32, f.Inputs()*ValueHidden)
	b1 := make([]float32, ValueHidden)
	w2 := make([]float32, ValueHidden)
	for _, w := range [][]float32{w1, b1, w2} {
		for i := range w {
			w[i] = float32(r.NormFloat64() * 0.2)
		}
	}
	m, err := NewValueModelOf(f, kind, "random "+kind.Lords.String()+", "+kind.Target.String(), w1, b1, w2)
	if err != nil {
		t.Fatal(err)
	}
	return m
}

// TestValueKinds: a model of every kind predicts what its kind says from
// the seats' inputs (FromState), and its weights file keeps its kind; a
// file of format 1 (before kinds) still loads, as a model of seats'
// observations predicting win shares.
func TestValueKinds(t *testing.T) {
	states := cutStates()[:8]
	for i, kind := range []ValueKind{{}, {Lords: EveryLordKnown}, {Lords: EveryLordKnown, Target: MarginTarget}, {Target: MarginTarget}} {
		m := randomModel(t, kind, uint64(i))
		data, err := m.MarshalBinary()
		if err != nil {
			t.Fatal(err)
		}
		back, err := LoadValue(data, nil)
		if err != nil {
			t.Fatalf("%+v: %v", kind, err)
		}
		if back.Kind() != kind || back.Name() != m.Name() {
			t.Fatalf("%+v: loaded as %+v, %q", kind, back.Kind(), back.Name())
		}
		for _, s := range states {
			// z[p]: seat p's score with its lord; z0[p]: without.
			var z, z0 [4]float64
			for p := range 4 {
				z[p] = m.Score(m.Features().FromState(nil, &s, waterdeep.PlayerID(p), true))
				z0[p] = m.Score(m.Features().FromState(nil, &s, waterdeep.PlayerID(p), false))
			}
			got, loaded := make([]float64, 4), make([]float64, 4)
			m.Predict(&s, got)
			back.Predict(&s, loaded)
			want := make([]float64, 4)
			switch {
			case kind.Target == MarginTarget:
				mean := (z[0] + z[1] + z[2] + z[3]) / 4
				for p := range want {
					want[p] = z[p] - mean
				}
			case kind.Lords == EveryLordKnown:
				sum := 0.0
				for p := range z {
					sum += math.Exp(z[p])
				}
				for p := range want {
					want[p] = math.Exp(z[p]) / sum
				}
			default: // each seat from its own view
				for p := range want {
					sum := math.Exp(z[p])
					for o := range z0 {
						if o != p {
							sum += math.Exp(z0[o])
						}
					}
					want[p] = math.Exp(z[p]) / sum
				}
			}
			for p := range want {
				if math.Abs(got[p]-want[p]) > 1e-4 || got[p] != loaded[p] {
					t.Fatalf("%+v: Predict %v, from the inputs %v, loaded %v", kind, got, want, loaded)
				}
			}
			out := make([]float64, 4)
			if a := testing.AllocsPerRun(20, func() { m.Predict(&s, out) }); a != 0 {
				t.Fatalf("%+v: Predict allocates %v times", kind, a)
			}
		}
	}
	old, err := os.ReadFile("testdata/value-format1.bin")
	if err != nil {
		t.Fatal(err)
	}
	m, err := LoadValue(old, nil)
	if err != nil {
		t.Fatal(err)
	}
	if m.Kind() != (ValueKind{}) || !strings.Contains(m.Name(), "value v1") {
		t.Fatalf("format 1 loaded as %+v, %q", m.Kind(), m.Name())
	}
	if _, err := NewValueModelOf(m.Features(), ValueKind{Target: 2}, "", make([]float32, m.Features().Inputs()*ValueHidden), make([]float32, ValueHidden), make([]float32, ValueHidden)); err == nil {
		t.Fatal("a model of no kind made")
	}
}

// TestMarginRewards: ISMCTS rewards a cut-off rollout with a margin model
// as it does with Greedy's evaluation, 0.5+0.5·tanh of the seat's margin
// over the best other seat's, but on the scale valueMarginScale (20 VP:
// two of the model's units of ten).
func TestMarginRewards(t *testing.T) {
	m := randomModel(t, ValueKind{Lords: EveryLordKnown, Target: MarginTarget}, 7)
	for _, s := range cutStates()[:8] {
		margins, rewards := make([]float64, 4), make([]float64, 4)
		m.Predict(&s, margins)
		valueRewards(m, &s, rewards)
		for p := range rewards {
			best := math.Inf(-1)
			for o, z := range margins {
				if o != p {
					best = max(best, z)
				}
			}
			if want := 0.5 + 0.5*math.Tanh((margins[p]-best)/2); math.Abs(rewards[p]-want) > 1e-9 {
				t.Fatalf("rewards %v, want %v at seat %d (margins %v)", rewards, want, p, margins)
			}
		}
	}
}

// TestFinalMarginRewards checks the reward of a finished game in a search
// with a margin model: each seat's final margin over the best other
// seat's, squashed on valueMarginScale, and no bonus for the win.
func TestFinalMarginRewards(t *testing.T) {
	r := rand.New(rand.NewPCG(38, 3))
	var buf []waterdeep.Move
	for g := uint64(0); g < 4; g++ {
		s, err := waterdeep.New(waterdeep.Config{Players: 4, Seed: g})
		if err != nil {
			t.Fatal(err)
		}
		for !s.Over() {
			buf = s.AppendMoves(buf[:0])
			if err := s.PlayInPlace(buf[r.IntN(len(buf))]); err != nil {
				t.Fatal(err)
			}
		}
		scores := s.Scores()
		rewards := make([]float64, 4)
		finalMarginRewards(s, rewards)
		for p, score := range scores {
			best := math.Inf(-1)
			for o, v := range scores {
				if o != p {
					best = max(best, float64(v))
				}
			}
			if want := 0.5 + 0.5*math.Tanh((float64(score)-best)/20); math.Abs(rewards[p]-want) > 1e-12 {
				t.Fatalf("game %d: rewards %v, want %v at seat %d (scores %v)", g, rewards, want, p, scores)
			}
		}
		if a := testing.AllocsPerRun(100, func() { finalMarginRewards(s, rewards) }); a != 0 {
			t.Fatalf("finalMarginRewards allocates %v times", a)
		}
	}
}

// patch32 returns a copy of data with the little-endian uint32 at off set
// to v.
func patch32(data []byte, off int, v uint32) []byte {
	out := slices.Clone(data)
	out[off], out[off+1], out[off+2], out[off+3] = byte(v), byte(v>>8), byte(v>>16), byte(v>>24)
	return out
}
