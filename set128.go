package waterdeep

import "math/bits"

// set128 is a set of up to 128 small integers (card instances, spaces).
//
// It is a struct of two words rather than a [2]uint64, which the compiler
// handles better (BENCHMARKS.md, "set128").
type set128 struct{ lo, hi uint64 }

// word returns the members 64*i to 64*i+63 (i is 0 or 1) as bits.
func (s set128) word(i int) uint64 {
	if i == 0 {
		return s.lo
	}
	return s.hi
}

func (s *set128) add(i uint8) {
	if i < 64 {
		s.lo |= 1 << i
	} else {
		s.hi |= 1 << (i & 63)
	}
}

func (s *set128) remove(i uint8) {
	if i < 64 {
		s.lo &^= 1 << i
	} else {
		s.hi &^= 1 << (i & 63)
	}
}

func (s set128) has(i uint8) bool {
	if i < 64 {
		return s.lo>>i&1 != 0
	}
	return i < 128 && s.hi>>(i-64)&1 != 0
}

func (s set128) len() int               { return bits.OnesCount64(s.lo) + bits.OnesCount64(s.hi) }
func (s set128) empty() bool            { return s.lo|s.hi == 0 }
func (s set128) and(t set128) set128    { return set128{s.lo & t.lo, s.hi & t.hi} }
func (s set128) andNot(t set128) set128 { return set128{s.lo &^ t.lo, s.hi &^ t.hi} }
func (s set128) or(t set128) set128     { return set128{s.lo | t.lo, s.hi | t.hi} }

// upTo2 returns the number of members, 0, 1, or 2 for two or more: what
// run needs to know of a decision's answers, without len's count (whose
// test of the CPU for each word costs more than these few operations).
func (s set128) upTo2() int {
	switch {
	case s.lo|s.hi == 0:
		return 0
	case s.lo&(s.lo-1)|s.hi&(s.hi-1) != 0 || s.lo != 0 && s.hi != 0:
		return 2
	}
	return 1
}

// allSpaces returns the set 0 to n-1 (n at most 128).
func allSpaces(n int) set128 {
	if n <= 64 {
		return set128{lo: 1<<n - 1}
	}
	return set128{lo: ^uint64(0), hi: 1<<(n-64) - 1}
}

// next returns the smallest member >= from, or -1.
func (s set128) next(from int) int {
	if from < 64 {
		if w := s.lo >> from; w != 0 {
			return from + bits.TrailingZeros64(w)
		}
		from = 64
	}
	if from < 128 {
		if w := s.hi >> (from - 64); w != 0 {
			return from + bits.TrailingZeros64(w)
		}
	}
	return -1
}

// shiftUp returns s with every member moved up by k (members pushed past
// 127 are dropped).
func (s set128) shiftUp(k int) set128 {
	switch {
	case k <= 0:
		return s
	case k >= 128:
		return set128{}
	case k >= 64:
		return set128{0, s.lo << (k - 64)}
	}
	return set128{s.lo << k, s.hi<<k | s.lo>>(64-k)}
}
