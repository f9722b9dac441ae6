package bots

import (
	"github.com/waterdeep-go/waterdeep"
	"github.com/waterdeep-go/waterdeep/lords"
)

// seatWorthRef is the evaluation as it was first written, which seatWorth
// must equal: seat p's evaluation without the opponent term; withLord
// counts p's lord (known to p only).
func seatWorthRef(s waterdeep.State, p waterdeep.PlayerID, withLord bool) float64 {
	c := s.Content()
	tb := tablesFor(c)
	turns := turnsLeft(s, p)
	roundsLeft := float64(8 - s.Round())
	late := min(1, float64(turns)/8) // 1 early on, 0 at the last turn
	var lord lords.Lord
	if withLord {
		lord = c.Lord(s.Lord(p))
	}
	lordBuilding := lord.VPPerBuilding
	plot := plotWorth * min(float64(turns), plotCapTurns)

	w := float64(s.Score(p))
	if withLord && lord.VPPerCorruption != 0 {
		// The Xanathar: the tokens held score (the terms below do not
		// see them).
		w += float64(lord.VPPerCorruption * s.Corruption(p))
	}
	// Completed quests: the lord's bonus, and the lasting worth of plots.
	for _, q := range s.CompletedQuests(p) {
		w += float64(lordQuestVP(lord, c.Quest(q)))
		if tb.questPlot[q] {
			w += plot
		}
	}
	nb := s.Buildings(p)
	w += float64(nb) * (float64(lordBuilding) + buildingWorth*roundsLeft)
	if h, ok, _, _ := s.Ambassador(); ok && h == p {
		w += ambassadorVP * roundsLeft
	}
	w += intrigueWorth * min(1, float64(turns)/2) * float64(len(s.Hand(p)))
	w -= corruptionCost(s, p)
	if withLord && lord.ModuleCards != 0 {
		// Sangalor, Halaster Blackcloak: the module's buildings score too.
		for b := range waterdeep.BuildingID(c.NumBuildings()) {
			if o, ok := s.Owner(b); ok && o == p && c.Building(b).Module == lord.ModuleCards {
				w += float64(lord.VPPerModuleCard)
			}
		}
	}

	// Quests, served best first from one pool.
	tav := s.Tavern(p)
	gold := s.Gold(p)
	var items []questItem
	for _, q := range s.ActiveQuests(p) {
		qu := c.Quest(q)
		v := tb.questReward[q] + float64(lordQuestVP(lord, qu))
		if tb.questPlot[q] {
			v += plot
		}
		items = append(items, questItem{need: qu.Requires.Cubes(), gold: qu.Requires.Gold, worth: v})
	}
	for _, i := range s.MandatoryQuests(p) {
		card := c.Intrigue(i)
		w -= mandatoryCost
		// Mandatory quests come first: the others cannot be completed
		// before them.
		items = append(items, questItem{need: card.Requires.Cubes(), gold: card.Requires.Gold, worth: tb.mandatoryReward[i], first: true})
	}
	// Resources at their worth if kept to the end (plus a premium for the
	// scarce kinds while there is time to use them).
	var cubeWorth [waterdeep.NumAdventurers]float64
	for k := range cubeWorth {
		cubeWorth[k] = 1
		if waterdeep.Adventurer(k) == waterdeep.Cleric || waterdeep.Adventurer(k) == waterdeep.Wizard {
			cubeWorth[k] += scarcePremium * late
		}
	}
	budget := float64(turns)
	for {
		// Serve the quest that adds the most: its share of its worth,
		// less the worth of the held resources it would use up.
		bi, bv, bgain, bm, bfirst := -1, 0.0, 0.0, 0.0, false
		for i := range items {
			if items[i].done {
				continue
			}
			it := &items[i]
			m := missingTurns(it.need, tav, it.gold, gold)
			v := it.worth * questShare(m, budget)
			used := goldWorth * float64(min(gold, it.gold))
			for k := range tav {
				used += cubeWorth[k] * float64(min(tav[k], it.need[k]))
			}
			gain := v - used
			if v <= 0 || (!it.first && gain <= 0) {
				continue
			}
			if bi < 0 || (it.first && !bfirst) || (it.first == bfirst && gain > bgain) {
				bi, bv, bgain, bm, bfirst = i, v, gain, m, it.first
			}
		}
		if bi < 0 {
			break
		}
		it := &items[bi]
		it.done = true
		w += bv
		budget -= max(bm, 0.5)
		for k := range tav {
			tav[k] = max(0, tav[k]-it.need[k])
		}
		gold = max(0, gold-it.gold)
	}
	// What no quest uses.
	for k, n := range tav {
		w += cubeWorth[k] * float64(n)
	}
	w += goldWorth * float64(gold)
	return w
}
