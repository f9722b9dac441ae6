package waterdeep

// Scenario tests for the intrigue cards of the Undermountain module, each
// naming its entry in the reference's skullport/intrigue.yaml (RULES.md
// 200-210 for the readings). Each card is played from Waterdeep Harbor.

import (
	"errors"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"

	"github.com/waterdeep-go/waterdeep/content"
)

// umHarborFacts is want after seat 0 played a card from the Harbor: the
// agent left the pool, the card the hand.
func umHarborFacts(s State) facts {
	want := factsOf(s)
	want.Players[0].Pool--
	want.Players[0].Hand = nil
	want.ToAct, want.Pending = 1, PlaceAgentDecision
	return want
}

// ref: preferential_treatment
func TestUndermountainPreferentialTreatment(t *testing.T) {
	s := umGame(t)
	s.first = 2
	want := umHarborFacts(s)
	s = playCardAs(t, s, 0, "preferential-treatment")
	want.Players[0].Gold += 2
	want.First = 0
	if d := diff(want, factsOf(s)); d != "" {
		t.Errorf("(-want +got):\n%s", d)
	}
}

// The five cards that give an opponent something from the player's tavern
// for 8 VP; without it the card cannot be played.
func TestUndermountainGiftsForVP(t *testing.T) {
	for _, tc := range []struct {
		id, ref string
		give    Bundle
	}{
		{"allied-faiths", "allied_faiths", Bundle{Cleric: 1}},
		{"friendly-loan", "friendly_loan", Bundle{Gold: 4}},
		{"honor-among-thieves", "honor_among_thieves", Bundle{Rogue: 2}},
		{"mercenary-contract", "mercenary_contract", Bundle{Fighter: 2}},
		{"unlikely-assistance", "unlikely_assistance", Bundle{Wizard: 1}},
	} {
		t.Run(tc.ref, func(t *testing.T) {
			s := umGame(t)
			c := tc.give.Cubes()
			// One short of the gift: the card is not playable, so the
			// Harbor is closed.
			short := func(n int) int { return max(n-1, 0) }
			setTavern(&s, 0, short(c[0]), short(c[1]), short(c[2]), short(c[3]), short(tc.give.Gold))
			setHand(t, &s, 0, tc.id)
			if err := s.Legal(PlaceAgent{0, space(t, &s, "waterdeep-harbor/1")}); !errors.Is(err, SpaceUnavailable) {
				t.Errorf("Harbor with too little to give: %v", err)
			}
			setTavern(&s, 0, c[0], c[1], c[2], c[3], tc.give.Gold)
			want := umHarborFacts(s)
			s = playCardAs(t, s, 0, tc.id)
			buildingExpect(t, s, ChoosePlayerDecision, 0)
			s = apply(t, s, ChoosePlayer{0, 2})
			for k := range 4 {
				want.Players[0].Tavern[k] -= c[k]
				want.Players[2].Tavern[k] += c[k]
			}
			want.Players[0].Gold -= tc.give.Gold
			want.Players[2].Gold += tc.give.Gold
			want.Players[0].Score += 8
			if d := diff(want, factsOf(s)); d != "" {
				t.Errorf("(-want +got):\n%s", d)
			}
		})
	}
}

// The five cards that give something and put the same on action spaces.
func TestUndermountainGainAndPlace(t *testing.T) {
	for _, tc := range []struct {
		id, ref    string
		gain, each Bundle
		spaces     int
	}{
		{"organized-crime", "organized_crime", Bundle{Rogue: 2}, Bundle{Rogue: 1}, 2},
		{"proselytize", "proselytize", Bundle{Cleric: 1}, Bundle{Cleric: 1}, 1},
		{"recruitment-drive", "recruitment_drive", Bundle{Fighter: 2}, Bundle{Fighter: 1}, 2},
		{"sponsor-apprentices", "sponsor_apprentices", Bundle{Wizard: 1}, Bundle{Wizard: 1}, 1},
		{"tax-revolt", "tax_revolt", Bundle{Gold: 4}, Bundle{Gold: 2}, 2},
	} {
		t.Run(tc.ref, func(t *testing.T) {
			s := umGame(t)
			want := umHarborFacts(s)
			s = playCardAs(t, s, 0, tc.id)
			targets := []string{"hall-of-mirrors", "waterdeep-harbor/1"}[:tc.spaces] // occupied spaces too
			for _, name := range targets {
				buildingExpect(t, s, ChooseSpaceDecision, 0)
				s = apply(t, s, ChooseSpace{0, space(t, &s, name)})
			}
			g, e := tc.gain.Cubes(), tc.each.Cubes()
			for k := range 4 {
				want.Players[0].Tavern[k] += g[k]
				want.Supply[k] -= g[k] + tc.spaces*e[k]
			}
			want.Players[0].Gold += tc.gain.Gold
			if d := diff(want, factsOf(s)); d != "" {
				t.Errorf("(-want +got):\n%s", d)
			}
			placed := map[string]Bundle{}
			for _, name := range targets {
				placed[name] = tc.each
			}
			umPlaced(t, s, placed)
		})
	}
}

