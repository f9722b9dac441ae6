package waterdeep

import (
	"encoding/json"
	"errors"
	"fmt"
	"reflect"
	"slices"
	"strings"
	"sync"
	"testing"
)

// encCheckReplay replays rec, directly and through its JSON form, and
// checks that both give the final state and events of the original run.
func encCheckReplay(t testing.TB, rec Record, final State, events []Event) {
	t.Helper()
	s, ev, err := Replay(rec)
	if err != nil {
		t.Fatalf("Replay: %v", err)
	}
	if s != final {
		t.Fatalf("Replay: the final state differs from the original game's")
	}
	if !slices.Equal(ev, events) {
		t.Fatalf("Replay: %d events, the original game had %d (or they differ)", len(ev), len(events))
	}
	data, err := json.Marshal(rec)
	if err != nil {
		t.Fatalf("json.Marshal(record): %v", err)
	}
	var back Record
	if err := json.Unmarshal(data, &back); err != nil {
		t.Fatalf("json.Unmarshal(record): %v", err)
	}
	if !reflect.DeepEqual(back, rec) {
		t.Fatalf("the record does not survive JSON:\n got %+v\nwant %+v", back, rec)
	}
	s, ev, err = Replay(back)
	if err != nil || s != final || !slices.Equal(ev, events) {
		t.Fatalf("Replay of the decoded record differs (err %v)", err)
	}
}

func TestReplayIdentical(t *testing.T) {
	t.Parallel() // self-contained: runs beside the other heavy tests (long_test.go)
	games, actions := 0, 0
	for players := 2; players <= 5; players++ {
		for g := range encGamesPerCount(t) {
			rec, final, events := encGame(t, players, uint64(3000*players+g), nil)
			if !final.Over() {
				t.Fatalf("game not over")
			}
			encCheckReplay(t, rec, final, events)
			games++
			actions += len(rec.Actions)
		}
	}
	t.Logf("%d games, %d actions replayed", games, actions)
}

func TestReplayParallel(t *testing.T) {
	type game struct {
		rec    Record
		final  State
		events []Event
	}
	var games []game
	for players := 2; players <= 5; players++ {
		for g := range max(encGamesPerCount(t)/3, 2) {
			rec, final, events := encGame(t, players, uint64(4000*players+g), nil)
			games = append(games, game{rec, final, events})
		}
	}
	var wg sync.WaitGroup
	errs := make(chan error, 4*len(games))
	for range 4 {
		for _, g := range games {
			wg.Go(func() {
				s, ev, err := Replay(g.rec)
				switch {
				case err != nil:
					errs <- err
				case s != g.final || !slices.Equal(ev, g.events):
					errs <- fmt.Errorf("replay of a %d-player game (seed %d) differs", g.rec.Players, g.rec.Seed)
				}
			})
		}
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		t.Error(err)
	}
}

func TestReplayPartialAndRecordWhilePlaying(t *testing.T) {
	// A record of a game in progress replays to the same state.
	cfg := Config{Players: 3, Seed: 7}
	s, err := New(cfg)
	if err != nil {
		t.Fatal(err)
	}
	rec := NewRecord(cfg)
	var events []Event
	for range 40 {
		a := s.LegalActions()[0]
		if s, events, err = s.ApplyEvents(a, events); err != nil {
			t.Fatal(err)
		}
		rec.Add(a)
	}
	got, ev, err := Replay(rec)
	if err != nil || got != s || !slices.Equal(ev, events) {
		t.Fatalf("Replay of a game in progress differs (err %v)", err)
	}
	// An empty record is the game's start.
	start, _ := New(cfg)
	if got, ev, err := Replay(NewRecord(cfg)); err != nil || got != start || len(ev) != 0 {
		t.Fatalf("Replay(empty) = %v events, %v", len(ev), err)
	}
	// ReplayWith and the empty content name.
	rec.Content = ""
	if got, _, err := ReplayWith(rec, nil); err != nil || got != s {
		t.Fatalf("ReplayWith(nil content): %v", err)
	}
	if got, _, err := Replay(rec); err != nil || got != s {
		t.Fatalf("Replay(content \"\"): %v", err)
	}
	data, err := json.Marshal(rec)
	if err != nil || !strings.Contains(string(data), `"content":"base"`) {
		t.Fatalf("json.Marshal = %s, %v", data, err)
	}
}

