package waterdeep

// Scores from events (issue 10): a frontend that only listens to events
// must be able to keep the score. Over many random games, the VP carried by
// the events of each player add up to that player's score after every
// action, and the winners follow from the final scores and gold by the
// documented tie-break (RULES.md 20: most VP, then most gold, players
// still tied share the win).

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"
)

// vpEventKinds are the event kinds whose Amount.VP is VP scored by
// Event.Player (event.go): the gains of an action or reward (EvGained),
// points scored outside a gain (EvScored: plot quests, quest bonuses,
// stocks of VP, giving a rogue for VP, Change of Plans), the VP that lay
// on a tile taken from Builder's Hall (EvBuildingBought,
// EvBuildingGained) and the end-of-game scoring (EvFinalScore). Every
// other kind must carry no VP: a kind that moved VP without being listed
// here would be a score change that a frontend cannot tell from a
// transfer or a payment.
var vpEventKinds = map[EventKind]bool{
	EvGained:         true,
	EvScored:         true,
	EvBuildingBought: true,
	EvBuildingGained: true,
	EvFinalScore:     true,
}

// scoreGamesPerCount is the number of random games per player count.
const scoreGamesPerCount = 300

// TestScoresFromEvents plays scoreGamesPerCount random games for each
// player count, with ApplyEvents, and checks after every action that the
// VP of every player's events sum to Score, then that Winners follows from
// Scores and Gold. In the quick run (see long_test.go) and under -race
// it plays 30 per count.
func TestScoresFromEvents(t *testing.T) {
	games := scoreGamesPerCount
	if quickRun() || raceDetector {
		games = 30
	}
	for n := 2; n <= 5; n++ {
		t.Run(fmt.Sprintf("%dp", n), func(t *testing.T) {
			for g := range games {
				seed := uint64(n)<<32 | uint64(g)
				scoreEventsGame(t, n, seed)
				if t.Failed() {
					return
				}
			}
		})
	}
}

// scoreEventsGame plays one game with random legal actions drawn from
// PCG(seed, 17) and checks the event sums and the winners.
func scoreEventsGame(t *testing.T, n int, seed uint64) {
	t.Helper()
	s, err := New(Config{Players: n, Seed: seed})
	if err != nil {
		t.Fatal(err)
	}
	// New reports no events: nothing is scored before the first decision.
	for p := range PlayerID(n) {
		if s.Score(p) != 0 {
			t.Fatalf("%d players, seed %#x: p%d starts with %d VP", n, seed, p+1, s.Score(p))
		}
	}
	r := rand.New(rand.NewPCG(seed, 17))
	sum := make([]int, n)
	var events []Event
	for step := 0; !s.Over(); step++ {
		if step >= harnessMaxSteps {
			t.Fatalf("%d players, seed %#x: not over after %d actions", n, seed, step)
		}
		legal := s.LegalActions()
		a := legal[r.IntN(len(legal))]
		if s, events, err = s.ApplyEvents(a, events[:0]); err != nil {
			t.Fatalf("%d players, seed %#x, step %d: ApplyEvents(%v): %v", n, seed, step, a, err)
		}
		for _, e := range events {
			if e.Amount.VP == 0 {
				continue
			}
			if !vpEventKinds[e.Kind] {
				t.Fatalf("%d players, seed %#x, step %d (%v): a %v event carries %d VP; count it or drop it",
					n, seed, step, a, e.Kind, e.Amount.VP)
			}
			if int(e.Player) >= n {
				t.Fatalf("%d players, seed %#x, step %d (%v): %v event of %d VP for player %d",
					n, seed, step, a, e.Kind, e.Amount.VP, e.Player)
			}
			sum[e.Player] += e.Amount.VP
		}
		for p := range PlayerID(n) {
			if sum[p] != s.Score(p) {
				t.Fatalf("%d players, seed %#x, step %d (%v): p%d's events sum to %d VP, Score is %d; the step's events:\n%s",
					n, seed, step, a, p+1, sum[p], s.Score(p), scoreEventsText(s.Content(), events))
			}
		}
	}
	scores := s.Scores()
	if !slices.Equal(scores, sum) {
		t.Fatalf("%d players, seed %#x: Scores() = %v, events sum to %v", n, seed, scores, sum)
	}
	// The tie-break, computed from the public accessors.
	best := 0
	for p := 1; p < n; p++ {
		if scores[p] > scores[best] || (scores[p] == scores[best] && s.Gold(PlayerID(p)) > s.Gold(PlayerID(best))) {
			best = p
		}
	}
	var want []PlayerID
	for p := range PlayerID(n) {
		if scores[p] == scores[best] && s.Gold(p) == s.Gold(PlayerID(best)) {
			want = append(want, p)
		}
	}
	if got := s.Winners(); !slices.Equal(got, want) {
		gold := make([]int, n)
		for p := range PlayerID(n) {
			gold[p] = s.Gold(p)
		}
		t.Fatalf("%d players, seed %#x: Winners() = %v, want %v (scores %v, gold %v)", n, seed, got, want, scores, gold)
	}
}

func scoreEventsText(c *Content, events []Event) string {
	var out []byte
	for _, e := range events {
		out = fmt.Appendf(out, "\t%-16v %s (VP %d)\n", e.Kind, c.FormatEvent(e, e.Player), e.Amount.VP)
	}
	return string(out)
}

// TestWinnersTieBreak checks Winners on scores and gold set by hand, so
// that every branch of the tie-break is taken whatever random games do.
func TestWinnersTieBreak(t *testing.T) {
	s, err := New(Config{Players: 4, Seed: 1})
	if err != nil {
		t.Fatal(err)
	}
	if w := s.Winners(); w != nil {
		t.Fatalf("Winners before the end = %v, want nil", w)
	}
	s.phase, s.sp = phaseOver, 0
	for _, c := range []struct {
		score, gold []int32
		want        []PlayerID
	}{
		{[]int32{10, 20, 15, 5}, []int32{9, 0, 9, 9}, []PlayerID{1}},
		{[]int32{20, 20, 15, 20}, []int32{3, 4, 9, 2}, []PlayerID{1}},
		{[]int32{20, 20, 15, 20}, []int32{4, 4, 9, 2}, []PlayerID{0, 1}},
		{[]int32{20, 20, 15, 20}, []int32{4, 4, 9, 4}, []PlayerID{0, 1, 3}},
		{[]int32{7, 7, 7, 7}, []int32{0, 0, 0, 0}, []PlayerID{0, 1, 2, 3}},
		// The first seat tied on VP with more gold than a later leader
		// is replaced, and ties after it are kept.
		{[]int32{9, 9, 9, 8}, []int32{1, 5, 5, 7}, []PlayerID{1, 2}},
		{[]int32{9, 10, 10, 10}, []int32{9, 1, 5, 5}, []PlayerID{2, 3}},
	} {
		for p := range 4 {
			s.players[p].score, s.players[p].gold = c.score[p], c.gold[p]
		}
		if got := s.Winners(); !slices.Equal(got, c.want) {
			t.Errorf("scores %v, gold %v: Winners() = %v, want %v", c.score, c.gold, got, c.want)
		}
	}
}
