package waterdeep

// Scenario tests for the quests of the Undermountain module, each naming
// its entry in the reference's skullport/quests.yaml (RULES.md 200-210
// for the readings).

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"

	"github.com/waterdeep-go/waterdeep/content"
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

// ref: survive_a_meeting_with_halaster. The adventurer of any kind is
// chosen after the fixed part is paid; a wizard spent draws an intrigue
// card (RULES.md 206).
func TestUndermountainSurviveAMeetingWithHalaster(t *testing.T) {
	s := umQuestGame(t)
	giveQuest(t, &s, 0, "survive-a-meeting-with-halaster")
	setTavern(&s, 0, 1, 1, 0, 0, 0) // the fixed part only
	s = apply(t, s, PlaceAgent{0, space(t, &s, "auroras-realms-shop")})
	if s.Pending().Kind == CompleteQuestDecision {
		t.Fatalf("the quest is offered without its adventurer of any kind")
	}
	s = umQuestGame(t)
	q := giveQuest(t, &s, 0, "survive-a-meeting-with-halaster")
	setTavern(&s, 0, 1, 1, 1, 1, 0)
	stackIntrigue(t, &s, "tax-revolt")
	s = apply(t, s, PlaceAgent{0, space(t, &s, "auroras-realms-shop")})
	buildingExpect(t, s, CompleteQuestDecision, 0)
	want := factsOf(s)
	s = apply(t, s, CompleteQuest{0, QuestID(q)})
	d := buildingExpect(t, s, ChooseAdventurersDecision, 0)
	if d.Count != 1 || d.Purpose != "spend 1 adventurer on Survive a Meeting with Halaster" {
		t.Errorf("pick of %d: %q", d.Count, d.Purpose)
	}
	buildingLegalSet(t, s, ChooseResources{0, Pick{Rogue: 1}}, ChooseResources{0, Pick{Wizard: 1}})
	s = apply(t, s, ChooseResources{0, Pick{Wizard: 1}})
	umCompleted(s, &want, QuestID(q))
	want.Players[0].Tavern[Wizard]--
	want.Supply[Wizard]++
	want.Players[0].Score += 15
	want.Players[0].Hand = []string{"tax-revolt"}
	if d := diff(want, factsOf(s)); d != "" {
		t.Errorf("(-want +got):\n%s", d)
	}
}

// ref: root_out_loviatars_faithful. 2 VP more for each cleric among the 4
// adventurers of any kind.
func TestUndermountainRootOutLoviatarsFaithful(t *testing.T) {
	s := umQuestGame(t)
	q := giveQuest(t, &s, 0, "root-out-loviatars-faithful")
	setTavern(&s, 0, 3, 1, 2, 1, 0)
	s = apply(t, s, PlaceAgent{0, space(t, &s, "auroras-realms-shop")})
	buildingExpect(t, s, CompleteQuestDecision, 0)
	want := factsOf(s)
	s = apply(t, s, CompleteQuest{0, QuestID(q)})
	buildingExpect(t, s, ChooseAdventurersDecision, 0)
	buildingIllegal(t, s, ChooseResources{0, Pick{Cleric: 3}})           // 4 are owed
	buildingIllegal(t, s, ChooseResources{0, Pick{Cleric: 1, Rogue: 3}}) // only 2 rogues
	s = apply(t, s, ChooseResources{0, Pick{Cleric: 3, Rogue: 1}})
	umCompleted(s, &want, QuestID(q))
	want.Players[0].Tavern[Cleric] -= 3
	want.Players[0].Tavern[Rogue]--
	want.Supply[Cleric] += 3
	want.Supply[Rogue]++
	want.Players[0].Score += 15 + 3*2
	if d := diff(want, factsOf(s)); d != "" {
		t.Errorf("(-want +got):\n%s", d)
	}
}

// umComplete completes quest id for seat 0 (with exactly its requirement
// and 4 gold from Aurora's Realms Shop) and returns the state at the first
// decision of its reward, with want adjusted for the payment.
func umComplete(t *testing.T, s State, id string) (State, facts) {
	t.Helper()
	s, q := umReadyToComplete(t, s, id)
	want := factsOf(s)
	s = apply(t, s, CompleteQuest{0, q})
	umCompleted(s, &want, q)
	return s, want
}

