package waterdeep

import (
	"math/bits"

	"github.com/waterdeep-go/waterdeep/content"
	"github.com/waterdeep-go/waterdeep/quests"
)

// This file is the one legality core. appendMoves lists the legal answers to
// the decision on top of the stack and check tells whether one move is
// among them; both are built from the same predicates below, and Legal,
// LegalActions, Apply, AppendMoves and Play all go through them.

// maxCopyDepth bounds how deep legality looks through effects that use
// another space or play another card (The Zoarstar copying the Harbor,
// whose card is Bribe Agent, copying another space...). Beyond it a nested
// space counts as unusable.
const maxCopyDepth = 4

// maxBuildings is the number of control markers each player has.
const maxBuildings = 9

// top returns the frame on top of the stack; callers have checked that
// there is one (sp > 0). The index is taken modulo the stack's size, a
// power of two, so that the compiler drops the bounds check of the
// engine's most frequent access (about 1% of a random game's
// instructions): an engine bug that called it on an empty stack would
// read the last frame instead of panicking.
func (s *State) top() *frame { return &s.stack[(s.sp-1)%stackSize] }

// stackSize must be a power of two for top's index.
var _ = [1]struct{}{}[stackSize&(stackSize-1)]

// placeReason tells whether player p may assign an agent to space sp in the
// given mode, or why not. from is the dPlace frame's b: for a
// reassignment, the space the agent leaves (see placeLeft).
func (s *State) placeReason(p uint8, mode placeMode, sp int, from uint8) Reason {
	return s.placeReasonOrb(p, mode, sp, mode != placeAmbassador && s.orbAvailable(p), from)
}

// placeReasonOrb is placeReason with the Orb's availability worked out once
// (orb: p may assign this agent to a space holding an opponent's agent).
func (s *State) placeReasonOrb(p uint8, mode placeMode, sp int, orb bool, from uint8) Reason {
	if sp < 0 || sp >= len(s.c.spaces) {
		return NoSuchSpace
	}
	info := &s.c.spaces[sp]
	if info.module&^s.modules != 0 {
		// A module's board is on the table only in games with the module
		// (placements leaves it out with the same test).
		return SpaceUnavailable
	}
	return s.placeReasonInfo(p, mode, sp, info, orb, from)
}

// placeReasonInfo is placeReasonOrb for a space known to exist, with its
// rules data.
func (s *State) placeReasonInfo(p uint8, mode placeMode, sp int, info *spaceInfo, orb bool, from uint8) Reason {
	c := s.c
	if info.tile != none && !s.inPlay(info.tile) {
		if mode != placeAmbassador && s.visitAvailable(p) {
			// Obtain Builder's Plans: a tile for sale, like Sample Wares.
			return s.sampleReason(p, int(info.tile), 0, placing(none, mode, from))
		}
		return SpaceUnavailable
	}
	if mode == placeAmbassador && info.tile != none && BuildingID(info.tile) == c.palace {
		// Reading: the Ambassador is not assigned to The Palace of
		// Waterdeep, whose action would only take it back to its holder.
		return SpaceUnavailable
	}
	if info.reassign && (mode == placeReassign || s.phase == phaseReassign) {
		// "You cannot reassign an Agent to Waterdeep Harbor."
		return SpaceUnavailable
	}
	if s.occupant[sp] != 0 {
		// Recover the Magister's Orb: once per round, a space that holds
		// an opponent's agent. The Ambassador is not the player's own agent.
		if !orb || !s.hasOpponentAgent(sp, p) {
			return SpaceOccupied
		}
	} else if info.prev != none && s.lowerSpaceFree(info) {
		// Waterdeep Harbor's spaces are filled in numerical order.
		return SpaceUnavailable
	}
	if !info.conditional {
		return 0
	}
	// A card played at the Harbor is played by the agent assigned there,
	// one of the player's own, but not by the Ambassador, which is nobody's
	// (Appendix 4; RULES.md 38). The action's card is played with the agent
	// on sp, no longer on the space it leaves (RULES.md 3).
	st := placing(uint8(sp), mode, from)
	if info.reassign && mode != placeAmbassador {
		st |= standHarbor
	}
	if !s.placedOn.empty() {
		if !s.canResolvePlaced(p, sp, info, st) {
			return SpaceUnavailable
		}
	} else if !s.canResolveSpace(p, sp, info, st) {
		return SpaceUnavailable
	}
	return 0
}

