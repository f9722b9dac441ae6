package main

import (
	"context"
	"errors"
	"fmt"
	"log"
	"sync"
	"time"
)

// hub holds the live games this process serves, in memory, over a Store.
// A game leaves memory when it ends (played out, or abandoned after the
// idle limit); an ended game is read from the store when asked for, and a
// few recently asked for are kept (endedCache).
type hub struct {
	store  Store
	o      hubOptions
	shared bool // the store is shared with other processes
	budget botBudget

	ctx    context.Context // cancelled by close: stops bots and streams
	cancel context.CancelFunc
	wg     sync.WaitGroup

	// thinking holds a slot for each bot choosing a move now: at most
	// o.MaxThinking at once across every game.
	thinking chan struct{}

	mu    sync.Mutex
	games map[string]*game // the live games in memory
	ended endedCache
	// pending counts the games being created (and pendingBots those of
	// bots only), which hold a slot before they are in games.
	pending, pendingBots int
}

// hubOptions configure a hub and the HTTP server in front of it. A zero
// field takes the default written beside it (the flags' defaults), except
// the rate limits, where 0 means no limit (tests), and IdleAfter, where 0
// means 24 hours.
type hubOptions struct {
	// Shared says other server processes write to the same store, so a
	// game catches up with the store before it is read or changed.
	Shared bool
	// Budget is the time a searching bot may think per decision (0: 1 s).
	// It is a hard cap: a bot that has not answered by then (plus a
	// quarter second of grace) plays its first legal action.
	Budget time.Duration
	// BotDelay is a pause before each bot move, so people can follow.
	BotDelay time.Duration
	// MaxGames bounds the live games held in memory (0: 1,000): creating
	// more is refused with 503. Ended games do not count.
	MaxGames int
	// MaxBotGames bounds the live games in which every seat is a bot
	// (0: 4), which would otherwise burn CPU with nobody watching.
	MaxBotGames int
	// MaxThinking bounds the bots choosing a move at once, across every
	// game (0: the number of CPUs the process may use, at least 1).
	MaxThinking int
	// IdleAfter is how long a live game may go without an action before
	// it is abandoned and freed (0: 24 hours).
	IdleAfter time.Duration
	// Limits are the rate limits per client address.
	Limits rateLimits
	// ClientIPHeader names a header a trusted reverse proxy sets to the
	// client's address (X-Forwarded-For: its last entry); "" uses the
	// connection's address.
	ClientIPHeader string
}

// newHub loads the live games (at most MaxGames of them, oldest first)
// and starts the bots of those waiting for one.
func newHub(ctx context.Context, store Store, o hubOptions) (*hub, error) {
	o = o.withDefaults()
	h := &hub{store: store, o: o, shared: o.Shared, budget: botBudget(o.Budget), games: map[string]*game{},
		thinking: make(chan struct{}, o.MaxThinking), ended: endedCache{max: endedCacheSize}}
	h.ctx, h.cancel = context.WithCancel(context.Background())
	ids, err := store.GameIDs(ctx)
	if err != nil {
		return nil, err
	}
	for _, id := range ids {
		if len(h.games) >= o.MaxGames {
			log.Printf("%d live games in the store: loaded the oldest %d (-max-games); the others load when asked for and there is room", len(ids), o.MaxGames)
			break
		}
		sg, err := store.Game(ctx, id)
		if err != nil {
			return nil, err
		}
		g, err := rebuild(sg, h.budget)
		if err != nil {
			// One bad game must not keep the others offline.
			log.Printf("skipping game %s: %v", id, err)
			continue
		}
		if g.state.Over() {
			// Over before the store knew how to say so.
			store.EndGame(ctx, id, EndedOver)
			continue
		}
		h.games[id] = g
	}
	for _, g := range h.games {
		g.mu.Lock()
		h.kickBotsLocked(g)
		g.mu.Unlock()
	}
	h.wg.Add(1)
	go h.sweep()
	if h.shared {
		h.wg.Add(1)
		go h.poll()
		if l, ok := store.(listener); ok {
			h.wg.Add(1)
			go func() {
				defer h.wg.Done()
				l.Listen(h.ctx, h.notified)
			}()
		}
	}
	return h, nil
}

func (o hubOptions) withDefaults() hubOptions {
	if o.Budget <= 0 {
		o.Budget = time.Second
	}
	if o.MaxGames <= 0 {
		o.MaxGames = 1000
	}
	if o.MaxBotGames <= 0 {
		o.MaxBotGames = 4
	}
	if o.MaxThinking <= 0 {
		o.MaxThinking = defaultThinking()
	}
	if o.IdleAfter <= 0 {
		o.IdleAfter = 24 * time.Hour
	}
	return o
}

