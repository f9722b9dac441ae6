package waterdeep

// Scenario tests for adventurer caravans (rules summary, "Adventurer
// caravans": "These tokens can be exchanged for excess adventurers in
// players' Taverns"; reading RULES.md 36): in a game with a module a gain
// is never cut short by the supply, the adventurers beyond the 25 cubes are
// held as caravans, and adventurers going back to the supply go back as
// caravans first. The base game keeps its limit of 25.

import (
	"testing"

	"github.com/google/go-cmp/cmp"
)

// emptySupply moves every cube of kind k from the supply to seat p's
// tavern, as if p had hired them all.
func emptySupply(s *State, p int, k Adventurer) {
	s.players[p].tavern[k] += s.supply[k]
	s.supply[k] = 0
}

type caravanFacts struct {
	Supply, Caravans [NumAdventurers]int
	Tavern           [NumAdventurers]int // seat 0's
}

func caravanFactsOf(s State) caravanFacts {
	return caravanFacts{Supply: s.Supply(), Caravans: s.Caravans(), Tavern: s.Tavern(0)}
}

// With no fighter cube left, Slavers' Market still gives 2 fighters: they
// are caravans.
func TestCaravansGainBeyondTheCubes(t *testing.T) {
	s := moduleSpaceGame(t)
	emptySupply(&s, 1, Fighter)
	want := caravanFactsOf(s)
	s = apply(t, s, PlaceAgent{0, space(t, &s, "slavers-market")})
	want.Tavern[Fighter] += 2
	want.Tavern[Rogue] += 2
	want.Supply[Rogue] -= 2
	want.Caravans[Fighter] = 2
	if d := cmp.Diff(want, caravanFactsOf(s)); d != "" {
		t.Errorf("(-want +got):\n%s", d)
	}
	if err := s.validate(); err != nil {
		t.Error(err)
	}
}

// With one fighter cube left, a gain of 2 takes the cube, then a caravan.
func TestCaravansAfterTheLastCube(t *testing.T) {
	s := moduleSpaceGame(t)
	emptySupply(&s, 1, Fighter)
	s.players[1].tavern[Fighter]--
	s.supply[Fighter] = 1
	s = apply(t, s, PlaceAgent{0, space(t, &s, "slavers-market")})
	if got := (caravanFacts{Supply: [4]int{25, 0, 23, 25}, Caravans: [4]int{0, 1, 0, 0}, Tavern: [4]int{0, 2, 2, 0}}); got != caravanFactsOf(s) {
		t.Errorf("got %+v, want %+v", caravanFactsOf(s), got)
	}
}

// Adventurers paid back go back as caravans first, then as cubes.
func TestCaravansReturnFirst(t *testing.T) {
	s := moduleSpaceGame(t)
	emptySupply(&s, 1, Fighter)
	s = apply(t, s, PlaceAgent{0, space(t, &s, "slavers-market")}) // 2 fighters as caravans
	s.pay(0, Bundle{Fighter: 1})
	if got := s.Caravans()[Fighter]; got != 1 || s.Supply()[Fighter] != 0 {
		t.Fatalf("after paying 1: caravans %d, supply %d; want 1 and 0", got, s.Supply()[Fighter])
	}
	s.pay(1, Bundle{Fighter: 3})
	if got := s.Caravans()[Fighter]; got != 0 || s.Supply()[Fighter] != 2 {
		t.Fatalf("after paying 3 more: caravans %d, supply %d; want 0 and 2", got, s.Supply()[Fighter])
	}
	if err := s.validate(); err != nil {
		t.Error(err)
	}
}

// The base game has no caravans: a gain takes what the supply has.
func TestNoCaravansInTheBaseGame(t *testing.T) {
	s, err := New(Config{Players: 3, Seed: 1})
	if err != nil {
		t.Fatal(err)
	}
	emptySupply(&s, 1, Fighter)
	s = apply(t, s, PlaceAgent{0, space(t, &s, "field-of-triumph")})
	if got := caravanFactsOf(s); got.Tavern[Fighter] != 0 || got.Caravans != [4]int{} {
		t.Errorf("the base game gave %d fighters from an empty supply, caravans %v", got.Tavern[Fighter], got.Caravans)
	}
}

// Caravans stand for at most maxCaravan adventurers of a kind (an engine
// bound); beyond it a gain takes what is left.
func TestCaravansBound(t *testing.T) {
	s := moduleSpaceGame(t)
	emptySupply(&s, 1, Fighter)
	s.caravan[Fighter] = maxCaravan - 1
	s.players[1].tavern[Fighter] += maxCaravan - 1
	s = apply(t, s, PlaceAgent{0, space(t, &s, "slavers-market")})
	if got := s.Tavern(0)[Fighter]; got != 1 || s.Caravans()[Fighter] != maxCaravan {
		t.Errorf("p1 took %d fighters, caravans %d; want 1 and %d", got, s.Caravans()[Fighter], maxCaravan)
	}
}
