package waterdeep

import (
	"testing"

	"pgregory.net/rapid"
)

// TestByteSets checks the eight-bytes-at-a-time masks against a plain
// loop, on bytes drawn mostly from the values the board holds.
func TestByteSets(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		words := rapid.IntRange(0, 12).Draw(t, "words")
		b := rapid.SliceOfN(rapid.SampledFrom([]uint8{0, 1, 2, 6, 7, 0x7f, 0x80, 0xfe, none}), 8*words, 8*words).Draw(t, "bytes")
		n := rapid.IntRange(0, len(b)).Draw(t, "n")
		for _, zero := range []bool{true, false} {
			var want set128
			for i := range n {
				if (b[i] == 0) == zero && (zero || b[i] < 0x80) {
					want.add(uint8(i))
				}
			}
			got := ownerSet(b, n)
			if zero {
				got = zeroSet(b, n)
			}
			// Indexes from n up to the next multiple of 8 may be set.
			if got = got.and(firstN(n)); got != want {
				t.Fatalf("zero %v: set of %v below %d = %x, want %x", zero, b, n, got, want)
			}
		}
	})
}

func TestSetShiftAndFirstN(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		var s set128
		for _, i := range rapid.SliceOf(rapid.IntRange(0, 127)).Draw(t, "members") {
			s.add(uint8(i))
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
		n := rapid.IntRange(-1, 130).Draw(t, "n")
		if got := firstN(n).len(); got != min(max(n, 0), 128) {
			t.Fatalf("firstN(%d) has %d members", n, got)
		}
		if n > 0 && n <= 128 && !firstN(n).has(uint8(n-1)) {
			t.Fatalf("firstN(%d) lacks %d", n, n-1)
		}
	})
}
