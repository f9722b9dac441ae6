package main

import (
	"fmt"
	"math"

	"github.com/waterdeep-go/waterdeep/bots"
	"github.com/waterdeep-go/waterdeep/content"
)

// shareUnit is the least common multiple of 1 to 6: a win shared by k
// winners counts shareUnit/k units, so shares add up exactly, in any
// order, as Beam's combining needs.
const shareUnit = 60

// Tally is the summary's accumulator: exact integer sums, so that games
// added or tallies merged in any order give the same summary.
type Tally struct {
	Games, Decisions, DecisionsSq int64
	MinDecisions, MaxDecisions    int64
	Entrants                      []EntrantTally
	Quests, Buildings             map[string]int64
}

// EntrantTally sums one entrant's games.
type EntrantTally struct {
	Name                 string
	Games, Decisions     int64
	Seats                []int64
	ShareUnits, VP, VPSq int64
}

// add counts one game.
func (t *Tally) add(g GameStats) {
	d := int64(g.Decisions)
	if t.Games == 0 || d < t.MinDecisions {
		t.MinDecisions = d
	}
	t.MaxDecisions = max(t.MaxDecisions, d)
	t.Games++
	t.Decisions += d
	t.DecisionsSq += d * d
	for len(t.Entrants) < len(g.Entrants) {
		t.Entrants = append(t.Entrants, EntrantTally{Seats: make([]int64, len(g.Entrants))})
	}
	for p, i := range g.Entrants {
		e := &t.Entrants[i]
		e.Name = g.Bots[p]
		e.Games++
		e.Seats[p]++
		e.Decisions += int64(g.Moves[p])
		vp := int64(g.Scores[p])
		e.VP += vp
		e.VPSq += vp * vp
		for _, w := range g.Winners {
			if w == p {
				e.ShareUnits += shareUnit / int64(len(g.Winners))
			}
		}
	}
	t.Quests = count(t.Quests, g.Quests)
	t.Buildings = count(t.Buildings, g.Buildings)
}

func count(m map[string]int64, ids []string) map[string]int64 {
	if m == nil {
		m = map[string]int64{}
	}
	for _, id := range ids {
		m[id]++
	}
	return m
}

// merge adds tally u to t.
func (t *Tally) merge(u Tally) {
	if u.Games == 0 {
		return
	}
	if t.Games == 0 || u.MinDecisions < t.MinDecisions {
		t.MinDecisions = u.MinDecisions
	}
	t.MaxDecisions = max(t.MaxDecisions, u.MaxDecisions)
	t.Games += u.Games
	t.Decisions += u.Decisions
	t.DecisionsSq += u.DecisionsSq
	for len(t.Entrants) < len(u.Entrants) {
		t.Entrants = append(t.Entrants, EntrantTally{Seats: make([]int64, len(u.Entrants[len(t.Entrants)].Seats))})
	}
	for i, f := range u.Entrants {
		e := &t.Entrants[i]
		if f.Name != "" {
			e.Name = f.Name
		}
		e.Games += f.Games
		e.Decisions += f.Decisions
		e.ShareUnits += f.ShareUnits
		e.VP += f.VP
		e.VPSq += f.VPSq
		for p, n := range f.Seats {
			e.Seats[p] += n
		}
	}
	for id, n := range u.Quests {
		t.Quests = count(t.Quests, nil)
		t.Quests[id] += n
	}
	for id, n := range u.Buildings {
		t.Buildings = count(t.Buildings, nil)
		t.Buildings[id] += n
	}
}

// Summary is the pipeline's summary, written as JSON.
type Summary struct {
	Games   int    `json:"games"`
	Players int    `json:"players"`
	Modules string `json:"modules"` // "base", or the modules' names
	Long    bool   `json:"long"`
	Seed    uint64 `json:"seed"`
	// Run is the run's name, as in the training rows (Options.RunID).
	Run string `json:"run"`
	// Length is the game length in decisions (actions taken).
	Length Length `json:"length"`
	// Bots are the entrants, in the order of Options.Bots (repeated to
	// fill the seats when Players is a multiple of its length).
	Bots []BotSummary `json:"bots"`
	// Quests and Buildings count, by id, the quests completed and the
	// tiles bought in all the games, with the mean per game.
	Quests    map[string]Frequency `json:"quests_completed"`
	Buildings map[string]Frequency `json:"buildings_bought"`
}

