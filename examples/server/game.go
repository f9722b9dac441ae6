package main

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"sync"
	"time"

	"github.com/waterdeep-go/waterdeep"
	"github.com/waterdeep-go/waterdeep/bots"
)

// game is one game in memory: its state rebuilt from the store's record,
// every event so far (for the log), the seats' token hashes and the
// clients listening for changes. Its mutex guards all of it; it is never
// held while a bot thinks.
type game struct {
	mu     sync.Mutex
	setup  GameSetup
	state  waterdeep.State
	n      int               // actions applied, the index of the next one
	events []waterdeep.Event // every event, unfiltered; filter with For
	tokens []string          // hex SHA-256 of each seat's token, "" if free
	names  []string          // the names people gave when they sat, by seat
	// addr is the creator's client address: the bots' thinking is shared
	// fairly between addresses (scheduler).
	addr string
	bots []bots.Bot // by seat; nil for a human seat
	subs map[*subscriber]struct{}
	// botBusy is true while a goroutine plays this game's bot seats.
	botBusy bool
	// active is when the game was last acted in (or loaded, or a seat
	// taken): the idle limit counts from it.
	active time.Time
	// ended is "" while the game is live, else EndedOver or
	// EndedAbandoned: an ended game is out of the hub's live games.
	ended string
	// decided holds the decisions the latest actions answered, for their
	// sentences (humanform.go).
	decided []decided
}

// subscriber is one open push channel: it is told that something changed
// and reads what its seat may see under the game's lock.
type subscriber struct {
	seat   waterdeep.PlayerID
	notify chan struct{} // buffered 1: a pending wake-up is never lost
}

// config returns the library Config of a setup.
func (s GameSetup) config() (waterdeep.Config, error) {
	mods, err := parseModules(s.Modules)
	if err != nil {
		return waterdeep.Config{}, err
	}
	return waterdeep.Config{Players: s.Players, Seed: s.Seed, Modules: mods, Long: s.Long}, nil
}

// parseModules reads "", "undermountain", "skullport" or both, comma
// separated.
func parseModules(s string) (waterdeep.Modules, error) {
	var m waterdeep.Modules
	for _, name := range strings.Split(s, ",") {
		name = strings.TrimSpace(name)
		if name == "" {
			continue
		}
		switch strings.ToLower(name) {
		case "undermountain":
			m |= waterdeep.Undermountain
		case "skullport":
			m |= waterdeep.Skullport
		default:
			return 0, fmt.Errorf("unknown module %q (known: undermountain, skullport)", name)
		}
	}
	return m, nil
}

// record returns the library Record of a stored game: its Config and
// its actions, decoded with the names of the content the record names
// ("base" without modules, "full" with them). The store keeps the setup
// and each action's JSON; the Record is built from them, so games stored
// before the library's Record could hold modules read the same way.
func (sg StoredGame) record() (waterdeep.Record, error) {
	cfg, err := sg.Setup.config()
	if err != nil {
		return waterdeep.Record{}, err
	}
	rec := waterdeep.NewRecord(cfg)
	c := rec.Config(nil).Content
	rec.Actions = make([]waterdeep.Action, 0, len(sg.Actions))
	for i, data := range sg.Actions {
		a, err := c.UnmarshalAction(data)
		if err != nil {
			return waterdeep.Record{}, fmt.Errorf("game %s, action %d: %w", sg.Setup.ID, i, err)
		}
		rec.Add(a)
	}
	return rec, nil
}

// rebuild turns a stored game back into the game it was: every game, with
// or without modules, is replayed from its Record by waterdeep.Replay.
func rebuild(sg StoredGame, budget botBudget) (*game, error) {
	rec, err := sg.record()
	if err != nil {
		return nil, err
	}
	g := &game{setup: sg.Setup, tokens: sg.TokenHashes, names: sg.Names, addr: sg.Addr, subs: map[*subscriber]struct{}{}, active: time.Now()}
	if len(g.names) != len(g.tokens) {
		g.names = make([]string, len(g.tokens))
	}
	if g.addr == "" {
		// A game stored before addresses were: its own share.
		g.addr = "game " + sg.Setup.ID
	}
	if g.state, g.events, err = waterdeep.Replay(rec); err != nil {
		return nil, fmt.Errorf("game %s: %w", sg.Setup.ID, err)
	}
	g.n = len(sg.Actions)
	g.bots = make([]bots.Bot, len(sg.Setup.Seats))
	for seat, kind := range sg.Setup.Seats {
		if kind != "human" {
			// Each bot's seed derives from the game's seed, its seat and
			// the number of actions when it was built.
			g.bots[seat], err = newBot(kind, sg.Setup.Seed^uint64(seat+1)*0x9E3779B97F4A7C15^uint64(g.n), budget)
			if err != nil {
				return nil, err
			}
		}
	}
	return g, nil
}

