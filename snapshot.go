package waterdeep

import (
	"bytes"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"reflect"
	"strconv"
	"strings"

	"github.com/waterdeep-go/waterdeep/content"
)

// SnapshotVersion is the format version of State snapshots, the one
// MarshalJSON writes. Version 3 added the expansion: the modules, the long
// game, six players, the corruption track and each player's tokens, the
// resources placed on action spaces and the base game's cards removed with
// both modules. Version 4 writes each frame of the decision stack with
// named values, its kind's (snapshot_frames.go), and no residue. DecodeState
// also reads versions 2 (base games, seats written "p1".."p6") and 3, and
// refuses other versions with an error that says which it reads.
const SnapshotVersion = 4

// snapOldestVersion is the oldest snapshot version DecodeState reads.
const snapOldestVersion = 2

// snapshotFormat names the format in every snapshot.
const snapshotFormat = "waterdeep-state"

// SnapshotError reports a snapshot that DecodeState cannot turn into a
// State: malformed JSON, a wrong version or content, a value out of range,
// or a state that breaks an invariant (then Err is an *InvalidStateError).
type SnapshotError struct {
	Detail string
	Err    error
}

// Error implements error.
func (e *SnapshotError) Error() string {
	if e.Err != nil {
		if e.Detail == "" {
			return "waterdeep: snapshot: " + strings.TrimPrefix(e.Err.Error(), "waterdeep: ")
		}
		return "waterdeep: snapshot: " + e.Detail + ": " + strings.TrimPrefix(e.Err.Error(), "waterdeep: ")
	}
	return "waterdeep: snapshot: " + e.Detail
}

// Unwrap returns the underlying error, if any.
func (e *SnapshotError) Unwrap() error { return e.Err }

func snapErr(format string, args ...any) error {
	return &SnapshotError{Detail: fmt.Sprintf(format, args...)}
}

// The JSON shape of a snapshot. Every field is required; only the fields
// that are pointers (or lists of pointers) may be null. A field tagged
// snap:"3" is new in version 3: required there, absent from version 2; one
// tagged snapuntil:"3" is in versions up to 3 only.
// Numbers are the content's instance numbers (see Content.Quest,
// Intrigue, Building, Lord and SpaceID; a snapshot is bound to its
// content by a fingerprint, see snapshot_content.go), seats are "p1" to
// "p6" (the frames of the decision stack keep their fields as numbers),
// sets are strictly ascending lists and decks are lists from the
// bottom card to the top one.
type snapState struct {
	Format     string         `json:"format"`
	Version    int            `json:"version"`
	Content    snapContent    `json:"content"`
	RNG        string         `json:"rng"` // the PCG's 128-bit state, 32 hex digits (hi then lo)
	Round      int            `json:"round"`
	Phase      string         `json:"phase"`
	First      snapSeat       `json:"first"`
	Next       snapSeat       `json:"next"`
	QuestDone  bool           `json:"quest_done"`
	HarborNext int            `json:"harbor_next"`
	Supply     []int          `json:"supply"` // cleric, fighter, rogue, wizard
	Players    []snapPlayer   `json:"players"`
	Agents     []snapAgent    `json:"agents"` // one per occupied space, by space
	Shared     []*snapAgent   `json:"shared"` // 4 slots: second agents on a space
	Follow     []*snapFollow  `json:"follow"` // 4 slots: agents that reassign after a Harbor space
	Ambassador snapAmbassador `json:"ambassador"`

	QuestDeck       []int          `json:"quest_deck"`
	QuestDiscard    []int          `json:"quest_discard"`
	Cliffwatch      []*int         `json:"cliffwatch"` // 4 slots
	Revealed        []int          `json:"revealed"`
	IntrigueDeck    []int          `json:"intrigue_deck"`
	IntrigueDiscard []int          `json:"intrigue_discard"`
	BuildingStack   []int          `json:"building_stack"`
	ForSale         []*snapForSale `json:"for_sale"`       // 3 slots
	Buildings       []snapBuilding `json:"buildings"`      // tiles in play, by tile
	BuildingsGone   []int          `json:"buildings_gone"` // tiles out of the game

	Stack   []json.RawMessage `json:"stack"`                           // bottom to top (snapshot_frames.go)
	Residue *snapResidue      `json:"residue,omitempty" snapuntil:"3"` // versions 2 and 3, read and dropped

	// The expansion (version 3). In a base game: no modules, a track of
	// zeros, nothing placed or removed.
	Modules       []string    `json:"modules" snap:"3"` // "undermountain", "skullport", in that order
	Long          bool        `json:"long" snap:"3"`
	Caravans      []int       `json:"caravans" snap:"3"`       // adventurers held as caravans: cleric, fighter, rogue, wizard
	Track         []int       `json:"track" snap:"3"`          // tokens on the spaces -1 to -9
	CorruptionBox int         `json:"corruption_box" snap:"3"` // tokens removed from the game
	Placed        []snapPlace `json:"placed" snap:"3"`         // resources on action spaces, in the engine's list order
	Removed       snapRemoved `json:"removed" snap:"3"`        // base cards removed with both modules
	// Undermountain (issue 14): cards in hands that everyone knows.
	KnownHand []int `json:"known_hand" snap:"3"`
}

