package waterdeep

import (
	"fmt"
	"sync"

	"github.com/waterdeep-go/waterdeep/buildings"
	"github.com/waterdeep-go/waterdeep/content"
	"github.com/waterdeep-go/waterdeep/intrigue"
	"github.com/waterdeep-go/waterdeep/lords"
	"github.com/waterdeep-go/waterdeep/quests"
)

// The Content type: the cards, tiles, lords and spaces of one loaded set of
// content, with the rules data the engine derives from them when they are
// loaded (content_index.go) and the lookups users call.

// Content is a loaded, validated, immutable set of game content: every
// quest, intrigue card, building and lord, expanded into the instances a
// game deals with. One Content is shared by every State that uses it.
//
// Its tables of one entry per space or per quest are behind pointers, so
// that the struct stays small and its fields can be ordered by meaning
// (TestContentStaysSmall).
type Content struct {
	quests   []quests.Quest    // one per quest instance (copies repeated)
	intrigue []intrigue.Card   // one per intrigue instance
	tiles    []buildings.Tile  // one per tile instance
	basic    []buildings.Basic // the basic buildings
	lords    []lords.Lord
	spaces   []spaceInfo
	// spaceNeed holds, for a space whose quick check is quickNeed, the sum
	// of its action's payments.
	spaceNeed []need

	spaceNames     []string // the id of each space
	spaceBuildings []string // the name of each space's building

	// programs holds every effect; frames refer to them by index.
	// programSource names the card or building each comes from.
	programs      []content.Program
	programSource []string
	// giveNeeds holds, per program and step, what an opponent answering
	// a dRespond on the step must hold (see canGive).
	giveNeeds [][]giveNeed
	// chooseOne holds, for each program and each of its choose_one steps,
	// the step's answers (choose_one.go); nil elsewhere.
	chooseOne [][][]Move

	questReward    []uint16         // program of each quest instance's reward
	questNeed      []need           // what each quest instance requires
	questNeeds     *[MaxQuests]need // questNeed for every quest number: anyCompletable's lookups need no bounds check
	mandatoryNeed  []need           // what each intrigue instance requires, if a mandatory quest
	intrigueEffect []uint16         // program of each intrigue instance's effect or reward
	// cardChecks holds, per intrigue instance, what cardPlayable looks at
	// of its effect (see cardCheck).
	cardChecks []cardCheck
	// intrigueAlways holds the intrigue instances that can always be played
	// (mandatory quests, and effects with no step that may be impossible).
	intrigueAlways set128
	// moreCorruptCards holds the intrigue instances whose effect has a
	// step that more corruption of the player may make impossible
	// (Doppelganger), and moreCorruptSpace says whether some action has
	// one (see listMoreCorrupt).
	moreCorruptCards set128
	moreCorruptSpace bool
	// questBlind holds the intrigue instances whose test of playability
	// never looks at the player's active quests (always playable, or see
	// questBlind).
	questBlind set128
	// gainBlind holds those whose test never looks at the player's gold
	// or tavern (always playable, or see gainBlind).
	gainBlind set128
	// standingCards holds the intrigue instances that are not always
	// playable and whose test looks at the standing of the agent that
	// plays them (see standingBlind).
	standingCards set128

	tileAction  []uint16
	tileBenefit []uint16
	tileStock   []stockInfo

	// Masks over quest instances.
	questsOfType [content.NumQuestTypes]set128
	plotQuests   [quests.VisitForSale + 1]set128
	// actionPlots are the quests whose plots act when an action is done
	// (BonusOnGain, ClericSwap: see actionBonuses).
	actionPlots set128
	// visitSpace is the space each quest instance's BonusOnVisit plot
	// watches (none for other quests); placementPlots the quests whose
	// plots act on placements; moduleQuests the quests of each module
	// (Undermountain, Skullport), for the lords that score them.
	visitSpace     []uint8
	placementPlots set128
	moduleQuests   [2]set128
	moduleTiles    [2]uint64 // the tiles of each module, in tallyModuleOrder
	mandatory      set128    // intrigue instances that are mandatory quests

	// visitPlots holds, per space, the quests whose BonusOnVisit plot
	// watches it (visitSpace inverted).
	visitPlots *[MaxSpaces]set128
	// placePlots holds, per space, the quests whose plots act on a
	// placement there: its visitPlots and, at the Harbor, the
	// HarborIntrigue plots (so that placementPlots returns at once when
	// it has nothing to push).
	placePlots *[MaxSpaces]set128
	// spendQuests are the quests whose completion asks for adventurers of
	// any kind or pays a bonus per adventurer spent (see spendAny).
	spendQuests set128

	// drawPlayProg is a program of one step, draw_may_play 1, for the
	// plot quest DrawAfterIntrigue; it exists (drawPlay) only in content
	// with such a quest, so that the base game's programs stay as they are.
	drawPlayProg uint16
	drawPlay     bool
	// placeHooks says whether any plot quest acts on a placement
	// (placementPlots, or drawPlay): without one, as in the base game,
	// place makes one test for both.
	placeHooks bool
	// um says which of the Undermountain module's rules the content uses,
	// so that a game without them pays one well-predicted test for each.
	um umRules

	questNames    []string
	intrigueNames []string
	tileNames     []string

	// modules are the expansion modules the content has anything of.
	modules content.Modules
	// dealt lists, for each choice of modules, the quest, intrigue, tile
	// and lord instances a game with those modules deals, in instance
	// order (before the base cards removed with both modules).
	dealt [content.AllModules + 1]dealLists
	// tileBase is the first tile's space: the base game's basic spaces
	// come first, then one space per tile, then the spaces of the
	// modules' boards, so that base instance numbers never depend on the
	// modules.
	tileBase int

	// plainSpaces are the spaces whose legality is only "free, and its
	// tile in play": no payment or other condition, no Harbor order, not
	// The Palace (closed to the Ambassador). Listing placements takes these
	// without looking further (see appendPlacements).
	plainSpaces set128
	// boardSpaces are the spaces of basic buildings, in play in every game
	// whose modules include the building's (indexed by the game's
	// Modules); inOrderSpaces those that need the space just below them
	// occupied first (Waterdeep Harbor: prev is always the space numbered
	// one less).
	boardSpaces   [content.AllModules + 1]set128
	inOrderSpaces set128
	// conditionalSpaces are the spaces whose action may be impossible
	// (spaceInfo.conditional), reassignSpaces Waterdeep Harbor's
	// (spaceInfo.reassign), palaceSpaces The Palace's (closed to the
	// Ambassador): listing placements settles these tests by sets.
	conditionalSpaces, reassignSpaces, palaceSpaces set128
	// cardSpaces are the conditional spaces whose action is settled by
	// whether an intrigue card can be played (quickPlay, quickPlayAfter):
	// listing placements judges two or more of them with one look at the
	// hand (cardSpacesLegal).
	cardSpaces set128

	harbor      []SpaceID // the spaces whose agents are reassigned, in order
	palace      BuildingID
	zoarstar    map[SpaceID]bool
	spaceByName map[string]SpaceID

	// playsIntrigue marks the spaces whose action lets the player play an
	// intrigue card (for DrawAfterIntrigue).
	playsIntrigue set128

	// names indexes the names people type (text_names.go), made at first use.
	namesOnce sync.Once
	names     *names
}

