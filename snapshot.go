package waterdeep

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"io"
	"reflect"
	"strconv"
	"strings"
	"sync"
)

// SnapshotVersion is the format version of State snapshots. DecodeState
// refuses other versions with an error that says which it reads. Version 2
// writes seats as "p1".."p6", like every other document.
const SnapshotVersion = 2

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
// that are pointers (or lists of pointers) may be null. Numbers are the
// content's instance numbers (see Content.Quest, Intrigue, Building,
// Lord and SpaceName; a snapshot is bound to its content by a hash), seats
// are "p1" to "p6" (the frames of the decision stack keep the engine's
// registers as numbers), sets are
// strictly ascending lists and decks are lists from the bottom card to
// the top one.
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

	Stack   []snapFrame `json:"stack"` // bottom to top
	Residue snapResidue `json:"residue"`

	// Undermountain (issue 14): cards in hands that everyone knows.
	KnownHand []int `json:"known_hand"`
}

// snapContent is the content fingerprint.
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

	// Undermountain (issue 14).
	VisitUsed bool `json:"visit_used"`
	LordShown bool `json:"lord_shown"`
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

// snapFrame is one frame of the decision stack; a, b, i, pc and prog mean
// what they mean for its kind inside the engine.
type snapFrame struct {
	Kind   string `json:"kind"`
	Player int    `json:"player"`
	A      int    `json:"a"`
	B      int    `json:"b"`
	I      int    `json:"i"`
	PC     int    `json:"pc"`
	Prog   int    `json:"prog"`
}

