package main

import (
	"context"
	"database/sql"
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"net/http/httputil"
	"net/url"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/waterdeep-go/waterdeep"
)

// instance is one server process's worth in a test: a hub over its own
// PostgreSQL store (its own lease holder), and its HTTP server.
type instance struct {
	hub   *hub
	store Store
	srv   *httptest.Server
	dead  atomic.Bool
	once  sync.Once
}

// newInstance starts an instance over the database dsn.
func newInstance(t *testing.T, dsn string, o hubOptions) *instance {
	t.Helper()
	store, err := OpenPostgres(context.Background(), dsn)
	if err != nil {
		t.Fatal(err)
	}
	o.Shared = true
	h, err := newHub(context.Background(), store, o)
	if err != nil {
		t.Fatal(err)
	}
	in := &instance{hub: h, store: store, srv: httptest.NewServer(newServer(h))}
	t.Cleanup(func() { in.stop(true) })
	return in
}

// stop ends the instance: cleanly (its leases given up), or as a killed
// process would end, its leases left to expire.
func (in *instance) stop(clean bool) {
	in.once.Do(func() {
		in.dead.Store(true)
		in.srv.CloseClientConnections()
		in.srv.Close()
		if clean {
			in.hub.close()
		} else {
			in.hub.cancel()
			in.hub.wg.Wait()
		}
		in.store.Close()
	})
}

// holds returns the games whose lease the instance holds.
func (in *instance) holds() []string {
	in.hub.mu.Lock()
	defer in.hub.mu.Unlock()
	var ids []string
	for id := range in.hub.held {
		ids = append(ids, id)
	}
	return ids
}

// roundRobin is a load balancer: each request goes to the next instance
// alive, as a proxy with health checks would send it.
func roundRobin(t *testing.T, ins []*instance) *testServer {
	var n atomic.Int64
	proxies := make([]*httputil.ReverseProxy, len(ins))
	for i, in := range ins {
		u, _ := url.Parse(in.srv.URL)
		proxies[i] = httputil.NewSingleHostReverseProxy(u)
		proxies[i].FlushInterval = -1
	}
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		for range len(ins) {
			i := int(n.Add(1)) % len(ins)
			if !ins[i].dead.Load() {
				proxies[i].ServeHTTP(w, r)
				return
			}
		}
		http.Error(w, "no instance alive", http.StatusBadGateway)
	}))
	t.Cleanup(srv.Close)
	return &testServer{t: t, url: srv.URL}
}

// storedGame reads a game from the database itself.
func storedGame(t *testing.T, dsn, id string) StoredGame {
	t.Helper()
	s, err := OpenPostgres(context.Background(), dsn)
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	sg, err := s.Game(context.Background(), id)
	if err != nil {
		t.Fatal(err)
	}
	return sg
}

