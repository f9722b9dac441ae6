package waterdeep

import (
	"fmt"
	"strings"

	"github.com/waterdeep-go/waterdeep/content"
)

// Determinize samples a full State consistent with view v: what v shows is
// kept, and what it hides is drawn at random from what the viewer has not
// seen: the other players' intrigue hands (of the sizes shown) and lords,
// and the order of every deck. The sampled state's View(v.Viewer) equals v;
// a view that no game could show is refused. The state's random generator
// is seeded with seed, so the future it deals is one possible future, not
// the real one.
//
// Determinize checks v each time it is called. A search bot that samples
// many states from one view makes a Sampler once and calls its Sample.
func Determinize(v View, seed uint64) (State, error) {
	sm, err := NewSampler(v)
	if err != nil {
		return State{}, err
	}
	return sm.Sample(seed)
}

// A Sampler draws states consistent with one view (see Determinize), for
// search bots (information-set Monte Carlo tree search) that sample once
// per iteration: NewSampler checks the view once, and Sample then deals
// without allocating. A Sampler keeps the view it was made from; the
// caller must not change that view's lists while using it.
type Sampler struct {
	v View
	// What every sample shares, made once: the state with everything the
	// view shows (public), and the unseen cards to deal (d).
	public State
	d      unseen
	// lords, when set (WeighLords), deals the hidden lords by a belief.
	lords *lordWeights
}

// unseen lists, in the game's order, the instances the viewer has not
// seen, which View.deal deals: intrigue cards, quests, tiles and lords.
type unseen struct {
	intrigue, quests, tiles, lords     [128]uint8
	nIntrigue, nQuests, nTiles, nLords uint8
}

// NewSampler checks view v and returns a Sampler for it. A view that no
// game could show is refused: numbers out of range, facts that no dealt
// state has, or a decision and legal actions that do not follow from the
// rest (a *ContradictionError naming the field). Every other refusal is a
// *DeterminizeError naming the field at fault, when one is.
func NewSampler(v View) (*Sampler, error) {
	if v.c == nil {
		return nil, detErr("", "the view has no content (make views with State.View)")
	}
	if err := v.inRange(); err != nil {
		if de, ok := err.(*DeterminizeError); ok {
			return nil, de
		}
		return nil, &DeterminizeError{Err: err}
	}
	sm := &Sampler{v: v}
	sm.public = v.public(&sm.d)
	// The first deal is checked whole (validate): what it shares with
	// every later deal is then known to hold for them all.
	s, err := sm.sample(0, true)
	if err != nil {
		return nil, err
	}
	// The sample's own view must be the view given, including what a
	// view derives from the state rather than lists (the decision, its
	// legal actions), so that a view contradicting itself is refused, not
	// quietly replaced by what the state says. The viewer's view of a
	// sample depends only on what the viewer knows (their own hand decides
	// their legal actions), so what holds for one sample holds for all.
	again := s.View(v.Viewer)
	if field := again.difference(&v); field != "" {
		return nil, &ContradictionError{Field: field}
	}
	return sm, nil
}

// Sample returns a state consistent with the Sampler's view, its hidden
// cards dealt with a generator seeded with seed.
func (sm *Sampler) Sample(seed uint64) (State, error) {
	return sm.sample(seed, false)
}

// sample deals a state as Sample does, checked whole by validate when full
// is set (NewSampler's first deal) and otherwise by validateDealt, which
// checks what one deal of the view can have that another has not.
func (sm *Sampler) sample(seed uint64, full bool) (State, error) {
	// The hidden cards are dealt again until the state is one the engine
	// could stop at: the view shows a decision with two or more answers,
	// and a sampled hand can leave a player with fewer (say, one playable
	// intrigue card at the Harbor). What a view cannot show is checked on
	// the state too, so a view made by hand that no game could show is
	// refused.
	var err error
	for attempt := range uint64(determinizeTries) {
		var s State
		if s, err = sm.v.deal(sm.public, &sm.d, sm.lords, seed+attempt*0x9e3779b97f4a7c15); err != nil {
			return State{}, err // a *DeterminizeError
		}
		if full {
			err = s.validate()
		} else {
			err = s.validateDealt()
		}
		if err == nil {
			// The deal wrote the board's masks and piled through their
			// writers; kept is the derived field left (derived.go).
			s.keepAnswers()
			return s, nil
		}
	}
	return State{}, &DeterminizeError{Err: err}
}

