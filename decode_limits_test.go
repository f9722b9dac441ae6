package waterdeep

// Every decoder bounds the size of what it reads, checked before decoding,
// and refuses a JSON key given twice (issue 10).

import (
	"bytes"
	"encoding/json"
	"errors"
	"strings"
	"testing"
)

// decoders lists every decoder of the package with its limit and a valid
// document for it.
func decoders(t *testing.T) []struct {
	name  string
	limit int
	valid []byte
	fn    func([]byte) error
} {
	t.Helper()
	s, err := New(Config{Players: 3, Seed: 5})
	if err != nil {
		t.Fatal(err)
	}
	rec := NewRecord(Config{Players: 3, Seed: 5})
	var events []Event
	for range 20 {
		a := s.LegalActions()[0]
		var ev []Event
		if s, ev, err = s.ApplyEvents(a, nil); err != nil {
			t.Fatal(err)
		}
		rec.Add(a)
		events = append(events, ev...)
	}
	must := func(b []byte, err error) []byte {
		t.Helper()
		if err != nil {
			t.Fatal(err)
		}
		return b
	}
	return []struct {
		name  string
		limit int
		valid []byte
		fn    func([]byte) error
	}{
		{"DecodeState", MaxStateSize, must(json.Marshal(s)), func(b []byte) error { _, err := DecodeState(b, nil); return err }},
		{"DecodeView", MaxViewSize, must(json.Marshal(s.View(1))), func(b []byte) error { _, err := DecodeView(b, nil); return err }},
		{"DecodeRecord", MaxRecordSize, must(json.Marshal(rec)), func(b []byte) error { _, err := DecodeRecord(b); return err }},
		{"Record.UnmarshalJSON", MaxRecordSize, must(json.Marshal(rec)), func(b []byte) error { var r Record; return json.Unmarshal(b, &r) }},
		{"UnmarshalEvents", MaxEventsSize, must(MarshalEvents(events)), func(b []byte) error { _, err := UnmarshalEvents(b); return err }},
		{"Event.UnmarshalJSON", MaxEventSize, must(json.Marshal(events[0])), func(b []byte) error { var e Event; return json.Unmarshal(b, &e) }},
		{"ActionJSON.UnmarshalJSON", MaxActionSize, must(MarshalAction(rec.Actions[0])),
			func(b []byte) error { var a ActionJSON; return json.Unmarshal(b, &a) }},
		{"UnmarshalAction", MaxActionSize, must(MarshalAction(rec.Actions[0])), func(b []byte) error { _, err := UnmarshalAction(b); return err }},
		{"ParseAction", MaxActionTextSize, []byte(rec.Actions[0].String()), func(b []byte) error { _, err := ParseAction(string(b)); return err }},
		{"Content.ParseAction", MaxActionTextSize, []byte(BaseContent().FormatAction(rec.Actions[0])),
			func(b []byte) error { _, err := BaseContent().ParseAction(string(b)); return err }},
	}
}

func TestDecodersBoundTheirInput(t *testing.T) {
	for _, d := range decoders(t) {
		if err := d.fn(d.valid); err != nil {
			t.Errorf("%s: the valid document: %v", d.name, err)
			continue
		}
		// A document one byte over the limit is refused for its size,
		// even though it is only the valid one padded with spaces (inside
		// it, so that encoding/json hands them on to UnmarshalJSON).
		pad := bytes.Repeat([]byte(" "), d.limit+1-len(d.valid))
		big := append(append(bytes.Clone(d.valid[:1]), pad...), d.valid[1:]...)
		var se *SizeError
		if err := d.fn(big); !errors.As(err, &se) || se.Size != d.limit+1 || se.Limit != d.limit {
			t.Errorf("%s: %d bytes: %v, want a *SizeError", d.name, len(big), err)
		} else if !strings.HasPrefix(err.Error(), "waterdeep: ") {
			t.Errorf("%s: error %q does not start with waterdeep:", d.name, err)
		}
	}
}

// A key given twice is refused by every JSON decoder, naming the key: the
// rule is the same everywhere, so no two programs read one document
// differently.
func TestDecodersRefuseDuplicateKeys(t *testing.T) {
	for _, d := range decoders(t) {
		if strings.Contains(d.name, "Parse") {
			continue // text, not JSON
		}
		// Give the document's first key twice.
		i := bytes.IndexByte(d.valid, '"')
		j := bytes.IndexByte(d.valid[i+1:], '"') + i + 1
		key := string(d.valid[i+1 : j])
		end := bytes.IndexByte(d.valid[j:], ',') + j
		dup := append(bytes.Clone(d.valid[:end+1]), d.valid[i:]...)
		err := d.fn(dup)
		if err == nil || !strings.Contains(err.Error(), key) || !strings.Contains(err.Error(), "twice") {
			t.Errorf("%s: %q given twice: %v, want an error naming the key", d.name, key, err)
		}
	}
}
