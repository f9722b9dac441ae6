package waterdeep

import (
	"encoding/json"
	"errors"
	"math/rand/v2"
	"strings"
	"testing"
)

// Every event of random games, as each viewer sees it, survives a JSON
// round trip.
func TestEventJSONRoundTrip(t *testing.T) {
	for n := 2; n <= 5; n++ {
		s, _ := New(Config{Players: n, Seed: uint64(n)})
		r := rand.New(rand.NewPCG(uint64(n), 2))
		var all []Event
		for !s.Over() {
			legal := s.LegalActions()
			var err error
			s, all, err = s.ApplyEvents(legal[r.IntN(len(legal))], all)
			if err != nil {
				t.Fatal(err)
			}
		}
		for _, viewer := range []PlayerID{0, Spectator} {
			events := make([]Event, len(all))
			for i, e := range all {
				events[i] = e.For(viewer)
			}
			data, err := MarshalEvents(events)
			if err != nil {
				t.Fatal(err)
			}
			back, err := UnmarshalEvents(data)
			if err != nil {
				t.Fatal(err)
			}
			if len(back) != len(events) {
				t.Fatalf("%d events back from %d", len(back), len(events))
			}
			for i := range events {
				if back[i] != events[i] {
					t.Fatalf("event %d: %+v came back as %+v", i, events[i], back[i])
				}
			}
		}
	}
}

func TestEventJSONFormat(t *testing.T) {
	c := BaseContent()
	inn1, _ := c.SpaceByID("cliffwatch-inn/1")
	owl, _ := c.QuestByID("domesticate-owlbears")
	crime := c.IntrigueCopies("crime-wave")
	tower, _ := c.BuildingByID("the-tower-of-luck")
	for _, tt := range []struct {
		e    Event
		want string
	}{
		{Event{Kind: EvAction, Player: 0, Move: EncodeMove(PlaceAgent{0, inn1})},
			`{"kind":"action","player":"p1","action":{"type":"place_agent","player":"p1","space":"cliffwatch-inn/1","text":"p1 place cliffwatch-inn/1"},"text":"p1 place cliffwatch-inn/1"}`},
		{Event{Kind: EvPlaced, Player: 1, Space: inn1, As: AsReassignment},
			`{"kind":"placed","player":"p2","space":"cliffwatch-inn/1","as":"reassignment","text":"p2 reassigns an agent to cliffwatch-inn/1"}`},
		{Event{Kind: EvGained, Player: 2, Amount: Bundle{Fighter: 2, Gold: 4}},
			`{"kind":"gained","player":"p3","amount":{"fighter":2,"gold":4},"text":"p3 gains ` + (Bundle{Fighter: 2, Gold: 4}).Describe() + `"}`},
		{Event{Kind: EvIntrigueDrawn, Player: 2, Card: HiddenCard, Secret: true},
			`{"kind":"intrigue_drawn","player":"p3","card":null,"secret":true,"text":"p3 draws an intrigue card"}`},
		{Event{Kind: EvIntrigueDrawn, Player: 2, Card: crime[1], Secret: true},
			`{"kind":"intrigue_drawn","player":"p3","card":"crime-wave#2","secret":true,"text":"p3 draws crime-wave#2"}`},
		{Event{Kind: EvQuestDealt, Player: NoPlayer, Quest: owl},
			`{"kind":"quest_dealt","quest":"domesticate-owlbears","text":"domesticate-owlbears is dealt to Cliffwatch Inn"}`},
		{Event{Kind: EvQuestDiscarded, Player: NoPlayer, Quest: owl},
			`{"kind":"quest_discarded","player":null,"quest":"domesticate-owlbears","text":"domesticate-owlbears is discarded"}`},
		{Event{Kind: EvBuildingBought, Player: 0, Building: tower, Amount: Bundle{Gold: 3, VP: 2}},
			`{"kind":"building_bought","player":"p1","building":"the-tower-of-luck","amount":{"gold":3,"vp":2},"text":"p1 buys the-tower-of-luck for 3 gold"}`},
		{Event{Kind: EvTransferred, Player: 0, Other: 3, Amount: Bundle{Rogue: 1}},
			`{"kind":"transferred","player":"p1","other":"p4","amount":{"rogue":1},"text":"p4 gives p1 ` + (Bundle{Rogue: 1}).Describe() + `"}`},
		{Event{Kind: EvRoundStarted, Player: NoPlayer, Round: 5}, `{"kind":"round_started","round":5,"text":"round 5 begins"}`},
		{Event{Kind: EvGameOver, Player: NoPlayer}, `{"kind":"game_over","text":"the game is over"}`},
		{Event{Kind: EvLordRevealed, Player: 1}, `{"kind":"lord_revealed","player":"p2","text":"p2 reveals their lord"}`},
	} {
		got, err := json.Marshal(tt.e)
		if err != nil || string(got) != tt.want {
			t.Errorf("json.Marshal(%+v) =\n%s, %v; want\n%s", tt.e, got, err, tt.want)
			continue
		}
		var back Event
		if err := json.Unmarshal(got, &back); err != nil || back != tt.e {
			t.Errorf("json.Unmarshal(%s) = %+v, %v; want %+v", got, back, err, tt.e)
		}
	}
}

