package waterdeep

// Every decoder's memory is bounded by DecodeBytesPerByte times its input
// plus DecodeBaseBytes, and its count of allocations by
// DecodeAllocsPerByte times its input plus DecodeBaseAllocs, however the
// input is shaped: nested as deeply as MaxDepth allows, wide (long arrays
// of the smallest values, objects of many keys) or as long as the
// decoder's limit (issue 24). The figures are the runtime's own counts
// (runtime.MemStats.TotalAlloc, testing.AllocsPerRun), not wall clock.

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"runtime"
	"strings"
	"testing"
)

// decodeCost returns what one call of fn on in allocates: bytes and
// allocations.
func decodeCost(fn func([]byte) error, in []byte) (bytes uint64, allocs float64) {
	fn(in) // warm caches (content, names) outside the count
	// The least of two counts: the count is the process's, and another
	// goroutine can add to one of them.
	for i := range 2 {
		var m0, m1 runtime.MemStats
		runtime.GC()
		runtime.ReadMemStats(&m0)
		fn(in)
		runtime.ReadMemStats(&m1)
		if b := m1.TotalAlloc - m0.TotalAlloc; i == 0 || b < bytes {
			bytes = b
		}
	}
	allocs = testing.AllocsPerRun(2, func() { fn(in) })
	return bytes, allocs
}

// fill repeats item, separated by commas, to fill about n bytes.
func fill(item string, n int) string {
	if n <= len(item) {
		return item
	}
	k := (n + 1) / (len(item) + 1)
	return strings.Repeat(item+",", k-1) + item
}

// nest wraps v in depth arrays.
func nest(v string, depth int) string {
	return strings.Repeat("[", depth) + v + strings.Repeat("]", depth)
}

// costShapes returns the hostile inputs for a decoder whose document is
// template with %s where an arbitrary value can stand (at nesting level
// slotDepth) and whose limit is limit.
func costShapes(template string, slotDepth, limit int) map[string]string {
	room := limit - len(template) + 2 - 2
	if room < 256 {
		return nil // the template alone fills the size
	}
	keys := func(n int, escaped bool) string {
		var b strings.Builder
		b.WriteString("{")
		for i := 0; b.Len() < n-16; i++ {
			if i > 0 {
				b.WriteString(",")
			}
			if escaped { // each key written with an escape: "\u0031..."
				k := fmt.Sprint(i)
				fmt.Fprintf(&b, `"\u00%x%s":0`, k[0], k[1:])
			} else {
				fmt.Fprintf(&b, "%q:0", fmt.Sprint(i))
			}
		}
		b.WriteString("}")
		return b.String()
	}
	deep := MaxDepth - slotDepth - 1 // levels an element may add
	shapes := map[string]string{
		"zeros":          "[" + fill("0", room) + "]",
		"empty objects":  "[" + fill("{}", room) + "]",
		"empty arrays":   "[" + fill("[]", room) + "]",
		"empty strings":  "[" + fill(`""`, room) + "]",
		"nulls":          "[" + fill("null", room) + "]",
		"many keys":      keys(room, false),
		"escaped keys":   keys(room, true),
		"nested":         "[" + fill(nest("0", deep), room) + "]",
		"nested objects": "[" + fill(strings.Repeat(`{"a":`, deep)+"0"+strings.Repeat("}", deep), room) + "]",
		"long string":    `"` + strings.Repeat("a", room-2) + `"`,
		"escapes":        `"` + strings.Repeat(`\u0041`, (room-2)/6) + `"`,
		"long key":       `{"` + strings.Repeat("k", room/2) + `":[` + fill("{}", room/2-10) + "]}",
	}
	for k, v := range shapes {
		shapes[k] = strings.Replace(template, "%s", v, 1)
		if len(shapes[k]) > limit {
			shapes[k] = shapes[k][:0] // sized wrong: skipped below
		}
	}
	return shapes
}