func (h *hub) closing() bool { return h.ctx.Err() != nil }

// close stops the bots and the streams and waits for them.
func (h *hub) close() {
	h.cancel()
	h.wg.Wait()
}

var errNoGame = &httpError{status: 404, msg: "no such game"}

// get returns a game: a live one in memory, or one loaded from the store
// (an ended game, another process's, or a live one not loaded at start).
func (h *hub) get(ctx context.Context, id string) (*game, error) {
	if len(id) == 0 || len(id) > 64 {
		return nil, errNoGame
	}
	h.mu.Lock()
	g := h.games[id]
	if g == nil {
		g = h.ended.get(id)
	}
	h.mu.Unlock()
	if g != nil {
		return g, nil
	}
	sg, err := h.store.Game(ctx, id)
	if errors.Is(err, ErrNotFound) {
		return nil, errNoGame
	}
	if err != nil {
		return nil, err
	}
	ng, err := rebuild(sg, h.budget)
	if err != nil {
		return nil, err
	}
	if ng.state.Over() && sg.Ended == "" {
		h.store.EndGame(ctx, id, EndedOver)
		sg.Ended = EndedOver
	}
	ng.ended = sg.Ended
	h.mu.Lock()
	if g := h.games[id]; g != nil {
		h.mu.Unlock()
		return g, nil
	}
	if ng.ended != "" {
		if g := h.ended.get(id); g != nil {
			ng = g
		} else {
			h.ended.put(ng)
		}
		h.mu.Unlock()
		return ng, nil
	}
	if len(h.games)+h.pending >= h.o.MaxGames {
		h.mu.Unlock()
		return nil, h.fullError()
	}
	h.games[id] = ng
	h.mu.Unlock()
	// Locks are taken game first, hub second: never ng.mu under h.mu.
	ng.mu.Lock()
	h.kickBotsLocked(ng)
	ng.mu.Unlock()
	return ng, nil
}

func (h *hub) fullError() error {
	return &httpError{status: 503, msg: fmt.Sprintf("this server holds %d live games, its limit (-max-games); try again later", h.o.MaxGames), retryAfter: 60}
}

// add stores a new game and serves it. Its creator's seat, if any, is
// claimed with tokenHash in the same breath.
func (h *hub) add(ctx context.Context, setup GameSetup, seat int, tokenHash string) (*game, error) {
	allBots := !setup.hasHuman()
	// The slot is reserved under the lock (pending), so that creates at
	// once cannot together pass the limits.
	h.mu.Lock()
	full := len(h.games)+h.pending >= h.o.MaxGames
	botGames := h.pendingBots
	if allBots {
		for _, g := range h.games {
			if !g.setup.hasHuman() {
				botGames++
			}
		}
	}
	if full {
		h.mu.Unlock()
		return nil, h.fullError()
	}
	if allBots && botGames >= h.o.MaxBotGames {
		h.mu.Unlock()
		return nil, &httpError{status: 503, msg: fmt.Sprintf("this server is playing %d games of bots only, its limit (-max-bot-games); seat a person, or try again later", botGames), retryAfter: 60}
	}
	h.pending++
	if allBots {
		h.pendingBots++
	}
	h.mu.Unlock()
	defer func() {
		h.mu.Lock()
		h.pending--
		if allBots {
			h.pendingBots--
		}
		h.mu.Unlock()
	}()
	g, err := rebuild(StoredGame{Setup: setup, TokenHashes: make([]string, len(setup.Seats))}, h.budget)
	if err != nil {
		return nil, &httpError{status: 400, msg: err.Error()}
	}
	if err := h.store.CreateGame(ctx, setup); err != nil {
		log.Printf("storing game %s: %v", setup.ID, err)
		return nil, &httpError{status: 503, msg: "the game could not be stored; try again later"}
	}
	if seat >= 0 {
		if err := h.store.ClaimSeat(ctx, setup.ID, seat, tokenHash); err != nil {
			log.Printf("seating the creator of game %s: %v", setup.ID, err)
			return nil, &httpError{status: 503, msg: "the game could not be stored; try again later"}
		}
		g.tokens[seat] = tokenHash
	}
	h.mu.Lock()
	h.games[setup.ID] = g
	h.mu.Unlock()
	g.mu.Lock()
	h.kickBotsLocked(g)
	g.mu.Unlock()
	return g, nil
}

