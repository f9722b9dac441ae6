package main

import (
	"encoding/json"
	"regexp"
	"strings"
	"testing"
)

// TestEventsInWords plays a game with both modules between bots and
// checks every event of its log, as a spectator gets it, has a "human"
// sentence with display names (no id of a card, tile or space in it),
// and that an action's sentence says what it answered.
func TestEventsInWords(t *testing.T) {
	ts := newTestServer(t)
	id := ts.create(createRequest{Players: 3, Seed: "12", Modules: "undermountain,skullport", Long: true,
		Seats: []string{"random", "greedy", "random"}})
	waitOver(t, ts, id)
	status, b := ts.do("GET", "/api/games/"+id+"/view?events_from=0", "", nil)
	if status != 200 {
		t.Fatalf("view: %d %s", status, b)
	}
	var p struct {
		Events []struct{ Kind, Text, Human string }
	}
	if err := json.Unmarshal(b, &p); err != nil {
		t.Fatal(err)
	}
	id_ := regexp.MustCompile(`#\d|[a-z]/\d|[a-z]-[a-z]`)
	seen := map[string]bool{}
	for _, e := range p.Events {
		h := strings.ReplaceAll(e.Human, "first-player", "")
		if e.Human == "" || id_.MatchString(h) {
			t.Errorf("%s event %q in words: %q", e.Kind, e.Text, e.Human)
		}
		seen[e.Kind] = true
	}
	if len(p.Events) < 100 || !seen["action"] {
		t.Errorf("%d events, kinds %v", len(p.Events), seen)
	}
	// The actions of a game played since the server started say what
	// they answered: "p2 declines to complete a quest", not "p2
	// declines".
	declines := 0
	for _, e := range p.Events {
		if e.Kind == "action" && strings.HasSuffix(e.Text, " decline") {
			declines++
			if !strings.Contains(e.Human, "declines to") {
				t.Errorf("%q in words: %q, which does not say what was declined", e.Text, e.Human)
			}
		}
	}
	if declines == 0 {
		t.Error("no decline among the actions: the decision's words were not put to the test")
	}
	t.Logf("%d events, e.g. %q", len(p.Events), p.Events[len(p.Events)/2].Human)
}
