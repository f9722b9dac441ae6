package main

import (
	"context"
	"encoding/json"
	"math/rand/v2"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
)

func TestBadInputGets4xxWithReason(t *testing.T) {
	tb := newTable(t, 2)
	ts := tb.ts
	seat, legal := tb.toAct(t)
	tok := tb.tokens[seat]
	act := "/api/games/" + tb.id + "/actions"
	cases := []struct {
		name, method, path, token, body string
		status                          int
		want                            string // in the error
	}{
		{"junk action", "POST", act, tok, `{"type":"fly"`, 400, "waterdeep:"},
		{"unknown action type", "POST", act, tok, `{"type":"fly","player":"p1"}`, 400, "unknown action type"},
		{"unknown space", "POST", act, tok, `"place nowhere"`, 400, "nowhere"},
		{"empty body", "POST", act, tok, ``, 400, "waterdeep:"},
		{"body over the limit", "POST", act, tok, `"` + strings.Repeat("x", maxActionBody+10) + `"`, 413, "over"},
		{"stale index", "POST", act + "?index=0", tok, string(legal[0]), 409, "conflict"},
		{"bad index", "POST", act + "?index=x", tok, string(legal[0]), 400, "index"},
		{"no such game", "GET", "/api/games/nope/view", "", ``, 404, "no such game"},
		{"create: junk", "POST", "/api/games", "", `{"players":`, 400, "bad JSON"},
		{"create: unknown field", "POST", "/api/games", "", `{"players":2,"seats":["human","human"],"admin":true}`, 400, "unknown field"},
		{"create: 7 players", "POST", "/api/games", "", `{"players":7,"seats":["human","human","human","human","human","human","human"]}`, 400, "waterdeep:"},
		{"create: 6 without a module", "POST", "/api/games", "", `{"players":6,"seats":["human","human","human","human","human","human"]}`, 400, "waterdeep:"},
		{"create: seats mismatch", "POST", "/api/games", "", `{"players":3,"seats":["human"]}`, 400, "seats"},
		{"create: bad bot", "POST", "/api/games", "", `{"players":2,"seats":["human","skynet"]}`, 400, "skynet"},
		{"create: bad seed", "POST", "/api/games", "", `{"players":2,"seed":"-1","seats":["human","human"]}`, 400, "seed"},
		{"create: bad module", "POST", "/api/games", "", `{"players":2,"modules":"waterdhavian","seats":["human","human"]}`, 400, "module"},
		{"create: too big", "POST", "/api/games", "", `{"players":2,"seed":"` + strings.Repeat("1", maxCreateBody) + `"}`, 413, "over"},
		{"join: bad seat", "POST", "/api/games/" + tb.id + "/join", "", `{"seat":"p9"}`, 400, "p1 to p3"},
		{"join: junk", "POST", "/api/games/" + tb.id + "/join", "", `[1,2]`, 400, "bad JSON"},
		{"view: bad events_from", "GET", "/api/games/" + tb.id + "/view?events_from=z", "", ``, 400, "events_from"},
	}
	for _, c := range cases {
		status, b := ts.do(c.method, c.path, c.token, []byte(c.body))
		if status != c.status || !strings.Contains(string(b), c.want) {
			t.Errorf("%s: %d %s, want %d with %q", c.name, status, b, c.status, c.want)
		}
	}

	// An illegal action is answered with the engine's Reason and Detail.
	other := tb.tokens[(seat+1)%3]
	var m map[string]any
	json.Unmarshal(legal[0], &m)
	delete(m, "text")
	m["player"] = "p" + strconv.Itoa((seat+1)%3+1)
	otherAction, _ := json.Marshal(m)
	status, b := ts.do("POST", act, other, otherAction)
	var e struct{ Error, Reason, Detail string }
	json.Unmarshal(b, &e)
	if status != 422 || e.Reason != "not your turn" || e.Detail == "" {
		t.Errorf("acting out of turn: %d %s, want 422 with reason and detail", status, b)
	}
}

