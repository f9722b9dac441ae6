package waterdeep

// Hostile content (issue 10): broken trailing documents, numbers beyond
// their bounds, oversized files, and games played with the largest content
// the bounds allow. The bounds and the proof that they keep the arithmetic
// safe are in content/limits.go.

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"runtime"
	"strings"
	"testing"
	"testing/fstest"
	"time"

	"github.com/waterdeep-go/waterdeep/content"
)

// limitsFiles are the four content files.
var limitsFiles = []string{"buildings.yaml", "intrigue.yaml", "lords.yaml", "quests.yaml"}

// limitsBase returns the base game's content files in one folder, with the
// modules' boards (their basic buildings, tagged) added to buildings.yaml
// but none of the modules' cards, tiles and lords, so that tests can append
// entries of their own after the base game's.
func limitsBase(t testing.TB) map[string]string {
	t.Helper()
	out := map[string]string{}
	for _, name := range limitsFiles {
		data, err := fs.ReadFile(content.Base(), name)
		if err != nil {
			t.Fatal(err)
		}
		out[name] = string(data)
	}
	head, tiles, ok := strings.Cut(out["buildings.yaml"], "\ntiles:\n")
	if !ok {
		t.Fatal("buildings.yaml has no tiles")
	}
	for _, m := range []string{"undermountain", "skullport"} {
		data, err := fs.ReadFile(content.Full(), m+"/buildings.yaml")
		if err != nil {
			t.Fatal(err)
		}
		_, boards, ok := strings.Cut(string(data), "\nbasic:\n")
		boards, _, ok2 := strings.Cut(boards, "\ntiles:\n")
		if !ok || !ok2 {
			t.Fatalf("%s/buildings.yaml has no basic buildings or no tiles", m)
		}
		head += "\n" + boards
	}
	out["buildings.yaml"] = head + "\ntiles:\n" + tiles
	return out
}

func limitsFS(files map[string]string) fstest.MapFS {
	fsys := fstest.MapFS{}
	for name, data := range files {
		fsys[name] = &fstest.MapFile{Data: []byte(data)}
	}
	return fsys
}

// limitsWant checks that err is a *content.LoadError at file, entry and
// field whose message mentions msg.
func limitsWant(t *testing.T, err error, file, entry, field, msg string) {
	t.Helper()
	var le *content.LoadError
	if !errors.As(err, &le) {
		t.Fatalf("got %v, want a *content.LoadError", err)
	}
	if le.File != file || le.Entry != entry || le.Field != field {
		t.Errorf("error at %q / %q / %q, want %q / %q / %q: %v", le.File, le.Entry, le.Field, file, entry, field, err)
	}
	if !strings.Contains(err.Error(), msg) {
		t.Errorf("error %q does not mention %q", err, msg)
	}
	if !strings.HasPrefix(err.Error(), "waterdeep: content "+file) {
		t.Errorf("error %q does not start with %q", err, "waterdeep: content "+file)
	}
}

// limitsAliasBomb is a YAML document whose aliases expand to 10^9 scalars.
func limitsAliasBomb() string {
	var b strings.Builder
	b.WriteString("a: &a [x, x, x, x, x, x, x, x, x, x]\n")
	prev := "a"
	for i := range 8 {
		n := string(rune('b' + i))
		fmt.Fprintf(&b, "%s: &%s [%s]\n", n, n, strings.Repeat("*"+prev+", ", 9)+"*"+prev)
		prev = n
	}
	return b.String()
}

// limitsTails are broken documents after a good one (issue 10, defect 1).
var limitsTails = []struct{ name, tail string }{
	{"unclosed flow", "\n---\n[unclosed\n"},
	{"undefined alias", "\n---\n*nowhere\n"},
	{"tab indentation", "\n---\nkey:\n\tvalue: 1\n"},
	{"alias bomb", "\n---\n" + limitsAliasBomb()},
}

