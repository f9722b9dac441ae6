package waterdeep

// Scenario tests for the 12 building tiles of the Skullport module, each
// naming its entry in ../shared/reference/skullport/buildings.yaml. In
// each, p2 (seat 1) owns the tile and p1 (seat 0) assigns an agent to it.

import (
	"errors"
	"fmt"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// skTileGame is skGame with tile id in play under seat 1's control.
func skTileGame(t *testing.T, id string) (State, SpaceID) {
	t.Helper()
	s := skGame(t)
	b := giveTile(t, &s, 1, id)
	return s, s.c.TileSpace(BuildingID(b))
}

func TestSkullportTileCryptkeyFacilitations(t *testing.T) { // ref cryptkey_facilitations
	s, sp := skTileGame(t, "cryptkey-facilitations")
	want := skOf(s)
	s = apply(t, s, PlaceAgent{0, sp})
	want.Facts.Players[0].Tavern[Rogue] += 3
	want.Facts.Supply[Rogue] -= 3
	want.Facts.Players[0].Gold += 5
	skTake(&want, 0, 1)
	want.Facts.Players[1].Gold += 3
	skNextTurn(&want, 0)
	skCheck(t, "cryptkey_facilitations", want, s)
}

func TestSkullportTileDelversFolly(t *testing.T) { // ref delvers_folly
	s, sp := skTileGame(t, "delvers-folly")
	if err := s.Legal(PlaceAgent{0, sp}); !errors.Is(err, SpaceUnavailable) {
		t.Fatalf("Delver's Folly with no corruption: %v, want SpaceUnavailable (RULES.md 107)", err)
	}
	skCorrupt(&s, 0, 2)
	want := skOf(s)
	s = apply(t, s, PlaceAgent{0, sp})
	buildingExpect(t, s, ChooseSpaceDecision, 0)
	buildingIllegal(t, s, ChooseSpace{0, space(t, &s, "builders-hall") + 200})
	plinth := space(t, &s, "the-plinth")
	s, evs, err := s.ApplyEvents(ChooseSpace{0, plinth}, nil)
	if err != nil {
		t.Fatal(err)
	}
	// The move is told as a move from the tavern, not a placement from
	// the track (TestModuleEventsAccount).
	if d := cmp.Diff([]Event{{Kind: EvCorruptionMoved, Player: 0, Space: plinth, Corruption: 1}}, skCorruptionEvents(evs)); d != "" {
		t.Errorf("events (-want +got):\n%s", d)
	}
	want.Held[0]--
	want.Placed = map[string]PlacedResources{"the-plinth": {Space: plinth, Corruption: 1}}
	want.Facts.Players[1].Score += 2
	skNextTurn(&want, 0)
	skCheck(t, "delvers_folly", want, s)
	// The next agent assigned to The Plinth takes the token.
	s = apply(t, s, PlaceAgent{1, space(t, &s, "the-plinth")})
	if s.Corruption(1) != 1 || len(s.Placed()) != 0 {
		t.Errorf("p2 holds %d corruption; placed %v", s.Corruption(1), s.Placed())
	}
}

func TestSkullportTileMonstersMadeToOrder(t *testing.T) { // ref monsters_made_to_order
	s, sp := skTileGame(t, "monsters-made-to-order")
	// Bought: 1 corruption from the track lies on it.
	if got := s.Stock(BuildingID(tile(t, &s, "monsters-made-to-order"))); got != 1 || s.Track()[0] != 0 {
		t.Fatalf("stock %d, track %v; want 1 token moved from the track", got, s.Track())
	}
	tower := space(t, &s, "blackstaff-tower")
	s = apply(t, s, PlaceAgent{0, tower}, PlaceAgent{1, space(t, &s, "field-of-triumph")},
		PlaceAgent{2, space(t, &s, "the-plinth")})
	want := skOf(s)
	s, evs, err := s.ApplyEvents(PlaceAgent{0, sp}, nil)
	if err != nil {
		t.Fatal(err)
	}
	// One token taken: one of p1's two assigned agents goes back.
	buildingExpect(t, s, ChooseSpaceDecision, 0)
	buildingLegalSet(t, s, ChooseSpace{0, tower}, ChooseSpace{0, sp})
	if s, evs, err = s.ApplyEvents(ChooseSpace{0, tower}, evs); err != nil {
		t.Fatal(err)
	}
	// The token taken is told, as every change of a player's corruption
	// is (TestModuleEventsAccount).
	taken := 0
	for _, e := range evs {
		if e.Kind == EvCorruptionTaken && e.Player == 0 {
			taken += e.Corruption
		}
	}
	if taken != 1 {
		t.Errorf("events %v tell %d corruption tokens taken, want 1", evs, taken)
	}
	want.Held[0]++
	want.Facts.Players[1].Score += 2
	skNextTurn(&want, 0)
	want.Facts.Players[0].Pool++
	skCheck(t, "monsters_made_to_order", want, s)
	if s.Stock(BuildingID(tile(t, &s, "monsters-made-to-order"))) != 0 || s.occupant[tower] != 0 {
		t.Errorf("the stock or the agent stayed")
	}
	d := s.c.Building(BuildingID(tile(t, &s, "monsters-made-to-order"))).Describe()
	if want := "When it is bought and at the start of each round, 1 corruption token from the corruption track is placed here."; !strings.Contains(d, want) {
		t.Errorf("description %q lacks %q", d, want)
	}
}

func TestSkullportTilePromenadeOfTheDarkMaiden(t *testing.T) { // ref promenade_of_the_dark_maiden
	// "Up to 2", the player's choice one token at a time (RULES.md 101):
	// none, 1 or 2 of 3 tokens, none or the 1 there is, and no question
	// holding none (the tile needs no token to be used).
	for held := range 4 {
		for removed := range min(held, 2) + 1 {
			s, sp := skTileGame(t, "promenade-of-the-dark-maiden")
			skCorrupt(&s, 0, held)
			want := skOf(s)
			s = apply(t, s, PlaceAgent{0, sp})
			if held > 0 {
				s = skUpTo(t, s, 0, true, 2, removed, "Promenade of the Dark Maiden")
			}
			want.Held[0] -= removed
			want.Removed += removed
			want.Facts.Players[1].Score += 3
			skNextTurn(&want, 0)
			skCheck(t, fmt.Sprintf("promenade_of_the_dark_maiden, %d of %d removed", removed, held), want, s)
		}
	}
}

func TestSkullportTileSecretShrine(t *testing.T) { // ref secret_shrine
	// Holding no token is no bar (RULES.md 101).
	for _, held := range []int{2, 0} {
		s, sp := skTileGame(t, "secret-shrine")
		skCorrupt(&s, 0, held)
		want := skOf(s)
		s = apply(t, s, PlaceAgent{0, sp})
		skReturn(&want, 0, 1)
		want.Facts.Players[0].Tavern[Cleric]++
		want.Facts.Players[1].Tavern[Cleric]++
		want.Facts.Supply[Cleric] -= 2
		skNextTurn(&want, 0)
		skCheck(t, "secret_shrine", want, s)
	}
}

func TestSkullportTileShradinsExcellentZombies(t *testing.T) { // ref shradins_excellent_zombies
	s, sp := skTileGame(t, "shradins-excellent-zombies")
	want := skOf(s)
	s = apply(t, s, PlaceAgent{0, sp})
	want.Facts.Players[0].Tavern[Cleric]++
	want.Facts.Players[0].Tavern[Fighter] += 3
	want.Facts.Supply[Cleric]--
	want.Facts.Supply[Fighter] -= 3
	skTake(&want, 0, 1)
	want.Facts.Players[1].Gold += 3
	skNextTurn(&want, 0)
	skCheck(t, "shradins_excellent_zombies", want, s)
}

func TestSkullportTileTheDeepfires(t *testing.T) { // ref the_deepfires
	s, sp := skTileGame(t, "the-deepfires")
	setCliffwatch(t, &s, "bury-the-bodies", "pay-fines", "sanctify-temple-to-oghma", "patrol-dock-ward")
	want := skOf(s)
	s = apply(t, s, PlaceAgent{0, sp})
	buildingExpect(t, s, ChooseAdventurersDecision, 0)
	s = apply(t, s, ChooseResources{0, Pick{Wizard: 1}})
	buildingExpect(t, s, TakeQuestDecision, 0)
	s = apply(t, s, TakeQuest{0, QuestID(quest(t, &s, "pay-fines"))})
	want.Facts.Players[0].Gold += 5
	want.Facts.Players[0].Tavern[Wizard]++
	want.Facts.Supply[Wizard]--
	want.Facts.Players[0].Active = []string{"pay-fines"}
	want.Facts.Cliffwatch = factsOf(s).Cliffwatch
	skTake(&want, 0, 1)
	want.Facts.Players[1].Score += 3
	skNextTurn(&want, 0)
	skCheck(t, "the_deepfires", want, s)
}

func TestSkullportTileTheFrontalLobe(t *testing.T) { // ref the_frontal_lobe
	s, sp := skTileGame(t, "the-frontal-lobe")
	if err := s.Legal(PlaceAgent{0, sp}); !errors.Is(err, SpaceUnavailable) {
		t.Fatalf("The Frontal Lobe with an empty tavern: %v, want SpaceUnavailable", err)
	}
	setTavern(&s, 0, 1, 0, 1, 0, 10)
	want := skOf(s)
	s = apply(t, s, PlaceAgent{0, sp})
	d := buildingExpect(t, s, ChooseAdventurersDecision, 0)
	if d.Other != 1 || d.Count != 1 {
		t.Errorf("decision %+v: want 1 adventurer for p2", d)
	}
	s = apply(t, s, ChooseResources{0, Pick{Rogue: 1}})
	want.Facts.Players[0].Tavern[Rogue]--
	want.Facts.Players[1].Tavern[Rogue]++
	want.Facts.Players[0].Tavern[Wizard] += 3
	want.Facts.Supply[Wizard] -= 3
	skTake(&want, 0, 1)
	skNextTurn(&want, 0)
	skCheck(t, "the_frontal_lobe", want, s)
}

// The owner's own visit returns the adventurer to the supply.
func TestSkullportTileTheFrontalLobeOwner(t *testing.T) { // ref the_frontal_lobe
	s, sp := skTileGame(t, "the-frontal-lobe")
	s.tileOwner[tile(t, &s, "the-frontal-lobe")] = 1 // seat 0 owns it
	s.players[0].buildings, s.players[1].buildings = 1, 0
	setTavern(&s, 0, 1, 0, 0, 0, 10)
	want := skOf(s)
	want.Facts.Players[0].Buildings, want.Facts.Players[1].Buildings = []string{"the-frontal-lobe"}, nil
	s = apply(t, s, PlaceAgent{0, sp})
	want.Facts.Players[0].Tavern[Cleric]--
	want.Facts.Supply[Cleric]++
	want.Facts.Players[0].Tavern[Wizard] += 3
	want.Facts.Supply[Wizard] -= 3
	skTake(&want, 0, 1)
	skNextTurn(&want, 0)
	skCheck(t, "the_frontal_lobe (owner)", want, s)
}

func TestSkullportTileTheHellHoundsMuzzle(t *testing.T) { // ref the_hell_hounds_muzzle
	s, sp := skTileGame(t, "the-hell-hounds-muzzle")
	want := skOf(s)
	s = apply(t, s, PlaceAgent{0, sp})
	// The owner benefit (an adventurer of any kind) is chosen by p2.
	buildingExpect(t, s, ChooseAdventurersDecision, 1)
	s = apply(t, s, ChooseResources{1, Pick{Fighter: 1}})
	for k := range NumAdventurers {
		want.Facts.Players[0].Tavern[k]++
		want.Facts.Supply[k]--
	}
	want.Facts.Players[1].Tavern[Fighter]++
	want.Facts.Supply[Fighter]--
	skTake(&want, 0, 1)
	skNextTurn(&want, 0)
	skCheck(t, "the_hell_hounds_muzzle", want, s)
}

func TestSkullportTileThePoisonedQuill(t *testing.T) { // ref the_poisoned_quill
	s, sp := skTileGame(t, "the-poisoned-quill")
	if err := s.Legal(PlaceAgent{0, sp}); !errors.Is(err, SpaceUnavailable) {
		t.Fatalf("The Poisoned Quill with no intrigue card: %v, want SpaceUnavailable", err)
	}
	skCorrupt(&s, 0, 2)
	setHand(t, &s, 0, "repent")
	want := skOf(s)
	s = apply(t, s, PlaceAgent{0, sp})
	// Return 1, then Repent (the one card, played at once) returns 1 more.
	skReturn(&want, 0, 2)
	want.Facts.Players[0].Hand = nil
	want.Facts.Players[1].Gold += 3
	skNextTurn(&want, 0)
	skCheck(t, "the_poisoned_quill", want, s)
}

func TestSkullportTileTheThrownGauntlet(t *testing.T) { // ref the_thrown_gauntlet
	s, sp := skTileGame(t, "the-thrown-gauntlet")
	want := skOf(s)
	s = apply(t, s, PlaceAgent{0, sp})
	want.Facts.Players[0].Tavern[Fighter] += 3
	want.Facts.Players[0].Tavern[Rogue] += 3
	want.Facts.Players[1].Tavern[Fighter]++
	want.Facts.Players[1].Tavern[Rogue]++
	want.Facts.Supply[Fighter] -= 4
	want.Facts.Supply[Rogue] -= 4
	skTake(&want, 0, 1)
	skNextTurn(&want, 0)
	skCheck(t, "the_thrown_gauntlet", want, s)
}

func TestSkullportTileThimblewinesPawnshop(t *testing.T) { // ref thimblewines_pawnshop
	// Holding no token is no bar (RULES.md 101).
	for _, held := range []int{1, 0} {
		s, sp := skTileGame(t, "thimblewines-pawnshop")
		skCorrupt(&s, 0, held)
		want := skOf(s)
		s = apply(t, s, PlaceAgent{0, sp})
		skReturn(&want, 0, 1)
		want.Facts.Players[0].Gold++
		want.Facts.Players[1].Gold += 2
		skNextTurn(&want, 0)
		skCheck(t, "thimblewines_pawnshop", want, s)
	}
}

// Each tile's cost, from its reference entry (TestSkullportContentCounts
// checks only their sum, which a swap would keep).
func TestSkullportTileCosts(t *testing.T) {
	want := map[string]int{
		"cryptkey-facilitations": 7, "delvers-folly": 6, "monsters-made-to-order": 3,
		"promenade-of-the-dark-maiden": 9, "secret-shrine": 8, "shradins-excellent-zombies": 6,
		"the-deepfires": 6, "the-frontal-lobe": 4, "the-hell-hounds-muzzle": 8,
		"the-poisoned-quill": 5, "the-thrown-gauntlet": 8, "thimblewines-pawnshop": 7,
	}
	c := FullContent()
	got := map[string]int{}
	for b := range c.NumBuildings() {
		if tl := c.Building(BuildingID(b)); tl.Module == Skullport {
			got[tl.ID] = tl.Cost
		}
	}
	if d := cmp.Diff(want, got); d != "" {
		t.Errorf("tile costs (-reference +content):\n%s", d)
	}
}

// skCorruptionEvents returns the events of evs that move corruption tokens
// or put resources on spaces.
func skCorruptionEvents(evs []Event) []Event {
	var out []Event
	for _, e := range evs {
		switch e.Kind {
		case EvCorruptionTaken, EvCorruptionReturned, EvCorruptionRemoved, EvCorruptionMoved, EvResourcesPlaced, EvPlacedTaken:
			out = append(out, e)
		}
	}
	return out
}