// snapPlace is what lies on one action space (see piles.go); fresh marks
// a space that received resources from the placement being resolved.
type snapPlace struct {
	Space       int   `json:"space"`
	Adventurers []int `json:"adventurers"` // cleric, fighter, rogue, wizard
	Gold        int   `json:"gold"`
	Corruption  int   `json:"corruption"`
	Fresh       bool  `json:"fresh"`
}

// snapRemoved lists the base game's cards and tiles removed before setup
// in a game with both modules (hidden information, like the decks).
type snapRemoved struct {
	Quests    []int `json:"quests"`
	Intrigue  []int `json:"intrigue"`
	Buildings []int `json:"buildings"`
}

// snapContent is the content fingerprint.
// words describes the content a fingerprint names: BaseContent or
// FullContent if it is theirs, else its counts and hash.
func (fp snapContent) words() string {
	switch {
	case fp == snapFingerprint(BaseContent()):
		return "BaseContent (the base game)"
	case fp == snapFingerprint(FullContent()):
		return "FullContent (the base game and both modules)"
	}
	return fmt.Sprintf("content of %d quests, %d intrigue cards, %d building tiles, %d lords, %d spaces and %d effects (hash %s)",
		fp.Quests, fp.Intrigue, fp.Buildings, fp.Lords, fp.Spaces, fp.Programs, fp.Hash)
}

type snapContent struct {
	Quests    int    `json:"quests"`
	Intrigue  int    `json:"intrigue"`
	Buildings int    `json:"buildings"`
	Lords     int    `json:"lords"`
	Spaces    int    `json:"spaces"`
	Programs  int    `json:"programs"`
	Hash      string `json:"hash"`
}

type snapPlayer struct {
	Lord      int   `json:"lord"`
	Gold      int   `json:"gold"`
	Score     int   `json:"score"`
	Agents    int   `json:"agents"`
	Pool      int   `json:"pool"`
	Buildings int   `json:"buildings"`
	OrbUsed   bool  `json:"orb_used"`
	SwapUsed  bool  `json:"swap_used"`
	Tavern    []int `json:"tavern"`
	Hand      []int `json:"hand"`
	Active    []int `json:"active"`
	Completed []int `json:"completed"`
	Mandatory []int `json:"mandatory"`
	// Corruption is the corruption tokens in the tavern (version 3).
	Corruption int `json:"corruption" snap:"3"`

	// The Skullport cards (issue 13): the seats whose lord this one has
	// looked at, and the once-per-turn plot effects used this turn.
	LordsSeen []snapSeat `json:"lords_seen" snap:"3"`
	TurnUsed  int        `json:"turn_used" snap:"3"`

	// Undermountain (issue 14).
	VisitUsed bool `json:"visit_used" snap:"3"`
	LordShown bool `json:"lord_shown" snap:"3"`
}

// snapSeat is a seat, written "p1" to "p6" as in every document.
type snapSeat int

// MarshalJSON implements json.Marshaler.
func (p snapSeat) MarshalJSON() ([]byte, error) {
	return appendJSONString(nil, PlayerID(p).String()), nil
}

// UnmarshalJSON implements json.Unmarshaler: "p1" is seat 0.
func (p *snapSeat) UnmarshalJSON(data []byte) error {
	var name string
	if err := json.Unmarshal(data, &name); err == nil && isSeatWord(name) && name[0] == 'p' && len(name) <= 3 {
		if n, err := strconv.Atoi(name[1:]); err == nil && n >= 1 {
			*p = snapSeat(n - 1)
			return nil
		}
	}
	return fmt.Errorf("want a seat, \"p1\" to \"p%d\", not %s", MaxPlayers, shorten(string(data)))
}

type snapAgent struct {
	Space  int      `json:"space"`
	Player snapSeat `json:"player"`
}

type snapFollow struct {
	Slot   int      `json:"slot"`
	Player snapSeat `json:"player"`
	From   int      `json:"from"`
}

type snapAmbassador struct {
	Holder *snapSeat `json:"holder"`
	Space  *int      `json:"space"`
	Gone   bool      `json:"gone"`
}

