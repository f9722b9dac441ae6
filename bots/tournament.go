package bots

import (
	"context"
	"errors"
	"fmt"
	"runtime"
	"sync"

	"github.com/waterdeep-go/waterdeep"
)

// Factory makes the bot that plays one seat of one game, seeded with a
// seed the tournament derives (BotSeed). A bot made by a factory from the
// same seed must make the same choices when shown the same views, for the
// tournament to be reproducible.
type Factory func(seed uint64) Bot

// RandomFactory is the Factory of Random bots.
func RandomFactory(seed uint64) Bot { return NewRandom(seed) }

// GreedyFactory is the Factory of Greedy bots.
func GreedyFactory(seed uint64) Bot { return NewGreedy(seed) }

// ISMCTSFactory returns the Factory of ISMCTS bots with opts, their Seed
// replaced by the one the tournament derives. Keep opts.Workers at 1 and
// budget by Iterations for a reproducible tournament (the tournament plays
// games in parallel instead).
func ISMCTSFactory(opts ISMCTSOptions) Factory {
	return func(seed uint64) Bot {
		o := opts
		o.Seed = seed
		return NewISMCTS(o)
	}
}

// Tournament is a series of games between the same bots, seats rotated.
//
// Game g (0, 1, ...) is dealt with Config.Seed = GameSeed(Seed, g); the
// i-th of Bots sits in seat (i+g) mod players, and the bot in seat p is
// made by its factory from BotSeed(GameSeed(Seed, g), p). So a game's
// result is a function of (Config, Bots, Seed, g) alone, and the whole
// tournament's results are the same whatever the number of Workers (for
// bots that are reproducible from their seed, such as ISMCTS budgeted by
// iterations). When Games is a multiple of the players, every bot sits in
// every seat equally often.
type Tournament struct {
	// Config is the game played: Players (0: one per bot), Modules, Long,
	// Content and Deal. Its Seed is ignored: each game's is derived.
	Config waterdeep.Config
	// Bots are the factories of the entrants, one per seat.
	Bots []Factory
	// Games is the number of games.
	Games int
	// Seed is the tournament seed, from which every game's deal and every
	// bot's seed derive.
	Seed uint64
	// Workers is the number of games played at once (0: GOMAXPROCS).
	Workers int
	// OnGame, if not nil, is called with every game's result, in game
	// order (0, 1, ...), from the goroutine that called Run, as the games
	// finish. An error it returns stops the tournament and is returned by
	// Run. The result's Record is dropped after the call unless OnGame
	// keeps it.
	OnGame func(GameResult) error
}

// window is how many games, per worker, may be played ahead of the
// earliest game not yet handed to OnGame.
const window = 8

// Run plays the tournament and returns its summary. A game stopped by a
// bot's error stops the tournament with a *GameError naming the game.
// The context is passed to every bot and stops the tournament when done.
func (t Tournament) Run(ctx context.Context) (Summary, error) {
	cfg, err := t.check("Tournament.Run")
	if err != nil {
		return Summary{}, err
	}
	workers := t.Workers
	if workers <= 0 {
		workers = runtime.GOMAXPROCS(0)
	}
	workers = min(workers, t.Games)
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()

	type done struct {
		res GameResult
		err error
	}
	var (
		jobs    = make(chan int)
		results = make(chan done, workers)
		tokens  = make(chan struct{}, window*workers)
		wg      sync.WaitGroup
	)
	// The feeder hands out game numbers in order, at most window*workers
	// beyond the earliest game not yet delivered.
	go func() {
		defer close(jobs)
		for g := range t.Games {
			select {
			case tokens <- struct{}{}:
			case <-ctx.Done():
				return
			}
			select {
			case jobs <- g:
			case <-ctx.Done():
				return
			}
		}
	}()
	for range workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for g := range jobs {
				res, err := t.play(ctx, cfg, g)
				results <- done{res, err}
			}
		}()
	}
	go func() { wg.Wait(); close(results) }()

	sum := newSummary(len(t.Bots))
	pending := map[int]GameResult{}
	next := 0
	var firstErr error
	for d := range results {
		if firstErr != nil {
			continue // draining
		}
		if d.err != nil {
			firstErr = d.err
			cancel()
			continue
		}
		pending[d.res.Game] = d.res
		for {
			res, ok := pending[next]
			if !ok {
				break
			}
			delete(pending, next)
			next++
			<-tokens
			sum.add(res)
			if t.OnGame != nil {
				if err := t.OnGame(res); err != nil {
					firstErr = err
					cancel()
					break
				}
			}
		}
	}
	if firstErr != nil {
		return Summary{}, firstErr
	}
	if err := ctx.Err(); err != nil && next < t.Games {
		return Summary{}, err
	}
	sum.finish()
	return sum, nil
}

