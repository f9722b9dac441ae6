package bots_test

import (
	"context"
	"fmt"
	"os"

	"github.com/waterdeep-go/waterdeep"
	"github.com/waterdeep-go/waterdeep/bots"
)

// lastLegal is a user's bot: it always takes the last legal action.
type lastLegal struct{}

func (lastLegal) Name() string { return "last" }
func (lastLegal) Choose(_ context.Context, v waterdeep.View) (waterdeep.Action, error) {
	return v.Legal[len(v.Legal)-1], nil
}

// A user's bot against Greedy and two Random bots, 100 games with seats
// rotated; the results are the same on any number of workers.
func ExampleTournament() {
	t := bots.Tournament{
		Bots:  []bots.Factory{func(uint64) bots.Bot { return lastLegal{} }, bots.GreedyFactory, bots.RandomFactory, bots.RandomFactory},
		Games: 100,
		Seed:  1,
	}
	sum, err := t.Run(context.Background())
	if err != nil {
		panic(err)
	}
	for _, e := range sum.Entrants {
		fmt.Printf("%-8s wins %4.1f%% [%4.1f%%, %4.1f%%], %5.1f VP\n", e.Label, 100*e.WinRate, 100*e.Low, 100*e.High, e.MeanVP)
	}
	// Output:
	// last     wins  0.0% [ 0.0%,  3.7%],  33.4 VP
	// greedy   wins 95.0% [88.8%, 97.8%],  92.1 VP
	// random#1 wins  1.0% [ 0.2%,  5.4%],  52.0 VP
	// random#2 wins  4.0% [ 1.6%,  9.8%],  52.0 VP
}

// A summary printed as a table (here one made by hand, to show the
// format; Tournament.Run returns real ones).
func ExampleSummary_WriteTable() {
	low, high := bots.Wilson(61, 100)
	sum := bots.Summary{Games: 100, Decisions: 21240, Entrants: []bots.EntrantSummary{
		{Name: "greedy", Label: "greedy", Games: 100, Wins: 61, WinRate: 0.61, Low: low, High: high, MeanVP: 98.3, SDVP: 12.1},
		{Name: "random", Label: "random", Games: 100, Wins: 39, WinRate: 0.39, Low: 1 - high, High: 1 - low, MeanVP: 61, SDVP: 10.4},
	}}
	if err := sum.WriteTable(os.Stdout); err != nil {
		panic(err)
	}
	// Output:
	// bot           games    win %            95% CI    score      sd  ms/decision
	// greedy          100    61.0% [ 51.2%,  70.0%]     98.3    12.1         0.00
	// random          100    39.0% [ 30.0%,  48.8%]     61.0    10.4         0.00
	// mean game length: 212.4 decisions
}
