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

// TestShuffleIsFisherYates: shuffle, which draws from a copy of the
// generator, permutes as the plain Fisher-Yates loop on the generator
// itself does, and leaves the generator where that loop does.
func TestShuffleIsFisherYates(t *testing.T) {
	for seed := range uint64(300) {
		n := int(seed % 70)
		a, b := make([]uint8, n), make([]uint8, n)
		for i := range n {
			a[i], b[i] = uint8(i), uint8(i)
		}
		ra, rb := newRNG(seed), newRNG(seed)
		shuffle(&ra, a)
		for i := n - 1; i > 0; i-- {
			j := intn(&rb, i+1)
			b[i], b[j] = b[j], b[i]
		}
		if string(a) != string(b) || ra != rb {
			t.Fatalf("seed %d: shuffle gives %v (generator %+v), the plain loop %v (%+v)", seed, a, ra, b, rb)
		}
	}
}
