package waterdeep

import (
	"fmt"
	"strings"
)

// Action is a player's answer to the pending decision. It is a sealed
// interface: the concrete types below are the only actions, each a small
// comparable struct that names who acts and what they chose (a space, a
// quest, a set of cubes), never an index into a list of options.
type Action interface {
	// Actor returns the player who takes the action.
	Actor() PlayerID
	// String returns the action's text form, such as "p2 place cliffwatch-inn/1".
	String() string
	move() Move
}

// PlaceAgent assigns an agent to an action space: on a normal turn, when the
// Ambassador is placed, when a Harbor agent is reassigned, and for the extra
// assignments of Accelerate Plans and Research Chronomancy.
type PlaceAgent struct {
	Player PlayerID
	Space  SpaceID
}

// CompleteQuest completes one of the player's active quests.
type CompleteQuest struct {
	Player PlayerID
	Quest  QuestID
}

// CompleteMandatory completes a mandatory quest played on the player.
type CompleteMandatory struct {
	Player PlayerID
	Card   IntrigueID
}

// TakeQuest takes a face-up quest at Cliffwatch Inn, or one of the quests
// revealed for Bidding War.
type TakeQuest struct {
	Player PlayerID
	Quest  QuestID
}

// ChooseBuilding chooses a building tile: one to buy or take at Builder's
// Hall, to visit with Sample Wares, or to give up for Real Estate Deal.
type ChooseBuilding struct {
	Player   PlayerID
	Building BuildingID
}

// PlayIntrigue plays an intrigue card from the player's hand.
type PlayIntrigue struct {
	Player PlayerID
	Card   IntrigueID
}

// ChooseResources chooses adventurers (and, for Call in a Favor, gold): the
// cubes to take, to return, to take from an opponent, or one of a card's
// options.
type ChooseResources struct {
	Player PlayerID
	Pick   Pick
}

// Respond answers a yes-or-no question, such as an opponent's offer to give
// a rogue for 3 VP.
type Respond struct {
	Player PlayerID
	Accept bool
}

// Decline passes up an optional choice: it answers every decision whose
// Optional is true (the turn's offer to complete a quest, Prison Break's
// intrigue card, Change of Plans for an opponent, Produce a Miracle's
// exchange).
type Decline struct{ Player PlayerID }

// ChoosePlayer chooses an opponent.
type ChoosePlayer struct {
	Player PlayerID
	Target PlayerID
}

// ChooseSpace chooses an action space: one holding an opponent's agent to
// copy (The Zoarstar, Bribe Agent), or one of the player's own agents to
// take back (Recall Agent, Research Chronomancy, Accelerate Plans).
type ChooseSpace struct {
	Player PlayerID
	Space  SpaceID
}

// ChooseQuestType names a quest type (Special Assignment).
type ChooseQuestType struct {
	Player PlayerID
	Type   QuestType
}

// DiscardQuest discards one of the player's uncompleted quests (Change of
// Plans).
type DiscardQuest struct {
	Player PlayerID
	Quest  QuestID
}

// DiscardMandatory discards a mandatory quest played on the player (Change
// of Plans).
type DiscardMandatory struct {
	Player PlayerID
	Card   IntrigueID
}

// DiscardIntrigue discards an intrigue card from the player's hand, face up
// (Trobriand's Graveyard).
type DiscardIntrigue struct {
	Player PlayerID
	Card   IntrigueID
}

// Pick is a choice of adventurers and gold, each at most 7.
type Pick struct {
	Cleric, Fighter, Rogue, Wizard, Gold uint8
}

// Cubes returns the pick's adventurers indexed by Adventurer.
func (p Pick) Cubes() [NumAdventurers]uint8 {
	return [NumAdventurers]uint8{p.Cleric, p.Fighter, p.Rogue, p.Wizard}
}

// Adventurers returns the number of adventurers picked.
func (p Pick) Adventurers() int { return int(p.Cleric) + int(p.Fighter) + int(p.Rogue) + int(p.Wizard) }

// String returns the pick as people write it: "1 cleric, 2 wizards, 4
// gold", or "nothing".
func (p Pick) String() string {
	var parts []string
	for i, n := range [5]uint8{p.Cleric, p.Fighter, p.Rogue, p.Wizard, p.Gold} {
		switch n {
		case 0:
		case 1:
			parts = append(parts, "1 "+pickUnits[i][0])
		default:
			parts = append(parts, fmt.Sprintf("%d %s", n, pickUnits[i][1]))
		}
	}
	if parts == nil {
		return "nothing"
	}
	return strings.Join(parts, ", ")
}

// Actor returns the player who takes the action (its Player).
func (a PlaceAgent) Actor() PlayerID { return a.Player }

// Actor returns the player who takes the action (its Player).
func (a CompleteQuest) Actor() PlayerID { return a.Player }

// Actor returns the player who takes the action (its Player).
func (a CompleteMandatory) Actor() PlayerID { return a.Player }

