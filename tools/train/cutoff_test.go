package main

import (
	"compress/gzip"
	"context"
	"encoding/json"
	"io"
	"math"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/waterdeep-go/waterdeep"
	"github.com/waterdeep-go/waterdeep/bots"
	"github.com/waterdeep-go/waterdeep/observe"
)

// TestCutoffPositions: a cut-off position is a function of its seed; its
// labels are a finished game's (win shares summing to 1, margins to 0, in
// tens of VP); every seat's inputs include its lord; and its state was
// played on from the recorded one (its inputs differ from the start's).
func TestCutoffPositions(t *testing.T) {
	enc, f := baseFeatures(t)
	s, err := waterdeep.New(waterdeep.Config{Players: 4, Seed: 38})
	if err != nil {
		t.Fatal(err)
	}
	lordInputs := f.Inputs() - len(enc.Lords())
	moved := 0
	for seed := range uint64(6) {
		c, ok, err := cutoffFrom(s, seed, f, 30)
		if err != nil || !ok {
			t.Fatalf("seed %d: %v, %v", seed, ok, err)
		}
		again, _, _ := cutoffFrom(s, seed, f, 30)
		if !reflect.DeepEqual(c, again) {
			t.Fatalf("seed %d: two positions", seed)
		}
		shares, margins := 0.0, 0.0
		for p := range 4 {
			shares += float64(c.shares[p])
			margins += float64(c.margins[p])
			idx := c.idx[c.start[p]:c.start[p+1]]
			if int(idx[len(idx)-1]) < lordInputs {
				t.Fatalf("seed %d: seat %d's inputs %v hold no lord", seed, p, idx)
			}
			start := f.FromState(nil, &s, waterdeep.PlayerID(p), true)
			if len(start) != len(idx) {
				moved++
				continue
			}
			for i, x := range start {
				if int(x.Index) != int(idx[i]) || x.Value != c.val[int(c.start[p])+i] {
					moved++
					break
				}
			}
		}
		if math.Abs(shares-1) > 1e-6 || math.Abs(margins) > 1e-5 {
			t.Fatalf("seed %d: shares %v, margins %v", seed, c.shares, c.margins)
		}
	}
	if moved == 0 {
		t.Fatal("no position was played on from the start")
	}
}

// TestCutoffsDoNotDependOnWorkers: the cut-off sets of recorded games are
// the same made by one goroutine or three, and split by game as the rows
// are (held out: game % holdout == 0).
func TestCutoffsDoNotDependOnWorkers(t *testing.T) {
	path := writeRecords(t, 4)
	_, feat := baseFeatures(t)
	o := options{seed: 5, holdout: 4, rate: 0.3, evalRate: 0.1, cutoff: 10}
	var sets [2][3]*set
	for i, workers := range []int{1, 3} {
		o.workers = workers
		train, valid, held, games, _, _, err := readCutoffs([][]string{{path}}, feat, o)
		if err != nil {
			t.Fatal(err)
		}
		t.Log(games, len(train.pos), len(valid.pos), len(held.pos))
		if len(games) != 4 || len(train.pos) == 0 || len(held.pos) == 0 {
			t.Fatalf("%d games, %d training and %d held-out positions", len(games), len(train.pos), len(held.pos))
		}
		for _, p := range held.pos {
			if p.game%4 != 0 {
				t.Fatalf("game %d held out", p.game)
			}
		}
		sets[i] = [3]*set{train, valid, held}
	}
	if !reflect.DeepEqual(sets[0], sets[1]) {
		t.Fatal("the positions depend on the number of workers")
	}
}

// baseFeatures returns the encoder and value features of 4-player base
// games.
func baseFeatures(t *testing.T) (*observe.Encoder, *bots.ValueFeatures) {
	t.Helper()
	enc, err := observe.New(nil, 4, 0)
	if err != nil {
		t.Fatal(err)
	}
	f, err := bots.NewValueFeatures(enc)
	if err != nil {
		t.Fatal(err)
	}
	return enc, f
}

func mustJSON(t *testing.T, v any) json.RawMessage {
	t.Helper()
	data, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	return data
}

