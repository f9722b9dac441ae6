package waterdeep

// A decision says what it asks: what is given and for how much, who is
// concerned, where a reassigned agent comes from (issue 11, item 5).

import (
	"testing"

	"github.com/google/go-cmp/cmp"
)

func TestRespondDecisionSaysWhatIsGiven(t *testing.T) {
	s := intrigueGame(t, 3)
	intrigueHand(t, &s, 0, "recruit-spies") // take 2 rogues; each opponent may give 1 rogue for 3 VP
	setTavern(&s, 1, 0, 0, 1, 0, 0)
	s = apply(t, s, PlaceAgent{0, intrigueHarbor(t, &s)}) // the only card in hand is played by the engine
	want := Decision{Kind: RespondDecision, Player: 1, Give: Bundle{Rogue: 1}, VP: 3, Other: 0,
		Purpose: "give 1 rogue to p1 for 3 VP?", Source: "Recruit Spies"}
	if d := cmp.Diff(want, s.Pending()); d != "" {
		t.Errorf("(-want +got):\n%s", d)
	}
	if got := s.Pending().String(); got != "p2: give 1 rogue to p1 for 3 VP? (Recruit Spies)" {
		t.Errorf("String() = %q", got)
	}
	// Yes and no are both answers; it is not a decision to decline.
	if err := s.Legal(Decline{1}); err == nil {
		t.Errorf("Decline answers a yes-or-no question")
	}
}

func TestReassignDecisionSaysWhereFrom(t *testing.T) {
	s := questGame(t, 2)
	s.players[0].pool, s.players[1].pool = 1, 1
	setHand(t, &s, 0, "ambush")
	s = questPlace(t, s, 0, "waterdeep-harbor/1")
	s = questPlace(t, s, 1, "field-of-triumph")
	d := s.Pending()
	h1 := space(t, &s, "waterdeep-harbor/1")
	if !d.Reassign || d.From != h1 || d.Purpose != "reassign your agent from Waterdeep Harbor (1)" {
		t.Errorf("pending %+v; want the reassignment from waterdeep-harbor/1", d)
	}
}

// The zero State is no game: it is over, nobody is to act, and a loop
// "for !s.Over()" never starts.
func TestNoDecisionOnceOver(t *testing.T) {
	var s State
	if d := s.Pending(); d.Kind != NoDecision || d.Player != NoPlayer || d.String() != "no decision: the game is over" {
		t.Errorf("Pending of no game = %+v (%q)", d, d)
	}
	if !s.Over() || len(s.LegalActions()) != 0 {
		t.Errorf("the zero State: Over %v, %d legal actions", s.Over(), len(s.LegalActions()))
	}
	if p, ok := s.ToAct(); ok || p != NoPlayer {
		t.Errorf("the zero State: ToAct = %v, %v; want nobody", p, ok)
	}
	g := harnessPlayToEnd(t, 3, 9, 9, false)
	if p, ok := g.ToAct(); ok || p != NoPlayer {
		t.Errorf("a finished game: ToAct = %v, %v; want nobody", p, ok)
	}
}

// The decision frames are dPlace to dDiscard and dDiscardIntrigue, each
// asking its own kind of decision.
func TestFrameKindsThatAreDecisions(t *testing.T) {
	seen := map[DecisionKind]bool{}
	for k := fkind(0); k <= lastFrameKind+1; k++ {
		want := k >= dPlace && k <= dDiscard || k == dDiscardIntrigue
		if k.isDecision() != want {
			t.Errorf("frame kind %s: isDecision %v", snapKindName(k), !want)
		}
		if want {
			d := k.decisionKind()
			if d == NoDecision || seen[d] {
				t.Errorf("frame kind %s asks %v, given twice or none", snapKindName(k), d)
			}
			seen[d] = true
		}
	}
	if len(seen) != int(DiscardIntrigueDecision) {
		t.Errorf("%d kinds of decision asked; there are %d", len(seen), DiscardIntrigueDecision)
	}
}
