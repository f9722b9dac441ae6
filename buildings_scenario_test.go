package waterdeep

// Scenario tests for every building: the 9 basic buildings (13 action
// spaces), the 24 advanced building tiles with their owner benefits, and the
// Appendix 4 clarifications about buildings (Heroes' Garden, The Palace of
// Waterdeep and the Ambassador, The Zoarstar).

import (
	"errors"
	"reflect"
	"sort"
	"testing"
)

// ---- helpers ----

// buildingGame starts an n-player game in which nobody holds a quest or an
// intrigue card, so that no turn stops for a quest offer by chance.
func buildingGame(t *testing.T, n int) State {
	t.Helper()
	s := newGame(t, n)
	emptyHoldings(t, &s)
	return s
}

// buildingPools sets how many agents each seat still has to assign this
// round (seat 0 first).
func buildingPools(s *State, pools ...int) {
	for p, n := range pools {
		s.players[p].pool = uint8(n)
	}
}

func buildingPlace(t *testing.T, s State, p PlayerID, name string) State {
	t.Helper()
	return apply(t, s, PlaceAgent{p, space(t, &s, name)})
}

func buildingID(t *testing.T, s *State, id string) BuildingID {
	t.Helper()
	return BuildingID(tile(t, s, id))
}

func buildingQuest(t *testing.T, s *State, id string) QuestID {
	t.Helper()
	return QuestID(quest(t, s, id))
}

// buildingStackTile puts tile id on top of the building stack.
func buildingStackTile(t *testing.T, s *State, id string) {
	t.Helper()
	b := tile(t, s, id)
	detachTile(s, b)
	s.tileStack[s.tileStackLen] = b
	s.tileStackLen++
}

// buildingMandatory plays mandatory quest card id on player p.
func buildingMandatory(t *testing.T, s *State, p int, id string) IntrigueID {
	t.Helper()
	cards := s.c.IntrigueCopies(id)
	if len(cards) == 0 {
		t.Fatalf("no intrigue card %q", id)
	}
	detachIntrigue(s, uint8(cards[0]))
	s.players[p].mandatory.add(uint8(cards[0]))
	return cards[0]
}

// buildingExpect fails unless the pending decision is of kind k for p.
func buildingExpect(t *testing.T, s State, k DecisionKind, p PlayerID) Decision {
	t.Helper()
	d := s.Pending()
	if d.Kind != k || d.Player != p {
		t.Fatalf("pending %v for p%d (%+v), want %v for p%d", d.Kind, d.Player, d, k, p)
	}
	return d
}

func buildingLegal(t *testing.T, s State, a Action) {
	t.Helper()
	if err := s.Legal(a); err != nil {
		t.Errorf("%v should be legal: %v", a, err)
	}
}

func buildingIllegal(t *testing.T, s State, a Action) {
	t.Helper()
	if err := s.Legal(a); err == nil {
		t.Errorf("%v should be illegal", a)
	}
}

// buildingLegalSet fails unless the legal actions are exactly want.
func buildingLegalSet(t *testing.T, s State, want ...Action) {
	t.Helper()
	got := s.LegalActions()
	key := func(as []Action) []string {
		var out []string
		for _, a := range as {
			out = append(out, a.String())
		}
		sort.Strings(out)
		return out
	}
	if g, w := key(got), key(want); !reflect.DeepEqual(g, w) {
		t.Errorf("legal actions %v, want %v", g, w)
	}
}

// buildingNextRound ends the current round at once: the player to act
// assigns one agent to the given space, and nobody else has an agent left.
func buildingNextRound(t *testing.T, s State, name string) State {
	t.Helper()
	p, _ := s.ToAct()
	for q := 0; q < s.Players(); q++ {
		s.players[q].pool = 0
	}
	s.players[p].pool = 1
	r := s.Round()
	s = buildingPlace(t, s, p, name)
	if s.Round() != r+1 {
		t.Fatalf("round %d after the last placement of round %d", s.Round(), r)
	}
	return s
}

func buildingHand(s State, p PlayerID) []string {
	var out []string
	for _, i := range s.Hand(p) {
		out = append(out, s.c.Intrigue(i).ID)
	}
	return out
}

// ---- Builder's Hall ----

func TestBuildingBuildersHallBuysTile(t *testing.T) {
	s := buildingGame(t, 3)
	setTavern(&s, 0, 0, 0, 0, 0, 10)
	setForSale(t, &s, 2, "dragon-tower", "the-golden-horn", "fetlock-court")
	buildingStackTile(t, &s, "northgate")
	want := factsOf(s)
	s = buildingPlace(t, s, 0, "builders-hall")
	buildingExpect(t, s, ChooseBuildingDecision, 0)
	buildingLegalSet(t, s,
		ChooseBuilding{0, buildingID(t, &s, "dragon-tower")},
		ChooseBuilding{0, buildingID(t, &s, "the-golden-horn")},
		ChooseBuilding{0, buildingID(t, &s, "fetlock-court")})
	s = apply(t, s, ChooseBuilding{0, buildingID(t, &s, "the-golden-horn")})
	want.Players[0].Gold -= 4
	want.Players[0].Score += 2 // the VP accumulated on the tile
	want.Players[0].Pool--
	want.Players[0].Buildings = []string{"the-golden-horn"}
	want.ForSale = []string{"dragon-tower", "northgate", "fetlock-court"} // refilled from the stack
	want.ToAct = 1
	if d := diff(want, factsOf(s)); d != "" {
		t.Errorf("after buying The Golden Horn (-want +got):\n%s", d)
	}
	if vp := forSaleVP(s); !reflect.DeepEqual(vp, []int{2, 0, 2}) {
		t.Errorf("VP on tiles for sale %v, want [2 0 2]", vp)
	}
	if n := s.Stock(buildingID(t, &s, "the-golden-horn")); n != 4 {
		t.Errorf("The Golden Horn holds %d gold when purchased, want 4", n)
	}
	buildingLegal(t, s, PlaceAgent{1, space(t, &s, "the-golden-horn")})
}

// With the building stack empty, the bought tile's slot stays empty.
func TestBuildingBuildersHallEmptyStack(t *testing.T) {
	s := buildingGame(t, 3)
	setTavern(&s, 0, 0, 0, 0, 0, 10)
	setForSale(t, &s, 1, "dragon-tower", "the-golden-horn", "fetlock-court")
	s.tileStackLen = 0
	s = buildingPlace(t, s, 0, "builders-hall")
	s = apply(t, s, ChooseBuilding{0, buildingID(t, &s, "dragon-tower")})
	if got := factsOf(s).ForSale; !reflect.DeepEqual(got, []string{"the-golden-horn", "fetlock-court"}) {
		t.Errorf("for sale %v, want [the-golden-horn fetlock-court]", got)
	}
	if got := factsOf(s).Players[0].Buildings; !reflect.DeepEqual(got, []string{"dragon-tower"}) {
		t.Errorf("p1 controls %v", got)
	}
}

func TestBuildingBuildersHallOnlyAffordableTiles(t *testing.T) {
	s := buildingGame(t, 3)
	setTavern(&s, 0, 0, 0, 0, 0, 4)
	setForSale(t, &s, 1, "dragon-tower", "the-golden-horn", "fetlock-court")
	s = buildingPlace(t, s, 0, "builders-hall")
	buildingExpect(t, s, ChooseBuildingDecision, 0)
	buildingIllegal(t, s, ChooseBuilding{0, buildingID(t, &s, "fetlock-court")})
	buildingLegalSet(t, s,
		ChooseBuilding{0, buildingID(t, &s, "dragon-tower")},
		ChooseBuilding{0, buildingID(t, &s, "the-golden-horn")})
}

func TestBuildingBuildersHallNeedsAnAffordableTile(t *testing.T) {
	s := buildingGame(t, 3)
	setTavern(&s, 0, 0, 0, 0, 0, 2)
	setForSale(t, &s, 1, "dragon-tower", "northgate", "helmstar-warehouse")
	buildingIllegal(t, s, PlaceAgent{0, space(t, &s, "builders-hall")})
	setTavern(&s, 0, 0, 0, 0, 0, 3)
	buildingLegal(t, s, PlaceAgent{0, space(t, &s, "builders-hall")})
}

func TestBuildingBuildersHallAtMostNineBuildings(t *testing.T) {
	s := buildingGame(t, 3)
	for _, id := range []string{"caravan-court", "dragon-tower", "fetlock-court", "the-golden-horn",
		"house-of-wonder", "jesters-court", "new-olamn", "house-of-heroes"} {
		giveTile(t, &s, 0, id)
	}
	setForSale(t, &s, 1, "northgate", "helmstar-warehouse", "house-of-good-spirits")
	setTavern(&s, 0, 0, 0, 0, 0, 20)
	buildingLegal(t, s, PlaceAgent{0, space(t, &s, "builders-hall")}) // 8 buildings
	giveTile(t, &s, 0, "the-skulkway")
	setForSale(t, &s, 1, "northgate", "helmstar-warehouse", "house-of-good-spirits")
	if n := s.Buildings(0); n != 9 {
		t.Fatalf("p1 controls %d buildings, want 9", n)
	}
	buildingIllegal(t, s, PlaceAgent{0, space(t, &s, "builders-hall")})
}

