package waterdeep

import (
	"errors"
	"fmt"
	"strings"
	"testing"

	"github.com/waterdeep-go/waterdeep/content"
)

// validateSays fails unless validate refuses s with an *InvalidStateError
// whose detail says want: the invariant broken, not another one that a
// later check happens to find.
func validateSays(t *testing.T, s State, want string) {
	t.Helper()
	err := s.validate()
	var ie *InvalidStateError
	if !errors.As(err, &ie) || !strings.Contains(ie.Detail, want) {
		t.Errorf("validate = %v, want an *InvalidStateError saying %q", err, want)
	}
}

// TestValidateFollowerFollowsAHarborSpace: an agent waiting to be
// reassigned after a Harbor space (a follower, RULES.md 38) is of a seat
// of the game and follows a Harbor space that exists; a follower of
// another space, of a seat past the last, or of a space beyond the
// content's is refused as such, even when the player has an agent on the
// space it comes from. Issue 39: a mutant that deleted this check, and
// one that refused only a follower both of no seat and of no space,
// survived every test.
func TestValidateFollowerFollowsAHarborSpace(t *testing.T) {
	s := newGame(t, 3)
	from := space(t, &s, "field-of-triumph")
	s = apply(t, s, PlaceAgent{0, from})
	if err := s.validate(); err != nil {
		t.Fatalf("the state before the change: %v", err)
	}
	harbor := uint8(s.c.harbor[0])
	ns := uint8(len(s.c.spaces))
	for _, tc := range []struct {
		name string
		fl   follower
	}{
		{"a follower of a space that is not the Harbor", follower{slot: uint8(space(t, &s, "the-plinth")), player: 0, from: uint8(from)}},
		{"a follower of no seat", follower{slot: harbor, player: s.numPlayers, from: uint8(from)}},
		{"a follower of a space beyond the content", follower{slot: ns, player: 0, from: uint8(from)}},
	} {
		t.Run(strings.ReplaceAll(tc.name, " ", "_"), func(t *testing.T) {
			u := s
			u.follow[0] = tc.fl
			validateSays(t, u, "does not follow a Harbor space")
		})
	}
}

// TestValidateDiscardIntrigueCount: a decision to discard intrigue cards
// one at a time (Trobriand's Graveyard) asks for the nth of count, nth
// from 1 to count; a frame asking for the 0th, or for one past the count,
// is refused as such. Issue 39: a mutant that refused it only when both
// held at once survived every test.
func TestValidateDiscardIntrigueCount(t *testing.T) {
	s := umGame(t)
	giveTile(t, &s, 1, "trobriands-graveyard")
	setHand(t, &s, 0, "free-drinks")
	stackIntrigue(t, &s, "ambush", "bribe-agent", "crime-wave")
	s = apply(t, s, PlaceAgent{0, space(t, &s, "trobriands-graveyard")})
	f := s.top()
	if f.kind != dDiscardIntrigue || f.nth() != 1 || f.count() != 2 {
		t.Fatalf("top frame %+v, want the first discard of 2", *f)
	}
	if err := s.validate(); err != nil {
		t.Fatalf("the state before the change: %v", err)
	}
	for _, nth := range []uint8{0, 3} {
		u := s
		*u.top() = discardIntrigueFrame(0, nth, 2)
		validateSays(t, u, "discarding intrigue card")
	}
}

