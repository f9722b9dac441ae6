package waterdeep

import (
	"fmt"
	"strconv"

	"github.com/waterdeep-go/waterdeep/content"
	"github.com/waterdeep-go/waterdeep/quests"
)

// InvalidStateError reports a State that breaks an invariant of the game:
// a count out of range, a card in two places or none, a frame on the
// decision stack that its kind does not allow. DecodeState returns it
// (wrapped in a *SnapshotError) for a snapshot of such a state.
type InvalidStateError struct {
	// Detail says which invariant is broken, and where.
	Detail string
}

// Error implements error.
func (e *InvalidStateError) Error() string { return "waterdeep: invalid state: " + e.Detail }

func invalidf(format string, args ...any) error {
	return &InvalidStateError{Detail: fmt.Sprintf(format, args...)}
}

// validSeat names seat p as text and JSON do, from "p1", whatever number a
// broken state holds there.
func validSeat[T ~uint8 | ~int](p T) string { return "p" + strconv.Itoa(int(p)+1) }

// validMaxCount bounds gold and VP, far above any real game, so that no sum the
// engine makes of them can overflow.
const validMaxCount = 1 << 20

// validate checks every invariant of the state: the ranges of its fields,
// the conservation of adventurers, cards, tiles and agents, the Ambassador,
// and every frame on the decision stack against its kind. A state that
// passes can be played with Legal, Apply, LegalActions, AppendMoves and
// Play without a panic. It allocates nothing unless it fails.
func (s *State) validate() error {
	c := s.c
	if c == nil {
		return invalidf("no content (the zero State is not a game)")
	}
	if s.events != nil {
		return invalidf("an event sink is attached")
	}
	n := int(s.numPlayers)
	if n < 2 || n > MaxPlayers || n > c.maxPlayers() {
		return invalidf("%d players; a game has 2 to %d", n, c.maxPlayers())
	}
	switch {
	case s.modules&^c.modules != 0:
		return invalidf("modules %v; the content has %v", s.modules, c.modules)
	case n == MaxPlayers && s.modules == 0:
		return invalidf("6 players without a module")
	case s.long && s.modules == 0:
		return invalidf("the long game without a module")
	case !s.long && s.modules == content.AllModules:
		return invalidf("both modules without the long game")
	}
	if s.round < 1 || s.round > rounds {
		return invalidf("round %d; a game has rounds 1 to %d", s.round, rounds)
	}
	if s.phase > phaseReassign {
		return invalidf("unknown phase %d", s.phase)
	}
	if s.phase == phaseOver && s.round != rounds {
		return invalidf("the game is over in round %d", s.round)
	}
	if int(s.first) >= n || int(s.next) >= n {
		return invalidf("first player %d, next player %d with %d players", s.first, s.next, n)
	}
	if int(s.harborNext) > 2*len(c.harbor) {
		return invalidf("Harbor reassignment progress %d beyond %d", s.harborNext, 2*len(c.harbor))
	}
	if err := s.validateCleared(); err != nil {
		return err
	}
	// Checked first: the adventurers' count reads the placed resources of
	// the spaces in piled.
	if !s.piled.or(s.freshPiles).andNot(allSpaces(len(c.spaces))).empty() {
		return invalidf("placed resources on no such space (the content has %d)", len(c.spaces))
	}
	// Nothing placed (every base game): one comparison of the whole array.
	if !s.piled.empty() || s.piles != [MaxSpaces]pile{} {
		for sp := range s.piles {
			if (s.piles[sp] == pile{}) == s.piled.has(uint8(sp)) {
				return invalidf("placed resources on space %d: the set of spaces holding them disagrees", sp)
			}
		}
	}
	for p := n; p < MaxPlayers; p++ {
		if s.players[p] != (playerState{}) {
			return invalidf("seat %d is not at the table but holds something", p)
		}
	}
	if err := s.validatePlayers(); err != nil {
		return err
	}
	if err := s.validateQuests(); err != nil {
		return err
	}
	if err := s.validateIntrigue(); err != nil {
		return err
	}
	if err := s.validateTiles(); err != nil {
		return err
	}
	if err := s.validateAdventurers(); err != nil {
		return err
	}
	if err := s.validateBoard(); err != nil {
		return err
	}
	if err := s.validateModules(); err != nil {
		return err
	}
	return s.validateStack()
}

// validateDealt is validate for a deal of a Sampler whose first deal
// validate accepted (NewSampler): it checks only what one deal of the view
// can have that another has not. A deal writes the hidden cards (the other
// seats' hands and lords, the decks, the tile stack, the cards removed
// before setup) from the view's unseen instances, each exactly once, so the
// counts and places of the instances (validateCleared, validateQuests,
// validateIntrigue, validateTiles) hold for every deal when they hold for
// one, and the rest of the state (the board, the adventurers, the modules'
// tokens) is the view's, the same in every deal. What the dealt cards can
// change is the seats (validatePlayers) and what the decisions on the stack
// make of the hands: a card just drawn that no card of the hand can stand
// for, or a decision left with fewer than two answers (validateStack).
// Its reference is validateDealtRef (validate), which TestShortcutsMatchReferences
// compares with it on deals of views of random states of every module set;
// skipping the rest makes a deal about half as costly for a search bot.
func (s *State) validateDealt() error {
	if err := s.validatePlayers(); err != nil {
		return err
	}
	return s.validateStack()
}

