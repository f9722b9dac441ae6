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

// TestPlayableAfterAnyGainShortSupply: The Eye's Lair is open to a player
// with 1 fighter whose only card, Mercenary Contract, pays 2: the
// adventurer taken is a fighter, and the supply's lack of wizards does not
// matter, since none is taken. Issue 39: a mutant that counted the
// fighters taken as wizards more (anyGain - c + f - r), and so found no
// room for the fighter's choice, survived every test.
func TestPlayableAfterAnyGainShortSupply(t *testing.T) {
	s := umGame(t)
	giveTile(t, &s, 1, "the-eyes-lair")
	setHand(t, &s, 0, "mercenary-contract")
	setTavern(&s, 0, 0, 1, 0, 0, 0)
	// Every wizard of the supply and of its caravan in p3's tavern.
	s.players[2].tavern[Wizard] += s.supplyOf(Wizard)
	s.supply[Wizard], s.caravan[Wizard] = 0, maxCaravan
	if err := s.validate(); err != nil {
		t.Fatalf("the state set up: %v", err)
	}
	lair := PlaceAgent{0, space(t, &s, "the-eyes-lair")}
	if err := s.Legal(lair); err != nil {
		t.Errorf("with 1 fighter and no wizard in the supply: Legal(%v) = %v", lair, err)
	}
}