// TestValidateEachOpponentProgress: a card's step that goes round the
// opponents (Call for Adventurers: each opponent takes 1) has reached at
// most its n-1th opponent; a program frame whose stage says it has gone
// round more seats than there are opponents is refused as such. Issue 39: a
// mutant that allowed n+1 survived every test.
func TestValidateEachOpponentProgress(t *testing.T) {
	s := umGame(t)
	s = playCardAs(t, s, 0, "call-for-adventurers")
	s = apply(t, s, ChooseResources{0, Pick{Fighter: 2}})
	buildingExpect(t, s, ChooseAdventurersDecision, 1)
	i := int(s.sp) - 1 // the card's program: the program frame nearest the top
	for i > 0 && s.stack[i].kind != fProgram {
		i--
	}
	f := &s.stack[i]
	if f.kind != fProgram || f.stage() != 1 || s.c.programs[f.prog][f.pc].Kind != content.StepEachOpponentChooses {
		t.Fatalf("program frame %+v, want the first opponent of each_opponent_chooses", *f)
	}
	if err := s.validate(); err != nil {
		t.Fatalf("the state before the change: %v", err)
	}
	n := s.numPlayers
	u := s
	u.stack[i].setStage(n - 1) // the last opponent: p3's pick comes after p2's
	if err := u.validate(); err != nil {
		var ie *InvalidStateError
		if !errors.As(err, &ie) || strings.Contains(ie.Detail, "progress") {
			t.Errorf("stage %d of %d seats: validate = %v", n-1, n, err)
		}
	}
	u = s
	u.stack[i].setStage(n)
	validateSays(t, u, fmt.Sprintf("progress %d of step %d of program %d, at most %d", n, f.pc, f.prog, n-1))
}

// TestValidateScoreBounds: a score is at most validMaxCount, and below 0
// only with Skullport (the corruption track, RULES.md 27), down to
// -validMaxCount included. Issue 39: a mutant that refused -validMaxCount
// itself survived every test.
func TestValidateScoreBounds(t *testing.T) {
	for _, tc := range []struct {
		m     Modules
		score int32
		ok    bool
	}{
		{0, validMaxCount, true}, {0, validMaxCount + 1, false}, {0, -1, false},
		{Skullport, -1, true}, {Skullport, -validMaxCount, true}, {Skullport, -validMaxCount - 1, false},
	} {
		s := moduleCardGame(t, tc.m)
		s.players[1].score = tc.score
		if tc.ok {
			if err := s.validate(); err != nil {
				t.Errorf("%v, score %d: validate = %v", tc.m, tc.score, err)
			}
			continue
		}
		validateSays(t, s, fmt.Sprintf("p2 has %d VP", tc.score))
	}
}

// TestValidateMandatoryQuestHandedOutOnce: a mandatory quest being handed
// out (its player choosing the opponent who gets it) is in that one place:
// the same card also in a hand is refused as a card in two places. Issue
// 39: a mutant of validate's quick count of the intrigue cards, which then
// left the card being handed out uncounted and accepted the state,
// survived every test.
func TestValidateMandatoryQuestHandedOutOnce(t *testing.T) {
	s := newGame(t, 3)
	s = playCardAs(t, s, 0, "fend-off-bandits")
	f := s.top()
	if f.kind != dPlayer || f.playerPurpose() != targetMandatory {
		t.Fatalf("top frame %+v, want the choice of who gets the mandatory quest", *f)
	}
	if err := s.validate(); err != nil {
		t.Fatalf("the state before the change: %v", err)
	}
	s.players[1].hand.add(f.mandatoryCard())
	validateSays(t, s, "is in two places")
}

// TestValidatePickCountBound: a decision to choose adventurers asks for at
// most 7 (maxPick, what a ChooseResources move can hold); a pick frame
// asking for 8 is refused as a count out of range. Issue 39: a mutant that
// allowed 8 survived every test.
func TestValidatePickCountBound(t *testing.T) {
	s := umGame(t)
	s = playCardAs(t, s, 0, "call-for-adventurers")
	f := s.top()
	if f.kind != dPick {
		t.Fatalf("top frame %+v, want Call for Adventurers' pick", *f)
	}
	if err := s.validate(); err != nil {
		t.Fatalf("the state before the change: %v", err)
	}
	setSlot(s.top(), "a", 8) // a literal: the test pins the bound, not the constant
	validateSays(t, s, "count 8 out of range")
}
