package waterdeep

// The contract of the public methods, stated once (issue 39): at every
// state of random games of every module set, with 2 to 6 players, the ways
// to ask the same question agree. LegalMove, Legal, AppendMoves and
// LegalActions agree on what is legal and on the reason for what is not;
// Apply, Play, PlayInPlace and ApplyEvents agree on where a legal move leads
// and refuse an illegal one alike, leaving everything unchanged; and the
// read-only methods (the per-seat getters, Seat, Occupants, Owner, Stock,
// Placed, DeckSizes, ...) agree with each other and with every View. The
// random-play harness (harness_test.go) checks the engine's own invariants
// on the way; this test uses the public API only, as a frontend or a bot
// would.

import (
	"errors"
	"math/rand/v2"
	"slices"
	"testing"
)

// contractConfigs are the games the contract test plays: the base game
// with 2, 3 and 5 players, each module alone (normal and long) and both,
// from 2 to 6 players.
var contractConfigs = []Config{
	{Players: 2},
	{Players: 3},
	{Players: 5},
	{Players: 4, Modules: Undermountain},
	{Players: 6, Modules: Undermountain, Long: true},
	{Players: 3, Modules: Skullport},
	{Players: 5, Modules: Skullport, Long: true},
	{Players: 2, Modules: Undermountain | Skullport, Long: true},
	{Players: 6, Modules: Undermountain | Skullport, Long: true},
}

// TestPublicContract plays a random game of each of contractConfigs (two
// of each at the full volumes) and checks the contract at every state.
func TestPublicContract(t *testing.T) {
	games := 1
	if !quickRun() {
		games = 3
	}
	for _, cfg := range contractConfigs {
		for g := range games {
			cfg.Seed = uint64(39 + 1000*g)
			contractGame(t, cfg)
		}
	}
}

// contractGame plays one game, checking every state.
func contractGame(t *testing.T, cfg Config) {
	t.Helper()
	s, err := New(cfg)
	if err != nil {
		t.Fatal(err)
	}
	r := rand.New(rand.NewPCG(cfg.Seed, 39))
	var cc contractChecker
	for step := 0; ; step++ {
		cc.check(t, cfg, step, s, r)
		if s.Over() {
			t.Logf("%+v: %d states, %d moves checked", cfg, step+1, cc.checked)
			break
		}
		if step > harnessMaxSteps {
			t.Fatalf("%+v: not over after %d actions", cfg, step)
		}
		moves := s.AppendMoves(nil)
		if err := s.PlayInPlace(moves[r.IntN(len(moves))]); err != nil {
			t.Fatal(err)
		}
	}
}

// contractChecker holds the buffers of the checks.
type contractChecker struct {
	moves, prefixed []Move
	events          []Event
	checked         int
}

// contractReason returns the Reason of an *IllegalActionError, or 0.
func contractReason(err error) Reason {
	var ie *IllegalActionError
	if errors.As(err, &ie) {
		return ie.Reason
	}
	return 0
}