// check validates t for the method fn and returns the Config of its games
// (but the seed).
func (t Tournament) check(fn string) (waterdeep.Config, error) {
	cfg := t.Config
	if cfg.Players == 0 {
		cfg.Players = len(t.Bots)
	}
	switch {
	case len(t.Bots) != cfg.Players:
		return cfg, &SetupError{Func: fn, Field: "bots", Detail: botsFor(len(t.Bots), cfg.Players)}
	case t.Games < 1:
		return cfg, &SetupError{Func: fn, Field: "games", Detail: fmt.Sprintf("%d: want at least 1", t.Games)}
	case t.Workers < 0:
		return cfg, &SetupError{Func: fn, Field: "workers", Detail: fmt.Sprintf("%d: want 0 (GOMAXPROCS) or more", t.Workers)}
	}
	for i, f := range t.Bots {
		if f == nil {
			return cfg, &SetupError{Func: fn, Field: "bots", Detail: fmt.Sprintf("bot %d has no factory", i)}
		}
	}
	// New checks the players, modules and long game against the rules.
	if _, err := waterdeep.New(cfg); err != nil {
		return cfg, err
	}
	return cfg, nil
}

// Game plays game g of the tournament alone, exactly as Run plays it: a
// pipeline that spreads a tournament's games over machines plays each
// with Game and gets the results Run would give. OnGame and Workers are
// not used.
func (t Tournament) Game(ctx context.Context, g int) (GameResult, error) {
	cfg, err := t.check("Tournament.Game")
	if err != nil {
		return GameResult{}, err
	}
	if g < 0 {
		return GameResult{}, &SetupError{Func: "Tournament.Game", Field: "game", Detail: fmt.Sprintf("%d: want 0 or more", g)}
	}
	return t.play(ctx, cfg, g)
}

// play plays game g.
func (t Tournament) play(ctx context.Context, cfg waterdeep.Config, g int) (GameResult, error) {
	cfg.Seed = GameSeed(t.Seed, g)
	n := cfg.Players
	seats := make([]Bot, n)
	entrants := make([]int, n)
	for p := range seats {
		entrants[p] = EntrantAt(g, p, n)
		seats[p] = t.Bots[entrants[p]](BotSeed(cfg.Seed, p))
	}
	res, err := PlayGame(ctx, cfg, seats)
	res.Game, res.Entrants = g, entrants
	if ge, ok := errors.AsType[*GameError](err); ok {
		ge.Game = g
	}
	return res, err
}

// splitmix64 is a bijective mixer: distinct inputs give distinct,
// well-spread outputs.
func splitmix64(x uint64) uint64 {
	x += 0x9e3779b97f4a7c15
	x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9
	x = (x ^ (x >> 27)) * 0x94d049bb133111eb
	return x ^ (x >> 31)
}

// GameSeed is the deal seed (Config.Seed) of game g of a tournament with
// the given seed.
func GameSeed(tournament uint64, g int) uint64 { return splitmix64(splitmix64(tournament) ^ uint64(g)) }

// BotSeed is the seed of the bot in seat p of a game dealt with game seed.
func BotSeed(game uint64, p int) uint64 { return splitmix64(game ^ (uint64(p+1) << 56)) }

// EntrantAt is which of a tournament's bots sits in seat p of game g: the
// i-th bot sits in seat (i+g) mod players.
func EntrantAt(g, p, players int) int { return ((p-g)%players + players) % players }