// validateModules checks the state of the modules' rules: the resources
// placed on spaces and the corruption tokens (RULES.md 26-33).
func (s *State) validateModules() error {
	c := s.c
	tokens := int(s.corruptionBox)
	listed := s.piled.or(s.freshPiles) // validate checked them against placed
	for sp := listed.next(0); sp >= 0; sp = listed.next(sp + 1) {
		info := &c.spaces[sp]
		if info.module&^s.modules != 0 || (info.tile != none && !s.inPlay(info.tile)) {
			return invalidf("resources lie on space %d, which is not in play", sp)
		}
		tokens += int(s.piles[sp].corruption)
	}
	for i, k := range s.track {
		if k > trackMax {
			return invalidf("%d corruption tokens on track space -%d, at most %d", k, i+1, trackMax)
		}
		tokens += int(k)
	}
	for p := range s.numPlayers {
		tokens += int(s.players[p].corrupt)
	}
	for t := range c.tileStock {
		if c.tileStock[t].what == stockCorruption {
			tokens += int(s.tileStock[t]) // Monsters Made to Order
		}
	}
	for p := range MaxPlayers {
		if s.seenLords[p] != 0 && (p >= int(s.numPlayers) || s.seenLords[p]>>s.numPlayers != 0 || s.seenLords[p]&(1<<p) != 0) {
			return invalidf("%s has seen lords %#x", validSeat(p), s.seenLords[p])
		}
	}
	want := 0
	if s.modules.Has(Skullport) {
		want = corruptionTokens
	}
	if tokens != want {
		return invalidf("%d corruption tokens in the game, want %d", tokens, want)
	}
	return nil
}

func (s *State) validatePlayers() error {
	c := s.c
	n := int(s.numPlayers)
	if s.lordsShown>>n != 0 {
		return invalidf("lords shown %#x for %d seats", s.lordsShown, n)
	}
	var hands set128
	for p := range n {
		hands = hands.or(s.players[p].hand)
	}
	if !s.knownHand.andNot(hands).empty() {
		return invalidf("intrigue cards known to be in a hand are in none")
	}
	for p := range n {
		ps := &s.players[p]
		if ps.gold < 0 || ps.gold > validMaxCount {
			return invalidf("%s has %d gold", validSeat(p), ps.gold)
		}
		// Only an empty corruption track takes VP away (RULES.md 27).
		if ps.score > validMaxCount || ps.score < 0 && (!s.modules.Has(Skullport) || ps.score < -validMaxCount) {
			return invalidf("%s has %d VP", validSeat(p), ps.score)
		}
		if int(ps.lord) >= len(c.lords) || c.lords[ps.lord].Module&^s.modules != 0 {
			return invalidf("%s has lord %d of %d, not in this game", validSeat(p), ps.lord, len(c.lords))
		}
		for q := range p {
			if s.players[q].lord == ps.lord {
				return invalidf("%s and %s hold the same lord %d", validSeat(q), validSeat(p), ps.lord)
			}
		}
		want := int(agentsFor(uint8(n), s.long))
		if s.round >= 5 {
			want++
		}
		want += ps.completed.and(s.c.plotQuests[quests.ExtraAgent]).len()
		if int(ps.agents) != want {
			return invalidf("%s owns %d agents, want %d in round %d", validSeat(p), ps.agents, want, s.round)
		}
		if ps.pool > ps.agents {
			return invalidf("%s has %d agents in the pool of %d owned", validSeat(p), ps.pool, ps.agents)
		}
		if !ps.mandatory.andNot(c.mandatory).empty() {
			return invalidf("%s has a card that is not a mandatory quest among their mandatory quests", validSeat(p))
		}
	}
	return nil
}

// validBox checks the base game's cards removed before setup: only in a
// game with both modules, and only base cards.
func validBox(box set128, m content.Modules, module func(int) content.Modules, what string) error {
	if box.empty() {
		return nil
	}
	if m != content.AllModules {
		return invalidf("%s removed from a game without both modules", what)
	}
	for i := box.next(0); i >= 0; i = box.next(i + 1) {
		if module(i) != 0 {
			return invalidf("%s: a module's card is among the removed base cards", what)
		}
	}
	return nil
}

// validPlace counts one more place of instance i of a kind with count
// instances.
func validPlace(counts []uint8, i uint8, count int, what, where string) error {
	if int(i) >= count {
		return invalidf("%s %d in %s does not exist (%d in the content)", what, i, where, count)
	}
	counts[i]++
	if counts[i] > 1 {
		return invalidf("%s %d is in two places (one of them %s)", what, i, where)
	}
	return nil
}

func validPlaceSet(counts []uint8, set set128, count int, what, where string) error {
	for i := set.next(0); i >= 0; i = set.next(i + 1) {
		if err := validPlace(counts, uint8(i), count, what, where); err != nil {
			return err
		}
	}
	return nil
}

// validAllPlaced checks that each instance of list (those the game deals)
// is in exactly one place and every other instance nowhere. It marks the
// counts it has seen.
func validAllPlaced(counts []uint8, count int, list []uint8, what string) error {
	for _, i := range list {
		if counts[i] != 1 {
			return invalidf("%s %d is nowhere", what, i)
		}
		counts[i] = 2
	}
	for i := range count {
		if counts[i] == 1 {
			return invalidf("%s %d is in a game without its module", what, i)
		}
	}
	return nil
}

