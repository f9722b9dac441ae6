package waterdeep

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"maps"
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/waterdeep-go/waterdeep/content"
)

// ViewVersion is the format version of a View's JSON form. A change that
// old readers would misread gets a new number; DecodeView reads this
// version only and refuses others with an error that names both.
//
// The JSON form of a View (version 4) is one object, every field always
// present (lists as [], unknown things as null), with names for everything
// the content names:
//
//	{"version": 4, "viewer": "p1", "players": 3, "modules": ["skullport"], "long": false,
//	 "round": 2, "over": false,
//	 "first": "p2", "to_act": "p1",
//	 "decision": {"kind": "place_agent", "player": "p1", "optional": false, "count": 0,
//	              "kinds": [], "give": {"cleric": 0, "fighter": 0, "rogue": 0, "wizard": 0, "gold": 0, "any": 0},
//	              "vp": 0, "other": null, "purpose": "assign an agent", "source": "",
//	              "reassign": false, "from": null, "ambassador": false},
//	 "legal": [...],
//	 "supply": {"cleric": 25, "fighter": 23, "rogue": 24, "wizard": 25},
//	 "caravans": {"cleric": 0, "fighter": 0, "rogue": 0, "wizard": 0},
//	 "spaces": [{"space": "cliffwatch-inn/1", "agents": ["p2"], "ambassador": false,
//	             "building": null, "owner": null, "stock": 0, "placed": null}, ...],
//	 "cliffwatch": ["domesticate-owlbears", ...], "revealed": [],
//	 "for_sale": [{"building": "the-waymoot", "vp": 1}, ...], "gone": [],
//	 "ambassador": {"holder": null, "space": null, "gone": false},
//	 "quest_deck": 41, "intrigue_deck": 40, "building_stack": 21,
//	 "quest_discard": [], "intrigue_discard": ["crime-wave#2"],
//	 "removed": {"quests": 0, "intrigue": 0, "buildings": 0},
//	 "corruption": {"track": [0, 2, 3, 3, 3, 3, 3, 3, 3], "removed": 0, "value": 1},
//	 "seats": [{"seat": "p1", "score": 4, "gold": 3,
//	            "tavern": {"cleric": 0, "fighter": 2, "rogue": 1, "wizard": 0}, "corruption": 1,
//	            "agents": 3, "pool": 2, "hand_size": 2, "hand": ["..."],
//	            "lord": "...", "active": [...], "completed": [...],
//	            "mandatory": [], "buildings": [], "orb_used": false, "swap_used": false}, ...],
//	 "progress": "v1.AQABAAAAAAIFAAECAAAAAAA..."}
//
// Seats are written "p1" to "p6", the module's one convention for seats in
// JSON and text (as in PlayerID.String and the action text). "viewer" is
// null for a Spectator; "to_act", the decision's "other", a building's
// "owner" and the Ambassador's "holder" are null for nobody. Quests,
// intrigue cards and tiles are instance names (Content.QuestID,
// IntrigueID, BuildingID), spaces their ids (Content.SpaceID), lords
// their ids, null when hidden. "decision" is null once the game is over;
// "from" is the space a Harbor agent is being reassigned from, null
// otherwise. Each of the "legal" actions is in the JSON form of
// Content.MarshalAction with the view's content. "progress" is the
// engine's own state as an opaque token (see Progress): a client keeps it
// as it is, and only Determinize reads it.
//
// The expansion's facts: "modules" lists the modules played in the order
// undermountain, skullport ([] for the base game). "caravans" counts the
// adventurers of each kind that caravan tokens stand for, beyond the 25
// cubes (State.Caravans; always 0 without a module). "removed" counts the
// base game's cards removed before setup (a game with both modules; which
// ones is hidden). "corruption" is null in a game without Skullport;
// otherwise its "track" has the tokens on the spaces labeled -1 to -9,
// "removed" those in the box, and "value" what each token in a tavern
// would cost now. A space's "placed" is null or the resources lying on it:
// {"cleric", "fighter", "rogue", "wizard", "gold", "corruption"}.
// Version 4 added these; DecodeView refuses version 3.
const ViewVersion = 4