// The three mandatory quests: played on an opponent, who must complete it
// before any other quest and draws an intrigue card for it.
func TestUndermountainMandatoryQuests(t *testing.T) {
	for _, tc := range []struct {
		id, ref string
		needs   [4]int
	}{
		{"evade-assassin", "evade_assassin", [4]int{0, 0, 2, 1}},
		{"subdue-illithid-menace", "subdue_illithid_menace", [4]int{1, 2, 0, 0}},
		{"unveil-abyssal-agent", "unveil_abyssal_agent", [4]int{1, 0, 0, 1}},
	} {
		t.Run(tc.ref, func(t *testing.T) {
			s := umQuestGame(t)
			s = playCardAs(t, s, 0, tc.id)
			buildingExpect(t, s, ChoosePlayerDecision, 0)
			s = apply(t, s, ChoosePlayer{0, 1})
			card := umCard(t, &s, tc.id)
			if got := s.MandatoryQuests(1); len(got) != 1 || got[0] != card {
				t.Fatalf("p2's mandatory quests %v", got)
			}
			// p2 holds an ordinary quest it could complete too: the
			// mandatory one comes first.
			giveQuest(t, &s, 1, "resurrect-dead-wizards")
			n := tc.needs
			setTavern(&s, 1, n[0]+3, n[1], n[2], n[3], 5)
			stackIntrigue(t, &s, "tax-revolt")
			s = apply(t, s, PlaceAgent{1, space(t, &s, "auroras-realms-shop")})
			buildingExpect(t, s, CompleteQuestDecision, 1)
			if err := s.Legal(CompleteQuest{1, QuestID(quest(t, &s, "resurrect-dead-wizards"))}); !errors.Is(err, MandatoryQuestFirst) {
				t.Errorf("ordinary quest before the mandatory one: %v", err)
			}
			want := factsOf(s)
			s = apply(t, s, CompleteMandatory{1, card})
			for k := range 4 {
				want.Players[1].Tavern[k] -= n[k]
				want.Supply[k] += n[k]
			}
			want.Players[1].Mandatory = nil
			want.Players[1].Hand = []string{"tax-revolt"}
			want.ToAct, want.Pending = 2, PlaceAgentDecision
			if d := diff(want, factsOf(s)); d != "" {
				t.Errorf("(-want +got):\n%s", d)
			}
			// "When a Mandatory Quest is completed, place the card in the
			// Intrigue discard pile."
			if !s.intrigueDiscard.has(uint8(card)) {
				t.Errorf("the completed mandatory quest is not in the intrigue discard pile")
			}
		})
	}
}

// ref: information_broker. Three cards for the player, one for every
// opponent, in turn order from the player's left.
func TestUndermountainInformationBroker(t *testing.T) {
	s := umGame(t)
	want := umHarborFacts(s)
	s.first = 0
	stackIntrigue(t, &s, "tax-revolt", "proselytize", "allied-faiths", "friendly-loan", "honor-among-thieves")
	s = playCardAs(t, s, 0, "information-broker")
	want.Players[0].Hand = []string{"tax-revolt", "proselytize", "allied-faiths"}
	want.Players[1].Hand = []string{"friendly-loan"}
	want.Players[2].Hand = []string{"honor-among-thieves"}
	sortIDs := cmpopts.SortSlices(func(a, b string) bool { return a < b })
	if d := cmp.Diff(want, factsOf(s), sortIDs); d != "" {
		t.Errorf("(-want +got):\n%s", d)
	}
}

// ref: architectural_innovation. 2 gold, then an optional purchase (which
// the 2 gold may pay for).
func TestUndermountainArchitecturalInnovation(t *testing.T) {
	s := umGame(t)
	setTavern(&s, 0, 0, 0, 0, 0, 1)
	setForSale(t, &s, 2, "the-stone-house", "the-zoarstar", "the-eyes-lair")
	want := umHarborFacts(s)
	next := s.c.Building(BuildingID(s.tileStack[s.tileStackLen-1])).ID // refills the hall
	s = playCardAs(t, s, 0, "architectural-innovation")
	d := buildingExpect(t, s, ChooseBuildingDecision, 0)
	if !d.Optional {
		t.Errorf("the purchase is not optional")
	}
	// 3 gold: only The Eye's Lair (cost 3) is affordable.
	buildingLegalSet(t, s, ChooseBuilding{0, buildingID(t, &s, "the-eyes-lair")}, Decline{0})
	declined := apply(t, s, Decline{0})
	wantDeclined := want
	wantDeclined.Players = append([]playerFacts(nil), want.Players...)
	wantDeclined.Players[0].Gold += 2
	if d := diff(wantDeclined, factsOf(declined)); d != "" {
		t.Errorf("declined (-want +got):\n%s", d)
	}
	s = apply(t, s, ChooseBuilding{0, buildingID(t, &s, "the-eyes-lair")})
	want.Players[0].Gold += 2 - 3
	want.Players[0].Score += 2 // the VP on the tile
	want.Players[0].Buildings = []string{"the-eyes-lair"}
	want.ForSale = []string{"the-stone-house", "the-zoarstar", next}
	if d := diff(want, factsOf(s)); d != "" {
		t.Errorf("bought (-want +got):\n%s", d)
	}
}

// ref: unexpected_success. Two cards drawn, each playable as it is drawn.
func TestUndermountainUnexpectedSuccess(t *testing.T) {
	s := umGame(t)
	s.first = 2
	stackIntrigue(t, &s, "preferential-treatment", "tax-revolt")
	want := umHarborFacts(s)
	s = playCardAs(t, s, 0, "unexpected-success")
	d := buildingExpect(t, s, PlayIntrigueDecision, 0)
	if d.Purpose != "you may play Preferential Treatment, just drawn" {
		t.Errorf("decision %q", d.Purpose)
	}
	buildingLegalSet(t, s, PlayIntrigue{0, umCard(t, &s, "preferential-treatment")}, Decline{0})
	// The card drawn is p1's secret: no other view names it, in the
	// decision or in the engine's progress (p1's own does), and every view determinizes
	// (a sampled card from p1's hidden hand stands for it).
	drawn := umCard(t, &s, "preferential-treatment")
	r := rand.New(rand.NewPCG(1, 211))
	for _, viewer := range []PlayerID{0, 1, 2, Spectator} {
		checkModuleView(t, s, viewer, r)
		v := s.View(viewer)
		named := false
		for _, f := range v.Progress.frames() {
			named = named || (f.kind == dIntrigue && f.onlyCardIs(uint8(drawn)))
		}
		if named != (viewer == 0) || strings.Contains(v.Decision.String(), "Preferential") != (viewer == 0) {
			t.Errorf("view of %v: names the card drawn %v (want %v), decision %q", viewer, named, viewer == 0, v.Decision)
		}
	}
	s = apply(t, s, PlayIntrigue{0, umCard(t, &s, "preferential-treatment")})
	buildingLegalSet(t, s, PlayIntrigue{0, umCard(t, &s, "tax-revolt")}, Decline{0})
	s = apply(t, s, Decline{0})
	want.Players[0].Gold += 2
	want.First = 0
	want.Players[0].Hand = []string{"tax-revolt"}
	if d := diff(want, factsOf(s)); d != "" {
		t.Errorf("(-want +got):\n%s", d)
	}
}