// canResolvePlaced is canResolve for the action of space sp when resources
// lie on some spaces. Those placed on sp are taken first and may pay for
// the action: the player as they will be then decides (resolvesTakingPlaced,
// which copies the State). Adventurers and gold never make an action
// impossible, so an action possible already stays possible and the copy is
// skipped; corruption may (Doppelganger needs a more corrupt opponent), so
// with corruption the copy is made when such a step may be reached
// (corruptionMayHurt). TestPlacedResourcesOnlyHelp checks the reading on
// random games, TestCanResolvePlacedIsTakingPlaced the shortcut.
func (s *State) canResolvePlaced(p uint8, sp int, info *spaceInfo, st standing) bool {
	ok := s.canResolveSpace(p, sp, info, st)
	if s.placedOn.has(uint8(sp)) && (!ok || s.placed[sp].corruption != 0 && s.corruptionMayHurt(p)) {
		return s.resolvesTakingPlaced(p, sp, info, st)
	}
	return ok
}

// resolvesTakingPlaced is canResolve for the action of space sp, p's
// agent having first taken the resources placed there. takePlaced is
// applied to s itself and undone: it changes only the player, the space's
// resources and sets, and a frame of the stack (noteGain), some 400 bytes
// saved and put back instead of a copy of the whole State (canResolveSpace
// changes nothing; TestResolvesTakingPlacedIsCopy).
func (s *State) resolvesTakingPlaced(p uint8, sp int, info *spaceInfo, st standing) bool {
	player, placed, on, fresh := s.players[p], s.placed[sp], s.placedOn, s.placedFresh
	stack, events := s.stack, s.events
	s.events = nil
	s.takePlaced(p, uint8(sp))
	ok := s.canResolveSpace(p, sp, info, st)
	s.players[p], s.placed[sp], s.placedOn, s.placedFresh = player, placed, on, fresh
	s.stack, s.events = stack, events
	return ok
}

// lowerSpaceFree reports whether a space numbered below the in-order space
// info (Waterdeep Harbor) is free. "Assign agents to available spaces in
// numerical order, starting with space 1" (rules summary): once an agent
// leaves space 1 while space 2 is occupied (Research Chronomancy, Recall
// Agent, the Palace taking the Ambassador), space 1 is the only one open,
// not space 3. placements says the same with sets.
func (s *State) lowerSpaceFree(info *spaceInfo) bool {
	for q := info.prev; q != none; q = s.c.spaces[q].prev {
		if s.occupant[q] == 0 {
			return true
		}
	}
	return false
}

func (s *State) inPlay(tile uint8) bool {
	o := s.tileOwner[tile]
	return o != 0 && o != none
}

func (s *State) orbAvailable(p uint8) bool {
	return !s.players[p].orbUsed && s.hasPlot(p, quests.OccupiedPlacement)
}

func (s *State) hasPlot(p uint8, k quests.PlotKind) bool {
	return !s.players[p].completed.and(s.c.plotQuests[k]).empty()
}

// hasOpponentAgent reports whether space sp holds an agent that is not p's.
// Once placed, the Ambassador counts as an opponent's agent for everyone.
func (s *State) hasOpponentAgent(sp int, p uint8) bool {
	if o := s.occupant[sp]; o != 0 && o != p+1 {
		return true
	}
	for _, a := range s.shared {
		if a.player != none && int(a.space) == sp && a.player != p {
			return true
		}
	}
	return false
}

