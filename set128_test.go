package waterdeep

import (
	"testing"

	"pgregory.net/rapid"
)

// TestSet128 checks the two-word set against a plain array of flags:
// adding, removing, membership, counting (and upTo2's count), walking and
// shifting, across the boundary between the words; TestSetUpTo2 counts
// every set of up to three members at the edges of the words.
func TestSet128(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		var s set128
		var model [128]bool
		for _, i := range rapid.SliceOf(rapid.IntRange(0, 127)).Draw(t, "added") {
			s.add(uint8(i))
			model[i] = true
		}
		for _, i := range rapid.SliceOf(rapid.IntRange(0, 127)).Draw(t, "removed") {
			s.remove(uint8(i))
			model[i] = false
		}
		n := 0
		for i, in := range model {
			if s.has(uint8(i)) != in {
				t.Fatalf("has(%d) = %v, want %v", i, !in, in)
			}
			if in {
				n++
			}
		}
		if s.len() != n || s.empty() != (n == 0) || s.upTo2() != min(n, 2) {
			t.Fatalf("len %d, empty %v, upTo2 %d with %d members", s.len(), s.empty(), s.upTo2(), n)
		}
		for i := s.next(0); i >= 0; i = s.next(i + 1) {
			if !model[i] {
				t.Fatalf("next walks to %d, not a member", i)
			}
			n--
		}
		if n != 0 {
			t.Fatalf("next missed %d members", n)
		}
		if s.has(200) {
			t.Fatal("has(200) on a 128-member set")
		}
		k := rapid.IntRange(0, 130).Draw(t, "k")
		var want set128
		for i := s.next(0); i >= 0; i = s.next(i + 1) {
			if i+k < 128 {
				want.add(uint8(i + k))
			}
		}
		if got := s.shiftUp(k); got != want {
			t.Fatalf("%x shifted by %d = %x, want %x", s, k, got, want)
		}
	})
}

// TestAllSpaces checks the set of the first n spaces on both sides of the
// boundary between the words.
func TestAllSpaces(t *testing.T) {
	for n := 0; n <= 128; n++ {
		s := allSpaces(n)
		if s.len() != n {
			t.Fatalf("allSpaces(%d) has %d members", n, s.len())
		}
		if n > 0 && !s.has(uint8(n-1)) || s.has(uint8(n)) {
			t.Fatalf("allSpaces(%d) = %x: wrong bounds", n, s)
		}
	}
}

// TestSetUpTo2 compares upTo2 with len for every set of up to three
// members among the edges of the two words.
func TestSetUpTo2(t *testing.T) {
	edges := []uint8{0, 1, 62, 63, 64, 65, 126, 127}
	for a := range 1 << len(edges) {
		var s set128
		for i, e := range edges {
			if a>>i&1 != 0 {
				s.add(e)
			}
		}
		if s.len() > 3 {
			continue
		}
		if got, want := s.upTo2(), min(s.len(), 2); got != want {
			t.Fatalf("set %x: upTo2 %d, want %d", s, got, want)
		}
	}
}
