package waterdeep

import "github.com/waterdeep-go/waterdeep/content"

// Resources placed on action spaces (rules summary, "Placing resources on
// action spaces"): "you may place them on spaces that already have agents
// assigned to them. You cannot place them on buildings in Builder's Hall.
// When you assign an agent to a space containing placed resources, take
// those resources and place them in your Tavern as the first part of the
// action. You can use the new resources in the same action." They stay
// across rounds until an agent is assigned there.
//
// They are kept as a short list, one entry per space holding anything,
// rather than an array over every space: the State is copied on every
// move, and few spaces ever hold placed resources at once. The list is
// sorted by space, so that two states holding the same resources on the
// same spaces are == however they came about (Determinize and DecodeState
// rebuild it from the spaces alone). It holds maxPlaced spaces; when it is
// full, resources can only be added to spaces that already hold some (an
// engine limit no real game comes near).

// maxPlaced is the most spaces that hold placed resources at once.
const maxPlaced = 12

// placedRes is what lies on one space.
type placedRes struct {
	space      uint8
	cubes      [content.NumAdventurers]uint8
	gold       uint8
	corruption uint8
	// fresh marks a space that received resources from the placement
	// being resolved, whose spaces must be different.
	fresh bool
}

// placedIndex returns the entry of space sp, or -1. The list is in
// ascending order of space (validate), so the search stops at the first
// space not below sp: in long games the list is often near full, and
// placement listings ask for every conditional space.
func (s *State) placedIndex(sp uint8) int {
	for i := range s.nPlaced {
		if e := s.placed[i].space; e >= sp {
			if e == sp {
				return int(i)
			}
			return -1
		}
	}
	return -1
}

// placeTargetReason tells whether the player resolving a place step may put
// resources on space sp: a space in play (a board space of the game's
// modules or a tile in play, never a tile for sale), not already chosen by
// this step, and, with the list full, one that holds resources already.
func (s *State) placeTargetReason(sp int) Reason {
	if sp < 0 || sp >= len(s.c.spaces) {
		return NoSuchSpace
	}
	info := &s.c.spaces[sp]
	if info.module&^s.modules != 0 || (info.tile != none && !s.inPlay(info.tile)) {
		return SpaceUnavailable
	}
	i := s.placedIndex(uint8(sp))
	if i >= 0 && s.placed[i].fresh {
		return SpaceUnavailable
	}
	if i < 0 && s.nPlaced >= maxPlaced {
		return SpaceUnavailable
	}
	return 0
}

// placeOn has player p put step st's resources on space sp: adventurers
// from the supply and corruption from the track, as far as they go.
func (s *State) placeOn(p, sp uint8, st *content.Step) {
	i := s.placedIndex(sp)
	if i < 0 {
		i = s.insertPlaced(sp)
	}
	e := &s.placed[i]
	e.fresh = true
	var put [content.NumAdventurers]uint8
	for k, n := range st.Bundle.Cubes() {
		put[k] = s.takeUpTo(content.Adventurer(k), uint8(max(n, 0)))
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
	if s.events != nil {
		s.emit(Event{Kind: EvResourcesPlaced, Player: PlayerID(p), Space: SpaceID(sp),
			Amount: amountOf(put, gold, 0), Corruption: corruption})
	}
}

// placeDone ends a place step: its spaces may be chosen again by the next,
// and a space that received nothing (the supply or the track ran out)
// holds nothing.
func (s *State) placeDone() {
	for i := int(s.nPlaced) - 1; i >= 0; i-- {
		e := &s.placed[i]
		e.fresh = false
		if e.cubes == [content.NumAdventurers]uint8{} && e.gold == 0 && e.corruption == 0 {
			s.dropPlaced(i)
		}
	}
}

// insertPlaced adds an empty entry for space sp at its place in the sorted
// list and returns its index; the list must have room.
func (s *State) insertPlaced(sp uint8) int {
	i := int(s.nPlaced)
	for i > 0 && s.placed[i-1].space > sp {
		s.placed[i] = s.placed[i-1]
		i--
	}
	s.placed[i] = placedRes{space: sp}
	s.nPlaced++
	return i
}

// dropPlaced removes entry i from the list, keeping it sorted.
func (s *State) dropPlaced(i int) {
	s.nPlaced--
	copy(s.placed[i:s.nPlaced], s.placed[i+1:s.nPlaced+1])
	s.placed[s.nPlaced] = placedRes{}
}

// takePlaced gives player p what lies on space sp, if anything: the first
// part of an agent's action there. What it gives counts as the action's
// gain (it is part of the action). Corruption picked up from a space is
// not taken from the track, so it never costs the 10 VP of an empty track
// (reading; RULES.md 28). It returns the corruption tokens taken.
func (s *State) takePlaced(p uint8, sp uint8) uint8 {
	i := s.placedIndex(sp)
	if i < 0 {
		return 0
	}
	e := s.placed[i]
	s.dropPlaced(i)
	ps := &s.players[p]
	var got uint8
	for k, n := range e.cubes {
		ps.tavern[k] += n
		got |= bit(n > 0) << k
	}
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

// clearPlaced returns what lies on space sp to the supply and the track
// (its tile left the game).
func (s *State) clearPlaced(sp uint8) {
	i := s.placedIndex(sp)
	if i < 0 {
		return
	}
	e := s.placed[i]
	s.dropPlaced(i)
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
	for i := range s.nPlaced {
		if r := s.placed[i].resources(); r.Resources != (Bundle{}) || r.Corruption != 0 {
			out = append(out, r)
		}
	}
	return out
}

// resources returns what lies on e's space.
func (e *placedRes) resources() PlacedResources {
	return PlacedResources{Space: SpaceID(e.space), Corruption: int(e.corruption),
		Resources: Bundle{Cleric: int(e.cubes[0]), Fighter: int(e.cubes[1]), Rogue: int(e.cubes[2]), Wizard: int(e.cubes[3]), Gold: int(e.gold)}}
}

// placeText writes what a place step puts on each space.
func (s *State) placeText(st *content.Step) string {
	var what []string
	if !st.Bundle.IsZero() {
		what = append(what, st.Bundle.Describe())
	}
	if st.Corruption != 0 {
		what = append(what, content.Count(st.Corruption, "corruption token", "corruption tokens"))
	}
	return content.JoinAnd(what)
}
