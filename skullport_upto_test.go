package waterdeep

// The "up to N" corruption questions (RULES.md 101) in snapshots and in
// moves: a state at a question saves and loads back, a question the state
// cannot be at is refused, and the answers are the Respond moves.

import (
	"encoding/json"
	"errors"
	"strings"
	"testing"
)

// skUpToState is a game at Bribe the Watch's second question: p1 held 3
// tokens and returned one.
func skUpToState(t *testing.T) State {
	t.Helper()
	s := skGame(t)
	skCorrupt(&s, 0, 3)
	s = playCardAs(t, s, 0, "bribe-the-watch")
	s = apply(t, s, Respond{0, true})
	if d := s.Pending(); d.Purpose != "return a corruption token to the track? (2 of 2)" || s.Corruption(0) != 2 {
		t.Fatalf("at %v, holding %d", d, s.Corruption(0))
	}
	return s
}

func TestSkullportUpToSnapshot(t *testing.T) { // ref bribe_the_watch
	s := skUpToState(t)
	b, err := json.Marshal(s)
	if err != nil {
		t.Fatal(err)
	}
	var back State
	if err := json.Unmarshal(b, &back); err != nil {
		t.Fatalf("load: %v", err)
	}
	if back != s {
		t.Errorf("the state at the question does not load back to itself")
	}
	// Answered after loading, it goes on as before.
	if a, b := apply(t, s, Respond{0, true}), apply(t, back, Respond{0, true}); a != b {
		t.Errorf("the loaded state answers differently")
	}
}

func TestSkullportUpToValidate(t *testing.T) { // ref bribe_the_watch
	if s := skUpToState(t); s.validate() != nil {
		err := s.validate()
		t.Fatalf("the state at the question is refused: %v", err)
	}
	for name, f := range map[string]func(s *State){
		"holding no token":     func(s *State) { s.players[0].corrupt, s.corruptionBox = 0, s.corruptionBox+2 },
		"question 0":           func(s *State) { setSlot(s.top(), "b", 0) },
		"beyond the count":     func(s *State) { setSlot(s.top(), "b", 3) },
		"asked for another":    func(s *State) { setSlot(s.top(), "a", 1) },
		"at a step of another": func(s *State) { s.top().pc-- }, // the payment of 2 gold
	} {
		s := skUpToState(t)
		f(&s)
		var ise *InvalidStateError
		if err := s.validate(); !errors.As(err, &ise) || !strings.Contains(err.Error(), "up-to return") {
			t.Errorf("%s: validate = %v, want an *InvalidStateError about the question", name, err)
		}
	}
}

// The answers are moves like any Respond, and a Respond of another player
// or another decision's answer is refused with a reason.
func TestSkullportUpToMoves(t *testing.T) { // ref bribe_the_watch
	s := skUpToState(t)
	moves := s.AppendMoves(nil)
	if len(moves) != 2 || moves[0] != EncodeMove(Respond{0, false}) || moves[1] != EncodeMove(Respond{0, true}) {
		t.Fatalf("moves %v", moves)
	}
	if err := s.Legal(Respond{1, true}); !errors.Is(err, NotYourTurn) {
		t.Errorf("p2 answers: %v, want NotYourTurn", err)
	}
	if err := s.Legal(Decline{0}); !errors.Is(err, WrongDecision) {
		t.Errorf("declining: %v, want WrongDecision", err)
	}
	got, err := s.Play(EncodeMove(Respond{0, false}))
	if err != nil {
		t.Fatal(err)
	}
	if got.Corruption(0) != 2 {
		t.Errorf("kept: p1 holds %d tokens, want 2", got.Corruption(0))
	}
}
