package waterdeep

// The hand-written View encoder: it writes exactly what encoding/json
// writes for the document types DecodeView reads, it appends, it fails
// where it must, and it is cheap.

import (
	"bytes"
	"encoding/base64"
	"encoding/json"
	"errors"
	"strings"
	"testing"
)

// For every seat's and the spectator's view over random games, the
// hand-written JSON is byte for byte what encoding/json writes for the
// same document (decoded into the document types and marshalled again):
// the same fields in the same order, the same escaping, nothing missing.
func TestViewJSONIsEncodingJSONs(t *testing.T) {
	every := 5
	if quickRun() {
		every = 23
	}
	views := 0
	for _, cfg := range leakConfigs() {
		n := cfg.Players
		for _, s := range leakGames(t, cfg, 1, every) {
			for _, p := range leakViewers(n) {
				v := s.View(p)
				got, err := v.MarshalJSON()
				if err != nil {
					t.Fatal(err)
				}
				dec := json.NewDecoder(bytes.NewReader(got))
				dec.DisallowUnknownFields()
				var d viewDoc
				if err := dec.Decode(&d); err != nil {
					t.Fatalf("%s\n%s", err, got)
				}
				want, err := json.Marshal(&d)
				if err != nil {
					t.Fatal(err)
				}
				if !bytes.Equal(got, want) {
					i := 0
					for i < min(len(got), len(want)) && got[i] == want[i] {
						i++
					}
					t.Fatalf("%d players, viewer %v: the encoder and encoding/json differ at byte %d:\n got %s\nwant %s",
						n, p, i, got[max(0, i-60):min(len(got), i+60)], want[max(0, i-60):min(len(want), i+60)])
				}
				views++
			}
		}
	}
	t.Logf("%d views compared", views)
}

// appendJSONString escapes like encoding/json, for every kind of character
// that needs it.
func TestAppendJSONStringIsEncodingJSONs(t *testing.T) {
	cases := []string{"", "plain", `a "quoted" \ back`, "<b>&amp;</b>", "tab\tnew\nline\rret\bback\fform",
		"\x00\x01\x1f\x7f", "caf\u00e9 \u2028 \u2029 \U0001F600", "bad \xff utf8 \xc3", "\u2027\u202a"}
	for i := range 256 {
		cases = append(cases, string(rune(i)), string([]byte{byte(i)}))
	}
	for _, s := range cases {
		want, _ := json.Marshal(s)
		if got := appendJSONString([]byte("x"), s); string(got) != "x"+string(want) {
			t.Errorf("appendJSONString(%q) = %s, want %s", s, got[1:], want)
		}
	}
}

// AppendJSON appends to what the buffer holds, and on error leaves the
// buffer's contents as they were.
func TestViewAppendJSON(t *testing.T) {
	s, _ := New(Config{Players: 3, Seed: 4})
	v := s.View(1)
	whole, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	buf := []byte("prefix")
	out, err := v.AppendJSON(buf)
	if err != nil || string(out) != "prefix"+string(whole) {
		t.Fatalf("AppendJSON: %v\n%s", err, out)
	}
	bad := v
	bad.Seats = append([]SeatView(nil), v.Seats...)
	bad.Seats[2].Seat = 5
	out, err = bad.AppendJSON([]byte("prefix"))
	if err == nil || string(out) != "prefix" {
		t.Fatalf("AppendJSON of a view with seat p6 of 3: %v, %q", err, out)
	}
	if !strings.Contains(err.Error(), "p6, not a seat of this 3-player game (p1 to p3)") {
		t.Errorf("error %q does not give the game's own seats", err)
	}
	bad = v
	bad.Legal = []Action{PlaceAgent{1, 200}}
	if _, err := bad.AppendJSON(nil); err == nil {
		t.Errorf("a legal action on space 200 encoded")
	}
	bad.Legal = []Action{nil}
	if _, err := bad.AppendJSON(nil); err == nil {
		t.Errorf("a nil legal action encoded")
	}
}

// Seats are "p1".."p6" and null for nobody; a spectator's viewer is null.
func TestViewJSONSeats(t *testing.T) {
	s, _ := New(Config{Players: 4, Seed: 2})
	for range 9 {
		s, _ = s.Apply(s.LegalActions()[0])
	}
	for _, p := range leakViewers(4) {
		b, err := json.Marshal(s.View(p))
		if err != nil {
			t.Fatal(err)
		}
		var m map[string]any
		if err := json.Unmarshal(b, &m); err != nil {
			t.Fatal(err)
		}
		want := any(nil)
		if p != Spectator {
			want = p.String()
		}
		if m["viewer"] != want || m["first"] != s.FirstPlayer().String() || m["to_act"] == nil {
			t.Errorf("viewer %v: viewer %v, first %v, to_act %v", p, m["viewer"], m["first"], m["to_act"])
		}
		for i, sv := range m["seats"].([]any) {
			if got := sv.(map[string]any)["seat"]; got != PlayerID(i).String() {
				t.Errorf("seats[%d].seat = %v", i, got)
			}
		}
		agents := 0
		for _, sp := range m["spaces"].([]any) {
			for _, a := range sp.(map[string]any)["agents"].([]any) {
				if name, ok := a.(string); !ok || len(name) != 2 || name[0] != 'p' || name[1] < '1' || name[1] > '4' {
					t.Errorf("agent %v", a)
				}
				agents++
			}
		}
		if agents == 0 {
			t.Errorf("no agents on the board after 9 actions")
		}
	}
}

