package quests

import (
	"fmt"
	"strings"

	"github.com/waterdeep-go/waterdeep/content"
	"github.com/waterdeep-go/waterdeep/internal/english"
)

// Describe returns the quest in English, generated from its requirement,
// reward and plot (not from Text): "Needs 2 wizards and 4 gold. Gives 4 VP
// and 1 wizard; return one of your assigned agents. From now on: score 2 VP
// whenever you complete an arcana quest."
func (q Quest) Describe() string {
	var b strings.Builder
	b.WriteString("Needs " + q.Requires.Describe() + ".")
	if r := q.Reward.Describe(); r != "" {
		b.WriteString(" " + r + ".")
	}
	if !q.PerSpent.Gain.IsZero() {
		one, _ := q.PerSpent.Kind.Noun()
		b.WriteString(" Also " + q.PerSpent.Gain.Describe() + " for each " + one + " spent on it.")
	}
	if q.IsPlot() {
		b.WriteString(" From now on: " + q.Plot.Describe() + ".")
	}
	return b.String()
}

// String returns the YAML name of what the plot watches for.
func (g Gainable) String() string {
	switch {
	case g < GainsGold:
		return content.Adventurer(g).String()
	case g == GainsGold:
		return "gold"
	}
	return fmt.Sprintf("gainable(%d)", uint8(g))
}

// Describe returns the plot's lasting effect as a clause in lower case,
// such as "score 2 VP whenever you complete an arcana quest"; "" for
// NotPlot.
func (p Plot) Describe() string {
	switch p.Kind {
	case BonusOnGain:
		what := "gold"
		if p.When < GainsGold {
			_, what = content.Adventurer(p.When).Noun()
		}
		return fmt.Sprintf("whenever an action gives you %s, also gain %s", what, p.Gain.Describe())
	case BonusOnComplete:
		return fmt.Sprintf("score %d VP whenever you complete %s %s quest", p.VP, article(p.Type.String()), p.Type)
	case BonusOnPurchase:
		return fmt.Sprintf("score %d VP whenever you buy a building at Builder's Hall", p.VP)
	case BonusOnIntrigue:
		return fmt.Sprintf("score %d VP whenever you play an intrigue card", p.VP)
	case RoundStartChoose:
		return "at the start of every round, take " + english.Count(p.Count, "adventurer", "adventurers") + " of your choice"
	case OccupiedPlacement:
		return "once per round you may assign an agent to a space that holds an opponent's agent"
	case ExtraAgent:
		return "an extra agent (the Lieutenant) joins your pool for the rest of the game"
	case BonusOnTake:
		return fmt.Sprintf("whenever you take %s %s quest, also gain %s", article(p.Type.String()), p.Type, p.Gain.Describe())
	case OwnBenefit:
		return "when you assign an agent to a building you control, you also get its owner benefit"
	case KeepSpent:
		return "whenever you complete a quest, you may take back into your tavern one adventurer spent on it"
	case DrawAfterIntrigue:
		return "after each action of yours that lets you play an intrigue card, draw an intrigue card; you may play it at once"
	case VisitForSale:
		return "once per round you may assign an agent to a building for sale in Builder's Hall and use its action"
	case CompleteFaceUp:
		return "you may complete the face-up quests at Cliffwatch Inn as though they were among your quests"
	case ClericSwap:
		return "once per round, when an action gives you clerics, you may exchange one other adventurer of yours for a cleric"
	case BonusOnVisit:
		return fmt.Sprintf("whenever you assign an agent to %s, you may also take %s", p.Space, withCorruption(p.Gain.Describe(), p.Corruption))
	case HarborIntrigue:
		return fmt.Sprintf("whenever you assign an agent to Waterdeep Harbor, you may play up to %s more; if you do, take %s",
			english.Count(p.Count, "intrigue card", "intrigue cards"), english.Count(p.Corruption, "corruption token", "corruption tokens"))
	case CorruptionOnPurchase:
		return "whenever you buy a building, you may move a corruption token from your tavern onto an action space"
	case ExtraReturn:
		return "once on your turn, when you return corruption to the track, you may return " + english.Count(p.Count, "more token", "more tokens")
	case DrawOnCorruption:
		return "once on your turn, when you take corruption, gain " + p.Gain.Describe()
	case FirstPlayerBonus:
		return "whenever any player takes the first-player marker, you and that player each gain " + p.Gain.Describe()
	}
	return ""
}