// TestClusterFailover runs three instances on one PostgreSQL database
// behind a round-robin proxy, plays whole games with bots (and a person
// in most, acting through the proxy, so each request may reach any
// instance), kills the instance holding the most games mid-game without
// letting it give up its leases, and checks that every game finishes with
// every move made once: the actions are one unbroken sequence that
// replays to the end, every bot move stored was stored by one instance
// that tried it once (no bot move refused because another instance had
// made it), and the dead instance's games went on within seconds.
func TestClusterFailover(t *testing.T) {
	if testing.Short() {
		t.Skip("plays whole games on three instances")
	}
	dsn := freshPostgres(t)
	const ttl = time.Second
	o := hubOptions{Budget: 30 * time.Millisecond, LeaseTTL: ttl}
	ins := []*instance{newInstance(t, dsn, o), newInstance(t, dsn, o), newInstance(t, dsn, o)}
	lb := roundRobin(t, ins)

	type played struct {
		id    string
		token string // the person's, "" for a game of bots only
		seat  string
	}
	var games []played
	for i := range 6 {
		seats := []string{"human", "greedy", "random"}
		if i%3 == 2 {
			seats = []string{"greedy", "random", "greedy"}
		}
		r := lb.createSeated(createRequest{Players: 3, Seed: fmt.Sprint(100 + i), Seats: seats})
		games = append(games, played{r.ID, r.Token, r.Seat})
	}
	// The people act through the proxy until their games are over.
	var wg sync.WaitGroup
	errs := make(chan error, len(games))
	for _, g := range games {
		if g.token == "" {
			continue
		}
		wg.Add(1)
		go func() {
			defer wg.Done()
			deadline := time.Now().Add(3 * time.Minute)
			for time.Now().Before(deadline) {
				status, b, err := httpDo("GET", lb.url+"/api/games/"+g.id+"/view", g.token, nil)
				if err != nil || status != 200 {
					time.Sleep(20 * time.Millisecond) // an instance died under the request
					continue
				}
				var p struct {
					Index int             `json:"index"`
					Ended string          `json:"ended"`
					View  json.RawMessage `json:"view"`
				}
				json.Unmarshal(b, &p)
				if p.Ended != "" {
					return
				}
				v := parseView(t, p.View)
				if v.ToAct == nil || *v.ToAct != g.seat || len(v.Legal) == 0 {
					time.Sleep(5 * time.Millisecond)
					continue
				}
				httpDo("POST", fmt.Sprintf("%s/api/games/%s/actions?index=%d", lb.url, g.id, p.Index), g.token, v.Legal[0])
			}
			errs <- fmt.Errorf("game %s: not over after 3 minutes", g.id)
		}()
	}

	// Mid-game, kill the instance holding the most games.
	db, err := sql.Open("pgx", dsn)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	for {
		var n int
		db.QueryRow(`SELECT COUNT(*) FROM actions`).Scan(&n)
		if n >= 150 {
			break
		}
		time.Sleep(10 * time.Millisecond)
	}
	victim := ins[0]
	for _, in := range ins {
		if len(in.holds()) > len(victim.holds()) {
			victim = in
		}
	}
	orphans := victim.holds()
	if len(orphans) == 0 {
		t.Fatal("no instance holds a game")
	}
	progress := map[string]int{}
	for _, id := range orphans {
		var n int
		db.QueryRow(`SELECT COUNT(*) FROM actions WHERE game_id = $1`, id).Scan(&n)
		progress[id] = n
	}
	killed := time.Now()
	victim.stop(false)
	var victimMoves = victim.hub.botMoves.Load()
	// Each of its games moves again (or ends) on another instance.
	var takeover time.Duration
	for id, n := range progress {
		for {
			var m, ended int
			db.QueryRow(`SELECT COUNT(*) FROM actions WHERE game_id = $1`, id).Scan(&m)
			db.QueryRow(`SELECT COUNT(*) FROM ended WHERE game_id = $1`, id).Scan(&ended)
			if m > n+1 || ended > 0 {
				break
			}
			if time.Since(killed) > 15*time.Second {
				t.Fatalf("game %s made no move in 15 s after its instance died", id)
			}
			time.Sleep(5 * time.Millisecond)
		}
		takeover = max(takeover, time.Since(killed))
	}
	t.Logf("killed the instance holding %d of %d games after 150 moves; all of them moving again %v later (lease %v)", len(orphans), len(games), takeover.Round(time.Millisecond), ttl)
	if takeover > 3*ttl+time.Second {
		t.Errorf("takeover took %v, want within a few seconds (lease %v)", takeover, ttl)
	}

	// Every game ends, its moves one unbroken sequence played to the end.
	for _, g := range games {
		if g.token != "" {
			continue
		}
		for deadline := time.Now().Add(3 * time.Minute); ; time.Sleep(20 * time.Millisecond) {
			var ended int
			db.QueryRow(`SELECT COUNT(*) FROM ended WHERE game_id = $1`, g.id).Scan(&ended)
			if ended > 0 {
				break
			}
			if time.Now().After(deadline) {
				t.Fatalf("game %s of bots not over after 3 minutes", g.id)
			}
		}
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		t.Error(err)
	}
	botActions := 0
	for _, g := range games {
		sg := storedGame(t, dsn, g.id)
		if sg.Ended != EndedOver {
			t.Errorf("game %s ended %q, want over", g.id, sg.Ended)
		}
		rec, err := sg.record()
		if err != nil {
			t.Fatal(err)
		}
		s, _, err := waterdeep.Replay(rec)
		if err != nil || !s.Over() {
			t.Errorf("game %s: its %d stored moves replay to over=%v: %v", g.id, len(sg.Actions), s.Over(), err)
		}
		for _, a := range rec.Actions {
			if sg.Setup.Seats[a.Actor()] != "human" {
				botActions++
			}
		}
	}
	var moves, conflicts int64
	for _, in := range ins {
		if in != victim {
			moves += in.hub.botMoves.Load()
		}
		conflicts += in.hub.botConflicts.Load()
	}
	moves += victimMoves
	// A move the killed instance was storing when it died may be stored
	// without its knowing (at most one per game it held).
	t.Logf("%d bot moves stored, by the instances' count %d (the killed one's in flight not counted); %d refused as made by another instance", botActions, moves, conflicts)
	if moves > int64(botActions) || moves < int64(botActions-len(orphans)) || conflicts != 0 {
		t.Errorf("the instances stored %d bot moves and had %d refused, for %d bot moves in the games: a move was made twice", moves, conflicts, botActions)
	}
}

