package waterdeep

import (
	"fmt"
	"math/bits"
)

// Config describes a new game.
type Config struct {
	// Players is the number of players, 2 to 5, or 6 with at least one
	// module. Seat 0 starts with the first-player marker; seats follow in
	// turn order.
	Players int
	// Modules are the expansion modules of Scoundrels of Skullport played
	// (none, Undermountain, Skullport or both): their cards, tiles and
	// board spaces are shuffled into the game's.
	Modules Modules
	// Long plays the long game (more agents), which needs a module and
	// is required with both.
	Long bool
	// Seed seeds the game's random generator: the same Config always deals
	// the same game.
	Seed uint64
	// Content is the game content; nil means BaseContent(), or
	// FullContent() for a game with modules.
	Content *Content
	// Deal fixes the order of the decks, for tests and puzzles. Nil deals
	// at random.
	Deal *Deal
}

// Deal fixes the setup of a game. Each list gives cards from the top of
// their deck down; cards not listed follow in random order. Setup deals
// from the top: lords one per seat, then two quests per seat (seat 0 first),
// four quests to Cliffwatch Inn, two intrigue cards per seat, and three
// tiles to Builder's Hall.
//
// In a game with both modules, the Removed lists fix some of the base
// game's cards and tiles removed before setup; the rest of the 30 quests,
// 25 intrigue cards and 12 tiles are drawn at random.
type Deal struct {
	Lords     []LordID
	Quests    []QuestID
	Intrigue  []IntrigueID
	Buildings []BuildingID

	RemovedQuests    []QuestID
	RemovedIntrigue  []IntrigueID
	RemovedBuildings []BuildingID
}

// New starts a game: the setup of the rulebook, then the first round up to
// the first decision.
func New(cfg Config) (State, error) {
	c := cfg.Content
	if c == nil {
		c = BaseContent()
		if cfg.Modules != 0 {
			c = FullContent()
		}
	}
	if err := checkConfig(&cfg, c); err != nil {
		return State{}, err
	}
	n := uint8(cfg.Players)
	s := State{c: c, rng: newRNG(cfg.Seed), numPlayers: n, modules: cfg.Modules, long: cfg.Long, round: 1, ambHolder: none, ambSpace: none}
	var d Deal
	if cfg.Deal != nil {
		d = *cfg.Deal
	}
	if err := s.removeBaseCards(&d); err != nil {
		return State{}, err
	}
	dl := &c.dealt[s.modules]
	if len(dl.quests)-s.questBox.len() < 2*cfg.Players+4 || len(dl.intrigue)-s.intrigueBox.len() < 2*cfg.Players ||
		len(dl.tiles)-(set128{lo: s.tileBox}).len() < 3 || len(dl.lords) < cfg.Players {
		return State{}, &ConfigError{Field: "Content", Detail: "too few cards or tiles for this many players"}
	}
	for i := range s.supply {
		s.supply[i] = 25
	}
	if s.modules.Has(Skullport) {
		s.setupTrack()
	}
	for i := range s.shared {
		s.shared[i] = agentAt{none, none}
	}
	for i := range s.follow {
		s.follow[i] = follower{none, none, none}
	}

	var lordsDeck [MaxLords]uint8
	nl, err := stack(&s, lordsDeck[:], len(c.lords), dl.lords, set128{}, 0, set128{}, ids(d.Lords), "Deal.Lords")
	if err != nil {
		return State{}, err
	}
	s.questDeckLen, err = stack(&s, s.questDeck[:], len(c.quests), dl.quests, dl.questSet, dl.questHead, s.questBox, ids(d.Quests), "Deal.Quests")
	if err != nil {
		return State{}, err
	}
	s.intrigueDeckLen, err = stack(&s, s.intrigueDeck[:], len(c.intrigue), dl.intrigue, dl.intrigueSet, dl.intrigueHead, s.intrigueBox, ids(d.Intrigue), "Deal.Intrigue")
	if err != nil {
		return State{}, err
	}
	s.tileStackLen, err = stack(&s, s.tileStack[:], len(c.tiles), dl.tiles, dl.tileSet, dl.tileHead, set128{lo: s.tileBox}, ids(d.Buildings), "Deal.Buildings")
	if err != nil {
		return State{}, err
	}

	for p := range n {
		ps := &s.players[p]
		nl--
		ps.lord = lordsDeck[nl]
		ps.agents = agentsFor(n, s.long)
		ps.pool = ps.agents
		// "The starting player gets 4 Gold. The player to his or her left
		// gets 5 Gold, and so on."
		ps.gold = 4 + int32(p)
	}
	for p := range n {
		for range 2 {
			s.players[p].active.add(s.drawQuest())
		}
	}
	for i := range s.cliffwatch {
		s.cliffwatch[i] = s.drawQuest()
	}
	for p := range n {
		for range 2 {
			s.drawIntrigue(p)
		}
	}
	for i := range s.forSale {
		s.tileStackLen--
		s.forSale[i] = s.tileStack[s.tileStackLen]
	}
	s.startRound()
	s.run()
	return s, nil
}

