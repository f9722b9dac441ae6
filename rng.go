package waterdeep

import (
	"encoding/binary"
	"math/bits"
)

// pcg is the game's random generator: PCG with a 128-bit state and the
// DXSM output function, step for step math/rand/v2's PCG (the same state
// gives the same numbers, so games and snapshots are as they were with it:
// TestPCGIsMathRandPCG). It is 16 bytes of plain data, kept by value inside
// the State so that a state carries its own future and stays comparable.
// Nothing in the module uses global randomness.
//
// It is written out here rather than used from math/rand/v2 so that a
// shuffle can work on a copy held in registers (see shuffle): through a
// *rand.PCG every draw loads and stores the state.
type pcg struct{ hi, lo uint64 }

// newRNG returns the game's generator for a seed.
func newRNG(seed uint64) pcg {
	return pcg{seed, seed ^ 0x9e3779b97f4a7c15}
}

// uint64 advances the generator and returns its next number.
func (p *pcg) uint64() uint64 {
	var x uint64
	*p, x = p.step()
	return x
}

// step returns the generator advanced by one draw (state = state*mul + inc,
// 128-bit) and the draw's DXSM output ("double xorshift multiply"), as
// rand.PCG.Uint64 does. It works on values, so that a loop that keeps a
// generator in a local variable keeps it in registers.
func (p pcg) step() (pcg, uint64) {
	const (
		mulHi    = 2549297995355413924
		mulLo    = 4865540595714422341
		incHi    = 6364136223846793005
		incLo    = 1442695040888963407
		cheapMul = 0xda942042e4dd58b5
	)
	hi, lo := bits.Mul64(p.lo, mulLo)
	hi += p.hi*mulLo + p.lo*mulHi
	lo, c := bits.Add64(lo, incLo, 0)
	hi, _ = bits.Add64(hi, incHi, c)
	x := hi ^ hi>>32
	x *= cheapMul
	x ^= x >> 48
	return pcg{hi, lo}, x * (lo | 1)
}

// intn returns a uniform integer in [0, n) from r, allocating nothing.
func intn(r *pcg, n int) int {
	var j uint64
	*r, j = r.bounded(uint64(n))
	return int(j)
}

// bounded returns the generator after a uniform draw in [0, n), n > 0, and
// the draw: Lemire's method, without modulo bias. The draw is the high
// word of a random number times n; its low word below n is rare (less than
// n in 2^64), and only then may the draw be redrawn (boundedRetry).
func (p pcg) bounded(n uint64) (pcg, uint64) {
	p, x := p.step()
	hi, lo := bits.Mul64(x, n)
	if lo < n {
		return p.boundedRetry(n, hi, lo)
	}
	return p, hi
}

// boundedRetry is bounded's rare path: the draw hi (with low word lo) is
// kept unless lo is below 2^64 mod n, else drawn again until it is not.
func (p pcg) boundedRetry(n, hi, lo uint64) (pcg, uint64) {
	thresh := -n % n
	for lo < thresh {
		var x uint64
		p, x = p.step()
		hi, lo = bits.Mul64(x, n)
	}
	return p, hi
}

// appendState appends the generator's state as 16 bytes, hi then lo, big
// endian: rand.PCG's binary form without its "pcg:" prefix, the form
// snapshots carry (as 32 hex digits).
func (p pcg) appendState(b []byte) []byte {
	b = binary.BigEndian.AppendUint64(b, p.hi)
	return binary.BigEndian.AppendUint64(b, p.lo)
}

// pcgFromState is the generator whose appendState gives raw (16 bytes).
func pcgFromState(raw []byte) pcg {
	return pcg{binary.BigEndian.Uint64(raw), binary.BigEndian.Uint64(raw[8:])}
}