// The three quests with an optional exchange after the reward (RULES.md
// 207): offered only to a player who holds the payment.
func TestUndermountainOptionalExchanges(t *testing.T) {
	for _, tc := range []struct {
		id, ref  string
		vp       int
		pay      [4]int
		payGold  int
		gain     [4]int
		extraVP  int
		purpose  string
		accepted bool
	}{
		{"recruit-for-city-watch", "recruit_for_city_watch", 8, [4]int{}, 10, [4]int{0, 3, 3, 0}, 0, "pay 10 gold for 3 fighters and 3 rogues?", true},
		{"recruit-for-city-watch", "recruit_for_city_watch", 8, [4]int{}, 10, [4]int{0, 3, 3, 0}, 0, "pay 10 gold for 3 fighters and 3 rogues?", false},
		{"unleash-crime-spree", "unleash_crime_spree", 12, [4]int{0, 0, 4, 0}, 0, [4]int{}, 10, "pay 4 rogues for 10 VP?", true},
		{"destroy-a-temple-of-selvetarm", "destroy_a_temple_of_selvetarm", 10, [4]int{0, 4, 0, 0}, 0, [4]int{}, 10, "pay 4 fighters for 10 VP?", true},
	} {
		t.Run(fmt.Sprintf("%s/%v", tc.ref, tc.accepted), func(t *testing.T) {
			// Without the payment, no question.
			s, want := umComplete(t, umQuestGame(t), tc.id)
			want.Players[0].Score += tc.vp
			if d := diff(want, factsOf(s)); d != "" {
				t.Errorf("without the payment (-want +got):\n%s", d)
			}
			s, q := umReadyToComplete(t, umQuestGame(t), tc.id)
			r := s.c.quests[q].Requires
			setTavern(&s, 0, r.Cleric+tc.pay[0], r.Fighter+tc.pay[1], r.Rogue+tc.pay[2], r.Wizard+tc.pay[3], r.Gold+tc.payGold)
			want = factsOf(s)
			s = apply(t, s, CompleteQuest{0, q})
			umCompleted(s, &want, q)
			want.Players[0].Score += tc.vp
			d := buildingExpect(t, s, RespondDecision, 0)
			if d.Purpose != tc.purpose {
				t.Errorf("purpose %q, want %q", d.Purpose, tc.purpose)
			}
			s = apply(t, s, Respond{0, tc.accepted})
			if tc.accepted {
				for k := range 4 {
					want.Players[0].Tavern[k] += tc.gain[k] - tc.pay[k]
					want.Supply[k] += tc.pay[k] - tc.gain[k]
				}
				want.Players[0].Gold -= tc.payGold
				want.Players[0].Score += tc.extraVP
			}
			if d := diff(want, factsOf(s)); d != "" {
				t.Errorf("(-want +got):\n%s", d)
			}
		})
	}
}

// ref: establish_temple_to_ibrandul. Every face-up quest is taken, then
// four new ones are dealt (RULES.md 208).
func TestUndermountainEstablishTempleToIbrandul(t *testing.T) {
	s := umQuestGame(t)
	setCliffwatch(t, &s, "domesticate-owlbears", "ally-with-house-thann", "bolster-city-guard", "establish-harpers-safe-house")
	stackQuests(t, &s, "resurrect-dead-wizards", "wake-the-six-sleepers", "convert-a-noble-to-lathander", "ambush-artor-morlin", "create-a-shrine-to-oghma")
	s, want := umComplete(t, s, "establish-temple-to-ibrandul")
	for k := range 4 {
		want.Players[0].Tavern[k]++
		want.Supply[k]--
	}
	want.Players[0].Score += 11
	want.Players[0].Active = []string{"domesticate-owlbears", "ally-with-house-thann", "establish-harpers-safe-house", "bolster-city-guard"}
	want.Cliffwatch = []string{"resurrect-dead-wizards", "wake-the-six-sleepers", "convert-a-noble-to-lathander", "ambush-artor-morlin"}
	got := factsOf(s)
	sortIDs := cmpopts.SortSlices(func(a, b string) bool { return a < b })
	if d := cmp.Diff(want, got, sortIDs); d != "" {
		t.Errorf("(-want +got):\n%s", d)
	}
}

