package waterdeep

import (
	"math/bits"
	"math/rand/v2"
)

// newRNG returns the game's random generator: math/rand/v2's PCG, 16 bytes,
// kept by value inside the State so that a state carries its own future and
// stays comparable. Nothing in the module uses global randomness.
func newRNG(seed uint64) rand.PCG {
	return *rand.NewPCG(seed, seed^0x9e3779b97f4a7c15)
}

// intn returns a uniform integer in [0, n) from r (Lemire's method, without
// modulo bias), allocating nothing.
func intn(r *rand.PCG, n int) int {
	un := uint64(n)
	hi, lo := bits.Mul64(r.Uint64(), un)
	if lo < un {
		thresh := -un % un
		for lo < thresh {
			hi, lo = bits.Mul64(r.Uint64(), un)
		}
	}
	return int(hi)
}