func (s *State) hasOwnAgent(sp int, p uint8) bool {
	if s.occupant[sp] == p+1 {
		return true
	}
	for _, a := range s.shared {
		if a.player == p && int(a.space) == sp {
			return true
		}
	}
	return false
}

// canResolve reports whether at least one complete resolution of program
// prog exists for player p ("a space whose action you cannot fulfil" is not
// a legal placement). st says where the agent will stand when a card of
// the action is played, which matters for cards that use agents or spaces.
// spent is gold already paid by the effect that leads here (Bribe Agent).
func (s *State) canResolve(p uint8, prog uint16, sp int, depth int, st standing, spent int32) bool {
	if depth > maxCopyDepth {
		return false
	}
	ps := &s.players[p]
	gold := ps.gold - spent
	tavern := ps.tavern
	program := s.c.programs[prog]
	for i := range program {
		step := &program[i] // a Step is large: look, don't copy
		switch step.Kind {
		case content.StepPay:
			gold -= int32(step.Bundle.Gold)
			if gold < 0 {
				return false
			}
			for k, n := range step.Bundle.Cubes() {
				if int(tavern[k]) < n {
					return false
				}
				tavern[k] -= uint8(n)
			}
			if step.Bundle.Any > 0 && int(tavern[0])+int(tavern[1])+int(tavern[2])+int(tavern[3]) < step.Bundle.Any {
				return false
			}
		case content.StepDiscardQuest:
			if ps.active.len() < step.Count {
				return false
			}
		case content.StepPlaceOwn:
			if int(tavern[0])+int(tavern[1])+int(tavern[2])+int(tavern[3]) < step.Count {
				return false
			}
		case content.StepReturn:
			have := 0
			for k := range content.NumAdventurers {
				if step.From.Has(content.Adventurer(k)) {
					have += int(tavern[k])
				}
			}
			if have < step.Count {
				return false
			}
		case content.StepGiveOwner:
			if int(tavern[0])+int(tavern[1])+int(tavern[2])+int(tavern[3]) < step.Count {
				return false
			}
		case content.StepSpecial:
			switch step.Special {
			case content.MoveCorruption:
				// Delver's Folly needs a token to move (reading,
				// RULES.md 107).
				if ps.corrupt == 0 {
					return false
				}
			case content.PlayIntrigue:
				// What the action gives before its card may make the card
				// playable (RULES.md 229): looked at only when needed.
				if !s.anyPlayable(p, depth+1, st) &&
					(i == 0 || !s.playableAfterGain(p, program[:i], tavern, gold, depth+1, st)) {
					return false
				}
			case content.PurchaseBuilding:
				if !s.anyAffordableTile(p, gold) {
					return false
				}
			case content.CopySpace:
				// The Zoarstar: its agent shares a Harbor space it copies
				// (Appendix 4), and if it leaves the pool it is not there for
				// the copied action either (Sample Wares through the Harbor).
				if !s.anyCopyTarget(p, sp, depth+1, ps.gold-gold, st|standHarbor) {
					return false
				}
			}
		}
	}
	return true
}

func (s *State) anyPlayable(p uint8, depth int, st standing) bool {
	h := s.players[p].hand
	if !h.and(s.c.intrigueAlways).empty() && (s.lordsShown == 0 || !h.and(s.c.intrigueAlways.andNot(s.c.mandatory)).empty()) {
		// A card always playable (while a lord is shown, one that is not
		// a mandatory quest, which needs an opponent to take it).
		return true
	}
	// A word at a time (see anyCompletable and placements).
	for w := h.lo; w != 0; w &= w - 1 {
		if s.cardPlayable(p, uint8(bits.TrailingZeros64(w)), depth, st) {
			return true
		}
	}
	for w := h.hi; w != 0; w &= w - 1 {
		if s.cardPlayable(p, uint8(64|bits.TrailingZeros64(w)), depth, st) {
			return true
		}
	}
	return false
}

