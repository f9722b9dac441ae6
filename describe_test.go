package waterdeep

import (
	"fmt"
	"strings"
	"testing"
)

// Every base quest, intrigue card, tile, space and lord has a text and a
// description generated from its effects that names its numbers.
func TestBaseTextsAndDescriptions(t *testing.T) {
	c := BaseContent()
	mentions := func(what, d string, nums ...int) {
		t.Helper()
		for _, n := range nums {
			if n != 0 && !strings.Contains(d, fmt.Sprint(n)) {
				t.Errorf("%s: %q does not mention %d", what, d, n)
			}
		}
	}
	for i := range c.NumQuests() {
		q := c.Quest(QuestID(i))
		d := q.Describe()
		if q.Text == "" || !strings.HasPrefix(d, "Needs ") {
			t.Errorf("quest %s: text %q, description %q", q.ID, q.Text, d)
		}
		r := q.Requires
		mentions(q.ID, d, q.PrintedVP(), r.Cleric, r.Fighter, r.Rogue, r.Wizard, r.Gold, q.Plot.VP, q.Plot.Count)
		if q.PrintedVP() > 0 && !strings.Contains(d, fmt.Sprintf("Gives %d VP", q.PrintedVP())) {
			t.Errorf("quest %s: %q does not give its %d VP", q.ID, d, q.PrintedVP())
		}
		if q.IsPlot() != strings.Contains(d, "From now on: ") {
			t.Errorf("quest %s (plot %v): %q", q.ID, q.Plot.Kind, d)
		}
	}
	for i := range c.NumIntrigue() {
		card := c.Intrigue(IntrigueID(i))
		d := card.Describe()
		if card.Text == "" || len(d) < 20 {
			t.Errorf("card %s: text %q, description %q", card.ID, card.Text, d)
		}
		r := card.Requires
		mentions(card.ID, d, r.Cleric, r.Fighter, r.Rogue, r.Wizard, r.Gold)
		for _, st := range append(card.Effect, card.Reward...) {
			mentions(card.ID, d, st.Bundle.VP, st.Bundle.Gold, st.Bundle.Adventurers(), st.Else.VP, st.Count)
		}
	}
	for i := range c.NumBuildings() {
		tile := c.Building(BuildingID(i))
		d := tile.Describe()
		if tile.Text == "" || !strings.HasPrefix(d, fmt.Sprintf("Costs %d gold. ", tile.Cost)) {
			t.Errorf("tile %s: text %q, description %q", tile.ID, tile.Text, d)
		}
		a := tile.Accumulate
		mentions(tile.ID, d, a.Adventurers(), a.Gold, a.VP)
		if !a.IsZero() && !strings.Contains(d, "start of each round") {
			t.Errorf("tile %s: %q does not say what accumulates", tile.ID, d)
		}
	}
	for i := range c.NumSpaces() {
		sp := c.Space(SpaceID(i))
		if sp.ID != c.SpaceID(SpaceID(i)) || sp.Building != c.SpaceBuilding(SpaceID(i)) || sp.Text == "" || sp.Description == "" {
			t.Errorf("space %d: %+v", i, sp)
		}
	}
	for i := range c.NumLords() {
		l := c.Lord(LordID(i))
		d := l.Describe()
		if l.Text == "" {
			t.Errorf("lord %s has no text", l.ID)
		}
		mentions(l.ID, d, l.VPPerQuest, l.VPPerBuilding)
		for _, qt := range l.QuestTypes {
			if !strings.Contains(d, qt.String()) {
				t.Errorf("lord %s: %q does not name %s", l.ID, d, qt)
			}
		}
	}
}

