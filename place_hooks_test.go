package waterdeep

import "testing"

// TestPlaceHooks: Content.placeHooks, place's one test for the plot
// quests that act on a placement, is set exactly when such a quest exists
// (placementPlots or drawPlay): none in the base game, some with the
// modules.
func TestPlaceHooks(t *testing.T) {
	for _, c := range []*Content{BaseContent(), FullContent()} {
		if want := !c.placementPlots.empty() || c.drawPlay; c.placeHooks != want {
			t.Fatalf("placeHooks %v, the plot quests say %v", c.placeHooks, want)
		}
	}
	if BaseContent().placeHooks || !FullContent().placeHooks {
		t.Fatalf("placeHooks %v in the base game, %v with the modules", BaseContent().placeHooks, FullContent().placeHooks)
	}
}
