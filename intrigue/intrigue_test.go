package intrigue_test

import (
	"errors"
	"slices"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/waterdeep-go/waterdeep/content"
	"github.com/waterdeep-go/waterdeep/intrigue"
)

func loadBase(t *testing.T) []intrigue.Card {
	t.Helper()
	cs, err := intrigue.Load(content.Base())
	if err != nil {
		t.Fatalf("Load(content.Base()): %v", err)
	}
	// The modules' entries follow the base game's (tested in the root
	// package).
	return slices.DeleteFunc(cs, func(x intrigue.Card) bool { return x.Module != 0 })
}

func byID(t *testing.T, cs []intrigue.Card, id string) intrigue.Card {
	t.Helper()
	for _, c := range cs {
		if c.ID == id {
			return c
		}
	}
	t.Fatalf("no card %q", id)
	return intrigue.Card{}
}

func TestBaseCounts(t *testing.T) {
	cs := loadBase(t)
	if len(cs) != 31 {
		t.Errorf("%d distinct cards, want 31", len(cs))
	}
	distinct := map[intrigue.Kind]int{}
	copies := map[intrigue.Kind]int{}
	total := 0
	for _, c := range cs {
		distinct[c.Kind]++
		copies[c.Kind] += c.Copies
		total += c.Copies
	}
	if total != 50 {
		t.Errorf("%d copies, want 50", total)
	}
	for _, w := range []struct {
		k              intrigue.Kind
		distinct, copy int
	}{{intrigue.Attack, 6, 12}, {intrigue.Utility, 19, 32}, {intrigue.Mandatory, 6, 6}} {
		if distinct[w.k] != w.distinct || copies[w.k] != w.copy {
			t.Errorf("%v: %d distinct / %d copies, want %d / %d", w.k, distinct[w.k], copies[w.k], w.distinct, w.copy)
		}
	}
	mandatoryVP := 0
	for _, c := range cs {
		if c.Kind == intrigue.Mandatory {
			if len(c.Reward) != 1 || c.Reward[0].Kind != content.StepGain || len(c.Effect) != 0 {
				t.Errorf("%s: reward %+v, effect %+v", c.ID, c.Reward, c.Effect)
				continue
			}
			mandatoryVP += c.Reward[0].Bundle.VP
		} else if len(c.Effect) == 0 {
			t.Errorf("%s: no effect", c.ID)
		}
	}
	if mandatoryVP != 16 {
		t.Errorf("mandatory quests give %d VP in all, want 16", mandatoryVP)
	}
}

// TestBaseAgainstReference checks each of the 31 distinct cards' name, kind
// and copy count against its entry in ../shared/reference/intrigue.yaml
// (copies from the printed card-number ranges), written here from it: the
// totals alone would not see two cards' copy counts swapped.
func TestBaseAgainstReference(t *testing.T) {
	ref := []struct {
		ref, name string
		kind      intrigue.Kind
		copies    int
	}{
		{"ambush", "Ambush", intrigue.Attack, 2},
		{"arcane_mishap", "Arcane Mishap", intrigue.Attack, 2},
		{"assassination", "Assassination", intrigue.Attack, 2},
		{"bribe_agent", "Bribe Agent", intrigue.Attack, 2},
		{"free_drinks", "Free Drinks!", intrigue.Attack, 2},
		{"lack_of_faith", "Lack of Faith", intrigue.Attack, 2},
		{"accelerate_plans", "Accelerate Plans", intrigue.Utility, 1},
		{"bidding_war", "Bidding War", intrigue.Utility, 3},
		{"call_for_adventurers", "Call for Adventurers", intrigue.Utility, 2},
		{"call_in_a_favor", "Call in a Favor", intrigue.Utility, 2},
		{"change_of_plans", "Change of Plans", intrigue.Utility, 1},
		{"conscription", "Conscription", intrigue.Utility, 2},
		{"crime_wave", "Crime Wave", intrigue.Utility, 2},
		{"good_faith", "Good Faith", intrigue.Utility, 2},
		{"graduation_day", "Graduation Day", intrigue.Utility, 2},
		{"real_estate_deal", "Real Estate Deal", intrigue.Utility, 1},
		{"recall_agent", "Recall Agent", intrigue.Utility, 2},
		{"recruit_spies", "Recruit Spies", intrigue.Utility, 1},
		{"request_assistance", "Request Assistance", intrigue.Utility, 1},
		{"research_agreement", "Research Agreement", intrigue.Utility, 1},
		{"sample_wares", "Sample Wares", intrigue.Utility, 2},
		{"special_assignment", "Special Assignment", intrigue.Utility, 2},
		{"spread_the_wealth", "Spread the Wealth", intrigue.Utility, 2},
		{"summon_the_faithful", "Summon the Faithful", intrigue.Utility, 1},
		{"tax_collection", "Tax Collection", intrigue.Utility, 2},
		{"fend_off_bandits", "Fend Off Bandits", intrigue.Mandatory, 1},
		{"foil_the_zhentarim", "Foil the Zhentarim", intrigue.Mandatory, 1},
		{"placate_angry_merchants", "Placate Angry Merchants", intrigue.Mandatory, 1},
		{"quell_riots", "Quell Riots", intrigue.Mandatory, 1},
		{"repel_drow_invaders", "Repel Drow Invaders", intrigue.Mandatory, 1},
		{"stamp_out_cultists", "Stamp Out Cultists", intrigue.Mandatory, 1},
	}
	cs := loadBase(t)
	if len(cs) != len(ref) {
		t.Errorf("%d distinct cards, want %d", len(cs), len(ref))
	}
	for _, r := range ref {
		c := byID(t, cs, strings.ReplaceAll(r.ref, "_", "-"))
		if c.Name != r.name || c.Kind != r.kind || c.Copies != r.copies {
			t.Errorf("%s: %q %v x%d, want %q %v x%d", r.ref, c.Name, c.Kind, c.Copies, r.name, r.kind, r.copies)
		}
	}
}

