package waterdeep

import "encoding/json"

// Space describes one action space for a frontend: its id, the building it
// belongs to and what it does. See Content.Space.
type Space struct {
	// ID is the space's text name, such as "cliffwatch-inn/1" or, for a
	// tile's space, the tile instance's name ("the-zoarstar").
	ID string `json:"id"`
	// Building is the name of the building, such as "Cliffwatch Inn".
	Building string `json:"building"`
	// Text is the rules text: the space's own for a space of a basic
	// building, the tile's for a tile's space.
	Text string `json:"text,omitempty"`
	// Description is generated from the effect program: the space's action
	// for a basic space, the tile's Describe (cost, action, owner benefit,
	// accumulation) for a tile's space.
	Description string `json:"description"`
	// Tile marks the space of a building tile; BuildingID is then that
	// tile instance (its name is ID).
	Tile       bool       `json:"tile,omitempty"`
	BuildingID BuildingID `json:"-"`
	// Reassign marks Waterdeep Harbor's spaces, whose agents are reassigned
	// after every agent is assigned.
	Reassign bool `json:"reassign,omitempty"`
	// Module is the expansion module the space belongs to: the module
	// whose board it is printed on for a basic space (0 for the base
	// game's board), the tile's module for a tile's space. In JSON it is
	// "module": "" (the base game), "undermountain" or "skullport".
	Module Modules `json:"-"`
}

// MarshalJSON implements json.Marshaler: the fields by their tags, and the
// module by name.
func (s Space) MarshalJSON() ([]byte, error) {
	type plain Space // without the method
	return json.Marshal(struct {
		plain
		Module string `json:"module"`
	}{plain(s), moduleName(s.Module)})
}

// moduleName is the name of module m in documents: "" for the base game,
// "undermountain" or "skullport".
func moduleName(m Modules) string {
	if m == 0 {
		return ""
	}
	return m.String()
}

// Space returns what a frontend shows of action space sp: its id, building
// name, text and description. It is the zero Space for a SpaceID out of
// range.
func (c *Content) Space(sp SpaceID) Space {
	if int(sp) >= len(c.spaces) {
		return Space{}
	}
	out := Space{ID: c.spaceNames[sp], Building: c.spaceBuildings[sp]}
	if b, ok := c.SpaceTile(sp); ok {
		t := c.tiles[b]
		out.Text, out.Description, out.Tile, out.BuildingID, out.Module = t.Text, t.Describe(), true, b, t.Module
		return out
	}
	for _, b := range c.basic {
		for _, s := range b.Spaces {
			if s.ID == out.ID {
				out.Text, out.Description, out.Reassign, out.Module = s.Text, s.Describe(), s.Reassign, b.Module
				return out
			}
		}
	}
	return out
}
