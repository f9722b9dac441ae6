package main

import (
	"context"
	"errors"
)

// ErrConflict is returned by a Store when a write lost a race: the action
// slot was already taken by another writer (another request or another
// server process), or the seat was already claimed.
var ErrConflict = errors.New("conflict")

// ErrNotFound is returned by a Store for a game it does not hold.
var ErrNotFound = errors.New("not found")

// GameSetup is what a game is created with: enough, with its actions, to
// rebuild it exactly.
type GameSetup struct {
	ID      string `json:"id"`
	Players int    `json:"players"`
	// Seed is the game's seed as a decimal string (JSON numbers lose
	// precision above 2^53 in browsers).
	Seed    uint64 `json:"seed,string"`
	Modules string `json:"modules"` // "", "undermountain", "skullport" or "undermountain,skullport"
	Long    bool   `json:"long"`
	// Seats are the kinds of the seats by seat number: "human", or a bot
	// name from botKinds.
	Seats []string `json:"seats"`
	// Created is the creation time in Unix milliseconds.
	Created int64 `json:"created"`
	// Invites are the hex SHA-256 hashes of each human seat's invite code
	// (the join code in its invite link), by seat; "" for a bot's seat.
	// Games stored before invite links have none.
	Invites []string `json:"invites,omitempty"`
	// Private games are left out of the lobby, and their seats are taken
	// only with their invite codes.
	Private bool `json:"private,omitempty"`
}

// hasHuman says whether a person may sit in the game.
func (s GameSetup) hasHuman() bool {
	for _, k := range s.Seats {
		if k == "human" {
			return true
		}
	}
	return false
}

// StoredGame is a game as a Store holds it.
type StoredGame struct {
	Setup GameSetup
	// TokenHashes are the hex SHA-256 hashes of the seats' tokens, by
	// seat; "" for a seat not claimed (or a bot's).
	TokenHashes []string
	// Actions are the accepted actions in order, each in the library's
	// JSON form (waterdeep.MarshalAction).
	Actions [][]byte
	// Ended is "" for a live game, EndedOver once it is over and
	// EndedAbandoned once nobody acted in it for the idle limit.
	Ended string
}

// The ways a game ends, as Store.EndGame records them.
const (
	// EndedOver marks a game played to its end.
	EndedOver = "over"
	// EndedAbandoned marks a game nobody acted in for the idle limit: it
	// is freed from memory and takes no more actions.
	EndedAbandoned = "abandoned"
)

// Store keeps games durably. Every method is safe for concurrent use, and
// several server processes may share one Store's database (PostgreSQL):
// AppendAction and ClaimSeat are the points where they race, and exactly
// one writer wins each race.
type Store interface {
	// CreateGame stores a new game with no actions and no claimed seat.
	CreateGame(ctx context.Context, g GameSetup) error
	// ClaimSeat records the token hash of a human seat nobody holds yet;
	// ErrConflict if it is held already (or is a bot's), ErrNotFound if
	// there is no such game or seat.
	ClaimSeat(ctx context.Context, game string, seat int, tokenHash string) error
	// AppendAction stores the action numbered index (from 0) of a game,
	// durably, before returning nil. If that number is taken it returns
	// ErrConflict and stores nothing.
	AppendAction(ctx context.Context, game string, index int, action []byte) error
	// Game loads one game.
	Game(ctx context.Context, id string) (StoredGame, error)
	// GameIDs lists the live games (not ended), oldest first: the ones a
	// server loads when it starts.
	GameIDs(ctx context.Context) ([]string, error)
	// EndGame records that a game ended (EndedOver or EndedAbandoned), so
	// that it is no longer loaded at start; recording it again is a no-op.
	EndGame(ctx context.Context, game, how string) error
	// TokenHashes returns the token hashes of a game's seats, by seat
	// ("" for a seat nobody holds), for a process that must learn of seats
	// another process handed out.
	TokenHashes(ctx context.Context, game string) ([]string, error)
	// ActionsFrom returns a game's actions numbered from index on, for a
	// process catching up with actions another process stored.
	ActionsFrom(ctx context.Context, game string, index int) ([][]byte, error)
	// Close releases the store.
	Close() error
}

// listener is a Store that tells its server of the changes other server
// processes make (PostgreSQL's LISTEN/NOTIFY).
type listener interface {
	// Listen calls changed with a game's id after every action stored in
	// it (how ""), seat claimed in it ("seat") or end recorded for it
	// ("over", "abandoned"), by any process, until ctx is done. It
	// reconnects after a dropped connection, and then calls changed("",
	// ""): what was sent meanwhile is lost.
	Listen(ctx context.Context, changed func(game, how string))
}
