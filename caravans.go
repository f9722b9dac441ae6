package waterdeep

import (
	"encoding/binary"
	"math/bits"

	"github.com/waterdeep-go/waterdeep/content"
)

// Adventurer caravans (rules summary, "Adventurer caravans"): "These tokens
// can be exchanged for excess adventurers in players' Taverns." They keep
// the 25 cubes of each kind from running short in the bigger games the
// expansion allows. The summary gives neither their number nor their
// worth, so the engine reads them as what they are for (provisional;
// RULES.md 36): in a game with a module, a gain is never cut short by the
// supply. The adventurers of a kind beyond its 25 cubes are held as
// caravans (caravan counts them), and adventurers going back to the supply
// go back as caravans first. Without a module there are no caravans and
// the supply is the 25 cubes, as in the base game.
//
// Every movement of adventurers between the supply and a tavern, a tile's
// stock or an action space goes through supplyOf, takeSupply, takeUpTo
// and returnSupply, so that supply + taverns + stock + placed = 25 + caravan
// for each kind.

// maxCaravan is the most adventurers of one kind that caravans stand for at
// once: an engine bound, so that every count fits its byte (25 cubes and
// 100 more is 125 adventurers of a kind in play), far above what any game
// holds.
const maxCaravan = 100

// supplyOf returns how many adventurers of kind k a gain may take: the
// cubes in the supply and, in a game with a module, as many more as
// caravans can stand for.
func (s *State) supplyOf(k content.Adventurer) uint8 {
	n := s.supply[k]
	if s.modules != 0 {
		n += maxCaravan - s.caravan[k]
	}
	return n
}

// supplyAll is supplyOf for every kind.
func (s *State) supplyAll() [content.NumAdventurers]uint8 {
	out := s.supply
	if s.modules != 0 {
		for k := range out {
			out[k] += maxCaravan - s.caravan[k]
		}
	}
	return out
}

// takeSupply removes n adventurers of kind k from the supply (n at most
// supplyOf(k)): cubes first, then caravans.
func (s *State) takeSupply(k content.Adventurer, n uint8) {
	cubes := min(n, s.supply[k])
	s.supply[k] -= cubes
	s.caravan[k] += n - cubes
}

// takeUpTo removes up to want adventurers of kind k from the supply, as
// many as supplyOf(k), and returns how many. The cubes are taken first;
// the caravans' branch is taken only when they run out in a module game,
// so the base game pays one well-predicted test.
func (s *State) takeUpTo(k content.Adventurer, want uint8) uint8 {
	take := min(want, s.supply[k])
	s.supply[k] -= take
	if take < want && s.modules != 0 {
		extra := min(want-take, maxCaravan-s.caravan[k])
		s.caravan[k] += extra
		take += extra
	}
	return take
}

// kindsIn returns a bit for each nonzero byte of c, a count of each
// adventurer kind (bit k for kind k). A byte's high bit after the classic
// "nonzero byte" test, moved to bit 0 of the byte, is gathered by one
// product at bits 21..24, without carries.
func kindsIn(c uint32) uint8 {
	x := uint64(((c&0x7f7f_7f7f)+0x7f7f_7f7f)|c) & 0x8080_8080
	return uint8((x>>7)*(1|1<<7|1<<14|1<<21)>>21) & 0xf
}

// takeShort takes for gain, in a module game whose supply is short of
// some kind, the adventurers a bundle gives: want is what it gives and take
// what the cubes cover, a count of each kind as the 16-bit lanes of a word
// (see lanes). The cubes leave the supply as one word; caravans stand in
// for the rest, a short kind at a time (most gains: one). It returns what
// was taken, a byte per kind, for the tavern.
func (s *State) takeShort(want, take uint64) uint32 {
	t := unlanes(take)
	binary.LittleEndian.PutUint32(s.supply[:], binary.LittleEndian.Uint32(s.supply[:])-t)
	for short := want - take; short != 0; {
		k := bits.TrailingZeros64(short) / 16 & 3
		n := uint8(short >> (16 * k))
		short &^= 0xffff << (16 * k)
		extra := min(n, maxCaravan-s.caravan[k])
		s.caravan[k] += extra
		t += uint32(extra) << (8 * k)
	}
	return t
}

// returnSupply puts n adventurers of kind k back in the supply: caravans
// first, then cubes.
func (s *State) returnSupply(k content.Adventurer, n uint8) {
	if s.caravan[k] == 0 {
		s.supply[k] += n
		return
	}
	c := min(n, s.caravan[k])
	s.caravan[k] -= c
	s.supply[k] += n - c
}

// Caravans returns, for each kind, how many adventurers caravan tokens
// stand for (always 0 in a game without a module): the adventurers in play
// beyond the 25 cubes of the kind.
func (s State) Caravans() [NumAdventurers]int {
	var out [NumAdventurers]int
	for k, n := range s.caravan {
		out[k] = int(n)
	}
	return out
}
