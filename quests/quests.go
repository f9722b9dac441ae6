// Package quests defines the quest cards: what each requires, what it
// rewards, and the lasting effect of a plot quest. Quests are loaded from the
// YAML file quests.yaml (see content.Base) and validated when loaded.
package quests

import (
	"errors"
	"fmt"
	"io/fs"

	"github.com/waterdeep-go/waterdeep/content"
	"github.com/waterdeep-go/waterdeep/internal/contentyaml"
)

// File is the name of the quest file in a content file system.
const File = "quests.yaml"

// PlotKind says what lasting effect a plot quest has once completed.
type PlotKind uint8

// The lasting effects of plot quests.
const (
	// NotPlot marks an ordinary quest.
	NotPlot PlotKind = iota
	// BonusOnGain: whenever an action you take gives you When, also gain Gain.
	BonusOnGain
	// BonusOnComplete: whenever you complete a quest of Type, score VP.
	BonusOnComplete
	// BonusOnPurchase: whenever you buy a building at Builder's Hall, score VP.
	BonusOnPurchase
	// BonusOnIntrigue: whenever you play an intrigue card, score VP.
	BonusOnIntrigue
	// RoundStartChoose: at the start of every round, take Count adventurers
	// of your choice.
	RoundStartChoose
	// OccupiedPlacement: once per round you may assign an agent to a space
	// that holds an opponent's agent.
	OccupiedPlacement
	// ExtraAgent: an extra agent (the Lieutenant) joins your pool for the
	// rest of the game.
	ExtraAgent
	// ClericSwap: once per round, when an action you take gives you clerics,
	// you may exchange one other adventurer of yours for a cleric.
	ClericSwap
	// BonusOnVisit: whenever you assign an agent to Space, you may also
	// take Gain and Corruption corruption tokens (Skullport).
	BonusOnVisit
	// HarborIntrigue: whenever you assign an agent to Waterdeep Harbor, you
	// may play up to Count more intrigue cards; if you do, take Corruption
	// corruption tokens (Skullport).
	HarborIntrigue
	// CorruptionOnPurchase: whenever you buy a building, you may move one
	// corruption token from your tavern onto an action space (Skullport).
	CorruptionOnPurchase
	// ExtraReturn: once on your turn, when you return corruption to the
	// track, you may return Count more (Skullport).
	ExtraReturn
	// DrawOnCorruption: once on your turn, when you take corruption, gain
	// Gain (Skullport).
	DrawOnCorruption
	// FirstPlayerBonus: whenever any player takes the first-player marker,
	// you and that player each gain Gain (Skullport).
	FirstPlayerBonus
	// BonusOnTake: whenever you take a quest of Type, also gain Gain
	// (Undermountain).
	BonusOnTake
	// OwnBenefit: when you assign an agent to a building you control, you
	// also get its owner benefit (Undermountain).
	OwnBenefit
	// KeepSpent: whenever you complete a quest, you may take back into
	// your tavern one adventurer spent on it (Undermountain).
	KeepSpent
	// DrawAfterIntrigue: after each action of yours that lets you play an
	// intrigue card, draw one and you may play it at once (Undermountain).
	DrawAfterIntrigue
	// CompleteFaceUp: you may complete the face-up quests at Cliffwatch
	// Inn as though they were among your quests (Undermountain).
	CompleteFaceUp
	// VisitForSale: once per round you may assign an agent to a building
	// for sale in Builder's Hall and use its action (Undermountain).
	VisitForSale
	numPlotKinds
)

var plotKindNames = [numPlotKinds]string{"", "bonus_on_gain", "bonus_on_complete", "bonus_on_purchase",
	"bonus_on_intrigue", "round_start_choose", "occupied_placement", "extra_agent", "cleric_swap",
	"bonus_on_visit", "harbor_intrigue", "corruption_on_purchase", "extra_return", "draw_on_corruption",
	"first_player_bonus", "bonus_on_take", "own_benefit", "keep_spent", "draw_after_intrigue",
	"complete_face_up", "visit_for_sale"}

// String returns the YAML name of the kind.
func (k PlotKind) String() string {
	if k < numPlotKinds {
		return plotKindNames[k]
	}
	return fmt.Sprintf("plotkind(%d)", uint8(k))
}

// Gainable is what a BonusOnGain plot watches for: an adventurer kind or gold.
type Gainable uint8

