package quests_test

import (
	"errors"
	"slices"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/waterdeep-go/waterdeep/content"
	"github.com/waterdeep-go/waterdeep/quests"
)

func loadBase(t *testing.T) []quests.Quest {
	t.Helper()
	qs, err := quests.Load(content.Base())
	if err != nil {
		t.Fatalf("Load(content.Base()): %v", err)
	}
	// The modules' entries follow the base game's (tested in the root
	// package).
	return slices.DeleteFunc(qs, func(x quests.Quest) bool { return x.Module != 0 })
}

func byID(t *testing.T, qs []quests.Quest, id string) quests.Quest {
	t.Helper()
	for _, q := range qs {
		if q.ID == id {
			return q
		}
	}
	t.Fatalf("no quest %q", id)
	return quests.Quest{}
}

func TestBaseCounts(t *testing.T) {
	qs := loadBase(t)
	if len(qs) != 60 {
		t.Fatalf("got %d quests, want 60", len(qs))
	}
	var perType, plotPerType [content.NumQuestTypes]int
	plots, vp, copies := 0, 0, 0
	names := map[string]bool{}
	for _, q := range qs {
		perType[q.Type]++
		if q.IsPlot() {
			plots++
			plotPerType[q.Type]++
		}
		vp += q.PrintedVP()
		copies += q.Copies
		if names[q.Name] {
			t.Errorf("duplicate name %q", q.Name)
		}
		names[q.Name] = true
	}
	for ty := content.QuestType(0); ty < content.NumQuestTypes; ty++ {
		if perType[ty] != 12 {
			t.Errorf("%v: %d quests, want 12", ty, perType[ty])
		}
		if plotPerType[ty] != 3 {
			t.Errorf("%v: %d plot quests, want 3", ty, plotPerType[ty])
		}
	}
	if plots != 15 {
		t.Errorf("%d plot quests, want 15", plots)
	}
	if vp != 618 {
		t.Errorf("sum of printed VP = %d, want 618", vp)
	}
	if copies != 60 {
		t.Errorf("%d copies, want 60", copies)
	}
}

func TestBaseGainStepFirst(t *testing.T) {
	for _, q := range loadBase(t) {
		for i, s := range q.Reward {
			if s.Kind == content.StepGain && i != 0 {
				t.Errorf("%s: gain step at position %d, want first", q.ID, i+1)
			}
		}
	}
}

func TestBaseSpotChecks(t *testing.T) {
	qs := loadBase(t)

	fence := byID(t, qs, "fence-goods-for-duke-of-darkness")
	if want := (content.Bundle{Fighter: 1, Rogue: 3, Gold: 4}); fence.Requires != want {
		t.Errorf("fence goods requires %v, want %v", fence.Requires, want)
	}
	if fence.Type != content.Skullduggery || fence.PrintedVP() != 6 {
		t.Errorf("fence goods: type %v, %d VP", fence.Type, fence.PrintedVP())
	}
	if p := fence.Plot; p.Kind != quests.BonusOnGain || p.When != quests.GainsRogue || p.Gain != (content.Bundle{Gold: 2}) {
		t.Errorf("fence goods plot = %+v", p)
	}

	owl := byID(t, qs, "domesticate-owlbears")
	if want := (content.Bundle{Cleric: 1, Wizard: 2}); owl.Requires != want {
		t.Errorf("owlbears requires %v, want %v", owl.Requires, want)
	}
	if len(owl.Reward) != 1 || owl.Reward[0].Kind != content.StepGain ||
		owl.Reward[0].Bundle != (content.Bundle{VP: 8, Fighter: 1, Gold: 2}) {
		t.Errorf("owlbears reward = %+v", owl.Reward)
	}

	loot := byID(t, qs, "loot-the-crypt-of-chauntea")
	if len(loot.Reward) != 2 || loot.Reward[0].Bundle != (content.Bundle{VP: 7, Intrigue: 1}) ||
		loot.Reward[1].Kind != content.StepDrawQuest || loot.Reward[1].Count != 1 {
		t.Errorf("loot the crypt reward = %+v", loot.Reward)
	}
	noble := byID(t, qs, "convert-a-noble-to-lathander")
	if !noble.Reward.Has(content.StepTakeQuest, 0) {
		t.Errorf("convert a noble: no take_quest step: %+v", noble.Reward)
	}

	lure := byID(t, qs, "lure-artisans-of-mirabar")
	if len(lure.Reward) != 2 || lure.Reward[1].Kind != content.StepFreeBuilding || lure.Reward[1].Source != "hall" {
		t.Errorf("lure artisans reward = %+v", lure.Reward)
	}
	statue := byID(t, qs, "placate-the-walking-statue")
	if len(statue.Reward) != 2 || statue.Reward[1].Kind != content.StepFreeBuilding || statue.Reward[1].Source != "stack" {
		t.Errorf("walking statue reward = %+v", statue.Reward)
	}
	harpers := byID(t, qs, "send-aid-to-the-harpers")
	if len(harpers.Reward) != 2 || harpers.Reward[1].Kind != content.StepGift || harpers.Reward[1].Bundle != (content.Bundle{Gold: 4}) {
		t.Errorf("send aid reward = %+v", harpers.Reward)
	}
	if r := byID(t, qs, "prison-break").Reward; !r.Has(content.StepSpecial, content.MayPlayIntrigue) {
		t.Errorf("prison break reward = %+v", r)
	}
	if r := byID(t, qs, "research-chronomancy").Reward; !r.Has(content.StepSpecial, content.ReturnAgent) ||
		r[0].Bundle != (content.Bundle{VP: 4, Wizard: 1}) {
		t.Errorf("research chronomancy reward = %+v", r)
	}
	if r := byID(t, qs, "establish-harpers-safe-house").Reward; len(r) != 2 || r[1].Kind != content.StepVPPerBuilding || r[1].Count != 2 {
		t.Errorf("harpers safe house reward = %+v", r)
	}

	for _, c := range []struct {
		id   string
		kind quests.PlotKind
	}{
		{"recruit-lieutenant", quests.ExtraAgent},
		{"defend-the-tower-of-luck", quests.RoundStartChoose},
		{"place-a-sleeper-agent-in-skullport", quests.BonusOnIntrigue},
	} {
		q := byID(t, qs, c.id)
		if q.Plot.Kind != c.kind || len(q.Reward) != 0 || q.PrintedVP() != 0 {
			t.Errorf("%s: plot %v, reward %+v", c.id, q.Plot.Kind, q.Reward)
		}
	}
	if p := byID(t, qs, "infiltrate-builders-hall").Plot; p.Kind != quests.BonusOnPurchase || p.VP != 4 {
		t.Errorf("infiltrate builder's hall plot = %+v", p)
	}
	if p := byID(t, qs, "quell-mercenary-uprising").Plot; p.Kind != quests.BonusOnComplete || p.Type != content.Warfare || p.VP != 2 {
		t.Errorf("quell mercenary uprising plot = %+v", p)
	}
}