func (cc *contractChecker) check(t *testing.T, cfg Config, step int, s State, r *rand.Rand) {
	t.Helper()
	orig := s
	fail := func(format string, args ...any) {
		t.Helper()
		t.Fatalf("%+v, step %d (%v): "+format, append([]any{cfg, step, s.Pending()}, args...)...)
	}
	p, ok := s.ToAct()
	over := s.Over()
	d := s.Pending()
	if ok == over {
		fail("ToAct = %v, %v but Over = %v", p, ok, over)
	}
	if over != (d.Kind == NoDecision) || (!over && d.Player != p) {
		fail("Over %v, ToAct p%d, but Pending is %+v", over, p, d)
	}
	if over != (len(s.Winners()) > 0) {
		fail("Over %v but Winners %v", over, s.Winners())
	}
	if s.Round() < 1 || s.Round() > 8 {
		fail("Round %d", s.Round())
	}

	// What is legal: AppendMoves, whatever the buffer, and LegalActions.
	cc.moves = s.AppendMoves(cc.moves[:0])
	moves := cc.moves
	big := s.AppendMoves(make([]Move, 0, 512))
	prefix := []Move{7, 7, 7}
	cc.prefixed = s.AppendMoves(append(cc.prefixed[:0], prefix...)[:3:3])
	if !slices.Equal(big, moves) || !slices.Equal(cc.prefixed[:3], prefix) || !slices.Equal(cc.prefixed[3:], moves) {
		fail("AppendMoves depends on its buffer: %v, %v, %v", moves, big, cc.prefixed)
	}
	acts := s.LegalActions()
	if len(acts) != len(moves) || over != (len(moves) == 0) {
		fail("%d legal actions, %d moves, over %v", len(acts), len(moves), over)
	}
	legal := make(map[Move]bool, len(moves))
	for i, m := range moves {
		legal[m] = true
		if i > 0 && moves[i-1] >= m {
			fail("moves not strictly ascending: %v", moves)
		}
		if EncodeMove(acts[i]) != m || m.Action(p) != acts[i] {
			fail("move %d is %#x, action %v", i, m, acts[i])
		}
	}

	// Every legal move: every path agrees on where it leads.
	for i, m := range moves {
		a := acts[i]
		cc.checked++
		if rs := s.LegalMove(m); rs != 0 {
			fail("listed %v: LegalMove = %v", a, rs)
		}
		if err := s.Legal(a); err != nil {
			fail("listed %v: Legal = %v", a, err)
		}
		next, err := s.Apply(a)
		if err != nil {
			fail("listed %v: Apply = %v", a, err)
		}
		if played, err := s.Play(m); err != nil || played != next {
			fail("listed %v: Play = %v, same as Apply: %v", a, err, played == next)
		}
		c := s
		if err := c.PlayInPlace(m); err != nil || c != next {
			fail("listed %v: PlayInPlace = %v, same as Apply: %v", a, err, c == next)
		}
		sentinel := Event{Kind: EvGameOver, Round: 99}
		ev, evs, err := s.ApplyEvents(a, append(cc.events[:0], sentinel))
		cc.events = evs
		if err != nil || ev != next {
			fail("listed %v: ApplyEvents = %v, same as Apply: %v", a, err, ev == next)
		}
		if len(evs) < 2 || evs[0] != sentinel || evs[1] != (Event{Kind: EvAction, Player: p, Move: m}) {
			fail("listed %v: ApplyEvents appended %v", a, evs)
		}
		for _, e := range evs[1:] {
			if e.Kind == 0 || e.Kind >= numEventKinds || (e.Player >= PlayerID(cfg.Players) && e.Player != NoPlayer) {
				fail("listed %v: event %+v", a, e)
			}
		}
		// Only the player to act may take it.
		if i == 0 {
			for q := range PlayerID(cfg.Players) {
				if q == p {
					continue
				}
				if err := s.Legal(m.Action(q)); contractReason(err) != NotYourTurn {
					fail("%v while p%d is to act: Legal = %v", m.Action(q), p, err)
				}
				if got, err := s.Apply(m.Action(q)); contractReason(err) != NotYourTurn || got != s {
					fail("%v while p%d is to act: Apply = %v", m.Action(q), p, err)
				}
			}
		}
	}

	// Moves that are not legal: the zero Move, one past the last, and a
	// few at random. Every path refuses them for the same reason and
	// changes nothing.
	probe := []Move{0, Move(NumMoves()), Move(NumMoves() + 1)}
	for range 6 {
		probe = append(probe, Move(r.IntN(NumMoves())))
	}
	for _, m := range probe {
		if legal[m] {
			continue
		}
		rs := s.LegalMove(m)
		switch {
		case rs == 0:
			fail("move %#x is not listed but LegalMove = 0", m)
		case m == 0 && rs != NoAction:
			fail("the zero Move: LegalMove = %v", rs)
		case over && m != 0 && rs != GameOver:
			fail("game over: LegalMove(%#x) = %v", m, rs)
		}
		// A move that encodes no action (the zero Move among them) is nil
		// for Legal, Apply and ApplyEvents: NoAction.
		a := m.Action(p)
		ra := rs
		if a == nil {
			ra = NoAction
		}
		if m != 0 && rs == NoAction {
			fail("LegalMove(%#x) = NoAction, the zero Move's reason", m)
		}
		if err := s.Legal(a); contractReason(err) != ra || !errors.Is(err, ra) {
			fail("move %#x (%v): LegalMove = %v, Legal = %v", m, a, rs, err)
		}
		if got, err := s.Apply(a); contractReason(err) != ra || got != s {
			fail("move %#x (%v): LegalMove = %v, Apply = %v (unchanged %v)", m, a, rs, err, got == s)
		}
		if got, err := s.Play(m); contractReason(err) != rs || got != s {
			fail("move %#x: LegalMove = %v, Play = %v (unchanged %v)", m, rs, err, got == s)
		}
		c := s
		if err := c.PlayInPlace(m); contractReason(err) != rs || c != s {
			fail("move %#x: LegalMove = %v, PlayInPlace = %v (unchanged %v)", m, rs, err, c == s)
		}
		in := cc.events[:0]
		if got, evs, err := s.ApplyEvents(a, in); contractReason(err) != ra || got != s || len(evs) != 0 {
			fail("move %#x (%v): LegalMove = %v, ApplyEvents = %v, %d events (unchanged %v)", m, a, rs, err, len(evs), got == s)
		}
	}

	contractReaders(fail, cfg, s, acts)
	if s != orig {
		fail("the checks changed the State")
	}
}