// The things a BonusOnGain plot can watch for.
const (
	GainsCleric Gainable = iota
	GainsFighter
	GainsRogue
	GainsWizard
	GainsGold
)

// Plot is the lasting effect of a plot quest. Fields not used by Kind are zero.
type Plot struct {
	Kind  PlotKind
	When  Gainable
	Gain  content.Bundle
	Type  content.QuestType
	VP    int
	Count int
	// Space is the id of the action space a BonusOnVisit plot watches.
	Space string
	// Corruption is the corruption a BonusOnVisit or HarborIntrigue plot
	// makes its player take.
	Corruption int
}

// Quest is one quest card.
type Quest struct {
	// ID is the quest's id in text and JSON ("domesticate-owlbears"),
	// Name the name printed on the card, Type its quest type, Requires
	// what completing it costs.
	ID       string
	Name     string
	Type     content.QuestType
	Requires content.Bundle
	// Reward is resolved when the quest is completed.
	Reward content.Program
	// PerSpent is a bonus for each adventurer of one kind spent on the
	// quest (Undermountain); PerSpent.Gain is zero for none.
	PerSpent PerSpent
	// Plot is the lasting effect; Plot.Kind is NotPlot for ordinary quests.
	Plot Plot
	// Copies is how many copies of the card the deck holds.
	Copies int
	// Module is the expansion module the quest belongs to (0: the base
	// game); a game deals it only if the module is played.
	Module content.Modules
	// Text is the rules text, in the module's own words.
	Text string
}

// PerSpent is a reward for each adventurer of Kind spent on a quest (in
// its fixed requirement or among its adventurers of any kind): Gain, once
// per adventurer ("score 2 VP per cleric you spent on this quest").
type PerSpent struct {
	Kind content.Adventurer
	Gain content.Bundle
}

// IsPlot reports whether q is a plot quest.
func (q Quest) IsPlot() bool { return q.Plot.Kind != NotPlot }

// PrintedVP returns the VP printed in the quest's reward.
func (q Quest) PrintedVP() int {
	vp := 0
	for _, s := range q.Reward {
		if s.Kind == content.StepGain {
			vp += s.Bundle.VP
		}
	}
	return vp
}

type plotYAML struct {
	Kind       string         `yaml:"kind"`
	When       string         `yaml:"when"`
	Gain       content.Bundle `yaml:"gain"`
	Type       string         `yaml:"type"`
	VP         int            `yaml:"vp"`
	Count      int            `yaml:"count"`
	Space      string         `yaml:"space"`
	Corruption int            `yaml:"corruption"`
}

type questYAML struct {
	ID       string                 `yaml:"id"`
	Name     string                 `yaml:"name"`
	Type     string                 `yaml:"type"`
	Copies   int                    `yaml:"copies"`
	Requires content.Bundle         `yaml:"requires"`
	Reward   []contentyaml.StepYAML `yaml:"reward"`
	Plot     *plotYAML              `yaml:"plot"`
	PerSpent *perSpentYAML          `yaml:"per_spent"`
	Module   string                 `yaml:"module"`
	Text     string                 `yaml:"text"`
}

type perSpentYAML struct {
	Kind string         `yaml:"kind"`
	Gain content.Bundle `yaml:"gain"`
}

type fileYAML struct {
	Quests []questYAML `yaml:"quests"`
}

// Load reads and validates File from fsys, then the file of the same name
// in each module's folder, if any (in the order the package content documents).
func Load(fsys fs.FS) ([]Quest, error) {
	var f fileYAML
	var from []contentyaml.Origin
	err := contentyaml.DecodeFiles(fsys, File, func(g *fileYAML, file string, m content.Modules) error {
		if err := contentyaml.CheckEntries(len(g.Quests)); err != nil {
			return contentyaml.Errorf(file, "", "quests", "%v", err)
		}
		f.Quests = append(f.Quests, g.Quests...)
		from = contentyaml.AppendOrigins(from, file, m, len(g.Quests))
		return nil
	})
	if err != nil {
		return nil, err
	}
	if len(f.Quests) == 0 {
		return nil, contentyaml.Errorf(File, "", "quests", "no quests")
	}
	seen := map[string]bool{}
	out := make([]Quest, 0, len(f.Quests))
	var prev content.Modules
	for i, y := range f.Quests {
		o, entry := from[i], y.ID
		if err := contentyaml.CheckID(y.ID); err != nil {
			// A bad id may be long or unprintable: name the entry by place.
			return nil, contentyaml.Errorf(o.File, fmt.Sprintf("quest %d", o.N), "id", "%v", err)
		}
		if seen[y.ID] {
			return nil, contentyaml.Errorf(o.File, entry, "id", "duplicate id")
		}
		seen[y.ID] = true
		q, field, err := convert(y)
		if err != nil {
			return nil, contentyaml.Errorf(o.File, entry, field, "%v", err)
		}
		q.Text = y.Text
		if q.Module, err = o.Tag(y.Module, prev); err != nil {
			return nil, contentyaml.Errorf(o.File, entry, "module", "%v", err)
		}
		prev = q.Module
		out = append(out, q)
	}
	return out, nil
}

