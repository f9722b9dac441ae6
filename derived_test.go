package waterdeep

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// The board's masks stay right only if every write to occupant and
// tileOwner goes through derived.go: no other file of the engine assigns to
// them.
func TestBoardIsWrittenOnlyInDerivedGo(t *testing.T) {
	write := regexp.MustCompile(`\.(occupant|tileOwner)(\[[^\]]*\])?\s*(=|\+=|-=|\+\+|--)[^=]`)
	files, err := filepath.Glob("*.go")
	if err != nil {
		t.Fatal(err)
	}
	for _, f := range files {
		if f == "derived.go" || strings.HasSuffix(f, "_test.go") {
			continue
		}
		src, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		for i, line := range strings.Split(string(src), "\n") {
			if write.MatchString(line) {
				t.Errorf("%s:%d writes the board directly: %s", f, i+1, strings.TrimSpace(line))
			}
		}
	}
}
