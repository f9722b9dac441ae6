package contentyaml_test

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"gopkg.in/yaml.v3"

	"github.com/waterdeep-go/waterdeep/content"
	"github.com/waterdeep-go/waterdeep/internal/contentyaml"
)

// describeCases holds one step of every kind and every special handler,
// with its English clause and its JSON form.
var describeCases = []struct {
	yaml, describe, json string
}{
	{`{gain: {vp: 4, wizard: 1}}`, "gives 4 VP and 1 wizard", `{"gain":{"wizard":1,"vp":4}}`},
	{`{gain: {intrigue: 2, gold: 1}}`, "gives 1 gold and 2 intrigue cards", `{"gain":{"gold":1,"intrigue":2}}`},
	{`{pay: {gold: 2}}`, "pay 2 gold", `{"pay":{"gold":2}}`},
	{`{choose: {count: 2, from: [cleric, wizard]}}`, "take 2 adventurers, each a cleric or wizard", `{"choose":{"count":2,"from":["cleric","wizard"]}}`},
	{`{choose: {count: 1}}`, "take 1 adventurer of your choice", `{"choose":{"count":1}}`},
	{`{choose_one: [{gold: 4}, {fighter: 2}, {wizard: 1}]}`, "take 4 gold, 2 fighters or 1 wizard", `{"choose_one":[{"gold":4},{"fighter":2},{"wizard":1}]}`},
	{`{return: {count: 2}}`, "return 2 adventurers from your tavern to the supply", `{"return":{"count":2}}`},
	{`{return: {count: 1, from: [rogue]}}`, "return 1 adventurer (rogue) from your tavern to the supply", `{"return":{"count":1,"from":["rogue"]}}`},
	{`{take_quest: 1}`, "take 1 face-up quest from Cliffwatch Inn", `{"take_quest":1}`},
	{`{draw_quest: 2}`, "draw 2 quests from the deck", `{"draw_quest":2}`},
	{`{each_opponent_loses: {lose: {fighter: 1}, otherwise: {vp: 2}}}`, "each opponent returns 1 fighter; for each who cannot, you gain 2 VP",
		`{"each_opponent_loses":{"lose":{"fighter":1},"otherwise":{"vp":2}}}`},
	{`{each_opponent_loses: {lose: {cleric: 1}}}`, "each opponent returns 1 cleric", `{"each_opponent_loses":{"lose":{"cleric":1}}}`},
	{`{gift: {gold: 4}}`, "an opponent of your choice gains 4 gold", `{"gift":{"gold":4}}`},
	{`{each_opponent_may_give: {give: {rogue: 1}, score: 3}}`, "each opponent may give you 1 rogue to score 3 VP",
		`{"each_opponent_may_give":{"give":{"rogue":1},"score":3}}`},
	{`{each_opponent_chooses: 1}`, "each opponent takes 1 adventurer of their choice", `{"each_opponent_chooses":1}`},
	{`{steal: 2}`, "take 2 adventurers of your choice from an opponent's tavern", `{"steal":2}`},
	{`{vp_per_building: 2}`, "score 2 VP for each building you control", `{"vp_per_building":2}`},
	{`{gold_per_building: 1}`, "gives 1 gold for each building tile in play", `{"gold_per_building":1}`},
	{`{take_quest_may_complete: {bonus_vp: 4}}`, "take a face-up quest from Cliffwatch Inn; you may complete it at once for 4 extra VP",
		`{"take_quest_may_complete":{"bonus_vp":4}}`},
	{`{free_building: hall}`, "put a building for sale in Builder's Hall into play under your control, free", `{"free_building":"hall"}`},
	{`{free_building: stack}`, "put the top building of the stack into play under your control, free", `{"free_building":"stack"}`},
	{`{change_of_plans: {vp: 6, opponent_vp: 3}}`, "discard one of your uncompleted quests to score 6 VP; each opponent may discard one of theirs to score 3 VP",
		`{"change_of_plans":{"vp":6,"opponent_vp":3}}`},
	{`{special: reset_quests}`, "discard the face-up quests at Cliffwatch Inn and deal four new ones", `{"special":"reset_quests"}`},
	{`{special: take_accumulated}`, "take everything piled here", `{"special":"take_accumulated"}`},
	{`{special: first_player}`, "take the first-player marker", `{"special":"first_player"}`},
	{`{special: play_intrigue}`, "play an intrigue card from your hand", `{"special":"play_intrigue"}`},
	{`{special: may_play_intrigue}`, "you may play an intrigue card from your hand", `{"special":"may_play_intrigue"}`},
	{`{special: purchase_building}`, "buy a building for sale in Builder's Hall", `{"special":"purchase_building"}`},
	{`{special: take_ambassador}`, "take the Ambassador, who is assigned before anyone else next round", `{"special":"take_ambassador"}`},
	{`{special: copy_space}`, "use the action of a space that holds an opponent's agent", `{"special":"copy_space"}`},
	{`{special: return_agent}`, "return one of your assigned agents", `{"special":"return_agent"}`},
	{`{special: accelerate_plans}`, "take back an agent from Waterdeep Harbor, then assign two agents", `{"special":"accelerate_plans"}`},
	{`{special: sample_wares}`, "assign an agent to a building for sale in Builder's Hall", `{"special":"sample_wares"}`},
	{`{special: real_estate_deal}`, "trade a building you control for one for sale in Builder's Hall", `{"special":"real_estate_deal"}`},
	{`{special: bidding_war}`, "deal one quest per player from the deck; you keep one, then each player to your left keeps one", `{"special":"bidding_war"}`},
	{`{special: special_assignment}`, "name a quest type and reveal quests until one of that type turns up; take it", `{"special":"special_assignment"}`},
	// The Skullport cards (issue 13).
	{`{special: copy_more_corrupt}`, "use the action of a space that holds an agent of an opponent with more corruption than you", `{"special":"copy_more_corrupt"}`},
	{`{special: foist_mandatory}`, "give one of your uncompleted mandatory quests to an opponent who holds corruption", `{"special":"foist_mandatory"}`},
	{`{special: steal_building}`, "take control of a building an opponent controls", `{"special":"steal_building"}`},
	{`{special: move_corruption}`, "move a corruption token from your tavern onto an action space; the next agent assigned there takes it", `{"special":"move_corruption"}`},
	{`{special: recall_per_corruption}`, "take the corruption piled here; for each token, return one of your assigned agents to your pool", `{"special":"recall_per_corruption"}`},
	{`{each_opponent_may: {gain: {gold: 4}, gain_corruption: 1}}`, "each opponent may take 4 gold and take 1 corruption token", `{"each_opponent_may":{"gain":{"gold":4},"gain_corruption":1}}`},
	{`{each_opponent_may: {pay: {any: 2}, return_corruption: 1}}`, "each opponent may pay 2 adventurers of any kind to return 1 corruption token", `{"each_opponent_may":{"pay":{"any":2},"return_corruption":1}}`},
	{`{each_opponent_returns: 1}`, "each opponent returns 1 adventurer of their choice to the supply", `{"each_opponent_returns":1}`},
	{`{more_corrupt_opponents_gain_corruption: 1}`, "each opponent with more corruption than you takes 1 corruption token", `{"more_corrupt_opponents_gain_corruption":1}`},
	{`{vp_if_least_corrupt: 6}`, "score 6 VP if every opponent holds more corruption than you", `{"vp_if_least_corrupt":6}`},
	{`{remove_track_corruption: 3}`, "remove 3 corruption tokens on the corruption track from the game", `{"remove_track_corruption":3}`},
	{`{give_owner: 1}`, "give 1 adventurer of your choice to the building's owner", `{"give_owner":1}`},
	{`{steal_gold_see_lord: 2}`, "take 2 gold from an opponent of your choice and look at their Lord card", `{"steal_gold_see_lord":2}`},
	// The expansion's machinery (issue 12).
	{`{gain_corruption: 1}`, "take 1 corruption token from the corruption track", `{"gain_corruption":1}`},
	{`{return_corruption: 2}`, "return 2 corruption tokens from your tavern to the corruption track", `{"return_corruption":2}`},
	{`{remove_corruption: 1}`, "remove 1 corruption token of yours from the game", `{"remove_corruption":1}`},
	{`{return_corruption_up_to: 2}`, "return up to 2 corruption tokens from your tavern to the corruption track", `{"return_corruption_up_to":2}`},
	{`{remove_corruption_up_to: 1}`, "remove up to 1 corruption token of yours from the game", `{"remove_corruption_up_to":1}`},
	{`{place: {each: {gold: 2}, spaces: 2}}`, "put 2 gold from the supply on each of 2 different action spaces; the next agent assigned there takes them",
		`{"place":{"each":{"gold":2},"spaces":2}}`},
	// Undermountain.
	{`{special: may_purchase_building}`, "you may buy a building for sale in Builder's Hall", `{"special":"may_purchase_building"}`},
	{`{special: demolish}`, "discard a building in play with no agent on it (paying its owner its cost if it is not yours), then put a building for sale in Builder's Hall into play under your control, free",
		`{"special":"demolish"}`},
	{`{special: open_lord}`, "reveal your lord and discard your mandatory quests; opponents' attacks and mandatory quests no longer affect you",
		`{"special":"open_lord"}`},
	{`{special: manipulate}`, "move an opponent's agent to an unoccupied action space (that opponent may take its action), then assign one of your unassigned agents",
		`{"special":"manipulate"}`},
	{`{special: may_return_agent}`, "you may return one of your assigned agents", `{"special":"may_return_agent"}`},
	{`{free_building: hall_all}`, "put every building for sale in Builder's Hall into play under your control, free", `{"free_building":"hall_all"}`},
	{`{may_trade: {pay: {rogue: 4}, gain: {vp: 10}}}`, "you may pay 4 rogues for 10 VP", `{"may_trade":{"pay":{"rogue":4},"gain":{"vp":10}}}`},
	{`{take_all_quests: true}`, "take every face-up quest at Cliffwatch Inn, then deal new ones", `{"take_all_quests":true}`},
	{`{each_opponent_gains: {intrigue: 1}}`, "each opponent gains 1 intrigue card", `{"each_opponent_gains":{"intrigue":1}}`},
	{`{steal_kinds: {count: 2, from: [fighter, rogue]}}`, "take 2 adventurers, each a fighter or rogue from an opponent's tavern",
		`{"steal_kinds":{"count":2,"from":["fighter","rogue"]}}`},
	{`{draw_may_play: 2}`, "draw 2 intrigue cards; you may play each at once as it is drawn", `{"draw_may_play":2}`},
	{`{discard_quest: 1}`, "discard 1 of your uncompleted quests (not a mandatory one)", `{"discard_quest":1}`},
	{`{discard_intrigue: 2}`, "discard 2 intrigue cards from your hand", `{"discard_intrigue":2}`},
	{`{betray: {any: 1, gold: 2}}`, "take 1 adventurer of any kind and 2 gold from an opponent's tavern, then hand them this card",
		`{"betray":{"gold":2,"any":1}}`},
	{`{place_own: 3}`, "move 3 adventurers from your tavern onto as many different action spaces, one each; the next agent assigned there takes it",
		`{"place_own":3}`},
}

