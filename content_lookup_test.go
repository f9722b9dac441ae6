package waterdeep

import "testing"

// TestContentLookupByID: each of Content's lookups by id finds the first
// instance of a known id and reports an unknown one as not found. Issue
// 39: a mutant of IntrigueByID that found every id survived every test
// (the tests look up only ids that exist).
func TestContentLookupByID(t *testing.T) {
	c := FullContent()
	type lookup struct {
		name  string
		known string
		find  func(string) (int, bool)
	}
	for _, l := range []lookup{
		{"SpaceByID", "castle-waterdeep", func(id string) (int, bool) { v, ok := c.SpaceByID(id); return int(v), ok }},
		{"QuestByID", "expose-red-wizards-spies", func(id string) (int, bool) { v, ok := c.QuestByID(id); return int(v), ok }},
		{"IntrigueByID", "ambush", func(id string) (int, bool) { v, ok := c.IntrigueByID(id); return int(v), ok }},
		{"BuildingByID", "the-zoarstar", func(id string) (int, bool) { v, ok := c.BuildingByID(id); return int(v), ok }},
	} {
		if _, ok := l.find(l.known); !ok {
			t.Errorf("%s(%q): not found", l.name, l.known)
		}
		for _, id := range []string{"", "no-such-id", l.known + "x"} {
			if v, ok := l.find(id); ok {
				t.Errorf("%s(%q) = %d, true; want not found", l.name, id, v)
			}
		}
	}
	if got, ok := c.IntrigueByID("ambush"); !ok || c.IntrigueCopies("ambush")[0] != got {
		t.Errorf("IntrigueByID(ambush) = %d, %v: not the first copy %v", got, ok, c.IntrigueCopies("ambush"))
	}
	if _, ok := c.LordByID("no-such-lord"); ok {
		t.Errorf("LordByID(no-such-lord) found it")
	}
}

// TestContentSpaceTile: SpaceTile names the tile of a tile's space, says
// no for a board space, and for a space past the content's (the first
// number past the last space included) says no without panicking. Issue
// 39: a mutant that read one space past the content survived every test.
func TestContentSpaceTile(t *testing.T) {
	c := FullContent()
	b, ok := c.BuildingByID("the-golden-horn")
	if !ok {
		t.Fatal("no building the-golden-horn")
	}
	if got, ok := c.SpaceTile(c.TileSpace(b)); !ok || got != b {
		t.Errorf("SpaceTile(the Golden Horn's space) = %d, %v", got, ok)
	}
	plinth, _ := c.SpaceByID("the-plinth")
	if _, ok := c.SpaceTile(plinth); ok {
		t.Errorf("SpaceTile(The Plinth) says it is a tile's")
	}
	for _, sp := range []SpaceID{SpaceID(c.NumSpaces()), SpaceID(c.NumSpaces() + 1), 255} {
		if _, ok := c.SpaceTile(sp); ok {
			t.Errorf("SpaceTile(%d) of %d spaces says it is a tile's", sp, c.NumSpaces())
		}
	}
}
