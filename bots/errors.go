package bots

import (
	"fmt"
	"strings"

	"github.com/waterdeep-go/waterdeep"
)

// SetupError reports a tournament or game that cannot be played as asked,
// before any game starts: Func names the function called ("PlayGame",
// "Tournament.Run", "Tournament.Game"), Field what is wrong ("bots",
// "games", "workers", "game") and Detail how.
type SetupError struct {
	Func   string
	Field  string
	Detail string
}

// Error implements error: "waterdeep: PlayGame: bots: 1 bot for 3
// players; give one per seat".
func (e *SetupError) Error() string {
	return "waterdeep: " + e.Func + ": " + e.Field + ": " + e.Detail
}

// botsFor is the detail of a number of bots that does not fit the game's.
func botsFor(bots, players int) string {
	noun := "bots"
	if bots == 1 {
		noun = "bot"
	}
	return fmt.Sprintf("%d %s for %d players; give one per seat", bots, noun, players)
}

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

// ValueFileError reports a weights file that LoadValue cannot read: what is
// wrong (Detail) and the byte of the file where it was found (Offset, from
// 0). Err is the underlying error, if any.
type ValueFileError struct {
	Offset int64
	Detail string
	Err    error
}

// Error implements error.
func (e *ValueFileError) Error() string {
	return fmt.Sprintf("waterdeep: bots: value weights file, at byte %d: %s", e.Offset, e.Detail)
}

// Unwrap returns the underlying error.
func (e *ValueFileError) Unwrap() error { return e.Err }
