package waterdeep

// Scenario tests for the 19 intrigue cards of the Skullport module (25
// copies, 3 of them mandatory quests), each naming its entry in
// ../shared/reference/skullport/intrigue.yaml. p1 (seat 0) plays the card
// from Waterdeep Harbor.

import (
	"errors"
	"fmt"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// skHarbor is the fact change of p1 playing their one card at the Harbor
// (the agent stays there).
func skHarbor(want *skFacts) {
	want.Facts.Players[0].Hand = nil
	skNextTurn(want, 0)
}

func TestSkullportIntrigueBlackmail(t *testing.T) { // ref blackmail
	s := skGame(t)
	s.players[1].gold, s.players[2].gold = 10, 1
	want := skOf(s)
	s = playCardAs(t, s, 0, "blackmail")
	buildingExpect(t, s, ChoosePlayerDecision, 0)
	if v := s.View(0); v.Seats[1].LordKnown {
		t.Fatalf("p2's lord shown before Blackmail resolved")
	}
	s = apply(t, s, ChoosePlayer{0, 1})
	want.Facts.Players[0].Gold += 2
	want.Facts.Players[1].Gold -= 2
	skHarbor(&want)
	skCheck(t, "blackmail", want, s)
	// p1 now knows p2's lord, and nobody else learns anything.
	v := s.View(0)
	if !v.Seats[1].LordKnown || v.Seats[1].Lord != s.Lord(1) || v.Seats[2].LordKnown {
		t.Errorf("p1's view of the lords: p2 %v %v, p3 %v", v.Seats[1].LordKnown, v.Seats[1].Lord, v.Seats[2].LordKnown)
	}
	if v := s.View(2); v.Seats[1].LordKnown || len(v.Seats[0].LordsSeen) != 1 || v.Seats[0].LordsSeen[0] != 1 {
		t.Errorf("p3's view: p2's lord known %v, p1 has seen %v", v.Seats[1].LordKnown, v.Seats[0].LordsSeen)
	}
	// Taking what there is: p3 has 1 gold.
	s = skGame(t)
	s.players[2].gold = 1
	s = playCardAs(t, s, 0, "blackmail")
	s = apply(t, s, ChoosePlayer{0, 2})
	if s.Gold(0) != 11 || s.Gold(2) != 0 {
		t.Errorf("gold %d and %d, want 11 and 0", s.Gold(0), s.Gold(2))
	}
}

func TestSkullportIntrigueDoppelganger(t *testing.T) { // ref doppelganger
	s := skGame(t)
	field, plinth := space(t, &s, "field-of-triumph"), space(t, &s, "the-plinth")
	s = apply(t, s, PlaceAgent{0, space(t, &s, "blackstaff-tower")}, PlaceAgent{1, field}, PlaceAgent{2, plinth})
	setHand(t, &s, 0, "doppelganger")
	if err := s.Legal(PlaceAgent{0, space(t, &s, "waterdeep-harbor/1")}); !errors.Is(err, SpaceUnavailable) {
		t.Fatalf("Doppelganger with nobody more corrupt: %v, want SpaceUnavailable", err)
	}
	skCorrupt(&s, 1, 2)
	want := skOf(s)
	s = playCardAs(t, s, 0, "doppelganger")
	// p2 (more corruption) is on Field of Triumph; p3 (none) on The
	// Plinth: the one target is used at once.
	want.Facts.Players[0].Tavern[Fighter] += 2
	want.Facts.Supply[Fighter] -= 2
	skHarbor(&want)
	skCheck(t, "doppelganger", want, s)
}

func TestSkullportIntrigueExposeCorruption(t *testing.T) { // ref expose_corruption
	s := skGame(t)
	skCorrupt(&s, 0, 1)
	skCorrupt(&s, 1, 2)
	skCorrupt(&s, 2, 1)
	want := skOf(s)
	s = playCardAs(t, s, 0, "expose-corruption")
	skTake(&want, 1, 1)
	skHarbor(&want)
	skCheck(t, "expose_corruption", want, s)
}

func TestSkullportIntrigueFoistResponsibility(t *testing.T) { // ref foist_responsibility
	s := skGame(t)
	setHand(t, &s, 0, "foist-responsibility")
	skCorrupt(&s, 1, 1)
	if err := s.Legal(PlaceAgent{0, space(t, &s, "waterdeep-harbor/1")}); !errors.Is(err, SpaceUnavailable) {
		t.Fatalf("Foist Responsibility with no mandatory quest: %v, want SpaceUnavailable", err)
	}
	questGiveMandatory(t, &s, 0, "clear-rust-monster-nest")
	questGiveMandatory(t, &s, 0, "hunt-hidden-ghoul")
	want := skOf(s)
	s = playCardAs(t, s, 0, "foist-responsibility")
	// Only p2 holds corruption: the one target; then which quest.
	d := buildingExpect(t, s, DiscardQuestDecision, 0)
	if d.Optional || d.Other != 1 {
		t.Errorf("decision %+v", d)
	}
	s = apply(t, s, DiscardMandatory{0, IntrigueID(s.c.IntrigueCopies("hunt-hidden-ghoul")[0])})
	want.Facts.Players[0].Mandatory = []string{"clear-rust-monster-nest"}
	want.Facts.Players[1].Mandatory = []string{"hunt-hidden-ghoul"}
	skTake(&want, 0, 1)
	skHarbor(&want)
	skCheck(t, "foist_responsibility", want, s)
}

func TestSkullportIntrigueForgeDeed(t *testing.T) { // ref forge_deed
	s := skGame(t)
	b := BuildingID(giveTile(t, &s, 1, "the-thrown-gauntlet"))
	want := skOf(s)
	setHand(t, &s, 0, "forge-deed")
	s, evs, err := s.ApplyEvents(PlaceAgent{0, space(t, &s, "waterdeep-harbor/1")}, nil)
	if err != nil {
		t.Fatal(err)
	}
	// The building changes hands: lost by p2, gained by p1.
	var moved []Event
	for _, e := range evs {
		if e.Kind == EvBuildingLost || e.Kind == EvBuildingGained {
			moved = append(moved, e)
		}
	}
	if d := cmp.Diff([]Event{{Kind: EvBuildingLost, Player: 1, Building: b}, {Kind: EvBuildingGained, Player: 0, Building: b}}, moved); d != "" {
		t.Errorf("events (-want +got):\n%s", d)
	}
	want.Facts.Players[1].Buildings = nil
	want.Facts.Players[0].Buildings = []string{"the-thrown-gauntlet"}
	skTake(&want, 0, 2)
	skHarbor(&want)
	skCheck(t, "forge_deed", want, s)
	if o, _ := s.Owner(BuildingID(tile(t, &s, "the-thrown-gauntlet"))); o != 0 || s.Buildings(0) != 1 || s.Buildings(1) != 0 {
		t.Errorf("owner p%d, buildings %d and %d", o+1, s.Buildings(0), s.Buildings(1))
	}
}

// The five cards that give you something and a corruption token, and let
// each opponent take less of it with a token.
func TestSkullportIntrigueGainsOffered(t *testing.T) {
	for _, tc := range []struct {
		ref, id     string
		you, others Bundle
	}{
		{"black_market_money", "black-market-money", Bundle{Gold: 9}, Bundle{Gold: 4}},
		{"dark_dagger_assassination", "dark-dagger-assassination", Bundle{Rogue: 4}, Bundle{Rogue: 2}},
		{"donations_for_cyric", "donations-for-cyric", Bundle{Cleric: 2}, Bundle{Cleric: 1}},
		{"iron_ring_slaves", "iron-ring-slaves", Bundle{Fighter: 4}, Bundle{Fighter: 2}},
		{"mind_flayer_mercenaries", "mind-flayer-mercenaries", Bundle{Wizard: 2}, Bundle{Wizard: 1}},
	} {
		t.Run(tc.ref, func(t *testing.T) {
			s := skGame(t)
			want := skOf(s)
			s = playCardAs(t, s, 0, tc.id)
			// p2 takes the offer, then p3 declines it.
			d := buildingExpect(t, s, RespondDecision, 1)
			if want := "take " + tc.others.Describe() + " and 1 corruption token?"; d.Purpose != want {
				t.Errorf("offer %q, want %q", d.Purpose, want)
			}
			s = apply(t, s, Respond{1, true})
			buildingExpect(t, s, RespondDecision, 2)
			s = apply(t, s, Respond{2, false})
			for p, b := range map[int]Bundle{0: tc.you, 1: tc.others} {
				for k, n := range b.Cubes() {
					want.Facts.Players[p].Tavern[k] += n
					want.Facts.Supply[k] -= n
				}
				want.Facts.Players[p].Gold += b.Gold
			}
			skTake(&want, 0, 1)
			skTake(&want, 1, 1)
			skHarbor(&want)
			skCheck(t, tc.ref, want, s)
		})
	}
}

func TestSkullportIntrigueBribeTheWatch(t *testing.T) { // ref bribe_the_watch
	// "Up to 2": p1 keeps its 3 tokens, returns 1 or returns 2 (RULES.md
	// 101); the opponents' "return 1" is no choice beyond the deal.
	for yes := range 3 {
		s := skGame(t)
		skCorrupt(&s, 0, 3)
		skCorrupt(&s, 1, 1)
		want := skOf(s)
		s = playCardAs(t, s, 0, "bribe-the-watch")
		s = skUpTo(t, s, 0, false, 2, yes, "Bribe the Watch")
		// p2 may pay 4 gold to return their token; p3 holds none: no offer.
		if d := buildingExpect(t, s, RespondDecision, 1); d.Purpose != "pay 4 gold to return 1 corruption token?" {
			t.Errorf("offer %q", d.Purpose)
		}
		s = apply(t, s, Respond{1, true})
		want.Facts.Players[0].Gold -= 2
		skReturn(&want, 0, yes)
		want.Facts.Players[1].Gold -= 4
		skReturn(&want, 1, 1)
		skHarbor(&want)
		skCheck(t, fmt.Sprintf("bribe_the_watch, %d returned", yes), want, s)
	}
	s := skGame(t)
	// Without 2 gold the card cannot be played.
	s = skGame(t)
	s.players[0].gold = 1
	setHand(t, &s, 0, "bribe-the-watch")
	if err := s.Legal(PlaceAgent{0, space(t, &s, "waterdeep-harbor/1")}); !errors.Is(err, SpaceUnavailable) {
		t.Errorf("Bribe the Watch with 1 gold: %v, want SpaceUnavailable", err)
	}
}

func TestSkullportIntrigueCorruptingInfluence(t *testing.T) { // ref corrupting_influence
	s := skGame(t)
	want := skOf(s)
	s = playCardAs(t, s, 0, "corrupting-influence")
	tower, inn := space(t, &s, "blackstaff-tower"), space(t, &s, "waterdeep-harbor/1")
	s = apply(t, s, ChooseSpace{0, tower})
	buildingIllegal(t, s, ChooseSpace{0, tower})
	s = apply(t, s, ChooseSpace{0, inn}) // occupied spaces too
	want.Track[0], want.Track[1] = 0, 2
	want.Placed = map[string]PlacedResources{"blackstaff-tower": {Space: tower, Corruption: 1},
		"waterdeep-harbor/1": {Space: inn, Corruption: 1}}
	skHarbor(&want)
	skCheck(t, "corrupting_influence", want, s)
}

func TestSkullportIntrigueHonorableExample(t *testing.T) { // ref honorable_example
	for _, tc := range []struct {
		held [3]int
		vp   int
	}{{[3]int{0, 1, 1}, 6}, {[3]int{1, 2, 1}, 0}, {[3]int{0, 0, 0}, 0}} {
		s := skGame(t)
		for p, n := range tc.held {
			skCorrupt(&s, p, n)
		}
		want := skOf(s)
		s = playCardAs(t, s, 0, "honorable-example")
		want.Facts.Players[0].Score += tc.vp
		skHarbor(&want)
		skCheck(t, "honorable_example", want, s)
	}
}

func TestSkullportIntrigueReleaseTheHounds(t *testing.T) { // ref release_the_hounds
	s := skGame(t)
	want := skOf(s)
	s = playCardAs(t, s, 0, "release-the-hounds")
	// The tokens leave the track as a gain takes them: -1, then -2.
	want.Track[0], want.Track[1] = 0, 1
	want.Removed = 3
	skHarbor(&want)
	skCheck(t, "release_the_hounds", want, s)
	if s.CorruptionValue() != 1 {
		t.Errorf("corruption value %d, want 1", s.CorruptionValue())
	}
}

func TestSkullportIntrigueRepent(t *testing.T) { // ref repent
	s := skGame(t)
	skCorrupt(&s, 0, 2)
	want := skOf(s)
	s = playCardAs(t, s, 0, "repent")
	skReturn(&want, 0, 1)
	skHarbor(&want)
	skCheck(t, "repent", want, s)
}

func TestSkullportIntrigueScapegoat(t *testing.T) { // ref scapegoat
	// "Up to 2 corruption": p1 keeps both tokens, returns 1 or both
	// (RULES.md 101).
	for yes := range 3 {
		s := skGame(t)
		setTavern(&s, 0, 1, 1, 0, 0, 10)
		setTavern(&s, 1, 0, 2, 0, 0, 10)
		skCorrupt(&s, 0, 2)
		skCorrupt(&s, 1, 1)
		want := skOf(s)
		s = playCardAs(t, s, 0, "scapegoat")
		buildingExpect(t, s, ChooseAdventurersDecision, 0)
		s = apply(t, s, ChooseResources{0, Pick{Cleric: 1}})
		s = skUpTo(t, s, 0, false, 2, yes, "Scapegoat")
		// p2 may return 2 adventurers and a token (their 2 fighters,
		// without asking which); p3 has neither: no offer.
		buildingExpect(t, s, RespondDecision, 1)
		s = apply(t, s, Respond{1, true})
		want.Facts.Players[0].Tavern[Cleric]--
		want.Facts.Players[1].Tavern[Fighter] -= 2
		want.Facts.Supply[Cleric]++
		want.Facts.Supply[Fighter] += 2
		skReturn(&want, 0, yes)
		skReturn(&want, 1, 1)
		skHarbor(&want)
		skCheck(t, fmt.Sprintf("scapegoat, %d returned", yes), want, s)
	}
}

// The three mandatory quests: played on an opponent, who must complete
// one before any other quest.
func TestSkullportIntrigueMandatoryQuests(t *testing.T) {
	for _, tc := range []struct {
		ref, id string
		need    Bundle
		upTo    int // "return up to 1 corruption"
		ret     int // the tokens returned of those (RULES.md 101)
	}{{"clear_rust_monster_nest", "clear-rust-monster-nest", Bundle{Fighter: 1, Wizard: 1, Gold: 2}, 0, 0},
		{"cover_up_a_scandal", "cover-up-a-scandal", Bundle{Cleric: 1, Fighter: 1, Rogue: 1, Wizard: 1}, 1, 1},
		{"cover_up_a_scandal", "cover-up-a-scandal", Bundle{Cleric: 1, Fighter: 1, Rogue: 1, Wizard: 1}, 1, 0}, // kept
		{"hunt_hidden_ghoul", "hunt-hidden-ghoul", Bundle{Cleric: 1, Rogue: 1, Gold: 2}, 0, 0}} {
		t.Run(tc.ref, func(t *testing.T) {
			s := skGame(t)
			skCorrupt(&s, 1, 2)
			card := IntrigueID(s.c.IntrigueCopies(tc.id)[0])
			s = playCardAs(t, s, 0, tc.id)
			// Any opponent, p3 without corruption too (RULES.md 100).
			buildingLegalSet(t, s, ChoosePlayer{0, 1}, ChoosePlayer{0, 2})
			s = apply(t, s, ChoosePlayer{0, 1})
			if m := s.MandatoryQuests(1); len(m) != 1 || m[0] != card {
				t.Fatalf("p2's mandatory quests %v", m)
			}
			// The reference's requirements, not the content's.
			r := tc.need
			if d := cmp.Diff(r, s.c.Intrigue(card).Requires); d != "" {
				t.Errorf("requirements (-reference +content):\n%s", d)
			}
			setTavern(&s, 1, r.Cleric, r.Fighter, r.Rogue, r.Wizard, r.Gold)
			want := skOf(s)
			s = questPlace(t, s, 1, "auroras-realms-shop")
			s = apply(t, s, CompleteMandatory{1, card})
			if tc.upTo > 0 {
				s = skUpTo(t, s, 1, false, tc.upTo, tc.ret, s.c.Intrigue(card).Name)
			}
			p := &want.Facts.Players[1]
			p.Mandatory = nil
			p.Tavern = [4]int{}
			p.Gold = 4
			p.Score += 2
			for k, n := range r.Cubes() {
				want.Facts.Supply[k] += n
			}
			skReturn(&want, 1, tc.ret)
			skNextTurn(&want, 1)
			skCheck(t, tc.ref, want, s)
		})
	}
}

// Open Lord (RULES.md 222, 118): the Skullport attack cards do not affect an
// opponent who revealed their lord, and a card left with nobody to affect
// cannot be played.
func TestSkullportAttacksSpareOpenLord(t *testing.T) {
	game := func(t *testing.T) State {
		t.Helper()
		s := moduleCardGame(t, Undermountain|Skullport)
		for p := range 3 {
			setTavern(&s, p, 0, 0, 0, 0, 10)
		}
		s.lordsShown = 1 << 1 // p2 revealed their lord
		return s
	}
	harbor := func(t *testing.T, s *State, id string) error {
		t.Helper()
		setHand(t, s, 0, id)
		return s.Legal(PlaceAgent{0, space(t, s, "waterdeep-harbor/1")})
	}
	t.Run("expose_corruption", func(t *testing.T) {
		s := game(t)
		skCorrupt(&s, 1, 2)
		skCorrupt(&s, 2, 1)
		want := skOf(s)
		s = playCardAs(t, s, 0, "expose-corruption")
		skTake(&want, 2, 1) // p3 only: p2 is immune
		skHarbor(&want)
		skCheck(t, "expose_corruption", want, s)
	})
	t.Run("forge_deed", func(t *testing.T) {
		s := game(t)
		giveTile(t, &s, 1, "the-thrown-gauntlet")
		if err := harbor(t, &s, "forge-deed"); !errors.Is(err, SpaceUnavailable) {
			t.Errorf("Forge Deed with only p2's building: %v, want SpaceUnavailable", err)
		}
		giveTile(t, &s, 2, "secret-shrine")
		want := skOf(s)
		s = playCardAs(t, s, 0, "forge-deed")
		want.Facts.Players[2].Buildings = nil
		want.Facts.Players[0].Buildings = []string{"secret-shrine"}
		skTake(&want, 0, 2)
		skHarbor(&want)
		skCheck(t, "forge_deed", want, s)
	})
	t.Run("foist_responsibility", func(t *testing.T) {
		s := game(t)
		questGiveMandatory(t, &s, 0, "clear-rust-monster-nest")
		skCorrupt(&s, 1, 1)
		if err := harbor(t, &s, "foist-responsibility"); !errors.Is(err, SpaceUnavailable) {
			t.Errorf("Foist Responsibility with only p2 corrupt: %v, want SpaceUnavailable", err)
		}
	})
	t.Run("blackmail", func(t *testing.T) {
		s := game(t)
		s.lordsShown = 1<<1 | 1<<2
		if err := harbor(t, &s, "blackmail"); !errors.Is(err, SpaceUnavailable) {
			t.Errorf("Blackmail with every opponent immune: %v, want SpaceUnavailable", err)
		}
	})
}

// Each card's copies and kind, from its reference entry
// (TestSkullportContentCounts checks only the totals).
func TestSkullportIntrigueCopies(t *testing.T) {
	type entry struct {
		Kind   string
		Copies int
	}
	a, u, m := "attack", "utility", "mandatory_quest"
	want := map[string]entry{
		"blackmail": {a, 1}, "doppelganger": {a, 1}, "expose-corruption": {a, 2}, "foist-responsibility": {a, 1},
		"forge-deed": {a, 1}, "black-market-money": {u, 1}, "bribe-the-watch": {u, 1}, "corrupting-influence": {u, 2},
		"dark-dagger-assassination": {u, 1}, "donations-for-cyric": {u, 1}, "honorable-example": {u, 1},
		"iron-ring-slaves": {u, 1}, "mind-flayer-mercenaries": {u, 1}, "release-the-hounds": {u, 2}, "repent": {u, 3},
		"scapegoat": {u, 2}, "clear-rust-monster-nest": {m, 1}, "cover-up-a-scandal": {m, 1}, "hunt-hidden-ghoul": {m, 1},
	}
	c := FullContent()
	got := map[string]entry{}
	for i := range c.NumIntrigue() {
		if card := c.Intrigue(IntrigueID(i)); card.Module == Skullport {
			e := got[card.ID]
			e.Kind = card.Kind.String()
			e.Copies++
			got[card.ID] = e
		}
	}
	if d := cmp.Diff(want, got); d != "" {
		t.Errorf("copies and kinds (-reference +content):\n%s", d)
	}
}