// Start of round: 1 VP on each tile for sale; tiles in play with a
// When Purchased/Start of Round stack get it again; tiles for sale stack
// nothing.
func TestBuildingBuildersHallVPEachRound(t *testing.T) {
	s := buildingGame(t, 3)
	// Round 1 starts like any other: 1 VP on each of the 3 tiles dealt.
	if vp := forSaleVP(s); !reflect.DeepEqual(vp, []int{1, 1, 1}) {
		t.Errorf("round 1: VP on tiles for sale %v, want [1 1 1]", vp)
	}
	setForSale(t, &s, 0, "dragon-tower", "jesters-court", "fetlock-court")
	giveTile(t, &s, 1, "caravan-court")
	caravan := buildingID(t, &s, "caravan-court")
	fighters := s.Supply()[Fighter]
	s = buildingNextRound(t, s, "the-plinth")
	if vp := forSaleVP(s); !reflect.DeepEqual(vp, []int{1, 1, 1}) {
		t.Errorf("round 2: VP on tiles for sale %v, want [1 1 1]", vp)
	}
	if n := s.Stock(caravan); n != 4 {
		t.Errorf("round 2: Caravan Court holds %d fighters, want 4", n)
	}
	if n := s.Supply()[Fighter]; n != fighters-2 {
		t.Errorf("round 2: %d fighters in the supply, want %d", n, fighters-2)
	}
	if n := s.Stock(buildingID(t, &s, "jesters-court")); n != 0 {
		t.Errorf("Jesters' Court for sale holds %d rogues, want 0", n)
	}
	s = buildingNextRound(t, s, "the-plinth")
	if vp := forSaleVP(s); !reflect.DeepEqual(vp, []int{2, 2, 2}) {
		t.Errorf("round 3: VP on tiles for sale %v, want [2 2 2]", vp)
	}
	if n := s.Stock(caravan); n != 6 {
		t.Errorf("round 3: Caravan Court holds %d fighters, want 6", n)
	}
}

// ---- Castle Waterdeep and the simple basic buildings ----

func TestBuildingCastleWaterdeep(t *testing.T) {
	s := buildingGame(t, 3)
	buildingPools(&s, 1, 1, 1)
	stackIntrigue(t, &s, "ambush")
	s = buildingPlace(t, s, 0, "field-of-triumph")
	want := factsOf(s)
	s = buildingPlace(t, s, 1, "castle-waterdeep")
	want.First = 1
	want.ToAct = 2 // the marker takes effect next round
	want.Players[1].Pool--
	want.Players[1].Hand = []string{"ambush"}
	if d := diff(want, factsOf(s)); d != "" {
		t.Errorf("after Castle Waterdeep (-want +got):\n%s", d)
	}
	s = buildingPlace(t, s, 2, "the-plinth")
	if s.Round() != 2 || s.FirstPlayer() != 1 {
		t.Fatalf("round %d, first player p%d; want round 2, p2", s.Round(), s.FirstPlayer()+1)
	}
	buildingExpect(t, s, PlaceAgentDecision, 1)
}

func TestBuildingBasicGains(t *testing.T) {
	cases := []struct {
		space  string
		tavern [4]int
		gold   int
	}{
		{"auroras-realms-shop", [4]int{}, 4},
		{"blackstaff-tower", [4]int{0, 0, 0, 1}, 0},
		{"field-of-triumph", [4]int{0, 2, 0, 0}, 0},
		{"the-grinning-lion-tavern", [4]int{0, 0, 2, 0}, 0},
		{"the-plinth", [4]int{1, 0, 0, 0}, 0},
	}
	for _, c := range cases {
		t.Run(c.space, func(t *testing.T) {
			s := buildingGame(t, 3)
			want := factsOf(s)
			s = buildingPlace(t, s, 0, c.space)
			for k, n := range c.tavern {
				want.Players[0].Tavern[k] += n
				want.Supply[k] -= n
			}
			want.Players[0].Gold += c.gold
			want.Players[0].Pool--
			want.ToAct = 1
			if d := diff(want, factsOf(s)); d != "" {
				t.Errorf("(-want +got):\n%s", d)
			}
		})
	}
}

// ---- Cliffwatch Inn ----

func TestBuildingCliffwatchQuestAndGold(t *testing.T) {
	s := buildingGame(t, 3)
	setCliffwatch(t, &s, "domesticate-owlbears", "raid-orc-stronghold", "train-bladesingers", "procure-stolen-goods")
	stackQuests(t, &s, "spy-on-the-house-of-light")
	want := factsOf(s)
	s = buildingPlace(t, s, 0, "cliffwatch-inn/1")
	buildingExpect(t, s, TakeQuestDecision, 0)
	s = apply(t, s, TakeQuest{0, buildingQuest(t, &s, "raid-orc-stronghold")})
	want.Players[0].Active = []string{"raid-orc-stronghold"}
	want.Players[0].Gold += 2
	want.Players[0].Pool--
	want.Cliffwatch = []string{"domesticate-owlbears", "spy-on-the-house-of-light", "train-bladesingers", "procure-stolen-goods"}
	want.ToAct = 1
	if d := diff(want, factsOf(s)); d != "" {
		t.Errorf("(-want +got):\n%s", d)
	}
}

func TestBuildingCliffwatchQuestAndIntrigue(t *testing.T) {
	s := buildingGame(t, 3)
	setCliffwatch(t, &s, "domesticate-owlbears", "raid-orc-stronghold", "train-bladesingers", "procure-stolen-goods")
	stackQuests(t, &s, "spy-on-the-house-of-light")
	stackIntrigue(t, &s, "crime-wave")
	want := factsOf(s)
	s = buildingPlace(t, s, 0, "cliffwatch-inn/2")
	s = apply(t, s, TakeQuest{0, buildingQuest(t, &s, "procure-stolen-goods")})
	want.Players[0].Active = []string{"procure-stolen-goods"}
	want.Players[0].Hand = []string{"crime-wave"}
	want.Players[0].Pool--
	want.Cliffwatch = []string{"domesticate-owlbears", "raid-orc-stronghold", "train-bladesingers", "spy-on-the-house-of-light"}
	want.ToAct = 1
	if d := diff(want, factsOf(s)); d != "" {
		t.Errorf("(-want +got):\n%s", d)
	}
}

func TestBuildingCliffwatchResetQuests(t *testing.T) {
	s := buildingGame(t, 3)
	old := []string{"domesticate-owlbears", "raid-orc-stronghold", "train-bladesingers", "procure-stolen-goods"}
	setCliffwatch(t, &s, old...)
	stackQuests(t, &s, "spy-on-the-house-of-light", "retrieve-ancient-artifacts", "eliminate-vampire-coven",
		"steal-from-house-adarbrent", "deliver-an-ultimatum")
	want := factsOf(s)
	s = buildingPlace(t, s, 0, "cliffwatch-inn/3")
	buildingExpect(t, s, TakeQuestDecision, 0)
	if got := factsOf(s).Cliffwatch; !reflect.DeepEqual(got, []string{"spy-on-the-house-of-light",
		"retrieve-ancient-artifacts", "eliminate-vampire-coven", "steal-from-house-adarbrent"}) {
		t.Errorf("after the reset Cliffwatch Inn shows %v", got)
	}
	buildingIllegal(t, s, TakeQuest{0, buildingQuest(t, &s, "raid-orc-stronghold")}) // discarded
	s = apply(t, s, TakeQuest{0, buildingQuest(t, &s, "eliminate-vampire-coven")})
	want.Players[0].Active = []string{"eliminate-vampire-coven"}
	want.Players[0].Pool--
	want.Cliffwatch = []string{"spy-on-the-house-of-light", "retrieve-ancient-artifacts", "deliver-an-ultimatum", "steal-from-house-adarbrent"}
	want.ToAct = 1
	if d := diff(want, factsOf(s)); d != "" {
		t.Errorf("(-want +got):\n%s", d)
	}
	for _, id := range old {
		if !s.questDiscard.has(quest(t, &s, id)) {
			t.Errorf("%s is not in the quest discard pile", id)
		}
	}
}

// Cliffwatch Inn has three spaces: a player may hold more than one of them.
func TestBuildingCliffwatchSeveralSpaces(t *testing.T) {
	s := buildingGame(t, 2)
	buildingPools(&s, 2, 1)
	s = buildingPlace(t, s, 0, "cliffwatch-inn/1")
	s = apply(t, s, s.LegalActions()[0])
	s = buildingPlace(t, s, 1, "the-plinth")
	buildingIllegal(t, s, PlaceAgent{0, space(t, &s, "cliffwatch-inn/1")})
	buildingLegal(t, s, PlaceAgent{0, space(t, &s, "cliffwatch-inn/2")})
	buildingLegal(t, s, PlaceAgent{0, space(t, &s, "cliffwatch-inn/3")})
}

// ---- Waterdeep Harbor ----

func TestBuildingHarborNeedsPlayableIntrigue(t *testing.T) {
	s := buildingGame(t, 3)
	h1 := PlaceAgent{0, space(t, &s, "waterdeep-harbor/1")}
	buildingIllegal(t, s, h1) // no intrigue card
	setHand(t, &s, 0, "free-drinks")
	buildingIllegal(t, s, h1) // Free Drinks! with no opponent holding an adventurer
	setHand(t, &s, 0, "assassination")
	buildingLegal(t, s, h1)
}

func TestBuildingHarborFillsInOrder(t *testing.T) {
	s := buildingGame(t, 3)
	setHand(t, &s, 0, "assassination")
	setHand(t, &s, 1, "lack-of-faith")
	buildingIllegal(t, s, PlaceAgent{0, space(t, &s, "waterdeep-harbor/2")})
	buildingIllegal(t, s, PlaceAgent{0, space(t, &s, "waterdeep-harbor/3")})
	want := factsOf(s)
	s = buildingPlace(t, s, 0, "waterdeep-harbor/1")
	// Assassination: neither opponent has a rogue, so 2 gold for each.
	want.Players[0].Hand = nil
	want.Players[0].Gold += 4
	want.Players[0].Pool--
	want.ToAct = 1
	if d := diff(want, factsOf(s)); d != "" {
		t.Errorf("after playing a card at the Harbor (-want +got):\n%s", d)
	}
	buildingIllegal(t, s, PlaceAgent{1, space(t, &s, "waterdeep-harbor/1")})
	buildingLegal(t, s, PlaceAgent{1, space(t, &s, "waterdeep-harbor/2")})
	buildingIllegal(t, s, PlaceAgent{1, space(t, &s, "waterdeep-harbor/3")})
}

