package bots_test

import (
	"context"
	"errors"
	"math"
	"math/rand/v2"
	"reflect"
	"testing"
	"time"

	"github.com/waterdeep-go/waterdeep"
	"github.com/waterdeep-go/waterdeep/bots"
)

// sampleViews plays random games of 2 to 5 players and returns views of
// the player to act at random moments, up to n of them.
func sampleViews(t *testing.T, n int) []waterdeep.View {
	t.Helper()
	r := rand.New(rand.NewPCG(11, 12))
	var out []waterdeep.View
	for g := 0; len(out) < n; g++ {
		s, err := waterdeep.New(waterdeep.Config{Players: 2 + g%4, Seed: uint64(g)})
		if err != nil {
			t.Fatal(err)
		}
		var buf []waterdeep.Move
		for !s.Over() && len(out) < n {
			if r.IntN(12) == 0 {
				p, _ := s.ToAct()
				out = append(out, s.View(p))
			}
			buf = s.AppendMoves(buf[:0])
			if s, err = s.Play(buf[r.IntN(len(buf))]); err != nil {
				t.Fatal(err)
			}
		}
	}
	return out
}

func isLegal(v waterdeep.View, a waterdeep.Action) bool {
	for _, l := range v.Legal {
		if reflect.DeepEqual(l, a) {
			return true
		}
	}
	return false
}

func testBots() []bots.Bot {
	return []bots.Bot{
		bots.NewRandom(1),
		bots.NewGreedy(1),
		bots.NewISMCTS(bots.ISMCTSOptions{Iterations: 20, Seed: 1}),
		bots.NewISMCTS(bots.ISMCTSOptions{Iterations: 20, Seed: 1, Workers: 2}),
	}
}

func TestBotsChooseLegal(t *testing.T) {
	views := sampleViews(t, 150)
	for _, b := range testBots() {
		for i, v := range views {
			if _, ismcts := b.(*bots.ISMCTS); ismcts && i%3 != 0 {
				continue // keep the test fast
			}
			a, err := b.Choose(context.Background(), v)
			if err != nil {
				t.Fatalf("%s, view %d: %v", b.Name(), i, err)
			}
			if !isLegal(v, a) {
				t.Fatalf("%s, view %d: %v is not among the legal actions", b.Name(), i, a)
			}
		}
	}
}

// The bots' API takes a View, never a State: a bot cannot see what its
// seat may not.
func TestBotsSeeOnlyViews(t *testing.T) {
	choose, _ := reflect.TypeFor[bots.Bot]().MethodByName("Choose")
	viewType := reflect.TypeFor[waterdeep.View]()
	stateType := reflect.TypeFor[waterdeep.State]()
	if choose.Type.NumIn() != 2 || choose.Type.In(1) != viewType {
		t.Fatalf("Bot.Choose has signature %v; want (context.Context, waterdeep.View)", choose.Type)
	}
	for _, b := range testBots() {
		bt := reflect.TypeOf(b)
		for i := range bt.NumMethod() {
			m := bt.Method(i)
			for j := range m.Type.NumIn() {
				if m.Type.In(j) == stateType {
					t.Errorf("%s.%s takes a State", bt, m.Name)
				}
			}
		}
		// No field of a bot holds a State.
		et := bt.Elem()
		for i := range et.NumField() {
			if et.Field(i).Type == stateType {
				t.Errorf("%s has a State field %s", et, et.Field(i).Name)
			}
		}
	}
}

func TestBotsReproducible(t *testing.T) {
	views := sampleViews(t, 40)
	makers := map[string]func() bots.Bot{
		"greedy":   func() bots.Bot { return bots.NewGreedy(7) },
		"ismcts":   func() bots.Bot { return bots.NewISMCTS(bots.ISMCTSOptions{Iterations: 30, Seed: 7}) },
		"ismcts-2": func() bots.Bot { return bots.NewISMCTS(bots.ISMCTSOptions{Iterations: 30, Seed: 7, Workers: 2}) },
	}
	for name, mk := range makers {
		a, b := mk(), mk()
		for i, v := range views {
			x, err1 := a.Choose(context.Background(), v)
			y, err2 := b.Choose(context.Background(), v)
			if err1 != nil || err2 != nil {
				t.Fatalf("%s, view %d: %v, %v", name, i, err1, err2)
			}
			if !reflect.DeepEqual(x, y) {
				t.Fatalf("%s, view %d: %v then %v with the same seed", name, i, x, y)
			}
		}
	}
}