// spaceInfo is the rules data of one action space, kept small because
// legality reads it for every space many times per decision (names are in
// Content.spaceNames and spaceBuildings).
type spaceInfo struct {
	program  uint16
	tile     uint8 // tile instance, or none for a basic space
	reassign bool
	prev     uint8 // the space that must be occupied first (in-order buildings), or none
	copies   bool  // the action copies another space (The Zoarstar)
	// module is the expansion module whose board the space is on (0: the
	// base game's board or a tile).
	module content.Modules
	// conditional: the action has a step that may be impossible (a payment,
	// a return, an intrigue card, a purchase, a copy), so legality must
	// look at it; other actions can always be resolved.
	conditional bool
	// gainOnly: the action is one gain step with no adventurers of any
	// kind to choose, which place resolves at once (see place).
	gainOnly bool
	// quick: how legality may settle a conditional action without
	// walking its program (placement_legal.go).
	quick quickCheck
	// cardStep: for quickPlayAfter, the index of the program's intrigue
	// card step (the steps before it are what it is played after).
	cardStep uint8
	// questThenCard: for quickPlayAfter, every step before the card takes
	// a quest (Entry Well), and gives nothing else; gainThenCard: every
	// step before it is a gain of gold or adventurers (Belkram's Tomb,
	// The Eye's Lair, Hall of Sleeping Kings).
	questThenCard, gainThenCard bool
}

// stockInfo is what a tile accumulates: one kind of thing, Amount per round.
type stockInfo struct {
	what   stockKind
	amount uint8
}

type stockKind uint8

