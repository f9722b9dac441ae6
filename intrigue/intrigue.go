// Package intrigue defines the intrigue cards: attacks, utilities and
// mandatory quests. Cards are loaded from intrigue.yaml (see content.Base)
// and validated when loaded.
package intrigue

import (
	"errors"
	"fmt"
	"io/fs"

	"github.com/waterdeep-go/waterdeep/content"
	"github.com/waterdeep-go/waterdeep/internal/contentyaml"
)

// File is the name of the intrigue file in a content file system.
const File = "intrigue.yaml"

// Kind is the kind of an intrigue card.
type Kind uint8

// The kinds of intrigue card.
const (
	Attack Kind = iota + 1
	Utility
	// Mandatory cards are played on an opponent, who must complete them
	// before any other quest.
	Mandatory
)

var kindNames = [...]string{"", "attack", "utility", "mandatory_quest"}

// String returns the YAML name of the kind.
func (k Kind) String() string {
	if int(k) < len(kindNames) {
		return kindNames[k]
	}
	return fmt.Sprintf("kind(%d)", uint8(k))
}

// Card is one distinct intrigue card; Copies says how many are in the deck.
type Card struct {
	// ID is the card's id in text and JSON ("crime-wave"; its copies are
	// "crime-wave#2", ...), Name the name printed on it, Kind attack,
	// utility or mandatory quest, Copies how many the deck holds.
	ID     string
	Name   string
	Kind   Kind
	Copies int
	// Effect is resolved when an attack or utility card is played.
	Effect content.Program
	// Requires and Reward describe a mandatory quest.
	Requires content.Bundle
	Reward   content.Program
	// Module is the expansion module the card belongs to (0: the base
	// game); a game deals it only if the module is played.
	Module content.Modules
	// Text is the rules text, in the module's own words.
	Text string
}

type cardYAML struct {
	ID       string                 `yaml:"id"`
	Name     string                 `yaml:"name"`
	Kind     string                 `yaml:"kind"`
	Copies   int                    `yaml:"copies"`
	Effect   []contentyaml.StepYAML `yaml:"effect"`
	Requires content.Bundle         `yaml:"requires"`
	Reward   []contentyaml.StepYAML `yaml:"reward"`
	Module   string                 `yaml:"module"`
	Text     string                 `yaml:"text"`
}

type fileYAML struct {
	Cards []cardYAML `yaml:"cards"`
}

// Load reads and validates File from fsys, then the file of the same name
// in each module's folder, if any (in the order the package content documents).
func Load(fsys fs.FS) ([]Card, error) {
	var f fileYAML
	var from []contentyaml.Origin
	err := contentyaml.DecodeFiles(fsys, File, func(g *fileYAML, file string, m content.Modules) error {
		if err := contentyaml.CheckEntries(len(g.Cards)); err != nil {
			return contentyaml.Errorf(file, "", "cards", "%v", err)
		}
		f.Cards = append(f.Cards, g.Cards...)
		from = contentyaml.AppendOrigins(from, file, m, len(g.Cards))
		return nil
	})
	if err != nil {
		return nil, err
	}
	if len(f.Cards) == 0 {
		return nil, contentyaml.Errorf(File, "", "cards", "no cards")
	}
	seen := map[string]bool{}
	var out []Card
	var prev content.Modules
	for i, y := range f.Cards {
		o, entry := from[i], y.ID
		if err := contentyaml.CheckID(y.ID); err != nil {
			// A bad id may be long or unprintable: name the entry by place.
			return nil, contentyaml.Errorf(o.File, fmt.Sprintf("card %d", o.N), "id", "%v", err)
		}
		if seen[y.ID] {
			return nil, contentyaml.Errorf(o.File, entry, "id", "duplicate id")
		}
		seen[y.ID] = true
		c, field, err := convert(y)
		if err != nil {
			return nil, contentyaml.Errorf(o.File, entry, field, "%v", err)
		}
		c.Text = y.Text
		if c.Module, err = o.Tag(y.Module, prev); err != nil {
			return nil, contentyaml.Errorf(o.File, entry, "module", "%v", err)
		}
		prev = c.Module
		out = append(out, c)
	}
	return out, nil
}

func convert(y cardYAML) (Card, string, error) {
	c := Card{ID: y.ID, Name: y.Name, Copies: y.Copies, Requires: y.Requires}
	if y.Name == "" {
		return c, "name", errors.New("missing name")
	}
	if err := contentyaml.CheckText(y.Name, "name", content.MaxNameLen); err != nil {
		return c, "name", err
	}
	if err := contentyaml.CheckText(y.Text, "text", content.MaxTextLen); err != nil {
		return c, "text", err
	}
	for k := range kindNames {
		if k > 0 && kindNames[k] == y.Kind {
			c.Kind = Kind(k)
		}
	}
	if c.Kind == 0 {
		return c, "kind", fmt.Errorf("unknown kind %q", y.Kind)
	}
	if c.Copies < 1 || c.Copies > content.MaxIntrigueCopies {
		return c, "copies", fmt.Errorf("copies must be 1 to %d, not %d", content.MaxIntrigueCopies, c.Copies)
	}
	var err error
	if c.Kind == Mandatory {
		if len(y.Effect) != 0 {
			return c, "effect", errors.New("a mandatory quest has requires and reward, not effect")
		}
		if err := contentyaml.CheckBundle(y.Requires, "requires"); err != nil {
			return c, "requires", err
		}
		if y.Requires.IsZero() || y.Requires.VP != 0 || y.Requires.Intrigue != 0 {
			return c, "requires", errors.New("requires must hold adventurers and gold")
		}
		if c.Reward, err = contentyaml.ProgramFromYAML(y.Reward); err != nil {
			return c, "reward", err
		}
		return c, "", nil
	}
	if len(y.Reward) != 0 || !y.Requires.IsZero() {
		return c, "reward", errors.New("only a mandatory quest has requires and reward")
	}
	if c.Effect, err = contentyaml.ProgramFromYAML(y.Effect); err == nil && len(c.Effect) == 0 {
		err = errors.New("empty effect")
	}
	if err != nil {
		return c, "effect", err
	}
	return c, "", nil
}