func convert(y questYAML) (Quest, string, error) {
	q := Quest{ID: y.ID, Name: y.Name, Requires: y.Requires, Copies: y.Copies}
	if y.Name == "" {
		return q, "name", errors.New("missing name")
	}
	if err := contentyaml.CheckText(y.Name, "name", content.MaxNameLen); err != nil {
		return q, "name", err
	}
	if err := contentyaml.CheckText(y.Text, "text", content.MaxTextLen); err != nil {
		return q, "text", err
	}
	t, ok := content.ParseQuestType(y.Type)
	if !ok {
		return q, "type", fmt.Errorf("unknown quest type %q", y.Type)
	}
	q.Type = t
	if q.Copies == 0 {
		q.Copies = 1
	}
	if q.Copies < 0 || q.Copies > content.MaxQuestCopies {
		return q, "copies", fmt.Errorf("copies must be 1 to %d, not %d", content.MaxQuestCopies, q.Copies)
	}
	// Adventurers of any kind (Enter the Tower of Seven Woes, several
	// Undermountain quests) are chosen by the player when completing.
	if err := contentyaml.CheckBundleAny(y.Requires, "requires"); err != nil {
		return q, "requires", err
	}
	if y.Requires.VP != 0 || y.Requires.Intrigue != 0 {
		return q, "requires", errors.New("requires may hold only non-negative adventurers and gold")
	}
	if y.Requires.IsZero() {
		return q, "requires", errors.New("a quest must require something")
	}
	r, err := contentyaml.ProgramFromYAML(y.Reward)
	if err != nil {
		return q, "reward", err
	}
	q.Reward = r
	if y.PerSpent != nil {
		a, ok := content.ParseAdventurer(y.PerSpent.Kind)
		if !ok {
			return q, "per_spent", fmt.Errorf("per_spent.kind must be an adventurer, not %q", y.PerSpent.Kind)
		}
		if err := contentyaml.CheckBundle(y.PerSpent.Gain, "per_spent.gain"); err != nil {
			return q, "per_spent", err
		}
		g := y.PerSpent.Gain
		// At most the requirement's cubes of the kind and its cubes of
		// any kind are spent: the bonus for all of them stays within one
		// gain's limits.
		most := y.Requires.Cubes()[a] + y.Requires.Any
		switch {
		case g.IsZero() || g.Adventurers() != 0 || g.Gold != 0 || g.Any != 0:
			return q, "per_spent", errors.New("per_spent.gain may hold only VP and intrigue cards")
		case most == 0:
			return q, "per_spent", fmt.Errorf("the quest spends no %s", y.PerSpent.Kind)
		case most*g.VP > content.MaxVP || most*g.Intrigue > content.MaxDraw:
			return q, "per_spent", fmt.Errorf("per_spent.gain for %d adventurers exceeds %d VP or %d intrigue cards", most, content.MaxVP, content.MaxDraw)
		}
		q.PerSpent = PerSpent{Kind: a, Gain: g}
	}
	if y.Plot != nil {
		p, err := plot(*y.Plot)
		if err != nil {
			return q, "plot", err
		}
		q.Plot = p
	}
	return q, "", nil
}

