package waterdeep

// Scenario tests for the six board spaces of the modules (Undermountain:
// Entry Well, Hall of Mirrors, The Grim Statue; Skullport: Hall of the
// Voice, Skull Island, Slavers' Market), and for adventurers of any kind in
// a payment.

import (
	"errors"
	"testing"

	"github.com/waterdeep-go/waterdeep/content"
)

// moduleSpaceGame is a 3-player game with both modules (the long game) in
// which nobody holds a quest or an intrigue card.
func moduleSpaceGame(t *testing.T) State {
	t.Helper()
	s := skullGame(t, Undermountain|Skullport)
	emptyHoldings(t, &s)
	return s
}

func TestEntryWell(t *testing.T) {
	s := moduleSpaceGame(t)
	well := PlaceAgent{0, space(t, &s, "entry-well")}
	if err := s.Legal(well); !errors.Is(err, SpaceUnavailable) {
		t.Fatalf("Entry Well without an intrigue card: %v, want SpaceUnavailable (RULES.md 34)", err)
	}
	setHand(t, &s, 0, "purify")
	setCliffwatch(t, &s, "domesticate-owlbears", "expose-red-wizards-spies", "host-festival-for-sune", "infiltrate-halasters-circle")
	want := factsOf(s)
	s = apply(t, s, well)
	buildingExpect(t, s, TakeQuestDecision, 0)
	s = apply(t, s, TakeQuest{0, QuestID(quest(t, &s, "host-festival-for-sune"))})
	// purify is the one playable card: played at once.
	want.Players[0].Active = []string{"host-festival-for-sune"}
	want.Players[0].Hand = nil
	want.Players[0].Pool--
	want.Cliffwatch = factsOf(s).Cliffwatch
	want.ToAct = 1
	if d := diff(want, factsOf(s)); d != "" {
		t.Errorf("(-want +got):\n%s", d)
	}
	if !s.intrigueDiscard.has(uint8(s.c.IntrigueCopies("purify")[0])) {
		t.Errorf("purify was not played")
	}
}

func TestHallOfMirrors(t *testing.T) {
	s := moduleSpaceGame(t)
	s = apply(t, s, PlaceAgent{0, space(t, &s, "hall-of-mirrors")})
	buildingExpect(t, s, ChooseOptionDecision, 0)
	buildingLegalSet(t, s, ChooseResources{0, Pick{Cleric: 1}}, ChooseResources{0, Pick{Fighter: 1}},
		ChooseResources{0, Pick{Rogue: 1}}, ChooseResources{0, Pick{Wizard: 1}}, ChooseResources{0, Pick{Fighter: 1, Rogue: 1}})
	buildingIllegal(t, s, ChooseResources{0, Pick{Wizard: 2}})
	buildingIllegal(t, s, ChooseResources{0, Pick{Fighter: 1, Wizard: 1}})
	want := factsOf(s)
	both := apply(t, s, ChooseResources{0, Pick{Fighter: 1, Rogue: 1}})
	s = apply(t, s, ChooseResources{0, Pick{Wizard: 1}})
	want.ToAct, want.Pending = 1, PlaceAgentDecision
	wantBoth := want
	wantBoth.Players = append([]playerFacts(nil), want.Players...)
	want.Players[0].Tavern[Wizard]++
	want.Supply[Wizard]--
	if d := diff(want, factsOf(s)); d != "" {
		t.Errorf("an adventurer of any kind (-want +got):\n%s", d)
	}
	wantBoth.Players[0].Tavern[Fighter]++
	wantBoth.Players[0].Tavern[Rogue]++
	wantBoth.Supply[Fighter]--
	wantBoth.Supply[Rogue]--
	if d := diff(wantBoth, factsOf(both)); d != "" {
		t.Errorf("a fighter and a rogue (-want +got):\n%s", d)
	}
}

func TestGrimStatue(t *testing.T) {
	s := moduleSpaceGame(t)
	stackIntrigue(t, &s, "purge", "taint")
	want := factsOf(s)
	s = apply(t, s, PlaceAgent{0, space(t, &s, "the-grim-statue")})
	want.Players[0].Hand = []string{"purge", "taint"}
	want.Players[0].Pool--
	want.ToAct = 1
	if d := diff(want, factsOf(s)); d != "" {
		t.Errorf("(-want +got):\n%s", d)
	}
}

