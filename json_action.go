package waterdeep

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"maps"
	"slices"
	"strconv"
	"strings"

	"github.com/waterdeep-go/waterdeep/content"
)

// The JSON form of an action is an object with its "type" (the Go type's
// name in snake case), the "player" who acts, what is chosen, named as in
// the text form, and the text form itself:
//
//	{"type":"place_agent","player":"p1","space":"cliffwatch-inn/1","text":"p1 place cliffwatch-inn/1"}
//	{"type":"complete_quest","player":"p3","quest":"domesticate-owlbears","text":"..."}
//	{"type":"complete_mandatory","player":"p2","card":"fend-off-bandits","text":"..."}
//	{"type":"take_quest","player":"p1","quest":"domesticate-owlbears","text":"..."}
//	{"type":"choose_building","player":"p1","building":"the-tower-of-luck","text":"..."}
//	{"type":"play_intrigue","player":"p4","card":"crime-wave#2","text":"..."}
//	{"type":"choose_resources","player":"p2","pick":{"fighter":1,"rogue":1},"text":"p2 pick 1 fighter, 1 rogue"}
//	{"type":"respond","player":"p3","accept":true,"text":"p3 accept"}
//	{"type":"decline","player":"p1","text":"p1 decline"}
//	{"type":"choose_player","player":"p1","target":"p3","text":"p1 choose opponent p3"}
//	{"type":"choose_space","player":"p1","space":"the-zoarstar","text":"..."}
//	{"type":"choose_quest_type","player":"p1","quest_type":"piety","text":"p1 choose type piety"}
//	{"type":"discard_quest","player":"p1","quest":"domesticate-owlbears","text":"..."}
//	{"type":"discard_mandatory","player":"p1","card":"fend-off-bandits","text":"..."}
//	{"type":"discard_intrigue","player":"p1","card":"crime-wave#2","text":"..."}
//
// Seats are "p1" to "p6"; quests, cards, tiles and spaces are named as
// Content.QuestID, IntrigueID, BuildingID and SpaceID name them;
// a pick lists the cubes and gold picked, 0 to 7 of each, leaving out
// zeros. Every document this package writes uses this form.
//
// Decoding accepts this object or, in its place, a JSON string holding the
// text form ("p1 place cliffwatch-inn/1"). In an object, "text" may be
// left out; when given it must be the same action. For records of format
// version 1, decoding also reads the numbered form written before names:
// seats from 0 and instance numbers ({"type":"place","player":0,"space":10};
// its types were place, complete, complete_mandatory, take_quest, building,
// play, pick with flat cleric..gold fields, respond, decline, skip, player,
// space, quest_type, discard and discard_mandatory). Decoding is strict: an
// unknown type, field or name, a field given twice or missing, a value of
// the wrong JSON type or out of range, or data after the action is a
// *DecodeError.

// DecodeError reports input that does not decode: malformed JSON or text,
// an unknown name, a missing field, a value out of range.
type DecodeError struct {
	// What was being decoded: "action JSON", "action text" or "record".
	What string
	// Input is the text being parsed (for "action text"), shortened.
	Input string
	// Field names the field or word at fault, if any.
	Field string
	// Word is, for action text, the word at fault as written ("" when a
	// word is missing), and Offset its byte offset in the text (the
	// text's length when a word is missing), for a frontend to underline.
	Word   string
	Offset int
	// Detail says what was wrong.
	Detail string
	// Err is the error of the part at fault, if it has its own (the
	// *SizeError of a record's oversized action, say); errors.As finds
	// it.
	Err error
}

// Unwrap returns Err.
func (e *DecodeError) Unwrap() error { return e.Err }

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

// actionType is one "type" of the JSON form: its name, its name in format
// version 1, and the field of its operand.
type actionType struct {
	name, old string
	field     string // "space", "quest", "card", "building", "pick", "accept", "target", "quest_type" or ""
}

