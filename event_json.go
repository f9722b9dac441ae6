package waterdeep

import (
	"bytes"
	"encoding/json"
	"fmt"
)

// EventsVersion is the format version of MarshalEvents' documents.
const EventsVersion = 1

var eventKindNames = [numEventKinds]string{
	"", "action", "auto_answer", "passed", "round_started", "round_ended", "placed", "gained", "paid",
	"transferred", "scored", "intrigue_drawn", "intrigue_played", "mandatory_assigned", "quest_taken",
	"quest_dealt", "quest_revealed", "quest_discarded", "quest_completed", "mandatory_completed",
	"mandatory_discarded", "building_bought", "building_gained", "building_lost", "building_for_sale",
	"owner_benefit", "first_player", "ambassador_taken", "agent_returned", "agent_gained", "final_score",
	"game_over",
}

// String returns the kind's name in JSON ("intrigue_drawn").
func (k EventKind) String() string {
	if k > 0 && k < numEventKinds {
		return eventKindNames[k]
	}
	return fmt.Sprintf("event(%d)", uint8(k))
}

// eventJSON is the JSON form of an Event. Numbers are instance numbers of
// the content and seats from 0; a player that is nobody and a card hidden
// from the viewer are null.
type eventJSON struct {
	Kind     string      `json:"kind"`
	Player   *int        `json:"player"`
	Other    *int        `json:"other"`
	Round    int         `json:"round"`
	Space    int         `json:"space"`
	Quest    int         `json:"quest"`
	Card     *int        `json:"card"`
	Building int         `json:"building"`
	Amount   amountJSON  `json:"amount"`
	Action   *ActionJSON `json:"action"`
	Secret   bool        `json:"secret"`
}

type amountJSON struct {
	Cleric  int `json:"cleric"`
	Fighter int `json:"fighter"`
	Rogue   int `json:"rogue"`
	Wizard  int `json:"wizard"`
	Gold    int `json:"gold"`
	VP      int `json:"vp"`
}

func seatPtr(p PlayerID) *int {
	if p == NoPlayer {
		return nil
	}
	v := int(p)
	return &v
}

// MarshalJSON writes the event as an object with its kind's name.
func (e Event) MarshalJSON() ([]byte, error) {
	if e.Kind == 0 || e.Kind >= numEventKinds {
		return nil, fmt.Errorf("waterdeep: cannot encode event of kind %d", e.Kind)
	}
	j := eventJSON{Kind: e.Kind.String(), Player: seatPtr(e.Player), Other: seatPtr(e.Other), Round: e.Round,
		Space: int(e.Space), Quest: int(e.Quest), Building: int(e.Building), Secret: e.Secret,
		Amount: amountJSON{e.Amount.Cleric, e.Amount.Fighter, e.Amount.Rogue, e.Amount.Wizard, e.Amount.Gold, e.Amount.VP}}
	if e.Card != HiddenCard {
		c := int(e.Card)
		j.Card = &c
	}
	if e.Kind == EvAction || e.Kind == EvAutoAnswer {
		a := e.Move.Action(e.Player)
		if a == nil {
			return nil, fmt.Errorf("waterdeep: cannot encode %s event without an action", e.Kind)
		}
		j.Action = &ActionJSON{Action: a}
	}
	return json.Marshal(j)
}

