package bots

import (
	"math/rand/v2"

	"github.com/waterdeep-go/waterdeep"
)

// mast is the table of the Move-Average Sampling Technique (Finnsson and
// Björnsson, 2008) that guides the search's rollouts: for every seat and
// every Move, the sum and count of the rewards that seat earned in the
// iterations that played the move, anywhere in the tree or the rollout.
// A move that has paid in this search, whatever the state it was played
// in, is likely to pay again: placing on a space that feeds the seat's
// quests, taking the quests its lord rewards. One table serves one tree
// (one search by one worker) and starts empty at each decision.
type mast struct {
	moves  int       // waterdeep.NumMoves(): the row length
	sum    []float32 // row p: the rewards of seat p, by move
	count  []float32
	played []seatMove // the current iteration's moves
}

// seatMove is one move played in an iteration, with its seat.
type seatMove struct {
	p waterdeep.PlayerID
	m waterdeep.Move
}

// mastRandom is the rollout policy's chance of a uniform move; otherwise
// it plays the legal move with the best average in the table. Screened at
// 800 iterations (bots/STRENGTH.md): 0.2, 0.4 and 0.6 within noise.
const mastRandom = 0.4

// mastUnseen is the average credited to a move no iteration has played
// yet: a little above an even reward, so that untried moves are tried
// before middling ones.
const mastUnseen = 0.55

// reset empties t for a search of players seats, reusing its storage.
func (t *mast) reset(players int) {
	t.moves = waterdeep.NumMoves()
	n := players * t.moves
	if cap(t.sum) < n {
		t.sum, t.count = make([]float32, n), make([]float32, n)
	}
	t.sum, t.count = t.sum[:n], t.count[:n]
	clear(t.sum)
	clear(t.count)
	t.played = t.played[:0]
}

// record notes that seat p played m in the current iteration.
func (t *mast) record(p waterdeep.PlayerID, m waterdeep.Move) {
	t.played = append(t.played, seatMove{p, m})
}

// backup credits every move of the current iteration with its seat's
// reward and starts the next iteration.
func (t *mast) backup(rewards []float64) {
	for _, pm := range t.played {
		i := int(pm.p)*t.moves + int(pm.m)
		t.sum[i] += float32(rewards[pm.p])
		t.count[i]++
	}
	t.played = t.played[:0]
}

// average returns seat p's average reward for m (mastUnseen if unplayed).
func (t *mast) average(p waterdeep.PlayerID, m waterdeep.Move) float32 {
	i := int(p)*t.moves + int(m)
	if c := t.count[i]; c > 0 {
		return t.sum[i] / c
	}
	return mastUnseen
}

// best returns the move of buf (not empty) with the highest average for
// p; ties go to the first.
func (t *mast) best(p waterdeep.PlayerID, buf []waterdeep.Move) waterdeep.Move {
	best, bestVal := buf[0], t.average(p, buf[0])
	for _, m := range buf[1:] {
		if val := t.average(p, m); val > bestVal {
			best, bestVal = m, val
		}
	}
	return best
}

// move returns the rollout policy's move for seat p among buf, the legal
// moves: a quest completed when one can be (policyMove); else, with
// probability mastRandom, a uniform move, and otherwise the best by the
// table.
func (t *mast) move(p waterdeep.PlayerID, buf []waterdeep.Move, r *rand.Rand) waterdeep.Move {
	if isQuestOffer(buf) || r.Float64() < mastRandom {
		return policyMove(buf, r)
	}
	return t.best(p, buf)
}