type viewDoc struct {
	Version         int               `json:"version"`
	Viewer          *string           `json:"viewer"`
	Players         int               `json:"players"`
	Modules         []string          `json:"modules"`
	Long            bool              `json:"long"`
	Round           int               `json:"round"`
	Over            bool              `json:"over"`
	First           string            `json:"first"`
	ToAct           *string           `json:"to_act"`
	Decision        *decisionDoc      `json:"decision"`
	Legal           []json.RawMessage `json:"legal"`
	Supply          cubesDoc          `json:"supply"`
	Caravans        cubesDoc          `json:"caravans"`
	Spaces          []spaceDoc        `json:"spaces"`
	Cliffwatch      []string          `json:"cliffwatch"`
	Revealed        []string          `json:"revealed"`
	ForSale         []forSaleDoc      `json:"for_sale"`
	Gone            []string          `json:"gone"`
	Ambassador      ambassadorDoc     `json:"ambassador"`
	QuestDeck       int               `json:"quest_deck"`
	IntrigueDeck    int               `json:"intrigue_deck"`
	BuildingStack   int               `json:"building_stack"`
	QuestDiscard    []string          `json:"quest_discard"`
	IntrigueDiscard []string          `json:"intrigue_discard"`
	Removed         removedDoc        `json:"removed"`
	Corruption      *corruptionDoc    `json:"corruption"`
	Seats           []seatDoc         `json:"seats"`
	Progress        string            `json:"progress"`
}

type decisionDoc struct {
	Kind       string   `json:"kind"`
	Player     string   `json:"player"`
	Optional   bool     `json:"optional"`
	Count      int      `json:"count"`
	Kinds      []string `json:"kinds"`
	Give       giveDoc  `json:"give"`
	VP         int      `json:"vp"`
	Other      *string  `json:"other"`
	Purpose    string   `json:"purpose"`
	Source     string   `json:"source"`
	Reassign   bool     `json:"reassign"`
	From       *string  `json:"from"`
	Ambassador bool     `json:"ambassador"`
}

// giveDoc is what a decision asks to give: adventurers, gold, and
// adventurers of any kind.
type giveDoc struct {
	Cleric  int `json:"cleric"`
	Fighter int `json:"fighter"`
	Rogue   int `json:"rogue"`
	Wizard  int `json:"wizard"`
	Gold    int `json:"gold"`
	Any     int `json:"any"`
}

type cubesDoc struct {
	Cleric  int `json:"cleric"`
	Fighter int `json:"fighter"`
	Rogue   int `json:"rogue"`
	Wizard  int `json:"wizard"`
}

type spaceDoc struct {
	Space      string     `json:"space"`
	Agents     []string   `json:"agents"`
	Ambassador bool       `json:"ambassador"`
	Building   *string    `json:"building"`
	Owner      *string    `json:"owner"`
	Stock      int        `json:"stock"`
	Placed     *placedDoc `json:"placed"`
}

// placedDoc is what lies on a space: adventurers, gold and corruption.
type placedDoc struct {
	Cleric     int `json:"cleric"`
	Fighter    int `json:"fighter"`
	Rogue      int `json:"rogue"`
	Wizard     int `json:"wizard"`
	Gold       int `json:"gold"`
	Corruption int `json:"corruption"`
}

// removedDoc counts the base game's cards removed with both modules.
type removedDoc struct {
	Quests    int `json:"quests"`
	Intrigue  int `json:"intrigue"`
	Buildings int `json:"buildings"`
}

// corruptionDoc is the corruption track (Skullport).
type corruptionDoc struct {
	Track   []int `json:"track"`
	Removed int   `json:"removed"`
	Value   int   `json:"value"`
}

type forSaleDoc struct {
	Building string `json:"building"`
	VP       int    `json:"vp"`
}

type ambassadorDoc struct {
	Holder *string `json:"holder"`
	Space  *string `json:"space"`
	Gone   bool    `json:"gone"`
}

