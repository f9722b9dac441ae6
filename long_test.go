package waterdeep

import (
	"os"
	"testing"
)

// How much the tests play. `go test ./...` is the quick check: the
// property, harness and leak tests play a few games each. The heaviest
// tests that measure nothing about the process (allocations, memory) call
// t.Parallel, so that they share the machine's cores once the others are
// done; a test that counts allocations must not. With the
// environment variable WATERDEEP_LONG set (to anything but "" or "0") they
// play their full volumes, as CI does (.ci/run runs
// `WATERDEEP_LONG=1 go test ./...`, and again under -race), and the long
// run alone builds the README's tour as a program. -short is quicker
// still: it also skips the allocation tests.
// go test caches a result together with the variables the test read, so
// the two volumes are cached apart: for that, the variable is read while a
// test runs, never in a package variable's initializer (the test binary
// records the variables it reads only once its tests have started, so a
// value read at initialization would let the long run reuse the quick
// run's cached result).

// longRun reports whether WATERDEEP_LONG asks for the full volumes.
func longRun() bool {
	v := os.Getenv("WATERDEEP_LONG")
	return v != "" && v != "0"
}

// quickRun reports whether the tests play their quick volumes: without
// WATERDEEP_LONG, or with -short.
func quickRun() bool { return testing.Short() || !longRun() }
