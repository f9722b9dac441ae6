package main

import (
	"context"
	crand "crypto/rand"
	"database/sql"
	"encoding/hex"
	"fmt"
	"log"
	"strings"
	"time"

	"github.com/jackc/pgx/v5"
	_ "github.com/jackc/pgx/v5/stdlib" // the "pgx" database/sql driver
)

// pgStore is the Store over PostgreSQL, for several server processes
// sharing one database as one service. Each live game is driven by the
// process holding its lease (leaser): only that one runs its bots and
// watches its idle time. Any process may serve a game's views and
// streams and take people's actions in it; two that act on one game at
// once race on the action's primary key, where one wins and the other
// gets ErrConflict (and catches up with ActionsFrom). Every write that
// changes a game sends a notice on the channel notifyChannel in the
// transaction of the write (NOTIFY is delivered at commit, so no
// committed change goes unannounced), which Listen hands to the server.
//
// The notices serialize the commits that send them on PostgreSQL's
// notification queue lock: the price of never missing one (the load test
// in BENCHMARKS.md measured it).
type pgStore struct {
	*sqlStore
	dsn string
}

// notifyChannel is the PostgreSQL channel of the notifications. Each
// payload is a game id: alone for a new action, followed by ":seat" for a
// seat taken, ":over" or ":abandoned" for the game's end.
const notifyChannel = "waterdeep"

// OpenPostgres opens a PostgreSQL database as a Store. Each store is one
// lease holder, named at random.
func OpenPostgres(ctx context.Context, dsn string) (Store, error) {
	db, err := sql.Open("pgx", dsn)
	if err != nil {
		return nil, fmt.Errorf("store: opening PostgreSQL: %w", err)
	}
	db.SetMaxOpenConns(16)
	if err := db.PingContext(ctx); err != nil {
		db.Close()
		return nil, fmt.Errorf("store: connecting to PostgreSQL: %w", err)
	}
	var b [8]byte
	crand.Read(b[:])
	s := &sqlStore{db: db, dollar: true, instance: hex.EncodeToString(b[:])}
	if err := s.migrate(ctx); err != nil {
		db.Close()
		return nil, err
	}
	return &pgStore{sqlStore: s, dsn: dsn}, nil
}

func (s *pgStore) AcquireLeases(ctx context.Context, max int, ttl time.Duration) ([]string, error) {
	// One statement: the live games whose lease is missing or expired,
	// taken. Of two processes taking one game at once, the second waits
	// on the first's row and then finds it held (the WHERE of DO UPDATE
	// is checked again on the row as committed).
	return s.ids(ctx, `INSERT INTO leases (game_id, holder, until)
		SELECT l.game_id, $1, now() + make_interval(secs => $2) FROM live l
		LEFT JOIN leases x ON x.game_id = l.game_id
		WHERE x.game_id IS NULL OR x.until < now()
		ORDER BY random() LIMIT $3
		ON CONFLICT (game_id) DO UPDATE SET holder = EXCLUDED.holder, until = EXCLUDED.until WHERE leases.until < now()
		RETURNING game_id`, s.instance, ttl.Seconds(), max)
}

func (s *pgStore) RenewLeases(ctx context.Context, ttl time.Duration) ([]string, error) {
	return s.ids(ctx, `UPDATE leases SET until = now() + make_interval(secs => $2) WHERE holder = $1 RETURNING game_id`, s.instance, ttl.Seconds())
}

func (s *pgStore) ReleaseLeases(ctx context.Context, ids ...string) error {
	if len(ids) > 0 {
		_, err := s.db.ExecContext(ctx, `DELETE FROM leases WHERE holder = $1 AND game_id = ANY($2)`, s.instance, ids)
		return err
	}
	_, err := s.db.ExecContext(ctx, `DELETE FROM leases WHERE holder = $1`, s.instance)
	return err
}

// Listen holds a connection of its own that LISTENs on notifyChannel and
// calls changed for each notification. Whenever it (re)connects it calls
// changed("", ""): notifications sent while it was not listening are
// lost, so the server catches up every game it serves.
func (s *pgStore) Listen(ctx context.Context, changed func(game, how string)) {
	for ctx.Err() == nil {
		err := s.listenOnce(ctx, changed)
		if ctx.Err() != nil {
			return
		}
		log.Printf("store: listening for other servers' changes: %v; again in a second", err)
		select {
		case <-time.After(time.Second):
		case <-ctx.Done():
		}
	}
}

func (s *pgStore) listenOnce(ctx context.Context, changed func(game, how string)) error {
	conn, err := pgx.Connect(ctx, s.dsn)
	if err != nil {
		return err
	}
	defer conn.Close(context.Background())
	if _, err := conn.Exec(ctx, "LISTEN "+notifyChannel); err != nil {
		return err
	}
	changed("", "")
	for {
		n, err := conn.WaitForNotification(ctx)
		if err != nil {
			return err
		}
		id, how, _ := strings.Cut(n.Payload, ":")
		changed(id, how)
	}
}
