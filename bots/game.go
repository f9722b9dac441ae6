package bots

import (
	"context"
	"fmt"
	"time"

	"github.com/waterdeep-go/waterdeep"
)

// GameResult is how one game between bots went. Every field but Think
// follows from the game's Config and its bots: a game played again with
// the same Config and bots made with the same seeds gives the same result
// (Think measures time, which varies).
type GameResult struct {
	// Game is the game's number in its tournament (0 for PlayGame).
	Game int
	// Seed is the game's Config.Seed, which dealt it.
	Seed uint64
	// Bots are the names of the bots, by seat.
	Bots []string
	// Entrants are, by seat, the index in Tournament.Bots of the bot
	// sitting there (nil for PlayGame).
	Entrants []int
	// Scores are the final scores, by seat.
	Scores []int
	// Winners are the seats that won (more than one when tied on VP and
	// gold).
	Winners []waterdeep.PlayerID
	// Shares are the win shares, by seat: 1/k to each of k winners, 0 to
	// the others.
	Shares []float64
	// Decisions is the number of actions taken in the game; Moves splits
	// it by seat.
	Decisions int
	Moves     []int
	// Think is the time each seat's bot spent choosing, by seat.
	Think []time.Duration
	// Record is the game's record: waterdeep.Replay (or ReplayWith, for
	// custom content) plays it again to its end.
	Record waterdeep.Record
}

// PlayGame plays one game of cfg to its end, the bot in seats[p] choosing
// for seat p, and returns its result. cfg.Players 0 means one player per
// bot, as in a Tournament; otherwise there must be one bot per player.
// Each bot is shown only its own seat's view. The context is passed to
// every Choose and stops the game when done. Seats that do not fit the
// game are a *SetupError, a Config that New refuses its *ConfigError; a
// bot's error or illegal action ends the game with a *GameError.
func PlayGame(ctx context.Context, cfg waterdeep.Config, seats []Bot) (GameResult, error) {
	if cfg.Players == 0 {
		cfg.Players = len(seats)
	}
	if len(seats) != cfg.Players {
		return GameResult{}, &SetupError{Func: "PlayGame", Field: "bots", Detail: botsFor(len(seats), cfg.Players)}
	}
	s, err := waterdeep.New(cfg)
	if err != nil {
		return GameResult{}, err
	}
	n := len(seats)
	res := GameResult{Seed: cfg.Seed, Bots: make([]string, n), Moves: make([]int, n), Think: make([]time.Duration, n),
		Record: waterdeep.NewRecord(cfg)}
	for p, b := range seats {
		if b == nil {
			return res, &SetupError{Func: "PlayGame", Field: "bots", Detail: fmt.Sprintf("no bot in seat p%d", p+1)}
		}
		res.Bots[p] = b.Name()
	}
	for {
		p, ok := s.ToAct()
		if !ok {
			break
		}
		if err := ctx.Err(); err != nil {
			return res, &GameError{Seat: p, Bot: res.Bots[p], Err: err}
		}
		start := time.Now()
		a, err := seats[p].Choose(ctx, s.View(p))
		res.Think[p] += time.Since(start)
		if err != nil {
			return res, &GameError{Seat: p, Bot: res.Bots[p], Err: err}
		}
		if s, err = s.Apply(a); err != nil {
			return res, &GameError{Seat: p, Bot: res.Bots[p], Err: err}
		}
		res.Record.Add(a)
		res.Decisions++
		res.Moves[p]++
	}
	res.Scores = s.Scores()
	res.Winners = s.Winners()
	res.Shares = make([]float64, n)
	for _, w := range res.Winners {
		res.Shares[w] = 1 / float64(len(res.Winners))
	}
	return res, nil
}