type snapForSale struct {
	Tile int `json:"tile"`
	VP   int `json:"vp"`
}

type snapBuilding struct {
	Tile  int      `json:"tile"`
	Owner snapSeat `json:"owner"`
	Stock int      `json:"stock"`
}

// snapResidue holds what the engine of versions 2 and 3 left in the unused
// slots of its fixed arrays: cards above the top of each deck, frames
// above the top of the stack. The engine now clears those slots (pop,
// drawQuest), so DecodeState checks and drops the residue.
type snapResidue struct {
	QuestDeck     []int             `json:"quest_deck"`
	IntrigueDeck  []int             `json:"intrigue_deck"`
	BuildingStack []int             `json:"building_stack"`
	Stack         []json.RawMessage `json:"stack"`
}

var snapPhaseNames = [...]string{phasePlacement: "placement", phaseReassign: "reassign", phaseOver: "over"}

// MarshalJSON encodes the complete state, secrets included (hands, lords,
// deck order, the random generator), as a versioned snapshot that
// DecodeState turns back into an equal State. It refuses a state that
// breaks an invariant. A snapshot is not for players' eyes: use View.
func (s State) MarshalJSON() ([]byte, error) {
	if err := s.validate(); err != nil {
		return nil, err
	}
	c := s.c
	n := int(s.numPlayers)
	var rng [16]byte
	j := snapState{
		Format:     snapshotFormat,
		Version:    SnapshotVersion,
		Content:    snapFingerprint(c),
		RNG:        hex.EncodeToString(s.rng.appendState(rng[:0])),
		Round:      int(s.round),
		Phase:      snapPhaseNames[s.phase],
		First:      snapSeat(s.first),
		Next:       snapSeat(s.next),
		QuestDone:  s.questDone,
		HarborNext: int(s.harborNext),
		Supply:     snapInts(s.supply[:]),
		Players:    make([]snapPlayer, n),
		Agents:     []snapAgent{},
		Shared:     make([]*snapAgent, len(s.shared)),
		Follow:     make([]*snapFollow, len(s.follow)),
		Ambassador: snapAmbassador{Holder: snapOptionalSeat(s.ambHolder), Space: snapOptional(s.ambSpace), Gone: s.ambGone},

		QuestDeck:       snapInts(s.questDeck[:s.questDeckLen]),
		QuestDiscard:    snapMembers(s.questDiscard),
		Cliffwatch:      make([]*int, len(s.cliffwatch)),
		Revealed:        snapMembers(s.revealed),
		IntrigueDeck:    snapInts(s.intrigueDeck[:s.intrigueDeckLen]),
		IntrigueDiscard: snapMembers(s.intrigueDiscard),
		BuildingStack:   snapInts(s.tileStack[:s.tileStackLen]),
		ForSale:         make([]*snapForSale, len(s.forSale)),
		Buildings:       []snapBuilding{},
		BuildingsGone:   []int{},
		Stack:           snapNamedFrames(s.stack[:s.sp]),
		Modules:         snapModuleNames(s.modules),
		Long:            s.long,
		Caravans:        snapInts(s.caravan[:]),
		Track:           snapInts(s.track[:]),
		CorruptionBox:   int(s.corruptionBox),
		Placed:          []snapPlace{},
		Removed: snapRemoved{Quests: snapMembers(s.questBox), Intrigue: snapMembers(s.intrigueBox),
			Buildings: snapMembers(set128{lo: s.tileBox})},
		KnownHand: snapMembers(s.knownHand),
	}
	for p := range n {
		ps := &s.players[p]
		j.Players[p] = snapPlayer{
			Lord: int(ps.lord), Gold: int(ps.gold), Score: int(ps.score), Agents: int(ps.agents), Pool: int(ps.pool),
			Buildings: int(ps.buildings), OrbUsed: ps.orbUsed, SwapUsed: ps.swapUsed, VisitUsed: ps.visitUsed, LordShown: s.lordShown(uint8(p)), Tavern: snapInts(ps.tavern[:]),
			Hand: snapMembers(ps.hand), Active: snapMembers(ps.active), Completed: snapMembers(ps.completed), Mandatory: snapMembers(ps.mandatory),
			Corruption: int(ps.corrupt),
		}
		// The Skullport cards (issue 13).
		j.Players[p].TurnUsed = int(ps.turnUsed)
		j.Players[p].LordsSeen = []snapSeat{}
		for o := range n {
			if s.seenLords[p]&(1<<o) != 0 {
				j.Players[p].LordsSeen = append(j.Players[p].LordsSeen, snapSeat(o))
			}
		}
	}
	// A space chosen by the place step being resolved is listed even if it
	// received nothing (fresh).
	listed := s.piled.or(s.freshPiles)
	for sp := listed.next(0); sp >= 0; sp = listed.next(sp + 1) {
		e := &s.piles[sp]
		j.Placed = append(j.Placed, snapPlace{Space: sp, Adventurers: snapInts(e.cubes[:]), Gold: int(e.gold), Corruption: int(e.corruption), Fresh: s.freshPiles.has(uint8(sp))})
	}
	for sp, o := range s.occupant {
		if o != 0 && o != ambassadorMark {
			j.Agents = append(j.Agents, snapAgent{Space: sp, Player: snapSeat(o - 1)})
		}
	}
	for i, a := range s.shared {
		if a.player != none {
			j.Shared[i] = &snapAgent{Space: int(a.space), Player: snapSeat(a.player)}
		}
	}
	for i, f := range s.follow {
		if f.slot != none {
			j.Follow[i] = &snapFollow{Slot: int(f.slot), Player: snapSeat(f.player), From: int(f.from)}
		}
	}
	for i, q := range s.cliffwatch {
		j.Cliffwatch[i] = snapOptional(q)
	}
	for i, t := range s.forSale {
		if t != none {
			j.ForSale[i] = &snapForSale{Tile: int(t), VP: int(s.forSaleVP[i])}
		}
	}
	for t := range c.tiles {
		switch o := s.tileOwner[t]; o {
		case 0:
		case none:
			j.BuildingsGone = append(j.BuildingsGone, t)
		default:
			j.Buildings = append(j.Buildings, snapBuilding{Tile: t, Owner: snapSeat(o - 1), Stock: int(s.tileStock[t])})
		}
	}
	return json.Marshal(&j)
}

