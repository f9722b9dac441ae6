package waterdeep

import (
	"math/rand/v2"
	"testing"

	"github.com/waterdeep-go/waterdeep/content"
)

// kindsOf is kindsIn a byte at a time.
func kindsOf(c [content.NumAdventurers]uint8) uint8 {
	var got uint8
	for k, n := range c {
		got |= bit(n > 0) << k
	}
	return got
}

// TestKindsIn compares kindsIn with kindsOf for every value of each byte,
// the others random.
func TestKindsIn(t *testing.T) {
	r := rand.New(rand.NewPCG(7, 9))
	for k := range content.NumAdventurers {
		for n := range 256 {
			for range 16 {
				c := [content.NumAdventurers]uint8{uint8(r.IntN(256)), uint8(r.IntN(256)), uint8(r.IntN(256)), uint8(r.IntN(256))}
				if r.IntN(2) == 0 {
					c[r.IntN(4)] = 0
				}
				c[k] = uint8(n)
				if got, want := kindsIn(unlanes(lanes(c))), kindsOf(c); got != want {
					t.Fatalf("kindsIn(%v) = %#b, want %#b", c, got, want)
				}
			}
		}
	}
}