// costDecoders lists every decoder with its limit and the templates of its
// hostile inputs, and the largest valid document it can be given.
func costDecoders(t *testing.T) []struct {
	name      string
	limit     int
	templates map[string]int // template: nesting of its %s
	largest   []byte
	fn        func([]byte) error
} {
	t.Helper()
	ds := decoders(t)
	byName := map[string]func([]byte) error{}
	valid := map[string][]byte{}
	for _, d := range ds {
		byName[d.name] = d.fn
		valid[d.name] = d.valid
	}
	// The largest valid documents: a whole game's events or actions
	// repeated up to the limit, a view and a snapshot padded with white
	// space (a real one is far smaller than its limit).
	s, err := New(Config{Players: 3, Seed: 5})
	if err != nil {
		t.Fatal(err)
	}
	rec := NewRecord(Config{Players: 3, Seed: 5})
	var events []Event
	for !s.Over() {
		a := s.LegalActions()[0]
		var ev []Event
		if s, ev, err = s.ApplyEvents(a, nil); err != nil {
			t.Fatal(err)
		}
		rec.Add(a)
		events = append(events, ev...)
	}
	// The largest documents: as large as each limit in the long run (see
	// long_test.go), a tenth of it in the quick one.
	scale := 1
	if quickRun() {
		scale = 10
	}
	for len(events) < 30_000/scale {
		events = append(events, events...)
	}
	evs, err := MarshalEvents(events)
	if err != nil {
		t.Fatal(err)
	}
	for len(evs) > MaxEventsSize/scale {
		events = events[:len(events)*9/10]
		if evs, err = MarshalEvents(events); err != nil {
			t.Fatal(err)
		}
	}
	acts := rec.Actions
	for len(rec.Actions) < 40_000/scale {
		rec.Actions = append(rec.Actions, acts...)
	}
	recJSON, err := json.Marshal(rec)
	if err != nil {
		t.Fatal(err)
	}
	for len(recJSON) > MaxRecordSize/scale {
		rec.Actions = rec.Actions[:len(rec.Actions)*9/10]
		recJSON, _ = json.Marshal(rec)
	}
	pad := func(b []byte, limit int) []byte {
		return append(append(bytes.Clone(b[:1]), bytes.Repeat([]byte(" "), limit-len(b))...), b[1:]...)
	}
	view := valid["DecodeView"]
	viewLegal := strings.Replace(string(view), `"legal":[`, `"legal":[%s,`, 1)
	viewSeats := strings.Replace(string(view), `"seats":[`, `"seats":[%s,`, 1)
	state := valid["DecodeState"]
	stateSlot := strings.Replace(string(state), `"quest_deck":[`, `"quest_deck":[%s,`, 1)
	stateSeats := strings.Replace(string(state), `"players":[`, `"players":[%s,`, 1)
	stateFrames := strings.Replace(string(state), `"stack":[`, `"stack":[%s,`, 1)
	type dec = struct {
		name      string
		limit     int
		templates map[string]int
		largest   []byte
		fn        func([]byte) error
	}
	out := []dec{
		{"DecodeState", MaxStateSize, map[string]int{"%s": 0, stateSlot: 2, stateSeats: 2, stateFrames: 2}, pad(state, MaxStateSize/scale), byName["DecodeState"]},
		{"DecodeView", MaxViewSize, map[string]int{"%s": 0, viewLegal: 2, viewSeats: 2}, pad(view, MaxViewSize/scale), byName["DecodeView"]},
		{"DecodeRecord", MaxRecordSize, map[string]int{"%s": 0,
			`{"version":3,"players":2,"seed":"1","content":"base","actions":%s}`:                      1,
			`{"version":3,"players":2,"seed":"1","content":"base","actions":[],"deal":{"quests":%s}}`: 2,
			`{"version":3,"players":2,"seed":"1","content":"base","actions":[],"deal":%s}`:            1,
			`{"version":3,"players":2,"seed":"1","content":"base","actions":[%s]}`:                    2}, recJSON, byName["DecodeRecord"]},
		{"Record.UnmarshalJSON", MaxRecordSize, map[string]int{
			`{"version":3,"players":2,"seed":"1","content":"base","actions":%s}`: 1}, recJSON, byName["Record.UnmarshalJSON"]},
		{"UnmarshalEvents", MaxEventsSize, map[string]int{"%s": 0, `{"version":3,"events":%s}`: 1, `{"version":3,"events":[%s]}`: 2},
			evs, byName["UnmarshalEvents"]},
		{"Event.UnmarshalJSON", MaxEventSize, map[string]int{"%s": 0,
			`{"kind":"gained","player":"p1","amount":%s}`: 1}, pad(valid["Event.UnmarshalJSON"], MaxEventSize), byName["Event.UnmarshalJSON"]},
		{"UnmarshalAction", MaxActionSize, map[string]int{"%s": 0, `{"type":"place","player":"p1","space":%s}`: 1},
			pad(valid["UnmarshalAction"], MaxActionSize), byName["UnmarshalAction"]},
		{"ActionJSON.UnmarshalJSON", MaxActionSize, map[string]int{"%s": 0}, pad(valid["UnmarshalAction"], MaxActionSize),
			byName["ActionJSON.UnmarshalJSON"]},
		{"ParseAction", MaxActionTextSize, map[string]int{"%s": 0}, []byte("p1 place " + strings.Repeat(" ", MaxActionTextSize-20) + "x"),
			byName["ParseAction"]},
		{"View.ParseAction", MaxActionTextSize, map[string]int{"%s": 0}, []byte("p1 place " + strings.Repeat(" ", MaxActionTextSize-20) + "x"),
			func(b []byte) error { _, err := s.View(0).ParseAction(string(b)); return err }},
		{"LookupName", MaxActionTextSize, map[string]int{"%s": 0}, []byte("the " + strings.Repeat("plinth ", MaxActionTextSize/7-1)),
			func(b []byte) error { FullContent().LookupName(string(b)); return nil }},
		{"Progress.UnmarshalText", progressTokenMax, map[string]int{"%s": 0}, []byte(progressTokenVersion + strings.Repeat("A", progressTokenMax-len(progressTokenVersion))),
			func(b []byte) error { var p Progress; return p.UnmarshalText(b) }},
	}
	return out
}

