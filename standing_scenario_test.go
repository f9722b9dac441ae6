package waterdeep

import (
	"errors"
	"slices"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"
)

// The placement's check sees the board as it will be when the action's
// intrigue card is played: the agent on the space it is assigned to, and
// no longer on a space it leaves (RULES.md 3).

// standingUnavailable checks that p may not assign an agent to the named
// space, through Legal and through the list of legal actions alike.
func standingUnavailable(t *testing.T, s State, p PlayerID, name string) {
	t.Helper()
	a := PlaceAgent{p, space(t, &s, name)}
	if err := s.Legal(a); !errors.Is(err, SpaceUnavailable) {
		t.Errorf("%v: Legal = %v, want SpaceUnavailable", a, err)
	}
	if slices.Contains(s.LegalActions(), Action(a)) {
		t.Errorf("%v is among the legal actions", a)
	}
}

// ref: demolish. The agent assigned to The Hall of Many Pillars stands on
// it when its card is played, so Demolish cannot take that tile: with no
// other building in play, the tile is no legal placement for a player whose
// only card is Demolish. With another building in play it is, and that
// building is the one demolished.
func TestStandingDemolishNotTheTileStoodOn(t *testing.T) {
	s := umGame(t)
	giveTile(t, &s, 1, "hall-of-many-pillars") // cost 5
	setForSale(t, &s, 0, "caravan-court", "dragon-tower", "room-of-wisdom")
	setTavern(&s, 0, 0, 0, 0, 0, 10)
	setHand(t, &s, 0, "demolish")
	standingUnavailable(t, s, 0, "hall-of-many-pillars")

	giveTile(t, &s, 2, "the-stone-house") // cost 4
	gold3 := factsOf(s).Players[2].Gold
	s = buildingPlace(t, s, 0, "hall-of-many-pillars")
	// Demolish's one building is the Stone House (chosen without asking);
	// then the building taken for free.
	buildingExpect(t, s, ChooseBuildingDecision, 0)
	buildingLegalSet(t, s, ChooseBuilding{0, buildingID(t, &s, "caravan-court")},
		ChooseBuilding{0, buildingID(t, &s, "dragon-tower")}, ChooseBuilding{0, buildingID(t, &s, "room-of-wisdom")})
	s = apply(t, s, ChooseBuilding{0, buildingID(t, &s, "dragon-tower")})
	got := factsOf(s)
	sortIDs := cmpopts.SortSlices(func(a, b string) bool { return a < b })
	if want := []string{"dragon-tower"}; !cmp.Equal(want, got.Players[0].Buildings, sortIDs) {
		t.Errorf("p1's buildings %v, want %v", got.Players[0].Buildings, want)
	}
	if want := []string{"hall-of-many-pillars"}; !cmp.Equal(want, got.Players[1].Buildings, sortIDs) {
		t.Errorf("p2's buildings %v, want %v", got.Players[1].Buildings, want)
	}
	if len(got.Players[2].Buildings) != 0 {
		t.Errorf("p3 still owns %v", got.Players[2].Buildings)
	}
	if got.Players[0].Gold != 6 || got.Players[2].Gold != gold3+4 {
		t.Errorf("gold: p1 %d, p3 %d; want 6, %d", got.Players[0].Gold, got.Players[2].Gold, gold3+4)
	}
}

// ref: real_estate_deal. p1's own Belkram's Tomb holds p1's agent when its
// card is played: Real Estate Deal cannot give it up, so with no other
// building the tile is no legal placement for a player whose only card is
// Real Estate Deal.
func TestStandingRealEstateDealNotTheTileStoodOn(t *testing.T) {
	s := umGame(t)
	giveTile(t, &s, 0, "belkrams-tomb")
	setForSale(t, &s, 0, "caravan-court", "dragon-tower", "room-of-wisdom")
	setHand(t, &s, 0, "real-estate-deal")
	standingUnavailable(t, s, 0, "belkrams-tomb")

	giveTile(t, &s, 0, "the-stone-house")
	s = buildingPlace(t, s, 0, "belkrams-tomb")
	// The Stone House is the building given up (chosen without asking).
	buildingExpect(t, s, ChooseBuildingDecision, 0)
	s = apply(t, s, ChooseBuilding{0, buildingID(t, &s, "room-of-wisdom")})
	sortIDs := cmpopts.SortSlices(func(a, b string) bool { return a < b })
	if got, want := factsOf(s).Players[0].Buildings, []string{"belkrams-tomb", "room-of-wisdom"}; !cmp.Equal(want, got, sortIDs) {
		t.Errorf("p1's buildings %v, want %v", got, want)
	}
}

