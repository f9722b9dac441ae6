package waterdeep

import (
	"fmt"
	"io/fs"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/waterdeep-go/waterdeep/content"
)

// Loading content costs at most content.LoadBytesPerByte bytes and
// content.LoadAllocsPerByte allocations per byte of its files, on the
// shapes that cost yaml.v3 the most (issue 24: every decoder's memory is
// bounded by a constant times its input).
func TestLoadContentCostLinear(t *testing.T) {
	if testing.Short() || raceDetector {
		t.Skip("loads some 10 MB of hostile YAML in one goroutine")
	}
	// The embedded base game, whose three other files stay valid while
	// one is replaced by a hostile one.
	valid := fstest.MapFS{}
	for _, name := range []string{"quests.yaml", "intrigue.yaml", "buildings.yaml", "lords.yaml"} {
		b, err := fs.ReadFile(content.Base(), name)
		if err != nil {
			t.Fatal(err)
		}
		valid[name] = &fstest.MapFile{Data: b}
	}
	shapes := map[string]func(n int) string{
		// [[[...]]] up to n bytes: one node a byte.
		"nested flow": func(n int) string {
			k := min((n-len("quests: \n"))/2, 9000) // yaml.v3 refuses 10,000 levels itself
			return "quests: " + strings.Repeat("[", k) + strings.Repeat("]", k) + "\n"
		},
		// [1,1,1,...]: a node and a type error every two bytes.
		"wide flow": func(n int) string { return "quests: [" + fill("1", n-len("quests: []\n")) + "]\n" },
		// {a: {a: ...}} nested maps.
		"nested maps": func(n int) string {
			k := min((n-len("quests: \n"))/5, 9000)
			return "quests: " + strings.Repeat("{a: ", k) + "1" + strings.Repeat("}", k) + "\n"
		},
		// One entry with thousands of unknown keys.
		"many keys": func(n int) string {
			var b strings.Builder
			b.WriteString("quests:\n  - id: a\n")
			for i := 0; b.Len() < n-20; i++ {
				fmt.Fprintf(&b, "    k%d: 1\n", i)
			}
			return b.String()
		},
		// Many short valid-looking entries (refused past MaxEntries).
		"many entries": func(n int) string {
			var b strings.Builder
			b.WriteString("quests:\n")
			for i := 0; b.Len() < n-60; i++ {
				fmt.Fprintf(&b, "  - {id: q%d, name: Q, type: arcana}\n", i)
			}
			return b.String()
		},
		// Aliases to one anchor, many times.
		"aliases": func(n int) string {
			return "x: &a [1, 2, 3]\nquests: [" + fill("*a", n-40) + "]\n"
		},
	}
	sizes := []int{4 << 10, 32 << 10, content.MaxFileSize}
	if quickRun() {
		sizes = []int{4 << 10, 32 << 10}
	}
	load := func(doc []byte) func([]byte) error {
		return func([]byte) error {
			fsys := fstest.MapFS{}
			for k, v := range valid {
				fsys[k] = v
			}
			fsys["quests.yaml"] = &fstest.MapFile{Data: doc}
			_, err := LoadContent(fsys)
			return err
		}
	}
	worst := 0.0
	for name, shape := range shapes {
		for _, size := range sizes {
			doc := []byte(shape(size))
			if len(doc) > content.MaxFileSize {
				t.Fatalf("%s: %d bytes, over MaxFileSize", name, len(doc))
			}
			if load(doc)(nil) == nil {
				t.Fatalf("%s (%d bytes) loaded; want it refused", name, len(doc))
			}
			b, n := decodeCost(load(doc), nil)
			perByte := float64(b) / float64(len(doc))
			worst = max(worst, perByte)
			t.Logf("%-12s %7d bytes in: %10d bytes (%5.1f/byte), %8.0f allocs (%.2f/byte)", name, len(doc), b, perByte, n, n/float64(len(doc)))
			if b > content.LoadBytesPerByte*uint64(len(doc))+content.LoadBaseBytes {
				t.Errorf("%s (%d bytes): allocated %d bytes, more than %d per byte and %d", name, len(doc), b, content.LoadBytesPerByte, content.LoadBaseBytes)
			}
			if n > content.LoadAllocsPerByte*float64(len(doc))+float64(content.LoadBaseBytes/64) {
				t.Errorf("%s (%d bytes): %.0f allocations, more than %d per byte", name, len(doc), n, content.LoadAllocsPerByte)
			}
		}
	}
	t.Logf("worst bytes per input byte: %.1f", worst)
}
