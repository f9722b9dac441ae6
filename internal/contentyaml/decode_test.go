package contentyaml_test

import (
	"errors"
	"io/fs"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/waterdeep-go/waterdeep/content"
	"github.com/waterdeep-go/waterdeep/internal/contentyaml"
)

// aliasBomb is a YAML document whose aliases expand to 10^9 scalars.
func aliasBomb() string {
	var b strings.Builder
	b.WriteString("a: &a [x, x, x, x, x, x, x, x, x, x]\n")
	prev := "a"
	for i := range 8 {
		n := string(rune('b' + i))
		b.WriteString(n + ": &" + n + " [")
		for j := range 10 {
			if j > 0 {
				b.WriteString(", ")
			}
			b.WriteString("*" + prev)
		}
		b.WriteString("]\n")
		prev = n
	}
	return b.String()
}

// trailingTails are broken documents that follow a good one: each must make
// the file fail to load (issue 10, defect 1).
var trailingTails = []struct{ name, tail string }{
	{"unclosed flow", "\n---\n[unclosed\n"},
	{"undefined alias", "\n---\n*nowhere\n"},
	{"tab indentation", "\n---\nkey:\n\tvalue: 1\n"},
	{"alias bomb", "\n---\n" + aliasBomb()},
}

func baseFile(t *testing.T, name string) []byte {
	t.Helper()
	data, err := fs.ReadFile(content.Base(), name)
	if err != nil {
		t.Fatal(err)
	}
	return data
}

// A document after the first, broken or not, is an error naming the file:
// only the end of the input means that nothing follows.
func TestDecodeFileTrailingDocument(t *testing.T) {
	base := baseFile(t, "lords.yaml")
	var v map[string]any
	if err := contentyaml.DecodeFile(fstest.MapFS{"lords.yaml": {Data: base}}, "lords.yaml", &v); err != nil {
		t.Fatalf("the base file: %v", err)
	}
	tails := append(trailingTails, struct{ name, tail string }{"a good second document", "\n---\nlords: []\n"})
	for _, c := range tails {
		t.Run(c.name, func(t *testing.T) {
			fsys := fstest.MapFS{"lords.yaml": {Data: append(append([]byte{}, base...), c.tail...)}}
			var v map[string]any
			err := contentyaml.DecodeFile(fsys, "lords.yaml", &v)
			wantLordsError(t, err)
			if !strings.HasPrefix(err.Error(), "waterdeep: content lords.yaml: ") {
				t.Errorf("error %q", err)
			}
		})
	}
}

// An alias bomb in the document itself is refused, and fast.
func TestDecodeFileAliasBomb(t *testing.T) {
	fsys := fstest.MapFS{"lords.yaml": {Data: []byte(aliasBomb())}}
	var v map[string]any
	wantLordsError(t, contentyaml.DecodeFile(fsys, "lords.yaml", &v))
}

// wantLordsError fails unless err is a *content.LoadError naming lords.yaml.
func wantLordsError(t *testing.T, err error) {
	t.Helper()
	var le *content.LoadError
	if !errors.As(err, &le) || le.File != "lords.yaml" {
		t.Fatalf("got %v, want a *content.LoadError naming lords.yaml", err)
	}
}
