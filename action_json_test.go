package waterdeep

import (
	"encoding/json"
	"errors"
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"
)

// encGamesPerCount is the number of random games per player count that the
// encoding round-trip tests play.
func encGamesPerCount(t testing.TB) int {
	if quickRun() {
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
				DiscardMandatory{p, IntrigueID(v)}, DiscardIntrigue{p, IntrigueID(v)})
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

// encJSONRoundTrip checks that a's JSON form decodes back to a, and so
// does its text form sent as a JSON string in place of the object.
func encJSONRoundTrip(t harnessTB, a Action) {
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
	text, _ := json.Marshal(a.String())
	if b, err := UnmarshalAction(text); err != nil || b != a {
		t.Fatalf("UnmarshalAction(%s) = %#v, %v; want %#v", text, b, err, a)
	}
}

func TestActionJSONRoundTripLegal(t *testing.T) {
	t.Parallel() // self-contained: runs beside the other heavy tests (long_test.go)
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

// Every action value whose operands the content has round-trips; every
// other one is refused by MarshalAction rather than written as something
// that does not decode.
func TestActionJSONRoundTripAllValues(t *testing.T) {
	c := FullContent()
	for _, a := range encAllActions(0, 4, 5, 6, 255) {
		if encInContent(c, a) {
			encJSONRoundTrip(t, a)
			continue
		}
		if data, err := MarshalAction(a); err == nil {
			t.Fatalf("MarshalAction(%#v) = %s, want an error", a, data)
		}
	}
}

func TestActionJSONFormat(t *testing.T) {
	c := BaseContent()
	inn1, _ := c.SpaceByID("cliffwatch-inn/1")
	zoar, _ := c.SpaceByID("the-zoarstar")
	owl, _ := c.QuestByID("domesticate-owlbears")
	crime := c.IntrigueCopies("crime-wave")
	bandits, _ := c.IntrigueByID("fend-off-bandits")
	tower, _ := c.BuildingByID("the-tower-of-luck")
	tests := []struct {
		a    Action
		want string
	}{
		{PlaceAgent{0, inn1}, `{"type":"place_agent","player":"p1","space":"cliffwatch-inn/1","text":"p1 place cliffwatch-inn/1"}`},
		{CompleteQuest{2, owl}, `{"type":"complete_quest","player":"p3","quest":"domesticate-owlbears","text":"p3 complete domesticate-owlbears"}`},
		{CompleteMandatory{1, bandits}, `{"type":"complete_mandatory","player":"p2","card":"fend-off-bandits","text":"p2 complete fend-off-bandits"}`},
		{TakeQuest{0, owl}, `{"type":"take_quest","player":"p1","quest":"domesticate-owlbears","text":"p1 take domesticate-owlbears"}`},
		{ChooseBuilding{0, tower}, `{"type":"choose_building","player":"p1","building":"the-tower-of-luck","text":"p1 choose building the-tower-of-luck"}`},
		{PlayIntrigue{3, crime[1]}, `{"type":"play_intrigue","player":"p4","card":"crime-wave#2","text":"p4 play crime-wave#2"}`},
		{ChooseResources{1, Pick{Fighter: 1, Rogue: 1}}, `{"type":"choose_resources","player":"p2","pick":{"fighter":1,"rogue":1},"text":"p2 pick 1 fighter, 1 rogue"}`},
		{ChooseResources{1, Pick{Wizard: 2, Gold: 4}}, `{"type":"choose_resources","player":"p2","pick":{"wizard":2,"gold":4},"text":"p2 pick 2 wizards, 4 gold"}`},
		{ChooseResources{1, Pick{}}, `{"type":"choose_resources","player":"p2","pick":{},"text":"p2 pick nothing"}`},
		{Respond{2, true}, `{"type":"respond","player":"p3","accept":true,"text":"p3 accept"}`},
		{Respond{2, false}, `{"type":"respond","player":"p3","accept":false,"text":"p3 refuse"}`},
		{Decline{5}, `{"type":"decline","player":"p6","text":"p6 decline"}`},
		{ChoosePlayer{0, 2}, `{"type":"choose_player","player":"p1","target":"p3","text":"p1 choose opponent p3"}`},
		{ChooseSpace{0, zoar}, `{"type":"choose_space","player":"p1","space":"the-zoarstar","text":"p1 choose space the-zoarstar"}`},
		{ChooseQuestType{0, Skullduggery}, `{"type":"choose_quest_type","player":"p1","quest_type":"skullduggery","text":"p1 choose type skullduggery"}`},
		{DiscardQuest{0, owl}, `{"type":"discard_quest","player":"p1","quest":"domesticate-owlbears","text":"p1 discard domesticate-owlbears"}`},
		{DiscardMandatory{0, bandits}, `{"type":"discard_mandatory","player":"p1","card":"fend-off-bandits","text":"p1 discard fend-off-bandits"}`},
		{DiscardIntrigue{0, bandits}, `{"type":"discard_intrigue","player":"p1","card":"fend-off-bandits","text":"p1 discard intrigue fend-off-bandits"}`},
	}
	for _, tt := range tests {
		got, err := MarshalAction(tt.a)
		if err != nil || string(got) != tt.want {
			t.Errorf("MarshalAction(%v) = %s, %v; want %s", tt.a, got, err, tt.want)
		}
		doc, err := json.Marshal(struct{ A ActionJSON }{ActionJSON{tt.a}})
		if err != nil || string(doc) != `{"A":`+tt.want+`}` {
			t.Errorf("json.Marshal(ActionJSON{%v}) = %s, %v", tt.a, doc, err)
		}
		var back struct {
			A ActionJSON
			B *ActionJSON
		}
		if err := json.Unmarshal(doc, &back); err != nil || back.A.Action != tt.a || back.B != nil {
			t.Errorf("json.Unmarshal(%s) = %+v, %v", doc, back, err)
		}
	}
}

// Records of format version 1 hold actions as numbers; they still decode.
func TestActionJSONVersion1(t *testing.T) {
	for in, want := range map[string]Action{
		`{"type":"place","player":0,"space":10}`:                                          PlaceAgent{0, 10},
		`{"type":"complete","player":2,"quest":17}`:                                       CompleteQuest{2, 17},
		`{"type":"complete_mandatory","player":1,"card":44}`:                              CompleteMandatory{1, 44},
		`{"type":"take_quest","player":0,"quest":3}`:                                      TakeQuest{0, 3},
		`{"type":"building","player":0,"building":5}`:                                     ChooseBuilding{0, 5},
		`{"type":"play","player":3,"card":12}`:                                            PlayIntrigue{3, 12},
		`{"type":"pick","player":1,"cleric":0,"fighter":1,"rogue":1,"wizard":0,"gold":0}`: ChooseResources{1, Pick{Fighter: 1, Rogue: 1}},
		`{"type":"respond","player":2,"accept":true}`:                                     Respond{2, true},
		`{"type":"decline","player":0}`:                                                   Decline{0},
		`{"type":"skip","player":0}`:                                                      Decline{0},
		`{"type":"player","player":0,"target":2}`:                                         ChoosePlayer{0, 2},
		`{"type":"space","player":0,"space":21}`:                                          ChooseSpace{0, 21},
		`{"type":"quest_type","player":0,"quest_type":3}`:                                 ChooseQuestType{0, Skullduggery},
		`{"type":"discard","player":0,"quest":8}`:                                         DiscardQuest{0, 8},
		`{"type":"discard_mandatory","player":0,"card":40}`:                               DiscardMandatory{0, 40},
		" {\n \"space\" : 3 , \"player\":1, \"type\":\"place\"}\n":                        PlaceAgent{1, 3},
		`{"type":"place_agent","player":"p2","space":"cliffwatch-inn/1"}`:                 PlaceAgent{1, 10},
		`"P2 Place Cliffwatch-Inn/1"`:                                                     PlaceAgent{1, 10},
	} {
		got, err := UnmarshalAction([]byte(in))
		if err != nil || got != want {
			t.Errorf("UnmarshalAction(%s) = %#v, %v; want %#v", in, got, err, want)
		}
	}
}

func TestMarshalActionRefuses(t *testing.T) {
	// MarshalAction names with FullContent: past its last card, tile and
	// quest, nothing is named.
	c := FullContent()
	for _, a := range []Action{nil, ChooseResources{0, Pick{Cleric: 8}}, ChooseQuestType{0, 5}, PlaceAgent{0, 200},
		PlaceAgent{6, 1}, ChoosePlayer{0, 6}, PlayIntrigue{0, IntrigueID(c.NumIntrigue())},
		ChooseBuilding{0, BuildingID(c.NumBuildings())}, TakeQuest{0, QuestID(c.NumQuests())}} {
		if data, err := MarshalAction(a); err == nil {
			t.Errorf("MarshalAction(%#v) = %s, want an error", a, data)
		}
	}
	if _, err := json.Marshal(ActionJSON{}); err == nil {
		t.Errorf("json.Marshal(ActionJSON{}) succeeded")
	}
}

func TestUnmarshalActionErrors(t *testing.T) {
	// Package-level decoding names FullContent's spaces.
	spaces := FullContent().NumSpaces()
	spaceRange := fmt.Sprintf("space number from 0 to %d", spaces-1)
	tests := []struct{ in, want string }{
		{``, "no data"},
		{` `, "no data"},
		{`null`, "not null"},
		{`[]`, "not an array"},
		{`3`, "not a number"},
		{`"place"`, `say who acts first, such as "p1 place"`},
		{`"p1 place nowhere"`, `action text "p1 place nowhere": space: no space is named "nowhere"`},
		{`{`, "byte"},
		{`{"type":"place","player":0,"space":1`, "byte"},
		{`{"type":"place","player":0,"space":1,}`, "byte"},
		{`{"type":"place" "player":0}`, "byte"},
		{`{"type":"place","player":0,"space":1}x`, "after the action"},
		{`{"type":"place","player":0,"space":1}{}`, "after the action"},
		{`{"type":"place","player":0,"space":1}]`, "after the action"},
		{`{}`, `"type": missing`},
		{`{"player":"p1"}`, `"type": missing`},
		{`{"type":1,"player":"p1"}`, "want a string"},
		{`{"type":"Place_Agent","player":"p1","space":"the-plinth"}`, "unknown action type"},
		{`{"type":"teleport","player":"p1"}`, "unknown action type"},
		{`{"type":"place_agent","player":"p1"}`, `"space": missing`},
		{`{"type":"place_agent","space":"the-plinth"}`, `"player": missing`},
		{`{"type":"place_agent","player":"p1","space":"the-plinth","quest":"x"}`, `"quest": unknown field`},
		{`{"type":"place_agent","player":"p1","space":"the-plinth","Space":1}`, `"Space": unknown field`},
		{`{"type":"place_agent","player":"p1","space":"the-plinth","space":"the-plinth"}`, "given twice"},
		{`{"type":"place_agent","player":"p1","player":"p2","space":"the-plinth"}`, "given twice"},
		{`{"type":"place_agent","player":"p7","space":"the-plinth"}`, `want a seat, "p1" to "p6"`},
		{`{"type":"place_agent","player":"P1","space":"the-plinth"}`, `want a seat`},
		{`{"type":"place_agent","player":"p0","space":"the-plinth"}`, `want a seat`},
		{`{"type":"place_agent","player":6,"space":1}`, "seat number from 0 to 5"},
		{`{"type":"place_agent","player":-1,"space":1}`, "seat number from 0 to 5"},
		{`{"type":"place_agent","player":null,"space":1}`, "not null"},
		{`{"type":"place_agent","player":true,"space":1}`, "not a boolean"},
		{`{"type":"place_agent","player":"p1","space":"the-plint"}`, `no space is named "the-plint"; did you mean the-plinth?`},
		{fmt.Sprintf(`{"type":"place_agent","player":"p1","space":%d}`, spaces), spaceRange},
		{`{"type":"place_agent","player":"p1","space":1.0}`, spaceRange},
		{`{"type":"place_agent","player":"p1","space":1e1}`, spaceRange},
		{`{"type":"place_agent","player":"p1","space":99999999999999999999999}`, spaceRange},
		{`{"type":"place_agent","player":"p1","space":[1]}`, "not an array"},
		{`{"type":"place_agent","player":"p1","space":{}}`, "not an object"},
		{`{"type":"place_agent","player":"p1","space":"the-plinth","text":"p1 place the-zoarstar"}`, "is not the action the fields give"},
		{`{"type":"place_agent","player":"p1","space":"the-plinth","text":"p2 place the-plinth"}`, "is not the action the fields give"},
		{`{"type":"place_agent","player":"p1","space":"the-plinth","text":3}`, `"text": want a string`},
		{`{"type":"choose_resources","player":"p1","pick":{"cleric":8}}`, "0 to 7"},
		{`{"type":"choose_resources","player":"p1","pick":{"paladin":1}}`, "unknown field"},
		{`{"type":"choose_resources","player":"p1","pick":3}`, "want an object"},
		{`{"type":"choose_resources","player":"p1","cleric":1}`, `"cleric": unknown field`},
		{`{"type":"pick","player":0,"cleric":8,"fighter":0,"rogue":0,"wizard":0,"gold":0}`, "0 to 7"},
		{`{"type":"pick","player":0,"cleric":1,"fighter":0,"rogue":0,"wizard":0}`, `"gold": missing`},
		{`{"type":"choose_quest_type","player":"p1","quest_type":"magic"}`, "want a quest type"},
		{`{"type":"quest_type","player":0,"quest_type":5}`, "0 to 4"},
		{`{"type":"respond","player":"p1","accept":1}`, "want true or false"},
		{`{"type":"respond","player":"p1"}`, `"accept": missing`},
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
	f.Add([]byte(`{"type":"place","player":0,"space":10}`))
	f.Add([]byte(`"p1 pick 2 wizards and 4 gold"`))
	valid, _ := MarshalAction(ChooseResources{1, Pick{1, 2, 3, 4, 5}})
	addHostileSeeds(f, valid, MaxActionSize, false)
	warmDecoders()
	f.Fuzz(func(t *testing.T, data []byte) {
		var a Action
		var err error
		checkDecodeCost(t, data, func() { a, err = UnmarshalAction(data) })
		if err != nil {
			var de *DecodeError
			var se *SizeError
			if a != nil || !errors.As(err, &de) && !errors.As(err, &se) || !strings.HasPrefix(err.Error(), "waterdeep: ") {
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
