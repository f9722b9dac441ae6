package bots_test

import (
	"context"
	"math/rand/v2"
	"sync"
	"testing"

	"github.com/waterdeep-go/waterdeep"
	"github.com/waterdeep-go/waterdeep/bots"
)

// benchIterations is BenchmarkISMCTS's budget per decision.
const benchIterations = 200

var (
	benchViewsOnce sync.Once
	benchViews     []waterdeep.View
)

// realViews returns 64 views a seat meets in real 4-player base games:
// four Greedy bots play games of fixed seeds, and every 5th decision with
// more than one legal action is kept, from the first round to the last.
func realViews() []waterdeep.View {
	benchViewsOnce.Do(func() {
		k := 0
		for g := uint64(0); len(benchViews) < 64; g++ {
			s, err := waterdeep.New(waterdeep.Config{Players: 4, Seed: 1000 + g})
			if err != nil {
				panic(err)
			}
			seats := []bots.Bot{bots.NewGreedy(g), bots.NewGreedy(g + 1), bots.NewGreedy(g + 2), bots.NewGreedy(g + 3)}
			for !s.Over() && len(benchViews) < 64 {
				p, _ := s.ToAct()
				v := s.View(p)
				if len(v.Legal) > 1 {
					if k++; k%5 == 0 {
						benchViews = append(benchViews, v)
					}
				}
				a, err := seats[p].Choose(context.Background(), v)
				if err != nil {
					panic(err)
				}
				if s, err = s.Apply(a); err != nil {
					panic(err)
				}
			}
		}
	})
	return benchViews
}

// BenchmarkISMCTS is one ISMCTS decision with a fixed budget of 200
// iterations on one worker, over 64 views a seat meets in real 4-player
// games (in turn), the root's Greedy prior included. It reports the
// iterations searched per second and the milliseconds per decision.
// Every run of b.N decisions searches the same views with the same seeds,
// so its instruction count (callgrind) is reproducible.
func BenchmarkISMCTS(b *testing.B) {
	views := realViews()
	ctx := context.Background()
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; b.Loop(); i++ {
		bot := bots.NewISMCTS(bots.ISMCTSOptions{Iterations: benchIterations, Workers: 1, Seed: uint64(i)})
		if _, err := bot.Choose(ctx, views[i%len(views)]); err != nil {
			b.Fatal(err)
		}
	}
	secs := b.Elapsed().Seconds()
	b.ReportMetric(float64(b.N*benchIterations)/secs, "iterations/s")
	b.ReportMetric(1000*secs/float64(b.N), "ms/decision")
	b.ReportMetric(0, "ns/op")
}

// BenchmarkISMCTSValue is BenchmarkISMCTS with the learned evaluation at
// the rollouts' cut-off (ISMCTSOptions.Value), and so rollouts of
// DefaultValueRollout decisions.
func BenchmarkISMCTSValue(b *testing.B) {
	views := realViews()
	ctx := context.Background()
	value := bots.LearnedValue()
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; b.Loop(); i++ {
		bot := bots.NewISMCTS(bots.ISMCTSOptions{Iterations: benchIterations, Workers: 1, Seed: uint64(i), Value: value})
		if _, err := bot.Choose(ctx, views[i%len(views)]); err != nil {
			b.Fatal(err)
		}
	}
	secs := b.Elapsed().Seconds()
	b.ReportMetric(float64(b.N*benchIterations)/secs, "iterations/s")
	b.ReportMetric(1000*secs/float64(b.N), "ms/decision")
	b.ReportMetric(0, "ns/op")
}

// BenchmarkISMCTSBlend is BenchmarkISMCTS with both evaluations at the
// cut-off (ISMCTSOptions.Blend).
func BenchmarkISMCTSBlend(b *testing.B) {
	views := realViews()
	ctx := context.Background()
	value := bots.LearnedValue()
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; b.Loop(); i++ {
		bot := bots.NewISMCTS(bots.ISMCTSOptions{Iterations: benchIterations, Workers: 1, Seed: uint64(i), Value: value, Blend: true})
		if _, err := bot.Choose(ctx, views[i%len(views)]); err != nil {
			b.Fatal(err)
		}
	}
	secs := b.Elapsed().Seconds()
	b.ReportMetric(float64(b.N*benchIterations)/secs, "iterations/s")
	b.ReportMetric(1000*secs/float64(b.N), "ms/decision")
	b.ReportMetric(0, "ns/op")
}

// cutoffStates returns states like those ISMCTS scores at its rollouts'
// cut-off: determinizations of the benchmark's views, played on by 30
// random decisions.
func cutoffStates() []waterdeep.State {
	var out []waterdeep.State
	for i, v := range realViews() {
		s, err := waterdeep.Determinize(v, uint64(i))
		if err != nil {
			panic(err)
		}
		r := rand.New(rand.NewPCG(uint64(i), 30))
		var buf []waterdeep.Move
		for range 30 {
			if s.Over() {
				break
			}
			buf = s.AppendMoves(buf[:0])
			if err := s.PlayInPlace(buf[r.IntN(len(buf))]); err != nil {
				panic(err)
			}
		}
		if !s.Over() {
			out = append(out, s)
		}
	}
	return out
}

// BenchmarkValue is one call of the learned evaluation (every seat's
// prediction, ValueModel.Predict) on the states of cutoffStates, in
// turn.
func BenchmarkValue(b *testing.B) {
	states := cutoffStates()
	m := bots.LearnedValue()
	out := make([]float64, 4)
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; b.Loop(); i++ {
		m.Predict(&states[i%len(states)], out)
	}
}
