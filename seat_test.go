package waterdeep

import (
	"slices"
	"testing"
)

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
