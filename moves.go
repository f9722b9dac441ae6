package waterdeep

import (
	"math/bits"
	"slices"

	"github.com/waterdeep-go/waterdeep/content"
)

// appendMoves appends the legal answers to the decision on top of the
// stack, in ascending Move order. With no decision pending it appends
// nothing.
func (s *State) appendMoves(dst []Move) []Move { return s.movesUpTo(dst, 1<<30) }

// movesUpTo is appendMoves that may stop once it has found limit answers
// to a decision of a kind whose answers run keeps (keptKinds), which then
// need not be all (TestMovesUpToIsTheListing). run counts the other kinds
// through it, up to two (answersUpTo2).
func (s *State) movesUpTo(dst []Move, limit int) []Move {
	if s.sp == 0 {
		return dst
	}
	start := len(dst)
	f := s.top()
	p := f.p
	ps := &s.players[p]
	switch f.kind {
	case dPlace:
		return s.appendPlacements(dst, p, placeMode(f.a), f.b, limit)
	case dQuest:
		return s.appendQuestAnswers(dst, f)
	case dIntrigue, dBuilding, dPick, dSpace, dPlayer, dTakeQuest, dRespond:
		// The kinds whose answers run keeps (kept_answers.go).
		choices, need := s.choices(f)
		dst = appendChoices(dst, f, choices, need, limit)
	case dChooseOne:
		// Listed when the content was loaded (choose_one.go).
		dst = append(dst, s.c.chooseOne[f.prog][f.pc]...)
	case dDiscardIntrigue:
		for i := ps.hand.next(0); i >= 0; i = ps.hand.next(i + 1) {
			dst = append(dst, mv(mDiscardIntrigue, i))
		}
	case dQuestType:
		for t := range content.NumQuestTypes {
			dst = append(dst, mv(mType, t))
		}
	case dDiscard:
		if f.a == discardFoist {
			for i := ps.mandatory.next(0); i >= 0; i = ps.mandatory.next(i + 1) {
				dst = append(dst, mv(mDiscardMandatory, i))
			}
			break
		}
		for q := ps.active.next(0); q >= 0; q = ps.active.next(q + 1) {
			dst = append(dst, mv(mDiscard, q))
		}
		for i := ps.mandatory.next(0); i >= 0 && f.a != 2; i = ps.mandatory.next(i + 1) {
			dst = append(dst, mv(mDiscardMandatory, i))
		}
		if f.a == 1 {
			dst = append(dst, mv(mDecline, 0))
		}
		sortMoves(dst[start:])
	}
	// Every other kind lists its answers in ascending order already.
	return dst
}

// appendSet appends a move of kind k for each member of set, in order, at
// most limit of them: spaces (mPlace, mSpace), intrigue cards (mPlay) or
// tiles (mBuilding). It grows dst once and writes the moves in place,
// without append's capacity check and mv's range check per move (every
// member of such a set is below its kind's range: MaxSpaces, MaxIntrigue,
// MaxBuildings): a placement turn lists some 13 spaces, a place step's
// choice some 20. Into a buffer with room for 256 moves (any set, twice), as a
// bot's usually is, it neither counts the set nor grows dst
// (appendInRoom; TestAppendSetRoom compares the two paths).
func appendSet(dst []Move, k moveKind, set set128, limit int) []Move {
	if limit >= 128 && hasRoom(dst) {
		return appendInRoom(dst, Move(moveBase[k]), set)
	}
	return appendSetGrow(dst, k, set, limit)
}

// hasRoom reports whether dst has room for any set's moves, twice over:
// appendInRoom may write into it (a bot's buffer usually has).
func hasRoom(dst []Move) bool { return cap(dst)-len(dst) >= 256 }

// appendInRoom is appendSet's fast path: every member of set as a move of
// base plus the member, into dst's room for 256 moves (a bot's buffer),
// without counting the set or growing dst, a word at a time. It calls
// nothing, so it needs no stack frame.
func appendInRoom(dst []Move, base Move, set set128) []Move {
	start := len(dst)
	// The room is 256 moves, so that a byte indexes it without a bounds
	// check (the set has at most 128 members: j never wraps).
	out := (*[256]Move)(dst[start : start+256])
	j := appendBits(out, 0, base, set.lo)
	j = appendBits(out, j, base+64, set.hi)
	return dst[:start+int(j)]
}

// appendBits writes base+t into out from index j for every bit t of w, in
// ascending order, and returns the index after the last: the loop of
// appendInRoom, which AppendMoves also inlines for a placement.
func appendBits(out *[256]Move, j uint8, base Move, w uint64) uint8 {
	for w != 0 {
		t := bits.TrailingZeros64(w)
		out[j] = base + Move(t)
		w &^= 1 << t
		j++
	}
	return j
}

// appendSetGrow is appendSet into a buffer without room for any set, or
// for at most limit moves.
func appendSetGrow(dst []Move, k moveKind, set set128, limit int) []Move {
	start := len(dst)
	base := Move(moveBase[k])
	if n := set.len(); n <= limit {
		// All of them (a bot's listing): a word at a time, with no count
		// to watch.
		dst = slices.Grow(dst, n)[:start+n]
		out := dst[start:]
		j := 0
		for w := set.lo; w != 0; w &= w - 1 {
			out[j] = base + Move(bits.TrailingZeros64(w))
			j++
		}
		for w := set.hi; w != 0; w &= w - 1 {
			out[j] = base + Move(64|bits.TrailingZeros64(w))
			j++
		}
		return dst
	}
	end := start + limit
	dst = slices.Grow(dst, end-start)[:end]
	j := start
	for i := range 2 {
		for w := set.word(i); w != 0 && j < end; w &= w - 1 {
			dst[j] = base + Move(i<<6|bits.TrailingZeros64(w))
			j++
		}
	}
	return dst
}

// sortMoves sorts a short slice in place (insertion sort: no allocation).
func sortMoves(m []Move) {
	for i := 1; i < len(m); i++ {
		for j := i; j > 0 && m[j] < m[j-1]; j-- {
			m[j], m[j-1] = m[j-1], m[j]
		}
	}
}

// uniqueMoves drops repeated moves from the sorted dst[start:].
func uniqueMoves(dst []Move, start int) []Move {
	out := start
	for i := start; i < len(dst); i++ {
		if i == start || dst[i] != dst[out-1] {
			dst[out] = dst[i]
			out++
		}
	}
	return dst[:out]
}