// DeterminizeError reports a view that Determinize cannot sample a state
// from: no content, a number out of range, or facts that no state has (Err
// says which; an *InvalidStateError for a broken rule of the game).
type DeterminizeError struct {
	// Field is the path of the view's JSON field at fault, such as
	// "quest_deck", "removed.quests" or "seats[1].hand_size", or "" when
	// no one field is.
	Field string
	Err   error
}

// Error implements error.
func (e *DeterminizeError) Error() string {
	field := ""
	if e.Field != "" {
		field = e.Field + ": "
	}
	return "waterdeep: determinize: " + field + strings.TrimPrefix(e.Err.Error(), "waterdeep: ")
}

// detErr returns a *DeterminizeError for field.
func detErr(field, format string, args ...any) *DeterminizeError {
	return &DeterminizeError{Field: field, Err: fmt.Errorf(format, args...)}
}

// Unwrap returns the underlying error.
func (e *DeterminizeError) Unwrap() error { return e.Err }

// ContradictionError reports a view that no game could show: every state
// sampled from it shows something else in Field (a JSON field name such as
// "legal" or "decision.optional"), which the view's other facts decide.
type ContradictionError struct {
	Field string
}

// Error implements error.
func (e *ContradictionError) Error() string {
	return fmt.Sprintf("waterdeep: determinize: the view's %s contradicts the rest of the view; no game shows it", e.Field)
}

// determinizeTries bounds the deals Determinize tries.
const determinizeTries = 64

// sample builds the state of Determinize from a view whose numbers are in
// range.
func (v View) sample(seed uint64) (State, error) {
	var d unseen
	return v.deal(v.public(&d), &d, nil, seed)
}

