// Package buildings defines the nine basic buildings printed on the board,
// with their action spaces, and the advanced building tiles that players buy
// at Builder's Hall. Both are loaded from buildings.yaml (see content.Base)
// and validated when loaded.
package buildings

import (
	"errors"
	"fmt"
	"io/fs"

	"github.com/waterdeep-go/waterdeep/content"
	"github.com/waterdeep-go/waterdeep/internal/contentyaml"
)

// File is the name of the building file in a content file system.
const File = "buildings.yaml"

// Space is one action space of a basic building.
type Space struct {
	// ID names the space, such as "cliffwatch-inn/1".
	ID string
	// Action is resolved for the player who assigns an agent here.
	Action content.Program
	// Reassign marks Waterdeep Harbor's spaces: an agent there is reassigned
	// after all agents have been assigned.
	Reassign bool
	// Text is the rules text, in the module's own words.
	Text string
}

// Basic is a building printed on the board.
type Basic struct {
	// ID is the building's id, Name its printed name, Spaces its action
	// spaces in order.
	ID     string
	Name   string
	Spaces []Space
	// InOrder means the spaces are filled in numerical order (Waterdeep
	// Harbor, per the rules summary).
	InOrder bool
	// Module is the expansion module whose board the building is printed
	// on (0: the base game's board); its spaces are in play only in games
	// with that module.
	Module content.Modules
}

// Tile is an advanced building tile.
type Tile struct {
	// ID is the tile's id in text and JSON, Name the name printed on it,
	// Cost its price in gold, Copies how many the stack holds.
	ID     string
	Name   string
	Cost   int
	Copies int
	// Accumulate is placed on the tile when it is bought and at the start of
	// every round while it is in play.
	Accumulate content.Bundle
	// AccumulateCorruption is the corruption tokens moved from the track
	// onto the tile when it is bought and at the start of every round
	// while it is in play (Skullport).
	AccumulateCorruption int
	// Action is resolved for the player who assigns an agent here.
	Action content.Program
	// Owner is what the owner gains when another player assigns an agent here.
	Owner content.Program
	// Module is the expansion module the tile belongs to (0: the base
	// game); a game deals it only if the module is played.
	Module content.Modules
	// Text is the rules text, in the module's own words.
	Text string
}

// Set is the content of buildings.yaml.
type Set struct {
	Basic []Basic
	Tiles []Tile
}

type spaceYAML struct {
	ID       string                 `yaml:"id"`
	Action   []contentyaml.StepYAML `yaml:"action"`
	Reassign bool                   `yaml:"reassign"`
	Text     string                 `yaml:"text"`
}

type basicYAML struct {
	ID      string      `yaml:"id"`
	Name    string      `yaml:"name"`
	InOrder bool        `yaml:"in_order"`
	Spaces  []spaceYAML `yaml:"spaces"`
	Module  string      `yaml:"module"`
}

type tileYAML struct {
	ID         string                 `yaml:"id"`
	Name       string                 `yaml:"name"`
	Cost       int                    `yaml:"cost"`
	Copies     int                    `yaml:"copies"`
	Accumulate content.Bundle         `yaml:"accumulate"`
	Action     []contentyaml.StepYAML `yaml:"action"`
	Owner      []contentyaml.StepYAML `yaml:"owner"`
	Module     string                 `yaml:"module"`
	Text       string                 `yaml:"text"`
	// AccumulateCorruption is Tile.AccumulateCorruption.
	AccumulateCorruption int `yaml:"accumulate_corruption"`
}

type fileYAML struct {
	Basic []basicYAML `yaml:"basic"`
	Tiles []tileYAML  `yaml:"tiles"`
}

