package waterdeep

// Automatic answers keep hands secret (issue 24, RULES.md 41): the events
// another viewer is given, text and JSON, are the same whatever the rest of
// the answering player's hidden hand, so they say no more than the table
// would (the player simply plays the card).

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"
)

// autoLeakStream is what viewer is told of events: each event's text and
// JSON as viewer sees it.
func autoLeakStream(t *testing.T, c *Content, events []Event, viewer PlayerID) []string {
	t.Helper()
	out := make([]string, 0, len(events))
	for _, e := range events {
		b, err := c.AppendEventJSON(nil, e.For(viewer))
		if err != nil {
			t.Fatal(err)
		}
		out = append(out, c.FormatEvent(e, viewer)+" "+string(b))
	}
	return out
}

// autoLeakSwap returns s with one card of p's hand that others do not know
// and events do not name exchanged for a card of the intrigue deck, and
// the two cards; ok is false when there is none to exchange.
func autoLeakSwap(s State, p PlayerID, events []Event, r *rand.Rand) (_ State, h, d IntrigueID, ok bool) {
	named := map[IntrigueID]bool{}
	for _, e := range events {
		cards, _, _ := leakEventNames(e)
		for _, x := range cards {
			named[x] = true
		}
		if e.Card != HiddenCard {
			named[e.Card] = true
		}
	}
	var hand []IntrigueID
	for _, x := range intrigueList(s.players[p].hand.andNot(s.knownHand)) {
		if !named[x] {
			hand = append(hand, x)
		}
	}
	var deck []int
	for k, x := range s.intrigueDeck[:s.intrigueDeckLen] {
		if !named[IntrigueID(x)] {
			deck = append(deck, k)
		}
	}
	if len(hand) == 0 || len(deck) == 0 {
		return s, 0, 0, false
	}
	h = hand[r.IntN(len(hand))]
	k := deck[r.IntN(len(deck))]
	d = IntrigueID(s.intrigueDeck[k])
	s.players[p].hand.remove(uint8(h))
	s.players[p].hand.add(uint8(d))
	s.intrigueDeck[k] = uint8(h)
	return s, h, d, true
}

func TestAutoAnswersTellOthersOnlyTheAction(t *testing.T) {
	games := 30
	if quickRun() || raceDetector {
		games = 6
	}
	kinds := map[string]int{} // automatic answers checked, by action type
	hidden := 0               // of them, answers that were not the only one with the other hand
	for _, cfg := range leakConfigs() {
		for g := range games {
			cfg.Seed = uint64(31*g + cfg.Players)
			s, err := New(cfg)
			if err != nil {
				t.Fatal(err)
			}
			r := rand.New(rand.NewPCG(cfg.Seed, 24))
			var events []Event
			for !s.Over() {
				legal := s.LegalActions()
				a := legal[r.IntN(len(legal))]
				before := s
				if s, events, err = s.ApplyEvents(a, events[:0]); err != nil {
					t.Fatal(err)
				}
				for i, e := range events {
					if e.Kind != EvAutoAnswer {
						continue
					}
					p := e.Player
					other, h, d, ok := autoLeakSwap(before, p, events, r)
					if !ok {
						continue
					}
					// The same play with the other hand: the same action,
					// and where the engine now waits for p (the answer is
					// no longer the only one), p gives the same answer.
					if other.Legal(a) != nil {
						continue
					}
					var got []Event
					st := other
					if st, got, err = st.ApplyEvents(a, nil); err != nil {
						t.Fatal(err)
					}
					waited := false
					for len(got) < len(events) && !st.Over() {
						next := events[len(got)]
						if next.Kind != EvAutoAnswer && next.Kind != EvAction {
							break
						}
						act := next.Move.Action(next.Player)
						if st.Legal(act) != nil {
							break
						}
						if len(got) <= i {
							waited = true
						}
						if st, got, err = st.ApplyEvents(act, got); err != nil {
							t.Fatal(err)
						}
						// ApplyEvents reports the action itself first, as
						// p's own: it stands where the automatic answer was.
					}
					drawn := func(evs []Event) bool {
						return slices.ContainsFunc(evs, func(e Event) bool {
							return e.Kind == EvIntrigueDrawn && (e.Card == h || e.Card == d)
						})
					}
					if drawn(events) || drawn(got) {
						continue // the exchanged card was drawn: the deck, not the hand, differs
					}
					n := min(len(got), len(events))
					if n <= i {
						continue
					}
					kinds[fmt.Sprintf("%T", e.Move.Action(p))]++
					if waited {
						hidden++
					}
					for _, v := range leakViewers(cfg.Players) {
						if v == p {
							continue
						}
						want := autoLeakStream(t, s.c, events[:n], v)
						have := autoLeakStream(t, s.c, got[:n], v)
						for j := range want {
							if want[j] != have[j] {
								t.Fatalf("%+v, round %d: viewer %v learns of p%d's hand: with %s instead of %s in it, event %d is\n\t%s\nnot\n\t%s",
									cfg, before.Round(), v, p+1, s.c.IntrigueID(d), s.c.IntrigueID(h), j, have[j], want[j])
							}
						}
					}
				}
			}
		}
	}
	t.Logf("automatic answers checked by kind: %v; %d of them not the only answer with another hand", kinds, hidden)
	if hidden == 0 {
		t.Error("no automatic answer depended on the hand: the test checked nothing that could leak")
	}
}
