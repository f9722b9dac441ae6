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