// ref: deal_with_the_black_viper. Four cards drawn one at a time, each
// playable at once as it is drawn (only that card).
func TestUndermountainDealWithTheBlackViper(t *testing.T) {
	s := umQuestGame(t)
	setHand(t, &s, 0, "tax-revolt")
	stackIntrigue(t, &s, "preferential-treatment", "friendly-loan", "allied-faiths", "evade-assassin")
	s.first = 2
	s, want := umComplete(t, s, "deal-with-the-black-viper")
	want.Players[0].Score += 10
	// Preferential Treatment, just drawn: Tax Revolt in hand may not be
	// played instead.
	d := buildingExpect(t, s, PlayIntrigueDecision, 0)
	if !d.Optional || d.Purpose != "you may play Preferential Treatment, just drawn" {
		t.Errorf("decision %q, optional %v", d.Purpose, d.Optional)
	}
	buildingLegalSet(t, s, PlayIntrigue{0, umCard(t, &s, "preferential-treatment")}, Decline{0})
	s = apply(t, s, PlayIntrigue{0, umCard(t, &s, "preferential-treatment")})
	// Friendly Loan: 4 gold to give, and p1 has them (4 from the shop + 2).
	buildingExpect(t, s, PlayIntrigueDecision, 0)
	s = apply(t, s, Decline{0})
	// Allied Faiths needs a cleric p1 does not have: not offered. Evade
	// Assassin, a mandatory quest, may be played on an opponent.
	buildingExpect(t, s, PlayIntrigueDecision, 0)
	s = apply(t, s, PlayIntrigue{0, umCard(t, &s, "evade-assassin")})
	buildingExpect(t, s, ChoosePlayerDecision, 0)
	s = apply(t, s, ChoosePlayer{0, 2})
	want.Players[0].Gold += 2
	want.First = 0
	want.Players[0].Hand = []string{"tax-revolt", "friendly-loan", "allied-faiths"}
	want.Players[2].Mandatory = []string{"evade-assassin"}
	sortIDs := cmpopts.SortSlices(func(a, b string) bool { return a < b })
	if d := cmp.Diff(want, factsOf(s), sortIDs); d != "" {
		t.Errorf("(-want +got):\n%s", d)
	}
}

// ref: deal_with_the_black_viper. The card just drawn is in its player's
// hand, hidden from the others until it is played: their views neither
// name it (the decision) nor carry it (the progress token), and
// Determinize samples it among the cards they have not seen (RULES.md 227).
func TestUndermountainDealWithTheBlackViperHidesTheCardDrawn(t *testing.T) {
	s := umQuestGame(t)
	stackIntrigue(t, &s, "preferential-treatment", "friendly-loan")
	s.first = 2
	s, _ = umComplete(t, s, "deal-with-the-black-viper")
	pt, fl := uint8(umCard(t, &s, "preferential-treatment")), uint8(umCard(t, &s, "friendly-loan"))
	if got := s.View(0).Decision.Purpose; got != "you may play Preferential Treatment, just drawn" {
		t.Errorf("the player's own decision: %q", got)
	}
	// The same game, had Friendly Loan been drawn first.
	other := s
	other.players[0].hand.remove(pt)
	other.players[0].hand.add(fl)
	for i := range other.intrigueDeckLen {
		if other.intrigueDeck[i] == fl {
			other.intrigueDeck[i] = pt
		}
	}
	other.top().setOnlyCard(fl)
	for _, p := range []PlayerID{1, 2, Spectator} {
		v := s.View(p)
		if v.Decision.Purpose != "you may play the intrigue card just drawn" {
			t.Errorf("%v sees the decision %q", p, v.Decision.Purpose)
		}
		if d := cmp.Diff(v, other.View(p), leakViewCmp); d != "" || v.Progress != other.View(p).Progress {
			t.Errorf("%v's view shows which card was drawn (-PT +FL):\n%s", p, d)
		}
		b, err := json.Marshal(v)
		if err != nil {
			t.Fatal(err)
		}
		if strings.Contains(string(b), "Preferential Treatment") {
			t.Errorf("%v's view names the card drawn:\n%s", p, b)
		}
		for seed := range uint64(8) {
			d, err := Determinize(v, seed)
			if err != nil {
				t.Fatalf("%v, seed %d: %v", p, seed, err)
			}
			c, _ := d.top().onlyCard()
			if !d.drawnOffer() || !d.players[0].hand.has(c) || !d.cardPlayable(0, c, 0, noStanding) {
				t.Errorf("%v, seed %d: the sample offers card %d, not a playable card of p1's hand", p, seed, c)
			}
		}
	}
}