func TestHallOfTheVoice(t *testing.T) {
	s := moduleSpaceGame(t)
	stackIntrigue(t, &s, "purge")
	setCliffwatch(t, &s, "domesticate-owlbears", "expose-red-wizards-spies", "host-festival-for-sune", "infiltrate-halasters-circle")
	want := factsOf(s)
	s = apply(t, s, PlaceAgent{0, space(t, &s, "hall-of-the-voice")}, TakeQuest{0, QuestID(quest(t, &s, "domesticate-owlbears"))})
	want.Players[0].Hand = []string{"purge"}
	want.Players[0].Active = []string{"domesticate-owlbears"}
	want.Players[0].Gold += 5
	want.Players[0].Pool--
	want.Cliffwatch = factsOf(s).Cliffwatch
	want.ToAct = 1
	if d := diff(want, factsOf(s)); d != "" {
		t.Errorf("(-want +got):\n%s", d)
	}
	if s.Corruption(0) != 1 || s.Track()[0] != 0 {
		t.Errorf("p1 holds %d corruption, track %v", s.Corruption(0), s.Track())
	}
}

func TestSkullIsland(t *testing.T) {
	s := moduleSpaceGame(t)
	s = apply(t, s, PlaceAgent{0, space(t, &s, "skull-island")})
	buildingExpect(t, s, ChooseAdventurersDecision, 0)
	if d := s.Pending(); d.Count != 2 || d.Kinds != content.AllAdventurers {
		t.Errorf("pick %d of %v", d.Count, d.Kinds)
	}
	want := factsOf(s)
	s = apply(t, s, ChooseResources{0, Pick{Cleric: 1, Wizard: 1}})
	want.Players[0].Tavern[Cleric]++
	want.Players[0].Tavern[Wizard]++
	want.Supply[Cleric]--
	want.Supply[Wizard]--
	want.ToAct, want.Pending = 1, PlaceAgentDecision
	if d := diff(want, factsOf(s)); d != "" {
		t.Errorf("(-want +got):\n%s", d)
	}
	if s.Corruption(0) != 1 {
		t.Errorf("p1 holds %d corruption", s.Corruption(0))
	}
}

func TestSlaversMarket(t *testing.T) {
	s := moduleSpaceGame(t)
	want := factsOf(s)
	s = apply(t, s, PlaceAgent{0, space(t, &s, "slavers-market")})
	want.Players[0].Tavern[Fighter] += 2
	want.Players[0].Tavern[Rogue] += 2
	want.Supply[Fighter] -= 2
	want.Supply[Rogue] -= 2
	want.Players[0].Pool--
	want.ToAct = 1
	if d := diff(want, factsOf(s)); d != "" {
		t.Errorf("(-want +got):\n%s", d)
	}
	if s.Corruption(0) != 1 || s.Track() != [9]int{0, 3, 3, 3, 3, 3, 3, 3, 3} {
		t.Errorf("p1 holds %d corruption, track %v", s.Corruption(0), s.Track())
	}
}

// pay: {any: 2, gold: 1}: a card that cannot be paid is not playable; paying
// asks which adventurers.
func TestPayAdventurersOfAnyKind(t *testing.T) {
	s := moduleSpaceGame(t)
	setHand(t, &s, 0, "tithe")
	setTavern(&s, 0, 1, 0, 0, 0, 4)
	harbor := PlaceAgent{0, space(t, &s, "waterdeep-harbor/1")}
	if err := s.Legal(harbor); !errors.Is(err, SpaceUnavailable) {
		t.Fatalf("the Harbor with one adventurer and tithe: %v", err)
	}
	setTavern(&s, 0, 1, 0, 1, 1, 4)
	s = apply(t, s, harbor)
	buildingExpect(t, s, ChooseAdventurersDecision, 0)
	if d := s.Pending(); d.Count != 2 || d.Purpose != "return 2 adventurers to the supply" {
		t.Errorf("decision %+v", d)
	}
	buildingIllegal(t, s, ChooseResources{0, Pick{Fighter: 2}})
	s = apply(t, s, ChooseResources{0, Pick{Cleric: 1, Wizard: 1}})
	if got := s.Tavern(0); got != [4]int{0, 0, 1, 0} || s.Gold(0) != 3 || s.Score(0) != 5 {
		t.Errorf("tavern %v, gold %d, VP %d", got, s.Gold(0), s.Score(0))
	}
}
