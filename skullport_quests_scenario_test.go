package waterdeep

// Scenario tests for the 30 quests of the Skullport module, each naming
// its entry in ../shared/reference/skullport/quests.yaml: the quests with
// plain rewards in one table, the others (adventurers of any kind
// required, free buildings, opponents returning adventurers, and the ten
// plot quests' lasting effects) one by one.

import (
	"fmt"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/waterdeep-go/waterdeep/content"
)

// skComplete gives seat 0 quest id and exactly what it requires, assigns
// an agent to Aurora's Realms Shop (4 gold) and completes the quest.
func skComplete(t *testing.T, s State, id string) State {
	t.Helper()
	s = questCompleteNow(t, s, 0, id, "auroras-realms-shop")
	return s
}

// The quests whose reward is VP, adventurers, gold, intrigue cards and
// corruption taken, returned or removed. "Return up to N" (and "remove up
// to N") is the player's choice, one token at a time (RULES.md 101): each
// such quest is played keeping every token, returning some, and returning
// all that may be.
func TestSkullportQuestRewards(t *testing.T) {
	for _, tc := range []struct {
		ref, id string
		held    int      // corruption held before
		pick    Pick     // adventurers of any kind chosen
		draw    []string // the intrigue cards on top of the deck
		vp      int
		gain    [NumAdventurers]int
		gold    int
		take    int // corruption taken
		ret     int // corruption that may be returned: up to upTo of those held
		removed int // corruption that may be removed: up to upTo
		upTo    int // the card's "up to"
	}{
		{ref: "establish_cult_cell", id: "establish-cult-cell", draw: []string{"repent"}, vp: 18, gain: [4]int{0, 2, 0, 1}, take: 3},
		{ref: "investigate_thayan_vessel", id: "investigate-thayan-vessel", pick: Pick{Cleric: 1, Rogue: 1}, draw: []string{"repent", "scapegoat"}, vp: 13, gain: [4]int{1, 0, 1, 0}},
		{ref: "renew_guards_and_wards", id: "renew-guards-and-wards", held: 3, vp: 9, ret: 2, upTo: 2},
		{ref: "seal_an_entrance_to_skullport", id: "seal-an-entrance-to-skullport", held: 4, vp: 10, ret: 3, upTo: 3},
		{ref: "donate_to_the_city", id: "donate-to-the-city", held: 2, vp: 13, ret: 2, upTo: 3}, // up to 3: all 2 held
		{ref: "fund_alchemical_research", id: "fund-alchemical-research", vp: 20, gold: 12, take: 3},
		{ref: "fund_pilgrimage_of_waukeen", id: "fund-pilgrimage-of-waukeen", vp: 16},
		{ref: "pay_fines", id: "pay-fines", held: 3, vp: 4, ret: 2, upTo: 2},
		{ref: "banish_evil_spirits", id: "banish-evil-spirits", held: 3, pick: Pick{Wizard: 1}, vp: 5, gain: [4]int{0, 0, 0, 1}, ret: 2, upTo: 2},
		{ref: "institute_reforms", id: "institute-reforms", held: 5, vp: 13, ret: 3, upTo: 3},
		{ref: "sanctify_temple_to_oghma", id: "sanctify-temple-to-oghma", vp: 18},
		{ref: "bury_the_bodies", id: "bury-the-bodies", vp: 20, take: 2},
		{ref: "rescue_a_victim_from_the_skulls", id: "rescue-a-victim-from-the-skulls", held: 2, pick: Pick{Fighter: 1}, vp: 9, gain: [4]int{0, 1, 0, 0}, ret: 1, upTo: 1},
		{ref: "save_kidnapped_nobles", id: "save-kidnapped-nobles", held: 3, vp: 9, gain: [4]int{0, 4, 0, 0}, ret: 3, upTo: 3},
		{ref: "improve_prison_security", id: "improve-prison-security", held: 4, vp: 8, removed: 3, upTo: 3},
		{ref: "patrol_dock_ward", id: "patrol-dock-ward", vp: 9, gain: [4]int{0, 0, 4, 0}},
		{ref: "uncover_drow_plot", id: "uncover-drow-plot", held: 2, vp: 18, ret: 2, upTo: 2},
	} {
		// Keep every token, return some, return all that may be.
		can := tc.ret + tc.removed
		choices := []int{0}
		if some := can / 2; some > 0 && some < can {
			choices = append(choices, some)
		}
		if can > 0 {
			choices = append(choices, can)
		}
		for _, yes := range choices {
			t.Run(fmt.Sprintf("%s/%d", tc.ref, yes), func(t *testing.T) {
				s := skGame(t)
				skCorrupt(&s, 0, tc.held)
				stackIntrigue(t, &s, tc.draw...)
				q := giveQuest(t, &s, 0, tc.id)
				r := s.c.quests[q].Requires
				setTavern(&s, 0, r.Cleric, r.Fighter, r.Rogue, r.Wizard, r.Gold)
				want := skOf(s)
				s = questPlace(t, s, 0, "auroras-realms-shop")
				s = apply(t, s, CompleteQuest{0, QuestID(q)})
				if tc.pick != (Pick{}) {
					buildingExpect(t, s, ChooseAdventurersDecision, 0)
					s = apply(t, s, ChooseResources{0, tc.pick})
				}
				for k, n := range r.Cubes() {
					want.Facts.Supply[k] += n
				}
				want.Facts.Players[0].Active = nil
				p := &want.Facts.Players[0]
				p.Completed = []string{tc.id}
				p.Score += tc.vp
				p.Gold = 4 + tc.gold
				p.Hand = tc.draw
				for k := range NumAdventurers {
					p.Tavern[k] = tc.gain[k]
					want.Facts.Supply[k] -= tc.gain[k]
				}
				if can > 0 {
					s = skUpTo(t, s, 0, tc.removed > 0, tc.upTo, yes, s.c.quests[q].Name)
				}
				skTake(&want, 0, tc.take)
				if tc.removed > 0 {
					want.Held[0] -= yes
					want.Removed += yes
				} else {
					skReturn(&want, 0, yes)
				}
				skNextTurn(&want, 0)
				skCheck(t, tc.ref, want, s)
			})
		}
	}
}

