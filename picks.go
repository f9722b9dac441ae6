package waterdeep

import (
	"encoding/binary"
	"math/bits"

	"github.com/waterdeep-go/waterdeep/content"
)

// Choosing adventurers (a dPick): what may be picked from (the supply,
// one's tavern, an opponent's), every legal combination of the size asked,
// and the check of one pick. A choose_one step's options are matched to a
// pick here too (optionMatches).

// pickSource returns what a dPick may draw on, per kind, and how many
// adventurers must be picked.
func (s *State) pickSource(f *frame) (avail [content.NumAdventurers]uint8, need int) {
	allowed := content.AdventurerSet(f.b)
	switch pickPurpose(f.i) {
	case pickGain:
		avail = s.supplyAll()
	case pickReturn, pickSwap, pickSpend, pickOnto:
		avail = s.players[f.p].tavern
	case pickToOwner:
		avail = s.players[f.p].tavern
		allowed = content.AllAdventurers
	case pickKeep:
		avail = s.supplyAll()
	case pickSteal:
		avail = s.players[f.b].tavern
		allowed = stealAllowed(uint8(f.prog))
	}
	// A pick holds at most 7 adventurers (see Move); content asks for no
	// more. A swap is of one adventurer that is not a cleric, whatever
	// the frame says.
	count := int(f.a)
	if pickPurpose(f.i) == pickSwap {
		allowed &^= 1 << content.Cleric
		count = 1
	}
	// The kinds not allowed are cleared a byte at a time, and the total
	// is the sum of the lanes (each below 256: no carry crosses a lane).
	binary.LittleEndian.PutUint32(avail[:], binary.LittleEndian.Uint32(avail[:])&kindBytes[allowed&content.AllAdventurers])
	total := int(lanes(avail) * 0x0001_0001_0001_0001 >> 48)
	return avail, min(count, total, 7)
}

// pickChoices returns the answers to the dPick f, on top, other than a
// decline: picks of need adventurers, as the indices of their combinations
// in combosOfSize[need] (in Move order, as picksOfSize[need] lists them).
// The Eye's Lair's look-ahead keeps those after which the card that
// follows can be played, or all if none.
func (s *State) pickChoices(f *frame) (picks set128, need int) {
	avail, need := s.pickSource(f)
	have := lanes(avail)
	switch {
	case pickPurpose(f.i) == pickSwap:
		// One adventurer (the source holds no clerics) for a cleric of
		// the supply.
		if need == 0 || s.supplyOf(content.Cleric) == 0 {
			return set128{}, need
		}
		picks = picksEach(have, need)
	case everyPick(have, need):
		// The source holds need of every kind, so every combination is a
		// pick (TestPicksFromTheTable).
		picks = allSpaces(len(combosOfSize[need]))
	default:
		picks = picksEach(have, need)
	}
	if s.c.um.pickThenPlay && s.pickBeforePlay(f) {
		picks = s.keepPicksThatPlay(picks, need, f.p)
	}
	return picks, need
}

// appendPicks appends the moves of picks (as pickChoices gives them, of
// need adventurers), in order, at most limit of them.
func appendPicks(dst []Move, picks set128, need, limit int) []Move {
	all := picksOfSize[need]
	if n := len(all); picks == allSpaces(n) {
		return append(dst, all[:min(n, limit)]...)
	}
	from := len(dst)
	for i := range 2 {
		for w := picks.word(i); w != 0 && len(dst)-from < limit; w &= w - 1 {
			dst = append(dst, all[i<<6|bits.TrailingZeros64(w)])
		}
	}
	return dst
}

// everyPick reports whether a source holding have (lanes) covers every
// combination of need cubes: need of each kind.
func everyPick(have uint64, need int) bool { return covers(have, uint64(need)*0x0001_0001_0001_0001) }

// picksEach returns the combinations of need cubes that have (lanes)
// covers, as indices in combosOfSize[need]: the general path of
// pickChoices, one test per combination.
func picksEach(have uint64, need int) set128 {
	var picks set128
	for j, r := range combosOfSize[need] {
		if covers(have, comboLanes[r]) {
			picks.add(uint8(j))
		}
	}
	return picks
}

// pickReason checks a pick against the dPick on top.
func (s *State) pickReason(f *frame, pk Pick) Reason {
	avail, need := s.pickSource(f)
	c := pk.Cubes()
	if pk.Gold != 0 {
		return BadPick
	}
	if pickPurpose(f.i) == pickSwap {
		if pk.Adventurers() != 1 || pk.Cleric != 0 || s.supplyOf(content.Cleric) == 0 {
			return BadPick
		}
	} else if pk.Adventurers() != need {
		return BadPick
	}
	for k := range content.NumAdventurers {
		if c[k] > avail[k] {
			return BadPick
		}
	}
	if s.c.um.pickThenPlay {
		if s.pickBeforePlay(f) && !s.pickLeavesPlay(f.p, c) && s.anyPickLeavesPlay(f, avail, need) {
			return BadPick // The Eye's Lair: the card that follows could not be played
		}
	}
	return 0
}

// optionMatches reports whether pick pk is option o of a choose_one: its
// fixed part plus, if o asks for adventurers of any kind, that many more.
func optionMatches(o *content.Bundle, pk Pick) bool {
	if int(pk.Gold) != o.Gold {
		return false
	}
	c := pk.Cubes()
	extra := 0
	for k, n := range o.Cubes() {
		if int(c[k]) < n {
			return false
		}
		extra += int(c[k]) - n
	}
	return extra == o.Any
}

func optionPick(o content.Bundle) Pick {
	return Pick{Cleric: uint8(o.Cleric), Fighter: uint8(o.Fighter), Rogue: uint8(o.Rogue), Wizard: uint8(o.Wizard), Gold: uint8(o.Gold)}
}

// kindBytes[set] has the bits of the bytes of the kinds in an
// AdventurerSet set, for a mask of a [content.NumAdventurers]uint8 read as
// one little-endian word.
var kindBytes = func() (t [content.AllAdventurers + 1]uint32) {
	for set := range t {
		for k := range content.NumAdventurers {
			if content.AdventurerSet(set).Has(content.Adventurer(k)) {
				t[set] |= 0xff << (8 * k)
			}
		}
	}
	return t
}()

func gotMask(b content.Bundle) uint8 {
	var got uint8
	for k, c := range b.Cubes() {
		if c > 0 {
			got |= 1 << k
		}
	}
	if b.Gold > 0 {
		got |= gotGold
	}
	return got
}
