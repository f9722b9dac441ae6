package main

import (
	"math"
	"math/rand/v2"
	"testing"
)

// TestGradient: the trainer's gradient of a position's loss matches the
// loss's finite differences, for every kind of weight, of win shares and
// of margins.
func TestGradient(t *testing.T) {
	for _, margins := range []bool{false, true} {
		t.Run(map[bool]string{false: "shares", true: "margins"}[margins], func(t *testing.T) { testGradient(t, margins) })
	}
}

func testGradient(t *testing.T, margins bool) {
	r := rand.New(rand.NewPCG(1, 2))
	const inputs = 12
	scale := make([]float64, inputs)
	for i := range scale {
		scale[i] = 1 + float64(i%3)
	}
	s := &set{players: 3, margins: margins}
	for range 2 {
		p := position{shares: [6]float32{0.5, 0.5, 0}, margins: [6]float32{0.7, 0.4, -1.1}}
		for k := range 3 {
			p.start[k] = len(s.idx)
			for i := range inputs {
				if r.IntN(2) == 0 {
					s.idx = append(s.idx, uint16(i))
					s.val = append(s.val, float32(r.IntN(5)+1))
				}
			}
		}
		p.start[3] = len(s.idx)
		s.pos = append(s.pos, p)
	}
	n := newNet(inputs, scale, r)
	for j := range n.b1 {
		n.b1[j] = r.NormFloat64() * 0.3
	}
	tr := newTrainer(n, 0, 0)
	tr.step(s, 1)
	loss := func() float64 { return n.predict(s, 1, make([]float64, 3)) }
	check := func(name string, w *float64, g float64) {
		const h = 1e-6
		old := *w
		*w = old + h
		up := loss()
		*w = old - h
		down := loss()
		*w = old
		if num := (up - down) / (2 * h); math.Abs(num-g) > 1e-5*max(1, math.Abs(num)) {
			t.Errorf("%s: gradient %v, finite difference %v", name, g, num)
		}
	}
	for i := range n.w1 {
		check("w1", &n.w1[i], tr.g[i])
	}
	for j := range H {
		check("b1", &n.b1[j], tr.g[len(n.w1)+j])
		check("w2", &n.w2[j], tr.g[len(n.w1)+H+j])
	}
}

// TestKeep: the row sample is a function of the seed, game and step, and
// keeps about the rate asked over many games and within every game: each
// game of 200 steps keeps 25% ± 12 points at the rate 0.25 (FNV-1a's top
// bits alone kept a fifth of one game and three quarters of another).
func TestKeep(t *testing.T) {
	n := 0
	for game := range int64(1000) {
		inGame := 0
		for step := range int32(200) {
			k := keep(3, game, step, 0.25)
			if k {
				n++
				inGame++
			}
			if again := keep(3, game, step, 0.25); again != k {
				t.Fatal("not deterministic")
			}
		}
		if inGame < 26 || inGame > 74 {
			t.Fatalf("game %d: %d of 200 steps kept at rate 0.25", game, inGame)
		}
	}
	if n < 48000 || n > 52000 {
		t.Fatalf("%d of 200000 kept at rate 0.25", n)
	}
}
