package waterdeep

// Module tags on content (issue 12): every quest, intrigue card, tile, lord
// and basic building may name the expansion module it belongs to; a tag is
// checked when loaded, and module entries come after the base game's so
// that base instance numbers never change.

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/waterdeep-go/waterdeep/content"
)

// modulesQuestYAML is a quest entry tagged with module m ("" for none).
func modulesQuestYAML(id, m string) string {
	s := "\n  - id: " + id + "\n    name: \"" + id + "\"\n    type: arcana\n    requires: {wizard: 1}\n    reward: [{gain: {vp: 1}}]\n"
	if m != "" {
		s += "    module: " + m + "\n"
	}
	return s
}

func TestModuleTagsLoad(t *testing.T) {
	files := limitsBase(t)
	files["quests.yaml"] += modulesQuestYAML("um-quest", "undermountain") + modulesQuestYAML("sp-quest", "skullport")
	files["intrigue.yaml"] += "\n  - id: um-card\n    name: \"UM card\"\n    kind: utility\n    copies: 2\n    effect: [{gain: {gold: 1}}]\n    module: undermountain\n"
	files["lords.yaml"] += "\n  - id: sp-lord\n    name: \"SP lord\"\n    scoring: {vp_per_building: 6}\n    module: skullport\n"
	files["buildings.yaml"] += "\n  - id: sp-tile\n    name: \"SP tile\"\n    cost: 3\n    action: [{gain: {gold: 1}}]\n    owner: [{gain: {gold: 1}}]\n    module: skullport\n"
	c, err := LoadContent(limitsFS(files))
	if err != nil {
		t.Fatal(err)
	}
	base := BaseContent()
	if got, want := c.NumQuests(), base.NumQuests()+2; got != want {
		t.Fatalf("%d quests, want %d", got, want)
	}
	for q := range QuestID(base.NumQuests()) {
		if c.Quest(q).ID != base.Quest(q).ID || c.Quest(q).Module != 0 {
			t.Fatalf("quest %d is %s (module %v), base has %s", q, c.Quest(q).ID, c.Quest(q).Module, base.Quest(q).ID)
		}
	}
	if m := c.Quest(QuestID(base.NumQuests())).Module; m != content.Undermountain {
		t.Errorf("um-quest module %v", m)
	}
	if m := c.Quest(QuestID(base.NumQuests() + 1)).Module; m != content.Skullport {
		t.Errorf("sp-quest module %v", m)
	}
	if got := c.IntrigueCopies("um-card"); len(got) != 2 || c.Intrigue(got[0]).Module != content.Undermountain {
		t.Errorf("um-card copies %v", got)
	}
	if l, ok := c.LordByID("sp-lord"); !ok || c.Lord(l).Module != content.Skullport {
		t.Errorf("sp-lord: %v %v", l, ok)
	}
	if b, ok := c.BuildingByID("sp-tile"); !ok || c.Building(b).Module != content.Skullport || int(b) != base.NumBuildings() {
		t.Errorf("sp-tile: %v %v", b, ok)
	}
}

func TestModuleTagsRefused(t *testing.T) {
	for _, tc := range []struct {
		name, file, add, entry, msg string
	}{
		{"unknown", "quests.yaml", modulesQuestYAML("x-quest", "underdark"), "x-quest", "unknown module"},
		{"base after module", "quests.yaml", modulesQuestYAML("a-quest", "skullport") + modulesQuestYAML("b-quest", ""), "b-quest", "module entries come after"},
		{"lord", "lords.yaml", "\n  - id: x-lord\n    name: \"X\"\n    scoring: {vp_per_building: 6}\n    module: base\n", "x-lord", "unknown module"},
		{"tile", "buildings.yaml", "\n  - id: x-tile\n    name: \"X\"\n    cost: 3\n    action: [{gain: {gold: 1}}]\n    owner: [{gain: {gold: 1}}]\n    module: Skullport\n", "x-tile", "unknown module"},
		{"card", "intrigue.yaml", "\n  - id: x-card\n    name: \"X\"\n    kind: utility\n    copies: 1\n    effect: [{gain: {gold: 1}}]\n    module: \"\"\n  - id: y-card\n    name: \"Y\"\n    kind: utility\n    copies: 1\n    effect: [{gain: {gold: 1}}]\n    module: skullport,undermountain\n", "y-card", "unknown module"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			files := limitsBase(t)
			files[tc.file] += tc.add
			_, err := LoadContent(limitsFS(files))
			limitsWant(t, err, tc.file, tc.entry, "module", tc.msg)
		})
	}
}

