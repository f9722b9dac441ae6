package waterdeep

// Views of expansion games (issue 12): they show the modules, the
// corruption track and tokens, the resources placed on spaces, the
// caravans and the counts of the base cards removed with both modules, and
// nothing hidden;
// their JSON decodes to them, and Determinize samples the removed cards
// and resumes a placement under way.

import (
	"encoding/json"
	"errors"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// checkModuleView checks what viewer p's view of s says of the expansion
// against the state, then that the view round-trips through JSON, that a
// sampled state shows it again, and that changing what p may not see
// changes none of it.
func checkModuleView(t *testing.T, s State, p PlayerID, r *rand.Rand) {
	t.Helper()
	v := s.View(p)
	if v.Modules != s.Modules() || v.Long != s.Long() {
		t.Fatalf("view modules %v long %v; the game has %v %v", v.Modules, v.Long, s.Modules(), s.Long())
	}
	if v.Caravans != s.Caravans() {
		t.Fatalf("view caravans %v; the game has %v", v.Caravans, s.Caravans())
	}
	if v.Track != s.Track() || v.CorruptionRemoved != s.CorruptionRemoved() || v.CorruptionValue != s.CorruptionValue() {
		t.Fatalf("view track %v, %d removed, value %d; the game has %v, %d, %d",
			v.Track, v.CorruptionRemoved, v.CorruptionValue, s.Track(), s.CorruptionRemoved(), s.CorruptionValue())
	}
	for _, seat := range v.Seats {
		if seat.Corruption != s.Corruption(seat.Seat) {
			t.Fatalf("%v holds %d corruption tokens; the view says %d", seat.Seat, s.Corruption(seat.Seat), seat.Corruption)
		}
	}
	var shown []PlacedResources
	listed := map[SpaceID]bool{}
	for _, sp := range v.Spaces {
		listed[sp.Space] = true
		if sp.Placed != (Bundle{}) || sp.PlacedCorruption != 0 {
			shown = append(shown, PlacedResources{Space: sp.Space, Resources: sp.Placed, Corruption: sp.PlacedCorruption})
		}
	}
	if d := cmp.Diff(s.Placed(), shown); d != "" {
		t.Fatalf("placed resources (-state +view):\n%s", d)
	}
	for sp, info := range s.c.spaces {
		onBoard := info.tile == none && info.module&^s.modules == 0
		if info.tile == none && listed[SpaceID(sp)] != onBoard {
			t.Fatalf("board space %s listed %v; its module %v, the game's %v", s.c.SpaceID(SpaceID(sp)), listed[SpaceID(sp)], info.module, s.modules)
		}
	}
	q, i, b := s.RemovedCounts()
	if v.RemovedQuests != q || v.RemovedIntrigue != i || v.RemovedBuildings != b {
		t.Fatalf("removed %d/%d/%d; the game removed %d/%d/%d", v.RemovedQuests, v.RemovedIntrigue, v.RemovedBuildings, q, i, b)
	}

	viewJSONCheckRoundTrip(t, v)
	d, err := Determinize(v, r.Uint64())
	if err != nil {
		t.Fatalf("determinize: %v", err)
	}
	if diff := cmp.Diff(v, d.View(p), viewCmp...); diff != "" {
		t.Fatalf("determinized view differs (-want +got):\n%s", diff)
	}
	if diff := cmp.Diff(v, leakHide(s, p, r).View(p), viewCmp...); diff != "" {
		t.Fatalf("a hidden change shows (-want +got):\n%s", diff)
	}
}

// Random games of every module combination with the test content, whose
// cards place resources and deal corruption: every view of every seat
// shows the expansion's facts. The counters make sure the games did show
// corruption, placed resources and removed cards. The quick run (see
// long_test.go) plays one game of each and looks at every 17th state.
func TestViewShowsTheModules(t *testing.T) {
	t.Parallel() // self-contained: runs beside the other heavy tests (long_test.go)
	games, every := 2, 7
	if quickRun() {
		games, every = 1, 17
	}
	c := modulesTestContent(t)
	r := rand.New(rand.NewPCG(12, 12))
	var placed, corrupt, removed, caravans, views int
	for _, cfg := range []Config{
		{Players: 3, Modules: Undermountain}, {Players: 4, Modules: Skullport}, {Players: 6, Modules: Skullport, Long: true},
		{Players: 5, Modules: Undermountain | Skullport, Long: true},
	} {
		cfg.Content = c
		for g := range games {
			cfg.Seed = uint64(g)
			s, err := New(cfg)
			if err != nil {
				t.Fatal(err)
			}
			for step := 0; ; step++ {
				if step%every == 0 || s.Over() {
					for _, p := range leakViewers(cfg.Players) {
						checkModuleView(t, s, p, r)
						views++
					}
					if len(s.Placed()) > 0 {
						placed++
					}
					if s.Corruption(0) > 0 {
						corrupt++
					}
					if q, _, _ := s.RemovedCounts(); q > 0 {
						removed++
					}
					if s.Caravans() != [NumAdventurers]int{} {
						caravans++
					}
				}
				if s.Over() {
					break
				}
				legal := s.LegalActions()
				if s, err = s.Apply(legal[r.IntN(len(legal))]); err != nil {
					t.Fatal(err)
				}
			}
		}
	}
	if placed == 0 || corrupt == 0 || removed == 0 || caravans == 0 {
		t.Fatalf("the games never showed placed resources (%d states), corruption (%d), removed cards (%d) or caravans (%d)",
			placed, corrupt, removed, caravans)
	}
	t.Logf("%d views checked: %d states with placed resources, %d with corruption held, %d with removed cards, %d with caravans",
		views, placed, corrupt, removed, caravans)
}

// A view taken in the middle of a placement (Seed Gold: 2 gold on each of
// 2 different spaces, one chosen) carries the space already chosen, so a
// sampled state refuses it again, also when it received nothing (the
// track was empty).
func TestDeterminizeResumesAPlacement(t *testing.T) {
	for _, tc := range []struct {
		card  string
		empty bool
	}{{"seed-gold", false}, {"taint", true}} {
		s := placedGame(t)
		if tc.empty {
			s.corruptionBox += s.track[0]
			s.track[0] = 0
			for i := 1; i < trackSpaces; i++ {
				s.corruptionBox += s.track[i]
				s.track[i] = 0
			}
		}
		s = playCardAs(t, s, 0, tc.card)
		first := space(t, &s, "the-plinth")
		s = apply(t, s, ChooseSpace{0, first})
		if s.Pending().Kind != ChooseSpaceDecision {
			t.Fatalf("%s: decision %v, want the second space", tc.card, s.Pending())
		}
		if err := s.Legal(ChooseSpace{0, first}); err == nil {
			t.Fatalf("%s: the space chosen first may be chosen again", tc.card)
		}
		v := s.View(0)
		b := viewJSONCheckRoundTrip(t, v)
		back, err := DecodeView(b, s.c)
		if err != nil {
			t.Fatal(err)
		}
		d, err := Determinize(back, 5)
		if err != nil {
			t.Fatalf("%s: %v", tc.card, err)
		}
		if err := d.Legal(ChooseSpace{0, first}); err == nil {
			t.Fatalf("%s: in the sampled state the space chosen first may be chosen again", tc.card)
		}
		if tc.empty && len(s.Placed()) != 0 {
			t.Fatalf("%s: an empty track placed %v", tc.card, s.Placed())
		}
		second := space(t, &s, "blackstaff-tower")
		s, d = apply(t, s, ChooseSpace{0, second}), apply(t, d, ChooseSpace{0, second})
		if diff := cmp.Diff(s.View(0), d.View(0), viewCmp...); diff != "" {
			t.Fatalf("%s: the sampled game went on differently (-real +sampled):\n%s", tc.card, diff)
		}
	}
}

// With both modules, the base cards removed before setup are sampled among
// those the viewer has not seen: never a card in view, always a base card,
// as many as the game removed, and not always the same ones.
func TestDeterminizeSamplesRemovedCards(t *testing.T) {
	s, err := New(Config{Players: 4, Seed: 3, Modules: Undermountain | Skullport, Long: true})
	if err != nil {
		t.Fatal(err)
	}
	r := rand.New(rand.NewPCG(3, 4))
	for range 40 {
		legal := s.LegalActions()
		s = apply(t, s, legal[r.IntN(len(legal))])
	}
	v := s.View(1)
	seen := leakSeenIn(v)
	boxes := map[set128]bool{}
	for seed := range uint64(20) {
		d, err := Determinize(v, seed)
		if err != nil {
			t.Fatal(err)
		}
		if d.questBox.len() != removedQuests || d.intrigueBox.len() != removedIntrigue || (set128{lo: d.tileBox}).len() != removedBuildings {
			q, i, b := d.RemovedCounts()
			t.Fatalf("seed %d: removed %d quests, %d intrigue cards, %d tiles", seed, q, i, b)
		}
		for q := range uint8(s.c.NumQuests()) {
			if d.questBox.has(q) && (seen.quests.has(q) || s.c.quests[q].Module != 0) {
				t.Fatalf("seed %d: removed quest %s is seen or no base card", seed, s.c.QuestID(QuestID(q)))
			}
		}
		for i := range uint8(s.c.NumIntrigue()) {
			if d.intrigueBox.has(i) && (seen.cards.has(i) || s.c.intrigue[i].Module != 0) {
				t.Fatalf("seed %d: removed intrigue card %s is seen or no base card", seed, s.c.IntrigueID(IntrigueID(i)))
			}
		}
		for b := range s.c.NumBuildings() {
			if d.tileBox&(1<<b) != 0 && (seen.tiles[b] || s.c.tiles[b].Module != 0) {
				t.Fatalf("seed %d: removed tile %s is seen or no base tile", seed, s.c.BuildingID(BuildingID(b)))
			}
		}
		boxes[d.questBox] = true
	}
	if len(boxes) < 10 {
		t.Fatalf("20 samples removed only %d different sets of quests", len(boxes))
	}
}

// DecodeView refuses expansion facts that no game shows, naming the field.
func TestDecodeViewRejectsModuleFacts(t *testing.T) {
	s := placedGame(t)
	putPlaced(t, &s, "the-plinth", Bundle{Gold: 2})
	s = playCardAs(t, s, 0, "seed-fighter")
	s = apply(t, s, ChooseSpace{0, space(t, &s, "skull-island")})
	good, err := json.Marshal(s.View(1))
	if err != nil {
		t.Fatal(err)
	}
	c := s.c
	if _, err := DecodeView(good, c); err != nil {
		t.Fatalf("the unedited view: %v", err)
	}
	spaceIndex := func(m map[string]any, name string) map[string]any {
		for _, sp := range m["spaces"].([]any) {
			if sp := sp.(map[string]any); sp["space"] == name {
				return sp
			}
		}
		t.Fatalf("no space %s in the view", name)
		return nil
	}
	corruption := func(m map[string]any) map[string]any { return m["corruption"].(map[string]any) }
	for _, tc := range []struct {
		name, field string
		edit        func(m map[string]any)
	}{
		{"unknown module", "modules[0]", func(m map[string]any) { m["modules"] = []any{"underdark"} }},
		{"module twice", "modules[1]", func(m map[string]any) { m["modules"] = []any{"skullport", "skullport"} }},
		{"modules out of order", "modules[1]", func(m map[string]any) { m["modules"] = []any{"skullport", "undermountain"} }},
		{"track without Skullport", "corruption", func(m map[string]any) { m["modules"] = []any{"undermountain"} }},
		{"no track with Skullport", "corruption", func(m map[string]any) { m["corruption"] = nil }},
		{"short track", "corruption.track", func(m map[string]any) { corruption(m)["track"] = []any{1, 3} }},
		{"track space over 3", "corruption.track[0]", func(m map[string]any) { corruption(m)["track"].([]any)[0] = 4 }},
		{"a token too many", "corruption", func(m map[string]any) { corruption(m)["removed"] = 1 }},
		{"wrong value", "corruption.value", func(m map[string]any) { corruption(m)["value"] = 3 }},
		{"placed nothing", "spaces[", func(m map[string]any) {
			spaceIndex(m, "the-plinth")["placed"] = map[string]any{"cleric": 0, "fighter": 0, "rogue": 0, "wizard": 0, "gold": 0, "corruption": 0}
		}},
		{"a fighter made", "supply.fighter", func(m map[string]any) { spaceIndex(m, "skull-island")["placed"].(map[string]any)["fighter"] = 2 }},
		{"removed without both modules", "removed", func(m map[string]any) { m["removed"].(map[string]any)["quests"] = 1 }},
		{"a board space left out", "spaces", func(m map[string]any) {
			var kept []any
			for _, sp := range m["spaces"].([]any) {
				if sp.(map[string]any)["space"] != "slavers-market" {
					kept = append(kept, sp)
				}
			}
			m["spaces"] = kept
		}},
	} {
		_, err := DecodeView(viewJSONEdit(t, good, tc.edit), c)
		var de *DecodeError
		if !errors.As(err, &de) || !strings.HasPrefix(de.Field, tc.field) {
			t.Errorf("%s: %v, want a *DecodeError for %s", tc.name, err, tc.field)
		}
	}
	// A base game's view names no module space and no module card.
	base, _ := New(Config{Players: 3, Seed: 4, Content: c})
	bgood, _ := json.Marshal(base.View(0))
	for _, tc := range []struct {
		name, field string
		edit        func(m map[string]any)
	}{
		{"a module's space", "spaces[", func(m map[string]any) {
			m["spaces"] = append(m["spaces"].([]any), map[string]any{"space": "skull-island", "agents": []any{},
				"ambassador": false, "building": nil, "owner": nil, "stock": 0, "placed": nil})
		}},
		{"a module's quest", "cliffwatch", func(m map[string]any) { m["cliffwatch"].([]any)[0] = "skullport-quest-0" }},
		{"a seat's corruption without Skullport", "seats[0].corruption", func(m map[string]any) {
			m["seats"].([]any)[0].(map[string]any)["corruption"] = 1
		}},
		{"six players", "players", func(m map[string]any) { m["players"] = 6 }},
	} {
		_, err := DecodeView(viewJSONEdit(t, bgood, tc.edit), c)
		var de *DecodeError
		if !errors.As(err, &de) || !strings.HasPrefix(de.Field, tc.field) {
			t.Errorf("%s: %v, want a *DecodeError for %s", tc.name, err, tc.field)
		}
	}
}
