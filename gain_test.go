package waterdeep

import (
	"slices"
	"testing"

	"github.com/waterdeep-go/waterdeep/content"
)

// gainEach is gain kind by kind, with the caravans of a module game: the
// general path that gain's lanes and takeShort shortcut.
func (s *State) gainEach(p uint8, b *content.Bundle) {
	ps := &s.players[p]
	c := s.takeCubes(ps, content.Cleric, b.Cleric)
	f := s.takeCubes(ps, content.Fighter, b.Fighter)
	r := s.takeCubes(ps, content.Rogue, b.Rogue)
	w := s.takeCubes(ps, content.Wizard, b.Wizard)
	got := bit(c > 0) | bit(f > 0)<<1 | bit(r > 0)<<2 | bit(w > 0)<<3
	gold := max(b.Gold, 0)
	ps.addGold(int32(gold))
	got |= bit(gold > 0) * gotGold
	ps.addVP(int32(b.VP))
	if s.events != nil {
		s.emitGain(EvGained, p, amountOf([content.NumAdventurers]uint8{c, f, r, w}, gold, b.VP))
	}
	for range b.Intrigue {
		s.drawIntrigue(p)
	}
	if got != 0 {
		s.noteGain(p, got)
	}
}

// TestGainIsGainEach compares gain, which moves the four adventurer kinds
// as the lanes of one word (and caravans through takeShort), with gainEach, the general path kind by kind
// (with the caravans of a module game): the same State and the same events
// after every bundle of the content's programs and a few that empty the
// supply (content holds at most content.MaxCubes of a kind in a bundle),
// for every seat in every state of random games of each module set.
func TestGainIsGainEach(t *testing.T) {
	cfgs := everyModuleSet
	games := gamesPerConfig(6, 2)
	extra := []content.Bundle{
		{},
		{Cleric: 1, Fighter: 2, Rogue: 3, Wizard: 4, Gold: 5, VP: 6, Intrigue: 1},
		{Fighter: 30},
		{Cleric: 7, Wizard: content.MaxCubes, Gold: 2},
		{Rogue: content.MaxCubes, VP: 1},
		{Cleric: 25, Fighter: 25, Rogue: 25, Wizard: 25},
	}
	var short, plenty, caravans int
	forEachRandomState(t, cfgs, games, 61, func(cfg Config, s *State) {
		bundles := extra
		for _, prog := range s.c.programs {
			for i := range prog {
				bundles = append(bundles, prog[i].Bundle, prog[i].Else)
			}
		}
		for p := range s.numPlayers {
			for i := range bundles {
				b := &bundles[i]
				var ev1, ev2 []Event
				u, v := *s, *s
				u.events, v.events = &ev1, &ev2
				u.gain(p, b)
				v.gainEach(p, b)
				u.events, v.events = nil, nil
				if u != v || !slices.Equal(ev1, ev2) {
					t.Fatalf("%+v: seat %d, bundle %+v: gain and gainEach differ:\n%+v\n%+v\nevents %v\n%v", cfg, p, *b, u.players[p], v.players[p], ev1, ev2)
				}
				if b.Cleric > int(s.supply[content.Cleric]) || b.Fighter > int(s.supply[content.Fighter]) ||
					b.Rogue > int(s.supply[content.Rogue]) || b.Wizard > int(s.supply[content.Wizard]) {
					short++
					if s.modules != 0 {
						caravans++
					}
				} else {
					plenty++
				}
			}
		}
	})
	if short < 100 || plenty < 100 || caravans < 100 {
		t.Fatalf("%d gains wanted more of a kind than the supply held (%d in a module game), %d did not; want 100 of each", short, caravans, plenty)
	}
	t.Logf("%d gains wanted more of a kind than the supply held (%d in a module game), %d did not", short, caravans, plenty)
}
