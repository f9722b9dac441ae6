package bots

import (
	"fmt"
	"strings"

	"github.com/waterdeep-go/waterdeep"
)

// TournamentError reports a tournament or game that cannot be played as
// asked: Field names what is wrong ("bots", "games", "workers").
type TournamentError struct {
	Field  string
	Detail string
}

// Error implements error.
func (e *TournamentError) Error() string { return "waterdeep: tournament " + e.Field + ": " + e.Detail }

// GameError reports a game stopped by one of its bots: the bot returned an
// error, chose an illegal action, or the context was done while it was to
// act. Err is the cause.
type GameError struct {
	// Game is the game's number in its tournament (0 for PlayGame).
	Game int
	// Seat is the seat to act; Bot the name of the bot sitting there.
	Seat waterdeep.PlayerID
	Bot  string
	Err  error
}

// Error implements error.
func (e *GameError) Error() string {
	return fmt.Sprintf("waterdeep: game %d: %s in seat %v: %s", e.Game, e.Bot, e.Seat,
		strings.TrimPrefix(e.Err.Error(), "waterdeep: "))
}

// Unwrap returns the cause.
func (e *GameError) Unwrap() error { return e.Err }
