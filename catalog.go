package waterdeep

import (
	"github.com/waterdeep-go/waterdeep/buildings"
	"github.com/waterdeep-go/waterdeep/intrigue"
	"github.com/waterdeep-go/waterdeep/lords"
	"github.com/waterdeep-go/waterdeep/quests"
)

// CatalogVersion is the format version of the Catalog document. Version 2
// gives every quest, card, tile, space and lord its module.
const CatalogVersion = 2

// Catalog is a JSON document describing all of a Content for a client in
// any language: every quest, intrigue card, building tile, basic action
// space and lord, each with its id, name, rules text, a description
// generated from its effects, and its structure in the YAML vocabulary's
// names (see content.Step's MarshalJSON). A client fetches it once and
// looks up every name a view or an action shows: the instance names of
// quests, intrigue cards and tiles ("crime-wave#2") are listed with their
// card, and a tile instance's name is also its space's name.
type Catalog struct {
	Version   int             `json:"version"`
	Quests    []CatalogQuest  `json:"quests"`
	Intrigue  []CatalogCard   `json:"intrigue"`
	Buildings []CatalogTile   `json:"buildings"`
	Spaces    []Space         `json:"spaces"`
	Lords     []lords.LordDoc `json:"lords"`
}

// CatalogQuest is a quest in a Catalog: its QuestDoc and the names of its
// instances in a game (its id, or id#k for the k-th of several copies).
type CatalogQuest struct {
	quests.QuestDoc
	Instances []string `json:"instances"`
}

// CatalogCard is an intrigue card in a Catalog: its CardDoc and the names
// of its instances.
type CatalogCard struct {
	intrigue.CardDoc
	Instances []string `json:"instances"`
}

// CatalogTile is a building tile in a Catalog: its TileDoc and the names of
// its instances, which are also the names of their action spaces.
type CatalogTile struct {
	buildings.TileDoc
	Instances []string `json:"instances"`
}

// Catalog returns the catalog document of c: each distinct card once, in
// the order of the content files, with its instance names; Spaces lists
// the spaces of the basic buildings (a tile's space is named by the tile
// instance).
func (c *Content) Catalog() Catalog {
	cat := Catalog{Version: CatalogVersion, Quests: []CatalogQuest{}, Intrigue: []CatalogCard{},
		Buildings: []CatalogTile{}, Spaces: []Space{}, Lords: []lords.LordDoc{}}
	for i, q := range c.quests {
		if n := len(cat.Quests); n > 0 && cat.Quests[n-1].ID == q.ID {
			cat.Quests[n-1].Instances = append(cat.Quests[n-1].Instances, c.questNames[i])
			continue
		}
		cat.Quests = append(cat.Quests, CatalogQuest{q.Doc(), []string{c.questNames[i]}})
	}
	for i, card := range c.intrigue {
		if n := len(cat.Intrigue); n > 0 && cat.Intrigue[n-1].ID == card.ID {
			cat.Intrigue[n-1].Instances = append(cat.Intrigue[n-1].Instances, c.intrigueNames[i])
			continue
		}
		cat.Intrigue = append(cat.Intrigue, CatalogCard{card.Doc(), []string{c.intrigueNames[i]}})
	}
	for i, t := range c.tiles {
		if n := len(cat.Buildings); n > 0 && cat.Buildings[n-1].ID == t.ID {
			cat.Buildings[n-1].Instances = append(cat.Buildings[n-1].Instances, c.tileNames[i])
			continue
		}
		cat.Buildings = append(cat.Buildings, CatalogTile{t.Doc(), []string{c.tileNames[i]}})
	}
	for i := range c.spaces {
		if c.spaces[i].tile == none {
			cat.Spaces = append(cat.Spaces, c.Space(SpaceID(i)))
		}
	}
	for _, l := range c.lords {
		cat.Lords = append(cat.Lords, l.Doc())
	}
	return cat
}
