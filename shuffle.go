package waterdeep

import (
	"math/rand/v2"
)

// shuffle permutes xs uniformly (Fisher-Yates) with the game's generator.
func shuffle(r *rand.PCG, xs []uint8) {
	for i := len(xs) - 1; i > 0; i-- {
		j := intn(r, i+1)
		xs[i], xs[j] = xs[j], xs[i]
	}
}

// reshuffle makes a new deck from a discard pile, emptying it, and returns
// the deck's size. "Whenever a player must draw a card from an empty deck,
// shuffle all the cards in the respective discard pile to form a new deck."
func reshuffle(r *rand.PCG, deck []uint8, discard *set128) uint8 {
	n := 0
	for i := discard.next(0); i >= 0; i = discard.next(i + 1) {
		deck[n] = uint8(i)
		n++
	}
	*discard = set128{}
	shuffle(r, deck[:n])
	return uint8(n)
}
