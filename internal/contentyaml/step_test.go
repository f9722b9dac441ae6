package contentyaml_test

import (
	"io/fs"
	"strings"
	"testing"

	"github.com/waterdeep-go/waterdeep/content"
	"github.com/waterdeep-go/waterdeep/internal/contentyaml"
	"gopkg.in/yaml.v3"
)

func step(t *testing.T, src string) (content.Step, error) {
	t.Helper()
	var y contentyaml.StepYAML
	dec := yaml.NewDecoder(strings.NewReader(src))
	dec.KnownFields(true)
	if err := dec.Decode(&y); err != nil {
		t.Fatalf("decode %q: %v", src, err)
	}
	return y.Step()
}

func TestStepErrors(t *testing.T) {
	for _, c := range []struct{ src, msg string }{
		{"{}", "empty step"},
		{"{gain: {vp: 2}, take_quest: 1}", "exactly one key"},
		{"{special: first_player, gift: {gold: 1}}", "exactly one key"},
		{"{gain: {gold: -2}}", "negative"},
		{"{pay: {fighter: -1}}", "negative"},
		{"{gain: {}}", "empty bundle"},
		{"{pay: {vp: 2}}", "only adventurers and gold"},
		{"{take_quest: -1}", "take_quest"},
		{"{choose: {count: 0}}", "choose.count"},
		{"{choose: {count: 1, from: [bard]}}", "bard"},
		{"{choose_one: [{gold: 4}]}", "at least two"},
		{"{each_opponent_loses: {lose: {fighter: 1, rogue: 1}}}", "exactly one adventurer"},
		{"{each_opponent_loses: {lose: {fighter: 1}, otherwise: {gold: -1}}}", "negative"},
		{"{each_opponent_may_give: {give: {gold: 4}}}", "score"},
		{"{free_building: attic}", "hall, stack or hall_all"},
		{"{change_of_plans: {vp: 6}}", "opponent_vp"},
		{"{special: teleport}", "teleport"},
	} {
		_, err := step(t, c.src)
		if err == nil || !strings.Contains(err.Error(), c.msg) {
			t.Errorf("%s: got %v, want an error mentioning %q", c.src, err, c.msg)
		}
	}
}

func TestStepKinds(t *testing.T) {
	for _, c := range []struct {
		src  string
		want content.Step
	}{
		{"{gain: {vp: 8, fighter: 1}}", content.Step{Kind: content.StepGain, Bundle: content.Bundle{VP: 8, Fighter: 1}}},
		{"{choose: {count: 2}}", content.Step{Kind: content.StepChoose, Count: 2, From: content.AllAdventurers}},
		{"{choose: {count: 4, from: [fighter, rogue]}}", content.Step{Kind: content.StepChoose, Count: 4, From: content.Of(content.Fighter, content.Rogue)}},
		{"{special: copy_space}", content.Step{Kind: content.StepSpecial, Special: content.CopySpace}},
		{"{each_opponent_may_give: {give: {wizard: 1}, score: 5}}", content.Step{Kind: content.StepEachOpponentMayGive, Bundle: content.Bundle{Wizard: 1}, Else: content.Bundle{VP: 5}}},
		{"{free_building: stack}", content.Step{Kind: content.StepFreeBuilding, Source: "stack"}},
	} {
		got, err := step(t, c.src)
		if err != nil {
			t.Errorf("%s: %v", c.src, err)
			continue
		}
		if got.Kind != c.want.Kind || got.Bundle != c.want.Bundle || got.Else != c.want.Else || got.Count != c.want.Count ||
			got.From != c.want.From || got.Source != c.want.Source || got.Special != c.want.Special {
			t.Errorf("%s: got %+v, want %+v", c.src, got, c.want)
		}
	}
}

func TestProgramNamesStep(t *testing.T) {
	var steps []contentyaml.StepYAML
	if err := yaml.Unmarshal([]byte("[{gain: {vp: 1}}, {special: nope}]"), &steps); err != nil {
		t.Fatal(err)
	}
	_, err := contentyaml.ProgramFromYAML(steps)
	if err == nil || !strings.Contains(err.Error(), "step 2") {
		t.Errorf("got %v, want an error naming step 2", err)
	}
}

func TestBaseFiles(t *testing.T) {
	for _, name := range []string{"quests.yaml", "buildings.yaml", "intrigue.yaml", "lords.yaml"} {
		f, err := content.Base().Open(name)
		if err != nil {
			t.Errorf("Base() lacks %s: %v", name, err)
			continue
		}
		f.Close()
		// Full serves the base game's files at its root and each
		// module's in its folder.
		for _, p := range []string{name, "undermountain/" + name, "skullport/" + name} {
			if _, err := fs.ReadFile(content.Full(), p); err != nil {
				t.Errorf("Full() lacks %s: %v", p, err)
			}
		}
	}
	for _, p := range []string{"base/quests.yaml", "undermountain", "bard/quests.yaml", "../quests.yaml", "/quests.yaml"} {
		if _, err := fs.ReadFile(content.Full(), p); err == nil {
			t.Errorf("Full() serves %s", p)
		}
	}
}
