package waterdeep

import (
	"io/fs"
	"os"
	"slices"
	"testing"
	"unsafe"

	"github.com/waterdeep-go/waterdeep/buildings"
	"github.com/waterdeep-go/waterdeep/content"
	"github.com/waterdeep-go/waterdeep/intrigue"
	"github.com/waterdeep-go/waterdeep/lords"
	"github.com/waterdeep-go/waterdeep/quests"
)

// The content files were split by module (content/base, content/skullport,
// content/undermountain) without changing what loads: the same cards,
// tiles, spaces and lords in the same instance order, so the same
// fingerprints, and saved games and records of before the split load and
// play on. These tests pin that.

// layoutFingerprints are BaseContent's and FullContent's version 3
// fingerprints as they were before the split. A change here changes every
// saved game's content: DecodeState would refuse the old ones.
var layoutFingerprints = map[string]snapContent{
	BaseContentName: {Quests: 60, Intrigue: 50, Buildings: 24, Lords: 11, Spaces: 37, Programs: 171,
		Hash: "42e25780dca43a1eccd053483b5f6cdc"},
	FullContentName: {Quests: 120, Intrigue: 97, Buildings: 48, Lords: 17, Spaces: 67, Programs: 333,
		Hash: "96a400c933d5a5c1a54edbdd00f73539"},
}

func TestContentFingerprintsPinned(t *testing.T) {
	for name, c := range map[string]*Content{BaseContentName: BaseContent(), FullContentName: FullContent()} {
		if got, want := snapFingerprint(c), layoutFingerprints[name]; got != want {
			t.Errorf("%s content's fingerprint is %+v, want %+v: saved games of it would no longer load", name, got, want)
		}
	}
}

// Saved games (version 3) and their records, written before the content
// was split by module, in testdata/snapshot: each decodes with the content
// its fingerprint names, equals the state its record replays to, and plays
// on.
func TestSnapshotsOfBeforeTheSplit(t *testing.T) {
	for _, tc := range []struct {
		file string
		want *Content
	}{
		{"v3-base-4p", BaseContent()},
		{"v3-modules-5p-long", FullContent()},
		{"v3-skullport-6p", FullContent()},
	} {
		t.Run(tc.file, func(t *testing.T) {
			data, err := os.ReadFile("testdata/snapshot/" + tc.file + ".json")
			if err != nil {
				t.Fatal(err)
			}
			s, err := DecodeState(data, nil)
			if err != nil {
				t.Fatalf("DecodeState: %v", err)
			}
			if s.Content() != tc.want {
				t.Fatalf("decoded with the wrong content")
			}
			data, err = os.ReadFile("testdata/snapshot/" + tc.file + ".record.json")
			if err != nil {
				t.Fatal(err)
			}
			rec, err := DecodeRecord(data)
			if err != nil {
				t.Fatalf("DecodeRecord: %v", err)
			}
			replayed, _, err := Replay(rec)
			if err != nil {
				t.Fatalf("Replay: %v", err)
			}
			if replayed != s {
				t.Fatalf("the saved state and its record's replay differ")
			}
			for range 30 {
				legal := s.LegalActions()
				if len(legal) == 0 {
					break
				}
				if s, err = s.Apply(legal[len(legal)/2]); err != nil {
					t.Fatal(err)
				}
			}
		})
	}
}

// layoutModules loads the four kinds from fsys and returns the module of
// every entry, by kind.
func layoutModules(t *testing.T, fsys fs.FS) map[string][]content.Modules {
	t.Helper()
	out := map[string][]content.Modules{}
	qs, err := quests.Load(fsys)
	if err != nil {
		t.Fatal(err)
	}
	for _, q := range qs {
		out["quests"] = append(out["quests"], q.Module)
	}
	cards, err := intrigue.Load(fsys)
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range cards {
		out["intrigue"] = append(out["intrigue"], c.Module)
	}
	set, err := buildings.Load(fsys)
	if err != nil {
		t.Fatal(err)
	}
	for _, b := range set.Basic {
		out["basic"] = append(out["basic"], b.Module)
	}
	for _, tile := range set.Tiles {
		out["tiles"] = append(out["tiles"], tile.Module)
	}
	ls, err := lords.Load(fsys)
	if err != nil {
		t.Fatal(err)
	}
	for _, l := range ls {
		out["lords"] = append(out["lords"], l.Module)
	}
	return out
}

