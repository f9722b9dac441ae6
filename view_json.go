package waterdeep

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"slices"
	"strings"
	"unicode/utf8"

	"github.com/waterdeep-go/waterdeep/content"
)

// ViewVersion is the format version of a View's JSON form. A change that
// old readers would misread gets a new number.
const ViewVersion = 2

// The JSON form of a View is one object, every field always present (lists
// as [], unknown things as null), with names for everything the content
// names:
//
//	{"version": 1, "viewer": 0, "players": 3, "round": 2, "over": false,
//	 "first": 1, "to_act": 0,
//	 "decision": {"kind": "place_agent", "player": 0, "optional": false, "count": 0,
//	              "kinds": [], "purpose": "assign an agent", "source": "",
//	              "reassign": false, "ambassador": false},
//	 "legal": [{"type": "place", "player": 0, "space": 3}, ...],
//	 "supply": {"cleric": 25, "fighter": 23, "rogue": 24, "wizard": 25},
//	 "spaces": [{"space": "cliffwatch-inn/1", "agents": [1], "ambassador": false,
//	             "building": null, "owner": null, "stock": 0}, ...],
//	 "cliffwatch": ["domesticate-owlbears", ...], "revealed": [],
//	 "for_sale": [{"building": "the-waymoot", "vp": 1}, ...], "gone": [],
//	 "ambassador": {"holder": null, "space": null, "gone": false},
//	 "quest_deck": 41, "intrigue_deck": 40, "building_stack": 21,
//	 "quest_discard": [], "intrigue_discard": ["crime-wave#2"],
//	 "seats": [{"seat": 0, "score": 4, "gold": 3,
//	            "tavern": {"cleric": 0, "fighter": 2, "rogue": 1, "wizard": 0},
//	            "agents": 3, "pool": 2, "hand_size": 2, "hand": ["..."],
//	            "lord": "...", "active": [...], "completed": [...],
//	            "mandatory": [], "buildings": [], "orb_used": false, "swap_used": false}, ...],
//	 "progress": {"phase": "placement", "next": 1, "quest_done": false, "harbor_next": 0,
//	              "shared": [], "follow": [], "stack": [{"kind": "turn", "player": 0, ...}]}}
//
// Players are seats from 0; "viewer" is null for a Spectator, and "to_act",
// "owner" and the Ambassador's "holder" are null for nobody. Quests,
// intrigue cards and tiles are instance names (Content.QuestName,
// IntrigueName, BuildingName), spaces their ids (Content.SpaceName), lords
// their ids, null when hidden. "decision" is null once the game is over.
// The legal actions are in the JSON form of MarshalAction (numbers). The
// "progress" object mirrors the rules machine (see Progress) and may change
// with the version.

type viewDoc struct {
	Version         int           `json:"version"`
	Viewer          *int          `json:"viewer"`
	Players         int           `json:"players"`
	Round           int           `json:"round"`
	Over            bool          `json:"over"`
	First           int           `json:"first"`
	ToAct           *int          `json:"to_act"`
	Decision        *decisionDoc  `json:"decision"`
	Legal           []ActionJSON  `json:"legal"`
	Supply          cubesDoc      `json:"supply"`
	Spaces          []spaceDoc    `json:"spaces"`
	Cliffwatch      []string      `json:"cliffwatch"`
	Revealed        []string      `json:"revealed"`
	ForSale         []forSaleDoc  `json:"for_sale"`
	Gone            []string      `json:"gone"`
	Ambassador      ambassadorDoc `json:"ambassador"`
	QuestDeck       int           `json:"quest_deck"`
	IntrigueDeck    int           `json:"intrigue_deck"`
	BuildingStack   int           `json:"building_stack"`
	QuestDiscard    []string      `json:"quest_discard"`
	IntrigueDiscard []string      `json:"intrigue_discard"`
	Seats           []seatDoc     `json:"seats"`
	Progress        progressDoc   `json:"progress"`
}

type decisionDoc struct {
	Kind       string   `json:"kind"`
	Player     int      `json:"player"`
	Optional   bool     `json:"optional"`
	Count      int      `json:"count"`
	Kinds      []string `json:"kinds"`
	Give       giveDoc  `json:"give"`
	VP         int      `json:"vp"`
	Other      *int     `json:"other"`
	Purpose    string   `json:"purpose"`
	Source     string   `json:"source"`
	Reassign   bool     `json:"reassign"`
	From       *string  `json:"from"`
	Ambassador bool     `json:"ambassador"`
}

// giveDoc is what a decision asks to give: adventurers and gold.
type giveDoc struct {
	Cleric  int `json:"cleric"`
	Fighter int `json:"fighter"`
	Rogue   int `json:"rogue"`
	Wizard  int `json:"wizard"`
	Gold    int `json:"gold"`
}

type cubesDoc struct {
	Cleric  int `json:"cleric"`
	Fighter int `json:"fighter"`
	Rogue   int `json:"rogue"`
	Wizard  int `json:"wizard"`
}

type spaceDoc struct {
	Space      string  `json:"space"`
	Agents     []int   `json:"agents"`
	Ambassador bool    `json:"ambassador"`
	Building   *string `json:"building"`
	Owner      *int    `json:"owner"`
	Stock      int     `json:"stock"`
}

type forSaleDoc struct {
	Building string `json:"building"`
	VP       int    `json:"vp"`
}

type ambassadorDoc struct {
	Holder *int    `json:"holder"`
	Space  *string `json:"space"`
	Gone   bool    `json:"gone"`
}

type seatDoc struct {
	Seat      int      `json:"seat"`
	Score     int      `json:"score"`
	Gold      int      `json:"gold"`
	Tavern    cubesDoc `json:"tavern"`
	Agents    int      `json:"agents"`
	Pool      int      `json:"pool"`
	HandSize  int      `json:"hand_size"`
	Hand      []string `json:"hand"`
	Lord      *string  `json:"lord"`
	Active    []string `json:"active"`
	Completed []string `json:"completed"`
	Mandatory []string `json:"mandatory"`
	Buildings []string `json:"buildings"`
	OrbUsed   bool     `json:"orb_used"`
	SwapUsed  bool     `json:"swap_used"`
}

