package content

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"strings"
	"unicode"
	"unicode/utf8"

	"gopkg.in/yaml.v3"
)

// LoadError reports content that does not load: the file, the entry (an id,
// or empty for the whole file) and the field at fault.
type LoadError struct {
	File  string
	Entry string
	Field string
	Err   error
}

// Error implements error.
func (e *LoadError) Error() string {
	where := e.File
	if e.Entry != "" {
		where += ": " + e.Entry
	}
	if e.Field != "" {
		where += ": " + e.Field
	}
	return "waterdeep: content " + where + ": " + e.Err.Error()
}

// Unwrap returns the underlying error.
func (e *LoadError) Unwrap() error { return e.Err }

// Errorf returns a *LoadError for file, entry and field.
func Errorf(file, entry, field, format string, args ...any) error {
	return &LoadError{File: file, Entry: entry, Field: field, Err: fmt.Errorf(format, args...)}
}

// ErrFileTooLarge is the error inside the *LoadError for a content file of
// more than MaxFileSize bytes; errors.Is finds it.
var ErrFileTooLarge = errors.New("file too large")

// readFile reads name from fsys, refusing a file of more than MaxFileSize
// bytes before reading it (if the file system knows its size) or as soon
// as more has been read.
func readFile(fsys fs.FS, name string) ([]byte, error) {
	tooLarge := fmt.Errorf("%w: more than %d bytes", ErrFileTooLarge, MaxFileSize)
	f, err := fsys.Open(name)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	if info, err := f.Stat(); err == nil && info.Size() > MaxFileSize {
		return nil, tooLarge
	}
	data, err := io.ReadAll(io.LimitReader(f, MaxFileSize+1))
	if err != nil {
		return nil, err
	}
	if len(data) > MaxFileSize {
		return nil, tooLarge
	}
	return data, nil
}

// DecodeFile reads name from fsys and decodes it strictly into v: unknown
// fields, duplicate keys and trailing documents are errors, and so is a file
// of more than MaxFileSize bytes (ErrFileTooLarge).
func DecodeFile(fsys fs.FS, name string, v any) error {
	data, err := readFile(fsys, name)
	if err != nil {
		return &LoadError{File: name, Err: err}
	}
	dec := yaml.NewDecoder(bytes.NewReader(data))
	dec.KnownFields(true)
	if err := dec.Decode(v); err != nil {
		return &LoadError{File: name, Err: err}
	}
	// Only the end of the input means that nothing follows: a second
	// document is an error, and so is anything the decoder cannot read
	// there (a syntax error, an undefined alias). It is decoded as a node,
	// which does not expand aliases, so an alias bomb costs nothing.
	var extra yaml.Node
	switch err := dec.Decode(&extra); {
	case err == io.EOF:
		return nil
	case err != nil:
		return &LoadError{File: name, Err: fmt.Errorf("after the first YAML document: %w", err)}
	}
	return &LoadError{File: name, Err: errors.New("more than one YAML document")}
}

// CheckEntries checks the length of a list of entries (see MaxEntries).
func CheckEntries(n int) error {
	if n > MaxEntries {
		return fmt.Errorf("%d entries; at most %d", n, MaxEntries)
	}
	return nil
}

// CheckID checks an entry's id: 1 to MaxIDLen bytes of valid UTF-8 with no
// white space, control character or "#", and not a number, so that the
// text form of an action names it unambiguously ("p2 play crime-wave#2",
// "p1 complete quest 17").
func CheckID(id string) error {
	switch {
	case id == "":
		return errors.New("missing id")
	case len(id) > MaxIDLen:
		return fmt.Errorf("id of %d bytes; at most %d", len(id), MaxIDLen)
	case !utf8.ValidString(id):
		return errors.New("id is not valid UTF-8")
	case strings.IndexFunc(id, func(r rune) bool { return unicode.IsSpace(r) || unicode.IsControl(r) || r == '#' }) >= 0:
		return fmt.Errorf("id %q holds white space, a control character or #", id)
	case strings.Trim(id, "0123456789") == "":
		return fmt.Errorf("id %q is a number", id)
	}
	return nil
}

// CheckText checks that a name or text (what) is valid UTF-8 of at most max
// bytes (MaxNameLen, MaxTextLen).
func CheckText(s, what string, max int) error {
	switch {
	case len(s) > max:
		return fmt.Errorf("%s of %d bytes; at most %d", what, len(s), max)
	case !utf8.ValidString(s):
		return fmt.Errorf("%s is not valid UTF-8", what)
	}
	return nil
}