// ref: call_for_assistance. Only an opponent with a fighter or a rogue may
// be chosen; two of them, fighters or rogues (RULES.md 221).
func TestUndermountainCallForAssistance(t *testing.T) {
	s := umQuestGame(t)
	setTavern(&s, 1, 3, 0, 0, 3, 0) // no fighter or rogue
	setHand(t, &s, 0, "call-for-assistance")
	if err := s.Legal(PlaceAgent{0, space(t, &s, "waterdeep-harbor/1")}); !errors.Is(err, SpaceUnavailable) {
		t.Errorf("Harbor with nobody to take from: %v", err)
	}
	setTavern(&s, 2, 0, 1, 2, 1, 0)
	want := umHarborFacts(s)
	s = playCardAs(t, s, 0, "call-for-assistance")
	// p3 is the one opponent to choose: chosen without asking.
	d := buildingExpect(t, s, ChooseAdventurersDecision, 0)
	if d.Kinds != content.Of(content.Fighter, content.Rogue) || d.Count != 2 {
		t.Errorf("pick of %d of %v", d.Count, d.Kinds)
	}
	buildingLegalSet(t, s, ChooseResources{0, Pick{Fighter: 1, Rogue: 1}}, ChooseResources{0, Pick{Rogue: 2}})
	s = apply(t, s, ChooseResources{0, Pick{Fighter: 1, Rogue: 1}})
	want.Players[0].Tavern = [4]int{0, 1, 1, 0}
	want.Players[2].Tavern = [4]int{0, 0, 1, 1}
	if d := diff(want, factsOf(s)); d != "" {
		t.Errorf("(-want +got):\n%s", d)
	}
}

// ref: open_lord. The lord is revealed to everyone (views and Determinize
// keep it), the player's mandatory quests are discarded, and opponents'
// attacks and mandatory quests no longer affect them (RULES.md 222).
func TestUndermountainOpenLord(t *testing.T) {
	s := umQuestGame(t)
	// A base game lord nobody holds.
	var lord LordID
	for l := range LordID(s.c.NumLords()) {
		if s.c.Lord(l).Module == 0 && uint8(l) != s.players[1].lord && uint8(l) != s.players[2].lord {
			lord = l
		}
	}
	s.players[0].lord = uint8(lord)
	card := questGiveMandatory(t, &s, 0, "evade-assassin")
	if v := s.View(1); v.Seats[0].LordKnown {
		t.Fatalf("p1's lord is known to p2 before Open Lord")
	}
	want := umHarborFacts(s)
	s = playCardAs(t, s, 0, "open-lord")
	want.Players[0].Mandatory = nil
	if d := diff(want, factsOf(s)); d != "" {
		t.Errorf("(-want +got):\n%s", d)
	}
	if !s.intrigueDiscard.has(uint8(card)) {
		t.Errorf("the mandatory quest was not discarded")
	}
	for _, viewer := range []PlayerID{1, 2, Spectator} {
		v := s.View(viewer)
		if sv := v.Seats[0]; !sv.LordKnown || sv.Lord != lord || !sv.LordShown {
			t.Errorf("view of %v: lord known %v, %v, shown %v", viewer, sv.LordKnown, sv.Lord, sv.LordShown)
		}
		if viewer == Spectator {
			continue
		}
		d, err := Determinize(v, 7)
		if err != nil {
			t.Fatalf("Determinize for %v: %v", viewer, err)
		}
		if d.players[0].lord != uint8(lord) || !d.lordShown(0) {
			t.Errorf("Determinize for %v: lord %d, shown %v", viewer, d.players[0].lord, d.lordShown(0))
		}
	}
	// Immunity: p2 cannot play a mandatory quest or a steal on p1, and
	// an attack on everyone passes p1 by.
	setTavern(&s, 0, 2, 2, 2, 2, 0)
	setTavern(&s, 2, 1, 0, 0, 1, 0)
	setHand(t, &s, 1, "call-for-assistance")
	if err := s.Legal(PlaceAgent{1, space(t, &s, "waterdeep-harbor/2")}); !errors.Is(err, SpaceUnavailable) {
		t.Errorf("a steal with only p1 holding fighters: %v", err)
	}
	setHand(t, &s, 1, "subdue-illithid-menace")
	s = apply(t, s, PlaceAgent{1, space(t, &s, "waterdeep-harbor/2")})
	if got := s.MandatoryQuests(2); len(got) != 1 {
		t.Errorf("the mandatory quest went to p3's %v (p1 is immune)", got)
	}
	setHand(t, &s, 2, "ambush")
	before := s.Tavern(0)
	s = apply(t, s, PlaceAgent{2, space(t, &s, "waterdeep-harbor/3")})
	if s.Tavern(0) != before {
		t.Errorf("Ambush took from p1: %v, was %v", s.Tavern(0), before)
	}
	// A mandatory quest with no opponent left to take it cannot be played.
	s2 := umQuestGame(t)
	s2.lordsShown = 1<<1 | 1<<2
	setHand(t, &s2, 0, "evade-assassin")
	if err := s2.Legal(PlaceAgent{0, space(t, &s2, "waterdeep-harbor/1")}); !errors.Is(err, SpaceUnavailable) {
		t.Errorf("a mandatory quest with every opponent immune: %v", err)
	}
}