// The legal actions are written with Content.MarshalAction and read with
// Content.UnmarshalAction, whatever their form.
func TestViewJSONLegalActions(t *testing.T) {
	s, _ := New(Config{Players: 2, Seed: 6})
	p, _ := s.ToAct()
	v := s.View(p)
	b, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	var d struct {
		Legal []json.RawMessage `json:"legal"`
	}
	if err := json.Unmarshal(b, &d); err != nil {
		t.Fatal(err)
	}
	if len(d.Legal) != len(v.Legal) || len(v.Legal) < 2 {
		t.Fatalf("%d legal actions in JSON, %d in the view", len(d.Legal), len(v.Legal))
	}
	for i, raw := range d.Legal {
		want, err := v.Content().MarshalAction(v.Legal[i])
		if err != nil {
			t.Fatal(err)
		}
		var compact bytes.Buffer
		_ = json.Compact(&compact, want)
		if !bytes.Equal(raw, compact.Bytes()) {
			t.Errorf("legal[%d] = %s, want %s", i, raw, want)
		}
		a, err := v.Content().UnmarshalAction(raw)
		if err != nil || a != v.Legal[i] {
			t.Errorf("legal[%d] reads back as %v, %v", i, a, err)
		}
	}
}

// The progress token: what View writes reads back to the same value; bad
// tokens are *DecodeErrors; the longest token fits the bound.
func TestProgressToken(t *testing.T) {
	for _, s := range leakStates(t, 4, 1, 3) {
		pr := s.View(Spectator).Progress
		tok, err := pr.MarshalText()
		if err != nil || !strings.HasPrefix(string(tok), "v2.") || pr.String() != string(tok) {
			t.Fatalf("MarshalText: %q, %v", tok, err)
		}
		var back Progress
		if err := back.UnmarshalText(tok); err != nil || back != pr {
			t.Fatalf("UnmarshalText(%q): %v, equal %v", tok, err, back == pr)
		}
	}
	var full Progress
	full.nShared, full.nFollow, full.nStack, full.nPlacing = 4, 4, stackSize, MaxSpaces
	for i := range full.stack {
		full.stack[i] = frame{kind: dDiscard, prog: 0xFFFF}
	}
	for i := range full.placing {
		full.placing[i] = uint8(i)
	}
	tok, _ := full.MarshalText()
	if len(tok) != progressTokenMax {
		t.Errorf("the longest token has %d bytes; progressTokenMax says %d", len(tok), progressTokenMax)
	}
	var zero Progress
	tok, _ = zero.MarshalText()
	if err := new(Progress).UnmarshalText(tok); err != nil {
		t.Errorf("the zero Progress (%q) does not read back: %v", tok, err)
	}
	good, _ := leakStates(t, 2, 1, 50)[1].View(0).Progress.MarshalText()
	raw := func(b ...byte) string { return "v2." + base64.RawURLEncoding.EncodeToString(b) }
	for _, bad := range []string{"", "v2", "v2.", "v1." + string(good[3:]), "V2." + string(good[3:]), string(good) + "A",
		string(good[:len(good)-1]), string(good) + "==", "v2.!!!!", strings.Repeat("A", progressTokenMax+1),
		raw(3, 0, 0, 0, 0, 0, 0), raw(0, 6, 0, 0, 0, 0, 0), raw(0, 0, 2, 0, 0, 0, 0), raw(0, 0, 0, 0, 5, 0, 0),
		raw(0, 0, 0, 0, 1, MaxSpaces, 0, 0, 0), raw(0, 0, 0, 0, 0, 1, 0, 6, 0, 0), raw(0, 0, 0, 0, 0, 0, stackSize+1),
		raw(0, 0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0, 0, 0, 0), raw(0, 0, 0, 0, 0, 0, 1, byte(lastFrameKind)+1, 0, 0, 0, 0, 0, 0, 0),
		raw(0, 0, 0, 0, 0, 0, 1, byte(dPlace), 6, 0, 0, 0, 0, 0, 0), raw(0, 0, 0, 0, 0, 0, 0, 0, 0),
		raw(0, 0, 0, 0, 0, 0, 0, MaxSpaces+1), raw(0, 0, 0, 0, 0, 0, 0, 2, 5, 5), raw(0, 0, 0, 0, 0, 0, 0, 1, MaxSpaces),
		raw(0, 0, 0, 0, 0, 0, 0, 2, 5)} {
		pr := Progress{nStack: 1}
		err := pr.UnmarshalText([]byte(bad))
		var de *DecodeError
		if !errors.As(err, &de) || !strings.HasPrefix(err.Error(), "waterdeep: cannot decode progress token: ") {
			t.Errorf("UnmarshalText(%q): %v, want a *DecodeError", bad, err)
		}
		if pr != (Progress{nStack: 1}) {
			t.Errorf("UnmarshalText(%q) changed the value on error", bad)
		}
	}
}

// FuzzProgressToken: reading any text never panics, and a token that reads
// is written back exactly as it was (one token per value).
func FuzzProgressToken(f *testing.F) {
	for i, s := range leakStates(&testing.T{}, 3, 1, 29) {
		if i%3 == 0 {
			tok, _ := s.View(Spectator).Progress.MarshalText()
			f.Add(string(tok))
		}
	}
	f.Add("v2.")
	f.Add("v2.AAAAAAAAAA")
	f.Fuzz(func(t *testing.T, text string) {
		var p Progress
		if err := p.UnmarshalText([]byte(text)); err != nil {
			var de *DecodeError
			if !errors.As(err, &de) {
				t.Fatalf("error %T: %v", err, err)
			}
			return
		}
		if again := p.String(); again != text {
			t.Fatalf("%q reads and writes back as %q", text, again)
		}
	})
}
