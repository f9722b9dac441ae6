package waterdeep

import (
	"bytes"
	"encoding/json"
	"fmt"
	"maps"
	"slices"
	"strconv"
	"strings"
)

// EventsVersion is the format version of MarshalEvents' documents.
// Version 2 names seats, cards, tiles and spaces and writes only the fields
// of each kind; version 3 adds the expansion's kinds (corruption taken,
// returned and removed, resources placed on a space and taken from it)
// and their "corruption" field. UnmarshalEvents reads versions 2 and 3;
// version 1 (numbers) is refused with an error that says so.
const EventsVersion = 3

// eventsOldestVersion is the oldest version UnmarshalEvents reads: version
// 2 is version 3 without the expansion's kinds.
const eventsOldestVersion = 2

var eventKindNames = [numEventKinds]string{
	"", "action", "auto_answer", "passed", "round_started", "round_ended", "placed", "gained", "paid",
	"transferred", "scored", "intrigue_drawn", "intrigue_played", "mandatory_assigned", "quest_taken",
	"quest_dealt", "quest_revealed", "quest_discarded", "quest_completed", "mandatory_completed",
	"mandatory_discarded", "building_bought", "building_gained", "building_lost", "building_for_sale",
	"owner_benefit", "first_player", "ambassador_taken", "agent_returned", "agent_gained", "final_score",
	"game_over", "corruption_taken", "corruption_returned", "corruption_removed", "resources_placed",
	"placed_taken", "lord_seen", "lord_revealed", "intrigue_handed_over",
	"intrigue_discarded", "agent_moved", "corruption_moved",
}

// String returns the kind's name in JSON ("intrigue_drawn").
func (k EventKind) String() string {
	if k > 0 && k < numEventKinds {
		return eventKindNames[k]
	}
	return fmt.Sprintf("event(%d)", uint8(k))
}

// The JSON form of an event is an object with its "kind", the fields of
// that kind, and its text form:
//
//	{"kind":"placed","player":"p1","space":"cliffwatch-inn/1","as":"agent",
//	 "text":"p1 assigns an agent to cliffwatch-inn/1"}
//	{"kind":"gained","player":"p2","amount":{"fighter":2},"text":"p2 gains 2 fighters"}
//	{"kind":"intrigue_drawn","player":"p3","card":null,"secret":true,"text":"p3 draws an intrigue card"}
//	{"kind":"action","player":"p1","action":{"type":"place_agent",...},"text":"p1 place cliffwatch-inn/1"}
//
// The fields, by kind (see the EventKind constants for their meaning):
// "player" (a seat, "p1" to "p6"; null for nobody in quest_discarded),
// "other" (a seat), "round", "space", "quest", "card" (null when hidden
// from the viewer), "secret" (written only when true), "building",
// "amount" (an object of the nonzero cleric, fighter, rogue, wizard, gold
// and vp), "corruption" (a number of tokens), "action" (the JSON form of
// MarshalAction) and, for placed, "as": "agent", "ambassador",
// "reassignment" or "moved". "text" is the event in words
// (FormatEvent, as the event holds it); decoding reads it but does not
// check it. Decoding is strict: an unknown kind, a field the kind does not
// have, a missing field, a name that does not exist or trailing data is a
// *DecodeError.

// Event fields, for the table of which kinds have which.
const (
	efPlayer uint16 = 1 << iota
	efNobody        // player may be null
	efOther
	efRound
	efSpace
	efQuest
	efCard
	efBuilding
	efAmount
	efAction
	efAs
	efCorruption
)

