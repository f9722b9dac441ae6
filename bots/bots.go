// Package bots holds reference players for waterdeep: Random, Greedy and
// ISMCTS (information-set Monte Carlo tree search). A bot sees only what
// its seat may see: it is given a waterdeep.View, never the State, and
// search bots sample the hidden rest with waterdeep.Determinize (ISMCTS
// with a Sampler that deals the other seats' lords by what their quests
// and buildings say of them).
//
// It also runs games between any bots: PlayGame plays one, and a
// Tournament plays many with seats rotated and every seed derived from
// one tournament seed, on parallel workers, and sums up each bot's win
// rate (with a 95% Wilson interval) and score.
package bots

import (
	"context"

	"github.com/waterdeep-go/waterdeep"
)

// Bot chooses an action for the seat a view belongs to. Choose is called
// only when the view's seat is to act (v.ToAct == v.Viewer), and returns
// one of v.Legal. The context bounds the time a searching bot may take; a
// bot returns its best answer so far when it is done.
type Bot interface {
	// Name identifies the bot in tables and records.
	Name() string
	Choose(ctx context.Context, v waterdeep.View) (waterdeep.Action, error)
}