// A lord revealed by Open Lord stays known and revealed through
// Determinize, over many samples (TestUndermountainOpenLord checks the
// module game's views).
func TestUndermountainOpenLordDeterminize(t *testing.T) {
	s := newGame(t, 3)
	s.lordsShown = 1
	for seed := range uint64(20) {
		d, err := Determinize(s.View(1), seed)
		if err != nil {
			t.Fatal(err)
		}
		if d.players[0].lord != s.players[0].lord || !d.lordShown(0) {
			t.Fatalf("seed %d: lord %d (want %d), shown %v", seed, d.players[0].lord, s.players[0].lord, d.lordShown(0))
		}
		if d.players[2].lord == s.players[0].lord {
			t.Fatalf("seed %d: the revealed lord dealt again", seed)
		}
	}
}

// ref: demolish. A building in play with no agent on it leaves the game
// (an opponent owner is paid its cost), then a building for sale is taken
// free (RULES.md 223).
func TestUndermountainDemolish(t *testing.T) {
	s := umQuestGame(t)
	setHand(t, &s, 0, "demolish")
	if err := s.Legal(PlaceAgent{0, space(t, &s, "waterdeep-harbor/1")}); !errors.Is(err, SpaceUnavailable) {
		t.Errorf("Demolish with no building in play: %v", err)
	}
	giveTile(t, &s, 1, "the-stone-house") // cost 4
	giveTile(t, &s, 2, "the-zoarstar")    // cost 8
	giveTile(t, &s, 0, "the-eyes-lair")
	setForSale(t, &s, 0, "caravan-court", "dragon-tower", "room-of-wisdom")
	setTavern(&s, 0, 0, 0, 0, 0, 5)
	want := umHarborFacts(s)
	next := s.c.Building(BuildingID(s.tileStack[s.tileStackLen-1])).ID // refills the hall
	s = playCardAs(t, s, 0, "demolish")
	buildingExpect(t, s, ChooseBuildingDecision, 0)
	// 5 gold: the Stone House (4) and p1's own Eye's Lair, not the Zoarstar (8).
	buildingLegalSet(t, s, ChooseBuilding{0, buildingID(t, &s, "the-stone-house")}, ChooseBuilding{0, buildingID(t, &s, "the-eyes-lair")})
	s = apply(t, s, ChooseBuilding{0, buildingID(t, &s, "the-stone-house")})
	buildingExpect(t, s, ChooseBuildingDecision, 0)
	s = apply(t, s, ChooseBuilding{0, buildingID(t, &s, "room-of-wisdom")})
	want.Players[0].Gold -= 4
	want.Players[1].Gold += 4
	want.Players[1].Buildings = nil
	want.Players[0].Buildings = []string{"the-eyes-lair", "room-of-wisdom"}
	want.ForSale = []string{"caravan-court", "dragon-tower", next}
	sortIDs := cmpopts.SortSlices(func(a, b string) bool { return a < b })
	if d := cmp.Diff(want, factsOf(s), sortIDs); d != "" {
		t.Errorf("(-want +got):\n%s", d)
	}
	// The Stone House left the game: in play nowhere, not for sale, not
	// in the stack.
	stone := buildingID(t, &s, "the-stone-house")
	if _, ok := s.Owner(stone); ok {
		t.Errorf("the Stone House is still in play")
	}
	for _, b := range s.tileStack[:s.tileStackLen] {
		if BuildingID(b) == stone {
			t.Errorf("the Stone House is back in the stack")
		}
	}
}

// ref: inevitable_betrayal. An adventurer and 2 gold from one opponent,
// who then holds the card, in view of everyone: views show it in that hand
// (and only it), Determinize keeps it there (RULES.md 224).
func TestUndermountainInevitableBetrayal(t *testing.T) {
	s := umQuestGame(t)
	setTavern(&s, 2, 0, 0, 1, 1, 3)
	setHand(t, &s, 2, "tax-revolt")
	want := umHarborFacts(s)
	s = playCardAs(t, s, 0, "inevitable-betrayal")
	buildingExpect(t, s, ChoosePlayerDecision, 0)
	s = apply(t, s, ChoosePlayer{0, 2})
	buildingExpect(t, s, ChooseAdventurersDecision, 0)
	s = apply(t, s, ChooseResources{0, Pick{Wizard: 1}})
	want.Players[0].Gold += 2
	want.Players[0].Tavern[Wizard]++
	want.Players[2].Gold -= 2
	want.Players[2].Tavern[Wizard]--
	want.Players[2].Hand = []string{"tax-revolt", "inevitable-betrayal"}
	sortIDs := cmpopts.SortSlices(func(a, b string) bool { return a < b })
	if d := cmp.Diff(want, factsOf(s), sortIDs); d != "" {
		t.Errorf("(-want +got):\n%s", d)
	}
	card := umCard(t, &s, "inevitable-betrayal")
	r := rand.New(rand.NewPCG(1, 224))
	for _, viewer := range []PlayerID{0, 1, 2, Spectator} {
		checkModuleView(t, s, viewer, r) // JSON round trip, Determinize, hidden changes
		if viewer != Spectator {
			d, err := Determinize(s.View(viewer), 3)
			if err != nil || !d.players[2].hand.has(uint8(card)) {
				t.Errorf("Determinize for %v: %v, the card in p3's hand %v", viewer, err, err == nil && d.players[2].hand.has(uint8(card)))
			}
		}
		v := s.View(viewer)
		if got := v.Seats[2].KnownHand; len(got) != 1 || got[0] != card {
			t.Errorf("view of %v: p3's known hand %v", viewer, got)
		}
		if viewer != 2 && len(v.Seats[2].Hand) != 0 {
			t.Errorf("view of %v shows p3's hand %v", viewer, v.Seats[2].Hand)
		}
	}
	// The same on a base game state with a card known to be in p3's hand:
	// the JSON round trip and Determinize keep it there.
	b := newGame(t, 3)
	known := b.players[2].hand.next(0)
	b.knownHand.add(uint8(known))
	for _, viewer := range []PlayerID{0, 2} {
		v := b.View(viewer)
		data, err := v.MarshalJSON()
		if err != nil {
			t.Fatal(err)
		}
		back, err := DecodeView(data, b.c)
		if err != nil {
			t.Fatalf("view of %v: %v", viewer, err)
		}
		if d := back.difference(&v); d != "" || len(v.Seats[2].KnownHand) != 1 {
			t.Errorf("view of %v does not round-trip: %s (known hand %v)", viewer, d, v.Seats[2].KnownHand)
		}
	}
	for seed := range uint64(20) {
		d, err := Determinize(b.View(0), seed)
		if err != nil {
			t.Fatal(err)
		}
		if !d.players[2].hand.has(uint8(known)) || !d.knownHand.has(uint8(known)) {
			t.Fatalf("seed %d: the known card left p3's hand", seed)
		}
	}
	// The opponent may play it later, like any card of theirs; it is then
	// no longer known to be in a hand.
	s = apply(t, s, PlaceAgent{1, space(t, &s, "the-plinth")})
	s = apply(t, s, PlaceAgent{2, space(t, &s, "waterdeep-harbor/2")})
	if d := s.Pending(); d.Kind == PlayIntrigueDecision {
		s = apply(t, s, PlayIntrigue{2, card})
	}
	if s.knownHand.has(uint8(card)) {
		t.Errorf("a played card is still known to be in a hand")
	}
}

