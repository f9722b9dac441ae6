package main

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// toy is a small package with a site of every kind.
const toy = `package toy

type flags uint8

const limit = 3

func sum(xs []int) (n int) {
	for i := 0; i < len(xs); i++ {
		n += xs[i]
	}
	return
}

func pick(a, b int, ok bool) (int, error) {
	if !ok && a > b || a == limit {
		return a - b, nil
	}
	var f flags
	f |= 4
	f &^= 1
	ok = true
	b++
	return b + int(f), nil
}

func chain(a, b, c bool) bool {
	return a || b || c
}
`

// TestToyPackage loads the toy package and checks that every site's
// plain mutant changes the source, that every site of each kind is
// listed, and that the schema of all of them type-checks and builds.
func TestToyPackage(t *testing.T) {
	dir := t.TempDir()
	write := func(name, text string) {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	write("go.mod", "module example.com/toy\n\ngo 1.26\n")
	write("toy.go", toy)
	p, err := loadPkg(dir, func(string) bool { return true })
	if err != nil {
		t.Fatal(err)
	}
	sites := p.sites()
	kinds := map[string]int{}
	on := map[*site]bool{}
	for i, s := range sites {
		kinds[s.kind]++
		s.num = i + 1
		src, err := plainSource(s)
		if err != nil {
			t.Fatalf("%s: %v", s.id, err)
		}
		if string(src) == toy {
			t.Errorf("%s (%s): the plain mutant is the original", s.id, s.desc)
		}
		one, err := schemaSource(s.file, map[*site]bool{s: true})
		if err == nil {
			err = p.check(map[*srcFile][]byte{s.file: one}, switchFile(p.name))
		}
		if err == nil {
			on[s] = true
		} else if s.kind != "literal" {
			// Only a literal in a constant may have no schema form.
			t.Errorf("%s (%s): schema form: %v", s.id, s.desc, err)
		}
	}
	for _, k := range allKinds {
		if kinds[k] == 0 {
			t.Errorf("no %s site in the toy package", k)
		}
	}
	all, err := schemaSource(p.files[0], on)
	if err != nil {
		t.Fatal(err)
	}
	if err := p.check(map[*srcFile][]byte{p.files[0]: all}, switchFile(p.name)); err != nil {
		t.Fatalf("the schema does not type-check: %v\n%s", err, all)
	}
	if !strings.Contains(string(all), "wdMutantOn(") || !strings.Contains(string(all), "wdMutantPick[") {
		t.Errorf("the schema switches nothing:\n%s", all)
	}
	// The compiler agrees.
	write("toy.go", string(all))
	write("zz_switch.go", string(switchFile(p.name)))
	cmd := exec.Command("go", "build", "./...")
	cmd.Dir = dir
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("go build of the schema: %v\n%s\n%s", err, out, all)
	}
}

// TestPlainMutants checks the text of a few plain mutants of the toy.
func TestPlainMutants(t *testing.T) {
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "go.mod"), []byte("module example.com/toy\n\ngo 1.26\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "toy.go"), []byte(toy), 0o644); err != nil {
		t.Fatal(err)
	}
	p, err := loadPkg(dir, func(string) bool { return true })
	if err != nil {
		t.Fatal(err)
	}
	want := map[string]string{
		"toy.go:8:16/cmp":    "for i := 0; ((i) <= (len(xs))); i++ {",
		"toy.go:9:5/assign":  "n -= xs[i]",
		"toy.go:15:18/logic": "if ((!ok && a > b) && (a == limit)) {",
		// The left operand of a chain stays one operand: (a || b) && c,
		// not a || (b && c).
		"toy.go:27:16/logic":    "return ((a || b) && (c))",
		"toy.go:15:5/not":       "if (ok) && a > b || a == limit {",
		"toy.go:16:12/arith":    "return ((a) + (b)), nil",
		"toy.go:19:4/assign":    "f &^= 4",
		"toy.go:20:4/assign":    "f |= 1",
		"toy.go:21:7/bool":      "ok = false",
		"toy.go:5:15/literal+1": "const limit = 4",
		"toy.go:22:2/delete":    "",
		"toy.go:16:3/return":    "return *new(int), *new(error); return a - b, nil",
	}
	ids := map[string]*site{}
	for _, s := range p.sites() {
		ids[s.id] = s
	}
	for id, line := range want {
		s, ok := ids[id]
		if !ok {
			t.Errorf("no site %s", id)
			continue
		}
		src, err := plainSource(s)
		if err != nil {
			t.Fatal(err)
		}
		got := strings.Split(string(src), "\n")[s.line()-1]
		if strings.TrimSpace(got) != line {
			t.Errorf("%s: line %q, want %q", id, strings.TrimSpace(got), line)
		}
	}
}