// A base file followed by a broken document does not load: the error names
// the file. Before the fix, every one of these loaded.
func TestLoadContentTrailingDocuments(t *testing.T) {
	for _, file := range limitsFiles {
		for _, c := range limitsTails {
			t.Run(file+"/"+c.name, func(t *testing.T) {
				files := limitsBase(t)
				files[file] += c.tail
				_, err := LoadContent(limitsFS(files))
				limitsWant(t, err, file, "", "", "YAML document")
			})
		}
	}
}

// An alias bomb as the document itself is refused by the decoder's alias
// budget (were it expanded, the test would run out of time or memory).
func TestLoadContentAliasBomb(t *testing.T) {
	for _, file := range limitsFiles {
		files := limitsBase(t)
		files[file] = limitsAliasBomb()
		_, err := LoadContent(limitsFS(files))
		limitsWant(t, err, file, "", "", "")
	}
}

// limitsCase replaces old (which must occur in file) by new and expects a
// *LoadError at entry and field mentioning msg.
type limitsCase struct {
	name, file, old, new string
	entry, field, msg    string
}

// limitsCases holds one value beyond its bound for every number content
// can carry, in every context, and the other limits of a file.
var limitsCases = []limitsCase{
	// Lords (the reproductions of issue 10, defect 3, first).
	{"lord vp_per_quest 10^6", "lords.yaml", "{quest_types: [arcana, skullduggery], vp_per_quest: 4}", "{quest_types: [arcana, skullduggery], vp_per_quest: 1000000}", "brianne-byndraeth", "scoring.vp_per_quest", "at most 100"},
	{"lord vp_per_quest 2^31", "lords.yaml", "{quest_types: [arcana, skullduggery], vp_per_quest: 4}", "{quest_types: [arcana, skullduggery], vp_per_quest: 2147483648}", "brianne-byndraeth", "scoring.vp_per_quest", "at most 100"},
	{"lord vp_per_quest", "lords.yaml", "{quest_types: [arcana, skullduggery], vp_per_quest: 4}", "{quest_types: [arcana, skullduggery], vp_per_quest: 101}", "brianne-byndraeth", "scoring.vp_per_quest", "at most 100"},
	{"lord vp_per_building", "lords.yaml", "{vp_per_building: 6}", "{vp_per_building: 101}", "larissa-neathal", "scoring.vp_per_building", "at most 100"},
	{"lord quest type twice", "lords.yaml", "[arcana, skullduggery], vp_per_quest: 4", "[arcana, arcana], vp_per_quest: 4", "brianne-byndraeth", "scoring.quest_types", "twice"},
	{"lord name", "lords.yaml", `name: "Brianne Byndraeth"`, "name: " + strings.Repeat("b", content.MaxNameLen+1), "brianne-byndraeth", "name", "at most 100"},
	{"lord text", "lords.yaml", `text: "Ends the game with 4 VP for each arcana and each skullduggery quest you completed."`, "text: " + strings.Repeat("b", content.MaxTextLen+1), "brianne-byndraeth", "text", "at most 1000"},
	{"lord id", "lords.yaml", "id: brianne-byndraeth", "id: " + strings.Repeat("b", content.MaxIDLen+1), "lord 1", "id", "at most 64"},

	// Quest rewards, requirements, plots, copies.
	{"reward vp 2^31-1", "quests.yaml", "{gain: {vp: 8, fighter: 1, gold: 2}}", "{gain: {vp: 2147483647, fighter: 1, gold: 2}}", "domesticate-owlbears", "reward", "gain.vp is 2147483647; at most 100"},
	{"reward vp", "quests.yaml", "{gain: {vp: 8, fighter: 1, gold: 2}}", "{gain: {vp: 101, fighter: 1, gold: 2}}", "domesticate-owlbears", "reward", "gain.vp is 101; at most 100"},
	{"reward intrigue 2^63-1", "quests.yaml", "{gain: {vp: 20, intrigue: 1}}", "{gain: {vp: 20, intrigue: 9223372036854775807}}", "expose-red-wizards-spies", "reward", "gain.intrigue"},
	{"reward intrigue", "quests.yaml", "{gain: {vp: 20, intrigue: 1}}", "{gain: {vp: 20, intrigue: 11}}", "expose-red-wizards-spies", "reward", "gain.intrigue is 11; at most 10"},
	{"reward gold", "quests.yaml", "{gain: {vp: 8, fighter: 1, gold: 2}}", "{gain: {vp: 8, fighter: 1, gold: 101}}", "domesticate-owlbears", "reward", "gain.gold is 101; at most 100"},
	{"reward cleric", "quests.yaml", "{gain: {vp: 9, cleric: 2}}", "{gain: {vp: 9, cleric: 26}}", "host-festival-for-sune", "reward", "gain.cleric is 26; at most 25"},
	{"reward fighter", "quests.yaml", "{gain: {vp: 8, fighter: 1, gold: 2}}", "{gain: {vp: 8, fighter: 26, gold: 2}}", "domesticate-owlbears", "reward", "gain.fighter is 26"},
	{"reward wizard", "quests.yaml", "{gain: {vp: 6, wizard: 3}}", "{gain: {vp: 6, wizard: 26}}", "recruit-for-blackstaff-academy", "reward", "gain.wizard is 26"},
	{"reward draw_quest", "quests.yaml", "{draw_quest: 1}", "{draw_quest: 8}", "loot-the-crypt-of-chauntea", "reward", "draw_quest must be between 1 and 7"},
	{"reward vp_per_building", "quests.yaml", "{vp_per_building: 2}", "{vp_per_building: 51}", "", "reward", "vp_per_building must be between 1 and 50"},
	{"reward steps", "quests.yaml", "      - {gain: {vp: 8, fighter: 1, gold: 2}}\n", strings.Repeat("      - {gain: {vp: 1}}\n", content.MaxSteps+1), "domesticate-owlbears", "reward", "17 steps; at most 16"},
	{"requires rogue", "quests.yaml", "requires: {cleric: 1, fighter: 1, rogue: 2, wizard: 2, gold: 2}", "requires: {cleric: 1, fighter: 1, rogue: 26, wizard: 2, gold: 2}", "expose-red-wizards-spies", "requires", "requires.rogue is 26"},
	{"requires gold", "quests.yaml", "requires: {cleric: 1, fighter: 1, rogue: 2, wizard: 2, gold: 2}", "requires: {cleric: 1, fighter: 1, rogue: 2, wizard: 2, gold: 101}", "expose-red-wizards-spies", "requires", "requires.gold is 101"},
	{"requires negative", "quests.yaml", "requires: {cleric: 1, fighter: 1, rogue: 2, wizard: 2, gold: 2}", "requires: {cleric: 1, fighter: 1, rogue: 2, wizard: 2, gold: -2}", "expose-red-wizards-spies", "requires", "negative"},
	{"quest copies", "quests.yaml", "  - id: domesticate-owlbears\n", "  - id: domesticate-owlbears\n    copies: 5\n", "domesticate-owlbears", "copies", "1 to 4"},
	{"quest copies 10^6", "quests.yaml", "  - id: domesticate-owlbears\n", "  - id: domesticate-owlbears\n    copies: 1000000\n", "domesticate-owlbears", "copies", "1 to 4"},
	{"plot gain intrigue", "quests.yaml", "{kind: bonus_on_gain, when: wizard, gain: {intrigue: 1}}", "{kind: bonus_on_gain, when: wizard, gain: {intrigue: 11}}", "explore-ahghairons-tower", "plot", "plot.gain.intrigue is 11"},
	{"plot gain gold", "quests.yaml", "{kind: bonus_on_gain, when: rogue, gain: {gold: 2}}", "{kind: bonus_on_gain, when: rogue, gain: {gold: 101}}", "", "plot", "plot.gain.gold is 101"},
	{"plot gain rogue", "quests.yaml", "{kind: bonus_on_gain, when: gold, gain: {rogue: 1}}", "{kind: bonus_on_gain, when: gold, gain: {rogue: 26}}", "", "plot", "plot.gain.rogue is 26"},
	{"plot complete vp", "quests.yaml", "{kind: bonus_on_complete, type: arcana, vp: 2}", "{kind: bonus_on_complete, type: arcana, vp: 101}", "study-the-illusk-arch", "plot", "plot.vp must be 1 to 100"},
	{"plot purchase vp", "quests.yaml", "{kind: bonus_on_purchase, vp: 4}", "{kind: bonus_on_purchase, vp: 101}", "infiltrate-builders-hall", "plot", "plot.vp must be 1 to 100"},
	{"plot count", "quests.yaml", "{kind: round_start_choose, count: 1}", "{kind: round_start_choose, count: 5}", "", "plot", "plot.count must be 1 to 4"},
	{"plot unused vp", "quests.yaml", "{kind: occupied_placement}", "{kind: occupied_placement, vp: 1000000}", "recover-the-magisters-orb", "plot", "plot.vp is not used"},
	{"plot unused count", "quests.yaml", "{kind: bonus_on_purchase, vp: 4}", "{kind: bonus_on_purchase, vp: 4, count: 1000000}", "infiltrate-builders-hall", "plot", "plot.count is not used"},
	{"quest id with a space", "quests.yaml", "id: domesticate-owlbears", "id: domesticate owlbears", "quest 1", "id", "white space"},
	{"quest id with #", "quests.yaml", "id: domesticate-owlbears", "id: domesticate-owlbears#2", "quest 1", "id", "#"},
	{"quest id a number", "quests.yaml", "id: domesticate-owlbears", "id: \"17\"", "quest 1", "id", "number"},

	// Intrigue cards.
	{"otherwise intrigue", "intrigue.yaml", "otherwise: {intrigue: 1}", "otherwise: {intrigue: 11}", "arcane-mishap", "effect", "each_opponent_loses.otherwise.intrigue is 11"},
	{"otherwise vp", "intrigue.yaml", "otherwise: {vp: 2}", "otherwise: {vp: 101}", "lack-of-faith", "effect", "each_opponent_loses.otherwise.vp is 101"},
	{"otherwise gold", "intrigue.yaml", "otherwise: {gold: 2}", "otherwise: {gold: 101}", "assassination", "effect", "each_opponent_loses.otherwise.gold is 101"},
	{"otherwise fighter", "intrigue.yaml", "otherwise: {fighter: 1}", "otherwise: {fighter: 26}", "ambush", "effect", "each_opponent_loses.otherwise.fighter is 26"},
	{"may give score", "intrigue.yaml", "{give: {rogue: 1}, score: 3}", "{give: {rogue: 1}, score: 101}", "recruit-spies", "effect", "each_opponent_may_give.score must be between 1 and 100"},
	{"may give rogue", "intrigue.yaml", "{give: {rogue: 1}, score: 3}", "{give: {rogue: 26}, score: 3}", "recruit-spies", "effect", "each_opponent_may_give.give.rogue is 26"},
	{"may give gold", "intrigue.yaml", "{give: {gold: 4}, score: 4}", "{give: {gold: 101}, score: 4}", "tax-collection", "effect", "each_opponent_may_give.give.gold is 101"},
	{"change of plans vp", "intrigue.yaml", "{vp: 6, opponent_vp: 3}", "{vp: 101, opponent_vp: 3}", "change-of-plans", "effect", "change_of_plans.vp must be between 1 and 100"},
	{"change of plans opponent vp", "intrigue.yaml", "{vp: 6, opponent_vp: 3}", "{vp: 6, opponent_vp: 101}", "change-of-plans", "effect", "change_of_plans.opponent_vp must be between 1 and 100"},
	{"gift gold", "intrigue.yaml", "{gift: {gold: 2}}", "{gift: {gold: 101}}", "spread-the-wealth", "effect", "gift.gold is 101"},
	{"gift fighter", "intrigue.yaml", "{gift: {fighter: 1}}", "{gift: {fighter: 26}}", "conscription", "effect", "gift.fighter is 26"},
	{"pay gold", "intrigue.yaml", "{pay: {gold: 2}}", "{pay: {gold: 101}}", "bribe-agent", "effect", "pay.gold is 101"},
	{"effect gain wizard", "intrigue.yaml", "{gain: {wizard: 2}}", "{gain: {wizard: 26}}", "graduation-day", "effect", "gain.wizard is 26"},
	{"choose_one options", "intrigue.yaml", "{choose_one: [{gold: 4}, {fighter: 2}, {rogue: 2}, {wizard: 1}, {cleric: 1}]}", "{choose_one: [" + strings.Repeat("{gold: 1}, ", content.MaxOptions) + "{gold: 1}]}", "call-in-a-favor", "effect", "17 options; at most 16"},
	{"choose_one gold", "intrigue.yaml", "{choose_one: [{gold: 4}, {fighter: 2}", "{choose_one: [{gold: 8}, {fighter: 2}", "call-in-a-favor", "effect", "at most 7 adventurers and 7 gold"},
	{"choose count", "intrigue.yaml", "{choose: {count: 2}}", "{choose: {count: 8}}", "call-for-adventurers", "effect", "choose.count must be between 1 and 7"},
	{"each_opponent_chooses", "intrigue.yaml", "{each_opponent_chooses: 1}", "{each_opponent_chooses: 8}", "call-for-adventurers", "effect", "each_opponent_chooses must be between 1 and 7"},
	{"steal", "intrigue.yaml", "{steal: 1}", "{steal: 8}", "free-drinks", "effect", "steal must be between 1 and 7"},
	{"mandatory requires", "intrigue.yaml", "requires: {fighter: 2, wizard: 1}", "requires: {fighter: 26, wizard: 1}", "fend-off-bandits", "requires", "requires.fighter is 26"},
	{"mandatory reward", "intrigue.yaml", "requires: {fighter: 2, wizard: 1}\n    reward: [{gain: {vp: 2}}]", "requires: {fighter: 2, wizard: 1}\n    reward: [{gain: {vp: 101}}]", "fend-off-bandits", "reward", "gain.vp is 101"},
	{"intrigue copies", "intrigue.yaml", "copies: 3", "copies: 9", "bidding-war", "copies", "1 to 8"},
	{"intrigue copies 10^6", "intrigue.yaml", "copies: 3", "copies: 1000000", "bidding-war", "copies", "1 to 8"},
	{"intrigue name", "intrigue.yaml", `name: "Ambush"`, "name: " + strings.Repeat("a", content.MaxNameLen+1), "ambush", "name", "at most 100"},

	// Buildings.
	{"tile cost", "buildings.yaml", "cost: 4\n    accumulate: {fighter: 2}", "cost: 101\n    accumulate: {fighter: 2}", "caravan-court", "cost", "0 to 100"},
	{"tile cost 2^31", "buildings.yaml", "cost: 4\n    accumulate: {fighter: 2}", "cost: 2147483648\n    accumulate: {fighter: 2}", "caravan-court", "cost", "0 to 100"},
	{"tile copies", "buildings.yaml", "  - id: caravan-court\n", "  - id: caravan-court\n    copies: 5\n", "caravan-court", "copies", "1 to 4"},
	{"accumulate fighter", "buildings.yaml", "accumulate: {fighter: 2}", "accumulate: {fighter: 26}", "caravan-court", "accumulate", "accumulate.fighter is 26; at most 25"},
	{"accumulate gold", "buildings.yaml", "accumulate: {gold: 4}", "accumulate: {gold: 26}", "the-golden-horn", "accumulate", "accumulate.gold is 26"},
	{"accumulate vp", "buildings.yaml", "accumulate: {vp: 3}", "accumulate: {vp: 26}", "the-waymoot", "accumulate", "accumulate.vp is 26"},
	{"bonus_vp", "buildings.yaml", "{take_quest_may_complete: {bonus_vp: 4}}", "{take_quest_may_complete: {bonus_vp: 101}}", "heroes-garden", "action", "take_quest_may_complete.bonus_vp must be between 1 and 100"},
	{"gold_per_building", "buildings.yaml", "{gold_per_building: 1}", "{gold_per_building: 51}", "the-stone-house", "action", "gold_per_building must be between 1 and 50"},
	{"owner gain vp", "buildings.yaml", "action: [{gain: {gold: 2}}, {choose: {count: 1}}]\n    owner: [{gain: {vp: 2}}]", "action: [{gain: {gold: 2}}, {choose: {count: 1}}]\n    owner: [{gain: {vp: 101}}]", "northgate", "owner", "gain.vp is 101"},
	{"owner choose_one", "buildings.yaml", "owner: [{choose_one: [{fighter: 1}, {wizard: 1}]}]", "owner: [{choose_one: [{fighter: 8}, {wizard: 1}]}]", "fetlock-court", "owner", "at most 7 adventurers"},
	{"return count", "buildings.yaml", "{return: {count: 2}}", "{return: {count: 8}}", "the-three-pearls", "action", "return.count must be between 1 and 7"},
	{"space take_quest", "buildings.yaml", "action: [{take_quest: 1}, {gain: {gold: 2}}]", "action: [{take_quest: 8}, {gain: {gold: 2}}]", "cliffwatch-inn", "spaces.cliffwatch-inn/1.action", "take_quest must be between 1 and 7"},
	{"space gain gold", "buildings.yaml", "action: [{gain: {gold: 4}}]", "action: [{gain: {gold: 101}}]", "auroras-realms-shop", "spaces.auroras-realms-shop.action", "gain.gold is 101"},
	{"space gain intrigue", "buildings.yaml", "action: [{special: first_player}, {gain: {intrigue: 1}}]", "action: [{special: first_player}, {gain: {intrigue: 9223372036854775807}}]", "castle-waterdeep", "spaces.castle-waterdeep.action", "gain.intrigue"},
	{"space text", "buildings.yaml", `text: "Take 4 gold."`, "text: " + strings.Repeat("t", content.MaxTextLen+1), "auroras-realms-shop", "spaces.auroras-realms-shop.text", "at most 1000"},
	{"tile name", "buildings.yaml", `name: "Caravan Court"`, "name: " + strings.Repeat("c", content.MaxNameLen+1), "caravan-court", "name", "at most 100"},
	{"tile id", "buildings.yaml", "id: caravan-court", "id: caravan\tcourt", "tile 1", "id", "white space"},
}