// actionTypes are the JSON types, indexed by moveKind.
var actionTypes = [numMoveKinds]actionType{
	mPlace:             {"place_agent", "place", "space"},
	mComplete:          {"complete_quest", "complete", "quest"},
	mCompleteMandatory: {"complete_mandatory", "complete_mandatory", "card"},
	mTakeQuest:         {"take_quest", "take_quest", "quest"},
	mBuilding:          {"choose_building", "building", "building"},
	mPlay:              {"play_intrigue", "play", "card"},
	mPick:              {"choose_resources", "pick", "pick"},
	mRespond:           {"respond", "respond", "accept"},
	mDecline:           {"decline", "decline", ""},
	mPlayer:            {"choose_player", "player", "target"},
	mSpace:             {"choose_space", "space", "space"},
	mType:              {"choose_quest_type", "quest_type", "quest_type"},
	mDiscard:           {"discard_quest", "discard", "quest"},
	mDiscardMandatory:  {"discard_mandatory", "discard_mandatory", "card"},
	mDiscardIntrigue:   {"discard_intrigue", "discard_intrigue", "card"},
}

// pickFields are the fields of a pick, in Pick's order.
var pickFields = [5]string{"cleric", "fighter", "rogue", "wizard", "gold"}

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
	case DiscardIntrigue:
		return mDiscardIntrigue
	}
	return mNone
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

// encodable reports why a has no JSON or text form with c's names: the
// reasons of validAction, a seat above p6, or a quest, card, tile or space
// that c does not have.
func (c *Content) encodable(a Action) string {
	if why := validAction(a); why != "" {
		return why
	}
	if a.Actor() >= MaxPlayers {
		return fmt.Sprintf("player %d is not a seat", a.Actor())
	}
	if !actionInRange(c, MaxPlayers, a) {
		return fmt.Sprintf("%#v names something the content does not have", a)
	}
	return ""
}

// MarshalAction returns the JSON form of an action, with names from
// FullContent (the base game's and the modules'; base numbers are the same
// as BaseContent's). It fails for a nil action and for values that decoding would
// refuse (a Pick field above 7, a quest type above 4, a seat above p6, a
// quest, card, tile or space the content does not have).
func MarshalAction(a Action) ([]byte, error) {
	return appendActionJSON(nil, FullContent(), a)
}

// MarshalAction returns the JSON form of an action with names from c.
func (c *Content) MarshalAction(a Action) ([]byte, error) {
	return appendActionJSON(nil, c, a)
}

// appendActionJSON appends the JSON form of a, with names from c, to b.
func appendActionJSON(b []byte, c *Content, a Action) ([]byte, error) {
	if why := c.encodable(a); why != "" {
		return nil, fmt.Errorf("waterdeep: cannot encode action: %s", why)
	}
	t := actionTypes[actionKind(a)]
	b = append(b, `{"type":"`...)
	b = append(b, t.name...)
	b = append(b, `","player":"`...)
	b = append(b, a.Actor().String()...)
	b = append(b, '"')
	if t.field != "" {
		b = append(b, `,"`...)
		b = append(b, t.field...)
		b = append(b, `":`...)
	}
	switch a := a.(type) {
	case PlaceAgent:
		b = appendJSONString(b, c.spaceNames[a.Space])
	case ChooseSpace:
		b = appendJSONString(b, c.spaceNames[a.Space])
	case CompleteQuest:
		b = appendJSONString(b, c.questNames[a.Quest])
	case TakeQuest:
		b = appendJSONString(b, c.questNames[a.Quest])
	case DiscardQuest:
		b = appendJSONString(b, c.questNames[a.Quest])
	case CompleteMandatory:
		b = appendJSONString(b, c.intrigueNames[a.Card])
	case PlayIntrigue:
		b = appendJSONString(b, c.intrigueNames[a.Card])
	case DiscardMandatory:
		b = appendJSONString(b, c.intrigueNames[a.Card])
	case DiscardIntrigue:
		b = appendJSONString(b, c.intrigueNames[a.Card])
	case ChooseBuilding:
		b = appendJSONString(b, c.tileNames[a.Building])
	case ChooseResources:
		b = append(b, '{')
		for i, n := range [5]uint8{a.Pick.Cleric, a.Pick.Fighter, a.Pick.Rogue, a.Pick.Wizard, a.Pick.Gold} {
			if n == 0 {
				continue
			}
			if b[len(b)-1] != '{' {
				b = append(b, ',')
			}
			b = append(b, '"')
			b = append(b, pickFields[i]...)
			b = append(b, `":`...)
			b = strconv.AppendUint(b, uint64(n), 10)
		}
		b = append(b, '}')
	case Respond:
		b = strconv.AppendBool(b, a.Accept)
	case ChoosePlayer:
		b = appendJSONString(b, a.Target.String())
	case ChooseQuestType:
		b = appendJSONString(b, a.Type.String())
	}
	b = append(b, `,"text":`...)
	b = appendJSONString(b, c.FormatAction(a))
	return append(b, '}'), nil
}