func TestBuildingHarborReassignment(t *testing.T) {
	s := buildingGame(t, 3)
	buildingPools(&s, 1, 1, 1)
	setHand(t, &s, 0, "assassination")
	setHand(t, &s, 1, "lack-of-faith")
	raid := giveQuest(t, &s, 0, "raid-orc-stronghold") // 4 fighters, 2 rogues
	setTavern(&s, 0, 0, 4, 0, 0, 4)
	blade := giveQuest(t, &s, 1, "train-bladesingers") // 3 fighters, 1 wizard
	setTavern(&s, 1, 0, 3, 0, 0, 5)
	s = buildingPlace(t, s, 0, "waterdeep-harbor/1")
	s = buildingPlace(t, s, 1, "waterdeep-harbor/2")
	s = buildingPlace(t, s, 2, "field-of-triumph")

	// All agents are assigned: slot 1 is reassigned first.
	d := buildingExpect(t, s, PlaceAgentDecision, 0)
	if !d.Reassign {
		t.Errorf("p1's decision is not a reassignment: %+v", d)
	}
	for _, h := range []string{"waterdeep-harbor/1", "waterdeep-harbor/2", "waterdeep-harbor/3"} {
		buildingIllegal(t, s, PlaceAgent{0, space(t, &s, h)})
	}
	s = buildingPlace(t, s, 0, "the-grinning-lion-tavern")
	// The reassignment is a turn: p1 may complete a quest.
	buildingExpect(t, s, CompleteQuestDecision, 0)
	score := s.Score(0)
	s = apply(t, s, CompleteQuest{0, QuestID(raid)})
	if got := s.Score(0); got != score+8 {
		t.Errorf("p1 scored %d for Raid Orc Stronghold, want 8", got-score)
	}
	if occ, amb := s.Occupants(space(t, &s, "waterdeep-harbor/1")); len(occ) != 0 || amb {
		t.Errorf("Harbor space 1 still holds %v", occ)
	}
	if occ, _ := s.Occupants(space(t, &s, "the-grinning-lion-tavern")); !reflect.DeepEqual(occ, []PlayerID{0}) {
		t.Errorf("The Grinning Lion Tavern holds %v, want [0]", occ)
	}

	d = buildingExpect(t, s, PlaceAgentDecision, 1)
	if !d.Reassign {
		t.Errorf("p2's decision is not a reassignment: %+v", d)
	}
	s = buildingPlace(t, s, 1, "blackstaff-tower")
	buildingExpect(t, s, CompleteQuestDecision, 1)
	s = apply(t, s, CompleteQuest{1, QuestID(blade)})

	// The round ends after the reassignments.
	if s.Round() != 2 {
		t.Fatalf("round %d after the reassignments, want 2", s.Round())
	}
	d = buildingExpect(t, s, PlaceAgentDecision, 0)
	if d.Reassign {
		t.Errorf("round 2 starts with a reassignment")
	}
	for p := PlayerID(0); p < 3; p++ {
		if owned, pool := s.Agents(p); pool != owned {
			t.Errorf("p%d has %d of %d agents in the pool", p+1, pool, owned)
		}
	}
}

// ---- owner benefits ----

func TestBuildingNoOwnerBenefitForOwnAgent(t *testing.T) {
	t.Run("helmstar-warehouse", func(t *testing.T) {
		s := buildingGame(t, 3)
		giveTile(t, &s, 0, "helmstar-warehouse")
		want := factsOf(s)
		s = buildingPlace(t, s, 0, "helmstar-warehouse")
		want.Players[0].Tavern[Rogue] += 2 // not 3
		want.Supply[Rogue] -= 2
		want.Players[0].Gold += 2
		want.Players[0].Pool--
		want.ToAct = 1
		if d := diff(want, factsOf(s)); d != "" {
			t.Errorf("(-want +got):\n%s", d)
		}
	})
	t.Run("fetlock-court", func(t *testing.T) {
		s := buildingGame(t, 3)
		giveTile(t, &s, 0, "fetlock-court")
		want := factsOf(s)
		s = buildingPlace(t, s, 0, "fetlock-court") // no choice of owner benefit
		want.Players[0].Tavern[Fighter] += 2
		want.Players[0].Tavern[Wizard]++
		want.Supply[Fighter] -= 2
		want.Supply[Wizard]--
		want.Players[0].Pool--
		want.ToAct = 1
		if d := diff(want, factsOf(s)); d != "" {
			t.Errorf("(-want +got):\n%s", d)
		}
	})
}

// Tiles whose owner chooses one of two adventurers.
func TestBuildingChooseOneOwnerBenefit(t *testing.T) {
	cases := []struct {
		tile    string
		action  [4]int
		gold    int
		options []Pick
	}{
		{"fetlock-court", [4]int{0, 2, 0, 1}, 0, []Pick{{Fighter: 1}, {Wizard: 1}}},
		{"new-olamn", [4]int{0, 0, 2, 1}, 0, []Pick{{Rogue: 1}, {Wizard: 1}}},
		{"house-of-heroes", [4]int{1, 2, 0, 0}, 0, []Pick{{Cleric: 1}, {Fighter: 1}}},
		{"the-skulkway", [4]int{0, 1, 1, 0}, 2, []Pick{{Fighter: 1}, {Rogue: 1}}},
		{"the-tower-of-luck", [4]int{1, 0, 2, 0}, 0, []Pick{{Cleric: 1}, {Rogue: 1}}},
	}
	for _, c := range cases {
		for _, choice := range c.options {
			t.Run(c.tile+"/"+choice.String(), func(t *testing.T) {
				s := buildingGame(t, 3)
				giveTile(t, &s, 1, c.tile)
				want := factsOf(s)
				s = buildingPlace(t, s, 0, c.tile)
				buildingExpect(t, s, ChooseOptionDecision, 1)
				buildingLegalSet(t, s, ChooseResources{1, c.options[0]}, ChooseResources{1, c.options[1]})
				s = apply(t, s, ChooseResources{1, choice})
				for k, n := range c.action {
					want.Players[0].Tavern[k] += n
					want.Supply[k] -= n
				}
				for k, n := range choice.Cubes() {
					want.Players[1].Tavern[k] += int(n)
					want.Supply[k] -= int(n)
				}
				want.Players[0].Gold += c.gold
				want.Players[0].Pool--
				want.ToAct = 1
				if d := diff(want, factsOf(s)); d != "" {
					t.Errorf("(-want +got):\n%s", d)
				}
			})
		}
	}
}

// The Yawning Portal: the visitor takes 2 adventurers of any kind, the owner
// 1 of any kind.
func TestBuildingYawningPortal(t *testing.T) {
	s := buildingGame(t, 3)
	giveTile(t, &s, 1, "the-yawning-portal")
	want := factsOf(s)
	s = buildingPlace(t, s, 0, "the-yawning-portal")
	d := buildingExpect(t, s, ChooseAdventurersDecision, 1)
	if d.Count != 1 || d.Kinds != AdventurerSet(15) {
		t.Errorf("owner's choice: count %d kinds %b, want 1 of any", d.Count, d.Kinds)
	}
	buildingIllegal(t, s, ChooseResources{1, Pick{Wizard: 2}})
	s = apply(t, s, ChooseResources{1, Pick{Wizard: 1}})
	d = buildingExpect(t, s, ChooseAdventurersDecision, 0)
	if d.Count != 2 || d.Kinds != AdventurerSet(15) {
		t.Errorf("visitor's choice: count %d kinds %b, want 2 of any", d.Count, d.Kinds)
	}
	s = apply(t, s, ChooseResources{0, Pick{Cleric: 1, Rogue: 1}})
	want.Players[1].Tavern[Wizard]++
	want.Supply[Wizard]--
	want.Players[0].Tavern[Cleric]++
	want.Players[0].Tavern[Rogue]++
	want.Supply[Cleric]--
	want.Supply[Rogue]--
	want.Players[0].Pool--
	want.ToAct = 1
	if d := diff(want, factsOf(s)); d != "" {
		t.Errorf("(-want +got):\n%s", d)
	}
}

// ---- accumulating tiles ----

// The goods stacked on a tile saturate at 255, their byte's bound: play
// stacks at most 8 x content.MaxAccumulate = 200, but a snapshot may hold
// up to 255 (validate accepts it), and The Golden Horn's 4 gold more at the
// start of a round then stop at 255. Issue 39: a mutant that saturated at
// 254 survived every test.
func TestBuildingStockSaturates(t *testing.T) {
	s := buildingGame(t, 3)
	giveTile(t, &s, 1, "the-golden-horn")
	b := buildingID(t, &s, "the-golden-horn")
	s.tileStock[b] = 254
	if err := s.validate(); err != nil {
		t.Fatalf("a stock of 254: %v", err)
	}
	s = buildingNextRound(t, s, "the-plinth")
	if n := s.Stock(b); n != 255 {
		t.Errorf("at the start of round 2: stock %d, want 255", n)
	}
}

