package main

import (
	"context"
	"sync"
)

// scheduler hands out the thinking slots of the bots: at most `slots`
// bots choose a move at once, `search` of them searching (ISMCTS, which
// thinks for its whole budget), so that a search never holds the last
// slot and a quick bot (random, greedy) never waits behind one.
//
// Waiting bots are served fairly: round-robin between the addresses that
// created their games, and first come first served within an address.
// A game has at most one bot waiting (its bots play one after another)
// and queues again behind its address's other games after each move, so
// within an address the games take turns too. Someone who fills the
// server with search-bot games gets one turn in each round, as does a
// person playing one game.
type scheduler struct {
	mu           sync.Mutex
	free, search int          // slots free, search slots free
	queues       []*addrQueue // the addresses with bots waiting, in turn order
	byAddr       map[string]*addrQueue
	next         int // the queue whose turn it is
}

type addrQueue struct {
	addr    string
	waiting []*waiter
}

type waiter struct {
	search bool
	ready  chan struct{} // closed when the slot is granted
}

func newScheduler(slots, search int) *scheduler {
	return &scheduler{free: slots, search: min(search, slots), byAddr: map[string]*addrQueue{}}
}

// acquire waits for a slot for a bot of a game created from addr; search
// says it is a search bot. It returns false if ctx ended first (and then
// holds no slot). A slot taken is given back with release.
func (s *scheduler) acquire(ctx context.Context, addr string, search bool) bool {
	s.mu.Lock()
	if len(s.queues) == 0 && s.free > 0 && (!search || s.search > 0) {
		s.take(search)
		s.mu.Unlock()
		return true
	}
	w := &waiter{search: search, ready: make(chan struct{})}
	q := s.byAddr[addr]
	if q == nil {
		q = &addrQueue{addr: addr}
		s.byAddr[addr] = q
		// A new address goes last in this round.
		s.queues = append(s.queues, nil)
		copy(s.queues[s.next+1:], s.queues[s.next:])
		s.queues[s.next] = q
		if len(s.queues) > 1 {
			s.next++
		}
	}
	q.waiting = append(q.waiting, w)
	s.dispatch()
	s.mu.Unlock()
	select {
	case <-w.ready:
		return true
	case <-ctx.Done():
		s.mu.Lock()
		defer s.mu.Unlock()
		select {
		case <-w.ready: // granted meanwhile: give it back
			s.give(search)
		default:
			s.remove(q, w)
		}
		return false
	}
}

// release gives back a slot taken by acquire.
func (s *scheduler) release(search bool) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.give(search)
}

func (s *scheduler) take(search bool) {
	s.free--
	if search {
		s.search--
	}
}

func (s *scheduler) give(search bool) {
	s.free++
	if search {
		s.search++
	}
	s.dispatch()
}

// dispatch grants the free slots to the waiting bots, one address after
// another from the one whose turn it is; an address's first bot that may
// run now (a search bot waits while the search slots are taken) goes.
func (s *scheduler) dispatch() {
	for s.free > 0 && len(s.queues) > 0 {
		granted := false
		for range len(s.queues) {
			if s.next >= len(s.queues) {
				s.next = 0
			}
			q := s.queues[s.next]
			i := 0
			for i < len(q.waiting) && q.waiting[i].search && s.search == 0 {
				i++
			}
			if i == len(q.waiting) {
				s.next++
				continue
			}
			w := q.waiting[i]
			s.take(w.search)
			close(w.ready)
			q.waiting = append(q.waiting[:i], q.waiting[i+1:]...)
			if len(q.waiting) == 0 {
				s.drop(s.next)
			} else {
				s.next++
			}
			granted = true
			break
		}
		if !granted {
			return // only search bots wait, and no search slot is free
		}
	}
}

// drop removes the queue at i (empty now); the turn stays at i, which is
// now the next address.
func (s *scheduler) drop(i int) {
	delete(s.byAddr, s.queues[i].addr)
	s.queues = append(s.queues[:i], s.queues[i+1:]...)
}

func (s *scheduler) remove(q *addrQueue, w *waiter) {
	for i, x := range q.waiting {
		if x == w {
			q.waiting = append(q.waiting[:i], q.waiting[i+1:]...)
			break
		}
	}
	if len(q.waiting) == 0 && s.byAddr[q.addr] == q {
		for i, x := range s.queues {
			if x == q {
				s.drop(i)
				if s.next > i {
					s.next--
				}
				break
			}
		}
	}
	s.dispatch()
}
