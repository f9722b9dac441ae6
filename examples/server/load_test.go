package main

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"math/rand/v2"
	"net/http"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"strconv"
	"sync"
	"sync/atomic"
	"testing"
	"time"
)

// The load test plays many games at once through the HTTP API on
// loopback, each by a client that holds every seat's token and answers
// for whoever is to act with a random legal action (a Random bot on the
// client's side). It runs for a bounded time, $WATERDEEP_LOAD_SECONDS
// (default 8), with $WATERDEEP_LOAD_GAMES games (default 200) at once,
// starting a new game whenever one ends, and logs actions per second,
// the p50 and p99 latency of an action (POST to answer, stored durably)
// and memory. The server runs with the limits of its flags' defaults
// (loadOptions), each seat a client address of its own.
//
//	WATERDEEP_LOAD_SECONDS=60 go test -run TestLoad -v .
func TestLoadSQLite(t *testing.T) {
	if testing.Short() {
		t.Skip("a load test")
	}
	store, err := OpenSQLite(context.Background(), filepath.Join(t.TempDir(), "load.db"))
	if err != nil {
		t.Fatal(err)
	}
	runLoad(t, store)
}

func TestLoadPostgres(t *testing.T) {
	if testing.Short() {
		t.Skip("a load test")
	}
	store, err := OpenPostgres(context.Background(), freshPostgres(t))
	if err != nil {
		t.Fatal(err)
	}
	runLoad(t, store)
}

// loadOptions are the server's limits during the load test: the flags'
// defaults (README.md), with every seat of every game a client address of
// its own (X-Client), as people at their own computers would be.
var loadOptions = hubOptions{Budget: 50 * time.Millisecond, Limits: defaultLimits, ClientIPHeader: "X-Client",
	AddrGames: 4, AddrBotSeats: 8, MaxStreams: 2000, GameStreams: 64}

func envInt(name string, def int) int {
	if v, err := strconv.Atoi(os.Getenv(name)); err == nil && v > 0 {
		return v
	}
	return def
}

