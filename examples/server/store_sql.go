package main

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"strconv"
	"strings"
)

// sqlStore is the Store over database/sql shared by SQLite and PostgreSQL.
// The two differ in placeholders, in the schema's column types and in
// what only PostgreSQL has: the notices (NOTIFY) sent in the transaction
// of each write, the leases, and the lock that makes the caps hold across
// processes. Both have INSERT ... ON CONFLICT DO NOTHING, which is how a
// lost race is detected without relying on either driver's error codes.
type sqlStore struct {
	db     *sql.DB
	dollar bool // PostgreSQL: $1 placeholders, NOTIFY, leases
	// instance names this process as a lease holder (PostgreSQL).
	instance string
	group    *groupCommit // SQLite: actions committed in groups
}

// schema creates the tables. A game is live until it has a row in ended
// (a table of its own, so that databases made before it need no ALTER);
// live holds what the caps count of each live game, so that they are one
// query, and is emptied of a game in the transaction that ends it. The
// primary key on (game_id, idx) is what makes two writers of the same
// action slot resolve to one winner.
const schema = `
CREATE TABLE IF NOT EXISTS games (
	id TEXT PRIMARY KEY,
	setup TEXT NOT NULL,
	created BIGINT NOT NULL
);
CREATE TABLE IF NOT EXISTS seats (
	game_id TEXT NOT NULL,
	seat INTEGER NOT NULL,
	kind TEXT NOT NULL,
	token_hash TEXT,
	PRIMARY KEY (game_id, seat)
);
CREATE TABLE IF NOT EXISTS ended (
	game_id TEXT PRIMARY KEY,
	how TEXT NOT NULL
);
CREATE TABLE IF NOT EXISTS actions (
	game_id TEXT NOT NULL,
	idx INTEGER NOT NULL,
	action TEXT NOT NULL,
	PRIMARY KEY (game_id, idx)
);
CREATE TABLE IF NOT EXISTS live (
	game_id TEXT PRIMARY KEY,
	addr TEXT NOT NULL,
	bot_seats INTEGER NOT NULL,
	private INTEGER NOT NULL,
	created BIGINT NOT NULL
);
CREATE INDEX IF NOT EXISTS live_created ON live (created);
`

// pgSchema is PostgreSQL's alone: the leases of the games, by holder.
const pgSchema = `
CREATE TABLE IF NOT EXISTS leases (
	game_id TEXT PRIMARY KEY,
	holder TEXT NOT NULL,
	until TIMESTAMPTZ NOT NULL
);
CREATE INDEX IF NOT EXISTS leases_holder ON leases (holder);
`

// capsLock is the key of the PostgreSQL advisory lock that serializes
// creating games, so that two processes cannot together pass a cap.
const capsLock = 0x77617465

// q rewrites ? placeholders for PostgreSQL.
func (s *sqlStore) q(query string) string {
	if !s.dollar {
		return query
	}
	var b strings.Builder
	n := 0
	for _, r := range query {
		if r == '?' {
			n++
			b.WriteString("$" + strconv.Itoa(n))
			continue
		}
		b.WriteRune(r)
	}
	return b.String()
}