// places gathers the places of card instances as one set, noting an
// instance met twice: validateQuests and validateIntrigue check the common
// case (every card in exactly one place) with a few word operations per
// place, and count instance by instance only to say what is wrong.
// Sampler.Sample validates every state it deals.
type places struct {
	all   set128
	twice bool // an instance met twice, or one beyond 127
}

func (pl *places) addSet(set set128) {
	pl.twice = pl.twice || !pl.all.and(set).empty()
	pl.all = pl.all.or(set)
}

func (pl *places) add(i uint8) {
	pl.twice = pl.twice || i >= 128 || pl.all.has(i)
	pl.all.add(i)
}

// questsInPlace reports whether every quest the game deals is in exactly
// one place and no other quest is anywhere (validateQuests' counts would
// find nothing wrong).
func (s *State) questsInPlace() bool {
	if int(s.questDeckLen) > len(s.questDeck) {
		return false
	}
	var pl places
	for _, q := range s.questDeck[:s.questDeckLen] {
		pl.add(q)
	}
	for _, q := range s.cliffwatch {
		if q != none {
			pl.add(q)
		}
	}
	pl.addSet(s.questDiscard)
	pl.addSet(s.revealed)
	pl.addSet(s.questBox)
	for p := range s.numPlayers {
		pl.addSet(s.players[p].active)
		pl.addSet(s.players[p].completed)
	}
	return !pl.twice && pl.all == s.c.dealt[s.modules].questSet
}

// intrigueInPlace is questsInPlace for the intrigue cards, the cards being
// played and the mandatory quests being handed out included.
func (s *State) intrigueInPlace() bool {
	if int(s.sp) > stackSize || int(s.intrigueDeckLen) > len(s.intrigueDeck) {
		return false
	}
	var pl places
	for _, i := range s.intrigueDeck[:s.intrigueDeckLen] {
		pl.add(i)
	}
	pl.addSet(s.intrigueDiscard)
	pl.addSet(s.intrigueBox)
	for p := range s.numPlayers {
		pl.addSet(s.players[p].hand)
		pl.addSet(s.players[p].mandatory)
	}
	for i := range int(s.sp) {
		f := &s.stack[i]
		switch {
		case f.kind == fDiscard:
			pl.add(f.card())
		case f.kind == dPlayer && f.playerPurpose() == targetMandatory:
			if !s.c.mandatory.has(f.mandatoryCard()) {
				return false
			}
			pl.add(f.mandatoryCard())
		}
	}
	return !pl.twice && pl.all == s.c.dealt[s.modules].intrigueSet
}

func (s *State) validateQuests() error {
	if s.questsInPlace() {
		return validBox(s.questBox, s.modules, func(i int) content.Modules { return s.c.quests[i].Module }, "quests")
	}
	nq := len(s.c.quests)
	var counts [MaxQuests]uint8
	if int(s.questDeckLen) > nq {
		return invalidf("quest deck of %d cards; the content has %d", s.questDeckLen, nq)
	}
	for _, q := range s.questDeck[:s.questDeckLen] {
		if err := validPlace(counts[:], q, nq, "quest", "the deck"); err != nil {
			return err
		}
	}
	if err := validPlaceSet(counts[:], s.questDiscard, nq, "quest", "the discard pile"); err != nil {
		return err
	}
	for _, q := range s.cliffwatch {
		if q != none {
			if err := validPlace(counts[:], q, nq, "quest", "Cliffwatch Inn"); err != nil {
				return err
			}
		}
	}
	if err := validPlaceSet(counts[:], s.revealed, nq, "quest", "the revealed cards"); err != nil {
		return err
	}
	if err := validPlaceSet(counts[:], s.questBox, nq, "quest", "the box"); err != nil {
		return err
	}
	for p := range s.numPlayers {
		if err := validPlaceSet(counts[:], s.players[p].active, nq, "quest", "a player's active quests"); err != nil {
			return err
		}
		if err := validPlaceSet(counts[:], s.players[p].completed, nq, "quest", "a player's completed quests"); err != nil {
			return err
		}
	}
	if err := validBox(s.questBox, s.modules, func(i int) content.Modules { return s.c.quests[i].Module }, "quests"); err != nil {
		return err
	}
	return validAllPlaced(counts[:], nq, s.c.dealt[s.modules].quests, "quest")
}

