package waterdeep

// The reference layer: the general paths that the engine's shortcuts skip,
// kept only to check them.
//
// The naming rule. The reference of x is xRef: it gives what x gives (the
// same answer, or the same State and events), by the general path that x
// shortcuts, with x's signature where it can. x is the function that holds
// the shortcut (gain's lanes are checked against gainRef), or the shortcut
// itself where it is a function of its own (anyCopyTarget, payCaravans:
// pay's adventurers where caravans are held, checked through payRef). x's
// doc comment names xRef.
//
// Where they live. A reference that production no longer calls lives in
// this file. A reference that production still calls, as the fallback
// where its shortcut does not apply, stays in production beside its
// shortcut under the same name: anyCopyTargetRef (space_choices.go),
// canGiveRef (respond.go), picksRef (picks.go).
//
// Where they are compared. TestShortcutsMatchReferences (shortcuts_test.go)
// walks random states of every module set once and runs every shortcut
// with its reference at each state, one row a pair; the pairs whose inputs
// are not States (a track, a byte, a set, a step) are the rows of
// TestShortcutsMatchReferencesOnInputs. A new shortcut adds its xRef here
// (or beside it, if production falls back on it) and its row there.

import (
	"math/bits"
	"sync"

	"github.com/waterdeep-go/waterdeep/content"
	"github.com/waterdeep-go/waterdeep/quests"
)

// Placement legality (placement_legal.go).

// plainFreeRef reports whether every seat may assign an agent to space sp
// in every placement mode, by placeReason: what plainFree's yes stands for
// (plainFree may say no where this says yes).
func (s *State) plainFreeRef(sp int) bool {
	for p := range s.numPlayers {
		for _, mode := range []placeMode{placeTurn, placeAmbassador, placeReassign, placeExtra} {
			if s.placeReason(p, mode, sp, none) != 0 {
				return false
			}
		}
	}
	return true
}

// placementsRef is placements by placeReason asked of every space.
func (s *State) placementsRef(p uint8, mode placeMode, from uint8) set128 {
	var out set128
	for sp := range s.c.spaces {
		if s.placeReason(p, mode, sp, from) == 0 {
			out.add(uint8(sp))
		}
	}
	return out
}

// cardSpacesLegalRef is cardSpacesLegal by canResolve's walk of each
// space's action.
func (s *State) cardSpacesLegalRef(p uint8, mode placeMode, cards set128, from uint8) set128 {
	var out set128
	for sp := cards.next(0); sp >= 0; sp = cards.next(sp + 1) {
		info := &s.c.spaces[sp]
		st := placing(uint8(sp), mode, from)
		if info.reassign && mode != placeAmbassador {
			st |= standHarbor
		}
		if s.canResolve(p, info.program, sp, 0, st, 0) {
			out.add(uint8(sp))
		}
	}
	return out
}

// canResolveSpaceRef is canResolveSpace without the space's quick check:
// canResolve's walk of its action.
func (s *State) canResolveSpaceRef(p uint8, sp int, info *spaceInfo, st standing) bool {
	return s.canResolve(p, info.program, sp, 0, st, 0)
}

// sharedOn reports whether a second agent shares space sp (Recover the
// Magister's Orb): the walk of s.shared that occupiedWhen does without.
func (s *State) sharedOn(sp int) bool {
	for _, a := range s.shared {
		if a.player != none && int(a.space) == sp {
			return true
		}
	}
	return false
}

// occupiedWhenRef is occupiedWhen by the occupant and a walk of the shared
// agents: the agent's own space is occupied, the space it leaves only if
// two agents stand there.
func (s *State) occupiedWhenRef(sp int, st standing) bool {
	switch sp {
	case int(st.at()):
		return true
	case int(st.left()):
		n := 0
		if s.occupant[sp] != 0 {
			n++
		}
		for _, a := range s.shared {
			if a.player != none && int(a.space) == sp {
				n++
			}
		}
		return n > 1
	}
	return s.occupant[sp] != 0 || s.sharedOn(sp)
}

// Piles: resources lying on spaces (piles.go).