// eventFields are the fields of each kind.
var eventFields = [numEventKinds]uint16{
	EvAction:             efPlayer | efAction,
	EvAutoAnswer:         efPlayer | efAction,
	EvPassed:             efPlayer,
	EvRoundStarted:       efRound,
	EvRoundEnded:         efRound,
	EvPlaced:             efPlayer | efSpace | efAs,
	EvGained:             efPlayer | efAmount,
	EvPaid:               efPlayer | efAmount,
	EvTransferred:        efPlayer | efOther | efAmount,
	EvScored:             efPlayer | efAmount,
	EvIntrigueDrawn:      efPlayer | efCard,
	EvIntriguePlayed:     efPlayer | efCard,
	EvMandatoryAssigned:  efPlayer | efOther | efCard,
	EvQuestTaken:         efPlayer | efQuest,
	EvQuestDealt:         efQuest,
	EvQuestRevealed:      efQuest,
	EvQuestDiscarded:     efPlayer | efNobody | efQuest,
	EvQuestCompleted:     efPlayer | efQuest,
	EvMandatoryCompleted: efPlayer | efCard,
	EvMandatoryDiscarded: efPlayer | efCard,
	EvBuildingBought:     efPlayer | efBuilding | efAmount,
	EvBuildingGained:     efPlayer | efBuilding | efAmount,
	EvBuildingLost:       efPlayer | efBuilding,
	EvBuildingForSale:    efBuilding,
	EvOwnerBenefit:       efPlayer | efSpace,
	EvFirstPlayer:        efPlayer,
	EvAmbassadorTaken:    efPlayer,
	EvAgentReturned:      efPlayer | efSpace,
	EvAgentGained:        efPlayer,
	EvFinalScore:         efPlayer | efAmount,
	EvGameOver:           0,
	EvCorruptionTaken:    efPlayer | efCorruption,
	EvCorruptionReturned: efPlayer | efCorruption,
	EvCorruptionRemoved:  efPlayer | efCorruption,
	EvResourcesPlaced:    efPlayer | efSpace | efAmount | efCorruption,
	EvPlacedTaken:        efPlayer | efSpace | efAmount | efCorruption,
	EvLordSeen:           efPlayer | efOther,
	EvLordRevealed:       efPlayer,
	EvIntrigueHandedOver: efPlayer | efOther | efCard,
	EvIntrigueDiscarded:  efPlayer | efCard,
	EvAgentMoved:         efPlayer | efOther | efSpace,
	EvCorruptionMoved:    efPlayer | efSpace | efCorruption,
}

// placedAs names EvPlaced's As: an agent, the Ambassador, a Harbor
// reassignment, an agent moved by an opponent (Manipulate).
var placedAs = [4]string{"agent", "ambassador", "reassignment", "moved"}

// amountFields are the JSON fields of an Amount, in its order.
var amountFields = [6]string{"cleric", "fighter", "rogue", "wizard", "gold", "vp"}

func amountValues(a Bundle) [6]int {
	return [6]int{a.Cleric, a.Fighter, a.Rogue, a.Wizard, a.Gold, a.VP}
}

// MarshalJSON writes the event with FullContent's names (see
// Content.AppendEventJSON for other content).
func (e Event) MarshalJSON() ([]byte, error) { return FullContent().AppendEventJSON(nil, e) }

