package waterdeep

// The seeds every decoder's fuzz target starts from besides its real
// documents: nesting at MaxDepth, one level beyond and far beyond, the
// largest document its limit allows and one byte more, and wide arrays;
// and the check each target makes that decoding cost no more than the
// bound of limits.go (issue 24).
//
// The fuzzing engine minimizes each new interesting input, for up to a
// minute by default, and a megabyte input takes it that long: run the
// targets of the large decoders with -fuzzminimizetime 1s, as in
// go test -run XXX -fuzz '^FuzzDecodeView$' -fuzztime 30s -fuzzminimizetime 1s .

import (
	"bytes"
	"runtime"
	"strings"
	"testing"
)

// addHostileSeeds adds to f the hostile seeds for a decoder whose valid
// document is valid and whose limit is limit; text adds them as strings.
func addHostileSeeds(f *testing.F, valid []byte, limit int, text bool) {
	add := func(b []byte) {
		if text {
			f.Add(string(b))
		} else {
			f.Add(b)
		}
	}
	// Nested at the top and inside the document's first array or object.
	inside := func(v string) []byte {
		i := bytes.IndexAny(valid, "[{")
		if i < 0 {
			return []byte(v)
		}
		if valid[i] == '{' {
			return []byte(string(valid[:i+1]) + `"deep":` + v + "," + string(valid[i+1:]))
		}
		return []byte(string(valid[:i+1]) + v + "," + string(valid[i+1:]))
	}
	for _, depth := range []int{MaxDepth, MaxDepth + 1, 1000} {
		add([]byte(nest("0", depth)))
		add(inside(nest("0", depth)))
		add(inside(strings.Repeat(`{"a":`, depth) + "0" + strings.Repeat("}", depth)))
	}
	// As large as the limit allows, and one byte more: the valid document
	// padded with white space inside.
	size := min(limit, 1<<20)
	pad := func(n int) []byte {
		if n <= len(valid) {
			return valid
		}
		return append(append(bytes.Clone(valid[:1]), bytes.Repeat([]byte(" "), n-len(valid))...), valid[1:]...)
	}
	add(pad(limit))
	add(pad(limit + 1))
	// Wide: an array of the smallest values filling the room.
	add(inside("[" + fill("0", size/2) + "]"))
	add(inside("[" + fill("{}", size/2) + "]"))
}

// warmDecoders builds what the decoders build once and keep (the embedded
// contents, their name indexes), so that a fuzz target's first input does
// not pay for it.
func warmDecoders() {
	for _, c := range []*Content{BaseContent(), FullContent()} {
		c.ParseAction("p1 place cliffwatch-inn/1")
		c.ParseAction("p1 place clifwatch")
		c.UnmarshalAction([]byte(`{"type":"place_agent","player":"p1","space":"cliffwatch-inn/1","text":"p1 place cliffwatch-inn/1"}`))
		c.LookupName("plinth")
	}
}

// checkDecodeCost fails t when decoding data with fn allocated more than
// limits.go allows (DecodeBytesPerByte per byte, beyond DecodeBaseBytes).
func checkDecodeCost(t *testing.T, data []byte, fn func()) {
	t.Helper()
	measure := func() uint64 {
		var m0, m1 runtime.MemStats
		runtime.ReadMemStats(&m0)
		fn()
		runtime.ReadMemStats(&m1)
		return m1.TotalAlloc - m0.TotalAlloc
	}
	limit := DecodeBytesPerByte*uint64(len(data)) + DecodeBaseBytes
	// The count is the process's: a goroutine of the runtime or of
	// another test can add to it, so an excess must happen twice (the
	// decoding is the same each time).
	if b := measure(); b > limit && min(b, measure()) > limit {
		t.Fatalf("decoding %d bytes allocated %d bytes, more than %d per byte and %d (%.100q)", len(data), min(b, measure()), DecodeBytesPerByte, DecodeBaseBytes, data)
	}
}