func TestBotsNoLegalAction(t *testing.T) {
	s, err := waterdeep.New(waterdeep.Config{Players: 3, Seed: 5})
	if err != nil {
		t.Fatal(err)
	}
	p, _ := s.ToAct()
	other := s.View((p + 1) % 3) // not this seat's turn
	for _, b := range testBots() {
		if _, err := b.Choose(context.Background(), other); !errors.Is(err, bots.ErrNoLegalAction) {
			t.Errorf("%s on another seat's turn: %v, want ErrNoLegalAction", b.Name(), err)
		}
	}
	// A finished game.
	r := rand.New(rand.NewPCG(1, 1))
	for !s.Over() {
		l := s.LegalActions()
		if s, err = s.Apply(l[r.IntN(len(l))]); err != nil {
			t.Fatal(err)
		}
	}
	for _, b := range testBots() {
		if _, err := b.Choose(context.Background(), s.View(0)); !errors.Is(err, bots.ErrNoLegalAction) {
			t.Errorf("%s after the game: %v, want ErrNoLegalAction", b.Name(), err)
		}
	}
}

// play plays one game with seats[p] choosing for seat p.
func play(t *testing.T, seats []bots.Bot, seed uint64) waterdeep.State {
	t.Helper()
	s, err := waterdeep.New(waterdeep.Config{Players: len(seats), Seed: seed})
	if err != nil {
		t.Fatal(err)
	}
	for steps := 0; !s.Over(); steps++ {
		if steps > 10000 {
			t.Fatal("game does not end")
		}
		p, _ := s.ToAct()
		a, err := seats[p].Choose(context.Background(), s.View(p))
		if err != nil {
			t.Fatal(err)
		}
		if s, err = s.Apply(a); err != nil {
			t.Fatal(err)
		}
	}
	return s
}

func TestGreedyBeatsRandom(t *testing.T) {
	games := 12
	wins := 0
	for g := range games {
		seat := g % 4
		seats := make([]bots.Bot, 4)
		for i := range seats {
			seats[i] = bots.NewRandom(uint64(100*g + i))
		}
		seats[seat] = bots.NewGreedy(uint64(g))
		s := play(t, seats, uint64(1000+g))
		for _, w := range s.Winners() {
			if int(w) == seat {
				wins++
			}
		}
	}
	// Greedy wins about 95% of such games; three random seats win the
	// remaining ones. Over 12 games, more than half is a safe bar.
	if wins*2 <= games {
		t.Errorf("greedy won %d of %d games against three random bots", wins, games)
	}
}

func TestISMCTSFinishesGame(t *testing.T) {
	seats := []bots.Bot{
		bots.NewISMCTS(bots.ISMCTSOptions{Iterations: 8, Seed: 3}),
		bots.NewRandom(4),
		bots.NewISMCTS(bots.ISMCTSOptions{Iterations: 8, Seed: 5, Workers: 2}),
	}
	s := play(t, seats, 77)
	if len(s.Winners()) == 0 {
		t.Error("no winner")
	}
}

// TestISMCTSBadExploration: an exploration constant that is not a
// positive finite number (NaN made every UCB1 value NaN, so that no child
// was chosen and the search panicked) plays as the default does.
func TestISMCTSBadExploration(t *testing.T) {
	views := sampleViews(t, 12)
	for _, c := range []float64{math.NaN(), math.Inf(1), math.Inf(-1), -1} {
		bad := bots.NewISMCTS(bots.ISMCTSOptions{Iterations: 40, Seed: 9, Exploration: c})
		def := bots.NewISMCTS(bots.ISMCTSOptions{Iterations: 40, Seed: 9})
		for _, v := range views {
			a, err := bad.Choose(context.Background(), v)
			if err != nil {
				t.Fatalf("exploration %v: %v", c, err)
			}
			b, err := def.Choose(context.Background(), v)
			if err != nil {
				t.Fatal(err)
			}
			if a != b {
				t.Fatalf("exploration %v chose %v, the default %v", c, a, b)
			}
		}
	}
}