func (s *sqlStore) migrate(ctx context.Context) error {
	stmts := schema
	if s.dollar {
		stmts += pgSchema
	}
	for _, stmt := range strings.Split(stmts, ";") {
		if strings.TrimSpace(stmt) == "" {
			continue
		}
		if _, err := s.db.ExecContext(ctx, stmt); err != nil {
			return fmt.Errorf("store: creating the schema: %w", err)
		}
	}
	// The seats' names came later: a column added to older databases
	// (SQLite has no ADD COLUMN IF NOT EXISTS: its error is the answer).
	if s.dollar {
		if _, err := s.db.ExecContext(ctx, `ALTER TABLE seats ADD COLUMN IF NOT EXISTS name TEXT`); err != nil {
			return fmt.Errorf("store: adding seats.name: %w", err)
		}
	} else if _, err := s.db.ExecContext(ctx, `ALTER TABLE seats ADD COLUMN name TEXT`); err != nil && !strings.Contains(err.Error(), "duplicate column") {
		return fmt.Errorf("store: adding seats.name: %w", err)
	}
	// Live games of a database made before the live table: counted with
	// no address.
	rows, err := s.db.QueryContext(ctx, `SELECT id, setup FROM games WHERE id NOT IN (SELECT game_id FROM ended) AND id NOT IN (SELECT game_id FROM live)`)
	if err != nil {
		return fmt.Errorf("store: reading live games: %w", err)
	}
	var old []GameSetup
	for rows.Next() {
		var id, setup string
		if err := rows.Scan(&id, &setup); err != nil {
			rows.Close()
			return err
		}
		var g GameSetup
		if json.Unmarshal([]byte(setup), &g) == nil && g.ID == id {
			old = append(old, g)
		}
	}
	rows.Close()
	for _, g := range old {
		if _, err := s.db.ExecContext(ctx, s.q(`INSERT INTO live (game_id, addr, bot_seats, private, created) VALUES (?, '', ?, ?, ?) ON CONFLICT DO NOTHING`), g.ID, g.botSeats(), boolInt(g.Private), g.Created); err != nil {
			return fmt.Errorf("store: counting live game %s: %w", g.ID, err)
		}
	}
	return nil
}

func boolInt(b bool) int {
	if b {
		return 1
	}
	return 0
}

func (s *sqlStore) CreateGame(ctx context.Context, ng NewGame, caps Caps) error {
	g := ng.Setup
	setup, err := json.Marshal(g)
	if err != nil {
		return err
	}
	tx, err := s.db.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	defer tx.Rollback()
	if s.dollar {
		// Creates, across every process, one at a time: the counts read
		// below stay true until this one commits. (SQLite has one
		// connection, so one transaction at a time already.)
		if _, err := tx.ExecContext(ctx, `SELECT pg_advisory_xact_lock($1)`, capsLock); err != nil {
			return err
		}
	}
	var games, bots, addrGames, addrBots int
	err = tx.QueryRowContext(ctx, s.q(`SELECT COUNT(*), COALESCE(SUM(bot_seats), 0),
		COALESCE(SUM(CASE WHEN addr = ? THEN 1 ELSE 0 END), 0), COALESCE(SUM(CASE WHEN addr = ? THEN bot_seats ELSE 0 END), 0) FROM live`),
		ng.Addr, ng.Addr).Scan(&games, &bots, &addrGames, &addrBots)
	if err != nil {
		return err
	}
	nb := g.botSeats()
	switch {
	case caps.AddrGames > 0 && ng.Addr != "" && addrGames >= caps.AddrGames:
		return &CapError{Which: "games", PerAddr: true, Limit: caps.AddrGames}
	case caps.AddrBotSeats > 0 && ng.Addr != "" && nb > 0 && addrBots+nb > caps.AddrBotSeats:
		return &CapError{Which: "bot seats", PerAddr: true, Limit: caps.AddrBotSeats}
	case caps.Games > 0 && games >= caps.Games:
		return &CapError{Which: "games", Limit: caps.Games}
	case caps.BotSeats > 0 && nb > 0 && bots+nb > caps.BotSeats:
		return &CapError{Which: "bot seats", Limit: caps.BotSeats}
	}
	if _, err := tx.ExecContext(ctx, s.q(`INSERT INTO games (id, setup, created) VALUES (?, ?, ?)`), g.ID, string(setup), g.Created); err != nil {
		return err
	}
	for seat, kind := range g.Seats {
		var hash, name any
		if seat == ng.Seat {
			hash, name = ng.TokenHash, ng.Name
		}
		if _, err := tx.ExecContext(ctx, s.q(`INSERT INTO seats (game_id, seat, kind, token_hash, name) VALUES (?, ?, ?, ?, ?)`), g.ID, seat, kind, hash, name); err != nil {
			return err
		}
	}
	if _, err := tx.ExecContext(ctx, s.q(`INSERT INTO live (game_id, addr, bot_seats, private, created) VALUES (?, ?, ?, ?, ?)`), g.ID, ng.Addr, nb, boolInt(g.Private), g.Created); err != nil {
		return err
	}
	if s.dollar && ng.LeaseTTL > 0 {
		if _, err := tx.ExecContext(ctx, `INSERT INTO leases (game_id, holder, until) VALUES ($1, $2, now() + make_interval(secs => $3))`, g.ID, s.instance, ng.LeaseTTL.Seconds()); err != nil {
			return err
		}
	}
	return tx.Commit()
}

