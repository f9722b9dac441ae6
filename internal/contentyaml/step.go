package contentyaml

import (
	"errors"
	"fmt"

	"github.com/waterdeep-go/waterdeep/content"
)

// PlaceYAML is the YAML form of place: what goes on each of Spaces
// different action spaces.
type PlaceYAML struct {
	Each       content.Bundle `yaml:"each"`
	Corruption int            `yaml:"corruption"`
	Spaces     int            `yaml:"spaces"`
}

// ChoiceYAML is the YAML form of "count adventurers of these kinds".
type ChoiceYAML struct {
	Count int      `yaml:"count"`
	From  []string `yaml:"from"`
}

// LosesYAML is the YAML form of each_opponent_loses.
type LosesYAML struct {
	Lose      content.Bundle `yaml:"lose"`
	Otherwise content.Bundle `yaml:"otherwise"`
}

// MayGiveYAML is the YAML form of each_opponent_may_give.
type MayGiveYAML struct {
	Give  content.Bundle `yaml:"give"`
	Score int            `yaml:"score"`
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
	Pay              content.Bundle `yaml:"pay"`
	Gain             content.Bundle `yaml:"gain"`
	GainCorruption   int            `yaml:"gain_corruption"`
	ReturnCorruption int            `yaml:"return_corruption"`
}

// StepYAML is the YAML form of one Step: a mapping with exactly one key.
type StepYAML struct {
	Gain                 *content.Bundle    `yaml:"gain"`
	Pay                  *content.Bundle    `yaml:"pay"`
	Choose               *ChoiceYAML        `yaml:"choose"`
	ChooseOne            []content.Bundle   `yaml:"choose_one"`
	Return               *ChoiceYAML        `yaml:"return"`
	TakeQuest            int                `yaml:"take_quest"`
	DrawQuest            int                `yaml:"draw_quest"`
	EachOpponentLoses    *LosesYAML         `yaml:"each_opponent_loses"`
	Gift                 *content.Bundle    `yaml:"gift"`
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
	EachOpponentMay           *MayYAML        `yaml:"each_opponent_may"`
	EachOpponentReturns       int             `yaml:"each_opponent_returns"`
	MoreCorruptGainCorruption int             `yaml:"more_corrupt_opponents_gain_corruption"`
	VPIfLeastCorrupt          int             `yaml:"vp_if_least_corrupt"`
	RemoveTrackCorruption     int             `yaml:"remove_track_corruption"`
	GiveOwner                 int             `yaml:"give_owner"`
	StealGoldSeeLord          int             `yaml:"steal_gold_see_lord"`
	MayTrade                  *MayTradeYAML   `yaml:"may_trade"`
	TakeAllQuests             bool            `yaml:"take_all_quests"`
	EachOpponentGains         *content.Bundle `yaml:"each_opponent_gains"`
	DrawMayPlay               int             `yaml:"draw_may_play"`
	DiscardQuest              int             `yaml:"discard_quest"`
	DiscardIntrigue           int             `yaml:"discard_intrigue"`
	PlaceOwn                  int             `yaml:"place_own"`
	Betray                    *content.Bundle `yaml:"betray"`
}

// MayTradeYAML is the YAML form of may_trade: pay Pay to gain Gain.
type MayTradeYAML struct {
	Pay  content.Bundle `yaml:"pay"`
	Gain content.Bundle `yaml:"gain"`
}

func kinds(names []string) (content.AdventurerSet, error) {
	if len(names) == 0 {
		return content.AllAdventurers, nil
	}
	var s content.AdventurerSet
	for _, n := range names {
		a, ok := content.ParseAdventurer(n)
		if !ok {
			return 0, fmt.Errorf("unknown adventurer %q", n)
		}
		s |= 1 << a
	}
	return s, nil
}

func onlyCubesAndGold(b content.Bundle) error {
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
	return between(n, 1, content.MaxCount, what)
}

