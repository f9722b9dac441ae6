package bots

import (
	"bufio"
	"fmt"
	"io"
	"math"
	"time"
)

// Summary is how each bot of a tournament did.
type Summary struct {
	// Games is the number of games played; Decisions the actions taken in
	// all of them.
	Games     int
	Decisions int
	// Entrants are the bots' results, in the order of Tournament.Bots.
	Entrants []EntrantSummary
}

// EntrantSummary is one tournament bot's results.
type EntrantSummary struct {
	// Name is the bot's Name; Label is Name, or "name#k" for the k-th of
	// several bots of the same name.
	Name, Label string
	// Games is the number of games played; Seats counts them by seat.
	Games int
	Seats []int
	// Wins is the sum of the win shares (a win shared by k counts 1/k);
	// WinRate is Wins/Games, and [Low, High] its 95% Wilson interval.
	Wins, WinRate, Low, High float64
	// MeanVP and SDVP are the mean and standard deviation of the final
	// score.
	MeanVP, SDVP float64
	// Decisions is the number of actions the bot chose, and Think the time
	// it took to choose them.
	Decisions int
	Think     time.Duration

	sum, sumSq float64
}

// WriteTable writes the summary as a table for people, one line per bot
// in the order of Tournament.Bots, then the mean game length:
//
//	bot           games    win %            95% CI    score      sd  ms/decision
//	greedy          100    61.0% [ 51.2%,  70.0%]     98.3    12.1         0.21
//	random          100    39.0% [ 30.0%,  48.8%]     61.0    10.4         0.01
//	mean game length: 212.4 decisions
//
// It returns the first error of w.
func (s Summary) WriteTable(w io.Writer) error {
	b := bufio.NewWriter(w)
	fmt.Fprintf(b, "%-12s %6s %8s %17s %8s %7s %12s\n", "bot", "games", "win %", "95% CI", "score", "sd", "ms/decision")
	for _, e := range s.Entrants {
		fmt.Fprintf(b, "%-12s %6d %7.1f%% [%5.1f%%, %5.1f%%] %8.1f %7.1f %12.2f\n", e.Label, e.Games, 100*e.WinRate,
			100*e.Low, 100*e.High, e.MeanVP, e.SDVP, float64(e.PerDecision())/float64(time.Millisecond))
	}
	if s.Games > 0 {
		fmt.Fprintf(b, "mean game length: %.1f decisions\n", float64(s.Decisions)/float64(s.Games))
	}
	return b.Flush()
}

// PerDecision is the mean time the bot took to choose an action.
func (e EntrantSummary) PerDecision() time.Duration {
	if e.Decisions == 0 {
		return 0
	}
	return e.Think / time.Duration(e.Decisions)
}

func newSummary(entrants int) Summary {
	sm := Summary{Entrants: make([]EntrantSummary, entrants)}
	return sm
}

// add counts one game's result. Results are added in game order, so that
// the sums, and the summary, do not depend on the order games finish in.
func (sm *Summary) add(r GameResult) {
	sm.Games++
	sm.Decisions += r.Decisions
	for p, i := range r.Entrants {
		e := &sm.Entrants[i]
		if e.Seats == nil {
			e.Name = r.Bots[p]
			e.Seats = make([]int, len(r.Entrants))
		}
		e.Games++
		e.Seats[p]++
		score := float64(r.Scores[p])
		e.sum += score
		e.sumSq += score * score
		e.Wins += r.Shares[p]
		e.Decisions += r.Moves[p]
		e.Think += r.Think[p]
	}
}

// finish computes the means, deviations, intervals and labels.
func (sm *Summary) finish() {
	count := map[string]int{}
	for _, e := range sm.Entrants {
		count[e.Name]++
	}
	seen := map[string]int{}
	for i := range sm.Entrants {
		e := &sm.Entrants[i]
		seen[e.Name]++
		e.Label = e.Name
		if count[e.Name] > 1 {
			e.Label = fmt.Sprintf("%s#%d", e.Name, seen[e.Name])
		}
		if e.Games == 0 {
			continue
		}
		n := float64(e.Games)
		e.WinRate = e.Wins / n
		e.MeanVP = e.sum / n
		if e.Games > 1 {
			e.SDVP = math.Sqrt(max(0, (e.sumSq-n*e.MeanVP*e.MeanVP)/(n-1)))
		}
		e.Low, e.High = Wilson(e.Wins, e.Games)
	}
}

// Wilson returns the 95% Wilson score interval of a rate of wins in n
// trials; wins may be fractional (shared wins). With n 0 it is [0, 1].
func Wilson(wins float64, n int) (low, high float64) {
	const z = 1.959963984540054
	if n <= 0 {
		return 0, 1
	}
	nf := float64(n)
	p := wins / nf
	z2 := z * z
	den := 1 + z2/nf
	center := (p + z2/(2*nf)) / den
	half := z / den * math.Sqrt(p*(1-p)/nf+z2/(4*nf*nf))
	return max(0, center-half), min(1, center+half)
}
