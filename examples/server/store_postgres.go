package main

import (
	"context"
	"database/sql"
	"fmt"

	_ "github.com/jackc/pgx/v5/stdlib" // the "pgx" database/sql driver
)

// OpenPostgres opens a PostgreSQL database as a Store, for several server
// processes sharing one database: each keeps the games it serves in
// memory, and two that act on one game at once race on the action's
// primary key, where one wins and the other gets ErrConflict (and catches
// up with ActionsFrom).
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
	return s, nil
}