// TestOneServiceAcrossInstances checks what must hold across instances
// on one database: a game's bots run on the instance holding its lease
// only, however many others show it; the lobby of each lists the games
// created on any; the caps and each address's quota count every
// instance's games; and a move committed by a process that dies at once
// still reaches the others' streams at once (its notice is part of its
// transaction), not at the 10-second poll.
func TestOneServiceAcrossInstances(t *testing.T) {
	dsn := freshPostgres(t)
	o := hubOptions{Budget: 30 * time.Millisecond, MaxGames: 5, AddrGames: 3, ClientIPHeader: "X-Client"}
	a, b := newInstance(t, dsn, o), newInstance(t, dsn, o)
	ta, tb := &testServer{t: t, url: a.srv.URL}, &testServer{t: t, url: b.srv.URL}

	// A game of bots created on a, watched and streamed on b.
	id := ta.create(createRequest{Players: 3, Seed: "5", Seats: []string{"greedy", "random", "greedy"}})
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	updates := streamIndexes(ctx, t, b.srv.URL, id, "")
	for deadline := time.Now().Add(2 * time.Minute); ; {
		var p struct{ Ended string }
		_, body := tb.do("GET", "/api/games/"+id+"/view", "", nil)
		json.Unmarshal(body, &p)
		if p.Ended != "" {
			break
		}
		if time.Now().After(deadline) {
			t.Fatal("the game of bots did not end")
		}
		time.Sleep(10 * time.Millisecond)
	}
	for range updates {
	}
	if n := b.hub.botMoves.Load(); n != 0 {
		t.Errorf("instance b, which only showed the game, made %d of its bots' moves", n)
	}
	if n, total := a.hub.botMoves.Load(), len(storedGame(t, dsn, id).Actions); n != int64(total) {
		t.Errorf("instance a made %d bot moves of %d", n, total)
	}

	// A move stored by a process that dies right after its commit.
	g := tb.createSeated(createRequest{Players: 2, Seed: "9", Seats: []string{"human", "human"}, Sit: "p1"})
	if g.ID == "" {
		t.Fatal("no game")
	}
	updates = streamIndexes(ctx, t, b.srv.URL, g.ID, g.Token)
	<-updates
	legal := parseView(t, tb.view(g.ID, g.Token).View).Legal
	store, err := OpenPostgres(context.Background(), dsn)
	if err != nil {
		t.Fatal(err)
	}
	start := time.Now()
	if err := store.AppendAction(context.Background(), g.ID, 0, legal[0], false); err != nil {
		t.Fatal(err)
	}
	store.Close() // the process is gone: nothing of it sends anything more
	select {
	case idx := <-updates:
		if idx != 1 {
			t.Errorf("the stream shows index %d, want 1", idx)
		}
		t.Logf("a move committed by a process that then died reached another's stream in %v", time.Since(start).Round(time.Millisecond))
	case <-time.After(3 * time.Second):
		t.Error("a move committed by a process that then died did not reach another instance's stream within 3 s")
	}

	// The lobby and the caps are the service's.
	doAs := func(ts *testServer, addr string, body string) (int, []byte) {
		s, _, b := ts.doAs(addr, "POST", "/api/games", "", []byte(body))
		return s, b
	}
	const private = `{"players":2,"seats":["human","human"],"sit":"none","private":true}`
	const public = `{"players":2,"seats":["human","human"],"sit":"none"}`
	s, body := doAs(ta, "192.0.2.7", public)
	if s != 200 {
		t.Fatalf("create on a: %d %s", s, body)
	}
	var created gameSummary
	json.Unmarshal(body, &created)
	var lobby []gameSummary
	_, body = tb.do("GET", "/api/games", "", nil)
	json.Unmarshal(body, &lobby)
	if len(lobby) == 0 || lobby[0].ID != created.ID {
		t.Errorf("the lobby of b right after a game was created on a: %+v, want it first", lobby)
	}
	for i, ts := range []*testServer{tb, ta} {
		if s, body := doAs(ts, "192.0.2.7", private); s != 200 {
			t.Fatalf("create %d: %d %s", i, s, body)
		}
	}
	if s, _ := doAs(tb, "192.0.2.7", private); s != 429 {
		t.Errorf("a fourth live game of one address, created on another instance: %d, want 429 (quota 3)", s)
	}
	if s, _ := doAs(tb, "192.0.2.8", private); s != 200 {
		t.Errorf("another address's game: %d, want 200", s)
	}
	if s, _ := doAs(ta, "192.0.2.9", private); s != 503 {
		t.Errorf("a sixth live game on the service: %d, want 503 (-max-games 5, and a game of two people is live)", s)
	}
}