// AppendEventJSON appends the JSON form of an event, with names from c, to
// dst. It fails for an event that decoding would refuse (an unknown kind,
// a seat, card, quest, tile or space c does not have).
func (c *Content) AppendEventJSON(dst []byte, e Event) ([]byte, error) {
	if e.Kind == 0 || e.Kind >= numEventKinds {
		return nil, fmt.Errorf("waterdeep: cannot encode event of kind %d", e.Kind)
	}
	f := eventFields[e.Kind]
	bad := func(format string, args ...any) ([]byte, error) {
		return nil, fmt.Errorf("waterdeep: cannot encode %s event: %s", e.Kind, fmt.Sprintf(format, args...))
	}
	b := append(dst, `{"kind":"`...)
	b = append(b, eventKindNames[e.Kind]...)
	b = append(b, '"')
	if f&efPlayer != 0 {
		b = append(b, `,"player":`...)
		switch {
		case e.Player < MaxPlayers:
			b = appendJSONString(b, e.Player.String())
		case e.Player == NoPlayer && f&efNobody != 0:
			b = append(b, "null"...)
		default:
			return bad("player %d is not a seat", e.Player)
		}
	}
	if f&efOther != 0 {
		if e.Other >= MaxPlayers {
			return bad("other %d is not a seat", e.Other)
		}
		b = append(b, `,"other":`...)
		b = appendJSONString(b, e.Other.String())
	}
	if f&efRound != 0 {
		b = append(b, `,"round":`...)
		b = strconv.AppendInt(b, int64(e.Round), 10)
	}
	if f&efSpace != 0 {
		if int(e.Space) >= len(c.spaceNames) {
			return bad("space %d does not exist", e.Space)
		}
		b = append(b, `,"space":`...)
		b = appendJSONString(b, c.spaceNames[e.Space])
	}
	if f&efAs != 0 {
		if int(e.As) >= len(placedAs) {
			return bad("placement kind %d", e.As)
		}
		b = append(b, `,"as":"`...)
		b = append(b, placedAs[e.As]...)
		b = append(b, '"')
	}
	if f&efQuest != 0 {
		if int(e.Quest) >= len(c.questNames) {
			return bad("quest %d does not exist", e.Quest)
		}
		b = append(b, `,"quest":`...)
		b = appendJSONString(b, c.questNames[e.Quest])
	}
	if f&efCard != 0 {
		b = append(b, `,"card":`...)
		switch {
		case e.Card == HiddenCard:
			b = append(b, "null"...)
		case int(e.Card) < len(c.intrigueNames):
			b = appendJSONString(b, c.intrigueNames[e.Card])
		default:
			return bad("intrigue card %d does not exist", e.Card)
		}
		if e.Secret {
			b = append(b, `,"secret":true`...)
		}
	}
	if f&efBuilding != 0 {
		if int(e.Building) >= len(c.tileNames) {
			return bad("building %d does not exist", e.Building)
		}
		b = append(b, `,"building":`...)
		b = appendJSONString(b, c.tileNames[e.Building])
	}
	if f&efAmount != 0 {
		b = append(b, `,"amount":{`...)
		for i, v := range amountValues(e.Amount) {
			if v == 0 {
				continue
			}
			if b[len(b)-1] != '{' {
				b = append(b, ',')
			}
			b = append(b, '"')
			b = append(b, amountFields[i]...)
			b = append(b, `":`...)
			b = strconv.AppendInt(b, int64(v), 10)
		}
		b = append(b, '}')
	}
	if f&efCorruption != 0 {
		b = append(b, `,"corruption":`...)
		b = strconv.AppendInt(b, int64(e.Corruption), 10)
	}
	if f&efAction != 0 {
		a := e.Move.Action(e.Player)
		if a == nil {
			return bad("no action")
		}
		var err error
		b = append(b, `,"action":`...)
		if b, err = appendActionJSON(b, c, a); err != nil {
			return nil, err
		}
	}
	b = append(b, `,"text":`...)
	b = appendJSONString(b, c.formatEvent(e))
	return append(b, '}'), nil
}

// UnmarshalJSON reads an event written by MarshalJSON, with FullContent's
// names, strictly: unknown kinds or fields, values out of range and
// trailing data are errors.
func (e *Event) UnmarshalJSON(data []byte) error {
	if err := checkInput("event JSON", data, MaxEventSize); err != nil {
		return err
	}
	out, err := FullContent().decodeEvent(data)
	if err != nil {
		return err
	}
	*e = out
	return nil
}

// eventFieldBits are the fields of an event's JSON other than kind and
// text, with the bit of eventFields that has them.
var eventFieldBits = map[string]uint16{"player": efPlayer, "other": efOther, "as": efAs, "round": efRound, "space": efSpace,
	"quest": efQuest, "card": efCard, "secret": efCard, "building": efBuilding, "amount": efAmount, "action": efAction,
	"corruption": efCorruption}

