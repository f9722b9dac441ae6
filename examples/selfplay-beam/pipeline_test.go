package main

import (
	"bufio"
	"bytes"
	"compress/gzip"
	"context"
	"encoding/json"
	"math"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"testing"

	"github.com/apache/arrow/go/v15/arrow"
	"github.com/apache/arrow/go/v15/arrow/array"
	"github.com/apache/arrow/go/v15/arrow/memory"
	"github.com/apache/arrow/go/v15/parquet"
	"github.com/apache/arrow/go/v15/parquet/pqarrow"
	"github.com/apache/beam/sdks/v2/go/pkg/beam"
	"github.com/apache/beam/sdks/v2/go/pkg/beam/testing/ptest"

	"github.com/waterdeep-go/waterdeep"
	"github.com/waterdeep-go/waterdeep/bots"
	"github.com/waterdeep-go/waterdeep/observe"
)

// TestMain runs the pipelines of the tests on Beam's local runner (Prism)
// unless -runner names another.
func TestMain(m *testing.M) { ptest.MainWithDefault(m, "prism") }

// TestPipeline runs a small pipeline on the local runner and checks that
// its summary is the in-process tournament's for the same seeds, that the
// training rows read back from Parquet are the observations of the games
// its records replay, and that the records are the tournament's games.
func TestPipeline(t *testing.T) {
	for _, o := range []Options{
		{Bots: []string{"greedy", "random", "random"}, Games: 5, Seed: 3, ShardGames: 2},
		{Bots: []string{"random", "greedy", "random"}, Modules: "skullport", Games: 3, Seed: 5, ShardGames: 2},
	} {
		name := o.Modules
		if name == "" {
			name = "base"
		}
		t.Run(name, func(t *testing.T) { testPipeline(t, o) })
	}
}

