package main

import (
	"bufio"
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"math/rand/v2"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
	"github.com/waterdeep-go/waterdeep"
)

// serverBinDir holds the binary buildServer built, if it did.
var serverBinDir string

// buildServer builds the server binary once per test run.
var buildServer = sync.OnceValues(func() (string, error) {
	dir, err := os.MkdirTemp("", "waterdeep-server")
	if err != nil {
		return "", err
	}
	serverBinDir = dir // TestMain removes it
	bin := filepath.Join(dir, "server")
	out, err := exec.Command("go", "build", "-o", bin, ".").CombinedOutput()
	if err != nil {
		return "", fmt.Errorf("go build: %v\n%s", err, out)
	}
	return bin, nil
})

// process is a server running as its own process, which a test can kill.
type process struct {
	cmd *exec.Cmd
	url string
}

func startProcess(t *testing.T, args ...string) *process {
	t.Helper()
	bin, err := buildServer()
	if err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(bin, append([]string{"-addr", "127.0.0.1:0", "-bot-delay", "0", "-budget", "50ms",
		"-rate-create", "0", "-rate-join", "0", "-rate-act", "0", "-rate-stream", "0", "-max-streams", "0", "-rate-read", "0",
		"-quota-games", "0", "-quota-bot-seats", "0"}, args...)...)
	stdout, _ := cmd.StdoutPipe()
	cmd.Stderr = os.Stderr
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { cmd.Process.Kill(); cmd.Wait() })
	line, err := bufio.NewReader(stdout).ReadString('\n')
	if err != nil {
		t.Fatalf("server printed no address: %v", err)
	}
	i := strings.Index(line, "http://")
	if i < 0 {
		t.Fatalf("server printed %q", line)
	}
	go io.Copy(io.Discard, stdout)
	url, _, _ := strings.Cut(strings.TrimSpace(line[i:]), " ")
	return &process{cmd: cmd, url: strings.TrimSuffix(url, "/")}
}

// client plays one game of people over HTTP, every seat's token in hand,
// remembering the actions the server acknowledged.
type client struct {
	url, id string
	cfg     waterdeep.Config
	tokens  []string
	acked   [][]byte // acknowledged actions, in order
	pending []byte   // the action sent when the server died, if any
}

func httpDo(method, url, token string, body []byte) (int, []byte, error) {
	req, err := http.NewRequest(method, url, bytes.NewReader(body))
	if req != nil && req.Method == "POST" {
		req.Header.Set("Content-Type", "application/json")
	}
	if err != nil {
		return 0, nil, err
	}
	if token != "" {
		req.Header.Set("Authorization", "Bearer "+token)
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		return 0, nil, err
	}
	defer resp.Body.Close()
	b, err := io.ReadAll(resp.Body)
	return resp.StatusCode, b, err
}

// step plays one random legal action; false when the server is gone or
// the game is over.
func (c *client) step(rng *rand.Rand) (bool, error) {
	status, b, err := httpDo("GET", c.url+"/api/games/"+c.id+"/view", "", nil)
	if err != nil {
		return false, nil
	}
	if status != 200 {
		return false, fmt.Errorf("view: %d %s", status, b)
	}
	var p payload
	json.Unmarshal(b, &p)
	v := viewDoc{}
	json.Unmarshal(p.View, &v)
	if v.ToAct == nil {
		return false, nil
	}
	var seat int
	fmt.Sscanf(*v.ToAct, "p%d", &seat)
	seat--
	status, b, err = httpDo("GET", c.url+"/api/games/"+c.id+"/view", c.tokens[seat], nil)
	if err != nil {
		return false, nil
	}
	if status != 200 {
		return false, fmt.Errorf("p%d's view: %d %s", seat+1, status, b)
	}
	json.Unmarshal(b, &p)
	json.Unmarshal(p.View, &v)
	if len(v.Legal) == 0 {
		return false, fmt.Errorf("p%d to act with no legal action", seat+1)
	}
	a := v.Legal[rng.IntN(len(v.Legal))]
	c.pending = a
	status, b, err = httpDo("POST", fmt.Sprintf("%s/api/games/%s/actions?index=%d", c.url, c.id, len(c.acked)), c.tokens[seat], a)
	if err != nil {
		return false, nil // killed in flight: the action may or may not be stored
	}
	if status != 200 {
		return false, fmt.Errorf("action %s: %d %s", a, status, b)
	}
	c.acked = append(c.acked, a)
	c.pending = nil
	return true, nil
}

// expected replays actions locally: the state the server must have.
func (c *client) expected(t *testing.T, actions [][]byte) waterdeep.State {
	s, err := waterdeep.New(c.cfg)
	if err != nil {
		t.Fatal(err)
	}
	for _, data := range actions {
		a, err := waterdeep.UnmarshalAction(data)
		if err != nil {
			t.Fatal(err)
		}
		if s, err = s.Apply(a); err != nil {
			t.Fatal(err)
		}
	}
	return s
}

func jsonValue(t *testing.T, b []byte) any {
	var v any
	if err := json.Unmarshal(b, &v); err != nil {
		t.Fatalf("%v: %.200s", err, b)
	}
	return v
}