// Enter the Tower of Seven Woes needs 7 adventurers of any kind, chosen
// by the player when completing it, before the reward.
func TestSkullportQuestEnterTheTowerOfSevenWoes(t *testing.T) { // ref enter_the_tower_of_seven_woes
	s := skGame(t)
	giveQuest(t, &s, 0, "enter-the-tower-of-seven-woes")
	setTavern(&s, 0, 2, 2, 1, 1, 10)
	s = questPlace(t, s, 0, "auroras-realms-shop")
	if s.Pending().Kind == CompleteQuestDecision {
		t.Fatalf("completable with 6 adventurers")
	}
	s = skGame(t)
	q := giveQuest(t, &s, 0, "enter-the-tower-of-seven-woes")
	setTavern(&s, 0, 2, 2, 2, 2, 0)
	want := skOf(s)
	s = questPlace(t, s, 0, "auroras-realms-shop")
	s = apply(t, s, CompleteQuest{0, QuestID(q)})
	d := buildingExpect(t, s, ChooseAdventurersDecision, 0)
	if d.Count != 7 {
		t.Errorf("pick %d adventurers, want 7", d.Count)
	}
	buildingIllegal(t, s, ChooseResources{0, Pick{Cleric: 2, Fighter: 2, Rogue: 2}})
	s = apply(t, s, ChooseResources{0, Pick{Cleric: 2, Fighter: 2, Rogue: 2, Wizard: 1}})
	p := &want.Facts.Players[0]
	p.Active, p.Completed = nil, []string{"enter-the-tower-of-seven-woes"}
	p.Score += 19
	p.Gold += 4
	p.Tavern = [4]int{3, 0, 0, 1}
	want.Facts.Supply = [4]int{want.Facts.Supply[0] + 2 - 3, want.Facts.Supply[1] + 2, want.Facts.Supply[2] + 2, want.Facts.Supply[3] + 1}
	skTake(&want, 0, 4)
	skNextTurn(&want, 0)
	skCheck(t, "enter_the_tower_of_seven_woes", want, s)
}

// Swindle the Builders' Guilds: two buildings for sale, free, one after the
// other.
func TestSkullportQuestSwindleTheBuildersGuilds(t *testing.T) { // ref swindle_the_builders_guilds
	s := skGame(t)
	setForSale(t, &s, 1, "the-thrown-gauntlet", "secret-shrine", "the-deepfires")
	want := skOf(s)
	s = skComplete(t, s, "swindle-the-builders-guilds")
	buildingExpect(t, s, ChooseBuildingDecision, 0)
	s = apply(t, s, ChooseBuilding{0, BuildingID(tile(t, &s, "secret-shrine"))})
	buildingExpect(t, s, ChooseBuildingDecision, 0)
	// The hall is refilled at once, and the tile dealt may be the second
	// (RULES.md 120).
	dealt := factsOf(s).ForSale[1]
	if dealt == "secret-shrine" || dealt == "the-thrown-gauntlet" || dealt == "the-deepfires" {
		t.Fatalf("for sale after the first tile: %v", factsOf(s).ForSale)
	}
	if err := s.Legal(ChooseBuilding{0, BuildingID(tile(t, &s, dealt))}); err != nil {
		t.Errorf("the tile dealt to the hall cannot be the second: %v", err)
	}
	s = apply(t, s, ChooseBuilding{0, BuildingID(tile(t, &s, "the-deepfires"))})
	p := &want.Facts.Players[0]
	p.Completed = []string{"swindle-the-builders-guilds"}
	p.Score += 13 + 2 // and the VP on the two tiles taken
	p.Gold = 4
	p.Buildings = []string{"secret-shrine", "the-deepfires"}
	want.Facts.ForSale = factsOf(s).ForSale
	if len(want.Facts.ForSale) != 3 || want.Facts.ForSale[0] != "the-thrown-gauntlet" {
		t.Errorf("for sale %v", want.Facts.ForSale)
	}
	skTake(&want, 0, 3)
	skNextTurn(&want, 0)
	skCheck(t, "swindle_the_builders_guilds", want, s)
}

