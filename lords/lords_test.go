package lords_test

import (
	"errors"
	"slices"
	"testing"
	"testing/fstest"

	"github.com/waterdeep-go/waterdeep/content"
	"github.com/waterdeep-go/waterdeep/lords"
)

func loadBase(t *testing.T) []lords.Lord {
	t.Helper()
	ls, err := lords.Load(content.Base())
	if err != nil {
		t.Fatalf("Load(content.Base()): %v", err)
	}
	// The modules' entries follow the base game's (tested in the root
	// package).
	return slices.DeleteFunc(ls, func(x lords.Lord) bool { return x.Module != 0 })
}

func TestBaseLords(t *testing.T) {
	ls := loadBase(t)
	if len(ls) != 11 {
		t.Fatalf("got %d lords, want 11", len(ls))
	}
	pairs := map[[2]content.QuestType]string{}
	building := 0
	for _, l := range ls {
		if l.VPPerBuilding != 0 {
			building++
			if l.ID != "larissa-neathal" || l.VPPerBuilding != 6 || len(l.QuestTypes) != 0 || l.VPPerQuest != 0 {
				t.Errorf("building lord %+v", l)
			}
			continue
		}
		if len(l.QuestTypes) != 2 || l.VPPerQuest != 4 {
			t.Errorf("%s: types %v, %d VP per quest", l.ID, l.QuestTypes, l.VPPerQuest)
			continue
		}
		a, b := l.QuestTypes[0], l.QuestTypes[1]
		if a == b {
			t.Errorf("%s: the same type twice", l.ID)
		}
		if a > b {
			a, b = b, a
		}
		if other, ok := pairs[[2]content.QuestType{a, b}]; ok {
			t.Errorf("%s and %s both score %v and %v", other, l.ID, a, b)
		}
		pairs[[2]content.QuestType{a, b}] = l.ID
	}
	if building != 1 {
		t.Errorf("%d building lords, want 1", building)
	}
	for a := content.QuestType(0); a < content.NumQuestTypes; a++ {
		for b := a + 1; b < content.NumQuestTypes; b++ {
			if _, ok := pairs[[2]content.QuestType{a, b}]; !ok {
				t.Errorf("no lord scores %v and %v", a, b)
			}
		}
	}
	if len(pairs) != 10 {
		t.Errorf("%d quest-type pairs, want 10", len(pairs))
	}
}

func TestScore(t *testing.T) {
	ls := loadBase(t)
	find := func(id string) lords.Lord {
		for _, l := range ls {
			if l.ID == id {
				return l
			}
		}
		t.Fatalf("no lord %q", id)
		return lords.Lord{}
	}
	var tally lords.Tally
	tally.Completed[content.Arcana] = 3
	tally.Completed[content.Commerce] = 1
	tally.Completed[content.Piety] = 2
	tally.Completed[content.Skullduggery] = 0
	tally.Completed[content.Warfare] = 4
	tally.Buildings = 2

	if got := find("larissa-neathal").Score(tally); got != 12 {
		t.Errorf("Larissa scores %d, want 12", got)
	}
	if got := find("khelben-arunsun").Score(tally); got != 4*(3+4) {
		t.Errorf("Khelben (arcana, warfare) scores %d, want 28", got)
	}
	if got := find("mirt-the-moneylender").Score(tally); got != 4*(1+2) {
		t.Errorf("Mirt (commerce, piety) scores %d, want 12", got)
	}
	if got := find("nymara-scheiron").Score(lords.Tally{}); got != 0 {
		t.Errorf("empty tally scores %d", got)
	}
}

// TestTallyAdds checks Tally.AddQuest and Tally.AddBuilding: every quest
// counts by its type, a module's quests and buildings by their module (0
// Undermountain, 1 Skullport), and a quest of at least BigQuestVP among
// BigQuests only for a lord that scores big quests.
func TestTallyAdds(t *testing.T) {
	big := &lords.Lord{VPPerBigQuest: 2, BigQuestVP: 10}
	var tb, tn lords.Tally
	for _, q := range []struct {
		typ    content.QuestType
		module content.Modules
		vp     int
	}{{content.Arcana, 0, 4}, {content.Arcana, content.Undermountain, 10}, {content.Warfare, content.Skullport, 25}, {content.Piety, content.Skullport, 9}} {
		tb.AddQuest(big, q.typ, q.module, q.vp)
		tn.AddQuest(&lords.Lord{}, q.typ, q.module, q.vp)
	}
	for _, m := range []content.Modules{0, content.Skullport, content.Undermountain, content.Skullport} {
		tb.AddBuilding(m)
	}
	want := lords.Tally{Buildings: 4, ModuleQuests: [2]int{1, 2}, ModuleBuildings: [2]int{1, 2}, BigQuests: 2}
	want.Completed[content.Arcana], want.Completed[content.Warfare], want.Completed[content.Piety] = 2, 1, 1
	if tb != want {
		t.Errorf("tally %+v, want %+v", tb, want)
	}
	if tn.BigQuests != 0 || tn.Completed != want.Completed || tn.ModuleQuests != want.ModuleQuests {
		t.Errorf("tally for a lord without big quests %+v", tn)
	}
}

func TestBadYAML(t *testing.T) {
	cases := []struct{ name, yaml, entry, field string }{
		{"unknown type", "lords:\n  - id: x\n    name: X\n    scoring: {quest_types: [cooking], vp_per_quest: 4}\n", "x", "scoring.quest_types"},
		{"scores nothing", "lords:\n  - id: x\n    name: X\n    scoring: {}\n", "x", "scoring"},
		{"duplicate", "lords:\n  - id: x\n    name: X\n    scoring: {vp_per_building: 6}\n  - id: x\n    name: Y\n    scoring: {vp_per_building: 6}\n", "x", "id"},
		{"unknown field", "lords:\n  - id: x\n    name: X\n    scoring: {vp_per_building: 6}\n    motto: hi\n", "", ""},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			_, err := lords.Load(fstest.MapFS{lords.File: {Data: []byte(c.yaml)}})
			var le *content.LoadError
			if !errors.As(err, &le) {
				t.Fatalf("got %v, want a *content.LoadError", err)
			}
			if le.Entry != c.entry || le.Field != c.field {
				t.Errorf("error at %q/%q, want %q/%q: %v", le.Entry, le.Field, c.entry, c.field, err)
			}
		})
	}
}
