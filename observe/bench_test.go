package observe_test

import (
	"testing"

	"github.com/waterdeep-go/waterdeep"
	"github.com/waterdeep-go/waterdeep/observe"
)

// benchViews returns the views of the seat to act over a random game of g.
func benchViews(b *testing.B, g game) []waterdeep.View {
	var views []waterdeep.View
	for _, s := range positions(b, g, 1, 1) {
		if p, ok := s.ToAct(); ok {
			views = append(views, s.View(p))
		}
	}
	return views
}

// BenchmarkEncode: one observation of the view of the seat to act, into a
// reused buffer, averaged over a random game's decisions.
func BenchmarkEncode(b *testing.B) {
	for _, g := range []game{games[1], games[4]} {
		b.Run(g.name, func(b *testing.B) {
			views := benchViews(b, g)
			e := encoder(b, g)
			obs := make([]float32, e.Size())
			b.ReportAllocs()
			b.ResetTimer()
			for i := 0; b.Loop(); i++ {
				obs, _ = e.Encode(obs, views[i%len(views)])
			}
		})
	}
}

// BenchmarkMask: the legal-move mask of the same views.
func BenchmarkMask(b *testing.B) {
	for _, g := range []game{games[1], games[4]} {
		b.Run(g.name, func(b *testing.B) {
			views := benchViews(b, g)
			mask := make([]float32, observe.MaskSize())
			b.ReportAllocs()
			b.ResetTimer()
			for i := 0; b.Loop(); i++ {
				mask = observe.Mask(mask, views[i%len(views)])
			}
		})
	}
}

// BenchmarkView: the View itself (State.View of the seat to act), for
// comparison: what a training row costs before it is encoded.
func BenchmarkView(b *testing.B) {
	for _, g := range []game{games[1], games[4]} {
		b.Run(g.name, func(b *testing.B) {
			var states []waterdeep.State
			for _, s := range positions(b, g, 1, 1) {
				if _, ok := s.ToAct(); ok {
					states = append(states, s)
				}
			}
			b.ReportAllocs()
			b.ResetTimer()
			for i := 0; b.Loop(); i++ {
				s := &states[i%len(states)]
				p, _ := s.ToAct()
				_ = s.View(p)
			}
		})
	}
}
