package main

import (
	"context"
	"encoding/json"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// waitOver waits for a game of bots to end and returns its last view.
func waitOver(t *testing.T, ts *testServer, id string) payload {
	t.Helper()
	deadline := time.Now().Add(60 * time.Second)
	for {
		p := ts.view(id, "")
		if len(p.Final) > 0 {
			return p
		}
		if time.Now().After(deadline) {
			t.Fatalf("game %s did not end in a minute: %d actions", id, p.Index)
		}
		time.Sleep(50 * time.Millisecond)
	}
}

// TestFinishedGamesFreeTheirSlots fills a server with a limit of two live
// games, one of them bots that play to the end: the finished game leaves
// memory and frees its slot, is still served (view, final table, record)
// from the store, and after a restart it is not loaded, so the limit
// counts only live games then too.
func TestFinishedGamesFreeTheirSlots(t *testing.T) {
	path := filepath.Join(t.TempDir(), "g.db")
	store, err := OpenSQLite(context.Background(), path)
	if err != nil {
		t.Fatal(err)
	}
	h, err := newHub(context.Background(), store, hubOptions{MaxGames: 2})
	if err != nil {
		t.Fatal(err)
	}
	ts := newTestServerWithHub(t, h, store)
	bots := ts.create(createRequest{Players: 2, Seed: "4", Seats: []string{"random", "greedy"}})
	ts.create(createRequest{Players: 2, Seats: []string{"human", "human"}})
	waitOver(t, ts, bots)
	if n := len(h.list()); n != 1 {
		t.Errorf("%d live games in memory after one of two ended, want 1", n)
	}
	ts.create(createRequest{Players: 2, Seats: []string{"human", "human"}}) // the freed slot
	if status, b := ts.do("POST", "/api/games", "", []byte(`{"players":2,"seats":["human","human"]}`)); status != 503 {
		t.Errorf("a third live game with a limit of 2: %d %s", status, b)
	}
	p := ts.view(bots, "")
	var v struct {
		Ended string `json:"ended"`
	}
	_, b := ts.do("GET", "/api/games/"+bots, "", nil)
	json.Unmarshal(b, &v)
	if len(p.Final) != 2 || v.Ended != EndedOver {
		t.Errorf("the ended game: final %v, ended %q", p.Final, v.Ended)
	}
	if status, b := ts.do("GET", "/api/games/"+bots+"/record", "", nil); status != 200 {
		t.Errorf("record of the ended game: %d %s", status, b)
	}

	// A restart loads only the two live games.
	h.close()
	store.Close()
	store2, err := OpenSQLite(context.Background(), path)
	if err != nil {
		t.Fatal(err)
	}
	h2, err := newHub(context.Background(), store2, hubOptions{MaxGames: 3})
	if err != nil {
		t.Fatal(err)
	}
	ts2 := newTestServerWithHub(t, h2, store2)
	if n := len(h2.list()); n != 2 {
		t.Errorf("%d games loaded at restart, want the 2 live ones", n)
	}
	ts2.create(createRequest{Players: 2, Seats: []string{"human", "human"}})
	if p := ts2.view(bots, ""); len(p.Final) != 2 {
		t.Error("the ended game is not served after a restart")
	}
}

// TestIdleGameIsAbandoned leaves a game of people alone past the idle
// limit: it is abandoned, freed from memory, says so, refuses actions and
// seats with 410, and stays abandoned after a restart.
func TestIdleGameIsAbandoned(t *testing.T) {
	store, err := OpenSQLite(context.Background(), filepath.Join(t.TempDir(), "g.db"))
	if err != nil {
		t.Fatal(err)
	}
	h, err := newHub(context.Background(), store, hubOptions{IdleAfter: 300 * time.Millisecond})
	if err != nil {
		t.Fatal(err)
	}
	ts := newTestServerWithHub(t, h, store)
	tb := newTableOn(t, ts, 2) // two games: the table and its "other"
	deadline := time.Now().Add(5 * time.Second)
	for len(h.list()) > 0 {
		if time.Now().After(deadline) {
			t.Fatalf("%d games still live after 5 s with an idle limit of 300 ms", len(h.list()))
		}
		time.Sleep(50 * time.Millisecond)
	}
	var sum gameSummary
	_, b := ts.do("GET", "/api/games/"+tb.id, "", nil)
	json.Unmarshal(b, &sum)
	if sum.Ended != EndedAbandoned {
		t.Errorf("ended %q, want %q", sum.Ended, EndedAbandoned)
	}
	_, legal := tb.toAct(t)
	if status, b := ts.do("POST", "/api/games/"+tb.id+"/actions", tb.tokens[0], legal[0]); status != 410 || !strings.Contains(string(b), "abandoned") {
		t.Errorf("acting in an abandoned game: %d %s", status, b)
	}
	if status, _ := ts.do("GET", "/api/games", "", nil); status != 200 {
		t.Error("lobby")
	}
}