// playableAfterGain is anyPlayable for player p once the steps of an
// action that come before its card (before) have given what they give:
// tavern and gold are p's as the payments among them left them, to which
// their gains are added (Belkram's Tomb's 5 gold pay for Friendly Loan),
// adventurers of any kind in every way p could choose them (The Eye's
// Lair), and a face-up quest if one is taken (Entry Well: Change of Plans
// needs one). It looks at a copy of the State, made only when the steps
// give something.
func (s *State) playableAfterGain(p uint8, before []content.Step, tavern [content.NumAdventurers]uint8, gold int32, depth int, st standing) bool {
	anyGain, gained, tookQuest := 0, false, false
	for i := range before {
		switch st := &before[i]; st.Kind {
		case content.StepGain:
			gold = min(gold+int32(max(st.Bundle.Gold, 0)), content.MaxHeld)
			for k, n := range st.Bundle.Cubes() {
				tavern[k] += uint8(min(max(n, 0), int(s.supplyOf(content.Adventurer(k))), 255-int(tavern[k])))
			}
			anyGain += max(st.Bundle.Any, 0)
			gained = true
		case content.StepTakeQuest:
			for _, q := range s.cliffwatch {
				tookQuest = tookQuest || q != none
			}
			gained = gained || tookQuest
		}
	}
	if !gained || s.players[p].hand.empty() {
		return false
	}
	t := *s
	t.events = nil
	ps := &t.players[p]
	ps.gold = gold
	if tookQuest {
		for _, q := range t.cliffwatch {
			if q != none {
				ps.active.add(q) // which one does not matter to a card
				break
			}
		}
	}
	room := func(k int) int { return min(int(t.supplyOf(content.Adventurer(k))), 255-int(tavern[k])) }
	anyGain = min(anyGain, room(0)+room(1)+room(2)+room(3)) // as far as the supply goes
	for c := 0; c <= min(anyGain, room(0)); c++ {
		for f := 0; f <= min(anyGain-c, room(1)); f++ {
			for r := 0; r <= min(anyGain-c-f, room(2)); r++ {
				w := anyGain - c - f - r
				if w > room(3) {
					continue
				}
				ps.tavern = [content.NumAdventurers]uint8{tavern[0] + uint8(c), tavern[1] + uint8(f), tavern[2] + uint8(r), tavern[3] + uint8(w)}
				if t.anyPlayable(p, depth, st) {
					return true
				}
			}
		}
	}
	return false
}

func (s *State) anyAffordableTile(p uint8, gold int32) bool {
	if s.players[p].buildings >= maxBuildings {
		return false
	}
	for _, t := range s.forSale {
		if t != none && int32(s.c.tiles[t].Cost) <= gold {
			return true
		}
	}
	return false
}

// copyTargetReason tells whether p may use the action of space t by copying
// it from space from (The Zoarstar, or none for Bribe Agent), having spent
// gold on the way. st's harbor says that an agent of p's will stand at a
// Harbor space t copied: the agent at The Zoarstar, or the one that played
// Bribe Agent there; a card played otherwise has no agent (RULES.md 38).
// The rest of st is the copying agent's, as for canResolve: the copied
// action is its action, played where it stands.
func (s *State) copyTargetReason(p uint8, from int, t int, depth int, spent int32, st standing) Reason {
	if t < 0 || t >= len(s.c.spaces) {
		return NoSuchSpace
	}
	// A copying space cannot copy a copying space (reading: this keeps
	// The Zoarstar from copying itself through another agent).
	if t == from || s.c.spaces[t].copies || !s.hasOpponentAgent(t, p) {
		return SpaceUnavailable
	}
	info := &s.c.spaces[t]
	if !info.reassign {
		st &^= standHarbor
	}
	if !s.canResolve(p, info.program, t, depth, st, spent) {
		return SpaceUnavailable
	}
	return 0
}

