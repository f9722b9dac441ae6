package waterdeep

import (
	"math/rand/v2"
	"slices"
	"testing"
)

// In random games with both modules and the real cards, Trobriand's
// Graveyard and Manipulate are played, and their events say what the
// state shows: a discarded card lies face up on the discard pile, and an
// agent moved off a space is put on another (RULES.md 225, 226).
func TestUndermountainCardEventsInPlay(t *testing.T) {
	c := FullContent()
	seen := map[EventKind]int{}
	games := 0
	for seed := uint64(0); seed < 200 && (seen[EvAgentMoved] < 3 || seen[EvIntrigueDiscarded] < 3); seed++ {
		games++
		s, err := New(Config{Players: 4, Seed: seed, Modules: Undermountain | Skullport, Long: true, Content: c})
		if err != nil {
			t.Fatal(err)
		}
		r := rand.New(rand.NewPCG(seed, 26))
		var events []Event
		for !s.Over() {
			moves := s.AppendMoves(nil)
			next, evs, err := s.ApplyEvents(moves[r.IntN(len(moves))].Action(mustToAct(t, s)), events[:0])
			if err != nil {
				t.Fatal(err)
			}
			roundEnded := slices.ContainsFunc(evs, func(e Event) bool { return e.Kind == EvRoundEnded })
			for i, e := range evs {
				seen[e.Kind]++
				switch e.Kind {
				case EvIntrigueDiscarded:
					if !s.players[e.Player].hand.has(uint8(e.Card)) {
						t.Fatalf("seed %d: %v discards %s, which was not in their hand", seed, e.Player, c.IntrigueID(e.Card))
					}
					if !roundEnded && !slices.Contains(next.View(Spectator).IntrigueDiscard, e.Card) {
						t.Fatalf("seed %d: %s is not face up on the discard pile", seed, c.IntrigueID(e.Card))
					}
				case EvAgentMoved:
					if occ, _ := s.Occupants(e.Space); !slices.Contains(occ, e.Player) {
						t.Fatalf("seed %d: %v's agent moved off %s, where it was not", seed, e.Player, c.SpaceID(e.Space))
					}
					put := evs[i+1]
					if put.Kind != EvPlaced || put.Player != e.Player || put.As != placedMoved {
						t.Fatalf("seed %d: %v is followed by %v, not the agent put on its new space", seed, e, put)
					}
					if occ, _ := next.Occupants(put.Space); !roundEnded && !slices.Contains(occ, e.Player) {
						t.Fatalf("seed %d: %v's agent is not on %s", seed, e.Player, c.SpaceID(put.Space))
					}
				}
			}
			eventsRoundTrip(t, c, evs)
			s, events = next, evs
		}
	}
	for _, k := range []EventKind{EvAgentMoved, EvIntrigueDiscarded} {
		if seen[k] < 3 {
			t.Errorf("%d %s events in %d games, want 3 at least", seen[k], k, games)
		}
	}
	t.Logf("%d games: %d agents moved, %d intrigue cards discarded", games, seen[EvAgentMoved], seen[EvIntrigueDiscarded])
}

func mustToAct(t *testing.T, s State) PlayerID {
	t.Helper()
	p, ok := s.ToAct()
	if !ok {
		t.Fatal("nobody is to act")
	}
	return p
}
