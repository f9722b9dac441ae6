package main

import (
	"bufio"
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"
)

// TestSchedulerTakesTurnsByAddress checks the order of the thinking
// slots: an address with many games waiting does not go before one that
// came later with one game; a search bot never takes the last slot.
func TestSchedulerTakesTurnsByAddress(t *testing.T) {
	s := newScheduler(1, 1)
	ctx := context.Background()
	if !s.acquire(ctx, "busy", false) {
		t.Fatal("no slot")
	}
	var mu sync.Mutex
	var order []string
	var wg sync.WaitGroup
	start := func(addr string) {
		wg.Add(1)
		ready := make(chan struct{})
		go func() {
			defer wg.Done()
			close(ready)
			s.acquire(ctx, addr, false)
			mu.Lock()
			order = append(order, addr)
			mu.Unlock()
			s.release(false)
		}()
		<-ready
		time.Sleep(5 * time.Millisecond) // queued in this order
	}
	for range 4 {
		start("stranger")
	}
	start("person")
	s.release(false)
	wg.Wait()
	if i := slices.Index(order, "person"); i > 1 {
		t.Errorf("order %v: the person's one game waited behind %d of the stranger's", order, i)
	}

	// Two slots, one for searching: a quick bot finds the other free
	// while a search thinks, however many searches wait.
	s = newScheduler(2, 1)
	s.acquire(ctx, "stranger", true)
	go s.acquire(context.Background(), "stranger", true)
	time.Sleep(5 * time.Millisecond)
	got := make(chan bool)
	go func() { got <- s.acquire(ctx, "person", false) }()
	select {
	case <-got:
	case <-time.After(time.Second):
		t.Error("a quick bot waited behind search bots with a slot free")
	}
}

