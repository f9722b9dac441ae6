//go:build !race

package waterdeep

// raceDetector reports a test binary built with -race (see race_test.go).
const raceDetector = false