type progressDoc struct {
	Phase      string      `json:"phase"`
	Next       int         `json:"next"`
	QuestDone  bool        `json:"quest_done"`
	HarborNext int         `json:"harbor_next"`
	Shared     []sharedDoc `json:"shared"`
	Follow     []followDoc `json:"follow"`
	Stack      []frameDoc  `json:"stack"`
}

type sharedDoc struct {
	Space  string `json:"space"`
	Player int    `json:"player"`
}

type followDoc struct {
	Slot   string `json:"slot"`
	Player int    `json:"player"`
	From   string `json:"from"`
}

type frameDoc struct {
	Kind    string `json:"kind"`
	Player  int    `json:"player"`
	PC      int    `json:"pc"`
	I       int    `json:"i"`
	A       int    `json:"a"`
	B       int    `json:"b"`
	Program int    `json:"program"`
}

// decisionKindNames are the JSON names of the decision kinds (NoDecision
// is a null decision).
var decisionKindNames = [...]string{
	PlaceAgentDecision:        "place_agent",
	CompleteQuestDecision:     "complete_quest",
	TakeQuestDecision:         "take_quest",
	ChooseAdventurersDecision: "choose_adventurers",
	ChooseOptionDecision:      "choose_option",
	ChooseBuildingDecision:    "choose_building",
	PlayIntrigueDecision:      "play_intrigue",
	ChoosePlayerDecision:      "choose_player",
	ChooseSpaceDecision:       "choose_space",
	RespondDecision:           "respond",
	ChooseQuestTypeDecision:   "choose_quest_type",
	DiscardQuestDecision:      "discard_quest",
}

var phaseNames = [...]string{phasePlacement: "placement", phaseReassign: "reassign", phaseOver: "over"}

// frameKindNames are the JSON names of the frame kinds (fNone is never on
// the stack).
var frameKindNames = [...]string{
	fProgram: "program", fAction: "action", fNoAction: "no_action", fTurn: "turn", fDiscard: "discard",
	dPlace: "place", dQuest: "quest", dTakeQuest: "take_quest", dPick: "pick", dChooseOne: "choose_one",
	dBuilding: "building", dIntrigue: "intrigue", dPlayer: "player", dSpace: "space", dRespond: "respond",
	dQuestType: "quest_type", dDiscard: "discard_quest",
}

// Limits of the numbers in a view; the state's own fields are far smaller
// in any real game.
const (
	viewMaxPoints = 99999 // score and gold
	viewMaxAgents = 10
	viewMaxCubes  = 25 // adventurers of one kind in the game
	viewMaxText   = 200
)

// MarshalJSON returns the JSON form of the view (version ViewVersion),
// described above. It fails for a view without content (the zero View)
// and for numbers that name nothing in the content.
func (v View) MarshalJSON() ([]byte, error) {
	d, err := v.doc()
	if err != nil {
		return nil, err
	}
	return json.Marshal(d)
}

