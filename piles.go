package waterdeep

import (
	"encoding/binary"
	"math/bits"

	"github.com/waterdeep-go/waterdeep/content"
	"github.com/waterdeep-go/waterdeep/internal/english"
)

// Resources placed on action spaces (rules summary, "Placing resources on
// action spaces"): "you may place them on spaces that already have agents
// assigned to them. You cannot place them on buildings in Builder's Hall.
// When you assign an agent to a space containing placed resources, take
// those resources and place them in your Tavern as the first part of the
// action. You can use the new resources in the same action." They stay
// across rounds until an agent is assigned there.
//
// The engine calls what lies on one space its pile (a word apart from
// "place", which is what agents do): piles[sp] is space sp's pile, and the
// set piled holds the spaces where something lies, so that a game with
// nothing placed (every base game) pays one test of an empty set, and the
// spaces are walked in order from the set. Every space may hold resources
// at once, as the rules allow (RULES.md 32): an earlier list of 12 entries
// kept a thirteenth space from receiving any. Two states holding the same
// resources on the same spaces are == however they came about.

// pile is what lies on one space.
type pile struct {
	cubes      [content.NumAdventurers]uint8
	gold       uint8
	corruption uint8
}

// isZero reports whether e holds nothing.
func (e *pile) isZero() bool { return *e == pile{} }

// pileTargetReason tells whether the player resolving a place step may put
// resources on space sp: a space in play (a board space of the game's
// modules or a tile in play, never a tile for sale), not already chosen by
// this step.
func (s *State) pileTargetReason(sp int) Reason {
	if sp < 0 || sp >= len(s.c.spaces) {
		return NoSuchSpace
	}
	info := &s.c.spaces[sp]
	if info.module&^s.modules != 0 || (info.tile != none && !s.inPlay(info.tile)) {
		return SpaceUnavailable
	}
	if s.freshPiles.has(uint8(sp)) {
		return SpaceUnavailable
	}
	return 0
}

// pileOn has player p put step st's resources on space sp: adventurers
// from the supply and corruption from the track, as far as they go. Its
// reference is pileOnRef, a kind at a time.
func (s *State) pileOn(p, sp uint8, st *content.Step) {
	e := &s.piles[sp]
	s.freshPiles.add(sp)
	var put [content.NumAdventurers]uint8
	b := &st.Bundle // a Bundle is large: look, don't copy
	// Only the kinds the step places (most steps: one or two), as the
	// nonzero 16-bit lanes of one word; each count is its low byte, as in
	// gain (content holds no negative count, and at most content.MaxCubes).
	for want := uint64(uint8(b.Cleric)) | uint64(uint8(b.Fighter))<<16 |
		uint64(uint8(b.Rogue))<<32 | uint64(uint8(b.Wizard))<<48; want != 0; {
		k := bits.TrailingZeros64(want) / 16 & 3
		put[k] = s.takeUpTo(content.Adventurer(k), uint8(want>>(16*k)))
		want &^= 0xffff << (16 * k)
		e.cubes[k] += put[k]
	}
	gold := min(max(st.Bundle.Gold, 0), 255-int(e.gold))
	e.gold += uint8(gold)
	corruption := 0
	for range st.Corruption {
		if s.takeFromTrack() {
			e.corruption++
			corruption++
		}
	}
	if !e.isZero() {
		s.piled.add(sp)
	}
	if s.events != nil {
		s.emit(Event{Kind: EvResourcesPlaced, Player: PlayerID(p), Space: SpaceID(sp),
			Amount: amountOf(put, gold, 0), Corruption: corruption})
	}
}

// endPiling ends a place step: its spaces may be chosen again by the next.
// A space that received nothing (the supply or the track ran out) holds
// nothing: pileOn left it out of piled.
func (s *State) endPiling() { s.freshPiles = set128{} }

// dropPile empties space sp and returns what lay there.
func (s *State) dropPile(sp uint8) pile {
	e := s.piles[sp]
	s.piles[sp] = pile{}
	s.piled.remove(sp)
	s.freshPiles.remove(sp)
	return e
}

// takePile gives player p what lies on space sp, if anything: the first
// part of an agent's action there. What it gives counts as the action's
// gain (it is part of the action). Corruption picked up from a space is
// not taken from the track, so it never costs the 10 VP of an empty track
// (reading; RULES.md 28). It returns the corruption tokens taken. Its
// reference is takePileRef, a kind at a time.
func (s *State) takePile(p uint8, sp uint8) uint8 {
	if !s.piled.has(sp) {
		s.freshPiles.remove(sp)
		return 0
	}
	e := s.dropPile(sp)
	ps := &s.players[p]
	// The four kinds at once (takePileRef takes them a kind at a time): no byte of the
	// tavern carries, as it holds at most the adventurers of a kind in play.
	c := binary.LittleEndian.Uint32(e.cubes[:])
	binary.LittleEndian.PutUint32(ps.tavern[:], binary.LittleEndian.Uint32(ps.tavern[:])+c)
	got := kindsIn(c)
	ps.addGold(int32(e.gold))
	got |= bit(e.gold > 0) * gotGold
	ps.corrupt += e.corruption
	if s.events != nil {
		s.emit(Event{Kind: EvPlacedTaken, Player: PlayerID(p), Space: SpaceID(sp),
			Amount: amountOf(e.cubes, int(e.gold), 0), Corruption: int(e.corruption)})
	}
	if got != 0 {
		s.noteGain(p, got)
	}
	return e.corruption
}

