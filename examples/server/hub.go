package main

import (
	"context"
	"errors"
	"fmt"
	"log"
	"sync"
	"sync/atomic"
	"time"
)

// hub holds the games this process serves, in memory, over a Store.
// A game leaves memory when it ends (played out, or abandoned); an ended
// game is read from the store when asked for, and a few recently asked
// for are kept (endedCache).
//
// With a store shared by several processes (leaser), the hub drives only
// the games whose lease it holds: their bots, their idle and unjoined
// limits. It serves every game's views, streams and people's actions,
// and follows the games it does not drive through the store's notices.
type hub struct {
	store  Store
	o      hubOptions
	shared bool   // the store is shared with other processes
	leases leaser // the shared store's leases; nil: this process drives every game
	budget botBudget

	ctx    context.Context // cancelled by close: stops bots and streams
	cancel context.CancelFunc
	wg     sync.WaitGroup

	// sched hands out the thinking slots: at most o.MaxThinking bots
	// choosing at once (o.MaxSearching of them searching), fairly between
	// the creators' addresses and between each address's games.
	sched *scheduler

	mu    sync.Mutex
	games map[string]*game // the live games in memory
	held  map[string]bool  // the games whose lease this process holds (with leases)
	ended endedCache

	// Counters, for the tests and the log: bot moves stored, and bot
	// moves refused because another process had stored one (a move
	// thought twice, which the leases must prevent).
	botMoves, botConflicts atomic.Int64
}

// hubOptions configure a hub and the HTTP server in front of it. A zero
// field takes the default written beside it (the flags' defaults), except
// the rate limits, quotas and stream bounds, where 0 means no limit
// (tests).
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
	// MaxGames bounds the live games of the service (0: 1,000): creating
	// more is refused with 503. Ended games do not count. It also bounds
	// the live games one process holds in memory.
	MaxGames int
	// MaxBotSeats bounds the bot seats of the live games of the service
	// (0: 40): a game counts by its bot seats.
	MaxBotSeats int
	// AddrGames and AddrBotSeats are each client address's quotas of
	// live games it created (private ones included) and of their bot
	// seats; 0: no quota.
	AddrGames, AddrBotSeats int
	// MaxThinking bounds the bots choosing a move at once, across every
	// game (0: the number of CPUs the process may use, at least 1).
	MaxThinking int
	// MaxSearching bounds the search bots (ISMCTS) among them (0: one
	// fewer than MaxThinking, at least 1), so that a search never holds
	// the last slot and the quick bots always find one.
	MaxSearching int
	// IdleAfter is how long a live game may go without an action before
	// it is abandoned and freed (0: 24 hours).
	IdleAfter time.Duration
	// Unjoined is how long a game with human seats may go with none of
	// them taken before it is abandoned (0: 15 minutes).
	Unjoined time.Duration
	// LeaseTTL is how long a game's lease lasts unrenewed (0: 5 s): a
	// dead process's games are taken over after at most about this long.
	// It is renewed every fifth of it.
	LeaseTTL time.Duration
	// Limits are the rate limits per client address.
	Limits rateLimits
	// MaxStreams bounds the streams open on this process, and GameStreams
	// those of one game (0: no bound).
	MaxStreams, GameStreams int
	// ClientIPHeader names a header a trusted reverse proxy sets to the
	// client's address (X-Forwarded-For: its last entry); "" uses the
	// connection's address.
	ClientIPHeader string
	// Origins are the origins besides the server's own (its Host) from
	// which pages may make state-changing requests.
	Origins []string
}

