package waterdeep

import (
	"fmt"
	"strings"
	"sync"

	"github.com/waterdeep-go/waterdeep/content"
)

// EventKind says what happened.
type EventKind uint8

// The kinds of event. Each says which Event fields it sets.
const (
	// EvAction: Player took the action Move (every Apply reports it first).
	EvAction EventKind = iota + 1
	// EvAutoAnswer: the engine answered Player's decision with Move, the
	// only legal answer. Only Player sees it so: For gives every other
	// viewer an EvAction, since whether an answer was the only one can
	// depend on Player's hidden hand (RULES.md 41).
	EvAutoAnswer
	// EvPassed: Player had a decision with no legal answer (for a
	// placement: no legal space, so the player passes).
	EvPassed
	// EvRoundStarted: round Round began.
	EvRoundStarted
	// EvRoundEnded: round Round ended and every agent returned.
	EvRoundEnded
	// EvPlaced: Player assigned an agent to Space (Other is 1 for the
	// Ambassador, 2 for a reassignment from the Harbor, 3 for an agent
	// moved there by an opponent's Manipulate, after EvAgentMoved).
	EvPlaced
	// EvGained: Player gained Amount from the supply.
	EvGained
	// EvPaid: Player returned Amount to the supply.
	EvPaid
	// EvTransferred: Other gave Amount to Player.
	EvTransferred
	// EvScored: Player scored Amount.VP (plot quests, buildings for sale).
	EvScored
	// EvIntrigueDrawn: Player drew intrigue card Card; the card is known
	// only to Player.
	EvIntrigueDrawn
	// EvIntriguePlayed: Player played Card.
	EvIntriguePlayed
	// EvMandatoryAssigned: Other played mandatory quest Card on Player.
	EvMandatoryAssigned
	// EvQuestTaken: Player took Quest (from Cliffwatch Inn, the deck or a
	// reveal).
	EvQuestTaken
	// EvQuestDealt: Quest was dealt face up to Cliffwatch Inn.
	EvQuestDealt
	// EvQuestRevealed: Quest was revealed from the deck (Bidding War,
	// Special Assignment).
	EvQuestRevealed
	// EvQuestDiscarded: Quest went to the discard pile (Player's, if
	// Player is not NoPlayer).
	EvQuestDiscarded
	// EvQuestCompleted: Player completed Quest.
	EvQuestCompleted
	// EvMandatoryCompleted: Player completed mandatory quest Card.
	EvMandatoryCompleted
	// EvMandatoryDiscarded: Player discarded mandatory quest Card.
	EvMandatoryDiscarded
	// EvBuildingBought: Player bought Building for Amount.Gold, scoring
	// Amount.VP.
	EvBuildingBought
	// EvBuildingGained: Player took Building without paying, scoring
	// Amount.VP.
	EvBuildingGained
	// EvBuildingLost: Player gave up Building; it left the game, unless
	// an EvBuildingGained follows, giving it to another player (Forge
	// Deed).
	EvBuildingLost
	// EvBuildingForSale: Building was put up for sale in Builder's Hall.
	EvBuildingForSale
	// EvOwnerBenefit: Player, owner of the building at Space, gains its
	// owner benefit.
	EvOwnerBenefit
	// EvFirstPlayer: Player took the first-player marker.
	EvFirstPlayer
	// EvAmbassadorTaken: Player took the Ambassador.
	EvAmbassadorTaken
	// EvAgentReturned: one of Player's agents went back from Space to the
	// pool.
	EvAgentReturned
	// EvAgentGained: Player gained an agent (round 5, the Lieutenant).
	EvAgentGained
	// EvFinalScore: Player scored Amount.VP at the end of the game.
	EvFinalScore
	// EvGameOver: the game ended.
	EvGameOver
	// EvCorruptionTaken: Player took Corruption tokens from the corruption
	// track (each token the track could not give is an EvScored of -10
	// VP), or those piled up on Monsters Made to Order.
	EvCorruptionTaken
	// EvCorruptionReturned: Player put Corruption tokens back on the track.
	EvCorruptionReturned
	// EvCorruptionRemoved: Player removed Corruption tokens from the game.
	EvCorruptionRemoved
	// EvResourcesPlaced: Player put Amount (adventurers and gold from the
	// supply) and Corruption tokens (from the track) on Space.
	EvResourcesPlaced
	// EvPlacedTaken: Player took Amount and Corruption tokens lying on
	// Space, the first part of an agent's action there.
	EvPlacedTaken
	// EvLordSeen: Player looked at Other's Lord card (Blackmail); from
	// then on Player's view shows it.
	EvLordSeen
	// EvLordRevealed: Player revealed their lord (Open Lord; the lord is
	// in every view from now on).
	EvLordRevealed
	// EvIntrigueHandedOver: Other handed Player intrigue card Card, face up
	// (Inevitable Betrayal).
	EvIntrigueHandedOver
	// EvIntrigueDiscarded: Player discarded intrigue card Card from their
	// hand, face up (Trobriand's Graveyard).
	EvIntrigueDiscarded
	// EvAgentMoved: Other moved one of Player's agents off Space
	// (Manipulate); the EvPlaced that follows says where it went.
	EvAgentMoved
	// EvCorruptionMoved: Player moved Corruption tokens from their tavern
	// onto Space (Delver's Folly, Defame Rival Business), where the next
	// agent assigned takes them (EvPlacedTaken).
	EvCorruptionMoved
	numEventKinds
)

