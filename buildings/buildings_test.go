package buildings_test

import (
	"errors"
	"slices"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/waterdeep-go/waterdeep/buildings"
	"github.com/waterdeep-go/waterdeep/content"
)

func loadBase(t *testing.T) buildings.Set {
	t.Helper()
	set, err := buildings.Load(content.Base())
	if err != nil {
		t.Fatalf("Load(content.Base()): %v", err)
	}
	// The modules' tiles follow the base game's (tested in the root
	// package).
	set.Tiles = slices.DeleteFunc(set.Tiles, func(x buildings.Tile) bool { return x.Module != 0 })
	return set
}

func TestBaseBasic(t *testing.T) {
	set := loadBase(t)
	// The modules' boards follow (modules_content_test.go in the root
	// package checks them).
	set.Basic = slices.DeleteFunc(set.Basic, func(b buildings.Basic) bool { return b.Module != 0 })
	wantIDs := []string{"builders-hall", "castle-waterdeep", "auroras-realms-shop", "blackstaff-tower",
		"field-of-triumph", "the-grinning-lion-tavern", "the-plinth", "waterdeep-harbor", "cliffwatch-inn"}
	if len(set.Basic) != len(wantIDs) {
		t.Fatalf("%d basic buildings, want %d", len(set.Basic), len(wantIDs))
	}
	spaces := 0
	for i, b := range set.Basic {
		if b.ID != wantIDs[i] {
			t.Errorf("basic building %d is %q, want %q", i+1, b.ID, wantIDs[i])
		}
		spaces += len(b.Spaces)
		harbor := b.ID == "waterdeep-harbor"
		if b.InOrder != harbor {
			t.Errorf("%s: in_order %v", b.ID, b.InOrder)
		}
		for _, s := range b.Spaces {
			if s.Reassign != harbor {
				t.Errorf("%s: reassign %v", s.ID, s.Reassign)
			}
			if harbor && !s.Action.Has(content.StepSpecial, content.PlayIntrigue) {
				t.Errorf("%s: action %+v", s.ID, s.Action)
			}
		}
	}
	if spaces != 13 {
		t.Errorf("%d basic action spaces, want 13", spaces)
	}
	inn := set.Basic[8]
	if len(inn.Spaces) != 3 || inn.Spaces[0].ID != "cliffwatch-inn/1" ||
		inn.Spaces[0].Action[1].Bundle != (content.Bundle{Gold: 2}) ||
		inn.Spaces[1].Action[1].Bundle != (content.Bundle{Intrigue: 1}) ||
		!inn.Spaces[2].Action.Has(content.StepSpecial, content.ResetQuests) {
		t.Errorf("cliffwatch inn = %+v", inn)
	}
	castle := set.Basic[1]
	if !castle.Spaces[0].Action.Has(content.StepSpecial, content.FirstPlayer) {
		t.Errorf("castle waterdeep = %+v", castle)
	}
}