// UnmarshalJSON reads an event written by MarshalJSON, strictly: unknown
// kinds or fields, values out of range and trailing data are errors.
func (e *Event) UnmarshalJSON(data []byte) error {
	if err := tooLarge("event JSON", len(data), MaxEventSize); err != nil {
		return err
	}
	if err := eventKeysErr("event JSON", data); err != nil {
		return err
	}
	var j eventJSON
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&j); err != nil {
		return &DecodeError{What: "event JSON", Detail: err.Error()}
	}
	if dec.More() {
		return &DecodeError{What: "event JSON", Detail: "data after the event"}
	}
	bad := func(field, format string, args ...any) error {
		return &DecodeError{What: "event JSON", Field: field, Detail: fmt.Sprintf(format, args...)}
	}
	var out Event
	for k := EventKind(1); k < numEventKinds; k++ {
		if eventKindNames[k] == j.Kind {
			out.Kind = k
		}
	}
	if out.Kind == 0 {
		return bad("kind", "unknown event kind %q", j.Kind)
	}
	seat := func(field string, v *int) (PlayerID, error) {
		if v == nil {
			return NoPlayer, nil
		}
		if *v < 0 || *v >= MaxPlayers {
			return 0, bad(field, "seat %d out of range", *v)
		}
		return PlayerID(*v), nil
	}
	var err error
	if out.Player, err = seat("player", j.Player); err != nil {
		return err
	}
	if out.Other, err = seat("other", j.Other); err != nil {
		return err
	}
	for _, r := range []struct {
		field string
		v     int
		max   int
	}{{"round", j.Round, rounds}, {"space", j.Space, MaxSpaces - 1}, {"quest", j.Quest, MaxQuests - 1},
		{"building", j.Building, MaxBuildings - 1}} {
		if r.v < 0 || r.v > r.max {
			return bad(r.field, "%d out of range 0..%d", r.v, r.max)
		}
	}
	out.Round, out.Space, out.Quest, out.Building = j.Round, SpaceID(j.Space), QuestID(j.Quest), BuildingID(j.Building)
	out.Card = HiddenCard
	if j.Card != nil {
		if *j.Card < 0 || *j.Card >= MaxIntrigue {
			return bad("card", "%d out of range", *j.Card)
		}
		out.Card = IntrigueID(*j.Card)
	}
	const limit = 1 << 20
	for _, v := range []int{j.Amount.Cleric, j.Amount.Fighter, j.Amount.Rogue, j.Amount.Wizard, j.Amount.Gold, j.Amount.VP} {
		if v < -limit || v > limit {
			return bad("amount", "%d out of range", v)
		}
	}
	out.Amount = Amount{Cleric: j.Amount.Cleric, Fighter: j.Amount.Fighter, Rogue: j.Amount.Rogue, Wizard: j.Amount.Wizard,
		Gold: j.Amount.Gold, VP: j.Amount.VP}
	out.Secret = j.Secret
	withAction := out.Kind == EvAction || out.Kind == EvAutoAnswer
	switch {
	case withAction && j.Action == nil:
		return bad("action", "missing for a %s event", out.Kind)
	case !withAction && j.Action != nil:
		return bad("action", "only action and auto_answer events carry an action")
	case withAction:
		if j.Action.Action.Actor() != out.Player {
			return bad("action", "taken by p%d in an event of p%d", int(j.Action.Action.Actor())+1, int(out.Player)+1)
		}
		if out.Move = EncodeMove(j.Action.Action); out.Move == 0 {
			return bad("action", "no such move")
		}
	}
	*e = out
	return nil
}

type eventsJSON struct {
	Version int     `json:"version"`
	Events  []Event `json:"events"`
}

// MarshalEvents writes a list of events as a versioned JSON document.
func MarshalEvents(events []Event) ([]byte, error) {
	if events == nil {
		events = []Event{}
	}
	return json.Marshal(eventsJSON{Version: EventsVersion, Events: events})
}

// UnmarshalEvents reads a document written by MarshalEvents.
func UnmarshalEvents(data []byte) ([]Event, error) {
	if err := tooLarge("events JSON", len(data), MaxEventsSize); err != nil {
		return nil, err
	}
	if err := eventKeysErr("events JSON", data); err != nil {
		return nil, err
	}
	var doc eventsJSON
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&doc); err != nil {
		return nil, &DecodeError{What: "events JSON", Detail: err.Error()}
	}
	if dec.More() {
		return nil, &DecodeError{What: "events JSON", Detail: "data after the document"}
	}
	if doc.Version != EventsVersion {
		return nil, &DecodeError{What: "events JSON", Field: "version", Detail: fmt.Sprintf("version %d; this library reads %d", doc.Version, EventsVersion)}
	}
	return doc.Events, nil
}

// eventKeysErr refuses a key given twice in an event document.
func eventKeysErr(what string, data []byte) error {
	if _, err := jsonKeys(data); err != nil {
		if d, ok := err.(*duplicateKeyError); ok {
			return &DecodeError{What: what, Field: d.path, Detail: "field given twice"}
		}
		return &DecodeError{What: what, Detail: err.Error()}
	}
	return nil
}