// contractReaders checks that the read-only methods agree with each other
// and with every View.
func contractReaders(fail func(string, ...any), cfg Config, s State, acts []Action) {
	n := s.Players()
	if n != cfg.Players || s.Modules() != cfg.Modules || s.Long() != cfg.Long {
		fail("Players %d, Modules %v, Long %v", n, s.Modules(), s.Long())
	}
	c := s.Content()
	p, _ := s.ToAct()
	over := s.Over()
	// Tiles controlled, seat by seat.
	tiles := make([][]BuildingID, n)
	for b := range BuildingID(c.NumBuildings()) {
		if o, ok := s.Owner(b); ok {
			if int(o) >= n {
				fail("Owner(%d) = p%d", b, o)
			}
			tiles[o] = append(tiles[o], b)
		}
	}
	scores := s.Scores()
	if len(scores) != n {
		fail("Scores has %d entries", len(scores))
	}
	for q := range PlayerID(n) {
		st := s.Seat(q)
		owned, pool := s.Agents(q)
		want := Seat{
			Score: s.Score(q), Gold: s.Gold(q), Agents: owned, Pool: pool, Lord: s.Lord(q),
			Buildings: s.Buildings(q), Corruption: s.Corruption(q),
			Hand: st.Hand, Active: st.Active, Completed: st.Completed, Mandatory: st.Mandatory,
		}
		want.Tavern = s.Tavern(q)
		if st != want || scores[q] != st.Score || st.Buildings != len(tiles[q]) {
			fail("p%d: Seat %+v, getters %+v, Scores %d, %d tiles owned", q, st, want, scores[q], len(tiles[q]))
		}
		if !slices.Equal(slices.Collect(st.Hand.All()), s.Hand(q)) || st.Hand.Len() != len(s.Hand(q)) ||
			!slices.Equal(slices.Collect(st.Active.All()), s.ActiveQuests(q)) || st.Active.Len() != len(s.ActiveQuests(q)) ||
			!slices.Equal(slices.Collect(st.Completed.All()), s.CompletedQuests(q)) || st.Completed.Len() != len(s.CompletedQuests(q)) ||
			!slices.Equal(slices.Collect(st.Mandatory.All()), s.MandatoryQuests(q)) || st.Mandatory.Len() != len(s.MandatoryQuests(q)) {
			fail("p%d: Seat's sets differ from Hand, ActiveQuests, CompletedQuests or MandatoryQuests", q)
		}
		for _, h := range s.Hand(q) {
			if !st.Hand.Has(h) {
				fail("p%d: Seat.Hand.Has(%d) is false", q, h)
			}
		}
		for _, a := range s.ActiveQuests(q) {
			if !st.Active.Has(a) || st.Completed.Has(a) {
				fail("p%d: quest %d active and completed", q, a)
			}
		}
	}
	qd, qdis, id, idis, bs := s.DeckSizes()
	rq, ri, rb := s.RemovedCounts()
	placed := map[SpaceID]PlacedResources{}
	for _, pr := range s.Placed() {
		placed[pr.Space] = pr
	}
	holder, held, ambSpace, ambPlaced := s.Ambassador()
	for _, viewer := range append([]PlayerID{Spectator}, contractSeats(n)...) {
		v := s.View(viewer)
		toAct := NoPlayer
		if !over {
			toAct = p
		}
		var wantLegal []Action
		wantDecision := s.Pending()
		if viewer == p && !over {
			wantLegal = acts
		} else {
			// Only the player asked reads what a secret card is.
			wantDecision.Purpose, wantDecision.Source = v.Decision.Purpose, v.Decision.Source
		}
		if v.Viewer != viewer || v.Players != n || v.Modules != s.Modules() || v.Long != s.Long() ||
			v.Round != s.Round() || v.Over != over || v.First != s.FirstPlayer() || v.ToAct != toAct ||
			v.Decision != wantDecision || !slices.Equal(v.Legal, wantLegal) {
			fail("View(%v): viewer %v, players %d, round %d, over %v, first %v, to act %v, decision %+v, %d legal actions",
				viewer, v.Viewer, v.Players, v.Round, v.Over, v.First, v.ToAct, v.Decision, len(v.Legal))
		}
		if v.Supply != s.Supply() || v.Caravans != s.Caravans() || !slices.Equal(v.Cliffwatch, s.Cliffwatch()) ||
			!slices.Equal(v.ForSale, s.ForSale()) || v.Track != s.Track() ||
			v.CorruptionRemoved != s.CorruptionRemoved() || v.CorruptionValue != s.CorruptionValue() {
			fail("View(%v): supply, caravans, Cliffwatch, tiles for sale or corruption differ from the getters", viewer)
		}
		if v.QuestDeck != qd || len(v.QuestDiscard) != qdis || v.IntrigueDeck != id || len(v.IntrigueDiscard) != idis ||
			v.BuildingStack != bs || v.RemovedQuests != rq || v.RemovedIntrigue != ri || v.RemovedBuildings != rb {
			fail("View(%v): deck sizes differ from DeckSizes and RemovedCounts", viewer)
		}
		if (held && v.AmbassadorHolder != holder) || (!held && v.AmbassadorHolder != NoPlayer) ||
			v.AmbassadorPlaced != ambPlaced || (ambPlaced && v.AmbassadorSpace != ambSpace) {
			fail("View(%v): Ambassador %v %v %v, Ambassador() %v %v %v %v", viewer,
				v.AmbassadorHolder, v.AmbassadorPlaced, v.AmbassadorSpace, holder, held, ambSpace, ambPlaced)
		}
		if len(v.Seats) != n {
			fail("View(%v) has %d seats", viewer, len(v.Seats))
		}
		for q, sv := range v.Seats {
			q := PlayerID(q)
			owned, pool := s.Agents(q)
			known := q == viewer || over
			var hand []IntrigueID
			if q == viewer {
				hand = s.Hand(q)
			}
			if sv.Seat != q || sv.Score != s.Score(q) || sv.Gold != s.Gold(q) || sv.Tavern != s.Tavern(q) ||
				sv.Corruption != s.Corruption(q) || sv.Agents != owned || sv.Pool != pool ||
				sv.HandSize != len(s.Hand(q)) || !slices.Equal(sv.Hand, hand) ||
				(sv.LordKnown && sv.Lord != s.Lord(q)) || (known && !sv.LordKnown) ||
				!slices.Equal(sv.Active, s.ActiveQuests(q)) || !slices.Equal(sv.Completed, s.CompletedQuests(q)) ||
				!slices.Equal(sv.Mandatory, s.MandatoryQuests(q)) || !slices.Equal(sv.Buildings, tiles[q]) {
				fail("View(%v): seat p%d is %+v", viewer, q, sv)
			}
		}
		seen := map[SpaceID]bool{}
		for _, sp := range v.Spaces {
			seen[sp.Space] = true
			agents, amb := s.Occupants(sp.Space)
			pr := placed[sp.Space]
			if !slices.Equal(sp.Agents, agents) || sp.Ambassador != amb || (ambPlaced && amb != (sp.Space == ambSpace)) ||
				sp.Placed != pr.Resources || sp.PlacedCorruption != pr.Corruption {
				fail("View(%v): space %s is %+v; Occupants %v %v, Placed %+v", viewer, c.SpaceID(sp.Space), sp, agents, amb, pr)
			}
			if sp.Tile {
				o, ok := s.Owner(sp.Building)
				if (ok && sp.Owner != o) || (!ok && sp.Owner != NoPlayer) || sp.Stock != s.Stock(sp.Building) {
					fail("View(%v): space %s is %+v; Owner %v %v, Stock %d", viewer, c.SpaceID(sp.Space), sp, o, ok, s.Stock(sp.Building))
				}
			}
		}
		for sp := range placed {
			if !seen[sp] {
				fail("View(%v): no space %s, where resources lie", viewer, c.SpaceID(sp))
			}
		}
	}
}

// contractSeats returns the seats of an n-player game.
func contractSeats(n int) []PlayerID {
	out := make([]PlayerID, n)
	for i := range out {
		out[i] = PlayerID(i)
	}
	return out
}
