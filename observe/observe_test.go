package observe_test

import (
	"errors"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/waterdeep-go/waterdeep"
	"github.com/waterdeep-go/waterdeep/observe"
)

// game is a configuration the tests play.
type game struct {
	name    string
	players int
	modules waterdeep.Modules
	long    bool
}

var games = []game{
	{"base-2", 2, 0, false},
	{"base-4", 4, 0, false},
	{"undermountain-3", 3, waterdeep.Undermountain, false},
	{"skullport-5", 5, waterdeep.Skullport, true},
	{"both-6-long", 6, waterdeep.Undermountain | waterdeep.Skullport, true},
}

// positions plays a random game of g and returns the states at every
// step-th decision, and the last.
func positions(t testing.TB, g game, seed uint64, step int) []waterdeep.State {
	t.Helper()
	s, err := waterdeep.New(waterdeep.Config{Players: g.players, Modules: g.modules, Long: g.long, Seed: seed})
	if err != nil {
		t.Fatal(err)
	}
	r := rand.New(rand.NewPCG(seed, 99))
	var out []waterdeep.State
	var buf []waterdeep.Move
	for n := 0; !s.Over(); n++ {
		if n%step == 0 {
			out = append(out, s)
		}
		buf = s.AppendMoves(buf[:0])
		if err := s.PlayInPlace(buf[r.IntN(len(buf))]); err != nil {
			t.Fatal(err)
		}
	}
	return append(out, s)
}

func encoder(t testing.TB, g game) *observe.Encoder {
	t.Helper()
	e, err := observe.New(nil, g.players, g.modules)
	if err != nil {
		t.Fatal(err)
	}
	return e
}

// TestSameViewSameObservation: states sampled by Determinize from a seat's
// view (other hands, lords and deck orders) give that seat the same
// observation, while they do differ from the game's own state.
func TestSameViewSameObservation(t *testing.T) {
	for _, g := range games {
		t.Run(g.name, func(t *testing.T) {
			e := encoder(t, g)
			var a, b []float32
			differ := 0
			for _, s := range positions(t, g, 11, 37) {
				for p := range waterdeep.PlayerID(g.players) {
					v := s.View(p)
					var err error
					if a, err = e.Encode(a, v); err != nil {
						t.Fatal(err)
					}
					for seed := range uint64(3) {
						s2, err := waterdeep.Determinize(v, seed)
						if err != nil {
							t.Fatal(err)
						}
						if s2 != s {
							differ++
						}
						if b, err = e.Encode(b, s2.View(p)); err != nil {
							t.Fatal(err)
						}
						if i := firstDiff(a, b); i >= 0 {
							t.Fatalf("round %d seat %d seed %d: observation differs at %d (%s)", s.Round(), p, seed, i, name(e, i))
						}
					}
				}
			}
			if differ == 0 {
				t.Fatal("no sampled state differs from the game's own: the test shows nothing")
			}
		})
	}
}

// TestHiddenInformationMatters: the observation does see the viewer's own
// hand, so equality above is not for want of looking: two seats' views of
// one state differ, and the own hand is encoded.
func TestHiddenInformationMatters(t *testing.T) {
	g := games[1]
	e := encoder(t, g)
	s := positions(t, g, 5, 1000)[0]
	a, _ := e.Encode(nil, s.View(0))
	b, _ := e.Encode(nil, s.View(1))
	if firstDiff(a, b) < 0 {
		t.Fatal("two seats' views encode the same")
	}
	hand, _ := e.Field("intrigue.hand")
	var held float32
	for _, x := range a[hand.Offset : hand.Offset+hand.Size] {
		held += x
	}
	if want := float32(len(s.View(0).Seats[0].Hand)); held != want || held == 0 {
		t.Fatalf("intrigue.hand holds %v cards, the hand %v", held, want)
	}
}

// TestRelativeSeats: slot k of every seat field is seat (viewer+k) mod
// players; a spectator's slots are the seats.
func TestRelativeSeats(t *testing.T) {
	g := games[3]
	e := encoder(t, g)
	states := positions(t, g, 3, 50)
	s := states[len(states)/2]
	score, _ := e.Field("seat.score")
	gold, _ := e.Field("seat.gold")
	for _, viewer := range []waterdeep.PlayerID{0, 1, 2, 3, 4, waterdeep.Spectator} {
		v := s.View(viewer)
		obs, err := e.Encode(nil, v)
		if err != nil {
			t.Fatal(err)
		}
		base := int(viewer)
		if viewer == waterdeep.Spectator {
			base = 0
		}
		for k := range g.players {
			seat := v.Seats[(base+k)%g.players]
			if obs[score.Offset+k] != float32(seat.Score) || obs[gold.Offset+k] != float32(seat.Gold) {
				t.Fatalf("viewer %v slot %d: score %v gold %v, seat %v has %d and %d", viewer, k,
					obs[score.Offset+k], obs[gold.Offset+k], seat.Seat, seat.Score, seat.Gold)
			}
		}
	}
}

// TestEncodeAllocs: encoding into a reused buffer, and the mask, allocate
// nothing.
func TestEncodeAllocs(t *testing.T) {
	for _, g := range []game{games[1], games[4]} {
		e := encoder(t, g)
		states := positions(t, g, 7, 40)
		views := make([]waterdeep.View, len(states))
		for i, s := range states {
			p, ok := s.ToAct()
			if !ok {
				p = 0
			}
			views[i] = s.View(p)
		}
		obs := make([]float32, e.Size())
		mask := make([]float32, observe.MaskSize())
		i := 0
		allocs := testing.AllocsPerRun(200, func() {
			v := views[i%len(views)]
			i++
			obs, _ = e.Encode(obs, v)
			mask = observe.Mask(mask, v)
		})
		if allocs != 0 {
			t.Errorf("%s: %v allocations per Encode and Mask", g.name, allocs)
		}
	}
}

