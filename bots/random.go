package bots

import (
	"context"
	"errors"
	"math/rand/v2"

	"github.com/waterdeep-go/waterdeep"
)

// Random chooses uniformly among the legal actions, from its own seeded
// generator: the same seed and the same views give the same choices.
type Random struct {
	r *rand.Rand
}

// NewRandom returns a Random bot seeded with seed.
func NewRandom(seed uint64) *Random {
	return &Random{r: rand.New(rand.NewPCG(seed, 0x5eed))}
}

// Name implements Bot.
func (b *Random) Name() string { return "random" }

// ErrNoLegalAction is returned by a bot asked to choose when the view
// offers no legal action (it is not the viewer's turn, or the game is over).
var ErrNoLegalAction = errors.New("waterdeep/bots: no legal action to choose from")

// Choose implements Bot.
func (b *Random) Choose(_ context.Context, v waterdeep.View) (waterdeep.Action, error) {
	if len(v.Legal) == 0 {
		return nil, ErrNoLegalAction
	}
	return v.Legal[b.r.IntN(len(v.Legal))], nil
}