func (v View) doc() (*viewDoc, error) {
	c := v.c
	if c == nil {
		return nil, errors.New("waterdeep: cannot encode view: it has no content (make views with State.View)")
	}
	var bad error
	fail := func(format string, args ...any) {
		if bad == nil {
			bad = fmt.Errorf("waterdeep: cannot encode view: "+format, args...)
		}
	}
	seat := func(p PlayerID, what string) int {
		if int(p) >= v.Players {
			fail("%s is player %d of %d", what, p, v.Players)
		}
		return int(p)
	}
	optSeat := func(p PlayerID, what string) *int {
		if p == NoPlayer {
			return nil
		}
		n := seat(p, what)
		return &n
	}
	space := func(s SpaceID) string {
		if int(s) >= c.NumSpaces() {
			fail("space %d does not exist", s)
		}
		return c.SpaceName(s)
	}
	quests := func(qs []QuestID) []string {
		out := make([]string, 0, len(qs))
		for _, q := range qs {
			if int(q) >= c.NumQuests() {
				fail("quest %d does not exist", q)
			}
			out = append(out, c.QuestName(q))
		}
		return out
	}
	intrigue := func(is []IntrigueID) []string {
		out := make([]string, 0, len(is))
		for _, i := range is {
			if int(i) >= c.NumIntrigue() {
				fail("intrigue card %d does not exist", i)
			}
			out = append(out, c.IntrigueName(i))
		}
		return out
	}
	building := func(b BuildingID) string {
		if int(b) >= c.NumBuildings() {
			fail("building %d does not exist", b)
		}
		return c.BuildingName(b)
	}
	buildingList := func(bs []BuildingID) []string {
		out := make([]string, 0, len(bs))
		for _, b := range bs {
			out = append(out, building(b))
		}
		return out
	}

	d := &viewDoc{Version: ViewVersion, Players: v.Players, Round: v.Round, Over: v.Over, First: seat(v.First, "first"),
		ToAct: optSeat(v.ToAct, "to_act"), Supply: cubesOf(v.Supply), QuestDeck: v.QuestDeck, IntrigueDeck: v.IntrigueDeck,
		BuildingStack: v.BuildingStack}
	if v.Viewer != Spectator {
		n := seat(v.Viewer, "viewer")
		d.Viewer = &n
	}
	if v.Decision != noDecision {
		dec := v.Decision
		if dec.Kind == NoDecision || int(dec.Kind) >= len(decisionKindNames) {
			fail("decision kind %d", dec.Kind)
		} else {
			dd := &decisionDoc{Kind: decisionKindNames[dec.Kind], Player: seat(dec.Player, "decision player"),
				Optional: dec.Optional, Count: dec.Count, Kinds: []string{}, Purpose: dec.Purpose, Source: dec.Source,
				Reassign: dec.Reassign, Ambassador: dec.Ambassador, VP: dec.VP,
				Give: giveDoc{dec.Give.Cleric, dec.Give.Fighter, dec.Give.Rogue, dec.Give.Wizard, dec.Give.Gold}}
			if dec.Other != NoPlayer {
				o := seat(dec.Other, "decision other")
				dd.Other = &o
			}
			if dec.Reassign {
				from := c.SpaceName(dec.From)
				dd.From = &from
			}
			if dec.Kinds > content.AllAdventurers {
				fail("decision kinds %#x", dec.Kinds)
			}
			for k := range Adventurer(NumAdventurers) {
				if dec.Kinds.Has(k) {
					dd.Kinds = append(dd.Kinds, k.String())
				}
			}
			d.Decision = dd
		}
	}
	d.Legal = make([]ActionJSON, 0, len(v.Legal))
	for _, a := range v.Legal {
		if why := validAction(a); why != "" {
			fail("legal action: %s", why)
		}
		d.Legal = append(d.Legal, ActionJSON{a})
	}
	d.Spaces = make([]spaceDoc, 0, len(v.Spaces))
	for _, sp := range v.Spaces {
		sd := spaceDoc{Space: space(sp.Space), Agents: make([]int, 0, len(sp.Agents)), Ambassador: sp.Ambassador, Stock: sp.Stock}
		for _, p := range sp.Agents {
			sd.Agents = append(sd.Agents, seat(p, "an agent's owner"))
		}
		if sp.Tile {
			name := building(sp.Building)
			sd.Building = &name
			sd.Owner = optSeat(sp.Owner, "a building's owner")
		} else if sp.Building != 0 || sp.Owner != NoPlayer {
			fail("space %s is no tile's but has building %d, owner %d", c.SpaceName(sp.Space), sp.Building, sp.Owner)
		}
		d.Spaces = append(d.Spaces, sd)
	}
	d.Cliffwatch, d.Revealed = quests(v.Cliffwatch), quests(v.Revealed)
	d.ForSale = make([]forSaleDoc, 0, len(v.ForSale))
	for _, t := range v.ForSale {
		d.ForSale = append(d.ForSale, forSaleDoc{Building: building(t.Building), VP: t.VP})
	}
	d.Gone = buildingList(v.Gone)
	d.Ambassador = ambassadorDoc{Holder: optSeat(v.AmbassadorHolder, "the Ambassador's holder"), Gone: v.AmbassadorGone}
	if v.AmbassadorPlaced {
		name := space(v.AmbassadorSpace)
		d.Ambassador.Space = &name
	} else if v.AmbassadorSpace != 0 {
		fail("the Ambassador is not placed but has space %d", v.AmbassadorSpace)
	}
	d.QuestDiscard, d.IntrigueDiscard = quests(v.QuestDiscard), intrigue(v.IntrigueDiscard)
	d.Seats = make([]seatDoc, 0, len(v.Seats))
	for _, s := range v.Seats {
		sd := seatDoc{Seat: seat(s.Seat, "seat"), Score: s.Score, Gold: s.Gold, Tavern: cubesOf(s.Tavern), Agents: s.Agents,
			Pool: s.Pool, HandSize: s.HandSize, Hand: intrigue(s.Hand), Active: quests(s.Active), Completed: quests(s.Completed),
			Mandatory: intrigue(s.Mandatory), Buildings: buildingList(s.Buildings), OrbUsed: s.OrbUsed, SwapUsed: s.SwapUsed}
		if s.LordKnown {
			if int(s.Lord) >= c.NumLords() {
				fail("lord %d does not exist", s.Lord)
			} else {
				id := c.Lord(s.Lord).ID
				sd.Lord = &id
			}
		} else if s.Lord != 0 {
			fail("seat %d's lord is hidden but set to %d", s.Seat, s.Lord)
		}
		d.Seats = append(d.Seats, sd)
	}
	pr := v.Progress
	d.Progress = progressDoc{Next: seat(pr.Next, "progress next"), QuestDone: pr.QuestDone, HarborNext: pr.HarborNext,
		Shared: make([]sharedDoc, 0, len(pr.Shared)), Follow: make([]followDoc, 0, len(pr.Follow)), Stack: make([]frameDoc, 0, len(pr.Stack))}
	if pr.Phase < 0 || pr.Phase >= len(phaseNames) {
		fail("phase %d", pr.Phase)
	} else {
		d.Progress.Phase = phaseNames[pr.Phase]
	}
	for _, a := range pr.Shared {
		d.Progress.Shared = append(d.Progress.Shared, sharedDoc{Space: space(a.Space), Player: seat(a.Player, "a shared agent's owner")})
	}
	for _, f := range pr.Follow {
		d.Progress.Follow = append(d.Progress.Follow, followDoc{Slot: space(f.Slot), Player: seat(f.Player, "a follower"), From: space(f.From)})
	}
	for _, f := range pr.Stack {
		fd := frameDoc{Player: f.Player, PC: f.PC, I: f.I, A: f.A, B: f.B, Program: f.Program}
		if f.Kind <= int(fNone) || f.Kind >= len(frameKindNames) {
			fail("frame kind %d", f.Kind)
		} else {
			fd.Kind = frameKindNames[f.Kind]
		}
		d.Progress.Stack = append(d.Progress.Stack, fd)
	}
	if bad != nil {
		return nil, bad
	}
	return d, nil
}

func cubesOf(a [NumAdventurers]int) cubesDoc {
	return cubesDoc{Cleric: a[Cleric], Fighter: a[Fighter], Rogue: a[Rogue], Wizard: a[Wizard]}
}

func (d cubesDoc) array() [NumAdventurers]int {
	return [NumAdventurers]int{d.Cleric, d.Fighter, d.Rogue, d.Wizard}
}

// viewErr is the error of a view that does not decode.
func viewErr(field, format string, args ...any) error {
	return &DecodeError{What: "view JSON", Field: field, Detail: fmt.Sprintf(format, args...)}
}