// TestProcessKilledGamesGoOn runs two server processes on one database,
// creates games of bots on the first, kills it with SIGKILL mid-game, and
// checks that the second finishes every game, each move once.
func TestProcessKilledGamesGoOn(t *testing.T) {
	if testing.Short() {
		t.Skip("builds and runs the server binary")
	}
	dsn := freshPostgres(t)
	a := startProcess(t, "-postgres", dsn, "-lease", "1s")
	b := startProcess(t, "-postgres", dsn, "-lease", "1s")
	var ids []string
	for i := range 3 {
		body, _ := json.Marshal(createRequest{Players: 3, Seed: fmt.Sprint(40 + i), Seats: []string{"greedy", "random", "greedy"}})
		status, out, err := httpDo("POST", a.url+"/api/games", "", body)
		var g createResponse
		if json.Unmarshal(out, &g); err != nil || status != 200 {
			t.Fatalf("create: %v %d %s", err, status, out)
		}
		ids = append(ids, g.ID)
	}
	db, err := sql.Open("pgx", dsn)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	count := func(q string, args ...any) int {
		var n int
		db.QueryRow(q, args...).Scan(&n)
		return n
	}
	for count(`SELECT COUNT(*) FROM actions`) < 60 {
		time.Sleep(5 * time.Millisecond)
	}
	if n := count(`SELECT COUNT(*) FROM ended`); n == len(ids) {
		t.Fatal("the games ended before the kill")
	}
	before := count(`SELECT COUNT(*) FROM actions`)
	a.cmd.Process.Kill() // SIGKILL: no lease is given up
	killed := time.Now()
	// (Each game may have had one move in flight when the process died.)
	for count(`SELECT COUNT(*) FROM actions`) <= before+len(ids) {
		if time.Since(killed) > 15*time.Second {
			t.Fatal("no move in 15 s after the process holding the games was killed")
		}
		time.Sleep(5 * time.Millisecond)
	}
	t.Logf("the games moved on in the other process %v after the kill (lease 1 s)", time.Since(killed).Round(time.Millisecond))
	for deadline := time.Now().Add(2 * time.Minute); count(`SELECT COUNT(*) FROM ended`) < len(ids); time.Sleep(20 * time.Millisecond) {
		if time.Now().After(deadline) {
			t.Fatal("the games did not end after the kill")
		}
	}
	for _, id := range ids {
		sg := storedGame(t, dsn, id)
		rec, err := sg.record()
		if err != nil {
			t.Fatal(err)
		}
		if s, _, err := waterdeep.Replay(rec); err != nil || !s.Over() || sg.Ended != EndedOver {
			t.Errorf("game %s: %d moves replay to over=%v (%v), ended %q", id, len(sg.Actions), s.Over(), err, sg.Ended)
		}
		status, body, _ := httpDo("GET", b.url+"/api/games/"+id+"/record", "", nil)
		if status != 200 {
			t.Errorf("the other process's record of game %s: %d %s", id, status, body)
		}
	}
}
