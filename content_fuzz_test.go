package waterdeep

// The fuzz target for the content loader: hostile YAML never panics, every
// refusal is a *content.LoadError, and content that loads plays.

import (
	"errors"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/waterdeep-go/waterdeep/content"
)

// fuzzContentSteps bounds the actions of the game FuzzLoadContent plays.
// A random game of base content takes about 200; content may make a game
// endless for a player who wants it (see content/limits.go), but random play
// leaves such a loop soon.
const fuzzContentSteps = 20 * harnessMaxSteps

// FuzzLoadContent replaces one of the four base files (chosen by which)
// with data and loads the content. Loading must not panic, a refusal must be
// a *content.LoadError, and content that loads must play a random game to
// the end (which also chooses the number of players and the seed) with
// every invariant of the state intact. The corpus in
// testdata/fuzz/FuzzLoadContent holds the base files and the regression
// cases of content_limits_test.go.
func FuzzLoadContent(f *testing.F) {
	base := limitsBase(f)
	// Nested and wide YAML, and the largest file (issue 24): flow
	// sequences and mappings at MaxDepth, beyond yaml.v3's own limit of
	// 10,000 levels, block nesting, and a file of MaxFileSize bytes.
	for which, doc := range []string{
		"quests: " + nest("0", MaxDepth) + "\n",
		"quests: " + nest("0", 10_001) + "\n",
		"quests: " + strings.Repeat("{a: ", 2000) + "0" + strings.Repeat("}", 2000) + "\n",
		"quests:\n" + func() string {
			var b strings.Builder
			for i := range 300 {
				b.WriteString(strings.Repeat(" ", i) + "- \n")
			}
			return b.String()
		}(),
		"quests: [" + fill("{}", content.MaxFileSize-20) + "]\n",
	} {
		f.Add(byte(3+4*which), []byte(doc)) // quests.yaml (limitsFiles[3])
	}
	f.Fuzz(func(t *testing.T, which byte, data []byte) {
		files := map[string]string{}
		for k, v := range base {
			files[k] = v
		}
		file := limitsFiles[int(which)%len(limitsFiles)]
		files[file] = string(data)
		c, err := LoadContent(limitsFS(files))
		if err != nil {
			var le *content.LoadError
			if !errors.As(err, &le) || le.File == "" || !strings.HasPrefix(err.Error(), "waterdeep: content ") {
				t.Fatalf("LoadContent refused %s with %T %v, not a *content.LoadError naming a file", file, err, err)
			}
			return
		}
		n := 2 + int(which)/len(limitsFiles)%4
		seed := uint64(len(data))*31 + uint64(which)
		s, err := New(Config{Players: n, Seed: seed, Content: c})
		if err != nil {
			var ce *ConfigError
			if !errors.As(err, &ce) {
				t.Fatalf("New: %T %v", err, err)
			}
			return // too few cards for this many players
		}
		r := rand.New(rand.NewPCG(seed, 5))
		var buf []Move
		for steps := 0; !s.Over(); steps++ {
			// validate checks every invariant and allocates nothing; the
			// harness's own check, slower, runs at the end.
			if err := s.validate(); err != nil {
				t.Fatalf("%d players, seed %d, step %d: %v", n, seed, steps, err)
			}
			if steps >= fuzzContentSteps {
				t.Fatalf("%d players, seed %d: not over after %d actions (round %d)", n, seed, steps, s.Round())
			}
			buf = s.AppendMoves(buf[:0])
			if len(buf) == 0 {
				t.Fatalf("%d players, seed %d, step %d: no legal move (pending %+v)", n, seed, steps, s.Pending())
			}
			m := buf[r.IntN(len(buf))]
			next, err := s.Play(m)
			if err != nil {
				t.Fatalf("%d players, seed %d, step %d: Play(%v): %v", n, seed, steps, m, err)
			}
			if next.Over() {
				pre, _, _ := harnessApplyLast(s, m)
				limitsRecount(t, pre, next)
			}
			s = next
		}
		harnessCheckState(t, s)
	})
}
