package waterdeep

// The JSON Schemas in schemas/ against the library's own tables: every
// event kind with its fields, every frame kind and purpose with its
// values, every decision kind and every action type. tools/schemacheck
// validates the corpus against the schemas with a JSON Schema validator;
// these tests keep the schemas' enumerations from drifting from the
// encoders when a kind is added or renamed.

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// schemaFile reads schemas/name as a generic value.
func schemaFile(t *testing.T, name string) map[string]any {
	t.Helper()
	data, err := os.ReadFile(filepath.Join("schemas", name))
	if err != nil {
		t.Fatal(err)
	}
	var v map[string]any
	if err := json.Unmarshal(data, &v); err != nil {
		t.Fatalf("%s: %v", name, err)
	}
	return v
}

// schemaDef returns $defs[name] of schema s, or nil.
func schemaDef(s map[string]any, name string) map[string]any {
	d, _ := s["$defs"].(map[string]any)[name].(map[string]any)
	return d
}

// schemaProps returns the sorted property names of an object schema.
func schemaProps(o map[string]any) []string {
	var names []string
	for k := range o["properties"].(map[string]any) {
		names = append(names, k)
	}
	slices.Sort(names)
	return names
}

func sortedOf(names ...string) []string {
	out := slices.Clone(names)
	slices.Sort(out)
	return out
}

// TestSchemaVersions: each schema's file is named by the version its
// document has now, and says it in its "version" const.
func TestSchemaVersions(t *testing.T) {
	for name, version := range map[string]int{
		fmt.Sprintf("state.v%d.schema.json", SnapshotVersion):  SnapshotVersion,
		fmt.Sprintf("view.v%d.schema.json", ViewVersion):       ViewVersion,
		fmt.Sprintf("events.v%d.schema.json", EventsVersion):   EventsVersion,
		fmt.Sprintf("record.v%d.schema.json", RecordVersion):   RecordVersion,
		fmt.Sprintf("catalog.v%d.schema.json", CatalogVersion): CatalogVersion,
	} {
		s := schemaFile(t, name)
		got := s["properties"].(map[string]any)["version"].(map[string]any)["const"]
		if got != float64(version) {
			t.Errorf("%s: version const %v, want %d", name, got, version)
		}
		if id := s["$id"]; id != "https://github.com/waterdeep-go/waterdeep/schemas/"+name {
			t.Errorf("%s: $id %v", name, id)
		}
	}
}

// TestSchemaEvents: one definition per event kind, with the fields that
// kind is written with.
func TestSchemaEvents(t *testing.T) {
	s := schemaFile(t, fmt.Sprintf("events.v%d.schema.json", EventsVersion))
	flags := []struct {
		bit  uint16
		name string
	}{{efPlayer, "player"}, {efOther, "other"}, {efRound, "round"}, {efSpace, "space"}, {efAs, "as"},
		{efQuest, "quest"}, {efCard, "card"}, {efBuilding, "building"}, {efAmount, "amount"}, {efCorruption, "corruption"}, {efAction, "action"}}
	kinds := len(schemaDef(s, "event")["oneOf"].([]any))
	if kinds != int(numEventKinds)-1 {
		t.Errorf("the schema has %d event kinds, the library %d", kinds, numEventKinds-1)
	}
	for k := EventKind(1); k < numEventKinds; k++ {
		def := schemaDef(s, "event_"+k.String())
		if def == nil {
			t.Errorf("no definition event_%s", k)
			continue
		}
		want := []string{"kind", "text"}
		for _, f := range flags {
			if eventFields[k]&f.bit != 0 {
				want = append(want, f.name)
			}
		}
		if eventFields[k]&efCard != 0 {
			want = append(want, "secret")
		}
		if got := schemaProps(def); !slices.Equal(got, sortedOf(want...)) {
			t.Errorf("event_%s: properties %v, the encoder writes %v", k, got, sortedOf(want...))
		}
		player, _ := def["properties"].(map[string]any)["player"].(map[string]any)
		nullable := player != nil && fmt.Sprint(player["type"]) == "[string null]"
		if player != nil && nullable != (eventFields[k]&efNobody != 0) {
			t.Errorf("event_%s: player nullable %v", k, nullable)
		}
	}
	as := schemaDef(s, "event_placed")["properties"].(map[string]any)["as"].(map[string]any)["enum"]
	if fmt.Sprint(as) != fmt.Sprint(placedAs[:]) {
		t.Errorf("placed's as: %v, the encoder's %v", as, placedAs)
	}
}