// Representative descriptions: a reward with a special, every plot kind, a
// mandatory quest, an attack, a utility, an accumulating tile, a tile whose
// owner chooses, basic spaces and lords.
func TestDescribeExamples(t *testing.T) {
	c := BaseContent()
	quest := func(id string) string {
		q, ok := c.QuestByID(id)
		if !ok {
			t.Fatalf("no quest %s", id)
		}
		return c.Quest(q).Describe()
	}
	card := func(id string) string {
		i, ok := c.IntrigueByID(id)
		if !ok {
			t.Fatalf("no card %s", id)
		}
		return c.Intrigue(i).Describe()
	}
	tile := func(id string) string {
		b, ok := c.BuildingByID(id)
		if !ok {
			t.Fatalf("no tile %s", id)
		}
		return c.Building(b).Describe()
	}
	space := func(id string) Space {
		s, ok := c.SpaceByID(id)
		if !ok {
			t.Fatalf("no space %s", id)
		}
		return c.Space(s)
	}
	lord := func(id string) string {
		l, ok := c.LordByID(id)
		if !ok {
			t.Fatalf("no lord %s", id)
		}
		return c.Lord(l).Describe()
	}
	for _, tc := range []struct{ name, got, want string }{
		{"research-chronomancy", quest("research-chronomancy"), "Needs 2 wizards and 4 gold. Gives 4 VP and 1 wizard; return one of your assigned agents."},
		{"bonus_on_gain", quest("explore-ahghairons-tower"),
			"Needs 1 fighter, 2 wizards and 2 gold. Gives 6 VP. From now on: whenever an action gives you wizards, also gain 1 intrigue card."},
		{"bonus_on_complete", quest("study-the-illusk-arch"),
			"Needs 1 cleric and 2 wizards. Gives 8 VP. From now on: score 2 VP whenever you complete an arcana quest."},
		{"bonus_on_purchase", quest("infiltrate-builders-hall"),
			"Needs 2 fighters, 2 rogues and 4 gold. Gives 6 VP. From now on: score 4 VP whenever you buy a building at Builder's Hall."},
		{"bonus_on_intrigue", quest("place-a-sleeper-agent-in-skullport"),
			"Needs 1 fighter, 4 rogues and 1 wizard. From now on: score 2 VP whenever you play an intrigue card."},
		{"round_start_choose", quest("defend-the-tower-of-luck"),
			"Needs 2 clerics, 1 fighter, 1 rogue and 1 wizard. From now on: at the start of every round, take 1 adventurer of your choice."},
		{"occupied_placement", quest("recover-the-magisters-orb"),
			"Needs 3 rogues and 2 wizards. Gives 6 VP. From now on: once per round you may assign an agent to a space that holds an opponent's agent."},
		{"extra_agent", quest("recruit-lieutenant"),
			"Needs 1 cleric, 5 fighters, 1 rogue and 1 wizard. From now on: an extra agent (the Lieutenant) joins your pool for the rest of the game."},
		{"cleric_swap", quest("produce-a-miracle-for-the-masses"),
			"Needs 2 clerics and 4 gold. Gives 5 VP. From now on: once per round, when an action gives you clerics, you may exchange one other adventurer of yours for a cleric."},
		{"mandatory", card("fend-off-bandits"), "Mandatory quest, played on an opponent. Needs 2 fighters and 1 wizard. Gives 2 VP."},
		{"attack", card("ambush"), "Attack: Each opponent returns 1 fighter; for each who cannot, you gain 1 fighter."},
		{"utility", card("call-in-a-favor"), "Utility: Take 4 gold, 2 fighters, 2 rogues, 1 wizard or 1 cleric."},
		{"accumulating tile", tile("caravan-court"),
			"Costs 4 gold. Take everything piled here. The owner gains 1 fighter. When it is bought and at the start of each round, 2 fighters are placed here."},
		{"accumulating gold", tile("the-golden-horn"),
			"Costs 4 gold. Take everything piled here. The owner gains 2 gold. When it is bought and at the start of each round, 4 gold is placed here."},
		{"owner chooses", tile("fetlock-court"),
			"Costs 8 gold. Gives 2 fighters and 1 wizard. The owner's benefit: Take 1 fighter or 1 wizard."},
		{"basic space", space("cliffwatch-inn/1").Description, "Take 1 face-up quest from Cliffwatch Inn; gain 2 gold."},
		{"harbor space", space("waterdeep-harbor/2").Description,
			"Play an intrigue card from your hand. After every agent is assigned, the agent here is reassigned."},
		{"lord of quests", lord("brianne-byndraeth"), "4 VP for each arcana and skullduggery quest completed"},
		{"lord of buildings", lord("larissa-neathal"), "6 VP for each building controlled"},
	} {
		if tc.got != tc.want {
			t.Errorf("%s:\n got %q\nwant %q", tc.name, tc.got, tc.want)
		}
	}
}

func TestSpace(t *testing.T) {
	c := BaseContent()
	s, _ := c.SpaceByID("cliffwatch-inn/1")
	got := c.Space(s)
	want := Space{ID: "cliffwatch-inn/1", Building: "Cliffwatch Inn", Text: "Take a face-up quest and 2 gold.",
		Description: "Take 1 face-up quest from Cliffwatch Inn; gain 2 gold."}
	if got != want {
		t.Errorf("Space(cliffwatch-inn/1) = %+v, want %+v", got, want)
	}
	b, _ := c.BuildingByID("the-zoarstar")
	got = c.Space(c.TileSpace(b))
	if !got.Tile || got.BuildingID != b || got.Building != "The Zoarstar" || got.ID != c.BuildingID(b) ||
		got.Text != c.Building(b).Text || got.Description != c.Building(b).Describe() {
		t.Errorf("Space(the-zoarstar) = %+v", got)
	}
	if got := c.Space(SpaceID(c.NumSpaces())); got != (Space{}) {
		t.Errorf("Space out of range = %+v, want zero", got)
	}
	if got := c.Space(255); got != (Space{}) {
		t.Errorf("Space(255) = %+v, want zero", got)
	}
}
