package waterdeep

// Hidden information and the Skullport cards: who has looked at whose Lord
// card (Blackmail) is reflected in views, their JSON and Determinize, and
// Determinize keeps every view of random Skullport games.

import (
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// skBlackmailed is skGame after p1 played Blackmail on p2.
func skBlackmailed(t *testing.T) State {
	t.Helper()
	s := skGame(t)
	s = playCardAs(t, s, 0, "blackmail")
	return apply(t, s, ChoosePlayer{0, 1})
}

// skUnheldLord returns a lord nobody in s holds.
func skUnheldLord(s State) uint8 {
	held := map[uint8]bool{}
	for p := range s.numPlayers {
		held[s.players[p].lord] = true
	}
	for l := range uint8(s.c.NumLords()) {
		if !held[l] {
			return l
		}
	}
	return 0
}

func TestSkullportBlackmailViews(t *testing.T) { // ref blackmail
	s := skBlackmailed(t)
	other := skUnheldLord(s)
	// p3's lord is still hidden from p1; p2's is not.
	h := s
	h.players[2].lord = other
	if d := cmp.Diff(s.View(0), h.View(0), leakViewCmp); d != "" {
		t.Errorf("p1's view shows p3's lord (-want +got):\n%s", d)
	}
	h = s
	h.players[1].lord = other
	if d := cmp.Diff(s.View(0), h.View(0), leakViewCmp); d == "" {
		t.Errorf("p1's view does not show p2's lord")
	}
	// p3 has seen nothing: p2's lord is hidden from them, in the view and
	// in its JSON.
	if d := cmp.Diff(s.View(2), h.View(2), leakViewCmp); d != "" {
		t.Errorf("p3's view shows p2's lord (-want +got):\n%s", d)
	}
	js, err := s.View(2).MarshalJSON()
	if err != nil {
		t.Fatal(err)
	}
	if id := s.c.Lord(s.Lord(1)).ID; strings.Contains(string(js), `"`+id+`"`) {
		t.Errorf("p3's view JSON names p2's lord %s", id)
	}
}

// A seen lord in a view's JSON and in Determinize. Views and Determinize
// of games with modules come with issue 12 (the lead's encodings), so the
// state is a base game whose p1 has looked at p2's lord, as after
// Blackmail.
func TestSeenLordsInJSONAndDeterminize(t *testing.T) { // ref blackmail
	s := newGame(t, 3)
	s.seenLords[0] = 1 << 1
	if err := s.validate(); err != nil {
		t.Fatal(err)
	}
	js, err := s.View(0).MarshalJSON()
	if err != nil {
		t.Fatal(err)
	}
	back, err := DecodeView(js, s.c)
	if err != nil {
		t.Fatal(err)
	}
	if d := cmp.Diff(s.View(0), back, viewCmp...); d != "" {
		t.Errorf("view JSON round trip (-want +got):\n%s", d)
	}
	if !back.Seats[1].LordKnown || back.Seats[1].Lord != s.Lord(1) {
		t.Errorf("p2's lord not in p1's decoded view")
	}
	// A view that shows a lord nobody has seen is refused.
	bad := strings.Replace(string(js), `"lords_seen":["p2"]`, `"lords_seen":["p2","p3"]`, 1)
	if _, err := DecodeView([]byte(bad), s.c); err == nil {
		t.Errorf("a view where p1 has seen p3's lord but does not show it decodes")
	}
	// Determinize keeps what p1 knows, and what p3 knows p1 has seen.
	for seed := range uint64(20) {
		for _, p := range []PlayerID{0, 2} {
			d, err := Determinize(s.View(p), seed)
			if err != nil {
				t.Fatal(err)
			}
			if d.seenLords != s.seenLords || p == 0 && d.Lord(1) != s.Lord(1) {
				t.Fatalf("seed %d, seat %d: p2's lord %d (want %d), seen %v (want %v)", seed, p, d.Lord(1), s.Lord(1), d.seenLords, s.seenLords)
			}
			if diff := cmp.Diff(s.View(p), d.View(p), viewCmp...); diff != "" {
				t.Fatalf("seed %d, seat %d: view changed (-want +got):\n%s", seed, p, diff)
			}
		}
	}
	// The snapshot keeps it too.
	data, err := s.MarshalJSON()
	if err != nil {
		t.Fatal(err)
	}
	got, err := DecodeState(data, s.c)
	if err != nil {
		t.Fatal(err)
	}
	if got != s {
		t.Errorf("the snapshot lost what p1 has seen: %v, want %v", got.seenLords, s.seenLords)
	}
}
