package waterdeep

// The corpus of version-1 documents (testdata/documents, described in
// schemas/README.md): every kind of JSON document the library writes
// (state snapshots, views, events, records, actions, catalogs), taken from
// real games of every module setup. tools/schemacheck validates each
// against its schema in schemas/; here each must decode and re-encode byte
// for byte, and the corpus must be what the games give today. Regenerate
// it with
//
//	go test -run Documents -update-documents .

import (
	"bytes"
	"encoding/json"
	"flag"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

var documentsUpdate = flag.Bool("update-documents", false, "rewrite the document corpus in testdata/documents")

const documentsDir = "testdata/documents"

// documentGames are the corpus's games: every module setup, 2 to 6
// players, the long game.
var documentGames = []struct {
	name string
	cfg  Config
}{
	{"base-2p", Config{Players: 2, Seed: 101}},
	{"base-5p", Config{Players: 5, Seed: 102}},
	{"undermountain-3p-long", Config{Players: 3, Modules: Undermountain, Long: true, Seed: 103}},
	{"undermountain-6p", Config{Players: 6, Modules: Undermountain, Seed: 104}},
	{"skullport-4p", Config{Players: 4, Modules: Skullport, Seed: 105}},
	{"skullport-5p-long", Config{Players: 5, Modules: Skullport, Long: true, Seed: 108}},
	{"base-3p", Config{Players: 3, Seed: 109}},
	{"both-2p-long", Config{Players: 2, Modules: Undermountain | Skullport, Long: true, Seed: 106}},
	{"both-6p-long", Config{Players: 6, Modules: Undermountain | Skullport, Long: true, Seed: 107}},
}

// documentCorpus plays the corpus's games and returns every document by
// its path under testdata/documents.
func documentCorpus(t testing.TB) map[string][]byte {
	out := map[string][]byte{}
	must := func(data []byte, err error) []byte {
		t.Helper()
		if err != nil {
			t.Fatal(err)
		}
		return data
	}
	out["catalog-base.json"] = must(json.Marshal(BaseContent().Catalog()))
	out["catalog-full.json"] = must(json.Marshal(FullContent().Catalog()))
	// What the corpus has met so far, across its games: frames of each
	// kind and purpose, event kinds.
	framesSeen, eventsSeen := map[string]bool{}, map[EventKind]bool{}
	for _, g := range documentGames {
		s, err := New(g.cfg)
		if err != nil {
			t.Fatal(err)
		}
		rng := rand.New(rand.NewPCG(g.cfg.Seed, 7))
		rec := NewRecord(g.cfg)
		var events, rare []Event
		var starts []int // the index of each action's first event
		var actions []byte
		actionsSeen := map[string]bool{}
		snaps := 0
		for step := 0; ; step++ {
			p, ok := s.ToAct()
			// A snapshot and the view of the seat to act at the first
			// step, where the stack holds a frame of a kind and purpose
			// the corpus has not met (at most 6 a game), and at the end
			// (a spectator's view).
			if step == 0 || !ok || (snaps < 6 && documentNewFrame(s, framesSeen)) {
				at := fmt.Sprintf("%03d", step)
				viewer := p
				if !ok {
					at, viewer = "end", Spectator
				}
				out[g.name+"/state-"+at+".json"] = must(json.Marshal(s))
				out[g.name+"/view-"+at+".json"] = must(json.Marshal(s.View(viewer)))
				snaps++
			}
			if !ok {
				break
			}
			legal := s.LegalActions()
			a := legal[rng.IntN(len(legal))]
			// One action document of each type at each decision kind, a game.
			if key := fmt.Sprintf("%T %v", a, s.Pending().Kind); !actionsSeen[key] {
				actionsSeen[key] = true
				actions = append(append(actions, must(MarshalAction(a))...), '\n')
			}
			rec.Add(a)
			starts = append(starts, len(events))
			n := len(events)
			s, events, err = s.ApplyEvents(a, events)
			if err != nil {
				t.Fatalf("%s: %v", g.name, err)
			}
			// The events of every action that made a kind of event the
			// corpus has not met.
			for _, e := range events[n:] {
				if !eventsSeen[e.Kind] {
					eventsSeen[e.Kind] = true
					rare = append(rare, events[n:]...)
					break
				}
			}
		}
		out[g.name+"/record.json"] = must(json.Marshal(rec))
		out[g.name+"/actions.jsonl"] = actions
		// Events: the first 40 actions', the last 40's, and the rare ones.
		n := len(starts)
		out[g.name+"/events-start.json"] = must(MarshalEvents(events[:starts[min(40, n-1)]]))
		out[g.name+"/events-end.json"] = must(MarshalEvents(events[starts[max(0, n-40)]:]))
		if len(rare) > 0 {
			out[g.name+"/events-new-kinds.json"] = must(MarshalEvents(rare))
		}
	}
	return out
}

// documentNewFrame reports whether s's decision stack holds a frame of a
// kind and purpose (or mode) not in seen, and adds them to seen.
func documentNewFrame(s State, seen map[string]bool) bool {
	found := false
	var buf [8]frameField
	for i := range s.stack[:s.sp] {
		f := &s.stack[i]
		key := snapFrameKindNames[f.kind]
		if fields, _ := f.fields(buf[:0]); len(fields) > 0 && fields[0].typ == vEnum {
			key += "/" + fields[0].names[f.slotValue(fields[0].slot)]
		}
		if !seen[key] {
			seen[key] = true
			found = true
		}
	}
	return found
}

// documentFiles reads the committed corpus.
func documentFiles(t testing.TB) map[string][]byte {
	out := map[string][]byte{}
	err := filepath.WalkDir(documentsDir, func(path string, d os.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		data, err := os.ReadFile(path)
		rel, _ := filepath.Rel(documentsDir, path)
		out[filepath.ToSlash(rel)] = data
		return err
	})
	if err != nil {
		t.Fatalf("%v (run go test -run Documents -update-documents . to create it)", err)
	}
	return out
}

// TestDocumentsCorpusIsCurrent: the committed corpus is what the games
// give today, so that a change to a document cannot pass unnoticed.
func TestDocumentsCorpusIsCurrent(t *testing.T) {
	want := documentCorpus(t)
	if *documentsUpdate {
		if err := os.RemoveAll(documentsDir); err != nil {
			t.Fatal(err)
		}
		for name, data := range want {
			path := filepath.Join(documentsDir, filepath.FromSlash(name))
			if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
				t.Fatal(err)
			}
			if err := os.WriteFile(path, data, 0o644); err != nil {
				t.Fatal(err)
			}
		}
	}
	got := documentFiles(t)
	var names []string
	for name := range want {
		names = append(names, name)
	}
	for name := range got {
		if want[name] == nil {
			names = append(names, name)
		}
	}
	slices.Sort(names)
	for _, name := range names {
		if !bytes.Equal(got[name], want[name]) {
			t.Errorf("%s/%s differs from what the games give now; if the change is intended (and the document's version and schema follow it): go test -run Documents -update-documents .", documentsDir, name)
		}
	}
}