func runLoad(t *testing.T, store Store) {
	h, err := newHub(context.Background(), store, loadOptions)
	if err != nil {
		t.Fatal(err)
	}
	ts := newTestServerWithHub(t, h, store)
	games := envInt("WATERDEEP_LOAD_GAMES", 200)
	seconds := envInt("WATERDEEP_LOAD_SECONDS", 8)
	client := &http.Client{Transport: &http.Transport{MaxIdleConnsPerHost: games + 10, MaxIdleConns: games + 10}}
	callAs := func(from, method, path, token string, body []byte) (int, []byte, error) {
		req, _ := http.NewRequest(method, ts.url+path, bytes.NewReader(body))
		if req != nil && req.Method == "POST" {
			req.Header.Set("Content-Type", "application/json")
		}
		req.Header.Set("X-Client", from)
		if token != "" {
			req.Header.Set("Authorization", "Bearer "+token)
		}
		resp, err := client.Do(req)
		if err != nil {
			return 0, nil, err
		}
		defer resp.Body.Close()
		b, err := io.ReadAll(resp.Body)
		return resp.StatusCode, b, err
	}

	var (
		actions, finished atomic.Int64
		mu                sync.Mutex
		latencies         []time.Duration
		failure           atomic.Pointer[error]
		peakHeap          atomic.Uint64
	)
	fail := func(err error) { failure.CompareAndSwap(nil, &err) }
	deadline := time.Now().Add(time.Duration(seconds) * time.Second)

	// One game's client: create, join every seat, play until the game
	// ends, then start another, until the deadline.
	play := func(worker int) {
		rng := rand.New(rand.NewPCG(uint64(worker), 3))
		// Game n's seat k (from 0) plays from address 10.worker.n.k, its
		// creator holding p1.
		n := 0
		seatCall := func(seat int, method, path, token string, body []byte) (int, []byte, error) {
			return callAs(fmt.Sprintf("10.%d.%d.%d", worker%256, n%256, seat), method, path, token, body)
		}
		var lat []time.Duration
		defer func() { mu.Lock(); latencies = append(latencies, lat...); mu.Unlock() }()
		for ; time.Now().Before(deadline); n++ {
			players := 2 + (worker+n)%4
			seats := slices.Repeat([]string{"human"}, players)
			body, _ := json.Marshal(createRequest{Players: players, Seed: fmt.Sprint(worker*1000 + n), Seats: seats})
			status, b, err := seatCall(0, "POST", "/api/games", "", body)
			if err != nil || status != 200 {
				fail(fmt.Errorf("create: %v %d %s", err, status, b))
				return
			}
			// The creator holds p1; the others join.
			var sum createResponse
			json.Unmarshal(b, &sum)
			tokens := make([]string, players)
			tokens[0] = sum.Token
			for k := range players - 1 {
				status, b, err := seatCall(k+1, "POST", "/api/games/"+sum.ID+"/join", "", []byte(`{}`))
				if err != nil || status != 200 {
					fail(fmt.Errorf("join: %v %d %s", err, status, b))
					return
				}
				var j struct{ Seat, Token string }
				json.Unmarshal(b, &j)
				s, _ := strconv.Atoi(j.Seat[1:])
				tokens[s-1] = j.Token
			}
			// The view of seat p1 says who is to act.
			seat := 0
			_, b, _ = seatCall(0, "GET", "/api/games/"+sum.ID+"/view", tokens[0], nil)
			for time.Now().Before(deadline) {
				var p payload
				if err := json.Unmarshal(b, &p); err != nil {
					fail(fmt.Errorf("payload: %v", err))
					return
				}
				var v viewDoc
				json.Unmarshal(p.View, &v)
				if v.Over {
					finished.Add(1)
					break
				}
				next, _ := strconv.Atoi((*v.ToAct)[1:])
				if next-1 != seat {
					seat = next - 1
					_, b, _ = seatCall(seat, "GET", "/api/games/"+sum.ID+"/view", tokens[seat], nil)
					continue
				}
				a := v.Legal[rng.IntN(len(v.Legal))]
				start := time.Now()
				status, b, err = seatCall(seat, "POST", "/api/games/"+sum.ID+"/actions?index="+strconv.Itoa(p.Index), tokens[seat], a)
				lat = append(lat, time.Since(start))
				if err != nil || status != 200 {
					fail(fmt.Errorf("action: %v %d %s", err, status, b))
					return
				}
				actions.Add(1)
			}
		}
	}

	stopSampling := make(chan struct{})
	go func() {
		var ms runtime.MemStats
		for {
			select {
			case <-stopSampling:
				return
			case <-time.After(250 * time.Millisecond):
			}
			runtime.ReadMemStats(&ms)
			if ms.HeapInuse > peakHeap.Load() {
				peakHeap.Store(ms.HeapInuse)
			}
		}
	}()
	start := time.Now()
	var wg sync.WaitGroup
	for w := 0; w < games; w++ {
		wg.Add(1)
		go func() { defer wg.Done(); play(w) }()
	}
	wg.Wait()
	elapsed := time.Since(start)
	close(stopSampling)
	if err := failure.Load(); err != nil {
		t.Fatal(*err)
	}
	if len(latencies) == 0 {
		t.Fatal("no action was taken")
	}
	slices.Sort(latencies)
	pct := func(p float64) time.Duration { return latencies[int(p*float64(len(latencies)-1))] }
	var ms runtime.MemStats
	runtime.ReadMemStats(&ms)
	t.Logf("limits: %+v", h.o)
	t.Logf("%d concurrent games for %.1fs on %d cores: %d actions (%.0f/s), %d games finished; action latency p50 %v, p99 %v, max %v; heap in use peak %.1f MiB, Go memory from the OS %.1f MiB; %d games in memory",
		games, elapsed.Seconds(), runtime.GOMAXPROCS(0), actions.Load(), float64(actions.Load())/elapsed.Seconds(), finished.Load(),
		pct(0.5).Round(10*time.Microsecond), pct(0.99).Round(10*time.Microsecond), latencies[len(latencies)-1].Round(time.Millisecond),
		float64(peakHeap.Load())/(1<<20), float64(ms.Sys)/(1<<20), len(ts.hub.list()))
}