// TestSchemaFrames: one definition per frame kind (and per purpose of a
// kind with purposes), with its layout's values (frame_kinds.go).
func TestSchemaFrames(t *testing.T) {
	s := schemaFile(t, fmt.Sprintf("state.v%d.schema.json", SnapshotVersion))
	defs := 0
	for k := range frameLayouts {
		if fkind(k) == fNone {
			continue
		}
		l := &frameLayouts[k]
		kind := snapFrameKindNames[k]
		check := func(def string, fields []frameField) {
			defs++
			d := schemaDef(s, def)
			if d == nil {
				t.Errorf("no definition %s", def)
				return
			}
			want := []string{"kind", "player"}
			for _, f := range fields {
				want = append(want, f.name)
			}
			if got := schemaProps(d); !slices.Equal(got, sortedOf(want...)) {
				t.Errorf("%s: properties %v, the layout's %v", def, got, sortedOf(want...))
			}
			props := d["properties"].(map[string]any)
			for i, f := range fields {
				p := props[f.name].(map[string]any)
				nullable := strings.Contains(fmt.Sprint(p["type"]), "null")
				want := f.typ == vSeatOrNone || f.typ == vSeatPlus1 || f.typ == vSpaceOrNone || f.typ == vQuestOrNone || f.typ == vCardPlus1
				if nullable != want {
					t.Errorf("%s.%s: nullable %v, want %v", def, f.name, nullable, want)
				}
				if f.typ == vInt {
					max := 255 // the decoder's bound; validation holds a field to its max
					if f.max > 0 {
						max = f.max
					}
					if p["maximum"] != float64(max) {
						t.Errorf("%s.%s: maximum %v, want %d", def, f.name, p["maximum"], max)
					}
				}
				if f.typ == vEnum && (i > 0 || l.byPurpose == nil) && fmt.Sprint(p["enum"]) != fmt.Sprint(f.names) {
					t.Errorf("%s.%s: enum %v, the layout's %v", def, f.name, p["enum"], f.names)
				}
			}
		}
		if l.byPurpose == nil {
			check("frame_"+kind, l.fields)
			continue
		}
		for i, more := range l.byPurpose {
			purpose := l.fields[0].names[i]
			def := "frame_" + kind + "_" + purpose
			check(def, append(slices.Clone(l.fields), more...))
			if d := schemaDef(s, def); d != nil {
				if c := d["properties"].(map[string]any)[l.fields[0].name].(map[string]any)["const"]; c != purpose {
					t.Errorf("%s: %s const %v", def, l.fields[0].name, c)
				}
			}
		}
	}
	if n := len(schemaDef(s, "frame")["oneOf"].([]any)); n != defs {
		t.Errorf("the frame's oneOf has %d definitions, the layouts %d", n, defs)
	}
}

// TestSchemaDecisionsAndActions: the view's decision kinds and the action
// types are the library's.
func TestSchemaDecisionsAndActions(t *testing.T) {
	v := schemaFile(t, fmt.Sprintf("view.v%d.schema.json", ViewVersion))
	kinds := schemaDef(v, "decision")["properties"].(map[string]any)["kind"].(map[string]any)["enum"]
	var want []string
	for _, n := range decisionKindNames {
		if n != "" {
			want = append(want, n)
		}
	}
	if fmt.Sprint(kinds) != fmt.Sprint(want) {
		t.Errorf("decision kinds %v, the library's %v", kinds, want)
	}
	a := schemaFile(t, "action.v2.schema.json")
	if n := len(a["oneOf"].([]any)); n != int(numMoveKinds)-1 {
		t.Errorf("%d action types, the library %d", n, numMoveKinds-1)
	}
	for k := mNone + 1; k < numMoveKinds; k++ {
		at := actionTypes[k]
		d := schemaDef(a, at.name)
		if d == nil {
			t.Errorf("no action type %s", at.name)
			continue
		}
		want := []string{"type", "player", "text"}
		if at.field != "" {
			want = append(want, at.field)
		}
		if got := schemaProps(d); !slices.Equal(got, sortedOf(want...)) {
			t.Errorf("action %s: properties %v, the encoder's %v", at.name, got, sortedOf(want...))
		}
	}
}