func TestReplayIllegalAction(t *testing.T) {
	rec, _, _ := encGame(t, 4, 99, nil)
	const at = 17
	bad := rec
	bad.Actions = slices.Clone(rec.Actions)
	bad.Actions[at] = Decline{(bad.Actions[at].Actor() + 1) % 4}
	s, events, err := Replay(bad)
	var re *ReplayError
	if !errors.As(err, &re) || re.Index != at || re.Action != bad.Actions[at] || !errors.Is(err, NotYourTurn) {
		t.Fatalf("Replay = %v; want a *ReplayError at %d that is NotYourTurn", err, at)
	}
	if !strings.Contains(err.Error(), "action 17") {
		t.Errorf("error %q does not name the index", err)
	}
	want, wantEvents, err := Replay(Record{Players: 4, Seed: 99, Content: "base", Deal: rec.Deal, Actions: rec.Actions[:at]})
	if err != nil || s != want || !slices.Equal(events, wantEvents) {
		t.Errorf("Replay does not return the state before the illegal action")
	}
	for _, r := range []Record{
		{Players: 6, Content: "base"},
		{Players: 4, Content: "expansion"},
		{Players: 4, Version: 4},
		{Players: 4, Deal: &Deal{Quests: []QuestID{200}}},
	} {
		if _, _, err := Replay(r); err == nil {
			t.Errorf("Replay(%+v) succeeded", r)
		}
	}
}

// recPiergeiron is the LordID of Piergeiron the Paladinson.
var recPiergeiron, _ = BaseContent().LordByID("piergeiron-the-paladinson")

func TestRecordJSONFormat(t *testing.T) {
	rec := Record{Players: 2, Seed: 1<<64 - 1, Content: "base",
		Deal:    &Deal{Quests: []QuestID{3, 17}, Buildings: []BuildingID{0}},
		Actions: []Action{PlaceAgent{0, 10}, ChooseResources{1, Pick{Cleric: 1}}}}
	data, err := json.Marshal(rec)
	if err != nil {
		t.Fatal(err)
	}
	want := `{"version":3,"players":2,"seed":"18446744073709551615","content":"base","modules":[],"long":false,` +
		`"deal":{"quests":["infiltrate-halasters-circle","safeguard-eltorchul-mage"],"buildings":["caravan-court"]},` +
		`"actions":[{"type":"place_agent","player":"p1","space":"cliffwatch-inn/1","text":"p1 place cliffwatch-inn/1"},` +
		`{"type":"choose_resources","player":"p2","pick":{"cleric":1},"text":"p2 pick 1 cleric"}]}`
	if string(data) != want {
		t.Fatalf("json.Marshal(record) =\n%s\nwant\n%s", data, want)
	}
	// Version 1, with numbers, still reads, as the same record.
	v1 := `{"version":1,"players":2,"seed":"18446744073709551615","content":"base","deal":{"quests":[3,17],"buildings":[0]},` +
		`"actions":[{"type":"place","player":0,"space":10},{"type":"pick","player":1,"cleric":1,"fighter":0,"rogue":0,"wizard":0,"gold":0}]}`
	got, err := DecodeRecord([]byte(v1))
	rec.Version = RecordVersion
	if err != nil || !reflect.DeepEqual(got, rec) {
		t.Fatalf("DecodeRecord(version 1) = %+v, %v; want %+v", got, err, rec)
	}
	// A seed may be a number, the deal may be absent or empty, actions may
	// be empty.
	for in, want := range map[string]Record{
		`{"version":2,"players":3,"seed":42,"content":"base","actions":[]}`:                                               {Version: 3, Players: 3, Seed: 42, Content: "base"},
		`{"version":2,"players":3,"seed":"42","content":"base","deal":null,"actions":[]}`:                                 {Version: 3, Players: 3, Seed: 42, Content: "base"},
		`{"actions":[],"content":"base","deal":{},"seed":0,"players":5,"version":2}`:                                      {Version: 3, Players: 5, Content: "base", Deal: &Deal{}},
		`{"version":1,"players":2,"seed":1,"content":"base","deal":{"lords":[3]},"actions":[]}`:                           {Version: 3, Players: 2, Seed: 1, Content: "base", Deal: &Deal{Lords: []LordID{3}}},
		`{"version":2,"players":2,"seed":1,"content":"base","deal":{"lords":["piergeiron-the-paladinson"]},"actions":[]}`: {Version: 3, Players: 2, Seed: 1, Content: "base", Deal: &Deal{Lords: []LordID{recPiergeiron}}},
		`{"version":3,"players":3,"seed":42,"content":"base","actions":[]}`:                                               {Version: 3, Players: 3, Seed: 42, Content: "base"},
	} {
		var got Record
		if err := json.Unmarshal([]byte(in), &got); err != nil || !reflect.DeepEqual(got, want) {
			t.Errorf("json.Unmarshal(%s) = %+v, %v; want %+v", in, got, err, want)
		}
	}
}

