package main

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"path/filepath"
	"runtime"
	"sync"
	"sync/atomic"
	"testing"
	"time"
)

// doAs sends a request as if from client address addr (the test server
// trusts X-Client for it) and returns the status, Retry-After and body.
func (ts *testServer) doAs(addr, method, path, token string, body []byte) (int, string, []byte) {
	req, _ := http.NewRequest(method, ts.url+path, bytes.NewReader(body))
	if req != nil && req.Method == "POST" {
		req.Header.Set("Content-Type", "application/json")
	}
	req.Header.Set("X-Client", addr)
	if token != "" {
		req.Header.Set("Authorization", "Bearer "+token)
	}
	resp, err := ts.httpClient().Do(req)
	if err != nil {
		return 0, "", nil
	}
	defer resp.Body.Close()
	b, _ := io.ReadAll(resp.Body)
	return resp.StatusCode, resp.Header.Get("Retry-After"), b
}

// TestFloodKeepsGamesServed floods a server with the default limits: one
// address creating, joining, acting and opening streams as fast as it
// can, and hundreds of addresses each creating games (bots only, with the
// searching bot, where they may). Meanwhile two people play their game
// from their own address. The flood gets 429 with Retry-After (and 503
// once the live games reach -max-games), the people's every action is
// answered promptly, and the server's memory stays bounded.
func TestFloodKeepsGamesServed(t *testing.T) {
	store, err := OpenSQLite(context.Background(), filepath.Join(t.TempDir(), "g.db"))
	if err != nil {
		t.Fatal(err)
	}
	const maxGames, maxBotSeats = 40, 4
	h, err := newHub(context.Background(), store, hubOptions{Budget: 200 * time.Millisecond, MaxGames: maxGames,
		MaxBotSeats: maxBotSeats, MaxThinking: 1, Limits: defaultLimits, ClientIPHeader: "X-Client"})
	if err != nil {
		t.Fatal(err)
	}
	ts := newTestServerWithHub(t, h, store)
	runtime.GC()
	var before runtime.MemStats
	runtime.ReadMemStats(&before)

	// The people's game.
	status, _, b := ts.doAs("192.0.2.1", "POST", "/api/games", "", []byte(`{"players":2,"seed":"6","seats":["human","human"]}`))
	var g createResponse
	if json.Unmarshal(b, &g); status != 200 {
		t.Fatalf("create: %d %s", status, b)
	}
	status, _, b = ts.doAs("192.0.2.2", "POST", "/api/games/"+g.ID+"/join", "", []byte(`{}`))
	var j joinResponse
	if json.Unmarshal(b, &j); status != 200 {
		t.Fatalf("join: %d %s", status, b)
	}
	tb := table{ts: ts, id: g.ID, tokens: []string{g.Token, j.Token}}

	stop := make(chan struct{})
	var wg sync.WaitGroup
	var tooMany, retryAfter, full, created atomic.Int64
	count := func(status int, retry string) {
		switch status {
		case 429:
			tooMany.Add(1)
			if retry != "" {
				retryAfter.Add(1)
			}
		case 503:
			full.Add(1)
		case 200:
			created.Add(1)
		}
	}
	// One address doing everything as fast as it can.
	wg.Add(1)
	go func() {
		defer wg.Done()
		for i := 0; ; i++ {
			select {
			case <-stop:
				return
			default:
			}
			switch i % 4 {
			case 0:
				s, r, _ := ts.doAs("203.0.113.9", "POST", "/api/games", "", []byte(`{"players":2,"seats":["human","human"]}`))
				count(s, r)
			case 1:
				s, r, _ := ts.doAs("203.0.113.9", "POST", "/api/games/"+g.ID+"/join", "", []byte(`{}`))
				count(s, r)
			case 2:
				s, r, _ := ts.doAs("203.0.113.9", "POST", "/api/games/"+g.ID+"/actions", g.Token, []byte(`"pass"`))
				count(s, r)
			case 3:
				s, r, _ := ts.doAs("203.0.113.9", "GET", "/api/games/"+g.ID+"/stream?events_from=999999", "nope", nil)
				count(s, r)
			}
		}
	}()
	// Many addresses, each creating games of searching bots.
	for w := range 4 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := 0; ; i++ {
				select {
				case <-stop:
					return
				default:
				}
				addr := fmt.Sprintf("198.51.%d.%d", w, i%250)
				body := `{"players":2,"seats":["human","ismcts"],"sit":"none"}`
				if i%2 == 0 {
					body = `{"players":2,"seats":["ismcts","ismcts"]}`
				}
				s, r, _ := ts.doAs(addr, "POST", "/api/games", "", []byte(body))
				count(s, r)
			}
		}()
	}

	// The people play on, from their own addresses.
	var slowest time.Duration
	for range 30 {
		seat, legal := tb.toAct(t)
		start := time.Now()
		status, _, b := ts.doAs(fmt.Sprintf("192.0.2.%d", seat+1), "POST", "/api/games/"+g.ID+"/actions", tb.tokens[seat], legal[0])
		if status != 200 {
			t.Fatalf("a player's action during the flood: %d %s", status, b)
		}
		slowest = max(slowest, time.Since(start))
	}
	close(stop)
	wg.Wait()
	if slowest > time.Second {
		t.Errorf("the slowest of the people's actions took %v during the flood", slowest)
	}
	if tooMany.Load() == 0 || retryAfter.Load() != tooMany.Load() {
		t.Errorf("%d answers 429, %d of them with Retry-After; want some, all with it", tooMany.Load(), retryAfter.Load())
	}
	if full.Load() == 0 {
		t.Errorf("no create was refused with 503 (%d created)", created.Load())
	}
	live, bots := 0, 0
	for _, g := range h.list() {
		if g.summary().Ended == "" {
			live++
			bots += g.setup.botSeats()
		}
	}
	if live > maxGames || bots > maxBotSeats {
		t.Errorf("%d live games (limit %d), %d bot seats (limit %d)", live, maxGames, bots, maxBotSeats)
	}
	runtime.GC()
	var after runtime.MemStats
	runtime.ReadMemStats(&after)
	grown := int64(after.HeapAlloc) - int64(before.HeapAlloc)
	t.Logf("flood: %d created, %d answered 429, %d answered 503; %d live games; heap grew %.1f MiB; slowest action %v",
		created.Load(), tooMany.Load(), full.Load(), live, float64(grown)/(1<<20), slowest)
	if grown > 64<<20 {
		t.Errorf("the heap grew by %d MiB during the flood", grown>>20)
	}
}
