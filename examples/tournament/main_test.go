package main

import (
	"bufio"
	"bytes"
	"encoding/json"
	"io"
	"math"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/waterdeep-go/waterdeep"
)

func mustParse(t *testing.T, o options) tournament {
	t.Helper()
	tr, err := parse(o)
	if err != nil {
		t.Fatal(err)
	}
	return tr
}

// TestDeterministicAcrossWorkers plays the same small tournament with 1 and
// 4 workers: the results and the records are identical.
func TestDeterministicAcrossWorkers(t *testing.T) {
	tr := mustParse(t, options{Games: 6, Bots: "greedy,random,ismcts", Seed: 42, Budget: 3})
	var first []result
	var firstRec []byte
	for _, w := range []int{1, 4} {
		var rec bytes.Buffer
		res, err := playAll(tr, w, &rec, io.Discard)
		if err != nil {
			t.Fatal(err)
		}
		if first == nil {
			first, firstRec = res, rec.Bytes()
			continue
		}
		if !reflect.DeepEqual(res, first) {
			t.Errorf("%d workers: results differ from 1 worker", w)
		}
		if !bytes.Equal(rec.Bytes(), firstRec) {
			t.Errorf("%d workers: records differ from 1 worker", w)
		}
	}
	// A different seed plays different games.
	tr.seed++
	other, err := playAll(tr, 2, nil, io.Discard)
	if err != nil {
		t.Fatal(err)
	}
	if reflect.DeepEqual(other, first) {
		t.Error("seed 43 played the same games as seed 42")
	}
}