// Every number beyond its bound is refused with an error naming the file,
// the entry and the field.
func TestContentBounds(t *testing.T) {
	for _, c := range limitsCases {
		t.Run(c.name, func(t *testing.T) {
			files := limitsBase(t)
			if strings.Count(files[c.file], c.old) == 0 {
				t.Fatalf("%q not in %s", c.old, c.file)
			}
			files[c.file] = strings.Replace(files[c.file], c.old, c.new, 1)
			_, err := LoadContent(limitsFS(files))
			entry := c.entry
			if entry == "" {
				entry = limitsEntryOf(t, files[c.file], c.new)
			}
			limitsWant(t, err, c.file, entry, c.field, c.msg)
		})
	}
}

// limitsEntryOf returns the id of the entry of a file in which text stands.
func limitsEntryOf(t *testing.T, file, text string) string {
	t.Helper()
	before := file[:strings.Index(file, text)]
	i := strings.LastIndex(before, "  - id: ")
	if i < 0 {
		t.Fatalf("no entry before %q", text)
	}
	id, _, _ := strings.Cut(before[i+len("  - id: "):], "\n")
	return id
}

// limitsNoStatFS serves files whose size it does not tell, so that the
// loader must count what it reads.
type limitsNoStatFS map[string]string

type limitsNoStatFile struct{ io.Reader }

