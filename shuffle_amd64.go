//go:build !purego

package waterdeep

// shuffle is the Fisher-Yates loop of shuffle.go in assembly
// (shuffle_amd64.s). Each step of the loop is the generator's step, its
// DXSM output and Lemire's bounded draw, as rng.go writes them, with every
// constant and the generator's state in registers: 29 instructions a card
// where the compiled Go loop took 46 (the compiler rematerializes the
// constants and moves the state between registers at every step). Every
// deal shuffles some 150 to 350 cards, a large share of a random game's
// cost (BENCHMARKS.md).
//
//go:noescape
func shuffle(r *pcg, xs []uint8)
