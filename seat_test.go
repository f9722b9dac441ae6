package waterdeep

import (
	"slices"
	"testing"
)

// TestSeatIsTheGetters checks that State.Seat gives what the per-seat
// getters give, for every seat (and one past the table) in every state of
// random games of each module set, its sets iterated in the getters' order.
func TestSeatIsTheGetters(t *testing.T) {
	t.Parallel() // self-contained: runs beside the other heavy tests (long_test.go)
	cfgs := everyModuleSet
	games := gamesPerConfig(10, 2)
	nonEmpty := 0
	forEachRandomState(t, cfgs, games, 31, func(cfg Config, s *State) {
		for p := range PlayerID(s.Players() + 1) {
			seat := s.Seat(p)
			owned, pool := s.Agents(p)
			want := Seat{
				Score: s.Score(p), Gold: s.Gold(p), Tavern: s.Tavern(p), Agents: owned, Pool: pool,
				Lord: s.Lord(p), Buildings: s.Buildings(p), Corruption: s.Corruption(p),
				Hand: seat.Hand, Active: seat.Active, Completed: seat.Completed, Mandatory: seat.Mandatory,
			}
			if seat != want {
				t.Fatalf("%v seat %d: Seat %+v, getters %+v", cfg, p, seat, want)
			}
			sets := []struct {
				name      string
				got, want []int
				len       int
			}{
				{"Hand", ints(seat.Hand.All()), ints(slices.Values(s.Hand(p))), seat.Hand.Len()},
				{"Active", ints(seat.Active.All()), ints(slices.Values(s.ActiveQuests(p))), seat.Active.Len()},
				{"Completed", ints(seat.Completed.All()), ints(slices.Values(s.CompletedQuests(p))), seat.Completed.Len()},
				{"Mandatory", ints(seat.Mandatory.All()), ints(slices.Values(s.MandatoryQuests(p))), seat.Mandatory.Len()},
			}
			for _, set := range sets {
				if !slices.Equal(set.got, set.want) || set.len != len(set.want) {
					t.Fatalf("%v seat %d: %s %v (Len %d), getter %v", cfg, p, set.name, set.got, set.len, set.want)
				}
				nonEmpty += min(len(set.want), 1)
			}
			for q := range QuestID(255) {
				if seat.Active.Has(q) != slices.Contains(s.ActiveQuests(p), q) {
					t.Fatalf("%v seat %d: Active.Has(%d) wrong", cfg, p, q)
				}
			}
			for i := range IntrigueID(255) {
				if seat.Hand.Has(i) != slices.Contains(s.Hand(p), i) {
					t.Fatalf("%v seat %d: Hand.Has(%d) wrong", cfg, p, i)
				}
			}
		}
	})
	if nonEmpty == 0 {
		t.Fatal("every set was empty: the comparison saw nothing")
	}
}

// ints collects a sequence of small ids as ints.
func ints[T QuestID | IntrigueID](seq func(func(T) bool)) []int {
	var out []int
	for v := range seq {
		out = append(out, int(v))
	}
	return out
}

// TestSeatStopsEarly checks that breaking out of a set's iteration stops it.
func TestSeatStopsEarly(t *testing.T) {
	qs := QuestSet{set128{lo: 1<<3 | 1<<9, hi: 1 << 2}}
	var got []QuestID
	for q := range qs.All() {
		got = append(got, q)
		if len(got) == 2 {
			break
		}
	}
	if !slices.Equal(got, []QuestID{3, 9}) {
		t.Fatalf("got %v, want [3 9]", got)
	}
	var all []QuestID
	for q := range qs.All() {
		all = append(all, q)
	}
	if !slices.Equal(all, []QuestID{3, 9, 66}) {
		t.Fatalf("got %v, want [3 9 66]", all)
	}
}

// TestSeatAllocatesNothing checks that reading a seat and iterating its
// sets allocates nothing.
func TestSeatAllocatesNothing(t *testing.T) {
	s, err := New(Config{Players: 4, Seed: 3})
	if err != nil {
		t.Fatal(err)
	}
	sum := 0
	allocs := testing.AllocsPerRun(10, func() {
		for p := range PlayerID(4) {
			seat := s.Seat(p)
			for q := range seat.Active.All() {
				sum += int(q)
			}
			for i := range seat.Hand.All() {
				sum += int(i)
			}
		}
	})
	if allocs != 0 {
		t.Fatalf("Seat and its sets allocate %v times a run", allocs)
	}
	if sum == 0 {
		t.Fatal("no active quest or intrigue card was seen")
	}
}