// DecodeView reads the JSON form of a view (see View.MarshalJSON) made
// with content c (nil means BaseContent). Decoding is strict: malformed
// JSON, an unknown, duplicate or missing field, a wrong version, an
// unknown name, a number out of range, a card in two places, or facts
// that contradict each other (counts that do not add up, a hidden hand
// listed, a lord shown to the wrong viewer) give a *DecodeError naming the
// field. A view that decodes can be encoded again, and its
// Determinize-consistent counts hold.
func DecodeView(data []byte, c *Content) (View, error) {
	if err := tooLarge("view JSON", len(data), MaxViewSize); err != nil {
		return View{}, err
	}
	if c == nil {
		c = BaseContent()
	}
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	var d viewDoc
	if err := dec.Decode(&d); err != nil {
		if err == io.EOF {
			return View{}, viewErr("", "malformed JSON: no data")
		}
		var de *DecodeError
		if errors.As(err, &de) {
			return View{}, viewErr("legal", "%s", strings.TrimPrefix(de.Error(), "waterdeep: "))
		}
		var ue *json.UnmarshalTypeError
		if errors.As(err, &ue) && ue.Field != "" {
			return View{}, viewErr(ue.Field, "want a JSON %s, not %s", jsonTypeOf(ue.Type.Kind().String()), ue.Value)
		}
		return View{}, viewErr("", "%v", err)
	}
	if _, err := dec.Token(); err != io.EOF {
		return View{}, viewErr("", "data after the view")
	}
	keys, err := jsonKeys(data)
	if err != nil {
		return View{}, viewKeysErr(err)
	}
	if d.Version != ViewVersion {
		return View{}, viewErr("version", "version %d; this package reads version %d", d.Version, ViewVersion)
	}
	// Every field must be present: the document's objects must have
	// exactly the keys of the same objects written back.
	again, err := json.Marshal(&d)
	if err != nil {
		return View{}, viewErr("", "%v", err)
	}
	want, err := jsonKeys(again)
	if err != nil {
		return View{}, viewErr("", "%v", err)
	}
	for path, ks := range want {
		if got, ok := keys[path]; ok && !slices.Equal(got, ks) {
			for _, k := range ks {
				if !slices.Contains(got, k) {
					return View{}, viewErr(joinPath(path, k), "missing")
				}
			}
			for _, k := range got {
				if !slices.Contains(ks, k) {
					return View{}, viewErr(joinPath(path, k), "unknown field (names are lower case)")
				}
			}
		}
	}
	r := viewReader{c: c}
	v := r.view(&d)
	if r.err != nil {
		return View{}, r.err
	}
	if err := checkView(&v); err != nil {
		return View{}, err
	}
	// What a view derives from the state (the decision, the legal actions)
	// must follow from the rest: a sampled state must show this very view.
	if _, err := Determinize(v, 0); err != nil {
		var ce *ContradictionError
		if errors.As(err, &ce) {
			return View{}, viewErr(ce.Field, "contradicts the rest of the view; no game shows it")
		}
		return View{}, viewErr("", "no game shows this view: %s", strings.TrimPrefix(err.Error(), "waterdeep: "))
	}
	return v, nil
}

// viewKeysErr reports an error of jsonKeys as a view's *DecodeError.
func viewKeysErr(err error) error {
	if d, ok := err.(*duplicateKeyError); ok {
		return viewErr(d.path, "field given twice")
	}
	return viewErr("", "%v", err)
}

func jsonTypeOf(goKind string) string {
	switch goKind {
	case "int", "int8", "int16", "int32", "int64", "uint", "uint8", "uint16", "uint32", "uint64":
		return "whole number in range"
	case "string":
		return "string"
	case "bool":
		return "boolean"
	case "slice", "array":
		return "array"
	case "struct", "ptr", "map":
		return "object"
	}
	return goKind
}

// viewReader turns a decoded document into a View, keeping the first
// error.
type viewReader struct {
	c       *Content
	err     error
	players int
	quests  map[string]QuestID
	cards   map[string]IntrigueID
	tiles   map[string]BuildingID
	lords   map[string]LordID
}

func (r *viewReader) fail(field, format string, args ...any) {
	if r.err == nil {
		r.err = viewErr(field, format, args...)
	}
}

func (r *viewReader) num(field string, n, lo, hi int) int {
	if n < lo || n > hi {
		r.fail(field, "%d is out of range %d to %d", n, lo, hi)
		return lo
	}
	return n
}

func (r *viewReader) seat(field string, n int) PlayerID {
	if n < 0 || n >= r.players {
		r.fail(field, "player %d is not a seat of %d players", n, r.players)
		return 0
	}
	return PlayerID(n)
}

func (r *viewReader) optSeat(field string, n *int) PlayerID {
	if n == nil {
		return NoPlayer
	}
	return r.seat(field, *n)
}

func (r *viewReader) text(field, s string) string {
	if len(s) > viewMaxText || !utf8.ValidString(s) {
		r.fail(field, "text longer than %d bytes", viewMaxText)
	}
	return s
}

func (r *viewReader) space(field, name string) SpaceID {
	s, ok := r.c.SpaceByID(name)
	if !ok {
		r.fail(field, "no space is named %q", name)
	}
	return s
}

func (r *viewReader) quest(field, name string) QuestID {
	q, ok := r.quests[name]
	if !ok {
		r.fail(field, "no quest is named %q", name)
	}
	return q
}

func (r *viewReader) card(field, name string) IntrigueID {
	i, ok := r.cards[name]
	if !ok {
		r.fail(field, "no intrigue card is named %q", name)
	}
	return i
}

func (r *viewReader) tile(field, name string) BuildingID {
	b, ok := r.tiles[name]
	if !ok {
		r.fail(field, "no building is named %q", name)
	}
	return b
}

func (r *viewReader) questList(field string, names []string) []QuestID {
	var out []QuestID
	for i, n := range names {
		out = append(out, r.quest(fmt.Sprintf("%s[%d]", field, i), n))
	}
	return out
}

