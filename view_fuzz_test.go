package waterdeep

// The View's JSON encoding: round trips over random games, strict
// decoding of bad documents, the text forms, and the fuzz target for the
// decoder.

import (
	"bytes"
	"encoding/json"
	"errors"
	"math/rand/v2"
	"regexp"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// viewJSONCheckRoundTrip encodes v, decodes it and compares.
func viewJSONCheckRoundTrip(t testing.TB, v View) []byte {
	t.Helper()
	b, err := json.Marshal(v)
	if err != nil {
		t.Fatalf("marshal: %v", err)
	}
	got, err := DecodeView(b, v.Content())
	if err != nil {
		t.Fatalf("decode: %v\n%s", err, b)
	}
	if diff := cmp.Diff(v, got, leakViewCmp); diff != "" {
		t.Fatalf("round trip changed the view (-want +got):\n%s", diff)
	}
	if got.Content() != v.Content() {
		t.Fatalf("round trip changed the content")
	}
	return b
}

// Every view of every seat and the spectator, over random games of every
// size, decodes to itself, and a decoded view can be determinized.
func TestViewJSONRoundTrip(t *testing.T) {
	t.Parallel() // self-contained: runs beside the other heavy tests (long_test.go)
	games, every := 2, 6
	if quickRun() {
		games, every = 1, 17
	}
	views := 0
	for _, cfg := range leakConfigs() {
		n := cfg.Players
		for _, s := range leakGames(t, cfg, games, every) {
			for _, p := range leakViewers(n) {
				b := viewJSONCheckRoundTrip(t, s.View(p))
				views++
				if p == Spectator || views%5 != 0 {
					continue
				}
				v, _ := DecodeView(b, nil)
				d, err := Determinize(v, 1)
				if err != nil {
					t.Fatalf("determinize a decoded view: %v", err)
				}
				if diff := cmp.Diff(v, d.View(p), leakViewCmp); diff != "" {
					t.Fatalf("determinized view differs (-want +got):\n%s", diff)
				}
			}
		}
	}
	t.Logf("%d views round-tripped", views)
}

func TestViewJSONZeroAndBadViews(t *testing.T) {
	if _, err := json.Marshal(View{}); err == nil {
		t.Errorf("the zero View encoded")
	}
	s, _ := New(Config{Players: 3, Seed: 1})
	// Seat 4 is not at a table of 3: it sees what a spectator sees.
	if v := s.View(4); v.Viewer != Spectator || v.difference(ptr(s.View(Spectator))) != "" {
		t.Errorf("the view of seat 4 of 3 is not a spectator's: viewer %v", v.Viewer)
	}
	v := s.View(0)
	v.Viewer = 4
	if _, err := json.Marshal(v); err == nil {
		t.Errorf("a view for seat 4 of 3 encoded")
	}
}

// viewJSONEdit decodes a view's JSON into generic values, lets edit change
// them and encodes them again.
func viewJSONEdit(t *testing.T, b []byte, edit func(m map[string]any)) []byte {
	t.Helper()
	var m map[string]any
	if err := json.Unmarshal(b, &m); err != nil {
		t.Fatal(err)
	}
	edit(m)
	out, err := json.Marshal(m)
	if err != nil {
		t.Fatal(err)
	}
	return out
}

func TestDecodeViewRejects(t *testing.T) {
	s, _ := New(Config{Players: 3, Seed: 9})
	for range 30 {
		l := s.LegalActions()
		s, _ = s.Apply(l[0])
	}
	p, _ := s.ToAct()
	good, err := json.Marshal(s.View(p))
	if err != nil {
		t.Fatal(err)
	}
	seat := func(m map[string]any, i int) map[string]any { return m["seats"].([]any)[i].(map[string]any) }
	other := (int(p) + 1) % 3
	cases := []struct {
		name string
		doc  []byte
		want string
	}{
		{"empty", nil, "no data"},
		{"null", []byte("null"), "version"},
		{"array", []byte("[]"), "want a JSON object, not an array"},
		{"trailing data", append(append([]byte{}, good...), " {}"...), "after the view"},
		{"wrong version", viewJSONEdit(t, good, func(m map[string]any) { m["version"] = 1 }), "version 1; this package reads version 4"},
		{"version 3", viewJSONEdit(t, good, func(m map[string]any) { m["version"] = 3; delete(m, "modules") }), "version 3; this package reads version 4"},
		{"unknown field", viewJSONEdit(t, good, func(m map[string]any) { m["colour"] = "red" }), "colour"},
		{"missing field", viewJSONEdit(t, good, func(m map[string]any) { delete(m, "round") }), "round: missing"},
		{"missing nested field", viewJSONEdit(t, good, func(m map[string]any) { delete(seat(m, 1), "gold") }), "seats[1].gold: missing"},
		{"duplicate field", []byte(strings.Replace(string(good), `"round":`, `"round":3,"round":`, 1)), "given twice"},
		{"upper-case field", []byte(strings.Replace(string(good), `"round":`, `"Round":`, 1)), "round"},
		{"unknown quest", viewJSONEdit(t, good, func(m map[string]any) { m["cliffwatch"].([]any)[0] = "slay-the-tarrasque" }), "slay-the-tarrasque"},
		{"unknown space", viewJSONEdit(t, good, func(m map[string]any) { m["spaces"].([]any)[0].(map[string]any)["space"] = "moon" }), "moon"},
		{"unknown lord", viewJSONEdit(t, good, func(m map[string]any) { seat(m, int(p))["lord"] = "elminster" }), "elminster"},
		{"round out of range", viewJSONEdit(t, good, func(m map[string]any) { m["round"] = 9 }), "round"},
		{"negative gold", viewJSONEdit(t, good, func(m map[string]any) { seat(m, 0)["gold"] = -1 }), "gold"},
		{"fractional gold", viewJSONEdit(t, good, func(m map[string]any) { seat(m, 0)["gold"] = 1.5 }), "gold"},
		{"huge number", []byte(strings.Replace(string(good), `"quest_deck":`, `"quest_deck":1e999,"x":`, 1)), "quest_deck"},
		{"seat out of range", viewJSONEdit(t, good, func(m map[string]any) { m["first"] = "p4" }), `first: "p4" is not a seat of this 3-player game (p1 to p3)`},
		{"seat as a number", viewJSONEdit(t, good, func(m map[string]any) { m["first"] = 0 }), "first"},
		{"seat 0-based", viewJSONEdit(t, good, func(m map[string]any) { m["to_act"] = "p0" }), "to_act"},
		{"seat upper case", viewJSONEdit(t, good, func(m map[string]any) { seat(m, 1)["seat"] = "P2" }), "seats[1].seat"},
		{"seats out of order", viewJSONEdit(t, good, func(m map[string]any) {
			ss := m["seats"].([]any)
			ss[0], ss[1] = ss[1], ss[0]
		}), "seats[0].seat"},
		{"agent of no seat", viewJSONEdit(t, good, func(m map[string]any) {
			m["spaces"].([]any)[0].(map[string]any)["agents"] = []any{"p9"}
		}), "spaces[0].agents[0]"},
		{"progress not a token", viewJSONEdit(t, good, func(m map[string]any) { m["progress"] = "hello" }), "progress"},
		{"progress of another version", viewJSONEdit(t, good, func(m map[string]any) {
			m["progress"] = "v9." + strings.TrimPrefix(m["progress"].(string), "v2.")
		}), `progress: version "v9"`},
		{"progress truncated", viewJSONEdit(t, good, func(m map[string]any) {
			tok := m["progress"].(string)
			m["progress"] = tok[:len(tok)-4]
		}), "progress"},
		{"progress as an object", viewJSONEdit(t, good, func(m map[string]any) { m["progress"] = map[string]any{"phase": "placement"} }), "progress"},
		{"too few seats", viewJSONEdit(t, good, func(m map[string]any) { m["seats"] = m["seats"].([]any)[:2] }), "seats"},
		{"quest in two places", viewJSONEdit(t, good, func(m map[string]any) {
			cw := m["cliffwatch"].([]any)
			seat(m, 0)["completed"] = append(seat(m, 0)["completed"].([]any), cw[0])
		}), "two places"},
		{"deck count off", viewJSONEdit(t, good, func(m map[string]any) { m["quest_deck"] = m["quest_deck"].(float64) - 1 }), "quest_deck"},
		{"another's hand shown", viewJSONEdit(t, good, func(m map[string]any) {
			seat(m, other)["hand"] = seat(m, int(p))["hand"]
		}), "hidden"},
		{"another's lord shown", viewJSONEdit(t, good, func(m map[string]any) { seat(m, other)["lord"] = seat(m, int(p))["lord"] }), "lord"},
		// Issue 39: a mutant that returned no error here survived.
		{"agents do not add up", viewJSONEdit(t, good, func(m map[string]any) { seat(m, 0)["agents"] = seat(m, 0)["agents"].(float64) + 1 }), "seats[0].agents"},
		{"adventurers created", viewJSONEdit(t, good, func(m map[string]any) {
			tv := seat(m, 0)["tavern"].(map[string]any)
			tv["cleric"] = tv["cleric"].(float64) + 1
		}), "cleric"},
		{"unknown decision", viewJSONEdit(t, good, func(m map[string]any) { m["decision"].(map[string]any)["kind"] = "dance" }), "dance"},
		{"bad legal action", viewJSONEdit(t, good, func(m map[string]any) { m["legal"] = []any{true} }), "legal[0]"},
		{"legal action of another", viewJSONEdit(t, good, func(m map[string]any) {
			m["legal"] = []any{actionJSONValue(t, Decline{PlayerID(other)})}
		}), "legal[0]"},
		{"wrong type", viewJSONEdit(t, good, func(m map[string]any) { m["over"] = "no" }), "over"},
	}
	for _, tc := range cases {
		_, err := DecodeView(tc.doc, nil)
		var de *DecodeError
		switch {
		case err == nil:
			t.Errorf("%s: decoded", tc.name)
		case !errors.As(err, &de):
			t.Errorf("%s: error %T %v, want a *DecodeError", tc.name, err, err)
		case !strings.Contains(err.Error(), tc.want) || !strings.HasPrefix(err.Error(), "waterdeep: "):
			t.Errorf("%s: error %q does not say %q", tc.name, err, tc.want)
		}
	}
	if _, err := DecodeView(good, nil); err != nil {
		t.Fatalf("the good document: %v", err)
	}
}

// TestDecodeViewRejectsProgressOffTheDecision: the progress token of a
// view that is not over resolves something, and the frame on top of it is
// the view's decision, of the seat to act; a view whose token resolves
// nothing, or whose top frame is another decision, is refused with a
// DecodeError on the progress field that says so (never a panic, nor a
// later contradiction). Issue 39: a mutant that checked the top frame only
// after another error (and not at all otherwise) survived every test.
func TestDecodeViewRejectsProgressOffTheDecision(t *testing.T) {
	s := newGame(t, 3)
	v := s.View(0)
	good, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	if v.Decision.Kind != PlaceAgentDecision {
		t.Fatalf("decision %v, want a placement", v.Decision.Kind)
	}
	token := func(edit func(p *Progress)) string {
		p := v.Progress
		edit(&p)
		b, err := p.MarshalText()
		if err != nil {
			t.Fatal(err)
		}
		return string(b)
	}
	for _, tc := range []struct {
		name, token, want string
	}{
		{"no frame", token(func(p *Progress) { p.nStack = 0 }), "progress: the game is not over but the engine resolves nothing"},
		{"another decision on top", token(func(p *Progress) { p.stack[p.nStack-1] = questFrame(0, none, 0) }),
			"progress: the engine's pending decision is not the view's decision"},
		{"another seat's decision on top", token(func(p *Progress) { p.stack[p.nStack-1].p = 1 }),
			"progress: the engine's pending decision is not the view's decision"},
	} {
		doc := viewJSONEdit(t, good, func(m map[string]any) { m["progress"] = tc.token })
		_, err := DecodeView(doc, nil)
		var de *DecodeError
		if !errors.As(err, &de) || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%s: DecodeView = %v, want a DecodeError saying %q", tc.name, err, tc.want)
		}
	}
	if _, err := DecodeView(good, nil); err != nil {
		t.Fatalf("the view as it is: %v", err)
	}
}