// Step converts the YAML form to a Step, checking that exactly one key is
// set and that its values make sense.
func (y StepYAML) Step() (content.Step, error) {
	var out []content.Step
	var errs []error
	add := func(s content.Step, err error) {
		out = append(out, s)
		if err != nil {
			errs = append(errs, err)
		}
	}
	bundleOK := func(b content.Bundle, what string) error {
		if err := CheckBundle(b, what); err != nil {
			return err
		}
		if b.IsZero() {
			return fmt.Errorf("empty bundle in %s", what)
		}
		return nil
	}
	anyOK := func(b content.Bundle, what string) error {
		if err := CheckBundleAny(b, what); err != nil {
			return err
		}
		if b.IsZero() {
			return fmt.Errorf("empty bundle in %s", what)
		}
		return nil
	}
	if y.Gain != nil {
		add(content.Step{Kind: content.StepGain, Bundle: *y.Gain}, anyOK(*y.Gain, "gain"))
	}
	if y.Pay != nil {
		err := anyOK(*y.Pay, "pay")
		if err == nil {
			err = onlyCubesAndGold(*y.Pay)
		}
		add(content.Step{Kind: content.StepPay, Bundle: *y.Pay}, err)
	}
	if y.Choose != nil {
		from, err := kinds(y.Choose.From)
		if err == nil {
			err = positive(y.Choose.Count, "choose.count")
		}
		add(content.Step{Kind: content.StepChoose, Count: y.Choose.Count, From: from}, err)
	}
	if y.ChooseOne != nil {
		var err error
		switch {
		case len(y.ChooseOne) < 2:
			err = errors.New("choose_one needs at least two options")
		case len(y.ChooseOne) > content.MaxOptions:
			err = fmt.Errorf("choose_one has %d options; at most %d", len(y.ChooseOne), content.MaxOptions)
		}
		for i, o := range y.ChooseOne {
			if e := anyOK(o, fmt.Sprintf("choose_one option %d", i+1)); e != nil && err == nil {
				err = e
			}
			if e := onlyCubesAndGold(o); e != nil && err == nil {
				err = e
			}
			if (o.Adventurers()+o.Any > content.MaxCount || o.Gold > content.MaxCount) && err == nil {
				err = fmt.Errorf("an option holds at most %d adventurers and %d gold", content.MaxCount, content.MaxCount)
			}
		}
		add(content.Step{Kind: content.StepChooseOne, Options: y.ChooseOne}, err)
	}
	if y.Return != nil {
		from, err := kinds(y.Return.From)
		if err == nil {
			err = positive(y.Return.Count, "return.count")
		}
		add(content.Step{Kind: content.StepReturn, Count: y.Return.Count, From: from}, err)
	}
	if y.TakeQuest != 0 {
		add(content.Step{Kind: content.StepTakeQuest, Count: y.TakeQuest}, positive(y.TakeQuest, "take_quest"))
	}
	if y.DrawQuest != 0 {
		add(content.Step{Kind: content.StepDrawQuest, Count: y.DrawQuest}, positive(y.DrawQuest, "draw_quest"))
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
		add(content.Step{Kind: content.StepEachOpponentLoses, Bundle: l.Lose, Else: l.Otherwise}, err)
	}
	if y.Gift != nil {
		err := bundleOK(*y.Gift, "gift")
		if err == nil {
			err = onlyCubesAndGold(*y.Gift)
		}
		add(content.Step{Kind: content.StepGift, Bundle: *y.Gift}, err)
	}
	if y.EachOpponentMayGive != nil {
		g := y.EachOpponentMayGive
		err := bundleOK(g.Give, "each_opponent_may_give.give")
		if err == nil {
			err = onlyCubesAndGold(g.Give)
		}
		if err == nil {
			err = between(g.Score, 1, content.MaxVP, "each_opponent_may_give.score")
		}
		add(content.Step{Kind: content.StepEachOpponentMayGive, Bundle: g.Give, Else: content.Bundle{VP: g.Score}}, err)
	}
	if y.EachOpponentChooses != 0 {
		add(content.Step{Kind: content.StepEachOpponentChooses, Count: y.EachOpponentChooses, From: content.AllAdventurers},
			positive(y.EachOpponentChooses, "each_opponent_chooses"))
	}
	if y.Steal != 0 {
		add(content.Step{Kind: content.StepSteal, Count: y.Steal, From: content.AllAdventurers}, positive(y.Steal, "steal"))
	}
	if y.StealKinds != nil {
		// steal of some kinds only (Undermountain: Call for Assistance).
		from, err := kinds(y.StealKinds.From)
		if err == nil {
			err = positive(y.StealKinds.Count, "steal_kinds.count")
		}
		add(content.Step{Kind: content.StepSteal, Count: y.StealKinds.Count, From: from}, err)
	}
	if y.VPPerBuilding != 0 {
		add(content.Step{Kind: content.StepVPPerBuilding, Count: y.VPPerBuilding}, between(y.VPPerBuilding, 1, content.MaxPerBuilding, "vp_per_building"))
	}
	if y.GoldPerBuilding != 0 {
		add(content.Step{Kind: content.StepGoldPerBuilding, Count: y.GoldPerBuilding}, between(y.GoldPerBuilding, 1, content.MaxPerBuilding, "gold_per_building"))
	}
	if y.TakeQuestMayComplete != nil {
		add(content.Step{Kind: content.StepTakeQuestMayComplete, Bundle: content.Bundle{VP: y.TakeQuestMayComplete.BonusVP}},
			between(y.TakeQuestMayComplete.BonusVP, 1, content.MaxVP, "take_quest_may_complete.bonus_vp"))
	}
	if y.FreeBuilding != "" {
		var err error
		if y.FreeBuilding != "hall" && y.FreeBuilding != "stack" && y.FreeBuilding != "hall_all" {
			err = fmt.Errorf("free_building must be hall, stack or hall_all, not %q", y.FreeBuilding)
		}
		add(content.Step{Kind: content.StepFreeBuilding, Source: y.FreeBuilding}, err)
	}
	if y.ChangeOfPlans != nil {
		c := y.ChangeOfPlans
		err := between(c.VP, 1, content.MaxVP, "change_of_plans.vp")
		if err == nil {
			err = between(c.OpponentVP, 1, content.MaxVP, "change_of_plans.opponent_vp")
		}
		add(content.Step{Kind: content.StepChangeOfPlans, Bundle: content.Bundle{VP: c.VP}, Else: content.Bundle{VP: c.OpponentVP}}, err)
	}
	if y.Special != "" {
		sp, ok := content.ParseSpecial(y.Special)
		var err error
		if !ok {
			err = fmt.Errorf("no handler named %q", y.Special)
		}
		add(content.Step{Kind: content.StepSpecial, Special: sp}, err)
	}
	for _, c := range [...]struct {
		n    int
		kind content.StepKind
		key  string
	}{{y.GainCorruption, content.StepGainCorruption, "gain_corruption"}, {y.ReturnCorruption, content.StepReturnCorruption, "return_corruption"},
		{y.RemoveCorruption, content.StepRemoveCorruption, "remove_corruption"},
		// "Up to": asked one token at a time (RULES.md 101).
		{y.ReturnCorruptionUpTo, content.StepReturnCorruptionUpTo, "return_corruption_up_to"},
		{y.RemoveCorruptionUpTo, content.StepRemoveCorruptionUpTo, "remove_corruption_up_to"}} {
		if c.n != 0 {
			add(content.Step{Kind: c.kind, Count: c.n}, positive(c.n, c.key))
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
		if err == nil && (pl.Each.Adventurers() > content.MaxCount || pl.Each.Gold > content.MaxCount) {
			err = fmt.Errorf("place.each holds at most %d adventurers and %d gold", content.MaxCount, content.MaxCount)
		}
		if err == nil && pl.Corruption != 0 {
			err = between(pl.Corruption, 1, content.MaxCount, "place.corruption")
		}
		if err == nil && pl.Each.IsZero() && pl.Corruption == 0 {
			err = errors.New("place puts nothing")
		}
		add(content.Step{Kind: content.StepPlace, Bundle: pl.Each, Corruption: pl.Corruption, Count: pl.Spaces}, err)
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
		if err == nil && (m.Gain.Adventurers() > content.MaxCount || m.Gain.Gold > content.MaxGold) {
			err = fmt.Errorf("each_opponent_may.gain holds at most %d adventurers", content.MaxCount)
		}
		if err == nil && m.GainCorruption != 0 {
			err = between(m.GainCorruption, 1, content.MaxCount, "each_opponent_may.gain_corruption")
		}
		if err == nil && m.ReturnCorruption != 0 {
			err = between(m.ReturnCorruption, 1, content.MaxCount, "each_opponent_may.return_corruption")
		}
		if err == nil && m.Gain.IsZero() && m.GainCorruption == 0 && m.ReturnCorruption == 0 {
			err = errors.New("each_opponent_may offers nothing")
		}
		if err == nil && m.Pay.Any > 0 && m.Gain.Adventurers() > 0 {
			// The adventurers of any kind are chosen after the gain: they
			// could be paid with what was just gained.
			err = errors.New("each_opponent_may cannot pay adventurers of any kind and gain adventurers")
		}
		add(content.Step{Kind: content.StepEachOpponentMay, Else: m.Pay, Bundle: m.Gain, Count: m.GainCorruption, Corruption: m.ReturnCorruption}, err)
	}
	for _, c := range [...]struct {
		n    int
		kind content.StepKind
		key  string
	}{{y.EachOpponentReturns, content.StepEachOpponentReturns, "each_opponent_returns"},
		{y.MoreCorruptGainCorruption, content.StepMoreCorruptGainCorruption, "more_corrupt_opponents_gain_corruption"},
		{y.RemoveTrackCorruption, content.StepRemoveTrackCorruption, "remove_track_corruption"},
		{y.GiveOwner, content.StepGiveOwner, "give_owner"}, {y.StealGoldSeeLord, content.StepStealGoldSeeLord, "steal_gold_see_lord"}} {
		if c.n != 0 {
			add(content.Step{Kind: c.kind, Count: c.n, From: content.AllAdventurers}, positive(c.n, c.key))
		}
	}
	if y.VPIfLeastCorrupt != 0 {
		add(content.Step{Kind: content.StepVPIfLeastCorrupt, Bundle: content.Bundle{VP: y.VPIfLeastCorrupt}}, between(y.VPIfLeastCorrupt, 1, content.MaxVP, "vp_if_least_corrupt"))
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
		add(content.Step{Kind: content.StepMayTrade, Bundle: m.Pay, Else: m.Gain}, err)
	}
	if y.TakeAllQuests {
		add(content.Step{Kind: content.StepTakeAllQuests}, nil)
	}
	if y.EachOpponentGains != nil {
		add(content.Step{Kind: content.StepEachOpponentGains, Bundle: *y.EachOpponentGains}, bundleOK(*y.EachOpponentGains, "each_opponent_gains"))
	}
	if y.DrawMayPlay != 0 {
		add(content.Step{Kind: content.StepDrawMayPlay, Count: y.DrawMayPlay}, between(y.DrawMayPlay, 1, content.MaxDraw, "draw_may_play"))
	}
	if y.DiscardQuest != 0 {
		add(content.Step{Kind: content.StepDiscardQuest, Count: y.DiscardQuest}, positive(y.DiscardQuest, "discard_quest"))
	}
	if y.DiscardIntrigue != 0 {
		add(content.Step{Kind: content.StepDiscardIntrigue, Count: y.DiscardIntrigue}, between(y.DiscardIntrigue, 1, content.MaxDraw, "discard_intrigue"))
	}
	if y.Betray != nil {
		b := *y.Betray
		err := anyOK(b, "betray")
		if err == nil && (b.Adventurers() != 0 || b.VP != 0 || b.Intrigue != 0 || b.Gold > content.MaxCount) {
			err = fmt.Errorf("betray takes only adventurers of any kind and at most %d gold", content.MaxCount)
		}
		add(content.Step{Kind: content.StepBetray, Bundle: b}, err)
	}
	if y.PlaceOwn != 0 {
		add(content.Step{Kind: content.StepPlaceOwn, Count: y.PlaceOwn}, positive(y.PlaceOwn, "place_own"))
	}
	switch {
	case len(out) == 0:
		return content.Step{}, errors.New("empty step")
	case len(out) > 1:
		return content.Step{}, errors.New("a step must have exactly one key")
	case len(errs) > 0:
		return content.Step{}, errs[0]
	}
	return out[0], nil
}

// ProgramFromYAML converts a list of YAML steps, naming the index of a bad
// one. A program has at most MaxSteps steps.
func ProgramFromYAML(steps []StepYAML) (content.Program, error) {
	if len(steps) > content.MaxSteps {
		return nil, fmt.Errorf("%d steps; at most %d", len(steps), content.MaxSteps)
	}
	p := make(content.Program, 0, len(steps))
	for i, y := range steps {
		s, err := y.Step()
		if err != nil {
			return nil, fmt.Errorf("step %d: %w", i+1, err)
		}
		p = append(p, s)
	}
	return p, nil
}
