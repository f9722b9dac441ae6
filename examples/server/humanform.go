package main

import (
	"sort"

	"github.com/waterdeep-go/waterdeep"
)

// This file is the one place where the server turns events into what a
// person reads: each event of a payload carries, beside the library's
// "text" (its canonical form, with ids), a "human" sentence with display
// names, from the library's Content.HumanEvent ("p5 declines to give 1
// cleric to p2", "p2 assigns an agent to Cliffwatch Inn (1)"). That is
// all the page shows.
//
// An action's sentence depends on the decision it answered. The game
// keeps that decision for the actions it applied since it was loaded
// (decided, bounded); an action rebuilt from the store has none, and its
// sentence says less ("p5 refuses").

// humanEvent returns event number i of game g in words, with display
// names, as viewer may see it. The caller holds g.mu.
func humanEvent(g *game, i int, viewer waterdeep.PlayerID) string {
	e := g.events[i]
	var d waterdeep.Decision
	if e.Kind == waterdeep.EvAction || e.Kind == waterdeep.EvAutoAnswer {
		d = g.decisionAt(i)
	}
	return g.state.Content().HumanEvent(e, viewer, d)
}

// decided is the decision an action answered, by the index of its event
// among the game's events.
type decided struct {
	event int
	d     waterdeep.Decision
}

// maxDecided bounds the decisions a game keeps: those of its latest
// actions, enough for the events a client is sent (logWindow).
const maxDecided = logWindow

// noteDecisionsLocked records the decision pending before an action, for
// the EvAction event among evs[from:] (the events the action made).
func (g *game) noteDecisionsLocked(d waterdeep.Decision, evs []waterdeep.Event, from int) {
	for i := from; i < len(evs); i++ {
		if evs[i].Kind == waterdeep.EvAction {
			if len(g.decided) >= 2*maxDecided {
				g.decided = append(g.decided[:0], g.decided[len(g.decided)-maxDecided:]...)
			}
			g.decided = append(g.decided, decided{i, d})
			return
		}
	}
}

// decisionAt returns the decision before the action of event i, or the
// zero Decision when the game does not know it.
func (g *game) decisionAt(i int) waterdeep.Decision {
	k := sort.Search(len(g.decided), func(k int) bool { return g.decided[k].event >= i })
	if k < len(g.decided) && g.decided[k].event == i {
		return g.decided[k].d
	}
	return waterdeep.Decision{}
}
