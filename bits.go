package waterdeep

import "math/bits"

// set128 is a set of up to 128 small integers (card instances).
type set128 [2]uint64

func (s *set128) add(i uint8)           { s[i>>6] |= 1 << (i & 63) }
func (s *set128) remove(i uint8)        { s[i>>6] &^= 1 << (i & 63) }
func (s set128) has(i uint8) bool       { return s[i>>6]&(1<<(i&63)) != 0 }
func (s set128) len() int               { return bits.OnesCount64(s[0]) + bits.OnesCount64(s[1]) }
func (s set128) empty() bool            { return s[0]|s[1] == 0 }
func (s set128) and(t set128) set128    { return set128{s[0] & t[0], s[1] & t[1]} }
func (s set128) andNot(t set128) set128 { return set128{s[0] &^ t[0], s[1] &^ t[1]} }

// next returns the smallest member >= from, or none.
func (s set128) next(from int) int {
	for from < 128 {
		w := s[from>>6] >> (from & 63)
		if w != 0 {
			return from + bits.TrailingZeros64(w)
		}
		from = (from | 63) + 1
	}
	return -1
}

// shiftUp returns s with every member moved up by k (members pushed past
// 127 are dropped).
func (s set128) shiftUp(k int) set128 {
	switch {
	case k == 0:
		return s
	case k >= 128:
		return set128{}
	case k >= 64:
		return set128{0, s[0] << (k - 64)}
	}
	return set128{s[0] << k, s[1]<<k | s[0]>>(64-k)}
}

// firstN returns the set {0, ..., n-1}.
func firstN(n int) set128 {
	switch {
	case n <= 0:
		return set128{}
	case n < 64:
		return set128{1<<n - 1, 0}
	case n < 128:
		return set128{^uint64(0), 1<<(n-64) - 1}
	}
	return set128{^uint64(0), ^uint64(0)}
}

func (s set128) or(t set128) set128 { return set128{s[0] | t[0], s[1] | t[1]} }
