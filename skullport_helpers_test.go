package waterdeep

// Helpers for the scenario tests of the Skullport module's cards (issue
// 13): a game with the module and the embedded content, the corruption
// facts beside the others, and ways to put corruption in place.

import (
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