// Swindle the Builders' Guilds with one free control marker left: one tile,
// and the second choice is not asked (RULES.md 120).
func TestSkullportQuestSwindleOneMarkerLeft(t *testing.T) { // ref swindle_the_builders_guilds
	s := skGame(t)
	for _, id := range []string{"caravan-court", "dragon-tower", "fetlock-court", "the-golden-horn",
		"helmstar-warehouse", "house-of-wonder", "jesters-court", "new-olamn"} {
		giveTile(t, &s, 0, id)
	}
	setForSale(t, &s, 0, "the-thrown-gauntlet", "secret-shrine", "the-deepfires")
	s = skComplete(t, s, "swindle-the-builders-guilds")
	buildingExpect(t, s, ChooseBuildingDecision, 0)
	s = apply(t, s, ChooseBuilding{0, BuildingID(tile(t, &s, "secret-shrine"))})
	if p, _ := s.ToAct(); p != 1 || s.Pending().Kind != PlaceAgentDecision {
		t.Errorf("%v to act, %v; want the next seat to place", p, s.Pending().Kind)
	}
	if got := len(factsOf(s).Players[0].Buildings); got != 9 {
		t.Errorf("p1 controls %d buildings, want 9", got)
	}
}

// Assassinate Rivals: every opponent returns an adventurer of their choice.
func TestSkullportQuestAssassinateRivals(t *testing.T) { // ref assassinate_rivals
	s := skGame(t)
	setTavern(&s, 1, 1, 0, 0, 1, 10)
	setTavern(&s, 2, 0, 1, 0, 0, 10)
	want := skOf(s)
	s = skComplete(t, s, "assassinate-rivals")
	buildingExpect(t, s, ChooseAdventurersDecision, 1)
	s = apply(t, s, ChooseResources{1, Pick{Wizard: 1}})
	// p3's one fighter goes without asking.
	p := &want.Facts.Players[0]
	p.Completed = []string{"assassinate-rivals"}
	p.Score += 16
	p.Gold = 4
	want.Facts.Players[1].Tavern[Wizard]--
	want.Facts.Players[2].Tavern[Fighter]--
	want.Facts.Supply[Wizard]++
	want.Facts.Supply[Fighter]++
	skTake(&want, 0, 2)
	skNextTurn(&want, 0)
	skCheck(t, "assassinate_rivals", want, s)
}

// The five plot quests that reward visiting a named space: "you may also
// take" the bonus and a corruption token.
func TestSkullportQuestVisitPlots(t *testing.T) {
	for _, tc := range []struct {
		ref, id, space string
		action, bonus  Bundle // what the space gives, and the plot
	}{
		{"recruit_academy_castoffs", "recruit-academy-castoffs", "blackstaff-tower", Bundle{Wizard: 1}, Bundle{Wizard: 1}},
		{"extort_aurora", "extort-aurora", "auroras-realms-shop", Bundle{Gold: 4}, Bundle{Gold: 4}},
		{"give_honor_to_mask", "give-honor-to-mask", "the-plinth", Bundle{Cleric: 1}, Bundle{Cleric: 1}},
		{"expand_guild_activities", "expand-guild-activities", "the-grinning-lion-tavern", Bundle{Rogue: 2}, Bundle{Rogue: 2}},
		{"fix_the_champions_games", "fix-the-champions-games", "field-of-triumph", Bundle{Fighter: 2}, Bundle{Fighter: 2}},
	} {
		for _, accept := range []bool{true, false} {
			t.Run(tc.ref, func(t *testing.T) {
				s := skGame(t)
				giveCompleted(t, &s, 0, tc.id)
				want := skOf(s)
				s = questPlace(t, s, 0, tc.space)
				d := buildingExpect(t, s, RespondDecision, 0)
				if d.Source != s.c.Quest(QuestID(quest(t, &s, tc.id))).Name {
					t.Errorf("the offer comes from %q", d.Source)
				}
				s = apply(t, s, Respond{0, accept})
				got := tc.action
				if accept {
					got = Bundle{Cleric: got.Cleric + tc.bonus.Cleric, Fighter: got.Fighter + tc.bonus.Fighter,
						Rogue: got.Rogue + tc.bonus.Rogue, Wizard: got.Wizard + tc.bonus.Wizard, Gold: got.Gold + tc.bonus.Gold}
					skTake(&want, 0, 1)
				}
				p := &want.Facts.Players[0]
				for k, n := range got.Cubes() {
					p.Tavern[k] += n
					want.Facts.Supply[k] -= n
				}
				p.Gold += got.Gold
				skNextTurn(&want, 0)
				skCheck(t, tc.ref, want, s)
			})
		}
	}
	// Another space offers nothing.
	s := skGame(t)
	giveCompleted(t, &s, 0, "recruit-academy-castoffs")
	s = questPlace(t, s, 0, "the-plinth")
	if p, _ := s.ToAct(); p != 1 {
		t.Errorf("a visit to The Plinth offered Recruit Academy Castoffs' bonus")
	}
}