// snapModuleNames names the modules m, in their order.
func snapModuleNames(m Modules) []string {
	out := []string{}
	for _, one := range []Modules{Undermountain, Skullport} {
		if m.Has(one) {
			out = append(out, one.String())
		}
	}
	return out
}

func snapInts(xs []uint8) []int {
	out := make([]int, len(xs))
	for i, x := range xs {
		out[i] = int(x)
	}
	return out
}

func snapMembers(set set128) []int {
	out := make([]int, 0, set.len())
	for i := set.next(0); i >= 0; i = set.next(i + 1) {
		out = append(out, i)
	}
	return out
}

// snapOptionalSeat is the seat p, or nil for none.
func snapOptionalSeat(p uint8) *snapSeat {
	if p == none {
		return nil
	}
	v := snapSeat(p)
	return &v
}

func snapOptional(v uint8) *int {
	if v == none {
		return nil
	}
	x := int(v)
	return &x
}

// UnmarshalJSON decodes a snapshot made by MarshalJSON, with the content
// DecodeState picks when given none.
func (s *State) UnmarshalJSON(data []byte) error {
	st, err := DecodeState(data, nil)
	if err != nil {
		return err
	}
	*s = st
	return nil
}

// snapMaxWidth bounds the members of a snapshot's arrays and objects.
const snapMaxWidth = 4 * MaxQuests

// DecodeState decodes a snapshot made by State.MarshalJSON, for content c.
// With c nil it picks the embedded content the snapshot was made with by
// its fingerprint: BaseContent() (a base game, or any version 2 snapshot)
// or FullContent() (a game with modules); a snapshot of other content
// needs that content. Decoding is strict: unknown or missing fields, null
// where a value is required, wrong types, trailing data, a format version
// other than 2 or 3, a snapshot of other content, values out of range and
// states that break an invariant are refused with a *SnapshotError; input
// larger than MaxStateSize or nested deeper than MaxDepth, with a
// *SizeError.
func DecodeState(data []byte, c *Content) (State, error) {
	if err := checkInput("snapshot", data, MaxStateSize); err != nil {
		return State{}, err
	}
	// No list of a snapshot is long (a deck, the longest, has at most
	// MaxQuests cards): a longer one is refused before it is decoded,
	// since encoding/json would make a whole player of each "{}" in
	// "players".
	if !jsonWithin(data, MaxDepth, snapMaxWidth) {
		return State{}, snapErr("an array or object of more than %d members; no snapshot has one", snapMaxWidth)
	}
	var j snapState
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&j); err != nil {
		var ue *json.UnmarshalTypeError
		if errors.As(err, &ue) && ue.Field == "" {
			return State{}, snapErr("%s", jsonWantObject(err, data, "a JSON object"))
		}
		field, detail := jsonProblem(err, data)
		if field != "" {
			detail = field + ": " + detail
		}
		return State{}, &SnapshotError{Detail: detail}
	}
	if _, err := dec.Token(); err != io.EOF {
		return State{}, snapErr("trailing data after the snapshot")
	}
	if _, err := jsonKeys(data, nil); err != nil {
		return State{}, snapErr("%v", err)
	}
	if j.Format != snapshotFormat {
		return State{}, snapErr("format %q, want %q", j.Format, snapshotFormat)
	}
	if j.Version < snapOldestVersion || j.Version > SnapshotVersion {
		return State{}, snapErr("version %d; this package reads versions %d to %d", j.Version, snapOldestVersion, SnapshotVersion)
	}
	if err := snapRequireFields(data, reflect.TypeFor[snapState](), "snapshot", j.Version); err != nil {
		return State{}, err
	}
	c, err := snapContentFor(&j, c)
	if err != nil {
		return State{}, err
	}
	s, err := j.build(c)
	if err != nil {
		return State{}, err
	}
	if err := s.validate(); err != nil {
		return State{}, &SnapshotError{Err: err}
	}
	s.rebuildDerived() // not in the snapshot (derived.go)
	return s, nil
}

