package waterdeep

import (
	"testing"

	"github.com/waterdeep-go/waterdeep/content"
)

// TestSupplyAllIsSupplyOf: supplyAll, the shortcut that reads every kind
// at once, is supplyOf for each kind (a shortcut beside its
// rule, checked against it), on random states of every module set and
// with the caravans standing for few or many adventurers. Issue 39: a
// mutant that subtracted the caravans' room in supplyAll survived every
// test, since a module game's supply is never short at the volumes played.
func TestSupplyAllIsSupplyOf(t *testing.T) {
	check := func(cfg Config, s *State) {
		t.Helper()
		all := s.supplyAll()
		for k := range content.NumAdventurers {
			if all[k] != s.supplyOf(content.Adventurer(k)) {
				t.Fatalf("%+v: supplyAll()[%d] = %d, supplyOf = %d (supply %v, caravans %v)", cfg, k, all[k], s.supplyOf(content.Adventurer(k)), s.supply, s.caravan)
			}
		}
	}
	n := 0
	forEachRandomState(t, everyModuleSet, gamesPerConfig(2, 1), 39, func(cfg Config, s *State) {
		if n++; n%7 != 0 {
			return
		}
		check(cfg, s)
		c := *s
		for _, v := range []uint8{1, 60, maxCaravan} {
			c.caravan = [content.NumAdventurers]uint8{v, 0, v, maxCaravan - v}
			check(cfg, &c)
		}
	})
}