// Every event kind has a text form, and views format without panicking.
func TestTextForms(t *testing.T) {
	t.Parallel() // self-contained: runs beside the other heavy tests (long_test.go)
	c := BaseContent()
	for k := EvAction; k < numEventKinds; k++ {
		e := Event{Kind: k, Player: 1, Other: 0, Round: 3, Move: EncodeMove(Decline{1}), Amount: Bundle{Gold: 2, VP: 3}}
		for _, viewer := range []PlayerID{0, 1, Spectator} {
			text := c.FormatEvent(e, viewer)
			if text == "" || strings.HasPrefix(text, "event(") {
				t.Errorf("event kind %d has no text form: %q", k, text)
			}
		}
	}
	hidden := c.FormatEvent(Event{Kind: EvIntrigueDrawn, Player: 1, Card: 3, Secret: true}, 0)
	if strings.Contains(hidden, c.IntrigueID(3)) {
		t.Errorf("p1 is told %q", hidden)
	}
	for _, s := range leakStates(t, 4, 1, 40) {
		for _, p := range leakViewers(4) {
			text := c.FormatView(s.View(p))
			if !strings.Contains(text, "Cliffwatch Inn") || !strings.Contains(text, "p4") {
				t.Fatalf("FormatView:\n%s", text)
			}
			for quoted, what := range leakHidden(s, p) {
				name := regexp.QuoteMeta(strings.Trim(quoted, `"`))
				if regexp.MustCompile(`(^|[^a-z0-9#-])` + name + `($|[^a-z0-9#-])`).MatchString(text) {
					t.Fatalf("FormatView for %v names %s:\n%s", p, what, text)
				}
			}
		}
	}
	_ = c.FormatView(View{})
}