// CheckBundle checks every amount of bundle b, which content names what
// ("gain", "requires"): none negative, at most MaxCubes adventurers of each
// kind, MaxGold gold, MaxVP VP and MaxDraw intrigue cards.
func CheckBundle(b Bundle, what string) error { return checkBundle(b, what, false) }

func checkBundle(b Bundle, what string, anyAllowed bool) error {
	for _, f := range [...]struct {
		name   string
		n, max int
	}{
		{"cleric", b.Cleric, MaxCubes}, {"fighter", b.Fighter, MaxCubes}, {"rogue", b.Rogue, MaxCubes},
		{"wizard", b.Wizard, MaxCubes}, {"gold", b.Gold, MaxGold}, {"vp", b.VP, MaxVP}, {"intrigue", b.Intrigue, MaxDraw},
		{"any", b.Any, MaxCubes},
	} {
		switch {
		case f.n < 0:
			return fmt.Errorf("%s.%s is negative (%d)", what, f.name, f.n)
		case f.n > f.max:
			return fmt.Errorf("%s.%s is %d; at most %d", what, f.name, f.n, f.max)
		}
	}
	if b.Any != 0 && !anyAllowed {
		return fmt.Errorf("%s.any: adventurers of any kind may be asked only in gain, pay and choose_one", what)
	}
	return nil
}

// CheckBundleAny is CheckBundle for the places that take adventurers of
// any kind (Bundle.Any): gain, pay and the options of choose_one. Any is
// at most MaxCount there, so that a choice stays small.
func CheckBundleAny(b Bundle, what string) error {
	if err := checkBundle(b, what, true); err != nil {
		return err
	}
	if b.Any > MaxCount {
		return fmt.Errorf("%s.any is %d; at most %d", what, b.Any, MaxCount)
	}
	return nil
}

// PlaceYAML is the YAML form of place: what goes on each of Spaces
// different action spaces.
type PlaceYAML struct {
	Each       Bundle `yaml:"each"`
	Corruption int    `yaml:"corruption"`
	Spaces     int    `yaml:"spaces"`
}

// ChoiceYAML is the YAML form of "count adventurers of these kinds".
type ChoiceYAML struct {
	Count int      `yaml:"count"`
	From  []string `yaml:"from"`
}

// LosesYAML is the YAML form of each_opponent_loses.
type LosesYAML struct {
	Lose      Bundle `yaml:"lose"`
	Otherwise Bundle `yaml:"otherwise"`
}

// MayGiveYAML is the YAML form of each_opponent_may_give.
type MayGiveYAML struct {
	Give  Bundle `yaml:"give"`
	Score int    `yaml:"score"`
}

// MayCompleteYAML is the YAML form of take_quest_may_complete.
type MayCompleteYAML struct {
	BonusVP int `yaml:"bonus_vp"`
}

// ChangeOfPlansYAML is the YAML form of change_of_plans.
type ChangeOfPlansYAML struct {
	VP         int `yaml:"vp"`
	OpponentVP int `yaml:"opponent_vp"`
}

// MayYAML is the YAML form of each_opponent_may: the deal offered to
// every opponent.
type MayYAML struct {
	Pay              Bundle `yaml:"pay"`
	Gain             Bundle `yaml:"gain"`
	GainCorruption   int    `yaml:"gain_corruption"`
	ReturnCorruption int    `yaml:"return_corruption"`
}