// placedMoved is EvPlaced's Other for an agent moved by an opponent.
const placedMoved PlayerID = 3

// HiddenCard is the Card of an intrigue card that the viewer may not see.
const HiddenCard IntrigueID = 0xFF

// Amount is what an event moved: adventurers, gold and VP (a Bundle whose
// Intrigue is always 0).
type Amount = Bundle

// Event is one thing that happened during Apply. Which fields are set
// depends on Kind. Events carry their audience: For returns what one
// viewer may see.
type Event struct {
	Kind     EventKind
	Player   PlayerID
	Other    PlayerID
	Round    int
	Space    SpaceID
	Quest    QuestID
	Card     IntrigueID
	Building BuildingID
	Amount   Amount
	// Corruption is the number of corruption tokens moved (Skullport).
	Corruption int
	Move       Move
	// Secret: Card is known only to Player.
	Secret bool
}

// For returns the event as viewer may see it: a card secret to another
// player becomes HiddenCard ("p3 drew an intrigue card"), and another
// player's automatic answer is their action (EvAction), as it would be at
// the table, where the player simply plays the card: that it was their
// only legal answer can tell what the rest of their hand is (RULES.md 41).
func (e Event) For(viewer PlayerID) Event {
	if viewer != e.Player {
		if e.Secret {
			e.Card = HiddenCard
		}
		if e.Kind == EvAutoAnswer {
			e.Kind = EvAction
		}
	}
	return e
}

// emit records an event when the caller asked for events (ApplyEvents);
// the plain Apply path only pays for the nil check.
func (s *State) emit(e Event) {
	if s.events != nil {
		*s.events = append(*s.events, e)
	}
}

func (s *State) emitGain(kind EventKind, p uint8, a Amount) {
	if s.events != nil && a != (Amount{}) {
		s.emit(Event{Kind: kind, Player: PlayerID(p), Amount: a})
	}
}

// ApplyEvents is Apply that also appends to events what happened, in
// order, starting with the action itself. The events are complete: the
// secrets in them are for Event.For to hide from each viewer.
func (s State) ApplyEvents(a Action, events []Event) (State, []Event, error) {
	if err := s.Legal(a); err != nil {
		return s, events, err
	}
	// The State points at a sink taken from a pool, not at the events
	// parameter: a pointer to a parameter stored in the State that is
	// returned would move the parameter to the heap, one allocation per
	// call however large the caller's buffer.
	sink := eventSinks.Get().(*[]Event)
	*sink = events
	s.events = sink
	s.emit(Event{Kind: EvAction, Player: a.Actor(), Move: a.move()})
	s.answer(a.move())
	s.run()
	s.events = nil
	events, *sink = *sink, nil
	eventSinks.Put(sink)
	return s, events, nil
}

// eventSinks holds the sinks of ApplyEvents calls, so that with a reused
// events buffer ApplyEvents allocates nothing.
var eventSinks = sync.Pool{New: func() any { return new([]Event) }}

// FormatEvent returns an event's text form, with names, as viewer may see
// it.
func (c *Content) FormatEvent(e Event, viewer PlayerID) string {
	return c.formatEvent(e.For(viewer))
}

