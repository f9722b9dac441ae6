package bots_test

import (
	"context"
	"errors"
	"math"
	"slices"
	"testing"

	"github.com/waterdeep-go/waterdeep"
	"github.com/waterdeep-go/waterdeep/bots"
)

// collect runs t and returns its summary and every game's result, as
// OnGame saw them, with the times (which vary) cleared.
func collect(t *testing.T, tr bots.Tournament) (bots.Summary, []bots.GameResult) {
	t.Helper()
	var got []bots.GameResult
	tr.OnGame = func(r bots.GameResult) error {
		clear(r.Think)
		got = append(got, r)
		return nil
	}
	sm, err := tr.Run(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	for i := range sm.Entrants {
		sm.Entrants[i].Think = 0
	}
	return sm, got
}

// TestTournamentIndependentOfWorkers plays the same tournament on 1 and 3
// workers: the same results, in game order, and the same summary.
func TestTournamentIndependentOfWorkers(t *testing.T) {
	tr := bots.Tournament{
		Config: waterdeep.Config{Players: 3},
		Bots:   []bots.Factory{bots.GreedyFactory, bots.RandomFactory, bots.ISMCTSFactory(bots.ISMCTSOptions{Iterations: 3})},
		Games:  7,
		Seed:   42,
	}
	tr.Workers = 1
	sm1, res1 := collect(t, tr)
	tr.Workers = 3
	sm3, res3 := collect(t, tr)
	if len(res1) != 7 {
		t.Fatalf("%d results, want 7", len(res1))
	}
	for g := range res1 {
		if res1[g].Game != g || res3[g].Game != g {
			t.Fatalf("result %d holds games %d and %d", g, res1[g].Game, res3[g].Game)
		}
		if !gameResultsEqual(res1[g], res3[g]) {
			t.Errorf("game %d differs between 1 and 3 workers", g)
		}
	}
	if !summariesEqual(sm1, sm3) {
		t.Errorf("summaries differ:\n%+v\n%+v", sm1, sm3)
	}
	// Game plays any one game alone as Run does.
	for _, g := range []int{0, 5} {
		r, err := tr.Game(context.Background(), g)
		if err != nil || !gameResultsEqual(r, res1[g]) {
			t.Errorf("Game(%d): %v, differs from Run's", g, err)
		}
	}
	if _, err := tr.Game(context.Background(), -1); err == nil {
		t.Error("Game(-1): no error")
	}
	tr.Seed = 43
	_, other := collect(t, tr)
	if gameResultsEqual(other[0], res1[0]) {
		t.Error("seed 43 played the same first game as seed 42")
	}
}

func gameResultsEqual(a, b bots.GameResult) bool {
	return a.Game == b.Game && a.Seed == b.Seed && slices.Equal(a.Bots, b.Bots) && slices.Equal(a.Entrants, b.Entrants) &&
		slices.Equal(a.Scores, b.Scores) && slices.Equal(a.Winners, b.Winners) && slices.Equal(a.Shares, b.Shares) &&
		a.Decisions == b.Decisions && slices.Equal(a.Moves, b.Moves) && len(a.Record.Actions) == len(b.Record.Actions) &&
		a.Record.Seed == b.Record.Seed
}

func summariesEqual(a, b bots.Summary) bool {
	if a.Games != b.Games || a.Decisions != b.Decisions || len(a.Entrants) != len(b.Entrants) {
		return false
	}
	for i := range a.Entrants {
		x, y := a.Entrants[i], b.Entrants[i]
		if x.Label != y.Label || x.Games != y.Games || !slices.Equal(x.Seats, y.Seats) || x.Wins != y.Wins ||
			x.Low != y.Low || x.MeanVP != y.MeanVP || x.SDVP != y.SDVP || x.Decisions != y.Decisions {
			return false
		}
	}
	return true
}

// TestTournamentGames checks every game's result against its record and
// the seat rotation, and the summary against the results.
func TestTournamentGames(t *testing.T) {
	tr := bots.Tournament{
		Bots:  []bots.Factory{bots.RandomFactory, bots.RandomFactory, bots.GreedyFactory},
		Games: 6,
		Seed:  1,
	}
	sm, res := collect(t, tr)
	var wins [3]float64
	decisions := 0
	for g, r := range res {
		if r.Seed != bots.GameSeed(1, g) || r.Record.Seed != r.Seed {
			t.Errorf("game %d: seed %d, record's %d, want %d", g, r.Seed, r.Record.Seed, bots.GameSeed(1, g))
		}
		s, _, err := waterdeep.Replay(r.Record)
		if err != nil {
			t.Fatalf("game %d: %v", g, err)
		}
		if !s.Over() || !slices.Equal(s.Scores(), r.Scores) || !slices.Equal(s.Winners(), r.Winners) ||
			len(r.Record.Actions) != r.Decisions {
			t.Errorf("game %d: replay gives %v, result says %v", g, s.Scores(), r.Scores)
		}
		moves := 0
		for p, e := range r.Entrants {
			if e != bots.EntrantAt(g, p, 3) || r.Bots[p] != []string{"random", "random", "greedy"}[e] {
				t.Errorf("game %d: entrants %v, bots %v", g, r.Entrants, r.Bots)
			}
			wins[e] += r.Shares[p]
			moves += r.Moves[p]
		}
		if moves != r.Decisions {
			t.Errorf("game %d: moves %v sum to %d, decisions %d", g, r.Moves, moves, r.Decisions)
		}
		decisions += r.Decisions
	}
	if sm.Games != 6 || sm.Decisions != decisions {
		t.Errorf("summary: %d games, %d decisions; want 6, %d", sm.Games, sm.Decisions, decisions)
	}
	for i, e := range sm.Entrants {
		if e.Label != []string{"random#1", "random#2", "greedy"}[i] || !slices.Equal(e.Seats, []int{2, 2, 2}) ||
			e.Wins != wins[i] || e.WinRate != wins[i]/6 {
			t.Errorf("entrant %d: %+v, want wins %v", i, e, wins[i])
		}
		if lo, hi := bots.Wilson(e.Wins, 6); e.Low != lo || e.High != hi {
			t.Errorf("entrant %d: interval [%v, %v]", i, e.Low, e.High)
		}
	}
}

// TestEntrantAt: over a multiple of the player count, every bot sits in
// every seat equally often, and each seat holds one bot per game.
func TestEntrantAt(t *testing.T) {
	for players := 2; players <= 6; players++ {
		count := make([][]int, players)
		for e := range count {
			count[e] = make([]int, players)
		}
		for g := range 3 * players {
			seen := make([]bool, players)
			for p := range players {
				e := bots.EntrantAt(g, p, players)
				if seen[e] {
					t.Fatalf("%d players, game %d: bot %d sits twice", players, g, e)
				}
				seen[e] = true
				count[e][p]++
			}
		}
		for e := range count {
			for p, n := range count[e] {
				if n != 3 {
					t.Errorf("%d players: bot %d sat in seat %d %d times, want 3", players, e, p, n)
				}
			}
		}
	}
	if bots.EntrantAt(1, 1, 4) != 0 || bots.EntrantAt(0, 3, 4) != 3 {
		t.Error("game 1 should seat the first bot in seat 1")
	}
}

func TestWilson(t *testing.T) {
	for _, c := range []struct {
		wins   float64
		n      int
		lo, hi float64
	}{
		{5, 10, 0.236593, 0.763407},
		{0, 10, 0, 0.277533},
		{10, 10, 0.722467, 1},
		{1, 10, 0.017876, 0.404150},
		{250, 1000, 0.224153, 0.277760},
		{2.5, 5, 0.170424, 0.829576}, // shared wins: p = 0.5
		{0, 0, 0, 1},
	} {
		lo, hi := bots.Wilson(c.wins, c.n)
		if math.Abs(lo-c.lo) > 1e-5 || math.Abs(hi-c.hi) > 1e-5 {
			t.Errorf("Wilson(%v, %d) = [%.6f, %.6f], want [%.6f, %.6f]", c.wins, c.n, lo, hi, c.lo, c.hi)
		}
	}
}

// failing is a bot that fails on its n-th decision.
type failing struct{ n int }

var errFailing = errors.New("failing bot gives up")

func (b *failing) Name() string { return "failing" }
func (b *failing) Choose(_ context.Context, v waterdeep.View) (waterdeep.Action, error) {
	if b.n--; b.n < 0 {
		return nil, errFailing
	}
	return v.Legal[0], nil
}

func TestTournamentErrors(t *testing.T) {
	for _, tr := range []bots.Tournament{
		{Bots: []bots.Factory{bots.RandomFactory}, Games: 1},
		{Bots: []bots.Factory{bots.RandomFactory, bots.RandomFactory}, Games: 0},
		{Bots: []bots.Factory{bots.RandomFactory, bots.RandomFactory}, Games: 1, Workers: -1},
		{Bots: []bots.Factory{bots.RandomFactory, nil}, Games: 1},
		{Config: waterdeep.Config{Players: 3}, Bots: []bots.Factory{bots.RandomFactory, bots.RandomFactory}, Games: 1},
		{Config: waterdeep.Config{Long: true}, Bots: []bots.Factory{bots.RandomFactory, bots.RandomFactory}, Games: 1},
	} {
		if _, err := tr.Run(context.Background()); err == nil {
			t.Errorf("%+v: no error", tr)
		}
	}
	// A bot's error names the game and the seat, and stops the tournament.
	fail := func(uint64) bots.Bot { return &failing{n: 30} }
	tr := bots.Tournament{Bots: []bots.Factory{bots.RandomFactory, fail}, Games: 20, Workers: 2}
	_, err := tr.Run(context.Background())
	ge, ok := errors.AsType[*bots.GameError](err)
	if !ok || !errors.Is(err, errFailing) || ge.Bot != "failing" {
		t.Fatalf("error %v, want a GameError of the failing bot", err)
	}
	if ge.Seat != waterdeep.PlayerID((1+ge.Game)%2) {
		t.Errorf("error %v: wrong seat", err)
	}
	// An error of OnGame stops the tournament and is returned.
	stop := errors.New("stop")
	seen := 0
	tr = bots.Tournament{Bots: []bots.Factory{bots.RandomFactory, bots.RandomFactory}, Games: 50, Workers: 2,
		OnGame: func(bots.GameResult) error {
			if seen++; seen == 3 {
				return stop
			}
			return nil
		}}
	if _, err := tr.Run(context.Background()); !errors.Is(err, stop) || seen != 3 {
		t.Errorf("OnGame's error: got %v after %d games", err, seen)
	}
	// A cancelled context stops it.
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	tr.OnGame = nil
	if _, err := tr.Run(ctx); !errors.Is(err, context.Canceled) {
		t.Errorf("cancelled: %v", err)
	}
}

// TestPlayGame: one game between given bots, its result and record.
func TestPlayGame(t *testing.T) {
	cfg := waterdeep.Config{Players: 2, Modules: waterdeep.Undermountain, Seed: 5}
	res, err := bots.PlayGame(context.Background(), cfg, []bots.Bot{bots.NewGreedy(1), bots.NewRandom(2)})
	if err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(res.Bots, []string{"greedy", "random"}) || res.Seed != 5 || res.Record.Modules != waterdeep.Undermountain {
		t.Errorf("result %+v", res)
	}
	s, _, err := waterdeep.Replay(res.Record)
	if err != nil || !slices.Equal(s.Scores(), res.Scores) {
		t.Errorf("replay: %v, %v, want %v", err, s.Scores(), res.Scores)
	}
	if res.Think[0] <= 0 {
		t.Error("Greedy took no time")
	}
	if _, err := bots.PlayGame(context.Background(), cfg, []bots.Bot{bots.NewGreedy(1)}); err == nil {
		t.Error("one bot for two seats: no error")
	}
	if _, err := bots.PlayGame(context.Background(), cfg, []bots.Bot{bots.NewGreedy(1), nil}); err == nil {
		t.Error("a nil bot: no error")
	}
	_, err = bots.PlayGame(context.Background(), cfg, []bots.Bot{bots.NewGreedy(1), &failing{}})
	if ge, ok := errors.AsType[*bots.GameError](err); !ok || ge.Seat != 1 ||
		err.Error() != "waterdeep: game 0: failing in seat p2: failing bot gives up" {
		t.Errorf("error %v", err)
	}
}
