package waterdeep

// Scenario tests for the corruption track of the Skullport module (rules
// summary, "Corruption"), one per sentence: the setup, taking from the
// space closest to -1, 10 VP for each token the empty track cannot give,
// returning to the space farthest from -1 that holds fewer than 3, removing
// to the box, and the end-of-game penalty.

import (
	"testing"

	"github.com/google/go-cmp/cmp"
)

// skullGame starts a 3-player game with the Skullport module and the test
// content of modulesTestContent; seat 0 is to place.
func skullGame(t *testing.T, m Modules) State {
	t.Helper()
	s, err := New(Config{Players: 3, Seed: 1, Modules: m, Long: m == Undermountain|Skullport, Content: modulesTestContent(t)})
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// corruptionFacts are the corruption facts of a state.
type corruptionFacts struct {
	Track   [trackSpaces]int
	Held    []int
	Removed int
	Score   []int
	Value   int
}

func corruptionOf(s State) corruptionFacts {
	f := corruptionFacts{Track: s.Track(), Removed: s.CorruptionRemoved(), Value: s.CorruptionValue()}
	for p := range PlayerID(s.Players()) {
		f.Held = append(f.Held, s.Corruption(p))
		f.Score = append(f.Score, s.Score(p))
	}
	return f
}

// "Prepare the corruption board by placing 3 corruption tokens on each of
// the spaces labeled -2 through -9, and 1 token on the space labeled -1."
func TestCorruptionSetup(t *testing.T) {
	want := corruptionFacts{Track: [9]int{1, 3, 3, 3, 3, 3, 3, 3, 3}, Held: []int{0, 0, 0}, Score: []int{0, 0, 0}}
	if d := cmp.Diff(want, corruptionOf(skullGame(t, Skullport))); d != "" {
		t.Errorf("Skullport game (-want +got):\n%s", d)
	}
	want.Track = [9]int{}
	if d := cmp.Diff(want, corruptionOf(skullGame(t, Undermountain))); d != "" {
		t.Errorf("Undermountain game: no track (-want +got):\n%s", d)
	}
}

// "Whenever an effect requires you to gain or take corruption, take a
// corruption token from the space closest to -1 on the track that still has
// tokens on it."
func TestCorruptionTakenClosestToMinusOne(t *testing.T) {
	s := skullGame(t, Skullport)
	s = apply(t, s, PlaceAgent{0, space(t, &s, "slavers-market")})
	s = apply(t, s, PlaceAgent{1, space(t, &s, "skull-island")})
	s = apply(t, s, ChooseResources{1, Pick{Wizard: 2}})
	want := corruptionFacts{Track: [9]int{0, 2, 3, 3, 3, 3, 3, 3, 3}, Held: []int{1, 1, 0}, Score: []int{0, 0, 0}, Value: 1}
	if d := cmp.Diff(want, corruptionOf(s)); d != "" {
		t.Errorf("(-want +got):\n%s", d)
	}
	if got := s.Tavern(0); got != [4]int{0, 2, 2, 0} {
		t.Errorf("p1's tavern %v after Slavers' Market", got)
	}
	if got := s.Tavern(1); got != [4]int{0, 0, 0, 2} {
		t.Errorf("p2's tavern %v after Skull Island", got)
	}
}

// "If you have to take a token and there are no tokens left on the track,
// immediately lose 10 VP for each token you could not take."
func TestCorruptionEmptyTrack(t *testing.T) {
	s := skullGame(t, Skullport)
	s.track = [9]uint8{}
	s.players[1].corrupt = 25 // where the tokens went
	s.players[0].score = 4
	s = apply(t, s, PlaceAgent{0, space(t, &s, "slavers-market")})
	want := corruptionFacts{Track: [9]int{}, Held: []int{0, 25, 0}, Score: []int{-6, 0, 0}, Value: 9}
	if d := cmp.Diff(want, corruptionOf(s)); d != "" {
		t.Errorf("(-want +got):\n%s", d)
	}
	// Two tokens to take, one left on the track (on -9): the one is taken,
	// the other costs 10 VP (Forge Deed).
	s = skGame(t)
	s.track = [9]uint8{0, 0, 0, 0, 0, 0, 0, 0, 1}
	s.players[1].corrupt = 24
	giveTile(t, &s, 1, "the-thrown-gauntlet")
	s = playCardAs(t, s, 0, "forge-deed")
	want = corruptionFacts{Track: [9]int{}, Held: []int{1, 24, 0}, Score: []int{-10, 0, 0}, Value: 9}
	if d := cmp.Diff(want, corruptionOf(s)); d != "" {
		t.Errorf("a partly empty track (-want +got):\n%s", d)
	}
}

// playCard has seat 0 play intrigue card id from Waterdeep Harbor.
func playCard(t *testing.T, s State, id string) State {
	t.Helper()
	setHand(t, &s, 0, id)
	return apply(t, s, PlaceAgent{0, space(t, &s, "waterdeep-harbor/1")})
}

// "Whenever an effect requires you to return corruption, take the required
// number of corruption tokens from your Tavern and place them on the track,
// starting with the space farthest from -1 that does not contain 3 tokens.
// No space can ever have more than 3 corruption tokens on it."
func TestCorruptionReturn(t *testing.T) {
	t.Run("to a full track", func(t *testing.T) {
		// The -1 token was taken: every space but -1 holds 3.
		s := skullGame(t, Skullport)
		s.track[0], s.players[0].corrupt = 0, 1
		s = playCard(t, s, "purify") // return 2: p1 holds only 1
		want := corruptionFacts{Track: [9]int{1, 3, 3, 3, 3, 3, 3, 3, 3}, Held: []int{0, 0, 0}, Score: []int{0, 0, 0}}
		if d := cmp.Diff(want, corruptionOf(s)); d != "" {
			t.Errorf("(-want +got):\n%s", d)
		}
	})
	t.Run("farthest space with fewer than 3", func(t *testing.T) {
		s := skullGame(t, Skullport)
		s.track = [9]uint8{0, 0, 2, 3, 3, 3, 3, 3, 3}
		s.players[0].corrupt, s.players[2].corrupt = 3, 4
		s = playCard(t, s, "purify")
		want := corruptionFacts{Track: [9]int{0, 1, 3, 3, 3, 3, 3, 3, 3}, Held: []int{1, 0, 4}, Score: []int{0, 0, 0}, Value: 1}
		if d := cmp.Diff(want, corruptionOf(s)); d != "" {
			t.Errorf("(-want +got):\n%s", d)
		}
	})
	t.Run("-1 fills up to 3", func(t *testing.T) {
		// 25 tokens and room for 27: -2 to -9 take 24, so a game never
		// puts more than 1 on -1; this made-up state (28 tokens) checks
		// the cap of 3 all the same.
		s := skullGame(t, Skullport)
		s.track = [9]uint8{2, 3, 3, 3, 3, 3, 3, 3, 3}
		s.players[0].corrupt, s.corruptionBox = 2, 0
		s.players[1].corrupt = 0
		s = playCard(t, s, "purify")
		if got := s.Track(); got[0] != 3 || s.Corruption(0) != 1 {
			t.Errorf("track %v, p1 holds %d; want -1 at 3 and one token kept", got, s.Corruption(0))
		}
	})
}

// "Whenever a card or building requires you to remove corruption from the
// game, discard the token to the box."
func TestCorruptionRemove(t *testing.T) {
	s := skullGame(t, Skullport)
	s.track[0], s.track[1], s.players[0].corrupt = 0, 2, 2
	s = playCard(t, s, "purge")
	want := corruptionFacts{Track: [9]int{0, 2, 3, 3, 3, 3, 3, 3, 3}, Held: []int{1, 0, 0}, Removed: 1, Score: []int{0, 0, 0}, Value: 1}
	if d := cmp.Diff(want, corruptionOf(s)); d != "" {
		t.Errorf("(-want +got):\n%s", d)
	}
}

// At the end, each token costs the value of the empty space farthest from
// -1; with no empty space, nothing (RULES.md 26).
func TestCorruptionFinalPenalty(t *testing.T) {
	s := skullGame(t, Skullport)
	s.track = [9]uint8{0, 0, 0, 3, 3, 3, 3, 3, 2}
	s.players[0].corrupt, s.players[1].corrupt = 2, 0
	s.corruptionBox = 6
	if got := s.FinalScore(0).Corruption; got != -6 {
		t.Errorf("2 tokens with -3 the farthest empty space: penalty %d, want -6", got)
	}
	if got := s.FinalScore(1).Corruption; got != 0 {
		t.Errorf("no token: penalty %d", got)
	}
	s.track = [9]uint8{0, 3, 3, 0, 3, 3, 3, 3, 3}
	if got := s.FinalScore(0).Corruption; got != -8 {
		t.Errorf("-4 empty beyond a full -2: penalty %d, want -8", got)
	}
	s.track = [9]uint8{1, 3, 3, 3, 3, 3, 3, 3, 1}
	if got := s.FinalScore(0).Corruption; got != 0 {
		t.Errorf("no empty space: penalty %d, want 0", got)
	}
	// Final scoring adds the penalty as its own part.
	s.track = [9]uint8{0, 0, 3, 3, 3, 3, 3, 3, 3}
	s.players[0].corrupt = 4
	s.corruptionBox = 0
	s.players[1].corrupt, s.players[2].corrupt = 1, 0
	before := s.Score(0)
	b := s.FinalScore(0)
	s.finalScoring()
	if got, want := s.Score(0), before+b.Adventurers+b.Gold+b.Lord-8; got != want || b.Corruption != -8 {
		t.Errorf("final score %d (breakdown %+v), want %d", got, b, want)
	}
}