// manipulateGame is umGame after one round of placements: p1's agent on
// Field of Triumph, p2's on The Plinth, p3's on Blackstaff Tower; p1 is to
// act, holding Manipulate, and p3 owns The Golden Horn (4 gold on it).
func manipulateGame(t *testing.T) State {
	t.Helper()
	s := umGame(t)
	giveTile(t, &s, 2, "the-golden-horn")
	s = apply(t, s, PlaceAgent{0, space(t, &s, "field-of-triumph")}, PlaceAgent{1, space(t, &s, "the-plinth")},
		PlaceAgent{2, space(t, &s, "blackstaff-tower")})
	setHand(t, &s, 0, "manipulate")
	return s
}

// ref: manipulate. p2's agent goes from The Plinth to The Golden Horn,
// where p2 takes the action (the owner p3 gains the owner benefit); then
// p1 assigns an agent, to The Plinth just freed (RULES.md 226).
func TestUndermountainManipulate(t *testing.T) {
	s := manipulateGame(t)
	plinth, horn := space(t, &s, "the-plinth"), space(t, &s, "the-golden-horn")
	want := factsOf(s)
	s = playCardAs(t, s, 0, "manipulate")
	d := buildingExpect(t, s, ChooseSpaceDecision, 0)
	if d.Purpose != "choose a space holding an opponent's agent, to move that agent" || d.Source != "Manipulate" {
		t.Errorf("first choice: %+v", d)
	}
	// Not p1's own agents (Field of Triumph, the Harbor).
	buildingLegalSet(t, s, ChooseSpace{0, plinth}, ChooseSpace{0, space(t, &s, "blackstaff-tower")})
	s = apply(t, s, ChooseSpace{0, plinth})
	d = buildingExpect(t, s, ChooseSpaceDecision, 0)
	if d.Other != 1 || d.Purpose != "choose an unoccupied action space to move p2's agent to, from The Plinth" {
		t.Errorf("second choice: %+v", d)
	}
	for _, name := range []string{"the-plinth", "field-of-triumph", "waterdeep-harbor/2", "waterdeep-harbor/3"} {
		buildingIllegal(t, s, ChooseSpace{0, space(t, &s, name)})
	}
	buildingLegal(t, s, ChooseSpace{0, space(t, &s, "entry-well")}) // the module's own board
	s = apply(t, s, ChooseSpace{0, horn})
	d = buildingExpect(t, s, RespondDecision, 1)
	if d.Other != 0 || d.Purpose != "p1 moved your agent from The Plinth to The Golden Horn: take its action?" || d.Source != "Manipulate" {
		t.Errorf("p2's question: %+v", d)
	}
	buildingLegalSet(t, s, Respond{1, true}, Respond{1, false})
	// Every seat's view of the question, in JSON and sampled, shows it.
	r := rand.New(rand.NewPCG(1, 226))
	for _, viewer := range []PlayerID{0, 1, 2, Spectator} {
		checkModuleView(t, s, viewer, r)
	}
	s, events, err := s.ApplyEvents(Respond{1, true}, nil)
	if err != nil {
		t.Fatal(err)
	}
	moved := []Event{{Kind: EvAgentMoved, Player: 1, Other: 0, Space: plinth}, {Kind: EvPlaced, Player: 1, As: placedMoved, Space: horn}}
	if got := events[1:3]; !cmp.Equal(moved, got) {
		t.Errorf("events %v, want %v first", events, moved)
	}
	if got := s.c.FormatEvent(moved[0], 2) + "; " + s.c.FormatEvent(moved[1], 2); got != "p1 moves p2's agent off the-plinth; p2's agent is put on the-golden-horn" {
		t.Errorf("event text %q", got)
	}
	// p1 assigns an agent: The Plinth is free again.
	buildingExpect(t, s, PlaceAgentDecision, 0)
	buildingLegal(t, s, PlaceAgent{0, plinth})
	s = apply(t, s, PlaceAgent{0, plinth})

	want.Players[0].Pool -= 2
	want.Players[0].Hand = nil
	want.Players[0].Tavern[Cleric]++
	want.Supply[Cleric]--
	want.Players[1].Gold += 4 // The Golden Horn's stock
	want.Players[2].Gold += 2 // its owner benefit
	want.ToAct = 1
	if d := diff(want, factsOf(s)); d != "" {
		t.Errorf("(-want +got):\n%s", d)
	}
	if s.occupant[horn] != 2 || s.occupant[plinth] != 1 {
		t.Errorf("occupants: the-golden-horn %d, the-plinth %d", s.occupant[horn], s.occupant[plinth])
	}
}