func (s *State) validateIntrigue() error {
	if s.intrigueInPlace() {
		return validBox(s.intrigueBox, s.modules, func(i int) content.Modules { return s.c.intrigue[i].Module }, "intrigue cards")
	}
	ni := len(s.c.intrigue)
	var counts [MaxIntrigue]uint8
	if int(s.intrigueDeckLen) > ni {
		return invalidf("intrigue deck of %d cards; the content has %d", s.intrigueDeckLen, ni)
	}
	for _, i := range s.intrigueDeck[:s.intrigueDeckLen] {
		if err := validPlace(counts[:], i, ni, "intrigue card", "the deck"); err != nil {
			return err
		}
	}
	if err := validPlaceSet(counts[:], s.intrigueDiscard, ni, "intrigue card", "the discard pile"); err != nil {
		return err
	}
	if err := validPlaceSet(counts[:], s.intrigueBox, ni, "intrigue card", "the box"); err != nil {
		return err
	}
	if err := validBox(s.intrigueBox, s.modules, func(i int) content.Modules { return s.c.intrigue[i].Module }, "intrigue cards"); err != nil {
		return err
	}
	for p := range s.numPlayers {
		if err := validPlaceSet(counts[:], s.players[p].hand, ni, "intrigue card", "a hand"); err != nil {
			return err
		}
		if err := validPlaceSet(counts[:], s.players[p].mandatory, ni, "intrigue card", "a player's mandatory quests"); err != nil {
			return err
		}
	}
	if int(s.sp) > stackSize {
		return invalidf("%d frames on a stack of %d", s.sp, stackSize)
	}
	for i := range int(s.sp) {
		f := &s.stack[i]
		switch {
		case f.kind == fDiscard:
			if err := validPlace(counts[:], f.card(), ni, "intrigue card", "a card being played"); err != nil {
				return err
			}
		case f.kind == dPlayer && f.playerPurpose() == targetMandatory:
			if err := validPlace(counts[:], f.mandatoryCard(), ni, "intrigue card", "a mandatory quest being handed out"); err != nil {
				return err
			}
			if !s.c.mandatory.has(f.mandatoryCard()) {
				return invalidf("frame %d hands out intrigue card %d, which is not a mandatory quest", i, f.mandatoryCard())
			}
		}
	}
	return validAllPlaced(counts[:], ni, s.c.dealt[s.modules].intrigue, "intrigue card")
}

func (s *State) validateTiles() error {
	c := s.c
	nt := len(c.tiles)
	n := int(s.numPlayers)
	var counts [MaxBuildings]uint8
	if int(s.tileStackLen) > nt {
		return invalidf("building stack of %d tiles; the content has %d", s.tileStackLen, nt)
	}
	for _, t := range s.tileStack[:s.tileStackLen] {
		if err := validPlace(counts[:], t, nt, "tile", "the stack"); err != nil {
			return err
		}
	}
	for i, t := range s.forSale {
		if t == none {
			if s.forSaleVP[i] != 0 {
				return invalidf("empty slot %d of Builder's Hall holds %d VP", i, s.forSaleVP[i])
			}
			continue
		}
		if err := validPlace(counts[:], t, nt, "tile", "Builder's Hall"); err != nil {
			return err
		}
	}
	if nt < MaxBuildings && s.tileBox>>nt != 0 {
		return invalidf("a tile beyond the content's %d is in the box", nt)
	}
	if err := validPlaceSet(counts[:], set128{lo: s.tileBox}, nt, "tile", "the box"); err != nil {
		return err
	}
	if err := validBox(set128{lo: s.tileBox}, s.modules, func(i int) content.Modules { return c.tiles[i].Module }, "tiles"); err != nil {
		return err
	}
	var owned [MaxPlayers]int
	for t := range MaxBuildings {
		o := s.tileOwner[t]
		if t >= nt {
			if o != 0 || s.tileStock[t] != 0 {
				return invalidf("tile %d beyond the content's %d has an owner or stock", t, nt)
			}
			continue
		}
		switch {
		case o == 0:
		case o == none:
			if err := validPlace(counts[:], uint8(t), nt, "tile", "the tiles out of the game"); err != nil {
				return err
			}
		case int(o) <= n:
			if err := validPlace(counts[:], uint8(t), nt, "tile", "play"); err != nil {
				return err
			}
			owned[o-1]++
		default:
			return invalidf("tile %d has owner %d with %d players", t, o, n)
		}
		if !s.inPlay(uint8(t)) || c.tileStock[t].what == stockNone {
			if s.tileStock[t] != 0 {
				return invalidf("tile %d holds stock %d but accumulates nothing in play", t, s.tileStock[t])
			}
		}
	}
	if err := validAllPlaced(counts[:], nt, c.dealt[s.modules].tiles, "tile"); err != nil {
		return err
	}
	for p := range n {
		if int(s.players[p].buildings) != owned[p] {
			return invalidf("%s counts %d buildings but controls %d", validSeat(p), s.players[p].buildings, owned[p])
		}
		if owned[p] > maxBuildings {
			return invalidf("%s controls %d buildings, more than %d control markers", validSeat(p), owned[p], maxBuildings)
		}
	}
	return nil
}

func (s *State) validateAdventurers() error {
	var total [NumAdventurers]int
	for k := range NumAdventurers {
		if s.supply[k] > 25 {
			return invalidf("%d adventurers of kind %d in the supply", s.supply[k], k)
		}
		total[k] = int(s.supply[k])
	}
	for p := range s.numPlayers {
		for k := range NumAdventurers {
			total[k] += int(s.players[p].tavern[k])
		}
	}
	for t := range s.c.tiles {
		if k := s.c.tileStock[t].what; k >= stockCleric && k <= stockWizard && s.inPlay(uint8(t)) {
			total[k-stockCleric] += int(s.tileStock[t])
		}
	}
	for sp := s.piled.next(0); sp >= 0; sp = s.piled.next(sp + 1) {
		for k, n := range s.piles[sp].cubes {
			total[k] += int(n)
		}
	}
	for k := range NumAdventurers {
		// Beyond the 25 cubes, caravans (a game with a module; RULES.md 36).
		switch c := int(s.caravan[k]); {
		case c > 0 && (s.modules == 0 || c > maxCaravan):
			return invalidf("caravans stand for %d adventurers of kind %d; at most %d, and only with a module", c, k, maxCaravan)
		case c > 0 && s.supply[k] != 0:
			return invalidf("caravans stand for %d adventurers of kind %d while the supply holds %d cubes", c, k, s.supply[k])
		case total[k] != 25+c:
			return invalidf("%d adventurers of kind %d in the game, want 25 and %d held as caravans", total[k], k, c)
		}
	}
	return nil
}

