package waterdeep

import (
	"errors"
	"io/fs"
	"strconv"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/waterdeep-go/waterdeep/content"
)

// Every decoder says what is wrong in words, and where: no Go type, no
// package internals, no struct dump; a byte offset for broken JSON.
func TestDecodeMessagesInWords(t *testing.T) {
	s := newGame(t, 2)
	snap, _ := s.MarshalJSON()
	view, _ := s.View(0).MarshalJSON()
	rec, _ := NewRecord(Config{Players: 2, Seed: 1}).MarshalJSON()
	events, _ := BaseContent().MarshalEvents([]Event{{Kind: EvRoundStarted, Round: 1}})
	decoders := map[string]struct {
		decode func([]byte) error
		doc    []byte
	}{
		"DecodeRecord":    {func(b []byte) error { _, err := DecodeRecord(b); return err }, rec},
		"DecodeState":     {func(b []byte) error { _, err := DecodeState(b, nil); return err }, snap},
		"DecodeView":      {func(b []byte) error { _, err := DecodeView(b, nil); return err }, view},
		"UnmarshalAction": {func(b []byte) error { _, err := UnmarshalAction(b); return err }, []byte(`{"type":"place","player":"p1","space":"the-plinth"}`)},
		"UnmarshalEvents": {func(b []byte) error { _, err := UnmarshalEvents(b); return err }, events},
	}
	internals := []string{"Go value", "Go struct", "json:", "waterdeep.", "map[", "RawMessage", "{Quests:", "unmarshal", "EOF"}
	for name, d := range decoders {
		if err := d.decode(d.doc); err != nil {
			t.Fatalf("%s of its own document: %v", name, err)
		}
		cut := d.doc[:len(d.doc)-3]
		for _, c := range []struct {
			in   string
			want string
		}{
			{"[]", "not an array"},
			{"12", "not a number"},
			{"", "no data"},
			{`{"a":}`, "at byte 5"},
			{string(cut), "ends at byte " + strconv.Itoa(len(cut))},
		} {
			if name == "UnmarshalAction" && (c.in == "[]" || c.in == "12") {
				c.want = "not a"
			}
			err := d.decode([]byte(c.in))
			if err == nil {
				t.Fatalf("%s(%.20q): no error", name, c.in)
			}
			msg := err.Error()
			if !strings.Contains(msg, c.want) {
				t.Errorf("%s(%.20q) = %q, want it to say %q", name, c.in, msg, c.want)
			}
			for _, bad := range internals {
				if strings.Contains(msg, bad) {
					t.Errorf("%s(%.20q) = %q, which shows %q", name, c.in, msg, bad)
				}
			}
		}
	}
	// A value of the wrong kind names its field.
	bad := strings.Replace(string(snap), `"version":4`, `"version":"4"`, 1)
	if _, err := DecodeState([]byte(bad), nil); err == nil || !strings.Contains(err.Error(), "version: want a whole number in range, not a string") {
		t.Errorf("DecodeState of a string version: %v", err)
	}
	// A snapshot of other content says which content, in words.
	_, err := DecodeState(snap, FullContent())
	var se *SnapshotError
	if !errors.As(err, &se) || !strings.Contains(err.Error(), "made with other content: BaseContent (the base game), not the content given (FullContent") {
		t.Errorf("DecodeState(base snapshot, FullContent) = %v", err)
	}
	for _, bad := range internals {
		if strings.Contains(err.Error(), bad) {
			t.Errorf("%q shows %q", err, bad)
		}
	}
}

// Content that does not load says the line and the problem in YAML's
// words, not the loader's Go types.
func TestContentLoadMessagesInWords(t *testing.T) {
	base := func(name, data string) fstest.MapFS {
		fsys := fstest.MapFS{}
		for _, f := range []string{"quests.yaml", "intrigue.yaml", "buildings.yaml", "lords.yaml"} {
			raw, err := fs.ReadFile(content.Base(), f)
			if err != nil {
				t.Fatal(err)
			}
			fsys[f] = &fstest.MapFile{Data: raw}
		}
		fsys[name] = &fstest.MapFile{Data: []byte(data)}
		return fsys
	}
	for _, c := range []struct{ file, data, want string }{
		{"quests.yaml", "quests:\n  - idd: x\n", "quests.yaml: line 2: unknown field idd"},
		{"quests.yaml", "quests: 3\n", "quests.yaml: line 1: want a list, not the number 3"},
		{"lords.yaml", "lords: [x\n", "lords.yaml: line 1: did not find expected"},
	} {
		_, err := LoadContent(base(c.file, c.data))
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s %q: %v, want %q", c.file, c.data, err, c.want)
		}
		if err != nil && (strings.Contains(err.Error(), "YAML") || strings.Contains(err.Error(), "not found in type") || strings.Contains(err.Error(), "unmarshal")) {
			t.Errorf("%q shows the loader's insides", err)
		}
	}
}