func TestParseModules(t *testing.T) {
	for in, want := range map[string]content.Modules{
		"": 0, "base": 0, "undermountain": content.Undermountain, "skullport": content.Skullport,
		"undermountain,skullport": content.AllModules, "skullport, undermountain": content.AllModules,
	} {
		got, err := content.ParseModules(in)
		if err != nil || got != want {
			t.Errorf("ParseModules(%q) = %v, %v; want %v", in, got, err, want)
		}
	}
	if _, err := content.ParseModules("skullport,waterdeep"); err == nil || !strings.Contains(err.Error(), "waterdeep") {
		t.Errorf("ParseModules of an unknown name: %v", err)
	}
	if s := content.AllModules.String(); s != "undermountain,skullport" {
		t.Errorf("String = %q", s)
	}
}

// The effects of the modules are checked when loaded like the rest.
func TestModuleEffectsRefused(t *testing.T) {
	card := func(id, effect, module string) string {
		s := "\n  - id: " + id + "\n    name: \"" + id + "\"\n    kind: utility\n    copies: 1\n    effect: " + effect + "\n"
		if module != "" {
			s += "    module: " + module + "\n"
		}
		return s
	}
	for _, tc := range []struct {
		name, effect, module, field, msg string
	}{
		{"corruption in the base game", "[{gain_corruption: 1}]", "", "effect", "needs module: skullport"},
		{"corruption in undermountain", "[{return_corruption: 1}]", "undermountain", "effect", "needs module: skullport"},
		{"placed corruption outside skullport", "[{place: {corruption: 1, spaces: 1}}]", "undermountain", "effect", "needs module: skullport"},
		{"zero corruption", "[{remove_corruption: -1}]", "skullport", "effect", "remove_corruption must be between 1 and"},
		{"up to outside skullport", "[{return_corruption_up_to: 1}]", "undermountain", "effect", "needs module: skullport"},
		{"up to too many", "[{remove_corruption_up_to: 8}]", "skullport", "effect", "remove_corruption_up_to must be between 1 and 7"},
		{"up to none", "[{return_corruption_up_to: -1}]", "skullport", "effect", "return_corruption_up_to must be between 1 and 7"},
		{"place nothing", "[{place: {spaces: 2}}]", "skullport", "effect", "place puts nothing"},
		{"place on no space", "[{place: {each: {gold: 1}}}]", "skullport", "effect", "place.spaces must be between 1 and"},
		{"place VP", "[{place: {each: {vp: 1}, spaces: 1}}]", "skullport", "effect", "only adventurers and gold"},
		{"any in a gift", "[{gift: {any: 1}}]", "", "effect", "gift.any"},
		{"too many of any kind", "[{gain: {any: 8}}]", "", "effect", "gain.any is 8"},
		{"two keys", "[{gain_corruption: 1, remove_corruption: 1}]", "skullport", "effect", "exactly one key"},
		// The Skullport cards' steps (issue 13).
		{"an empty offer", "[{each_opponent_may: {pay: {gold: 1}}}]", "skullport", "effect", "offers nothing"},
		{"any paid for adventurers", "[{each_opponent_may: {pay: {any: 1}, gain: {fighter: 1}}}]", "skullport", "effect", "cannot pay adventurers of any kind"},
		{"offer outside skullport", "[{each_opponent_may: {gain: {gold: 1}, gain_corruption: 1}}]", "undermountain", "effect", "needs module: skullport"},
		{"doppelganger outside skullport", "[{special: copy_more_corrupt}]", "", "effect", "needs module: skullport"},
		{"zero returns", "[{each_opponent_returns: 0, vp_if_least_corrupt: 0}]", "skullport", "effect", "empty step"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			files := limitsBase(t)
			files["intrigue.yaml"] += card("x-card", tc.effect, tc.module)
			_, err := LoadContent(limitsFS(files))
			limitsWant(t, err, "intrigue.yaml", "x-card", tc.field, tc.msg)
		})
	}
	// Adventurers of any kind in a quest's requirement (Undermountain):
	// at most a pick's worth, and a bonus per adventurer spent only of a
	// kind the quest may spend, within one gain's limits.
	for _, tc := range []struct{ name, requires, extra, field, msg string }{
		{"too many of any kind", "{any: 8}", "", "requires", "requires.any is 8"},
		{"per_spent of nothing spent", "{wizard: 2}", "    per_spent: {kind: cleric, gain: {vp: 2}}\n", "per_spent", "spends no cleric"},
		{"per_spent too large", "{any: 7}", "    per_spent: {kind: cleric, gain: {vp: 15}}\n", "per_spent", "exceeds"},
		{"per_spent of adventurers", "{any: 2}", "    per_spent: {kind: cleric, gain: {wizard: 1}}\n", "per_spent", "only VP and intrigue"},
		{"per_spent of no kind", "{any: 2}", "    per_spent: {kind: dragon, gain: {vp: 1}}\n", "per_spent", "must be an adventurer"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			files := limitsBase(t)
			files["quests.yaml"] += "\n  - id: x-quest\n    name: \"X\"\n    type: arcana\n    requires: " + tc.requires + "\n    reward: [{gain: {vp: 1}}]\n" + tc.extra
			_, err := LoadContent(limitsFS(files))
			limitsWant(t, err, "quests.yaml", "x-quest", tc.field, tc.msg)
		})
	}
}

