package waterdeep

import "math/bits"

// shuffle permutes xs uniformly (Fisher-Yates) with the game's generator:
// for i from len(xs)-1 down to 1, xs[i] is swapped with xs[intn(r, i+1)].
// It is written in assembly on amd64 (shuffle_amd64.s) and in Go elsewhere
// (shuffle_generic.go); both give what that loop gives, number for number
// (TestShuffleIsFisherYates). Every deal and reshuffle goes through it.

// reshuffle makes a new deck from a discard pile, emptying it, and returns
// the deck's size. "Whenever a player must draw a card from an empty deck,
// shuffle all the cards in the respective discard pile to form a new deck."
func reshuffle(r *pcg, deck []uint8, discard *set128) uint8 {
	n := 0
	for i, w := range [2]uint64{discard.lo, discard.hi} {
		for ; w != 0; w &= w - 1 {
			deck[n] = uint8(i<<6 | bits.TrailingZeros64(w))
			n++
		}
	}
	*discard = set128{}
	shuffle(r, deck[:n])
	return uint8(n)
}