// Caravan Court, The Golden Horn, Jesters' Court, Spires of the Morning,
// Tower of the Order and The Waymoot stack their goods when bought and at
// the start of each round; a visitor takes everything stacked.
func TestBuildingAccumulatingTiles(t *testing.T) {
	const vpKind, goldKind = 5, 4
	cases := []struct {
		tile   string
		kind   int // an Adventurer, goldKind or vpKind
		amount int
		owner  func(f *playerFacts)
	}{
		{"caravan-court", int(Fighter), 2, func(f *playerFacts) { f.Tavern[Fighter]++ }},
		{"the-golden-horn", goldKind, 4, func(f *playerFacts) { f.Gold += 2 }},
		{"jesters-court", int(Rogue), 2, func(f *playerFacts) { f.Tavern[Rogue]++ }},
		{"spires-of-the-morning", int(Cleric), 1, func(f *playerFacts) { f.Score += 2 }},
		{"tower-of-the-order", int(Wizard), 1, func(f *playerFacts) { f.Hand = []string{"ambush"} }},
		{"the-waymoot", vpKind, 3, func(f *playerFacts) { f.Score += 2 }},
	}
	for _, c := range cases {
		t.Run(c.tile, func(t *testing.T) {
			s := buildingGame(t, 3)
			giveTile(t, &s, 1, c.tile)
			b := buildingID(t, &s, c.tile)
			if n := s.Stock(b); n != c.amount {
				t.Errorf("when bought: stock %d, want %d", n, c.amount)
			}
			s = buildingNextRound(t, s, "the-plinth")
			if n := s.Stock(b); n != 2*c.amount {
				t.Errorf("at the start of round 2: stock %d, want %d", n, 2*c.amount)
			}
			stackIntrigue(t, &s, "ambush")
			setCliffwatch(t, &s, "domesticate-owlbears", "raid-orc-stronghold", "train-bladesingers", "procure-stolen-goods")
			stackQuests(t, &s, "spy-on-the-house-of-light")
			want := factsOf(s)
			s = buildingPlace(t, s, 0, c.tile)
			if c.tile == "the-waymoot" {
				buildingExpect(t, s, TakeQuestDecision, 0)
				s = apply(t, s, TakeQuest{0, buildingQuest(t, &s, "raid-orc-stronghold")})
				want.Players[0].Active = []string{"raid-orc-stronghold"}
				want.Cliffwatch = []string{"domesticate-owlbears", "spy-on-the-house-of-light", "train-bladesingers", "procure-stolen-goods"}
			}
			switch c.kind {
			case vpKind:
				want.Players[0].Score += 2 * c.amount
			case goldKind:
				want.Players[0].Gold += 2 * c.amount
			default:
				want.Players[0].Tavern[c.kind] += 2 * c.amount // from the tile, not the supply
			}
			c.owner(&want.Players[1])
			if c.tile == "caravan-court" {
				want.Supply[Fighter]--
			}
			if c.tile == "jesters-court" {
				want.Supply[Rogue]--
			}
			want.Players[0].Pool--
			want.ToAct = 1
			if d := diff(want, factsOf(s)); d != "" {
				t.Errorf("(-want +got):\n%s", d)
			}
			if n := s.Stock(b); n != 0 {
				t.Errorf("stock %d left after the visit, want 0", n)
			}
		})
	}
}

// ---- the other tiles ----

func TestBuildingDragonTower(t *testing.T) {
	s := buildingGame(t, 3)
	giveTile(t, &s, 1, "dragon-tower")
	stackIntrigue(t, &s, "ambush", "crime-wave")
	want := factsOf(s)
	s = buildingPlace(t, s, 0, "dragon-tower")
	want.Players[0].Tavern[Wizard]++
	want.Supply[Wizard]--
	want.Players[0].Pool--
	want.ToAct = 1
	// Each draws one of the two cards on top of the deck.
	h0, h1 := buildingHand(s, 0), buildingHand(s, 1)
	if len(h0) != 1 || len(h1) != 1 {
		t.Fatalf("hands %v and %v, want one card each", h0, h1)
	}
	drawn := []string{h0[0], h1[0]}
	sort.Strings(drawn)
	if !reflect.DeepEqual(drawn, []string{"ambush", "crime-wave"}) {
		t.Errorf("drew %v, want the top two cards", drawn)
	}
	want.Players[0].Hand, want.Players[1].Hand = h0, h1
	if d := diff(want, factsOf(s)); d != "" {
		t.Errorf("(-want +got):\n%s", d)
	}
}

func TestBuildingHelmstarWarehouse(t *testing.T) {
	s := buildingGame(t, 3)
	giveTile(t, &s, 1, "helmstar-warehouse")
	want := factsOf(s)
	s = buildingPlace(t, s, 0, "helmstar-warehouse")
	want.Players[0].Tavern[Rogue] += 2
	want.Players[0].Gold += 2
	want.Players[1].Tavern[Rogue]++
	want.Supply[Rogue] -= 3
	want.Players[0].Pool--
	want.ToAct = 1
	if d := diff(want, factsOf(s)); d != "" {
		t.Errorf("(-want +got):\n%s", d)
	}
}

func TestBuildingHouseOfWonder(t *testing.T) {
	s := buildingGame(t, 3)
	giveTile(t, &s, 1, "house-of-wonder")
	setTavern(&s, 0, 0, 0, 0, 0, 5)
	want := factsOf(s)
	s = buildingPlace(t, s, 0, "house-of-wonder")
	d := buildingExpect(t, s, ChooseAdventurersDecision, 0)
	if d.Count != 2 || d.Kinds != AdventurerSet(1<<Cleric|1<<Wizard) {
		t.Errorf("count %d kinds %b, want 2 clerics or wizards", d.Count, d.Kinds)
	}
	buildingIllegal(t, s, ChooseResources{0, Pick{Fighter: 1, Wizard: 1}})
	buildingIllegal(t, s, ChooseResources{0, Pick{Wizard: 1}})
	s = apply(t, s, ChooseResources{0, Pick{Cleric: 1, Wizard: 1}})
	want.Players[0].Gold -= 2
	want.Players[0].Tavern[Cleric]++
	want.Players[0].Tavern[Wizard]++
	want.Supply[Cleric]--
	want.Supply[Wizard]--
	want.Players[1].Gold += 2
	want.Players[0].Pool--
	want.ToAct = 1
	if d := diff(want, factsOf(s)); d != "" {
		t.Errorf("(-want +got):\n%s", d)
	}
}

func TestBuildingHouseOfWonderNeedsTwoGold(t *testing.T) {
	s := buildingGame(t, 3)
	giveTile(t, &s, 1, "house-of-wonder")
	setTavern(&s, 0, 0, 0, 0, 0, 1)
	buildingIllegal(t, s, PlaceAgent{0, space(t, &s, "house-of-wonder")})
	setTavern(&s, 0, 0, 0, 0, 0, 2)
	buildingLegal(t, s, PlaceAgent{0, space(t, &s, "house-of-wonder")})
}

func TestBuildingSmugglersDock(t *testing.T) {
	s := buildingGame(t, 3)
	giveTile(t, &s, 1, "smugglers-dock")
	setTavern(&s, 0, 0, 0, 0, 0, 2)
	want := factsOf(s)
	s = buildingPlace(t, s, 0, "smugglers-dock")
	d := buildingExpect(t, s, ChooseAdventurersDecision, 0)
	if d.Count != 4 || d.Kinds != AdventurerSet(1<<Fighter|1<<Rogue) {
		t.Errorf("count %d kinds %b, want 4 fighters or rogues", d.Count, d.Kinds)
	}
	buildingIllegal(t, s, ChooseResources{0, Pick{Cleric: 1, Rogue: 3}})
	s = apply(t, s, ChooseResources{0, Pick{Fighter: 1, Rogue: 3}})
	want.Players[0].Gold -= 2
	want.Players[0].Tavern[Fighter]++
	want.Players[0].Tavern[Rogue] += 3
	want.Supply[Fighter]--
	want.Supply[Rogue] -= 3
	want.Players[1].Gold += 2
	want.Players[0].Pool--
	want.ToAct = 1
	if d := diff(want, factsOf(s)); d != "" {
		t.Errorf("(-want +got):\n%s", d)
	}
}

func TestBuildingSmugglersDockNeedsTwoGold(t *testing.T) {
	s := buildingGame(t, 3)
	giveTile(t, &s, 1, "smugglers-dock")
	setTavern(&s, 0, 0, 0, 0, 0, 1)
	buildingIllegal(t, s, PlaceAgent{0, space(t, &s, "smugglers-dock")})
	setTavern(&s, 0, 0, 0, 0, 0, 2)
	buildingLegal(t, s, PlaceAgent{0, space(t, &s, "smugglers-dock")})
}

func TestBuildingNorthgate(t *testing.T) {
	s := buildingGame(t, 3)
	giveTile(t, &s, 1, "northgate")
	want := factsOf(s)
	s = buildingPlace(t, s, 0, "northgate")
	d := buildingExpect(t, s, ChooseAdventurersDecision, 0)
	if d.Count != 1 || d.Kinds != AdventurerSet(15) {
		t.Errorf("count %d kinds %b, want 1 of any", d.Count, d.Kinds)
	}
	s = apply(t, s, ChooseResources{0, Pick{Wizard: 1}})
	want.Players[0].Gold += 2
	want.Players[0].Tavern[Wizard]++
	want.Supply[Wizard]--
	want.Players[1].Score += 2
	want.Players[0].Pool--
	want.ToAct = 1
	if d := diff(want, factsOf(s)); d != "" {
		t.Errorf("(-want +got):\n%s", d)
	}
}

func TestBuildingHouseOfGoodSpirits(t *testing.T) {
	s := buildingGame(t, 3)
	giveTile(t, &s, 1, "house-of-good-spirits")
	want := factsOf(s)
	s = buildingPlace(t, s, 0, "house-of-good-spirits")
	d := buildingExpect(t, s, ChooseAdventurersDecision, 0)
	if d.Count != 1 || d.Kinds != AdventurerSet(15) {
		t.Errorf("count %d kinds %b, want 1 of any", d.Count, d.Kinds)
	}
	s = apply(t, s, ChooseResources{0, Pick{Cleric: 1}})
	want.Players[0].Tavern[Fighter]++
	want.Players[0].Tavern[Cleric]++
	want.Players[1].Tavern[Fighter]++
	want.Supply[Fighter] -= 2
	want.Supply[Cleric]--
	want.Players[0].Pool--
	want.ToAct = 1
	if d := diff(want, factsOf(s)); d != "" {
		t.Errorf("(-want +got):\n%s", d)
	}
}

func TestBuildingHouseOfTheMoon(t *testing.T) {
	s := buildingGame(t, 3)
	giveTile(t, &s, 1, "house-of-the-moon")
	setCliffwatch(t, &s, "domesticate-owlbears", "raid-orc-stronghold", "train-bladesingers", "procure-stolen-goods")
	stackQuests(t, &s, "spy-on-the-house-of-light")
	want := factsOf(s)
	s = buildingPlace(t, s, 0, "house-of-the-moon")
	buildingExpect(t, s, TakeQuestDecision, 0)
	s = apply(t, s, TakeQuest{0, buildingQuest(t, &s, "domesticate-owlbears")})
	want.Players[0].Tavern[Cleric]++
	want.Supply[Cleric]--
	want.Players[0].Active = []string{"domesticate-owlbears"}
	want.Cliffwatch = []string{"spy-on-the-house-of-light", "raid-orc-stronghold", "train-bladesingers", "procure-stolen-goods"}
	want.Players[1].Gold += 2
	want.Players[0].Pool--
	want.ToAct = 1
	if d := diff(want, factsOf(s)); d != "" {
		t.Errorf("(-want +got):\n%s", d)
	}
}

