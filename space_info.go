package waterdeep

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
	// Module is the expansion module whose board the space is printed on
	// (0, the base game, for the main board and for tiles' spaces, whose
	// module is the tile's).
	Module Modules `json:"-"`
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
		out.Text, out.Description, out.Tile, out.BuildingID = t.Text, t.Describe(), true, b
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
