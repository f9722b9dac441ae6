package main

import (
	"context"
	"errors"
	"fmt"
	"time"
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
	// Reserved marks, by seat, the human seats of a public game that only
	// their invite links take (the lobby shows them as reserved).
	Reserved []bool `json:"reserved,omitempty"`
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

// botSeats counts the seats played by bots: what a game counts against
// the bot caps.
func (s GameSetup) botSeats() int {
	n := 0
	for _, k := range s.Seats {
		if k != "human" {
			n++
		}
	}
	return n
}

// reserved says whether a human seat is kept for its invite link: every
// seat of a private game, and the seats the creator reserved in a public
// one.
func (s GameSetup) reserved(seat int) bool {
	return s.Private || (seat < len(s.Reserved) && s.Reserved[seat])
}

// NewGame is a game to store: its setup, the creator's seat (Seat -1 for
// none) and the creator's client address, which the per-address quotas
// count by. The address is kept only while the game is live.
type NewGame struct {
	Setup     GameSetup
	Seat      int
	TokenHash string
	Name      string
	Addr      string
	// LeaseTTL, for a store shared by several processes, makes this
	// process the game's driver (see leaser) from the start.
	LeaseTTL time.Duration
}

// Caps bound the live games a store takes (0: no bound): in all, the bot
// seats in all, and per creator's address, the games and the bot seats.
// A store shared by several processes counts across all of them, in the
// transaction that stores the game.
type Caps struct {
	Games, BotSeats, AddrGames, AddrBotSeats int
}

// CapError says which cap refused a new game.
type CapError struct {
	// Which is "games" or "bot seats".
	Which string
	// PerAddr says the cap is the creator's address's quota.
	PerAddr bool
	Limit   int
}

func (e *CapError) Error() string {
	if e.PerAddr {
		return fmt.Sprintf("your address holds its quota of live %s (%d)", e.Which, e.Limit)
	}
	return fmt.Sprintf("the server holds its limit of live %s (%d)", e.Which, e.Limit)
}

// StoredGame is a game as a Store holds it.
type StoredGame struct {
	Setup GameSetup
	// TokenHashes are the hex SHA-256 hashes of the seats' tokens, by
	// seat; "" for a seat not claimed (or a bot's).
	TokenHashes []string
	// Names are the names people gave when they sat, by seat.
	Names []string
	// Addr is the creator's client address while the game is live.
	Addr string
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
// CreateGame (the caps), AppendAction and ClaimSeat are the points where
// they race, and exactly one writer wins each race.
type Store interface {
	// CreateGame stores a new game, with its creator's seat if any,
	// unless a cap refuses it (a *CapError, and nothing is stored).
	CreateGame(ctx context.Context, g NewGame, caps Caps) error
	// ClaimSeat records the token hash (and the chosen name) of a human
	// seat nobody holds yet; ErrConflict if it is held already (or is a
	// bot's), ErrNotFound if there is no such game or seat.
	ClaimSeat(ctx context.Context, game string, seat int, tokenHash, name string) error
	// AppendAction stores the action numbered index (from 0) of a game,
	// durably, before returning nil. If that number is taken it returns
	// ErrConflict and stores nothing. With leased, a shared store stores
	// it only while this process holds the game's lease (ErrConflict
	// otherwise): the bots' moves, so that a process that lost the lease
	// can never store one.
	AppendAction(ctx context.Context, game string, index int, action []byte, leased bool) error
	// Game loads one game.
	Game(ctx context.Context, id string) (StoredGame, error)
	// GameIDs lists the live games (not ended), oldest first.
	GameIDs(ctx context.Context) ([]string, error)
	// Lobby lists the live public games, newest first, at most limit.
	Lobby(ctx context.Context, limit int) ([]string, error)
	// EndGame records that a game ended (EndedOver or EndedAbandoned), so
	// that it is no longer live; recording it again is a no-op.
	EndGame(ctx context.Context, game, how string) error
	// Seats returns the token hashes and names of a game's seats, by seat
	// ("" for a seat nobody holds), for a process that must learn of
	// seats another process handed out.
	Seats(ctx context.Context, game string) (hashes, names []string, err error)
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
	// ("over", "abandoned"), by any process, until ctx is done. Each
	// notice is sent in the transaction of the write, so every committed
	// change is announced. It reconnects after a dropped connection, and
	// then calls changed("", ""): what was sent meanwhile is lost.
	Listen(ctx context.Context, changed func(game, how string))
}

// leaser is a Store shared by several processes, in which each live game
// is driven (its bots run, its idle time watched) by exactly one process
// at a time: the holder of the game's lease, a row in the database with
// an expiry in the database's clock. The holder renews its leases; when a
// process dies its leases expire and the others take them.
type leaser interface {
	// AcquireLeases takes the leases of up to max live games that nobody
	// holds (or whose lease expired) for ttl, and returns their ids.
	AcquireLeases(ctx context.Context, max int, ttl time.Duration) ([]string, error)
	// RenewLeases extends every lease this process holds by ttl from now
	// and returns the games it still holds.
	RenewLeases(ctx context.Context, ttl time.Duration) ([]string, error)
	// ReleaseLeases gives up the leases of the games named, or with none
	// named every lease this process holds (a clean shutdown), so that
	// others take them at once.
	ReleaseLeases(ctx context.Context, ids ...string) error
}