// FuzzDecodeView: decoding arbitrary bytes never panics, and what decodes
// encodes and decodes again to an equal view.
func FuzzDecodeView(f *testing.F) {
	for _, cfg := range []Config{{Players: 2}, {Players: 3}, {Players: 5}, {Players: 6, Modules: Skullport},
		{Players: 4, Modules: Undermountain | Skullport, Long: true}} {
		n := cfg.Players
		cfg.Seed = uint64(n)
		s, _ := New(cfg)
		r := rand.New(rand.NewPCG(uint64(n), 0))
		for step := 0; !s.Over(); step++ {
			if step%97 == 0 {
				p, _ := s.ToAct()
				for _, viewer := range []PlayerID{p, Spectator} {
					b, err := json.Marshal(s.View(viewer))
					if err != nil {
						f.Fatal(err)
					}
					f.Add(b)
				}
			}
			l := s.LegalActions()
			s, _ = s.Apply(l[r.IntN(len(l))])
		}
		b, _ := json.Marshal(s.View(0))
		f.Add(b)
	}
	f.Add([]byte(`{"version":1}`))
	f.Add([]byte(`{"version":1,"version":1}`))
	f.Add([]byte(`{"a":[{"b":"\u0041"}],"c":{}}`))
	s, _ := New(Config{Players: 3, Seed: 3})
	valid, _ := json.Marshal(s.View(1))
	addHostileSeeds(f, valid, MaxViewSize, false)
	if _, err := DecodeView(valid, nil); err != nil { // and warm the caches
		f.Fatal(err)
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		// nil: BaseContent, or FullContent for a view of a module game.
		var v View
		var err error
		checkDecodeCost(t, data, func() { v, err = DecodeView(data, nil) })
		if err != nil {
			var de *DecodeError
			var se *SizeError
			if !errors.As(err, &de) && !errors.As(err, &se) {
				t.Fatalf("error %T: %v", err, err)
			}
			return
		}
		b, err := json.Marshal(v)
		if err != nil {
			t.Fatalf("a decoded view does not encode: %v", err)
		}
		c := v.Content()
		w, err := DecodeView(b, c)
		if err != nil {
			t.Fatalf("a re-encoded view does not decode: %v\n%s", err, b)
		}
		if diff := cmp.Diff(v, w, leakViewCmp); diff != "" {
			t.Fatalf("decode, encode, decode changed the view (-first +second):\n%s", diff)
		}
		b2, _ := json.Marshal(w)
		if !bytes.Equal(b, b2) {
			t.Fatalf("encoding is not stable")
		}
		_ = c.FormatView(v)
	})
}

func ptr[T any](v T) *T { return &v }

// actionJSONValue returns the JSON form of an action (MarshalAction,
// whatever its form) as a generic value to put in an edited document.
func actionJSONValue(t *testing.T, a Action) any {
	t.Helper()
	b, err := MarshalAction(a)
	if err != nil {
		t.Fatal(err)
	}
	var v any
	if err := json.Unmarshal(b, &v); err != nil {
		t.Fatal(err)
	}
	return v
}
