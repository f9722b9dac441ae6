package waterdeep

import (
	"math/big"
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
// generator, permutes as the plain Fisher-Yates loop on the generator does, and leaves the generator where that loop does, for
// every length a deck may have.
func TestShuffleIsFisherYates(t *testing.T) {
	for seed := range uint64(1000) {
		checkShuffle(t, newRNG(seed), int(seed%257))
	}
}

// TestShuffleRedraws: a draw whose low word falls below 2^64 mod n is made
// again (Lemire's method; pcg.boundedRetry), in shuffle as in intn. Such a
// draw comes once in some 2^57 at most, so the test makes it: the output 0
// gives the low word 0, below 2^64 mod n for any n not a power of two. The
// state whose next step outputs 0 is found by running the step backwards.
func TestShuffleRedraws(t *testing.T) {
	for _, n := range []int{3, 5, 6, 7, 100, 255, 256} {
		for lo := range uint64(20) {
			r := stateBefore(pcg{0, lo * 0x9e3779b97f4a7c15})
			if g, x := r.step(); x != 0 || g.hi != 0 {
				t.Fatalf("stateBefore is wrong: the step gives %+v, output %#x", g, x)
			}
			checkShuffle(t, r, n)
		}
	}
}

// checkShuffle fails t unless shuffle gives what the plain loop gives on n
// cards from generator r.
func checkShuffle(t *testing.T, r pcg, n int) {
	t.Helper()
	a, b := make([]uint8, n), make([]uint8, n)
	for i := range n {
		a[i], b[i] = uint8(i), uint8(i)
	}
	ra, rb := r, r
	shuffle(&ra, a)
	for i := n - 1; i > 0; i-- {
		j := intn(&rb, i+1)
		b[i], b[j] = b[j], b[i]
	}
	if string(a) != string(b) || ra != rb {
		t.Fatalf("generator %+v, %d cards: shuffle gives %v (generator %+v), the plain loop %v (%+v)", r, n, a, ra, b, rb)
	}
}

// stateBefore returns the generator whose step gives state s: the step is
// s = prev*mul + inc (mod 2^128), so prev = (s - inc) * mul^-1.
func stateBefore(s pcg) pcg {
	mod := new(big.Int).Lsh(big.NewInt(1), 128)
	u128 := func(hi, lo uint64) *big.Int {
		x := new(big.Int).Lsh(new(big.Int).SetUint64(hi), 64)
		return x.Or(x, new(big.Int).SetUint64(lo))
	}
	mul := u128(2549297995355413924, 4865540595714422341)
	inc := u128(6364136223846793005, 1442695040888963407)
	prev := new(big.Int).Sub(u128(s.hi, s.lo), inc)
	prev.Mul(prev, new(big.Int).ModInverse(mul, mod)).Mod(prev, mod)
	lo := new(big.Int).And(prev, u128(0, ^uint64(0)))
	return pcg{new(big.Int).Rsh(prev, 64).Uint64(), lo.Uint64()}
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
