package waterdeep

import "testing"

// TestHarborWithPlacedResourcesCountsItsAgent: an agent assigned to a
// Harbor space stands at the Harbor when its card is played, with
// resources lying on the space or without, so Accelerate Plans (which
// needs an agent at the Harbor) opens the space to a player who has none
// there yet. (Written for a mutant of placedLegal that forgot the Harbor
// on a space with placed resources, which survived issue 39's campaign;
// this test does not kill it: see MUTATION.md.)
func TestHarborWithPlacedResourcesCountsItsAgent(t *testing.T) {
	for _, placed := range []bool{false, true} {
		s := moduleCardGame(t, Skullport)
		setHand(t, &s, 0, "accelerate-plans")
		if placed {
			putPlaced(t, &s, "waterdeep-harbor/1", Bundle{Gold: 1})
		}
		h1 := PlaceAgent{0, space(t, &s, "waterdeep-harbor/1")}
		if err := s.Legal(h1); err != nil {
			t.Errorf("placed resources %v: Legal(%v) = %v", placed, h1, err)
		}
	}
}
