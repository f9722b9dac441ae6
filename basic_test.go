package waterdeep

import "testing"

// An example of the scenario style: build the situation, take actions by
// name, then compare every public fact with go-cmp.
func TestFieldOfTriumphGivesTwoFighters(t *testing.T) {
	s := newGame(t, 3)
	setTavern(&s, 0, 0, 0, 0, 0, 4)
	want := factsOf(s)
	s = apply(t, s, PlaceAgent{0, space(t, &s, "field-of-triumph")})
	want.Players[0].Tavern[Fighter] += 2
	want.Supply[Fighter] -= 2
	want.Players[0].Pool--
	want.ToAct = 1 // no quest can be completed, so the turn ends by itself
	if d := diff(want, factsOf(s)); d != "" {
		t.Errorf("after placing at Field of Triumph (-want +got):\n%s", d)
	}
}
