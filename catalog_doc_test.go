package waterdeep

import (
	"bytes"
	"encoding/json"
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/waterdeep-go/waterdeep/content"
)

const catalogGolden = "testdata/golden/catalog.json"

// The catalog holds every quest, card, tile, basic space and lord of the
// base content with every instance name a game uses, and matches its golden
// file (regenerate with go test -run Catalog -update .).
func TestCatalog(t *testing.T) {
	c := BaseContent()
	cat := c.Catalog()
	got, err := json.MarshalIndent(cat, "", "  ")
	if err != nil {
		t.Fatal(err)
	}
	got = append(got, '\n')
	if len(cat.Quests) != 60 || len(cat.Intrigue) != 31 || len(cat.Buildings) != 24 || len(cat.Spaces) != 13 || len(cat.Lords) != 11 {
		t.Errorf("catalog holds %d quests, %d cards, %d tiles, %d spaces, %d lords; want 60, 31, 24, 13, 11",
			len(cat.Quests), len(cat.Intrigue), len(cat.Buildings), len(cat.Spaces), len(cat.Lords))
	}
	names := map[string]bool{}
	for _, q := range cat.Quests {
		for _, n := range q.Instances {
			names["q "+n] = true
		}
	}
	for _, card := range cat.Intrigue {
		if len(card.Instances) != card.Copies {
			t.Errorf("%s: %d instances for %d copies", card.ID, len(card.Instances), card.Copies)
		}
		for _, n := range card.Instances {
			names["i "+n] = true
		}
	}
	for _, tile := range cat.Buildings {
		for _, n := range tile.Instances {
			names["s "+n] = true
		}
	}
	for _, sp := range cat.Spaces {
		names["s "+sp.ID] = true
	}
	for i := range c.NumQuests() {
		if !names["q "+c.QuestID(QuestID(i))] {
			t.Errorf("quest %s is not in the catalog", c.QuestID(QuestID(i)))
		}
	}
	for i := range c.NumIntrigue() {
		if !names["i "+c.IntrigueID(IntrigueID(i))] {
			t.Errorf("card %s is not in the catalog", c.IntrigueID(IntrigueID(i)))
		}
	}
	for i := range c.NumSpaces() {
		if !names["s "+c.SpaceID(SpaceID(i))] {
			t.Errorf("space %s is not in the catalog", c.SpaceID(SpaceID(i)))
		}
	}
	// The structure is there in the YAML names, zero fields omitted.
	for _, want := range []string{`"id": "research-chronomancy"`, `"special": "return_agent"`, `"kind": "bonus_on_complete"`,
		`"accumulate": {`, `"instances": [`, `"crime-wave#2"`, `"version": 2`, `"vp_per_building": 6`} {
		if !bytes.Contains(got, []byte(want)) {
			t.Errorf("catalog JSON lacks %s", want)
		}
	}
	if bytes.Contains(got, []byte(`"cleric": 0`)) || bytes.Contains(got, []byte(`"plot": null`)) {
		t.Errorf("catalog JSON holds zero fields")
	}
	if *goldenUpdate {
		if err := os.MkdirAll(filepath.Dir(catalogGolden), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(catalogGolden, got, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	want, err := os.ReadFile(catalogGolden)
	if err != nil {
		t.Fatalf("%v (run go test -run Catalog -update . to create it)", err)
	}
	if !bytes.Equal(want, got) {
		t.Fatalf("the catalog differs from %s:\n%s\nIf the change is intended: go test -run Catalog -update .", catalogGolden, goldenDiff(want, got))
	}
}

// A text longer than content.MaxTextLen is refused, naming file, entry and
// field; a missing text is allowed.
func TestTextBound(t *testing.T) {
	long := strings.Repeat("x", content.MaxTextLen+1)
	for _, c := range []struct {
		file, old, entry, field string
	}{
		{"quests.yaml", `text: "Needs 1 cleric and 2 wizards. Gives 8 VP, 1 fighter and 2 gold."`, "domesticate-owlbears", "text"},
		{"intrigue.yaml", `text: "Each opponent gives up a fighter; for each who cannot, you take a fighter."`, "ambush", "text"},
		{"buildings.yaml", `text: "Take 4 gold."`, "auroras-realms-shop", "spaces.auroras-realms-shop.text"},
		{"buildings.yaml", `text: "Take 1 cleric and 2 fighters."`, "house-of-heroes", "text"},
		{"lords.yaml", `text: "Ends the game with 6 VP for each building you control."`, "larissa-neathal", "text"},
	} {
		fsys := fstest.MapFS{}
		for _, name := range []string{"quests.yaml", "intrigue.yaml", "buildings.yaml", "lords.yaml"} {
			data, err := fs.ReadFile(content.Base(), name)
			if err != nil {
				t.Fatal(err)
			}
			fsys[name] = &fstest.MapFile{Data: data}
		}
		base := string(fsys[c.file].Data)
		if strings.Count(base, c.old) != 1 {
			t.Fatalf("%s: %s found %d times", c.file, c.old, strings.Count(base, c.old))
		}
		fsys[c.file] = &fstest.MapFile{Data: []byte(strings.Replace(base, c.old, `text: "`+long+`"`, 1))}
		_, err := LoadContent(fsys)
		var le *content.LoadError
		if !errors.As(err, &le) || le.File != c.file || le.Entry != c.entry || le.Field != c.field {
			t.Errorf("%s %s: %v, want a LoadError for %s %s", c.file, c.entry, err, c.entry, c.field)
		}
		fsys[c.file] = &fstest.MapFile{Data: []byte(strings.Replace(base, c.old, "", 1))}
		if _, err := LoadContent(fsys); err != nil {
			t.Errorf("%s %s without text: %v", c.file, c.entry, err)
		}
	}
}

// TestCatalogModules: every card, tile, lord and space of the full content
// carries its module in the catalog and its JSON ("" for the base game),
// the modules' board spaces theirs, and a tile's space its tile's.
func TestCatalogModules(t *testing.T) {
	c := FullContent()
	cat := c.Catalog()
	tag := func(m Modules) string {
		return map[Modules]string{0: "", Undermountain: "undermountain", Skullport: "skullport"}[m]
	}
	for _, q := range cat.Quests {
		id, _ := c.QuestByID(q.ID)
		if want := tag(c.Quest(id).Module); q.Module != want {
			t.Errorf("quest %s: module %q, want %q", q.ID, q.Module, want)
		}
	}
	for _, card := range cat.Intrigue {
		id, _ := c.IntrigueByID(card.ID)
		if want := tag(c.Intrigue(id).Module); card.Module != want {
			t.Errorf("card %s: module %q, want %q", card.ID, card.Module, want)
		}
	}
	for _, b := range cat.Buildings {
		id, _ := c.BuildingByID(b.ID)
		if want := tag(c.Building(id).Module); b.Module != want {
			t.Errorf("tile %s: module %q, want %q", b.ID, b.Module, want)
		}
		if got := c.Space(c.TileSpace(id)).Module; got != c.Building(id).Module {
			t.Errorf("the space of tile %s: module %v, want the tile's", b.ID, got)
		}
	}
	for _, l := range cat.Lords {
		id, _ := c.LordByID(l.ID)
		if want := tag(c.Lord(id).Module); l.Module != want {
			t.Errorf("lord %s: module %q, want %q", l.ID, l.Module, want)
		}
	}
	modules := map[string]string{}
	for _, sp := range cat.Spaces {
		modules[sp.ID] = tag(sp.Module)
	}
	for name, want := range map[string]string{"cliffwatch-inn/1": "", "waterdeep-harbor/3": "",
		"hall-of-mirrors": "undermountain", "slavers-market": "skullport"} {
		if got, ok := modules[name]; !ok || got != want {
			t.Errorf("space %s: module %q (listed %v), want %q", name, got, ok, want)
		}
	}
	data, err := json.Marshal(cat)
	if err != nil {
		t.Fatal(err)
	}
	var doc struct {
		Quests, Intrigue, Buildings, Spaces, Lords []map[string]any
	}
	if err := json.Unmarshal(data, &doc); err != nil {
		t.Fatal(err)
	}
	for kind, list := range map[string][]map[string]any{"quests": doc.Quests, "intrigue": doc.Intrigue,
		"buildings": doc.Buildings, "spaces": doc.Spaces, "lords": doc.Lords} {
		for _, e := range list {
			if m, ok := e["module"].(string); !ok || m != modules[e["id"].(string)] && kind == "spaces" {
				t.Errorf("%s %v: module %v in JSON", kind, e["id"], e["module"])
			}
		}
	}
	if !bytes.Contains(data, []byte(`"id":"hall-of-mirrors","building":"Hall of Mirrors"`)) || !bytes.Contains(data, []byte(`"module":"undermountain"`)) {
		t.Errorf("the JSON does not name Hall of Mirrors' module")
	}
}
