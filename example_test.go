package waterdeep_test

import (
	"fmt"
	"math/rand/v2"

	"github.com/waterdeep-go/waterdeep"
)

// Play a whole game, always taking the first legal action.
func Example() {
	s, err := waterdeep.New(waterdeep.Config{Players: 3, Seed: 42})
	if err != nil {
		panic(err)
	}
	for !s.Over() {
		s, err = s.Apply(s.LegalActions()[0])
		if err != nil {
			panic(err)
		}
	}
	fmt.Println("rounds played:", s.Round())
	fmt.Println("winners:", len(s.Winners()) > 0)
	// Output:
	// rounds played: 8
	// winners: true
}

// Illegal actions are refused with a reason, and the state is unchanged.
func ExampleState_Apply_illegal() {
	s, _ := waterdeep.New(waterdeep.Config{Players: 2, Seed: 1})
	harbor2, _ := s.Content().SpaceByID("waterdeep-harbor/2")
	_, err := s.Apply(waterdeep.PlaceAgent{Player: 1, Space: harbor2})
	fmt.Println(err)
	// Output:
	// waterdeep: illegal action "p2 place waterdeep-harbor/2": another player must decide now
}

// A playout, as a search bot runs one: copy the state, then play random
// moves on the copy in place until the game ends. The original is
// untouched.
func ExampleState_PlayInPlace() {
	s, err := waterdeep.New(waterdeep.Config{Players: 4, Seed: 7})
	if err != nil {
		panic(err)
	}
	rng := rand.New(rand.NewPCG(1, 2))
	moves := make([]waterdeep.Move, 0, 64)

	r := s // the playout's own copy
	for !r.Over() {
		moves = r.AppendMoves(moves[:0])
		if err := r.PlayInPlace(moves[rng.IntN(len(moves))]); err != nil {
			panic(err) // a listed move is always legal
		}
	}
	fmt.Println("playout over:", r.Over())
	fmt.Println("original still at round", s.Round(), "over:", s.Over())
	// Output:
	// playout over: true
	// original still at round 1 over: false
}
