package content

import (
	"bytes"
	"errors"
	"fmt"
	"io/fs"

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

// DecodeFile reads name from fsys and decodes it strictly into v: unknown
// fields, duplicate keys and trailing documents are errors.
func DecodeFile(fsys fs.FS, name string, v any) error {
	data, err := fs.ReadFile(fsys, name)
	if err != nil {
		return &LoadError{File: name, Err: err}
	}
	dec := yaml.NewDecoder(bytes.NewReader(data))
	dec.KnownFields(true)
	if err := dec.Decode(v); err != nil {
		return &LoadError{File: name, Err: err}
	}
	var extra any
	if err := dec.Decode(&extra); err == nil {
		return &LoadError{File: name, Err: errors.New("more than one YAML document")}
	}
	return nil
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
	VPPerBuilding        int                `yaml:"vp_per_building"`
	GoldPerBuilding      int                `yaml:"gold_per_building"`
	TakeQuestMayComplete *MayCompleteYAML   `yaml:"take_quest_may_complete"`
	FreeBuilding         string             `yaml:"free_building"`
	ChangeOfPlans        *ChangeOfPlansYAML `yaml:"change_of_plans"`
	Special              string             `yaml:"special"`
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

// MaxText bounds the length in bytes of a text line (a card's or a space's
// rules text); an empty text is allowed.
const MaxText = 1000

// CheckText returns a *LoadError naming file, entry and the field "text"
// if text is longer than MaxText bytes.
func CheckText(file, entry, text string) error {
	if len(text) > MaxText {
		return Errorf(file, entry, "text", "text is %d bytes; at most %d", len(text), MaxText)
	}
	return nil
}

// maxCount bounds every count of adventurers in a step: answers encode at
// most 7 adventurers and 7 gold (see the root package's Move).
const maxCount = 7

func positive(n int, what string) error {
	if n <= 0 || n > maxCount {
		return fmt.Errorf("%s must be between 1 and %d, not %d", what, maxCount, n)
	}
	return nil
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
	bundleOK := func(b Bundle) error {
		if b.HasNegative() {
			return errors.New("negative amount")
		}
		if b.IsZero() {
			return errors.New("empty bundle")
		}
		return nil
	}
	if y.Gain != nil {
		add(Step{Kind: StepGain, Bundle: *y.Gain}, bundleOK(*y.Gain))
	}
	if y.Pay != nil {
		err := bundleOK(*y.Pay)
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
		if len(y.ChooseOne) < 2 {
			err = errors.New("choose_one needs at least two options")
		}
		for _, o := range y.ChooseOne {
			if e := bundleOK(o); e != nil && err == nil {
				err = e
			}
			if e := onlyCubesAndGold(o); e != nil && err == nil {
				err = e
			}
			if (o.Adventurers() > maxCount || o.Gold > maxCount) && err == nil {
				err = fmt.Errorf("an option holds at most %d adventurers and %d gold", maxCount, maxCount)
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
		err := bundleOK(l.Lose)
		if err == nil && (l.Lose.Adventurers() != 1 || l.Lose.Gold != 0 || l.Lose.VP != 0 || l.Lose.Intrigue != 0) {
			err = errors.New("each_opponent_loses.lose must be exactly one adventurer")
		}
		if err == nil && l.Otherwise.HasNegative() {
			err = errors.New("negative amount in otherwise")
		}
		add(Step{Kind: StepEachOpponentLoses, Bundle: l.Lose, Else: l.Otherwise}, err)
	}
	if y.Gift != nil {
		err := bundleOK(*y.Gift)
		if err == nil {
			err = onlyCubesAndGold(*y.Gift)
		}
		add(Step{Kind: StepGift, Bundle: *y.Gift}, err)
	}
	if y.EachOpponentMayGive != nil {
		g := y.EachOpponentMayGive
		err := bundleOK(g.Give)
		if err == nil {
			err = onlyCubesAndGold(g.Give)
		}
		if err == nil {
			err = between(g.Score, 1, 100, "each_opponent_may_give.score")
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
	if y.VPPerBuilding != 0 {
		add(Step{Kind: StepVPPerBuilding, Count: y.VPPerBuilding}, between(y.VPPerBuilding, 1, 50, "vp_per_building"))
	}
	if y.GoldPerBuilding != 0 {
		add(Step{Kind: StepGoldPerBuilding, Count: y.GoldPerBuilding}, between(y.GoldPerBuilding, 1, 50, "gold_per_building"))
	}
	if y.TakeQuestMayComplete != nil {
		add(Step{Kind: StepTakeQuestMayComplete, Bundle: Bundle{VP: y.TakeQuestMayComplete.BonusVP}},
			between(y.TakeQuestMayComplete.BonusVP, 1, 100, "take_quest_may_complete.bonus_vp"))
	}
	if y.FreeBuilding != "" {
		var err error
		if y.FreeBuilding != "hall" && y.FreeBuilding != "stack" {
			err = fmt.Errorf("free_building must be hall or stack, not %q", y.FreeBuilding)
		}
		add(Step{Kind: StepFreeBuilding, Source: y.FreeBuilding}, err)
	}
	if y.ChangeOfPlans != nil {
		c := y.ChangeOfPlans
		err := between(c.VP, 1, 100, "change_of_plans.vp")
		if err == nil {
			err = between(c.OpponentVP, 1, 100, "change_of_plans.opponent_vp")
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

// ProgramFromYAML converts a list of YAML steps, naming the index of a bad one.
func ProgramFromYAML(steps []StepYAML) (Program, error) {
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