func (r *viewReader) cardList(field string, names []string) []IntrigueID {
	var out []IntrigueID
	for i, n := range names {
		out = append(out, r.card(fmt.Sprintf("%s[%d]", field, i), n))
	}
	return out
}

func (r *viewReader) tileList(field string, names []string) []BuildingID {
	var out []BuildingID
	for i, n := range names {
		out = append(out, r.tile(fmt.Sprintf("%s[%d]", field, i), n))
	}
	return out
}

func (r *viewReader) cubes(field string, d cubesDoc) [NumAdventurers]int {
	a := d.array()
	for k := range a {
		a[k] = r.num(field+"."+Adventurer(k).String(), a[k], 0, viewMaxCubes)
	}
	return a
}

func (r *viewReader) view(d *viewDoc) View {
	c := r.c
	r.quests, r.cards, r.tiles, r.lords = map[string]QuestID{}, map[string]IntrigueID{}, map[string]BuildingID{}, map[string]LordID{}
	for i := range c.NumQuests() {
		r.quests[c.QuestName(QuestID(i))] = QuestID(i)
	}
	for i := range c.NumIntrigue() {
		r.cards[c.IntrigueName(IntrigueID(i))] = IntrigueID(i)
	}
	for i := range c.NumBuildings() {
		r.tiles[c.BuildingName(BuildingID(i))] = BuildingID(i)
	}
	for i := range c.NumLords() {
		r.lords[c.Lord(LordID(i)).ID] = LordID(i)
	}
	r.players = r.num("players", d.Players, 2, min(5, c.maxPlayers()))
	v := View{c: c, Viewer: Spectator, Players: r.players, Round: r.num("round", d.Round, 1, rounds), Over: d.Over,
		First: r.seat("first", d.First), ToAct: r.optSeat("to_act", d.ToAct), Supply: r.cubes("supply", d.Supply),
		AmbassadorHolder: NoPlayer}
	if d.Viewer != nil {
		v.Viewer = r.seat("viewer", *d.Viewer)
	}
	v.Decision = noDecision
	if dd := d.Decision; dd != nil {
		k := slices.Index(decisionKindNames[:], dd.Kind)
		if k <= int(NoDecision) {
			r.fail("decision.kind", "unknown decision kind %q", dd.Kind)
		}
		v.Decision = Decision{Kind: DecisionKind(max(k, 0)), Player: r.seat("decision.player", dd.Player), Optional: dd.Optional,
			Count: r.num("decision.count", dd.Count, 0, 255), Purpose: r.text("decision.purpose", dd.Purpose),
			Source: r.text("decision.source", dd.Source), Reassign: dd.Reassign, Ambassador: dd.Ambassador,
			VP: r.num("decision.vp", dd.VP, 0, 255), Other: r.optSeat("decision.other", dd.Other),
			Give: Bundle{Cleric: r.num("decision.give.cleric", dd.Give.Cleric, 0, 25), Fighter: r.num("decision.give.fighter", dd.Give.Fighter, 0, 25),
				Rogue: r.num("decision.give.rogue", dd.Give.Rogue, 0, 25), Wizard: r.num("decision.give.wizard", dd.Give.Wizard, 0, 25),
				Gold: r.num("decision.give.gold", dd.Give.Gold, 0, 255)}}
		if dd.From != nil {
			v.Decision.From = r.space("decision.from", *dd.From)
		}
		for i, name := range dd.Kinds {
			a, ok := parseAdventurer(name)
			if !ok {
				r.fail(fmt.Sprintf("decision.kinds[%d]", i), "no adventurer kind is named %q", name)
			} else if v.Decision.Kinds.Has(a) {
				r.fail(fmt.Sprintf("decision.kinds[%d]", i), "%s listed twice", name)
			}
			v.Decision.Kinds |= 1 << a
		}
		if dd.Source != "" && !slices.Contains(c.programSource, dd.Source) {
			r.fail("decision.source", "no card or building is named %q", dd.Source)
		}
	}
	for _, a := range d.Legal {
		v.Legal = append(v.Legal, a.Action)
	}
	for i, sd := range d.Spaces {
		f := fmt.Sprintf("spaces[%d]", i)
		sv := SpaceView{Space: r.space(f+".space", sd.Space), Ambassador: sd.Ambassador, Owner: NoPlayer}
		for j, p := range sd.Agents {
			sv.Agents = append(sv.Agents, r.seat(fmt.Sprintf("%s.agents[%d]", f, j), p))
		}
		if sd.Building != nil {
			sv.Tile, sv.Building = true, r.tile(f+".building", *sd.Building)
			sv.Owner = r.optSeat(f+".owner", sd.Owner)
		} else if sd.Owner != nil {
			r.fail(f+".owner", "a space that is no building's has no owner")
		}
		sv.Stock = r.num(f+".stock", sd.Stock, 0, 255)
		v.Spaces = append(v.Spaces, sv)
	}
	v.Cliffwatch, v.Revealed = r.questList("cliffwatch", d.Cliffwatch), r.questList("revealed", d.Revealed)
	for i, t := range d.ForSale {
		f := fmt.Sprintf("for_sale[%d]", i)
		v.ForSale = append(v.ForSale, TileForSale{Building: r.tile(f+".building", t.Building), VP: r.num(f+".vp", t.VP, 0, 255)})
	}
	v.Gone = r.tileList("gone", d.Gone)
	v.AmbassadorHolder = r.optSeat("ambassador.holder", d.Ambassador.Holder)
	if d.Ambassador.Space != nil {
		v.AmbassadorPlaced, v.AmbassadorSpace = true, r.space("ambassador.space", *d.Ambassador.Space)
	}
	v.AmbassadorGone = d.Ambassador.Gone
	v.QuestDeck = r.num("quest_deck", d.QuestDeck, 0, c.NumQuests())
	v.IntrigueDeck = r.num("intrigue_deck", d.IntrigueDeck, 0, c.NumIntrigue())
	v.BuildingStack = r.num("building_stack", d.BuildingStack, 0, c.NumBuildings())
	v.QuestDiscard, v.IntrigueDiscard = r.questList("quest_discard", d.QuestDiscard), r.cardList("intrigue_discard", d.IntrigueDiscard)
	for i, sd := range d.Seats {
		f := fmt.Sprintf("seats[%d]", i)
		sv := SeatView{Seat: PlayerID(r.num(f+".seat", sd.Seat, i, i)), Score: r.num(f+".score", sd.Score, 0, viewMaxPoints),
			Gold: r.num(f+".gold", sd.Gold, 0, viewMaxPoints), Tavern: r.cubes(f+".tavern", sd.Tavern),
			Agents: r.num(f+".agents", sd.Agents, 0, viewMaxAgents), Pool: r.num(f+".pool", sd.Pool, 0, viewMaxAgents),
			HandSize: r.num(f+".hand_size", sd.HandSize, 0, c.NumIntrigue()), Hand: r.cardList(f+".hand", sd.Hand),
			Active: r.questList(f+".active", sd.Active), Completed: r.questList(f+".completed", sd.Completed),
			Mandatory: r.cardList(f+".mandatory", sd.Mandatory), Buildings: r.tileList(f+".buildings", sd.Buildings),
			OrbUsed: sd.OrbUsed, SwapUsed: sd.SwapUsed}
		if sd.Lord != nil {
			l, ok := r.lords[*sd.Lord]
			if !ok {
				r.fail(f+".lord", "no lord is named %q", *sd.Lord)
			}
			sv.LordKnown, sv.Lord = true, l
		}
		v.Seats = append(v.Seats, sv)
	}
	p := d.Progress
	v.Progress = Progress{Next: r.seat("progress.next", p.Next), QuestDone: p.QuestDone,
		HarborNext: r.num("progress.harbor_next", p.HarborNext, 0, 2*len(c.harbor))}
	v.Progress.Phase = slices.Index(phaseNames[:], p.Phase)
	if v.Progress.Phase < 0 {
		r.fail("progress.phase", "unknown phase %q", p.Phase)
	}
	for i, a := range p.Shared {
		f := fmt.Sprintf("progress.shared[%d]", i)
		v.Progress.Shared = append(v.Progress.Shared, SharedAgent{Space: r.space(f+".space", a.Space), Player: r.seat(f+".player", a.Player)})
	}
	for i, a := range p.Follow {
		f := fmt.Sprintf("progress.follow[%d]", i)
		v.Progress.Follow = append(v.Progress.Follow, Follower{Slot: r.space(f+".slot", a.Slot), Player: r.seat(f+".player", a.Player),
			From: r.space(f+".from", a.From)})
	}
	for i, fd := range p.Stack {
		f := fmt.Sprintf("progress.stack[%d]", i)
		k := slices.Index(frameKindNames[:], fd.Kind)
		if k <= int(fNone) {
			r.fail(f+".kind", "unknown frame kind %q", fd.Kind)
		}
		v.Progress.Stack = append(v.Progress.Stack, Frame{Kind: max(k, 0), Player: int(r.seat(f+".player", fd.Player)),
			PC: r.num(f+".pc", fd.PC, 0, 255), I: r.num(f+".i", fd.I, 0, 255), A: r.num(f+".a", fd.A, 0, 255),
			B: r.num(f+".b", fd.B, 0, 255), Program: r.num(f+".program", fd.Program, 0, len(c.programs)-1)})
	}
	return v
}

