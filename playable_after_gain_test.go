package waterdeep

import "testing"

// TestPlayableAfterAnyGain: The Eye's Lair ("take an adventurer of any
// kind, then play an intrigue card") is open to a player whose only card,
// Honor Among Thieves, pays 2 rogues, exactly when the adventurer taken
// can make up the rogues: with 1 rogue, yes; with none, no. Issue 39: a
// mutant that tried choices of more adventurers than the gain gives
// (legal.go, playableAfterGain) survived every test.
func TestPlayableAfterAnyGain(t *testing.T) {
	for _, rogues := range []int{0, 1} {
		s := umGame(t)
		giveTile(t, &s, 1, "the-eyes-lair")
		setHand(t, &s, 0, "honor-among-thieves")
		setTavern(&s, 0, 0, 0, rogues, 0, 0)
		lair := PlaceAgent{0, space(t, &s, "the-eyes-lair")}
		if err := s.Legal(lair); (err == nil) != (rogues == 1) {
			t.Errorf("with %d rogues: Legal(%v) = %v", rogues, lair, err)
		}
	}
}
