package waterdeep

import (
	"math/rand/v2"
	"testing"

	"github.com/waterdeep-go/waterdeep/content"
)

// TestReturnLanesIsReturnSupply compares returnLanes, the four kinds at
// once, with returnSupply kind by kind: the same State, for random returns
// on every state of random games of each module set, and on the same
// states with random supplies and caravans.
func TestReturnLanesIsReturnSupply(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 5))
	var partial int
	forEachRandomState(t, everyModuleSet, gamesPerConfig(4, 1), 41, func(cfg Config, s *State) {
		states := []State{*s, *s}
		for k := range content.NumAdventurers {
			// Any supply and caravans a module game may hold.
			states[1].supply[k] = uint8(r.IntN(26))
			if s.modules != 0 {
				states[1].caravan[k] = uint8(r.IntN(maxCaravan + 1))
			}
		}
		for _, st := range states {
			for range 8 {
				back := [content.NumAdventurers]uint8{uint8(r.IntN(8)), uint8(r.IntN(3)), uint8(r.IntN(20)), uint8(r.IntN(101))}
				u, v := st, st
				u.returnLanes(lanes(back))
				for k, n := range back {
					v.returnSupply(content.Adventurer(k), n)
					if st.caravan[k] != 0 && n > st.caravan[k] {
						partial++
					}
				}
				if u != v {
					t.Fatalf("%+v: returning %v: returnLanes and returnSupply differ\n%v %v\n%v %v", cfg, back, u.supply, u.caravan, v.supply, v.caravan)
				}
			}
		}
	})
	if partial < 100 {
		t.Fatalf("%d returns of a kind were more than its caravans; want 100", partial)
	}
}

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