func ids[T ~uint8](xs []T) []uint8 {
	out := make([]uint8, len(xs))
	for i, x := range xs {
		out[i] = uint8(x)
	}
	return out
}

// stack fills deck (top at the end) with the instances of list (of count
// in the content, in instance order; members holds them too, where box may
// be nonempty, and box holds none of list[head:]) that are not in box: the
// fixed ones on top in the order given, the rest shuffled below them.
func stack(s *State, deck []uint8, count int, list []uint8, members set128, head int, box set128, fixed []uint8, field string) (uint8, error) {
	var seen [256]bool
	for _, f := range fixed {
		if int(f) >= count || seen[f] {
			return 0, &ConfigError{Field: field, Detail: fmt.Sprintf("%d is out of range or listed twice", f)}
		}
		seen[f] = true
	}
	rest := deck[:0]
	switch {
	case len(fixed) == 0 && box.empty():
		// The usual deal (nothing fixed or removed): every instance.
		rest = append(rest, list...)
	case len(fixed) == 0:
		// A game with both modules: every instance not removed, in
		// instance order (the order of list). Up to the last base game
		// instance a word of the set at a time; the modules' instances
		// after it, never removed, are copied as listed.
		n := 0
		if head < len(list) {
			members = members.and(allSpaces(int(list[head]))) // those before list[head]
		}
		for i, w := range [2]uint64{members.lo &^ box.lo, members.hi &^ box.hi} {
			for ; w != 0; w &= w - 1 {
				deck[n] = uint8(i<<6 | bits.TrailingZeros64(w))
				n++
			}
		}
		n += copy(deck[n:], list[head:])
		rest = deck[:n]
	default:
		for _, i := range list {
			if seen[i] {
				seen[i] = false // in the game
			} else if !box.has(i) {
				rest = append(rest, i)
			}
		}
	}
	for _, f := range fixed {
		if seen[f] {
			return 0, &ConfigError{Field: field, Detail: fmt.Sprintf("%d is not in this game (another module's, or removed)", f)}
		}
	}
	shuffle(&s.rng, rest)
	// Fixed cards go on top: the first listed is the last element.
	n := len(rest)
	for i := range fixed {
		deck[n+len(fixed)-1-i] = fixed[i]
	}
	return uint8(n + len(fixed)), nil
}

// ToAct returns the player who must decide now, or NoPlayer and false once
// the game is over. Exactly one player decides at any moment. It only
// reads *s.
func (s *State) ToAct() (PlayerID, bool) {
	if s.sp == 0 || s.phase == phaseOver {
		return NoPlayer, false
	}
	return PlayerID(s.top().p), true
}