// TestMask: the mask holds exactly the viewer's legal moves, each of which
// the state accepts, and nothing when another seat is to act.
func TestMask(t *testing.T) {
	for _, g := range []game{games[1], games[4]} {
		for _, s := range positions(t, g, 13, 9) {
			p, ok := s.ToAct()
			if !ok {
				continue
			}
			v := s.View(p)
			mask := observe.Mask(nil, v)
			legal := observe.AppendLegal(nil, v)
			moves := s.AppendMoves(nil)
			slices.Sort(moves)
			if !slices.Equal(legal, moves) && !slices.Equal(sorted(legal), moves) {
				t.Fatalf("legal moves %v, the state's %v", legal, moves)
			}
			n := 0
			for m, x := range mask {
				if x != 0 {
					n++
					if err := s.LegalMove(waterdeep.Move(m)); err != 0 {
						t.Fatalf("mask sets illegal move %d: %v", m, err)
					}
				}
			}
			if n != len(moves) || n == 0 {
				t.Fatalf("mask has %d moves, the state %d", n, len(moves))
			}
			other := s.View((p + 1) % waterdeep.PlayerID(g.players))
			for _, x := range observe.Mask(mask, other) {
				if x != 0 {
					t.Fatal("a seat not to act has a legal move")
				}
			}
		}
	}
}

// TestMismatch: a view of another game gets a *MismatchError; a bad
// configuration a *ConfigError.
func TestMismatch(t *testing.T) {
	e := encoder(t, games[1])
	s := positions(t, games[0], 1, 1000)[0]
	var me *observe.MismatchError
	if _, err := e.Encode(nil, s.View(0)); !errors.As(err, &me) || me.Field != "players" {
		t.Fatalf("got %v, want a players mismatch", err)
	}
	s4 := positions(t, game{"", 4, waterdeep.Undermountain, false}, 1, 1000)[0]
	if _, err := e.Encode(nil, s4.View(0)); !errors.As(err, &me) || me.Field != "content" {
		t.Fatalf("got %v, want a content mismatch", err)
	}
	var ce *observe.ConfigError
	for _, bad := range []struct {
		p int
		m waterdeep.Modules
	}{{1, 0}, {7, waterdeep.Undermountain}, {4, 8}} {
		if _, err := observe.New(nil, bad.p, bad.m); !errors.As(err, &ce) {
			t.Fatalf("New(%d, %v): got %v, want a *ConfigError", bad.p, bad.m, err)
		}
	}
}

// TestEveryFieldUsed: over random games, every field but those a random
// game rarely reaches holds a non-zero somewhere, so no feature is left
// unwritten.
func TestEveryFieldUsed(t *testing.T) {
	// Fields that a few random games seldom reach: The Palace bought and
	// the Ambassador placed or gone with it, Produce a Miracle for the
	// Masses played, corruption placed on a space, a lord revealed.
	rare := map[string]bool{"decision.ambassador": true, "tile.gone": true, "ambassador.gone": true,
		"seat.swap_used": true, "space.placed_corruption": true, "seat.lord_shown": true}
	for _, g := range []game{games[1], games[4]} {
		e := encoder(t, g)
		used := map[string]bool{}
		var obs []float32
		for seed := range uint64(6) {
			for _, s := range positions(t, g, seed, 3) {
				for _, viewer := range []waterdeep.PlayerID{0, 1, waterdeep.Spectator} {
					obs, _ = e.Encode(obs, s.View(viewer))
					for _, f := range e.Layout() {
						for _, x := range obs[f.Offset : f.Offset+f.Size] {
							if x != 0 {
								used[f.Name] = true
								break
							}
						}
					}
				}
			}
		}
		for _, f := range e.Layout() {
			if !used[f.Name] && !rare[f.Name] && !unused(g, f.Name) {
				t.Errorf("%s: field %s is always 0", g.name, f.Name)
			}
		}
	}
}

// unused reports the fields that stay 0 in every game of g.
func unused(g game, field string) bool {
	switch field {
	case "removed.quests", "removed.intrigue", "removed.buildings":
		return g.modules != waterdeep.Undermountain|waterdeep.Skullport
	case "corruption.track", "corruption.removed", "corruption.value", "seat.corruption", "space.placed_corruption":
		return g.modules&waterdeep.Skullport == 0
	case "space.placed", "caravans", "seat.turn_used", "seat.lords_seen", "intrigue.known", "seat.visit_used", "seat.lord_shown":
		return g.modules == 0
	case "game.long":
		return !g.long
	}
	return false
}

func sorted(m []waterdeep.Move) []waterdeep.Move {
	m = slices.Clone(m)
	slices.Sort(m)
	return m
}

func firstDiff(a, b []float32) int {
	if len(a) != len(b) {
		return min(len(a), len(b))
	}
	for i := range a {
		if a[i] != b[i] {
			return i
		}
	}
	return -1
}

// name names element i of an observation.
func name(e *observe.Encoder, i int) string {
	for _, f := range e.Layout() {
		if i >= f.Offset && i < f.Offset+f.Size {
			return f.Name
		}
	}
	return "?"
}