func testPipeline(t *testing.T, o Options) {
	dir := t.TempDir()
	o.Records, o.Rows, o.Summary = filepath.Join(dir, "games"), filepath.Join(dir, "rows"), filepath.Join(dir, "summary.json")
	p, s := beam.NewPipelineWithRoot()
	if err := build(s, o); err != nil {
		t.Fatal(err)
	}
	if err := ptest.Run(p); err != nil {
		t.Fatal(err)
	}

	// Every output under its final name, no temporary file left.
	if tmp, _ := filepath.Glob(filepath.Join(dir, "*"+tempSuffix+"*")); len(tmp) > 0 {
		t.Fatalf("temporary files left: %v", tmp)
	}

	// The same tournament in process, in game order.
	tour, err := o.tournament()
	if err != nil {
		t.Fatal(err)
	}
	enc, err := observe.New(tour.Config.Content, tour.Config.Players, tour.Config.Modules)
	if err != nil {
		t.Fatal(err)
	}
	var tally Tally
	var results []bots.GameResult
	var wantRows []Row
	tour.OnGame = func(r bots.GameResult) error {
		results = append(results, r)
		st, err := analyse(r, enc, RunInfo{Run: o.RunID(), Seed: o.Seed}, func(row Row) error {
			wantRows = append(wantRows, row.Clone())
			return nil
		})
		tally.add(st)
		return err
	}
	sm, err := tour.Run(context.Background())
	if err != nil {
		t.Fatal(err)
	}

	// The summary: byte for byte the in-process tally's, and the same
	// figures as bots.Summary's.
	got, err := os.ReadFile(o.Summary)
	if err != nil {
		t.Fatal(err)
	}
	want, _ := json.MarshalIndent(o.summary(tally), "", "  ")
	if !bytes.Equal(got, append(want, '\n')) {
		t.Fatalf("summary:\n%s\nin process:\n%s", got, want)
	}
	var gs Summary
	if err := json.Unmarshal(got, &gs); err != nil {
		t.Fatal(err)
	}
	if gs.Games != sm.Games || gs.Length.Total != int64(sm.Decisions) || len(gs.Bots) != len(sm.Entrants) {
		t.Fatalf("games %d decisions %d bots %d; tournament %d, %d, %d", gs.Games, gs.Length.Total, len(gs.Bots), sm.Games, sm.Decisions, len(sm.Entrants))
	}
	for i, b := range gs.Bots {
		e := sm.Entrants[i]
		seats := make([]int, len(b.Seats))
		for p, n := range b.Seats {
			seats[p] = int(n)
		}
		if b.Label != e.Label || b.Name != e.Name || int(b.Games) != e.Games || !slices.Equal(seats, e.Seats) || int(b.Decisions) != e.Decisions ||
			!near(b.Wins, e.Wins) || !near(b.WinShare, e.WinRate) || !near(b.Low, e.Low) || !near(b.High, e.High) ||
			!near(b.MeanVP, e.MeanVP) || !near(b.SDVP, e.SDVP) {
			t.Fatalf("bot %d: pipeline %+v, tournament %+v", i, b, e)
		}
	}
	if len(gs.Quests) == 0 || len(gs.Buildings) == 0 {
		t.Fatal("no quest completed or building bought in the summary")
	}

	// The records: the tournament's games, in shard files.
	var lines []recordLine
	files, _ := filepath.Glob(o.Records + "-*.jsonl.gz")
	if len(files) != o.shards() {
		t.Fatalf("%d record files, want %d", len(files), o.shards())
	}
	for _, f := range files {
		lines = append(lines, readRecords(t, f)...)
	}
	if len(lines) != len(results) {
		t.Fatalf("%d records, %d games", len(lines), len(results))
	}
	records := make([]waterdeep.Record, len(lines))
	for _, l := range lines {
		r := results[l.Game]
		if !slices.Equal(l.Scores, r.Scores) || l.Decisions != r.Decisions || !slices.Equal(l.Bots, r.Bots) {
			t.Fatalf("game %d: record %+v, tournament %+v", l.Game, l, r)
		}
		if records[l.Game], err = waterdeep.DecodeRecord(l.Record); err != nil {
			t.Fatal(err)
		}
	}

	// The rows: read back from Parquet, equal to the in-process rows, and
	// each observation that of the view its record's replay shows.
	var rows []Row
	files, _ = filepath.Glob(o.Rows + "-*.parquet")
	if len(files) != o.shards() {
		t.Fatalf("%d row files, want %d", len(files), o.shards())
	}
	for _, f := range files {
		rows = append(rows, readRows(t, f)...)
	}
	slices.SortStableFunc(rows, func(a, b Row) int { return int(a.Game-b.Game)*100000 + int(a.Step-b.Step) })
	if len(rows) != len(wantRows) || len(rows) != sm.Decisions {
		t.Fatalf("%d rows, want %d (%d decisions)", len(rows), len(wantRows), sm.Decisions)
	}
	for i := range rows {
		if !reflect.DeepEqual(rows[i], wantRows[i]) {
			t.Fatalf("row %d (game %d step %d) differs from the in-process row", i, rows[i].Game, rows[i].Step)
		}
	}
	checkReplay(t, enc, records, rows)
}

// checkReplay replays each record and checks every row's observation,
// legal moves and move against the state it shows.
func checkReplay(t *testing.T, enc *observe.Encoder, records []waterdeep.Record, rows []Row) {
	i := 0
	for g, rec := range records {
		s, err := waterdeep.New(rec.Config(enc.Content()))
		if err != nil {
			t.Fatal(err)
		}
		for step, a := range rec.Actions {
			row := rows[i]
			i++
			if row.Game != int64(g) || row.Step != int32(step) || row.Seat != int32(a.Actor()) || row.Move != int32(waterdeep.EncodeMove(a)) {
				t.Fatalf("row game %d step %d seat %d move %d; record game %d step %d action %v", row.Game, row.Step, row.Seat, row.Move, g, step, a)
			}
			obs, err := enc.Encode(nil, s.View(a.Actor()))
			if err != nil {
				t.Fatal(err)
			}
			if !slices.Equal(obs, row.Dense(nil)) || len(row.ObservationIndex) == 0 || slices.Contains(row.ObservationValue, 0) {
				t.Fatalf("game %d step %d: the row's observation is not the view's", g, step)
			}
			if !slices.Contains(row.Legal, row.Move) {
				t.Fatalf("game %d step %d: move %d not among the legal %v", g, step, row.Move, row.Legal)
			}
			if s, err = s.Apply(a); err != nil {
				t.Fatal(err)
			}
		}
	}
}