func (s *State) anyCopyTarget(p uint8, from int, depth int, spent int32, st standing) bool {
	// The commonest target first, without copyTargetReason's walk: an
	// opponent's agent (an occupant not p's) on a space whose action cannot
	// fail (not conditional: canResolve then passes it within the depth;
	// nor a copying space, which is conditional) is one
	// (TestAnyCopyTargetIsTheWalk).
	if depth <= maxCopyDepth {
		sure := s.occupied.andNot(s.c.conditionalSpaces)
		for w := sure.lo; w != 0; w &= w - 1 {
			if t := bits.TrailingZeros64(w); s.occupant[t] != p+1 && t != from {
				return true
			}
		}
		for w := sure.hi; w != 0; w &= w - 1 {
			if t := 64 | bits.TrailingZeros64(w); s.occupant[t] != p+1 && t != from {
				return true
			}
		}
	}
	return s.anyCopyTargetWalk(p, from, depth, spent, st)
}

// anyCopyTargetWalk is anyCopyTarget by copyTargetReason's walk of every
// occupied space.
func (s *State) anyCopyTargetWalk(p uint8, from int, depth int, spent int32, st standing) bool {
	// Only a space with someone on it can hold an opponent's agent.
	for i := range 2 {
		for w := s.occupied.word(i); w != 0; w &= w - 1 {
			if s.copyTargetReason(p, from, i<<6|bits.TrailingZeros64(w), depth, spent, st) == 0 {
				return true
			}
		}
	}
	return false
}

// cardPlayable reports whether p can carry out intrigue card i now, played
// by the agent st describes (noStanding: the board as it is).
func (s *State) cardPlayable(p uint8, i uint8, depth int, st standing) bool {
	if s.c.intrigueAlways.has(i) {
		// A mandatory quest needs an opponent it may go to (Open Lord).
		return s.lordsShown == 0 || !s.c.mandatory.has(i) || s.anyMandatoryTarget(p)
	}
	if depth > maxCopyDepth {
		return false
	}
	ck := &s.c.cardChecks[i]
	effect := ck.steps // the steps after cannot fail
	ps := &s.players[p]
	gold := ps.gold
	if ck.pays {
		// A payment first (not among steps): its need says what the
		// loop's test would.
		if !ps.has(&ck.pay) {
			return false
		}
		gold -= ck.pay.gold
	}
	for k := range effect {
		step := &effect[k] // a Step is large: look, don't copy
		switch step.Kind {
		case content.StepPay:
			gold -= int32(step.Bundle.Gold)
			if gold < 0 {
				return false
			}
			left := 0
			for k, n := range step.Bundle.Cubes() {
				if int(ps.tavern[k]) < n {
					return false
				}
				left += int(ps.tavern[k]) - n
			}
			if left < step.Bundle.Any {
				return false
			}
		case content.StepSteal:
			if !s.anyOpponentWithCubes(p, step.From) {
				return false
			}
		case content.StepBetray, content.StepStealGoldSeeLord:
			if !s.anyMandatoryTarget(p) {
				return false // every opponent revealed their lord (RULES.md 118)
			}
		case content.StepChangeOfPlans:
			if ps.active.empty() && ps.mandatory.empty() {
				return false
			}
		case content.StepSpecial:
			switch step.Special {
			case content.CopySpace:
				if !s.anyCopyTarget(p, -1, depth+1, ps.gold-gold, st) {
					return false
				}
			case content.ReturnAgent:
				// An agent is assigned: one stands at the Harbor, or the
				// agent playing the card is about to leave the pool (The
				// Zoarstar's, which may be returned itself).
				if !st.harbor() && !st.fromPool() && ps.pool == ps.agents {
					return false
				}
			case content.AcceleratePlans:
				if !st.harbor() && !s.hasHarborAgent(p) {
					return false
				}
			case content.SampleWares:
				pool := int(ps.pool)
				if st.fromPool() {
					pool--
				}
				if pool < 1 || !s.anySampleTile(p, depth+1, st) {
					return false
				}
			case content.Demolish:
				if !s.anyDemolish(p, st) || !s.anyForSale() {
					return false
				}
			case content.Manipulate:
				if !s.manipulatePlayable(p, st) {
					return false
				}
			case content.RealEstateDeal:
				if !s.anyEstateGiveUp(p, st) || !s.anyForSale() {
					return false
				}
			default:
				if !s.skullportCardPlayable(p, step, depth, ps.gold-gold, st) {
					return false
				}
			}
		}
	}
	return true
}