func parseStep(t *testing.T, src string) content.Step {
	t.Helper()
	var y contentyaml.StepYAML
	if err := yaml.Unmarshal([]byte(src), &y); err != nil {
		t.Fatalf("%s: %v", src, err)
	}
	st, err := y.Step()
	if err != nil {
		t.Fatalf("%s: %v", src, err)
	}
	return st
}

func TestStepDescribeAndJSON(t *testing.T) {
	kinds := map[content.StepKind]bool{}
	specials := map[content.Special]bool{}
	for _, c := range describeCases {
		st := parseStep(t, c.yaml)
		kinds[st.Kind] = true
		specials[st.Special] = true
		if got := st.Describe(); got != c.describe {
			t.Errorf("%s: Describe = %q, want %q", c.yaml, got, c.describe)
		}
		b, err := json.Marshal(st)
		if err != nil {
			t.Fatalf("%s: %v", c.yaml, err)
		}
		if string(b) != c.json {
			t.Errorf("%s: JSON = %s, want %s", c.yaml, b, c.json)
		}
		// JSON is YAML: the JSON form loads back to the same step.
		if diff := cmp.Diff(st, parseStep(t, string(b))); diff != "" {
			t.Errorf("%s: JSON does not load back (-want +got):\n%s", c.yaml, diff)
		}
	}
	for k := content.StepGain; k <= content.StepRemoveCorruptionUpTo; k++ {
		if !kinds[k] {
			t.Errorf("no case for step kind %d", k)
		}
	}
	for sp := content.Special(1); sp.String() != "special("+itoa(int(sp))+")"; sp++ {
		if !specials[sp] {
			t.Errorf("no case for special %s", sp)
		}
		if d := sp.Describe(); d == "" || d == sp.String() {
			t.Errorf("special %s has no description", sp)
		}
	}
	if _, err := json.Marshal(content.Step{}); err == nil {
		t.Errorf("a step of no kind marshals")
	}
}