// list returns the live games in memory, for the lobby.
func (h *hub) list() []*game {
	h.mu.Lock()
	defer h.mu.Unlock()
	out := make([]*game, 0, len(h.games))
	for _, g := range h.games {
		out = append(out, g)
	}
	return out
}

// endLocked ends a game (the caller holds g.mu): it is recorded as ended
// in the store, its streams get a last update and close, and it leaves
// memory (the ended cache keeps it a while).
func (h *hub) endLocked(g *game, how string) {
	if g.ended != "" {
		return
	}
	g.ended = how
	if err := h.store.EndGame(h.ctx, g.setup.ID, how); err != nil && !h.closing() {
		// It will be found over when next loaded, or abandoned again.
		log.Printf("game %s: recording that it ended (%s): %v", g.setup.ID, how, err)
	}
	h.mu.Lock()
	if h.games[g.setup.ID] == g {
		delete(h.games, g.setup.ID)
	}
	h.ended.put(g)
	h.mu.Unlock()
	for s := range g.subs {
		select {
		case s.notify <- struct{}{}:
		default:
		}
	}
}

// sweep abandons the live games nobody has acted in for IdleAfter, so
// that a game people walked away from does not hold a slot for ever.
func (h *hub) sweep() {
	defer h.wg.Done()
	every := min(h.o.IdleAfter/4, time.Minute)
	t := time.NewTicker(every)
	defer t.Stop()
	for {
		select {
		case <-h.ctx.Done():
			return
		case <-t.C:
		}
		now := time.Now()
		for _, g := range h.list() {
			g.mu.Lock()
			if g.ended == "" && !g.botBusy && now.Sub(g.active) > h.o.IdleAfter {
				h.endLocked(g, EndedAbandoned)
			}
			g.mu.Unlock()
		}
	}
}

// poll catches up every game that someone is watching with the actions
// other processes stored, for a shared store. With PostgreSQL's
// notifications (notified) it is only the safety net for a notification
// lost while the listening connection was down, so it runs every 10 s.
func (h *hub) poll() {
	defer h.wg.Done()
	t := time.NewTicker(pollEvery)
	defer t.Stop()
	for {
		select {
		case <-h.ctx.Done():
			return
		case <-t.C:
		}
		for _, g := range h.list() {
			g.mu.Lock()
			if len(g.subs) > 0 || g.botBusy {
				h.catchUpLocked(h.ctx, g)
			}
			g.mu.Unlock()
		}
	}
}

// pollEvery is how often poll looks for actions other processes stored.
const pollEvery = 10 * time.Second

// notified is told by the store that another process stored an action in
// (or claimed a seat of, or ended) a game: if this process serves it, it
// catches up now, so its streams follow the game live.
// An empty id means notifications may have been missed: every game is
// caught up.
func (h *hub) notified(id string, how string) {
	if id == "" {
		for _, g := range h.list() {
			h.notified(g.setup.ID, "all")
		}
		return
	}
	h.mu.Lock()
	g := h.games[id]
	h.mu.Unlock()
	if g == nil {
		return
	}
	g.mu.Lock()
	defer g.mu.Unlock()
	if how != "" && how != EndedOver && how != EndedAbandoned {
		// A seat taken, or (after a reconnect) anything.
		if hashes, err := h.store.TokenHashes(h.ctx, id); err == nil && len(hashes) == len(g.tokens) {
			g.tokens = hashes
		}
	}
	if how != "seat" {
		h.catchUpLocked(h.ctx, g)
	}
	if how == EndedOver || how == EndedAbandoned {
		h.endLocked(g, how)
	}
	h.changedLocked(g)
}

// endedCache keeps the most recently asked for ended games, so that a
// finished game's page (its view, its record, its final table) does not
// replay it from the store on every request.
type endedCache struct {
	max   int
	order []string // oldest first
	games map[string]*game
}

// endedCacheSize is how many ended games stay in memory.
const endedCacheSize = 64

func (c *endedCache) get(id string) *game { return c.games[id] }

func (c *endedCache) put(g *game) {
	if c.games == nil {
		c.games = map[string]*game{}
	}
	if _, ok := c.games[g.setup.ID]; ok {
		return
	}
	if len(c.order) >= c.max {
		delete(c.games, c.order[0])
		c.order = c.order[1:]
	}
	c.games[g.setup.ID] = g
	c.order = append(c.order, g.setup.ID)
}