// UnmarshalAction decodes the JSON form of an action (see MarshalAction),
// with names from FullContent. Any malformed input gives a *DecodeError;
// input larger than MaxActionSize or nested deeper than MaxDepth, a
// *SizeError.
func UnmarshalAction(data []byte) (Action, error) {
	return FullContent().UnmarshalAction(data)
}

// The shape of an action's JSON: an object (1) holding a pick (2), of at
// most 8 fields (type, player, text and version 1's five flat pick fields).
const actionMaxDepth, actionMaxWidth = 2, 8

// UnmarshalAction decodes the JSON form of an action with names from c.
func (c *Content) UnmarshalAction(data []byte) (Action, error) {
	if err := checkInput("action JSON", data, MaxActionSize); err != nil {
		return nil, err
	}
	// An action is a string or a flat object (its pick one level down):
	// anything deeper or wider is refused before it is decoded, so that
	// no shape costs more than a real action.
	if !jsonWithin(data, actionMaxDepth, actionMaxWidth) {
		return nil, jsonErr("", "an action is a string or an object of at most %d fields whose values are strings, numbers, booleans or (pick) an object of numbers", actionMaxWidth)
	}
	if _, err := jsonKeys(data, nil); err != nil {
		if d, ok := err.(*duplicateKeyError); ok {
			return nil, jsonErr(d.path, "field given twice")
		}
		return nil, jsonErr("", "%v", err)
	}
	var raw any
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.UseNumber()
	if err := dec.Decode(&raw); err != nil {
		_, detail := jsonProblem(err, data)
		return nil, jsonErr("", "%s", detail)
	}
	if _, err := dec.Token(); err != io.EOF {
		return nil, jsonErr("", "data after the action")
	}
	switch v := raw.(type) {
	case string:
		return c.ParseAction(v) // errors are about the action text
	case map[string]any:
		return c.actionFromObject(v)
	}
	return nil, jsonErr("", "an action is a JSON object or its text form as a string, not %s", jsonKind(raw))
}