// snapResidue holds what the engine leaves in the unused slots of its
// fixed arrays: cards above the top of each deck, frames above the top of
// the stack. The rules never read them; they are kept so that a decoded
// state is == to the one encoded.
type snapResidue struct {
	QuestDeck     []int       `json:"quest_deck"`
	IntrigueDeck  []int       `json:"intrigue_deck"`
	BuildingStack []int       `json:"building_stack"`
	Stack         []snapFrame `json:"stack"`
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
	rng, err := s.rng.MarshalBinary()
	if err != nil {
		return nil, err
	}
	j := snapState{
		Format:     snapshotFormat,
		Version:    SnapshotVersion,
		Content:    snapFingerprint(c),
		RNG:        hex.EncodeToString(rng[4:]),
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
		Stack:           snapFrames(s.stack[:s.sp]),
		KnownHand:       snapMembers(s.knownHand),
		Residue: snapResidue{
			QuestDeck:     snapInts(snapTrimZeros(s.questDeck[s.questDeckLen:])),
			IntrigueDeck:  snapInts(snapTrimZeros(s.intrigueDeck[s.intrigueDeckLen:])),
			BuildingStack: snapInts(snapTrimZeros(s.tileStack[s.tileStackLen:])),
		},
	}
	rest := s.stack[s.sp:]
	for len(rest) > 0 && rest[len(rest)-1] == (frame{}) {
		rest = rest[:len(rest)-1]
	}
	j.Residue.Stack = snapFrames(rest)
	for p := range n {
		ps := &s.players[p]
		j.Players[p] = snapPlayer{
			Lord: int(ps.lord), Gold: int(ps.gold), Score: int(ps.score), Agents: int(ps.agents), Pool: int(ps.pool),
			Buildings: int(ps.buildings), OrbUsed: ps.orbUsed, SwapUsed: ps.swapUsed, VisitUsed: ps.visitUsed, LordShown: s.lordShown(uint8(p)), Tavern: snapInts(ps.tavern[:]),
			Hand: snapMembers(ps.hand), Active: snapMembers(ps.active), Completed: snapMembers(ps.completed), Mandatory: snapMembers(ps.mandatory),
		}
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

func snapInts(xs []uint8) []int {
	out := make([]int, len(xs))
	for i, x := range xs {
		out[i] = int(x)
	}
	return out
}

func snapTrimZeros(xs []uint8) []uint8 {
	for len(xs) > 0 && xs[len(xs)-1] == 0 {
		xs = xs[:len(xs)-1]
	}
	return xs
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

func snapFrames(fs []frame) []snapFrame {
	out := make([]snapFrame, len(fs))
	for i, f := range fs {
		out[i] = snapFrame{Kind: snapKindName(f.kind), Player: int(f.p), A: int(f.a), B: int(f.b), I: int(f.i), PC: int(f.pc), Prog: int(f.prog)}
	}
	return out
}

var snapFingerprints sync.Map // *Content -> snapContent

// snapFingerprint identifies content: its counts and a hash of every id and
// effect, in instance order.
func snapFingerprint(c *Content) snapContent {
	if fp, ok := snapFingerprints.Load(c); ok {
		return fp.(snapContent)
	}
	h := sha256.New()
	list := func(tag string, ids []string) {
		fmt.Fprintf(h, "%s %d\n", tag, len(ids))
		for _, id := range ids {
			fmt.Fprintf(h, "%q\n", id)
		}
	}
	var ids []string
	for _, q := range c.quests {
		ids = append(ids, q.ID)
	}
	list("quests", ids)
	ids = ids[:0]
	for _, card := range c.intrigue {
		ids = append(ids, card.ID)
	}
	list("intrigue", ids)
	ids = ids[:0]
	for _, t := range c.tiles {
		ids = append(ids, t.ID)
	}
	list("tiles", ids)
	ids = ids[:0]
	for _, l := range c.lords {
		ids = append(ids, l.ID)
	}
	list("lords", ids)
	list("spaces", c.spaceNames)
	fmt.Fprintf(h, "programs %d\n", len(c.programs))
	for i, p := range c.programs {
		fmt.Fprintf(h, "%q %+v\n", c.programSource[i], p)
	}
	fp := snapContent{
		Quests: len(c.quests), Intrigue: len(c.intrigue), Buildings: len(c.tiles), Lords: len(c.lords),
		Spaces: len(c.spaces), Programs: len(c.programs), Hash: hex.EncodeToString(h.Sum(nil)[:16]),
	}
	snapFingerprints.Store(c, fp)
	return fp
}

// UnmarshalJSON decodes a snapshot made by MarshalJSON with the base game's
// content (see DecodeState).
func (s *State) UnmarshalJSON(data []byte) error {
	st, err := DecodeState(data, nil)
	if err != nil {
		return err
	}
	*s = st
	return nil
}

// DecodeState decodes a snapshot made by State.MarshalJSON, for content c
// (nil means BaseContent()). Decoding is strict: unknown or missing fields,
// null where a value is required, wrong types, trailing data, another
// format version, a snapshot of other content, values out of range and
// states that break an invariant are refused with a *SnapshotError.
func DecodeState(data []byte, c *Content) (State, error) {
	if c == nil {
		c = BaseContent()
	}
	if err := tooLarge("snapshot", len(data), MaxStateSize); err != nil {
		return State{}, err
	}
	var j snapState
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&j); err != nil {
		return State{}, &SnapshotError{Detail: "malformed JSON", Err: err}
	}
	if _, err := dec.Token(); err != io.EOF {
		return State{}, snapErr("trailing data after the snapshot")
	}
	if _, err := jsonKeys(data); err != nil {
		return State{}, snapErr("%v", err)
	}
	if j.Format != snapshotFormat {
		return State{}, snapErr("format %q, want %q", j.Format, snapshotFormat)
	}
	if j.Version != SnapshotVersion {
		return State{}, snapErr("version %d; this package reads version %d", j.Version, SnapshotVersion)
	}
	if err := snapRequireFields(data, reflect.TypeFor[snapState](), "snapshot"); err != nil {
		return State{}, err
	}
	if fp := snapFingerprint(c); j.Content != fp {
		return State{}, snapErr("made with other content (%+v), not this content (%+v)", j.Content, fp)
	}
	s, err := j.build(c)
	if err != nil {
		return State{}, err
	}
	if err := s.validate(); err != nil {
		return State{}, &SnapshotError{Err: err}
	}
	return s, nil
}

// requireFields checks that the JSON value raw has every field of type t,
// recursively, and no null where t holds no pointer.
func snapRequireFields(raw json.RawMessage, t reflect.Type, path string) error {
	if string(bytes.TrimSpace(raw)) == "null" {
		if t.Kind() == reflect.Pointer {
			return nil
		}
		return snapErr("%s is null", path)
	}
	switch t.Kind() {
	case reflect.Pointer:
		return snapRequireFields(raw, t.Elem(), path)
	case reflect.Slice:
		if k := t.Elem().Kind(); k != reflect.Struct && k != reflect.Pointer {
			// A list of numbers: the typed decoding refused anything but
			// numbers and null.
			if bytes.Contains(raw, []byte("null")) {
				return snapErr("%s holds null", path)
			}
			return nil
		}
		var items []json.RawMessage
		if err := json.Unmarshal(raw, &items); err != nil {
			return &SnapshotError{Detail: path, Err: err}
		}
		for i, item := range items {
			if err := snapRequireFields(item, t.Elem(), fmt.Sprintf("%s[%d]", path, i)); err != nil {
				return err
			}
		}
	case reflect.Struct:
		var fields map[string]json.RawMessage
		if err := json.Unmarshal(raw, &fields); err != nil {
			return &SnapshotError{Detail: path, Err: err}
		}
		for i := range t.NumField() {
			f := t.Field(i)
			name, _, _ := strings.Cut(f.Tag.Get("json"), ",")
			v, ok := fields[name]
			if !ok {
				return snapErr("%s.%s is missing", path, name)
			}
			if err := snapRequireFields(v, f.Type, path+"."+name); err != nil {
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
	if err := s.rng.UnmarshalBinary(append([]byte("pcg:"), raw...)); err != nil {
		return State{}, &SnapshotError{Detail: "rng", Err: err}
	}

	n := len(j.Players)
	if n < 2 || n > 5 {
		return State{}, snapErr("%d players; a game has 2 to 5", n)
	}
	s.numPlayers = uint8(n)
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
	residue := func(dst []uint8, xs []int, what string) {
		if len(xs) > len(dst) {
			errs.add(snapErr("residue.%s has %d entries; %d fit", what, len(xs), len(dst)))
			return
		}
		for i, x := range xs {
			dst[i] = u8(x, 0, 255, "residue."+what)
		}
	}

	for p, jp := range j.Players {
		ps := &s.players[p]
		who := fmt.Sprintf("players[%d]", p)
		ps.lord = u8(jp.Lord, 0, len(c.lords)-1, who+".lord")
		errs.add(snapInRange(jp.Gold, 0, validMaxCount, who+".gold"))
		errs.add(snapInRange(jp.Score, 0, validMaxCount, who+".score"))
		if jp.Gold >= 0 && jp.Gold <= validMaxCount && jp.Score >= 0 && jp.Score <= validMaxCount {
			ps.gold, ps.score = int32(jp.Gold), int32(jp.Score)
		}
		ps.agents = u8(jp.Agents, 0, 255, who+".agents")
		ps.pool = u8(jp.Pool, 0, 255, who+".pool")
		ps.buildings = u8(jp.Buildings, 0, 255, who+".buildings")
		ps.orbUsed, ps.swapUsed, ps.visitUsed = jp.OrbUsed, jp.SwapUsed, jp.VisitUsed
		if jp.LordShown {
			s.lordsShown |= 1 << p
		}
		if len(jp.Tavern) != NumAdventurers {
			return State{}, snapErr("%s.tavern has %d entries, want %d", who, len(jp.Tavern), NumAdventurers)
		}
		for k, v := range jp.Tavern {
			ps.tavern[k] = u8(v, 0, 25, who+".tavern")
		}
		ps.hand = set(jp.Hand, ni, who+".hand")
		ps.active = set(jp.Active, nq, who+".active")
		ps.completed = set(jp.Completed, nq, who+".completed")
		ps.mandatory = set(jp.Mandatory, ni, who+".mandatory")
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

	if len(j.Stack) > stackSize || len(j.Stack)+len(j.Residue.Stack) > stackSize {
		return State{}, snapErr("%d frames and %d residue frames; the stack holds %d", len(j.Stack), len(j.Residue.Stack), stackSize)
	}
	s.sp = uint8(len(j.Stack))
	for i, jf := range j.Stack {
		s.stack[i] = errs.frame(jf, false)
	}
	for i, jf := range j.Residue.Stack {
		s.stack[int(s.sp)+i] = errs.frame(jf, true)
	}
	residue(s.questDeck[s.questDeckLen:], j.Residue.QuestDeck, "quest_deck")
	residue(s.intrigueDeck[s.intrigueDeckLen:], j.Residue.IntrigueDeck, "intrigue_deck")
	residue(s.tileStack[s.tileStackLen:], j.Residue.BuildingStack, "building_stack")
	if errs.err != nil {
		return State{}, errs.err
	}
	return s, nil
}

// snapErrs keeps the first error found while building a state.
type snapErrs struct{ err error }

func (e *snapErrs) add(err error) {
	if e.err == nil && err != nil {
		e.err = err
	}
}

func (e *snapErrs) frame(jf snapFrame, residue bool) frame {
	k := -1
	for i, name := range snapFrameKindNames {
		if name == jf.Kind && (i != int(fNone) || residue) {
			k = i
		}
	}
	if k < 0 {
		e.add(snapErr("unknown frame kind %q", jf.Kind))
		return frame{}
	}
	f := frame{kind: fkind(k)}
	for _, v := range []struct {
		dst  *uint8
		v    int
		what string
	}{{&f.p, jf.Player, "player"}, {&f.a, jf.A, "a"}, {&f.b, jf.B, "b"}, {&f.i, jf.I, "i"}, {&f.pc, jf.PC, "pc"}} {
		if err := snapInRange(v.v, 0, 255, "frame "+v.what); err != nil {
			e.add(err)
			continue
		}
		*v.dst = uint8(v.v)
	}
	if err := snapInRange(jf.Prog, 0, 65535, "frame prog"); err != nil {
		e.add(err)
	} else {
		f.prog = uint16(jf.Prog)
	}
	return f
}

var (
	_ json.Marshaler   = State{}
	_ json.Unmarshaler = (*State)(nil)
)
