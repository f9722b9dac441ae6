package waterdeep

import (
	"encoding/json"
	"errors"
	"math/rand/v2"
	"strings"
	"testing"
)

// encGamesPerCount is the number of random games per player count that the
// encoding round-trip tests play.
func encGamesPerCount(t testing.TB) int {
	if testing.Short() {
		return 3
	}
	return 25
}

// encConfig returns the config of random game number seed: some games
// have a partly fixed Deal.
func encConfig(players int, seed uint64) Config {
	cfg := Config{Players: players, Seed: seed}
	if seed%3 == 1 {
		cfg.Deal = &Deal{
			Lords:     []LordID{LordID(seed % 11)},
			Quests:    []QuestID{QuestID(seed % 60), QuestID((seed + 7) % 60)},
			Intrigue:  []IntrigueID{IntrigueID(seed % 50)},
			Buildings: []BuildingID{BuildingID(seed % 24), BuildingID((seed + 1) % 24)},
		}
	}
	return cfg
}

// encGame plays a random game to the end with ApplyEvents, calling visit
// (if not nil) with the state before every step and its legal actions. It
// returns the game's record, final state and events.
func encGame(t testing.TB, players int, seed uint64, visit func(s State, legal []Action)) (Record, State, []Event) {
	t.Helper()
	cfg := encConfig(players, seed)
	s, err := New(cfg)
	if err != nil {
		t.Fatalf("New(%+v): %v", cfg, err)
	}
	rec := NewRecord(cfg)
	r := rand.New(rand.NewPCG(seed, 0xe4c))
	var events []Event
	for steps := 0; !s.Over(); steps++ {
		if steps > 5000 {
			t.Fatalf("game %d/%d does not end", players, seed)
		}
		legal := s.LegalActions()
		if visit != nil {
			visit(s, legal)
		}
		a := legal[r.IntN(len(legal))]
		s, events, err = s.ApplyEvents(a, events)
		if err != nil {
			t.Fatalf("ApplyEvents(%v): %v", a, err)
		}
		rec.Add(a)
	}
	return rec, s, events
}

// encAllActions returns actions of every type with every operand value of
// its field type (Pick fields 0 to 7, quest types 0 to 4), taken by each of
// players.
func encAllActions(players ...PlayerID) []Action {
	var out []Action
	for _, p := range players {
		out = append(out, Decline{p}, Decline{p}, Respond{p, true}, Respond{p, false})
		for v := range 256 {
			out = append(out, PlaceAgent{p, SpaceID(v)}, CompleteQuest{p, QuestID(v)}, CompleteMandatory{p, IntrigueID(v)},
				TakeQuest{p, QuestID(v)}, ChooseBuilding{p, BuildingID(v)}, PlayIntrigue{p, IntrigueID(v)},
				ChoosePlayer{p, PlayerID(v)}, ChooseSpace{p, SpaceID(v)}, DiscardQuest{p, QuestID(v)},
				DiscardMandatory{p, IntrigueID(v)})
		}
		for t := range QuestType(NumQuestTypes) {
			out = append(out, ChooseQuestType{p, t})
		}
	}
	for v := range 1 << 15 {
		pick := Pick{uint8(v & 7), uint8(v >> 3 & 7), uint8(v >> 6 & 7), uint8(v >> 9 & 7), uint8(v >> 12 & 7)}
		out = append(out, ChooseResources{players[v%len(players)], pick})
	}
	return out
}

func encJSONRoundTrip(t testing.TB, a Action) {
	t.Helper()
	data, err := MarshalAction(a)
	if err != nil {
		t.Fatalf("MarshalAction(%v): %v", a, err)
	}
	b, err := UnmarshalAction(data)
	if err != nil {
		t.Fatalf("UnmarshalAction(%s): %v", data, err)
	}
	if b != a {
		t.Fatalf("UnmarshalAction(%s) = %#v, want %#v", data, b, a)
	}
}

func TestActionJSONRoundTripLegal(t *testing.T) {
	n := 0
	for players := 2; players <= 5; players++ {
		for g := range encGamesPerCount(t) {
			encGame(t, players, uint64(1000*players+g), func(_ State, legal []Action) {
				for _, a := range legal {
					encJSONRoundTrip(t, a)
					n++
				}
			})
		}
	}
	t.Logf("%d legal actions round-tripped", n)
}