// Uncover Forbidden Lore: at the Harbor, up to 2 more intrigue cards; the
// first extra one costs a corruption token.
func TestSkullportQuestUncoverForbiddenLore(t *testing.T) { // ref uncover_forbidden_lore
	s := skGame(t)
	giveCompleted(t, &s, 0, "uncover-forbidden-lore")
	skCorrupt(&s, 0, 3)
	cards := setHand(t, &s, 0, "repent", "repent", "repent")
	want := skOf(s)
	s = questPlace(t, s, 0, "waterdeep-harbor/1")
	s = apply(t, s, PlayIntrigue{0, IntrigueID(cards[0])})
	d := buildingExpect(t, s, PlayIntrigueDecision, 0)
	if !d.Optional {
		t.Errorf("the extra card is not optional")
	}
	s = apply(t, s, PlayIntrigue{0, IntrigueID(cards[1])})
	// The second extra card: the last in hand, but optional, so asked.
	buildingExpect(t, s, PlayIntrigueDecision, 0)
	s = apply(t, s, PlayIntrigue{0, IntrigueID(cards[2])})
	want.Facts.Players[0].Hand = nil
	skReturn(&want, 0, 1) // Repent
	skTake(&want, 0, 1)   // the first extra card
	skReturn(&want, 0, 2) // two more Repents
	skNextTurn(&want, 0)
	skCheck(t, "uncover_forbidden_lore", want, s)

	// Declining the extra card costs nothing.
	s = skGame(t)
	giveCompleted(t, &s, 0, "uncover-forbidden-lore")
	cards = setHand(t, &s, 0, "repent", "repent")
	s = questPlace(t, s, 0, "waterdeep-harbor/1")
	s = apply(t, s, PlayIntrigue{0, IntrigueID(cards[0])}, Decline{0})
	if s.Corruption(0) != 0 || len(s.Hand(0)) != 1 {
		t.Errorf("declined: %d corruption, hand %v", s.Corruption(0), s.Hand(0))
	}
}

// Defame Rival Business: after buying a building, a corruption token may
// move from the tavern onto an action space.
func TestSkullportQuestDefameRivalBusiness(t *testing.T) { // ref defame_rival_business
	s := skGame(t)
	giveCompleted(t, &s, 0, "defame-rival-business")
	skCorrupt(&s, 0, 1)
	setForSale(t, &s, 0, "the-thrown-gauntlet", "secret-shrine", "the-deepfires")
	want := skOf(s)
	s = questPlace(t, s, 0, "builders-hall")
	s = apply(t, s, ChooseBuilding{0, BuildingID(tile(t, &s, "the-deepfires"))})
	d := buildingExpect(t, s, ChooseSpaceDecision, 0)
	if !d.Optional {
		t.Errorf("the move is not optional")
	}
	plinth := space(t, &s, "the-plinth")
	s = apply(t, s, ChooseSpace{0, plinth})
	want.Facts.Players[0].Gold -= 6
	want.Facts.Players[0].Buildings = []string{"the-deepfires"}
	want.Facts.ForSale = factsOf(s).ForSale
	want.Held[0]--
	want.Placed = map[string]PlacedResources{"the-plinth": {Space: plinth, Corruption: 1}}
	skNextTurn(&want, 0)
	skCheck(t, "defame_rival_business", want, s)
}

// Protect Converts to Eilistraee: once on your turn, one more token back.
func TestSkullportQuestProtectConvertsToEilistraee(t *testing.T) { // ref protect_converts_to_eilistraee
	s := skGame(t)
	giveCompleted(t, &s, 0, "protect-converts-to-eilistraee")
	skCorrupt(&s, 0, 3)
	setHand(t, &s, 0, "repent")
	want := skOf(s)
	s = questPlace(t, s, 0, "waterdeep-harbor/1")
	buildingExpect(t, s, RespondDecision, 0)
	s = apply(t, s, Respond{0, true})
	want.Facts.Players[0].Hand = nil
	skReturn(&want, 0, 2)
	skNextTurn(&want, 0)
	skCheck(t, "protect_converts_to_eilistraee", want, s)
	if s.players[0].turnUsed&usedExtraReturn == 0 {
		t.Errorf("the once-per-turn effect is not marked used")
	}
}

