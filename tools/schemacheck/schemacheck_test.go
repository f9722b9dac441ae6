package main

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

const root = "../.."

func schemas(t *testing.T) schemaSet {
	t.Helper()
	s, err := loadSchemas(filepath.Join(root, "schemas"))
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// TestCorpusValidates: every document of testdata/documents validates
// against its schema, and the corpus holds every kind.
func TestCorpusValidates(t *testing.T) {
	s := schemas(t)
	files, err := corpusFiles(filepath.Join(root, "testdata", "documents"))
	if err != nil {
		t.Fatal(err)
	}
	counts := map[string]int{}
	for _, f := range files {
		data, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		if err := s.validateFile(f, data, counts); err != nil {
			t.Errorf("%s: %v", f, err)
		}
	}
	for name := range s {
		if counts[name] == 0 {
			t.Errorf("no document of the corpus is checked against %s", name)
		}
	}
	t.Logf("documents by schema: %v", counts)
}

// corpusDoc reads a document of the corpus as a generic value.
func corpusDoc(t *testing.T, name string) any {
	t.Helper()
	data, err := os.ReadFile(filepath.Join(root, "testdata", "documents", name))
	if err != nil {
		t.Fatal(err)
	}
	if strings.HasSuffix(name, ".jsonl") {
		data, _, _ = bytes.Cut(data, []byte("\n"))
	}
	d := json.NewDecoder(bytes.NewReader(data))
	d.UseNumber()
	var v any
	if err := d.Decode(&v); err != nil {
		t.Fatal(err)
	}
	return v
}

// at walks a path of keys and indexes ("players", 0, "tavern").
func at(v any, path ...any) any {
	for _, p := range path {
		switch k := p.(type) {
		case string:
			v = v.(map[string]any)[k]
		case int:
			v = v.([]any)[k]
		}
	}
	return v
}

func obj(v any, path ...any) map[string]any { return at(v, path...).(map[string]any) }

// TestBrokenDocumentsRejected breaks real documents one way at a time:
// each broken one must fail its schema, so that the schemas are not
// vacuous.
func TestBrokenDocumentsRejected(t *testing.T) {
	s := schemas(t)
	cases := []struct {
		name, kind, file string
		breakIt          func(v any) any
	}{
		{"state without rng", "state", "base-2p/state-000.json", func(v any) any { delete(obj(v), "rng"); return v }},
		{"state with an unknown field", "state", "base-2p/state-000.json", func(v any) any { obj(v)["extra"] = true; return v }},
		{"state with a tavern of 3 kinds", "state", "base-2p/state-000.json", func(v any) any {
			p := obj(v, "players", 0)
			p["tavern"] = p["tavern"].([]any)[:3]
			return v
		}},
		{"state of 7 players", "state", "both-6p-long/state-000.json", func(v any) any {
			obj(v)["players"] = append(at(v, "players").([]any), at(v, "players", 0))
			return v
		}},
		{"state with a frame missing a value", "state", "base-2p/state-000.json", func(v any) any {
			obj(v)["stack"] = []any{map[string]any{"kind": "turn", "player": "p1"}}
			return v
		}},
		{"state with a frame of an unknown mode", "state", "base-2p/state-000.json", func(v any) any {
			obj(v)["stack"] = []any{map[string]any{"kind": "place", "player": "p1", "mode": "fly", "from": nil}}
			return v
		}},
		{"state with a frame holding another purpose's value", "state", "base-2p/state-000.json", func(v any) any {
			obj(v)["stack"] = []any{map[string]any{"kind": "pick", "player": "p1", "purpose": "gain", "count": 1, "kinds": []any{"cleric"}, "from": "p2"}}
			return v
		}},
		{"state with a version 5", "state", "base-2p/state-000.json", func(v any) any { obj(v)["version"] = 5; return v }},
		{"view of seat p7", "view", "skullport-4p/view-000.json", func(v any) any { obj(v)["viewer"] = "p7"; return v }},
		{"view with an unknown decision kind", "view", "skullport-4p/view-000.json", func(v any) any {
			obj(v, "decision")["kind"] = "dance"
			return v
		}},
		{"view with negative gold", "view", "skullport-4p/view-000.json", func(v any) any {
			obj(v, "seats", 0)["gold"] = -1
			return v
		}},
		{"view with a legal action of no type", "view", "skullport-4p/view-000.json", func(v any) any {
			obj(v)["legal"] = []any{map[string]any{"player": "p1", "text": "p1 dance"}}
			return v
		}},
		{"view with the round 9", "view", "skullport-4p/view-000.json", func(v any) any { obj(v)["round"] = 9; return v }},
		{"events with a field its kind has not", "events", "base-2p/events-start.json", func(v any) any {
			obj(v)["events"] = []any{map[string]any{"kind": "gained", "player": "p1", "amount": map[string]any{"gold": 2}, "quest": "x", "text": "p1 gains 2 gold"}}
			return v
		}},
		{"events with a zero amount", "events", "base-2p/events-start.json", func(v any) any {
			obj(v)["events"] = []any{map[string]any{"kind": "gained", "player": "p1", "amount": map[string]any{"gold": 0}, "text": "p1 gains nothing"}}
			return v
		}},
		{"events placed as a bishop", "events", "base-2p/events-start.json", func(v any) any {
			obj(v)["events"] = []any{map[string]any{"kind": "placed", "player": "p1", "space": "the-plinth", "as": "bishop", "text": "p1 assigns"}}
			return v
		}},
		{"events without text", "events", "base-2p/events-start.json", func(v any) any {
			delete(obj(v, "events", 0), "text")
			return v
		}},
		{"events of version 2 (no schema)", "events", "base-2p/events-start.json", func(v any) any { obj(v)["version"] = 2; return v }},
		{"record with a numeric seed", "record", "base-2p/record.json", func(v any) any { obj(v)["seed"] = 101; return v }},
		{"record of 1 player", "record", "base-2p/record.json", func(v any) any { obj(v)["players"] = 1; return v }},
		{"record with an unknown module", "record", "base-2p/record.json", func(v any) any { obj(v)["modules"] = []any{"underdark"}; return v }},
		{"action picking 8 gold", "action", "base-2p/actions.jsonl", func(any) any {
			return map[string]any{"type": "choose_resources", "player": "p1", "pick": map[string]any{"gold": 8}, "text": "p1 pick"}
		}},
		{"action placing nowhere", "action", "base-2p/actions.jsonl", func(v any) any { delete(obj(v), "space"); return v }},
		{"action of an unknown type", "action", "base-2p/actions.jsonl", func(v any) any { obj(v)["type"] = "fly"; return v }},
		{"action of seat p0", "action", "base-2p/actions.jsonl", func(v any) any { obj(v)["player"] = "p0"; return v }},
		{"catalog with a quest of an unknown type", "catalog", "catalog-base.json", func(v any) any {
			obj(v, "quests", 0)["type"] = "magic"
			return v
		}},
		{"catalog with a lord of no id", "catalog", "catalog-base.json", func(v any) any { delete(obj(v, "lords", 0), "id"); return v }},
		{"catalog with a step of two names", "catalog", "catalog-base.json", func(v any) any {
			obj(v, "quests", 0, "reward", 0)["pay"] = map[string]any{"gold": 1}
			return v
		}},
		{"catalog with a bundle of mana", "catalog", "catalog-base.json", func(v any) any {
			obj(v, "quests", 0, "requires")["mana"] = 1
			return v
		}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			file := c.file
			good, _ := json.Marshal(corpusDoc(t, file))
			if _, err := s.validate(c.kind, good); err != nil {
				t.Fatalf("the document before it was broken: %v", err)
			}
			bad, err := json.Marshal(c.breakIt(corpusDoc(t, file)))
			if err != nil {
				t.Fatal(err)
			}
			if _, err := s.validate(c.kind, bad); err == nil {
				t.Errorf("the broken document validates: %.300s", bad)
			}
		})
	}
}

// TestEverySchemaHasItsID: each schema's $id is its file's name under the
// project's schemas/ address, so that a generator can resolve the
// references between them.
func TestEverySchemaHasItsID(t *testing.T) {
	s := schemas(t)
	for _, want := range []string{"state.v4", "view.v4", "events.v3", "record.v3", "action.v2", "catalog.v2"} {
		if s[want+".schema.json"] == nil {
			t.Errorf("no schema %s.schema.json", want)
		}
	}
}