func near(a, b float64) bool { return math.Abs(a-b) <= 1e-12 }

func readRecords(t *testing.T, path string) []recordLine {
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	z, err := gzip.NewReader(f)
	if err != nil {
		t.Fatal(err)
	}
	var out []recordLine
	sc := bufio.NewScanner(z)
	sc.Buffer(nil, 16<<20)
	for sc.Scan() {
		var l recordLine
		if err := json.Unmarshal(sc.Bytes(), &l); err != nil {
			t.Fatal(err)
		}
		out = append(out, l)
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	return out
}

func readRows(t *testing.T, path string) []Row {
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	tbl, err := pqarrow.ReadTable(context.Background(), f, parquet.NewReaderProperties(memory.DefaultAllocator),
		pqarrow.ArrowReadProperties{}, memory.DefaultAllocator)
	if err != nil {
		t.Fatal(err)
	}
	defer tbl.Release()
	// The schema read back names the columns and types of rowSchema
	// (Arrow names a list's element by its Parquet group, and keeps
	// field ids as metadata: both ignored).
	got := tbl.Schema().Fields()
	if len(got) != len(rowSchema.Fields()) {
		t.Fatalf("schema %v, want %v", tbl.Schema(), rowSchema)
	}
	for i, f := range rowSchema.Fields() {
		g := got[i]
		same := g.Name == f.Name && g.Type.ID() == f.Type.ID()
		if l, ok := f.Type.(*arrow.ListType); ok && same {
			same = g.Type.(*arrow.ListType).Elem().ID() == l.Elem().ID()
		}
		if !same {
			t.Fatalf("column %d is %s %v, want %s %v", i, g.Name, g.Type, f.Name, f.Type)
		}
	}
	tr := array.NewTableReader(tbl, 0)
	defer tr.Release()
	var rows []Row
	for tr.Next() {
		rec := tr.Record()
		for i := range int(rec.NumRows()) {
			rows = append(rows, Row{
				Run:              rec.Column(0).(*array.String).Value(i),
				Seed:             rec.Column(1).(*array.Uint64).Value(i),
				Game:             rec.Column(2).(*array.Int64).Value(i),
				GameSeed:         rec.Column(3).(*array.Uint64).Value(i),
				Step:             rec.Column(4).(*array.Int32).Value(i),
				Seat:             rec.Column(5).(*array.Int32).Value(i),
				Bot:              rec.Column(6).(*array.String).Value(i),
				ObservationSize:  rec.Column(7).(*array.Int32).Value(i),
				ObservationIndex: listAt[int32](rec.Column(8), i),
				ObservationValue: listAt[float32](rec.Column(9), i),
				Legal:            listAt[int32](rec.Column(10), i),
				Move:             rec.Column(11).(*array.Int32).Value(i),
				Scores:           listAt[int32](rec.Column(12), i),
				Shares:           listAt[float64](rec.Column(13), i),
			})
		}
	}
	return rows
}

// listAt returns list i of a list column.
func listAt[T float32 | float64 | int32](col arrow.Array, i int) []T {
	l := col.(*array.List)
	start, end := l.ValueOffsets(i)
	var out []T
	switch v := l.ListValues().(type) {
	case *array.Float32:
		out = any(slices.Clone(v.Float32Values()[start:end])).([]T)
	case *array.Float64:
		out = any(slices.Clone(v.Float64Values()[start:end])).([]T)
	case *array.Int32:
		out = any(slices.Clone(v.Int32Values()[start:end])).([]T)
	}
	return out
}
