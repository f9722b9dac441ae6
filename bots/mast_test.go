package bots

import (
	"math/rand/v2"
	"testing"

	"github.com/waterdeep-go/waterdeep"
)

// TestMASTAverages: the table credits each seat's moves with that seat's
// reward, keeps the seats apart, and starts empty after reset.
func TestMASTAverages(t *testing.T) {
	var tab mast
	tab.reset(3)
	a, b := waterdeep.Move(5), waterdeep.Move(9)
	tab.record(0, a)
	tab.record(1, a)
	tab.record(0, b)
	tab.backup([]float64{0.9, 0.1, 0.5})
	tab.record(0, a)
	tab.backup([]float64{0.3, 0.7, 0.5})
	if got := tab.average(0, a); got != 0.6 {
		t.Errorf("seat 0, move a: average %v, want 0.6", got)
	}
	if got := tab.average(1, a); got != 0.1 {
		t.Errorf("seat 1, move a: average %v, want 0.1 (seat 0's rewards leaked)", got)
	}
	if got := tab.average(2, a); got != mastUnseen {
		t.Errorf("seat 2, move a unplayed: average %v, want %v", got, mastUnseen)
	}
	if got := tab.best(0, []waterdeep.Move{a, b}); got != b {
		t.Errorf("seat 0 best of a (0.6) and b (0.9): %v", got)
	}
	if got := tab.best(1, []waterdeep.Move{a, b}); got != b {
		t.Errorf("seat 1 best of a (0.1) and unplayed b (%v): %v", mastUnseen, got)
	}
	tab.reset(3)
	if got := tab.average(0, b); got != mastUnseen {
		t.Errorf("after reset: average %v, want %v", got, mastUnseen)
	}
}

// TestMASTPolicy: the rollout policy plays the table's best move about
// 1-mastRandom of the time plus its share of the uniform draws, and
// completes a quest when it can.
func TestMASTPolicy(t *testing.T) {
	var tab mast
	tab.reset(2)
	moves := []waterdeep.Move{3, 4, 5, 6}
	tab.record(1, 5)
	tab.backup([]float64{0, 0.9})
	tab.record(1, 3)
	tab.record(1, 4)
	tab.record(1, 6)
	tab.backup([]float64{0, 0.2})
	r := rand.New(rand.NewPCG(1, 2))
	const n = 10000
	hits := 0
	for range n {
		if tab.move(1, moves, r) == 5 {
			hits++
		}
	}
	want := (1 - mastRandom) + mastRandom/float64(len(moves))
	if got := float64(hits) / n; got < want-0.03 || got > want+0.03 {
		t.Errorf("best move played %.3f of the time, want about %.3f", got, want)
	}
	offer := []waterdeep.Move{completeFirst, completeFirst + 1, declineMove}
	tab.record(1, declineMove)
	tab.backup([]float64{0, 1})
	for range 100 {
		if m := tab.move(1, offer, r); m == declineMove {
			t.Fatal("declined a quest it could complete")
		}
	}
}