const good = `quests:
  - id: ok
    name: OK
    type: arcana
    requires: {wizard: 1}
    reward: [{gain: {vp: 2}}]
`

func TestBadYAML(t *testing.T) {
	cases := []struct {
		name, yaml, entry, field, msg string
	}{
		{"unknown field", good + `  - id: bad
    name: Bad
    type: arcana
    requires: {wizard: 1}
    colour: blue
`, "", "", "colour"},
		{"unknown quest type", good + `  - id: bad
    name: Bad
    type: necromancy
    requires: {wizard: 1}
`, "bad", "type", "necromancy"},
		{"unknown special", good + `  - id: bad
    name: Bad
    type: arcana
    requires: {wizard: 1}
    reward: [{special: teleport}]
`, "bad", "reward", "teleport"},
		{"two keys in a step", good + `  - id: bad
    name: Bad
    type: arcana
    requires: {wizard: 1}
    reward: [{gain: {vp: 2}, take_quest: 1}]
`, "bad", "reward", "exactly one key"},
		{"duplicate id", good + `  - id: ok
    name: Again
    type: piety
    requires: {cleric: 1}
`, "ok", "id", "duplicate"},
		{"bad plot kind", good + `  - id: bad
    name: Bad
    type: arcana
    requires: {wizard: 1}
    plot: {kind: world_domination}
`, "bad", "plot", "world_domination"},
		{"nothing required", good + `  - id: bad
    name: Bad
    type: arcana
    reward: [{gain: {vp: 2}}]
`, "bad", "requires", ""},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			fsys := fstest.MapFS{quests.File: {Data: []byte(c.yaml)}}
			_, err := quests.Load(fsys)
			var le *content.LoadError
			if !errors.As(err, &le) {
				t.Fatalf("got %v, want a *content.LoadError", err)
			}
			if le.File != quests.File || le.Entry != c.entry || le.Field != c.field {
				t.Errorf("error at %q/%q/%q, want %q/%q/%q: %v", le.File, le.Entry, le.Field, quests.File, c.entry, c.field, err)
			}
			if !strings.Contains(err.Error(), c.msg) {
				t.Errorf("error %q does not mention %q", err, c.msg)
			}
		})
	}
}

func TestGoodYAML(t *testing.T) {
	qs, err := quests.Load(fstest.MapFS{quests.File: {Data: []byte(good)}})
	if err != nil || len(qs) != 1 || qs[0].PrintedVP() != 2 || qs[0].Copies != 1 {
		t.Fatalf("Load = %+v, %v", qs, err)
	}
}