// ref: threaten_the_builders_guilds. Every tile for sale, free, with the
// VP lying on it; the tiles dealt to refill the hall stay there (RULES.md
// 209).
func TestUndermountainThreatenTheBuildersGuilds(t *testing.T) {
	s := umQuestGame(t)
	setForSale(t, &s, 1, "the-stone-house", "the-zoarstar", "the-librarium")
	questStackTile(t, &s, "caravan-court")
	questStackTile(t, &s, "dragon-tower")
	questStackTile(t, &s, "belkrams-tomb")
	s, want := umComplete(t, s, "threaten-the-builders-guilds")
	want.Players[0].Score += 13 + 3
	want.Players[0].Buildings = []string{"the-stone-house", "the-zoarstar", "the-librarium"}
	want.ForSale = []string{"belkrams-tomb", "dragon-tower", "caravan-court"}
	sortIDs := cmpopts.SortSlices(func(a, b string) bool { return a < b })
	if d := cmp.Diff(want, factsOf(s), sortIDs); d != "" {
		t.Errorf("(-want +got):\n%s", d)
	}
}

// The five plot quests that reward taking a quest of their type, however
// it is taken (RULES.md 210).
func TestUndermountainTakePlots(t *testing.T) {
	for _, tc := range []struct {
		id, ref, take, other string
		cubes                [4]int
		gold                 int
	}{
		{"establish-wizard-academy", "establish_wizard_academy", "domesticate-owlbears", "bolster-city-guard", [4]int{0, 0, 0, 1}, 0},
		{"sponsor-bounty-hunters", "sponsor_bounty_hunters", "ally-with-house-thann", "domesticate-owlbears", [4]int{}, 4},
		{"sanctify-a-desecrated-temple", "sanctify_a_desecrated_temple", "convert-a-noble-to-lathander", "domesticate-owlbears", [4]int{1, 0, 0, 0}, 0},
		{"ally-with-the-xanathars-guild", "ally_with_the_xanathars_guild", "establish-harpers-safe-house", "domesticate-owlbears", [4]int{0, 0, 2, 0}, 0},
		{"recover-the-flame-of-the-north", "recover_the_flame_of_the_north", "bolster-city-guard", "domesticate-owlbears", [4]int{0, 2, 0, 0}, 0},
	} {
		t.Run(tc.ref, func(t *testing.T) {
			// Completing the plot quest itself: its reward.
			s, want := umComplete(t, umQuestGame(t), tc.id)
			want.Players[0].Score += s.c.quests[quest(t, &s, tc.id)].PrintedVP()
			if d := diff(want, factsOf(s)); d != "" {
				t.Errorf("completing (-want +got):\n%s", d)
			}
			// Then: a quest of the type taken at Cliffwatch Inn.
			s = umQuestGame(t)
			giveCompleted(t, &s, 0, tc.id)
			setCliffwatch(t, &s, tc.take, tc.other, "resurrect-dead-wizards", "wake-the-six-sleepers")
			stackQuests(t, &s, "plunder-the-island-temple")
			want = factsOf(s)
			s = apply(t, s, PlaceAgent{0, space(t, &s, "cliffwatch-inn/1")}, TakeQuest{0, QuestID(quest(t, &s, tc.take))})
			for k := range 4 {
				want.Players[0].Tavern[k] += tc.cubes[k]
				want.Supply[k] -= tc.cubes[k]
			}
			want.Players[0].Gold += 2 + tc.gold
			want.Players[0].Active = []string{tc.take}
			want.Players[0].Pool--
			want.Cliffwatch = factsOf(s).Cliffwatch
			want.ToAct = 1
			if d := diff(want, factsOf(s)); d != "" {
				t.Errorf("taking %s (-want +got):\n%s", tc.take, d)
			}
			// A quest of another type gives nothing more.
			s = umQuestGame(t)
			giveCompleted(t, &s, 0, tc.id)
			setCliffwatch(t, &s, tc.take, tc.other, "resurrect-dead-wizards", "wake-the-six-sleepers")
			stackQuests(t, &s, "plunder-the-island-temple")
			s = apply(t, s, PlaceAgent{0, space(t, &s, "cliffwatch-inn/1")}, TakeQuest{0, QuestID(quest(t, &s, tc.other))})
			if s.Tavern(0) != ([4]int{}) || s.Gold(0) != 2 {
				t.Errorf("taking %s: tavern %v and %d gold", tc.other, s.Tavern(0), s.Gold(0))
			}
		})
	}
}

