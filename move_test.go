package waterdeep

import "testing"

// Every Move below NumMoves decodes to an action that encodes back to it,
// and nothing else encodes.
func TestMoveSpaceIsDenseAndRoundTrips(t *testing.T) {
	if n := NumMoves(); n < 3000 || n > 5000 {
		t.Errorf("NumMoves() = %d, want a dense space of a few thousand", n)
	}
	for m := Move(1); m < Move(NumMoves()); m++ {
		a := m.Action(2)
		if a == nil {
			t.Fatalf("move %d decodes to no action", m)
		}
		if got := EncodeMove(a); got != m {
			t.Fatalf("move %d -> %v -> %d", m, a, got)
		}
	}
	if Move(0).Action(0) != nil || Move(NumMoves()).Action(0) != nil {
		t.Error("moves 0 and NumMoves() must decode to no action")
	}
}

// Actions whose operands cannot exist encode to no move, and are refused
// with the reason that names what does not exist.
func TestUnencodableActions(t *testing.T) {
	s := newGame(t, 2)
	for _, tc := range []struct {
		a    Action
		want Reason
	}{
		{PlaceAgent{0, MaxSpaces}, NoSuchSpace},
		{ChooseResources{0, Pick{Fighter: 5, Rogue: 3}}, BadPick},
		{ChooseResources{0, Pick{Gold: 8}}, BadPick},
		{ChoosePlayer{0, MaxPlayers}, NoSuchPlayer},
		{ChooseQuestType{0, 9}, WrongDecision},
	} {
		if m := EncodeMove(tc.a); m != 0 {
			t.Errorf("EncodeMove(%v) = %d, want 0", tc.a, m)
		}
		err := s.Legal(tc.a)
		if ie, ok := err.(*IllegalActionError); !ok || ie.Reason != tc.want {
			t.Errorf("Legal(%v) = %v, want reason %v", tc.a, err, tc.want)
		}
	}
}
