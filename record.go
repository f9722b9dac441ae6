package waterdeep

import (
	"bytes"
	"encoding/json"
	"fmt"
	"maps"
	"slices"
	"strconv"
	"strings"

	"github.com/waterdeep-go/waterdeep/content"
)

// RecordVersion is the format version of the JSON form of a Record.
// Version 3 adds the expansion: the modules, the long game, 6 players, the
// content "full" and the base cards a deal removes with both modules.
// Version 2 named seats, cards, tiles and spaces; version 1 numbered them.
// Both are still read.
const RecordVersion = 3

// BaseContentName is the Record.Content name of BaseContent.
const BaseContentName = "base"

// FullContentName is the Record.Content name of FullContent, the content of
// every game with modules.
const FullContentName = "full"

// Record is a game as its setup and the actions taken: Replay turns it back
// into the identical game, event for event. Build one while playing with
// NewRecord and Add, and store it with encoding/json:
//
//	{"version":3,"players":4,"seed":"42","content":"base","modules":[],"long":false,
//	 "deal":{"quests":["domesticate-owlbears","recruit-paladins-for-tyr"]},
//	 "actions":[{"type":"place_agent","player":"p1","space":"cliffwatch-inn/1",
//	             "text":"p1 place cliffwatch-inn/1"}, ...]}
//
// The seed is written as a decimal string (JSON readers that hold numbers
// as float64 would round it) and read as a string or a number. "modules"
// names the modules played ("undermountain", "skullport", in that order)
// and "long" marks the long game; both are written always and optional
// when read (none, false). "content" is "base" for a game without modules
// with BaseContent, "full" for FullContent (every game with modules).
// "deal" is optional, and so is each of its lists ("lords", "quests",
// "intrigue", "buildings", and with both modules "removed_quests",
// "removed_intrigue", "removed_buildings"), each naming lords, quests,
// intrigue cards and tiles of the record's content as the text form does
// ("crime-wave#2"). Actions are in the JSON form of Content.MarshalAction
// with the names of the record's content. Decoding validates everything:
// the version is known, the players, modules and long game make a game New
// accepts, the content is "base" or "full", deal entries exist and are
// unique, every action decodes and is taken by one of the players. Unknown
// fields are refused. Errors are *DecodeError. Records of versions 1 and 2
// (base games; version 1's deals and actions were numbers) are still read.
type Record struct {
	// Version is the format version; 0 means RecordVersion. Decoding an
	// older version gives a Record of the current one, and encoding always
	// writes RecordVersion.
	Version int
	// Players, Modules, Long and Seed are those of the game's Config.
	Players int
	Modules Modules
	Long    bool
	Seed    uint64
	// Content names the game's content: "base" (BaseContentName, and ""
	// too) for BaseContent, "full" (FullContentName) for FullContent. They
	// are the only names Replay and decoding know; games with other
	// content are replayed with ReplayWith.
	Content string
	// Deal is the game's Config.Deal, or nil.
	Deal *Deal
	// Actions are the actions taken, in order.
	Actions []Action
}

// NewRecord starts a record of a game started with cfg. The content is
// named for the content New plays: "base" for BaseContent() (cfg.Content
// nil without modules), "full" for FullContent() (cfg.Content nil with
// modules), "custom" for any other. The Deal is copied.
func NewRecord(cfg Config) Record {
	r := Record{Version: RecordVersion, Players: cfg.Players, Modules: cfg.Modules, Long: cfg.Long, Seed: cfg.Seed}
	switch {
	case cfg.Content == BaseContent() || cfg.Content == nil && cfg.Modules == 0:
		r.Content = BaseContentName
	case cfg.Content == FullContent() || cfg.Content == nil:
		r.Content = FullContentName
	default:
		r.Content = "custom"
	}
	if cfg.Deal != nil {
		r.Deal = &Deal{
			Lords:            slices.Clone(cfg.Deal.Lords),
			Quests:           slices.Clone(cfg.Deal.Quests),
			Intrigue:         slices.Clone(cfg.Deal.Intrigue),
			Buildings:        slices.Clone(cfg.Deal.Buildings),
			RemovedQuests:    slices.Clone(cfg.Deal.RemovedQuests),
			RemovedIntrigue:  slices.Clone(cfg.Deal.RemovedIntrigue),
			RemovedBuildings: slices.Clone(cfg.Deal.RemovedBuildings),
		}
	}
	return r
}