// The plots that reward taking a quest count every quest that comes into
// the player's hand, whatever brings it (RULES.md 210): the four taken by
// Establish Temple to Ibrandul, one drawn from the deck by a quest's
// reward, and one kept from Special Assignment.
func TestUndermountainTakePlotsEveryWay(t *testing.T) {
	plots := func(s *State) {
		giveCompleted(t, s, 0, "establish-wizard-academy") // arcana: 1 wizard
		giveCompleted(t, s, 0, "sponsor-bounty-hunters")   // commerce: 4 gold
	}
	// Establish Temple to Ibrandul: two arcana quests and a commerce one.
	s := umQuestGame(t)
	plots(&s)
	setCliffwatch(t, &s, "domesticate-owlbears", "ally-with-house-thann", "investigate-aberrant-infestation", "establish-harpers-safe-house")
	stackQuests(t, &s, "resurrect-dead-wizards", "wake-the-six-sleepers", "convert-a-noble-to-lathander", "ambush-artor-morlin")
	s, want := umComplete(t, s, "establish-temple-to-ibrandul")
	for k := range 4 {
		want.Players[0].Tavern[k]++
		want.Supply[k]--
	}
	want.Players[0].Tavern[Wizard] += 2
	want.Supply[Wizard] -= 2
	want.Players[0].Gold += 4
	want.Players[0].Score += 11
	want.Players[0].Active = []string{"domesticate-owlbears", "ally-with-house-thann", "investigate-aberrant-infestation", "establish-harpers-safe-house"}
	want.Cliffwatch = []string{"resurrect-dead-wizards", "wake-the-six-sleepers", "convert-a-noble-to-lathander", "ambush-artor-morlin"}
	sortIDs := cmpopts.SortSlices(func(a, b string) bool { return a < b })
	if d := cmp.Diff(want, factsOf(s), sortIDs); d != "" {
		t.Errorf("Establish Temple to Ibrandul (-want +got):\n%s", d)
	}
	// Loot the Crypt of Chauntea draws an arcana quest from the deck.
	s = umQuestGame(t)
	plots(&s)
	stackQuests(t, &s, "domesticate-owlbears")
	s, want = umComplete(t, s, "loot-the-crypt-of-chauntea")
	want.Players[0].Tavern[Wizard]++
	want.Supply[Wizard]--
	want.Players[0].Score += 7
	want.Players[0].Active = []string{"domesticate-owlbears"}
	got := factsOf(s)
	want.Players[0].Hand = got.Players[0].Hand // its intrigue card
	if d := cmp.Diff(want, got, sortIDs); d != "" || len(got.Players[0].Hand) != 1 {
		t.Errorf("a quest drawn from the deck (-want +got):\n%s", d)
	}
	// Special Assignment keeps the first commerce quest revealed.
	s = umQuestGame(t)
	plots(&s)
	stackQuests(t, &s, "domesticate-owlbears", "ally-with-house-thann")
	want = factsOf(s)
	s = playCardAs(t, s, 0, "special-assignment")
	s = apply(t, s, ChooseQuestType{0, content.Commerce})
	want.Players[0].Gold += 4
	want.Players[0].Pool--
	want.Players[0].Active = []string{"ally-with-house-thann"}
	want.ToAct = 1
	if d := diff(want, factsOf(s)); d != "" {
		t.Errorf("Special Assignment (-want +got):\n%s", d)
	}
}

// umPlotCompletes checks completing plot quest id: its printed VP only.
func umPlotCompletes(t *testing.T, id string) {
	t.Helper()
	s, want := umComplete(t, umQuestGame(t), id)
	want.Players[0].Score += s.c.quests[quest(t, &s, id)].PrintedVP()
	if d := diff(want, factsOf(s)); d != "" {
		t.Errorf("completing %s (-want +got):\n%s", id, d)
	}
}

// ref: impersonate_tax_collector. The owner's own agent also gets the
// owner benefit (RULES.md 215).
func TestUndermountainImpersonateTaxCollector(t *testing.T) {
	umPlotCompletes(t, "impersonate-tax-collector")
	s := umGame(t)
	giveTile(t, &s, 0, "high-dukes-tomb")
	giveCompleted(t, &s, 0, "impersonate-tax-collector")
	want := factsOf(s)
	s = apply(t, s, PlaceAgent{0, space(t, &s, "high-dukes-tomb")})
	s = apply(t, s, ChooseSpace{0, space(t, &s, "the-plinth")}, ChooseSpace{0, space(t, &s, "field-of-triumph")})
	want.Players[0].Gold += 8 + 4 // the action and the owner benefit
	want.Players[0].Pool--
	want.ToAct = 1
	if d := diff(want, factsOf(s)); d != "" {
		t.Errorf("(-want +got):\n%s", d)
	}
}