// actionFromObject decodes the object form of an action.
func (c *Content) actionFromObject(obj map[string]any) (Action, error) {
	tv, ok := obj["type"]
	if !ok {
		return nil, jsonErr(`"type"`, "missing")
	}
	name, ok := tv.(string)
	if !ok {
		return nil, jsonErr(`"type"`, "want a string, not %s", jsonKind(tv))
	}
	k, old := mNone, false
	for i, t := range actionTypes {
		switch {
		case t.name != "" && t.name == name:
			k = moveKind(i)
		case t.old != "" && t.old == name && k == mNone:
			k, old = moveKind(i), true
		}
	}
	if name == "skip" {
		// Before Decline answered the quest offer, SkipQuest did; records
		// written then still read.
		k, old = mDecline, true
	}
	if k == mNone {
		return nil, jsonErr(`"type"`, "unknown action type %q", shorten(name))
	}
	t := actionTypes[k]
	fields := []string{t.field}
	if t.field == "" {
		fields = nil
	}
	if k == mPick && old && obj["pick"] == nil {
		fields = pickFields[:] // version 1: flat fields
	}
	for _, key := range slices.Sorted(maps.Keys(obj)) {
		if key != "type" && key != "player" && key != "text" && !slices.Contains(fields, key) {
			return nil, jsonErr(strconv.Quote(key), "unknown field for a %q action", name)
		}
	}
	pv, ok := obj["player"]
	if !ok {
		return nil, jsonErr(`"player"`, "missing from a %q action", name)
	}
	p, err := jsonSeatValue(pv, `"player"`)
	if err != nil {
		return nil, err
	}
	for _, f := range fields {
		if _, ok := obj[f]; !ok {
			return nil, jsonErr(strconv.Quote(f), "missing from a %q action", name)
		}
	}
	var a Action
	named := func(names []string, what string) (int, error) {
		return jsonNameValue(obj[t.field], strconv.Quote(t.field), names, what)
	}
	var i int
	switch k {
	case mPlace, mSpace:
		if i, err = named(c.spaceNames, "space"); err == nil {
			a = PlaceAgent{p, SpaceID(i)}
			if k == mSpace {
				a = ChooseSpace{p, SpaceID(i)}
			}
		}
	case mComplete, mTakeQuest, mDiscard:
		if i, err = named(c.questNames, "quest"); err == nil {
			switch q := QuestID(i); k {
			case mComplete:
				a = CompleteQuest{p, q}
			case mTakeQuest:
				a = TakeQuest{p, q}
			default:
				a = DiscardQuest{p, q}
			}
		}
	case mCompleteMandatory, mPlay, mDiscardMandatory, mDiscardIntrigue:
		if i, err = named(c.intrigueNames, "intrigue card"); err == nil {
			switch card := IntrigueID(i); k {
			case mCompleteMandatory:
				a = CompleteMandatory{p, card}
			case mPlay:
				a = PlayIntrigue{p, card}
			case mDiscardIntrigue:
				a = DiscardIntrigue{p, card}
			default:
				a = DiscardMandatory{p, card}
			}
		}
	case mBuilding:
		if i, err = named(c.tileNames, "building"); err == nil {
			a = ChooseBuilding{p, BuildingID(i)}
		}
	case mPick:
		var pick Pick
		if pick, err = jsonPick(obj, fields); err == nil {
			a = ChooseResources{p, pick}
		}
	case mRespond:
		accept, ok := obj["accept"].(bool)
		if !ok {
			return nil, jsonErr(`"accept"`, "want true or false, not %s", jsonKind(obj["accept"]))
		}
		a = Respond{p, accept}
	case mDecline:
		a = Decline{p}
	case mPlayer:
		var target PlayerID
		if target, err = jsonSeatValue(obj["target"], `"target"`); err == nil {
			a = ChoosePlayer{p, target}
		}
	case mType:
		a, err = jsonQuestType(p, obj["quest_type"])
	}
	if err != nil {
		return nil, err
	}
	if tv, ok := obj["text"]; ok {
		text, ok := tv.(string)
		if !ok {
			return nil, jsonErr(`"text"`, "want a string, not %s", jsonKind(tv))
		}
		b, err := c.ParseAction(text)
		if err != nil {
			return nil, jsonErr(`"text"`, "%s", strings.TrimPrefix(err.Error(), "waterdeep: "))
		}
		if b != a {
			return nil, jsonErr(`"text"`, "%q is not the action the fields give, %q", shorten(text), c.FormatAction(a))
		}
	}
	return a, nil
}