func TestBaseTiles(t *testing.T) {
	set := loadBase(t)
	if len(set.Tiles) != 24 {
		t.Fatalf("%d tiles, want 24", len(set.Tiles))
	}
	byCost := map[int]int{}
	accumulate := 0
	copies := 0
	tiles := map[string]buildings.Tile{}
	for _, tl := range set.Tiles {
		byCost[tl.Cost]++
		copies += tl.Copies
		if !tl.Accumulate.IsZero() {
			accumulate++
		}
		if len(tl.Owner) == 0 {
			t.Errorf("%s: no owner benefit", tl.ID)
		}
		tiles[tl.ID] = tl
	}
	if byCost[3] != 5 || byCost[4] != 14 || byCost[8] != 5 || len(byCost) != 3 {
		t.Errorf("tiles by cost = %v, want 5 at 3, 14 at 4, 5 at 8", byCost)
	}
	if accumulate != 6 {
		t.Errorf("%d accumulating tiles, want 6", accumulate)
	}
	if copies != 24 {
		t.Errorf("%d tile copies, want 24", copies)
	}
	for id, acc := range map[string]content.Bundle{
		"caravan-court": {Fighter: 2}, "the-golden-horn": {Gold: 4}, "jesters-court": {Rogue: 2},
		"spires-of-the-morning": {Cleric: 1}, "tower-of-the-order": {Wizard: 1}, "the-waymoot": {VP: 3},
	} {
		if tiles[id].Accumulate != acc {
			t.Errorf("%s accumulates %v, want %v", id, tiles[id].Accumulate, acc)
		}
	}
	if w := tiles["the-waymoot"].Action; len(w) != 2 || w[1].Kind != content.StepTakeQuest {
		t.Errorf("the waymoot action = %+v", w)
	}
	if h := tiles["house-of-wonder"].Action; len(h) != 2 || h[0].Kind != content.StepPay || h[1].Count != 2 ||
		h[1].From != content.Of(content.Cleric, content.Wizard) {
		t.Errorf("house of wonder action = %+v", h)
	}
	if z := tiles["the-zoarstar"]; z.Cost != 8 || !z.Action.Has(content.StepSpecial, content.CopySpace) {
		t.Errorf("the zoarstar = %+v", z)
	}
	if g := tiles["heroes-garden"].Action; g[0].Kind != content.StepTakeQuestMayComplete || g[0].Bundle.VP != 4 {
		t.Errorf("heroes' garden action = %+v", g)
	}
	if p := tiles["the-palace-of-waterdeep"]; !p.Action.Has(content.StepSpecial, content.TakeAmbassador) {
		t.Errorf("the palace = %+v", p)
	}
	if o := tiles["fetlock-court"].Owner; len(o) != 1 || o[0].Kind != content.StepChooseOne || len(o[0].Options) != 2 {
		t.Errorf("fetlock court owner = %+v", o)
	}
	if o := tiles["dragon-tower"].Owner; o[0].Bundle != (content.Bundle{Intrigue: 1}) {
		t.Errorf("dragon tower owner = %+v", o)
	}
	if p := tiles["the-three-pearls"].Action; p[0].Kind != content.StepReturn || p[0].Count != 2 || p[1].Count != 3 ||
		p[0].From != content.AllAdventurers {
		t.Errorf("the three pearls action = %+v", p)
	}
}

const basic = "basic:\n  - id: b\n    name: B\n    spaces:\n      - id: b\n        action: [{gain: {gold: 4}}]\n"

func TestBadYAML(t *testing.T) {
	cases := []struct{ name, yaml, entry, field, msg string }{
		{"accumulate without take", basic + "tiles:\n  - id: t\n    name: T\n    cost: 4\n    accumulate: {gold: 4}\n    action: [{gain: {gold: 1}}]\n    owner: [{gain: {gold: 2}}]\n", "t", "accumulate", ""},
		{"take without accumulate", basic + "tiles:\n  - id: t\n    name: T\n    cost: 4\n    action: [{special: take_accumulated}]\n    owner: [{gain: {gold: 2}}]\n", "t", "accumulate", ""},
		{"no owner", basic + "tiles:\n  - id: t\n    name: T\n    cost: 4\n    action: [{gain: {gold: 1}}]\n", "t", "owner", ""},
		{"bad space step", "basic:\n  - id: b\n    name: B\n    spaces:\n      - id: b/1\n        action: [{choose: {count: 1, from: [bard]}}]\ntiles:\n  - id: t\n    name: T\n    cost: 4\n    action: [{gain: {gold: 1}}]\n    owner: [{gain: {gold: 2}}]\n", "b", "spaces.b/1.action", "bard"},
		{"duplicate tile", basic + "tiles:\n  - id: b\n    name: T\n    cost: 4\n    action: [{gain: {gold: 1}}]\n    owner: [{gain: {gold: 2}}]\n", "b", "id", "duplicate"},
		{"duplicate space", "basic:\n  - id: b\n    name: B\n    spaces:\n      - id: s\n        action: [{gain: {gold: 4}}]\n      - id: s\n        action: [{gain: {gold: 4}}]\n", "b", "spaces.s", "duplicate"},
		{"negative cost", basic + "tiles:\n  - id: t\n    name: T\n    cost: -1\n    action: [{gain: {gold: 1}}]\n    owner: [{gain: {gold: 2}}]\n", "t", "cost", ""},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			_, err := buildings.Load(fstest.MapFS{buildings.File: {Data: []byte(c.yaml)}})
			var le *content.LoadError
			if !errors.As(err, &le) {
				t.Fatalf("got %v, want a *content.LoadError", err)
			}
			if le.Entry != c.entry || le.Field != c.field || !strings.Contains(err.Error(), c.msg) {
				t.Errorf("error at %q/%q, want %q/%q mentioning %q: %v", le.Entry, le.Field, c.entry, c.field, c.msg, err)
			}
		})
	}
}
