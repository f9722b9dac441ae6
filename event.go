package waterdeep

import (
	"fmt"
	"strings"
	"sync"

	"github.com/waterdeep-go/waterdeep/internal/english"
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
	// EvPlaced: Player assigned an agent to Space, As says how (an agent
	// of the turn, the Ambassador, a reassignment from the Harbor, or an
	// agent moved there by an opponent's Manipulate, after EvAgentMoved).
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

// AssignedAs says how an EvPlaced's agent came to its space (Event.As).
type AssignedAs uint8

// The ways an agent is assigned, as EvPlaced reports them.
const (
	// AsAgent: an agent of the player's pool, on their turn (or an extra
	// agent, such as the Lieutenant's or an intrigue card's).
	AsAgent AssignedAs = iota
	// AsAmbassador: the Ambassador, placed before anyone else in a round.
	AsAmbassador
	// AsReassignment: an agent reassigned from Waterdeep Harbor.
	AsReassignment
	// AsMoved: an agent moved there by an opponent (Manipulate).
	AsMoved
)

// String returns the name the JSON form of events uses: "agent",
// "ambassador", "reassignment" or "moved".
func (a AssignedAs) String() string {
	if int(a) < len(placedAs) {
		return placedAs[a]
	}
	return fmt.Sprintf("AssignedAs(%d)", uint8(a))
}

// placedMoved is EvPlaced's As for an agent moved by an opponent.
const placedMoved = AsMoved

// HiddenCard is the Card of an intrigue card that the viewer may not see.
const HiddenCard IntrigueID = 0xFF

// Event is one thing that happened during Apply. Which fields are set
// depends on Kind. Events carry their audience: For returns what one
// viewer may see.
type Event struct {
	// Kind says what happened, and which other fields are set (see each
	// EventKind); Player is the player it happened to.
	Kind   EventKind
	Player PlayerID
	// Other is the other player an event names (the giver of an
	// EvTransferred, the owner of the lord of an EvLordSeen, ...).
	Other PlayerID
	// As is how an EvPlaced's agent was assigned.
	As AssignedAs
	// Round, Space, Quest, Card and Building are what the event names, as
	// its kind says.
	Round    int
	Space    SpaceID
	Quest    QuestID
	Card     IntrigueID
	Building BuildingID
	// Amount is what the event moved: adventurers, gold and VP (its
	// Intrigue is always 0).
	Amount Bundle
	// Corruption is the number of corruption tokens moved (Skullport).
	Corruption int
	// Move is the action taken, for EvAction and EvAutoAnswer.
	Move Move
	// Secret: Card is known only to Player.
	Secret bool
}

// For returns the event as viewer may see it: a card secret to another
// player becomes HiddenCard ("p3 draws an intrigue card"), and another
// player's automatic answer is their action (EvAction), as it would be at
// the table, where the player simply plays the card: that it was their
// only legal answer can tell what the rest of their hand is (RULES.md 41).
// A viewer who is not a seat of the event's game sees what a Spectator
// sees.
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
//
// Its argument is built before its test, even inlined (an Event is about
// 100 bytes to clear and fill): the calls on the hot path test s.events
// themselves first, so that a game without a sink builds no Event.
func (s *State) emit(e Event) {
	if s.events != nil {
		*s.events = append(*s.events, e)
	}
}

func (s *State) emitGain(kind EventKind, p uint8, a Bundle) {
	if s.events != nil && a != (Bundle{}) {
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

// FormatEvent returns an event's canonical text form, with ids for names,
// as viewer may see it: "p1 assigns an agent to the-plinth", "p3 draws an
// intrigue card". Content.HumanEvent writes it with display names.
func (c *Content) FormatEvent(e Event, viewer PlayerID) string {
	return c.formatEvent(e.For(viewer))
}

// formatEvent returns the canonical text form of an event as it is, with
// whatever card it holds.
func (c *Content) formatEvent(e Event) string { return c.writeEvent(e, canonicalNames{c}) }

// eventNames names what an event text names: the canonical form by ids,
// the human form by display names.
type eventNames interface {
	quest(QuestID) string
	card(IntrigueID) string
	building(BuildingID) string
	space(SpaceID) string
	// action writes an action; auto is true for the engine's own answer.
	action(a Action, auto bool) string
}

// canonicalNames names things by id, as FormatAction does.
type canonicalNames struct{ c *Content }

func (n canonicalNames) quest(q QuestID) string       { return n.c.QuestID(q) }
func (n canonicalNames) card(i IntrigueID) string     { return n.c.IntrigueID(i) }
func (n canonicalNames) building(b BuildingID) string { return n.c.BuildingID(b) }
func (n canonicalNames) space(s SpaceID) string       { return n.c.SpaceID(s) }
func (n canonicalNames) action(a Action, auto bool) string {
	if auto {
		return n.c.FormatAction(a) + " (only choice)"
	}
	return n.c.FormatAction(a)
}

// writeEvent returns the text form of an event as it is, with whatever
// card it holds, naming things with n.
func (c *Content) writeEvent(e Event, n eventNames) string {
	p, o := e.Player.String(), e.Other.String()
	card := "an intrigue card"
	if e.Card != HiddenCard {
		card = n.card(e.Card)
	}
	switch e.Kind {
	case EvAction:
		return n.action(e.Move.Action(e.Player), false)
	case EvAutoAnswer:
		return n.action(e.Move.Action(e.Player), true)
	case EvPassed:
		return p + " has no choice and passes"
	case EvRoundStarted:
		return fmt.Sprintf("round %d begins", e.Round)
	case EvRoundEnded:
		return fmt.Sprintf("round %d ends", e.Round)
	case EvPlaced:
		switch e.As {
		case AsAmbassador:
			return p + " assigns the Ambassador to " + n.space(e.Space)
		case AsReassignment:
			return p + " reassigns an agent to " + n.space(e.Space)
		case placedMoved:
			return p + "'s agent is put on " + n.space(e.Space)
		}
		return p + " assigns an agent to " + n.space(e.Space)
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
		return p + " takes " + n.quest(e.Quest)
	case EvQuestDealt:
		return n.quest(e.Quest) + " is dealt to Cliffwatch Inn"
	case EvQuestRevealed:
		return n.quest(e.Quest) + " is revealed"
	case EvQuestDiscarded:
		if e.Player == NoPlayer {
			return n.quest(e.Quest) + " is discarded"
		}
		return p + " discards " + n.quest(e.Quest)
	case EvQuestCompleted:
		return p + " completes " + n.quest(e.Quest)
	case EvMandatoryCompleted:
		return p + " completes the mandatory quest " + card
	case EvMandatoryDiscarded:
		return p + " discards the mandatory quest " + card
	case EvBuildingBought:
		return fmt.Sprintf("%s buys %s for %d gold", p, n.building(e.Building), e.Amount.Gold)
	case EvBuildingGained:
		return p + " takes " + n.building(e.Building) + " for free"
	case EvBuildingLost:
		return p + " gives up " + n.building(e.Building)
	case EvBuildingForSale:
		return n.building(e.Building) + " goes on sale"
	case EvOwnerBenefit:
		return p + " gains the owner benefit of " + n.space(e.Space)
	case EvFirstPlayer:
		return p + " takes the first-player marker"
	case EvAmbassadorTaken:
		return p + " takes the Ambassador"
	case EvAgentReturned:
		return p + " takes an agent back from " + n.space(e.Space)
	case EvAgentGained:
		return p + " gains an agent"
	case EvFinalScore:
		return fmt.Sprintf("%s scores %d VP at the end", p, e.Amount.VP)
	case EvGameOver:
		return "the game is over"
	case EvCorruptionTaken:
		return p + " takes " + english.Count(e.Corruption, "corruption token", "corruption tokens")
	case EvCorruptionReturned:
		return p + " returns " + english.Count(e.Corruption, "corruption token", "corruption tokens") + " to the track"
	case EvCorruptionRemoved:
		return p + " removes " + english.Count(e.Corruption, "corruption token", "corruption tokens") + " from the game"
	case EvResourcesPlaced:
		return p + " puts " + describeLying(e.Amount, e.Corruption) + " on " + n.space(e.Space)
	case EvPlacedTaken:
		return p + " takes " + describeLying(e.Amount, e.Corruption) + " lying on " + n.space(e.Space)
	case EvLordSeen:
		return p + " looks at the Lord card of " + e.Other.String()
	case EvLordRevealed:
		return p + " reveals their lord"
	case EvIntrigueHandedOver:
		return o + " hands " + p + " " + card
	case EvIntrigueDiscarded:
		return p + " discards " + card
	case EvAgentMoved:
		return o + " moves " + p + "'s agent off " + n.space(e.Space)
	case EvCorruptionMoved:
		return p + " moves " + english.Count(e.Corruption, "corruption token", "corruption tokens") + " onto " + n.space(e.Space)
	}
	return fmt.Sprintf("event(%d)", e.Kind)
}

// describeLying says what lies, or was put, on a space: adventurers and
// gold, and corruption tokens; "nothing" for nothing.
func describeLying(a Bundle, corruption int) string {
	var what []string
	if a != (Bundle{}) {
		what = append(what, a.Describe())
	}
	if corruption != 0 {
		what = append(what, english.Count(corruption, "corruption token", "corruption tokens"))
	}
	if len(what) == 0 {
		return "nothing"
	}
	return strings.Join(what, " and ")
}