// snapContentFor returns the content the snapshot j was made with: c if
// its fingerprint matches, or with c nil BaseContent or FullContent.
// Version 2 snapshots carry version 2's fingerprint (see
// snapLegacyFingerprint).
func snapContentFor(j *snapState, c *Content) (*Content, error) {
	matches := func(c *Content) bool {
		fp := snapFPs(c)
		if j.Version == 2 {
			return fp.ok2 && j.Content == fp.v2
		}
		return j.Content == fp.fp
	}
	if c != nil {
		if !matches(c) {
			want := snapFingerprint(c)
			if j.Version == 2 {
				want = snapFPs(c).v2
			}
			return nil, snapErr("made with other content: %s, not the content given (%s)", j.Content.words(), want.words())
		}
		return c, nil
	}
	if matches(BaseContent()) {
		return BaseContent(), nil
	}
	if j.Version > 2 && matches(FullContent()) {
		return FullContent(), nil
	}
	return nil, snapErr("made with other content: %s, neither BaseContent nor FullContent; decode it with its content", j.Content.words())
}

// snapRequireFields checks that the JSON value raw has every field of
// type t that the snapshot's version has, recursively, no field of a
// later version, and no null where t holds no pointer.
func snapRequireFields(raw json.RawMessage, t reflect.Type, path string, version int) error {
	if string(bytes.TrimSpace(raw)) == "null" {
		if t.Kind() == reflect.Pointer {
			return nil
		}
		return snapErr("%s is null", path)
	}
	switch t.Kind() {
	case reflect.Pointer:
		return snapRequireFields(raw, t.Elem(), path, version)
	case reflect.Slice:
		if t.Elem() == reflect.TypeFor[json.RawMessage]() {
			return nil // checked where it is decoded (the frames)
		}
		if k := t.Elem().Kind(); k != reflect.Struct && k != reflect.Pointer {
			// A list of numbers or names: the typed decoding refused
			// anything else but null.
			if bytes.Contains(raw, []byte("null")) {
				return snapErr("%s holds null", path)
			}
			return nil
		}
		var items []json.RawMessage
		if err := json.Unmarshal(raw, &items); err != nil {
			return &SnapshotError{Detail: path + ": " + jsonWords(err)}
		}
		for i, item := range items {
			if err := snapRequireFields(item, t.Elem(), fmt.Sprintf("%s[%d]", path, i), version); err != nil {
				return err
			}
		}
	case reflect.Struct:
		var fields map[string]json.RawMessage
		if err := json.Unmarshal(raw, &fields); err != nil {
			return &SnapshotError{Detail: path + ": " + jsonWords(err)}
		}
		for i := range t.NumField() {
			f := t.Field(i)
			name, _, _ := strings.Cut(f.Tag.Get("json"), ",")
			v, ok := fields[name]
			until, _ := strconv.Atoi(f.Tag.Get("snapuntil"))
			if since, _ := strconv.Atoi(f.Tag.Get("snap")); since > version || until > 0 && version > until {
				if ok {
					return snapErr("%s.%s is not a field of version %d", path, name, version)
				}
				continue
			}
			if !ok {
				return snapErr("%s.%s is missing", path, name)
			}
			if err := snapRequireFields(v, f.Type, path+"."+name, version); err != nil {
				return err
			}
		}
	}
	return nil
}

// inRange checks that v is in [lo, hi].
func snapInRange(v, lo, hi int, what string) error {
	if v < lo || v > hi {
		return snapErr("%s is %d, not in %d..%d", what, v, lo, hi)
	}
	return nil
}