// ref: seize_citadel_of_the_bloody_hand. After each quest completed, one
// adventurer of a kind spent may be taken back (RULES.md 216).
func TestUndermountainSeizeCitadelOfTheBloodyHand(t *testing.T) {
	// Completing the plot quest itself offers nothing.
	umPlotCompletes(t, "seize-citadel-of-the-bloody-hand")
	s := umQuestGame(t)
	giveCompleted(t, &s, 0, "seize-citadel-of-the-bloody-hand")
	s, want := umComplete(t, s, "resurrect-dead-wizards") // 3 clerics and 5 gold
	d := buildingExpect(t, s, ChooseAdventurersDecision, 0)
	if !d.Optional || d.Kinds != content.Of(content.Cleric) {
		t.Errorf("decision %q, optional %v, kinds %v", d.Purpose, d.Optional, d.Kinds)
	}
	buildingLegalSet(t, s, ChooseResources{0, Pick{Cleric: 1}}, Decline{0})
	s = apply(t, s, ChooseResources{0, Pick{Cleric: 1}})
	want.Players[0].Tavern[Cleric]++
	want.Supply[Cleric]--
	want.Players[0].Tavern[Wizard] += 3
	want.Supply[Wizard] -= 3
	want.Players[0].Score += 6
	sortIDs := cmpopts.SortSlices(func(a, b string) bool { return a < b })
	if d := cmp.Diff(want, factsOf(s), sortIDs); d != "" {
		t.Errorf("(-want +got):\n%s", d)
	}
	// With adventurers of any kind: the kinds picked count as spent.
	s = umQuestGame(t)
	giveCompleted(t, &s, 0, "seize-citadel-of-the-bloody-hand")
	q := giveQuest(t, &s, 0, "survive-a-meeting-with-halaster")
	setTavern(&s, 0, 1, 1, 1, 0, 0)
	s = apply(t, s, PlaceAgent{0, space(t, &s, "auroras-realms-shop")}, CompleteQuest{0, QuestID(q)})
	// The rogue, the only one left, is spent without asking.
	buildingLegalSet(t, s, ChooseResources{0, Pick{Cleric: 1}}, ChooseResources{0, Pick{Fighter: 1}},
		ChooseResources{0, Pick{Rogue: 1}}, Decline{0})
	want = factsOf(s)
	s = apply(t, s, ChooseResources{0, Pick{Rogue: 1}})
	want.Players[0].Tavern[Rogue]++
	want.Supply[Rogue]--
	want.Players[0].Score += 15
	want.Pending, want.ToAct = PlaceAgentDecision, 1
	if d := diff(want, factsOf(s)); d != "" {
		t.Errorf("an adventurer of any kind kept (-want +got):\n%s", d)
	}
	// A mandatory quest too (RULES.md 216): 2 rogues and a wizard spent.
	s = umQuestGame(t)
	giveCompleted(t, &s, 0, "seize-citadel-of-the-bloody-hand")
	questGiveMandatory(t, &s, 0, "evade-assassin")
	setTavern(&s, 0, 0, 0, 2, 1, 0)
	stackIntrigue(t, &s, "tax-revolt")
	s = apply(t, s, PlaceAgent{0, space(t, &s, "auroras-realms-shop")})
	want = factsOf(s)
	s = apply(t, s, CompleteMandatory{0, umCard(t, &s, "evade-assassin")})
	buildingLegalSet(t, s, ChooseResources{0, Pick{Rogue: 1}}, ChooseResources{0, Pick{Wizard: 1}}, Decline{0})
	s = apply(t, s, ChooseResources{0, Pick{Wizard: 1}})
	want.Players[0].Tavern = [4]int{0, 0, 0, 1}
	want.Supply[Rogue] += 2
	want.Players[0].Hand = []string{"tax-revolt"}
	want.Players[0].Mandatory = nil
	want.Pending, want.ToAct = PlaceAgentDecision, 1
	if d := diff(want, factsOf(s)); d != "" {
		t.Errorf("a mandatory quest (-want +got):\n%s", d)
	}
}