func TestActionJSONRoundTripAllValues(t *testing.T) {
	for _, a := range encAllActions(0, 4, 5, 255) {
		encJSONRoundTrip(t, a)
	}
}

func TestActionJSONFormat(t *testing.T) {
	tests := []struct {
		a    Action
		want string
	}{
		{PlaceAgent{0, 10}, `{"type":"place","player":0,"space":10}`},
		{CompleteQuest{2, 17}, `{"type":"complete","player":2,"quest":17}`},
		{CompleteMandatory{1, 44}, `{"type":"complete_mandatory","player":1,"card":44}`},
		{Decline{0}, `{"type":"decline","player":0}`},
		{TakeQuest{0, 3}, `{"type":"take_quest","player":0,"quest":3}`},
		{ChooseBuilding{0, 5}, `{"type":"building","player":0,"building":5}`},
		{PlayIntrigue{3, 12}, `{"type":"play","player":3,"card":12}`},
		{ChooseResources{1, Pick{Fighter: 1, Rogue: 1}}, `{"type":"pick","player":1,"cleric":0,"fighter":1,"rogue":1,"wizard":0,"gold":0}`},
		{Respond{2, true}, `{"type":"respond","player":2,"accept":true}`},
		{Respond{2, false}, `{"type":"respond","player":2,"accept":false}`},
		{Decline{0}, `{"type":"decline","player":0}`},
		{ChoosePlayer{0, 2}, `{"type":"player","player":0,"target":2}`},
		{ChooseSpace{0, 21}, `{"type":"space","player":0,"space":21}`},
		{ChooseQuestType{0, Skullduggery}, `{"type":"quest_type","player":0,"quest_type":3}`},
		{DiscardQuest{0, 8}, `{"type":"discard","player":0,"quest":8}`},
		{DiscardMandatory{0, 40}, `{"type":"discard_mandatory","player":0,"card":40}`},
	}
	for _, tt := range tests {
		got, err := MarshalAction(tt.a)
		if err != nil || string(got) != tt.want {
			t.Errorf("MarshalAction(%v) = %s, %v; want %s", tt.a, got, err, tt.want)
		}
		// The same through encoding/json, embedded in a document.
		doc, err := json.Marshal(struct{ A ActionJSON }{ActionJSON{tt.a}})
		if err != nil || string(doc) != `{"A":`+tt.want+`}` {
			t.Errorf("json.Marshal(ActionJSON{%v}) = %s, %v", tt.a, doc, err)
		}
		var back struct {
			A ActionJSON
			B *ActionJSON
		}
		if err := json.Unmarshal([]byte(`{"A":`+tt.want+`,"B":null}`), &back); err != nil || back.A.Action != tt.a || back.B != nil {
			t.Errorf("json.Unmarshal(%s) = %#v, %v", tt.want, back, err)
		}
	}
}

func TestMarshalActionRefuses(t *testing.T) {
	for _, a := range []Action{nil, ChooseResources{0, Pick{Gold: 8}}, ChooseResources{0, Pick{Cleric: 255}}, ChooseQuestType{0, 5}} {
		if data, err := MarshalAction(a); err == nil {
			t.Errorf("MarshalAction(%#v) = %s, want an error", a, data)
		}
	}
	if _, err := json.Marshal(ActionJSON{}); err == nil {
		t.Errorf("json.Marshal(ActionJSON{}) succeeded")
	}
}