func TestRecordDecodeErrors(t *testing.T) {
	const ok = `"players":4,"seed":"1","content":"base","actions":[]`
	tests := []struct{ in, want string }{
		{``, "want a JSON object"},
		{`null`, "not null"},
		{`[]`, "want a JSON object"},
		{`{}`, "version: missing"},
		{`{` + ok + `}`, "version: missing"},
		{`{"version":4,` + ok + `}`, "unknown version 4; this package reads versions 1 to 3"},
		{`{"version":0,` + ok + `}`, "unknown version 0"},
		{`{"version":"1",` + ok + `}`, "version: want a whole number"},
		{`{"version":1.0,` + ok + `}`, "version: want a whole number"},
		{`{"version":1,` + ok + `,"extra":1}`, `"extra": unknown field`},
		{`{"version":1,` + ok + `,"Players":1}`, `"Players": unknown field`},
		{`{"version":1,"seed":"1","content":"base","actions":[]}`, "players: missing"},
		{`{"version":1,"players":4,"content":"base","actions":[]}`, "seed: missing"},
		{`{"version":1,"players":4,"seed":1,"actions":[]}`, "content: missing"},
		{`{"version":1,"players":4,"seed":1,"content":"base"}`, "actions: missing"},
		{`{"version":1,"players":1,"seed":1,"content":"base","actions":[]}`, "1 players"},
		{`{"version":1,"players":6,"seed":1,"content":"base","actions":[]}`, "6 players"},
		{`{"version":1,"players":-4,"seed":1,"content":"base","actions":[]}`, "players: want a whole number"},
		{`{"version":1,"players":4,"seed":-1,"content":"base","actions":[]}`, "seed: want a whole number"},
		{`{"version":1,"players":4,"seed":"0x10","content":"base","actions":[]}`, "seed: want a whole number"},
		{`{"version":1,"players":4,"seed":18446744073709551616,"content":"base","actions":[]}`, "seed: want a whole number"},
		{`{"version":1,"players":4,"seed":1,"content":"expansion","actions":[]}`, `unknown content "expansion"`},
		{`{"version":1,"players":4,"seed":1,"content":null,"actions":[]}`, "content: want a string"},
		{`{"version":1,"players":4,"seed":1,"content":1,"actions":[]}`, "content: want a string"},
		{`{"version":1,"players":4,"seed":1,"content":"base","actions":null}`, "want an array"},
		{`{"version":1,"players":4,"seed":1,"content":"base","actions":{}}`, "want an array"},
		{`{"version":1,"players":4,"seed":1,"content":"base","actions":[null]}`, "actions[0]"},
		{`{"version":1,"players":4,"seed":1,"content":"base","actions":[{"type":"skip","player":0},{"type":"skip"}]}`, `actions[1]: "player": missing`},
		{`{"version":1,"players":4,"seed":1,"content":"base","actions":[{"type":"skip","player":4}]}`, "actions[0]: p5 acts in a 4-player game (p1 to p4)"},
		{`{"version":1,"players":4,"seed":1,"content":"base","deal":[],"actions":[]}`, "deal: want a JSON object"},
		{`{"version":1,"players":4,"seed":1,"content":"base","deal":{"tiles":[1]},"actions":[]}`, "deal.tiles: unknown field"},
		{`{"version":1,"players":4,"seed":1,"content":"base","deal":{"quests":[60]},"actions":[]}`, "deal.quests[0]: 60 is out of range"},
		{`{"version":1,"players":4,"seed":1,"content":"base","deal":{"lords":[11]},"actions":[]}`, "deal.lords[0]: 11 is out of range"},
		{`{"version":1,"players":4,"seed":1,"content":"base","deal":{"intrigue":[1,2,1]},"actions":[]}`, "deal.intrigue[2]: " + BaseContent().IntrigueID(1) + " is listed twice"},
		{`{"version":1,"players":4,"seed":1,"content":"base","deal":{"buildings":[256]},"actions":[]}`, "deal.buildings[0]: want a whole number from 0 to 255"},
		{`{"version":1,"players":4,"seed":1,"content":"base","deal":{"buildings":"AQ=="},"actions":[]}`, "deal.buildings: want an array"},
		{`{"version":2,"players":4,"seed":1,"content":"base","deal":{"quests":["domesticate-owlbear"]},"actions":[]}`, `deal.quests[0]: no such name "domesticate-owlbear"; did you mean domesticate-owlbears?`},
		{`{"version":2,"players":4,"seed":1,"content":"base","deal":{"quests":["domesticate-owlbears","domesticate-owlbears"]},"actions":[]}`, "deal.quests[1]: domesticate-owlbears is listed twice"},
		{`{"version":2,"players":4,"seed":1,"content":"base","actions":[{"type":"place_agent","player":"p1","space":"nowhere"}]}`, `actions[0]: "space": no space is named "nowhere"`},
		{`{"version":2,"players":4,"seed":1,"content":"base","actions":["p1 place nowhere"]}`, `actions[0]: space: no space is named "nowhere"`},
		{`{"version":1,` + ok + `} {}`, "want a JSON object"},
		{`{"version":1,` + ok, "want a JSON object"},
	}
	for _, tt := range tests {
		var r Record
		err := json.Unmarshal([]byte(tt.in), &r)
		var de *DecodeError
		if !errors.As(err, &de) {
			// encoding/json checks the syntax before calling UnmarshalJSON.
			var se *json.SyntaxError
			if errors.As(err, &se) && strings.HasPrefix(tt.want, "want a JSON object") {
				continue
			}
			t.Errorf("json.Unmarshal(%s) = %v; want a *DecodeError", tt.in, err)
			continue
		}
		if !strings.HasPrefix(err.Error(), "waterdeep: cannot decode record: ") || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("json.Unmarshal(%s) error %q does not say %q", tt.in, err, tt.want)
		}
		// UnmarshalJSON itself refuses them too, leaving r unchanged.
		r = Record{Players: 9}
		if err := r.UnmarshalJSON([]byte(tt.in)); err == nil || r.Players != 9 {
			t.Errorf("UnmarshalJSON(%s) = %v, r = %+v", tt.in, err, r)
		}
	}
	// Encoding refuses what decoding would refuse.
	for _, r := range []Record{
		{Players: 1, Content: "base"},
		{Players: 4, Content: "custom"},
		{Players: 4, Version: 4},
		{Players: 4, Deal: &Deal{Lords: []LordID{1, 1}}},
		{Players: 4, Actions: []Action{Decline{4}}},
		{Players: 4, Actions: []Action{nil}},
		{Players: 4, Actions: []Action{ChooseResources{0, Pick{Gold: 9}}}},
	} {
		if data, err := json.Marshal(r); err == nil {
			t.Errorf("json.Marshal(%+v) = %s, want an error", r, data)
		}
	}
}