func TestEventJSONRefusesBadInput(t *testing.T) {
	for _, tt := range []struct{ in, want string }{
		{``, "no data"},
		{`{}`, "want the format version"},
		{`{"version":1,"events":[]}`, "version 1; this package reads versions 2 to 3"},
		{`{"version":2}`, "want an array of events"},
		{`{"version":2,"events":[],"more":1}`, `more: unknown field`},
		{`{"version":2,"events":[{}]}`, "want the event's kind"},
		{`{"version":2,"events":[{"kind":"nope"}]}`, `unknown event kind "nope"`},
		{`{"version":2,"events":[{"kind":"gained","player":"p7","amount":{}}]}`, `want a seat, "p1" to "p6"`},
		{`{"version":2,"events":[{"kind":"gained","player":0,"amount":{}}]}`, `want a string`},
		{`{"version":2,"events":[{"kind":"gained","player":"p1"}]}`, "amount: missing from a gained event"},
		{`{"version":2,"events":[{"kind":"gained","player":"p1","amount":{"mana":1}}]}`, "amount.mana: unknown field"},
		{`{"version":2,"events":[{"kind":"gained","player":"p1","amount":{"gold":2000000}}]}`, "amount.gold: want a whole number"},
		{`{"version":2,"events":[{"kind":"gained","player":"p1","amount":{},"card":"crime-wave#1"}]}`, "card: not a field of a gained event"},
		{`{"version":2,"events":[{"kind":"intrigue_drawn","player":"p1","card":"crime-wave"}]}`, `no intrigue card is named "crime-wave"`},
		{`{"version":2,"events":[{"kind":"placed","player":"p1","space":"the-plinth","as":"bishop"}]}`, `want "agent", "ambassador", "reassignment" or "moved"`},
		{`{"version":2,"events":[{"kind":"placed","player":"p1","space":"the-plinth","as":"moved"}]}`, `"moved" is version 3's`},
		{`{"version":2,"events":[{"kind":"quest_dealt","quest":"nope"}]}`, `no quest is named "nope"`},
		{`{"version":2,"events":[{"kind":"round_started","round":9}]}`, "want a round from 0 to 8"},
		{`{"version":2,"events":[{"kind":"action","player":"p1"}]}`, "action: missing from a action event"},
		{`{"version":2,"events":[{"kind":"gained","player":"p1","amount":{},"action":"p1 decline"}]}`, "action: not a field of a gained event"},
		{`{"version":2,"events":[{"kind":"action","player":"p2","action":"p1 decline"}]}`, "taken by p1 in an event of p2"},
		{`{"version":2,"events":[{"kind":"passed","player":"p1","text":3}]}`, "text: want a string"},
		{`{"version":2,"events":[]} x`, "at byte 26"},
	} {
		_, err := UnmarshalEvents([]byte(tt.in))
		var de *DecodeError
		if !errors.As(err, &de) || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("UnmarshalEvents(%q) = %v, want a *DecodeError saying %q", tt.in, err, tt.want)
		}
	}
}

func FuzzUnmarshalEvents(f *testing.F) {
	s, _ := New(Config{Players: 3, Seed: 1})
	_, events, _ := s.ApplyEvents(s.LegalActions()[0], nil)
	data, _ := MarshalEvents(events)
	f.Add(data)
	f.Add([]byte(`{"version":2,"events":[{"kind":"intrigue_drawn","player":"p2","card":null,"secret":true}]}`))
	addHostileSeeds(f, data, MaxEventsSize, false)
	one, _ := json.Marshal(events[0])
	addHostileSeeds(f, []byte(`{"version":3,"events":[`+string(one)+`]}`), MaxEventsSize, false)
	warmDecoders()
	f.Fuzz(func(t *testing.T, data []byte) {
		var events []Event
		var err error
		checkDecodeCost(t, data, func() { events, err = UnmarshalEvents(data) })
		if err != nil {
			return
		}
		again, err := MarshalEvents(events)
		if err != nil {
			t.Fatalf("decoded events do not encode: %v", err)
		}
		back, err := UnmarshalEvents(again)
		if err != nil || len(back) != len(events) {
			t.Fatalf("re-encoded events do not decode: %v", err)
		}
		for i := range back {
			if back[i] != events[i] {
				t.Fatalf("event %d changed: %+v -> %+v", i, events[i], back[i])
			}
		}
	})
}