// The embedded content keeps each module in a folder of its own:
// content/base holds only base game entries, content/undermountain and
// content/skullport only their module's, each tagged with it (so that the
// folder's files also load on their own, in the one-folder format), and
// every kind of entry of each module is there.
func TestContentLayout(t *testing.T) {
	for kind, ms := range layoutModules(t, content.Base()) {
		for i, m := range ms {
			if m != 0 {
				t.Errorf("content/base: %s entry %d is %s's", kind, i+1, m)
			}
		}
	}
	for _, m := range []content.Modules{content.Undermountain, content.Skullport} {
		dir, err := fs.Sub(content.Full(), m.String())
		if err != nil {
			t.Fatal(err)
		}
		got := layoutModules(t, dir)
		for _, kind := range []string{"quests", "intrigue", "basic", "tiles", "lords"} {
			if len(got[kind]) == 0 {
				t.Errorf("content/%s: no %s", m, kind)
			}
			for i, e := range got[kind] {
				if e != m {
					t.Errorf("content/%s: %s entry %d is tagged %q", m, kind, i+1, e)
				}
			}
		}
	}
	// LoadContent reads the same layout and gives the same content.
	for _, tc := range []struct {
		name string
		fsys fs.FS
		want *Content
	}{{"content.Base()", content.Base(), BaseContent()}, {"content.Full()", content.Full(), FullContent()}} {
		c, err := LoadContent(tc.fsys)
		if err != nil {
			t.Fatal(err)
		}
		if snapFingerprint(c) != snapFingerprint(tc.want) {
			t.Errorf("LoadContent(%s) gives other content", tc.name)
		}
	}
}

// LoadContent reads a module's entries from a folder of its name, after
// the root file's, untagged or tagged with that module; a folder's errors
// name its file.
func TestLoadContentModuleFolders(t *testing.T) {
	files := limitsBase(t)
	files["quests.yaml"] += modulesQuestYAML("root-sp", "skullport")
	files["skullport/quests.yaml"] = "quests:" + modulesQuestYAML("sp-1", "") + modulesQuestYAML("sp-2", "skullport")
	files["undermountain/quests.yaml"] = "quests:" + modulesQuestYAML("um-1", "")
	files["undermountain/lords.yaml"] = "lords:\n  - id: um-lord\n    name: \"UM lord\"\n    scoring: {vp_per_building: 6}\n"
	c, err := LoadContent(limitsFS(files))
	if err != nil {
		t.Fatal(err)
	}
	n := c.NumQuests()
	var got []string
	for q := n - 4; q < n; q++ {
		got = append(got, c.Quest(QuestID(q)).ID+" "+c.Quest(QuestID(q)).Module.String())
	}
	want := []string{"root-sp skullport", "um-1 undermountain", "sp-1 skullport", "sp-2 skullport"}
	if !slices.Equal(got, want) {
		t.Errorf("the last quests are %q, want %q", got, want)
	}
	if l, ok := c.LordByID("um-lord"); !ok || c.Lord(l).Module != content.Undermountain {
		t.Errorf("the lord of undermountain/lords.yaml did not load as Undermountain's")
	}
	for _, tc := range []struct {
		file, data, entry, field, msg string
	}{
		{"undermountain/quests.yaml", "quests:" + modulesQuestYAML("x", "skullport"), "x", "module", "a skullport entry in the undermountain folder"},
		{"skullport/quests.yaml", "quests:" + modulesQuestYAML("domesticate-owlbears", ""), "domesticate-owlbears", "id", "duplicate id"},
		{"skullport/quests.yaml", "quests:" + modulesQuestYAML("x", "bard"), "x", "module", "unknown module"},
		{"skullport/intrigue.yaml", "cards: [", "", "", "yaml"},
		{"undermountain/buildings.yaml", "tiles:\n  - id: \"\"\n", "tile 1", "id", "missing id"},
	} {
		files := limitsBase(t)
		files[tc.file] = tc.data
		_, err := LoadContent(limitsFS(files))
		limitsWant(t, err, tc.file, tc.entry, tc.field, tc.msg)
	}
}

// TestContentStaysSmall: Content keeps its large tables behind pointers,
// so that every field lies below an offset of 4096, where the compiler
// needs no explicit nil check of the pointer it is reached through, and
// the fields need no ordering for speed.
func TestContentStaysSmall(t *testing.T) {
	if n := unsafe.Sizeof(Content{}); n >= 4096 {
		t.Errorf("Content is %d bytes; put its large tables behind pointers", n)
	}
}