// formatEvent returns the text form of an event as it is, with whatever
// card it holds.
func (c *Content) formatEvent(e Event) string {
	p, o := e.Player.String(), e.Other.String()
	card := "an intrigue card"
	if e.Card != HiddenCard {
		card = c.IntrigueName(e.Card)
	}
	switch e.Kind {
	case EvAction:
		return c.FormatAction(e.Move.Action(e.Player))
	case EvAutoAnswer:
		return c.FormatAction(e.Move.Action(e.Player)) + " (only choice)"
	case EvPassed:
		return p + " has no choice and passes"
	case EvRoundStarted:
		return fmt.Sprintf("round %d begins", e.Round)
	case EvRoundEnded:
		return fmt.Sprintf("round %d ends", e.Round)
	case EvPlaced:
		switch e.Other {
		case 1:
			return p + " assigns the Ambassador to " + c.SpaceName(e.Space)
		case 2:
			return p + " reassigns an agent to " + c.SpaceName(e.Space)
		case placedMoved:
			return p + "'s agent is put on " + c.SpaceName(e.Space)
		}
		return p + " assigns an agent to " + c.SpaceName(e.Space)
	case EvGained:
		return p + " gains " + e.Amount.Describe()
	case EvPaid:
		return p + " returns " + e.Amount.Describe()
	case EvTransferred:
		return o + " gives " + p + " " + e.Amount.Describe()
	case EvScored:
		return fmt.Sprintf("%s scores %d VP", p, e.Amount.VP)
	case EvIntrigueDrawn:
		return p + " draws " + card
	case EvIntriguePlayed:
		return p + " plays " + card
	case EvMandatoryAssigned:
		return o + " gives " + p + " the mandatory quest " + card
	case EvQuestTaken:
		return p + " takes " + c.QuestName(e.Quest)
	case EvQuestDealt:
		return c.QuestName(e.Quest) + " is dealt to Cliffwatch Inn"
	case EvQuestRevealed:
		return c.QuestName(e.Quest) + " is revealed"
	case EvQuestDiscarded:
		if e.Player == NoPlayer {
			return c.QuestName(e.Quest) + " is discarded"
		}
		return p + " discards " + c.QuestName(e.Quest)
	case EvQuestCompleted:
		return p + " completes " + c.QuestName(e.Quest)
	case EvMandatoryCompleted:
		return p + " completes the mandatory quest " + card
	case EvMandatoryDiscarded:
		return p + " discards the mandatory quest " + card
	case EvBuildingBought:
		return fmt.Sprintf("%s buys %s for %d gold", p, c.BuildingName(e.Building), e.Amount.Gold)
	case EvBuildingGained:
		return p + " takes " + c.BuildingName(e.Building) + " for free"
	case EvBuildingLost:
		return p + " gives up " + c.BuildingName(e.Building)
	case EvBuildingForSale:
		return c.BuildingName(e.Building) + " goes on sale"
	case EvOwnerBenefit:
		return p + " gains the owner benefit of " + c.SpaceName(e.Space)
	case EvFirstPlayer:
		return p + " takes the first-player marker"
	case EvAmbassadorTaken:
		return p + " takes the Ambassador"
	case EvAgentReturned:
		return p + " takes an agent back from " + c.SpaceName(e.Space)
	case EvAgentGained:
		return p + " gains an agent"
	case EvFinalScore:
		return fmt.Sprintf("%s scores %d VP at the end", p, e.Amount.VP)
	case EvGameOver:
		return "the game is over"
	case EvCorruptionTaken:
		return p + " takes " + content.Count(e.Corruption, "corruption token", "corruption tokens")
	case EvCorruptionReturned:
		return p + " returns " + content.Count(e.Corruption, "corruption token", "corruption tokens") + " to the track"
	case EvCorruptionRemoved:
		return p + " removes " + content.Count(e.Corruption, "corruption token", "corruption tokens") + " from the game"
	case EvResourcesPlaced:
		return p + " puts " + describeLying(e.Amount, e.Corruption) + " on " + c.SpaceName(e.Space)
	case EvPlacedTaken:
		return p + " takes " + describeLying(e.Amount, e.Corruption) + " lying on " + c.SpaceName(e.Space)
	case EvLordSeen:
		return p + " looks at the Lord card of " + e.Other.String()
	case EvLordRevealed:
		return p + " reveals their lord"
	case EvIntrigueHandedOver:
		return o + " hands " + p + " " + card
	case EvIntrigueDiscarded:
		return p + " discards " + card
	case EvAgentMoved:
		return o + " moves " + p + "'s agent off " + c.SpaceName(e.Space)
	case EvCorruptionMoved:
		return p + " moves " + content.Count(e.Corruption, "corruption token", "corruption tokens") + " onto " + c.SpaceName(e.Space)
	}
	return fmt.Sprintf("event(%d)", e.Kind)
}

// describeLying says what lies, or was put, on a space: adventurers and
// gold, and corruption tokens; "nothing" for nothing.
func describeLying(a Amount, corruption int) string {
	var what []string
	if a != (Amount{}) {
		what = append(what, a.Describe())
	}
	if corruption != 0 {
		what = append(what, content.Count(corruption, "corruption token", "corruption tokens"))
	}
	if len(what) == 0 {
		return "nothing"
	}
	return strings.Join(what, " and ")
}