// notify sends a notice in tx (PostgreSQL): it is delivered when tx
// commits, and only then, so every committed change is announced.
func (s *sqlStore) notify(ctx context.Context, tx *sql.Tx, payload string) error {
	if !s.dollar {
		return nil
	}
	_, err := tx.ExecContext(ctx, `SELECT pg_notify('`+notifyChannel+`', $1)`, payload)
	return err
}

func (s *sqlStore) ClaimSeat(ctx context.Context, game string, seat int, tokenHash, name string) error {
	tx, err := s.db.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	defer tx.Rollback()
	// One UPDATE guarded by "nobody holds it": of two claims, one changes
	// the row and the other finds nothing to change.
	res, err := tx.ExecContext(ctx, s.q(`UPDATE seats SET token_hash = ?, name = ? WHERE game_id = ? AND seat = ? AND kind = 'human' AND token_hash IS NULL`), tokenHash, name, game, seat)
	if err != nil {
		return err
	}
	if n, err := res.RowsAffected(); err != nil {
		return err
	} else if n == 1 {
		if err := s.notify(ctx, tx, game+":seat"); err != nil {
			return err
		}
		return tx.Commit()
	}
	var kind string
	err = tx.QueryRowContext(ctx, s.q(`SELECT kind FROM seats WHERE game_id = ? AND seat = ?`), game, seat).Scan(&kind)
	if errors.Is(err, sql.ErrNoRows) {
		return ErrNotFound
	}
	if err != nil {
		return err
	}
	return ErrConflict
}

func (s *sqlStore) AppendAction(ctx context.Context, game string, index int, action []byte, leased bool) error {
	if s.group != nil {
		return s.group.append(ctx, game, index, action)
	}
	// PostgreSQL: one statement, so one transaction, that stores the
	// action (only while this process holds the game's lease, when
	// leased) and sends its notice, which is delivered at the commit.
	holder := ""
	if leased {
		holder = s.instance
	}
	rows, err := s.db.QueryContext(ctx, `WITH ins AS (
		INSERT INTO actions (game_id, idx, action)
		SELECT $1, $2, $3
		WHERE $4 = '' OR EXISTS (SELECT 1 FROM leases WHERE game_id = $1 AND holder = $4 AND until > now())
		ON CONFLICT DO NOTHING RETURNING game_id)
	SELECT pg_notify('`+notifyChannel+`', game_id) FROM ins`, game, index, string(action), holder)
	if err != nil {
		return err
	}
	defer rows.Close()
	n := 0
	for rows.Next() {
		n++
	}
	if err := rows.Err(); err != nil {
		return err
	}
	if n == 0 {
		return ErrConflict
	}
	return nil
}

func (s *sqlStore) Game(ctx context.Context, id string) (StoredGame, error) {
	var g StoredGame
	var setup string
	err := s.db.QueryRowContext(ctx, s.q(`SELECT setup FROM games WHERE id = ?`), id).Scan(&setup)
	if errors.Is(err, sql.ErrNoRows) {
		return g, ErrNotFound
	}
	if err != nil {
		return g, err
	}
	if err := json.Unmarshal([]byte(setup), &g.Setup); err != nil {
		return g, fmt.Errorf("store: game %s: %w", id, err)
	}
	if g.TokenHashes, g.Names, err = s.seats(ctx, id, len(g.Setup.Seats)); err != nil {
		return g, err
	}
	err = s.db.QueryRowContext(ctx, s.q(`SELECT addr FROM live WHERE game_id = ?`), id).Scan(&g.Addr)
	if err != nil && !errors.Is(err, sql.ErrNoRows) {
		return g, err
	}
	err = s.db.QueryRowContext(ctx, s.q(`SELECT how FROM ended WHERE game_id = ?`), id).Scan(&g.Ended)
	if err != nil && !errors.Is(err, sql.ErrNoRows) {
		return g, err
	}
	g.Actions, err = s.ActionsFrom(ctx, id, 0)
	return g, err
}