// writeRecords writes n games of four Greedy bots as selfplay-beam's
// record lines (games 0 to n-1) and returns the file's path.
func writeRecords(t *testing.T, n int64) string {
	t.Helper()
	path := filepath.Join(t.TempDir(), "games-00000-of-00001.jsonl.gz")
	f, err := os.Create(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	z := gzip.NewWriter(f)
	for g := range n {
		cfg := waterdeep.Config{Players: 4, Seed: uint64(100 + g)}
		s, err := waterdeep.New(cfg)
		if err != nil {
			t.Fatal(err)
		}
		rec := waterdeep.NewRecord(cfg)
		bot := bots.NewGreedy(uint64(g))
		for !s.Over() {
			p, _ := s.ToAct()
			a, err := bot.Choose(context.Background(), s.View(p))
			if err != nil {
				t.Fatal(err)
			}
			rec.Add(a)
			if s, err = s.Apply(a); err != nil {
				t.Fatal(err)
			}
		}
		data, err := json.Marshal(recordLine{Game: g, Record: mustJSON(t, rec)})
		if err != nil {
			t.Fatal(err)
		}
		z.Write(append(data, '\n'))
	}
	if err := z.Close(); err != nil {
		t.Fatal(err)
	}
	return path
}

// TestRunCutoff: the command, with -cutoff and -target margins, writes a
// weights file that the library loads as a model of every lord and of
// margins for 4-player base games, and reports it beside Greedy.
func TestRunCutoff(t *testing.T) {
	path := writeRecords(t, 4)
	out := filepath.Join(t.TempDir(), "v.bin")
	o := options{records: path, cutoff: 10, target: "margins", players: 4, seed: 1, holdout: 4, rate: 0.3, evalRate: 0.3,
		epochs: 2, batch: 16, lr: 0.002, workers: 2, out: out}
	var log strings.Builder
	if err := run(o, &log); err != nil {
		t.Fatal(err)
	}
	data, err := os.ReadFile(out)
	if err != nil {
		t.Fatal(err)
	}
	m, err := bots.LoadValue(data, nil)
	if err != nil {
		t.Fatal(err)
	}
	if want := (bots.ValueKind{Lords: bots.EveryLordKnown, Target: bots.MarginTarget}); m.Kind() != want || !m.Serves(4, 0) {
		t.Fatalf("a model of kind %+v serving 4-player base games %v, want %+v", m.Kind(), m.Serves(4, 0), want)
	}
	for _, want := range []string{"margins of cut-off positions", "| all |", "Predicting a margin of 0"} {
		if !strings.Contains(log.String(), want) {
			t.Errorf("the report lacks %q:\n%s", want, log.String())
		}
	}
	o.target, o.cutoff = "margins", 0
	if err := run(o, io.Discard); err == nil || !strings.Contains(err.Error(), "-target margins needs -cutoff") {
		t.Fatalf("margins without -cutoff: %v", err)
	}
	o.target, o.rows, o.records = "shares", path, path+","+path
	if err := run(o, io.Discard); err == nil || !strings.Contains(err.Error(), "several runs with -rows") {
		t.Fatalf("several runs with -rows: %v", err)
	}
}

// TestRecordRuns: several runs given to -records are numbered apart (run
// k's game g is k·runGames+g); a game met twice in one run, and a file
// given as two runs, are errors, not a game silently replaced.
func TestRecordRuns(t *testing.T) {
	path := writeRecords(t, 3)
	other := filepath.Join(t.TempDir(), "games-00000-of-00001.jsonl.gz")
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(other, data, 0o644); err != nil {
		t.Fatal(err)
	}
	all := func(int64) bool { return true }
	recs, err := readRecords([][]string{{path}, {other}}, all)
	if err != nil {
		t.Fatal(err)
	}
	for _, g := range []int64{0, 1, 2, runGames, runGames + 1, runGames + 2} {
		if _, ok := recs[g]; !ok {
			t.Errorf("game %d missing from %d games", g, len(recs))
		}
	}
	if len(recs) != 6 {
		t.Errorf("%d games; want 6", len(recs))
	}
	if _, err := readRecords([][]string{{path, other}}, all); err == nil || !strings.Contains(err.Error(), "game 0 is in "+path) {
		t.Errorf("the same games twice in one run: %v", err)
	}
	if _, err := globRuns(path + "," + path); err == nil || !strings.Contains(err.Error(), "in two of the runs") {
		t.Errorf("one file as two runs: %v", err)
	}
	runs, err := globRuns(path + "," + other)
	if err != nil || len(runs) != 2 {
		t.Fatalf("two runs: %v, %v", runs, err)
	}
	if _, err := globRuns(path + ",/nonexistent/games-*.jsonl.gz"); err == nil {
		t.Error("a run matching no file accepted")
	}
}
