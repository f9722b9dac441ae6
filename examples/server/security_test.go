package main

import (
	"bufio"
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"strings"
	"testing"
	"time"
)

// viewDoc is the part of a view document the tests read.
type viewDoc struct {
	ToAct *string           `json:"to_act"`
	Over  bool              `json:"over"`
	Round int               `json:"round"`
	Legal []json.RawMessage `json:"legal"`
	Seats []struct {
		Seat     string   `json:"seat"`
		Score    int      `json:"score"`
		Hand     []string `json:"hand"`
		HandSize int      `json:"hand_size"`
		Lord     *string  `json:"lord"`
	} `json:"seats"`
}

func parseView(t *testing.T, raw json.RawMessage) viewDoc {
	t.Helper()
	var v viewDoc
	if err := json.Unmarshal(raw, &v); err != nil {
		t.Fatal(err)
	}
	return v
}

// table is a 3-player game of people with every seat's token, a few
// actions into the game, and a second game whose tokens must not work on
// the first.
type table struct {
	ts     *testServer
	id     string
	tokens []string
	other  string // a token of another game
}

func newTable(t *testing.T, actions int) table {
	return newTableOn(t, newTestServer(t), actions)
}

func newTableOn(t *testing.T, ts *testServer, actions int) table {
	return newTableOf(t, ts, actions, "", false)
}

// newTableOf is newTable for a game with modules (and the long game).
func newTableOf(t *testing.T, ts *testServer, actions int, modules string, long bool) table {
	id := ts.create(createRequest{Players: 3, Seed: "11", Modules: modules, Long: long, Seats: []string{"human", "human", "human"}})
	tb := table{ts: ts, id: id}
	for _, s := range []string{"p1", "p2", "p3"} {
		tb.tokens = append(tb.tokens, ts.join(id, s))
	}
	other := ts.create(createRequest{Players: 2, Seed: "12", Seats: []string{"human", "random"}})
	tb.other = ts.join(other, "p1")
	for range actions {
		tb.playFirstLegal(t)
	}
	return tb
}

// toAct returns the seat to act (0-based) and its legal actions.
func (tb table) toAct(t *testing.T) (int, []json.RawMessage) {
	t.Helper()
	p := tb.ts.view(tb.id, "")
	v := parseView(t, p.View)
	if v.ToAct == nil {
		return -1, nil
	}
	var seat int
	fmt.Sscanf(*v.ToAct, "p%d", &seat)
	seat--
	v = parseView(t, tb.ts.view(tb.id, tb.tokens[seat]).View)
	return seat, v.Legal
}

func (tb table) playFirstLegal(t *testing.T) {
	t.Helper()
	seat, legal := tb.toAct(t)
	if seat < 0 {
		t.Fatal("game over")
	}
	status, b := tb.ts.do("POST", "/api/games/"+tb.id+"/actions", tb.tokens[seat], legal[0])
	if status != 200 {
		t.Fatalf("action %s: %d %s", legal[0], status, b)
	}
}

// secrets returns the names a seat's own view shows that no other seat
// may see: its intrigue hand and its lord.
func (tb table) secrets(t *testing.T, seat int) []string {
	v := parseView(t, tb.ts.view(tb.id, tb.tokens[seat]).View)
	s := v.Seats[seat]
	if s.Lord == nil {
		t.Fatalf("p%d's own view shows no lord", seat+1)
	}
	out := []string{*s.Lord}
	if len(s.Hand) == 0 {
		t.Fatalf("p%d has no intrigue card to hide", seat+1)
	}
	return append(out, s.Hand...)
}

// TestViewShowsOnlyOwnSecrets checks each seat's view, and a spectator's,
// in a base game and in a long game with both modules.
func TestViewShowsOnlyOwnSecrets(t *testing.T) {
	t.Run("base", func(t *testing.T) { testViewSecrets(t, newTable(t, 12)) })
	t.Run("undermountain,skullport", func(t *testing.T) {
		testViewSecrets(t, newTableOf(t, newTestServer(t), 12, "undermountain,skullport", true))
	})
}

func testViewSecrets(t *testing.T, tb table) {
	secrets := [][]string{tb.secrets(t, 0), tb.secrets(t, 1), tb.secrets(t, 2)}
	for viewer := -1; viewer < 3; viewer++ {
		token, name := "", "spectator"
		if viewer >= 0 {
			token, name = tb.tokens[viewer], fmt.Sprintf("p%d", viewer+1)
		}
		status, body := tb.ts.do("GET", "/api/games/"+tb.id+"/view?events_from=0", token, nil)
		if status != 200 {
			t.Fatalf("%s: %d %s", name, status, body)
		}
		for seat, names := range secrets {
			for _, n := range names {
				has := strings.Contains(string(body), `"`+n+`"`)
				if seat == viewer && !has {
					t.Errorf("%s's view lacks its own %q", name, n)
				}
				if seat != viewer && has {
					t.Errorf("%s's view shows p%d's secret %q", name, seat+1, n)
				}
			}
		}
		var p payload
		json.Unmarshal(body, &p)
		if len(p.Events) == 0 {
			t.Errorf("%s: no events in the log", name)
		}
	}
}

