package waterdeep

// A golden playthrough: a 3-player game with a fixed
// seed and actions chosen by a seeded PCG, recorded in
// testdata/golden/three_players.json with the JSON view of every seat and
// the spectator after each round ends. A change in the rules, the deal,
// the legal actions' order or the view encoding shows as a diff here;
// when the change is intended, regenerate the file with
//
//	go test -run Golden -update .

import (
	"bytes"
	"encoding/json"
	"flag"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

var goldenUpdate = flag.Bool("update", false, "rewrite the golden files in testdata/golden")

const (
	goldenFile    = "testdata/golden/three_players.json"
	goldenPlayers = 3
	goldenSeed    = 1859
)

// goldenPlay plays the golden game and returns the golden document: one
// action or one view per line, so that a diff points at what changed.
func goldenPlay(t *testing.T) []byte {
	t.Helper()
	s, err := New(Config{Players: goldenPlayers, Seed: goldenSeed})
	if err != nil {
		t.Fatal(err)
	}
	c := s.Content()
	r := rand.New(rand.NewPCG(goldenSeed, 2))
	var actions []string
	type snapshot struct {
		after, round int
		views        []string
	}
	var snaps []snapshot
	for !s.Over() {
		round := s.Round()
		legal := s.LegalActions()
		a := legal[r.IntN(len(legal))]
		actions = append(actions, c.FormatAction(a))
		if s, err = s.Apply(a); err != nil {
			t.Fatal(err)
		}
		if s.Round() == round && !s.Over() {
			continue
		}
		snap := snapshot{after: len(actions), round: round}
		for _, p := range leakViewers(goldenPlayers) {
			b, err := json.Marshal(s.View(p))
			if err != nil {
				t.Fatal(err)
			}
			viewer := "null"
			if p != Spectator {
				viewer = `"` + p.String() + `"`
			}
			snap.views = append(snap.views, fmt.Sprintf(`{"viewer":%s,"view":%s}`, viewer, b))
		}
		snaps = append(snaps, snap)
	}
	var b bytes.Buffer
	fmt.Fprintf(&b, "{\n\"players\": %d,\n\"seed\": %d,\n", goldenPlayers, goldenSeed)
	fmt.Fprintf(&b, "\"chooser\": %q,\n", fmt.Sprintf("legal[r.IntN(len(legal))] with r = rand.New(rand.NewPCG(%d, 2))", goldenSeed))
	b.WriteString("\"actions\": [\n")
	for i, a := range actions {
		q, _ := json.Marshal(a)
		b.Write(q)
		if i < len(actions)-1 {
			b.WriteString(",")
		}
		b.WriteString("\n")
	}
	b.WriteString("],\n\"rounds\": [\n")
	for i, sn := range snaps {
		fmt.Fprintf(&b, "{\"round_ended\": %d, \"after_action\": %d, \"views\": [\n", sn.round, sn.after)
		b.WriteString(strings.Join(sn.views, ",\n"))
		b.WriteString("\n]}")
		if i < len(snaps)-1 {
			b.WriteString(",")
		}
		b.WriteString("\n")
	}
	fmt.Fprintf(&b, "],\n\"final_scores\": [")
	for p := range PlayerID(goldenPlayers) {
		if p > 0 {
			b.WriteString(", ")
		}
		fmt.Fprint(&b, s.Score(p))
	}
	b.WriteString("]\n}\n")
	return b.Bytes()
}

func TestGoldenPlaythrough(t *testing.T) {
	t.Parallel() // self-contained: runs beside the other heavy tests (long_test.go)
	got := goldenPlay(t)
	if !json.Valid(got) {
		t.Fatalf("the golden document is not valid JSON")
	}
	if *goldenUpdate {
		if err := os.MkdirAll(filepath.Dir(goldenFile), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(goldenFile, got, 0o644); err != nil {
			t.Fatal(err)
		}
		t.Logf("wrote %s (%d bytes)", goldenFile, len(got))
	}
	want, err := os.ReadFile(goldenFile)
	if err != nil {
		t.Fatalf("%v (run go test -run Golden -update . to create it)", err)
	}
	if !bytes.Equal(want, got) {
		t.Fatalf("the game differs from %s:\n%s\nIf the change is intended: go test -run Golden -update .", goldenFile, goldenDiff(want, got))
	}
	// The recorded views decode to the views of the game.
	var doc struct {
		Rounds []struct {
			Views []struct {
				View json.RawMessage `json:"view"`
			} `json:"views"`
		} `json:"rounds"`
	}
	if err := json.Unmarshal(want, &doc); err != nil {
		t.Fatal(err)
	}
	if len(doc.Rounds) != rounds {
		t.Errorf("%d rounds recorded, want %d", len(doc.Rounds), rounds)
	}
	for i, r := range doc.Rounds {
		for j, v := range r.Views {
			if _, err := DecodeView(v.View, nil); err != nil {
				t.Errorf("round %d, view %d: %v", i+1, j, err)
			}
		}
	}
}

// goldenDiff describes the first difference between two golden documents:
// the line, and for a view line the differing fields.
func goldenDiff(want, got []byte) string {
	wl, gl := strings.Split(string(want), "\n"), strings.Split(string(got), "\n")
	for i := 0; i < max(len(wl), len(gl)); i++ {
		var w, g string
		if i < len(wl) {
			w = wl[i]
		}
		if i < len(gl) {
			g = gl[i]
		}
		if w == g {
			continue
		}
		var wv, gv any
		wj, gj := strings.TrimSuffix(w, ","), strings.TrimSuffix(g, ",")
		if json.Unmarshal([]byte(wj), &wv) == nil && json.Unmarshal([]byte(gj), &gv) == nil {
			return fmt.Sprintf("line %d (-want +got):\n%s", i+1, cmp.Diff(wv, gv))
		}
		return fmt.Sprintf("line %d:\n- %s\n+ %s", i+1, goldenShorten(w), goldenShorten(g))
	}
	return "(no line differs)"
}

func goldenShorten(s string) string {
	if len(s) > 300 {
		return s[:300] + "..."
	}
	return s
}