// ref: manipulate. The opponent may refuse the action: the agent stands on
// its new space, and what lies there stays.
func TestUndermountainManipulateDeclined(t *testing.T) {
	s := manipulateGame(t)
	shop := space(t, &s, "auroras-realms-shop")
	putPlaced(t, &s, "auroras-realms-shop", Bundle{Rogue: 1})
	want := factsOf(s)
	s = playCardAs(t, s, 0, "manipulate")
	s = apply(t, s, ChooseSpace{0, space(t, &s, "blackstaff-tower")}, ChooseSpace{0, shop}, Respond{2, false})
	s = apply(t, s, PlaceAgent{0, space(t, &s, "blackstaff-tower")})
	want.Players[0].Pool -= 2
	want.Players[0].Hand = nil
	want.Players[0].Tavern[Wizard]++
	want.Supply[Wizard]--
	want.ToAct = 1
	if d := diff(want, factsOf(s)); d != "" {
		t.Errorf("(-want +got):\n%s", d)
	}
	if s.occupant[shop] != 3 {
		t.Errorf("Aurora's Realms Shop holds %d, want p3's agent", s.occupant[shop])
	}
	umPlaced(t, s, map[string]Bundle{"auroras-realms-shop": {Rogue: 1}})
}

// ref: manipulate. An opponent who could not assign an agent to the space
// (Builder's Hall without gold) is not asked: the agent is just moved.
// Without an agent left in the pool, the player assigns none.
func TestUndermountainManipulateNoAction(t *testing.T) {
	s := manipulateGame(t)
	setTavern(&s, 1, 0, 0, 0, 0, 0)
	hall := space(t, &s, "builders-hall")
	s.players[0].pool = 1 // the agent for the Harbor only
	want := factsOf(s)
	s = playCardAs(t, s, 0, "manipulate")
	s = apply(t, s, ChooseSpace{0, space(t, &s, "the-plinth")}, ChooseSpace{0, hall})
	want.Players[0].Pool = 0
	want.Players[0].Hand = nil
	want.ToAct = 1
	if d := diff(want, factsOf(s)); d != "" {
		t.Errorf("(-want +got):\n%s", d)
	}
	if s.occupant[hall] != 2 {
		t.Errorf("Builder's Hall holds %d, want p2's agent", s.occupant[hall])
	}
}

// ref: manipulate. The card needs an opponent's agent to move: not the
// Harbor's, not the Ambassador, not an opponent who revealed their lord.
func TestUndermountainManipulateTargets(t *testing.T) {
	s := umGame(t)
	harbor := space(t, &s, "waterdeep-harbor/1")
	s = apply(t, s, PlaceAgent{0, space(t, &s, "field-of-triumph")})
	setHand(t, &s, 1, "call-for-adventurers")
	s = apply(t, s, PlaceAgent{1, harbor})
	for d := s.Pending(); d.Kind != PlaceAgentDecision || d.Player != 2; d = s.Pending() {
		s = apply(t, s, s.LegalActions()[0]) // Call for Adventurers' picks
	}
	s = apply(t, s, PlaceAgent{2, space(t, &s, "the-plinth")})
	setHand(t, &s, 0, "manipulate")
	s.lordsShown = 1 << 2 // p3 revealed their lord
	if err := s.Legal(PlaceAgent{0, space(t, &s, "waterdeep-harbor/2")}); !errors.Is(err, SpaceUnavailable) {
		t.Errorf("the Harbor with only p2's Harbor agent and an immune p3: %v, want SpaceUnavailable", err)
	}
	s.lordsShown = 0
	buildingLegal(t, s, PlaceAgent{0, space(t, &s, "waterdeep-harbor/2")})
}

// ref: manipulate. A quest p2 completes with the moved agent (Heroes'
// Garden) is not p1's quest of the turn: p1 may still complete one.
func TestUndermountainManipulateQuestOfTheTurn(t *testing.T) {
	s := manipulateGame(t)
	giveTile(t, &s, 2, "heroes-garden")
	setCliffwatch(t, &s, "raid-orc-stronghold", "domesticate-owlbears", "procure-stolen-goods", "spy-on-the-house-of-light")
	setTavern(&s, 1, 0, 4, 2, 0, 4) // p2 can complete Raid Orc Stronghold
	giveQuest(t, &s, 0, "train-bladesingers")
	setTavern(&s, 0, 0, 3, 0, 1, 0) // p1 can complete Train Bladesingers
	raid := QuestID(quest(t, &s, "raid-orc-stronghold"))
	s = playCardAs(t, s, 0, "manipulate")
	s = apply(t, s, ChooseSpace{0, space(t, &s, "the-plinth")}, ChooseSpace{0, space(t, &s, "heroes-garden")}, Respond{1, true})
	s = apply(t, s, TakeQuest{1, raid})
	buildingLegalSet(t, s, CompleteQuest{1, raid}, Decline{1})
	s = apply(t, s, CompleteQuest{1, raid}, PlaceAgent{0, space(t, &s, "the-plinth")})
	buildingExpect(t, s, CompleteQuestDecision, 0)
	s = apply(t, s, CompleteQuest{0, QuestID(quest(t, &s, "train-bladesingers"))})
	got := factsOf(s)
	if !cmp.Equal(got.Players[1].Completed, []string{"raid-orc-stronghold"}) || !cmp.Equal(got.Players[0].Completed, []string{"train-bladesingers"}) {
		t.Errorf("completed: p1 %v, p2 %v", got.Players[0].Completed, got.Players[1].Completed)
	}
}

// ref: manipulate. The Ambassador is not an agent Manipulate moves.
func TestUndermountainManipulateNotTheAmbassador(t *testing.T) {
	s := umGame(t)
	giveTile(t, &s, 1, "the-palace-of-waterdeep")
	buildingPools(&s, 1, 1, 1)
	s = apply(t, s, PlaceAgent{0, space(t, &s, "field-of-triumph")}, PlaceAgent{1, space(t, &s, "the-palace-of-waterdeep")},
		PlaceAgent{2, space(t, &s, "the-plinth")})
	// Round 2: p2 assigns the Ambassador first, then everyone an agent.
	if d := buildingExpect(t, s, PlaceAgentDecision, 1); !d.Ambassador {
		t.Fatalf("want the Ambassador's placement, got %+v", d)
	}
	s = apply(t, s, PlaceAgent{1, space(t, &s, "the-grinning-lion-tavern")}, PlaceAgent{0, space(t, &s, "field-of-triumph")},
		PlaceAgent{1, space(t, &s, "the-plinth")}, PlaceAgent{2, space(t, &s, "blackstaff-tower")})
	s = playCardAs(t, s, 0, "manipulate")
	buildingExpect(t, s, ChooseSpaceDecision, 0)
	buildingLegalSet(t, s, ChooseSpace{0, space(t, &s, "the-plinth")}, ChooseSpace{0, space(t, &s, "blackstaff-tower")})
}