// Legal returns nil if action a may be taken now, or an
// *IllegalActionError saying why not.
func (s State) Legal(a Action) error {
	if a == nil {
		return illegal(s.c, nil, NoAction)
	}
	p, ok := s.ToAct()
	if !ok {
		return illegal(s.c, a, GameOver)
	}
	if a.Actor() != p {
		return illegal(s.c, a, NotYourTurn)
	}
	m := a.move()
	if m == 0 {
		return illegal(s.c, a, unencodable(a))
	}
	if r := s.check(m); r != 0 {
		return illegal(s.c, a, r)
	}
	return nil
}

// unencodable is the reason for an action whose operands are out of any
// range the engine knows (a space, card or pick that cannot exist).
func unencodable(a Action) Reason {
	switch a.(type) {
	case PlaceAgent, ChooseSpace:
		return NoSuchSpace
	case CompleteQuest, TakeQuest, DiscardQuest, CompleteMandatory, DiscardMandatory:
		return NoSuchQuest
	case PlayIntrigue, DiscardIntrigue:
		return NoSuchCard
	case ChooseBuilding:
		return NoSuchBuilding
	case ChoosePlayer:
		return NoSuchPlayer
	case ChooseResources:
		return BadPick
	}
	return WrongDecision
}

// LegalActions returns every legal action, in canonical (Move) order,
// without duplicates. It is empty once the game is over.
func (s State) LegalActions() []Action {
	p, ok := s.ToAct()
	if !ok {
		return nil
	}
	var buf [64]Move
	moves := s.appendMoves(buf[:0])
	out := make([]Action, len(moves))
	for i, m := range moves {
		out[i] = m.Action(p)
	}
	return out
}

// Apply takes action a and returns the state after it, resolved up to the
// next decision. On error it returns s unchanged and an
// *IllegalActionError.
func (s State) Apply(a Action) (State, error) {
	if err := s.Legal(a); err != nil {
		return s, err
	}
	s.answer(a.move())
	s.run()
	return s, nil
}

// AppendMoves appends the legal moves of the player to act to dst, in
// ascending order, and returns the extended slice. With a dst of enough
// capacity it allocates nothing.
//
// AppendMoves only reads *s. It takes a pointer, as LegalMove and
// PlayInPlace do, so that the bots' fast path copies no State: a State is
// about 2 KB, and copying it would cost as much as listing the moves.
func (s *State) AppendMoves(dst []Move) []Move {
	if s.phase == phaseOver {
		return dst
	}
	if s.sp > 0 {
		// The answers run listed for this decision (kept_answers.go).
		switch f := s.top(); {
		case f.kind == dPlace:
			if start := len(dst); hasRoom(dst) {
				// appendInRoom here, without its call: a move is a space
				// plus mPlace's base. The high word holds only the
				// modules' spaces (a base game's board fits the low one).
				out := (*[256]Move)(dst[start : start+256])
				base := Move(moveBase[mPlace]) // read once: out may alias it, as far as Go knows
				var j uint8
				for w := s.kept.lo; w != 0; {
					t := bits.TrailingZeros64(w)
					out[j] = base + Move(t)
					w &^= 1 << t
					j++
				}
				for w := s.kept.hi; w != 0; {
					t := bits.TrailingZeros64(w)
					out[j] = base + 64 + Move(t)
					w &^= 1 << t
					j++
				}
				return dst[:start+int(j)]
			}
			return appendSet(dst, mPlace, s.kept, 1<<30)
		case f.kind == dTakeQuest && hasRoom(dst):
			// The commonest kept kind after the placements, which no
			// decline joins: appendChoices' fast path without its call.
			return appendInRoom(dst, Move(moveBase[mTakeQuest]), s.kept)
		case f.kind.keepsAnswers():
			// keptNeed is a pick's size, else 0 (which appendChoices
			// ignores).
			return appendChoices(dst, f, s.kept, int(s.keptNeed), 1<<30)
		case f.kind == dQuest:
			// The turn's offer, the commonest of the rest.
			return s.appendQuestAnswers(dst, f)
		}
	}
	return s.appendMoves(dst)
}

