package waterdeep

import (
	"slices"
	"testing"

	"github.com/waterdeep-go/waterdeep/content"
)

// TestPicksFromTheTable compares the picks that pickChoices takes to be
// every combination, when the source holds at least the count of every
// kind, with the general path (picksEach, one test per combination), and
// appendPicks's copy of picksOfSize with its general path, in full and up
// to 2, for every count and for the supply and every tavern, each kind
// allowed or not, in every state of random games of each module set.
func TestPicksFromTheTable(t *testing.T) {
	cfgs := everyModuleSet
	games := gamesPerConfig(10, 2)
	var got, want []Move
	table, each := 0, 0
	forEachRandomState(t, cfgs, games, 53, func(cfg Config, s *State) {
		sources := [][content.NumAdventurers]uint8{s.supplyAll()}
		for p := range s.numPlayers {
			sources = append(sources, s.players[p].tavern)
		}
		for _, src := range sources {
			for allowed := range 16 {
				avail := src
				for k := range avail {
					if allowed&(1<<k) == 0 {
						avail[k] = 0
					}
				}
				have := lanes(avail)
				for need := range 8 {
					if !everyPick(have, need) {
						each++
						continue
					}
					table++
					every, each := allSpaces(len(combosOfSize[need])), picksEach(have, need)
					if every != each {
						t.Fatalf("%+v: %d of %v: every combination %x, each combination %x", cfg, need, avail, every, each)
					}
					for _, limit := range []int{1 << 30, 2} {
						got = appendPicks(got[:0], every, need, limit)
						want = want[:0]
						for j := range len(combosOfSize[need]) {
							if len(want) < limit {
								want = append(want, mv(mPick, int(combosOfSize[need][j])*8))
							}
						}
						if !slices.Equal(got, want) {
							t.Fatalf("%+v: %d of %v, up to %d: the table %v, each combination %v", cfg, need, avail, limit, got, want)
						}
					}
				}
			}
		}
	})
	if table < 1000 || each < 1000 {
		t.Fatalf("%d picks from the table, %d not; want 1,000 of each", table, each)
	}
	t.Logf("%d picks from the table, %d not", table, each)
}
