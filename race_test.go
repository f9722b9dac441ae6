//go:build race

package waterdeep

// raceDetector reports a test binary built with -race, where the
// statistical and many-game tests, which run in one goroutine and so give
// the race detector nothing to find, shrink their samples as in the quick run (long_test.go).
const raceDetector = true
