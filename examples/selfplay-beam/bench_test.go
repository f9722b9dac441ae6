package main

import (
	"context"
	"path/filepath"
	"testing"

	"github.com/waterdeep-go/waterdeep/observe"
)

// BenchmarkGame is what a worker does for one game of a 4-player base
// tournament (greedy against three random bots), outside Beam: play it
// with the runner and tally it ("play"), and also encode and write its
// training rows to Parquet ("rows").
func BenchmarkGame(b *testing.B) {
	o := Options{Bots: []string{"greedy", "random", "random", "random"}, Games: 1 << 30, Seed: 1, ShardGames: 1}
	t, err := o.tournament()
	if err != nil {
		b.Fatal(err)
	}
	enc, err := observe.New(nil, 4, 0)
	if err != nil {
		b.Fatal(err)
	}
	for _, rows := range []bool{false, true} {
		name := "play"
		if rows {
			name = "rows"
		}
		b.Run(name, func(b *testing.B) {
			var w *rowWriter
			var write func(Row) error
			if rows {
				if w, err = newRowWriter(context.Background(), filepath.Join(b.TempDir(), "rows.parquet")); err != nil {
					b.Fatal(err)
				}
				write = w.write
			}
			var tally Tally
			decisions := 0
			for g := 0; b.Loop(); g++ {
				r, err := t.Game(context.Background(), g)
				if err != nil {
					b.Fatal(err)
				}
				st, err := analyse(r, enc, RunInfo{Run: o.RunID(), Seed: o.Seed}, write)
				if err != nil {
					b.Fatal(err)
				}
				tally.add(st)
				decisions += r.Decisions
			}
			if w != nil {
				if err := w.close(context.Background()); err != nil {
					b.Fatal(err)
				}
			}
			b.ReportMetric(float64(decisions)/float64(b.N), "decisions/game")
		})
	}
}
