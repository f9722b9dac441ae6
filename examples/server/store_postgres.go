package main

import (
	"context"
	"database/sql"
	"fmt"
	"log"
	"slices"
	"strings"
	"sync"
	"time"

	"github.com/jackc/pgx/v5"
	_ "github.com/jackc/pgx/v5/stdlib" // the "pgx" database/sql driver
)

// pgStore is the Store over PostgreSQL, for several server processes
// sharing one database: each keeps the games it serves in memory, and
// two that act on one game at once race on the action's primary key,
// where one wins and the other gets ErrConflict (and catches up with
// ActionsFrom). Every write that changes a game is announced on the
// channel notifyChannel (pg_notify) once it is committed, which Listen
// hands to the server, so every process's streams follow every game live.
//
// The announcements go apart from the writes, batched by one goroutine
// (announcer): a pg_notify inside each action's transaction serializes
// every commit on PostgreSQL's notification queue lock, which cut the
// load test from 638 to 230 actions/s. A process killed between a commit
// and its announcement loses the announcement; the others' poll (every
// 10 s) catches up.
type pgStore struct {
	*sqlStore
	dsn string
}

// notifyChannel is the PostgreSQL channel of the notifications. Each
// payload is a game id: alone for a new action, followed by ":seat" for a
// seat taken, ":over" or ":abandoned" for the game's end.
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
	s := &sqlStore{db: db, dollar: true}
	if err := s.migrate(ctx); err != nil {
		db.Close()
		return nil, err
	}
	a := &announcer{db: db, wake: make(chan struct{}, 1), quit: make(chan struct{}), done: make(chan struct{})}
	go a.run()
	s.announce, s.stop = a.add, a.close
	return &pgStore{sqlStore: s, dsn: dsn}, nil
}

// announcer sends the changes it is given as notifications, every change
// waiting in one statement, as soon as the previous statement is done.
type announcer struct {
	db      *sql.DB
	mu      sync.Mutex
	pending []string
	wake    chan struct{} // buffered 1
	quit    chan struct{}
	done    chan struct{}
	once    sync.Once
}

// maxAnnounce bounds the payloads waiting: beyond it the oldest are
// dropped (the others' poll catches up), so a database that stops
// answering cannot grow them without bound.
const maxAnnounce = 100000

func (a *announcer) add(payload string) {
	a.mu.Lock()
	if len(a.pending) >= maxAnnounce {
		a.pending = a.pending[1:]
	}
	a.pending = append(a.pending, payload)
	a.mu.Unlock()
	select {
	case a.wake <- struct{}{}:
	default:
	}
}

func (a *announcer) run() {
	defer close(a.done)
	for {
		select {
		case <-a.wake:
		case <-a.quit:
			return
		}
		a.mu.Lock()
		batch := slices.Compact(a.pending) // the same game twice in a row once
		a.pending = nil
		a.mu.Unlock()
		for len(batch) > 0 {
			n := min(len(batch), 1000)
			ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
			_, err := a.db.ExecContext(ctx, `SELECT pg_notify('`+notifyChannel+`', p) FROM unnest($1::text[]) AS p`, batch[:n])
			cancel()
			if err != nil {
				log.Printf("store: announcing %d changes to other servers: %v", n, err)
			}
			batch = batch[n:]
		}
	}
}

func (a *announcer) close() {
	a.once.Do(func() { close(a.quit) })
	<-a.done
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