func TestBuildingThreePearls(t *testing.T) {
	s := buildingGame(t, 3)
	giveTile(t, &s, 1, "the-three-pearls")
	setTavern(&s, 0, 2, 1, 0, 0, 4)
	want := factsOf(s)
	s = buildingPlace(t, s, 0, "the-three-pearls")
	d := buildingExpect(t, s, ChooseAdventurersDecision, 0)
	if d.Count != 2 {
		t.Errorf("return count %d, want 2", d.Count)
	}
	buildingIllegal(t, s, ChooseResources{0, Pick{Rogue: 2}}) // not in the tavern
	s = apply(t, s, ChooseResources{0, Pick{Cleric: 1, Fighter: 1}})
	d = buildingExpect(t, s, ChooseAdventurersDecision, 0)
	if d.Count != 3 || d.Kinds != AdventurerSet(15) {
		t.Errorf("take: count %d kinds %b, want 3 of any", d.Count, d.Kinds)
	}
	s = apply(t, s, ChooseResources{0, Pick{Wizard: 3}})
	want.Players[0].Tavern = [4]int{1, 0, 0, 3}
	want.Supply[Cleric]++
	want.Supply[Fighter]++
	want.Supply[Wizard] -= 3
	want.Players[1].Gold += 2
	want.Players[0].Pool--
	want.ToAct = 1
	if d := diff(want, factsOf(s)); d != "" {
		t.Errorf("(-want +got):\n%s", d)
	}
}

func TestBuildingThreePearlsNeedsTwoAdventurers(t *testing.T) {
	s := buildingGame(t, 3)
	giveTile(t, &s, 1, "the-three-pearls")
	setTavern(&s, 0, 0, 1, 0, 0, 4)
	buildingIllegal(t, s, PlaceAgent{0, space(t, &s, "the-three-pearls")})
	setTavern(&s, 0, 0, 1, 1, 0, 4)
	buildingLegal(t, s, PlaceAgent{0, space(t, &s, "the-three-pearls")})
}

// The Stone House: 1 gold per building tile in play, whoever controls it;
// tiles for sale and the basic buildings do not count.
func TestBuildingStoneHouse(t *testing.T) {
	s := buildingGame(t, 3)
	giveTile(t, &s, 1, "the-stone-house")
	giveTile(t, &s, 0, "dragon-tower")
	giveTile(t, &s, 0, "helmstar-warehouse")
	giveTile(t, &s, 2, "northgate")
	setForSale(t, &s, 1, "fetlock-court", "new-olamn", "house-of-heroes")
	want := factsOf(s)
	s = buildingPlace(t, s, 0, "the-stone-house")
	want.Players[0].Gold += 4
	want.Players[1].Gold += 2
	want.Players[0].Pool--
	want.ToAct = 1
	if d := diff(want, factsOf(s)); d != "" {
		t.Errorf("(-want +got):\n%s", d)
	}
}

// ---- Heroes' Garden ----

func buildingGardenGame(t *testing.T) State {
	t.Helper()
	s := buildingGame(t, 3)
	giveTile(t, &s, 1, "heroes-garden")
	setCliffwatch(t, &s, "raid-orc-stronghold", "domesticate-owlbears", "procure-stolen-goods", "spy-on-the-house-of-light")
	stackQuests(t, &s, "deliver-an-ultimatum")
	setTavern(&s, 0, 0, 4, 2, 0, 4) // enough for Raid Orc Stronghold
	return s
}

func TestBuildingHeroesGardenCompleteAtOnce(t *testing.T) {
	s := buildingGardenGame(t)
	raid := buildingQuest(t, &s, "raid-orc-stronghold")
	want := factsOf(s)
	s = buildingPlace(t, s, 0, "heroes-garden")
	buildingExpect(t, s, TakeQuestDecision, 0)
	s = apply(t, s, TakeQuest{0, raid})
	buildingExpect(t, s, CompleteQuestDecision, 0)
	buildingLegalSet(t, s, CompleteQuest{0, raid}, Decline{0})
	s = apply(t, s, CompleteQuest{0, raid})
	want.Players[0].Tavern[Fighter] -= 4
	want.Players[0].Tavern[Rogue] -= 2
	want.Supply[Fighter] += 4
	want.Supply[Rogue] += 2
	want.Players[0].Gold += 4
	want.Players[0].Score += 8 + 4
	want.Players[0].Completed = []string{"raid-orc-stronghold"}
	want.Players[1].Score += 2
	want.Players[0].Pool--
	want.Cliffwatch = []string{"deliver-an-ultimatum", "domesticate-owlbears", "procure-stolen-goods", "spy-on-the-house-of-light"}
	want.ToAct = 1
	if d := diff(want, factsOf(s)); d != "" {
		t.Errorf("(-want +got):\n%s", d)
	}
}

// The quest completed at Heroes' Garden is the turn's one quest. It is the
// quest just taken, not another active quest the player could complete:
// Legal, Apply and Play refuse that one with NoSuchQuest. Issue 39: a
// mutant whose quick path of Play took any affordable active quest there
// survived every test.
func TestBuildingHeroesGardenIsTheTurnsQuest(t *testing.T) {
	s := buildingGardenGame(t)
	blade := QuestID(giveQuest(t, &s, 0, "train-bladesingers"))
	setTavern(&s, 0, 0, 7, 2, 1, 4) // enough for both quests
	raid := buildingQuest(t, &s, "raid-orc-stronghold")
	s = buildingPlace(t, s, 0, "heroes-garden")
	s = apply(t, s, TakeQuest{0, raid})
	if err := s.Legal(CompleteQuest{0, blade}); !errors.Is(err, NoSuchQuest) {
		t.Errorf("Legal(another active quest) = %v, want NoSuchQuest", err)
	}
	if got, err := s.Apply(CompleteQuest{0, blade}); !errors.Is(err, NoSuchQuest) || got != s {
		t.Errorf("Apply(another active quest) = %v, want NoSuchQuest and the state unchanged", err)
	}
	if got, err := s.Play(EncodeMove(CompleteQuest{0, blade})); !errors.Is(err, NoSuchQuest) || got != s {
		t.Errorf("Play(another active quest) = %v, want NoSuchQuest and the state unchanged", err)
	}
	s = apply(t, s, CompleteQuest{0, raid})
	buildingExpect(t, s, PlaceAgentDecision, 1)
	if got := factsOf(s).Players[0].Active; !reflect.DeepEqual(got, []string{"train-bladesingers"}) {
		t.Errorf("p1's active quests %v", got)
	}
}

// "You do not score the bonus VP if you complete the Quest later on."
func TestBuildingHeroesGardenNoBonusLater(t *testing.T) {
	s := buildingGardenGame(t)
	buildingPools(&s, 2, 1, 1)
	raid := buildingQuest(t, &s, "raid-orc-stronghold")
	s = buildingPlace(t, s, 0, "heroes-garden")
	s = apply(t, s, TakeQuest{0, raid}, Decline{0})
	for s.Pending().Kind == CompleteQuestDecision && s.Pending().Player == 0 {
		s = apply(t, s, Decline{0})
	}
	s = buildingPlace(t, s, 1, "the-plinth")
	s = buildingPlace(t, s, 2, "blackstaff-tower")
	score := s.Score(0)
	s = buildingPlace(t, s, 0, "auroras-realms-shop")
	buildingExpect(t, s, CompleteQuestDecision, 0)
	s = apply(t, s, CompleteQuest{0, raid})
	if got := s.Score(0) - score; got != 8 {
		t.Errorf("completing the quest on a later turn scored %d VP, want 8", got)
	}
}

// Appendix 4: no completing the Heroes' Garden quest while an uncompleted
// mandatory quest is held.
func TestBuildingHeroesGardenMandatoryQuestFirst(t *testing.T) {
	s := buildingGardenGame(t)
	card := buildingMandatory(t, &s, 0, "fend-off-bandits") // 2 fighters, 1 wizard
	setTavern(&s, 0, 0, 4, 2, 1, 4)                         // enough for both
	raid := buildingQuest(t, &s, "raid-orc-stronghold")
	s = buildingPlace(t, s, 0, "heroes-garden")
	s = apply(t, s, TakeQuest{0, raid})
	// The only quest p1 may complete is the mandatory one.
	buildingExpect(t, s, CompleteQuestDecision, 0)
	buildingIllegal(t, s, CompleteQuest{0, raid})
	buildingLegalSet(t, s, CompleteMandatory{0, card}, Decline{0})
	score := s.Score(0)
	s = apply(t, s, CompleteMandatory{0, card})
	if got := s.Score(0) - score; got != 2 {
		t.Errorf("the mandatory quest scored %d, want 2 (no Heroes' Garden bonus)", got)
	}
	if got := factsOf(s).Players[0].Active; !reflect.DeepEqual(got, []string{"raid-orc-stronghold"}) {
		t.Errorf("p1's active quests %v, want the quest taken", got)
	}
	buildingExpect(t, s, PlaceAgentDecision, 1)
}

// ---- The Zoarstar ----