type seatDoc struct {
	Seat       string   `json:"seat"`
	Score      int      `json:"score"`
	Gold       int      `json:"gold"`
	Tavern     cubesDoc `json:"tavern"`
	Corruption int      `json:"corruption"`
	Agents     int      `json:"agents"`
	Pool       int      `json:"pool"`
	HandSize   int      `json:"hand_size"`
	Hand       []string `json:"hand"`
	Lord       *string  `json:"lord"`
	Active     []string `json:"active"`
	Completed  []string `json:"completed"`
	Mandatory  []string `json:"mandatory"`
	Buildings  []string `json:"buildings"`
	OrbUsed    bool     `json:"orb_used"`
	SwapUsed   bool     `json:"swap_used"`
	// The Skullport cards (issue 13).
	LordsSeen []string `json:"lords_seen"`
	TurnUsed  int      `json:"turn_used"`
	// The Undermountain cards (issue 14).
	VisitUsed bool     `json:"visit_used"`
	LordShown bool     `json:"lord_shown"`
	KnownHand []string `json:"known_hand"`
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
	DiscardIntrigueDecision:   "discard_intrigue",
}

// Limits of the numbers in a view; the state's own fields are far smaller
// in any real game.
const (
	viewMaxPoints = 99999 // score and gold
	viewMaxAgents = 10
	viewMaxCubes  = 25 + maxCaravan // adventurers of one kind in the game: 25 cubes and caravans
	viewMaxText   = 200
	viewMaxWidth  = 256 // members of an array or object
)

func (d cubesDoc) array() [NumAdventurers]int {
	return [NumAdventurers]int{d.Cleric, d.Fighter, d.Rogue, d.Wizard}
}

// viewErr is the error of a view that does not decode.
func viewErr(field, format string, args ...any) error {
	return &DecodeError{What: "view JSON", Field: field, Detail: fmt.Sprintf(format, args...)}
}

