package waterdeep

import (
	"bufio"
	"errors"
	"fmt"
	"math/rand/v2"
	"os"
	"strconv"
	"strings"
	"testing"

	"github.com/waterdeep-go/waterdeep/content"
)

// TestPhrasings measures how well State.ParseAnswer understands people:
// every phrasing of testdata/phrasings.txt, taken at a real decision of a
// real game, must mean its action, or be refused as ambiguous where the
// file says so. It logs the share understood.
func TestPhrasings(t *testing.T) {
	f, err := os.Open("testdata/phrasings.txt")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	games := map[string][]State{} // the states of each game, by step
	total, understood, ambiguous := 0, 0, 0
	sc := bufio.NewScanner(f)
	for line := 1; sc.Scan(); line++ {
		text := sc.Text()
		switch {
		case strings.HasPrefix(text, "#") || strings.TrimSpace(text) == "":
			continue
		case strings.HasPrefix(text, "game "):
			name, states := playPhrasingGame(t, text)
			games[name] = states
			continue
		}
		parts := strings.Split(text, " | ")
		if len(parts) != 3 {
			t.Fatalf("line %d: want \"GAME STEP | PHRASE | EXPECTED\": %q", line, text)
		}
		g, stepText, _ := strings.Cut(parts[0], " ")
		step, err := strconv.Atoi(stepText)
		if states, ok := games[g]; !ok || err != nil || step < 0 || step >= len(states) {
			t.Fatalf("line %d: no step %q of game %q", line, stepText, g)
		}
		s := games[g][step]
		total++
		got, err := s.ParseAnswer(parts[1])
		if parts[2] == "ambiguous" {
			ambiguous++
			var de *DecodeError
			if errors.As(err, &de) && strings.Contains(de.Detail, "could be") {
				understood++
			} else {
				t.Errorf("line %d: %q at %v: got %v, %v; want it refused as ambiguous", line, parts[1], s.Pending(), got, err)
			}
			continue
		}
		c := s.Content()
		want, werr := c.ParseAction(parts[2])
		if werr != nil {
			t.Fatalf("line %d: expected action: %v", line, werr)
		}
		d := s.Pending()
		if err == nil && (got == want || c.HumanAction(got, d) == c.HumanAction(want, d)) {
			understood++
			continue
		}
		t.Errorf("line %d: %q at %v: got %v, %v; want %s", line, parts[1], d, got, err, parts[2])
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	if total < 200 {
		t.Errorf("%d phrasings, want at least 200", total)
	}
	t.Logf("understood %d of %d phrasings (%.1f%%), %d of them deliberately ambiguous", understood, total,
		100*float64(understood)/float64(total), ambiguous)
}

// playPhrasingGame plays the game a "game" line describes with the
// file's random policy and returns its name and its states, by step.
func playPhrasingGame(t *testing.T, line string) (string, []State) {
	t.Helper()
	f := strings.Fields(line)
	if len(f) != 6 {
		t.Fatalf("bad game line %q", line)
	}
	var cfg Config
	val := func(field, key string) string {
		v, ok := strings.CutPrefix(field, key+"=")
		if !ok {
			t.Fatalf("game line %q: want %s=", line, key)
		}
		return v
	}
	var err error
	if cfg.Players, err = strconv.Atoi(val(f[2], "players")); err != nil {
		t.Fatal(err)
	}
	if cfg.Modules, err = content.ParseModules(val(f[3], "modules")); err != nil {
		t.Fatal(err)
	}
	cfg.Long = val(f[4], "long") == "true"
	if cfg.Seed, err = strconv.ParseUint(val(f[5], "seed"), 10, 64); err != nil {
		t.Fatal(err)
	}
	s, err := New(cfg)
	if err != nil {
		t.Fatal(fmt.Errorf("%s: %w", line, err))
	}
	r := rand.New(rand.NewPCG(cfg.Seed, 1))
	states := []State{s}
	for !s.Over() {
		legal := s.LegalActions()
		if s, err = s.Apply(legal[r.IntN(len(legal))]); err != nil {
			t.Fatal(err)
		}
		states = append(states, s)
	}
	return f[1], states
}
