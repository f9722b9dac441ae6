package main

import (
	"context"
	"errors"
	"fmt"
	"log"
	"runtime"
	"time"

	"github.com/waterdeep-go/waterdeep/bots"
)

// botKinds are the seat kinds a game may be created with besides "human".
var botKinds = []string{"random", "greedy", "ismcts"}

// botBudget is the time a searching bot may think per decision.
type botBudget time.Duration

// botGrace is how long past its budget a bot may take to answer before
// its first legal action is played instead.
const botGrace = 250 * time.Millisecond

// defaultThinking is the default bound on bots thinking at once: one per
// CPU the process may use, so that bots alone cannot take more than the
// machine has and people's requests still get answered.
func defaultThinking() int { return max(1, runtime.GOMAXPROCS(0)) }

// newBot returns the named bot. ISMCTS searches for the budget on one
// goroutine, so that one game's search cannot take every core from the
// others.
func newBot(kind string, seed uint64, budget botBudget) (bots.Bot, error) {
	switch kind {
	case "random":
		return bots.NewRandom(seed), nil
	case "greedy":
		return bots.NewGreedy(seed), nil
	case "ismcts":
		return bots.NewISMCTS(bots.ISMCTSOptions{Duration: time.Duration(budget), Seed: seed, Workers: 1}), nil
	}
	return nil, fmt.Errorf("unknown seat kind %q (known: human, random, greedy, ismcts)", kind)
}

// kickBotsLocked starts the game's bot goroutine if a bot is to act, none
// is running, and this process drives the game (holds its lease). Each
// game has at most one, and a game's bots play one after another as the
// rules say.
func (h *hub) kickBotsLocked(g *game) {
	if g.botBusy || h.closing() || g.ended != "" {
		return
	}
	p, ok := g.state.ToAct()
	if !ok || g.bots[p] == nil || !h.drives(g.setup.ID) {
		return
	}
	g.botBusy = true
	h.wg.Add(1)
	go h.runBots(g)
}

// runBots plays the game's bot seats until a human is to act, the game is
// over, or this process no longer drives it. The bot waits its turn for a
// thinking slot (scheduler), thinks on a view, outside the lock, within
// its budget; its answer goes through the same path as a person's,
// stored only while the lease is held.
func (h *hub) runBots(g *game) {
	defer h.wg.Done()
	for {
		drives := h.drives(g.setup.ID)
		g.mu.Lock()
		p, ok := g.state.ToAct()
		if !ok || g.bots[p] == nil || h.closing() || !drives || g.ended != "" {
			g.botBusy = false
			g.mu.Unlock()
			return
		}
		bot, view, n, search := g.bots[p], g.state.View(p), g.n, g.setup.Seats[p] == "ismcts"
		g.mu.Unlock()

		if h.o.BotDelay > 0 {
			select {
			case <-time.After(h.o.BotDelay):
			case <-h.ctx.Done():
			}
		}
		if !h.sched.acquire(h.ctx, g.addr, search) {
			continue // the loop's head sees the hub closing
		}
		// At most the budget, plus a little grace, to answer.
		ctx, cancel := context.WithTimeout(h.ctx, time.Duration(h.budget)+botGrace)
		a, err := bot.Choose(ctx, view)
		cancel()
		h.sched.release(search)
		if err != nil || a == nil {
			if len(view.Legal) == 0 {
				log.Printf("game %s: bot %s has no legal action: %v", g.setup.ID, bot.Name(), err)
				g.mu.Lock()
				g.botBusy = false
				g.mu.Unlock()
				return
			}
			a = view.Legal[0]
		}

		g.mu.Lock()
		if g.n != n { // the game moved on (another process): think again
			g.mu.Unlock()
			continue
		}
		err = h.applyLocked(h.ctx, g, p, a, true)
		g.mu.Unlock()
		var he *httpError
		if err != nil && !(errors.As(err, &he) && he.status == 409) {
			if h.closing() {
				break
			}
			log.Printf("game %s: bot %s at %s: %v", g.setup.ID, bot.Name(), seatName(p), err)
			// A store error: wait a little and try again.
			select {
			case <-time.After(time.Second):
			case <-h.ctx.Done():
			}
		}
	}
	g.mu.Lock()
	g.botBusy = false
	g.mu.Unlock()
}