// LegalMove returns 0 if move m is legal for the player to act, or the
// Reason it is not: the allocation-free check for bots (Legal and Play
// return an *IllegalActionError). It only reads *s. The zero Move, which
// encodes no action, is NoAction, as a nil Action is for Legal.
func (s *State) LegalMove(m Move) Reason {
	if s.sp == 0 || s.phase == phaseOver {
		if m == 0 {
			return NoAction
		}
		return GameOver
	}
	if r := s.check(m); r != 0 {
		if m == 0 {
			return NoAction
		}
		return r
	}
	return 0
}

// Play takes move m for the player to act: the fast path of Apply for bots,
// with the same legality checks. Like Apply it returns a new State and
// leaves s unchanged.
func (s State) Play(m Move) (State, error) {
	err := s.PlayInPlace(m)
	return s, err
}

// PlayInPlace is Play for a caller that owns s: it takes move m by changing
// *s itself, so that nothing is copied. On error *s is unchanged. It is the
// one method that changes a State, for bots that play many moves on a
// private copy (a rollout: r := s, then r.PlayInPlace(...) until r.Over());
// a State shared with other goroutines must not be played in place.
func (s *State) PlayInPlace(m Move) error {
	if s.sp == 0 || s.phase == phaseOver {
		if m == 0 {
			return illegal(s.c, nil, NoAction)
		}
		return illegal(s.c, nil, GameOver)
	}
	// The commonest answers are checked and answered here, in one test of
	// the decision's kind, doing what check and answer do for them; the
	// rest go through check's and answer's switches. The zero Move is
	// NoAction, as a nil Action is for Legal; it is tested only once the
	// move is refused, off the path of a legal move.
	f := s.top()
	if sp := uint32(m) - moveBase[mPlace]; f.kind == dPlace && sp < MaxSpaces && s.kept.has(uint8(sp)) {
		// A placement on one of the spaces run listed for this decision
		// (kept_answers.go), the commonest answer: without the move's
		// kind.
		p, mode, from := f.p, placeMode(f.a), f.b
		s.sp--
		s.place(p, mode, from, uint8(sp))
		s.run()
		return nil
	}
	// The move's kind and operand are worked out once (m.arg works out
	// the kind again).
	k := m.kind()
	v := int(uint32(m) - moveBase[k])
	switch {
	case f.kind == dPlace && k == mPlace:
		// Not one of the spaces kept: placeReason only says why.
		r := s.placeReason(f.p, placeMode(f.a), v, f.b)
		if r == 0 {
			r = SpaceUnavailable
		}
		return illegal(s.c, m.Action(PlayerID(f.p)), r)
	case f.kind == dQuest && k == mDecline:
		s.sp--
	case f.kind == dQuest && k == mComplete && s.offeredActive(f, v):
		// The turn's offer of an active quest, the commonest completion:
		// check's test of it without check's call; the rest (a face-up
		// quest, Heroes' Garden, a refusal's reason) take check.
		s.answerKind(m, k, v)
	case f.kind == dTakeQuest && k == mTakeQuest && uint(v) < 128 && s.kept.has(uint8(v)):
		// A quest to take that run kept, the commonest kept answer after
		// the placements: keptHas's test without its call.
		s.answerKind(m, k, v)
	case f.kind.keepsAnswers() && k == keptMoveKind[f.kind]:
		// One of the choices run listed for this decision
		// (kept_answers.go); check only says why one is refused.
		if !s.keptHas(f, v) {
			r := s.check(m)
			if r == 0 {
				r = WrongDecision
			}
			return illegal(s.c, m.Action(PlayerID(f.p)), r)
		}
		s.answerKind(m, k, v)
	default:
		if r := s.check(m); r != 0 {
			if m == 0 {
				return illegal(s.c, nil, NoAction)
			}
			return illegal(s.c, m.Action(PlayerID(f.p)), r)
		}
		s.answerKind(m, k, v)
	}
	s.run()
	return nil
}