// content returns the content the record names, or nil for a name that
// is neither "base" nor "full".
func (r Record) content() *Content {
	switch r.Content {
	case BaseContentName, "":
		return BaseContent()
	case FullContentName:
		return FullContent()
	}
	return nil
}

// Add appends an action taken to the record.
func (r *Record) Add(a Action) { r.Actions = append(r.Actions, a) }

// Config returns the Config that starts the recorded game with content c;
// nil means the content the record names (BaseContent for "base",
// FullContent for "full"), or New's default for another name.
func (r Record) Config(c *Content) Config {
	if c == nil {
		c = r.content()
	}
	return Config{Players: r.Players, Modules: r.Modules, Long: r.Long, Seed: r.Seed, Content: c, Deal: r.Deal}
}

// ReplayError reports a recorded action that could not be taken.
type ReplayError struct {
	// Index is the action's position in Record.Actions.
	Index  int
	Action Action
	// Err is why, usually an *IllegalActionError.
	Err error
}

// Error implements error.
func (e *ReplayError) Error() string {
	return fmt.Sprintf("waterdeep: replay: action %d (%v): %v", e.Index, e.Action, e.Err)
}

// Unwrap returns the underlying error, so errors.Is works with a Reason.
func (e *ReplayError) Unwrap() error { return e.Err }

// Replay plays a record of a game with the embedded content (BaseContent
// or FullContent, as the record names it): New with its config, then
// every action with ApplyEvents. It returns the final state and every
// event. If an action cannot be taken it returns the state before it, the
// events so far and a *ReplayError naming the action's index.
func Replay(r Record) (State, []Event, error) {
	c := r.content()
	if c == nil {
		return State{}, nil, fmt.Errorf("waterdeep: replay: unknown content %q (only %q and %q are known; use ReplayWith)", r.Content, BaseContentName, FullContentName)
	}
	return ReplayWith(r, c)
}

// ReplayWith is Replay with content c, whatever the record's content name.
func ReplayWith(r Record, c *Content) (State, []Event, error) {
	if r.Version < 0 || r.Version > RecordVersion {
		return State{}, nil, fmt.Errorf("waterdeep: replay: unknown record version %d; this package reads versions 1 to %d", r.Version, RecordVersion)
	}
	s, err := New(r.Config(c))
	if err != nil {
		return State{}, nil, err
	}
	var events []Event
	for i, a := range r.Actions {
		next, ev, err := s.ApplyEvents(a, events)
		if err != nil {
			return s, events, &ReplayError{Index: i, Action: a, Err: err}
		}
		s, events = next, ev
	}
	return s, events, nil
}

func recordErr(field, format string, args ...any) error {
	return &DecodeError{What: "record", Field: field, Detail: fmt.Sprintf(format, args...)}
}

// validate checks what decoding checks, so that whatever encodes decodes.
func (r Record) validate() error {
	if r.Version < 0 || r.Version > RecordVersion {
		return recordErr("version", "unknown version %d; this package reads versions 1 to %d", r.Version, RecordVersion)
	}
	c := r.content()
	if c == nil {
		return recordErr("content", "unknown content %q; only %q and %q are known", shorten(r.Content), BaseContentName, FullContentName)
	}
	cfg := r.Config(c)
	if err := checkConfig(&cfg, c); err != nil {
		// The game New would refuse, in the record's field names.
		field, detail := "players", err.Error()
		if ce, ok := err.(*ConfigError); ok {
			detail = ce.Detail
			if f, ok := map[string]string{"Modules": "modules", "Long": "long"}[ce.Field]; ok {
				field = f
			}
		}
		return recordErr(field, "%s", detail)
	}
	if d := r.Deal; d != nil {
		if err := checkDeal("lords", ids(d.Lords), c.lordNames()); err != nil {
			return err
		}
		if err := checkDeal("quests", ids(d.Quests), c.questNames); err != nil {
			return err
		}
		if err := checkDeal("intrigue", ids(d.Intrigue), c.intrigueNames); err != nil {
			return err
		}
		if err := checkDeal("buildings", ids(d.Buildings), c.tileNames); err != nil {
			return err
		}
		if len(d.RemovedQuests)+len(d.RemovedIntrigue)+len(d.RemovedBuildings) > 0 && r.Modules != content.AllModules {
			return recordErr("deal", "only a game with both modules removes base game cards")
		}
		if err := checkDeal("removed_quests", ids(d.RemovedQuests), c.questNames); err != nil {
			return err
		}
		if err := checkDeal("removed_intrigue", ids(d.RemovedIntrigue), c.intrigueNames); err != nil {
			return err
		}
		if err := checkDeal("removed_buildings", ids(d.RemovedBuildings), c.tileNames); err != nil {
			return err
		}
	}
	for i, a := range r.Actions {
		if why := c.encodable(a); why != "" {
			return recordErr(fmt.Sprintf("actions[%d]", i), "%s", why)
		}
		if int(a.Actor()) >= r.Players {
			return recordErr(fmt.Sprintf("actions[%d]", i), "%s acts in a %d-player game (p1 to p%d)", a.Actor(), r.Players, r.Players)
		}
	}
	return nil
}

