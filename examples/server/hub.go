package main

import (
	"context"
	"errors"
	"fmt"
	"log"
	"sync"
	"time"
)

// hub holds the games this process serves, in memory, over a Store.
type hub struct {
	store    Store
	shared   bool // the store is shared with other processes
	budget   botBudget
	botDelay time.Duration
	maxGames int

	ctx    context.Context // cancelled by close: stops bots and streams
	cancel context.CancelFunc
	wg     sync.WaitGroup

	mu    sync.Mutex
	games map[string]*game
}

// hubOptions configure a hub.
type hubOptions struct {
	// Shared says other server processes write to the same store, so a
	// game catches up with the store before it is read or changed.
	Shared bool
	// Budget is the time ISMCTS thinks per decision.
	Budget time.Duration
	// BotDelay is a pause before each bot move, so people can follow.
	BotDelay time.Duration
	// MaxGames bounds the games held in memory (0: 10,000), so that
	// creating games cannot exhaust the server's memory.
	MaxGames int
}

// newHub rebuilds every stored game and starts the bots of those waiting
// for one.
func newHub(ctx context.Context, store Store, o hubOptions) (*hub, error) {
	if o.Budget <= 0 {
		o.Budget = time.Second
	}
	if o.MaxGames <= 0 {
		o.MaxGames = 10000
	}
	h := &hub{store: store, shared: o.Shared, budget: botBudget(o.Budget), botDelay: o.BotDelay, maxGames: o.MaxGames, games: map[string]*game{}}
	h.ctx, h.cancel = context.WithCancel(context.Background())
	ids, err := store.GameIDs(ctx)
	if err != nil {
		return nil, err
	}
	for _, id := range ids {
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
		h.games[id] = g
	}
	for _, g := range h.games {
		g.mu.Lock()
		h.kickBotsLocked(g)
		g.mu.Unlock()
	}
	if h.shared {
		h.wg.Add(1)
		go h.poll()
	}
	return h, nil
}

func (h *hub) closing() bool { return h.ctx.Err() != nil }

// close stops the bots and the streams and waits for them.
func (h *hub) close() {
	h.cancel()
	h.wg.Wait()
}

// get returns a game, loading it from the store if another process
// created it.
func (h *hub) get(ctx context.Context, id string) (*game, error) {
	if len(id) == 0 || len(id) > 64 {
		return nil, &httpError{status: 404, msg: "no such game"}
	}
	h.mu.Lock()
	g := h.games[id]
	h.mu.Unlock()
	if g != nil {
		return g, nil
	}
	if !h.shared {
		return nil, &httpError{status: 404, msg: "no such game"}
	}
	sg, err := h.store.Game(ctx, id)
	if errors.Is(err, ErrNotFound) {
		return nil, &httpError{status: 404, msg: "no such game"}
	}
	if err != nil {
		return nil, err
	}
	ng, err := rebuild(sg, h.budget)
	if err != nil {
		return nil, err
	}
	h.mu.Lock()
	defer h.mu.Unlock()
	if g := h.games[id]; g != nil {
		return g, nil
	}
	h.games[id] = ng
	return ng, nil
}

// add stores a new game and serves it.
func (h *hub) add(ctx context.Context, setup GameSetup) (*game, error) {
	h.mu.Lock()
	full := len(h.games) >= h.maxGames
	h.mu.Unlock()
	if full {
		return nil, &httpError{status: 503, msg: fmt.Sprintf("this server holds %d games, its limit; try again later", h.maxGames)}
	}
	g, err := rebuild(StoredGame{Setup: setup, TokenHashes: make([]string, len(setup.Seats))}, h.budget)
	if err != nil {
		return nil, &httpError{status: 400, msg: err.Error()}
	}
	if err := h.store.CreateGame(ctx, setup); err != nil {
		log.Printf("storing game %s: %v", setup.ID, err)
		return nil, &httpError{status: 503, msg: "the game could not be stored; try again later"}
	}
	h.mu.Lock()
	h.games[setup.ID] = g
	h.mu.Unlock()
	g.mu.Lock()
	h.kickBotsLocked(g)
	g.mu.Unlock()
	return g, nil
}

// list returns the games, for the lobby.
func (h *hub) list() []*game {
	h.mu.Lock()
	defer h.mu.Unlock()
	out := make([]*game, 0, len(h.games))
	for _, g := range h.games {
		out = append(out, g)
	}
	return out
}

// poll catches up every game that someone is watching with the actions
// other processes stored, once a second, for a shared store.
func (h *hub) poll() {
	defer h.wg.Done()
	t := time.NewTicker(time.Second)
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
