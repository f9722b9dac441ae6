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
