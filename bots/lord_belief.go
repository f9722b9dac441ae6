package bots

import (
	"math"

	"github.com/waterdeep-go/waterdeep"
	"github.com/waterdeep-go/waterdeep/lords"
)

// lordBeliefSharpness is how strongly a seat's holdings point at its lord:
// every 4 VP that a lord would score for the seat's quests and buildings
// (a quest of one of its two types, in the base game) multiplies the
// belief that the seat holds that lord by e^lordBeliefSharpness. Against
// three Greedy (ISMCTS with the library's model, 800 iterations, 1,000
// games of seed 3801 each), sharpness 1, 2, 3, 4 and 8 won 85.2%, 86.5%,
// 87.8%, 88.5% and 87.1%, where uniform dealing wins 84.0% and dealing
// every seat its true lord 90.1% (bots/STRENGTH.md, "Whose lord is
// whose").
const lordBeliefSharpness = 4.0

// lordBelief returns the belief over the lords that view v hides, for
// Sampler.WeighLords: players favour what their lord rewards, so a seat is
// the likelier to hold a lord the more that lord would score for what the
// seat has taken. Seat p's weight of lord l is
// exp(lordBeliefSharpness · bonus(p, l) / 4 VP), where bonus is what l
// would score at the end for p's active and completed quests (as if all
// were completed), its buildings and its corruption: the tally a lord
// scores (lords.Lord.Score), read from what the view shows of every seat.
// The weights of each seat are taken relative to its likeliest lord of
// the game's modules, so that they stay finite.
func lordBelief(v waterdeep.View) func(p waterdeep.PlayerID, l waterdeep.LordID) float64 {
	c := v.Content()
	lordsOf := make([]lords.Lord, c.NumLords())
	for l := range lordsOf {
		lordsOf[l] = c.Lord(waterdeep.LordID(l))
	}
	// bonus[p][l], and its largest value for each seat.
	bonus := make([][]float64, len(v.Seats))
	for _, seat := range v.Seats {
		if seat.LordKnown {
			continue
		}
		row := make([]float64, len(lordsOf))
		best := math.Inf(-1)
		for l := range lordsOf {
			if m := lordsOf[l].Module; m != 0 && m&v.Modules == 0 {
				row[l] = math.Inf(-1) // not in this game
				continue
			}
			row[l] = float64(lordsOf[l].Score(holdingsTally(c, &seat, &lordsOf[l])))
			best = max(best, row[l])
		}
		for l := range row {
			row[l] -= best
		}
		bonus[seat.Seat] = row
	}
	return func(p waterdeep.PlayerID, l waterdeep.LordID) float64 {
		if int(p) >= len(bonus) || bonus[p] == nil || int(l) >= len(bonus[p]) {
			return 1
		}
		return math.Exp(lordBeliefSharpness * bonus[p][l] / 4)
	}
}

// holdingsTally is the tally lord l would score for a seat that completed
// every quest it holds, from what a view shows of the seat.
func holdingsTally(c *waterdeep.Content, seat *waterdeep.SeatView, l *lords.Lord) lords.Tally {
	t := lords.Tally{Corruption: seat.Corruption}
	for _, held := range [2][]waterdeep.QuestID{seat.Active, seat.Completed} {
		for _, id := range held {
			q := c.Quest(id)
			t.AddQuest(l, q.Type, q.Module, q.PrintedVP())
		}
	}
	for _, b := range seat.Buildings {
		t.AddBuilding(c.Building(b).Module)
	}
	return t
}
