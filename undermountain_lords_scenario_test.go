package waterdeep

// Scenario tests for the lords of the Undermountain module, each naming
// its entry in the reference's skullport/lords.yaml.

import (
	"testing"

	"github.com/google/go-cmp/cmp"
)

// umLordGame gives seat 0 lord id, the completed quests named and the
// tiles named, and returns the game played to its end.
func umLordGame(t *testing.T, lord string, completed, tiles []string) State {
	t.Helper()
	s := umQuestGame(t)
	questSetLord(t, &s, 0, lord)
	for _, q := range completed {
		giveCompleted(t, &s, 0, q)
	}
	for _, b := range tiles {
		giveTile(t, &s, 0, b)
	}
	return s
}

// umLordScore checks the lord's part of seat 0's final score, and that the
// end of the game adds it.
func umLordScore(t *testing.T, s State, want int) {
	t.Helper()
	if got := s.FinalScore(0).Lord; got != want {
		t.Errorf("lord scores %d, want %d", got, want)
	}
	// The views count it too: the player's own, and the others' once the
	// lord is revealed (Open Lord, RULES.md 222); before, the others see
	// no lord bonus.
	shown := s
	shown.lordsShown |= 1
	for _, viewer := range []PlayerID{0, 1, 2, Spectator} {
		hidden := s.FinalScore(0)
		if viewer != 0 {
			hidden.Lord = 0
		}
		if d := cmp.Diff(hidden, s.View(viewer).FinalScore(0)); d != "" {
			t.Errorf("%v's view of the score (-want +got):\n%s", viewer, d)
		}
		if d := cmp.Diff(s.FinalScore(0), shown.View(viewer).FinalScore(0)); d != "" {
			t.Errorf("%v's view of the score, the lord revealed (-want +got):\n%s", viewer, d)
		}
	}
	before := s.Score(0)
	fs := s.FinalScore(0)
	end := questPlayToEnd(t, s)
	want2 := FinalScore{Lord: want, Gold: fs.Gold, Adventurers: fs.Adventurers}
	if d := cmp.Diff(want2, end.FinalScore(0)); d != "" {
		t.Errorf("final score (-want +got):\n%s", d)
	}
	if end.Score(0) != before+want2.Lord+want2.Gold+want2.Adventurers {
		t.Errorf("score %d after the end, %d before", end.Score(0), before)
	}
}

// ref: danilo_thann. 3 VP per completed quest of any type; mandatory
// quests (intrigue cards) are not quests he counts.
func TestUndermountainLordDaniloThann(t *testing.T) {
	s := umLordGame(t, "danilo-thann",
		[]string{"domesticate-owlbears", "resurrect-dead-wizards", "wake-the-six-sleepers", "bribe-the-shipwrights"}, nil)
	umLordScore(t, s, 4*3)
}

// ref: halaster_blackcloak. 4 VP per Undermountain quest completed and per
// Undermountain building controlled; base quests and tiles score nothing.
func TestUndermountainLordHalasterBlackcloak(t *testing.T) {
	s := umLordGame(t, "halaster-blackcloak",
		[]string{"domesticate-owlbears", "resurrect-dead-wizards", "wake-the-six-sleepers"},
		[]string{"the-librarium", "the-eyes-lair", "the-stone-house"})
	umLordScore(t, s, 4*(2+2))
}

// ref: trobriand. 5 VP per completed quest whose printed VP is 10 or more
// (RULES.md 202).
func TestUndermountainLordTrobriand(t *testing.T) {
	s := umLordGame(t, "trobriand",
		[]string{"explore-trobriands-graveyard", "rescue-clerics-of-tymora", "resurrect-dead-wizards",
			"infiltrate-halasters-circle", "domesticate-owlbears"}, nil)
	umLordScore(t, s, 5*3) // 40, 10 and 25 VP count; 6 and 8 do not
}
