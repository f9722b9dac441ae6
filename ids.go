package waterdeep

import (
	"strconv"

	"github.com/waterdeep-go/waterdeep/content"
)

// PlayerID is a seat at the table, 0 to Players()-1, in turn order. Text
// and JSON name seats from 1: PlayerID 0 is "p1" (see String).
type PlayerID uint8

// NoPlayer stands for nobody: the Player of an event about nobody in
// particular, ToAct once the game is over, an unowned building.
const NoPlayer PlayerID = 0xFF

// Spectator is the viewer who is none of the players.
const Spectator PlayerID = 0xFE

// String returns the seat's name, "p1" for PlayerID 0 up to "p6", or
// "nobody" and "spectator".
func (p PlayerID) String() string {
	switch {
	case p == NoPlayer:
		return "nobody"
	case p == Spectator:
		return "spectator"
	case p < 9:
		return "p" + string(rune('1'+p))
	}
	return "p" + strconv.Itoa(int(p)+1)
}

// QuestID is a quest card instance in a game's content (see Content.Quest).
type QuestID uint8

// IntrigueID is an intrigue card instance; two copies of a card are two
// instances (see Content.Intrigue).
type IntrigueID uint8

// BuildingID is an advanced building tile instance (see Content.Building).
type BuildingID uint8

// SpaceID is an action space: the spaces of the basic buildings first, then
// one space per building tile (see Content.Space).
type SpaceID uint8

// LordID is a Lord card (see Content.Lord).
type LordID uint8

// Re-exported vocabulary, so that most users import only this package.
type (
	// Adventurer is a kind of adventurer cube.
	Adventurer = content.Adventurer
	// AdventurerSet is a set of adventurer kinds.
	AdventurerSet = content.AdventurerSet
	// QuestType is one of the five quest types.
	QuestType = content.QuestType
	// Bundle is an amount of adventurers, gold, VP and intrigue cards.
	Bundle = content.Bundle
	// Modules is a set of the expansion modules of Scoundrels of
	// Skullport (Config.Modules).
	Modules = content.Modules
)

// The expansion modules, for Config.Modules.
const (
	// Undermountain is the Undermountain module.
	Undermountain = content.Undermountain
	// Skullport is the Skullport module (with the corruption track).
	Skullport = content.Skullport
)

// The adventurer kinds and quest types.
const (
	Cleric         = content.Cleric
	Fighter        = content.Fighter
	Rogue          = content.Rogue
	Wizard         = content.Wizard
	Arcana         = content.Arcana
	Commerce       = content.Commerce
	Piety          = content.Piety
	Skullduggery   = content.Skullduggery
	Warfare        = content.Warfare
	NumAdventurers = content.NumAdventurers
	NumQuestTypes  = content.NumQuestTypes
)

// Limits of the state's fixed-size arrays, sized for the expansion.
const (
	// MaxPlayers is the most seats any game can have.
	MaxPlayers = 6
	// MaxQuests, MaxIntrigue and MaxBuildings bound the card and tile
	// instances in one game's content.
	MaxQuests    = 128
	MaxIntrigue  = 128
	MaxBuildings = 64
	// MaxSpaces bounds the action spaces: basic spaces plus one per tile.
	MaxSpaces = 96
	// MaxLords bounds the Lord cards.
	MaxLords = 32
)

const none = 0xFF // "no card / no tile / no space / no player" in the state's uint8 fields