func TestBuildingZoarstarCopiesOpponentSpace(t *testing.T) {
	s := buildingGame(t, 3)
	giveTile(t, &s, 0, "the-zoarstar")
	giveTile(t, &s, 0, "helmstar-warehouse")
	buildingPools(&s, 2, 2, 2)
	s = buildingPlace(t, s, 0, "field-of-triumph")
	s = buildingPlace(t, s, 1, "helmstar-warehouse") // p1 gains the owner benefit
	want := factsOf(s)
	s = buildingPlace(t, s, 2, "the-zoarstar")
	buildingExpect(t, s, ChooseSpaceDecision, 2)
	buildingLegalSet(t, s, ChooseSpace{2, space(t, &s, "field-of-triumph")}, ChooseSpace{2, space(t, &s, "helmstar-warehouse")})
	buildingIllegal(t, s, ChooseSpace{2, space(t, &s, "the-plinth")})   // unoccupied
	buildingIllegal(t, s, ChooseSpace{2, space(t, &s, "the-zoarstar")}) // itself
	s = apply(t, s, ChooseSpace{2, space(t, &s, "helmstar-warehouse")})
	want.Players[2].Tavern[Rogue] += 2
	want.Players[2].Gold += 2
	want.Supply[Rogue] -= 2
	want.Players[0].Score += 2 // The Zoarstar's owner; nothing for Helmstar's
	want.Players[2].Pool--
	want.ToAct = 0
	if d := diff(want, factsOf(s)); d != "" {
		t.Errorf("(-want +got):\n%s", d)
	}
}

func TestBuildingZoarstarNeedsOpponentAgent(t *testing.T) {
	s := buildingGame(t, 3)
	giveTile(t, &s, 1, "the-zoarstar")
	buildingPools(&s, 2, 0, 0)
	zoar := PlaceAgent{0, space(t, &s, "the-zoarstar")}
	buildingIllegal(t, s, zoar) // no agent anywhere
	s = buildingPlace(t, s, 0, "field-of-triumph")
	buildingExpect(t, s, PlaceAgentDecision, 0)
	buildingIllegal(t, s, zoar) // only p1's own agent
}

// Appendix 4: copying a Harbor space plays an intrigue card, and the agent
// is reassigned right after that slot's agent.
func TestBuildingZoarstarCopiesHarbor(t *testing.T) {
	s := buildingGame(t, 3)
	giveTile(t, &s, 2, "the-zoarstar")
	buildingPools(&s, 1, 1, 1)
	setHand(t, &s, 0, "assassination")
	setHand(t, &s, 1, "ambush")
	setHand(t, &s, 2, "lack-of-faith")
	s = buildingPlace(t, s, 0, "waterdeep-harbor/1")
	s = buildingPlace(t, s, 1, "the-zoarstar") // copies Harbor 1, the only target, and plays Ambush
	if h := buildingHand(s, 1); len(h) != 0 {
		t.Errorf("p2 still holds %v", h)
	}
	if got := s.Tavern(1)[Fighter]; got != 2 {
		t.Errorf("Ambush gave p2 %d fighters, want 2", got)
	}
	if got := s.Score(2); got != 2 {
		t.Errorf("The Zoarstar's owner has %d VP, want 2", got)
	}
	s = buildingPlace(t, s, 2, "waterdeep-harbor/2")

	d := buildingExpect(t, s, PlaceAgentDecision, 0)
	if !d.Reassign {
		t.Fatalf("want p1's reassignment, got %+v", d)
	}
	s = buildingPlace(t, s, 0, "the-plinth")
	d = buildingExpect(t, s, PlaceAgentDecision, 1)
	if !d.Reassign {
		t.Fatalf("want p2's reassignment, got %+v", d)
	}
	buildingIllegal(t, s, PlaceAgent{1, space(t, &s, "waterdeep-harbor/3")})
	s = buildingPlace(t, s, 1, "field-of-triumph")
	if occ, _ := s.Occupants(space(t, &s, "the-zoarstar")); len(occ) != 0 {
		t.Errorf("The Zoarstar still holds %v after the reassignment", occ)
	}
	d = buildingExpect(t, s, PlaceAgentDecision, 2)
	if !d.Reassign {
		t.Fatalf("want p3's reassignment, got %+v", d)
	}
	s = buildingPlace(t, s, 2, "the-grinning-lion-tavern")
	if s.Round() != 2 {
		t.Errorf("round %d after the reassignments, want 2", s.Round())
	}
}

// ---- The Palace of Waterdeep and the Ambassador ----

// buildingPalaceGame: p3 owns the Palace; p1 takes the Ambassador in
// round 1, which ends at once. The pending decision is the Ambassador's
// placement at the start of round 2.
func buildingPalaceGame(t *testing.T) State {
	t.Helper()
	s := buildingGame(t, 3)
	giveTile(t, &s, 2, "the-palace-of-waterdeep")
	s = buildingNextRound(t, s, "the-palace-of-waterdeep")
	d := buildingExpect(t, s, PlaceAgentDecision, 0)
	if !d.Ambassador {
		t.Fatalf("round 2 does not start with the Ambassador: %+v", d)
	}
	return s
}

func TestBuildingPalaceAmbassadorAssignedFirst(t *testing.T) {
	s := buildingGame(t, 3)
	giveTile(t, &s, 2, "the-palace-of-waterdeep")
	buildingPools(&s, 1, 1, 1)
	s = buildingPlace(t, s, 0, "field-of-triumph")
	want := factsOf(s)
	s = buildingPlace(t, s, 1, "the-palace-of-waterdeep")
	want.Players[1].Pool--
	want.Players[2].Score += 2
	want.ToAct = 2
	if d := diff(want, factsOf(s)); d != "" {
		t.Errorf("after taking the Ambassador (-want +got):\n%s", d)
	}
	if h, held, _, placed := s.Ambassador(); !held || h != 1 || placed {
		t.Errorf("Ambassador: holder p%d held %v placed %v; want held by p2, not placed", h+1, held, placed)
	}
	s = buildingPlace(t, s, 2, "the-plinth")
	// Round 2: p2 assigns the Ambassador before the first player.
	d := buildingExpect(t, s, PlaceAgentDecision, 1)
	if !d.Ambassador {
		t.Fatalf("want the Ambassador's placement, got %+v", d)
	}
	want = factsOf(s)
	s = buildingPlace(t, s, 1, "the-grinning-lion-tavern")
	want.Players[1].Tavern[Rogue] += 2 // the pool is untouched
	want.Supply[Rogue] -= 2
	want.ToAct = 0
	if d := diff(want, factsOf(s)); d != "" {
		t.Errorf("after placing the Ambassador (-want +got):\n%s", d)
	}
	if d := s.Pending(); d.Ambassador {
		t.Errorf("p1's turn is marked as the Ambassador's")
	}
	if occ, amb := s.Occupants(space(t, &s, "the-grinning-lion-tavern")); len(occ) != 0 || !amb {
		t.Errorf("The Grinning Lion Tavern holds %v, ambassador %v", occ, amb)
	}
}

// Appendix 4: the holder assigns the Ambassador first even with the
// first-player marker, then at once takes a normal turn.
func TestBuildingPalaceHolderIsFirstPlayer(t *testing.T) {
	s := buildingPalaceGame(t)
	if s.FirstPlayer() != 0 {
		t.Fatalf("first player p%d", s.FirstPlayer()+1)
	}
	s = buildingPlace(t, s, 0, "field-of-triumph")
	d := buildingExpect(t, s, PlaceAgentDecision, 0)
	if d.Ambassador {
		t.Fatalf("still the Ambassador's placement: %+v", d)
	}
	if owned, pool := s.Agents(0); pool != owned {
		t.Errorf("p1 has %d of %d agents after placing the Ambassador", pool, owned)
	}
	s = buildingPlace(t, s, 0, "the-plinth")
	buildingExpect(t, s, PlaceAgentDecision, 1)
}

// Appendix 4: the Ambassador at the Harbor is not reassigned.
func TestBuildingPalaceAmbassadorAtHarborNotReassigned(t *testing.T) {
	s := buildingPalaceGame(t)
	setHand(t, &s, 0, "assassination")
	buildingPools(&s, 1, 0, 0)
	s = buildingPlace(t, s, 0, "waterdeep-harbor/1")
	if h := buildingHand(s, 0); len(h) != 0 {
		t.Errorf("the Ambassador at the Harbor did not play the card: hand %v", h)
	}
	s = buildingPlace(t, s, 0, "field-of-triumph")
	// No agent is left to assign and the Ambassador is not reassigned.
	if s.Round() != 3 {
		t.Fatalf("round %d, pending %+v; want round 3", s.Round(), s.Pending())
	}
}

// The Ambassador returns to its holder at the end of the round and is
// assigned again at the start of the next.
func TestBuildingPalaceAmbassadorReturnsEachRound(t *testing.T) {
	s := buildingPalaceGame(t)
	buildingPools(&s, 0, 0, 0)
	s = buildingPlace(t, s, 0, "field-of-triumph")
	if s.Round() != 3 {
		t.Fatalf("round %d, want 3", s.Round())
	}
	d := buildingExpect(t, s, PlaceAgentDecision, 0)
	if !d.Ambassador {
		t.Fatalf("round 3 does not start with the Ambassador: %+v", d)
	}
	if h, held, _, placed := s.Ambassador(); !held || h != 0 || placed {
		t.Errorf("Ambassador: holder p%d held %v placed %v", h+1, held, placed)
	}
	buildingLegal(t, s, PlaceAgent{0, space(t, &s, "field-of-triumph")})
}

// Appendix 4: taking the Ambassador from its space frees that space.
func TestBuildingPalaceTakesAmbassadorFromSpace(t *testing.T) {
	s := buildingPalaceGame(t)
	buildingPools(&s, 1, 1, 1)
	field := space(t, &s, "field-of-triumph")
	s = buildingPlace(t, s, 0, "field-of-triumph")
	s = buildingPlace(t, s, 0, "the-plinth")
	buildingIllegal(t, s, PlaceAgent{1, field})
	s = buildingPlace(t, s, 1, "the-palace-of-waterdeep")
	if h, held, _, placed := s.Ambassador(); !held || h != 1 || placed {
		t.Errorf("Ambassador: holder p%d held %v placed %v; want held by p2, not placed", h+1, held, placed)
	}
	if occ, amb := s.Occupants(field); len(occ) != 0 || amb {
		t.Errorf("Field of Triumph still holds %v, ambassador %v", occ, amb)
	}
	buildingLegal(t, s, PlaceAgent{2, field})
	s = buildingPlace(t, s, 2, "field-of-triumph")
	d := buildingExpect(t, s, PlaceAgentDecision, 1)
	if s.Round() != 3 || !d.Ambassador {
		t.Errorf("round %d, pending %+v; want p2's Ambassador in round 3", s.Round(), d)
	}
}