func (s *State) validateBoard() error {
	c := s.c
	n := int(s.numPlayers)
	ns := len(c.spaces)
	var onBoard [MaxPlayers]int
	amb := 0
	for sp := range MaxSpaces {
		o := s.occupant[sp]
		if o == 0 {
			continue
		}
		if sp >= ns {
			return invalidf("an agent on space %d beyond the content's %d", sp, ns)
		}
		switch {
		case o == ambassadorMark:
			amb++
		case int(o) <= n:
			onBoard[o-1]++
		default:
			return invalidf("space %d has occupant %d with %d players", sp, o, n)
		}
		if t := c.spaces[sp].tile; t != none && !s.inPlay(t) && s.forSaleIndex(int(t)) < 0 {
			return invalidf("an agent on the space of tile %d, which is neither in play nor for sale", t)
		}
	}
	if occupied, built := s.boardMasks(); occupied != s.occupied || built != s.built {
		return invalidf("the board's masks disagree with its spaces and tiles (see board.go)")
	}
	for i, a := range s.shared {
		if a.player == none && a.space == none {
			continue
		}
		if int(a.player) >= n || int(a.space) >= ns || s.occupant[a.space] == 0 {
			return invalidf("shared agent %d (%s on space %d) is not beside another agent", i, validSeat(a.player), a.space)
		}
		onBoard[a.player]++
	}
	for i, fl := range s.follow {
		if fl.slot == none && fl.player == none && fl.from == none {
			continue
		}
		if int(fl.player) >= n || int(fl.slot) >= ns || !c.spaces[fl.slot].reassign {
			return invalidf("follower %d (%s after space %d) does not follow a Harbor space", i, validSeat(fl.player), fl.slot)
		}
		if int(fl.from) >= ns || !s.hasOwnAgent(int(fl.from), fl.player) {
			return invalidf("follower %d: %s has no agent on space %d", i, validSeat(fl.player), fl.from)
		}
	}
	for p := range n {
		ps := &s.players[p]
		if int(ps.pool)+onBoard[p] != int(ps.agents) {
			return invalidf("%s has %d agents in the pool and %d on the board but owns %d", validSeat(p), ps.pool, onBoard[p], ps.agents)
		}
	}

	// The Ambassador.
	if s.ambHolder != none && int(s.ambHolder) >= n {
		return invalidf("the Ambassador is held by %s with %d players", validSeat(s.ambHolder), n)
	}
	if s.ambSpace != none && int(s.ambSpace) >= ns {
		return invalidf("the Ambassador stands on space %d beyond the content's %d", s.ambSpace, ns)
	}
	switch {
	case s.ambGone:
		if c.palace == none || s.tileOwner[c.palace] != none {
			return invalidf("the Ambassador left play but the Palace did not")
		}
		if s.ambHolder != none || s.ambSpace != none || amb != 0 {
			return invalidf("the Ambassador left play but is still held or on the board")
		}
	case s.ambSpace != none:
		if s.ambHolder == none {
			return invalidf("the Ambassador stands on space %d but nobody holds it", s.ambSpace)
		}
		if amb != 1 || s.occupant[s.ambSpace] != ambassadorMark {
			return invalidf("the Ambassador stands on space %d but %d spaces show it", s.ambSpace, amb)
		}
	default:
		if amb != 0 {
			return invalidf("the Ambassador is on no space but %d spaces show it", amb)
		}
	}
	if s.ambHolder != none && (c.palace == none || !s.inPlay(uint8(c.palace)) && s.forSaleIndex(int(c.palace)) < 0) {
		return invalidf("%s holds the Ambassador but the Palace is neither in play nor for sale", validSeat(s.ambHolder))
	}
	return nil
}

// validateCleared checks that the slots of the fixed arrays beyond what
// is in use hold zero: the frames above the top of the stack (pop clears
// them) and the cards beyond each deck (a draw clears its slot), so that
// == compares positions.
func (s *State) validateCleared() error {
	if int(s.sp) > stackSize || int(s.questDeckLen) > len(s.questDeck) || int(s.intrigueDeckLen) > len(s.intrigueDeck) ||
		int(s.tileStackLen) > len(s.tileStack) {
		return invalidf("%d frames, decks of %d quests, %d intrigue cards and %d tiles: more than their arrays hold",
			s.sp, s.questDeckLen, s.intrigueDeckLen, s.tileStackLen)
	}
	for i, f := range s.stack[s.sp:] {
		if f != (frame{}) {
			return invalidf("frame %d, above the top (%d frames), is not cleared", int(s.sp)+i, s.sp)
		}
	}
	switch {
	case !validZeros(s.questDeck[s.questDeckLen:]):
		return invalidf("the quest deck's slots beyond its cards are not cleared")
	case !validZeros(s.intrigueDeck[s.intrigueDeckLen:]):
		return invalidf("the intrigue deck's slots beyond its cards are not cleared")
	case !validZeros(s.tileStack[s.tileStackLen:]):
		return invalidf("the building stack's slots beyond its tiles are not cleared")
	}
	return nil
}

