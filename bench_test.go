package waterdeep

import (
	"encoding/json"
	"math/rand/v2"
	"sync/atomic"
	"testing"
	"unsafe"
)

// playRandom plays one game to the end with uniformly random legal moves,
// through the fast path a rollout uses: AppendMoves and PlayInPlace on a
// State the caller owns.
func playRandom(s State, r *rand.Rand, buf []Move) (State, int) {
	steps := 0
	for !s.Over() {
		buf = s.AppendMoves(buf[:0])
		if err := s.PlayInPlace(buf[r.IntN(len(buf))]); err != nil {
			panic(err)
		}
		steps++
	}
	return s, steps
}

// playRandomValues is playRandom through the value API: every Play copies
// the State in and returns a new one.
func playRandomValues(s State, r *rand.Rand, buf []Move) (State, int) {
	steps := 0
	for !s.Over() {
		buf = s.AppendMoves(buf[:0])
		var err error
		if s, err = s.Play(buf[r.IntN(len(buf))]); err != nil {
			panic(err)
		}
		steps++
	}
	return s, steps
}

func benchmarkGame(b *testing.B, players int, play func(State, *rand.Rand, []Move) (State, int)) {
	benchmarkConfig(b, Config{Players: players}, play)
}

// benchmarkConfig is benchmarkGame for games of cfg (its Seed is each
// game's number).
func benchmarkConfig(b *testing.B, cfg Config, play func(State, *rand.Rand, []Move) (State, int)) {
	BaseContent() // loaded once per process: not part of any game
	if cfg.Modules != 0 {
		FullContent()
	}
	r := rand.New(rand.NewPCG(1, 2))
	buf := make([]Move, 0, 256)
	b.ReportAllocs()
	decisions := 0
	for i := 0; b.Loop(); i++ {
		cfg.Seed = uint64(i)
		s, err := New(cfg)
		if err != nil {
			b.Fatal(err)
		}
		_, n := play(s, r, buf)
		decisions += n
	}
	b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "games/s")
	b.ReportMetric(float64(decisions)/float64(b.N), "decisions/game")
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(decisions), "ns/decision")
}

func BenchmarkRandomGame2(b *testing.B) { benchmarkGame(b, 2, playRandom) }
func BenchmarkRandomGame4(b *testing.B) { benchmarkGame(b, 4, playRandom) }

// Games with the modules of Scoundrels of Skullport: their board spaces,
// the corruption track and the cards of the modules merged so far.
func BenchmarkRandomGame4Undermountain(b *testing.B) {
	benchmarkConfig(b, Config{Players: 4, Modules: Undermountain}, playRandom)
}
func BenchmarkRandomGame4Skullport(b *testing.B) {
	benchmarkConfig(b, Config{Players: 4, Modules: Skullport}, playRandom)
}
func BenchmarkRandomGame4BothLong(b *testing.B) {
	benchmarkConfig(b, Config{Players: 4, Modules: Undermountain | Skullport, Long: true}, playRandom)
}
func BenchmarkRandomGame6BothLong(b *testing.B) {
	benchmarkConfig(b, Config{Players: 6, Modules: Undermountain | Skullport, Long: true}, playRandom)
}
func BenchmarkRandomGame5(b *testing.B) { benchmarkGame(b, 5, playRandom) }

// BenchmarkRandomGame4Values plays the same games through Play, which
// returns a new State for every move.
func BenchmarkRandomGame4Values(b *testing.B) { benchmarkGame(b, 4, playRandomValues) }

// BenchmarkPlay measures one decision (AppendMoves then Play) on the
// states of random 4-player games.
func BenchmarkPlay(b *testing.B) {
	r := rand.New(rand.NewPCG(3, 4))
	buf := make([]Move, 0, 256)
	var s State
	b.ReportAllocs()
	for b.Loop() {
		if s.c == nil || s.Over() {
			s, _ = New(Config{Players: 4, Seed: r.Uint64()})
		}
		buf = s.AppendMoves(buf[:0])
		s, _ = s.Play(buf[r.IntN(len(buf))])
	}
}

// BenchmarkPlayInPlace measures one decision (AppendMoves then
// PlayInPlace) on the states of random 4-player games.
func BenchmarkPlayInPlace(b *testing.B) {
	r := rand.New(rand.NewPCG(3, 4))
	buf := make([]Move, 0, 256)
	var s State
	b.ReportAllocs()
	for b.Loop() {
		if s.c == nil || s.Over() {
			s, _ = New(Config{Players: 4, Seed: r.Uint64()})
		}
		buf = s.AppendMoves(buf[:0])
		_ = s.PlayInPlace(buf[r.IntN(len(buf))])
	}
}

// illegalMoveState returns a state mid-game and a move that is well formed
// but illegal in it (an occupied space).
func illegalMoveState(b *testing.B) (State, Move) {
	s, _ := New(Config{Players: 4, Seed: 5})
	buf := s.AppendMoves(nil)
	s, _ = s.Play(buf[len(buf)-1])
	for sp := range s.c.spaces {
		if s.occupant[sp] != 0 {
			return s, mv(mPlace, sp)
		}
	}
	b.Fatal("no occupied space")
	return s, 0
}

