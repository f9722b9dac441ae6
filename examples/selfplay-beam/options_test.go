package main

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/apache/beam/sdks/v2/go/pkg/beam"
)

// TestOptionsChecked: settings the game refuses are caught by build,
// before a pipeline is launched, not inside a worker's playFn.
func TestOptionsChecked(t *testing.T) {
	for _, o := range []Options{
		{Bots: []string{"greedy", "random"}, Long: true, Games: 4, ShardGames: 1},             // the long game without a module
		{Bots: []string{"greedy", "random"}, Players: 3, Games: 4, ShardGames: 1},             // 3 is not a multiple of 2
		{Bots: []string{"greedy"}, Players: 7, Modules: "skullport", Games: 4, ShardGames: 1}, // too many players
		{Bots: []string{"greedy", "bogus"}, Games: 4, ShardGames: 1},
	} {
		_, s := beam.NewPipelineWithRoot()
		if err := build(s, o); err == nil {
			t.Errorf("%+v: build accepted it", o)
		}
	}
}

// TestPlayersRepeatBots: -players is the player count, the bots repeated
// to fill the seats.
func TestPlayersRepeatBots(t *testing.T) {
	o := Options{Bots: []string{"greedy", "random"}, Players: 4, Games: 2, ShardGames: 1}
	tour, err := o.tournament()
	if err != nil {
		t.Fatal(err)
	}
	if len(tour.Bots) != 4 || tour.Config.Players != 4 {
		t.Fatalf("%d bots for %d players", len(tour.Bots), tour.Config.Players)
	}
	if got := strings.Join(o.seatBots(), ","); got != "greedy,random,greedy,random" {
		t.Fatalf("seats %s", got)
	}
	sm, err := tour.Run(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	if len(sm.Entrants) != 4 || sm.Entrants[2].Name != "greedy" {
		t.Fatalf("entrants %+v", sm.Entrants)
	}
}

// TestClean: a rerun into prefixes holding an earlier run's shards (of
// another shard count, or a failed shard's temporary file) is refused,
// and -overwrite removes them and nothing else.
func TestClean(t *testing.T) {
	dir := t.TempDir()
	o := Options{Rows: filepath.Join(dir, "rows"), Records: filepath.Join(dir, "games")}
	old := []string{"rows-00000-of-00003.parquet", "rows-00002-of-00003.parquet", "games-00001-of-00002.jsonl.gz",
		"rows-00001-of-00004.parquet.tmp-0a1b2c"}
	keep := []string{"rows.txt", "rows-notes.parquet", "summary.json", "other-00000-of-00001.parquet"}
	for _, f := range append(append([]string{}, old...), keep...) {
		if err := os.WriteFile(filepath.Join(dir, f), []byte("x"), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	ctx := context.Background()
	if err := Clean(ctx, o, false); err == nil || !strings.Contains(err.Error(), "-overwrite") {
		t.Fatalf("Clean without overwrite: %v", err)
	}
	if err := Clean(ctx, o, true); err != nil {
		t.Fatal(err)
	}
	left, _ := os.ReadDir(dir)
	var names []string
	for _, e := range left {
		names = append(names, e.Name())
	}
	if strings.Join(names, " ") != "other-00000-of-00001.parquet rows-notes.parquet rows.txt summary.json" {
		t.Fatalf("left %v", names)
	}
	if err := Clean(ctx, o, false); err != nil {
		t.Fatalf("Clean of clean prefixes: %v", err)
	}
}

// TestTempFile: an output appears under its final name only once
// committed; an aborted one leaves nothing.
func TestTempFile(t *testing.T) {
	dir := t.TempDir()
	ctx := context.Background()
	path := filepath.Join(dir, "a.json")
	f, err := createTemp(ctx, path)
	if err != nil {
		t.Fatal(err)
	}
	f.Write([]byte("hello"))
	if _, err := os.Stat(path); !os.IsNotExist(err) {
		t.Fatalf("final name present before commit: %v", err)
	}
	if err := f.commit(ctx); err != nil {
		t.Fatal(err)
	}
	if b, err := os.ReadFile(path); err != nil || string(b) != "hello" {
		t.Fatalf("%q %v", b, err)
	}
	g, err := createTemp(ctx, filepath.Join(dir, "b.json"))
	if err != nil {
		t.Fatal(err)
	}
	g.Write([]byte("partial"))
	g.abort(ctx)
	if left, _ := os.ReadDir(dir); len(left) != 1 {
		t.Fatalf("left %v", left)
	}
}

// TestISMCTSValueBot: ismcts-value is ISMCTS with the library's learned
// evaluation, with or without its own budget; a bad budget is refused.
func TestISMCTSValueBot(t *testing.T) {
	for _, spec := range []string{"ismcts-value", "ismcts-value:50"} {
		f, err := factory(spec, 20)
		if err != nil {
			t.Fatalf("%s: %v", spec, err)
		}
		if name := f(1).Name(); name != "ismcts-value" {
			t.Fatalf("%s plays as %q", spec, name)
		}
	}
	for _, spec := range []string{"ismcts-value:0", "ismcts-value:x", "greedy-value"} {
		if _, err := factory(spec, 20); err == nil {
			t.Errorf("%s accepted", spec)
		}
	}
}
