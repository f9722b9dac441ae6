package waterdeep

// Views of expansion games (issue 12): they show the modules, the
// corruption track and tokens, the resources placed on spaces and the
// counts of the base cards removed with both modules, and nothing hidden;
// their JSON decodes to them, and Determinize samples the removed cards
// and resumes a placement under way.

import (
	"math/rand/v2"
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
			t.Fatalf("board space %s listed %v; its module %v, the game's %v", s.c.SpaceName(SpaceID(sp)), listed[SpaceID(sp)], info.module, s.modules)
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
// corruption, placed resources and removed cards.
func TestViewShowsTheModules(t *testing.T) {
	c := modulesTestContent(t)
	r := rand.New(rand.NewPCG(12, 12))
	var placed, corrupt, removed, views int
	for _, cfg := range []Config{
		{Players: 3, Modules: Undermountain}, {Players: 4, Modules: Skullport}, {Players: 6, Modules: Skullport, Long: true},
		{Players: 5, Modules: Undermountain | Skullport, Long: true},
	} {
		cfg.Content = c
		for g := range 2 {
			cfg.Seed = uint64(g)
			s, err := New(cfg)
			if err != nil {
				t.Fatal(err)
			}
			for step := 0; ; step++ {
				if step%7 == 0 || s.Over() {
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
	if placed == 0 || corrupt == 0 || removed == 0 {
		t.Fatalf("the games never showed placed resources (%d states), corruption (%d) or removed cards (%d)", placed, corrupt, removed)
	}
	t.Logf("%d views checked: %d states with placed resources, %d with corruption held, %d with removed cards", views, placed, corrupt, removed)
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
				t.Fatalf("seed %d: removed quest %s is seen or no base card", seed, s.c.QuestName(QuestID(q)))
			}
		}
		for i := range uint8(s.c.NumIntrigue()) {
			if d.intrigueBox.has(i) && (seen.cards.has(i) || s.c.intrigue[i].Module != 0) {
				t.Fatalf("seed %d: removed intrigue card %s is seen or no base card", seed, s.c.IntrigueName(IntrigueID(i)))
			}
		}
		for b := range s.c.NumBuildings() {
			if d.tileBox&(1<<b) != 0 && (seen.tiles[b] || s.c.tiles[b].Module != 0) {
				t.Fatalf("seed %d: removed tile %s is seen or no base tile", seed, s.c.BuildingName(BuildingID(b)))
			}
		}
		boxes[d.questBox] = true
	}
	if len(boxes) < 10 {
		t.Fatalf("20 samples removed only %d different sets of quests", len(boxes))
	}
}