// Load reads and validates File from fsys, then the file of the same name
// in each module's folder, if any (in the order the package content documents).
func Load(fsys fs.FS) (Set, error) {
	var f fileYAML
	var fromBasic, fromTiles []contentyaml.Origin
	err := contentyaml.DecodeFiles(fsys, File, func(g *fileYAML, file string, m content.Modules) error {
		for _, l := range []struct {
			field string
			n     int
		}{{"basic", len(g.Basic)}, {"tiles", len(g.Tiles)}} {
			if err := contentyaml.CheckEntries(l.n); err != nil {
				return contentyaml.Errorf(file, "", l.field, "%v", err)
			}
		}
		f.Basic = append(f.Basic, g.Basic...)
		f.Tiles = append(f.Tiles, g.Tiles...)
		fromBasic = contentyaml.AppendOrigins(fromBasic, file, m, len(g.Basic))
		fromTiles = contentyaml.AppendOrigins(fromTiles, file, m, len(g.Tiles))
		return nil
	})
	if err != nil {
		return Set{}, err
	}
	var set Set
	// Buildings and spaces have separate id namespaces: a one-space building
	// may name its space after itself ("builders-hall").
	seen := map[string]bool{}
	seenSpace := map[string]bool{}
	id := func(i int, what, v string) (string, error) {
		seen := seen
		if what == "space" {
			seen = seenSpace
		}
		if err := contentyaml.CheckID(v); err != nil {
			// A bad id may be long or unprintable: name the entry by place.
			return fmt.Sprintf("%s %d", what, i+1), err
		}
		if seen[v] {
			return v, errors.New("duplicate id")
		}
		seen[v] = true
		return v, nil
	}
	var prevBasic, prevTile content.Modules
	for i, y := range f.Basic {
		o := fromBasic[i]
		entry, err := id(o.N-1, "basic building", y.ID)
		if err != nil {
			return Set{}, contentyaml.Errorf(o.File, entry, "id", "%v", err)
		}
		if y.Name == "" {
			return Set{}, contentyaml.Errorf(o.File, entry, "name", "missing name")
		}
		if err := contentyaml.CheckText(y.Name, "name", content.MaxNameLen); err != nil {
			return Set{}, contentyaml.Errorf(o.File, entry, "name", "%v", err)
		}
		if len(y.Spaces) == 0 {
			return Set{}, contentyaml.Errorf(o.File, entry, "spaces", "a basic building needs at least one space")
		}
		if err := contentyaml.CheckEntries(len(y.Spaces)); err != nil {
			return Set{}, contentyaml.Errorf(o.File, entry, "spaces", "%v", err)
		}
		b := Basic{ID: y.ID, Name: y.Name, InOrder: y.InOrder}
		if b.Module, err = o.Tag(y.Module, prevBasic); err != nil {
			return Set{}, contentyaml.Errorf(o.File, entry, "module", "%v", err)
		}
		prevBasic = b.Module
		for j, sy := range y.Spaces {
			sid, err := id(j, "space", sy.ID)
			if err != nil {
				return Set{}, contentyaml.Errorf(o.File, entry, "spaces."+sid, "%v", err)
			}
			if err := contentyaml.CheckText(sy.Text, "text", content.MaxTextLen); err != nil {
				return Set{}, contentyaml.Errorf(o.File, entry, "spaces."+sid+".text", "%v", err)
			}
			p, err := contentyaml.ProgramFromYAML(sy.Action)
			if err == nil && len(p) == 0 {
				err = errors.New("empty action")
			}
			if err != nil {
				return Set{}, contentyaml.Errorf(o.File, entry, "spaces."+sid+".action", "%v", err)
			}
			b.Spaces = append(b.Spaces, Space{ID: sy.ID, Action: p, Reassign: sy.Reassign, Text: sy.Text})
		}
		set.Basic = append(set.Basic, b)
	}
	for i, y := range f.Tiles {
		o := fromTiles[i]
		entry, err := id(o.N-1, "tile", y.ID)
		if err != nil {
			return Set{}, contentyaml.Errorf(o.File, entry, "id", "%v", err)
		}
		t := Tile{ID: y.ID, Name: y.Name, Cost: y.Cost, Copies: y.Copies, Accumulate: y.Accumulate, Text: y.Text,
			AccumulateCorruption: y.AccumulateCorruption}
		if t.Module, err = o.Tag(y.Module, prevTile); err != nil {
			return Set{}, contentyaml.Errorf(o.File, entry, "module", "%v", err)
		}
		prevTile = t.Module
		if y.Name == "" {
			return Set{}, contentyaml.Errorf(o.File, entry, "name", "missing name")
		}
		if err := contentyaml.CheckText(y.Name, "name", content.MaxNameLen); err != nil {
			return Set{}, contentyaml.Errorf(o.File, entry, "name", "%v", err)
		}
		if err := contentyaml.CheckText(y.Text, "text", content.MaxTextLen); err != nil {
			return Set{}, contentyaml.Errorf(o.File, entry, "text", "%v", err)
		}
		if y.Cost < 0 || y.Cost > content.MaxGold {
			return Set{}, contentyaml.Errorf(o.File, entry, "cost", "cost must be 0 to %d, not %d", content.MaxGold, y.Cost)
		}
		if t.Copies == 0 {
			t.Copies = 1
		}
		if t.Copies < 0 || t.Copies > content.MaxTileCopies {
			return Set{}, contentyaml.Errorf(o.File, entry, "copies", "copies must be 1 to %d, not %d", content.MaxTileCopies, t.Copies)
		}
		if y.Accumulate.HasNegative() || y.Accumulate.Intrigue != 0 || y.Accumulate.Any != 0 {
			return Set{}, contentyaml.Errorf(o.File, entry, "accumulate", "may hold only adventurers, gold and vp")
		}
		acc := y.Accumulate
		for _, a := range [...]struct {
			kind string
			n    int
		}{{"cleric", acc.Cleric}, {"fighter", acc.Fighter}, {"rogue", acc.Rogue}, {"wizard", acc.Wizard}, {"gold", acc.Gold}, {"vp", acc.VP}} {
			if a.n > content.MaxAccumulate {
				return Set{}, contentyaml.Errorf(o.File, entry, "accumulate", "accumulate.%s is %d; at most %d a round", a.kind, a.n, content.MaxAccumulate)
			}
		}
		if t.Action, err = contentyaml.ProgramFromYAML(y.Action); err == nil && len(t.Action) == 0 {
			err = errors.New("empty action")
		}
		if err != nil {
			return Set{}, contentyaml.Errorf(o.File, entry, "action", "%v", err)
		}
		// A tile whose action gives the owner something (give_owner) may
		// have no other owner benefit.
		if t.Owner, err = contentyaml.ProgramFromYAML(y.Owner); err == nil && len(t.Owner) == 0 && !t.Action.Has(content.StepGiveOwner, 0) {
			err = errors.New("empty owner benefit")
		}
		if err != nil {
			return Set{}, contentyaml.Errorf(o.File, entry, "owner", "%v", err)
		}
		if y.AccumulateCorruption < 0 || y.AccumulateCorruption > content.MaxAccumulate {
			return Set{}, contentyaml.Errorf(o.File, entry, "accumulate_corruption", "must be 0 to %d a round, not %d", content.MaxAccumulate, y.AccumulateCorruption)
		}
		if y.AccumulateCorruption != 0 && !y.Accumulate.IsZero() {
			return Set{}, contentyaml.Errorf(o.File, entry, "accumulate_corruption", "a tile accumulates one kind of thing")
		}
		hasTake := t.Action.Has(content.StepSpecial, content.TakeAccumulated)
		if hasTake != !t.Accumulate.IsZero() {
			return Set{}, contentyaml.Errorf(o.File, entry, "accumulate", "a tile accumulates exactly when its action takes what accumulated")
		}
		if t.Action.Has(content.StepSpecial, content.RecallPerCorruption) != (y.AccumulateCorruption != 0) {
			return Set{}, contentyaml.Errorf(o.File, entry, "accumulate_corruption", "a tile accumulates corruption exactly when its action takes it (recall_per_corruption)")
		}
		set.Tiles = append(set.Tiles, t)
	}
	if len(set.Basic) == 0 || len(set.Tiles) == 0 {
		return Set{}, contentyaml.Errorf(File, "", "", "needs basic buildings and tiles")
	}
	return set, nil
}
