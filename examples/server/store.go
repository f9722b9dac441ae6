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
}

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
	// GameIDs lists every game, oldest first.
	GameIDs(ctx context.Context) ([]string, error)
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