// encRecordSeeds are seed inputs for FuzzDecodeRecord.
func encRecordSeeds(t testing.TB) [][]byte {
	var out [][]byte
	for players := 2; players <= 5; players++ {
		rec, _, _ := encGame(t, players, uint64(players), nil)
		rec.Actions = rec.Actions[:min(len(rec.Actions), 30*players)]
		data, err := json.Marshal(rec)
		if err != nil {
			t.Fatal(err)
		}
		out = append(out, data)
	}
	rec := NewRecord(Config{Players: 3, Seed: 5, Deal: &Deal{Lords: []LordID{1}, Quests: []QuestID{2, 3}, Intrigue: []IntrigueID{4}, Buildings: []BuildingID{5}}})
	rec.Add(PlaceAgent{0, 0})
	rec.Add(PlaceAgent{1, 99})
	data, _ := json.Marshal(rec)
	out = append(out, data, []byte(`{"version":1,"players":2,"seed":3,"content":"base","actions":[]}`))
	// Games with modules, and a deal removing base cards.
	for i, cfg := range recModuleConfigs(1) {
		if i%2 == 0 {
			continue
		}
		rec, _, _ := recGame(t, cfg)
		rec.Actions = rec.Actions[:min(len(rec.Actions), 20*cfg.Players)]
		data, err := json.Marshal(rec)
		if err != nil {
			t.Fatal(err)
		}
		out = append(out, data)
	}
	rec = NewRecord(Config{Players: 6, Seed: 5, Modules: Undermountain | Skullport, Long: true, Deal: &Deal{RemovedQuests: []QuestID{0, 1}, RemovedBuildings: []BuildingID{2}}})
	data, _ = json.Marshal(rec)
	return append(out, data)
}

