package waterdeep

import (
	"fmt"
	"slices"
)

// difference returns the JSON name of the first fact in which two views
// differ, or "" when they show the same facts. Views hold slices, so ==
// cannot compare them; an empty list and a missing one are the same fact.
// Determinize uses it to keep its promise that a sampled state's view equals
// the view given, and to name the field of a view that contradicts itself.
func (v *View) difference(w *View) string {
	type fact struct {
		name string
		same bool
	}
	facts := [...]fact{
		{"content", v.c == w.c},
		{"viewer", v.Viewer == w.Viewer},
		{"players", v.Players == w.Players},
		{"modules", v.Modules == w.Modules},
		{"long", v.Long == w.Long},
		{"round", v.Round == w.Round},
		{"over", v.Over == w.Over},
		{"first", v.First == w.First},
		{"to_act", v.ToAct == w.ToAct},
		{"decision.kind", v.Decision.Kind == w.Decision.Kind},
		{"decision.player", v.Decision.Player == w.Decision.Player},
		{"decision.optional", v.Decision.Optional == w.Decision.Optional},
		{"decision.count", v.Decision.Count == w.Decision.Count},
		{"decision.kinds", v.Decision.Kinds == w.Decision.Kinds},
		{"decision.give", v.Decision.Give == w.Decision.Give},
		{"decision.vp", v.Decision.VP == w.Decision.VP},
		{"decision.other", v.Decision.Other == w.Decision.Other},
		{"decision.purpose", v.Decision.Purpose == w.Decision.Purpose},
		{"decision.source", v.Decision.Source == w.Decision.Source},
		{"decision.reassign", v.Decision.Reassign == w.Decision.Reassign},
		{"decision.from", v.Decision.From == w.Decision.From},
		{"decision.ambassador", v.Decision.Ambassador == w.Decision.Ambassador},
		{"legal", slices.Equal(v.Legal, w.Legal)},
		{"supply", v.Supply == w.Supply},
		{"caravans", v.Caravans == w.Caravans},
		{"spaces", slices.EqualFunc(v.Spaces, w.Spaces, SpaceView.same)},
		{"cliffwatch", slices.Equal(v.Cliffwatch, w.Cliffwatch)},
		{"revealed", slices.Equal(v.Revealed, w.Revealed)},
		{"for_sale", slices.Equal(v.ForSale, w.ForSale)},
		{"gone", slices.Equal(v.Gone, w.Gone)},
		{"ambassador.holder", v.AmbassadorHolder == w.AmbassadorHolder},
		{"ambassador.space", v.AmbassadorPlaced == w.AmbassadorPlaced && v.AmbassadorSpace == w.AmbassadorSpace},
		{"ambassador.gone", v.AmbassadorGone == w.AmbassadorGone},
		{"quest_deck", v.QuestDeck == w.QuestDeck},
		{"intrigue_deck", v.IntrigueDeck == w.IntrigueDeck},
		{"building_stack", v.BuildingStack == w.BuildingStack},
		{"quest_discard", slices.Equal(v.QuestDiscard, w.QuestDiscard)},
		{"intrigue_discard", slices.Equal(v.IntrigueDiscard, w.IntrigueDiscard)},
		{"removed.quests", v.RemovedQuests == w.RemovedQuests},
		{"removed.intrigue", v.RemovedIntrigue == w.RemovedIntrigue},
		{"removed.buildings", v.RemovedBuildings == w.RemovedBuildings},
		{"corruption.track", v.Track == w.Track},
		{"corruption.removed", v.CorruptionRemoved == w.CorruptionRemoved},
		{"corruption.value", v.CorruptionValue == w.CorruptionValue},
		{"progress", v.Progress == w.Progress},
	}
	for _, f := range facts {
		if !f.same {
			return f.name
		}
	}
	if len(v.Seats) != len(w.Seats) {
		return "seats"
	}
	for i := range v.Seats {
		if name := v.Seats[i].difference(&w.Seats[i]); name != "" {
			return fmt.Sprintf("seats[%d].%s", i, name)
		}
	}
	return ""
}

func (a SpaceView) same(b SpaceView) bool {
	return a.Space == b.Space && slices.Equal(a.Agents, b.Agents) && a.Ambassador == b.Ambassador &&
		a.Tile == b.Tile && a.Building == b.Building && a.Owner == b.Owner && a.Stock == b.Stock &&
		a.Placed == b.Placed && a.PlacedCorruption == b.PlacedCorruption
}

func (a *SeatView) difference(b *SeatView) string {
	switch {
	case a.Seat != b.Seat:
		return "seat"
	case a.Score != b.Score:
		return "score"
	case a.Gold != b.Gold:
		return "gold"
	case a.Tavern != b.Tavern:
		return "tavern"
	case a.Corruption != b.Corruption:
		return "corruption"
	case a.Agents != b.Agents:
		return "agents"
	case a.Pool != b.Pool:
		return "pool"
	case a.HandSize != b.HandSize:
		return "hand_size"
	case !slices.Equal(a.Hand, b.Hand):
		return "hand"
	case !slices.Equal(a.KnownHand, b.KnownHand):
		return "known_hand"
	case a.LordKnown != b.LordKnown || a.Lord != b.Lord:
		return "lord"
	case !slices.Equal(a.Active, b.Active):
		return "active"
	case !slices.Equal(a.Completed, b.Completed):
		return "completed"
	case !slices.Equal(a.Mandatory, b.Mandatory):
		return "mandatory"
	case !slices.Equal(a.Buildings, b.Buildings):
		return "buildings"
	case a.OrbUsed != b.OrbUsed:
		return "orb_used"
	case a.SwapUsed != b.SwapUsed:
		return "swap_used"
	case !slices.Equal(a.LordsSeen, b.LordsSeen):
		return "lords_seen"
	case a.TurnUsed != b.TurnUsed:
		return "turn_used"
	case a.VisitUsed != b.VisitUsed:
		return "visit_used"
	case a.LordShown != b.LordShown:
		return "lord_shown"
	}
	return ""
}
