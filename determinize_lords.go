package waterdeep

import (
	"fmt"
	"math"
)

// WeighLords makes the Sampler deal the lords its view hides by a belief
// instead of uniformly: a search bot can infer the other players' lords
// from what they do (players favour what their lord rewards) and sample
// the states its inference finds likely.
//
// weight(p, l) is the relative belief that seat p holds lord l, asked now,
// once for every seat whose lord the view hides and every lord the viewer
// has not seen; the Sampler keeps the answers. Sample then deals an
// assignment of distinct lords to those seats with probability
// proportional to the product of their weights: it draws every seat's
// lord by its weights and draws again when two seats draw the same lord;
// after 64 clashes in a row, which only weights heaped on one lord by
// several seats cause, it deals seat by seat among the lords left
// (uniformly when none of them has weight for the seat). A weight of 0
// says the seat cannot hold the lord; the product of some assignment must
// be positive for the belief to be followed exactly.
//
// weight nil deals uniformly again, as Determinize does. A weight that is
// negative, NaN or infinite, or a hidden seat whose every weight is 0, is
// refused with a *DeterminizeError whose Field names the seat
// ("seats[2].lord"), and the Sampler deals as it did before. Sample stays allocation-free.
func (sm *Sampler) WeighLords(weight func(p PlayerID, l LordID) float64) error {
	if weight == nil {
		sm.lords = nil
		return nil
	}
	pool := sm.d.lords[:sm.d.nLords]
	w := &lordWeights{}
	for _, seat := range sm.v.Seats {
		if seat.LordKnown {
			continue
		}
		cum := make([]float64, len(pool))
		total := 0.0
		for i, l := range pool {
			x := weight(seat.Seat, LordID(l))
			if !(x >= 0) || math.IsInf(x, 1) {
				return detErr(fmt.Sprintf("seats[%d].lord", seat.Seat), "lord %s weighs %v; want a finite weight of 0 or more", sm.v.c.LordID(LordID(l)), x)
			}
			total += x
			cum[i] = total
		}
		if !(total > 0) || math.IsInf(total, 1) {
			return detErr(fmt.Sprintf("seats[%d].lord", seat.Seat), "the unseen lords' weights sum to %v; want a positive finite sum", total)
		}
		w.seats[w.n], w.cum[w.n] = seat.Seat, cum
		w.n++
	}
	sm.lords = w
	return nil
}

// lordClashes bounds the draws of WeighLords' exact deal before it deals
// seat by seat.
const lordClashes = 64

// lordWeights is a Sampler's belief over the hidden lords (WeighLords):
// for the n seats whose lord the view hides, in seat order, the
// cumulative weights of the unseen lords in the unseen list's order.
type lordWeights struct {
	seats [MaxPlayers]PlayerID
	cum   [MaxPlayers][]float64
	n     int
}

// weight returns seat k's weight of the i-th unseen lord.
func (w *lordWeights) weight(k, i int) float64 {
	if i == 0 {
		return w.cum[k][0]
	}
	return w.cum[k][i] - w.cum[k][i-1]
}

// deal gives each hidden seat of s a distinct lord of pool (the unseen
// lords, in the order the weights were given) by the weights, drawing on
// s's generator.
func (w *lordWeights) deal(s *State, pool []uint8) error {
	if w.n > len(pool) {
		return detErr("seats", "more hidden lords than lords")
	}
	var pick [MaxPlayers]uint8
	for range lordClashes {
		var taken set128
		clash := false
		for k := 0; k < w.n && !clash; k++ {
			i := w.draw(&s.rng, k, set128{}, w.cum[k][len(pool)-1])
			clash = taken.has(uint8(i))
			taken.add(uint8(i))
			pick[k] = uint8(i)
		}
		if !clash {
			for k := range w.n {
				s.players[w.seats[k]].lord = pool[pick[k]]
			}
			return nil
		}
	}
	// Seat by seat, among the lords left.
	var taken set128
	for k := range w.n {
		left := 0.0
		for i := range pool {
			if !taken.has(uint8(i)) {
				left += w.weight(k, i)
			}
		}
		var i int
		if left > 0 {
			i = w.draw(&s.rng, k, taken, left)
		} else {
			// No lord left has weight: uniformly among those left.
			j := intn(&s.rng, len(pool)-taken.len())
			for i = 0; taken.has(uint8(i)) || j > 0; i++ {
				if !taken.has(uint8(i)) {
					j--
				}
			}
		}
		taken.add(uint8(i))
		s.players[w.seats[k]].lord = pool[i]
	}
	return nil
}

// draw draws the index of an unseen lord not in taken for hidden seat k,
// by its weights, whose sum over the lords not taken is total (> 0).
func (w *lordWeights) draw(r *pcg, k int, taken set128, total float64) int {
	x := float64(r.uint64()>>11) * 0x1p-53 * total
	last := -1
	for i := range w.cum[k] {
		wi := w.weight(k, i)
		if wi <= 0 || taken.has(uint8(i)) {
			continue
		}
		if x < wi {
			return i
		}
		x -= wi
		last = i
	}
	return last // x was rounded up to total
}
