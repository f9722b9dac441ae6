package waterdeep

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"strconv"
	"strings"
)

// The JSON form of an action is an object with a "type", the "player" who
// acts and the type's operands, all numbers except Respond's "accept":
//
//	{"type":"place","player":0,"space":10}
//	{"type":"complete","player":2,"quest":17}
//	{"type":"complete_mandatory","player":1,"card":44}
//	{"type":"take_quest","player":0,"quest":3}
//	{"type":"building","player":0,"building":5}
//	{"type":"play","player":3,"card":12}
//	{"type":"pick","player":1,"cleric":0,"fighter":1,"rogue":1,"wizard":0,"gold":0}
//	{"type":"respond","player":2,"accept":true}
//	{"type":"decline","player":0}
//	{"type":"player","player":0,"target":2}
//	{"type":"space","player":0,"space":21}
//	{"type":"quest_type","player":0,"quest_type":3}
//	{"type":"discard","player":0,"quest":8}
//	{"type":"discard_mandatory","player":0,"card":40}
//
// Quests, cards, buildings and spaces are instance numbers of the content
// (state-independent, unlike Move numbers, which may change between
// versions); players are seats from 0; quest types are 0 (arcana) to 4
// (warfare); pick fields are 0 to 7. Decoding is strict: an unknown type,
// an unknown, duplicate or missing field, a value of the wrong JSON type or
// out of range for its field, or data after the object is a *DecodeError.

// DecodeError reports input that does not decode: malformed JSON or text,
// an unknown name, a missing field, a value out of range.
type DecodeError struct {
	// What was being decoded: "action JSON", "action text" or "record".
	What string
	// Input is the text being parsed (for "action text"), shortened.
	Input string
	// Field names the field or word at fault, if any.
	Field string
	// Detail says what was wrong.
	Detail string
}

// Error implements error.
func (e *DecodeError) Error() string {
	var b strings.Builder
	b.WriteString("waterdeep: cannot decode ")
	b.WriteString(e.What)
	if e.Input != "" {
		b.WriteString(" ")
		b.WriteString(strconv.Quote(e.Input))
	}
	b.WriteString(": ")
	if e.Field != "" {
		b.WriteString(e.Field)
		b.WriteString(": ")
	}
	b.WriteString(e.Detail)
	return b.String()
}

func jsonErr(field, format string, args ...any) error {
	return &DecodeError{What: "action JSON", Field: field, Detail: fmt.Sprintf(format, args...)}
}

// actionTypeNames are the JSON "type" names, indexed by moveKind.
var actionTypeNames = [numMoveKinds]string{
	mPlace:             "place",
	mComplete:          "complete",
	mCompleteMandatory: "complete_mandatory",
	mTakeQuest:         "take_quest",
	mBuilding:          "building",
	mPlay:              "play",
	mPick:              "pick",
	mRespond:           "respond",
	mDecline:           "decline",
	mPlayer:            "player",
	mSpace:             "space",
	mType:              "quest_type",
	mDiscard:           "discard",
	mDiscardMandatory:  "discard_mandatory",
}

// actionFields are the operand fields of each action type, in output order.
var actionFields = [numMoveKinds][]string{
	mPlace:             {"space"},
	mComplete:          {"quest"},
	mCompleteMandatory: {"card"},
	mTakeQuest:         {"quest"},
	mBuilding:          {"building"},
	mPlay:              {"card"},
	mPick:              {"cleric", "fighter", "rogue", "wizard", "gold"},
	mRespond:           {"accept"},
	mPlayer:            {"target"},
	mSpace:             {"space"},
	mType:              {"quest_type"},
	mDiscard:           {"quest"},
	mDiscardMandatory:  {"card"},
}

// actionKind returns the kind of a concrete action (the Move kind, which
// does not depend on the Move layout's numbers).
func actionKind(a Action) moveKind {
	switch a.(type) {
	case PlaceAgent:
		return mPlace
	case CompleteQuest:
		return mComplete
	case CompleteMandatory:
		return mCompleteMandatory
	case TakeQuest:
		return mTakeQuest
	case ChooseBuilding:
		return mBuilding
	case PlayIntrigue:
		return mPlay
	case ChooseResources:
		return mPick
	case Respond:
		return mRespond
	case Decline:
		return mDecline
	case ChoosePlayer:
		return mPlayer
	case ChooseSpace:
		return mSpace
	case ChooseQuestType:
		return mType
	case DiscardQuest:
		return mDiscard
	case DiscardMandatory:
		return mDiscardMandatory
	}
	return mNone
}

