package main

import (
	"encoding/json"
	"net/url"
	"strings"
	"testing"
)

// linkParams reads the parameters of a seat link's fragment
// ("/#game=…&seat=p2&code=…").
func linkParams(t *testing.T, link string) url.Values {
	t.Helper()
	_, frag, ok := strings.Cut(link, "#")
	if !ok {
		t.Fatalf("link %q has no fragment", link)
	}
	v, err := url.ParseQuery(frag)
	if err != nil {
		t.Fatal(err)
	}
	return v
}

// TestCreateSeatsTheCreator checks that creating a game hands its creator
// a seat's token in the same answer (so nobody can sit there first), a
// rejoin link holding that token, and an invite link for every other
// human seat, whose join code takes exactly that seat, once.
func TestCreateSeatsTheCreator(t *testing.T) {
	ts := newTestServer(t)
	g := ts.createSeated(createRequest{Players: 3, Seed: "2", Seats: []string{"human", "human", "random"}})
	if g.Seat != "p1" || g.Token == "" {
		t.Fatalf("create answered seat %q token %q, want p1 and a token", g.Seat, g.Token)
	}
	if p := ts.view(g.ID, g.Token); p.Seat == nil || *p.Seat != "p1" {
		t.Errorf("the creator's token shows seat %v", p.Seat)
	}
	if status, _ := ts.do("POST", "/api/games/"+g.ID+"/join", "", []byte(`{"seat":"p1"}`)); status != 409 {
		t.Errorf("someone else took the creator's seat: %d", status)
	}
	if r := linkParams(t, g.Rejoin); r.Get("game") != g.ID || r.Get("token") != g.Token {
		t.Errorf("rejoin link %q", g.Rejoin)
	}
	if len(g.Invites) != 1 || g.Invites["p2"] == "" {
		t.Fatalf("invites %v, want one for p2 (p3 is a bot, p1 the creator's)", g.Invites)
	}
	inv := linkParams(t, g.Invites["p2"])
	if inv.Get("game") != g.ID || inv.Get("seat") != "p2" {
		t.Errorf("invite link %q", g.Invites["p2"])
	}
	body, _ := json.Marshal(joinRequest{Code: inv.Get("code")})
	status, b := ts.do("POST", "/api/games/"+g.ID+"/join", "", body)
	var j joinResponse
	json.Unmarshal(b, &j)
	if status != 200 || j.Seat != "p2" || !strings.Contains(j.Rejoin, j.Token) {
		t.Fatalf("joining with p2's code: %d %s", status, b)
	}
	if status, _ := ts.do("POST", "/api/games/"+g.ID+"/join", "", body); status != 409 {
		t.Errorf("p2's code used twice: %d, want 409", status)
	}
	if status, _ := ts.do("POST", "/api/games/"+g.ID+"/join", "", []byte(`{"code":"00"}`)); status != 403 {
		t.Errorf("a wrong code: %d, want 403", status)
	}

	// A private game is not in the lobby, and its seats open only with
	// their codes.
	pg := ts.createSeated(createRequest{Players: 2, Seats: []string{"human", "human"}, Private: true})
	if status, b := ts.do("POST", "/api/games/"+pg.ID+"/join", "", []byte(`{}`)); status != 403 {
		t.Errorf("a private game's seat without its code: %d %s", status, b)
	}
	_, b = ts.do("GET", "/api/games", "", nil)
	if strings.Contains(string(b), pg.ID) {
		t.Error("the lobby lists a private game")
	}
	body, _ = json.Marshal(joinRequest{Seat: "p2", Code: linkParams(t, pg.Invites["p2"]).Get("code")})
	if status, b := ts.do("POST", "/api/games/"+pg.ID+"/join", "", body); status != 200 {
		t.Errorf("a private game's seat with its code: %d %s", status, b)
	}
	// sit: none seats nobody; sit: p2 that seat.
	if g := ts.createSeated(createRequest{Players: 2, Seats: []string{"human", "human"}, Sit: "none"}); g.Token != "" || len(g.Invites) != 2 {
		t.Errorf("sit none: token %q, invites %v", g.Token, g.Invites)
	}
	if g := ts.createSeated(createRequest{Players: 2, Seats: []string{"human", "human"}, Sit: "p2"}); g.Seat != "p2" {
		t.Errorf("sit p2: seat %q", g.Seat)
	}
}
