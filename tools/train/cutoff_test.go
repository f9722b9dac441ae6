package main

import (
	"math"
	"reflect"
	"testing"

	"github.com/waterdeep-go/waterdeep"
	"github.com/waterdeep-go/waterdeep/bots"
	"github.com/waterdeep-go/waterdeep/observe"
)

// TestCutoffPositions: a cut-off position is a function of its seed; its
// labels are a finished game's (win shares summing to 1, margins to 0, in
// tens of VP); every seat's inputs include its lord; and its state was
// played on from the recorded one (its inputs differ from the start's).
func TestCutoffPositions(t *testing.T) {
	enc, err := observe.New(nil, 4, 0)
	if err != nil {
		t.Fatal(err)
	}
	f, err := bots.NewValueFeatures(enc)
	if err != nil {
		t.Fatal(err)
	}
	s, err := waterdeep.New(waterdeep.Config{Players: 4, Seed: 38})
	if err != nil {
		t.Fatal(err)
	}
	lordInputs := f.Inputs() - len(enc.Lords())
	moved := 0
	for seed := range uint64(6) {
		c, ok, err := cutoffFrom(s, seed, f, 30)
		if err != nil || !ok {
			t.Fatalf("seed %d: %v, %v", seed, ok, err)
		}
		again, _, _ := cutoffFrom(s, seed, f, 30)
		if !reflect.DeepEqual(c, again) {
			t.Fatalf("seed %d: two positions", seed)
		}
		shares, margins := 0.0, 0.0
		for p := range 4 {
			shares += float64(c.shares[p])
			margins += float64(c.margins[p])
			last := c.inputs[p][len(c.inputs[p])-1]
			if int(last.Index) < lordInputs {
				t.Fatalf("seed %d: seat %d's inputs %v hold no lord", seed, p, c.inputs[p])
			}
			if start := f.FromState(nil, &s, waterdeep.PlayerID(p), true); !reflect.DeepEqual(start, c.inputs[p]) {
				moved++
			}
		}
		if math.Abs(shares-1) > 1e-6 || math.Abs(margins) > 1e-5 {
			t.Fatalf("seed %d: shares %v, margins %v", seed, c.shares, c.margins)
		}
	}
	if moved == 0 {
		t.Fatal("no position was played on from the start")
	}
}