// validZeros reports whether every byte of xs is 0.
func validZeros(xs []uint8) bool {
	for _, x := range xs {
		if x != 0 {
			return false
		}
	}
	return true
}

func (s *State) validateStack() error {
	if s.phase == phaseOver {
		if s.sp != 0 {
			return invalidf("the game is over with %d frames on the stack", s.sp)
		}
		return nil
	}
	if s.sp == 0 {
		return invalidf("the game is not over but no decision is pending")
	}
	if !s.top().kind.isDecision() {
		return invalidf("the top frame (%s) is not a decision", snapKindName(s.top().kind))
	}
	if s.sp > maxDepth {
		return invalidf("%d frames on the stack; play never goes beyond %d", s.sp, maxDepth)
	}
	places := 0
	for i := range int(s.sp) {
		f := &s.stack[i]
		if f.kind == dPlace {
			places++
		}
		// A decision is answered as soon as it is on top, so only the
		// start of a round leaves decisions below the top: the
		// Ambassador's placement under the choices of Defend the Tower of
		// Luck.
		if i < int(s.sp)-1 && f.kind.isDecision() &&
			!(f.kind == dPick && f.pickPurpose() == pickGain) && !(f.kind == dPlace && f.placeMode() == placeAmbassador) {
			return invalidf("frame %d of %d (%s) is a decision below the top", i, s.sp, snapKindName(f.kind))
		}
		if err := s.validateFrame(f); err != nil {
			e := err.(*InvalidStateError)
			e.Detail = fmt.Sprintf("frame %d of %d (%s): %s", i, s.sp, snapKindName(s.stack[i].kind), e.Detail)
			return e
		}
	}
	if places > 1 {
		return invalidf("%d agent placements pending at once", places)
	}
	// At rest the engine has answered every decision with one legal
	// answer or none, so the one on top offers a real choice.
	var buf [64]Move
	if k := len(s.movesUpTo(buf[:0], 2)); k < 2 {
		return invalidf("the decision on top (%s) has %d legal answers; the engine stops only at a choice", snapKindName(s.top().kind), k)
	}
	return nil
}

// maxDepth bounds the frames on the stack of a valid state. Random play
// peaks at 13 (1,200 games); the deepest chain legality allows (maxCopyDepth
// levels of copied spaces and cards) stays near 22; and it leaves the engine
// room to nest effects within the stack's fixed size.
const maxDepth = stackSize - 8

// maxPick is the most adventurers one pick (a ChooseResources action) can
// hold in the Move encoding.
const maxPick = 7

// validStep returns step pc of program prog, if both exist.
func (s *State) validStep(prog uint16, pc uint8) (*content.Step, bool) {
	if int(prog) >= len(s.c.programs) || int(pc) >= len(s.c.programs[prog]) {
		return nil, false
	}
	return &s.c.programs[prog][pc], true
}

// validMaxProgress returns the largest stage (frame.stage) that step st
// of a program frame may have.
func validMaxProgress(st *content.Step, n uint8) int {
	switch st.Kind {
	case content.StepTakeQuest:
		return st.Count
	case content.StepEachOpponentMayGive, content.StepEachOpponentChooses, content.StepEachOpponentMay, content.StepEachOpponentReturns:
		return int(n) - 1
	case content.StepChangeOfPlans:
		return int(n)
	case content.StepPlace, content.StepDrawMayPlay, content.StepDiscardQuest, content.StepPlaceOwn, content.StepDiscardIntrigue:
		return st.Count
	case content.StepSpecial:
		switch st.Special {
		case content.ReturnAgent, content.RealEstateDeal, content.RecallPerCorruption, content.MayReturnAgent, content.Demolish,
			content.Manipulate:
			return 2
		case content.AcceleratePlans:
			return 3
		case content.BiddingWar:
			return int(n)
		}
	}
	return 0
}

