package contentyaml_test

import (
	"errors"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/waterdeep-go/waterdeep/content"
	"github.com/waterdeep-go/waterdeep/internal/contentyaml"
)

func TestCheckID(t *testing.T) {
	for _, id := range []string{"x", "cliffwatch-inn/2", "the-zoarstar", "q17", "17a", "drachenhöhle", strings.Repeat("a", content.MaxIDLen)} {
		if err := contentyaml.CheckID(id); err != nil {
			t.Errorf("CheckID(%q) = %v", id, err)
		}
	}
	for _, id := range []string{"", "17", "a b", "a\tb", "a\nb", "crime-wave#2", "\x00", "\xff", strings.Repeat("a", content.MaxIDLen+1)} {
		if err := contentyaml.CheckID(id); err == nil {
			t.Errorf("CheckID(%q) = nil", id)
		}
	}
}

func TestCheckBundle(t *testing.T) {
	at := content.Bundle{Cleric: content.MaxCubes, Fighter: content.MaxCubes, Rogue: content.MaxCubes, Wizard: content.MaxCubes,
		Gold: content.MaxGold, VP: content.MaxVP, Intrigue: content.MaxDraw}
	if err := contentyaml.CheckBundle(at, "gain"); err != nil {
		t.Errorf("every amount at its bound: %v", err)
	}
	for _, c := range []struct {
		b   content.Bundle
		msg string
	}{
		{content.Bundle{Cleric: content.MaxCubes + 1}, "gain.cleric is 26; at most 25"},
		{content.Bundle{Wizard: -1}, "gain.wizard is negative"},
		{content.Bundle{Gold: content.MaxGold + 1}, "gain.gold is 101"},
		{content.Bundle{VP: 1 << 40}, "gain.vp is 1099511627776"},
		{content.Bundle{Intrigue: content.MaxDraw + 1}, "gain.intrigue is 11; at most 10"},
	} {
		err := contentyaml.CheckBundle(c.b, "gain")
		if err == nil || !strings.Contains(err.Error(), c.msg) {
			t.Errorf("CheckBundle(%v) = %v, want %q", c.b, err, c.msg)
		}
	}
}

func TestStepBounds(t *testing.T) {
	for _, c := range []struct{ src, msg string }{
		{"{gain: {vp: 101}}", "gain.vp is 101"},
		{"{gain: {intrigue: 9223372036854775807}}", "gain.intrigue"},
		{"{pay: {gold: 101}}", "pay.gold"},
		{"{gift: {rogue: 26}}", "gift.rogue"},
		{"{each_opponent_loses: {lose: {fighter: 1}, otherwise: {vp: 101}}}", "each_opponent_loses.otherwise.vp"},
		{"{each_opponent_may_give: {give: {gold: 101}, score: 1}}", "each_opponent_may_give.give.gold"},
		{"{each_opponent_may_give: {give: {gold: 1}, score: 101}}", "each_opponent_may_give.score"},
		{"{choose_one: [{gold: 1}, {gold: -1}]}", "choose_one option 2.gold is negative"},
		{"{choose_one: [" + strings.Repeat("{gold: 1}, ", content.MaxOptions) + "{gold: 1}]}", "17 options"},
		{"{vp_per_building: 51}", "vp_per_building"},
		{"{take_quest_may_complete: {bonus_vp: 101}}", "bonus_vp"},
		{"{change_of_plans: {vp: 101, opponent_vp: 1}}", "change_of_plans.vp"},
	} {
		_, err := step(t, c.src)
		if err == nil || !strings.Contains(err.Error(), c.msg) {
			t.Errorf("%s: got %v, want an error mentioning %q", c.src, err, c.msg)
		}
	}
	steps := make([]contentyaml.StepYAML, content.MaxSteps+1)
	if _, err := contentyaml.ProgramFromYAML(steps); err == nil || !strings.Contains(err.Error(), "17 steps") {
		t.Errorf("%d steps: %v", len(steps), err)
	}
}

func TestDecodeFileSize(t *testing.T) {
	var v map[string]any
	big := fstest.MapFS{"f.yaml": {Data: []byte("a: " + strings.Repeat("b", content.MaxFileSize))}}
	err := contentyaml.DecodeFile(big, "f.yaml", &v)
	var le *content.LoadError
	if !errors.Is(err, content.ErrFileTooLarge) || !errors.As(err, &le) || le.File != "f.yaml" {
		t.Errorf("a file over the limit: %v", err)
	}
	ok := fstest.MapFS{"f.yaml": {Data: []byte("a: " + strings.Repeat("b", content.MaxFileSize-4) + "\n")}}
	if err := contentyaml.DecodeFile(ok, "f.yaml", &v); err != nil {
		t.Errorf("a file at the limit: %v", err)
	}
}
