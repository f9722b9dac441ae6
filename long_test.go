package waterdeep

import (
	"os"
	"testing"
)

// How much the tests play. `go test ./...` is the quick check: the
// property, harness and leak tests play a few games each, and this package
// takes about a quarter of a minute on an idle 2-core machine. With the
// environment variable WATERDEEP_LONG set (to anything but "" or "0") they
// play their full volumes, as CI does (.ci/run runs
// `WATERDEEP_LONG=1 go test ./...`, and again under -race). -short is
// quicker still: it also skips the allocation tests and the README build.
// go test caches a result together with the variables the test read, so
// the two volumes are cached apart.

// longRun is true when WATERDEEP_LONG asks for the full volumes.
var longRun = func() bool {
	v := os.Getenv("WATERDEEP_LONG")
	return v != "" && v != "0"
}()

// quickRun reports whether the tests play their quick volumes: without
// WATERDEEP_LONG, or with -short.
func quickRun() bool { return testing.Short() || !longRun }