func (limitsNoStatFile) Stat() (fs.FileInfo, error) { return nil, errors.New("no stat") }
func (limitsNoStatFile) Close() error               { return nil }

func (f limitsNoStatFS) Open(name string) (fs.File, error) {
	data, ok := f[name]
	if !ok {
		return nil, fs.ErrNotExist
	}
	return limitsNoStatFile{strings.NewReader(data)}, nil
}

// limitsAllocated returns the bytes f allocates.
func limitsAllocated(f func()) uint64 {
	var before, after runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	f()
	runtime.ReadMemStats(&after)
	return after.TotalAlloc - before.TotalAlloc
}

// A file of more than content.MaxFileSize bytes is refused before it is
// decoded, whether or not the file system tells its size; a file of a
// million entries is such a file. Lists longer than content.MaxEntries are
// refused too.
func TestContentSizes(t *testing.T) {
	million := "quests:\n" + strings.Repeat("  - {}\n", 1_000_000)
	for _, c := range []struct {
		name string
		fsys func(map[string]string) fs.FS
	}{
		{"stat", func(f map[string]string) fs.FS { return limitsFS(f) }},
		{"no stat", func(f map[string]string) fs.FS { return limitsNoStatFS(f) }},
	} {
		t.Run(c.name, func(t *testing.T) {
			for _, data := range []string{million, strings.Repeat("#", content.MaxFileSize+1)} {
				files := limitsBase(t)
				files["quests.yaml"] = data
				fsys := c.fsys(files)
				var err error
				alloc := limitsAllocated(func() { _, err = LoadContent(fsys) })
				// The file is refused before it is decoded: what is read
				// is bounded by the limit (the race detector's own
				// allocations aside).
				if alloc > 4*content.MaxFileSize && !raceDetector {
					t.Errorf("allocated %d bytes", alloc)
				}
				if !errors.Is(err, content.ErrFileTooLarge) {
					t.Errorf("got %v, want ErrFileTooLarge", err)
				}
				limitsWant(t, err, "quests.yaml", "", "", "file too large")
			}
			files := limitsBase(t)
			files["quests.yaml"] = strings.Repeat("#", content.MaxFileSize)
			if _, err := LoadContent(c.fsys(files)); errors.Is(err, content.ErrFileTooLarge) {
				t.Errorf("a file of exactly MaxFileSize bytes: %v", err)
			}
		})
	}

	// Too many entries in each list.
	entries := func(head, entry string, n int) string {
		var b strings.Builder
		b.WriteString(head + ":\n")
		for i := range n {
			fmt.Fprintf(&b, entry, i)
		}
		return b.String()
	}
	over := content.MaxEntries + 1
	for _, c := range []struct{ file, data, field string }{
		{"quests.yaml", entries("quests", "  - {id: q%d, name: Q, type: arcana, requires: {wizard: 1}}\n", over), "quests"},
		{"intrigue.yaml", entries("cards", "  - {id: c%d, name: C, kind: utility, copies: 1, effect: [{gain: {gold: 1}}]}\n", over), "cards"},
		{"lords.yaml", entries("lords", "  - {id: l%d, name: L, scoring: {vp_per_building: 1}}\n", over), "lords"},
		{"buildings.yaml", entries("tiles", "  - {id: t%d, name: T, cost: 1, action: [{gain: {gold: 1}}], owner: [{gain: {gold: 1}}]}\n", over), "tiles"},
		{"buildings.yaml", entries("basic", "  - {id: b%d, name: B, spaces: [{id: s, action: [{gain: {gold: 1}}]}]}\n", over), "basic"},
		{"buildings.yaml", "basic:\n  - id: b\n    name: B\n    spaces:\n" + entries("", "      - {id: s%d, action: [{gain: {gold: 1}}]}\n", over)[2:], "spaces"},
	} {
		files := limitsBase(t)
		files[c.file] = c.data
		_, err := LoadContent(limitsFS(files))
		entry := ""
		if c.field == "spaces" {
			entry = "b"
		}
		t.Run(c.file+"/"+c.field, func(t *testing.T) { limitsWant(t, err, c.file, entry, c.field, "129 entries; at most 128") })
	}

	// The worst a file under the size limit can cost: as many entries as fit.
	files := limitsBase(t)
	var b strings.Builder
	b.WriteString("quests: [")
	for b.Len() < content.MaxFileSize-10 {
		b.WriteString("{},")
	}
	b.WriteString("{}]\n")
	files["quests.yaml"] = b.String()
	fsys := limitsFS(files)
	var err error
	start := time.Now()
	alloc := limitsAllocated(func() { _, err = LoadContent(fsys) })
	t.Logf("a %d-byte file of empty entries: refused in %v, %d MB allocated", b.Len(), time.Since(start), alloc>>20)
	limitsWant(t, err, "quests.yaml", "", "quests", "entries; at most 128")
}