// ref: open_lord, demolish, and the Skullport module's forge_deed and
// expose_corruption. "Opponents' Attack cards cannot affect you": an
// opponent who revealed their lord keeps their buildings (Demolish, Forge
// Deed) and takes no corruption from Expose Corruption (RULES.md 222).
func TestUndermountainOpenLordAgainstBuildingsAndCorruption(t *testing.T) {
	s := moduleCardGame(t, Undermountain|Skullport)
	giveTile(t, &s, 1, "the-eyes-lair")        // p2's, revealed: immune
	giveTile(t, &s, 2, "trobriands-graveyard") // p3's
	setForSale(t, &s, 0, "the-librarium", "room-of-wisdom", "belkrams-tomb")
	setTavern(&s, 0, 0, 0, 0, 0, 10)
	s.lordsShown = 1 << 1
	eyes, graveyard := buildingID(t, &s, "the-eyes-lair"), buildingID(t, &s, "trobriands-graveyard")

	// p3's building is the one to demolish: chosen without asking.
	d := playCardAs(t, s, 0, "demolish")
	d = apply(t, d, ChooseBuilding{0, buildingID(t, &d, "the-librarium")})
	if o, ok := d.Owner(eyes); !ok || o != 1 {
		t.Errorf("the revealed lord's building: owner %v, in play %v", o, ok)
	}
	if _, ok := d.Owner(graveyard); ok {
		t.Errorf("p3's building is still in play")
	}
	if r := s.demolishReason(0, int(eyes), noStanding); r != NoSuchBuilding {
		t.Errorf("demolishing the revealed lord's building: %v, want NoSuchBuilding", r)
	}

	// The same for Forge Deed.
	f := playCardAs(t, s, 0, "forge-deed")
	if o, ok := f.Owner(graveyard); !ok || o != 0 {
		t.Errorf("Forge Deed: p3's building owned by %v (%v)", o, ok)
	}
	if o, ok := f.Owner(eyes); !ok || o != 1 {
		t.Errorf("Forge Deed: the revealed lord's building owned by %v (%v)", o, ok)
	}

	s.players[1].corrupt, s.players[2].corrupt = 2, 2
	s.track[1], s.track[2] = 1, 2 // the four tokens the opponents hold
	e := playCardAs(t, s, 0, "expose-corruption")
	if got := []int{e.Corruption(0), e.Corruption(1), e.Corruption(2)}; !cmp.Equal(got, []int{0, 2, 3}) {
		t.Errorf("corruption after Expose Corruption %v, want p3's only grown", got)
	}

	// Nobody else to attack: neither card can be played.
	s.lordsShown = 1<<1 | 1<<2
	setHand(t, &s, 0, "demolish")
	if err := s.Legal(PlaceAgent{0, space(t, &s, "waterdeep-harbor/1")}); !errors.Is(err, SpaceUnavailable) {
		t.Errorf("Demolish with only revealed lords' buildings: %v, want SpaceUnavailable", err)
	}
	setHand(t, &s, 0, "forge-deed")
	if err := s.Legal(PlaceAgent{0, space(t, &s, "waterdeep-harbor/1")}); !errors.Is(err, SpaceUnavailable) {
		t.Errorf("Forge Deed with only revealed lords' buildings: %v, want SpaceUnavailable", err)
	}
}

// ref: demolish. The building taken from Builder's Hall needs a control
// marker: a player holding all of theirs may demolish only their own
// building, which frees one (RULES.md 223).
func TestUndermountainDemolishControlMarkers(t *testing.T) {
	s := umQuestGame(t)
	own := []string{"belkrams-tomb", "citadel-of-the-bloody-hand", "hall-of-many-pillars", "hall-of-sleeping-kings",
		"high-dukes-tomb", "room-of-wisdom", "shadowdusk-hold", "the-librarium", "the-lost-cavern"}
	for _, id := range own {
		giveTile(t, &s, 0, id)
	}
	giveTile(t, &s, 1, "the-eyes-lair")
	setForSale(t, &s, 0, "hall-of-three-lords", "trobriands-graveyard")
	setTavern(&s, 0, 0, 0, 0, 0, 10)
	s = playCardAs(t, s, 0, "demolish")
	var want []Action
	for _, id := range own {
		want = append(want, ChooseBuilding{0, buildingID(t, &s, id)})
	}
	buildingLegalSet(t, s, want...)
	if err := s.Legal(ChooseBuilding{0, buildingID(t, &s, "the-eyes-lair")}); !errors.Is(err, TooManyBuildings) {
		t.Errorf("demolishing p2's building with no control marker left: %v, want TooManyBuildings", err)
	}
	s = apply(t, s, ChooseBuilding{0, buildingID(t, &s, "the-lost-cavern")}, ChooseBuilding{0, buildingID(t, &s, "trobriands-graveyard")})
	got := factsOf(s).Players[0].Buildings
	if len(got) != 9 || slices.Contains(got, "the-lost-cavern") || !slices.Contains(got, "trobriands-graveyard") {
		t.Errorf("p1's buildings %v", got)
	}
}