// TestKillAndRestart kills the server process (SIGKILL, no shutdown) while
// clients play many games and bots play others, restarts it on the same
// database, and checks that every game continues from exactly the state
// it had: every acknowledged action is there, and each seat's view equals
// the one a local replay gives.
func TestKillAndRestart(t *testing.T) {
	if testing.Short() {
		t.Skip("builds and runs the server binary")
	}
	db := filepath.Join(t.TempDir(), "games.db")
	p := startProcess(t, "-db", db)
	const games = 24
	var clients []*client
	for i := 0; i < games; i++ {
		players := 2 + i%3
		seats := make([]string, players)
		for j := range seats {
			seats[j] = "human"
		}
		body, _ := json.Marshal(createRequest{Players: players, Seed: fmt.Sprint(100 + i), Seats: seats, Sit: "none"})
		status, b, err := httpDo("POST", p.url+"/api/games", "", body)
		if err != nil || status != 200 {
			t.Fatalf("create: %v %d %s", err, status, b)
		}
		var sum gameSummary
		json.Unmarshal(b, &sum)
		c := &client{url: p.url, id: sum.ID, cfg: waterdeep.Config{Players: players, Seed: uint64(100 + i)}}
		for j := range seats {
			status, b, err := httpDo("POST", p.url+"/api/games/"+sum.ID+"/join", "", []byte(fmt.Sprintf(`{"seat":"p%d"}`, j+1)))
			if err != nil || status != 200 {
				t.Fatalf("join: %v %d %s", err, status, b)
			}
			var j struct{ Token string }
			json.Unmarshal(b, &j)
			c.tokens = append(c.tokens, j.Token)
		}
		clients = append(clients, c)
	}
	// Bot games play on their own, before and after the kill.
	var botGames []string
	for i := 0; i < 4; i++ {
		body, _ := json.Marshal(createRequest{Players: 3, Seed: fmt.Sprint(7 + i), Seats: []string{"random", "greedy", "random"}})
		_, b, _ := httpDo("POST", p.url+"/api/games", "", body)
		var sum gameSummary
		json.Unmarshal(b, &sum)
		botGames = append(botGames, sum.ID)
	}

	var wg sync.WaitGroup
	errs := make(chan error, games)
	for i, c := range clients {
		wg.Add(1)
		go func() {
			defer wg.Done()
			rng := rand.New(rand.NewPCG(uint64(i), 9))
			for {
				ok, err := c.step(rng)
				if err != nil {
					errs <- err
					return
				}
				if !ok {
					return
				}
			}
		}()
	}
	time.Sleep(1500 * time.Millisecond)
	if err := p.cmd.Process.Kill(); err != nil {
		t.Fatal(err)
	}
	p.cmd.Wait()
	wg.Wait()
	close(errs)
	for err := range errs {
		t.Fatal(err)
	}
	total := 0
	for _, c := range clients {
		total += len(c.acked)
	}
	t.Logf("killed after %d acknowledged actions in %d games", total, games)

	q := startProcess(t, "-db", db)
	inFlight := 0
	for _, c := range clients {
		c.url = q.url
		_, b, err := httpDo("GET", q.url+"/api/games/"+c.id+"/view", "", nil)
		if err != nil {
			t.Fatal(err)
		}
		var pl payload
		json.Unmarshal(b, &pl)
		want := c.acked
		switch {
		case pl.Index == len(c.acked):
		case pl.Index == len(c.acked)+1 && c.pending != nil:
			// Stored, then killed before the answer: the action counts.
			want = append(want, c.pending)
			inFlight++
		default:
			t.Fatalf("game %s: %d actions after the restart, %d acknowledged", c.id, pl.Index, len(c.acked))
		}
		c.acked = want
		s := c.expected(t, want)
		for seat := -1; seat < c.cfg.Players; seat++ {
			token, viewer := "", waterdeep.Spectator
			if seat >= 0 {
				token, viewer = c.tokens[seat], waterdeep.PlayerID(seat)
			}
			_, b, _ := httpDo("GET", q.url+"/api/games/"+c.id+"/view", token, nil)
			json.Unmarshal(b, &pl)
			local, _ := s.View(viewer).AppendJSON(nil)
			if diff := cmp.Diff(jsonValue(t, local), jsonValue(t, pl.View)); diff != "" {
				t.Fatalf("game %s, seat %d after the restart (-replayed +server):\n%s", c.id, seat+1, diff)
			}
		}
		// And it goes on.
		rng := rand.New(rand.NewPCG(1, 1))
		for k := 0; k < 5; k++ {
			if _, err := c.step(rng); err != nil {
				t.Fatalf("game %s after the restart: %v", c.id, err)
			}
		}
	}
	t.Logf("%d actions were stored but not acknowledged when killed", inFlight)

	// The bot games finish, and their published records replay to the
	// final views the server shows.
	for _, id := range botGames {
		deadline := time.Now().Add(60 * time.Second)
		for {
			_, b, _ := httpDo("GET", q.url+"/api/games/"+id+"/view", "", nil)
			var pl payload
			json.Unmarshal(b, &pl)
			if len(pl.Final) > 0 {
				_, rb, _ := httpDo("GET", q.url+"/api/games/"+id+"/record", "", nil)
				var pub struct {
					Record json.RawMessage `json:"record"`
				}
				json.Unmarshal(rb, &pub)
				rec, err := waterdeep.DecodeRecord(pub.Record)
				if err != nil {
					t.Fatalf("bot game %s: the published record does not decode: %v", id, err)
				}
				replayed, _, err := waterdeep.Replay(rec)
				if err != nil {
					t.Fatalf("bot game %s: the published record does not replay: %v", id, err)
				}
				local, _ := replayed.View(waterdeep.Spectator).AppendJSON(nil)
				if diff := cmp.Diff(jsonValue(t, local), jsonValue(t, pl.View)); diff != "" {
					t.Fatalf("bot game %s (-replayed +server):\n%s", id, diff)
				}
				break
			}
			if time.Now().After(deadline) {
				t.Fatalf("bot game %s did not finish after the restart (%d actions)", id, pl.Index)
			}
			time.Sleep(100 * time.Millisecond)
		}
	}
}
