package waterdeep

// Scenario tests for the quests of the Undermountain module, each naming
// its entry in the reference's skullport/quests.yaml (RULES.md 200-210
// for the readings).

import (
	"testing"
)

// umQuestGame is umGame with empty taverns and no gold.
func umQuestGame(t *testing.T) State {
	t.Helper()
	s := umGame(t)
	for p := range 3 {
		setTavern(&s, p, 0, 0, 0, 0, 0)
	}
	return s
}

// umReadyToComplete gives seat 0 quest id and exactly what it requires,
// assigns seat 0's agent to Aurora's Realms Shop (4 gold) and stops at the
// quest offer.
func umReadyToComplete(t *testing.T, s State, id string) (State, QuestID) {
	t.Helper()
	q := giveQuest(t, &s, 0, id)
	r := s.c.quests[q].Requires
	setTavern(&s, 0, r.Cleric, r.Fighter, r.Rogue, r.Wizard, r.Gold)
	s = apply(t, s, PlaceAgent{0, space(t, &s, "auroras-realms-shop")})
	buildingExpect(t, s, CompleteQuestDecision, 0)
	return s, QuestID(q)
}

// umCompleted adjusts want for seat 0 completing quest q: its requirement
// paid, the quest moved to the completed ones, the turn passed on.
func umCompleted(s State, want *facts, q QuestID) {
	def := s.c.Quest(q)
	r := def.Requires.Cubes()
	for k := range 4 {
		want.Players[0].Tavern[k] -= r[k]
		want.Supply[k] += r[k]
	}
	want.Players[0].Gold -= def.Requires.Gold
	want.Players[0].Active = nil
	want.Players[0].Completed = append(want.Players[0].Completed, def.ID)
	want.ToAct, want.Pending = 1, PlaceAgentDecision
}

// The quests whose reward is a plain gain.
func TestUndermountainPlainQuests(t *testing.T) {
	for _, tc := range []struct {
		id, ref  string
		cubes    [4]int
		gold, vp int
	}{
		{"explore-trobriands-graveyard", "explore_trobriands_graveyard", [4]int{}, 0, 40},
		{"resurrect-dead-wizards", "resurrect_dead_wizards", [4]int{0, 0, 0, 3}, 0, 6},
		{"ransack-whitehelms-tomb", "ransack_whitehelms_tomb", [4]int{}, 0, 40},
		{"steal-gems-from-the-bone-throne", "steal_gems_from_the_bone_throne", [4]int{}, 10, 7},
		{"plunder-the-island-temple", "plunder_the_island_temple", [4]int{}, 0, 40},
		{"rescue-clerics-of-tymora", "rescue_clerics_of_tymora", [4]int{3, 0, 0, 0}, 0, 10},
		{"break-into-blackstaff-tower", "break_into_blackstaff_tower", [4]int{}, 0, 40},
		{"survive-arcturias-transformation", "survive_arcturias_transformation", [4]int{0, 0, 6, 0}, 0, 6},
		{"battle-in-muirals-gauntlet", "battle_in_muirals_gauntlet", [4]int{}, 0, 40},
		{"wake-the-six-sleepers", "wake_the_six_sleepers", [4]int{0, 6, 0, 0}, 0, 8},
	} {
		t.Run(tc.ref, func(t *testing.T) {
			s, q := umReadyToComplete(t, umQuestGame(t), tc.id)
			want := factsOf(s)
			s = apply(t, s, CompleteQuest{0, q})
			umCompleted(s, &want, q)
			for k := range 4 {
				want.Players[0].Tavern[k] += tc.cubes[k]
				want.Supply[k] -= tc.cubes[k]
			}
			want.Players[0].Gold += tc.gold
			want.Players[0].Score += tc.vp
			if d := diff(want, factsOf(s)); d != "" {
				t.Errorf("(-want +got):\n%s", d)
			}
		})
	}
}

// ref: defend_the_lanceboard_room. 8 adventurers of any kind, chosen as
// two picks of 4.
func TestUndermountainDefendTheLanceboardRoom(t *testing.T) {
	s, q := umReadyToComplete(t, umQuestGame(t), "defend-the-lanceboard-room")
	want := factsOf(s)
	s = apply(t, s, CompleteQuest{0, q})
	d := buildingExpect(t, s, ChooseAdventurersDecision, 0)
	if d.Count != 4 {
		t.Errorf("first pick of %d", d.Count)
	}
	s = apply(t, s, ChooseResources{0, Pick{Cleric: 4}})
	buildingExpect(t, s, ChooseAdventurersDecision, 0)
	s = apply(t, s, ChooseResources{0, Pick{Cleric: 1, Wizard: 3}})
	umCompleted(s, &want, q)
	want.Players[0].Tavern[Cleric] += 5
	want.Players[0].Tavern[Wizard] += 3
	want.Supply[Cleric] -= 5
	want.Supply[Wizard] -= 3
	want.Players[0].Score += 12
	if d := diff(want, factsOf(s)); d != "" {
		t.Errorf("(-want +got):\n%s", d)
	}
}