// The new effects have a JSON form in the YAML's names and an English
// description generated from them.
func TestModuleEffectsDescribed(t *testing.T) {
	c := modulesTestContent(t)
	for id, want := range map[string][2]string{
		"purify":    {`[{"return_corruption":2}]`, "Return 2 corruption tokens from your tavern to the corruption track"},
		"purge":     {`[{"remove_corruption":1}]`, "Remove 1 corruption token of yours from the game"},
		"seed-gold": {`[{"place":{"each":{"gold":2},"spaces":2}}]`, "Put 2 gold from the supply on each of 2 different action spaces; the next agent assigned there takes them"},
		"taint":     {`[{"place":{"corruption":1,"spaces":2}}]`, "Put 1 corruption token from the corruption track on each of 2 different action spaces; the next agent assigned there takes them"},
		"tithe":     {`[{"pay":{"gold":1,"any":2}},{"gain":{"vp":5}}]`, "Pay 2 adventurers of any kind and 1 gold; gain 5 VP"},
	} {
		i, ok := c.IntrigueByID(id)
		if !ok {
			t.Fatalf("no card %s", id)
		}
		eff := c.Intrigue(i).Effect
		b, err := json.Marshal(eff)
		if err != nil || string(b) != want[0] {
			t.Errorf("%s: JSON %s (%v), want %s", id, b, err, want[0])
		}
		if got := eff.Describe(); got != want[1] {
			t.Errorf("%s: %q, want %q", id, got, want[1])
		}
	}
	f := FullContent()
	for name, want := range map[string]string{
		"hall-of-mirrors": "Take 1 adventurer of any kind or 1 fighter and 1 rogue.",
		"skull-island":    "Gives 2 adventurers of any kind; take 1 corruption token from the corruption track.",
		"slavers-market":  "Gives 2 fighters and 2 rogues; take 1 corruption token from the corruption track.",
	} {
		sp, _ := f.SpaceByID(name)
		if got := f.Space(sp).Description; got != want {
			t.Errorf("%s: %q, want %q", name, got, want)
		}
	}
}
