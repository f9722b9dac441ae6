package waterdeep

import "math/bits"

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

// shuffle permutes xs uniformly (Fisher-Yates) with the game's generator:
// for i from len(xs)-1 down to 1, xs[i] is swapped with xs[intn(r, i+1)],
// number for number (TestShuffleIsFisherYates). Every deal and reshuffle
// goes through it. It draws from a copy of the generator, written back at
// the end (the numbers drawn are the same).
func shuffle(r *pcg, xs []uint8) {
	g := *r
	for i := len(xs) - 1; i > 0; i-- {
		// intn(i+1), written out (pcg.bounded is too large to inline).
		n := uint64(i + 1)
		var x uint64
		g, x = g.step()
		j, frac := bits.Mul64(x, n)
		if frac < n {
			g, j = g.boundedRetry(n, j, frac)
		}
		xs[i], xs[j] = xs[j], xs[i]
	}
	*r = g
}