func TestStreamShowsOnlyOwnSecrets(t *testing.T) {
	tb := newTable(t, 6)
	secrets := tb.secrets(t, 1)
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	req, _ := http.NewRequestWithContext(ctx, "GET", tb.ts.url+"/api/games/"+tb.id+"/stream?events_from=0", nil)
	req.Header.Set("Authorization", "Bearer "+tb.tokens[0])
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	if ct := resp.Header.Get("Content-Type"); ct != "text/event-stream" {
		t.Fatalf("Content-Type %q", ct)
	}
	r := bufio.NewReaderSize(resp.Body, 1<<20)
	next := func(secrets []string) payload {
		t.Helper()
		for {
			line, err := r.ReadString('\n')
			if err != nil {
				t.Fatal(err)
			}
			if data, ok := strings.CutPrefix(line, "data: "); ok {
				for _, n := range secrets {
					if strings.Contains(data, `"`+n+`"`) {
						t.Errorf("p1's stream shows p2's secret %q", n)
					}
				}
				var p payload
				if err := json.Unmarshal([]byte(data), &p); err != nil {
					t.Fatal(err)
				}
				return p
			}
		}
	}
	first := next(secrets)
	if first.Seat == nil || *first.Seat != "p1" || first.Index != 6 {
		t.Fatalf("first update: seat %v index %d, want p1 at 6", first.Seat, first.Index)
	}
	for i := 0; i < 4; i++ {
		tb.playFirstLegal(t)
	}
	// A card p2 has played since is public now: check the last update
	// against p2's secrets at the end.
	secrets = tb.secrets(t, 1)
	for got := first.Index; got < 10; {
		var p payload
		if got == 9 {
			p = next(secrets)
		} else {
			p = next(nil)
		}
		if p.Index <= got {
			t.Fatalf("index went from %d to %d", got, p.Index)
		}
		got = p.Index
	}
}

// TestEveryEndpointRefusesOthersTokens sends every endpoint that reads a
// private view or acts the tokens that must not work there: none, a
// malformed header, a made-up token, another game's token, and another
// seat's token, and checks that nothing changed.
func TestEveryEndpointRefusesOthersTokens(t *testing.T) {
	tb := newTable(t, 3)
	seat, legal := tb.toAct(t)
	before := tb.ts.view(tb.id, "")
	wrongSeat := tb.tokens[(seat+1)%3]

	type req struct {
		method, path string
		body         []byte
	}
	private := []req{
		{"GET", "/view", nil},
		{"GET", "/stream", nil},
		{"POST", "/actions", legal[0]},
	}
	for _, r := range private {
		for _, c := range []struct {
			name, header string
		}{
			{"made-up token", "Bearer " + strings.Repeat("ab", 32)},
			{"another game's token", "Bearer " + tb.other},
			{"malformed header", "Basic " + tb.tokens[seat]},
			{"empty bearer", "Bearer "},
		} {
			hreq, _ := http.NewRequest(r.method, tb.ts.url+"/api/games/"+tb.id+r.path, strings.NewReader(string(r.body)))
			if hreq != nil && hreq.Method == "POST" {
				hreq.Header.Set("Content-Type", "application/json")
			}
			hreq.Header.Set("Authorization", c.header)
			resp, err := http.DefaultClient.Do(hreq)
			if err != nil {
				t.Fatal(err)
			}
			resp.Body.Close()
			if resp.StatusCode != 401 {
				t.Errorf("%s %s with %s: status %d, want 401", r.method, r.path, c.name, resp.StatusCode)
			}
		}
	}
	// Acting without a token, or with another seat's.
	if status, b := tb.ts.do("POST", "/api/games/"+tb.id+"/actions", "", legal[0]); status != 401 {
		t.Errorf("action without a token: %d %s", status, b)
	}
	status, b := tb.ts.do("POST", "/api/games/"+tb.id+"/actions", wrongSeat, legal[0])
	if status != 403 {
		t.Errorf("action for p%d with another seat's token: %d %s, want 403", seat+1, status, b)
	}
	// Text form too: the seat named in the text is not the token's.
	text := fmt.Sprintf(`"p%d decline"`, seat+1)
	// (the library's parser refuses it: "p1 cannot act for p3").
	if status, b := tb.ts.do("POST", "/api/games/"+tb.id+"/actions", wrongSeat, []byte(text)); status != 403 && status != 400 {
		t.Errorf("text action for p%d with another seat's token: %d %s, want 400 or 403", seat+1, status, b)
	}
	// Another game's token acts nowhere here.
	if status, _ := tb.ts.do("POST", "/api/games/"+tb.id+"/actions", tb.other, legal[0]); status != 401 {
		t.Errorf("action with another game's token: %d, want 401", status)
	}
	// Joining never hands out a seat that is taken or a bot's.
	if status, _ := tb.ts.do("POST", "/api/games/"+tb.id+"/join", "", []byte(`{"seat":"p2"}`)); status != 409 {
		t.Errorf("joining a taken seat: %d, want 409", status)
	}
	if status, _ := tb.ts.do("POST", "/api/games/"+tb.id+"/join", "", []byte(`{}`)); status != 409 {
		t.Errorf("joining a full game: %d, want 409", status)
	}
	// The record would reveal the seed: not before the game is over.
	if status, _ := tb.ts.do("GET", "/api/games/"+tb.id+"/record", tb.tokens[0], nil); status != 403 {
		t.Errorf("record of a game in play: %d, want 403", status)
	}
	// The lobby and a game's summary never carry the seed or a token.
	for _, path := range []string{"/api/games", "/api/games/" + tb.id} {
		_, b := tb.ts.do("GET", path, "", nil)
		if strings.Contains(string(b), "seed") || strings.Contains(string(b), "token") {
			t.Errorf("%s shows a seed or token: %s", path, b)
		}
	}
	after := tb.ts.view(tb.id, "")
	if after.Index != before.Index || string(after.View) != string(before.View) {
		t.Errorf("refused requests changed the game: index %d -> %d", before.Index, after.Index)
	}
	// The right token still works.
	if status, b := tb.ts.do("POST", "/api/games/"+tb.id+"/actions", tb.tokens[seat], legal[0]); status != 200 {
		t.Errorf("the seat's own action: %d %s", status, b)
	}
}
