package waterdeep

import (
	"encoding/json"
	"errors"
	"math/rand/v2"
	"reflect"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// recModuleConfigs lists games with every combination of modules, normal
// and long (both modules only long), with 2 to 6 players, games of each.
func recModuleConfigs(games int) []Config {
	var out []Config
	for m := Undermountain; m <= Undermountain|Skullport; m++ {
		for _, long := range []bool{false, true} {
			if !long && m == Undermountain|Skullport {
				continue
			}
			for n := 2; n <= MaxPlayers; n++ {
				for g := range games {
					out = append(out, Config{Players: n, Modules: m, Long: long, Seed: uint64(7000 + 100*len(out) + g)})
				}
			}
		}
	}
	return out
}

// recGame plays a random game of cfg with ApplyEvents, recording it.
func recGame(t testing.TB, cfg Config) (Record, State, []Event) {
	t.Helper()
	s, err := New(cfg)
	if err != nil {
		t.Fatalf("New(%+v): %v", cfg, err)
	}
	rec := NewRecord(cfg)
	r := rand.New(rand.NewPCG(cfg.Seed, 0xe4c))
	var events []Event
	for steps := 0; !s.Over(); steps++ {
		if steps > harnessMaxSteps {
			t.Fatalf("%+v: the game does not end", cfg)
		}
		legal := s.LegalActions()
		a := legal[r.IntN(len(legal))]
		if s, events, err = s.ApplyEvents(a, events); err != nil {
			t.Fatalf("ApplyEvents(%v): %v", a, err)
		}
		rec.Add(a)
	}
	return rec, s, events
}

// TestReplayModules: random games of every combination of modules, 2 to 6
// players, normal and long, replay to the identical final state and
// events, directly and through the record's JSON form.
func TestReplayModules(t *testing.T) {
	games := 2
	if quickRun() || raceDetector {
		games = 1
	}
	actions := 0
	for _, cfg := range recModuleConfigs(games) {
		rec, final, events := recGame(t, cfg)
		if rec.Content != FullContentName || rec.Modules != cfg.Modules || rec.Long != cfg.Long {
			t.Fatalf("NewRecord(%+v) = content %q, modules %v, long %v", cfg, rec.Content, rec.Modules, rec.Long)
		}
		encCheckReplay(t, rec, final, events)
		actions += len(rec.Actions)
	}
	t.Logf("%d games, %d actions replayed", len(recModuleConfigs(games)), actions)
}

// TestReplayRemovedDeal: a deal that fixes some of the base cards removed
// with both modules survives the record, its JSON form and the replay; the
// record does not share the config's lists.
func TestReplayRemovedDeal(t *testing.T) {
	c := FullContent()
	q, _ := c.QuestByID("domesticate-owlbears")
	i, _ := c.IntrigueByID("call-in-a-favor")
	b, _ := c.BuildingByID("the-zoarstar")
	d := &Deal{Quests: []QuestID{q + 1}, RemovedQuests: []QuestID{q}, RemovedIntrigue: []IntrigueID{i}, RemovedBuildings: []BuildingID{b}}
	cfg := Config{Players: 5, Seed: 12, Modules: Undermountain | Skullport, Long: true, Deal: d}
	rec, final, events := recGame(t, cfg)
	if !final.questBox.has(uint8(q)) || !final.intrigueBox.has(uint8(i)) || final.tileBox&(1<<b) == 0 {
		t.Fatalf("the deal's removed cards are not in the box")
	}
	d.RemovedQuests[0] = q + 2 // the record keeps its own copy
	if rec.Deal.RemovedQuests[0] != q {
		t.Fatalf("NewRecord shares the deal's lists")
	}
	encCheckReplay(t, rec, final, events)
	data, err := json.Marshal(rec)
	if err != nil {
		t.Fatal(err)
	}
	var top struct {
		Deal map[string][]string `json:"deal"`
	}
	if err := json.Unmarshal(data, &top); err != nil {
		t.Fatal(err)
	}
	want := map[string][]string{"quests": {c.questNames[q+1]}, "removed_quests": {"domesticate-owlbears"},
		"removed_intrigue": {c.intrigueNames[i]}, "removed_buildings": {"the-zoarstar"}}
	if diff := cmp.Diff(want, top.Deal); diff != "" {
		t.Errorf("deal (-want +got):\n%s", diff)
	}
}

// TestRecordModulesJSON pins the version 3 form of a record with modules:
// the modules by name, the long game, the content "full", and actions
// named with FullContent's names (the modules' board spaces).
func TestRecordModulesJSON(t *testing.T) {
	c := FullContent()
	sp, ok := c.SpaceByID("hall-of-mirrors")
	if !ok {
		t.Fatal("no hall-of-mirrors")
	}
	rec := Record{Players: 6, Modules: Undermountain | Skullport, Long: true, Seed: 3, Content: FullContentName,
		Actions: []Action{PlaceAgent{5, sp}}}
	data, err := json.Marshal(rec)
	if err != nil {
		t.Fatal(err)
	}
	want := `{"version":3,"players":6,"seed":"3","content":"full","modules":["undermountain","skullport"],"long":true,` +
		`"actions":[{"type":"place_agent","player":"p6","space":"hall-of-mirrors","text":"p6 place hall-of-mirrors"}]}`
	if string(data) != want {
		t.Fatalf("json.Marshal(record) =\n%s\nwant\n%s", data, want)
	}
	got, err := DecodeRecord(data)
	rec.Version = RecordVersion
	if err != nil || !reflect.DeepEqual(got, rec) {
		t.Fatalf("DecodeRecord = %+v, %v; want %+v", got, err, rec)
	}
	// Modules and long are optional when read; a base game with
	// FullContent is the content "full" without modules.
	in := `{"version":3,"players":3,"seed":1,"content":"full","actions":[]}`
	if got, err := DecodeRecord([]byte(in)); err != nil || got.Content != FullContentName || got.Modules != 0 || got.Long {
		t.Fatalf("DecodeRecord(%s) = %+v, %v", in, got, err)
	}
	cfg := Config{Players: 3, Seed: 1, Content: c}
	if r := NewRecord(cfg); r.Content != FullContentName {
		t.Errorf("NewRecord(FullContent) names %q", r.Content)
	}
	start, _ := New(cfg)
	if s, _, err := Replay(NewRecord(cfg)); err != nil || s != start || s.Content() != c {
		t.Errorf("Replay of a base game with FullContent: %v, equal %v", err, s == start)
	}
}

// TestRecordModulesDecodeErrors: records of games with modules that New
// would refuse, or that name modules in an older version, are refused
// with a *DecodeError naming the field; encoding refuses them too.
func TestRecordModulesDecodeErrors(t *testing.T) {
	const acts = `"seed":1,"actions":[]`
	tests := []struct{ in, want string }{
		{`{"version":2,"players":4,"content":"base","modules":["skullport"],` + acts + `}`, "modules: not a field of version 2"},
		{`{"version":2,"players":4,"content":"base","long":false,` + acts + `}`, "long: not a field of version 2"},
		{`{"version":2,"players":4,"content":"full",` + acts + `}`, `unknown content "full"; version 2 knows only "base"`},
		{`{"version":3,"players":4,"content":"base","modules":["skullport"],` + acts + `}`, "modules: the content holds nothing of skullport"},
		{`{"version":3,"players":4,"content":"full","modules":["ravenloft"],` + acts + `}`, `modules[0]: unknown module "ravenloft"`},
		{`{"version":3,"players":4,"content":"full","modules":["skullport","undermountain"],"long":true,` + acts + `}`, "undermountain before skullport"},
		{`{"version":3,"players":4,"content":"full","modules":["skullport","skullport"],` + acts + `}`, "listed once each"},
		{`{"version":3,"players":4,"content":"full","modules":"skullport",` + acts + `}`, "modules: want an array"},
		{`{"version":3,"players":4,"content":"full","modules":null,` + acts + `}`, "modules: want an array"},
		{`{"version":3,"players":4,"content":"full","long":1,"modules":["skullport"],` + acts + `}`, "long: want true or false"},
		{`{"version":3,"players":4,"content":"full","long":null,` + acts + `}`, "long: want true or false"},
		{`{"version":3,"players":6,"content":"full",` + acts + `}`, "players: 6 players need a module"},
		{`{"version":3,"players":7,"content":"full","modules":["skullport"],` + acts + `}`, "players: 7 players"},
		{`{"version":3,"players":4,"content":"full","long":true,` + acts + `}`, "long: the long game needs a module"},
		{`{"version":3,"players":4,"content":"full","modules":["undermountain","skullport"],` + acts + `}`, "long: both modules need the long game"},
		{`{"version":2,"players":4,"content":"base","deal":{"removed_quests":[1]},` + acts + `}`, "deal.removed_quests: unknown field"},
		{`{"version":3,"players":4,"content":"full","modules":["skullport"],"deal":{"removed_quests":["domesticate-owlbears"]},` + acts + `}`, "only a game with both modules removes base game cards"},
		{`{"version":3,"players":4,"content":"full","modules":["undermountain","skullport"],"long":true,"deal":{"removed_intrigue":["nothing"]},` + acts + `}`, `deal.removed_intrigue[0]: no such name "nothing"`},
		{`{"version":3,"players":4,"content":"base","seed":1,"actions":[{"type":"place_agent","player":"p1","space":"hall-of-mirrors"}]}`, `actions[0]: "space": no space is named "hall-of-mirrors"`},
	}
	for _, tt := range tests {
		var r Record
		err := json.Unmarshal([]byte(tt.in), &r)
		var de *DecodeError
		if !errors.As(err, &de) || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("json.Unmarshal(%s) = %v; want a *DecodeError saying %q", tt.in, err, tt.want)
		}
	}
	for _, r := range []Record{
		{Players: 6, Content: "base"},
		{Players: 6, Content: "full", Long: true},
		{Players: 4, Content: "base", Modules: Skullport},
		{Players: 4, Content: "full", Modules: Undermountain | Skullport},
		{Players: 4, Content: "full", Modules: 4},
		{Players: 4, Content: "full", Modules: Skullport, Deal: &Deal{RemovedQuests: []QuestID{1}}},
		{Players: 4, Content: "base", Actions: []Action{PlaceAgent{0, 40}}},
	} {
		if data, err := json.Marshal(r); err == nil {
			t.Errorf("json.Marshal(%+v) = %s, want an error", r, data)
		}
	}
}
