package waterdeep

import (
	"bytes"
	"flag"
	"fmt"
	"hash/fnv"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strconv"
	"testing"
)

var snapCorpus = flag.Bool("snap.corpus", false, "rewrite the seed corpus of FuzzDecodeState in testdata/fuzz")

// snapSeeds returns real snapshots: base games with 2 to 5 players after a
// number of random actions, one game over, and games with every
// combination of modules (normal and long), 2 to 6 players.
func snapSeeds(tb testing.TB) [][]byte {
	var out [][]byte
	cfgs := []Config{}
	for n := 2; n <= 5; n++ {
		cfgs = append(cfgs, Config{Players: n, Seed: uint64(n)})
	}
	cfgs = append(cfgs,
		Config{Players: 6, Seed: 6, Modules: Undermountain},
		Config{Players: 3, Seed: 7, Modules: Undermountain, Long: true},
		Config{Players: 4, Seed: 8, Modules: Skullport},
		Config{Players: 6, Seed: 9, Modules: Skullport, Long: true},
		Config{Players: 5, Seed: 10, Modules: Undermountain | Skullport, Long: true},
		Config{Players: 2, Seed: 11, Modules: Undermountain | Skullport, Long: true})
	for _, cfg := range cfgs {
		n := cfg.Players
		s, err := New(cfg)
		if err != nil {
			tb.Fatal(err)
		}
		r := rand.New(rand.NewPCG(cfg.Seed, 3))
		for step := 0; !s.Over(); step++ {
			if step == 7*n || step == 150 {
				data, err := s.MarshalJSON()
				if err != nil {
					tb.Fatal(err)
				}
				out = append(out, data)
			}
			acts := s.LegalActions()
			if s, err = s.Apply(acts[r.IntN(len(acts))]); err != nil {
				tb.Fatal(err)
			}
		}
		if n == 3 || cfg.Modules.Has(Skullport) && n == 6 {
			data, err := s.MarshalJSON()
			if err != nil {
				tb.Fatal(err)
			}
			out = append(out, data)
		}
	}
	return out
}

// TestSnapWriteCorpus rewrites testdata/fuzz/FuzzDecodeState with
// -snap.corpus: real snapshots, whole and truncated.
func TestSnapWriteCorpus(t *testing.T) {
	if !*snapCorpus {
		t.Skip("run with -snap.corpus to rewrite the seed corpus")
	}
	dir := filepath.Join("testdata", "fuzz", "FuzzDecodeState")
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	write := func(name string, data []byte) {
		body := "go test fuzz v1\n[]byte(" + strconv.Quote(string(data)) + ")\n"
		if err := os.WriteFile(filepath.Join(dir, name), []byte(body), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	for i, data := range snapSeeds(t) {
		write(fmt.Sprintf("snapshot-%d", i), data)
		if i%3 == 0 {
			write(fmt.Sprintf("truncated-%d", i), data[:len(data)*2/3])
		}
	}
}

// FuzzDecodeState: decoding arbitrary bytes never panics; a decoded state
// re-encodes to JSON that decodes to the same state and encodes the same,
// and up to 20 random legal actions from it never panic and keep it valid.
func FuzzDecodeState(f *testing.F) {
	for i, data := range snapSeeds(f) {
		if i%2 == 0 {
			f.Add(data)
			f.Add(data[:len(data)/2])
		}
	}
	for _, s := range []string{"", "{}", "null", "[]", `{"format":"waterdeep-state","version":1}`, "\x00\xff"} {
		f.Add([]byte(s))
	}
	valid := snapSeeds(f)[0]
	addHostileSeeds(f, valid, MaxStateSize, false)
	if _, err := DecodeState(valid, nil); err != nil { // and warm the caches
		f.Fatal(err)
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		var s State
		var err error
		checkDecodeCost(t, data, func() { s, err = DecodeState(data, nil) })
		if err != nil {
			return
		}
		j1, err := s.MarshalJSON()
		if err != nil {
			t.Fatalf("a decoded state does not encode: %v", err)
		}
		s2, err := DecodeState(j1, nil)
		if err != nil {
			t.Fatalf("a re-encoded state does not decode: %v\n%s", err, j1)
		}
		if s2 != s {
			t.Fatalf("a re-encoded state decodes to another state")
		}
		if j2, err := s2.MarshalJSON(); err != nil || !bytes.Equal(j1, j2) {
			t.Fatalf("encoding is not stable: %v", err)
		}
		h := fnv.New64a()
		h.Write(data)
		r := rand.New(rand.NewPCG(h.Sum64(), 1))
		for step := 0; step < 20 && !s.Over(); step++ {
			_ = s.Pending()
			_ = s.AppendMoves(nil)
			acts := s.LegalActions()
			if len(acts) == 0 {
				t.Fatalf("step %d: the game is not over but there is no legal action", step)
			}
			a := acts[r.IntN(len(acts))]
			next, err := s.Apply(a)
			if err != nil {
				t.Fatalf("step %d: a listed action is refused: %v", step, err)
			}
			if played, err := s.Play(EncodeMove(a)); err != nil || played != next {
				t.Fatalf("step %d: Play and Apply disagree: %v", step, err)
			}
			s = next
			if err := s.validate(); err != nil {
				t.Fatalf("step %d: play from a valid state reached an invalid one: %v", step, err)
			}
		}
	})
}