// public returns the state of everything view v shows, the hidden cards
// not dealt, and sets d to the instances the viewer has not seen: what
// every sample of v shares, which a Sampler makes once.
func (v View) public(d *unseen) State {
	c := v.c
	s := State{c: c, numPlayers: uint8(v.Players), modules: v.Modules, long: v.Long,
		round: uint8(v.Round), first: v.First, ambHolder: none, ambSpace: none, ambGone: v.AmbassadorGone}
	if v.Over {
		s.round = rounds
	}
	for i := range s.shared {
		s.shared[i] = agentAt{none, none}
	}
	for i := range s.follow {
		s.follow[i] = follower{none, none, none}
	}
	for k := range s.supply {
		s.supply[k], s.caravan[k] = uint8(v.Supply[k]), uint8(v.Caravans[k])
	}
	// What the viewer has seen: every card or tile in a public place, and
	// the viewer's own hand and lord.
	var seenQuests, seenIntrigue set128
	var seenTiles, seenLords set128
	addQ := func(qs []QuestID) set128 {
		var set set128
		for _, q := range qs {
			set.add(uint8(q))
			seenQuests.add(uint8(q))
		}
		return set
	}
	addI := func(is []IntrigueID) set128 {
		var set set128
		for _, i := range is {
			set.add(uint8(i))
			seenIntrigue.add(uint8(i))
		}
		return set
	}
	for i, q := range v.Cliffwatch {
		if i < len(s.cliffwatch) {
			s.cliffwatch[i] = uint8(q)
			seenQuests.add(uint8(q))
		}
	}
	for i := len(v.Cliffwatch); i < len(s.cliffwatch); i++ {
		s.cliffwatch[i] = none
	}
	s.revealed = addQ(v.Revealed)
	s.questDiscard = addQ(v.QuestDiscard)
	s.intrigueDiscard = addI(v.IntrigueDiscard)
	for i := range s.forSale {
		s.forSale[i] = none
	}
	for i, t := range v.ForSale {
		if i < len(s.forSale) {
			s.forSale[i], s.forSaleVP[i] = uint8(t.Building), uint8(t.VP)
			seenTiles.add(uint8(t.Building))
		}
	}
	for _, t := range v.Gone {
		s.setTileOwner(uint8(t), none)
		seenTiles.add(uint8(t))
	}
	for _, sp := range v.Spaces {
		if sp.Tile {
			s.tileStock[sp.Building] = uint8(sp.Stock)
			if sp.Owner != NoPlayer {
				s.setTileOwner(uint8(sp.Building), uint8(sp.Owner)+1)
				seenTiles.add(uint8(sp.Building))
			}
		}
		for i, p := range sp.Agents {
			if i == 0 && !sp.Ambassador {
				s.setOccupant(uint8(sp.Space), uint8(p)+1)
			}
		}
		if sp.Ambassador {
			s.setOccupant(uint8(sp.Space), ambassadorMark)
		}
		if sp.Placed != (Bundle{}) || sp.PlacedCorruption != 0 {
			e := &s.piles[sp.Space]
			s.piled.add(uint8(sp.Space))
			for k, n := range sp.Placed.Cubes() {
				e.cubes[k] = uint8(n)
			}
			e.gold, e.corruption = uint8(sp.Placed.Gold), uint8(sp.PlacedCorruption)
		}
	}
	pr := &v.Progress
	// The spaces of a placement under way, which may have received
	// nothing.
	for _, sp := range pr.placing[:pr.nPlacing] {
		s.freshPiles.add(sp)
	}
	for i, k := range v.Track {
		s.track[i] = uint8(k)
	}
	s.corruptionBox = uint8(v.CorruptionRemoved)
	copy(s.shared[:], pr.shared[:pr.nShared])
	copy(s.follow[:], pr.follow[:pr.nFollow])
	if v.AmbassadorHolder != NoPlayer {
		s.ambHolder = uint8(v.AmbassadorHolder)
	}
	if v.AmbassadorPlaced {
		s.ambSpace = uint8(v.AmbassadorSpace)
	}
	for _, seat := range v.Seats {
		ps := &s.players[seat.Seat]
		for k := range ps.tavern {
			ps.tavern[k] = uint8(seat.Tavern[k])
		}
		ps.gold, ps.score = int32(seat.Gold), int32(seat.Score)
		ps.corrupt = uint8(seat.Corruption)
		ps.agents, ps.pool = uint8(seat.Agents), uint8(seat.Pool)
		ps.orbUsed, ps.swapUsed, ps.visitUsed = seat.OrbUsed, seat.SwapUsed, seat.VisitUsed
		ps.turnUsed = uint8(seat.TurnUsed)
		for _, o := range seat.LordsSeen {
			s.seenLords[seat.Seat] |= 1 << o
		}
		if seat.LordShown {
			s.lordsShown |= 1 << seat.Seat
		}
		ps.active, ps.completed = addQ(seat.Active), addQ(seat.Completed)
		ps.mandatory = addI(seat.Mandatory)
		ps.buildings = uint8(len(seat.Buildings))
		for _, k := range seat.KnownHand {
			s.knownHand.add(uint8(k))
		}
		if seat.Seat == v.Viewer {
			ps.hand = addI(seat.Hand)
		} else {
			// Cards handed over face up are known to be there.
			ps.hand = addI(seat.KnownHand)
		}
		if seat.LordKnown {
			ps.lord = uint8(seat.Lord)
			seenLords.add(uint8(seat.Lord))
		}
	}
	s.phase, s.next, s.questDone, s.harborNext = pr.phase, pr.next, pr.questDone, pr.harborNext
	s.sp = uint8(copy(s.stack[:], pr.frames()))
	// A card being resolved is face up.
	for _, f := range pr.frames() {
		if card, ok := f.faceUpCard(); ok {
			seenIntrigue.add(card)
		}
	}

	dl := &c.dealt[v.Modules]
	d.nIntrigue = unseenOf(dl.intrigue, seenIntrigue, &d.intrigue)
	d.nQuests = unseenOf(dl.quests, seenQuests, &d.quests)
	d.nTiles = unseenOf(dl.tiles, seenTiles, &d.tiles)
	d.nLords = unseenOf(dl.lords, seenLords, &d.lords)
	return s
}

// unseenOf copies to out the instances of list (the game's, in order)
// not in seen, and returns their number.
func unseenOf(list []uint8, seen set128, out *[128]uint8) uint8 {
	n := 0
	for _, i := range list {
		if !seen.has(i) {
			out[n] = i
			n++
		}
	}
	return uint8(n)
}