// ref: manipulate. The agent assigned to Entry Well stands on it when
// Manipulate is played: with every other action space occupied, no space is
// left to move an opponent's agent to, and Entry Well is no legal
// placement for a player whose only card is Manipulate.
func TestStandingManipulateNotTheSpaceStoodOn(t *testing.T) {
	s := umGame(t)
	entry := space(t, &s, "entry-well")
	setCliffwatch(t, &s, "raid-orc-stronghold", "domesticate-owlbears", "procure-stolen-goods", "spy-on-the-house-of-light")
	setHand(t, &s, 0, "manipulate")
	// p2's agents on every other action space in play but the Harbor's.
	for sp := range s.c.spaces {
		info := &s.c.spaces[sp]
		if sp == int(entry) || info.reassign || info.module&^s.modules != 0 || (info.tile != none && !s.inPlay(info.tile)) {
			continue
		}
		s.setOccupant(uint8(sp), 2)
	}
	standingUnavailable(t, s, 0, "entry-well")

	// One space more, free: Entry Well is legal, and that space is where
	// the agent goes.
	s.setOccupant(uint8(space(t, &s, "the-plinth")), 0)
	buildingLegal(t, s, PlaceAgent{0, entry})
	s = buildingPlace(t, s, 0, "entry-well")
	s = apply(t, s, TakeQuest{0, QuestID(quest(t, &s, "raid-orc-stronghold"))}, ChooseSpace{0, space(t, &s, "field-of-triumph")})
	// The Plinth, the one free space, is chosen without asking.
	d := buildingExpect(t, s, RespondDecision, 1)
	if want := "p1 moved your agent from Field of Triumph to The Plinth: take its action?"; d.Purpose != want {
		t.Errorf("p2's question %q, want %q", d.Purpose, want)
	}
}

// ref: manipulate, demolish. The reverse: an agent moved by Manipulate
// leaves its space before its owner's card is played. p2's agent moved from
// the Stone House to Entry Well may take that action, whose Demolish takes
// the Stone House just left (before the reading, the Stone House counted
// as occupied, Entry Well was judged impossible and p2 was not asked).
func TestStandingMovedAgentLeftItsTile(t *testing.T) {
	s := umGame(t)
	giveTile(t, &s, 2, "the-stone-house") // cost 4
	setForSale(t, &s, 0, "caravan-court", "dragon-tower", "room-of-wisdom")
	setCliffwatch(t, &s, "raid-orc-stronghold", "domesticate-owlbears", "procure-stolen-goods", "spy-on-the-house-of-light")
	s = apply(t, s, PlaceAgent{0, space(t, &s, "field-of-triumph")}, PlaceAgent{1, space(t, &s, "the-stone-house")},
		PlaceAgent{2, space(t, &s, "blackstaff-tower")})
	setHand(t, &s, 1, "demolish")
	setTavern(&s, 1, 0, 0, 0, 0, 4)
	gold3 := factsOf(s).Players[2].Gold
	s = playCardAs(t, s, 0, "manipulate")
	s = apply(t, s, ChooseSpace{0, space(t, &s, "the-stone-house")}, ChooseSpace{0, space(t, &s, "entry-well")})
	buildingExpect(t, s, RespondDecision, 1)
	s = apply(t, s, Respond{1, true}, TakeQuest{1, QuestID(quest(t, &s, "raid-orc-stronghold"))})
	// Demolish: the Stone House, the one building in play (no question),
	// then a building for sale.
	buildingExpect(t, s, ChooseBuildingDecision, 1)
	s = apply(t, s, ChooseBuilding{1, buildingID(t, &s, "caravan-court")})
	got := factsOf(s)
	if want := []string{"caravan-court"}; !cmp.Equal(want, got.Players[1].Buildings) {
		t.Errorf("p2's buildings %v, want %v", got.Players[1].Buildings, want)
	}
	if len(got.Players[2].Buildings) != 0 || got.Players[1].Gold != 0 || got.Players[2].Gold != gold3+4 {
		t.Errorf("p3's buildings %v, gold p2 %d p3 %d (want 0, %d)", got.Players[2].Buildings, got.Players[1].Gold, got.Players[2].Gold, gold3+4)
	}
}
