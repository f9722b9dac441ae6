package main

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// v1 is a small package standing for the library at its baseline.
const v1 = `package lib

// Version is a document's version.
const Version = 2

// Kind is an enumeration.
type Kind int

// Two kinds.
const (
	KindA Kind = iota
	KindB
)

// Bot is an interface users implement.
type Bot interface {
	Choose(seed uint64, name string) (int, error)
}

// Action is a sealed interface: only this package implements it.
type Action interface {
	String() string
	isAction()
}

// State is a struct with a field and methods.
type State struct {
	Players int
	hidden  int
}

// New makes a State.
func New(players int) (State, error) { return State{}, nil }

// Score is a method on the value.
func (s State) Score(p int) int { return p }

// Apply is a method on the pointer.
func (s *State) Apply(a Action) error { return nil }

// Sum takes a function.
func Sum(f func(n int) int, xs ...int) int { return 0 }
`

// module writes a module holding package lib with the given source (and an
// internal package, whose API is not promised) and returns its directory.
func module(t *testing.T, src string) string {
	t.Helper()
	dir := t.TempDir()
	files := map[string]string{
		"go.mod":               "module example.com/lib\n\ngo 1.26\n",
		"lib.go":               src,
		"internal/x/x.go":      "package x\n\n// Hidden is not promised.\nfunc Hidden() {}\n",
		"examples/ex/main.go":  "package main\n\nfunc main() {}\n",
		"sub/sub.go":           "package sub\n\n// Sub is promised too.\nfunc Sub() int { return 1 }\n",
		"tools/t/tool_test.go": "package t\n",
	}
	for name, text := range files {
		path := filepath.Join(dir, name)
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return dir
}

func features(t *testing.T, src string) []string {
	t.Helper()
	f, err := loadFeatures(module(t, src), "./...")
	if err != nil {
		t.Fatal(err)
	}
	return f
}

func TestFeatures(t *testing.T) {
	got := features(t, v1)
	want := []string{
		"pkg example.com/lib, const KindA Kind = 0",
		"pkg example.com/lib, const KindB Kind = 1",
		"pkg example.com/lib, const Version = 2",
		"pkg example.com/lib, func New(int) (State, error)",
		"pkg example.com/lib, func Sum(func(int) int, ...int) int",
		"pkg example.com/lib, method (*State) Apply(Action) error",
		"pkg example.com/lib, method (State) Score(int) int",
		"pkg example.com/lib, type Action interface, String() string",
		"pkg example.com/lib, type Action interface, unexported methods",
		"pkg example.com/lib, type Bot interface { Choose }",
		"pkg example.com/lib, type Bot interface, Choose(uint64, string) (int, error)",
		"pkg example.com/lib, type Kind int",
		"pkg example.com/lib, type State struct",
		"pkg example.com/lib, type State struct, Players int",
		"pkg example.com/lib/sub, func Sub() int",
	}
	if !slices.Equal(got, want) {
		t.Errorf("features:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
}

// TestCheck changes the baseline's package one way at a time and checks
// what the check says of it.
func TestCheck(t *testing.T) {
	base := features(t, v1)
	cases := []struct {
		name                string
		from, to            string // a replacement in v1's source
		next                []string
		missing, unrecorded int
	}{
		{name: "unchanged"},
		{name: "removed function", from: "func New(players int) (State, error) { return State{}, nil }", missing: 1},
		{name: "changed signature", from: "func New(players int) (State, error)", to: "func New(players int64) (State, error)", missing: 1, unrecorded: 1},
		{name: "changed method receiver", from: "func (s State) Score", to: "func (s *State) Score", missing: 1, unrecorded: 1},
		{name: "removed field", from: "\tPlayers int\n", to: "\tPlayerCount int\n", missing: 1, unrecorded: 1},
		{name: "changed constant", from: "const Version = 2", to: "const Version = 3", missing: 1, unrecorded: 1},
		{name: "method added to an interface", from: "\tChoose(seed uint64, name string) (int, error)\n", to: "\tChoose(seed uint64, name string) (int, error)\n\tName() string\n", missing: 1, unrecorded: 2},
		{name: "new feature not recorded", from: "// Sum takes", to: "// Extra is new.\nfunc Extra() {}\n\n// Sum takes", unrecorded: 1},
		{name: "new feature recorded", from: "// Sum takes", to: "// Extra is new.\nfunc Extra() {}\n\n// Sum takes", next: []string{"pkg example.com/lib, func Extra()"}},
		{name: "method added to a sealed interface, recorded", from: "\tisAction()\n", to: "\tisAction()\n\tActor() int\n", next: []string{"pkg example.com/lib, type Action interface, Actor() int"}},
		{name: "parameter renamed", from: "func New(players int)", to: "func New(n int)"},
		{name: "unexported change", from: "\thidden  int\n", to: "\thidden  string\n"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			src := v1
			if c.from != "" {
				if !strings.Contains(src, c.from) {
					t.Fatalf("the source has no %q", c.from)
				}
				src = strings.Replace(src, c.from, c.to, 1)
			}
			r := compare(features(t, src), base, c.next)
			if len(r.missing) != c.missing || len(r.unrecorded) != c.unrecorded || len(r.stale) != 0 {
				t.Errorf("missing %q, unrecorded %q, stale %q; want %d missing, %d unrecorded",
					r.missing, r.unrecorded, r.stale, c.missing, c.unrecorded)
			}
			if r.ok() != (c.missing+c.unrecorded == 0) {
				t.Errorf("ok() = %v", r.ok())
			}
		})
	}
}

// TestStaleNext: a line of next.txt that is no longer a feature fails, so
// that the file says exactly what was added.
func TestStaleNext(t *testing.T) {
	base := features(t, v1)
	r := compare(base, base, []string{"pkg example.com/lib, func Gone()"})
	if len(r.stale) != 1 || r.ok() {
		t.Errorf("stale %q, ok %v; want one stale line", r.stale, r.ok())
	}
}

// TestWriteAndCheck runs the files' round: -write -baseline, an addition
// refused by check, recorded by -write, then accepted; a removal that
// -write refuses to excuse.
func TestWriteAndCheck(t *testing.T) {
	api := t.TempDir()
	if err := writeBaseline(api, features(t, v1)); err != nil {
		t.Fatal(err)
	}
	if err := check(api, features(t, v1)); err != nil {
		t.Fatalf("check after -write -baseline: %v", err)
	}
	added := features(t, strings.Replace(v1, "// Sum takes", "// Extra is new.\nfunc Extra() {}\n\n// Sum takes", 1))
	err := check(api, added)
	if err == nil || !strings.Contains(err.Error(), "func Extra()") {
		t.Fatalf("check with an unrecorded addition: %v", err)
	}
	if _, err := writeNext(api, added); err != nil {
		t.Fatal(err)
	}
	if err := check(api, added); err != nil {
		t.Fatalf("check after -write: %v", err)
	}
	next, _ := readLines(filepath.Join(api, nextFile))
	if !slices.Equal(next, []string{"pkg example.com/lib, func Extra()"}) {
		t.Errorf("next.txt holds %q", next)
	}
	removed := features(t, strings.Replace(v1, "func New(players int) (State, error) { return State{}, nil }", "", 1))
	if _, err := writeNext(api, removed); err == nil || !strings.Contains(err.Error(), "incompatible") {
		t.Errorf("-write with a removal: %v", err)
	}
	if err := check(api, removed); err == nil {
		t.Error("check with a removal passed")
	}
}

// TestRepositoryAPI checks the library itself, as CI's command does.
func TestRepositoryAPI(t *testing.T) {
	f, err := loadFeatures("../..", "./...")
	if err != nil {
		t.Fatal(err)
	}
	if err := check("../../api", f); err != nil {
		t.Fatal(err)
	}
}
