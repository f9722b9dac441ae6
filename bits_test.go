package waterdeep

import (
	"testing"

	"pgregory.net/rapid"
)

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

// TestHasMatchesCounts checks the lane arithmetic of has against a plain
// comparison of every count.
func TestHasMatchesCounts(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		var ps playerState
		var want [NumAdventurers]uint8
		for k := range NumAdventurers {
			ps.tavern[k] = rapid.Uint8().Draw(t, "have")
			want[k] = rapid.Uint8().Draw(t, "need")
		}
		ps.gold = rapid.Int32Range(-5, 20).Draw(t, "gold")
		n := need{cubes: lanes(want), gold: rapid.Int32Range(0, 20).Draw(t, "needGold")}
		ok := ps.gold >= n.gold
		for k := range NumAdventurers {
			ok = ok && ps.tavern[k] >= want[k]
		}
		if got := ps.has(&n); got != ok {
			t.Fatalf("has(%v, %d gold) with %v and %d gold = %v, want %v", want, n.gold, ps.tavern, ps.gold, got, ok)
		}
	})
}
