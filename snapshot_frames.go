package waterdeep

import (
	"bytes"
	"encoding/json"
	"fmt"
	"reflect"
	"strconv"

	"github.com/waterdeep-go/waterdeep/content"
)

// The frames of the decision stack in snapshots. Version 4 writes each
// frame as an object of named values, its kind's layout (frame_kinds.go):
//
//	{"kind":"place","player":"p1","mode":"reassign","from":12}
//	{"kind":"pick","player":"p2","purpose":"steal","count":1,"from":"p1","kinds":["fighter","rogue"]}
//
// Seats are "p1".."p6"; spaces, quests, cards, programs and steps are
// numbers, null for none; purposes and modes are names; adventurer kinds
// are names; flags are booleans. Every value of the layout is required,
// and nothing else is allowed. Versions 2 and 3 wrote the engine's slots
// as numbers (snapFrameV3), with what the engine left above the top of the
// stack beside them (residue), which DecodeState reads and drops.

// snapNamedFrames writes frames fs as version 4 does.
func snapNamedFrames(fs []frame) []json.RawMessage {
	out := make([]json.RawMessage, len(fs))
	var buf [8]frameField
	for i := range fs {
		f := &fs[i]
		b := append([]byte(`{"kind":`), appendJSONString(nil, snapKindName(f.kind))...)
		b = append(b, `,"player":`...)
		b = appendJSONString(b, PlayerID(f.p).String())
		fields, _ := f.fields(buf[:0]) // validate has checked the frame
		for k := range fields {
			fl := &fields[k]
			b = append(b, ',')
			b = appendJSONString(b, fl.name)
			b = append(b, ':')
			b = fl.appendValue(b, f.slotValue(fl.slot))
		}
		out[i] = append(b, '}')
	}
	return out
}

// appendValue appends value v of field fl as JSON.
func (fl *frameField) appendValue(b []byte, v int) []byte {
	switch fl.typ {
	case vFlag:
		return strconv.AppendBool(b, v != 0)
	case vSeat:
		return appendJSONString(b, PlayerID(v).String())
	case vSeatOrNone, vSeatPlus1:
		if fl.typ == vSeatPlus1 {
			v--
		}
		if v < 0 || v == none {
			return append(b, "null"...)
		}
		return appendJSONString(b, PlayerID(v).String())
	case vSpaceOrNone, vQuestOrNone:
		if v == none {
			return append(b, "null"...)
		}
	case vCardPlus1:
		if v == 0 {
			return append(b, "null"...)
		}
		v--
	case vKind:
		return appendJSONString(b, content.Adventurer(v).String())
	case vKinds, vStealKinds:
		set := content.AdventurerSet(v)
		if fl.typ == vStealKinds {
			set = stealAllowed(uint8(v))
		}
		b = append(b, '[')
		for k := range content.Adventurer(content.NumAdventurers) {
			if set.Has(k) {
				if b[len(b)-1] != '[' {
					b = append(b, ',')
				}
				b = appendJSONString(b, k.String())
			}
		}
		return append(b, ']')
	case vEnum:
		return appendJSONString(b, fl.names[v])
	}
	return strconv.AppendInt(b, int64(v), 10)
}

// namedFrame reads a frame written by snapNamedFrames; validate checks
// its values against the game.
func (e *snapErrs) namedFrame(raw json.RawMessage, where string) frame {
	var m map[string]json.RawMessage
	if err := json.Unmarshal(raw, &m); err != nil {
		e.add(&SnapshotError{Detail: where + ": " + jsonWords(err)})
		return frame{}
	}
	var kind string
	var p snapSeat
	if err := snapValue(m, "kind", &kind); err != nil {
		e.add(snapErr("%s: %v", where, err))
		return frame{}
	}
	k := -1
	for i, name := range snapFrameKindNames {
		if name == kind && i != int(fNone) {
			k = i
		}
	}
	if k < 0 {
		e.add(snapErr("%s: unknown frame kind %q", where, shorten(kind)))
		return frame{}
	}
	if err := snapValue(m, "player", &p); err != nil {
		e.add(snapErr("%s: %v", where, err))
		return frame{}
	}
	f := frame{kind: fkind(k), p: uint8(p)}
	l := &frameLayouts[k]
	read := func(fields []frameField) bool {
		for i := range fields {
			fl := &fields[i]
			v, err := fl.readValue(m)
			if err != nil {
				e.add(snapErr("%s (%s).%s: %v", where, kind, fl.name, err))
				return false
			}
			f.setSlotValue(fl.slot, v)
		}
		return true
	}
	if !read(l.fields) {
		return frame{}
	}
	n := 2 + len(l.fields)
	if l.byPurpose != nil {
		more := l.byPurpose[f.slotValue(l.fields[0].slot)] // an enum's names: in range
		if !read(more) {
			return frame{}
		}
		n += len(more)
	}
	if len(m) != n {
		e.add(snapErr("%s (%s) has %d fields; its kind and purpose have %d", where, kind, len(m), n))
	}
	return f
}