// takePileRef is takePile a kind at a time.
func (s *State) takePileRef(p uint8, sp uint8) uint8 {
	if !s.piled.has(sp) {
		s.freshPiles.remove(sp)
		return 0
	}
	e := s.dropPile(sp)
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

// pileOnRef is pileOn a kind at a time, each through takeUpTo, and the
// corruption a token at a time.
func (s *State) pileOnRef(p, sp uint8, st *content.Step) {
	e := &s.piles[sp]
	s.freshPiles.add(sp)
	var put [content.NumAdventurers]uint8
	b := &st.Bundle
	for k, n := range [content.NumAdventurers]int{b.Cleric, b.Fighter, b.Rogue, b.Wizard} {
		if n > 0 {
			put[k] = s.takeUpTo(content.Adventurer(k), uint8(n))
			e.cubes[k] += put[k]
		}
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

// resolvesTakingPileRef is resolvesTakingPile on a copy of the State,
// which needs nothing put back.
func (s *State) resolvesTakingPileRef(p uint8, sp int, info *spaceInfo, st standing) bool {
	t := *s
	t.events = nil
	t.takePile(p, uint8(sp))
	return t.canResolveSpace(p, sp, info, st)
}

// canResolveWithPileRef is canResolveWithPile that always looks at the
// player after taking what lies on the space (on a copy of the State).
func (s *State) canResolveWithPileRef(p uint8, sp int, info *spaceInfo, st standing) bool {
	return s.resolvesTakingPileRef(p, sp, info, st)
}

// Effects (effects.go, corruption.go).

// gainRef is gain kind by kind, with the caravans of a module game
// (takeCubes).
func (s *State) gainRef(p uint8, b *content.Bundle) {
	ps := &s.players[p]
	c := s.takeCubes(ps, content.Cleric, b.Cleric)
	f := s.takeCubes(ps, content.Fighter, b.Fighter)
	r := s.takeCubes(ps, content.Rogue, b.Rogue)
	w := s.takeCubes(ps, content.Wizard, b.Wizard)
	got := bit(c > 0) | bit(f > 0)<<1 | bit(r > 0)<<2 | bit(w > 0)<<3
	gold := max(b.Gold, 0)
	ps.addGold(int32(gold))
	got |= bit(gold > 0) * gotGold
	ps.addVP(int32(b.VP))
	if s.events != nil {
		s.emitGain(EvGained, p, amountOf([content.NumAdventurers]uint8{c, f, r, w}, gold, b.VP))
	}
	for range b.Intrigue {
		s.drawIntrigue(p)
	}
	if got != 0 {
		s.noteGain(p, got)
	}
}

// payRef is pay kind by kind through returnSupply (caravans first): the
// reference of pay's lanes and of payCaravans.
func (s *State) payRef(p uint8, b content.Bundle) {
	ps := &s.players[p]
	var paid [content.NumAdventurers]uint8
	for k, c := range b.Cubes() {
		n := min(uint8(max(c, 0)), ps.tavern[k])
		ps.tavern[k] -= n
		s.returnSupply(content.Adventurer(k), n)
		paid[k] = n
	}
	gold := min(ps.gold, int32(max(b.Gold, 0)))
	ps.gold -= gold
	if s.events != nil {
		s.emitGain(EvPaid, p, amountOf(paid, int(gold), 0))
	}
}

// stepControlRef is stepControl for a program frame f on top, by execStep
// alone: the step, then the frame popped if it is done (the frame beneath
// being a decision, nothing else follows).
func (s *State) stepControlRef(f *frame) {
	s.execStep(f, &s.c.programs[f.prog][f.pc])
	if s.top() == f && int(f.pc) >= len(s.c.programs[f.prog]) {
		s.pop()
	}
}

// takeFromTrackRef is takeFromTrack a space at a time.
func (s *State) takeFromTrackRef() bool {
	for i := range s.track {
		if s.track[i] > 0 {
			s.track[i]--
			return true
		}
	}
	return false
}

// gainCorruptionRef is gainCorruption a token at a time: each token taken
// or its VP lost in turn.
func (s *State) gainCorruptionRef(p uint8, n int) {
	ps := &s.players[p]
	taken := 0
	for range n {
		if s.takeFromTrack() {
			ps.corrupt++
			taken++
		} else {
			ps.score = max(ps.score-corruptionVP, -content.MaxHeld)
			s.emitGain(EvScored, p, Bundle{VP: -corruptionVP})
		}
	}
	s.emitCorruption(EvCorruptionTaken, p, taken)
	if taken > 0 {
		s.onCorruptionTaken(p)
	}
}

// kindsInRef is kindsIn a byte at a time.
func kindsInRef(c [content.NumAdventurers]uint8) uint8 {
	var got uint8
	for k, n := range c {
		got |= bit(n > 0) << k
	}
	return got
}

// hasRef is playerState.has by a comparison of every count, and of the
// adventurers held in all with n.total.
func (ps *playerState) hasRef(n *need) bool {
	want := unlanes(n.cubes)
	ok := ps.gold >= n.gold
	total := 0
	for k := range NumAdventurers {
		ok = ok && ps.tavern[k] >= uint8(want>>(8*k))
		total += int(ps.tavern[k])
	}
	return ok && total >= int(n.total)
}

// Plot quests (skullport_plots.go).

// onFirstPlayerRef is onFirstPlayer without its first test of every
// player's completed quests at once: the walk alone.
func (s *State) onFirstPlayerRef(taker uint8) {
	for o := range s.numPlayers {
		plots := s.players[o].completed.and(s.c.plotQuests[quests.FirstPlayerBonus])
		for q := plots.next(0); q >= 0; q = plots.next(q + 1) {
			g := &s.c.quests[q].Plot.Gain
			s.giveBonus(o, g)
			if o != taker {
				s.giveBonus(taker, g)
			}
		}
	}
}

// placementPlotsRef is placementPlots without its first test of
// Content.placePlots: the walk of the plots alone.
func (s *State) placementPlotsRef(p uint8, sp uint8) {
	ps := &s.players[p]
	if s.c.spaces[sp].reassign {
		plots := ps.completed.and(s.c.plotQuests[quests.HarborIntrigue])
		for i := range 2 {
			for w := plots.word(i); w != 0; w &= w - 1 {
				s.push(frame{kind: fNoAction, p: p})
				s.push(offerFrame(p, offerHarbor, uint8(i<<6|bits.TrailingZeros64(w)), 0))
			}
		}
	}
	visits := ps.completed.and(s.c.visitPlots[sp])
	for i := range 2 {
		for w := visits.word(i); w != 0; w &= w - 1 {
			s.push(frame{kind: fNoAction, p: p})
			s.push(offerFrame(p, offerVisit, uint8(i<<6|bits.TrailingZeros64(w)), 0))
		}
	}
}

// Quest decisions (quest_decisions.go).

// spendAnyRef is spendAny without Content.spendQuests: it looks at the
// quest's requirement and bonus themselves.
func (s *State) spendAnyRef(p, q uint8) {
	def := &s.c.quests[q]
	if def.Requires.Any == 0 {
		if !def.PerSpent.Gain.IsZero() || s.hasPlot(p, quests.KeepSpent) {
			s.spent(p, q, [content.NumAdventurers]uint8{})
		}
		return
	}
	s.push(spendPickFrame(p, uint8(def.Requires.Any), uint8(q)))
}

// anyCompletableRef is anyCompletable by the listing: whether a quest
// offer to p would list a completion besides declining. s must have room
// for one more frame.
func (s *State) anyCompletableRef(p uint8) bool {
	u := *s
	u.push(questFrame(p, none, 0))
	return len(u.movesUpTo(nil, 1<<30)) > 1
}

// offeredActiveRef is offeredActive by check: whether completing quest v
// answers the dQuest on top (offeredActive may say no where this says
// yes, for a quest that is not an active one of the turn's offer).
func (s *State) offeredActiveRef(v int) bool {
	return s.check(mv(mComplete, v)) == 0
}

// Choices (building_choices.go, space_choices.go, player cards).

// buildingChoicesRef is buildingChoices by buildingReason asked of every
// tile.
func (s *State) buildingChoicesRef(f *frame) set128 {
	var out set128
	for tile := range s.c.tiles {
		if s.buildingReason(f, tile) == 0 {
			out.add(uint8(tile))
		}
	}
	return out
}

// spaceChoicesRef is spaceChoices by spaceReason asked of every space.
func (s *State) spaceChoicesRef(f *frame) set128 {
	var out set128
	for sp := range s.c.spaces {
		if s.spaceReason(f, sp) == 0 {
			out.add(uint8(sp))
		}
	}
	return out
}

// anyCopyCorruptRef is anyCopyCorrupt by copyCorruptReason asked of every
// space.
func (s *State) anyCopyCorruptRef(p uint8, depth int, spent int32, st standing) bool {
	for sp := range s.c.spaces {
		if s.copyCorruptReason(p, sp, depth, spent, st) == 0 {
			return true
		}
	}
	return false
}

// tallyModulesRef is tallyModules' count of module tiles by a walk of
// every tile.
func (s *State) tallyModulesRef(p PlayerID) (mb [2]int) {
	for i, m := range tallyModuleOrder {
		for tile := range s.c.tiles {
			if s.tileOwner[tile] == uint8(p)+1 && s.c.tiles[tile].Module == m {
				mb[i]++
			}
		}
	}
	return mb
}

// Intrigue cards (intrigue_play.go).

// playableCardsRef is playableCards by cardPlayable asked of every card of
// the hand (of card f.i-1 alone when f.i names one).
func (s *State) playableCardsRef(f *frame) set128 {
	hand := s.players[f.p].hand
	var out set128
	for c := hand.next(0); c >= 0; c = hand.next(c + 1) {
		if f.allowsCard(c) && s.cardPlayable(f.p, uint8(c), 0, noStanding) {
			out.add(uint8(c))
		}
	}
	return out
}

// anyPlayableRef is anyPlayable by cardPlayable asked of every card of the
// hand.
func (s *State) anyPlayableRef(p uint8, depth int, st standing) bool {
	hand := s.players[p].hand
	for c := hand.next(0); c >= 0; c = hand.next(c + 1) {
		if s.cardPlayable(p, uint8(c), depth, st) {
			return true
		}
	}
	return false
}

// cardPlayableRef is cardPlayable walking every step of the card's effect,
// each by its own test: the same State with the content loaded again, each
// cardCheck the effect's whole length and no payment settled by its need.
func (s *State) cardPlayableRef(p uint8, i uint8, depth int, st standing) bool {
	c := s.c
	s.c = fullWalkContent(c)
	ok := s.cardPlayable(p, i, depth, st)
	s.c = c
	return ok
}

var fullWalks struct {
	sync.Mutex
	of map[*Content]*Content
}

// fullWalkContent returns c loaded again, its cardChecks walking every
// step (for cardPlayableRef).
func fullWalkContent(c *Content) *Content {
	fullWalks.Lock()
	defer fullWalks.Unlock()
	if w := fullWalks.of[c]; w != nil {
		return w
	}
	var w *Content
	var err error
	switch c {
	case BaseContent():
		w, err = loadContent(content.Base(), 0)
	case FullContent():
		w, err = loadContent(content.Full(), content.AllModules)
	default:
		panic("fullWalkContent: content neither the base game's nor the full one")
	}
	if err != nil {
		panic(err)
	}
	for i := range w.intrigue {
		w.cardChecks[i] = cardCheck{walk: uint8(len(w.intrigue[i].Effect)), steps: w.intrigue[i].Effect}
	}
	if fullWalks.of == nil {
		fullWalks.of = map[*Content]*Content{}
	}
	fullWalks.of[c] = w
	return w
}

// Picks (picks.go); picksRef, production's fallback, is in picks.go.

// pickSourceRef is pickSource kind by kind.
func (s *State) pickSourceRef(f *frame) (avail [content.NumAdventurers]uint8, need int) {
	allowed := f.pickKinds()
	switch f.pickPurpose() {
	case pickGain, pickKeep:
		avail = s.supplyAll()
	case pickReturn, pickSwap, pickSpend, pickOnto:
		avail = s.players[f.p].tavern
	case pickToOwner:
		avail = s.players[f.p].tavern
		allowed = content.AllAdventurers
	case pickSteal:
		avail = s.players[f.other()].tavern
		allowed = stealAllowed(f.stealCode())
	}
	total := 0
	for k := range content.NumAdventurers {
		if !allowed.Has(content.Adventurer(k)) {
			avail[k] = 0
		}
		total += int(avail[k])
	}
	count := int(f.pickCount())
	if f.pickPurpose() == pickSwap {
		total -= int(avail[content.Cleric])
		avail[content.Cleric] = 0
		count = 1
	}
	return avail, min(count, total, 7)
}

// appendPicksRef is appendPicks by a walk of combosOfSize[need], a move
// made by mv for each member of picks.
func appendPicksRef(dst []Move, picks set128, need, limit int) []Move {
	from := len(dst)
	for j, r := range combosOfSize[need] {
		if picks.has(uint8(j)) && len(dst)-from < limit {
			dst = append(dst, mv(mPick, int(r)*8))
		}
	}
	return dst
}

// The choose_one step (choose_one.go).

// chooseOneRef is the answers of step pc of program prog (a choose_one
// step), listed when the content loads (Content.chooseOne), by
// optionMatches asked of every pick.
func chooseOneRef(c *Content, prog, pc int) []Move {
	st := &c.programs[prog][pc]
	var out []Move
	for v := range pickCombos * 8 {
		pk := decodePick(v)
		for k := range st.Options {
			if optionMatches(&st.Options[k], pk) {
				out = append(out, mv(mPick, v))
				break
			}
		}
	}
	return out
}

// chooseOneReasonRef is chooseOneReason by check's test of the pick
// against each option of the step: a pick in the form encodePick gives,
// matched by optionMatches.
func (s *State) chooseOneReasonRef(f *frame, m Move) Reason {
	v := int(m) - int(moveBase[mPick])
	pk := decodePick(v)
	if encodePick(pk) != v {
		return BadPick
	}
	st := &s.c.programs[f.prog][f.pc]
	for k := range st.Options {
		if optionMatches(&st.Options[k], pk) {
			return 0
		}
	}
	return BadPick
}

// Listing answers (moves.go).

// movesUpToRef is movesUpTo without its stop: every answer, as appendMoves
// lists them (limit is not looked at; movesUpTo(limit) may list any limit
// of these, in order, or all if they are fewer).
func (s *State) movesUpToRef(dst []Move, limit int) []Move {
	_ = limit
	return s.appendMoves(dst)
}

// appendSetRef is appendSet a member at a time through mv and append.
func appendSetRef(dst []Move, k moveKind, set set128, limit int) []Move {
	from := len(dst)
	for v := set.next(0); v >= 0 && len(dst)-from < limit; v = set.next(v + 1) {
		dst = append(dst, mv(k, v))
	}
	return dst
}

// Shuffling (shuffle.go).

// shuffleRef is shuffle as the plain Fisher-Yates loop on the generator
// itself.
func shuffleRef(r *pcg, xs []uint8) {
	for i := len(xs) - 1; i > 0; i-- {
		j := intn(r, i+1)
		xs[i], xs[j] = xs[j], xs[i]
	}
}

// The seat (seat.go).

// seatRef is Seat by the State's per-seat getters.
func (s *State) seatRef(p PlayerID) Seat {
	owned, pool := s.Agents(p)
	out := Seat{
		Score: s.Score(p), Gold: s.Gold(p), Tavern: s.Tavern(p), Agents: owned, Pool: pool,
		Lord: s.Lord(p), Buildings: s.Buildings(p), Corruption: s.Corruption(p),
	}
	for _, c := range s.Hand(p) {
		out.Hand.s.add(uint8(c))
	}
	for _, q := range s.ActiveQuests(p) {
		out.Active.s.add(uint8(q))
	}
	for _, q := range s.CompletedQuests(p) {
		out.Completed.s.add(uint8(q))
	}
	for _, c := range s.MandatoryQuests(p) {
		out.Mandatory.s.add(uint8(c))
	}
	return out
}

// Determinizations (determinize.go).

// validateDealtRef is validate, every invariant of the State: what
// validateDealt checks of a Sampler's deal, and the rest.
func (s *State) validateDealtRef() error { return s.validate() }
