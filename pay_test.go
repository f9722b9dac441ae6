package waterdeep

import (
	"slices"
	"testing"

	"github.com/waterdeep-go/waterdeep/content"
)

// payKindByKind is pay kind by kind through returnSupply, the general path
// that pay's lanes (and payEach's, where caravans are held) shortcut.
func (s *State) payKindByKind(p uint8, b content.Bundle) {
	ps := &s.players[p]
	var paid [content.NumAdventurers]uint8
	for k, c := range b.Cubes() {
		n := min(uint8(max(c, 0)), ps.tavern[k])
		ps.tavern[k] -= n
		s.returnSupply(content.Adventurer(k), n)
		paid[k] = n
	}
	gold := min(ps.gold, int32(max(b.Gold, 0)))
	ps.gold -= gold
	if s.events != nil {
		s.emitGain(EvPaid, p, amountOf(paid, int(gold), 0))
	}
}

// TestPayIsPayEach compares pay, which moves the four adventurer kinds as
// the lanes of one word (through payEach when caravans are held), with
// payKindByKind: the same State and events after every requirement and bundle of
// the content (and a few that ask more than any tavern holds, or less than
// nothing), for every seat in every state of random games of each module
// set.
func TestPayIsPayEach(t *testing.T) {
	extra := []content.Bundle{
		{},
		{Cleric: 1, Fighter: 2, Rogue: 3, Wizard: 4, Gold: 5},
		{Fighter: 30, Gold: 100},
		{Cleric: -1, Rogue: 2, Gold: -3},
		{Cleric: 25, Fighter: 25, Rogue: 25, Wizard: 25},
	}
	var short, enough, caravans int
	forEachRandomState(t, everyModuleSet, gamesPerConfig(6, 2), 101, func(cfg Config, s *State) {
		bundles := extra
		for _, prog := range s.c.programs {
			for i := range prog {
				bundles = append(bundles, prog[i].Bundle)
			}
		}
		for i := range s.c.quests {
			bundles = append(bundles, s.c.quests[i].Requires)
		}
		for p := range s.numPlayers {
			for _, b := range bundles {
				var ev1, ev2 []Event
				u, v := *s, *s
				u.events, v.events = &ev1, &ev2
				u.pay(p, b)
				v.payKindByKind(p, b)
				u.events, v.events = nil, nil
				if u != v || !slices.Equal(ev1, ev2) {
					t.Fatalf("%+v: seat %d, bundle %+v: pay and payKindByKind differ:\n%+v\n%+v\nevents %v\n%v", cfg, p, b, u.players[p], v.players[p], ev1, ev2)
				}
				if s.caravan != [content.NumAdventurers]uint8{} {
					caravans++
				}
				ps := &s.players[p]
				if b.Cleric > int(ps.tavern[content.Cleric]) || b.Fighter > int(ps.tavern[content.Fighter]) ||
					b.Rogue > int(ps.tavern[content.Rogue]) || b.Wizard > int(ps.tavern[content.Wizard]) {
					short++
				} else {
					enough++
				}
			}
		}
	})
	if short < 100 || enough < 100 || caravans < 100 {
		t.Fatalf("%d payments asked more of a kind than the tavern held, %d did not, %d with caravans held; want 100 of each", short, enough, caravans)
	}
	t.Logf("%d payments asked more of a kind than the tavern held, %d did not, %d with caravans held", short, enough, caravans)
}