// TestRecords checks that every record line replays to its scores, in
// game order.
func TestRecords(t *testing.T) {
	path := filepath.Join(t.TempDir(), "games.jsonl")
	var out bytes.Buffer
	if err := run(options{Games: 4, Bots: "random,greedy", Seed: 3, Budget: 10, Workers: 4, Records: path}, &out, io.Discard); err != nil {
		t.Fatal(err)
	}
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	sc.Buffer(nil, 1<<24)
	n := 0
	for sc.Scan() {
		var r result
		if err := json.Unmarshal(sc.Bytes(), &r); err != nil {
			t.Fatalf("line %d: %v", n+1, err)
		}
		if r.Game != n {
			t.Errorf("line %d holds game %d", n+1, r.Game)
		}
		s, _, err := waterdeep.Replay(*r.Record)
		if err != nil {
			t.Fatalf("game %d: replay: %v", r.Game, err)
		}
		if !s.Over() || !slices.Equal(s.Scores(), r.Scores) || len(r.Record.Actions) != r.Decisions {
			t.Errorf("game %d: replay gives %v after %d actions, record says %v after %d", r.Game, s.Scores(),
				len(r.Record.Actions), r.Scores, r.Decisions)
		}
		if want := []string{"random", "greedy"}; n%2 == 1 {
			if !slices.Equal(r.Bots, []string{"greedy", "random"}) {
				t.Errorf("game %d: seats %v", n, r.Bots)
			}
		} else if !slices.Equal(r.Bots, want) {
			t.Errorf("game %d: seats %v", n, r.Bots)
		}
		n++
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	if n != 4 {
		t.Errorf("%d records, want 4", n)
	}
	for _, w := range []string{"4 games, 2 players, seed 3", "random ", "greedy ", "95% CI", "mean game length:", "games/s"} {
		if !strings.Contains(out.String(), w) {
			t.Errorf("report lacks %q:\n%s", w, out.String())
		}
	}
}

// TestSeatRotation: over a multiple of the player count, every listed bot
// sits in every seat equally often, and each seat holds one bot per game.
func TestSeatRotation(t *testing.T) {
	for players := 2; players <= 5; players++ {
		games := 3 * players
		count := make([][]int, players)
		for e := range count {
			count[e] = make([]int, players)
		}
		for g := range games {
			seen := make([]bool, players)
			for s := range players {
				e := entryAt(g, s, players)
				if seen[e] {
					t.Fatalf("%d players, game %d: bot %d sits twice", players, g, e)
				}
				seen[e] = true
				count[e][s]++
			}
		}
		for e := range count {
			for s, n := range count[e] {
				if n != 3 {
					t.Errorf("%d players: bot %d sat in seat %d %d times, want 3", players, e, s, n)
				}
			}
		}
	}
	// And the summary agrees, on real games.
	tr := mustParse(t, options{Games: 6, Bots: "random,random,greedy", Seed: 1, Budget: 10})
	res, err := playAll(tr, 2, nil, io.Discard)
	if err != nil {
		t.Fatal(err)
	}
	sm := summarize(tr, res)
	for _, e := range sm.entries {
		if !slices.Equal(e.seatsPlayed, []int{2, 2, 2}) || e.games != 6 {
			t.Errorf("%s: seats %v, %d games", e.label, e.seatsPlayed, e.games)
		}
	}
	for _, r := range res {
		if r.Bots[(r.Game)%3] != "random" || r.Bots[(2+r.Game)%3] != "greedy" {
			t.Errorf("game %d: seats %v", r.Game, r.Bots)
		}
	}
}

func TestWilson(t *testing.T) {
	z := 1.959963984540054
	for _, c := range []struct {
		wins   float64
		n      int
		lo, hi float64
	}{
		{5, 10, 0.236593, 0.763407},
		{0, 10, 0, 0.277533},
		{10, 10, 0.722467, 1},
		{1, 10, 0.017876, 0.404150},
		{250, 1000, 0.224153, 0.277760},
		{2.5, 5, 0.170424, 0.829576}, // a split win: p = 0.5
	} {
		lo, hi := wilson(c.wins, c.n, z)
		if math.Abs(lo-c.lo) > 1e-5 || math.Abs(hi-c.hi) > 1e-5 {
			t.Errorf("wilson(%v, %d) = [%.6f, %.6f], want [%.6f, %.6f]", c.wins, c.n, lo, hi, c.lo, c.hi)
		}
	}
	if lo, hi := wilson(0, 0, z); lo != 0 || hi != 1 {
		t.Errorf("no games: [%v, %v]", lo, hi)
	}
}

// TestSummary checks split ties, means and standard deviations on made-up
// results.
func TestSummary(t *testing.T) {
	tr := tournament{games: 2, players: 2, bots: []string{"a", "b"}}
	res := []result{
		{Game: 0, Scores: []int{10, 10}, Winners: []int{0, 1}, Decisions: 100}, // a in seat 0: a tie
		{Game: 1, Scores: []int{30, 20}, Winners: []int{0}, Decisions: 200},    // b in seat 0 wins
	}
	sm := summarize(tr, res)
	a, b := sm.entries[0], sm.entries[1]
	if a.wins != 0.5 || b.wins != 1.5 {
		t.Errorf("wins a %v b %v, want 0.5 and 1.5", a.wins, b.wins)
	}
	if a.mean != 15 || b.mean != 20 {
		t.Errorf("means a %v b %v, want 15 and 20", a.mean, b.mean)
	}
	if math.Abs(a.sd-math.Sqrt(50)) > 1e-9 || math.Abs(b.sd-math.Sqrt(200)) > 1e-9 {
		t.Errorf("sd a %v b %v", a.sd, b.sd)
	}
	if sm.decisions != 300 {
		t.Errorf("decisions %d", sm.decisions)
	}
	var out bytes.Buffer
	report(&out, tr, sm, 0)
	if !strings.Contains(out.String(), "mean game length: 150.0 decisions") {
		t.Errorf("report:\n%s", out.String())
	}
}

func TestBadOptions(t *testing.T) {
	for _, o := range []options{
		{Games: 1, Bots: "random", Budget: 1},
		{Games: 1, Bots: "random,robot", Budget: 1},
		{Games: 1, Bots: "random,random", Players: 3, Budget: 1},
		{Games: 0, Bots: "random,random", Budget: 1},
		{Games: 1, Bots: "random,random,random,random,random,random", Budget: 1},
		{Games: 1, Bots: "random,random", Budget: 1, Modules: "ravenloft"},
		{Games: 1, Bots: "random,random", Budget: 1, Long: true},
		{Games: 1, Bots: "random,random", Budget: 1, Modules: "undermountain,skullport"},
	} {
		if _, err := parse(o); err == nil {
			t.Errorf("%+v: no error", o)
		}
	}
}

func TestProgressBar(t *testing.T) {
	var bar bytes.Buffer
	tr := mustParse(t, options{Games: 4, Bots: "random,random", Seed: 9, Budget: 1})
	if _, err := playAll(tr, 2, nil, &bar); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(bar.String(), "4/4 games") || !strings.Contains(bar.String(), "left") {
		t.Errorf("progress bar: %q", bar.String())
	}
}

// TestSixSeatsWithModules: six bots play games with both modules and the
// long game; every record names the modules and replays to its scores.
func TestSixSeatsWithModules(t *testing.T) {
	path := filepath.Join(t.TempDir(), "games.jsonl")
	var out bytes.Buffer
	o := options{Games: 2, Bots: "greedy,random,random,random,random,random", Seed: 5, Budget: 1, Workers: 2, Records: path,
		Modules: "undermountain,skullport", Long: true}
	if err := run(o, &out, io.Discard); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(out.String(), "2 games, 6 players, seed 5, modules undermountain,skullport, long game") {
		t.Errorf("report:\n%s", out.String())
	}
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(strings.TrimSpace(string(data)), "\n")
	if len(lines) != 2 {
		t.Fatalf("%d records, want 2", len(lines))
	}
	for _, line := range lines {
		var r result
		if err := json.Unmarshal([]byte(line), &r); err != nil {
			t.Fatal(err)
		}
		if r.Record.Modules != waterdeep.Undermountain|waterdeep.Skullport || !r.Record.Long || r.Record.Players != 6 {
			t.Fatalf("record of %d players, modules %v, long %v", r.Record.Players, r.Record.Modules, r.Record.Long)
		}
		s, _, err := waterdeep.Replay(*r.Record)
		if err != nil || !s.Over() || !slices.Equal(s.Scores(), r.Scores) {
			t.Fatalf("replay: %v, scores %v, record says %v", err, s.Scores(), r.Scores)
		}
	}
}
