package waterdeep

// The README's tour compiles as pasted (issue 11, item 8): its first Go
// block is built as a program of its own against this module.

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

func TestReadmeTourCompiles(t *testing.T) {
	t.Parallel() // self-contained: runs beside the other heavy tests (long_test.go)
	if testing.Short() {
		t.Skip("builds a program")
	}
	readme, err := os.ReadFile("README.md")
	if err != nil {
		t.Fatal(err)
	}
	_, block, ok := strings.Cut(string(readme), "```go\n")
	block, _, ok2 := strings.Cut(block, "```")
	if !ok || !ok2 {
		t.Fatal("README.md has no Go block")
	}
	dir := filepath.Join(t.TempDir(), "tour")
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "main.go"), []byte(block), 0o644); err != nil {
		t.Fatal(err)
	}
	root, err := filepath.Abs(".")
	if err != nil {
		t.Fatal(err)
	}
	// A module of its own that requires this one from the working tree.
	gomod := "module tour\n\ngo 1.26\n\nrequire github.com/waterdeep-go/waterdeep v0.0.0\n\nreplace github.com/waterdeep-go/waterdeep => " + root + "\n"
	if err := os.WriteFile(filepath.Join(dir, "go.mod"), []byte(gomod), 0o644); err != nil {
		t.Fatal(err)
	}
	sum, err := os.ReadFile("go.sum")
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "go.sum"), sum, 0o644); err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command("go", "run", ".")
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), "GOFLAGS=-mod=mod")
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("the README's tour does not run: %v\n%s", err, out)
	}
	if !strings.Contains(string(out), "p1: assign an agent -> ") {
		t.Errorf("the tour's output lacks its first decision:\n%.500s", out)
	}
}