// jsonSeatValue reads a seat: "p1" to "p6", or (format version 1) a number
// from 0.
func jsonSeatValue(v any, field string) (PlayerID, error) {
	switch v := v.(type) {
	case string:
		if isSeatWord(v) && v[0] == 'p' {
			if n, err := strconv.ParseUint(v[1:], 10, 64); err == nil && n >= 1 && n <= MaxPlayers {
				return PlayerID(n - 1), nil
			}
		}
		return 0, jsonErr(field, "want a seat, \"p1\" to \"p%d\", not %q", MaxPlayers, shorten(v))
	case json.Number:
		if n, err := strconv.ParseUint(string(v), 10, 64); err == nil && n < MaxPlayers {
			return PlayerID(n), nil
		}
		return 0, jsonErr(field, "%s is not a seat number from 0 to %d", shorten(string(v)), MaxPlayers-1)
	}
	return 0, jsonErr(field, "want a seat such as \"p1\", not %s", jsonKind(v))
}

// jsonNameValue reads the name of one of names, or (format version 1) its
// instance number.
func jsonNameValue(v any, field string, names []string, what string) (int, error) {
	switch v := v.(type) {
	case string:
		if i := slices.Index(names, v); i >= 0 {
			return i, nil
		}
		return 0, jsonErr(field, "no %s is named %q%s", what, shorten(v), didYouMean(names, v))
	case json.Number:
		if n, err := strconv.ParseUint(string(v), 10, 64); err == nil && n < uint64(len(names)) {
			return int(n), nil
		}
		return 0, jsonErr(field, "%s is not a %s number from 0 to %d", shorten(string(v)), what, len(names)-1)
	}
	return 0, jsonErr(field, "want the %s's name, not %s", what, jsonKind(v))
}

// jsonPick reads a pick: the object of "pick" ({"wizard":2}), or the flat
// fields of format version 1.
func jsonPick(obj map[string]any, fields []string) (Pick, error) {
	vals := obj
	prefix := ""
	if len(fields) == 1 {
		m, ok := obj["pick"].(map[string]any)
		if !ok {
			return Pick{}, jsonErr(`"pick"`, "want an object such as {\"wizard\":2}, not %s", jsonKind(obj["pick"]))
		}
		for _, key := range slices.Sorted(maps.Keys(m)) {
			if !slices.Contains(pickFields[:], key) {
				return Pick{}, jsonErr(`"pick".`+strconv.Quote(key), "unknown field; want cleric, fighter, rogue, wizard or gold")
			}
		}
		vals, prefix = m, `"pick".`
	}
	var v [5]uint8
	for i, f := range pickFields {
		x, ok := vals[f]
		if !ok {
			continue
		}
		n, ok := x.(json.Number)
		if !ok {
			return Pick{}, jsonErr(prefix+strconv.Quote(f), "want a number, not %s", jsonKind(x))
		}
		u, err := strconv.ParseUint(string(n), 10, 64)
		if err != nil || u > 7 {
			return Pick{}, jsonErr(prefix+strconv.Quote(f), "%s is not a whole number from 0 to 7", shorten(string(n)))
		}
		v[i] = uint8(u)
	}
	return Pick{Cleric: v[0], Fighter: v[1], Rogue: v[2], Wizard: v[3], Gold: v[4]}, nil
}

// jsonQuestType reads a quest type's name, or (format version 1) its
// number.
func jsonQuestType(p PlayerID, v any) (Action, error) {
	switch v := v.(type) {
	case string:
		if t, ok := content.ParseQuestType(v); ok {
			return ChooseQuestType{p, t}, nil
		}
		return nil, jsonErr(`"quest_type"`, "want a quest type (%s), not %q", questTypeList(), shorten(v))
	case json.Number:
		if n, err := strconv.ParseUint(string(v), 10, 64); err == nil && n < NumQuestTypes {
			return ChooseQuestType{p, QuestType(n)}, nil
		}
		return nil, jsonErr(`"quest_type"`, "%s is not a quest type number from 0 to %d", shorten(string(v)), NumQuestTypes-1)
	}
	return nil, jsonErr(`"quest_type"`, "want a quest type's name, not %s", jsonKind(v))
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
	case map[string]any:
		return "an object"
	case []any:
		return "an array"
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