// Protect Converts to Eilistraee after an "up to" return (RULES.md 101,
// 109): its extra token is offered once the player stops, if they returned
// at least one and hold another; keeping every token is no return, and
// leaves the plot unused for a later return in the turn.
func TestSkullportQuestProtectConvertsAfterUpTo(t *testing.T) { // ref protect_converts_to_eilistraee, pay_fines
	for _, yes := range []int{0, 1, 2} {
		s := skGame(t)
		giveCompleted(t, &s, 0, "protect-converts-to-eilistraee")
		skCorrupt(&s, 0, 4)
		q := giveQuest(t, &s, 0, "pay-fines")
		setTavern(&s, 0, 1, 0, 3, 0, 4)
		want := skOf(s)
		s = questPlace(t, s, 0, "auroras-realms-shop")
		s = apply(t, s, CompleteQuest{0, QuestID(q)})
		s = skUpTo(t, s, 0, false, 2, yes, "Pay Fines")
		if yes > 0 {
			d := buildingExpect(t, s, RespondDecision, 0)
			if d.Source != "Protect Converts to Eilistraee" || d.Purpose != "return 1 more corruption?" {
				t.Fatalf("after %d returned: %v", yes, d)
			}
			s = apply(t, s, Respond{0, true})
			skReturn(&want, 0, 1)
		}
		if used := s.players[0].turnUsed&usedExtraReturn != 0; used != (yes > 0) {
			t.Errorf("after %d returned: the plot used %v", yes, used)
		}
		p := &want.Facts.Players[0]
		p.Active, p.Completed = nil, []string{"pay-fines", "protect-converts-to-eilistraee"}
		p.Tavern = [4]int{}
		p.Score += 4
		want.Facts.Supply[Cleric]++
		want.Facts.Supply[Rogue] += 3
		skReturn(&want, 0, yes)
		skNextTurn(&want, 0)
		skCheck(t, fmt.Sprintf("pay_fines, %d returned", yes), want, s)
	}
}

// Shelter Zhentarim Agents: once on your turn, taking corruption draws an
// intrigue card.
func TestSkullportQuestShelterZhentarimAgents(t *testing.T) { // ref shelter_zhentarim_agents
	s := skGame(t)
	giveCompleted(t, &s, 0, "shelter-zhentarim-agents")
	stackIntrigue(t, &s, "scapegoat", "repent")
	want := skOf(s)
	s = questPlace(t, s, 0, "slavers-market")
	p := &want.Facts.Players[0]
	p.Tavern[Fighter], p.Tavern[Rogue] = 2, 2
	want.Facts.Supply[Fighter] -= 2
	want.Facts.Supply[Rogue] -= 2
	p.Hand = []string{"scapegoat"}
	skTake(&want, 0, 1)
	skNextTurn(&want, 0)
	skCheck(t, "shelter_zhentarim_agents", want, s)
	// The quest's own token draws a card (RULES.md 109).
	c := skGame(t)
	stackIntrigue(t, &c, "repent")
	c = skComplete(t, c, "shelter-zhentarim-agents")
	if h := c.Hand(0); len(h) != 1 || c.c.Intrigue(h[0]).ID != "repent" || c.Corruption(0) != 1 {
		t.Errorf("completing it: hand %v, %d corruption", h, c.Corruption(0))
	}
	// Not on an opponent's turn: p2's Expose Corruption gives p1 a token,
	// and p1 draws nothing.
	s = skGame(t)
	giveCompleted(t, &s, 0, "shelter-zhentarim-agents")
	skCorrupt(&s, 0, 1)
	s = questPlace(t, s, 0, "blackstaff-tower")
	s = playCardAs(t, s, 1, "expose-corruption")
	if s.Corruption(0) != 2 || len(s.Hand(0)) != 0 {
		t.Errorf("on p2's turn: p1 holds %d corruption and %d cards, want 2 and 0", s.Corruption(0), len(s.Hand(0)))
	}
}

// Train Castle Guards: whoever takes the first-player marker, the plot's
// holder and the taker each take a fighter.
func TestSkullportQuestTrainCastleGuards(t *testing.T) { // ref train_castle_guards
	s := skGame(t)
	giveCompleted(t, &s, 1, "train-castle-guards")
	stackIntrigue(t, &s, "repent")
	want := skOf(s)
	s = questPlace(t, s, 0, "castle-waterdeep")
	want.Facts.First = 0
	want.Facts.Players[0].Hand = []string{"repent"}
	want.Facts.Players[0].Tavern[Fighter]++
	want.Facts.Players[1].Tavern[Fighter]++
	want.Facts.Supply[Fighter] -= 2
	skNextTurn(&want, 0)
	skCheck(t, "train_castle_guards", want, s)
	// The holder taking the marker takes one fighter (RULES.md 103).
	s = questPlace(t, s, 1, "field-of-triumph")
	s = skGame(t)
	giveCompleted(t, &s, 0, "train-castle-guards")
	s = questPlace(t, s, 0, "castle-waterdeep")
	if got := s.Tavern(0)[Fighter]; got != 1 {
		t.Errorf("the holder took %d fighters, want 1", got)
	}
}