// snapValue decodes the required member name of m into dst.
func snapValue(m map[string]json.RawMessage, name string, dst any) error {
	raw, ok := m[name]
	if !ok {
		return fmt.Errorf("%s is missing", name)
	}
	if err := json.Unmarshal(raw, dst); err != nil {
		return fmt.Errorf("%s: %s", name, jsonWords(err))
	}
	return nil
}

// readValue reads field fl from m, as appendValue writes it, into a value
// that fits the field's slot.
func (fl *frameField) readValue(m map[string]json.RawMessage) (int, error) {
	raw, ok := m[fl.name]
	if !ok {
		return 0, fmt.Errorf("missing")
	}
	null := string(bytes.TrimSpace(raw)) == "null"
	limit := 255
	switch fl.typ {
	case vFlag:
		var x bool
		if err := json.Unmarshal(raw, &x); err != nil || null {
			return 0, fmt.Errorf("want true or false, not %s", shorten(string(raw)))
		}
		return int(bit(x)), nil
	case vSeat, vSeatOrNone, vSeatPlus1:
		if null && fl.typ == vSeatOrNone {
			return none, nil
		}
		if null && fl.typ == vSeatPlus1 {
			return 0, nil
		}
		var p snapSeat
		if err := json.Unmarshal(raw, &p); err != nil || null || p >= MaxPlayers {
			return 0, fmt.Errorf("want a seat, not %s", shorten(string(raw)))
		}
		return int(p) + int(bit(fl.typ == vSeatPlus1)), nil
	case vKind, vEnum:
		var name string
		if err := json.Unmarshal(raw, &name); err != nil || null {
			return 0, fmt.Errorf("want a name, not %s", shorten(string(raw)))
		}
		if fl.typ == vKind {
			if k, ok := content.ParseAdventurer(name); ok {
				return int(k), nil
			}
		}
		for i, n := range fl.names {
			if n == name {
				return i, nil
			}
		}
		return 0, fmt.Errorf("unknown name %q", shorten(name))
	case vKinds, vStealKinds:
		var names []string
		if err := json.Unmarshal(raw, &names); err != nil || null {
			return 0, fmt.Errorf("want a list of adventurer kinds, not %s", shorten(string(raw)))
		}
		var set content.AdventurerSet
		for _, name := range names {
			k, ok := content.ParseAdventurer(name)
			if !ok || set.Has(k) {
				return 0, fmt.Errorf("unknown or repeated adventurer kind %q", shorten(name))
			}
			set |= 1 << k
		}
		if fl.typ == vStealKinds {
			return int(stealKinds(set)), nil
		}
		return int(set), nil
	case vSpaceOrNone, vQuestOrNone, vCardPlus1:
		if null {
			if fl.typ == vCardPlus1 {
				return 0, nil
			}
			return none, nil
		}
		limit = 254
	case vProgram:
		limit = 65535
	}
	var v int
	if err := json.Unmarshal(raw, &v); err != nil || null || v < 0 || v > limit {
		return 0, fmt.Errorf("want a number from 0 to %d, not %s", limit, shorten(string(raw)))
	}
	return v + int(bit(fl.typ == vCardPlus1)), nil
}

// snapFrameV3 is one frame as versions 2 and 3 wrote it: the engine's
// slots (a, b and i being frame.go's raw slots, see frame.slots).
type snapFrameV3 struct {
	Kind   string `json:"kind"`
	Player int    `json:"player"`
	A      int    `json:"a"`
	B      int    `json:"b"`
	I      int    `json:"i"`
	PC     int    `json:"pc"`
	Prog   int    `json:"prog"`
}

// frameV3 reads a frame of versions 2 and 3 (of their residue: the kind
// may be "none").
func (e *snapErrs) frameV3(raw json.RawMessage, where string, residue bool) frame {
	var jf snapFrameV3
	dec := json.NewDecoder(bytes.NewReader(raw))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&jf); err != nil {
		e.add(&SnapshotError{Detail: where + ": " + jsonWords(err)})
		return frame{}
	}
	if err := snapRequireFields(raw, reflect.TypeFor[snapFrameV3](), where, 3); err != nil {
		e.add(err)
		return frame{}
	}
	k := -1
	for i, name := range snapFrameKindNames {
		if name == jf.Kind && (i != int(fNone) || residue) {
			k = i
		}
	}
	if k < 0 {
		e.add(snapErr("unknown frame kind %q", jf.Kind))
		return frame{}
	}
	f := frame{kind: fkind(k)}
	var a, b, i uint8
	for _, v := range []struct {
		dst  *uint8
		v    int
		what string
	}{{&f.p, jf.Player, "player"}, {&a, jf.A, "a"}, {&b, jf.B, "b"}, {&i, jf.I, "i"}, {&f.pc, jf.PC, "pc"}} {
		if err := snapInRange(v.v, 0, 255, "frame "+v.what); err != nil {
			e.add(err)
			continue
		}
		*v.dst = uint8(v.v)
	}
	if err := snapInRange(jf.Prog, 0, 65535, "frame prog"); err != nil {
		e.add(err)
	} else {
		f.prog = uint16(jf.Prog)
	}
	f.setSlots(a, b, i)
	return f
}