// Appendix 4: the Palace used after the Ambassador was taken but before it
// is assigned gives nothing (the owner still gains the owner benefit).
func TestBuildingPalaceWhileAmbassadorWaits(t *testing.T) {
	s := buildingGame(t, 3)
	giveTile(t, &s, 2, "the-palace-of-waterdeep")
	giveCompleted(t, &s, 1, "recover-the-magisters-orb")
	buildingPools(&s, 1, 1, 1)
	s = buildingPlace(t, s, 0, "the-palace-of-waterdeep")
	want := factsOf(s)
	s = buildingPlace(t, s, 1, "the-palace-of-waterdeep") // Recover the Magister's Orb
	want.Players[1].Pool--
	want.Players[2].Score += 2
	want.ToAct = 2
	if d := diff(want, factsOf(s)); d != "" {
		t.Errorf("(-want +got):\n%s", d)
	}
	if h, held, _, _ := s.Ambassador(); !held || h != 0 {
		t.Errorf("Ambassador held by p%d (held %v), want p1", h+1, held)
	}
	s = buildingPlace(t, s, 2, "the-plinth")
	d := buildingExpect(t, s, PlaceAgentDecision, 0)
	if !d.Ambassador {
		t.Errorf("round 2 does not start with p1's Ambassador: %+v", d)
	}
}

// Appendix 4: if the Palace leaves play (Real Estate Deal), the Ambassador
// leaves play too, freeing its space.
func TestBuildingPalaceLeavesPlay(t *testing.T) {
	s := buildingPalaceGame(t)
	palace := buildingID(t, &s, "the-palace-of-waterdeep")
	field := space(t, &s, "field-of-triumph")
	buildingPools(&s, 0, 0, 1)
	setHand(t, &s, 2, "real-estate-deal")
	setForSale(t, &s, 0, "dragon-tower", "northgate", "helmstar-warehouse")
	s = buildingPlace(t, s, 0, "field-of-triumph") // the Ambassador
	s = buildingPlace(t, s, 2, "waterdeep-harbor/1")
	// Real Estate Deal: the Palace is p3's only building, so it is given
	// up; then p3 takes a tile for sale.
	buildingExpect(t, s, ChooseBuildingDecision, 2)
	s = apply(t, s, ChooseBuilding{2, buildingID(t, &s, "northgate")})
	if got := factsOf(s).Players[2].Buildings; !reflect.DeepEqual(got, []string{"northgate"}) {
		t.Errorf("p3 controls %v, want [northgate]", got)
	}
	if _, ok := s.Owner(palace); ok {
		t.Errorf("Owner reports the Palace as still controlled after it left play")
	}
	if _, held, _, placed := s.Ambassador(); held || placed {
		t.Errorf("the Ambassador is still in play: held %v placed %v", held, placed)
	}
	if occ, amb := s.Occupants(field); len(occ) != 0 || amb {
		t.Errorf("Field of Triumph still holds %v, ambassador %v", occ, amb)
	}
	d := buildingExpect(t, s, PlaceAgentDecision, 2)
	if !d.Reassign {
		t.Fatalf("want p3's reassignment, got %+v", d)
	}
	buildingLegal(t, s, PlaceAgent{2, field})
	buildingIllegal(t, s, PlaceAgent{2, space(t, &s, "the-palace-of-waterdeep")})
	s = buildingPlace(t, s, 2, "field-of-triumph")
	if s.Round() != 3 {
		t.Fatalf("round %d, want 3", s.Round())
	}
	if d := buildingExpect(t, s, PlaceAgentDecision, 0); d.Ambassador {
		t.Errorf("the Ambassador is assigned after the Palace left play")
	}
}

// Appendix 4: no owner benefit for the Ambassador on its holder's building;
// on another player's building, that owner gains it.
func TestBuildingPalaceAmbassadorOwnerBenefit(t *testing.T) {
	t.Run("holder's building", func(t *testing.T) {
		s := buildingPalaceGame(t)
		giveTile(t, &s, 0, "helmstar-warehouse")
		want := factsOf(s)
		s = buildingPlace(t, s, 0, "helmstar-warehouse")
		want.Players[0].Tavern[Rogue] += 2 // not 3
		want.Players[0].Gold += 2
		want.Supply[Rogue] -= 2
		if d := diff(want, factsOf(s)); d != "" {
			t.Errorf("(-want +got):\n%s", d)
		}
	})
	t.Run("opponent's building", func(t *testing.T) {
		s := buildingPalaceGame(t)
		giveTile(t, &s, 1, "helmstar-warehouse")
		want := factsOf(s)
		s = buildingPlace(t, s, 0, "helmstar-warehouse")
		want.Players[0].Tavern[Rogue] += 2
		want.Players[0].Gold += 2
		want.Players[1].Tavern[Rogue]++
		want.Supply[Rogue] -= 3
		if d := diff(want, factsOf(s)); d != "" {
			t.Errorf("(-want +got):\n%s", d)
		}
	})
}

// Appendix 4: once placed, the Ambassador counts as an opponent's agent for
// every player, its holder included.
func TestBuildingPalaceAmbassadorCountsAsOpponent(t *testing.T) {
	s := buildingPalaceGame(t)
	giveTile(t, &s, 1, "the-zoarstar")
	s = buildingPlace(t, s, 0, "field-of-triumph") // the Ambassador
	want := factsOf(s)
	buildingLegal(t, s, PlaceAgent{0, space(t, &s, "the-zoarstar")})
	s = buildingPlace(t, s, 0, "the-zoarstar") // copies Field of Triumph, the only target
	want.Players[0].Tavern[Fighter] += 2
	want.Supply[Fighter] -= 2
	want.Players[1].Score += 2
	want.Players[0].Pool--
	want.ToAct = 1
	if d := diff(want, factsOf(s)); d != "" {
		t.Errorf("(-want +got):\n%s", d)
	}
}

// ---- finite supply ----

func TestBuildingFiniteSupply(t *testing.T) {
	t.Run("action", func(t *testing.T) {
		s := buildingGame(t, 3)
		setTavern(&s, 2, 0, 24, 0, 0, 6) // one fighter left in the supply
		want := factsOf(s)
		s = buildingPlace(t, s, 0, "field-of-triumph")
		want.Players[0].Tavern[Fighter]++
		want.Supply[Fighter] = 0
		want.Players[0].Pool--
		want.ToAct = 1
		if d := diff(want, factsOf(s)); d != "" {
			t.Errorf("(-want +got):\n%s", d)
		}
	})
	t.Run("stock", func(t *testing.T) {
		s := buildingGame(t, 3)
		setTavern(&s, 2, 0, 24, 0, 0, 6)
		giveTile(t, &s, 1, "caravan-court")
		if n := s.Stock(buildingID(t, &s, "caravan-court")); n != 1 {
			t.Errorf("Caravan Court holds %d fighters, want the 1 left", n)
		}
		if n := s.Supply()[Fighter]; n != 0 {
			t.Errorf("%d fighters left in the supply, want 0", n)
		}
	})
	t.Run("choice", func(t *testing.T) {
		s := buildingGame(t, 3)
		setTavern(&s, 2, 25, 0, 0, 0, 6) // no cleric in the supply
		giveTile(t, &s, 1, "the-yawning-portal")
		s = buildingPlace(t, s, 0, "the-yawning-portal")
		s = apply(t, s, ChooseResources{1, Pick{Wizard: 1}})
		buildingExpect(t, s, ChooseAdventurersDecision, 0)
		buildingIllegal(t, s, ChooseResources{0, Pick{Cleric: 1, Wizard: 1}})
		buildingLegal(t, s, ChooseResources{0, Pick{Fighter: 1, Wizard: 1}})
	})
	t.Run("owner benefit", func(t *testing.T) {
		s := buildingGame(t, 3)
		setTavern(&s, 2, 0, 25, 0, 0, 6) // no fighter in the supply
		giveTile(t, &s, 1, "fetlock-court")
		want := factsOf(s)
		s = buildingPlace(t, s, 0, "fetlock-court")
		buildingExpect(t, s, ChooseOptionDecision, 1)
		s = apply(t, s, ChooseResources{1, Pick{Fighter: 1}}) // allowed, gives nothing
		want.Players[0].Tavern[Wizard]++
		want.Supply[Wizard]--
		want.Players[0].Pool--
		want.ToAct = 1
		if d := diff(want, factsOf(s)); d != "" {
			t.Errorf("(-want +got):\n%s", d)
		}
	})
}

// Reading: the Ambassador is not assigned to the Palace itself.
func TestBuildingAmbassadorNotOnThePalace(t *testing.T) {
	s := newGame(t, 3)
	giveTile(t, &s, 1, "the-palace-of-waterdeep")
	s.ambHolder = 1
	// End round 1 quickly by starting round 2 by hand: the Ambassador's
	// holder is asked first.
	s.sp = 0
	s.endRound()
	s.run()
	if p, _ := s.ToAct(); p != 1 || !s.Pending().Ambassador {
		t.Fatalf("want the Ambassador's placement by p2 first, got %+v", s.Pending())
	}
	palace := space(t, &s, "the-palace-of-waterdeep")
	if _, err := s.Apply(PlaceAgent{1, palace}); !errors.Is(err, SpaceUnavailable) {
		t.Errorf("placing the Ambassador on the Palace: got %v, want SpaceUnavailable", err)
	}
}