// TestISMCTSRollouts: full rollouts (Rollout negative) and cut-off ones
// (the default, and 1 decision) both give legal, reproducible choices, and
// the rollout length changes what the search sees.
func TestISMCTSRollouts(t *testing.T) {
	views := sampleViews(t, 12)
	choices := map[int][]waterdeep.Action{}
	for _, rollout := range []int{-1, 0, 1} {
		for range 2 {
			b := bots.NewISMCTS(bots.ISMCTSOptions{Iterations: 30, Seed: 9, Rollout: rollout})
			var got []waterdeep.Action
			for _, v := range views {
				a, err := b.Choose(context.Background(), v)
				if err != nil || !isLegal(v, a) {
					t.Fatalf("rollout %d: %v, %v", rollout, a, err)
				}
				got = append(got, a)
			}
			if prev, ok := choices[rollout]; ok && !reflect.DeepEqual(prev, got) {
				t.Errorf("rollout %d: the same seed chose differently", rollout)
			}
			choices[rollout] = got
		}
	}
	if reflect.DeepEqual(choices[-1], choices[1]) {
		t.Error("rollouts to the end and of one decision chose alike on every view")
	}
	if reflect.DeepEqual(choices[-1], choices[0]) {
		t.Error("in base games, the default rollout chose as rollouts to the end on every view")
	}
	// In games with modules the default plays rollouts to the end.
	s, err := waterdeep.New(waterdeep.Config{Players: 3, Modules: waterdeep.Skullport, Seed: 4})
	if err != nil {
		t.Fatal(err)
	}
	r := rand.New(rand.NewPCG(1, 2))
	var buf []waterdeep.Move
	for n := 0; n < 60 && !s.Over(); n++ {
		if n%10 == 9 {
			p, _ := s.ToAct()
			v := s.View(p)
			a, _ := bots.NewISMCTS(bots.ISMCTSOptions{Iterations: 20, Seed: 2}).Choose(context.Background(), v)
			b, _ := bots.NewISMCTS(bots.ISMCTSOptions{Iterations: 20, Seed: 2, Rollout: -1}).Choose(context.Background(), v)
			if !reflect.DeepEqual(a, b) {
				t.Errorf("Skullport game, decision %d: default chose %v, rollouts to the end %v", n, a, b)
			}
		}
		buf = s.AppendMoves(buf[:0])
		if err := s.PlayInPlace(buf[r.IntN(len(buf))]); err != nil {
			t.Fatal(err)
		}
	}
}

func TestISMCTSCancelled(t *testing.T) {
	views := sampleViews(t, 5)
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	b := bots.NewISMCTS(bots.ISMCTSOptions{Duration: time.Hour, Seed: 1})
	for _, v := range views {
		a, err := b.Choose(ctx, v)
		if err != nil || !isLegal(v, a) {
			t.Fatalf("cancelled search: %v, %v", a, err)
		}
	}
	// A duration budget stops the search.
	b = bots.NewISMCTS(bots.ISMCTSOptions{Duration: 20 * time.Millisecond, Seed: 1, Workers: 2})
	start := time.Now()
	if _, err := b.Choose(context.Background(), views[0]); err != nil {
		t.Fatal(err)
	}
	if el := time.Since(start); el > 2*time.Second {
		t.Errorf("a 20ms search took %v", el)
	}
}

func TestEvaluatePrefersCompletingQuests(t *testing.T) {
	// Over random games, whenever a seat can complete a quest, the state
	// after completing it evaluates at least as high as skipping, for the
	// quest with the most VP, in most cases.
	r := rand.New(rand.NewPCG(5, 6))
	better, total := 0, 0
	for g := 0; g < 40 && total < 60; g++ {
		s, _ := waterdeep.New(waterdeep.Config{Players: 4, Seed: uint64(g)})
		for !s.Over() {
			p, _ := s.ToAct()
			if d := s.Pending(); d.Kind == waterdeep.CompleteQuestDecision {
				skip, err := s.Apply(waterdeep.Decline{Player: p})
				if err == nil {
					best := -1e9
					for _, a := range s.LegalActions() {
						if _, ok := a.(waterdeep.CompleteQuest); ok {
							t2, _ := s.Apply(a)
							best = max(best, bots.Evaluate(t2, p))
						}
					}
					if best > -1e9 {
						total++
						if best >= bots.Evaluate(skip, p) {
							better++
						}
					}
				}
			}
			l := s.LegalActions()
			s, _ = s.Apply(l[r.IntN(len(l))])
		}
	}
	if total == 0 || better*10 < total*8 {
		t.Errorf("completing a quest evaluated best in %d of %d cases", better, total)
	}
}