// actionOperands returns the operands of a in the order of actionFields
// (Respond's accept as 0 or 1).
func actionOperands(a Action) []int {
	switch a := a.(type) {
	case PlaceAgent:
		return []int{int(a.Space)}
	case CompleteQuest:
		return []int{int(a.Quest)}
	case CompleteMandatory:
		return []int{int(a.Card)}
	case TakeQuest:
		return []int{int(a.Quest)}
	case ChooseBuilding:
		return []int{int(a.Building)}
	case PlayIntrigue:
		return []int{int(a.Card)}
	case ChooseResources:
		return []int{int(a.Pick.Cleric), int(a.Pick.Fighter), int(a.Pick.Rogue), int(a.Pick.Wizard), int(a.Pick.Gold)}
	case Respond:
		if a.Accept {
			return []int{1}
		}
		return []int{0}
	case ChoosePlayer:
		return []int{int(a.Target)}
	case ChooseSpace:
		return []int{int(a.Space)}
	case ChooseQuestType:
		return []int{int(a.Type)}
	case DiscardQuest:
		return []int{int(a.Quest)}
	case DiscardMandatory:
		return []int{int(a.Card)}
	}
	return nil
}

// validAction reports why an action value has no encoding: a Pick field
// above 7 or a quest type that does not exist. Such actions are never legal.
func validAction(a Action) string {
	switch a := a.(type) {
	case nil:
		return "no action"
	case ChooseResources:
		if p := a.Pick; p.Cleric > 7 || p.Fighter > 7 || p.Rogue > 7 || p.Wizard > 7 || p.Gold > 7 {
			return fmt.Sprintf("pick %s has a field above 7", a.Pick)
		}
	case ChooseQuestType:
		if a.Type >= NumQuestTypes {
			return fmt.Sprintf("quest type %d does not exist", a.Type)
		}
	}
	return ""
}

// MarshalAction returns the JSON form of an action, with names from
// BaseContent. It fails for a nil action and for values that decoding would
// refuse (a Pick field above 7, a quest type above 4).
func MarshalAction(a Action) ([]byte, error) {
	return appendActionJSON(nil, BaseContent(), a)
}

// MarshalAction returns the JSON form of an action with names from c.
func (c *Content) MarshalAction(a Action) ([]byte, error) {
	return appendActionJSON(nil, c, a)
}

// appendActionJSON appends the JSON form of a, with names from c, to b.
func appendActionJSON(b []byte, c *Content, a Action) ([]byte, error) {
	if why := validAction(a); why != "" {
		return nil, fmt.Errorf("waterdeep: cannot encode action: %s", why)
	}
	k := actionKind(a)
	b = append(b, `{"type":"`...)
	b = append(b, actionTypeNames[k]...)
	b = append(b, `","player":`...)
	b = strconv.AppendUint(b, uint64(a.Actor()), 10)
	for i, v := range actionOperands(a) {
		f := actionFields[k][i]
		b = append(b, `,"`...)
		b = append(b, f...)
		b = append(b, `":`...)
		if f == "accept" {
			b = strconv.AppendBool(b, v != 0)
		} else {
			b = strconv.AppendInt(b, int64(v), 10)
		}
	}
	return append(b, '}'), nil
}

// fieldMax is the largest value of each numeric field.
func fieldMax(field string) uint64 {
	switch field {
	case "cleric", "fighter", "rogue", "wizard", "gold":
		return 7
	case "quest_type":
		return NumQuestTypes - 1
	}
	return 255 // player, target, space, quest, card, building: uint8
}

// UnmarshalAction decodes the JSON form of an action (see MarshalAction),
// with names from BaseContent. Any malformed input gives a *DecodeError.
func UnmarshalAction(data []byte) (Action, error) {
	return BaseContent().UnmarshalAction(data)
}