// The shape of an event's JSON: an object (1) holding an amount or an
// action (2) holding a pick (3), of at most 12 fields.
const eventMaxDepth, eventMaxWidth = 3, 12

// decodeEvent reads one event's JSON with names from c.
func (c *Content) decodeEvent(data []byte) (Event, error) {
	// An event is an object of a few fields, its amount and action one
	// level down and the action's pick two: anything deeper or wider is
	// refused before it is decoded, so that no shape costs more than a
	// real event.
	if !jsonWithin(data, eventMaxDepth, eventMaxWidth) {
		return Event{}, &DecodeError{What: "event JSON", Detail: fmt.Sprintf("an event is an object of at most %d fields, nested at most %d levels", eventMaxWidth, eventMaxDepth)}
	}
	if err := eventKeysErr("event JSON", data); err != nil {
		return Event{}, err
	}
	var obj map[string]json.RawMessage
	if err := json.Unmarshal(data, &obj); err != nil || obj == nil {
		return Event{}, &DecodeError{What: "event JSON", Detail: jsonWantObject(err, data, "a JSON object")}
	}
	bad := func(field, format string, args ...any) (Event, error) {
		return Event{}, &DecodeError{What: "event JSON", Field: field, Detail: fmt.Sprintf(format, args...)}
	}
	var kind string
	if err := json.Unmarshal(obj["kind"], &kind); err != nil {
		return bad("kind", "want the event's kind as a string")
	}
	out := Event{Player: NoPlayer}
	for k := EventKind(1); k < numEventKinds; k++ {
		if eventKindNames[k] == kind {
			out.Kind = k
		}
	}
	if out.Kind == 0 {
		return bad("kind", "unknown event kind %q", shorten(kind))
	}
	f := eventFields[out.Kind]
	has := eventFieldBits
	for _, key := range slices.Sorted(maps.Keys(obj)) {
		if key == "kind" || key == "text" {
			continue
		}
		if bit, ok := has[key]; !ok || f&bit == 0 {
			return bad(key, "not a field of a %s event", kind)
		}
	}
	for key, bit := range has {
		if f&bit != 0 && key != "secret" && obj[key] == nil {
			return bad(key, "missing from a %s event", kind)
		}
	}
	if raw, ok := obj["text"]; ok {
		var text string
		if err := json.Unmarshal(raw, &text); err != nil {
			return bad("text", "want a string")
		}
	}
	str := func(key string) (string, bool, error) {
		raw := obj[key]
		if bytes.Equal(raw, []byte("null")) {
			return "", false, nil
		}
		var v string
		if err := json.Unmarshal(raw, &v); err != nil {
			return "", false, &DecodeError{What: "event JSON", Field: key, Detail: "want a string"}
		}
		return v, true, nil
	}
	name := func(key, what string, names []string) (int, error) {
		v, ok, err := str(key)
		if err != nil {
			return 0, err
		}
		if i := slices.Index(names, v); ok && i >= 0 {
			return i, nil
		}
		return 0, &DecodeError{What: "event JSON", Field: key, Detail: fmt.Sprintf("no %s is named %q", what, shorten(v))}
	}
	seat := func(key string, nobody bool) (PlayerID, error) {
		v, ok, err := str(key)
		if err != nil {
			return 0, err
		}
		if !ok && nobody {
			return NoPlayer, nil
		}
		if isSeatWord(v) && v[0] == 'p' {
			if n, err := strconv.Atoi(v[1:]); err == nil && n >= 1 && n <= MaxPlayers {
				return PlayerID(n - 1), nil
			}
		}
		return 0, &DecodeError{What: "event JSON", Field: key, Detail: fmt.Sprintf("want a seat, \"p1\" to \"p%d\"", MaxPlayers)}
	}
	var err error
	if f&efPlayer != 0 {
		if out.Player, err = seat("player", f&efNobody != 0); err != nil {
			return Event{}, err
		}
	}
	if f&efOther != 0 {
		if out.Other, err = seat("other", false); err != nil {
			return Event{}, err
		}
	}
	if f&efAs != 0 {
		v, _, err := str("as")
		if err != nil {
			return Event{}, err
		}
		i := slices.Index(placedAs[:], v)
		if i < 0 {
			return bad("as", "want \"agent\", \"ambassador\", \"reassignment\" or \"moved\", not %q", shorten(v))
		}
		out.As = AssignedAs(i)
	}
	if f&efRound != 0 {
		if err := json.Unmarshal(obj["round"], &out.Round); err != nil || out.Round < 0 || out.Round > rounds {
			return bad("round", "want a round from 0 to %d", rounds)
		}
	}
	if f&efSpace != 0 {
		i, err := name("space", "space", c.spaceNames)
		if err != nil {
			return Event{}, err
		}
		out.Space = SpaceID(i)
	}
	if f&efQuest != 0 {
		i, err := name("quest", "quest", c.questNames)
		if err != nil {
			return Event{}, err
		}
		out.Quest = QuestID(i)
	}
	if f&efCard != 0 {
		out.Card = HiddenCard
		if !bytes.Equal(obj["card"], []byte("null")) {
			i, err := name("card", "intrigue card", c.intrigueNames)
			if err != nil {
				return Event{}, err
			}
			out.Card = IntrigueID(i)
		}
		if raw, ok := obj["secret"]; ok {
			if err := json.Unmarshal(raw, &out.Secret); err != nil {
				return bad("secret", "want true or false")
			}
		}
	}
	if f&efBuilding != 0 {
		i, err := name("building", "building", c.tileNames)
		if err != nil {
			return Event{}, err
		}
		out.Building = BuildingID(i)
	}
	if f&efAmount != 0 {
		var m map[string]json.RawMessage
		if err := json.Unmarshal(obj["amount"], &m); err != nil || m == nil {
			return bad("amount", "want an object")
		}
		var v [6]int
		for key, raw := range m {
			i := slices.Index(amountFields[:], key)
			if i < 0 {
				return bad("amount."+key, "unknown field")
			}
			const limit = 1 << 20
			if err := json.Unmarshal(raw, &v[i]); err != nil || v[i] < -limit || v[i] > limit {
				return bad("amount."+key, "want a whole number from %d to %d", -limit, limit)
			}
		}
		out.Amount = Bundle{Cleric: v[0], Fighter: v[1], Rogue: v[2], Wizard: v[3], Gold: v[4], VP: v[5]}
	}
	if f&efCorruption != 0 {
		if err := json.Unmarshal(obj["corruption"], &out.Corruption); err != nil || out.Corruption < 0 || out.Corruption > corruptionTokens {
			return bad("corruption", "want a number of corruption tokens from 0 to %d", corruptionTokens)
		}
	}
	if f&efAction != 0 {
		a, err := c.UnmarshalAction(obj["action"])
		if err != nil {
			if de, ok := err.(*DecodeError); ok {
				return bad("action", "%s", de.fieldDetail())
			}
			return Event{}, err
		}
		if a.Actor() != out.Player {
			return bad("action", "taken by %s in an event of %s", a.Actor(), out.Player)
		}
		if out.Move = EncodeMove(a); out.Move == 0 {
			return bad("action", "no such move")
		}
	}
	return out, nil
}