func parseAdventurer(name string) (Adventurer, bool) {
	for k := range Adventurer(NumAdventurers) {
		if k.String() == name {
			return k, true
		}
	}
	return 0, false
}

// checkView checks that the facts of a decoded view agree with each other
// and with the rules' invariants: every card in one place at most, counts
// that add up, hidden things hidden from this viewer.
func checkView(v *View) error {
	c := v.c
	n := v.Players
	var err error
	fail := func(field, format string, args ...any) {
		if err == nil {
			err = viewErr(field, format, args...)
		}
	}
	// Lengths.
	switch {
	case len(v.Seats) != n:
		fail("seats", "%d seats for %d players", len(v.Seats), n)
	case len(v.Cliffwatch) > 4:
		fail("cliffwatch", "%d quests; Cliffwatch Inn has 4", len(v.Cliffwatch))
	case len(v.ForSale) > 3:
		fail("for_sale", "%d buildings; Builder's Hall has 3", len(v.ForSale))
	case len(v.Progress.Shared) > 4:
		fail("progress.shared", "%d entries; at most 4", len(v.Progress.Shared))
	case len(v.Progress.Follow) > 4:
		fail("progress.follow", "%d entries; at most 4", len(v.Progress.Follow))
	case len(v.Progress.Stack) > stackSize:
		fail("progress.stack", "%d frames; at most %d", len(v.Progress.Stack), stackSize)
	}
	if err != nil {
		return err
	}

	// The game's progress.
	if v.Over {
		switch {
		case v.Round != rounds:
			fail("round", "the game is over in round %d", v.Round)
		case v.ToAct != NoPlayer:
			fail("to_act", "the game is over but p%d is to act", v.ToAct+1)
		case v.Decision != noDecision:
			fail("decision", "the game is over but a decision is pending")
		case v.Progress.Phase != int(phaseOver):
			fail("progress.phase", "the game is over in phase %s", phaseNames[v.Progress.Phase])
		case len(v.Progress.Stack) != 0:
			fail("progress.stack", "the game is over with %d frames", len(v.Progress.Stack))
		}
	} else {
		switch {
		case v.ToAct == NoPlayer:
			fail("to_act", "the game is not over but nobody is to act")
		case v.Decision.Kind == NoDecision:
			fail("decision", "the game is not over but no decision is pending")
		case v.Decision.Player != v.ToAct:
			fail("decision.player", "p%d decides but p%d is to act", v.Decision.Player+1, v.ToAct+1)
		case v.Progress.Phase == int(phaseOver):
			fail("progress.phase", "the game is not over")
		case len(v.Progress.Stack) == 0:
			fail("progress.stack", "the game is not over but the stack is empty")
		}
		if err == nil {
			top := v.Progress.Stack[len(v.Progress.Stack)-1]
			if fkind(top.Kind) < dPlace || DecisionKind(top.Kind-int(dPlace)+1) != v.Decision.Kind || PlayerID(top.Player) != v.ToAct {
				fail("progress.stack", "the top frame (%s for p%d) is not the pending decision (%s for p%d)",
					frameKindNames[top.Kind], top.Player+1, decisionKindNames[v.Decision.Kind], v.ToAct+1)
			}
		}
	}
	if len(v.Legal) > 0 && v.Viewer != v.ToAct {
		fail("legal", "legal actions are listed only for the viewer to act")
	}
	var last Move
	for i, a := range v.Legal {
		f := fmt.Sprintf("legal[%d]", i)
		m := EncodeMove(a)
		switch {
		case a.Actor() != v.Viewer:
			fail(f, "an action of p%d in p%d's view", a.Actor()+1, v.Viewer+1)
		case !actionInRange(c, n, a):
			fail(f, "%s names something that does not exist", a)
		case m <= last:
			fail(f, "not in canonical order, or listed twice")
		}
		last = m
	}

	// Spaces: the basic ones, then the tiles in play or for sale, each once
	// in order.
	basic := c.NumSpaces() - c.NumBuildings()
	if len(v.Spaces) < basic {
		fail("spaces", "%d spaces; the %d basic spaces are always listed", len(v.Spaces), basic)
		return err
	}
	onBoard := make([]int, n)
	ambassadors := 0
	var tileSpace [MaxBuildings]int // 1 + index in Spaces
	for i, sp := range v.Spaces {
		f := fmt.Sprintf("spaces[%d]", i)
		switch {
		case i < basic && int(sp.Space) != i:
			fail(f+".space", "space %s where %s belongs (every basic space is listed, in order)", c.SpaceName(sp.Space), c.SpaceName(SpaceID(i)))
		case i >= basic && (int(sp.Space) < basic || i > 0 && sp.Space <= v.Spaces[i-1].Space):
			fail(f+".space", "space %s out of order", c.SpaceName(sp.Space))
		case sp.Tile != (int(sp.Space) >= basic):
			fail(f+".building", "space %s is a building tile's exactly when it is not a basic space", c.SpaceName(sp.Space))
		case sp.Tile && c.TileSpace(sp.Building) != sp.Space:
			fail(f+".building", "building %s is not the building of space %s", c.BuildingName(sp.Building), c.SpaceName(sp.Space))
		case !sp.Tile && sp.Stock != 0:
			fail(f+".stock", "only a building tile holds stock")
		case sp.Tile && sp.Owner == NoPlayer && sp.Stock != 0:
			fail(f+".stock", "a building for sale holds no stock")
		}
		if sp.Tile {
			tileSpace[sp.Building] = i + 1
		}
		if sp.Ambassador {
			ambassadors++
			if !v.AmbassadorPlaced || v.AmbassadorSpace != sp.Space {
				fail(f+".ambassador", "the Ambassador stands here but ambassador.space says otherwise")
			}
		}
		for _, p := range sp.Agents {
			onBoard[p]++
		}
	}
	if v.AmbassadorPlaced && ambassadors != 1 {
		fail("ambassador.space", "the Ambassador is placed but stands on %d spaces", ambassadors)
	}
	switch {
	case v.AmbassadorGone && (v.AmbassadorHolder != NoPlayer || v.AmbassadorPlaced):
		fail("ambassador.gone", "the Ambassador left the game but is held or placed")
	case v.AmbassadorPlaced && v.AmbassadorHolder == NoPlayer:
		fail("ambassador.holder", "the Ambassador is placed but nobody holds it")
	}
	for i, a := range v.Progress.Shared {
		f := fmt.Sprintf("progress.shared[%d]", i)
		j := slices.IndexFunc(v.Spaces, func(sp SpaceView) bool { return sp.Space == a.Space })
		if j < 0 || !slices.Contains(v.Spaces[j].Agents, a.Player) {
			fail(f, "p%d's agent is not on space %s", a.Player+1, c.SpaceName(a.Space))
		}
	}
	for i, fl := range v.Progress.Follow {
		f := fmt.Sprintf("progress.follow[%d]", i)
		if !slices.Contains(c.harbor, fl.Slot) {
			fail(f+".slot", "%s is not a space whose agents are reassigned", c.SpaceName(fl.Slot))
		}
	}

	// Seats.
	for i, s := range v.Seats {
		f := fmt.Sprintf("seats[%d]", i)
		switch {
		case s.Pool > s.Agents:
			fail(f+".pool", "%d agents in the pool of %d", s.Pool, s.Agents)
		case s.Pool+onBoard[i] != s.Agents:
			fail(f+".agents", "%d agents: %d in the pool and %d on the board", s.Agents, s.Pool, onBoard[i])
		case s.Seat == v.Viewer && len(s.Hand) != s.HandSize:
			fail(f+".hand", "%d cards for a hand of %d", len(s.Hand), s.HandSize)
		case s.Seat != v.Viewer && len(s.Hand) != 0:
			fail(f+".hand", "p%d's hand is hidden from this viewer", i+1)
		case s.LordKnown != (v.Over || s.Seat == v.Viewer):
			fail(f+".lord", "p%d's lord is shown exactly to p%d and to everyone once the game is over", i+1, i+1)
		case len(s.Buildings) > maxBuildings:
			fail(f+".buildings", "%d buildings; at most %d", len(s.Buildings), maxBuildings)
		}
		for _, m := range s.Mandatory {
			if !c.mandatory.has(uint8(m)) {
				fail(f+".mandatory", "%s is not a mandatory quest", c.IntrigueName(m))
			}
		}
		for j := range i {
			if s.LordKnown && v.Seats[j].LordKnown && s.Lord == v.Seats[j].Lord {
				fail(f+".lord", "p%d and p%d share a lord", j+1, i+1)
			}
		}
	}
	if err != nil {
		return err
	}

	// Every card and tile in one place at most, and the decks hold the
	// rest.
	var quests, cards set128
	var qcount, icount int
	addQ := func(field string, qs []QuestID) {
		for _, q := range qs {
			if quests.has(uint8(q)) {
				fail(field, "quest %s is in two places", c.QuestName(q))
			}
			quests.add(uint8(q))
			qcount++
		}
	}
	addI := func(field string, is []IntrigueID) {
		for _, i := range is {
			if cards.has(uint8(i)) {
				fail(field, "intrigue card %s is in two places", c.IntrigueName(i))
			}
			cards.add(uint8(i))
			icount++
		}
	}
	addQ("cliffwatch", v.Cliffwatch)
	addQ("revealed", v.Revealed)
	addQ("quest_discard", v.QuestDiscard)
	addI("intrigue_discard", v.IntrigueDiscard)
	hidden := 0
	for i, s := range v.Seats {
		f := fmt.Sprintf("seats[%d]", i)
		addQ(f+".active", s.Active)
		addQ(f+".completed", s.Completed)
		addI(f+".mandatory", s.Mandatory)
		addI(f+".hand", s.Hand)
		if s.Seat != v.Viewer {
			hidden += s.HandSize
		}
	}
	for i, fr := range v.Progress.Stack {
		f := fmt.Sprintf("progress.stack[%d]", i)
		card := -1
		switch {
		case fkind(fr.Kind) == fDiscard:
			card = fr.A
		case fkind(fr.Kind) == dPlayer && playerPurpose(fr.A) == targetMandatory:
			card = fr.B
		}
		if card >= c.NumIntrigue() {
			fail(f, "intrigue card %d does not exist", card)
		} else if card >= 0 {
			addI(f, []IntrigueID{IntrigueID(card)})
		}
	}
	if err != nil {
		return err
	}
	if qcount+v.QuestDeck != c.NumQuests() {
		fail("quest_deck", "%d quests in the deck and %d in view; the game has %d", v.QuestDeck, qcount, c.NumQuests())
	}
	if icount+hidden+v.IntrigueDeck != c.NumIntrigue() {
		fail("intrigue_deck", "%d intrigue cards in the deck, %d in hidden hands and %d in view; the game has %d",
			v.IntrigueDeck, hidden, icount, c.NumIntrigue())
	}
	var tiles [MaxBuildings]bool
	tcount := 0
	addT := func(field string, b BuildingID) {
		if tiles[b] {
			fail(field, "building %s is in two places", c.BuildingName(b))
		}
		tiles[b] = true
		tcount++
	}
	for i, t := range v.ForSale {
		f := fmt.Sprintf("for_sale[%d]", i)
		addT(f, t.Building)
		if j := tileSpace[t.Building]; j == 0 || v.Spaces[j-1].Owner != NoPlayer {
			fail(f, "building %s is for sale but its space is not listed without an owner", c.BuildingName(t.Building))
		}
	}
	for i, b := range v.Gone {
		addT(fmt.Sprintf("gone[%d]", i), b)
		if tileSpace[b] != 0 {
			fail(fmt.Sprintf("gone[%d]", i), "building %s left the game but its space is listed", c.BuildingName(b))
		}
	}
	for i, s := range v.Seats {
		for j, b := range s.Buildings {
			f := fmt.Sprintf("seats[%d].buildings[%d]", i, j)
			addT(f, b)
			if k := tileSpace[b]; k == 0 || v.Spaces[k-1].Owner != s.Seat {
				fail(f, "p%d owns %s but its space does not say so", i+1, c.BuildingName(b))
			}
		}
	}
	for _, sp := range v.Spaces {
		if sp.Tile && !tiles[sp.Building] {
			fail("spaces", "building %s is listed with owner %v but is neither for sale nor in its owner's buildings", c.BuildingName(sp.Building), sp.Owner)
		}
	}
	if tcount+v.BuildingStack != c.NumBuildings() {
		fail("building_stack", "%d buildings in the stack and %d in view; the game has %d", v.BuildingStack, tcount, c.NumBuildings())
	}

	// Adventurers: 25 of each kind in the supply, the taverns and the
	// stock of the buildings in play.
	var total [NumAdventurers]int
	for k := range total {
		total[k] = v.Supply[k]
		for _, s := range v.Seats {
			total[k] += s.Tavern[k]
		}
	}
	for _, sp := range v.Spaces {
		if sp.Tile && sp.Owner != NoPlayer {
			if w := c.tileStock[sp.Building].what; w >= stockCleric && w <= stockWizard {
				total[w-stockCleric] += sp.Stock
			}
		}
	}
	for k, t := range total {
		if t != viewMaxCubes {
			fail("supply."+Adventurer(k).String(), "%d %ss in the game; there are %d", t, Adventurer(k), viewMaxCubes)
		}
	}
	return err
}

// actionInRange reports whether an action's operands name things of the
// content and seats of the game.
func actionInRange(c *Content, players int, a Action) bool {
	switch a := a.(type) {
	case PlaceAgent:
		return int(a.Space) < c.NumSpaces()
	case ChooseSpace:
		return int(a.Space) < c.NumSpaces()
	case CompleteQuest:
		return int(a.Quest) < c.NumQuests()
	case TakeQuest:
		return int(a.Quest) < c.NumQuests()
	case DiscardQuest:
		return int(a.Quest) < c.NumQuests()
	case CompleteMandatory:
		return int(a.Card) < c.NumIntrigue()
	case PlayIntrigue:
		return int(a.Card) < c.NumIntrigue()
	case DiscardMandatory:
		return int(a.Card) < c.NumIntrigue()
	case ChooseBuilding:
		return int(a.Building) < c.NumBuildings()
	case ChoosePlayer:
		return int(a.Target) < players
	}
	return true
}