// Shelter Zhentarim Agents and the corruption lying on an action space: the
// agent assigned there takes the token into the tavern (RULES.md 28), which
// is taking corruption, as Monsters Made to Order's tokens are (RULES.md
// 119), so it draws a card.
func TestSkullportQuestShelterZhentarimAgentsPlacedCorruption(t *testing.T) { // ref shelter_zhentarim_agents
	s := skGame(t)
	giveCompleted(t, &s, 0, "shelter-zhentarim-agents")
	plinth := space(t, &s, "the-plinth")
	s.pileOn(1, uint8(plinth), &content.Step{Corruption: 1})
	s.endPiling()
	stackIntrigue(t, &s, "repent")
	want := skOf(s)
	s = questPlace(t, s, 0, "the-plinth")
	p := &want.Facts.Players[0]
	p.Tavern[Cleric]++
	want.Facts.Supply[Cleric]--
	p.Hand = []string{"repent"}
	want.Held[0]++
	want.Placed = map[string]PlacedResources{}
	skNextTurn(&want, 0)
	skCheck(t, "shelter_zhentarim_agents", want, s)
}

// Shelter Zhentarim Agents with an empty track: a token the player could
// not take costs 10 VP and is not taken, so nothing is drawn (RULES.md
// 119).
func TestSkullportQuestShelterZhentarimAgentsEmptyTrack(t *testing.T) { // ref shelter_zhentarim_agents
	s := skGame(t)
	giveCompleted(t, &s, 0, "shelter-zhentarim-agents")
	skCorrupt(&s, 1, 25) // p2 holds every token
	stackIntrigue(t, &s, "repent")
	want := skOf(s)
	s = questPlace(t, s, 0, "slavers-market")
	p := &want.Facts.Players[0]
	p.Tavern[Fighter], p.Tavern[Rogue] = 2, 2
	want.Facts.Supply[Fighter] -= 2
	want.Facts.Supply[Rogue] -= 2
	p.Score -= 10
	skNextTurn(&want, 0)
	skCheck(t, "shelter_zhentarim_agents", want, s)
}

// skQuestCard is what the reference prints on a Skullport quest card: its
// type, its requirement, its printed VP and whether it is a plot quest.
type skQuestCard struct {
	Type     QuestType
	Requires Bundle
	VP       int
	Plot     bool
	Copies   int
}

// skQuestCards are the 30 Skullport quests as the reference
// (../shared/reference/skullport/quests.yaml) gives them, written out here
// so that a wrong number in content/skullport/quests.yaml fails a test (the
// scenario tests take each quest's requirement from the content).
var skQuestCards = map[string]skQuestCard{
	"establish-cult-cell":             {Arcana, Bundle{Rogue: 2, Wizard: 2, Gold: 3}, 18, false, 1},
	"investigate-thayan-vessel":       {Arcana, Bundle{Cleric: 1, Fighter: 2, Rogue: 2, Wizard: 2, Gold: 2}, 13, false, 1},
	"recruit-academy-castoffs":        {Arcana, Bundle{Fighter: 1, Wizard: 1, Gold: 2}, 8, true, 1},
	"renew-guards-and-wards":          {Arcana, Bundle{Cleric: 1, Fighter: 1, Wizard: 2, Gold: 2}, 9, false, 1},
	"seal-an-entrance-to-skullport":   {Arcana, Bundle{Cleric: 1, Fighter: 2, Rogue: 2, Wizard: 2}, 10, false, 1},
	"uncover-forbidden-lore":          {Arcana, Bundle{Rogue: 2, Wizard: 3}, 17, true, 1},
	"defame-rival-business":           {Commerce, Bundle{Cleric: 1, Fighter: 2, Rogue: 2, Gold: 4}, 9, true, 1},
	"donate-to-the-city":              {Commerce, Bundle{Cleric: 2, Wizard: 1, Gold: 10}, 13, false, 1},
	"extort-aurora":                   {Commerce, Bundle{Rogue: 2, Gold: 4}, 8, true, 1},
	"fund-alchemical-research":        {Commerce, Bundle{Cleric: 1, Rogue: 1, Wizard: 2, Gold: 4}, 20, false, 1},
	"fund-pilgrimage-of-waukeen":      {Commerce, Bundle{Cleric: 1, Fighter: 1, Rogue: 2, Gold: 5}, 16, false, 1},
	"pay-fines":                       {Commerce, Bundle{Cleric: 1, Rogue: 3, Gold: 4}, 4, false, 1},
	"banish-evil-spirits":             {Piety, Bundle{Cleric: 2, Fighter: 2, Wizard: 1}, 5, false, 1},
	"enter-the-tower-of-seven-woes":   {Piety, Bundle{Any: 7}, 19, false, 1},
	"give-honor-to-mask":              {Piety, Bundle{Cleric: 1, Rogue: 1, Gold: 2}, 8, true, 1},
	"institute-reforms":               {Piety, Bundle{Cleric: 4, Fighter: 1, Rogue: 1, Gold: 2}, 13, false, 1},
	"protect-converts-to-eilistraee":  {Piety, Bundle{Cleric: 3, Fighter: 2, Wizard: 1}, 10, true, 1},
	"sanctify-temple-to-oghma":        {Piety, Bundle{Cleric: 2, Wizard: 1, Gold: 5}, 18, false, 1},
	"bury-the-bodies":                 {Skullduggery, Bundle{Fighter: 2, Rogue: 3, Gold: 2}, 20, false, 1},
	"expand-guild-activities":         {Skullduggery, Bundle{Fighter: 1, Rogue: 2, Gold: 2}, 8, true, 1},
	"rescue-a-victim-from-the-skulls": {Skullduggery, Bundle{Fighter: 2, Rogue: 4, Wizard: 1}, 9, false, 1},
	"save-kidnapped-nobles":           {Skullduggery, Bundle{Rogue: 6, Wizard: 2, Gold: 5}, 9, false, 1},
	"shelter-zhentarim-agents":        {Skullduggery, Bundle{Cleric: 1, Fighter: 3, Wizard: 2}, 16, true, 1},
	"swindle-the-builders-guilds":     {Skullduggery, Bundle{Cleric: 1, Fighter: 2, Rogue: 3, Gold: 5}, 13, false, 1}, // provisional VP (RULES.md 100)
	"assassinate-rivals":              {Warfare, Bundle{Fighter: 4, Rogue: 1}, 16, false, 1},
	"fix-the-champions-games":         {Warfare, Bundle{Fighter: 3, Gold: 2}, 8, true, 1},
	"improve-prison-security":         {Warfare, Bundle{Cleric: 1, Fighter: 4, Rogue: 2, Gold: 4}, 8, false, 1},
	"patrol-dock-ward":                {Warfare, Bundle{Cleric: 1, Fighter: 3, Rogue: 2, Gold: 2}, 9, false, 1},
	"train-castle-guards":             {Warfare, Bundle{Fighter: 2, Wizard: 1, Gold: 5}, 10, true, 1},
	"uncover-drow-plot":               {Warfare, Bundle{Cleric: 1, Fighter: 5, Rogue: 2, Gold: 5}, 18, false, 1},
}