// Reading 3: The Zoarstar is a legal placement only if the copied action can
// be carried out by the agent as it will be once placed. Copying a Harbor
// space whose only playable card is Sample Wares needs a second agent in the
// pool: the Zoarstar's own agent has left it.
func TestBuildingZoarstarCopiedCardCountsItsOwnAgent(t *testing.T) {
	s := buildingGame(t, 3)
	giveTile(t, &s, 2, "the-zoarstar")
	buildingPools(&s, 1, 1, 1)
	setHand(t, &s, 0, "assassination")
	setHand(t, &s, 1, "sample-wares")
	setForSale(t, &s, 0, "dragon-tower", "northgate", "helmstar-warehouse")
	s = buildingPlace(t, s, 0, "waterdeep-harbor/1")
	zoar := PlaceAgent{1, space(t, &s, "the-zoarstar")}
	buildingIllegal(t, s, zoar) // the one agent would go to The Zoarstar
	buildingPools(&s, 1, 2, 1)
	buildingLegal(t, s, zoar)
	s = apply(t, s, zoar) // copies Harbor 1 and plays Sample Wares
	buildingExpect(t, s, ChooseBuildingDecision, 1)
	s = apply(t, s, ChooseBuilding{1, buildingID(t, &s, "dragon-tower")})
	if _, pool := s.Agents(1); pool != 0 {
		t.Errorf("p2 has %d agents in the pool, want 0", pool)
	}
	if got := buildingHand(s, 1); len(got) != 1 {
		t.Errorf("p2's hand %v, want the card drawn at Dragon Tower", got)
	}
}

// Reading (RULES.md 7): the Ambassador's assignment is a turn of its own,
// after which its holder may complete a quest; a holder with the
// first-player marker then takes a normal turn, with a quest of its own.
func TestBuildingPalaceAmbassadorTurnMayCompleteQuest(t *testing.T) {
	s := buildingPalaceGame(t)
	raid := giveQuest(t, &s, 0, "raid-orc-stronghold") // 4 fighters, 2 rogues
	blade := giveQuest(t, &s, 0, "train-bladesingers") // 3 fighters, 1 wizard
	setTavern(&s, 0, 0, 7, 2, 1, 4)
	s = buildingPlace(t, s, 0, "the-plinth") // the Ambassador
	buildingExpect(t, s, CompleteQuestDecision, 0)
	s = apply(t, s, CompleteQuest{0, QuestID(raid)})
	if d := buildingExpect(t, s, PlaceAgentDecision, 0); d.Ambassador {
		t.Fatalf("still the Ambassador's placement: %+v", d)
	}
	s = buildingPlace(t, s, 0, "field-of-triumph")
	buildingExpect(t, s, CompleteQuestDecision, 0)
	s = apply(t, s, CompleteQuest{0, QuestID(blade)})
	if got := factsOf(s).Players[0].Completed; !reflect.DeepEqual(got, []string{"raid-orc-stronghold", "train-bladesingers"}) {
		t.Errorf("p1 completed %v", got)
	}
	buildingExpect(t, s, PlaceAgentDecision, 1)
}

// Recall Agent, played by The Zoarstar's agent copying a Harbor space, may
// return that agent itself: it is one of the player's assigned agents
// (RULES.md 8 and 16).
func TestBuildingZoarstarRecallsItsOwnAgent(t *testing.T) {
	s := buildingGame(t, 3)
	giveTile(t, &s, 2, "the-zoarstar")
	buildingPools(&s, 1, 3, 1) // all of p2's agents in the pool
	setHand(t, &s, 0, "assassination")
	setHand(t, &s, 1, "recall-agent")
	s = buildingPlace(t, s, 0, "waterdeep-harbor/1")
	zoar := PlaceAgent{1, space(t, &s, "the-zoarstar")}
	buildingLegal(t, s, zoar)
	// Copies Harbor 1 and plays Recall Agent, whose one target (answered
	// by the engine) is the agent on The Zoarstar.
	s = apply(t, s, zoar)
	if _, pool := s.Agents(1); pool != 3 {
		t.Errorf("p2 has %d agents in the pool, want 3", pool)
	}
	if occ, _ := s.Occupants(space(t, &s, "the-zoarstar")); len(occ) != 0 {
		t.Errorf("The Zoarstar holds %v after Recall Agent", occ)
	}
}

// Appendix 4: once placed, the Ambassador counts as an opponent's agent, so
// at the Harbor it is not one of its holder's agents there: Accelerate Plans
// (take one of your agents back from the Harbor) and Recall Agent (with no
// agent of the holder's assigned yet) cannot be carried out, so the
// Ambassador cannot go to the Harbor to play them (RULES.md 3 and 16).
func TestBuildingPalaceAmbassadorHarborCardNeedsOwnAgents(t *testing.T) {
	s := buildingPalaceGame(t)
	h1 := PlaceAgent{0, space(t, &s, "waterdeep-harbor/1")}
	for _, card := range []string{"accelerate-plans", "recall-agent"} {
		setHand(t, &s, 0, card)
		buildingIllegal(t, s, h1)
	}
	setHand(t, &s, 0, "recall-agent", "assassination")
	buildingLegal(t, s, h1)
	s = apply(t, s, h1)
	// Only Assassination is playable: the engine plays it.
	if got := buildingHand(s, 0); !reflect.DeepEqual(got, []string{"recall-agent"}) {
		t.Errorf("p1's hand %v, want [recall-agent]", got)
	}
}

// Reading (RULES.md 40): the owner benefit is resolved as the agent is
// assigned, before the space's action: at Dragon Tower the owner draws the
// top intrigue card and the visitor the next; at Fetlock Court with two
// fighters left, the owner's fighter leaves the visitor one.
func TestBuildingOwnerBenefitBeforeAction(t *testing.T) {
	t.Run("dragon-tower", func(t *testing.T) {
		s := buildingGame(t, 3)
		giveTile(t, &s, 1, "dragon-tower")
		stackIntrigue(t, &s, "ambush", "crime-wave")
		s = buildingPlace(t, s, 0, "dragon-tower")
		if h0, h1 := buildingHand(s, 0), buildingHand(s, 1); !reflect.DeepEqual(h0, []string{"crime-wave"}) ||
			!reflect.DeepEqual(h1, []string{"ambush"}) {
			t.Errorf("visitor drew %v, owner %v; want [crime-wave] and [ambush]", h0, h1)
		}
	})
	t.Run("fetlock-court", func(t *testing.T) {
		s := buildingGame(t, 3)
		setTavern(&s, 2, 0, 23, 0, 0, 6) // two fighters left in the supply
		giveTile(t, &s, 1, "fetlock-court")
		want := factsOf(s)
		s = buildingPlace(t, s, 0, "fetlock-court")
		buildingExpect(t, s, ChooseOptionDecision, 1)
		s = apply(t, s, ChooseResources{1, Pick{Fighter: 1}})
		want.Players[1].Tavern[Fighter]++
		want.Players[0].Tavern[Fighter]++ // of the 2 of the action
		want.Players[0].Tavern[Wizard]++
		want.Supply[Fighter] = 0
		want.Supply[Wizard]--
		want.Players[0].Pool--
		want.ToAct = 1
		if d := diff(want, factsOf(s)); d != "" {
			t.Errorf("(-want +got):\n%s", d)
		}
	})
}

// A Harbor agent reassigned to The Zoarstar leaves its Harbor space, and
// copying another Harbor space it shares that one (RULES.md 8 and 38):
// Accelerate Plans played so takes back the agent now at The Zoarstar, not
// the one the slot being reassigned held, and that agent is not reassigned
// again.
func TestBuildingZoarstarReassignedAgentLeavesHarbor(t *testing.T) {
	s := buildingGame(t, 3)
	giveTile(t, &s, 2, "the-zoarstar")
	buildingPools(&s, 1, 1, 0) // Harbor 2 is the only space to copy
	assassination := setHand(t, &s, 0, "assassination", "accelerate-plans")[0]
	setHand(t, &s, 1, "ambush")
	s = buildingPlace(t, s, 0, "waterdeep-harbor/1")
	s = apply(t, s, PlayIntrigue{0, IntrigueID(assassination)})
	s = buildingPlace(t, s, 1, "waterdeep-harbor/2")
	if d := buildingExpect(t, s, PlaceAgentDecision, 0); !d.Reassign {
		t.Fatalf("want p1's reassignment, got %+v", d)
	}
	zoar := space(t, &s, "the-zoarstar")
	buildingLegal(t, s, PlaceAgent{0, zoar})
	s = apply(t, s, PlaceAgent{0, zoar})
	// The one target and the one card: the engine copies Harbor 2, plays
	// Accelerate Plans and takes back the agent just placed.
	buildingExpect(t, s, PlaceAgentDecision, 0)
	occ, _ := s.Occupants(zoar)
	h1, _ := s.Occupants(space(t, &s, "waterdeep-harbor/1"))
	if _, pool := s.Agents(0); len(occ) != 0 || len(h1) != 0 || pool != 1 {
		t.Errorf("The Zoarstar holds %v, Harbor 1 %v, p1's pool %d; want none, none, 1", occ, h1, pool)
	}
	if got := buildingHand(s, 0); len(got) != 0 {
		t.Errorf("p1's hand %v, want Accelerate Plans played", got)
	}
}

// During Harbor reassignment the agent of the slot being reassigned is
// leaving the Harbor (RULES.md 8): reassigned to Entry Well, whose action
// plays an intrigue card, it cannot play Accelerate Plans on itself; with
// another of the player's agents at the Harbor, it can.
func TestBuildingReassignedHarborAgentIsNotAtHarbor(t *testing.T) {
	s := umGame(t)
	buildingPools(&s, 1, 1, 0)
	assassination := setHand(t, &s, 0, "assassination", "accelerate-plans")[0]
	setHand(t, &s, 1, "ambush")
	s = buildingPlace(t, s, 0, "waterdeep-harbor/1")
	s = apply(t, s, PlayIntrigue{0, IntrigueID(assassination)})
	s = buildingPlace(t, s, 1, "waterdeep-harbor/2")
	if d := buildingExpect(t, s, PlaceAgentDecision, 0); !d.Reassign {
		t.Fatalf("want p1's reassignment, got %+v", d)
	}
	well := PlaceAgent{0, space(t, &s, "entry-well")}
	buildingIllegal(t, s, well) // the one Harbor agent of p1's is leaving
	s.setOccupant(uint8(space(t, &s, "waterdeep-harbor/3")), 1)
	buildingLegal(t, s, well)
}
