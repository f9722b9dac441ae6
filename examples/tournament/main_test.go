package main

import (
	"bufio"
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"math"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/waterdeep-go/waterdeep"
	"github.com/waterdeep-go/waterdeep/bots"
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
// 4 workers: the table (but for the timings) and the records are the same.
func TestDeterministicAcrossWorkers(t *testing.T) {
	dir := t.TempDir()
	var outs [2]string
	var recs [2][]byte
	for i, w := range []int{1, 4} {
		path := filepath.Join(dir, fmt.Sprintf("w%d.jsonl", w))
		var out bytes.Buffer
		if err := run(options{Games: 6, Bots: "greedy,random,ismcts", Seed: 42, Budget: 3, Workers: w, Records: path}, &out, io.Discard); err != nil {
			t.Fatal(err)
		}
		outs[i] = withoutTimes(out.String())
		var err error
		if recs[i], err = os.ReadFile(path); err != nil {
			t.Fatal(err)
		}
	}
	if outs[0] != outs[1] {
		t.Errorf("tables differ:\n%s\n%s", outs[0], outs[1])
	}
	if !bytes.Equal(recs[0], recs[1]) || len(recs[0]) == 0 {
		t.Error("records differ between 1 and 4 workers")
	}
	// A different seed plays different games.
	path := filepath.Join(dir, "other.jsonl")
	if err := run(options{Games: 6, Bots: "greedy,random,ismcts", Seed: 43, Budget: 3, Workers: 2, Records: path}, io.Discard, io.Discard); err != nil {
		t.Fatal(err)
	}
	if other, _ := os.ReadFile(path); bytes.Equal(other, recs[0]) {
		t.Error("seed 43 played the same games as seed 42")
	}
}

// withoutTimes drops the ms/decision column and the time line of a table.
func withoutTimes(table string) string {
	var b strings.Builder
	for _, line := range strings.Split(table, "\n") {
		if strings.HasPrefix(line, "time:") {
			continue
		}
		if f := strings.Fields(line); len(f) > 0 && strings.Contains(line, "%") && !strings.Contains(line, "games,") {
			line = strings.Join(f[:len(f)-1], " ")
		}
		b.WriteString(line + "\n")
	}
	return b.String()
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

// TestReport checks the table of a made-up summary.
func TestReport(t *testing.T) {
	tr := mustParse(t, options{Games: 2, Bots: "greedy,random", Seed: 7, Budget: 1})
	sm := bots.Summary{Games: 2, Decisions: 300, Entrants: []bots.EntrantSummary{
		{Label: "greedy", Games: 2, WinRate: 0.25, Low: 0.1, High: 0.5, MeanVP: 15, SDVP: 1.5, Decisions: 4, Think: 10 * time.Millisecond},
		{Label: "random", Games: 2, WinRate: 0.75, MeanVP: 20},
	}}
	var out bytes.Buffer
	report(&out, tr, sm, time.Second)
	for _, w := range []string{"2 games, 2 players, seed 7\n", "greedy            2    25.0% [ 10.0%,  50.0%]     15.0     1.5         2.50\n",
		"random            2    75.0%", "mean game length: 150.0 decisions", "time: 1.00s, 2.0 games/s"} {
		if !strings.Contains(out.String(), w) {
			t.Errorf("report lacks %q:\n%s", w, out.String())
		}
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
		{Games: 1, Bots: "ismcts,random", Budget: 1, Exploration: -0.5},
		{Games: 1, Bots: "ismcts,random", Budget: 1, Exploration: math.NaN()},
		{Games: 1, Bots: "ismcts,random", Budget: 1, Exploration: math.Inf(1)},
		{Games: 1, Bots: "ismcts-value,random", Budget: 1, Value: "testdata/no-such-file.bin"},
		{Games: 1, Bots: "ismcts-value,random", Budget: 1, Value: "main.go"}, // not a weights file
	} {
		if _, err := parse(o); err == nil {
			t.Errorf("%+v: no error", o)
		}
	}
}

// TestExplorationReachesTheSearch checks that -exploration is the ISMCTS
// constant and that the report's first line names it.
func TestExplorationReachesTheSearch(t *testing.T) {
	tr := mustParse(t, options{Games: 2, Bots: "ismcts,random", Seed: 7, Budget: 3, Exploration: 0.55})
	if tr.search.Exploration != 0.55 || tr.search.Iterations != 3 {
		t.Fatalf("search options %+v, want exploration 0.55 and 3 iterations", tr.search)
	}
	var out bytes.Buffer
	report(&out, tr, bots.Summary{Games: 2}, time.Second)
	if want := "ISMCTS budget 3 iterations, exploration 0.55\n"; !strings.Contains(out.String(), want) {
		t.Fatalf("report lacks %q:\n%s", want, out.String())
	}
}

// TestUniformLordsReachesTheSearch checks that -uniform-lords reaches
// every ISMCTS seat's options and that the report's first line says so.
func TestUniformLordsReachesTheSearch(t *testing.T) {
	tr := mustParse(t, options{Games: 2, Bots: "ismcts,random", Seed: 7, Budget: 3, UniformLords: true})
	if !tr.search.UniformLords {
		t.Fatalf("search options %+v, want UniformLords", tr.search)
	}
	var out bytes.Buffer
	report(&out, tr, bots.Summary{Games: 2}, time.Second)
	if want := "ISMCTS budget 3 iterations, lords dealt uniformly\n"; !strings.Contains(out.String(), want) {
		t.Fatalf("report lacks %q:\n%s", want, out.String())
	}
	if tr := mustParse(t, options{Games: 2, Bots: "ismcts,random", Seed: 7, Budget: 3}); tr.search.UniformLords {
		t.Fatal("UniformLords set without -uniform-lords")
	}
}

func TestProgressBar(t *testing.T) {
	var bar bytes.Buffer
	tr := mustParse(t, options{Games: 4, Bots: "random,random", Seed: 9, Budget: 1, Workers: 2})
	if _, err := playAll(tr, nil, &bar); err != nil {
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

// TestValueFile: -value loads the weights file given, which ismcts-value
// then plays with.
func TestValueFile(t *testing.T) {
	m, err := bots.LearnedValue().MarshalBinary()
	if err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(t.TempDir(), "v.bin")
	if err := os.WriteFile(path, m, 0o644); err != nil {
		t.Fatal(err)
	}
	tr, err := parse(options{Games: 1, Bots: "ismcts-value:5,random,random,random", Budget: 1, Value: path})
	if err != nil {
		t.Fatal(err)
	}
	if name := tr.Bots[0](1).Name(); name != "ismcts-value" {
		t.Fatalf("the first bot plays as %q", name)
	}
}