func TestBaseSpotChecks(t *testing.T) {
	cs := loadBase(t)
	if c := byID(t, cs, "free-drinks"); c.Name != "Free Drinks!" || c.Kind != intrigue.Attack || c.Copies != 2 ||
		len(c.Effect) != 1 || c.Effect[0].Kind != content.StepSteal || c.Effect[0].Count != 1 {
		t.Errorf("free drinks = %+v", c)
	}
	if c := byID(t, cs, "accelerate-plans"); c.Name != "Accelerate Plans" || !c.Effect.Has(content.StepSpecial, content.AcceleratePlans) {
		t.Errorf("accelerate plans = %+v", c)
	}
	if c := byID(t, cs, "arcane-mishap"); c.Effect[0].Kind != content.StepEachOpponentLoses ||
		c.Effect[0].Bundle != (content.Bundle{Wizard: 1}) || c.Effect[0].Else != (content.Bundle{Intrigue: 1}) {
		t.Errorf("arcane mishap = %+v", c.Effect)
	}
	if c := byID(t, cs, "bribe-agent"); len(c.Effect) != 2 || c.Effect[0].Kind != content.StepPay ||
		c.Effect[0].Bundle != (content.Bundle{Gold: 2}) || !c.Effect.Has(content.StepSpecial, content.CopySpace) {
		t.Errorf("bribe agent = %+v", c.Effect)
	}
	if c := byID(t, cs, "bidding-war"); c.Copies != 3 {
		t.Errorf("bidding war: %d copies, want 3", c.Copies)
	}
	if c := byID(t, cs, "call-in-a-favor"); len(c.Effect) != 1 || len(c.Effect[0].Options) != 5 {
		t.Errorf("call in a favor = %+v", c.Effect)
	}
	if c := byID(t, cs, "research-agreement"); len(c.Effect) != 2 || c.Effect[0].Bundle != (content.Bundle{Wizard: 1}) ||
		c.Effect[1].Kind != content.StepEachOpponentMayGive || c.Effect[1].Else.VP != 5 {
		t.Errorf("research agreement = %+v", c.Effect)
	}
	if c := byID(t, cs, "spread-the-wealth"); len(c.Effect) != 2 || c.Effect[1].Kind != content.StepGift ||
		c.Effect[1].Bundle != (content.Bundle{Gold: 2}) {
		t.Errorf("spread the wealth = %+v", c.Effect)
	}
	if c := byID(t, cs, "change-of-plans"); c.Effect[0].Bundle.VP != 6 || c.Effect[0].Else.VP != 3 {
		t.Errorf("change of plans = %+v", c.Effect)
	}
	if c := byID(t, cs, "repel-drow-invaders"); c.Requires != (content.Bundle{Cleric: 1, Rogue: 2}) || c.Reward[0].Bundle.VP != 2 {
		t.Errorf("repel drow invaders = %+v", c)
	}
	if c := byID(t, cs, "quell-riots"); c.Requires != (content.Bundle{Cleric: 2, Fighter: 1}) || c.Reward[0].Bundle.VP != 4 {
		t.Errorf("quell riots = %+v", c)
	}
}

func TestBadYAML(t *testing.T) {
	cases := []struct{ name, yaml, entry, field, msg string }{
		{"unknown kind", "cards:\n  - id: x\n    name: X\n    kind: curse\n    copies: 1\n    effect: [{steal: 1}]\n", "x", "kind", "curse"},
		{"no copies", "cards:\n  - id: x\n    name: X\n    kind: attack\n    effect: [{steal: 1}]\n", "x", "copies", ""},
		{"unknown special", "cards:\n  - id: x\n    name: X\n    kind: utility\n    copies: 1\n    effect: [{special: nope}]\n", "x", "effect", "nope"},
		{"mandatory with effect", "cards:\n  - id: x\n    name: X\n    kind: mandatory_quest\n    copies: 1\n    requires: {fighter: 1}\n    effect: [{steal: 1}]\n", "x", "effect", ""},
		{"loses two", "cards:\n  - id: x\n    name: X\n    kind: attack\n    copies: 1\n    effect: [{each_opponent_loses: {lose: {fighter: 2}}}]\n", "x", "effect", "exactly one adventurer"},
		{"duplicate", "cards:\n  - id: x\n    name: X\n    kind: attack\n    copies: 1\n    effect: [{steal: 1}]\n  - id: x\n    name: Y\n    kind: attack\n    copies: 1\n    effect: [{steal: 1}]\n", "x", "id", "duplicate"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			_, err := intrigue.Load(fstest.MapFS{intrigue.File: {Data: []byte(c.yaml)}})
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