// ref: study_in_the_librarium. After an action that lets the player play
// an intrigue card, one more is drawn and may be played (RULES.md 217).
func TestUndermountainStudyInTheLibrarium(t *testing.T) {
	umPlotCompletes(t, "study-in-the-librarium")
	s := umGame(t)
	s.first = 2
	giveCompleted(t, &s, 0, "study-in-the-librarium")
	setHand(t, &s, 0, "tax-revolt")
	stackIntrigue(t, &s, "preferential-treatment")
	want := factsOf(s)
	s = apply(t, s, PlaceAgent{0, space(t, &s, "waterdeep-harbor/1")})
	s = apply(t, s, ChooseSpace{0, space(t, &s, "the-plinth")}, ChooseSpace{0, space(t, &s, "field-of-triumph")})
	d := buildingExpect(t, s, PlayIntrigueDecision, 0)
	if d.Purpose != "you may play Preferential Treatment, just drawn" {
		t.Errorf("decision %q", d.Purpose)
	}
	s = apply(t, s, PlayIntrigue{0, umCard(t, &s, "preferential-treatment")})
	want.Players[0].Gold += 4 + 2
	want.First = 0
	want.Players[0].Hand = nil
	want.Players[0].Pool--
	want.ToAct = 1
	if d := diff(want, factsOf(s)); d != "" {
		t.Errorf("(-want +got):\n%s", d)
	}
	// An action that plays no intrigue card draws nothing.
	s = umGame(t)
	giveCompleted(t, &s, 0, "study-in-the-librarium")
	s = apply(t, s, PlaceAgent{0, space(t, &s, "the-plinth")})
	if n := len(s.Hand(0)); n != 0 {
		t.Errorf("%d cards drawn after The Plinth", n)
	}
}

// ref: study_in_the_librarium. The Zoarstar copying a space whose action
// plays an intrigue card is such an action too (RULES.md 217).
func TestUndermountainStudyInTheLibrariumCopied(t *testing.T) {
	s := umGame(t)
	s.first = 2
	giveCompleted(t, &s, 0, "study-in-the-librarium")
	giveTile(t, &s, 1, "the-zoarstar")
	setHand(t, &s, 0, "tax-revolt")
	stackIntrigue(t, &s, "preferential-treatment")
	harbor := space(t, &s, "waterdeep-harbor/1")
	s.setOccupant(uint8(harbor), 3) // p3's agent, to be reassigned later
	s.players[2].pool--
	want := factsOf(s)
	// The Harbor space, the only one to copy, and Tax Revolt, the only card,
	// are chosen without asking.
	s = apply(t, s, PlaceAgent{0, space(t, &s, "the-zoarstar")})
	s = apply(t, s, ChooseSpace{0, space(t, &s, "the-plinth")}, ChooseSpace{0, space(t, &s, "field-of-triumph")})
	d := buildingExpect(t, s, PlayIntrigueDecision, 0)
	if d.Purpose != "you may play Preferential Treatment, just drawn" {
		t.Errorf("decision %q", d.Purpose)
	}
	s = apply(t, s, PlayIntrigue{0, umCard(t, &s, "preferential-treatment")})
	want.Players[0].Gold += 4 + 2
	want.Players[1].Score += 2 // The Zoarstar's owner
	want.Players[0].Hand = nil
	want.First = 0
	want.Players[0].Pool--
	want.ToAct = 1
	if d := diff(want, factsOf(s)); d != "" {
		t.Errorf("(-want +got):\n%s", d)
	}
}

// ref: diplomatic_mission_to_suzail. A face-up quest may be completed as
// the turn's quest; its place is refilled (RULES.md 218).
func TestUndermountainDiplomaticMissionToSuzail(t *testing.T) {
	umPlotCompletes(t, "diplomatic-mission-to-suzail")
	s := umQuestGame(t)
	giveCompleted(t, &s, 0, "diplomatic-mission-to-suzail")
	setCliffwatch(t, &s, "domesticate-owlbears", "wake-the-six-sleepers", "bolster-city-guard", "establish-harpers-safe-house")
	stackQuests(t, &s, "resurrect-dead-wizards")
	setTavern(&s, 0, 3, 0, 3, 0, 0)
	want := factsOf(s)
	s = apply(t, s, PlaceAgent{0, space(t, &s, "auroras-realms-shop")})
	buildingExpect(t, s, CompleteQuestDecision, 0)
	buildingLegalSet(t, s, CompleteQuest{0, QuestID(quest(t, &s, "wake-the-six-sleepers"))}, Decline{0})
	s = apply(t, s, CompleteQuest{0, QuestID(quest(t, &s, "wake-the-six-sleepers"))})
	want.Players[0].Tavern = [4]int{0, 6, 0, 0}
	want.Supply[Cleric] += 3
	want.Supply[Rogue] += 3
	want.Supply[Fighter] -= 6
	want.Players[0].Gold += 4
	want.Players[0].Score += 8
	want.Players[0].Completed = append(want.Players[0].Completed, "wake-the-six-sleepers")
	want.Cliffwatch = []string{"domesticate-owlbears", "resurrect-dead-wizards", "bolster-city-guard", "establish-harpers-safe-house"}
	want.Players[0].Pool--
	want.ToAct = 1
	sortIDs := cmpopts.SortSlices(func(a, b string) bool { return a < b })
	if d := cmp.Diff(want, factsOf(s), sortIDs); d != "" {
		t.Errorf("(-want +got):\n%s", d)
	}
}