func itoa(n int) string {
	b, _ := json.Marshal(n)
	return string(b)
}

func TestProgramDescribe(t *testing.T) {
	for _, c := range []struct {
		steps []string
		want  string
	}{
		{nil, ""},
		{[]string{`{gain: {vp: 4, wizard: 1}}`, `{special: return_agent}`}, "Gives 4 VP and 1 wizard; return one of your assigned agents"},
		{[]string{`{special: first_player}`, `{gain: {intrigue: 1}}`}, "Take the first-player marker; gain 1 intrigue card"},
		{[]string{`{gain: {vp: 1, cleric: 2}}`}, "Gives 1 VP and 2 clerics"},
	} {
		var p content.Program
		for _, s := range c.steps {
			p = append(p, parseStep(t, s))
		}
		if got := p.Describe(); got != c.want {
			t.Errorf("%v: %q, want %q", c.steps, got, c.want)
		}
		b, err := json.Marshal(p)
		if err != nil || !json.Valid(b) || (len(p) > 0 && !strings.HasPrefix(string(b), "[{")) {
			t.Errorf("%v: JSON %s, %v", c.steps, b, err)
		}
	}
}

func TestBundleDescribe(t *testing.T) {
	for _, c := range []struct {
		b    content.Bundle
		want string
	}{
		{content.Bundle{}, "nothing"},
		{content.Bundle{Wizard: 1}, "1 wizard"},
		{content.Bundle{Wizard: 2, Gold: 4}, "2 wizards and 4 gold"},
		{content.Bundle{VP: 1, Cleric: 1, Fighter: 3, Intrigue: 1}, "1 VP, 1 cleric, 3 fighters and 1 intrigue card"},
	} {
		if got := c.b.Describe(); got != c.want {
			t.Errorf("%+v: %q, want %q", c.b, got, c.want)
		}
	}
}