func (s *State) anyOpponentWithCubes(p uint8, kinds content.AdventurerSet) bool {
	for o := range s.numPlayers {
		if o != p && !s.lordShown(o) && s.players[o].cubesOf(kinds) > 0 {
			return true
		}
	}
	return false
}

func (ps *playerState) cubes() int {
	return int(ps.tavern[0]) + int(ps.tavern[1]) + int(ps.tavern[2]) + int(ps.tavern[3])
}

// hasHarborAgent reports whether player p has an agent at Waterdeep Harbor
// that stays there: on a Harbor space, or at The Zoarstar copying one, which
// Appendix 4 has share the Harbor space and be reassigned from it (RULES.md
// 38). During Harbor reassignment the agent of the slot in progress
// (harborNext is odd while its agents are reassigned) is leaving, or has
// left, before its new action is resolved, so it does not count; a follower
// leaves s.follow when its own reassignment starts.
func (s *State) hasHarborAgent(p uint8) bool {
	leaving := -1
	if s.phase == phaseReassign && s.harborNext%2 == 1 && int(s.harborNext/2) < len(s.c.harbor) {
		leaving = int(s.c.harbor[s.harborNext/2])
	}
	for _, h := range s.c.harbor {
		if int(h) != leaving && s.hasOwnAgent(int(h), p) {
			return true
		}
	}
	return s.followerFrom(p) != none
}

// followerFrom returns the space of p's agent that copies a Harbor space
// from another space (The Zoarstar) and is reassigned after that Harbor
// slot's agent, or none.
func (s *State) followerFrom(p uint8) uint8 {
	for _, f := range s.follow {
		if f.player == p && !s.c.spaces[f.from].reassign && s.hasOwnAgent(int(f.from), p) {
			return f.from
		}
	}
	return none
}

func (s *State) anyForSale() bool {
	return s.forSale[0] != none || s.forSale[1] != none || s.forSale[2] != none
}

func (s *State) forSaleIndex(t int) int {
	for i, f := range s.forSale {
		if f != none && int(f) == t {
			return i
		}
	}
	return -1
}

// sampleReason tells whether p may send an agent to tile t for sale
// (Sample Wares, Obtain Builder's Plans). A tile for sale with an agent on
// it cannot take another. st is the board around that agent: where the
// agent of p's that plays Sample Wares stands, or which space an agent
// assigned to the tile (Obtain Builder's Plans) leaves. The tile's action
// is then checked with the agent sent standing on the tile, out of the pool
// (only one agent is followed through the nested checks).
func (s *State) sampleReason(p uint8, t int, depth int, st standing) Reason {
	if s.forSaleIndex(t) < 0 {
		return NoSuchBuilding
	}
	sp := int(s.c.TileSpace(BuildingID(t)))
	if s.occupiedWhen(sp, st) {
		return SpaceOccupied
	}
	if !s.canResolve(p, s.c.tileAction[t], sp, depth, placing(uint8(sp), standSampled, st.left()), 0) {
		return SpaceUnavailable
	}
	return 0
}

func (s *State) anySampleTile(p uint8, depth int, st standing) bool {
	for _, t := range s.forSale {
		if t != none && s.sampleReason(p, int(t), depth, st) == 0 {
			return true
		}
	}
	return false
}

