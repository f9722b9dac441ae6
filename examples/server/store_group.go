package main

import (
	"context"
	"errors"
	"fmt"
	"sync"
)

// groupCommit writes the actions that arrive while a commit is under way
// together, in the next transaction: with SQLite's one writer and an
// fsync per commit, it turns "one action per fsync" into "every waiting
// action per fsync". Each caller still returns only once its action is
// committed, so nothing is acknowledged before it is durable.
type groupCommit struct {
	s    *sqlStore
	reqs chan appendReq
	quit chan struct{}
	done sync.WaitGroup
	once sync.Once
}

type appendReq struct {
	game   string
	index  int
	action []byte
	reply  chan error
}

// maxGroup bounds the actions in one transaction.
const maxGroup = 512

func newGroupCommit(s *sqlStore) *groupCommit {
	g := &groupCommit{s: s, reqs: make(chan appendReq), quit: make(chan struct{})}
	g.done.Add(1)
	go g.run()
	return g
}

var errStoreClosed = errors.New("store: closed")

func (g *groupCommit) append(ctx context.Context, game string, index int, action []byte) error {
	r := appendReq{game, index, action, make(chan error, 1)}
	select {
	case g.reqs <- r:
	case <-g.quit:
		return errStoreClosed
	case <-ctx.Done():
		return ctx.Err()
	}
	// Once handed over the write happens whatever the caller's context
	// says: wait for its outcome, so the answer is never a guess.
	return <-r.reply
}

func (g *groupCommit) run() {
	defer g.done.Done()
	for {
		var first appendReq
		select {
		case first = <-g.reqs:
		case <-g.quit:
			return
		}
		batch := []appendReq{first}
	drain:
		for len(batch) < maxGroup {
			select {
			case r := <-g.reqs:
				batch = append(batch, r)
			default:
				break drain
			}
		}
		g.commit(batch)
	}
}

// commit writes a batch in one transaction. An action whose slot is taken
// (by an earlier one in the batch too) gets ErrConflict and the others are
// unaffected; if the transaction fails, every action in it gets the error.
func (g *groupCommit) commit(batch []appendReq) {
	results := make([]error, len(batch))
	err := func() error {
		tx, err := g.s.db.Begin()
		if err != nil {
			return err
		}
		defer tx.Rollback()
		stmt, err := tx.Prepare(g.s.q(`INSERT INTO actions (game_id, idx, action) VALUES (?, ?, ?) ON CONFLICT DO NOTHING`))
		if err != nil {
			return err
		}
		defer stmt.Close()
		for i, r := range batch {
			res, err := stmt.Exec(r.game, r.index, string(r.action))
			if err != nil {
				return err
			}
			if n, err := res.RowsAffected(); err != nil {
				return err
			} else if n == 0 {
				results[i] = ErrConflict
			}
		}
		return tx.Commit()
	}()
	for i, r := range batch {
		if err != nil {
			r.reply <- fmt.Errorf("store: %w", err)
		} else {
			r.reply <- results[i]
		}
	}
}

func (g *groupCommit) close() {
	g.once.Do(func() { close(g.quit) })
	g.done.Wait()
}
