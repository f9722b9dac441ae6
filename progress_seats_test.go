package waterdeep

import "testing"

// TestProgressTokenSharedSeat: a progress token whose shared agent (a
// second agent on a space) belongs to a seat past the last one is refused
// when read, and one of the last seat is read back. Issue 39: a mutant
// that let seat MaxPlayers through survived every test.
func TestProgressTokenSharedSeat(t *testing.T) {
	for _, tc := range []struct {
		player uint8
		ok     bool
	}{{0, true}, {MaxPlayers - 1, true}, {MaxPlayers, false}, {none, false}} {
		var p Progress
		p.nShared = 1
		p.shared[0] = agentAt{space: 3, player: tc.player}
		text, err := p.MarshalText()
		if err != nil {
			t.Fatal(err)
		}
		var back Progress
		err = back.UnmarshalText(text)
		if (err == nil) != tc.ok {
			t.Errorf("shared agent of seat %d: UnmarshalText = %v, want ok %v", tc.player, err, tc.ok)
		}
		if tc.ok && back != p {
			t.Errorf("shared agent of seat %d: read back as %+v", tc.player, back.shared[0])
		}
	}
}

// TestProgressTokenFollowerSeat: a progress token's agent waiting to be
// reassigned after a Harbor space (a follower) of a seat is read back as
// it was, and one of a seat past the last is refused when read. Issue 39:
// a mutant that refused the followers of every seat and let through those
// of no seat survived every test.
func TestProgressTokenFollowerSeat(t *testing.T) {
	for _, tc := range []struct {
		player uint8
		ok     bool
	}{{0, true}, {MaxPlayers - 1, true}, {MaxPlayers, false}, {none, false}} {
		var p Progress
		p.nFollow = 1
		p.follow[0] = follower{slot: 3, player: tc.player, from: 5}
		text, err := p.MarshalText()
		if err != nil {
			t.Fatal(err)
		}
		var back Progress
		err = back.UnmarshalText(text)
		if (err == nil) != tc.ok {
			t.Errorf("follower of seat %d: UnmarshalText = %v, want ok %v", tc.player, err, tc.ok)
		}
		if tc.ok && back != p {
			t.Errorf("follower of seat %d: read back as %+v", tc.player, back.follow[0])
		}
	}
}

// TestProgressFollowerInRange: a follower of a progress token fits a game
// only when its seat and both its spaces (the Harbor space it follows and
// the space its agent comes from) are the game's; one space past the
// content's is enough to refuse it, whichever of the two it is. Issue 39:
// a mutant that refused a follower only when both spaces were out of range
// survived every test.
func TestProgressFollowerInRange(t *testing.T) {
	c := BaseContent()
	ns := uint8(len(c.spaces))
	for _, tc := range []struct {
		fl follower
		ok bool
	}{
		{follower{slot: 3, player: 1, from: 5}, true},
		{follower{slot: ns, player: 1, from: 5}, false},
		{follower{slot: 3, player: 1, from: ns}, false},
		{follower{slot: 3, player: 3, from: 5}, false}, // a 3-player game
	} {
		var p Progress
		p.nFollow = 1
		p.follow[0] = tc.fl
		if why := p.inRange(c, 3); (why == "") != tc.ok {
			t.Errorf("follower %+v in a 3-player game: inRange = %q, want ok %v", tc.fl, why, tc.ok)
		}
	}
}
