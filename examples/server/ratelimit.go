package main

import (
	"math"
	"net"
	"net/http"
	"net/netip"
	"strings"
	"sync"
	"time"
)

// rateLimits are the requests each client address may make per minute,
// by kind; 0 is no limit. A client may spend a whole minute's allowance at
// once (a burst), then gets 429 with Retry-After until it refills.
type rateLimits struct {
	Create int // POST /api/games
	Join   int // POST /api/games/{id}/join
	Act    int // POST /api/games/{id}/actions
	Stream int // GET /api/games/{id}/stream, opened
	// Read counts the other GETs of the API (the lobby, a game, a view,
	// the catalog, the record): an ended game not in memory is replayed
	// from the store to answer one.
	Read int
	// Streams bounds the streams one address holds open at once (0: no
	// limit).
	Streams int
}

// defaultLimits are the flags' defaults: generous for a person at a
// table (a game is a few hundred actions over half an hour), tight for a
// script.
var defaultLimits = rateLimits{Create: 10, Join: 30, Act: 300, Stream: 60, Streams: 16, Read: 600}

// limiter is a token bucket per client address for one kind of request.
// Buckets untouched long enough to be full again are swept, and there are
// at most maxClients of them, so a flood from many addresses cannot grow
// it without bound.
type limiter struct {
	perMinute int
	mu        sync.Mutex
	buckets   map[string]*bucket
	lastSweep time.Time
}

type bucket struct {
	tokens float64
	at     time.Time
}

// maxClients bounds the addresses a limiter remembers; beyond it, a new
// address is refused until old buckets refill and are swept.
const maxClients = 100000

func newLimiter(perMinute int) *limiter {
	if perMinute <= 0 {
		return nil
	}
	return &limiter{perMinute: perMinute, buckets: map[string]*bucket{}}
}

// allow takes one request from client's bucket; if it is empty it returns
// false and the whole seconds until a request would be allowed. A nil
// limiter allows everything.
func (l *limiter) allow(client string, now time.Time) (bool, int) {
	if l == nil {
		return true, 0
	}
	l.mu.Lock()
	defer l.mu.Unlock()
	rate := float64(l.perMinute) / 60 // tokens per second
	if now.Sub(l.lastSweep) > time.Minute || len(l.buckets) >= maxClients {
		l.sweep(now, rate)
	}
	b := l.buckets[client]
	if b == nil {
		if len(l.buckets) >= maxClients {
			return false, 60
		}
		b = &bucket{tokens: float64(l.perMinute), at: now}
		l.buckets[client] = b
	}
	b.tokens = math.Min(float64(l.perMinute), b.tokens+now.Sub(b.at).Seconds()*rate)
	b.at = now
	if b.tokens >= 1 {
		b.tokens--
		return true, 0
	}
	return false, int(math.Ceil((1 - b.tokens) / rate))
}

// sweep forgets the buckets that have refilled: they hold nothing a new
// bucket would not.
func (l *limiter) sweep(now time.Time, rate float64) {
	l.lastSweep = now
	for k, b := range l.buckets {
		if b.tokens+now.Sub(b.at).Seconds()*rate >= float64(l.perMinute) {
			delete(l.buckets, k)
		}
	}
}

// counter counts what each client address holds open (streams), up to a
// bound per address.
type counter struct {
	max int
	mu  sync.Mutex
	n   map[string]int
}

// acquire takes one for client, or says no at the bound. A nil counter
// allows everything.
func (c *counter) acquire(client string) bool {
	if c == nil {
		return true
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.n[client] >= c.max {
		return false
	}
	c.n[client]++
	return true
}

func (c *counter) release(client string) {
	if c == nil {
		return
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.n[client]--; c.n[client] <= 0 {
		delete(c.n, client)
	}
}

// clientAddr returns the address a request's limits are counted against:
// the connection's, or the last entry of header (set by a trusted reverse
// proxy) when one is named. An IPv6 address counts as its /64, which is
// what one subscriber usually holds.
func clientAddr(r *http.Request, header string) string {
	s := ""
	if header != "" {
		v := r.Header.Get(header)
		if i := strings.LastIndexByte(v, ','); i >= 0 {
			v = v[i+1:]
		}
		s = strings.TrimSpace(v)
	}
	if s == "" {
		host, _, err := net.SplitHostPort(r.RemoteAddr)
		if err != nil {
			host = r.RemoteAddr
		}
		s = host
	}
	a, err := netip.ParseAddr(s)
	if err != nil {
		return s
	}
	a = a.Unmap()
	if a.Is6() {
		p, _ := a.Prefix(64)
		return p.String()
	}
	return a.String()
}

// limits are the limiters of a server, one per kind of request.
type limits struct {
	create, join, act, stream, read *limiter
	streams                         *counter
	header                          string
}

func newLimits(o hubOptions) *limits {
	l := &limits{create: newLimiter(o.Limits.Create), join: newLimiter(o.Limits.Join), act: newLimiter(o.Limits.Act),
		stream: newLimiter(o.Limits.Stream), read: newLimiter(o.Limits.Read), header: o.ClientIPHeader}
	if o.Limits.Streams > 0 {
		l.streams = &counter{max: o.Limits.Streams, n: map[string]int{}}
	}
	return l
}

// check takes a request from l for r's client, or returns the 429 to
// answer.
func (ls *limits) check(l *limiter, r *http.Request) error {
	if l == nil {
		return nil
	}
	if ok, wait := l.allow(clientAddr(r, ls.header), time.Now()); !ok {
		return &httpError{status: 429, msg: "too many requests from your address; wait and try again", retryAfter: max(wait, 1)}
	}
	return nil
}