// newHub starts a hub. Over a store of its own it loads the live games
// (at most MaxGames of them, oldest first) and starts the bots of those
// waiting for one; over a shared store it takes the leases of games
// nobody drives, a few at a time, and loads those.
func newHub(ctx context.Context, store Store, o hubOptions) (*hub, error) {
	o = o.withDefaults()
	h := &hub{store: store, o: o, shared: o.Shared, budget: botBudget(o.Budget), games: map[string]*game{},
		held: map[string]bool{}, sched: newScheduler(o.MaxThinking, o.MaxSearching), ended: endedCache{max: endedCacheSize}}
	if l, ok := store.(leaser); ok && o.Shared {
		h.leases = l
	}
	h.ctx, h.cancel = context.WithCancel(context.Background())
	if h.leases == nil {
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
	if h.leases != nil {
		h.wg.Add(1)
		go h.leaseLoop()
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
	if o.MaxBotSeats <= 0 {
		o.MaxBotSeats = 40
	}
	if o.MaxThinking <= 0 {
		o.MaxThinking = defaultThinking()
	}
	if o.MaxSearching <= 0 || o.MaxSearching >= o.MaxThinking {
		o.MaxSearching = max(1, o.MaxThinking-1)
	}
	if o.IdleAfter <= 0 {
		o.IdleAfter = 24 * time.Hour
	}
	if o.Unjoined <= 0 {
		o.Unjoined = 15 * time.Minute
	}
	if o.LeaseTTL <= 0 {
		o.LeaseTTL = 5 * time.Second
	}
	return o
}

// drives says whether this process drives game id: runs its bots and
// watches its limits. Without leases it drives every game it holds.
func (h *hub) drives(id string) bool {
	if h.leases == nil {
		return true
	}
	h.mu.Lock()
	defer h.mu.Unlock()
	return h.held[id]
}

// leaseLoop renews this process's leases and takes those of games nobody
// drives (a dead process's, or a game whose creator's process is gone),
// every fifth of the lease's life. A game it no longer holds stops its
// bots (another process took it: the lease fence keeps them from storing
// anything meanwhile); a game it takes is loaded, caught up and driven.
func (h *hub) leaseLoop() {
	defer h.wg.Done()
	ttl := h.o.LeaseTTL
	t := time.NewTicker(ttl / 5)
	defer t.Stop()
	lastRenew := time.Now()
	for {
		select {
		case <-h.ctx.Done():
			return
		case <-t.C:
		}
		ctx, cancel := context.WithTimeout(h.ctx, ttl/2)
		ids, err := h.leases.RenewLeases(ctx, ttl)
		cancel()
		if err == nil {
			lastRenew = time.Now()
			now := map[string]bool{}
			for _, id := range ids {
				now[id] = true
			}
			h.mu.Lock()
			for id := range h.held {
				if !now[id] {
					delete(h.held, id)
				}
			}
			h.mu.Unlock()
		} else if h.ctx.Err() == nil {
			log.Printf("renewing leases: %v", err)
			if time.Since(lastRenew) > ttl {
				// Expired by now: others may hold them.
				h.mu.Lock()
				clear(h.held)
				h.mu.Unlock()
			}
			continue
		}
		ctx, cancel = context.WithTimeout(h.ctx, ttl/2)
		got, err := h.leases.AcquireLeases(ctx, 8, ttl)
		cancel()
		if err != nil {
			if h.ctx.Err() == nil {
				log.Printf("taking leases: %v", err)
			}
			continue
		}
		for _, id := range got {
			h.take(id)
		}
	}
}

// take starts driving a game whose lease this process just took.
func (h *hub) take(id string) {
	h.mu.Lock()
	h.held[id] = true
	h.mu.Unlock()
	g, err := h.get(h.ctx, id)
	if err != nil {
		// Memory full, or the game unreadable here: give it back for
		// another process to drive.
		log.Printf("game %s: leased but not loaded, lease given back: %v", id, err)
		h.mu.Lock()
		delete(h.held, id)
		h.mu.Unlock()
		if err := h.leases.ReleaseLeases(h.ctx, id); err != nil && h.ctx.Err() == nil {
			log.Printf("game %s: giving the lease back: %v", id, err)
		}
		return
	}
	g.mu.Lock()
	defer g.mu.Unlock()
	h.catchUpLocked(h.ctx, g)
	if g.ended != "" {
		return
	}
	g.active = time.Now()
	h.kickBotsLocked(g)
}

func (h *hub) closing() bool { return h.ctx.Err() != nil }

// close stops the bots and the streams, waits for them, and gives up
// this process's leases so that others drive its games at once.
func (h *hub) close() {
	h.cancel()
	h.wg.Wait()
	if h.leases != nil {
		ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
		defer cancel()
		if err := h.leases.ReleaseLeases(ctx); err != nil {
			log.Printf("releasing leases: %v", err)
		}
	}
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
	if len(h.games) >= h.o.MaxGames {
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
	return &httpError{status: 503, msg: fmt.Sprintf("this server holds %d live games in memory, its limit (-max-games); try again later", h.o.MaxGames), retryAfter: 60}
}

// add stores a new game, counted against the caps and the creator's
// quotas in the store, and serves it. Its creator's seat, if any, is
// claimed with tokenHash in the same transaction.
func (h *hub) add(ctx context.Context, setup GameSetup, seat int, tokenHash, name, addr string) (*game, error) {
	sg := StoredGame{Setup: setup, TokenHashes: make([]string, len(setup.Seats)), Names: make([]string, len(setup.Seats)), Addr: addr}
	if seat >= 0 {
		sg.TokenHashes[seat], sg.Names[seat] = tokenHash, name
	}
	g, err := rebuild(sg, h.budget)
	if err != nil {
		return nil, &httpError{status: 400, msg: err.Error()}
	}
	ng := NewGame{Setup: setup, Seat: seat, TokenHash: tokenHash, Name: name, Addr: addr}
	if h.leases != nil {
		ng.LeaseTTL = h.o.LeaseTTL
	}
	caps := Caps{Games: h.o.MaxGames, BotSeats: h.o.MaxBotSeats, AddrGames: h.o.AddrGames, AddrBotSeats: h.o.AddrBotSeats}
	if err := h.store.CreateGame(ctx, ng, caps); err != nil {
		var ce *CapError
		if errors.As(err, &ce) {
			if ce.PerAddr {
				return nil, &httpError{status: 429, msg: ce.Error() + "; finish or abandon one first", retryAfter: 60}
			}
			msg := ce.Error() + "; try again later"
			if ce.Which == "bot seats" {
				msg = ce.Error() + "; seat more people, or try again later"
			}
			return nil, &httpError{status: 503, msg: msg, retryAfter: 60}
		}
		log.Printf("storing game %s: %v", setup.ID, err)
		return nil, &httpError{status: 503, msg: "the game could not be stored; try again later"}
	}
	h.mu.Lock()
	h.games[setup.ID] = g
	if h.leases != nil {
		h.held[setup.ID] = true
	}
	h.mu.Unlock()
	g.mu.Lock()
	h.kickBotsLocked(g)
	g.mu.Unlock()
	return g, nil
}

// list returns the live games in memory.
func (h *hub) list() []*game {
	h.mu.Lock()
	defer h.mu.Unlock()
	out := make([]*game, 0, len(h.games))
	for _, g := range h.games {
		out = append(out, g)
	}
	return out
}

// lobby returns the live public games of the service, newest first, at
// most limit: the store says which (so a game created on another process
// is listed at once), memory or the store what each looks like.
func (h *hub) lobby(ctx context.Context, limit int) ([]*game, error) {
	ids, err := h.store.Lobby(ctx, limit)
	if err != nil {
		return nil, err
	}
	out := make([]*game, 0, len(ids))
	for _, id := range ids {
		g, err := h.get(ctx, id)
		if err != nil {
			continue // ended meanwhile, or memory full
		}
		out = append(out, g)
	}
	return out, nil
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

// sweep abandons the live games this process drives that nobody has
// acted in for IdleAfter, and those with human seats that nobody took
// for Unjoined, so that a game people walked away from (or a stranger's
// game that nobody joins) does not hold a slot for long. With a shared
// store it also frees the memory of games it only served, once nobody
// watches them.
func (h *hub) sweep() {
	defer h.wg.Done()
	every := min(h.o.IdleAfter/4, h.o.Unjoined/4, time.Minute)
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
			drives := h.drives(g.setup.ID)
			g.mu.Lock()
			switch {
			case g.ended != "" || g.botBusy:
			case !drives:
				if len(g.subs) == 0 && now.Sub(g.active) > 10*time.Minute {
					h.mu.Lock()
					if h.games[g.setup.ID] == g {
						delete(h.games, g.setup.ID)
					}
					h.mu.Unlock()
				}
			case now.Sub(g.active) > h.o.IdleAfter:
				h.endLocked(g, EndedAbandoned)
			case g.unjoined() && now.Sub(time.UnixMilli(g.setup.Created)) > h.o.Unjoined:
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
		h.refreshSeatsLocked(h.ctx, g)
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

// refreshSeatsLocked reads the seats' holders and names again (another
// process may have handed a seat out).
func (h *hub) refreshSeatsLocked(ctx context.Context, g *game) bool {
	hashes, names, err := h.store.Seats(ctx, g.setup.ID)
	if err != nil || len(hashes) != len(g.tokens) {
		return false
	}
	g.tokens, g.names = hashes, names
	return true
}