// checkDeal checks that the instances of a deal's list exist among names
// and are listed once.
func checkDeal(field string, xs []uint8, names []string) error {
	var seen [256]bool
	for i, x := range xs {
		if int(x) >= len(names) {
			return recordErr(fmt.Sprintf("deal.%s[%d]", field, i), "%d is out of range; there are %d", x, len(names))
		}
		if seen[x] {
			return recordErr(fmt.Sprintf("deal.%s[%d]", field, i), "%s is listed twice", names[x])
		}
		seen[x] = true
	}
	return nil
}

type dealJSON struct {
	Lords            []string `json:"lords,omitempty"`
	Quests           []string `json:"quests,omitempty"`
	Intrigue         []string `json:"intrigue,omitempty"`
	Buildings        []string `json:"buildings,omitempty"`
	RemovedQuests    []string `json:"removed_quests,omitempty"`
	RemovedIntrigue  []string `json:"removed_intrigue,omitempty"`
	RemovedBuildings []string `json:"removed_buildings,omitempty"`
}

type recordJSON struct {
	Version int               `json:"version"`
	Players int               `json:"players"`
	Seed    string            `json:"seed"`
	Content string            `json:"content"`
	Modules []string          `json:"modules"`
	Long    bool              `json:"long"`
	Deal    *dealJSON         `json:"deal,omitempty"`
	Actions []json.RawMessage `json:"actions"`
}

// namesOf names instances: names[x] for each x.
func namesOf[T ~uint8](xs []T, names []string) []string {
	if len(xs) == 0 {
		return nil
	}
	out := make([]string, len(xs))
	for i, x := range xs {
		out[i] = names[x]
	}
	return out
}

// lordNames returns the ids of c's lords.
func (c *Content) lordNames() []string {
	out := make([]string, len(c.lords))
	for i, l := range c.lords {
		out[i] = l.ID
	}
	return out
}

// MarshalJSON implements json.Marshaler. It refuses a record that
// UnmarshalJSON would refuse.
func (r Record) MarshalJSON() ([]byte, error) {
	if err := r.validate(); err != nil {
		return nil, err
	}
	c := r.content()
	name := BaseContentName
	if c == FullContent() {
		name = FullContentName
	}
	out := recordJSON{Version: RecordVersion, Players: r.Players, Seed: strconv.FormatUint(r.Seed, 10),
		Content: name, Modules: snapModuleNames(r.Modules), Long: r.Long, Actions: make([]json.RawMessage, len(r.Actions))}
	if d := r.Deal; d != nil {
		out.Deal = &dealJSON{Lords: namesOf(d.Lords, c.lordNames()), Quests: namesOf(d.Quests, c.questNames),
			Intrigue: namesOf(d.Intrigue, c.intrigueNames), Buildings: namesOf(d.Buildings, c.tileNames),
			RemovedQuests: namesOf(d.RemovedQuests, c.questNames), RemovedIntrigue: namesOf(d.RemovedIntrigue, c.intrigueNames),
			RemovedBuildings: namesOf(d.RemovedBuildings, c.tileNames)}
	}
	for i, a := range r.Actions {
		var err error
		if out.Actions[i], err = c.MarshalAction(a); err != nil {
			return nil, err
		}
	}
	return json.Marshal(out)
}

// DecodeRecord decodes the JSON form of a record (see Record), refusing
// input larger than MaxRecordSize or nested deeper than MaxDepth before
// reading it (a *SizeError). An action that does not decode is a
// *DecodeError naming it ("actions[3]"), whose Err is the action's own
// error.
func DecodeRecord(data []byte) (Record, error) {
	var r Record
	if err := r.UnmarshalJSON(data); err != nil {
		return Record{}, err
	}
	return r, nil
}