// TestJunkNeverFails500 throws random bytes and random mutations of good
// requests at every endpoint: every answer is a 2xx or a 4xx.
func TestJunkNeverFails500(t *testing.T) {
	tb := newTable(t, 1)
	_, legal := tb.toAct(t)
	rng := rand.New(rand.NewPCG(1, 2))
	paths := []string{"/api/games", "/api/games/" + tb.id + "/join", "/api/games/" + tb.id + "/actions", "/api/games/" + tb.id + "/actions?index=1"}
	seeds := []string{string(legal[0]), `{"players":3,"seats":["human","random","greedy"]}`, `{"seat":"p1"}`, `"place cliffwatch-inn/1"`}
	for i := 0; i < 600; i++ {
		body := []byte(seeds[rng.IntN(len(seeds))])
		for k := rng.IntN(4); k >= 0; k-- {
			switch rng.IntN(3) {
			case 0:
				if len(body) > 0 {
					body[rng.IntN(len(body))] = byte(rng.IntN(256))
				}
			case 1:
				if len(body) > 0 {
					body = body[:rng.IntN(len(body))]
				}
			case 2:
				body = append(body, byte(rng.IntN(256)))
			}
		}
		token := tb.tokens[rng.IntN(3)]
		status, b := tb.ts.do("POST", paths[rng.IntN(len(paths))], token, body)
		if status >= 500 {
			t.Fatalf("%q: %d %s", body, status, b)
		}
	}
}

// TestConcurrentActionsOneWins sends the same seat's action twice at
// once, both conditional on the same index: one is taken, the other gets
// a conflict, and the game has taken exactly one.
func TestConcurrentActionsOneWins(t *testing.T) {
	tb := newTable(t, 2)
	for round := 0; round < 10; round++ {
		seat, legal := tb.toAct(t)
		idx := tb.ts.view(tb.id, "").Index
		var wg sync.WaitGroup
		statuses := make([]int, 2)
		for i := range statuses {
			wg.Add(1)
			go func() {
				defer wg.Done()
				statuses[i], _ = tb.ts.do("POST", "/api/games/"+tb.id+"/actions?index="+itoa(idx), tb.tokens[seat], legal[i%len(legal)])
			}()
		}
		wg.Wait()
		ok, conflict := 0, 0
		for _, s := range statuses {
			switch s {
			case 200:
				ok++
			case 409:
				conflict++
			}
		}
		if ok != 1 || conflict != 1 {
			t.Fatalf("statuses %v, want one 200 and one 409", statuses)
		}
		if got := tb.ts.view(tb.id, "").Index; got != idx+1 {
			t.Fatalf("index %d after the race, want %d", got, idx+1)
		}
	}
}

func itoa(n int) string { return strconv.Itoa(n) }

// TestBotsPlayAWholeGame lets three bots play a game to its end on the
// server and checks the final scoring lines add up to the scores.
func TestBotsPlayAWholeGame(t *testing.T) {
	ts := newTestServer(t)
	id := ts.create(createRequest{Players: 3, Seed: "5", Seats: []string{"random", "greedy", "random"}})
	deadline := time.Now().Add(60 * time.Second)
	var p payload
	for {
		p = ts.view(id, "")
		if len(p.Final) > 0 {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("the bots did not finish in a minute: %d actions", p.Index)
		}
		time.Sleep(50 * time.Millisecond)
	}
	v := parseView(t, p.View)
	if !v.Over {
		t.Fatal("final scoring before the end")
	}
	var scores, totals []int
	for i, f := range p.Final {
		scores = append(scores, v.Seats[i].Score)
		totals = append(totals, f.Total)
		if sum := f.Play + f.Adventurers + f.Gold + f.Lord + f.Corruption; sum != f.Total {
			t.Errorf("%s: lines add up to %d, total %d", f.Seat, sum, f.Total)
		}
	}
	if diff := cmp.Diff(scores, totals); diff != "" {
		t.Errorf("final totals differ from the view's scores (-view +final):\n%s", diff)
	}
	// Once over, the record is published and replays to the same scores.
	if status, b := ts.do("GET", "/api/games/"+id+"/record", "", nil); status != 200 || !strings.Contains(string(b), `"actions"`) {
		t.Errorf("record: %d %.100s", status, b)
	}
}

// TestGameLimit refuses new games beyond the limit with a 503, and keeps
// serving the games it has.
func TestGameLimit(t *testing.T) {
	store, err := OpenSQLite(context.Background(), filepath.Join(t.TempDir(), "g.db"))
	if err != nil {
		t.Fatal(err)
	}
	h, err := newHub(context.Background(), store, hubOptions{MaxGames: 2})
	if err != nil {
		t.Fatal(err)
	}
	ts := newTestServerWithHub(t, h, store)
	id := ts.create(createRequest{Players: 2, Seats: []string{"human", "human"}})
	ts.create(createRequest{Players: 2, Seats: []string{"human", "human"}})
	status, b := ts.do("POST", "/api/games", "", []byte(`{"players":2,"seats":["human","human"]}`))
	if status != 503 || !strings.Contains(string(b), "limit") {
		t.Errorf("a third game with a limit of 2: %d %s", status, b)
	}
	if p := ts.view(id, ""); p.Game != id {
		t.Errorf("the first game is no longer served")
	}
}
