package waterdeep

// Helpers for the scenario tests of the Skullport module's cards (issue
// 13): a game with the module and the embedded content, the corruption
// facts beside the others, and ways to put corruption in place.

import (
	"fmt"
	"math/rand/v2"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// skGame is a 3-player game with the Skullport module and the embedded
// content, seat 0 to place its first agent, in which nobody holds a quest,
// an intrigue card or an adventurer, and everyone has 10 gold.
func skGame(t *testing.T) State {
	t.Helper()
	s := moduleCardGame(t, Skullport)
	for p := range 3 {
		setTavern(&s, p, 0, 0, 0, 0, 10)
	}
	if p, _ := s.ToAct(); p != 0 || s.Pending().Kind != PlaceAgentDecision {
		t.Fatalf("p%d to act, %v", p, s.Pending())
	}
	return s
}

// skFacts are the facts of a state with its corruption: the track, the
// tokens each player holds, those removed and those lying on spaces.
type skFacts struct {
	Facts   facts
	Track   [trackSpaces]int
	Held    []int
	Removed int
	Placed  map[string]PlacedResources
}

func skOf(s State) skFacts {
	f := skFacts{Facts: factsOf(s), Track: s.Track(), Removed: s.CorruptionRemoved(), Placed: placedByName(s)}
	for p := range PlayerID(s.Players()) {
		f.Held = append(f.Held, s.Corruption(p))
	}
	return f
}

// skCheck compares want with got's facts, naming the reference entry.
func skCheck(t *testing.T, ref string, want skFacts, got State) {
	t.Helper()
	if d := cmp.Diff(want, skOf(got)); d != "" {
		t.Errorf("%s (-want +got):\n%s", ref, d)
	}
}

// skCorrupt gives player p n corruption tokens from the track (without
// plot effects).
func skCorrupt(s *State, p, n int) {
	for range n {
		if s.takeFromTrack() {
			s.players[p].corrupt++
		}
	}
}

// skTake is what taking n tokens does to the facts' track and player p's
// tokens.
func skTake(f *skFacts, p, n int) {
	for range n {
		for i := range f.Track {
			if f.Track[i] > 0 {
				f.Track[i]--
				f.Held[p]++
				break
			}
		}
	}
}

// skReturn is what returning n of player p's tokens does to the facts.
func skReturn(f *skFacts, p, n int) {
	for range n {
		for i := trackSpaces - 1; i >= 0; i-- {
			if f.Track[i] < trackMax && f.Held[p] > 0 {
				f.Track[i]++
				f.Held[p]--
				break
			}
		}
	}
}

// skNextTurn is the facts' turn passing from p to the next seat's
// placement.
func skNextTurn(f *skFacts, p int) {
	f.Facts.Players[p].Pool--
	f.Facts.ToAct, f.Facts.Pending = PlayerID((p+1)%len(f.Facts.Players)), PlaceAgentDecision
}

// skUpTo answers the questions of an "up to n" return (or removal, with
// remove) of player p's corruption asked by source: yes to the first yes
// of them, then no, while they are asked (RULES.md 101). Each question is
// compared whole ("k of n", the card as its source), offers exactly no and
// yes, and is seen as it is by another seat, who may answer nothing and
// learns nothing hidden; each token moved is told by an event of its own.
func skUpTo(t *testing.T, s State, p PlayerID, remove bool, n, yes int, source string) State {
	t.Helper()
	verb, kind := "return a corruption token to the track?", EvCorruptionReturned
	if remove {
		verb, kind = "remove a corruption token of yours from the game?", EvCorruptionRemoved
	}
	can := min(n, s.Corruption(p))
	if yes > can {
		t.Fatalf("%s: %d tokens to return, of %d that may be", source, yes, can)
	}
	asked := yes
	if yes < can {
		asked++ // the no that ends it
	}
	other := (p + 1) % PlayerID(s.Players())
	r := rand.New(rand.NewPCG(uint64(n), uint64(yes)))
	var evs []Event
	for k := 1; k <= asked; k++ {
		want := Decision{Kind: RespondDecision, Player: p, Other: NoPlayer, Source: source,
			Purpose: fmt.Sprintf("%s (%d of %d)", verb, k, n)}
		if d := cmp.Diff(want, s.Pending()); d != "" {
			t.Fatalf("%s: question %d (-want +got):\n%s", source, k, d)
		}
		buildingLegalSet(t, s, Respond{p, false}, Respond{p, true})
		v := s.View(other)
		if v.Decision != want || len(v.Legal) != 0 {
			t.Errorf("%s: %v sees %v, legal %v", source, other, v.Decision, v.Legal)
		}
		checkModuleView(t, s, other, r)
		var err error
		if s, evs, err = s.ApplyEvents(Respond{p, k <= yes}, evs); err != nil {
			t.Fatalf("%s: answer %d: %v", source, k, err)
		}
	}
	var moved []Event
	for _, e := range evs {
		if e.Kind == kind {
			moved = append(moved, Event{Kind: e.Kind, Player: e.Player, Corruption: e.Corruption})
		}
	}
	var want []Event
	for range yes {
		want = append(want, Event{Kind: kind, Player: p, Corruption: 1})
	}
	if d := cmp.Diff(want, moved); d != "" {
		t.Errorf("%s: the tokens' events (-want +got):\n%s", source, d)
	}
	return s
}
