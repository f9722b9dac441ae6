package waterdeep

import (
	"slices"
	"testing"

	"github.com/waterdeep-go/waterdeep/quests"
)

// onFirstPlayerEach is onFirstPlayer without its first test of every
// player's completed quests at once: the walk alone, the general path.
func (s *State) onFirstPlayerEach(taker uint8) {
	for o := range s.numPlayers {
		plots := s.players[o].completed.and(s.c.plotQuests[quests.FirstPlayerBonus])
		for q := plots.next(0); q >= 0; q = plots.next(q + 1) {
			g := &s.c.quests[q].Plot.Gain
			s.giveBonus(o, g)
			if o != taker {
				s.giveBonus(taker, g)
			}
		}
	}
}

// TestOnFirstPlayerIsEach compares onFirstPlayer with onFirstPlayerEach:
// the same State and events for every taker, in every state of random
// games of each module set, as they are and with Train Castle Guards given
// to one player.
func TestOnFirstPlayerIsEach(t *testing.T) {
	var gave, none int
	forEachRandomState(t, everyModuleSet, gamesPerConfig(6, 2), 61, func(cfg Config, s *State) {
		for holder := -1; holder < int(s.numPlayers); holder++ {
			st := *s
			if holder >= 0 {
				st.players[holder].completed = st.players[holder].completed.or(s.c.plotQuests[quests.FirstPlayerBonus])
			}
			for taker := range st.numPlayers {
				var ev1, ev2 []Event
				u, v := st, st
				u.events, v.events = &ev1, &ev2
				u.onFirstPlayer(taker)
				v.onFirstPlayerEach(taker)
				u.events, v.events = nil, nil
				if u != v || !slices.Equal(ev1, ev2) {
					t.Fatalf("%+v: holder %d, taker %d: onFirstPlayer and onFirstPlayerEach differ\n%v\n%v", cfg, holder, taker, ev1, ev2)
				}
				if len(ev2) > 0 {
					gave++
				} else {
					none++
				}
			}
		}
	})
	if gave < 100 || none < 100 {
		t.Fatalf("Train Castle Guards gave %d times and nothing %d times; want 100 of each", gave, none)
	}
	t.Logf("Train Castle Guards gave %d times and nothing %d times", gave, none)
}
