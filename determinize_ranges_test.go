package waterdeep

import (
	"errors"
	"strings"
	"testing"
)

// TestDeterminizeRefusesNoSeatOnSpace: a view with an agent of no seat
// (NoPlayer) standing on a space is refused by Determinize and NewSampler
// with a DeterminizeError that says a number is out of range, as one with
// a seat past the last is; the view
// as it was is accepted. Issue 39: a mutant that let NoPlayer stand on a
// space survived every test.
func TestDeterminizeRefusesNoSeatOnSpace(t *testing.T) {
	s, err := New(Config{Players: 3, Seed: 5})
	if err != nil {
		t.Fatal(err)
	}
	moves := s.AppendMoves(nil)
	if err := s.PlayInPlace(moves[0]); err != nil { // an agent on the board
		t.Fatal(err)
	}
	v := s.View(1)
	if _, err := Determinize(v, 1); err != nil {
		t.Fatalf("the view as it is: %v", err)
	}
	i := -1
	for j, sp := range v.Spaces {
		if len(sp.Agents) > 0 {
			i = j
		}
	}
	if i < 0 {
		t.Fatal("no agent on the board")
	}
	for _, who := range []PlayerID{NoPlayer, 3} {
		w := s.View(1)
		w.Spaces[i].Agents = []PlayerID{who}
		var de *DeterminizeError
		// Out of range, said so: not a state that breaks an invariant.
		if _, err := Determinize(w, 1); !errors.As(err, &de) || !strings.Contains(err.Error(), "out of range") {
			t.Errorf("an agent of %v on %s: Determinize = %v, want a DeterminizeError for a number out of range", who, s.Content().SpaceID(w.Spaces[i].Space), err)
		}
		if _, err := NewSampler(w); !errors.As(err, &de) {
			t.Errorf("an agent of %v: NewSampler = %v, want a DeterminizeError", who, err)
		}
	}
}

// TestDeterminizeRefusesNoSeatInSeats: a view whose first seat is no seat
// (NoPlayer) is refused by Determinize and NewSampler with a
// DeterminizeError naming seats[0] and saying a number is out of range,
// never a panic. Issue 39: a mutant that let NoPlayer through as a seat
// survived every test.
func TestDeterminizeRefusesNoSeatInSeats(t *testing.T) {
	s, err := New(Config{Players: 3, Seed: 5})
	if err != nil {
		t.Fatal(err)
	}
	w := s.View(1)
	w.Seats[0].Seat = NoPlayer
	var de *DeterminizeError
	if _, err := Determinize(w, 1); !errors.As(err, &de) || de.Field != "seats[0]" || !strings.Contains(err.Error(), "out of range") {
		t.Errorf("Determinize = %v, want a DeterminizeError for seats[0], a number out of range", err)
	}
	if _, err := NewSampler(w); !errors.As(err, &de) || de.Field != "seats[0]" {
		t.Errorf("NewSampler = %v, want a DeterminizeError for seats[0]", err)
	}
}

// TestDeterminizeRefusesQuestBeyondContent: a view that shows a quest the
// content does not have (at Cliffwatch Inn, or completed) is refused by
// Determinize with a DeterminizeError for a number out of range, never a
// panic, at the start of a game and with the Ambassador on the board.
// Issue 39: a mutant that let every quest number through, and one that
// skipped the checks before the Ambassador's space when it stands on one,
// survived every test.
func TestDeterminizeRefusesQuestBeyondContent(t *testing.T) {
	s, err := New(Config{Players: 3, Seed: 5})
	if err != nil {
		t.Fatal(err)
	}
	// p2 holds the Ambassador (The Palace of Waterdeep) and assigns it
	// first in round 2.
	amb := buildingGame(t, 3)
	giveTile(t, &amb, 1, "the-palace-of-waterdeep")
	buildingPools(&amb, 1, 1, 1)
	amb = apply(t, amb, PlaceAgent{0, space(t, &amb, "field-of-triumph")}, PlaceAgent{1, space(t, &amb, "the-palace-of-waterdeep")},
		PlaceAgent{2, space(t, &amb, "the-plinth")}, PlaceAgent{1, space(t, &amb, "the-grinning-lion-tavern")})
	if _, _, _, placed := amb.Ambassador(); !placed {
		t.Fatal("the Ambassador is not on the board")
	}
	beyond := QuestID(len(s.Content().quests))
	for game, s := range map[string]State{"start": s, "ambassador placed": amb} {
		for name, edit := range map[string]func(v *View){
			"cliffwatch": func(v *View) { v.Cliffwatch[0] = beyond },
			"completed":  func(v *View) { v.Seats[2].Completed = append(v.Seats[2].Completed, beyond) },
		} {
			w := s.View(1)
			if _, err := Determinize(w, 1); err != nil {
				t.Fatalf("%s: the view as it is: %v", game, err)
			}
			edit(&w)
			var de *DeterminizeError
			if _, err := Determinize(w, 1); !errors.As(err, &de) || !strings.Contains(err.Error(), "out of range") {
				t.Errorf("%s: quest %d in %s: Determinize = %v, want a DeterminizeError for a number out of range", game, beyond, name, err)
			}
		}
	}
}

// TestDeterminizeRefusesNoSeatFirst: a view whose first player is no seat
// (NoPlayer) is refused by Determinize with a DeterminizeError for a
// number out of range, never a panic. Issue 39: a mutant that let NoPlayer
// through as the first player survived every test.
func TestDeterminizeRefusesNoSeatFirst(t *testing.T) {
	s, err := New(Config{Players: 3, Seed: 5})
	if err != nil {
		t.Fatal(err)
	}
	for _, first := range []PlayerID{NoPlayer, 3} {
		w := s.View(1)
		w.First = first
		var de *DeterminizeError
		if _, err := Determinize(w, 1); !errors.As(err, &de) || !strings.Contains(err.Error(), "out of range") {
			t.Errorf("first player %v: Determinize = %v, want a DeterminizeError for a number out of range", first, err)
		}
	}
}
