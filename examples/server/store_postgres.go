package main

import (
	"context"
	"database/sql"
	"fmt"
	"log"
	"strings"
	"time"

	"github.com/jackc/pgx/v5"
	_ "github.com/jackc/pgx/v5/stdlib" // the "pgx" database/sql driver
)

// pgStore is the Store over PostgreSQL, for several server processes
// sharing one database: each keeps the games it serves in memory, and
// two that act on one game at once race on the action's primary key,
// where one wins and the other gets ErrConflict (and catches up with
// ActionsFrom). Every write that changes a game sends a notification on
// the channel notifyChannel (pg_notify, in the same statement, so it is
// sent exactly when the write commits), which Listen hands to the server,
// so every process's streams follow every game live.
type pgStore struct {
	*sqlStore
	dsn string
}

// notifyChannel is the PostgreSQL channel of the notifications. Each
// payload is a game id, followed by ":over" or ":abandoned" when it says
// the game ended.
const notifyChannel = "waterdeep"

// OpenPostgres opens a PostgreSQL database as a Store.
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
	s := &sqlStore{db: db, dollar: true, notify: true}
	if err := s.migrate(ctx); err != nil {
		db.Close()
		return nil, err
	}
	return &pgStore{sqlStore: s, dsn: dsn}, nil
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