func FuzzDecodeRecord(f *testing.F) {
	seeds := encRecordSeeds(f)
	for _, data := range seeds {
		f.Add(data)
	}
	addHostileSeeds(f, seeds[0], MaxRecordSize, false)
	if _, err := DecodeRecord(seeds[0]); err != nil { // and warm the caches
		f.Fatal(err)
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		var r Record
		var err error
		checkDecodeCost(t, data, func() { r, err = DecodeRecord(data) })
		var r2 Record
		if err2 := json.Unmarshal(data, &r2); (err == nil) != (err2 == nil) || err == nil && !reflect.DeepEqual(r, r2) {
			t.Fatalf("DecodeRecord: %v; Record.UnmarshalJSON: %v", err, err2)
		}
		if err != nil {
			return
		}
		again, err := json.Marshal(r)
		if err != nil {
			t.Fatalf("%q decodes to %+v, which does not encode: %v", data, r, err)
		}
		var back Record
		if err := json.Unmarshal(again, &back); err != nil || !reflect.DeepEqual(back, r) {
			t.Fatalf("%q decodes to %+v, re-encodes to %s, which decodes to %+v, %v", data, r, again, back, err)
		}
		s, events, err := Replay(r)
		if err != nil {
			var re *ReplayError
			if !errors.As(err, &re) || re.Index < 0 || re.Index >= len(r.Actions) {
				t.Fatalf("Replay(%s): %v", data, err)
			}
			return
		}
		if len(events) < len(r.Actions) || (len(r.Actions) > 0 && s.Round() < 1) {
			t.Fatalf("Replay(%s): %d events for %d actions", data, len(events), len(r.Actions))
		}
	})
}
