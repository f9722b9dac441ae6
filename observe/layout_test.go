package observe_test

import (
	"bytes"
	"flag"
	"fmt"
	"os"
	"slices"
	"strings"
	"testing"

	"github.com/waterdeep-go/waterdeep"
	"github.com/waterdeep-go/waterdeep/observe"
)

var update = flag.Bool("update", false, "rewrite LAYOUT.md from the code")

var moduleSets = []waterdeep.Modules{0, waterdeep.Undermountain, waterdeep.Skullport, waterdeep.Undermountain | waterdeep.Skullport}

// TestLayoutCovers: for every player count and set of modules, the fields
// cover the observation once, in order, with unique names, each
// documented, each of more than one float saying what indexes it.
func TestLayoutCovers(t *testing.T) {
	for _, m := range moduleSets {
		for p := 2; p <= 6; p++ {
			e, err := observe.New(nil, p, m)
			if p == 6 && m == 0 {
				if err == nil {
					t.Fatal("a 6-player base game's encoder")
				}
				continue
			}
			if err != nil {
				t.Fatal(err)
			}
			next, names := 0, map[string]bool{}
			for _, f := range e.Layout() {
				if f.Offset != next || f.Size <= 0 || names[f.Name] || f.Doc == "" || (f.Size > 1 && f.Index == "") {
					t.Fatalf("%v %d players: field %+v (expected offset %d)", m, p, f, next)
				}
				names[f.Name] = true
				next += f.Size
			}
			if next != e.Size() {
				t.Fatalf("%v %d players: fields end at %d, size %d", m, p, next, e.Size())
			}
		}
	}
}

// TestLayoutSameContent: a base game's layout is the same with the base
// content as with the full one (the base instances come first).
func TestLayoutSameContent(t *testing.T) {
	a, _ := observe.New(waterdeep.BaseContent(), 4, 0)
	b, _ := observe.New(waterdeep.FullContent(), 4, 0)
	if !slices.Equal(a.Layout(), b.Layout()) || !slices.Equal(a.Sources(), b.Sources()) {
		t.Fatal("the base game's layout depends on the content")
	}
}

// TestLayoutDoc: LAYOUT.md is what the code generates (go test
// ./observe -run TestLayoutDoc -update rewrites it).
func TestLayoutDoc(t *testing.T) {
	got := layoutDoc(t)
	if *update {
		if err := os.WriteFile("LAYOUT.md", got, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	want, err := os.ReadFile("LAYOUT.md")
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(got, want) {
		t.Fatal("LAYOUT.md is out of date: go test ./observe -run TestLayoutDoc -update")
	}
}

func layoutDoc(t *testing.T) []byte {
	var b bytes.Buffer
	b.WriteString("# Observation layout\n\n")
	b.WriteString("Generated from the code by `go test ./observe -run TestLayoutDoc -update`; do not edit.\n")
	b.WriteString("See the package documentation (doc.go) for the conventions: seats relative to the viewer,\n")
	b.WriteString("raw values, and the legal-move mask over `waterdeep.Move` (size `waterdeep.NumMoves()`).\n\n")
	b.WriteString("## Sizes\n\nFloats per observation with the library's content, by modules and players:\n\n")
	b.WriteString("| modules | spaces | quests | intrigue | tiles | lords | sources | 2 | 3 | 4 | 5 | 6 |\n")
	b.WriteString("|---|---|---|---|---|---|---|---|---|---|---|---|\n")
	for _, m := range moduleSets {
		e, _ := observe.New(nil, 2, m)
		fmt.Fprintf(&b, "| %v | %d | %d | %d | %d | %d | %d |", m, len(e.Spaces()), len(e.Quests()), len(e.Intrigue()),
			len(e.Buildings()), len(e.Lords()), len(e.Sources()))
		for p := 2; p <= 6; p++ {
			if e, err := observe.New(nil, p, m); err == nil {
				fmt.Fprintf(&b, " %d |", e.Size())
			} else {
				b.WriteString(" - |")
			}
		}
		b.WriteString("\n")
	}
	b.WriteString("\nA 6-player game needs a module. \"spaces\" ... \"lords\" are the lengths of the lists that\n")
	b.WriteString("index the fields (`Encoder.Spaces`, `Quests`, `Intrigue`, `Buildings`, `Lords`); \"sources\"\n")
	b.WriteString("the names `decision.source` knows (`Encoder.Sources`).\n\n")
	b.WriteString("## Fields\n\nIn order. Offsets and sizes for 4 players, base game, and the sizes with both modules;\n")
	b.WriteString("\"seat\" is the seat slot relative to the viewer (0 is the viewer), \"seat+nobody\" the same\n")
	b.WriteString("with one more element for nobody. A field indexed by \"a,b\" holds element i*len(b)+j.\n\n")
	b.WriteString("| field | offset | size | size (both modules) | index | meaning |\n|---|---|---|---|---|---|\n")
	base, err := observe.New(nil, 4, 0)
	if err != nil {
		t.Fatal(err)
	}
	full, err := observe.New(nil, 4, waterdeep.Undermountain|waterdeep.Skullport)
	if err != nil {
		t.Fatal(err)
	}
	for _, f := range base.Layout() {
		g, _ := full.Field(f.Name)
		fmt.Fprintf(&b, "| `%s` | %d | %d | %d | %s | %s |\n", f.Name, f.Offset, f.Size, g.Size,
			strings.ReplaceAll(f.Index, "|", "/"), f.Doc)
	}
	fmt.Fprintf(&b, "| total | | %d | %d | | |\n", base.Size(), full.Size())
	return b.Bytes()
}