func TestUnmarshalActionErrors(t *testing.T) {
	tests := []struct{ in, want string }{
		{``, "no data"},
		{` `, "no data"},
		{`null`, "not null"},
		{`[]`, "not an array"},
		{`"place"`, "not a string"},
		{`{`, "malformed"},
		{`{"type":"place","player":0,"space":1`, "malformed"},
		{`{"type":"place","player":0,"space":1,}`, "malformed"},
		{`{"type":"place" "player":0}`, "malformed"},
		{`{"type":"place","player":0,"space":1}x`, "after the action"},
		{`{"type":"place","player":0,"space":1}{}`, "after the action"},
		{`{"type":"place","player":0,"space":1}]`, "after the action"},
		{`{}`, `"type": missing`},
		{`{"player":0}`, `"type": missing`},
		{`{"type":1,"player":0}`, "want a string"},
		{`{"type":"Place","player":0,"space":1}`, "unknown action type"},
		{`{"type":"teleport","player":0}`, "unknown action type"},
		{`{"type":"place","player":0}`, `"space": missing`},
		{`{"type":"place","space":1}`, `"player": missing`},
		{`{"type":"place","player":0,"space":1,"quest":2}`, `"quest": unknown field`},
		{`{"type":"place","player":0,"space":1,"Space":1}`, `"Space": unknown field`},
		{`{"type":"place","player":0,"space":1,"space":2}`, "given twice"},
		{`{"type":"place","player":0,"player":1,"space":1}`, "given twice"},
		{`{"type":"place","player":256,"space":1}`, "0 to 255"},
		{`{"type":"place","player":-1,"space":1}`, "0 to 255"},
		{`{"type":"place","player":0,"space":1.0}`, "0 to 255"},
		{`{"type":"place","player":0,"space":1e1}`, "0 to 255"},
		{`{"type":"place","player":0,"space":99999999999999999999999}`, "0 to 255"},
		{`{"type":"place","player":"0","space":1}`, "want a number"},
		{`{"type":"place","player":null,"space":1}`, "want a number"},
		{`{"type":"place","player":true,"space":1}`, "want a number"},
		{`{"type":"place","player":0,"space":[1]}`, "not an array"},
		{`{"type":"place","player":0,"space":{}}`, "not an object"},
		{`{"type":"pick","player":0,"cleric":8,"fighter":0,"rogue":0,"wizard":0,"gold":0}`, "0 to 7"},
		{`{"type":"pick","player":0,"cleric":1,"fighter":0,"rogue":0,"wizard":0}`, `"gold": missing`},
		{`{"type":"quest_type","player":0,"quest_type":5}`, "0 to 4"},
		{`{"type":"respond","player":0,"accept":1}`, "want true or false"},
		{`{"type":"respond","player":0}`, `"accept": missing`},
		{`{"type":"skip","player":0,"quest":1}`, "unknown field"},
		{"{\"type\":\"skip\",\"player\":0}\x00", "after the action"},
	}
	for _, tt := range tests {
		a, err := UnmarshalAction([]byte(tt.in))
		var de *DecodeError
		if !errors.As(err, &de) {
			t.Errorf("UnmarshalAction(%q) = %v, %v; want a *DecodeError", tt.in, a, err)
			continue
		}
		if !strings.HasPrefix(err.Error(), "waterdeep: ") || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("UnmarshalAction(%q) error %q does not say %q", tt.in, err, tt.want)
		}
	}
	// Whitespace around and inside the object is fine, and field order is
	// free.
	a, err := UnmarshalAction([]byte(" {\n \"space\" : 3 , \"player\":1, \"type\":\"place\"}\n"))
	if err != nil || a != (PlaceAgent{1, 3}) {
		t.Errorf("UnmarshalAction(reordered) = %v, %v", a, err)
	}
}

func FuzzUnmarshalAction(f *testing.F) {
	for _, a := range []Action{PlaceAgent{0, 10}, CompleteQuest{2, 17}, CompleteMandatory{1, 44}, Decline{0},
		TakeQuest{0, 3}, ChooseBuilding{0, 5}, PlayIntrigue{3, 12}, ChooseResources{1, Pick{1, 2, 3, 4, 5}},
		Respond{2, true}, Decline{0}, ChoosePlayer{0, 2}, ChooseSpace{0, 21}, ChooseQuestType{0, Warfare},
		DiscardQuest{0, 8}, DiscardMandatory{0, 40}} {
		data, _ := MarshalAction(a)
		f.Add(data)
	}
	f.Add([]byte(`{"type":"place","player":0,"space":1,"space":2}`))
	f.Add([]byte(`{"type":"pick","player":0,"cleric":8}`))
	f.Add([]byte(`{"type":"respond","player":0,"accept":null}`))
	f.Fuzz(func(t *testing.T, data []byte) {
		a, err := UnmarshalAction(data)
		if err != nil {
			var de *DecodeError
			if a != nil || !errors.As(err, &de) || !strings.HasPrefix(err.Error(), "waterdeep: ") {
				t.Fatalf("UnmarshalAction(%q) = %v, %v", data, a, err)
			}
			return
		}
		again, err := MarshalAction(a)
		if err != nil {
			t.Fatalf("MarshalAction(%#v) of decoded %q: %v", a, data, err)
		}
		b, err := UnmarshalAction(again)
		if err != nil || b != a {
			t.Fatalf("%q decodes to %#v, re-encodes to %s, which decodes to %#v, %v", data, a, again, b, err)
		}
	})
}