// Every Skullport quest in the content is the reference's card.
func TestSkullportQuestCards(t *testing.T) {
	c := FullContent()
	got := map[string]skQuestCard{}
	for q := range c.NumQuests() {
		qu := c.Quest(QuestID(q))
		if qu.Module != Skullport {
			continue
		}
		card := got[qu.ID]
		card.Type, card.Requires, card.VP, card.Plot = qu.Type, qu.Requires, qu.PrintedVP(), qu.IsPlot()
		card.Copies++
		got[qu.ID] = card
	}
	if d := cmp.Diff(skQuestCards, got); d != "" {
		t.Errorf("Skullport quests (-reference +content):\n%s", d)
	}
}

// Completing each of the ten plot quests pays the reference's requirement
// and scores its printed VP; Shelter Zhentarim Agents also gives its
// corruption token, which draws a card (RULES.md 109).
func TestSkullportQuestPlotRewards(t *testing.T) {
	for id, card := range skQuestCards {
		if !card.Plot {
			continue
		}
		t.Run(id, func(t *testing.T) {
			s := skGame(t)
			stackIntrigue(t, &s, "repent")
			q := giveQuest(t, &s, 0, id)
			r := card.Requires
			setTavern(&s, 0, r.Cleric, r.Fighter, r.Rogue, r.Wizard, r.Gold)
			want := skOf(s)
			s = questPlace(t, s, 0, "auroras-realms-shop")
			s = apply(t, s, CompleteQuest{0, QuestID(q)})
			for k, n := range r.Cubes() {
				want.Facts.Supply[k] += n
			}
			p := &want.Facts.Players[0]
			p.Active, p.Completed = nil, []string{id}
			p.Tavern = [NumAdventurers]int{}
			p.Score += card.VP
			p.Gold = 4
			if id == "shelter-zhentarim-agents" {
				skTake(&want, 0, 1)
				p.Hand = []string{"repent"}
			}
			skNextTurn(&want, 0)
			skCheck(t, id, want, s)
		})
	}
}

// A visit plot's bonus is offered at a Harbor reassignment too (RULES.md
// 102): the reassigned agent is assigned to Blackstaff Tower.
func TestSkullportQuestVisitPlotOnReassignment(t *testing.T) { // ref recruit_academy_castoffs
	s := skGame(t)
	giveCompleted(t, &s, 0, "recruit-academy-castoffs")
	buildingPools(&s, 1, 0, 0)
	setHand(t, &s, 0, "repent")
	s = questPlace(t, s, 0, "waterdeep-harbor/1") // Repent, the one card, is played
	d := buildingExpect(t, s, PlaceAgentDecision, 0)
	if !d.Reassign {
		t.Fatalf("want the reassignment, got %+v", d)
	}
	want := skOf(s)
	s = questPlace(t, s, 0, "blackstaff-tower")
	d = buildingExpect(t, s, RespondDecision, 0)
	if d.Source != "Recruit Academy Castoffs" {
		t.Errorf("the offer comes from %q", d.Source)
	}
	s = apply(t, s, Respond{0, true})
	got := skOf(s)
	want.Facts.Players[0].Tavern[Wizard] += 2
	want.Facts.Supply[Wizard] -= 2
	want.Facts.Players[0].Pool = 3 // the round is over: every agent is back
	skTake(&want, 0, 1)
	if d := cmp.Diff(want.Facts.Players[0], got.Facts.Players[0]); d != "" {
		t.Errorf("p1 (-want +got):\n%s", d)
	}
	if d := cmp.Diff([]any{want.Facts.Supply, want.Track, want.Held}, []any{got.Facts.Supply, got.Track, got.Held}); d != "" {
		t.Errorf("supply, track, tokens (-want +got):\n%s", d)
	}
}

