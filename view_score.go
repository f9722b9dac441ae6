package waterdeep

import (
	"github.com/waterdeep-go/waterdeep/content"
	"github.com/waterdeep-go/waterdeep/lords"
)

// FinalScore returns the end-of-game part of seat p's score as the view
// shows it, counted as State.FinalScore counts it: the adventurers and
// gold in the seat's tavern, its corruption penalty and, where the view
// shows the seat's lord (the viewer's own; every lord once the game is
// over), the lord's bonus; Lord is 0 for a lord the view hides. Once the
// game is over the parts are final and already in Score, so a frontend
// can show the scoring line by line from views alone.
func (v View) FinalScore(p PlayerID) FinalScore {
	if v.c == nil || int(p) >= len(v.Seats) {
		return FinalScore{}
	}
	sv := &v.Seats[p]
	f := FinalScore{Gold: sv.Gold / 2, Corruption: -sv.Corruption * v.CorruptionValue}
	for _, n := range sv.Tavern {
		f.Adventurers += n
	}
	if sv.LordKnown && int(sv.Lord) < len(v.c.lords) {
		l := &v.c.lords[sv.Lord]
		f.Lord = l.Score(v.tally(sv, l))
	}
	return f
}

// tally counts what lord l scores for, from a seat's public holdings (the
// view's form of State.tally).
func (v View) tally(sv *SeatView, l *lords.Lord) lords.Tally {
	c := v.c
	t := lords.Tally{Corruption: sv.Corruption}
	for _, q := range sv.Completed {
		if int(q) < len(c.quests) {
			def := &c.quests[q]
			t.AddQuest(l, def.Type, def.Module, def.PrintedVP())
		}
	}
	for _, b := range sv.Buildings {
		var module content.Modules // a tile out of range counts, as none of a module's
		if int(b) < len(c.tiles) {
			module = c.tiles[b].Module
		}
		t.AddBuilding(module)
	}
	return t
}
