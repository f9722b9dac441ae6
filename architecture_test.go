package waterdeep

import (
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// TestArchitectureNamesEveryFile: ARCHITECTURE.md, the module's map, names
// every Go file of the module that is not a test (those of the modules
// under examples/ with a go.mod of their own are named by their folder),
// and every file or folder it names exists.
func TestArchitectureNamesEveryFile(t *testing.T) {
	doc, err := os.ReadFile("ARCHITECTURE.md")
	if err != nil {
		t.Fatal(err)
	}
	named := map[string]bool{}
	for _, m := range regexp.MustCompile("`([A-Za-z0-9_./-]+(?:\\.go|/[a-z-]+))`").FindAllStringSubmatch(string(doc), -1) {
		named[m[1]] = true
	}
	for _, m := range regexp.MustCompile("\\| `([a-z]+/[a-z-]+)` \\|").FindAllStringSubmatch(string(doc), -1) {
		named[m[1]] = true
	}
	var files []string
	err = filepath.WalkDir(".", func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() {
			if path != "." && (strings.HasPrefix(d.Name(), ".") || d.Name() == "testdata") {
				return filepath.SkipDir
			}
			if _, err := os.Stat(filepath.Join(path, "go.mod")); err == nil && path != "." {
				files = append(files, filepath.ToSlash(path)) // another module: named by its folder
				return filepath.SkipDir
			}
			return nil
		}
		if strings.HasSuffix(path, ".go") && !strings.HasSuffix(path, "_test.go") {
			files = append(files, filepath.ToSlash(path))
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	exists := map[string]bool{}
	for _, f := range files {
		exists[f] = true
		if !named[f] {
			t.Errorf("ARCHITECTURE.md does not name %s", f)
		}
	}
	for n := range named {
		if strings.HasSuffix(n, ".go") && !exists[n] {
			if _, err := os.Stat(n); err != nil {
				t.Errorf("ARCHITECTURE.md names %s, which does not exist", n)
			}
		}
	}
	if len(files) < 50 {
		t.Fatalf("found only %d files: is the test running at the module's root?", len(files))
	}
}