const (
	stockNone stockKind = iota
	stockCleric
	stockFighter
	stockRogue
	stockWizard
	stockGold
	stockVP
	stockCorruption // corruption tokens taken from the track (Skullport)
)

// NumQuests returns the number of quest card instances.
func (c *Content) NumQuests() int { return len(c.quests) }

// Quest returns the definition of quest instance q (zero if there is none).
func (c *Content) Quest(q QuestID) quests.Quest {
	if int(q) >= len(c.quests) {
		return quests.Quest{}
	}
	return c.quests[q]
}

// NumIntrigue returns the number of intrigue card instances.
func (c *Content) NumIntrigue() int { return len(c.intrigue) }

// Intrigue returns the definition of intrigue instance i.
func (c *Content) Intrigue(i IntrigueID) intrigue.Card {
	if int(i) >= len(c.intrigue) {
		return intrigue.Card{}
	}
	return c.intrigue[i]
}

// NumBuildings returns the number of building tile instances.
func (c *Content) NumBuildings() int { return len(c.tiles) }

// Building returns the definition of tile instance b.
func (c *Content) Building(b BuildingID) buildings.Tile {
	if int(b) >= len(c.tiles) {
		return buildings.Tile{}
	}
	return c.tiles[b]
}

// NumLords returns the number of Lord cards.
func (c *Content) NumLords() int { return len(c.lords) }

// Lord returns Lord card l.
func (c *Content) Lord(l LordID) lords.Lord {
	if int(l) >= len(c.lords) {
		return lords.Lord{}
	}
	return c.lords[l]
}

// NumSpaces returns the number of action spaces.
func (c *Content) NumSpaces() int { return len(c.spaces) }

// SpaceID returns the id of an action space, as the text and JSON forms
// name it, such as "cliffwatch-inn/2" or "the-zoarstar". SpaceByID reads
// it back; SpaceDisplayName gives its name for people.
func (c *Content) SpaceID(s SpaceID) string {
	if int(s) < len(c.spaces) {
		return c.spaceNames[s]
	}
	return fmt.Sprintf("space(%d)", s)
}

// SpaceByID returns the action space with the given id, such as
// "cliffwatch-inn/2" or "the-zoarstar".
func (c *Content) SpaceByID(name string) (SpaceID, bool) {
	s, ok := c.spaceByName[name]
	return s, ok
}

// SpaceBuilding returns the name of the building a space belongs to.
func (c *Content) SpaceBuilding(s SpaceID) string {
	if int(s) < len(c.spaces) {
		return c.spaceBuildings[s]
	}
	return ""
}

// TileSpace returns the action space of building tile b.
func (c *Content) TileSpace(b BuildingID) SpaceID {
	return SpaceID(c.tileBase + int(b))
}

// SpaceTile returns the tile whose space s is, if s is a tile's space.
func (c *Content) SpaceTile(s SpaceID) (BuildingID, bool) {
	if int(s) < len(c.spaces) && c.spaces[s].tile != none {
		return BuildingID(c.spaces[s].tile), true
	}
	return 0, false
}

// QuestByID returns the first instance of the quest with the given id.
func (c *Content) QuestByID(id string) (QuestID, bool) {
	for i, q := range c.quests {
		if q.ID == id {
			return QuestID(i), true
		}
	}
	return 0, false
}

// IntrigueByID returns the first instance of the intrigue card with the
// given id (see IntrigueCopies for every copy).
func (c *Content) IntrigueByID(id string) (IntrigueID, bool) {
	for i, card := range c.intrigue {
		if card.ID == id {
			return IntrigueID(i), true
		}
	}
	return 0, false
}

// IntrigueCopies returns every instance of the intrigue card with the given
// id, in instance order: two copies of a card are two instances.
func (c *Content) IntrigueCopies(id string) []IntrigueID {
	var out []IntrigueID
	for i, card := range c.intrigue {
		if card.ID == id {
			out = append(out, IntrigueID(i))
		}
	}
	return out
}

// BuildingByID returns the first instance of the tile with the given id.
func (c *Content) BuildingByID(id string) (BuildingID, bool) {
	for i, t := range c.tiles {
		if t.ID == id {
			return BuildingID(i), true
		}
	}
	return 0, false
}

// LordByID returns the lord with the given id.
func (c *Content) LordByID(id string) (LordID, bool) {
	for i, l := range c.lords {
		if l.ID == id {
			return LordID(i), true
		}
	}
	return 0, false
}