// Length describes the games' lengths in decisions.
type Length struct {
	Total int64   `json:"total"`
	Mean  float64 `json:"mean"`
	SD    float64 `json:"sd"`
	Min   int64   `json:"min"`
	Max   int64   `json:"max"`
}

// BotSummary is how one entrant did: its win share (a win shared by k
// counts 1/k) with a 95% Wilson interval (bots.Wilson), the mean and
// standard deviation of its final score, and the seats it played.
type BotSummary struct {
	// Spec is the entrant as Options.Bots gives it ("ismcts:500"); Name
	// the bot's name, Label the name or "name#k" for the k-th of several
	// bots of one name, as in bots.Summary.
	Spec      string  `json:"spec"`
	Label     string  `json:"label"`
	Name      string  `json:"name"`
	Games     int64   `json:"games"`
	Seats     []int64 `json:"seats"`
	Wins      float64 `json:"wins"`
	WinShare  float64 `json:"win_share"`
	Low       float64 `json:"low"`
	High      float64 `json:"high"`
	MeanVP    float64 `json:"mean_vp"`
	SDVP      float64 `json:"sd_vp"`
	Decisions int64   `json:"decisions"`
}

// Frequency is how often something happened: in all, and per game.
type Frequency struct {
	Count   int64   `json:"count"`
	PerGame float64 `json:"per_game"`
}

// summary computes the summary of tally t.
func (o Options) summary(t Tally) Summary {
	mods, _ := content.ParseModules(o.Modules)
	seats := o.seatBots()
	sm := Summary{Games: int(t.Games), Players: len(seats), Modules: mods.String(), Long: o.Long, Seed: o.Seed, Run: o.RunID(),
		Quests: map[string]Frequency{}, Buildings: map[string]Frequency{}}
	n := float64(t.Games)
	if t.Games > 0 {
		sm.Length = Length{Total: t.Decisions, Mean: float64(t.Decisions) / n, Min: t.MinDecisions, Max: t.MaxDecisions}
		sm.Length.SD = sd(float64(t.Decisions), float64(t.DecisionsSq), t.Games)
	}
	names := map[string]int{}
	for _, e := range t.Entrants {
		names[e.Name]++
	}
	seen := map[string]int{}
	for i, spec := range seats {
		b := BotSummary{Spec: spec}
		if i < len(t.Entrants) {
			e := t.Entrants[i]
			b.Name, b.Label, b.Games, b.Seats, b.Decisions = e.Name, e.Name, e.Games, e.Seats, e.Decisions
			if seen[e.Name]++; names[e.Name] > 1 {
				b.Label = fmt.Sprintf("%s#%d", e.Name, seen[e.Name])
			}
			b.Wins = float64(e.ShareUnits) / shareUnit
			if e.Games > 0 {
				g := float64(e.Games)
				b.WinShare = b.Wins / g
				b.MeanVP = float64(e.VP) / g
				b.SDVP = sd(float64(e.VP), float64(e.VPSq), e.Games)
			}
			b.Low, b.High = bots.Wilson(b.Wins, int(e.Games))
		}
		sm.Bots = append(sm.Bots, b)
	}
	for id, c := range t.Quests {
		sm.Quests[id] = Frequency{Count: c, PerGame: float64(c) / n}
	}
	for id, c := range t.Buildings {
		sm.Buildings[id] = Frequency{Count: c, PerGame: float64(c) / n}
	}
	return sm
}

// sd is the sample standard deviation of k values from their sum and sum
// of squares, as bots.Summary computes it.
func sd(sum, sumSq float64, k int64) float64 {
	if k < 2 {
		return 0
	}
	n := float64(k)
	mean := sum / n
	return math.Sqrt(max(0, (sumSq-n*mean*mean)/(n-1)))
}
