package waterdeep

import (
	"math/rand/v2"
	"testing"
	"unsafe"
)

// Play, PlayInPlace and AppendMoves (with a reused buffer) allocate
// nothing, on the states of random games for every player count and every
// combination of modules and the long game, from setup to the end.
func TestPlayAndAppendMovesDoNotAllocate(t *testing.T) {
	if testing.Short() {
		t.Skip("allocation counts need the full run")
	}
	buf := make([]Move, 0, 256)
	withCards := modulesTestContent(t)
	for i, cfg := range harnessGames() {
		n := cfg.Players
		cfg.Seed = uint64(n)
		if i%2 == 1 && cfg.Modules != 0 {
			cfg.Content = withCards // placing resources and corruption effects
		}
		r := rand.New(rand.NewPCG(uint64(n), 5))
		s, err := New(cfg)
		if err != nil {
			t.Fatal(err)
		}
		for step := 0; !s.Over(); step++ {
			if a := testing.AllocsPerRun(3, func() { buf = s.AppendMoves(buf[:0]) }); a != 0 {
				t.Fatalf("%d players, step %d: AppendMoves allocated %v times", n, step, a)
			}
			m := buf[r.IntN(len(buf))]
			var next State
			if a := testing.AllocsPerRun(3, func() { next, _ = s.Play(m) }); a != 0 {
				t.Fatalf("%d players, step %d: Play(%v) allocated %v times", n, step, m.Action(0), a)
			}
			var inPlace State
			if a := testing.AllocsPerRun(3, func() { inPlace = s; _ = inPlace.PlayInPlace(m) }); a != 0 {
				t.Fatalf("%d players, step %d: PlayInPlace(%v) allocated %v times", n, step, m.Action(0), a)
			}
			if inPlace != next {
				t.Fatalf("%d players, step %d: PlayInPlace and Play disagree", n, step)
			}
			s = next
		}
	}
}

// The State stays small enough to copy in one short memmove: at most
// 2.25 KB. The design's budget was 2 KB; the resources placed on action
// spaces, which every space may hold at once (RULES.md 32), take 6 bytes a
// space (MaxSpaces of them) and brought the State from 1,680 to 2,192
// bytes (BENCHMARKS.md says what a copy costs).
func TestStateSize(t *testing.T) {
	if size := unsafe.Sizeof(State{}); size > 2304 {
		t.Fatalf("State is %d bytes, more than 2304", size)
	}
}

// A Sampler, once made, samples without allocating: search bots call it
// once per iteration.
func TestSamplerDoesNotAllocate(t *testing.T) {
	if testing.Short() {
		t.Skip("allocation counts need the full run")
	}
	states := midGameStates(7)
	// Expansion games too: the removed base cards are sampled, placed
	// resources and corruption copied.
	withCards := modulesTestContent(t)
	for _, cfg := range []Config{{Players: 6, Modules: Skullport, Content: withCards},
		{Players: 5, Modules: Undermountain | Skullport, Long: true, Content: withCards}} {
		r := rand.New(rand.NewPCG(7, 7))
		s, err := New(cfg)
		if err != nil {
			t.Fatal(err)
		}
		for step := 0; !s.Over(); step++ {
			if step%9 == 0 {
				states = append(states, s)
			}
			legal := s.LegalActions()
			s, _ = s.Apply(legal[r.IntN(len(legal))])
		}
	}
	for i, s := range states {
		sm, err := NewSampler(s.View(PlayerID(i % s.Players())))
		if err != nil {
			t.Fatal(err)
		}
		seed := uint64(0)
		if a := testing.AllocsPerRun(5, func() { seed++; _, _ = sm.Sample(seed) }); a != 0 {
			t.Fatalf("state %d: Sample allocated %v times", i, a)
		}
	}
}

// ApplyEvents with a reused events buffer of enough capacity allocates
// nothing, like Apply: a server reports every move's events.
func TestApplyEventsDoesNotAllocate(t *testing.T) {
	if testing.Short() {
		t.Skip("allocation counts need the full run")
	}
	if raceDetector {
		t.Skip("under the race detector sync.Pool drops a quarter of what is put back, so the event sink is sometimes allocated again")
	}
	buf := make([]Event, 0, 1024)
	withCards := modulesTestContent(t)
	for _, cfg := range harnessGames() {
		n := cfg.Players
		cfg.Seed = uint64(n)
		if cfg.Modules != 0 {
			cfg.Content = withCards // the expansion's events
		}
		r := rand.New(rand.NewPCG(uint64(n), 6))
		s, err := New(cfg)
		if err != nil {
			t.Fatal(err)
		}
		for step := 0; !s.Over(); step++ {
			legal := s.LegalActions()
			a := legal[r.IntN(len(legal))]
			var next State
			if allocs := testing.AllocsPerRun(3, func() { next, buf, _ = s.ApplyEvents(a, buf[:0]) }); allocs != 0 {
				t.Fatalf("%d players, step %d: ApplyEvents(%v) allocated %v times", n, step, a, allocs)
			}
			if want, _ := s.Apply(a); next != want {
				t.Fatalf("%d players, step %d: ApplyEvents and Apply disagree", n, step)
			}
			s = next
		}
	}
}