// TestBotsCannotStarvePeople has strangers fill the server with games of
// search bots (the attack: four ISMCTS seats and a human seat
// they play as fast as they may) from many addresses, at the default
// limits, while a person plays against the Greedy bot: the Greedy bot's
// answer time is measured before and during the attack. The figures go
// to BENCHMARKS.md.
func TestBotsCannotStarvePeople(t *testing.T) {
	if testing.Short() {
		t.Skip("runs search bots for half a minute")
	}
	store, err := OpenSQLite(context.Background(), filepath.Join(t.TempDir(), "g.db"))
	if err != nil {
		t.Fatal(err)
	}
	o := hubOptions{Budget: time.Second, BotDelay: 400 * time.Millisecond, MaxBotSeats: 40, AddrGames: 4, AddrBotSeats: 8,
		Limits: defaultLimits, ClientIPHeader: "X-Client"}
	h, err := newHub(context.Background(), store, o)
	if err != nil {
		t.Fatal(err)
	}
	ts := newTestServerWithHub(t, h, store)
	moves := envInt("WATERDEEP_FAIR_MOVES", 20)

	// person plays against Greedy from their own address and returns the
	// times from each of their moves to the bot's answer.
	person := func(seed string, n int) []time.Duration {
		status, _, b := ts.doAs("192.0.2.1", "POST", "/api/games", "", []byte(`{"players":2,"seed":"`+seed+`","seats":["human","greedy"]}`))
		var g createResponse
		if json.Unmarshal(b, &g); status != 200 {
			t.Fatalf("create: %d %s", status, b)
		}
		// The person's page: the stream, from the person's address.
		ctx, cancel := context.WithCancel(context.Background())
		defer cancel()
		req, _ := http.NewRequestWithContext(ctx, "GET", ts.url+"/api/games/"+g.ID+"/stream", nil)
		req.Header.Set("Authorization", "Bearer "+g.Token)
		req.Header.Set("X-Client", "192.0.2.1")
		resp, err := http.DefaultClient.Do(req)
		if err != nil || resp.StatusCode != 200 {
			t.Fatalf("stream: %v %v", err, resp)
		}
		defer resp.Body.Close()
		sc := bufio.NewScanner(resp.Body)
		sc.Buffer(nil, 8<<20)
		next := func() (int, viewDoc) {
			for sc.Scan() {
				if data, ok := strings.CutPrefix(sc.Text(), "data: "); ok {
					var p payload
					json.Unmarshal([]byte(data), &p)
					return p.Index, parseView(t, p.View)
				}
			}
			t.Fatal("the stream ended")
			return 0, viewDoc{}
		}
		var times []time.Duration
		idx, v := next()
		for len(times) < n {
			if v.ToAct == nil {
				t.Fatalf("the game ended after %d answers", len(times))
			}
			if *v.ToAct != "p1" {
				idx, v = next()
				continue
			}
			status, _, b := ts.doAs("192.0.2.1", "POST", fmt.Sprintf("/api/games/%s/actions?index=%d", g.ID, idx), g.Token, v.Legal[0])
			if status != 200 {
				t.Fatalf("the person's move: %d %s", status, b)
			}
			start := time.Now()
			var after payload
			json.Unmarshal(b, &after)
			idx, v = after.Index, parseView(t, after.View)
			if v.ToAct == nil || *v.ToAct == "p1" {
				continue // the person decides again: no answer to wait for
			}
			// Until the stream shows the person to act again.
			for {
				i, w := next()
				if i <= after.Index {
					continue
				}
				idx, v = i, w
				if v.ToAct == nil || *v.ToAct == "p1" {
					break
				}
			}
			times = append(times, time.Since(start))
		}
		return times
	}
	quiet := person("1", moves)

	// The strangers: 20 addresses, each creating games of four search
	// bots and a seat of its own, and playing that seat.
	stop := make(chan struct{})
	var wg sync.WaitGroup
	var created, refused atomic.Int64
	for w := range 20 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			addr := fmt.Sprintf("198.51.100.%d", w+1)
			var mine []createResponse
			for {
				select {
				case <-stop:
					return
				default:
				}
				status, _, b := ts.doAs(addr, "POST", "/api/games", "", []byte(`{"players":5,"seats":["ismcts","ismcts","ismcts","ismcts","human"],"sit":"p5"}`))
				if status == 200 {
					var g createResponse
					json.Unmarshal(b, &g)
					mine = append(mine, g)
					created.Add(1)
				} else {
					refused.Add(1)
				}
				for _, g := range mine {
					_, _, b := ts.doAs(addr, "GET", "/api/games/"+g.ID+"/view", g.Token, nil)
					var p payload
					json.Unmarshal(b, &p)
					var v struct {
						ToAct *string           `json:"to_act"`
						Legal []json.RawMessage `json:"legal"`
					}
					json.Unmarshal(p.View, &v)
					if v.ToAct != nil && *v.ToAct == "p5" && len(v.Legal) > 0 {
						ts.doAs(addr, "POST", "/api/games/"+g.ID+"/actions", g.Token, v.Legal[0])
					}
				}
				time.Sleep(50 * time.Millisecond)
			}
		}()
	}
	time.Sleep(3 * time.Second) // the bots at work
	loaded := person("2", moves)
	close(stop)
	wg.Wait()

	q50, q95 := quantile(quiet, 0.5), quantile(quiet, 0.95)
	l50, l95 := quantile(loaded, 0.5), quantile(loaded, 0.95)
	line := fmt.Sprintf("Greedy's answer to a person, %d answers each: alone median %v p95 %v; with %d search-bot games of strangers (%d creates refused) median %v p95 %v",
		moves, q50.Round(time.Millisecond), q95.Round(time.Millisecond), created.Load(), refused.Load(), l50.Round(time.Millisecond), l95.Round(time.Millisecond))
	t.Log(line)
	if f := os.Getenv("WATERDEEP_FAIR_OUT"); f != "" {
		os.WriteFile(f, []byte(line+"\n"), 0o644)
	}
	if created.Load() < 5 {
		t.Errorf("only %d search-bot games were created: no load", created.Load())
	}
	if l95 > 2*q95+100*time.Millisecond {
		t.Errorf("under load the person's p95 is %v, over twice the unloaded %v", l95, q95)
	}
}

func quantile(ds []time.Duration, q float64) time.Duration {
	s := slices.Clone(ds)
	slices.Sort(s)
	return s[min(len(s)-1, int(q*float64(len(s))))]
}