// unjoined says whether the game waits for people and none has sat.
func (g *game) unjoined() bool {
	if !g.setup.hasHuman() {
		return false
	}
	for _, t := range g.tokens {
		if t != "" {
			return false
		}
	}
	return true
}

// applyLocked takes one action for seat (the caller holds g.mu and has
// checked the seat): it is applied to a copy, stored durably, and only
// then made the game's state. On any error nothing changes. A bot's move
// (bot) is stored only while this process holds the game's lease.
func (h *hub) applyLocked(ctx context.Context, g *game, seat waterdeep.PlayerID, a waterdeep.Action, bot bool) error {
	if g.ended == EndedAbandoned {
		return errAbandoned
	}
	if a.Actor() != seat {
		return &httpError{status: 403, msg: fmt.Sprintf("you hold seat %s and may not act for %s", seatName(seat), seatName(a.Actor()))}
	}
	next, evs, err := g.state.ApplyEvents(a, g.events)
	if err != nil {
		var ie *waterdeep.IllegalActionError
		if errors.As(err, &ie) {
			return &httpError{status: 422, msg: err.Error(), reason: ie.Reason.String(), detail: ie.Detail}
		}
		return &httpError{status: 422, msg: err.Error()}
	}
	data, err := g.state.Content().MarshalAction(a)
	if err != nil {
		return err
	}
	if err := h.store.AppendAction(ctx, g.setup.ID, g.n, data, bot && h.leases != nil); err != nil {
		if errors.Is(err, ErrConflict) {
			if bot {
				h.botConflicts.Add(1)
			}
			// Another process took this slot first: catch up with what it
			// stored, and tell the client to look again.
			h.catchUpLocked(ctx, g)
			return &httpError{status: 409, msg: "conflict: another action was taken first; the game has moved on", reason: "conflict", detail: "Another action was taken first. Look at the game again."}
		}
		return &httpError{status: 503, msg: "the action could not be stored: " + err.Error()}
	}
	if bot {
		h.botMoves.Add(1)
	}
	g.noteDecisionsLocked(g.state.Pending(), evs, len(g.events))
	g.state, g.events = next, evs
	g.n++
	g.active = time.Now()
	h.changedLocked(g)
	return nil
}

var errAbandoned = &httpError{status: 410, msg: "this game was abandoned: nobody acted in it for the idle limit"}

// catchUpLocked applies the actions that another server process stored
// after the ones this process knows (PostgreSQL shared by several
// processes). It is a no-op when the store is this process's alone.
func (h *hub) catchUpLocked(ctx context.Context, g *game) {
	if !h.shared {
		return
	}
	more, err := h.store.ActionsFrom(ctx, g.setup.ID, g.n)
	if err != nil || len(more) == 0 {
		return
	}
	for _, data := range more {
		a, err := g.state.Content().UnmarshalAction(data)
		if err != nil {
			return
		}
		next, evs, err := g.state.ApplyEvents(a, g.events)
		if err != nil {
			return
		}
		g.noteDecisionsLocked(g.state.Pending(), evs, len(g.events))
		g.state, g.events = next, evs
		g.n++
	}
	g.active = time.Now()
	h.changedLocked(g)
}

// changedLocked wakes every subscriber and the bots, and ends a game
// that is over.
func (h *hub) changedLocked(g *game) {
	if g.state.Over() {
		h.endLocked(g, EndedOver)
	}
	for s := range g.subs {
		select {
		case s.notify <- struct{}{}:
		default:
		}
	}
	h.kickBotsLocked(g)
}

func seatName(p waterdeep.PlayerID) string {
	if int(p) < waterdeep.MaxPlayers {
		return fmt.Sprintf("p%d", p+1)
	}
	return "nobody"
}
