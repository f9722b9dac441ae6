package waterdeep

// Counts and totals of the Undermountain module's content against the
// reference (skullport/*.yaml; RULES.md 200).

import (
	"sort"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/waterdeep-go/waterdeep/content"
)

func TestUndermountainContentCounts(t *testing.T) {
	c := FullContent()
	var perType, plotsPerType [content.NumQuestTypes]int
	quests, vp := 0, 0
	for q := range QuestID(c.NumQuests()) {
		def := c.Quest(q)
		if def.Module != content.Undermountain {
			continue
		}
		quests++
		perType[def.Type]++
		if def.IsPlot() {
			plotsPerType[def.Type]++
		}
		vp += def.PrintedVP()
	}
	// The reference: 30 quests, 6 of each type, 2 of them plot quests;
	// 464 VP printed.
	if quests != 30 || vp != 464 {
		t.Errorf("%d quests, %d VP printed; want 30 and 464", quests, vp)
	}
	for ty := range content.QuestType(content.NumQuestTypes) {
		if perType[ty] != 6 || plotsPerType[ty] != 2 {
			t.Errorf("%v: %d quests, %d plot quests; want 6 and 2", ty, perType[ty], plotsPerType[ty])
		}
	}
	tiles, cost := 0, 0
	var tileIDs []string
	for b := range c.NumBuildings() {
		def := c.Building(BuildingID(b))
		if def.Module == content.Undermountain {
			tiles++
			cost += def.Cost
			tileIDs = append(tileIDs, def.ID)
		}
	}
	// The reference: 12 tiles costing 67 gold in all.
	if tiles != 12 || cost != 67 {
		t.Errorf("%d tiles costing %d gold; want 12 and 67 (%v)", tiles, cost, tileIDs)
	}
	distinct := map[string]int{}
	kinds := map[string]int{}
	for i := range IntrigueID(c.NumIntrigue()) {
		def := c.Intrigue(i)
		if def.Module == content.Undermountain {
			distinct[def.ID]++
			kinds[def.Kind.String()]++
		}
	}
	for id, n := range distinct {
		if n != 1 {
			t.Errorf("%s: %d copies, want 1 (RULES.md 200)", id, n)
		}
	}
	// The reference: 22 distinct cards, 5 attacks, 14 utilities and 3
	// mandatory quests.
	if d := cmp.Diff(map[string]int{"attack": 5, "utility": 14, "mandatory_quest": 3}, kinds); d != "" || len(distinct) != 22 {
		t.Errorf("%d distinct cards; kinds (-want +got):\n%s", len(distinct), d)
	}
	var lords []string
	for l := range LordID(c.NumLords()) {
		if c.Lord(l).Module == content.Undermountain {
			lords = append(lords, c.Lord(l).ID)
		}
	}
	sort.Strings(lords)
	if d := cmp.Diff([]string{"danilo-thann", "halaster-blackcloak", "trobriand"}, lords); d != "" {
		t.Errorf("lords (-want +got):\n%s", d)
	}
}