// UnmarshalJSON implements json.Unmarshaler; see Record for what it
// checks. On error r is unchanged. (json.Unmarshal reads its whole input
// before calling it; DecodeRecord checks the size first.)
func (r *Record) UnmarshalJSON(data []byte) error {
	if err := checkInput("record", data, MaxRecordSize); err != nil {
		return err
	}
	if !jsonObjectsWithin(data, docMaxFields) {
		return recordErr("", "an object of more than %d fields; no record has one", docMaxFields)
	}
	if _, err := jsonKeys(data, nil); err != nil {
		if d, ok := err.(*duplicateKeyError); ok {
			return recordErr(d.path, "field given twice")
		}
		return recordErr("", "%v", err)
	}
	top, err := jsonObject(data, "")
	if err != nil {
		return err
	}
	vraw, ok := top["version"]
	if !ok {
		return recordErr("version", "missing")
	}
	v, err := jsonUint(vraw, "version", 1<<31)
	if err != nil {
		return err
	}
	if v < 1 || v > RecordVersion {
		return recordErr("version", "unknown version %d; this package reads versions 1 to %d", v, RecordVersion)
	}
	for _, k := range slices.Sorted(maps.Keys(top)) {
		switch k {
		case "version", "players", "seed", "content", "deal", "actions":
		case "modules", "long":
			if v < 3 {
				return recordErr(k, "not a field of version %d (modules came in version 3)", v)
			}
		default:
			return recordErr(strconv.Quote(k), "unknown field")
		}
	}
	for _, k := range []string{"players", "seed", "content", "actions"} {
		if _, ok := top[k]; !ok {
			return recordErr(k, "missing")
		}
	}
	out := Record{Version: RecordVersion} // read from version v, held as the current one
	players, err := jsonUint(top["players"], "players", 1<<31)
	if err != nil {
		return err
	}
	out.Players = int(players)
	if out.Seed, err = jsonSeed(top["seed"]); err != nil {
		return err
	}
	if err := json.Unmarshal(top["content"], &out.Content); err != nil || bytes.Equal(top["content"], []byte("null")) {
		return recordErr("content", "want a string")
	}
	c := out.content()
	if out.Content == "" || c == nil || v < 3 && c != BaseContent() {
		if v < 3 {
			return recordErr("content", "unknown content %q; version %d knows only %q", shorten(out.Content), v, BaseContentName)
		}
		return recordErr("content", "unknown content %q; only %q and %q are known", shorten(out.Content), BaseContentName, FullContentName)
	}
	if raw, ok := top["modules"]; ok {
		var names []string
		if err := json.Unmarshal(raw, &names); err != nil || names == nil {
			return recordErr("modules", "want an array of module names")
		}
		for i, name := range names {
			m, ok := content.ParseModule(name)
			if !ok {
				return recordErr(fmt.Sprintf("modules[%d]", i), "unknown module %q (want undermountain or skullport)", shorten(name))
			}
			if m <= out.Modules {
				return recordErr("modules", "modules are listed once each, undermountain before skullport")
			}
			out.Modules |= m
		}
	}
	if raw, ok := top["long"]; ok {
		if err := json.Unmarshal(raw, &out.Long); err != nil || bytes.Equal(raw, []byte("null")) {
			return recordErr("long", "want true or false")
		}
	}
	if raw, ok := top["deal"]; ok && !bytes.Equal(raw, []byte("null")) {
		fields, err := jsonObject(raw, "deal")
		if err != nil {
			return err
		}
		d := &Deal{}
		for _, k := range slices.Sorted(maps.Keys(fields)) {
			raw := fields[k]
			var xs []uint8
			names := map[string][]string{"lords": c.lordNames(), "quests": c.questNames, "intrigue": c.intrigueNames,
				"buildings": c.tileNames, "removed_quests": c.questNames, "removed_intrigue": c.intrigueNames,
				"removed_buildings": c.tileNames}[k]
			if names == nil || v < 3 && strings.HasPrefix(k, "removed_") {
				return recordErr("deal."+k, "unknown field")
			}
			if xs, err = jsonIDs(raw, "deal."+k, names); err != nil {
				return err
			}
			switch k {
			case "lords":
				d.Lords = idsOf[LordID](xs)
			case "quests":
				d.Quests = idsOf[QuestID](xs)
			case "intrigue":
				d.Intrigue = idsOf[IntrigueID](xs)
			case "buildings":
				d.Buildings = idsOf[BuildingID](xs)
			case "removed_quests":
				d.RemovedQuests = idsOf[QuestID](xs)
			case "removed_intrigue":
				d.RemovedIntrigue = idsOf[IntrigueID](xs)
			case "removed_buildings":
				d.RemovedBuildings = idsOf[BuildingID](xs)
			}
		}
		out.Deal = d
	}
	// Each action is read in place (jsonEach), so that a long array of
	// tiny values costs no more than its first bad one.
	isArray, err := jsonEach(top["actions"], func(i int, raw []byte) error {
		a, err := c.UnmarshalAction(raw)
		if err != nil {
			// The action's own error (a *DecodeError, or the *SizeError of
			// an oversized one) stays reachable through errors.As.
			detail := strings.TrimPrefix(err.Error(), "waterdeep: ")
			if de, ok := err.(*DecodeError); ok {
				detail = de.fieldDetail()
			}
			return &DecodeError{What: "record", Field: fmt.Sprintf("actions[%d]", i), Detail: detail, Err: err}
		}
		out.Actions = append(out.Actions, a)
		return nil
	})
	if !isArray {
		return recordErr("actions", "want an array of actions")
	}
	if err != nil {
		return err
	}
	if err := out.validate(); err != nil {
		return err
	}
	*r = out
	return nil
}

