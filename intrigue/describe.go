package intrigue

import (
	"github.com/waterdeep-go/waterdeep/content"
)

// Describe returns the card in English, generated from its effect (not from
// Text): "Attack: each opponent returns 1 fighter; for each who cannot, you
// gain 1 fighter." or, for a mandatory quest, "Mandatory quest, played on an
// opponent. Needs 2 fighters and 1 wizard. Gives 2 VP."
func (c Card) Describe() string {
	switch c.Kind {
	case Mandatory:
		s := "Mandatory quest, played on an opponent. Needs " + c.Requires.Describe() + "."
		if r := c.Reward.Describe(); r != "" {
			s += " " + r + "."
		}
		return s
	case Attack:
		return "Attack: " + c.Effect.Describe() + "."
	}
	return "Utility: " + c.Effect.Describe() + "."
}

// CardDoc is the JSON-friendly form of a Card: its facts in the YAML
// vocabulary's names, its Text and its Describe. Zero fields are omitted:
// an attack or utility card has an effect, a mandatory quest requires and
// reward.
type CardDoc struct {
	ID     string `json:"id"`
	Name   string `json:"name"`
	Kind   string `json:"kind"`
	Copies int    `json:"copies"`
	// Module is the expansion module the card belongs to: "" (the base
	// game), "undermountain" or "skullport".
	Module      string          `json:"module"`
	Text        string          `json:"text,omitempty"`
	Description string          `json:"description"`
	Effect      content.Program `json:"effect,omitempty"`
	Requires    *content.Bundle `json:"requires,omitempty"`
	Reward      content.Program `json:"reward,omitempty"`
}

// Doc returns the JSON-friendly form of c.
func (c Card) Doc() CardDoc {
	d := CardDoc{ID: c.ID, Name: c.Name, Kind: c.Kind.String(), Copies: c.Copies, Module: moduleName(c.Module), Text: c.Text,
		Description: c.Describe(), Effect: c.Effect, Reward: c.Reward}
	if !c.Requires.IsZero() {
		r := c.Requires
		d.Requires = &r
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