// estateGiveUpReason: Real Estate Deal gives up a building the player
// controls that has no agent on it when the card is played (st).
func (s *State) estateGiveUpReason(p uint8, t int, st standing) Reason {
	if t < 0 || t >= len(s.c.tiles) || s.tileOwner[t] != p+1 {
		return NoSuchBuilding
	}
	sp := int(s.c.TileSpace(BuildingID(t)))
	if s.occupiedWhen(sp, st) {
		return SpaceOccupied
	}
	return 0
}

func (s *State) anyEstateGiveUp(p uint8, st standing) bool {
	// Only a tile in play can be p's (the board's mask of them).
	for w := s.built; w != 0; w &= w - 1 {
		if s.estateGiveUpReason(p, bits.TrailingZeros64(w), st) == 0 {
			return true
		}
	}
	return false
}

// offeredActive reports whether the dQuest f, on top, may be answered by
// completing quest v, one of the player's active quests, as check says: the
// turn's offer (not Heroes' Garden's), no mandatory quest pending, and the
// player holds what v needs (TestOfferedActiveIsCheck). False leaves it
// to check (a face-up quest may still be legal).
func (s *State) offeredActive(f *frame, v int) bool {
	ps := &s.players[f.p]
	return f.a == none && uint(v) < MaxQuests && ps.active.has(uint8(v)) && ps.mandatory.empty() && ps.has(&s.c.questNeed[v])
}

// anyCompletable reports whether player p can complete a quest now: a
// mandatory quest if one is owed, else any active quest.
func (s *State) anyCompletable(p uint8) bool {
	ps := &s.players[p]
	// The sets are walked a word at a time (not with next, whose
	// branches mispredict once instances pass 64, as with the modules).
	if !ps.mandatory.empty() {
		for i := range 2 {
			for w := ps.mandatory.word(i); w != 0; w &= w - 1 {
				if ps.has(&s.c.mandatoryNeed[i<<6|bits.TrailingZeros64(w)]) {
					return true
				}
			}
		}
		return false
	}
	// The holdings are worked out once (has works them out per quest);
	// a quest is then one lane test, one gold test and, rarely, a total.
	// The quests' needs are an array of every quest number, so that a
	// quest is looked up without a bounds check, and a member found is
	// cleared by its bit (see appendSet).
	l, gold := lanes(ps.tavern), ps.gold
	need := s.c.questNeeds
	_ = need[0] // the nil check, once
	for w := ps.active.lo; w != 0; {
		q := bits.TrailingZeros64(w)
		w &^= 1 << q
		if need[q].metBy(l, gold) {
			return true
		}
	}
	for w := ps.active.hi; w != 0; {
		q := bits.TrailingZeros64(w)
		w &^= 1 << q
		if need[64|q].metBy(l, gold) {
			return true
		}
	}
	if s.faceUpCompletable(p) {
		for _, q := range s.cliffwatch {
			if q != none && ps.has(&s.c.questNeed[q]) {
				return true
			}
		}
	}
	return false
}

// has reports whether the player holds at least n's adventurers and gold,
// and n.total adventurers in all (the lanes' sum, gathered in the top lane
// by one multiplication: each lane is below 0x100, so no carry crosses).
func (ps *playerState) has(n *need) bool { return n.metBy(lanes(ps.tavern), ps.gold) }

// metBy is has for a player whose tavern's lanes (l) and gold were worked
// out once, for loops over many quests (Go does not hoist them).
func (n *need) metBy(l uint64, gold int32) bool {
	return covers(l, n.cubes) && gold >= n.gold && (n.total == 0 || int32(l*0x0001_0001_0001_0001>>48) >= n.total)
}

// canPay reports whether player p holds at least req's adventurers and gold.
func (ps *playerState) canPay(req content.Bundle) bool {
	c := req.Cubes()
	for k := range content.NumAdventurers {
		if int(ps.tavern[k]) < c[k] {
			return false
		}
	}
	return ps.gold >= int32(req.Gold)
}
