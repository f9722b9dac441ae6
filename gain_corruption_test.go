package waterdeep

import (
	"slices"
	"testing"

	"github.com/waterdeep-go/waterdeep/content"
	"github.com/waterdeep-go/waterdeep/quests"
)

// gainCorruptionEach is gainCorruption a token at a time: the general
// path, which takes each token or costs its VP in turn.
func (s *State) gainCorruptionEach(p uint8, n int) {
	ps := &s.players[p]
	taken := 0
	for range n {
		if s.takeFromTrack() {
			ps.corrupt++
			taken++
		} else {
			ps.score = max(ps.score-corruptionVP, -content.MaxHeld)
			s.emitGain(EvScored, p, Amount{VP: -corruptionVP})
		}
	}
	s.emitCorruption(EvCorruptionTaken, p, taken)
	if taken > 0 {
		s.onCorruptionTaken(p)
	}
}

// TestGainCorruptionIsEach compares gainCorruption with gainCorruptionEach:
// the same State and events for every seat and 0 to 4 tokens, in every
// state of random games of each module set, with the track as it is and
// nearly empty, and with Shelter Zhentarim Agents held and not.
func TestGainCorruptionIsEach(t *testing.T) {
	var short, drew int
	forEachRandomState(t, everyModuleSet, gamesPerConfig(6, 2), 59, func(cfg Config, s *State) {
		for variant := range 4 {
			st := *s
			if variant&1 != 0 {
				st.track = [trackSpaces]uint8{}
				st.track[trackSpaces-1] = 1
			}
			for p := range st.numPlayers {
				ps := st
				if variant&2 != 0 {
					ps.players[p].completed = ps.players[p].completed.or(s.c.plotQuests[quests.DrawOnCorruption])
				}
				for n := range 5 {
					var ev1, ev2 []Event
					u, v := ps, ps
					u.events, v.events = &ev1, &ev2
					u.gainCorruption(p, n)
					v.gainCorruptionEach(p, n)
					u.events, v.events = nil, nil
					if u != v || !slices.Equal(ev1, ev2) {
						t.Fatalf("%+v: seat %d, %d tokens: gainCorruption and gainCorruptionEach differ\n%v\n%v", cfg, p, n, ev1, ev2)
					}
					if int(v.players[p].corrupt-ps.players[p].corrupt) < n {
						short++
					}
					if v.players[p].hand != ps.players[p].hand {
						drew++
					}
				}
			}
		}
	})
	if short < 100 || drew < 100 {
		t.Fatalf("%d gains of corruption were short of tokens, %d drew a card; want 100 of each", short, drew)
	}
	t.Logf("%d gains of corruption were short of tokens, %d drew a card", short, drew)
}
