package bots_test

import (
	"context"
	"fmt"

	"github.com/waterdeep-go/waterdeep"
	"github.com/waterdeep-go/waterdeep/bots"
)

// A game between reference bots: each seat's bot is shown only that seat's
// view and answers with one of its legal actions.
func Example() {
	s, err := waterdeep.New(waterdeep.Config{Players: 3, Seed: 11})
	if err != nil {
		panic(err)
	}
	seats := []bots.Bot{bots.NewGreedy(1), bots.NewRandom(2), bots.NewRandom(3)}
	for !s.Over() {
		p, _ := s.ToAct()
		a, err := seats[p].Choose(context.Background(), s.View(p))
		if err != nil {
			panic(err)
		}
		if s, err = s.Apply(a); err != nil {
			panic(err) // a bot answers with a legal action
		}
	}
	fmt.Println("winners:", s.Winners())
	// Output:
	// winners: [p1]
}