func (s *sqlStore) EndGame(ctx context.Context, game, how string) error {
	tx, err := s.db.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	defer tx.Rollback()
	res, err := tx.ExecContext(ctx, s.q(`INSERT INTO ended (game_id, how) VALUES (?, ?) ON CONFLICT DO NOTHING`), game, how)
	if err != nil {
		return err
	}
	if n, err := res.RowsAffected(); err != nil || n != 1 {
		return err // ended already
	}
	if _, err := tx.ExecContext(ctx, s.q(`DELETE FROM live WHERE game_id = ?`), game); err != nil {
		return err
	}
	if s.dollar {
		if _, err := tx.ExecContext(ctx, `DELETE FROM leases WHERE game_id = $1`, game); err != nil {
			return err
		}
	}
	if err := s.notify(ctx, tx, game+":"+how); err != nil {
		return err
	}
	return tx.Commit()
}

func (s *sqlStore) Seats(ctx context.Context, game string) ([]string, []string, error) {
	var n int
	if err := s.db.QueryRowContext(ctx, s.q(`SELECT COUNT(*) FROM seats WHERE game_id = ?`), game).Scan(&n); err != nil {
		return nil, nil, err
	}
	if n == 0 {
		return nil, nil, ErrNotFound
	}
	return s.seats(ctx, game, n)
}

func (s *sqlStore) seats(ctx context.Context, game string, seats int) ([]string, []string, error) {
	hashes, names := make([]string, seats), make([]string, seats)
	rows, err := s.db.QueryContext(ctx, s.q(`SELECT seat, token_hash, name FROM seats WHERE game_id = ?`), game)
	if err != nil {
		return nil, nil, err
	}
	defer rows.Close()
	for rows.Next() {
		var seat int
		var hash, name sql.NullString
		if err := rows.Scan(&seat, &hash, &name); err != nil {
			return nil, nil, err
		}
		if seat >= 0 && seat < seats {
			hashes[seat], names[seat] = hash.String, name.String
		}
	}
	return hashes, names, rows.Err()
}

func (s *sqlStore) ActionsFrom(ctx context.Context, game string, index int) ([][]byte, error) {
	rows, err := s.db.QueryContext(ctx, s.q(`SELECT idx, action FROM actions WHERE game_id = ? AND idx >= ? ORDER BY idx`), game, index)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out [][]byte
	for rows.Next() {
		var idx int
		var a string
		if err := rows.Scan(&idx, &a); err != nil {
			return nil, err
		}
		if idx != index+len(out) {
			return nil, fmt.Errorf("store: game %s has no action %d", game, index+len(out))
		}
		out = append(out, []byte(a))
	}
	return out, rows.Err()
}

func (s *sqlStore) GameIDs(ctx context.Context) ([]string, error) {
	return s.ids(ctx, `SELECT game_id FROM live ORDER BY created, game_id`)
}

func (s *sqlStore) Lobby(ctx context.Context, limit int) ([]string, error) {
	return s.ids(ctx, s.q(`SELECT game_id FROM live WHERE private = 0 ORDER BY created DESC, game_id LIMIT ?`), limit)
}

func (s *sqlStore) ids(ctx context.Context, query string, args ...any) ([]string, error) {
	rows, err := s.db.QueryContext(ctx, query, args...)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var ids []string
	for rows.Next() {
		var id string
		if err := rows.Scan(&id); err != nil {
			return nil, err
		}
		ids = append(ids, id)
	}
	return ids, rows.Err()
}

func (s *sqlStore) Close() error {
	if s.group != nil {
		s.group.close()
	}
	return s.db.Close()
}