// StepYAML is the YAML form of one Step: a mapping with exactly one key.
type StepYAML struct {
	Gain                 *Bundle            `yaml:"gain"`
	Pay                  *Bundle            `yaml:"pay"`
	Choose               *ChoiceYAML        `yaml:"choose"`
	ChooseOne            []Bundle           `yaml:"choose_one"`
	Return               *ChoiceYAML        `yaml:"return"`
	TakeQuest            int                `yaml:"take_quest"`
	DrawQuest            int                `yaml:"draw_quest"`
	EachOpponentLoses    *LosesYAML         `yaml:"each_opponent_loses"`
	Gift                 *Bundle            `yaml:"gift"`
	EachOpponentMayGive  *MayGiveYAML       `yaml:"each_opponent_may_give"`
	EachOpponentChooses  int                `yaml:"each_opponent_chooses"`
	Steal                int                `yaml:"steal"`
	StealKinds           *ChoiceYAML        `yaml:"steal_kinds"`
	VPPerBuilding        int                `yaml:"vp_per_building"`
	GoldPerBuilding      int                `yaml:"gold_per_building"`
	TakeQuestMayComplete *MayCompleteYAML   `yaml:"take_quest_may_complete"`
	FreeBuilding         string             `yaml:"free_building"`
	ChangeOfPlans        *ChangeOfPlansYAML `yaml:"change_of_plans"`
	Special              string             `yaml:"special"`
	GainCorruption       int                `yaml:"gain_corruption"`
	ReturnCorruption     int                `yaml:"return_corruption"`
	RemoveCorruption     int                `yaml:"remove_corruption"`
	// "Return up to N" and "remove up to N": the player chooses.
	ReturnCorruptionUpTo int        `yaml:"return_corruption_up_to"`
	RemoveCorruptionUpTo int        `yaml:"remove_corruption_up_to"`
	Place                *PlaceYAML `yaml:"place"`
	// Skullport's cards.
	EachOpponentMay           *MayYAML      `yaml:"each_opponent_may"`
	EachOpponentReturns       int           `yaml:"each_opponent_returns"`
	MoreCorruptGainCorruption int           `yaml:"more_corrupt_opponents_gain_corruption"`
	VPIfLeastCorrupt          int           `yaml:"vp_if_least_corrupt"`
	RemoveTrackCorruption     int           `yaml:"remove_track_corruption"`
	GiveOwner                 int           `yaml:"give_owner"`
	StealGoldSeeLord          int           `yaml:"steal_gold_see_lord"`
	MayTrade                  *MayTradeYAML `yaml:"may_trade"`
	TakeAllQuests             bool          `yaml:"take_all_quests"`
	EachOpponentGains         *Bundle       `yaml:"each_opponent_gains"`
	DrawMayPlay               int           `yaml:"draw_may_play"`
	DiscardQuest              int           `yaml:"discard_quest"`
	DiscardIntrigue           int           `yaml:"discard_intrigue"`
	PlaceOwn                  int           `yaml:"place_own"`
	Betray                    *Bundle       `yaml:"betray"`
}

// MayTradeYAML is the YAML form of may_trade: pay Pay to gain Gain.
type MayTradeYAML struct {
	Pay  Bundle `yaml:"pay"`
	Gain Bundle `yaml:"gain"`
}

func kinds(names []string) (AdventurerSet, error) {
	if len(names) == 0 {
		return AllAdventurers, nil
	}
	var s AdventurerSet
	for _, n := range names {
		a, ok := ParseAdventurer(n)
		if !ok {
			return 0, fmt.Errorf("unknown adventurer %q", n)
		}
		s |= 1 << a
	}
	return s, nil
}

func onlyCubesAndGold(b Bundle) error {
	if b.VP != 0 || b.Intrigue != 0 {
		return errors.New("may hold only adventurers and gold")
	}
	return nil
}

func between(n, lo, hi int, what string) error {
	if n < lo || n > hi {
		return fmt.Errorf("%s must be between %d and %d, not %d", what, lo, hi, n)
	}
	return nil
}

func positive(n int, what string) error {
	return between(n, 1, MaxCount, what)
}

