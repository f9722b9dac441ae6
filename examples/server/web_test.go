package main

import (
	"bytes"
	"context"
	"encoding/json"
	"io"
	"net/http"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// newTestServerWith is a server over a fresh SQLite file with options.
func newTestServerWith(t *testing.T, o hubOptions) *testServer {
	t.Helper()
	store, err := OpenSQLite(context.Background(), filepath.Join(t.TempDir(), "games.db"))
	if err != nil {
		t.Fatal(err)
	}
	if o.Budget == 0 {
		o.Budget = 50 * time.Millisecond
	}
	h, err := newHub(context.Background(), store, o)
	if err != nil {
		t.Fatal(err)
	}
	return newTestServerWithHub(t, h, store)
}

// raw sends a request with the headers given and returns the response.
func (ts *testServer) raw(method, path string, body string, hdr map[string]string) (*http.Response, []byte) {
	ts.t.Helper()
	req, _ := http.NewRequest(method, ts.url+path, strings.NewReader(body))
	for k, v := range hdr {
		req.Header.Set(k, v)
	}
	resp, err := ts.httpClient().Do(req)
	if err != nil {
		ts.t.Fatal(err)
	}
	defer resp.Body.Close()
	b, _ := io.ReadAll(resp.Body)
	return resp, b
}

// TestCrossSiteRequestsRefused: another site's page cannot make a
// visitor's browser create, join or act (Origin, Sec-Fetch-Site and the
// JSON Content-Type are checked on every state-changing request), nor
// frame the page.
func TestCrossSiteRequestsRefused(t *testing.T) {
	ts := newTestServer(t)
	const create = `{"players":2,"seats":["human","human"]}`
	host := strings.TrimPrefix(ts.url, "http://")
	for _, c := range []struct {
		name string
		hdr  map[string]string
		want int
	}{
		{"another site's Origin", map[string]string{"Origin": "https://evil.example", "Content-Type": "application/json"}, 403},
		{"an Origin on another port", map[string]string{"Origin": "http://127.0.0.1:1", "Content-Type": "application/json"}, 403},
		{"Sec-Fetch-Site cross-site", map[string]string{"Sec-Fetch-Site": "cross-site", "Content-Type": "application/json"}, 403},
		{"a form's text/plain", map[string]string{"Content-Type": "text/plain"}, 415},
		{"a form's urlencoded", map[string]string{"Origin": ts.url, "Content-Type": "application/x-www-form-urlencoded"}, 415},
		{"no Content-Type", map[string]string{}, 415},
		{"the page itself", map[string]string{"Origin": ts.url, "Sec-Fetch-Site": "same-origin", "Content-Type": "application/json; charset=utf-8"}, 200},
		{"a program", map[string]string{"Content-Type": "application/json"}, 200},
	} {
		resp, b := ts.raw("POST", "/api/games", create, c.hdr)
		if resp.StatusCode != c.want {
			t.Errorf("%s (host %s): %d %s, want %d", c.name, host, resp.StatusCode, b, c.want)
		}
	}
	id := ts.create(createRequest{Players: 2, Seats: []string{"human", "human"}})
	if resp, _ := ts.raw("POST", "/api/games/"+id+"/join", `{}`, map[string]string{"Origin": "https://evil.example", "Content-Type": "application/json"}); resp.StatusCode != 403 {
		t.Errorf("a cross-site join: %d, want 403", resp.StatusCode)
	}
	for _, path := range []string{"/", "/api/games"} {
		resp, _ := ts.raw("GET", path, "", nil)
		if csp := resp.Header.Get("Content-Security-Policy"); !strings.Contains(csp, "frame-ancestors 'none'") || resp.Header.Get("X-Frame-Options") != "DENY" {
			t.Errorf("GET %s: CSP %q, X-Frame-Options %q: the page may be framed", path, csp, resp.Header.Get("X-Frame-Options"))
		}
	}
}

// TestAuthAndActingForOthers: the Bearer scheme is case-insensitive, and
// acting for another seat is 403 whether the action is JSON or text.
func TestAuthAndActingForOthers(t *testing.T) {
	ts := newTestServer(t)
	g := ts.createSeated(createRequest{Players: 2, Seed: "3", Seats: []string{"human", "human"}, Sit: "p2"})
	for _, scheme := range []string{"bearer", "BEARER", "Bearer"} {
		resp, b := ts.raw("GET", "/api/games/"+g.ID+"/view", "", map[string]string{"Authorization": scheme + " " + g.Token})
		var p payload
		json.Unmarshal(b, &p)
		if resp.StatusCode != 200 || p.Seat == nil || *p.Seat != "p2" {
			t.Errorf("Authorization %q: %d, seat %v", scheme, resp.StatusCode, p.Seat)
		}
	}
	legal := parseView(t, ts.view(g.ID, ts.join(g.ID, "p1")).View).Legal // p1 to act
	var a struct{ Text string }
	json.Unmarshal(legal[0], &a)
	text, _ := json.Marshal(a.Text)
	for _, body := range [][]byte{legal[0], text} {
		if status, b := ts.do("POST", "/api/games/"+g.ID+"/actions", g.Token, body); status != 403 {
			t.Errorf("p2 sending p1's action %s: %d %s, want 403", body, status, b)
		}
	}
}

// TestReservedSeatsAndNames: a public game's reserved seat is shown in
// the lobby but taken only with its invite link; people sit under names
// they choose, which every seat sees.
func TestReservedSeatsAndNames(t *testing.T) {
	ts := newTestServer(t)
	g := ts.createSeated(createRequest{Players: 3, Seats: []string{"human", "human", "human"}, Reserve: []string{"p2"}, Name: " Ann  Smith "})
	var lobby []gameSummary
	_, b := ts.do("GET", "/api/games", "", nil)
	json.Unmarshal(b, &lobby)
	if len(lobby) != 1 || !lobby[0].Seats[1].Reserved || lobby[0].Seats[2].Reserved || lobby[0].Seats[0].Name != "Ann Smith" {
		t.Fatalf("lobby %+v: want p2 reserved, p3 not, p1 named Ann Smith", lobby)
	}
	if status, b := ts.do("POST", "/api/games/"+g.ID+"/join", "", []byte(`{"seat":"p2"}`)); status != 403 {
		t.Errorf("taking the reserved seat from the lobby: %d %s, want 403", status, b)
	}
	status, b := ts.do("POST", "/api/games/"+g.ID+"/join", "", []byte(`{"name":"Cy"}`))
	var j joinResponse
	if json.Unmarshal(b, &j); status != 200 || j.Seat != "p3" {
		t.Errorf("the first free seat: %d %s, want p3 (p2 is reserved)", status, b)
	}
	if status, _ := ts.do("POST", "/api/games/"+g.ID+"/join", "", []byte(`{}`)); status != 409 {
		t.Errorf("a third join from the lobby: %d, want 409 (the only free seat is reserved)", status)
	}
	code := linkParams(t, g.Invites["p2"]).Get("code")
	if status, b := ts.do("POST", "/api/games/"+g.ID+"/join", "", []byte(`{"code":"`+code+`","name":"Bo"}`)); status != 200 {
		t.Errorf("the invite link of the reserved seat: %d %s", status, b)
	}
	if status, _ := ts.do("POST", "/api/games/"+g.ID+"/join", "", []byte(`{"code":"x","name":"`+strings.Repeat("n", 25)+`"}`)); status != 400 {
		t.Errorf("a 25-character name: %d, want 400", status)
	}
	_, b = ts.do("GET", "/api/games/"+g.ID+"/view", "", nil)
	var p struct{ Seats []seatInfo }
	json.Unmarshal(b, &p)
	var names []string
	for _, s := range p.Seats {
		names = append(names, s.Name)
	}
	if strings.Join(names, ",") != "Ann Smith,Bo,Cy" {
		t.Errorf("names %q", names)
	}
}

// TestStrangersCannotLockOutGames: an address's live games are bounded
// (private ones included), a game nobody joins is abandoned soon, and
// streams are bounded per process and per game.
func TestStrangersCannotLockOutGames(t *testing.T) {
	ts := newTestServerWith(t, hubOptions{AddrGames: 2, Unjoined: 300 * time.Millisecond, IdleAfter: time.Hour,
		MaxStreams: 3, GameStreams: 2, ClientIPHeader: "X-Client"})
	const private = `{"players":2,"seats":["human","human"],"sit":"none","private":true}`
	for i, want := range []int{200, 200, 429} {
		if status, _, b := ts.doAs("203.0.113.1", "POST", "/api/games", "", []byte(private)); status != want {
			t.Fatalf("private game %d of one address: %d %s, want %d", i+1, status, b, want)
		}
	}
	status, _, b := ts.doAs("203.0.113.2", "POST", "/api/games", "", []byte(`{"players":2,"seats":["human","human"]}`))
	var seated createResponse
	if json.Unmarshal(b, &seated); status != 200 {
		t.Fatalf("another address: %d %s", status, b)
	}
	// The games nobody joined are abandoned; the seated one is not.
	deadline := time.Now().Add(5 * time.Second)
	for {
		status, _, _ := ts.doAs("203.0.113.1", "POST", "/api/games", "", []byte(private))
		if status == 200 {
			break
		}
		if time.Now().After(deadline) {
			t.Fatal("the unjoined games still count after 5 s (unjoined limit 300 ms)")
		}
		time.Sleep(50 * time.Millisecond)
	}
	if _, b := ts.do("GET", "/api/games/"+seated.ID, "", nil); bytes.Contains(b, []byte(`"ended"`)) {
		t.Errorf("a game its creator sits in was abandoned as unjoined: %s", b)
	}

	// Streams: two per game, three in all.
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	open := func(id string) int {
		req, _ := http.NewRequestWithContext(ctx, "GET", ts.url+"/api/games/"+id+"/stream", nil)
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		if resp.StatusCode != 200 {
			resp.Body.Close()
		}
		return resp.StatusCode
	}
	other := ts.create(createRequest{Players: 2, Seats: []string{"human", "human"}})
	got := []int{open(seated.ID), open(seated.ID), open(seated.ID), open(other), open(other)}
	if want := []int{200, 200, 503, 200, 503}; !equalInts(got, want) {
		t.Errorf("streams opened: %v, want %v (2 a game, 3 in all)", got, want)
	}
}

func equalInts(a, b []int) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}