func TestDecodersCostLinear(t *testing.T) {
	if testing.Short() || raceDetector {
		t.Skip("decodes about 20 MB of hostile input in one goroutine")
	}
	// The sizes of the hostile shapes: the cost per byte of some shapes
	// depends on the size (a map that has just grown; a list just under
	// a decoder's length limit), so several.
	rooms := []int{4 << 10, 12 << 10, 32 << 10, 100 << 10, 256 << 10}
	if quickRun() {
		rooms = []int{4 << 10, 12 << 10}
	}
	worst := map[string]float64{}
	for _, d := range costDecoders(t) {
		inputs := map[string][]byte{"largest valid": d.largest}
		for tmpl, depth := range d.templates {
			if !strings.Contains(tmpl, "%s") {
				t.Fatalf("%s: a template without its slot: %.60s", d.name, tmpl)
			}
			// Hostile shapes of up to 256 KiB (32 KiB in the quick
			// run): the cost per byte is what is measured, and the
			// largest valid document is as large as the limit (a tenth
			// of it in the quick run).
			for _, room := range rooms {
				for shape, in := range costShapes(tmpl, depth, min(d.limit, room)) {
					if len(in) > 0 {
						inputs[fmt.Sprintf("%s in %.30s (%d)", shape, tmpl, len(in))] = []byte(in)
					}
				}
			}
		}
		for name, in := range inputs {
			if len(in) > d.limit {
				t.Fatalf("%s %s: %d bytes, over the limit %d", d.name, name, len(in), d.limit)
			}
			b, n := decodeCost(d.fn, in)
			perByte := float64(b) / float64(len(in))
			worst[d.name] = max(worst[d.name], perByte)
			t.Logf("%-24s %-50s %8d bytes in: %10d bytes (%5.1f/byte), %8.0f allocs (%.3f/byte)", d.name, name, len(in), b, perByte, n, n/float64(len(in)))
			if b > DecodeBytesPerByte*uint64(len(in))+DecodeBaseBytes {
				t.Errorf("%s on %s (%d bytes): allocated %d bytes, more than %d per input byte and %d", d.name, name, len(in), b, DecodeBytesPerByte, DecodeBaseBytes)
			}
			if n > DecodeAllocsPerByte*float64(len(in))+DecodeBaseAllocs {
				t.Errorf("%s on %s (%d bytes): %.0f allocations, more than %v per input byte and %d", d.name, name, len(in), n, DecodeAllocsPerByte, DecodeBaseAllocs)
			}
		}
	}
	t.Logf("worst bytes per input byte: %v", worst)
}

// One level deeper than MaxDepth is refused before anything else is read,
// and at no cost, by every JSON decoder; 100,000 levels (issue 24: 14.7 GB
// before) likewise.
func TestDecodersRefuseDeepNesting(t *testing.T) {
	for _, d := range costDecoders(t) {
		if d.name == "ParseAction" || d.name == "View.ParseAction" || d.name == "LookupName" || d.name == "Progress.UnmarshalText" {
			continue // text
		}
		for tmpl, depth := range d.templates {
			for _, levels := range []int{MaxDepth + 1 - depth, 100_000} {
				in := []byte(strings.Replace(tmpl, "%s", nest("0", levels), 1))
				if len(in) > d.limit {
					continue
				}
				err := d.fn(in)
				wrapped := strings.HasSuffix(d.name, ".UnmarshalJSON") // json.Unmarshal reads it first
				if wrapped && levels > 10_000 {
					// encoding/json refuses beyond its own limit of 10,000
					// levels, before calling the decoder: cheap too.
					if err == nil {
						t.Errorf("%s, %d levels: accepted", d.name, levels)
					}
					continue
				}
				var se *SizeError
				if !errors.As(err, &se) || !se.Depth || se.Size != levels+depth || se.Limit != MaxDepth ||
					!strings.Contains(err.Error(), fmt.Sprintf("nested %d levels deep; at most %d", levels+depth, MaxDepth)) {
					t.Errorf("%s, %d levels in %.40s: %v, want a *SizeError naming the depth %d", d.name, levels, tmpl, err, levels+depth)
					continue
				}
				b, _ := decodeCost(d.fn, in)
				if limit := map[bool]uint64{false: 256, true: 4096}[wrapped]; b > limit {
					t.Errorf("%s, %d levels: refusing allocated %d bytes", d.name, levels, b)
				}
			}
		}
	}
}