func plot(y plotYAML) (Plot, error) {
	p := Plot{Gain: y.Gain, VP: y.VP, Count: y.Count, Space: y.Space, Corruption: y.Corruption}
	for k := PlotKind(1); k < numPlotKinds; k++ {
		if plotKindNames[k] == y.Kind {
			p.Kind = k
		}
	}
	if p.Kind == NotPlot {
		return p, fmt.Errorf("unknown plot kind %q", y.Kind)
	}
	// A field the kind does not read is a mistake, and an unchecked number.
	unused := func(field string, set, used bool) error {
		if set && !used {
			return fmt.Errorf("plot.%s is not used by a %s plot", field, p.Kind)
		}
		return nil
	}
	for _, err := range []error{
		unused("when", y.When != "", p.Kind == BonusOnGain),
		unused("gain", !y.Gain.IsZero(), p.Kind == BonusOnGain || p.Kind == BonusOnVisit || p.Kind == DrawOnCorruption ||
			p.Kind == FirstPlayerBonus || p.Kind == BonusOnTake),
		unused("type", y.Type != "", p.Kind == BonusOnComplete || p.Kind == BonusOnTake),
		unused("vp", y.VP != 0, p.Kind == BonusOnComplete || p.Kind == BonusOnPurchase || p.Kind == BonusOnIntrigue),
		unused("count", y.Count != 0, p.Kind == RoundStartChoose || p.Kind == HarborIntrigue || p.Kind == ExtraReturn),
		unused("space", y.Space != "", p.Kind == BonusOnVisit),
		unused("corruption", y.Corruption != 0, p.Kind == BonusOnVisit || p.Kind == HarborIntrigue),
	} {
		if err != nil {
			return p, err
		}
	}
	switch p.Kind {
	case BonusOnGain:
		switch y.When {
		case "cleric", "fighter", "rogue", "wizard":
			a, _ := content.ParseAdventurer(y.When)
			p.When = Gainable(a)
		case "gold":
			p.When = GainsGold
		default:
			return p, fmt.Errorf("when must be an adventurer or gold, not %q", y.When)
		}
		if err := contentyaml.CheckBundle(y.Gain, "plot.gain"); err != nil {
			return p, err
		}
		if y.Gain.IsZero() || y.Gain.VP != 0 {
			return p, errors.New("gain must hold adventurers, gold or intrigue")
		}
	case BonusOnComplete:
		t, ok := content.ParseQuestType(y.Type)
		if !ok {
			return p, fmt.Errorf("unknown quest type %q", y.Type)
		}
		p.Type = t
		if y.VP <= 0 || y.VP > content.MaxVP {
			return p, fmt.Errorf("plot.vp must be 1 to %d, not %d", content.MaxVP, y.VP)
		}
	case BonusOnTake:
		t, ok := content.ParseQuestType(y.Type)
		if !ok {
			return p, fmt.Errorf("unknown quest type %q", y.Type)
		}
		p.Type = t
		if err := contentyaml.CheckBundle(y.Gain, "plot.gain"); err != nil {
			return p, err
		}
		if y.Gain.IsZero() || y.Gain.VP != 0 {
			return p, errors.New("gain must hold adventurers, gold or intrigue")
		}
	case BonusOnPurchase, BonusOnIntrigue:
		if y.VP <= 0 || y.VP > content.MaxVP {
			return p, fmt.Errorf("plot.vp must be 1 to %d, not %d", content.MaxVP, y.VP)
		}
	case RoundStartChoose:
		if y.Count <= 0 || y.Count > content.MaxRoundStartChoose {
			return p, fmt.Errorf("plot.count must be 1 to %d, not %d", content.MaxRoundStartChoose, y.Count)
		}
	case BonusOnVisit, DrawOnCorruption, FirstPlayerBonus:
		if err := contentyaml.CheckBundle(y.Gain, "plot.gain"); err != nil {
			return p, err
		}
		if y.Gain.IsZero() || y.Gain.VP != 0 || y.Gain.Adventurers() > content.MaxCount || y.Gain.Gold > content.MaxCount {
			return p, fmt.Errorf("plot.gain must hold adventurers, gold or intrigue (at most %d of each)", content.MaxCount)
		}
		if p.Kind == BonusOnVisit && contentyaml.CheckID(y.Space) != nil {
			return p, fmt.Errorf("plot.space must name an action space, not %q", y.Space)
		}
		if y.Corruption < 0 || y.Corruption > content.MaxCount {
			return p, fmt.Errorf("plot.corruption must be 0 to %d, not %d", content.MaxCount, y.Corruption)
		}
	case HarborIntrigue, ExtraReturn:
		if y.Count <= 0 || y.Count > content.MaxCount {
			return p, fmt.Errorf("plot.count must be 1 to %d, not %d", content.MaxCount, y.Count)
		}
		if y.Corruption < 0 || y.Corruption > content.MaxCount {
			return p, fmt.Errorf("plot.corruption must be 0 to %d, not %d", content.MaxCount, y.Corruption)
		}
	}
	return p, nil
}
