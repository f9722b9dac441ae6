package waterdeep

import (
	"math/rand/v2"
	"testing"
	"unsafe"
)

// playRandom plays one game to the end with uniformly random legal moves.
func playRandom(s State, r *rand.Rand, buf []Move) (State, int) {
	steps := 0
	for !s.Over() {
		buf = s.AppendMoves(buf[:0])
		var err error
		s, err = s.Play(buf[r.IntN(len(buf))])
		if err != nil {
			panic(err)
		}
		steps++
	}
	return s, steps
}

func benchmarkGame(b *testing.B, players int) {
	r := rand.New(rand.NewPCG(1, 2))
	buf := make([]Move, 0, 256)
	b.ReportAllocs()
	decisions := 0
	for i := 0; b.Loop(); i++ {
		s, err := New(Config{Players: players, Seed: uint64(i)})
		if err != nil {
			b.Fatal(err)
		}
		_, n := playRandom(s, r, buf)
		decisions += n
	}
	b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "games/s")
	b.ReportMetric(float64(decisions)/float64(b.N), "decisions/game")
}

func BenchmarkRandomGame2(b *testing.B) { benchmarkGame(b, 2) }
func BenchmarkRandomGame4(b *testing.B) { benchmarkGame(b, 4) }
func BenchmarkRandomGame5(b *testing.B) { benchmarkGame(b, 5) }

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

func BenchmarkIllegalMove(b *testing.B) {
	s, _ := New(Config{Players: 4, Seed: 5})
	m := mv(mPlace, 200)
	b.ReportAllocs()
	for b.Loop() {
		_ = s.check(m)
	}
}

func BenchmarkCopyState(b *testing.B) {
	s, _ := New(Config{Players: 4, Seed: 5})
	var sink State
	b.ReportMetric(float64(unsafe.Sizeof(s)), "bytes/state")
	for b.Loop() {
		sink = s
	}
	_ = sink
}