// MarshalEvents writes a list of events as a versioned JSON document,
// {"version":3,"events":[...]}, with FullContent's names.
func MarshalEvents(events []Event) ([]byte, error) { return FullContent().MarshalEvents(events) }

// MarshalEvents writes a list of events as a versioned JSON document with
// names from c (a module game's events need FullContent's names).
func (c *Content) MarshalEvents(events []Event) ([]byte, error) {
	b := append(make([]byte, 0, 64+160*len(events)), `{"version":`...)
	b = strconv.AppendInt(b, EventsVersion, 10)
	b = append(b, `,"events":[`...)
	var err error
	for i, e := range events {
		if i > 0 {
			b = append(b, ',')
		}
		if b, err = c.AppendEventJSON(b, e); err != nil {
			return nil, err
		}
	}
	return append(b, "]}"...), nil
}

// UnmarshalEvents reads a document written by MarshalEvents, with
// FullContent's names.
func UnmarshalEvents(data []byte) ([]Event, error) { return FullContent().UnmarshalEvents(data) }

// UnmarshalEvents reads a document written by MarshalEvents with names
// from c. A document of another version is refused with an error that
// says which version this package reads. A document larger than
// MaxEventsSize or nested deeper than MaxDepth is a *SizeError; an event
// larger than MaxEventSize, or one that does not decode, a *DecodeError
// naming it ("events[3]"), whose Err is the event's own error.
func (c *Content) UnmarshalEvents(data []byte) ([]Event, error) {
	if err := checkInput("events JSON", data, MaxEventsSize); err != nil {
		return nil, err
	}
	if !jsonObjectsWithin(data, docMaxFields) {
		return nil, &DecodeError{What: "events JSON", Detail: fmt.Sprintf("an object of more than %d fields; no events document has one", docMaxFields)}
	}
	if err := eventKeysErr("events JSON", data); err != nil {
		return nil, err
	}
	bad := func(field, format string, args ...any) ([]Event, error) {
		return nil, &DecodeError{What: "events JSON", Field: field, Detail: fmt.Sprintf(format, args...)}
	}
	var doc map[string]json.RawMessage
	if err := json.Unmarshal(data, &doc); err != nil || doc == nil {
		return bad("", "%s", jsonWantObject(err, data, "a JSON object with a version and events"))
	}
	for key := range doc {
		if key != "version" && key != "events" {
			return bad(key, "unknown field")
		}
	}
	var version int
	if err := json.Unmarshal(doc["version"], &version); err != nil {
		return bad("version", "want the format version, a number")
	}
	if version < eventsOldestVersion || version > EventsVersion {
		return bad("version", "version %d; this package reads versions %d to %d", version, eventsOldestVersion, EventsVersion)
	}
	// Each event is read in place (jsonEach), so that a long array of
	// tiny values costs no more than its first bad one.
	events := []Event{}
	isArray, err := jsonEach(doc["events"], func(i int, raw []byte) error {
		if err := tooLarge("event JSON", len(raw), MaxEventSize); err != nil {
			return &DecodeError{What: "events JSON", Field: fmt.Sprintf("events[%d]", i), Detail: strings.TrimPrefix(err.Error(), "waterdeep: "), Err: err}
		}
		e, err := c.decodeEvent(raw)
		if err != nil {
			if de, ok := err.(*DecodeError); ok {
				return &DecodeError{What: "events JSON", Field: fmt.Sprintf("events[%d]", i), Detail: de.fieldDetail(), Err: de}
			}
			return err
		}
		if version < 3 && e.Kind >= EvCorruptionTaken {
			return &DecodeError{What: "events JSON", Field: fmt.Sprintf("events[%d].kind", i),
				Detail: fmt.Sprintf("%s events are version 3's, in a version %d document", e.Kind, version)}
		}
		if version < 3 && e.Kind == EvPlaced && e.As == placedMoved {
			return &DecodeError{What: "events JSON", Field: fmt.Sprintf("events[%d].as", i),
				Detail: fmt.Sprintf("\"moved\" is version 3's, in a version %d document", version)}
		}
		events = append(events, e)
		return nil
	})
	if !isArray {
		return bad("events", "want an array of events")
	}
	if err != nil {
		return nil, err
	}
	return events, nil
}

// eventKeysErr refuses a key given twice in an event document.
func eventKeysErr(what string, data []byte) error {
	if _, err := jsonKeys(data, nil); err != nil {
		if d, ok := err.(*duplicateKeyError); ok {
			return &DecodeError{What: what, Field: d.path, Detail: "field given twice"}
		}
		return &DecodeError{What: what, Detail: err.Error()}
	}
	return nil
}