// UnmarshalAction decodes the JSON form of an action with names from c.
func (c *Content) UnmarshalAction(data []byte) (Action, error) {
	if err := tooLarge("action JSON", len(data), MaxActionSize); err != nil {
		return nil, err
	}
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.UseNumber()
	tok, err := dec.Token()
	if err != nil {
		if err == io.EOF {
			return nil, jsonErr("", "no data")
		}
		return nil, jsonErr("", "malformed JSON: %v", err)
	}
	if d, ok := tok.(json.Delim); !ok || d != '{' {
		return nil, jsonErr("", "an action is a JSON object, not %s", jsonKind(tok))
	}
	var keys []string
	vals := map[string]any{}
	for dec.More() {
		tok, err := dec.Token()
		if err != nil {
			return nil, jsonErr("", "malformed JSON: %v", err)
		}
		key, ok := tok.(string)
		if !ok {
			return nil, jsonErr("", "malformed JSON: object key is %s", jsonKind(tok))
		}
		if _, dup := vals[key]; dup {
			return nil, jsonErr(strconv.Quote(key), "field given twice")
		}
		v, err := dec.Token()
		if err != nil {
			return nil, jsonErr(strconv.Quote(key), "malformed JSON: %v", err)
		}
		if _, ok := v.(json.Delim); ok {
			return nil, jsonErr(strconv.Quote(key), "want a number, string or boolean, not %s", jsonKind(v))
		}
		keys = append(keys, key)
		vals[key] = v
	}
	if _, err := dec.Token(); err != nil { // the closing brace
		return nil, jsonErr("", "malformed JSON: %v", err)
	}
	if tok, err := dec.Token(); err != io.EOF {
		if err != nil {
			return nil, jsonErr("", "data after the action: %v", err)
		}
		return nil, jsonErr("", "data after the action: %s", jsonKind(tok))
	}

	tv, ok := vals["type"]
	if !ok {
		return nil, jsonErr(`"type"`, "missing")
	}
	name, ok := tv.(string)
	if !ok {
		return nil, jsonErr(`"type"`, "want a string, not %s", jsonKind(tv))
	}
	k := mNone
	for i, n := range actionTypeNames {
		if n != "" && n == name {
			k = moveKind(i)
		}
	}
	if name == "skip" {
		// Before Decline answered the quest offer, SkipQuest did; records
		// written then still read.
		k = mDecline
	}
	if k == mNone {
		return nil, jsonErr(`"type"`, "unknown action type %q", name)
	}
	fields := actionFields[k]
	for _, key := range keys {
		if key != "type" && key != "player" && !contains(fields, key) {
			return nil, jsonErr(strconv.Quote(key), "unknown field for a %q action", name)
		}
	}
	var args [6]int // player, then the operands
	for i, f := range append([]string{"player"}, fields...) {
		v, ok := vals[f]
		if !ok {
			return nil, jsonErr(strconv.Quote(f), "missing from a %q action", name)
		}
		if f == "accept" {
			b, ok := v.(bool)
			if !ok {
				return nil, jsonErr(`"accept"`, "want true or false, not %s", jsonKind(v))
			}
			if b {
				args[i] = 1
			}
			continue
		}
		n, ok := v.(json.Number)
		if !ok {
			return nil, jsonErr(strconv.Quote(f), "want a number, not %s", jsonKind(v))
		}
		limit := fieldMax(f)
		u, err := strconv.ParseUint(string(n), 10, 64)
		if err != nil || u > limit {
			return nil, jsonErr(strconv.Quote(f), "%s is not a whole number from 0 to %d", shorten(string(n)), limit)
		}
		args[i] = int(u)
	}
	return makeAction(k, PlayerID(args[0]), args[1:]), nil
}

// makeAction builds the action of kind k from operands in the order of
// actionFields; the operands are in range.
func makeAction(k moveKind, p PlayerID, v []int) Action {
	switch k {
	case mPlace:
		return PlaceAgent{p, SpaceID(v[0])}
	case mComplete:
		return CompleteQuest{p, QuestID(v[0])}
	case mCompleteMandatory:
		return CompleteMandatory{p, IntrigueID(v[0])}
	case mTakeQuest:
		return TakeQuest{p, QuestID(v[0])}
	case mBuilding:
		return ChooseBuilding{p, BuildingID(v[0])}
	case mPlay:
		return PlayIntrigue{p, IntrigueID(v[0])}
	case mPick:
		return ChooseResources{p, Pick{uint8(v[0]), uint8(v[1]), uint8(v[2]), uint8(v[3]), uint8(v[4])}}
	case mRespond:
		return Respond{p, v[0] != 0}
	case mDecline:
		return Decline{p}
	case mPlayer:
		return ChoosePlayer{p, PlayerID(v[0])}
	case mSpace:
		return ChooseSpace{p, SpaceID(v[0])}
	case mType:
		return ChooseQuestType{p, QuestType(v[0])}
	case mDiscard:
		return DiscardQuest{p, QuestID(v[0])}
	case mDiscardMandatory:
		return DiscardMandatory{p, IntrigueID(v[0])}
	}
	return nil
}

func contains(xs []string, x string) bool {
	for _, y := range xs {
		if x == y {
			return true
		}
	}
	return false
}

// jsonKind names the JSON type of a token for an error message.
func jsonKind(tok any) string {
	switch v := tok.(type) {
	case nil:
		return "null"
	case bool:
		return "a boolean"
	case json.Number:
		return "a number"
	case string:
		return "a string"
	case json.Delim:
		switch v {
		case '{':
			return "an object"
		case '[':
			return "an array"
		}
		return strconv.Quote(v.String())
	}
	return fmt.Sprintf("%T", tok)
}

// shorten cuts long input for an error message.
func shorten(s string) string {
	const limit = 40
	if len(s) <= limit {
		return s
	}
	return s[:limit] + "..."
}

// ActionJSON wraps an Action for embedding in JSON documents: it encodes
// and decodes as the JSON form of MarshalAction and UnmarshalAction. A JSON
// null is not an action; use *ActionJSON for an optional one.
type ActionJSON struct{ Action Action }

// MarshalJSON implements json.Marshaler.
func (a ActionJSON) MarshalJSON() ([]byte, error) { return MarshalAction(a.Action) }

// UnmarshalJSON implements json.Unmarshaler.
func (a *ActionJSON) UnmarshalJSON(data []byte) error {
	act, err := UnmarshalAction(data)
	if err != nil {
		return err
	}
	a.Action = act
	return nil
}
