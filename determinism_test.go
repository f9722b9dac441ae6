package waterdeep

// Determinism: the same seed and the same actions
// give identical states (==) and identical events, however many games run
// at once. CI runs this with -race.

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"sync"
	"testing"
)

// determinismRun is one game's history: every state, the actions taken and
// the events of each action.
type determinismRun struct {
	states  []State
	actions []Action
	events  [][]Event
}

// determinismPlay plays a game of n players from seed, choosing actions
// with a PCG seeded from seed (or replaying actions, when given), through
// ApplyEvents.
func determinismPlay(n int, seed uint64, actions []Action) (determinismRun, error) {
	var run determinismRun
	s, err := New(Config{Players: n, Seed: seed})
	if err != nil {
		return run, err
	}
	r := rand.New(rand.NewPCG(seed, 3))
	run.states = append(run.states, s)
	for i := 0; !s.Over(); i++ {
		var a Action
		if actions != nil {
			if i >= len(actions) {
				return run, fmt.Errorf("the game goes on after %d actions", len(actions))
			}
			a = actions[i]
		} else {
			legal := s.LegalActions()
			a = legal[r.IntN(len(legal))]
		}
		var events []Event
		if s, events, err = s.ApplyEvents(a, nil); err != nil {
			return run, err
		}
		run.states = append(run.states, s)
		run.actions = append(run.actions, a)
		run.events = append(run.events, events)
	}
	return run, nil
}

// determinismCompare returns how two runs differ, or "".
func determinismCompare(want, got determinismRun) string {
	if len(want.states) != len(got.states) {
		return fmt.Sprintf("%d states, want %d", len(got.states), len(want.states))
	}
	for i := range want.states {
		if want.states[i] != got.states[i] {
			return fmt.Sprintf("state %d differs", i)
		}
	}
	for i := range want.actions {
		if want.actions[i] != got.actions[i] {
			return fmt.Sprintf("action %d: %v, want %v", i, got.actions[i], want.actions[i])
		}
		if !slices.Equal(want.events[i], got.events[i]) {
			return fmt.Sprintf("events of action %d (%v) differ:\n got %v\nwant %v", i, want.actions[i], got.events[i], want.events[i])
		}
	}
	return ""
}

func TestDeterministicReplay(t *testing.T) {
	t.Parallel() // self-contained: runs beside the other heavy tests (long_test.go)
	for n := 2; n <= 5; n++ {
		seed := uint64(4000 + n)
		first, err := determinismPlay(n, seed, nil)
		if err != nil {
			t.Fatal(err)
		}
		again, err := determinismPlay(n, seed, nil)
		if err != nil {
			t.Fatal(err)
		}
		if d := determinismCompare(first, again); d != "" {
			t.Fatalf("%d players, same seed and chooser: %s", n, d)
		}
		replay, err := determinismPlay(n, seed, first.actions)
		if err != nil {
			t.Fatal(err)
		}
		if d := determinismCompare(first, replay); d != "" {
			t.Fatalf("%d players, replayed actions: %s", n, d)
		}
		// Apply, Play and ApplyEvents agree.
		s, _ := New(Config{Players: n, Seed: seed})
		m := s
		for i, a := range first.actions {
			if s, err = s.Apply(a); err != nil {
				t.Fatal(err)
			}
			if m, err = m.Play(EncodeMove(a)); err != nil {
				t.Fatal(err)
			}
			if s != first.states[i+1] || m != first.states[i+1] {
				t.Fatalf("%d players, action %d (%v): Apply or Play differs from ApplyEvents", n, i, a)
			}
		}
		// Another seed deals another game.
		other, _ := New(Config{Players: n, Seed: seed + 1})
		if other == first.states[0] {
			t.Fatalf("%d players: seeds %d and %d deal the same game", n, seed, seed+1)
		}
	}
}

// Sixteen games in parallel goroutines, four of each size, half of them
// choosing their own actions and half replaying the reference's: each
// goes exactly as its sequential reference did.
func TestDeterministicInParallel(t *testing.T) {
	const games = 16
	refs := make([]determinismRun, 4)
	for i := range refs {
		var err error
		if refs[i], err = determinismPlay(2+i, uint64(500+i), nil); err != nil {
			t.Fatal(err)
		}
	}
	results := make([]determinismRun, games)
	errs := make([]error, games)
	var wg sync.WaitGroup
	for g := range games {
		wg.Add(1)
		go func() {
			defer wg.Done()
			k := g % 4
			if g%2 == 0 {
				results[g], errs[g] = determinismPlay(2+k, uint64(500+k), nil)
			} else {
				results[g], errs[g] = determinismPlay(2+k, uint64(500+k), refs[k].actions)
			}
			// Read the shared reference states concurrently too: views,
			// legal actions and moves of states another goroutine reads.
			states := refs[k].states
			for i := 0; i < len(states); i += max(1, len(states)/20) {
				_ = states[i].View(Spectator)
				_ = states[i].LegalActions()
			}
		}()
	}
	wg.Wait()
	for g := range games {
		if errs[g] != nil {
			t.Fatalf("game %d: %v", g, errs[g])
		}
		if d := determinismCompare(refs[g%4], results[g]); d != "" {
			t.Fatalf("game %d (%d players): %s", g, 2+g%4, d)
		}
	}
}