func withCorruption(s string, n int) string {
	if n == 0 {
		return s
	}
	return s + " and " + english.Count(n, "corruption token", "corruption tokens")
}

func article(word string) string {
	if word != "" && strings.ContainsRune("aeiou", rune(word[0])) {
		return "an"
	}
	return "a"
}

// QuestDoc is the JSON-friendly form of a Quest: its facts in the YAML
// vocabulary's names, its Text and its Describe. Zero fields are omitted.
type QuestDoc struct {
	ID     string `json:"id"`
	Name   string `json:"name"`
	Type   string `json:"type"`
	Copies int    `json:"copies"`
	// Module is the expansion module the quest belongs to: "" (the base
	// game), "undermountain" or "skullport".
	Module      string          `json:"module"`
	Text        string          `json:"text,omitempty"`
	Description string          `json:"description"`
	Requires    content.Bundle  `json:"requires"`
	Reward      content.Program `json:"reward,omitempty"`
	Plot        *PlotDoc        `json:"plot,omitempty"`
	PerSpent    *PerSpentDoc    `json:"per_spent,omitempty"`
}

// PerSpentDoc is the JSON-friendly form of a PerSpent.
type PerSpentDoc struct {
	Kind string         `json:"kind"`
	Gain content.Bundle `json:"gain"`
}

// PlotDoc is the JSON-friendly form of a Plot, in the names of the YAML
// file; fields the kind does not use are omitted.
type PlotDoc struct {
	Kind  string          `json:"kind"`
	When  string          `json:"when,omitempty"`
	Gain  *content.Bundle `json:"gain,omitempty"`
	Type  string          `json:"type,omitempty"`
	VP    int             `json:"vp,omitempty"`
	Count int             `json:"count,omitempty"`
	Space string          `json:"space,omitempty"`
	// Corruption is what a bonus_on_visit or harbor_intrigue plot makes
	// its player take.
	Corruption int `json:"corruption,omitempty"`
}

// Doc returns the JSON-friendly form of q.
func (q Quest) Doc() QuestDoc {
	d := QuestDoc{ID: q.ID, Name: q.Name, Type: q.Type.String(), Copies: q.Copies, Module: moduleName(q.Module), Text: q.Text,
		Description: q.Describe(), Requires: q.Requires, Reward: q.Reward}
	if !q.PerSpent.Gain.IsZero() {
		d.PerSpent = &PerSpentDoc{Kind: q.PerSpent.Kind.String(), Gain: q.PerSpent.Gain}
	}
	if q.IsPlot() {
		p := q.Plot
		pd := &PlotDoc{Kind: p.Kind.String(), VP: p.VP, Count: p.Count, Space: p.Space, Corruption: p.Corruption}
		switch p.Kind {
		case BonusOnGain:
			pd.When, pd.Gain = p.When.String(), &p.Gain
		case BonusOnVisit, DrawOnCorruption, FirstPlayerBonus:
			pd.Gain = &p.Gain
		case BonusOnComplete:
			pd.Type = p.Type.String()
		case BonusOnTake:
			pd.Type, pd.Gain = p.Type.String(), &p.Gain
		}
		d.Plot = pd
	}
	return d
}

// moduleName is the name of module m in documents: "" for the base game,
// "undermountain" or "skullport".
func moduleName(m content.Modules) string {
	if m == 0 {
		return ""
	}
	return m.String()
}