// validateFrame checks frame f: each value against its type (validFields),
// then what its kind and purpose ask of the rest of the state.
func (s *State) validateFrame(f *frame) error {
	c := s.c
	if f.kind == fNone || f.kind > lastFrameKind {
		return invalidf("unknown frame kind %d", f.kind)
	}
	if f.p >= s.numPlayers {
		return invalidf("%s frame for %s with %d players", snapKindName(f.kind), validSeat(f.p), s.numPlayers)
	}
	if err := s.validFields(f); err != nil {
		return err
	}
	ps := &s.players[f.p]
	// stepIs reports whether f's step (prog, pc) is of kind k.
	stepIs := func(k content.StepKind) bool { st, ok := s.validStep(f.prog, f.pc); return ok && st.Kind == k }
	// plotIs reports whether quest q is p's completed plot quest of kind k.
	plotIs := func(q uint8, k quests.PlotKind) bool { return c.quests[q].Plot.Kind == k && ps.completed.has(q) }
	switch f.kind {
	case fProgram:
		// A space's action (placed, copied or visited) is the space's
		// program; every other program (rewards, cards, owner benefits)
		// belongs to no space.
		if sp := f.space(); sp != none && c.spaces[sp].program != f.prog {
			return invalidf("program %d resolved as the action of space %d, which is not its program", f.prog, sp)
		} else if sp == none {
			for i := range c.spaces {
				if c.spaces[i].program == f.prog {
					return invalidf("program %d of space %d resolved without its space", f.prog, i)
				}
			}
		}
		limit := 0
		if prog := c.programs[f.prog]; int(f.pc) < len(prog) {
			limit = validMaxProgress(&prog[f.pc], s.numPlayers)
		}
		if int(f.stage()) > limit {
			return invalidf("progress %d of step %d of program %d, at most %d", f.stage(), f.pc, f.prog, limit)
		}
	case dPlace:
		switch f.placeMode() {
		case placeTurn, placeExtra:
			if ps.pool == 0 {
				return invalidf("%s must assign an agent but has none in the pool", validSeat(f.p))
			}
		case placeReassign:
			if f.from() == none || !s.hasOwnAgent(int(f.from()), f.p) {
				return invalidf("%s reassigns an agent from space %d, where they have none", validSeat(f.p), f.from())
			}
		case placeAmbassador:
			if s.ambHolder != f.p || s.ambSpace != none || s.ambGone {
				return invalidf("%s assigns the Ambassador without holding it in their pool", validSeat(f.p))
			}
		default:
			return invalidf("placement mode %d", f.placeMode())
		}
	case dQuest:
		if q := f.onlyQuest(); q != none && !ps.active.has(q) {
			return invalidf("%s may complete quest %d, which is not one of theirs", validSeat(f.p), q)
		}
	case dPick:
		switch f.pickPurpose() {
		case pickToOwner, pickSteal:
			if f.other() == f.p {
				return invalidf("%s gives adventurers to or takes them from themselves", validSeat(f.p))
			}
		case pickKeep, pickOnto:
			if f.pickCount() != 1 {
				return invalidf("%s takes back or puts on a space %d adventurers", validSeat(f.p), f.pickCount())
			}
		case pickSpend:
			if !ps.completed.has(f.spendQuest()) {
				return invalidf("%s spends adventurers on quest %d, not one they completed", validSeat(f.p), f.spendQuest())
			}
		}
	case dChooseOne:
		if !stepIs(content.StepChooseOne) {
			return invalidf("a choice of one option at step %d of program %d, which is not one", f.pc, f.prog)
		}
	case dBuilding:
		if f.buildingPurpose() == buildSampleWares && ps.pool == 0 {
			return invalidf("%s visits a building for sale with no agent in the pool", validSeat(f.p))
		}
	case dIntrigue:
		if f.intrigueMode() == intrigueExtra && (!plotIs(f.plotQuest(), quests.HarborIntrigue) || int(f.played()) >= c.quests[f.plotQuest()].Plot.Count) {
			return invalidf("extra intrigue card %d of quest %d, which allows none", f.played(), f.plotQuest())
		}
		if card, ok := f.onlyCard(); ok && !ps.hand.has(card) {
			return invalidf("%s may play intrigue card %d, which is not in their hand", validSeat(f.p), card)
		}
	case dPlayer:
		if p := f.playerPurpose(); p == targetGift && !stepIs(content.StepGift) || p == targetBetray && !stepIs(content.StepBetray) {
			return invalidf("a gift or betrayal at step %d of program %d, which is not one", f.pc, f.prog)
		}
	case dSpace:
		switch f.spacePurpose() {
		case spaceCopy:
			if f.from() != none && !s.hasOwnAgent(int(f.from()), f.p) {
				return invalidf("%s copies a space from space %d, where they have no agent", validSeat(f.p), f.from())
			}
		case spaceManipulateTo:
			if s.manipulateSourceReason(f.p, int(f.from()), noStanding) != 0 {
				return invalidf("%s moves an agent from space %d, which holds no agent they may move", validSeat(f.p), f.from())
			}
		case spacePile:
			if !stepIs(content.StepPlace) {
				return invalidf("a placement of resources at step %d of program %d, which places none", f.pc, f.prog)
			}
		}
	case dRespond:
		return s.validateRespond(f)
	case fOffer:
		want := quests.BonusOnVisit
		if f.offerKind() == offerHarbor {
			want = quests.HarborIntrigue
		}
		if !plotIs(f.plotQuest(), want) || f.offerKind() == offerHarbor && int(f.played()) >= c.quests[f.plotQuest()].Plot.Count {
			return invalidf("an offer of quest %d's plot, which %s has not completed or which offers none", f.plotQuest(), validSeat(f.p))
		}
	case dDiscardIntrigue:
		if f.nth() == 0 || f.nth() > f.count() || int(f.count()) > content.MaxDraw {
			return invalidf("discarding intrigue card %d of %d", f.nth(), f.count())
		}
	case dDiscard:
		if f.discardMode() == discardFoist && f.other() == f.p {
			return invalidf("%s hands a mandatory quest to themselves", validSeat(f.p))
		}
	}
	return nil
}