// Actor returns the player who takes the action (its Player).
func (a TakeQuest) Actor() PlayerID { return a.Player }

// Actor returns the player who takes the action (its Player).
func (a ChooseBuilding) Actor() PlayerID { return a.Player }

// Actor returns the player who takes the action (its Player).
func (a PlayIntrigue) Actor() PlayerID { return a.Player }

// Actor returns the player who takes the action (its Player).
func (a ChooseResources) Actor() PlayerID { return a.Player }

// Actor returns the player who takes the action (its Player).
func (a Respond) Actor() PlayerID { return a.Player }

// Actor returns the player who takes the action (its Player).
func (a Decline) Actor() PlayerID { return a.Player }

// Actor returns the player who takes the action (its Player).
func (a ChoosePlayer) Actor() PlayerID { return a.Player }

// Actor returns the player who takes the action (its Player).
func (a ChooseSpace) Actor() PlayerID { return a.Player }

// Actor returns the player who takes the action (its Player).
func (a ChooseQuestType) Actor() PlayerID { return a.Player }

// Actor returns the player who takes the action (its Player).
func (a DiscardQuest) Actor() PlayerID { return a.Player }

// Actor returns the player who takes the action (its Player).
func (a DiscardMandatory) Actor() PlayerID { return a.Player }

// Actor returns the player who takes the action (its Player).
func (a DiscardIntrigue) Actor() PlayerID { return a.Player }

// String returns the action's canonical text form with FullContent's
// names, such as "p2 place cliffwatch-inn/1" (see ParseAction; for other
// content, Content.FormatAction).
func (a PlaceAgent) String() string { return FullContent().FormatAction(a) }

// String returns the action's canonical text form with FullContent's
// names, such as "p2 place cliffwatch-inn/1" (see ParseAction; for other
// content, Content.FormatAction).
func (a CompleteQuest) String() string { return FullContent().FormatAction(a) }

// String returns the action's canonical text form with FullContent's
// names, such as "p2 place cliffwatch-inn/1" (see ParseAction; for other
// content, Content.FormatAction).
func (a CompleteMandatory) String() string { return FullContent().FormatAction(a) }

// String returns the action's canonical text form with FullContent's
// names, such as "p2 place cliffwatch-inn/1" (see ParseAction; for other
// content, Content.FormatAction).
func (a TakeQuest) String() string { return FullContent().FormatAction(a) }

// String returns the action's canonical text form with FullContent's
// names, such as "p2 place cliffwatch-inn/1" (see ParseAction; for other
// content, Content.FormatAction).
func (a ChooseBuilding) String() string { return FullContent().FormatAction(a) }

// String returns the action's canonical text form with FullContent's
// names, such as "p2 place cliffwatch-inn/1" (see ParseAction; for other
// content, Content.FormatAction).
func (a PlayIntrigue) String() string { return FullContent().FormatAction(a) }

// String returns the action's canonical text form with FullContent's
// names, such as "p2 place cliffwatch-inn/1" (see ParseAction; for other
// content, Content.FormatAction).
func (a ChooseResources) String() string { return FullContent().FormatAction(a) }

// String returns the action's canonical text form with FullContent's
// names, such as "p2 place cliffwatch-inn/1" (see ParseAction; for other
// content, Content.FormatAction).
func (a Respond) String() string { return FullContent().FormatAction(a) }

// String returns the action's canonical text form with FullContent's
// names, such as "p2 place cliffwatch-inn/1" (see ParseAction; for other
// content, Content.FormatAction).
func (a Decline) String() string { return FullContent().FormatAction(a) }

// String returns the action's canonical text form with FullContent's
// names, such as "p2 place cliffwatch-inn/1" (see ParseAction; for other
// content, Content.FormatAction).
func (a ChoosePlayer) String() string { return FullContent().FormatAction(a) }

// String returns the action's canonical text form with FullContent's
// names, such as "p2 place cliffwatch-inn/1" (see ParseAction; for other
// content, Content.FormatAction).
func (a ChooseSpace) String() string { return FullContent().FormatAction(a) }

// String returns the action's canonical text form with FullContent's
// names, such as "p2 place cliffwatch-inn/1" (see ParseAction; for other
// content, Content.FormatAction).
func (a ChooseQuestType) String() string { return FullContent().FormatAction(a) }

// String returns the action's canonical text form with FullContent's
// names, such as "p2 place cliffwatch-inn/1" (see ParseAction; for other
// content, Content.FormatAction).
func (a DiscardQuest) String() string { return FullContent().FormatAction(a) }

// String returns the action's canonical text form with FullContent's
// names, such as "p2 place cliffwatch-inn/1" (see ParseAction; for other
// content, Content.FormatAction).
func (a DiscardMandatory) String() string { return FullContent().FormatAction(a) }

// String returns the action's canonical text form with FullContent's
// names, such as "p2 place cliffwatch-inn/1" (see ParseAction; for other
// content, Content.FormatAction).
func (a DiscardIntrigue) String() string { return FullContent().FormatAction(a) }
