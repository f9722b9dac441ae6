package waterdeep

import (
	"fmt"
	"strings"
)

// Reason says why an action is illegal. Reasons work with errors.Is: an
// *IllegalActionError matches its Reason.
type Reason uint8

// The reasons an action can be refused.
const (
	// NoAction: the action was nil or encodes nothing.
	NoAction Reason = iota + 1
	// GameOver: the game has ended.
	GameOver
	// NotYourTurn: another player must decide now.
	NotYourTurn
	// WrongDecision: the action does not answer the pending decision.
	WrongDecision
	// NoSuchSpace, NoSuchQuest, NoSuchCard, NoSuchBuilding, NoSuchPlayer:
	// the action names something that is not there or not available. An
	// action whose own Player is not a seat of the game (p7, Spectator,
	// NoPlayer) is NoSuchPlayer, as is a *SeatError.
	NoSuchSpace
	NoSuchQuest
	NoSuchCard
	NoSuchBuilding
	NoSuchPlayer
	// SpaceOccupied: the space holds an agent already.
	SpaceOccupied
	// SpaceUnavailable: the space cannot be used now (not in play, out of
	// order, a Harbor space during reassignment, or its action cannot be
	// fulfilled).
	SpaceUnavailable
	// CannotAfford: the player lacks the adventurers or gold required.
	CannotAfford
	// MandatoryQuestFirst: a mandatory quest must be completed first.
	MandatoryQuestFirst
	// QuestAlreadyCompleted: the player completed a quest this turn already.
	QuestAlreadyCompleted
	// BadPick: the chosen adventurers do not match what was asked.
	BadPick
	// NotOptional: the decision cannot be declined.
	NotOptional
	// TooManyBuildings: the player has no control marker left.
	TooManyBuildings
	// CardNotPlayable: the intrigue card's effect cannot be carried out now.
	CardNotPlayable
	numReasons
)

var reasonText = [numReasons]string{
	"", "no action", "game over", "not your turn", "wrong decision", "no such space", "no such quest",
	"no such card", "no such building", "no such player", "space occupied", "space unavailable",
	"cannot afford", "mandatory quest first", "quest already completed this turn", "bad pick",
	"not optional", "too many buildings", "card not playable",
}

// String returns a short description of the reason.
func (r Reason) String() string {
	if r < numReasons {
		return reasonText[r]
	}
	return fmt.Sprintf("reason(%d)", uint8(r))
}

// Error makes a Reason usable as an error target for errors.Is.
func (r Reason) Error() string { return "waterdeep: " + r.String() }

// IllegalActionError is returned by Legal and Apply for an action that may
// not be taken now. The state is unchanged.
type IllegalActionError struct {
	// Action is the action refused, Reason why (errors.Is matches it).
	Action Action
	Reason Reason
	// Detail is one sentence a frontend can show a player.
	Detail string

	c *Content // names the action's space, quest or card in Error
}

// Error implements error.
func (e *IllegalActionError) Error() string {
	if e.Action == nil {
		return "waterdeep: illegal action: " + sentenceTail(e.Detail)
	}
	text := e.Action.String()
	if e.c != nil {
		text = e.c.FormatAction(e.Action)
	}
	return fmt.Sprintf("waterdeep: illegal action %q: %s", text, sentenceTail(e.Detail))
}

// Is reports whether target is e's Reason.
func (e *IllegalActionError) Is(target error) bool {
	r, ok := target.(Reason)
	return ok && r == e.Reason
}

// SeatError reports a PlayerID given as a seat that is not one of the
// game's seats (p1 to p<Players>): a seat beyond the table, Spectator or
// NoPlayer. State.CheckSeat returns it, and the parsers wrap it in their
// *DecodeError. It matches NoSuchPlayer with errors.Is.
type SeatError struct {
	// Seat is the PlayerID given.
	Seat PlayerID
	// Players is the number of seats it was checked against.
	Players int
}

// Error implements error.
func (e *SeatError) Error() string { return "waterdeep: " + e.detail() }

func (e *SeatError) detail() string {
	return fmt.Sprintf("there is no seat %s (the seats are p1 to %s)", e.Seat, PlayerID(e.Players-1))
}

// Is reports whether target is NoSuchPlayer.
func (e *SeatError) Is(target error) bool { return target == NoSuchPlayer }

// checkSeat returns a *SeatError unless p is one of players seats.
func checkSeat(p PlayerID, players int) error {
	if int(p) < players {
		return nil
	}
	return &SeatError{Seat: p, Players: players}
}

// ConfigError reports a Config that New cannot start a game from.
type ConfigError struct {
	// Field names the Config field at fault ("Players", "Long", ...);
	// Detail says what is wrong, citing the rules where they decide.
	Field  string
	Detail string
}

// Error implements error.
func (e *ConfigError) Error() string { return "waterdeep: config " + e.Field + ": " + e.Detail }

var reasonDetail = [numReasons]string{
	"", "There is no action to take.", "The game is over.", "Another player must decide now.",
	"That does not answer the question being asked.", "There is no such space.", "That quest is not available.",
	"That card is not available.", "That building is not available.", "There is no such player.",
	"That space is occupied.", "That space cannot be used now.", "You lack the adventurers or gold.",
	"You must complete your mandatory quest first.", "You have completed a quest this turn already.",
	"Those adventurers do not match what was asked.", "You must choose; this cannot be declined.",
	"You control as many buildings as you have control markers.", "That card's effect cannot be carried out now.",
}

func illegal(c *Content, a Action, r Reason) error {
	return &IllegalActionError{Action: a, Reason: r, Detail: reasonDetail[r], c: c}
}

// sentenceTail turns a sentence for a player ("That space is occupied.")
// into the tail of an error message ("that space is occupied"), so that
// messages do not stack capitals and periods.
func sentenceTail(s string) string {
	s = strings.TrimSuffix(s, ".")
	if s != "" && s[0] >= 'A' && s[0] <= 'Z' {
		s = string(s[0]+'a'-'A') + s[1:]
	}
	return s
}