// validateRespond is validateFrame for a dRespond.
func (s *State) validateRespond(f *frame) error {
	c := s.c
	ps := &s.players[f.p]
	st, stepOK := s.validStep(f.prog, f.pc)
	switch f.respondPurpose() {
	case respondGive, respondDeal:
		want := content.StepEachOpponentMayGive
		if f.respondPurpose() == respondDeal {
			want = content.StepEachOpponentMay
		}
		if !stepOK || st.Kind != want {
			return invalidf("a response at step %d of program %d, which asks for none", f.pc, f.prog)
		}
		if f.other() == f.p {
			return invalidf("%s would give to themselves", validSeat(f.p))
		}
	case respondTrade:
		if !stepOK || st.Kind != content.StepMayTrade || f.other() != f.p {
			return invalidf("an exchange at step %d of program %d, which offers none", f.pc, f.prog)
		}
	case respondMoved:
		if f.other() == f.p || s.occupant[f.from()] != f.p+1 || s.manipulateTargetReason(int(f.to()), noStanding) != 0 {
			return invalidf("%s's agent moved by %s from space %d to space %d", validSeat(f.p), validSeat(f.other()), f.from(), f.to())
		}
	case respondUpTo:
		// The nth token of an up-to step, asked of its holder.
		if !stepOK || (st.Kind != content.StepReturnCorruptionUpTo && st.Kind != content.StepRemoveCorruptionUpTo) ||
			f.other() != f.p || f.nth() == 0 || int(f.nth()) > st.Count || ps.corrupt == 0 {
			return invalidf("%s's token %d of an up-to return at step %d of program %d, which returns none or which %s cannot return",
				validSeat(f.p), f.nth(), f.pc, f.prog, validSeat(f.p))
		}
	case respondVisit, respondExtraReturn:
		want := quests.BonusOnVisit
		if f.respondPurpose() == respondExtraReturn {
			want = quests.ExtraReturn
		}
		if q := f.plotQuest(); c.quests[q].Plot.Kind != want || !ps.completed.has(q) || f.other() != f.p {
			return invalidf("a plot bonus of quest %d, which %s has not completed or which gives none", q, validSeat(f.p))
		}
	}
	return nil
}

// validFields checks each value of frame f against its type, as f's
// kind's layout gives them (frame_kinds.go), and that each slot the
// layout leaves unused holds zero.
func (s *State) validFields(f *frame) error {
	var buf [8]frameField
	fields, ok := f.fields(buf[:0])
	if !ok {
		return invalidf("%s purpose %d", snapKindName(f.kind), f.slotValue(fields[0].slot))
	}
	var used [numSlots]bool
	for _, fl := range fields {
		used[fl.slot] = true
		if v := f.slotValue(fl.slot); !s.validValue(f, &fl, v) {
			return invalidf("%s %d out of range", fl.name, v)
		}
	}
	for sl := range numSlots {
		if !used[sl] && f.slotValue(sl) != 0 {
			return invalidf("a slot the frame does not use holds %d", f.slotValue(sl))
		}
	}
	return nil
}

// validValue reports whether v is a value of field fl of frame f.
func (s *State) validValue(f *frame, fl *frameField, v int) bool {
	c := s.c
	n := int(s.numPlayers)
	switch fl.typ {
	case vInt:
		return fl.max == 0 || v <= fl.max
	case vFlag:
		return v <= 1
	case vSeat:
		return v < n
	case vSeatOrNone:
		return v < n || v == none
	case vSeatPlus1:
		return v <= n
	case vSpace:
		return v < len(c.spaces)
	case vSpaceOrNone:
		return v < len(c.spaces) || v == none
	case vQuest:
		return v < len(c.quests)
	case vQuestOrNone:
		return v < len(c.quests) || v == none
	case vCard:
		return v < len(c.intrigue)
	case vCardPlus1:
		return v <= len(c.intrigue)
	case vKind:
		return v < content.NumAdventurers
	case vKinds:
		return v <= int(content.AllAdventurers)
	case vStealKinds:
		return v < int(content.AllAdventurers) // stealKinds codes every kind as 0
	case vGot:
		return v < 1<<5
	case vEnum:
		return v < len(fl.names)
	case vProgram:
		return v < len(c.programs)
	case vStep:
		return int(f.prog) < len(c.programs) && v <= len(c.programs[f.prog])
	}
	return false
}

// snapFrameKindNames are the names of the frame kinds in snapshots and
// in validate's messages.
var snapFrameKindNames = [...]string{
	fNone: "none", fProgram: "program", fAction: "action", fNoAction: "no_action", fTurn: "turn",
	fDiscard: "discard", dPlace: "place", dQuest: "quest", dTakeQuest: "take_quest", dPick: "pick",
	dChooseOne: "choose_one", dBuilding: "building", dIntrigue: "intrigue", dPlayer: "player",
	dSpace: "space", dRespond: "respond", dQuestType: "quest_type", dDiscard: "discard_quest",
	fOffer: "offer", dDiscardIntrigue: "discard_intrigue",
}

// snapKindName returns the name of frame kind k.
func snapKindName(k fkind) string {
	if int(k) < len(snapFrameKindNames) {
		return snapFrameKindNames[k]
	}
	return fmt.Sprintf("kind(%d)", uint8(k))
}
