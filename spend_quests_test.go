package waterdeep

import (
	"slices"
	"testing"

	"github.com/waterdeep-go/waterdeep/content"
	"github.com/waterdeep-go/waterdeep/quests"
)

// spendAnyEach is spendAny without Content.spendQuests: the general path,
// which looks at the quest's requirement and bonus themselves.
func (s *State) spendAnyEach(p, q uint8) {
	def := &s.c.quests[q]
	if def.Requires.Any == 0 {
		if !def.PerSpent.Gain.IsZero() || s.hasPlot(p, quests.KeepSpent) {
			s.spent(p, q, [content.NumAdventurers]uint8{})
		}
		return
	}
	s.push(spendPickFrame(p, uint8(def.Requires.Any), q))
}

// TestSpendQuestsIsSpendAnyEach compares spendAny, which tests
// Content.spendQuests first, with spendAnyEach: the same State and events
// for every seat and every quest, as if just completed (and paid), with
// and without a KeepSpent plot, in every state of random games of each
// module set.
func TestSpendQuestsIsSpendAnyEach(t *testing.T) {
	var acted, idle int
	forEachRandomState(t, everyModuleSet, gamesPerConfig(10, 3), 53, func(cfg Config, s *State) {
		if int(s.sp)+8 > len(s.stack) {
			return // no room for the frames spendAny may push
		}
		for p := range s.numPlayers {
			for q := range 2 * len(s.c.quests) {
				st := *s
				if q >= len(s.c.quests) {
					// The same with Seize Citadel of the Bloody Hand held.
					q -= len(s.c.quests)
					st.players[p].completed = st.players[p].completed.or(s.c.plotQuests[quests.KeepSpent])
				}
				st.players[p].completed.add(uint8(q))
				st.pay(p, st.c.quests[q].Requires)
				var ev1, ev2 []Event
				u, v := st, st
				u.events, v.events = &ev1, &ev2
				u.spendAny(p, uint8(q))
				v.spendAnyEach(p, uint8(q))
				u.events, v.events = nil, nil
				if u != v || !slices.Equal(ev1, ev2) {
					t.Fatalf("%+v: seat %d, quest %d: spendAny and spendAnyEach differ (events %v, %v)", cfg, p, q, ev1, ev2)
				}
				if v != st || len(ev2) != 0 {
					acted++
				} else {
					idle++
				}
			}
		}
	})
	if acted < 100 || idle < 100 {
		t.Fatalf("spendAny did something %d times and nothing %d times; want 100 of each", acted, idle)
	}
	t.Logf("spendAny did something %d times and nothing %d times", acted, idle)
}
