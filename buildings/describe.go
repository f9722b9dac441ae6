package buildings

import (
	"fmt"
	"strings"

	"github.com/waterdeep-go/waterdeep/content"
	"github.com/waterdeep-go/waterdeep/internal/english"
)

// Describe returns the tile in English, generated from its cost, action,
// owner benefit and accumulation (not from Text): "Costs 4 gold. Take
// everything piled here. The owner gains 1 fighter. When it is bought and
// at the start of each round, 2 fighters are placed here."
func (t Tile) Describe() string {
	var b strings.Builder
	fmt.Fprintf(&b, "Costs %d gold. %s.", t.Cost, t.Action.Describe())
	if len(t.Owner) == 1 && t.Owner[0].Kind == content.StepGain {
		b.WriteString(" The owner gains " + t.Owner[0].Bundle.Describe() + ".")
	} else if len(t.Owner) > 0 {
		b.WriteString(" The owner's benefit: " + t.Owner.Describe() + ".")
	}
	if !t.Accumulate.IsZero() {
		verb := "are"
		if a := t.Accumulate; a.Adventurers()+a.VP == 1 || a.Gold != 0 && a.Adventurers()+a.VP == 0 {
			verb = "is"
		}
		fmt.Fprintf(&b, " When it is bought and at the start of each round, %s %s placed here.", t.Accumulate.Describe(), verb)
	}
	if n := t.AccumulateCorruption; n != 0 {
		fmt.Fprintf(&b, " When it is bought and at the start of each round, %s from the corruption track %s placed here.",
			english.Count(n, "corruption token", "corruption tokens"), map[bool]string{true: "is", false: "are"}[n == 1])
	}
	return b.String()
}

// Describe returns the space's action in English, generated from its
// program (not from Text), with Waterdeep Harbor's reassignment.
func (s Space) Describe() string {
	d := s.Action.Describe() + "."
	if s.Reassign {
		d += " After every agent is assigned, the agent here is reassigned."
	}
	return d
}

// TileDoc is the JSON-friendly form of a Tile: its facts in the YAML
// vocabulary's names, its Text and its Describe. Zero fields are omitted.
type TileDoc struct {
	ID     string `json:"id"`
	Name   string `json:"name"`
	Cost   int    `json:"cost"`
	Copies int    `json:"copies"`
	// Module is the expansion module the tile belongs to: "" (the base
	// game), "undermountain" or "skullport".
	Module      string          `json:"module"`
	Text        string          `json:"text,omitempty"`
	Description string          `json:"description"`
	Accumulate  *content.Bundle `json:"accumulate,omitempty"`
	// AccumulateCorruption is Tile.AccumulateCorruption (Skullport).
	AccumulateCorruption int             `json:"accumulate_corruption,omitempty"`
	Action               content.Program `json:"action"`
	Owner                content.Program `json:"owner"`
}

// Doc returns the JSON-friendly form of t.
func (t Tile) Doc() TileDoc {
	d := TileDoc{ID: t.ID, Name: t.Name, Cost: t.Cost, Copies: t.Copies, Module: moduleName(t.Module), Text: t.Text,
		Description: t.Describe(), Action: t.Action, Owner: t.Owner, AccumulateCorruption: t.AccumulateCorruption}
	if !t.Accumulate.IsZero() {
		a := t.Accumulate
		d.Accumulate = &a
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