// BenchmarkPlayIllegal measures Play refusing a move (with its error).
func BenchmarkPlayIllegal(b *testing.B) {
	s, m := illegalMoveState(b)
	b.ReportAllocs()
	for b.Loop() {
		if _, err := s.Play(m); err == nil {
			b.Fatal("accepted")
		}
	}
}

// BenchmarkLegalMove measures the legality check of one move.
func BenchmarkLegalMove(b *testing.B) {
	s, m := illegalMoveState(b)
	b.ReportAllocs()
	for b.Loop() {
		if s.LegalMove(m) == 0 {
			b.Fatal("accepted")
		}
	}
}

// BenchmarkCopyState measures copying a State, the cost Apply and Play pay
// to leave their input unchanged.
func BenchmarkCopyState(b *testing.B) {
	s, _ := New(Config{Players: 4, Seed: 5})
	var sink State
	for b.Loop() {
		sink = s
	}
	_ = sink
	b.ReportMetric(float64(unsafe.Sizeof(s)), "bytes/state")
}

// midGameStates returns the states of one random 4-player game.
func midGameStates(seed uint64) []State {
	r := rand.New(rand.NewPCG(seed, 1))
	s, _ := New(Config{Players: 4, Seed: seed})
	var out []State
	for !s.Over() {
		out = append(out, s)
		moves := s.AppendMoves(nil)
		s, _ = s.Play(moves[r.IntN(len(moves))])
	}
	return out
}

// BenchmarkAppendMoves measures listing the legal moves, over the states of
// a whole game.
func BenchmarkAppendMoves(b *testing.B) {
	states := midGameStates(11)
	buf := make([]Move, 0, 256)
	b.ReportAllocs()
	i := 0
	for b.Loop() {
		buf = states[i%len(states)].AppendMoves(buf[:0])
		i++
	}
}

// BenchmarkView measures building one player's view, over a whole game.
func BenchmarkView(b *testing.B) {
	states := midGameStates(12)
	b.ReportAllocs()
	i := 0
	for b.Loop() {
		_ = states[i%len(states)].View(PlayerID(i % 4))
		i++
	}
}

// BenchmarkViewJSON measures building one player's view and encoding it
// as JSON into a reused buffer (View.AppendJSON), as a server does for
// every seat after every move, over a whole game.
func BenchmarkViewJSON(b *testing.B) {
	states := midGameStates(12)
	buf := make([]byte, 0, 16<<10)
	b.ReportAllocs()
	i, size := 0, 0
	for b.Loop() {
		var err error
		if buf, err = states[i%len(states)].View(PlayerID(i % 4)).AppendJSON(buf[:0]); err != nil {
			b.Fatal(err)
		}
		size += len(buf)
		i++
	}
	b.ReportMetric(float64(size)/float64(i), "bytes/view")
}

// BenchmarkViewMarshal is BenchmarkViewJSON through json.Marshal, which
// calls View.MarshalJSON and then checks and copies its output.
func BenchmarkViewMarshal(b *testing.B) {
	states := midGameStates(12)
	b.ReportAllocs()
	i := 0
	for b.Loop() {
		if _, err := json.Marshal(states[i%len(states)].View(PlayerID(i % 4))); err != nil {
			b.Fatal(err)
		}
		i++
	}
}

// BenchmarkRandomGameParallel plays random 4-player games on every core
// (compare with -cpu 1,2).
func BenchmarkRandomGameParallel(b *testing.B) {
	var seed atomic.Uint64
	b.RunParallel(func(pb *testing.PB) {
		r := rand.New(rand.NewPCG(seed.Add(1), 2))
		buf := make([]Move, 0, 256)
		for pb.Next() {
			s, _ := New(Config{Players: 4, Seed: r.Uint64()})
			playRandom(s, r, buf)
		}
	})
	b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "games/s")
}

// BenchmarkDeterminize measures checking a view and sampling a state from
// it, as Greedy does once per decision.
func BenchmarkDeterminize(b *testing.B) {
	states := midGameStates(13)
	views := make([]View, len(states))
	for i, s := range states {
		views[i] = s.View(PlayerID(i % 4))
	}
	b.ReportAllocs()
	i := 0
	for b.Loop() {
		if _, err := Determinize(views[i%len(views)], uint64(i)); err != nil {
			b.Fatal(err)
		}
		i++
	}
}

// BenchmarkSample measures sampling a state from a checked view, as search
// bots do once per iteration.
func BenchmarkSample(b *testing.B) {
	states := midGameStates(13)
	samplers := make([]*Sampler, len(states))
	for i, s := range states {
		var err error
		if samplers[i], err = NewSampler(s.View(PlayerID(i % 4))); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportAllocs()
	i := 0
	for b.Loop() {
		if _, err := samplers[i%len(samplers)].Sample(uint64(i)); err != nil {
			b.Fatal(err)
		}
		i++
	}
}