func (e *DecodeError) fieldDetail() string {
	if e.Field != "" {
		return e.Field + ": " + e.Detail
	}
	return e.Detail
}

// jsonObject decodes a JSON object into its fields, refusing anything else
// and data after it.
func jsonObject(data []byte, field string) (map[string]json.RawMessage, error) {
	var m map[string]json.RawMessage
	if err := json.Unmarshal(data, &m); err != nil || m == nil {
		return nil, recordErr(field, "%s", jsonWantObject(err, data, "a JSON object"))
	}
	return m, nil
}

// jsonUint decodes a whole number from 0 to limit.
func jsonUint(raw json.RawMessage, field string, limit uint64) (uint64, error) {
	s := string(bytes.TrimSpace(raw))
	n, err := strconv.ParseUint(s, 10, 64)
	if err != nil || n > limit {
		return 0, recordErr(field, "want a whole number from 0 to %d, not %s", limit, shorten(s))
	}
	return n, nil
}

// jsonSeed decodes the seed, a decimal string or a number.
func jsonSeed(raw json.RawMessage) (uint64, error) {
	var s string
	if len(raw) > 0 && raw[0] == '"' {
		if err := json.Unmarshal(raw, &s); err != nil {
			return 0, recordErr("seed", "want a decimal string or a number")
		}
	} else {
		s = string(bytes.TrimSpace(raw))
	}
	n, err := strconv.ParseUint(s, 10, 64)
	if err != nil {
		return 0, recordErr("seed", "want a whole number from 0 to %d, not %s", uint64(1<<64-1), shorten(strconv.Quote(s)))
	}
	return n, nil
}

// jsonIDs decodes a list of instances, each one of names or (version 1)
// its number; null is empty.
func jsonIDs(raw json.RawMessage, field string, names []string) ([]uint8, error) {
	if bytes.Equal(bytes.TrimSpace(raw), []byte("null")) {
		return nil, nil
	}
	var out []uint8
	isArray, err := jsonEach(raw, func(i int, x []byte) error {
		f := func() string { return fmt.Sprintf("%s[%d]", field, i) }
		if len(x) > 0 && x[0] == '"' {
			name, ok := jsonString(x)
			if !ok {
				return recordErr(f(), "want a name")
			}
			j := slices.Index(names, name)
			if j < 0 {
				return recordErr(f(), "no such name %q%s", shorten(name), didYouMean(names, name))
			}
			out = append(out, uint8(j))
			return nil
		}
		n, err := jsonUint(x, "", 255)
		if err != nil {
			return recordErr(f(), "%s", err.(*DecodeError).Detail)
		}
		out = append(out, uint8(n))
		return nil
	})
	if !isArray {
		return nil, recordErr(field, "want an array of names")
	}
	return out, err
}

func idsOf[T ~uint8](xs []uint8) []T {
	if len(xs) == 0 {
		return nil
	}
	out := make([]T, len(xs))
	for i, x := range xs {
		out[i] = T(x)
	}
	return out
}