// ref: defend_the_yawning_portal. Up to three assigned agents return to
// the pool, each return optional (RULES.md 219).
func TestUndermountainDefendTheYawningPortal(t *testing.T) {
	s := umQuestGame(t)
	s.players[0].agents, s.players[0].pool = 3, 3
	s = apply(t, s, PlaceAgent{0, space(t, &s, "the-plinth")}, PlaceAgent{1, space(t, &s, "blackstaff-tower")},
		PlaceAgent{2, space(t, &s, "field-of-triumph")})
	s = apply(t, s, PlaceAgent{0, space(t, &s, "the-grinning-lion-tavern")}, PlaceAgent{1, space(t, &s, "castle-waterdeep")},
		PlaceAgent{2, space(t, &s, "the-grim-statue")})
	s, want := umComplete(t, s, "defend-the-yawning-portal")
	buildingExpect(t, s, ChooseAdventurersDecision, 0)
	s = apply(t, s, ChooseResources{0, Pick{Wizard: 2}})
	d := buildingExpect(t, s, ChooseSpaceDecision, 0)
	if !d.Optional {
		t.Errorf("the return is not optional")
	}
	buildingLegalSet(t, s, ChooseSpace{0, space(t, &s, "the-plinth")}, ChooseSpace{0, space(t, &s, "the-grinning-lion-tavern")},
		ChooseSpace{0, space(t, &s, "auroras-realms-shop")}, Decline{0})
	s = apply(t, s, ChooseSpace{0, space(t, &s, "the-plinth")}, ChooseSpace{0, space(t, &s, "auroras-realms-shop")})
	buildingLegalSet(t, s, ChooseSpace{0, space(t, &s, "the-grinning-lion-tavern")}, Decline{0})
	s = apply(t, s, Decline{0})
	want.Players[0].Score += 15
	want.Players[0].Tavern[Wizard] += 2
	want.Supply[Wizard] -= 2
	want.Players[0].Pool += 2
	want.ToAct = 1
	if d := diff(want, factsOf(s)); d != "" {
		t.Errorf("(-want +got):\n%s", d)
	}
	if s.occupant[space(t, &s, "the-plinth")] != 0 || s.occupant[space(t, &s, "the-grinning-lion-tavern")] != 1 {
		t.Errorf("agents on the board: plinth %d, tavern %d", s.occupant[space(t, &s, "the-plinth")], s.occupant[space(t, &s, "the-grinning-lion-tavern")])
	}
}

// ref: obtain_builders_plans. Once per round, an agent may go to a tile for
// sale and use its action; nobody gets an owner benefit (RULES.md 220).
func TestUndermountainObtainBuildersPlans(t *testing.T) {
	umPlotCompletes(t, "obtain-builders-plans")
	s := umQuestGame(t)
	setForSale(t, &s, 1, "the-stone-house", "high-dukes-tomb", "smugglers-dock")
	giveTile(t, &s, 2, "the-zoarstar")
	s.players[0].agents, s.players[0].pool = 3, 3
	hall := space(t, &s, "high-dukes-tomb")
	dock := space(t, &s, "smugglers-dock")
	buildingIllegal(t, s, PlaceAgent{0, hall}) // not without the plot
	giveCompleted(t, &s, 0, "obtain-builders-plans")
	// The Smuggler's Dock needs 2 gold p1 lacks: not a legal placement.
	buildingIllegal(t, s, PlaceAgent{0, dock})
	if v := s.View(0); v.Seats[0].VisitUsed {
		t.Errorf("visit used before it is")
	}
	want := factsOf(s)
	s = apply(t, s, PlaceAgent{0, hall})
	s = apply(t, s, ChooseSpace{0, space(t, &s, "the-plinth")}, ChooseSpace{0, space(t, &s, "field-of-triumph")})
	want.Players[0].Gold += 8
	want.Players[0].Pool--
	want.ToAct = 1
	if d := diff(want, factsOf(s)); d != "" {
		t.Errorf("(-want +got):\n%s", d)
	}
	if !s.View(1).Seats[0].VisitUsed {
		t.Errorf("the view does not show the plot used")
	}
	// Once per round: the next agent may not go to a tile for sale.
	s = apply(t, s, PlaceAgent{1, space(t, &s, "auroras-realms-shop")}, PlaceAgent{2, space(t, &s, "the-grim-statue")})
	buildingIllegal(t, s, PlaceAgent{0, space(t, &s, "the-stone-house")})
}
