package waterdeep

import (
	"math/rand/v2"
	"testing"
)

// TestPCGIsMathRandPCG: the game's generator gives math/rand/v2's PCG's
// numbers from the same state, and the same 16 bytes of state (so games,
// their pins and saved games are as they were with rand.PCG).
func TestPCGIsMathRandPCG(t *testing.T) {
	for seed := range uint64(200) {
		ours := newRNG(seed * 0x9e3779b97f4a7c15)
		theirs := rand.NewPCG(ours.hi, ours.lo)
		for i := range 1000 {
			if a, b := ours.uint64(), theirs.Uint64(); a != b {
				t.Fatalf("seed %d, draw %d: %#x, rand.PCG %#x", seed, i, a, b)
			}
		}
		bin, err := theirs.MarshalBinary()
		if err != nil {
			t.Fatal(err)
		}
		if got := ours.appendState(nil); string(got) != string(bin[4:]) {
			t.Fatalf("seed %d: state %x, rand.PCG's %x", seed, got, bin[4:])
		}
		if back := pcgFromState(bin[4:]); back != ours {
			t.Fatalf("seed %d: pcgFromState gives %+v, want %+v", seed, back, ours)
		}
	}
}

// BenchmarkShuffle shuffles 100 cards: with .ci/callgrind, the
// instructions a shuffle (BENCHMARKS.md gives the figure a card).
func BenchmarkShuffle(b *testing.B) {
	var xs [100]uint8
	for i := range xs {
		xs[i] = uint8(i)
	}
	r := newRNG(1)
	for b.Loop() {
		shuffle(&r, xs[:])
	}
}