// DecodeView reads the JSON form of a view (see View.MarshalJSON) made
// with content c (nil means the embedded content: BaseContent, or
// FullContent for a view whose "modules" lists any, as New chooses). Decoding is strict: malformed
// JSON, an unknown, duplicate or missing field, a version other than
// ViewVersion (the error names both), an unknown name, a seat not at the
// table, a number out of range, a progress token that does not decode or
// does not fit the game, a card in two places, or facts
// that contradict each other (counts that do not add up, a hidden hand
// listed, a lord shown to the wrong viewer) give a *DecodeError naming the
// field; input larger than MaxViewSize or nested deeper than MaxDepth is a
// *SizeError. A view that decodes can be encoded again, and its
// Determinize-consistent counts hold.
func DecodeView(data []byte, c *Content) (View, error) {
	if err := checkInput("view JSON", data, MaxViewSize); err != nil {
		return View{}, err
	}
	// No list of a view is long (the legal actions, the longest, are
	// under 64): a longer one is refused before it is decoded, since
	// encoding/json would make a whole seat of each "{}" in "seats".
	if !jsonWithin(data, MaxDepth, viewMaxWidth) {
		return View{}, viewErr("", "an array or object of more than %d members; no view has one", viewMaxWidth)
	}
	// The version first: a document of another version is refused as
	// such, not for the first field whose form changed.
	var head struct {
		Version json.RawMessage `json:"version"`
		Modules []string        `json:"modules"`
	}
	headOK := json.Unmarshal(data, &head) == nil
	if headOK && head.Version != nil {
		if n, err := strconv.Atoi(string(head.Version)); err == nil && n != ViewVersion {
			return View{}, viewErr("version", "version %d; this package reads version %d", n, ViewVersion)
		}
	}
	if c == nil {
		c = BaseContent()
		if headOK && len(head.Modules) > 0 {
			c = FullContent()
		}
	}
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	var d viewDoc
	if err := dec.Decode(&d); err != nil {
		var ue *json.UnmarshalTypeError
		if errors.As(err, &ue) && ue.Field == "" {
			return View{}, viewErr("", "%s", jsonWantObject(err, data, "a JSON object"))
		}
		field, detail := jsonProblem(err, data)
		return View{}, viewErr(field, "%s", detail)
	}
	if _, err := dec.Token(); err != io.EOF {
		return View{}, viewErr("", "data after the view")
	}
	// The legal actions are read as actions are: their shape first, so
	// that the key check below never gathers the keys of deep or wide
	// values standing in their place.
	for i, raw := range d.Legal {
		if !jsonWithin(raw, actionMaxDepth, actionMaxWidth) {
			return View{}, viewErr(fmt.Sprintf("legal[%d]", i), "an action is a string or an object of at most %d fields", actionMaxWidth)
		}
	}
	var paths jsonPaths
	keys, err := jsonKeys(data, &paths)
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
	want, err := jsonKeys(again, &paths)
	if err != nil {
		return View{}, viewErr("", "%v", err)
	}
	for _, id := range slices.Sorted(maps.Keys(want)) {
		ks := want[id]
		if got, ok := keys[id]; ok && !slices.Equal(got, ks) {
			for _, k := range ks {
				if !slices.Contains(got, k) {
					return View{}, viewErr(joinPath(paths.path(id), k), "missing")
				}
			}
			for _, k := range got {
				if !slices.Contains(ks, k) {
					return View{}, viewErr(joinPath(paths.path(id), k), "unknown field (names are lower case)")
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

// seat reads a seat of the game: "p1" to "p6".
func (r *viewReader) seat(field, name string) PlayerID {
	if len(name) != 2 || name[0] != 'p' || name[1] < '1' || int(name[1]-'1') >= r.players {
		r.fail(field, "%q is not a seat of this %d-player game (p1 to %s)", shorten(name), r.players, PlayerID(r.players-1))
		return 0
	}
	return PlayerID(name[1] - '1')
}

// optSeat reads a seat, or null for nobody.
func (r *viewReader) optSeat(field string, name *string) PlayerID {
	if name == nil {
		return NoPlayer
	}
	return r.seat(field, *name)
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
		r.quests[c.QuestID(QuestID(i))] = QuestID(i)
	}
	for i := range c.NumIntrigue() {
		r.cards[c.IntrigueID(IntrigueID(i))] = IntrigueID(i)
	}
	for i := range c.NumBuildings() {
		r.tiles[c.BuildingID(BuildingID(i))] = BuildingID(i)
	}
	for i := range c.NumLords() {
		r.lords[c.Lord(LordID(i)).ID] = LordID(i)
	}
	var modules Modules
	for i, name := range d.Modules {
		f := fmt.Sprintf("modules[%d]", i)
		m, ok := content.ParseModule(name)
		switch {
		case !ok:
			r.fail(f, "no module is named %q (the modules are undermountain and skullport)", shorten(name))
		case m <= modules:
			r.fail(f, "%s listed twice or out of order (undermountain comes first)", name)
		case c.modules&m == 0:
			r.fail(f, "the content holds nothing of %s", name)
		}
		modules |= m
	}
	maxPlayers := min(5, c.maxPlayers())
	if modules != 0 {
		maxPlayers = c.maxPlayers()
	}
	r.players = r.num("players", d.Players, 2, maxPlayers)
	v := View{c: c, Viewer: Spectator, Players: r.players, Modules: modules, Long: d.Long,
		Round: r.num("round", d.Round, 1, rounds), Over: d.Over,
		First: r.seat("first", d.First), ToAct: r.optSeat("to_act", d.ToAct), Supply: r.cubes("supply", d.Supply),
		Caravans:         r.cubes("caravans", d.Caravans),
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
				Gold: r.num("decision.give.gold", dd.Give.Gold, 0, 255), Any: r.num("decision.give.any", dd.Give.Any, 0, 25)}}
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
	for i, raw := range d.Legal {
		a, err := c.UnmarshalAction(raw)
		if err != nil {
			r.fail(fmt.Sprintf("legal[%d]", i), "%s", strings.TrimPrefix(err.Error(), "waterdeep: "))
			continue
		}
		v.Legal = append(v.Legal, a)
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
		if pd := sd.Placed; pd != nil {
			sv.Placed = Bundle{Cleric: r.num(f+".placed.cleric", pd.Cleric, 0, viewMaxCubes),
				Fighter: r.num(f+".placed.fighter", pd.Fighter, 0, viewMaxCubes), Rogue: r.num(f+".placed.rogue", pd.Rogue, 0, viewMaxCubes),
				Wizard: r.num(f+".placed.wizard", pd.Wizard, 0, viewMaxCubes), Gold: r.num(f+".placed.gold", pd.Gold, 0, 255)}
			sv.PlacedCorruption = r.num(f+".placed.corruption", pd.Corruption, 0, corruptionTokens)
			if sv.Placed == (Bundle{}) && sv.PlacedCorruption == 0 {
				r.fail(f+".placed", "nothing lies here: write null")
			}
		}
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
	v.RemovedQuests = r.num("removed.quests", d.Removed.Quests, 0, removedQuests)
	v.RemovedIntrigue = r.num("removed.intrigue", d.Removed.Intrigue, 0, removedIntrigue)
	v.RemovedBuildings = r.num("removed.buildings", d.Removed.Buildings, 0, removedBuildings)
	switch cd := d.Corruption; {
	case cd == nil && modules.Has(Skullport):
		r.fail("corruption", "a game with Skullport has a corruption track")
	case cd != nil && !modules.Has(Skullport):
		r.fail("corruption", "only a game with Skullport has a corruption track: write null")
	case cd != nil:
		if len(cd.Track) != trackSpaces {
			r.fail("corruption.track", "%d spaces; the track has %d (-1 to -9)", len(cd.Track), trackSpaces)
		}
		for i := range min(len(cd.Track), trackSpaces) {
			v.Track[i] = r.num(fmt.Sprintf("corruption.track[%d]", i), cd.Track[i], 0, trackMax)
		}
		v.CorruptionRemoved = r.num("corruption.removed", cd.Removed, 0, corruptionTokens)
		v.CorruptionValue = r.num("corruption.value", cd.Value, 0, trackSpaces)
	}
	for i, sd := range d.Seats {
		f := fmt.Sprintf("seats[%d]", i)
		if sd.Seat != PlayerID(i).String() {
			r.fail(f+".seat", "seat %q listed where %s belongs (seats are listed in order)", shorten(sd.Seat), PlayerID(i))
		}
		sv := SeatView{Seat: PlayerID(i), Score: r.num(f+".score", sd.Score, -viewMaxPoints, viewMaxPoints),
			Gold: r.num(f+".gold", sd.Gold, 0, viewMaxPoints), Tavern: r.cubes(f+".tavern", sd.Tavern),
			Corruption: r.num(f+".corruption", sd.Corruption, 0, corruptionTokens),
			Agents:     r.num(f+".agents", sd.Agents, 0, viewMaxAgents), Pool: r.num(f+".pool", sd.Pool, 0, viewMaxAgents),
			HandSize: r.num(f+".hand_size", sd.HandSize, 0, c.NumIntrigue()), Hand: r.cardList(f+".hand", sd.Hand),
			Active: r.questList(f+".active", sd.Active), Completed: r.questList(f+".completed", sd.Completed),
			Mandatory: r.cardList(f+".mandatory", sd.Mandatory), Buildings: r.tileList(f+".buildings", sd.Buildings),
			OrbUsed: sd.OrbUsed, SwapUsed: sd.SwapUsed, TurnUsed: r.num(f+".turn_used", sd.TurnUsed, 0, 3),
			VisitUsed: sd.VisitUsed, LordShown: sd.LordShown, KnownHand: r.cardList(f+".known_hand", sd.KnownHand)}
		for j, name := range sd.LordsSeen {
			o := r.seat(fmt.Sprintf("%s.lords_seen[%d]", f, j), name)
			if len(sv.LordsSeen) > 0 && o <= sv.LordsSeen[len(sv.LordsSeen)-1] || o == PlayerID(i) {
				r.fail(fmt.Sprintf("%s.lords_seen[%d]", f, j), "seats are listed once, in order, and not the seat itself")
			}
			sv.LordsSeen = append(sv.LordsSeen, o)
		}
		if sd.Lord != nil {
			l, ok := r.lords[*sd.Lord]
			if !ok {
				r.fail(f+".lord", "no lord is named %q", *sd.Lord)
			}
			sv.LordKnown, sv.Lord = true, l
		}
		v.Seats = append(v.Seats, sv)
	}
	if err := v.Progress.UnmarshalText([]byte(d.Progress)); err != nil {
		r.fail("progress", "%s", err.(*DecodeError).Detail)
	} else if why := v.Progress.inRange(c, r.players); why != "" {
		r.fail("progress", "%s", why)
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
