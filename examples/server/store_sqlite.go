package main

import (
	"context"
	"database/sql"
	"fmt"
	"net/url"

	_ "modernc.org/sqlite" // pure Go: no C compiler needed
)

// OpenSQLite opens (creating if needed) a SQLite database file as a Store.
// It is the embedded default: one server process per file. The journal is
// a write-ahead log with synchronous=FULL, so a committed action survives
// the process being killed and the machine losing power.
func OpenSQLite(ctx context.Context, path string) (Store, error) {
	v := url.Values{}
	v.Add("_pragma", "journal_mode(WAL)")
	v.Add("_pragma", "synchronous(FULL)")
	v.Add("_pragma", "busy_timeout(10000)")
	v.Add("_pragma", "foreign_keys(ON)")
	db, err := sql.Open("sqlite", "file:"+path+"?"+v.Encode())
	if err != nil {
		return nil, fmt.Errorf("store: opening %s: %w", path, err)
	}
	// SQLite has one writer at a time; one connection avoids SQLITE_BUSY
	// between the pool's own connections. Actions, the one frequent
	// write, are committed in groups (see groupCommit): one fsync for
	// every action waiting, not one each.
	db.SetMaxOpenConns(1)
	s := &sqlStore{db: db}
	if err := s.migrate(ctx); err != nil {
		db.Close()
		return nil, err
	}
	s.group = newGroupCommit(s)
	return s, nil
}