// deal returns state s (View.public of v) with the cards the viewer has
// not seen (d) dealt by a generator seeded with seed, the hidden lords by
// the belief lords when it is not nil (Sampler.WeighLords).
func (v View) deal(s State, d *unseen, lords *lordWeights, seed uint64) (State, error) {
	c := v.c
	s.rng = newRNG(seed)
	// Deal what the viewer has not seen: of the cards the game's modules
	// deal, those not seen, after drawing the base game's cards removed
	// before setup (with both modules) among the unseen base ones.
	if v.Modules != content.AllModules {
		// Cards are removed before setup only with both modules.
		for _, r := range [...]struct {
			field string
			n     int
		}{{"removed.quests", v.RemovedQuests}, {"removed.intrigue", v.RemovedIntrigue}, {"removed.buildings", v.RemovedBuildings}} {
			if r.n != 0 {
				return State{}, detErr(r.field, "%d removed before setup; only a game with both modules removes any", r.n)
			}
		}
	}
	var buf [MaxIntrigue]uint8
	unseen, err := dealUnseen(&s.rng, d.intrigue[:d.nIntrigue], v.RemovedIntrigue, "removed.intrigue",
		func(i uint8) bool { return c.intrigue[i].Module == 0 }, &s.intrigueBox, buf[:0])
	if err != nil {
		return State{}, err
	}
	n := len(unseen)
	for i, seat := range v.Seats {
		if seat.Seat == v.Viewer {
			continue
		}
		for range seat.HandSize - len(seat.KnownHand) {
			if n == 0 {
				return State{}, detErr(fmt.Sprintf("seats[%d].hand_size", i), "hands larger than the unseen intrigue cards")
			}
			n--
			s.players[seat.Seat].hand.add(unseen[n])
		}
	}
	if n != v.IntrigueDeck {
		return State{}, detErr("intrigue_deck", "%d unseen intrigue cards for a deck of %d", n, v.IntrigueDeck)
	}
	s.intrigueDeckLen = uint8(copy(s.intrigueDeck[:], unseen[:n]))

	unseen, err = dealUnseen(&s.rng, d.quests[:d.nQuests], v.RemovedQuests, "removed.quests",
		func(q uint8) bool { return c.quests[q].Module == 0 }, &s.questBox, buf[:0])
	if err != nil {
		return State{}, err
	}
	if len(unseen) != v.QuestDeck {
		return State{}, detErr("quest_deck", "%d unseen quests for a deck of %d", len(unseen), v.QuestDeck)
	}
	s.questDeckLen = uint8(copy(s.questDeck[:], unseen))

	var tileBox set128
	unseen, err = dealUnseen(&s.rng, d.tiles[:d.nTiles], v.RemovedBuildings, "removed.buildings",
		func(t uint8) bool { return c.tiles[t].Module == 0 }, &tileBox, buf[:0])
	if err != nil {
		return State{}, err
	}
	s.tileBox = tileBox.lo // at most MaxBuildings = 64 tiles
	if len(unseen) != v.BuildingStack {
		return State{}, detErr("building_stack", "%d unseen tiles for a stack of %d", len(unseen), v.BuildingStack)
	}
	s.tileStackLen = uint8(copy(s.tileStack[:], unseen))

	if lords != nil {
		if err := lords.deal(&s, d.lords[:d.nLords]); err != nil {
			return State{}, err
		}
	} else {
		unseen, _ = dealUnseen(&s.rng, d.lords[:d.nLords], 0, "", nil, nil, buf[:0])
		n = len(unseen)
		for _, seat := range v.Seats {
			if !seat.LordKnown {
				if n == 0 {
					return State{}, detErr("seats", "more hidden lords than lords")
				}
				n--
				s.players[seat.Seat].lord = unseen[n]
			}
		}
	}
	// A card just drawn that the view hides: one of the player's cards
	// dealt above.
	s.sampleDrawn()
	return s, nil
}

// dealUnseen appends to buf the instances of list (the unseen ones of the
// game's, in order), shuffled with r. First, when removed > 0, it puts
// removed of the unseen instances that base reports in box: the base game's
// cards removed before setup with both modules, which nobody sees, so that
// every unseen base card is as likely to be among them as any other.
func dealUnseen(r *pcg, list []uint8, removed int, field string, base func(uint8) bool, box *set128, buf []uint8) ([]uint8, error) {
	buf = append(buf, list...)
	if removed > 0 {
		nb := 0
		for j, x := range buf {
			if base(x) {
				buf[nb], buf[j] = x, buf[nb]
				nb++
			}
		}
		if nb < removed {
			return nil, detErr(field, "%d removed base game cards, but only %d unseen", removed, nb)
		}
		shuffle(r, buf[:nb])
		for _, x := range buf[:removed] {
			box.add(x)
		}
		buf = buf[:copy(buf, buf[removed:])]
	}
	shuffle(r, buf)
	return buf, nil
}