// clearPile returns what lies on space sp to the supply and the track
// (its tile left the game).
func (s *State) clearPile(sp uint8) {
	if !s.piled.has(sp) {
		s.freshPiles.remove(sp)
		return
	}
	e := s.dropPile(sp)
	for k, n := range e.cubes {
		s.returnSupply(content.Adventurer(k), n)
	}
	for range e.corruption {
		if !s.putOnTrack() {
			s.corruptionBox++
		}
	}
}

// PlacedResources is what lies on one action space, waiting for the next
// agent assigned there.
type PlacedResources struct {
	Space      SpaceID
	Resources  Bundle // adventurers and gold
	Corruption int
}

// Placed returns the resources placed on action spaces, in space order.
// A space chosen by a placement being resolved that received nothing (the
// supply or the track ran out) is not listed.
func (s State) Placed() []PlacedResources {
	var out []PlacedResources
	for sp := s.piled.next(0); sp >= 0; sp = s.piled.next(sp + 1) {
		out = append(out, s.piles[sp].resources(SpaceID(sp)))
	}
	return out
}

// resources returns what lies on space sp, e.
func (e *pile) resources(sp SpaceID) PlacedResources {
	return PlacedResources{Space: sp, Corruption: int(e.corruption),
		Resources: Bundle{Cleric: int(e.cubes[0]), Fighter: int(e.cubes[1]), Rogue: int(e.cubes[2]), Wizard: int(e.cubes[3]), Gold: int(e.gold)}}
}

// pileText writes what a place step puts on each space.
func (s *State) pileText(st *content.Step) string {
	var what []string
	if !st.Bundle.IsZero() {
		what = append(what, st.Bundle.Describe())
	}
	if st.Corruption != 0 {
		what = append(what, english.Count(st.Corruption, "corruption token", "corruption tokens"))
	}
	return english.JoinAnd(what)
}

// Corruption lying on a space is taken with the agent's action
// (takePile), and more corruption can make an action impossible only
// through Doppelganger's step (an opponent's agent more corrupt than the
// player; RULES.md 110): every other check is of payments, counts the
// corruption only helps (Delver's Folly, a return of corruption) or
// opponents' corruption. So canResolveWithPile need not look at the player
// after taking corruption, when the action is possible before, unless
// such a step may be reached: played from the hand, or in an action.

// moreCorruptStep reports whether program p has a step that more
// corruption of the player may make impossible.
func moreCorruptStep(p content.Program) bool {
	for i := range p {
		if p[i].Kind == content.StepSpecial && p[i].Special == content.CopyMoreCorrupt {
			return true
		}
	}
	return false
}

// listMoreCorrupt fills moreCorruptCards and moreCorruptSpace.
func (c *Content) listMoreCorrupt() {
	for i := range c.intrigue {
		if i < MaxIntrigue && moreCorruptStep(c.intrigue[i].Effect) {
			c.moreCorruptCards.add(uint8(i))
		}
	}
	for i := range c.spaces {
		if moreCorruptStep(c.programs[c.spaces[i].program]) {
			c.moreCorruptSpace = true
		}
	}
}

// corruptionMayHurt reports whether taking corruption may make an action
// of player p impossible that is possible now: a card in p's hand, or an
// action of the content, has Doppelganger's step.
func (s *State) corruptionMayHurt(p uint8) bool {
	return s.c.moreCorruptSpace || !s.players[p].hand.and(s.c.moreCorruptCards).empty()
}

// canResolveWithPile is canResolve for the action of space sp when resources
// lie on some spaces. Those placed on sp are taken first and may pay for
// the action: the player as they will be then decides (resolvesTakingPile,
// which copies the State). Adventurers and gold never make an action
// impossible, so an action possible already stays possible and the copy is
// skipped; corruption may (Doppelganger needs a more corrupt opponent), so
// with corruption the copy is made when such a step may be reached
// (corruptionMayHurt). Its reference is canResolveWithPileRef, which
// always looks at the player after taking; the reading is checked on
// random states too (the row "canResolveWithPile's skip").
func (s *State) canResolveWithPile(p uint8, sp int, info *spaceInfo, st standing) bool {
	ok := s.canResolveSpace(p, sp, info, st)
	if s.piled.has(uint8(sp)) && (!ok || s.piles[sp].corruption != 0 && s.corruptionMayHurt(p)) {
		return s.resolvesTakingPile(p, sp, info, st)
	}
	return ok
}

// resolvesTakingPile is canResolve for the action of space sp, p's
// agent having first taken the resources placed there. takePile is
// applied to s itself and undone: it changes only the player, the space's
// resources and sets, and a frame of the stack (noteGain), some 400 bytes
// saved and put back instead of a copy of the whole State (canResolveSpace
// changes nothing). Its reference is resolvesTakingPileRef, on a copy.
func (s *State) resolvesTakingPile(p uint8, sp int, info *spaceInfo, st standing) bool {
	player, placed, on, fresh := s.players[p], s.piles[sp], s.piled, s.freshPiles
	stack, events := s.stack, s.events
	s.events = nil
	s.takePile(p, uint8(sp))
	ok := s.canResolveSpace(p, sp, info, st)
	s.players[p], s.piles[sp], s.piled, s.freshPiles = player, placed, on, fresh
	s.stack, s.events = stack, events
	return ok
}