// build turns the decoded JSON into a State, checking every value fits its
// field; validate checks the rest.
func (j *snapState) build(c *Content) (State, error) {
	s := State{c: c, ambHolder: none, ambSpace: none}
	errs := snapErrs{}
	u8 := func(v, lo, hi int, what string) uint8 {
		errs.add(snapInRange(v, lo, hi, what))
		if v < lo || v > hi {
			return 0
		}
		return uint8(v)
	}

	raw, err := hex.DecodeString(j.RNG)
	if err != nil || len(raw) != 16 {
		return State{}, snapErr("rng %q is not 32 hex digits", j.RNG)
	}
	s.rng = pcgFromState(raw)

	n := len(j.Players)
	most := MaxPlayers
	if j.Version == 2 {
		most = MaxPlayers - 1 // version 2 knew only the base game
	}
	if n < 2 || n > most {
		return State{}, snapErr("%d players; a game has 2 to 5, or 6 with a module", n)
	}
	s.numPlayers = uint8(n)
	if err := j.buildModules(&s); err != nil {
		return State{}, err
	}
	s.round = u8(j.Round, 1, rounds, "round")
	ph := -1
	for i, name := range snapPhaseNames {
		if name == j.Phase {
			ph = i
		}
	}
	if ph < 0 {
		return State{}, snapErr("unknown phase %q", j.Phase)
	}
	s.phase = phase(ph)
	s.first = PlayerID(u8(int(j.First), 0, n-1, "first"))
	s.next = PlayerID(u8(int(j.Next), 0, n-1, "next"))
	s.questDone = j.QuestDone
	s.harborNext = u8(j.HarborNext, 0, 2*len(c.harbor), "harbor_next")
	if len(j.Supply) != NumAdventurers {
		return State{}, snapErr("supply has %d entries, want %d", len(j.Supply), NumAdventurers)
	}
	for k, v := range j.Supply {
		s.supply[k] = u8(v, 0, 25, "supply")
	}

	nq, ni, nt, ns := len(c.quests), len(c.intrigue), len(c.tiles), len(c.spaces)
	set := func(xs []int, count int, what string) set128 {
		var out set128
		for i, x := range xs {
			if x < 0 || x >= count {
				errs.add(snapErr("%s: %d is not in 0..%d", what, x, count-1))
				continue
			}
			if i > 0 && x <= xs[i-1] {
				errs.add(snapErr("%s is not a strictly ascending list", what))
			}
			out.add(uint8(x))
		}
		return out
	}
	deck := func(dst []uint8, xs []int, count int, what string) uint8 {
		if len(xs) > count {
			errs.add(snapErr("%s has %d cards; the content has %d", what, len(xs), count))
			return 0
		}
		for i, x := range xs {
			dst[i] = u8(x, 0, count-1, what)
		}
		return uint8(len(xs))
	}

	for p, jp := range j.Players {
		ps := &s.players[p]
		who := fmt.Sprintf("players[%d]", p)
		ps.lord = u8(jp.Lord, 0, len(c.lords)-1, who+".lord")
		errs.add(snapInRange(jp.Gold, 0, validMaxCount, who+".gold"))
		// A score falls below 0 only by corruption (validate checks).
		errs.add(snapInRange(jp.Score, -validMaxCount, validMaxCount, who+".score"))
		if jp.Gold >= 0 && jp.Gold <= validMaxCount && jp.Score >= -validMaxCount && jp.Score <= validMaxCount {
			ps.gold, ps.score = int32(jp.Gold), int32(jp.Score)
		}
		ps.agents = u8(jp.Agents, 0, 255, who+".agents")
		ps.pool = u8(jp.Pool, 0, 255, who+".pool")
		ps.buildings = u8(jp.Buildings, 0, 255, who+".buildings")
		ps.orbUsed, ps.swapUsed = jp.OrbUsed, jp.SwapUsed
		// The Skullport cards (issue 13); validate checks the seats.
		ps.turnUsed = u8(jp.TurnUsed, 0, 3, who+".turn_used")
		for _, o := range jp.LordsSeen {
			if o >= 0 && o < MaxPlayers {
				s.seenLords[p] |= 1 << o
			} else {
				errs.add(snapErr("%s.lords_seen: no seat %d", who, o))
			}
		}
		ps.visitUsed = jp.VisitUsed
		if jp.LordShown {
			s.lordsShown |= 1 << p
		}
		if len(jp.Tavern) != NumAdventurers {
			return State{}, snapErr("%s.tavern has %d entries, want %d", who, len(jp.Tavern), NumAdventurers)
		}
		for k, v := range jp.Tavern {
			ps.tavern[k] = u8(v, 0, 25+maxCaravan, who+".tavern")
		}
		ps.hand = set(jp.Hand, ni, who+".hand")
		ps.active = set(jp.Active, nq, who+".active")
		ps.completed = set(jp.Completed, nq, who+".completed")
		ps.mandatory = set(jp.Mandatory, ni, who+".mandatory")
		ps.corrupt = u8(jp.Corruption, 0, corruptionTokens, who+".corruption")
	}

	for i, a := range j.Agents {
		sp := u8(a.Space, 0, ns-1, "agents.space")
		p := u8(int(a.Player), 0, n-1, "agents.player")
		if i > 0 && a.Space <= j.Agents[i-1].Space {
			errs.add(snapErr("agents are not listed once per space, by space"))
		}
		s.setOccupant(sp, p+1)
	}
	if len(j.Shared) != len(s.shared) || len(j.Follow) != len(s.follow) {
		return State{}, snapErr("shared and follow have %d and %d slots, want %d and %d",
			len(j.Shared), len(j.Follow), len(s.shared), len(s.follow))
	}
	for i, a := range j.Shared {
		s.shared[i] = agentAt{none, none}
		if a != nil {
			s.shared[i] = agentAt{space: u8(a.Space, 0, ns-1, "shared.space"), player: u8(int(a.Player), 0, n-1, "shared.player")}
		}
	}
	for i, f := range j.Follow {
		s.follow[i] = follower{none, none, none}
		if f != nil {
			s.follow[i] = follower{slot: u8(f.Slot, 0, ns-1, "follow.slot"), player: u8(int(f.Player), 0, n-1, "follow.player"),
				from: u8(f.From, 0, ns-1, "follow.from")}
		}
	}
	if h := j.Ambassador.Holder; h != nil {
		s.ambHolder = u8(int(*h), 0, n-1, "ambassador.holder")
	}
	if sp := j.Ambassador.Space; sp != nil {
		s.ambSpace = u8(*sp, 0, ns-1, "ambassador.space")
		if s.occupant[s.ambSpace] != 0 {
			errs.add(snapErr("the Ambassador's space %d holds an agent", s.ambSpace))
		}
		s.setOccupant(s.ambSpace, ambassadorMark)
	}
	s.ambGone = j.Ambassador.Gone

	s.questDeckLen = deck(s.questDeck[:], j.QuestDeck, nq, "quest_deck")
	s.questDiscard = set(j.QuestDiscard, nq, "quest_discard")
	if len(j.Cliffwatch) != len(s.cliffwatch) {
		return State{}, snapErr("cliffwatch has %d slots, want %d", len(j.Cliffwatch), len(s.cliffwatch))
	}
	for i, q := range j.Cliffwatch {
		s.cliffwatch[i] = none
		if q != nil {
			s.cliffwatch[i] = u8(*q, 0, nq-1, "cliffwatch")
		}
	}
	s.revealed = set(j.Revealed, nq, "revealed")
	s.intrigueDeckLen = deck(s.intrigueDeck[:], j.IntrigueDeck, ni, "intrigue_deck")
	s.intrigueDiscard = set(j.IntrigueDiscard, ni, "intrigue_discard")
	s.knownHand = set(j.KnownHand, ni, "known_hand")
	s.tileStackLen = deck(s.tileStack[:], j.BuildingStack, nt, "building_stack")
	if len(j.ForSale) != len(s.forSale) {
		return State{}, snapErr("for_sale has %d slots, want %d", len(j.ForSale), len(s.forSale))
	}
	for i, f := range j.ForSale {
		s.forSale[i] = none
		if f != nil {
			s.forSale[i] = u8(f.Tile, 0, nt-1, "for_sale.tile")
			s.forSaleVP[i] = u8(f.VP, 0, 255, "for_sale.vp")
		}
	}
	for i, b := range j.Buildings {
		t := u8(b.Tile, 0, nt-1, "buildings.tile")
		if i > 0 && b.Tile <= j.Buildings[i-1].Tile {
			errs.add(snapErr("buildings are not listed once per tile, by tile"))
		}
		s.setTileOwner(t, u8(int(b.Owner), 0, n-1, "buildings.owner")+1)
		s.tileStock[t] = u8(b.Stock, 0, 255, "buildings.stock")
	}
	for i, t := range j.BuildingsGone {
		b := u8(t, 0, nt-1, "buildings_gone")
		if i > 0 && t <= j.BuildingsGone[i-1] {
			errs.add(snapErr("buildings_gone is not a strictly ascending list"))
		}
		if s.tileOwner[b] != 0 {
			errs.add(snapErr("tile %d is both in play and out of the game", b))
		}
		s.setTileOwner(b, none)
	}

	if err := j.buildStack(&s, &errs); err != nil {
		return State{}, err
	}
	if j.Version > 2 {
		if len(j.Caravans) != NumAdventurers {
			return State{}, snapErr("caravans has %d entries, want %d", len(j.Caravans), NumAdventurers)
		}
		for k, v := range j.Caravans {
			s.caravan[k] = u8(v, 0, maxCaravan, "caravans")
		}
		if len(j.Track) != trackSpaces {
			return State{}, snapErr("track has %d spaces, want %d", len(j.Track), trackSpaces)
		}
		for i, v := range j.Track {
			s.track[i] = u8(v, 0, trackMax, "track")
		}
		s.corruptionBox = u8(j.CorruptionBox, 0, corruptionTokens, "corruption_box")
		last := -1
		for i, jp := range j.Placed {
			what := fmt.Sprintf("placed[%d]", i)
			sp := u8(jp.Space, 0, ns-1, what+".space")
			if jp.Space >= 0 && jp.Space < ns && int(sp) <= last {
				return State{}, snapErr("%s: space %d listed out of ascending order, or twice", what, sp)
			}
			last = int(sp)
			e := &s.piles[sp]
			if len(jp.Adventurers) != NumAdventurers {
				return State{}, snapErr("%s.adventurers has %d entries, want %d", what, len(jp.Adventurers), NumAdventurers)
			}
			for k, v := range jp.Adventurers {
				e.cubes[k] = u8(v, 0, 25+maxCaravan, what+".adventurers")
			}
			e.gold = u8(jp.Gold, 0, 255, what+".gold")
			e.corruption = u8(jp.Corruption, 0, corruptionTokens, what+".corruption")
			if !e.isZero() {
				s.piled.add(sp)
			}
			if jp.Fresh {
				s.freshPiles.add(sp)
			} else if e.isZero() {
				return State{}, snapErr("%s: the resources on space %d are nothing", what, sp)
			}
		}
		s.questBox = set(j.Removed.Quests, nq, "removed.quests")
		s.intrigueBox = set(j.Removed.Intrigue, ni, "removed.intrigue")
		s.tileBox = set(j.Removed.Buildings, min(nt, MaxBuildings), "removed.buildings").lo
	}
	if errs.err != nil {
		return State{}, errs.err
	}
	return s, nil
}