// Protect Converts to Eilistraee is once on the player's turn: a second
// return in the same turn (a quest's) offers nothing more, and a return
// on another player's turn neither.
func TestSkullportQuestProtectConvertsOncePerTurn(t *testing.T) { // ref protect_converts_to_eilistraee
	s := skGame(t)
	giveCompleted(t, &s, 0, "protect-converts-to-eilistraee")
	skCorrupt(&s, 0, 6)
	setHand(t, &s, 0, "repent")
	q := giveQuest(t, &s, 0, "pay-fines")
	setTavern(&s, 0, 1, 0, 3, 0, 8)
	s = questPlace(t, s, 0, "waterdeep-harbor/1")
	s = apply(t, s, Respond{0, true}) // Repent's 1 and the plot's 1
	s = apply(t, s, CompleteQuest{0, QuestID(q)})
	s = skUpTo(t, s, 0, false, 2, 2, "Pay Fines")
	// Pay Fines returns 2 and is not followed by another offer.
	if p, _ := s.ToAct(); p != 1 || s.Pending().Kind != PlaceAgentDecision {
		t.Fatalf("%v to act, %v; want the next seat to place", p, s.Pending().Kind)
	}
	if got := s.Corruption(0); got != 6-2-2 {
		t.Errorf("p1 holds %d tokens, want 2", got)
	}
	// On p2's turn, p1 accepts Bribe the Watch's deal (4 gold to return 1
	// token): the token goes back and nothing more is offered.
	s = playCardAs(t, s, 1, "bribe-the-watch")
	d := buildingExpect(t, s, RespondDecision, 0) // p3 holds no token: not asked
	if d.Source == "Protect Converts to Eilistraee" {
		t.Fatalf("the plot's offer on p2's turn")
	}
	s = apply(t, s, Respond{0, true})
	if p, _ := s.ToAct(); p != 2 || s.Pending().Kind != PlaceAgentDecision {
		t.Fatalf("%v to act, %v; want the third seat to place", p, s.Pending().Kind)
	}
	if got := s.Corruption(0); got != 1 {
		t.Errorf("p1 holds %d tokens, want 1", got)
	}
}

// Defame Rival Business's move may be declined, is not offered without a
// token, and a free building is not a purchase (RULES.md 107).
func TestSkullportQuestDefameRivalBusinessDeclined(t *testing.T) { // ref defame_rival_business
	buy := func(t *testing.T, tokens int) State {
		s := skGame(t)
		giveCompleted(t, &s, 0, "defame-rival-business")
		skCorrupt(&s, 0, tokens)
		setForSale(t, &s, 0, "the-thrown-gauntlet", "secret-shrine", "the-deepfires")
		s = questPlace(t, s, 0, "builders-hall")
		return apply(t, s, ChooseBuilding{0, BuildingID(tile(t, &s, "the-deepfires"))})
	}
	s := buy(t, 1)
	buildingExpect(t, s, ChooseSpaceDecision, 0)
	s = apply(t, s, Decline{0})
	if p, _ := s.ToAct(); p != 1 || s.Corruption(0) != 1 || len(s.Placed()) != 0 {
		t.Errorf("declined: %v to act, p1 holds %d tokens, placed %v", p, s.Corruption(0), s.Placed())
	}
	s = buy(t, 0)
	if p, _ := s.ToAct(); p != 1 || s.Pending().Kind != PlaceAgentDecision {
		t.Errorf("no token: %v to act, %v", p, s.Pending().Kind)
	}
	// Swindle the Builders' Guilds' free tiles: no move offered.
	s = skGame(t)
	giveCompleted(t, &s, 0, "defame-rival-business")
	setForSale(t, &s, 0, "the-thrown-gauntlet", "secret-shrine", "the-deepfires")
	s = skComplete(t, s, "swindle-the-builders-guilds") // 3 tokens taken
	s = apply(t, s, ChooseBuilding{0, BuildingID(tile(t, &s, "secret-shrine"))})
	s = apply(t, s, ChooseBuilding{0, BuildingID(tile(t, &s, "the-deepfires"))})
	if p, _ := s.ToAct(); p != 1 || s.Pending().Kind != PlaceAgentDecision || s.Corruption(0) != 3 {
		t.Errorf("free tiles: %v to act, %v, p1 holds %d tokens", p, s.Pending().Kind, s.Corruption(0))
	}
}