// TestDocumentsRoundTrip decodes every document of the corpus with the
// library's decoder and encodes it again: the bytes must be the same.
func TestDocumentsRoundTrip(t *testing.T) {
	files := documentFiles(t)
	kinds := map[string]int{}
	for name, data := range files {
		base := filepath.Base(name)
		kind, _, _ := strings.Cut(base, "-")
		kind = strings.TrimSuffix(strings.TrimSuffix(kind, ".json"), ".jsonl")
		var docs [][]byte
		if strings.HasSuffix(base, ".jsonl") {
			docs = bytes.Split(bytes.TrimSuffix(data, []byte("\n")), []byte("\n"))
		} else {
			docs = [][]byte{data}
		}
		for i, doc := range docs {
			again, err := documentReencode(kind, doc)
			if err != nil {
				t.Errorf("%s (document %d): %v", name, i+1, err)
				continue
			}
			if !bytes.Equal(again, doc) {
				t.Errorf("%s (document %d): re-encoded, it differs:\n got %.300s\nwant %.300s", name, i+1, again, doc)
			}
			kinds[kind]++
		}
	}
	for _, kind := range []string{"state", "view", "events", "record", "actions", "catalog"} {
		if kinds[kind] == 0 {
			t.Errorf("the corpus holds no %s document", kind)
		}
	}
	t.Logf("documents re-encoded byte for byte: %v", kinds)
}

// documentReencode decodes a document of the kind named and encodes it
// again, each with the library's own functions.
func documentReencode(kind string, doc []byte) ([]byte, error) {
	switch kind {
	case "state":
		s, err := DecodeState(doc, nil)
		if err != nil {
			return nil, err
		}
		return json.Marshal(s)
	case "view":
		v, err := DecodeView(doc, nil) // the content picked by the view's modules
		if err != nil {
			return nil, err
		}
		return json.Marshal(v)
	case "events":
		ev, err := UnmarshalEvents(doc)
		if err != nil {
			return nil, err
		}
		return MarshalEvents(ev)
	case "record":
		r, err := DecodeRecord(doc)
		if err != nil {
			return nil, err
		}
		return json.Marshal(r)
	case "actions":
		a, err := UnmarshalAction(doc)
		if err != nil {
			return nil, err
		}
		return MarshalAction(a)
	case "catalog":
		// The library writes the catalog for clients and has no decoder
		// for it (its steps are content.Step's JSON, which only encodes):
		// the document must be valid JSON and be its content's catalog,
		// encoded again.
		if !json.Valid(doc) {
			return nil, fmt.Errorf("not valid JSON")
		}
		var head struct {
			Quests []json.RawMessage `json:"quests"`
		}
		if err := json.Unmarshal(doc, &head); err != nil {
			return nil, err
		}
		cc := BaseContent()
		if len(head.Quests) != len(cc.Catalog().Quests) {
			cc = FullContent()
		}
		return json.Marshal(cc.Catalog())
	}
	return nil, fmt.Errorf("no decoder for a %q document", kind)
}