// ref: demolish. A demolished tile leaves the game with what lies on it:
// the adventurers go back to the supply and the corruption to the track
// (RULES.md 32 and 223); the gold is the bank's.
func TestUndermountainDemolishPlacedResources(t *testing.T) {
	s := moduleCardGame(t, Undermountain|Skullport)
	giveTile(t, &s, 1, "the-librarium")
	setForSale(t, &s, 0, "room-of-wisdom", "belkrams-tomb", "the-lost-cavern")
	setTavern(&s, 0, 0, 0, 0, 0, 7) // The Librarium's cost
	putPlaced(t, &s, "the-librarium", Bundle{Fighter: 2, Gold: 3})
	lib := uint8(space(t, &s, "the-librarium"))
	s.pileOn(0, lib, &content.Step{Corruption: 1})
	s.endPiling()
	supply, track := s.Supply(), s.Track()
	s = playCardAs(t, s, 0, "demolish")
	s = apply(t, s, ChooseBuilding{0, buildingID(t, &s, "room-of-wisdom")}) // the one demolishable tile: chosen already
	if got := s.Placed(); len(got) != 0 {
		t.Errorf("still placed: %v", got)
	}
	supply[Fighter] += 2
	track[0]++ // the token taken from -1 goes back onto the track
	if d := cmp.Diff(supply, s.Supply()); d != "" {
		t.Errorf("supply (-want +got):\n%s", d)
	}
	if got := s.Track(); got != track {
		t.Errorf("track %v, want %v", got, track)
	}
}

// An opponent's adventurer of Call for Adventurers ("each opponent takes 1
// of theirs") is any kind they like, in a game with The Eye's Lair: only a
// pick that comes just before its own player must play an intrigue card is
// narrowed to the picks that leave a card playable (RULES.md 229), and
// this one is the opponent's, inside another player's card. Issue 39: a
// mutant that narrowed every pick of a gain whose frame below is not the
// picker's own program survived every test.
func TestUndermountainOpponentsPickIsNotNarrowed(t *testing.T) {
	s := umGame(t)
	if !s.c.um.pickThenPlay {
		t.Fatal("the content has no space that gives adventurers of any kind and then plays a card")
	}
	setHand(t, &s, 1, "honor-among-thieves") // pays 2 rogues: p2 has 1
	setTavern(&s, 1, 0, 0, 1, 0, 0)
	s = playCardAs(t, s, 0, "call-for-adventurers")
	s = apply(t, s, ChooseResources{0, Pick{Fighter: 2}})
	buildingExpect(t, s, ChooseAdventurersDecision, 1)
	buildingLegalSet(t, s, ChooseResources{1, Pick{Cleric: 1}}, ChooseResources{1, Pick{Fighter: 1}},
		ChooseResources{1, Pick{Rogue: 1}}, ChooseResources{1, Pick{Wizard: 1}})
	if err := s.Legal(ChooseResources{1, Pick{Wizard: 1}}); err != nil {
		t.Errorf("p2 takes a wizard: %v", err)
	}
}

// The card just drawn by Unexpected Success is hidden from the other
// seats, and a state sampled from their view stands for it with one of the
// drawing player's hidden cards that can be played now, chosen at random
// among them (drawn_hidden.go): over many samples, not always the same
// one of a hand with several. Issue 39: a mutant that always took the
// first playable card of the sampled hand survived every test.
func TestUndermountainDrawnCardSampledAtRandom(t *testing.T) {
	s := umGame(t)
	s.first = 2
	stackIntrigue(t, &s, "preferential-treatment", "tax-revolt")
	s = playCardAs(t, s, 0, "unexpected-success")
	buildingExpect(t, s, PlayIntrigueDecision, 0)
	giveIntrigue(t, &s, 0, "call-in-a-favor") // two more cards in p1's hand, unseen by p2
	giveIntrigue(t, &s, 0, "free-drinks")
	v := s.View(1)
	varied := false
	for seed := range uint64(40) {
		u, err := Determinize(v, seed)
		if err != nil {
			t.Fatal(err)
		}
		f := u.top()
		c, ok := f.onlyCard()
		if f.kind != dIntrigue || !ok {
			t.Fatalf("seed %d: top frame %+v, want the offer of the card drawn", seed, *f)
		}
		hidden := u.players[0].hand.andNot(u.knownHand)
		first := -1
		for i := hidden.next(0); i >= 0; i = hidden.next(i + 1) {
			if u.cardPlayable(0, uint8(i), 0, noStanding) {
				first = i
				break
			}
		}
		if !hidden.has(c) || !u.cardPlayable(0, c, 0, noStanding) {
			t.Fatalf("seed %d: the card drawn is %d, not a playable hidden card of p1's", seed, c)
		}
		varied = varied || int(c) != first
	}
	if !varied {
		t.Errorf("every sample stands for the card drawn with the first playable card of p1's hand")
	}
}

// ref: manipulate. An opponent's agent on a space numbered past 63 (the
// second word of the board's masks: Skullport's board spaces, with both
// modules) is one that Manipulate may move: with it the only one, the card
// is playable and the Harbor open to p1. Issue 39: a mutant that looked
// only at the spaces numbered below 64 for an agent to move survived every
// test.
func TestUndermountainManipulateAgentOnAHighSpace(t *testing.T) {
	s := moduleCardGame(t, Undermountain|Skullport)
	island := space(t, &s, "skull-island")
	if island < 64 {
		t.Fatalf("Skull Island is space %d, want one past 63", island)
	}
	s = apply(t, s, PlaceAgent{0, space(t, &s, "field-of-triumph")}, PlaceAgent{1, island})
	for d := s.Pending(); d.Kind != PlaceAgentDecision || d.Player != 2; d = s.Pending() {
		s = apply(t, s, s.LegalActions()[0])
	}
	s = playCardAs(t, s, 2, "call-in-a-favor") // p3's agent on the Harbor: not one to move
	for d := s.Pending(); d.Kind != PlaceAgentDecision || d.Player != 0; d = s.Pending() {
		s = apply(t, s, s.LegalActions()[0])
	}
	if s.occupant[island] != 2 {
		t.Fatalf("Skull Island holds %d, want p2's agent", s.occupant[island])
	}
	setHand(t, &s, 0, "manipulate")
	if err := s.Legal(PlaceAgent{0, space(t, &s, "waterdeep-harbor/2")}); err != nil {
		t.Errorf("the Harbor, with p2's agent on Skull Island to move: %v", err)
	}
}