// inRange checks every number of the view that Determinize uses as an
// index, so that a view built by hand gets an error, never a panic.
func (v View) inRange() error {
	c := v.c
	maxPlayers := min(5, c.maxPlayers())
	if v.Modules != 0 {
		maxPlayers = c.maxPlayers()
	}
	if v.Players < 2 || v.Players > maxPlayers || len(v.Seats) != v.Players {
		return fmt.Errorf("view of %d players with %d seats; a game has 2 to %d players", v.Players, len(v.Seats), maxPlayers)
	}
	if v.Modules&^c.modules != 0 {
		return fmt.Errorf("the view's modules (%s) are not all in its content", v.Modules)
	}
	n := v.Players
	seat := func(p PlayerID, noneOK bool) bool { return int(p) < n || (noneOK && p == NoPlayer) }
	quest := func(qs ...QuestID) bool {
		for _, q := range qs {
			if int(q) >= len(c.quests) {
				return false
			}
		}
		return true
	}
	card := func(is ...IntrigueID) bool {
		for _, i := range is {
			if int(i) >= len(c.intrigue) {
				return false
			}
		}
		return true
	}
	tile := func(b BuildingID) bool { return int(b) < len(c.tiles) }
	space := func(sp SpaceID) bool { return int(sp) < len(c.spaces) }
	small := func(x int) bool { return x >= 0 && x <= 255 }
	if why := v.Progress.inRange(c, n); why != "" {
		return fmt.Errorf("the view's progress token does not fit the game: %s", why)
	}
	ok := seat(v.First, false) && seat(v.AmbassadorHolder, true) &&
		quest(v.Cliffwatch...) && quest(v.Revealed...) && quest(v.QuestDiscard...) && card(v.IntrigueDiscard...) &&
		len(v.Cliffwatch) <= 4 && len(v.ForSale) <= 3 && space(v.AmbassadorSpace) &&
		v.Round >= 1 && v.Round <= rounds && small(v.QuestDeck) && small(v.IntrigueDeck) && small(v.BuildingStack) &&
		v.RemovedQuests >= 0 && v.RemovedQuests <= removedQuests && v.RemovedIntrigue >= 0 && v.RemovedIntrigue <= removedIntrigue &&
		v.RemovedBuildings >= 0 && v.RemovedBuildings <= removedBuildings &&
		v.CorruptionRemoved >= 0 && v.CorruptionRemoved <= corruptionTokens
	for _, k := range v.Track {
		ok = ok && k >= 0 && k <= trackMax
	}
	for k := range v.Supply {
		ok = ok && v.Supply[k] >= 0 && v.Supply[k] <= 25 && v.Caravans[k] >= 0 && v.Caravans[k] <= maxCaravan
	}
	for _, t := range v.ForSale {
		ok = ok && tile(t.Building) && small(t.VP)
	}
	for _, t := range v.Gone {
		ok = ok && tile(t)
	}
	for _, sp := range v.Spaces {
		ok = ok && space(sp.Space) && (!sp.Tile || (tile(sp.Building) && seat(sp.Owner, true) && small(sp.Stock))) &&
			sp.Placed.Gold >= 0 && sp.Placed.Gold <= 255 && sp.Placed.VP == 0 && sp.Placed.Intrigue == 0 && sp.Placed.Any == 0 &&
			sp.PlacedCorruption >= 0 && sp.PlacedCorruption <= corruptionTokens
		for _, x := range sp.Placed.Cubes() {
			ok = ok && x >= 0 && x <= 25+maxCaravan
		}
		for _, p := range sp.Agents {
			ok = ok && seat(p, false)
		}
	}
	field := "" // "" when one of the view's own numbers is out of range
	seen := make([]bool, n)
	for i, st := range v.Seats {
		before := ok
		ok = ok && seat(st.Seat, false) && !seen[st.Seat%PlayerID(n)] && quest(st.Active...) && quest(st.Completed...) &&
			card(st.Mandatory...) && card(st.Hand...) && (!st.LordKnown || int(st.Lord) < len(c.lords)) &&
			small(st.Agents) && small(st.Pool) && st.HandSize >= 0 && st.HandSize <= MaxIntrigue &&
			st.Gold >= 0 && st.Gold <= validMaxCount && st.Score >= -validMaxCount && st.Score <= validMaxCount &&
			st.Corruption >= 0 && st.Corruption <= corruptionTokens
		if ok {
			seen[st.Seat] = true
		}
		for _, x := range st.Tavern {
			ok = ok && x >= 0 && x <= 25+maxCaravan
		}
		for _, b := range st.Buildings {
			ok = ok && tile(b)
		}
		if before && !ok {
			field = fmt.Sprintf("seats[%d]", i)
		}
	}
	if !ok {
		return &DeterminizeError{Field: field, Err: fmt.Errorf("the view holds a number out of range")}
	}
	return nil
}