// Step converts the YAML form to a Step, checking that exactly one key is
// set and that its values make sense.
func (y StepYAML) Step() (Step, error) {
	var out []Step
	var errs []error
	add := func(s Step, err error) {
		out = append(out, s)
		if err != nil {
			errs = append(errs, err)
		}
	}
	bundleOK := func(b Bundle, what string) error {
		if err := CheckBundle(b, what); err != nil {
			return err
		}
		if b.IsZero() {
			return fmt.Errorf("empty bundle in %s", what)
		}
		return nil
	}
	anyOK := func(b Bundle, what string) error {
		if err := CheckBundleAny(b, what); err != nil {
			return err
		}
		if b.IsZero() {
			return fmt.Errorf("empty bundle in %s", what)
		}
		return nil
	}
	if y.Gain != nil {
		add(Step{Kind: StepGain, Bundle: *y.Gain}, anyOK(*y.Gain, "gain"))
	}
	if y.Pay != nil {
		err := anyOK(*y.Pay, "pay")
		if err == nil {
			err = onlyCubesAndGold(*y.Pay)
		}
		add(Step{Kind: StepPay, Bundle: *y.Pay}, err)
	}
	if y.Choose != nil {
		from, err := kinds(y.Choose.From)
		if err == nil {
			err = positive(y.Choose.Count, "choose.count")
		}
		add(Step{Kind: StepChoose, Count: y.Choose.Count, From: from}, err)
	}
	if y.ChooseOne != nil {
		var err error
		switch {
		case len(y.ChooseOne) < 2:
			err = errors.New("choose_one needs at least two options")
		case len(y.ChooseOne) > MaxOptions:
			err = fmt.Errorf("choose_one has %d options; at most %d", len(y.ChooseOne), MaxOptions)
		}
		for i, o := range y.ChooseOne {
			if e := anyOK(o, fmt.Sprintf("choose_one option %d", i+1)); e != nil && err == nil {
				err = e
			}
			if e := onlyCubesAndGold(o); e != nil && err == nil {
				err = e
			}
			if (o.Adventurers()+o.Any > MaxCount || o.Gold > MaxCount) && err == nil {
				err = fmt.Errorf("an option holds at most %d adventurers and %d gold", MaxCount, MaxCount)
			}
		}
		add(Step{Kind: StepChooseOne, Options: y.ChooseOne}, err)
	}
	if y.Return != nil {
		from, err := kinds(y.Return.From)
		if err == nil {
			err = positive(y.Return.Count, "return.count")
		}
		add(Step{Kind: StepReturn, Count: y.Return.Count, From: from}, err)
	}
	if y.TakeQuest != 0 {
		add(Step{Kind: StepTakeQuest, Count: y.TakeQuest}, positive(y.TakeQuest, "take_quest"))
	}
	if y.DrawQuest != 0 {
		add(Step{Kind: StepDrawQuest, Count: y.DrawQuest}, positive(y.DrawQuest, "draw_quest"))
	}
	if y.EachOpponentLoses != nil {
		l := y.EachOpponentLoses
		err := bundleOK(l.Lose, "each_opponent_loses.lose")
		if err == nil && (l.Lose.Adventurers() != 1 || l.Lose.Gold != 0 || l.Lose.VP != 0 || l.Lose.Intrigue != 0) {
			err = errors.New("each_opponent_loses.lose must be exactly one adventurer")
		}
		if err == nil {
			err = CheckBundle(l.Otherwise, "each_opponent_loses.otherwise")
		}
		add(Step{Kind: StepEachOpponentLoses, Bundle: l.Lose, Else: l.Otherwise}, err)
	}
	if y.Gift != nil {
		err := bundleOK(*y.Gift, "gift")
		if err == nil {
			err = onlyCubesAndGold(*y.Gift)
		}
		add(Step{Kind: StepGift, Bundle: *y.Gift}, err)
	}
	if y.EachOpponentMayGive != nil {
		g := y.EachOpponentMayGive
		err := bundleOK(g.Give, "each_opponent_may_give.give")
		if err == nil {
			err = onlyCubesAndGold(g.Give)
		}
		if err == nil {
			err = between(g.Score, 1, MaxVP, "each_opponent_may_give.score")
		}
		add(Step{Kind: StepEachOpponentMayGive, Bundle: g.Give, Else: Bundle{VP: g.Score}}, err)
	}
	if y.EachOpponentChooses != 0 {
		add(Step{Kind: StepEachOpponentChooses, Count: y.EachOpponentChooses, From: AllAdventurers},
			positive(y.EachOpponentChooses, "each_opponent_chooses"))
	}
	if y.Steal != 0 {
		add(Step{Kind: StepSteal, Count: y.Steal, From: AllAdventurers}, positive(y.Steal, "steal"))
	}
	if y.StealKinds != nil {
		// steal of some kinds only (Undermountain: Call for Assistance).
		from, err := kinds(y.StealKinds.From)
		if err == nil {
			err = positive(y.StealKinds.Count, "steal_kinds.count")
		}
		add(Step{Kind: StepSteal, Count: y.StealKinds.Count, From: from}, err)
	}
	if y.VPPerBuilding != 0 {
		add(Step{Kind: StepVPPerBuilding, Count: y.VPPerBuilding}, between(y.VPPerBuilding, 1, MaxPerBuilding, "vp_per_building"))
	}
	if y.GoldPerBuilding != 0 {
		add(Step{Kind: StepGoldPerBuilding, Count: y.GoldPerBuilding}, between(y.GoldPerBuilding, 1, MaxPerBuilding, "gold_per_building"))
	}
	if y.TakeQuestMayComplete != nil {
		add(Step{Kind: StepTakeQuestMayComplete, Bundle: Bundle{VP: y.TakeQuestMayComplete.BonusVP}},
			between(y.TakeQuestMayComplete.BonusVP, 1, MaxVP, "take_quest_may_complete.bonus_vp"))
	}
	if y.FreeBuilding != "" {
		var err error
		if y.FreeBuilding != "hall" && y.FreeBuilding != "stack" && y.FreeBuilding != "hall_all" {
			err = fmt.Errorf("free_building must be hall, stack or hall_all, not %q", y.FreeBuilding)
		}
		add(Step{Kind: StepFreeBuilding, Source: y.FreeBuilding}, err)
	}
	if y.ChangeOfPlans != nil {
		c := y.ChangeOfPlans
		err := between(c.VP, 1, MaxVP, "change_of_plans.vp")
		if err == nil {
			err = between(c.OpponentVP, 1, MaxVP, "change_of_plans.opponent_vp")
		}
		add(Step{Kind: StepChangeOfPlans, Bundle: Bundle{VP: c.VP}, Else: Bundle{VP: c.OpponentVP}}, err)
	}
	if y.Special != "" {
		sp, ok := ParseSpecial(y.Special)
		var err error
		if !ok {
			err = fmt.Errorf("no handler named %q", y.Special)
		}
		add(Step{Kind: StepSpecial, Special: sp}, err)
	}
	for _, c := range [...]struct {
		n    int
		kind StepKind
		key  string
	}{{y.GainCorruption, StepGainCorruption, "gain_corruption"}, {y.ReturnCorruption, StepReturnCorruption, "return_corruption"},
		{y.RemoveCorruption, StepRemoveCorruption, "remove_corruption"},
		// "Up to": asked one token at a time (RULES.md 101).
		{y.ReturnCorruptionUpTo, StepReturnCorruptionUpTo, "return_corruption_up_to"},
		{y.RemoveCorruptionUpTo, StepRemoveCorruptionUpTo, "remove_corruption_up_to"}} {
		if c.n != 0 {
			add(Step{Kind: c.kind, Count: c.n}, positive(c.n, c.key))
		}
	}
	if y.Place != nil {
		pl := y.Place
		err := positive(pl.Spaces, "place.spaces")
		if err == nil {
			err = CheckBundle(pl.Each, "place.each")
		}
		if err == nil {
			err = onlyCubesAndGold(pl.Each)
		}
		if err == nil && (pl.Each.Adventurers() > MaxCount || pl.Each.Gold > MaxCount) {
			err = fmt.Errorf("place.each holds at most %d adventurers and %d gold", MaxCount, MaxCount)
		}
		if err == nil && pl.Corruption != 0 {
			err = between(pl.Corruption, 1, MaxCount, "place.corruption")
		}
		if err == nil && pl.Each.IsZero() && pl.Corruption == 0 {
			err = errors.New("place puts nothing")
		}
		add(Step{Kind: StepPlace, Bundle: pl.Each, Corruption: pl.Corruption, Count: pl.Spaces}, err)
	}
	if y.EachOpponentMay != nil {
		m := y.EachOpponentMay
		err := CheckBundleAny(m.Pay, "each_opponent_may.pay")
		if err == nil {
			err = onlyCubesAndGold(m.Pay)
		}
		if err == nil {
			err = CheckBundle(m.Gain, "each_opponent_may.gain")
		}
		if err == nil && (m.Gain.Adventurers() > MaxCount || m.Gain.Gold > MaxGold) {
			err = fmt.Errorf("each_opponent_may.gain holds at most %d adventurers", MaxCount)
		}
		if err == nil && m.GainCorruption != 0 {
			err = between(m.GainCorruption, 1, MaxCount, "each_opponent_may.gain_corruption")
		}
		if err == nil && m.ReturnCorruption != 0 {
			err = between(m.ReturnCorruption, 1, MaxCount, "each_opponent_may.return_corruption")
		}
		if err == nil && m.Gain.IsZero() && m.GainCorruption == 0 && m.ReturnCorruption == 0 {
			err = errors.New("each_opponent_may offers nothing")
		}
		if err == nil && m.Pay.Any > 0 && m.Gain.Adventurers() > 0 {
			// The adventurers of any kind are chosen after the gain: they
			// could be paid with what was just gained.
			err = errors.New("each_opponent_may cannot pay adventurers of any kind and gain adventurers")
		}
		add(Step{Kind: StepEachOpponentMay, Else: m.Pay, Bundle: m.Gain, Count: m.GainCorruption, Corruption: m.ReturnCorruption}, err)
	}
	for _, c := range [...]struct {
		n    int
		kind StepKind
		key  string
	}{{y.EachOpponentReturns, StepEachOpponentReturns, "each_opponent_returns"},
		{y.MoreCorruptGainCorruption, StepMoreCorruptGainCorruption, "more_corrupt_opponents_gain_corruption"},
		{y.RemoveTrackCorruption, StepRemoveTrackCorruption, "remove_track_corruption"},
		{y.GiveOwner, StepGiveOwner, "give_owner"}, {y.StealGoldSeeLord, StepStealGoldSeeLord, "steal_gold_see_lord"}} {
		if c.n != 0 {
			add(Step{Kind: c.kind, Count: c.n, From: AllAdventurers}, positive(c.n, c.key))
		}
	}
	if y.VPIfLeastCorrupt != 0 {
		add(Step{Kind: StepVPIfLeastCorrupt, Bundle: Bundle{VP: y.VPIfLeastCorrupt}}, between(y.VPIfLeastCorrupt, 1, MaxVP, "vp_if_least_corrupt"))
	}
	if y.MayTrade != nil {
		m := y.MayTrade
		err := bundleOK(m.Pay, "may_trade.pay")
		if err == nil {
			err = onlyCubesAndGold(m.Pay)
		}
		if err == nil {
			err = bundleOK(m.Gain, "may_trade.gain")
		}
		add(Step{Kind: StepMayTrade, Bundle: m.Pay, Else: m.Gain}, err)
	}
	if y.TakeAllQuests {
		add(Step{Kind: StepTakeAllQuests}, nil)
	}
	if y.EachOpponentGains != nil {
		add(Step{Kind: StepEachOpponentGains, Bundle: *y.EachOpponentGains}, bundleOK(*y.EachOpponentGains, "each_opponent_gains"))
	}
	if y.DrawMayPlay != 0 {
		add(Step{Kind: StepDrawMayPlay, Count: y.DrawMayPlay}, between(y.DrawMayPlay, 1, MaxDraw, "draw_may_play"))
	}
	if y.DiscardQuest != 0 {
		add(Step{Kind: StepDiscardQuest, Count: y.DiscardQuest}, positive(y.DiscardQuest, "discard_quest"))
	}
	if y.DiscardIntrigue != 0 {
		add(Step{Kind: StepDiscardIntrigue, Count: y.DiscardIntrigue}, between(y.DiscardIntrigue, 1, MaxDraw, "discard_intrigue"))
	}
	if y.Betray != nil {
		b := *y.Betray
		err := anyOK(b, "betray")
		if err == nil && (b.Adventurers() != 0 || b.VP != 0 || b.Intrigue != 0 || b.Gold > MaxCount) {
			err = fmt.Errorf("betray takes only adventurers of any kind and at most %d gold", MaxCount)
		}
		add(Step{Kind: StepBetray, Bundle: b}, err)
	}
	if y.PlaceOwn != 0 {
		add(Step{Kind: StepPlaceOwn, Count: y.PlaceOwn}, positive(y.PlaceOwn, "place_own"))
	}
	switch {
	case len(out) == 0:
		return Step{}, errors.New("empty step")
	case len(out) > 1:
		return Step{}, errors.New("a step must have exactly one key")
	case len(errs) > 0:
		return Step{}, errs[0]
	}
	return out[0], nil
}

// ProgramFromYAML converts a list of YAML steps, naming the index of a bad
// one. A program has at most MaxSteps steps.
func ProgramFromYAML(steps []StepYAML) (Program, error) {
	if len(steps) > MaxSteps {
		return nil, fmt.Errorf("%d steps; at most %d", len(steps), MaxSteps)
	}
	p := make(Program, 0, len(steps))
	for i, y := range steps {
		s, err := y.Step()
		if err != nil {
			return nil, fmt.Errorf("step %d: %w", i+1, err)
		}
		p = append(p, s)
	}
	return p, nil
}
