package waterdeep

import (
	"encoding/binary"
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

// appendQuestAnswers appends the answers to the dQuest f, on top, in Move
// order: the quests that may be completed, and the decline. AppendMoves
// calls it for the turn's offer without movesUpTo's dispatch.
func (s *State) appendQuestAnswers(dst []Move, f *frame) []Move {
	start := len(dst)
	p := f.p
	ps := &s.players[p]
	if f.a != none {
		// Heroes' Garden: only the quest just taken, and not while a
		// mandatory quest is uncompleted (Appendix 4).
		if ps.mandatory.empty() && ps.has(&s.c.questNeed[f.a]) {
			dst = append(dst, mv(mComplete, int(f.a)))
		}
	} else if !ps.mandatory.empty() {
		for i := ps.mandatory.next(0); i >= 0; i = ps.mandatory.next(i + 1) {
			if ps.has(&s.c.mandatoryNeed[i]) {
				dst = append(dst, mv(mCompleteMandatory, i))
			}
		}
	} else {
		// A word at a time, each in a loop of its own, from the array
		// of every quest number, as anyCompletable walks them.
		l, gold, need := lanes(ps.tavern), ps.gold, s.c.questNeeds
		base := Move(moveBase[mComplete])
		for w := ps.active.lo; w != 0; {
			q := bits.TrailingZeros64(w)
			w &^= 1 << q
			if need[q].metBy(l, gold) {
				dst = append(dst, base+Move(q))
			}
		}
		for w := ps.active.hi; w != 0; {
			q := 64 | bits.TrailingZeros64(w)
			w &^= 1 << (q & 63)
			if need[q].metBy(l, gold) {
				dst = append(dst, base+Move(q))
			}
		}
		if s.faceUpCompletable(p) {
			dst = s.appendFaceUp(dst, p)
			sortMoves(dst[start:])
		}
	}
	dst = append(dst, mv(mDecline, 0))
	return dst
}

// buildingChoices returns the tiles that answer the dBuilding f, on top
// (a decline, where the purpose allows one, aside).
func (s *State) buildingChoices(f *frame) set128 {
	var legal set128
	switch buildingPurpose(f.a) {
	case buildEstateGiveUp, buildSteal, buildDemolish:
		// Each needs a tile in play: only those are checked (the board's
		// mask of them).
		for w := s.built; w != 0; w &= w - 1 {
			if t := bits.TrailingZeros64(w); s.buildingReason(f, t) == 0 {
				legal.add(uint8(t))
			}
		}
	case buildBuy, buildMayBuy, buildFreeHall, buildEstateTake:
		// A tile for sale, as buildingReason checks it without looking it
		// up again: room for another building (not for Real Estate Deal,
		// which swaps one), and its cost for a purchase
		// (TestBuildingChoicesAreEachChecked).
		ps := &s.players[f.p]
		if buildingPurpose(f.a) != buildEstateTake && ps.buildings >= maxBuildings {
			return legal
		}
		buy := buildingPurpose(f.a) == buildBuy || buildingPurpose(f.a) == buildMayBuy
		for _, t := range s.forSale {
			if t != none && (!buy || ps.gold >= int32(s.c.tiles[t].Cost)) {
				legal.add(t)
			}
		}
	default:
		for _, t := range s.forSale {
			if t != none && s.buildingReason(f, int(t)) == 0 {
				legal.add(t)
			}
		}
	}
	return legal
}

// playableCards returns the intrigue cards that answer the dIntrigue f,
// on top (a decline, where it is optional, aside).
//
// When the card is played, the agent that plays it (if any) is on the
// board already: whether the player has an agent assigned, or one at the
// Harbor, is read from the board (harbor false), so the Ambassador, or
// Bribe Agent played for Prison Break, counts as no agent of the
// player's (RULES.md 38).
func (s *State) playableCards(f *frame) set128 {
	p := f.p
	hand := s.players[p].hand
	var legal set128
	if f.i != 0 {
		// Only the card just drawn (draw_may_play).
		if c := f.i - 1; hand.has(c) && s.cardPlayable(p, c, 0, noStanding) {
			legal.add(c)
		}
		return legal
	}
	if s.lordsShown == 0 {
		// The cards that are always playable are, while no lord is
		// shown (cardPlayable's first test): only the others are
		// checked one by one (TestPlayableCardsAreEachChecked).
		legal = hand.and(s.c.intrigueAlways)
		hand = hand.andNot(legal)
	} else {
		// While a lord is shown, those that are not mandatory quests.
		legal = hand.and(s.c.intrigueAlways.andNot(s.c.mandatory))
		hand = hand.andNot(legal)
	}
	// A word at a time (see anyCompletable and placements).
	for w := hand.lo; w != 0; w &= w - 1 {
		if s.cardPlayable(p, uint8(bits.TrailingZeros64(w)), 0, noStanding) {
			legal.lo |= w & -w
		}
	}
	for w := hand.hi; w != 0; w &= w - 1 {
		if s.cardPlayable(p, uint8(64|bits.TrailingZeros64(w)), 0, noStanding) {
			legal.hi |= w & -w
		}
	}
	return legal
}

// spaceChoices returns the spaces that answer the dSpace f, on top (a
// decline, where it is optional, aside).
func (s *State) spaceChoices(f *frame) set128 {
	if sp := spacePurpose(f.a); sp == spacePlace || sp == spacePlaceOwn {
		// A fast path for placeTargetReason over every space (resources
		// are placed often): the same spaces, from the board's sets.
		return s.placeTargets()
	}
	// Only the spaces that can pass are checked, in space order (most
	// spaces fail at once, and there are many): a copy, a recall or an
	// acceleration needs an agent on the space (a shared agent stands
	// beside another; validate), and so does Manipulate's agent to move;
	// moving corruption is placing, with a token to move.
	var candidates set128
	switch spacePurpose(f.a) {
	case spaceCopy, spaceRecall, spaceAccelerate, spaceCopyCorrupt, spaceManipulate:
		candidates = s.occupied
	case spaceMoveCorruption:
		// moveCorruptionReason: a token in the tavern, then
		// placeTargetReason, which passes every one of placeTargets.
		if s.players[f.p].corrupt == 0 {
			return set128{}
		}
		return s.placeTargets()
	case spaceManipulateTo:
		// A free space on the table (manipulateTargetReason, with the
		// board as it is): the board's spaces of the game's modules and
		// the tiles in play, less the occupied ones.
		c := s.c
		open := c.boardSpaces[s.modules&content.AllModules].or(set128{lo: s.built}.shiftUp(c.tileBase))
		candidates = open.andNot(s.occupied)
	default:
		candidates = allSpaces(len(s.c.spaces))
	}
	var legal set128
	for w := candidates.lo; w != 0; w &= w - 1 {
		if s.spaceReason(f, bits.TrailingZeros64(w)) == 0 {
			legal.lo |= w & -w
		}
	}
	for w := candidates.hi; w != 0; w &= w - 1 {
		if s.spaceReason(f, 64|bits.TrailingZeros64(w)) == 0 {
			legal.hi |= w & -w
		}
	}
	return legal
}

// questChoices returns the quests that answer the dTakeQuest f, on top:
// Cliffwatch Inn's, or Bidding War's revealed ones.
func (s *State) questChoices(f *frame) set128 {
	if f.a == 1 {
		return s.revealed
	}
	var legal set128
	for _, q := range s.cliffwatch {
		if q != none {
			legal.add(q)
		}
	}
	return legal
}

// targetChoices returns the players that answer the dPlayer f, on top.
func (s *State) targetChoices(f *frame) set128 {
	var legal set128
	for o := range s.numPlayers {
		if s.targetReason(f, o) == 0 {
			legal.add(o)
		}
	}
	return legal
}

// appendPlacements appends the spaces where player p may assign an agent in
// mode (from: as for placements), in space order: the basic spaces, then those of tiles in play. It
// stops after limit spaces, which then need not be the first ones.
func (s *State) appendPlacements(dst []Move, p uint8, mode placeMode, from uint8, limit int) []Move {
	return appendSet(dst, mPlace, s.placements(p, mode, limit, from), limit)
}

// appendSet appends a move of kind k for each member of set, in order, at
// most limit of them: spaces (mPlace, mSpace), intrigue cards (mPlay) or
// tiles (mBuilding). It grows dst once and writes the moves in place,
// without append's capacity check and mv's range check per move (every
// member of such a set is below its kind's range: MaxSpaces, MaxIntrigue,
// MaxBuildings): a placement turn lists some 13 spaces, a place step's
// choice some 20. Into a buffer with room for 256 moves (any set, twice), as a
// bot's usually is, it neither counts the set (bits.OnesCount64 tests the
// CPU for each word, and spills registers around its fallback call) nor
// grows dst (TestAppendSetRoom compares the two paths).
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
	var j uint8
	// w &^= 1<<t is one instruction (BTR) on the bit just found; w &=
	// w-1 is three with the register copy its loop needs.
	for w := set.lo; w != 0; {
		t := bits.TrailingZeros64(w)
		out[j] = base + Move(t)
		w &^= 1 << t
		j++
	}
	for w, base := set.hi, base+64; w != 0; {
		t := bits.TrailingZeros64(w)
		out[j] = base + Move(t)
		w &^= 1 << t
		j++
	}
	return dst[:start+int(j)]
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

// placements returns the spaces where player p may assign an agent in
// mode; from is the dPlace frame's b (see placeLeft). With enough > 0 it may return only some of them, as long as they
// are at least enough: callers that ask "is there one?" or "are there
// two?" then skip the spaces with conditions.
//
// It works on sets: the free spaces and the tiles in play come from the
// board's masks (board.go), a plain space among them is legal as it is, and
// only the others (Harbor, Builder's Hall, payments, copies) go through
// placeReasonInfo.
func (s *State) placements(p uint8, mode placeMode, enough int, from uint8) set128 {
	c := s.c
	open := c.boardSpaces[s.modules&content.AllModules].or(set128{lo: s.built}.shiftUp(c.tileBase))
	free := open.andNot(s.occupied)
	// A free plain space is legal in every mode (the Harbor's in-order
	// spaces are not plain, and Recover the Magister's Orb only adds
	// spaces): when they are enough, nothing else need be looked at.
	if plain := free.and(c.plainSpaces); enough > 0 && plain.len() >= enough {
		return plain
	}
	// Waterdeep Harbor's spaces are filled in numerical order: an in-order
	// space is closed while any space below it is free (lowerSpaceFree).
	// A space's prev is the space numbered one less, so "the one below is
	// free or closed" climbs one space per shift, as far as the building's
	// in-order spaces go.
	var closed set128
	if c.inOrderSpaces.hi == 0 {
		// Every in-order space, and so the one below it, in the low word
		// (the base game's and the modules' boards): the same climb on
		// that word alone.
		for below := free.lo; ; {
			below = c.inOrderSpaces.lo & (below << 1)
			if below == 0 {
				break
			}
			closed.lo |= below
		}
	} else {
		for below := free; ; {
			below = c.inOrderSpaces.and(below.shiftUp(1))
			if below.empty() {
				break
			}
			closed = closed.or(below)
		}
	}
	candidates := free.andNot(closed)
	orb := mode != placeAmbassador && s.orbAvailable(p)
	var legal set128
	if orb {
		// Recover the Magister's Orb: an occupied space may be legal too,
		// so every open space takes the full check.
		candidates = open
	} else {
		// What placeReasonInfo would settle before the action's check, by
		// sets: The Palace is closed to the Ambassador, the Harbor to
		// reassignment, and an action that cannot be impossible is legal.
		legal = candidates.and(c.plainSpaces)
		candidates = candidates.andNot(legal)
		if mode == placeAmbassador {
			candidates = candidates.andNot(c.palaceSpaces)
		}
		if mode == placeReassign || s.phase == phaseReassign {
			candidates = candidates.andNot(c.reassignSpaces)
		}
		legal = legal.or(candidates.andNot(c.conditionalSpaces))
		candidates = candidates.and(c.conditionalSpaces)
	}
	// A word at a time (see anyCompletable); a member found is cleared by
	// its bit (see appendSet).
	if orb {
		for w := candidates.lo; w != 0; {
			sp := bits.TrailingZeros64(w)
			w &^= 1 << sp
			if s.placeReasonInfo(p, mode, sp, &c.spaces[sp], orb, from) == 0 {
				legal.lo |= 1 << sp
			}
		}
		for w := candidates.hi; w != 0; {
			sp := bits.TrailingZeros64(w)
			w &^= 1 << sp
			if s.placeReasonInfo(p, mode, 64|sp, &c.spaces[64|sp], orb, from) == 0 {
				legal.hi |= 1 << sp
			}
		}
	} else {
		if !s.placedOn.empty() {
			// Resources lying on a space are taken first (placedLegal):
			// those spaces apart, so that conditionalLegal need not ask.
			placed := candidates.and(s.placedOn)
			candidates = candidates.andNot(placed)
			for i := range 2 {
				for w := placed.word(i); w != 0; w &= w - 1 {
					if sp := i<<6 | bits.TrailingZeros64(w); s.placedLegal(p, mode, sp, &c.spaces[sp], from) {
						legal.add(uint8(sp))
					}
				}
			}
		}
		if cards := candidates.and(c.cardSpaces); !cards.empty() {
			// The spaces settled by the hand (the Harbor's next, the
			// modules' spaces that play a card after a gain): one look at
			// it for them all.
			candidates = candidates.andNot(cards)
			if s.lordsShown == 0 && !s.players[p].hand.and(c.intrigueAlways).empty() {
				// A card that can always be played in hand (the commonest
				// answer): every one is legal.
				legal = legal.or(cards)
			} else {
				legal = legal.or(s.cardSpacesLegal(p, mode, cards, from))
			}
		}
		for w := candidates.lo; w != 0; {
			sp := bits.TrailingZeros64(w)
			w &^= 1 << sp
			if s.conditionalLegal(p, mode, sp, &c.spaces[sp], from) {
				legal.lo |= 1 << sp
			}
		}
		for w := candidates.hi; w != 0; {
			sp := bits.TrailingZeros64(w)
			w &^= 1 << sp
			if s.conditionalLegal(p, mode, 64|sp, &c.spaces[64|sp], from) {
				legal.hi |= 1 << sp
			}
		}
	}
	if mode != placeAmbassador && s.visitAvailable(p) {
		legal = legal.or(s.visitSpaces(p, placing(none, mode, from)))
	}
	return legal
}

// placedLegal is conditionalLegal for a space with resources lying on it,
// which are taken first (canResolvePlaced).
func (s *State) placedLegal(p uint8, mode placeMode, sp int, info *spaceInfo, from uint8) bool {
	st := placing(uint8(sp), mode, from)
	if info.reassign && mode != placeAmbassador {
		st |= standHarbor
	}
	return s.canResolvePlaced(p, sp, info, st)
}

// cardSpacesLegal is conditionalLegal for each of cards: spaces whose
// action is settled by the hand (Content.cardSpaces) that placements has
// found as it finds those it passes to conditionalLegal. One hand decides
// them all: a card always playable, or playable whatever the standing
// (standingBlind), makes every one legal; otherwise only the cards that
// look at the standing are tried at each space, then what the steps
// before its card give (playableAfterSteps).
func (s *State) cardSpacesLegal(p uint8, mode placeMode, cards set128, from uint8) set128 {
	c := s.c
	h := s.players[p].hand
	// anyPlayable's first test.
	if !h.and(c.intrigueAlways).empty() && (s.lordsShown == 0 || !h.and(c.intrigueAlways.andNot(c.mandatory)).empty()) {
		return cards
	}
	blind := h.andNot(c.standingCards)
	for i := range 2 {
		for w := blind.word(i); w != 0; w &= w - 1 {
			if s.cardPlayable(p, uint8(i<<6|bits.TrailingZeros64(w)), 1, noStanding) {
				return cards
			}
		}
	}
	looks := h.and(c.standingCards)
	var legal set128
	for i := range 2 {
		for w := cards.word(i); w != 0; w &= w - 1 {
			sp := i<<6 | bits.TrailingZeros64(w)
			info := &c.spaces[sp]
			st := placing(uint8(sp), mode, from)
			if info.reassign && mode != placeAmbassador {
				st |= standHarbor
			}
			if s.anyPlayableOf(p, looks, st) || info.quick == quickPlayAfter && s.playableAfterSteps(p, info, st) {
				legal.add(uint8(sp))
			}
		}
	}
	return legal
}

// anyPlayableOf reports whether p can play one of cards, intrigue cards in
// p's hand, played by the agent st describes (see cardPlayable).
func (s *State) anyPlayableOf(p uint8, cards set128, st standing) bool {
	for i := range 2 {
		for w := cards.word(i); w != 0; w &= w - 1 {
			if s.cardPlayable(p, uint8(i<<6|bits.TrailingZeros64(w)), 1, st) {
				return true
			}
		}
	}
	return false
}

// conditionalLegal is placeReasonInfo(...) == 0 for a space with a
// conditional action that the sets of placements have found free, open (a
// basic space, or a tile in play), not closed by the Harbor's order, not
// The Palace for the Ambassador and not the Harbor for a reassignment,
// without the Orb, without resources lying on it (placedLegal), and not a
// space settled by the hand (cardSpacesLegal): only the action's check.
func (s *State) conditionalLegal(p uint8, mode placeMode, sp int, info *spaceInfo, from uint8) bool {
	// No resources lie on this space: canResolvePlaced would be
	// canResolveSpace. The quick checks that need no standing, as
	// canResolveSpace makes them, without a call for each (Builder's
	// Hall, the tiles that cost something, a count of what the player
	// holds: quickFirst), before the standing is worked out.
	switch info.quick {
	case quickNeed:
		return s.players[p].has(&s.c.spaceNeed[sp])
	case quickBuy:
		return s.anyAffordableTile(p, s.players[p].gold)
	case quickFirst:
		return s.firstStepMet(p, &s.c.programs[info.program][0])
	}
	st := placing(uint8(sp), mode, from)
	if info.reassign && mode != placeAmbassador {
		st |= standHarbor
	}
	return s.canResolveSpace(p, sp, info, st)
}

// plainFree reports whether space sp is a free plain space on the table:
// legal for every placement, in every mode (see placements), so that
// checking a placement there need not look at the space's rules.
func (s *State) plainFree(sp int) bool {
	if uint(sp) >= MaxSpaces {
		return false
	}
	c := s.c
	open := c.boardSpaces[s.modules&content.AllModules].or(set128{lo: s.built}.shiftUp(c.tileBase))
	return open.and(c.plainSpaces).andNot(s.occupied).has(uint8(sp))
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

// buildingReason checks a tile for sale against the dBuilding on top.
func (s *State) buildingReason(f *frame, t int) Reason {
	if t < 0 || t >= len(s.c.tiles) {
		return NoSuchBuilding
	}
	p := f.p
	switch buildingPurpose(f.a) {
	case buildEstateGiveUp:
		return s.estateGiveUpReason(p, t, noStanding)
	case buildSteal:
		return s.stealBuildingReason(p, t)
	case buildDemolish:
		return s.demolishReason(p, t, noStanding)
	case buildSampleWares:
		return s.sampleReason(p, t, 1, noStanding)
	}
	if s.forSaleIndex(t) < 0 {
		return NoSuchBuilding
	}
	// Real Estate Deal swaps buildings, so the player's count does not grow.
	if buildingPurpose(f.a) != buildEstateTake && s.players[p].buildings >= maxBuildings {
		return TooManyBuildings
	}
	if (buildingPurpose(f.a) == buildBuy || buildingPurpose(f.a) == buildMayBuy) && s.players[p].gold < int32(s.c.tiles[t].Cost) {
		return CannotAfford
	}
	return 0
}

// targetReason checks an opponent against the dPlayer on top.
func (s *State) targetReason(f *frame, o uint8) Reason {
	if o >= s.numPlayers || o == f.p {
		return NoSuchPlayer
	}
	if s.lordsShown != 0 && s.lordShown(o) && playerPurpose(f.a) != targetGift {
		return NoSuchPlayer // Open Lord
	}
	if playerPurpose(f.a) == targetSteal && s.players[o].cubesOf(stealAllowed(f.i)) == 0 {
		return NoSuchPlayer
	}
	if playerPurpose(f.a) == targetFoist && s.players[o].corrupt == 0 {
		// Foist Responsibility: "an opponent who has at least 1 corruption".
		return NoSuchPlayer
	}
	return 0
}

// spaceReason checks a space against the dSpace on top.
func (s *State) spaceReason(f *frame, sp int) Reason {
	if sp < 0 || sp >= len(s.c.spaces) {
		return NoSuchSpace
	}
	switch spacePurpose(f.a) {
	case spaceCopy:
		// The Zoarstar's agent (f.b its space) will share a Harbor space it
		// copies; Bribe Agent's agent, if any, is on the board already, and
		// so is the agent that copies (out of the pool).
		return s.copyTargetReason(f.p, int(f.b), sp, 1, 0, boardStanding(f.b != none))
	case spaceRecall:
		if !s.hasOwnAgent(sp, f.p) {
			return NoSuchSpace
		}
	case spaceAccelerate:
		// An agent on a Harbor space, or at The Zoarstar copying one
		// (RULES.md 38).
		if !(s.c.spaces[sp].reassign && s.hasOwnAgent(sp, f.p)) && s.followerFrom(f.p) != uint8(sp) {
			return NoSuchSpace
		}
	case spacePlace, spacePlaceOwn:
		return s.placeTargetReason(sp)
	case spaceCopyCorrupt:
		return s.copyCorruptReason(f.p, sp, 1, 0, noStanding)
	case spaceMoveCorruption:
		return s.moveCorruptionReason(f.p, sp)
	case spaceManipulate:
		return s.manipulateSourceReason(f.p, sp, noStanding)
	case spaceManipulateTo:
		return s.manipulateTargetReason(sp, noStanding)
	}
	return 0
}

// check tells whether move m answers the decision on top, or why not.
func (s *State) check(m Move) Reason {
	if s.sp == 0 {
		return GameOver
	}
	f := s.top()
	p := f.p
	ps := &s.players[p]
	v := m.arg()
	k := m.kind()
	switch f.kind {
	case dPlace:
		if k == mPlace {
			return s.placeReason(p, placeMode(f.a), v, f.b)
		}
	case dQuest:
		switch k {
		case mDecline:
			return 0
		case mComplete:
			if v >= len(s.c.quests) || (!ps.active.has(uint8(v)) && !s.isFaceUpCompletable(p, uint8(v))) || (f.a != none && int(f.a) != v) {
				return NoSuchQuest
			}
			if !ps.mandatory.empty() {
				return MandatoryQuestFirst
			}
			if !ps.has(&s.c.questNeed[v]) {
				return CannotAfford
			}
			return 0
		case mCompleteMandatory:
			if v >= len(s.c.intrigue) || !ps.mandatory.has(uint8(v)) || f.a != none {
				return NoSuchQuest
			}
			if !ps.has(&s.c.mandatoryNeed[v]) {
				return CannotAfford
			}
			return 0
		}
	case dTakeQuest:
		if k == mTakeQuest {
			if v >= len(s.c.quests) {
				return NoSuchQuest
			}
			if f.a == 1 {
				if s.revealed.has(uint8(v)) {
					return 0
				}
				return NoSuchQuest
			}
			for _, q := range s.cliffwatch {
				if q != none && int(q) == v {
					return 0
				}
			}
			return NoSuchQuest
		}
	case dPick:
		if k == mPick {
			return s.pickReason(f, decodePick(v))
		}
		if k == mDecline {
			if pickPurpose(f.i) == pickSwap || pickPurpose(f.i) == pickKeep {
				return 0
			}
			return NotOptional
		}
	case dChooseOne:
		if k == mPick {
			return s.chooseOneReason(f, m)
		}
	case dBuilding:
		if k == mBuilding {
			return s.buildingReason(f, v)
		}
		if k == mDecline {
			if buildingPurpose(f.a) == buildMayBuy {
				return 0
			}
			return NotOptional
		}
	case dIntrigue:
		switch k {
		case mPlay:
			if v >= len(s.c.intrigue) || !ps.hand.has(uint8(v)) || (f.i != 0 && int(f.i) != v+1) {
				return NoSuchCard
			}
			if !s.cardPlayable(p, uint8(v), 0, noStanding) {
				return CardNotPlayable
			}
			return 0
		case mDecline:
			if f.a >= 1 {
				return 0
			}
			return NotOptional
		}
	case dDiscardIntrigue:
		if k == mDiscardIntrigue {
			if v >= len(s.c.intrigue) || !ps.hand.has(uint8(v)) {
				return NoSuchCard
			}
			return 0
		}
	case dPlayer:
		if k == mPlayer {
			if v >= int(s.numPlayers) {
				return NoSuchPlayer
			}
			return s.targetReason(f, uint8(v))
		}
	case dSpace:
		if k == mSpace {
			return s.spaceReason(f, v)
		}
		if k == mDecline {
			if sp := spacePurpose(f.a); (sp == spaceMoveCorruption || sp == spaceRecall) && f.b == 1 {
				return 0
			}
			return NotOptional
		}
	case dRespond:
		if k == mRespond {
			if v == 1 && !s.canGive(f) {
				return CannotAfford
			}
			if v > 1 {
				return WrongDecision
			}
			return 0
		}
	case dQuestType:
		if k == mType {
			if v >= content.NumQuestTypes {
				return WrongDecision
			}
			return 0
		}
	case dDiscard:
		switch k {
		case mDiscard:
			if v >= len(s.c.quests) || !ps.active.has(uint8(v)) || f.a == discardFoist {
				return NoSuchQuest
			}
			return 0
		case mDiscardMandatory:
			if v >= len(s.c.intrigue) || !ps.mandatory.has(uint8(v)) || f.a == 2 {
				return NoSuchQuest
			}
			return 0
		case mDecline:
			if f.a == 1 {
				return 0
			}
			return NotOptional
		}
	}
	return WrongDecision
}
