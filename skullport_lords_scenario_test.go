package waterdeep

// Scenario tests for the 3 lords of the Skullport module, each naming its
// entry in ../shared/reference/skullport/lords.yaml, and the count and
// totals of the module's content.

import (
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/waterdeep-go/waterdeep/intrigue"
)

// skLordGame is skGame where p1 holds lord id, has completed the given
// quests, controls the given tiles and holds corruption tokens.
func skLordGame(t *testing.T, id string, completed, tiles []string, corruption int) State {
	t.Helper()
	s := skGame(t)
	questSetLord(t, &s, 0, id)
	for _, q := range completed {
		giveCompleted(t, &s, 0, q)
	}
	for _, b := range tiles {
		giveTile(t, &s, 0, b)
	}
	skCorrupt(&s, 0, corruption)
	return s
}

// skLordCheck compares want with p1's final scoring as the state counts it
// and as p1's own view counts it (View.FinalScore has its own tally).
func skLordCheck(t *testing.T, ref string, want FinalScore, s State) {
	t.Helper()
	if d := cmp.Diff(want, s.FinalScore(0)); d != "" {
		t.Errorf("%s (-want +got):\n%s", ref, d)
	}
	if d := cmp.Diff(want, s.View(0).FinalScore(0)); d != "" {
		t.Errorf("%s in p1's view (-want +got):\n%s", ref, d)
	}
}

func TestSkullportLordIrusylEraneth(t *testing.T) { // ref irusyl_eraneth
	// 2 piety and 1 arcana quests: the type named is piety, 2 x 6 VP.
	s := skLordGame(t, "irusyl-eraneth", []string{"sanctify-temple-to-oghma", "institute-reforms", "establish-cult-cell"}, nil, 0)
	skLordCheck(t, "irusyl_eraneth", FinalScore{Gold: 5, Lord: 12}, s)
}

func TestSkullportLordSangalor(t *testing.T) { // ref sangalor
	// 2 Skullport quests, 1 base quest, 1 Skullport tile, 1 base tile:
	// 3 x 4 VP.
	s := skLordGame(t, "sangalor", []string{"bury-the-bodies", "pay-fines", "domesticate-owlbears"},
		[]string{"the-thrown-gauntlet", "dragon-tower"}, 0)
	skLordCheck(t, "sangalor", FinalScore{Gold: 5, Lord: 12}, s)
}

func TestSkullportLordTheXanathar(t *testing.T) { // ref the_xanathar
	// 3 tokens: 3 x 4 VP; the penalty still applies (the track's -1 space
	// is empty: 1 VP each).
	s := skLordGame(t, "the-xanathar", nil, nil, 3)
	want := FinalScore{Gold: 5, Lord: 12, Corruption: -3 * s.CorruptionValue()}
	if s.CorruptionValue() != 1 {
		t.Errorf("corruption value %d, want 1", s.CorruptionValue())
	}
	skLordCheck(t, "the_xanathar", want, s)
	// The game's end adds exactly that.
	before := s.Score(0)
	s = questPlayToEnd(t, s)
	if got := s.Score(0) - before; got != want.Lord+want.Corruption+s.FinalScore(0).Gold+s.FinalScore(0).Adventurers {
		t.Errorf("final scoring added %d", got)
	}
}

// The Skullport module's content, counted and totalled against the
// reference (../shared/reference/skullport/): 12 tiles, 30 quests (6 of
// each type, 10 plots), 19 intrigue cards in 25 copies (3 mandatory
// quests), 3 lords.
func TestSkullportContentCounts(t *testing.T) {
	c := FullContent()
	type counts struct {
		Tiles, TileCost                      int
		Quests, Plots, QuestVP               int
		PerType                              [NumQuestTypes]int
		Cards, Copies, Attack, Utility, Mand int
		Lords                                int
	}
	var got counts
	for b := range c.NumBuildings() {
		if t := c.Building(BuildingID(b)); t.Module == Skullport {
			got.Tiles++
			got.TileCost += t.Cost
		}
	}
	for q := range c.NumQuests() {
		qu := c.Quest(QuestID(q))
		if qu.Module != Skullport {
			continue
		}
		got.Quests++
		got.QuestVP += qu.PrintedVP()
		got.PerType[qu.Type]++
		if qu.IsPlot() {
			got.Plots++
		}
	}
	seen := map[string]bool{}
	for i := range c.NumIntrigue() {
		card := c.Intrigue(IntrigueID(i))
		if card.Module != Skullport {
			continue
		}
		got.Copies++
		if !seen[card.ID] {
			seen[card.ID] = true
			got.Cards++
			switch card.Kind {
			case intrigue.Attack:
				got.Attack++
			case intrigue.Utility:
				got.Utility++
			case intrigue.Mandatory:
				got.Mand++
			}
		}
	}
	for l := range c.NumLords() {
		if c.Lord(LordID(l)).Module == Skullport {
			got.Lords++
		}
	}
	want := counts{
		Tiles: 12, TileCost: 7 + 6 + 3 + 9 + 8 + 6 + 6 + 4 + 8 + 5 + 8 + 7,
		Quests: 30, Plots: 10, PerType: [NumQuestTypes]int{6, 6, 6, 6, 6},
		// The printed VP of the 30 quests in the reference.
		QuestVP: 18 + 13 + 8 + 9 + 10 + 17 + 9 + 13 + 8 + 20 + 16 + 4 + 5 + 19 + 8 + 13 + 10 + 18 +
			20 + 8 + 9 + 9 + 16 + 13 + 16 + 8 + 8 + 9 + 10 + 18,
		Cards: 19, Copies: 25, Attack: 5, Utility: 11, Mand: 3, Lords: 3,
	}
	if d := cmp.Diff(want, got); d != "" {
		t.Errorf("Skullport content (-want +got):\n%s", d)
	}
}

// The Skullport lords describe their scoring.
func TestSkullportLordsDescribed(t *testing.T) {
	c := FullContent()
	for id, want := range map[string]string{
		"irusyl-eraneth": "6 VP for each completed quest of the one type named at the end",
		"sangalor":       "4 VP for each skullport quest completed and each skullport building controlled",
		"the-xanathar":   "4 VP for each corruption token held",
	} {
		l, ok := c.LordByID(id)
		if !ok {
			t.Fatalf("no lord %s", id)
		}
		if got := c.Lord(l).Describe(); got != want {
			t.Errorf("%s: %q, want %q", id, got, want)
		}
	}
}
