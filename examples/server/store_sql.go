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
// The two differ only in placeholders and in the schema's column types;
// both have INSERT ... ON CONFLICT DO NOTHING, which is how a lost race is
// detected without relying on either driver's error codes.
type sqlStore struct {
	db     *sql.DB
	dollar bool // PostgreSQL's $1 placeholders instead of ?
	// announce, for PostgreSQL, is told of every change committed (a
	// game id, with ":over" or ":abandoned" for an end), to send on to the
	// other server processes (pgStore.announcer).
	announce func(payload string)
	stop     func()       // stops what the store runs beside (the announcer)
	group    *groupCommit // SQLite: actions committed in groups
}

// schema creates the four tables. A game is live until it has a row in
// ended (a table of its own, so that databases made before it need no
// ALTER). The primary key on (game_id, idx) is
// what makes two writers of the same action slot resolve to one winner.
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
`

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
	for _, stmt := range strings.Split(schema, ";") {
		if strings.TrimSpace(stmt) == "" {
			continue
		}
		if _, err := s.db.ExecContext(ctx, stmt); err != nil {
			return fmt.Errorf("store: creating the schema: %w", err)
		}
	}
	return nil
}

func (s *sqlStore) CreateGame(ctx context.Context, g GameSetup) error {
	setup, err := json.Marshal(g)
	if err != nil {
		return err
	}
	tx, err := s.db.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	defer tx.Rollback()
	if _, err := tx.ExecContext(ctx, s.q(`INSERT INTO games (id, setup, created) VALUES (?, ?, ?)`), g.ID, string(setup), g.Created); err != nil {
		return err
	}
	for seat, kind := range g.Seats {
		if _, err := tx.ExecContext(ctx, s.q(`INSERT INTO seats (game_id, seat, kind) VALUES (?, ?, ?)`), g.ID, seat, kind); err != nil {
			return err
		}
	}
	return tx.Commit()
}

func (s *sqlStore) ClaimSeat(ctx context.Context, game string, seat int, tokenHash string) error {
	// One UPDATE guarded by "nobody holds it": of two claims, one changes
	// the row and the other finds nothing to change.
	res, err := s.db.ExecContext(ctx, s.q(`UPDATE seats SET token_hash = ? WHERE game_id = ? AND seat = ? AND kind = 'human' AND token_hash IS NULL`), tokenHash, game, seat)
	if err != nil {
		return err
	}
	if n, err := res.RowsAffected(); err != nil {
		return err
	} else if n == 1 {
		s.changed(game + ":seat")
		return nil
	}
	var kind string
	err = s.db.QueryRowContext(ctx, s.q(`SELECT kind FROM seats WHERE game_id = ? AND seat = ?`), game, seat).Scan(&kind)
	if errors.Is(err, sql.ErrNoRows) {
		return ErrNotFound
	}
	if err != nil {
		return err
	}
	return ErrConflict
}

func (s *sqlStore) AppendAction(ctx context.Context, game string, index int, action []byte) error {
	if s.group != nil {
		return s.group.append(ctx, game, index, action)
	}
	res, err := s.db.ExecContext(ctx, s.q(`INSERT INTO actions (game_id, idx, action) VALUES (?, ?, ?) ON CONFLICT DO NOTHING`), game, index, string(action))
	if err != nil {
		return err
	}
	n, err := res.RowsAffected()
	if err != nil {
		return err
	}
	if n == 0 {
		return ErrConflict
	}
	s.changed(game)
	return nil
}

// changed announces a committed change, if anyone listens.
func (s *sqlStore) changed(payload string) {
	if s.announce != nil {
		s.announce(payload)
	}
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
	if g.TokenHashes, err = s.tokenHashes(ctx, id, len(g.Setup.Seats)); err != nil {
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
	res, err := s.db.ExecContext(ctx, s.q(`INSERT INTO ended (game_id, how) VALUES (?, ?) ON CONFLICT DO NOTHING`), game, how)
	if err != nil {
		return err
	}
	if n, err := res.RowsAffected(); err == nil && n == 1 {
		s.changed(game + ":" + how)
	}
	return nil
}

func (s *sqlStore) TokenHashes(ctx context.Context, game string) ([]string, error) {
	var n int
	if err := s.db.QueryRowContext(ctx, s.q(`SELECT COUNT(*) FROM seats WHERE game_id = ?`), game).Scan(&n); err != nil {
		return nil, err
	}
	if n == 0 {
		return nil, ErrNotFound
	}
	return s.tokenHashes(ctx, game, n)
}

func (s *sqlStore) tokenHashes(ctx context.Context, game string, seats int) ([]string, error) {
	out := make([]string, seats)
	rows, err := s.db.QueryContext(ctx, s.q(`SELECT seat, token_hash FROM seats WHERE game_id = ?`), game)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	for rows.Next() {
		var seat int
		var hash sql.NullString
		if err := rows.Scan(&seat, &hash); err != nil {
			return nil, err
		}
		if seat >= 0 && seat < len(out) {
			out[seat] = hash.String
		}
	}
	return out, rows.Err()
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
	rows, err := s.db.QueryContext(ctx, `SELECT id FROM games WHERE id NOT IN (SELECT game_id FROM ended) ORDER BY created, id`)
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
	if s.stop != nil {
		s.stop()
	}
	return s.db.Close()
}
