package waterdeep

// The expansion's events (issue 12): corruption taken, returned, removed
// and moved, resources placed on a space and taken from it. Over random
// games, with the test content's module cards and with the real ones, the
// events account for every change of the players' corruption and of what
// lies on the spaces, and they round-trip through JSON.

import (
	"math/rand/v2"
	"testing"

	"github.com/google/go-cmp/cmp"
)

func TestModuleEventsAccount(t *testing.T) {
	t.Parallel() // self-contained: runs beside the other heavy tests (long_test.go)
	seen := map[EventKind]int{}
	for _, c := range []*Content{modulesTestContent(t), FullContent()} {
		moduleEventsAccount(t, c, seen)
	}
	for _, k := range []EventKind{EvCorruptionTaken, EvCorruptionReturned, EvCorruptionRemoved, EvCorruptionMoved, EvResourcesPlaced, EvPlacedTaken} {
		if seen[k] == 0 {
			t.Errorf("no %s event in 24 games", k)
		}
	}
}

// moduleEventsAccount plays 12 random 4-player games of content c with both
// modules, checking that the events account for the changes, and counts
// the kinds seen.
func moduleEventsAccount(t *testing.T, c *Content, seen map[EventKind]int) {
	t.Helper()
	for seed := range uint64(12) {
		s, err := New(Config{Players: 4, Seed: seed, Modules: Undermountain | Skullport, Long: true, Content: c})
		if err != nil {
			t.Fatal(err)
		}
		r := rand.New(rand.NewPCG(seed, 8))
		var events []Event
		for !s.Over() {
			legal := s.LegalActions()
			next, evs, err := s.ApplyEvents(legal[r.IntN(len(legal))], events[:0])
			if err != nil {
				t.Fatal(err)
			}
			// Each player's corruption and what lies on each space, as the
			// events tell it.
			held := make([]int, 4)
			for p := range PlayerID(4) {
				held[p] = s.Corruption(p)
			}
			lying := placedByName(s)
			for _, e := range evs {
				seen[e.Kind]++
				name := c.SpaceID(e.Space)
				switch e.Kind {
				case EvCorruptionTaken:
					held[e.Player] += e.Corruption
				case EvCorruptionReturned, EvCorruptionRemoved:
					held[e.Player] -= e.Corruption
				case EvCorruptionMoved:
					held[e.Player] -= e.Corruption
					l := lying[name]
					l.Space = e.Space
					l.Corruption += e.Corruption
					lying[name] = l
				case EvResourcesPlaced:
					l := lying[name]
					l.Space = e.Space
					l.Resources = Bundle{Cleric: l.Resources.Cleric + e.Amount.Cleric, Fighter: l.Resources.Fighter + e.Amount.Fighter,
						Rogue: l.Resources.Rogue + e.Amount.Rogue, Wizard: l.Resources.Wizard + e.Amount.Wizard, Gold: l.Resources.Gold + e.Amount.Gold}
					l.Corruption += e.Corruption
					lying[name] = l
				case EvPlacedTaken:
					if l := lying[name]; l.Resources != e.Amount || l.Corruption != e.Corruption {
						t.Fatalf("seed %d: %s takes %v and %d corruption from %s, where %v lay", seed, e.Player, e.Amount, e.Corruption, name, l)
					}
					held[e.Player] += e.Corruption
					delete(lying, name)
				}
			}
			for name, l := range lying {
				if l.Resources == (Bundle{}) && l.Corruption == 0 {
					delete(lying, name) // a placement that found the supply empty
				}
			}
			for p := range PlayerID(4) {
				if held[p] != next.Corruption(p) {
					t.Fatalf("seed %d: the events give %s %d corruption tokens; the state %d (events %v)", seed, p, held[p], next.Corruption(p), evs)
				}
			}
			if d := cmp.Diff(placedByName(next), lying); d != "" {
				t.Fatalf("seed %d: placed resources (-state +events):\n%s", seed, d)
			}
			eventsRoundTrip(t, c, evs)
			s, events = next, evs
		}
	}
}

// eventsRoundTrip checks that events read back from their JSON as they are.
func eventsRoundTrip(t *testing.T, c *Content, evs []Event) {
	t.Helper()
	b, err := c.MarshalEvents(evs)
	if err != nil {
		t.Fatal(err)
	}
	back, err := c.UnmarshalEvents(b)
	if err != nil {
		t.Fatalf("%v\n%s", err, b)
	}
	if d := cmp.Diff(evs, back); d != "" {
		t.Fatalf("events JSON round trip (-want +got):\n%s", d)
	}
}

// The events in words and JSON.
func TestModuleEventText(t *testing.T) {
	c := modulesTestContent(t)
	sp, _ := c.SpaceByID("skull-island")
	for _, tc := range []struct {
		e    Event
		text string
		json string
	}{
		{Event{Kind: EvCorruptionTaken, Player: 1, Corruption: 2}, "p2 takes 2 corruption tokens",
			`{"kind":"corruption_taken","player":"p2","corruption":2,"text":"p2 takes 2 corruption tokens"}`},
		{Event{Kind: EvCorruptionReturned, Player: 0, Corruption: 1}, "p1 returns 1 corruption token to the track", ""},
		{Event{Kind: EvCorruptionRemoved, Player: 5, Corruption: 1}, "p6 removes 1 corruption token from the game", ""},
		{Event{Kind: EvResourcesPlaced, Player: 2, Space: sp, Amount: Bundle{Gold: 2}, Corruption: 1},
			"p3 puts 2 gold and 1 corruption token on skull-island",
			`{"kind":"resources_placed","player":"p3","space":"skull-island","amount":{"gold":2},"corruption":1,"text":"p3 puts 2 gold and 1 corruption token on skull-island"}`},
		{Event{Kind: EvPlacedTaken, Player: 3, Space: sp, Amount: Bundle{Fighter: 1}}, "p4 takes 1 fighter lying on skull-island", ""},
		{Event{Kind: EvCorruptionMoved, Player: 1, Space: sp, Corruption: 1}, "p2 moves 1 corruption token onto skull-island",
			`{"kind":"corruption_moved","player":"p2","space":"skull-island","corruption":1,"text":"p2 moves 1 corruption token onto skull-island"}`},
	} {
		if got := c.FormatEvent(tc.e, 0); got != tc.text {
			t.Errorf("%v: %q, want %q", tc.e.Kind, got, tc.text)
		}
		if tc.json != "" {
			b, err := c.AppendEventJSON(nil, tc.e)
			if err != nil || string(b) != tc.json {
				t.Errorf("%v: %s, %v, want %s", tc.e.Kind, b, err, tc.json)
			}
		}
	}
	// A version 2 document has none of these kinds.
	_, err := c.UnmarshalEvents([]byte(`{"version":2,"events":[{"kind":"corruption_taken","player":"p1","corruption":1}]}`))
	if err == nil {
		t.Error("a version 2 document with a corruption_taken event decoded")
	}
}
