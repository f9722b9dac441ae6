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

// streamIndexes opens a game's stream for token and sends the index of
// every update it receives, until ctx ends.
func streamIndexes(ctx context.Context, t *testing.T, url, id, token string) <-chan int {
	t.Helper()
	req, _ := http.NewRequestWithContext(ctx, "GET", url+"/api/games/"+id+"/stream", nil)
	if token != "" {
		req.Header.Set("Authorization", "Bearer "+token)
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil || resp.StatusCode != 200 {
		t.Fatalf("stream: %v %v", err, resp)
	}
	out := make(chan int, 64)
	go func() {
		defer resp.Body.Close()
		defer close(out)
		sc := bufio.NewScanner(resp.Body)
		sc.Buffer(nil, 8<<20)
		for sc.Scan() {
			data, ok := strings.CutPrefix(sc.Text(), "data: ")
			if !ok {
				continue
			}
			var p struct{ Index int }
			json.Unmarshal([]byte(data), &p)
			out <- p.Index
		}
	}()
	return out
}

// checkLiveAcross plays a game of two people across two servers on one
// database, each person on their own server, each watching the game's
// stream from the other one: every move made on one server reaches the
// stream on the other within a second.
func checkLiveAcross(t *testing.T, urls [2]string) {
	do := func(i int, method, path, token string, body []byte) []byte {
		t.Helper()
		status, b, err := httpDo(method, urls[i]+path, token, body)
		if err != nil || status != 200 {
			t.Fatalf("server %d %s %s: %v %d %s", i, method, path, err, status, b)
		}
		return b
	}
	var g createResponse
	json.Unmarshal(do(0, "POST", "/api/games", "", []byte(`{"players":2,"seed":"17","seats":["human","human"]}`)), &g)
	code := linkParams(t, g.Invites["p2"]).Get("code")
	var j joinResponse
	json.Unmarshal(do(1, "POST", "/api/games/"+g.ID+"/join", "", []byte(`{"code":"`+code+`"}`)), &j)
	tokens := [2]string{g.Token, j.Token}

	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	// p1 acts on server 0 and watches server 1; p2 the other way round.
	streams := [2]<-chan int{streamIndexes(ctx, t, urls[1], g.ID, tokens[0]), streamIndexes(ctx, t, urls[0], g.ID, tokens[1])}
	for i, s := range streams {
		select {
		case <-s:
		case <-time.After(5 * time.Second):
			t.Fatalf("stream %d sent no first update", i)
		}
	}
	var slowest time.Duration
	for step := range 12 {
		var p payload
		json.Unmarshal(do(0, "GET", "/api/games/"+g.ID+"/view", "", nil), &p)
		v := parseView(t, p.View)
		var seat int
		fmt.Sscanf(*v.ToAct, "p%d", &seat)
		seat--
		json.Unmarshal(do(seat, "GET", "/api/games/"+g.ID+"/view", tokens[seat], nil), &p)
		legal := parseView(t, p.View).Legal
		start := time.Now()
		do(seat, "POST", fmt.Sprintf("/api/games/%s/actions?index=%d", g.ID, p.Index), tokens[seat], legal[0])
		// The stream of the seat that acted is on the other server.
		deadline := time.After(time.Second)
	wait:
		for {
			select {
			case idx := <-streams[seat]:
				if idx > p.Index {
					break wait
				}
			case <-deadline:
				t.Fatalf("step %d: a move made on server %d did not reach the stream on server %d within a second", step, seat, 1-seat)
			}
		}
		slowest = max(slowest, time.Since(start))
	}
	t.Logf("slowest move to reach the other server's stream: %v", slowest)
}

// TestPostgresStreamsFollowLive runs two hubs in this process over one
// PostgreSQL database (their own connection pools and listeners).
func TestPostgresStreamsFollowLive(t *testing.T) {
	dsn := freshPostgres(t)
	a, b := newSharedServer(t, dsn), newSharedServer(t, dsn)
	checkLiveAcross(t, [2]string{a.url, b.url})
}

// TestTwoProcessesStreamLive runs two server processes on one PostgreSQL
// database.
func TestTwoProcessesStreamLive(t *testing.T) {
	if testing.Short() {
		t.Skip("builds and runs the server binary")
	}
	dsn := freshPostgres(t)
	a, b := startProcess(t, "-postgres", dsn), startProcess(t, "-postgres", dsn)
	checkLiveAcross(t, [2]string{a.url, b.url})
}