// buildModules reads the modules and the long game; validate checks them
// against the content and the players.
func (j *snapState) buildModules(s *State) error {
	for i, name := range j.Modules {
		m, ok := content.ParseModule(name)
		if !ok {
			return snapErr("modules[%d]: unknown module %q (want undermountain or skullport)", i, shorten(name))
		}
		if m <= s.modules {
			return snapErr("modules are not listed once each, undermountain before skullport")
		}
		s.modules |= m
	}
	s.long = j.Long
	return nil
}

// snapErrs keeps the first error found while building a state.
type snapErrs struct{ err error }

func (e *snapErrs) add(err error) {
	if e.err == nil && err != nil {
		e.err = err
	}
}

// buildStack reads the decision stack of j into s, whose decks are
// built: version 4's named frames, or versions 2 and 3's slots with their
// residue, which is checked and dropped (the engine now clears what is
// above the top of the stack and beyond each deck).
func (j *snapState) buildStack(s *State, errs *snapErrs) error {
	if len(j.Stack) > stackSize {
		return snapErr("%d frames; the stack holds %d", len(j.Stack), stackSize)
	}
	s.sp = uint8(len(j.Stack))
	for i, raw := range j.Stack {
		where := fmt.Sprintf("stack[%d]", i)
		if j.Version >= 4 {
			s.stack[i] = errs.namedFrame(raw, where)
		} else {
			s.stack[i] = errs.frameV3(raw, where, false)
		}
	}
	r := j.Residue
	if j.Version >= 4 || r == nil {
		return nil
	}
	if len(j.Stack)+len(r.Stack) > stackSize {
		return snapErr("%d frames and %d residue frames; the stack holds %d", len(j.Stack), len(r.Stack), stackSize)
	}
	for i, raw := range r.Stack {
		errs.frameV3(raw, fmt.Sprintf("residue.stack[%d]", i), true)
	}
	for _, d := range []struct {
		xs   []int
		room int
		what string
	}{{r.QuestDeck, len(s.questDeck) - int(s.questDeckLen), "quest_deck"},
		{r.IntrigueDeck, len(s.intrigueDeck) - int(s.intrigueDeckLen), "intrigue_deck"},
		{r.BuildingStack, len(s.tileStack) - int(s.tileStackLen), "building_stack"}} {
		if len(d.xs) > d.room {
			errs.add(snapErr("residue.%s has %d entries; %d fit", d.what, len(d.xs), d.room))
		}
		for _, x := range d.xs {
			errs.add(snapInRange(x, 0, 255, "residue."+d.what))
		}
	}
	return nil
}

var (
	_ json.Marshaler   = State{}
	_ json.Unmarshaler = (*State)(nil)
)
