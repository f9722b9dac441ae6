package waterdeep

import (
	"encoding/binary"
	"math/bits"
)

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

// Byte masks: the board and the tile owners are byte arrays, and listing
// placements asks "which bytes are zero" for all of them at once. These
// work on eight bytes per word (SWAR) instead of one byte per step.
const (
	lowBits  = 0x7f7f7f7f7f7f7f7f
	highBits = 0x8080808080808080
)

// zeroBytes returns a byte of 0x80 for each zero byte of w and 0 for every
// other byte (exact: no carries cross bytes).
func zeroBytes(w uint64) uint64 {
	return ^(((w & lowBits) + lowBits) | w) & highBits
}

// gatherHigh packs the high bit of each byte of w (byte i to bit i).
func gatherHigh(w uint64) uint8 {
	return uint8(((w >> 7) * 0x0102040810204080) >> 56)
}

// zeroSet returns the set of indexes i < n whose byte in b is zero, and
// perhaps some indexes from n up to the next multiple of 8 (callers mask
// them off). The length of b is a multiple of 8, and at least n.
func zeroSet(b []uint8, n int) set128 {
	var out set128
	for at := 0; at < n; at += 8 {
		m := uint64(gatherHigh(zeroBytes(binary.LittleEndian.Uint64(b[at:]))))
		out[at>>6&1] |= m << (at & 63)
	}
	return out
}

// ownerSet returns the set of indexes i < n whose byte in b is from 1 to
// 0x7f (a tile with an owner, in tileOwner: not 0, not none), and perhaps
// some indexes from n up to the next multiple of 8 (callers mask them
// off). The length of b is a multiple of 8, and at least n.
func ownerSet(b []uint8, n int) set128 {
	var out set128
	for at := 0; at < n; at += 8 {
		w := binary.LittleEndian.Uint64(b[at:])
		// The high bit of ((w & low) + low) is set for a nonzero byte;
		// &^ w clears it again for bytes of 0x80 and above.
		m := uint64(gatherHigh(((w & lowBits) + lowBits) &^ w & highBits))
		out[at>>6&1] |= m << (at & 63)
	}
	return out
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
