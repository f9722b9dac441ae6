package waterdeep

import (
	"fmt"
	"strings"

	"github.com/waterdeep-go/waterdeep/content"
)

// DecisionKind says what the player to act is being asked.
type DecisionKind uint8

// The kinds of decision. Each lists the actions that answer it.
const (
	// NoDecision: the game is over.
	NoDecision DecisionKind = iota
	// PlaceAgentDecision: PlaceAgent.
	PlaceAgentDecision
	// CompleteQuestDecision: CompleteQuest, CompleteMandatory, or Decline.
	CompleteQuestDecision
	// TakeQuestDecision: TakeQuest (from Cliffwatch Inn, or Bidding War's cards).
	TakeQuestDecision
	// ChooseAdventurersDecision: ChooseResources (to take, return, steal or
	// exchange), or Decline where optional.
	ChooseAdventurersDecision
	// ChooseOptionDecision: ChooseResources naming one of a card's options.
	ChooseOptionDecision
	// ChooseBuildingDecision: ChooseBuilding.
	ChooseBuildingDecision
	// PlayIntrigueDecision: PlayIntrigue, or Decline where optional.
	PlayIntrigueDecision
	// ChoosePlayerDecision: ChoosePlayer.
	ChoosePlayerDecision
	// ChooseSpaceDecision: ChooseSpace.
	ChooseSpaceDecision
	// RespondDecision: Respond.
	RespondDecision
	// ChooseQuestTypeDecision: ChooseQuestType.
	ChooseQuestTypeDecision
	// DiscardQuestDecision: DiscardQuest or DiscardMandatory, or Decline
	// where optional.
	DiscardQuestDecision
	// DiscardIntrigueDecision: DiscardIntrigue (a card from the hand).
	DiscardIntrigueDecision
)

var decisionNames = [...]string{"none", "place agent", "complete quest", "take quest", "choose adventurers",
	"choose option", "choose building", "play intrigue", "choose player", "choose space", "respond",
	"choose quest type", "discard quest", "discard intrigue"}

// String returns a short name of the kind.
func (k DecisionKind) String() string {
	if int(k) < len(decisionNames) {
		return decisionNames[k]
	}
	return "decision"
}

// Decision is what the player to act is being asked. It is a comparable
// value; String writes it as a sentence.
type Decision struct {
	// Kind is what is asked; Player who answers.
	Kind   DecisionKind
	Player PlayerID
	// Optional is true when Decline answers it.
	Optional bool
	// Count is how many adventurers to choose, for ChooseAdventurersDecision.
	Count int
	// Kinds are the adventurer kinds that may be chosen.
	Kinds AdventurerSet
	// Give is what Player is asked to give, for a RespondDecision (yes
	// gives it to Other and scores VP), and what the chosen opponent
	// receives, for a ChoosePlayerDecision that hands out a gift.
	Give Bundle
	// VP is what the answer scores: for giving (RespondDecision), for
	// discarding a quest (DiscardQuestDecision), or the bonus for
	// completing the quest just taken at Heroes' Garden.
	VP int
	// Other is the other player the decision is about: who receives what
	// is given (RespondDecision), whose adventurers are taken (a steal), or
	// NoPlayer.
	Other PlayerID
	// Purpose says what the choice is for, in words a frontend can show,
	// such as "buy a building" or "give 1 rogue to p1 for 3 VP".
	Purpose string
	// Source names the building, card or quest whose effect asks, or is
	// empty for a turn's own placement and quest offer.
	Source string
	// Reassign is true when a Harbor agent is being reassigned, from the
	// space From; Ambassador when the Ambassador is being placed.
	Reassign, Ambassador bool
	From                 SpaceID
}

// String writes the decision as a sentence, such as "p2: give 1 rogue to p1
// for 3 VP? (Recruit Spies)": the player and the Question.
func (d Decision) String() string {
	if d.Kind == NoDecision {
		return "no decision: the game is over"
	}
	s := d.Player.String() + ": " + d.Question()
	if d.Optional {
		s += ", or decline"
	}
	return s
}

// noDecision is Pending once the game is over.
var noDecision = Decision{Player: NoPlayer, Other: NoPlayer}

// Pending returns the decision the player to act faces; its Kind is
// NoDecision once the game is over.
func (s State) Pending() Decision {
	if s.sp == 0 || s.phase == phaseOver {
		return noDecision
	}
	f := s.stack[s.sp-1]
	d := Decision{Player: PlayerID(f.p), Other: NoPlayer}
	for i := int(s.sp) - 1; i >= 0; i-- {
		if g := s.stack[i]; g.kind == fProgram {
			d.Source = s.c.programSource[g.prog]
			break
		} else if g.kind == fTurn {
			break
		}
	}
	switch f.kind {
	case dPlace:
		d.Kind = PlaceAgentDecision
		switch f.placeMode() {
		case placeReassign:
			d.Reassign, d.From = true, SpaceID(f.from())
			d.Purpose = "reassign your agent from " + s.c.SpaceDisplayName(SpaceID(f.from()))
		case placeAmbassador:
			d.Ambassador, d.Purpose = true, "assign the Ambassador"
		default:
			d.Purpose = "assign an agent"
		}
	case dQuest:
		d.Kind, d.Optional, d.Purpose = CompleteQuestDecision, true, "complete a quest"
		if q := f.onlyQuest(); q != none {
			d.VP = int(f.vp())
			d.Purpose = fmt.Sprintf("complete %s, just taken, for %d bonus VP", s.c.Quest(QuestID(q)).Name, f.vp())
		}
	case dTakeQuest:
		d.Kind, d.Purpose = TakeQuestDecision, "take a face-up quest"
		if f.fromRevealed() {
			d.Purpose = "keep one of the quests revealed"
		}
	case dPick:
		d.Kind = ChooseAdventurersDecision
		_, d.Count = s.pickSource(&f)
		d.Kinds = f.pickKinds()
		what := adventurersText(d.Count, d.Kinds)
		switch f.pickPurpose() {
		case pickGain:
			d.Purpose = "take " + what + " from the supply"
		case pickReturn:
			d.Purpose = "return " + what + " to the supply"
		case pickSteal:
			d.Other = PlayerID(f.other())
			d.Purpose = "take " + adventurersText(d.Count, d.Kinds) + " from " + d.Other.String()
		case pickSwap:
			d.Purpose, d.Optional = "exchange a fighter, rogue or wizard for a cleric", true
		case pickToOwner:
			d.Purpose = "return " + adventurersText(d.Count, d.Kinds)
			if f.other() != none {
				d.Other = PlayerID(f.other())
				d.Purpose = "give " + adventurersText(d.Count, d.Kinds) + " to " + d.Other.String() + ", the building's owner"
			}
		case pickSpend:
			d.Purpose = "spend " + what + " on " + s.c.quests[f.spendQuest()].Name
		case pickKeep:
			d.Purpose, d.Optional = "you may take back "+what+" spent on the quest", true
		case pickOnto:
			d.Purpose = "choose " + what + " of your tavern to put on an action space"
		}
	case dChooseOne:
		d.Kind, d.Purpose = ChooseOptionDecision, "choose one reward"
	case dBuilding:
		d.Kind = ChooseBuildingDecision
		d.Purpose = [...]string{"buy a building in Builder's Hall", "take a building in Builder's Hall for free",
			"assign an agent to a building for sale", "give up a building of yours without an agent",
			"take a building in Builder's Hall for free", "you may buy a building in Builder's Hall",
			"demolish a building in play with no agent on it", "take control of a building an opponent controls"}[f.buildingPurpose()]
		d.Optional = f.buildingPurpose() == buildMayBuy
	case dIntrigue:
		d.Kind, d.Optional, d.Purpose = PlayIntrigueDecision, f.intrigueMode() != intrigueRequired, "play an intrigue card"
		if f.intrigueMode() == intrigueExtra {
			d.Purpose = "play an extra intrigue card (" + s.c.Quest(QuestID(f.plotQuest())).Name + ")"
		} else if c, ok := f.onlyCard(); ok {
			d.Purpose = "you may play " + s.c.intrigue[c].Name + ", just drawn"
		}
	case dPlayer:
		d.Kind = ChoosePlayerDecision
		switch f.playerPurpose() {
		case targetGift:
			d.Give = s.c.programs[f.prog][f.pc].Bundle
			d.Purpose = "choose an opponent to receive " + d.Give.Describe()
		case targetMandatory:
			d.Purpose = "choose an opponent to receive " + s.c.Intrigue(IntrigueID(f.mandatoryCard())).Name + ", a mandatory quest"
		case targetSteal:
			d.Purpose = "choose an opponent to take an adventurer from"
		case targetBlackmail:
			d.Purpose = fmt.Sprintf("choose an opponent to take %d gold from and look at their Lord card", f.amount())
		case targetFoist:
			d.Purpose = "choose an opponent holding corruption to receive one of your mandatory quests"
		case targetBetray:
			d.Give = s.c.programs[f.prog][f.pc].Bundle
			d.Purpose = "choose an opponent to take " + d.Give.Describe() + " from, and to hand this card"
		}
	case dSpace:
		d.Kind = ChooseSpaceDecision
		switch f.spacePurpose() {
		case spaceCopy:
			d.Purpose = "choose a space holding an opponent's agent, to use its action"
		case spaceRecall:
			d.Purpose, d.Optional = "choose one of your agents to return to your pool", f.optional()
		case spaceAccelerate:
			d.Purpose = "choose your agent at Waterdeep Harbor to take back"
		case spacePile:
			d.Purpose = "choose an action space to put " + s.pileText(&s.c.programs[f.prog][f.pc]) + " on"
		case spaceCopyCorrupt:
			d.Purpose = "choose a space holding an agent of an opponent with more corruption than you, to use its action"
		case spaceMoveCorruption:
			d.Optional = f.optional()
			d.Purpose = "choose an action space to move a corruption token of yours onto"
		case spacePileOwn:
			d.Purpose = "choose an action space to put your " + content.Adventurer(f.pileKind()).String() + " on"
		case spaceManipulate:
			d.Purpose = "choose a space holding an opponent's agent, to move that agent"
		case spaceManipulateTo:
			d.Other = PlayerID(s.occupant[f.from()] - 1)
			d.Purpose = fmt.Sprintf("choose an unoccupied action space to move %s's agent to, from %s", d.Other, s.c.SpaceDisplayName(SpaceID(f.from())))
		}
	case dRespond:
		d.Kind = RespondDecision
		switch f.respondPurpose() {
		case respondDeal:
			st := &s.c.programs[f.prog][f.pc]
			d.Give, d.Other = st.Else, PlayerID(f.other())
			d.Purpose = dealText(st)
		case respondVisit:
			pl := s.c.quests[f.plotQuest()].Plot
			d.Source = s.c.quests[f.plotQuest()].Name
			d.Purpose = "also take " + pl.Gain.Describe() + fmt.Sprintf(" and %d corruption?", pl.Corruption)
		case respondMoved:
			d.Other = PlayerID(f.other())
			d.Purpose = fmt.Sprintf("%s moved your agent from %s to %s: take its action?", d.Other, s.c.SpaceDisplayName(SpaceID(f.from())), s.c.SpaceDisplayName(SpaceID(f.to())))
		case respondUpTo:
			// "Return a corruption token to the track? (1 of 2)", the
			// card being the Source (its program's).
			st := &s.c.programs[f.prog][f.pc]
			d.Purpose = "return a corruption token to the track?"
			if st.Kind == content.StepRemoveCorruptionUpTo {
				d.Purpose = "remove a corruption token of yours from the game?"
			}
			d.Purpose += fmt.Sprintf(" (%d of %d)", f.nth(), st.Count)
		case respondExtraReturn:
			d.Source = s.c.quests[f.plotQuest()].Name
			d.Purpose = fmt.Sprintf("return %d more corruption?", s.c.quests[f.plotQuest()].Plot.Count)
		case respondTrade:
			st := &s.c.programs[f.prog][f.pc]
			d.Give, d.VP = st.Bundle, st.Else.VP
			d.Purpose = fmt.Sprintf("pay %s for %s?", st.Bundle.Describe(), st.Else.Describe())
		default:
			st := &s.c.programs[f.prog][f.pc]
			d.Give, d.VP, d.Other = st.Bundle, st.Else.VP, PlayerID(f.other())
			d.Purpose = fmt.Sprintf("give %s to %s for %d VP?", d.Give, d.Other, d.VP)
		}
	case dQuestType:
		d.Kind, d.Purpose = ChooseQuestTypeDecision, "name a quest type"
	case dDiscardIntrigue:
		d.Kind, d.Purpose = DiscardIntrigueDecision, "discard an intrigue card from your hand"
		if f.count() > 1 {
			d.Purpose += fmt.Sprintf(" (%d of %d)", f.nth(), f.count())
		}
	case dDiscard:
		d.Kind, d.Optional, d.VP = DiscardQuestDecision, f.discardMode() == discardOptional, int(f.vp())
		d.Purpose = fmt.Sprintf("discard an uncompleted quest for %d VP", f.vp())
		if f.discardMode() == discardFoist {
			d.VP, d.Other = 0, PlayerID(f.other())
			d.Purpose = "choose one of your mandatory quests to hand to " + d.Other.String()
		}
		if f.discardMode() == discardNotMandatory {
			d.Purpose = "discard one of your uncompleted quests (not a mandatory one)"
		}
	}
	return d
}

// adventurersText writes "2 adventurers", "1 cleric or wizard", "3
// fighters".
func adventurersText(n int, kinds AdventurerSet) string {
	var names []string
	for k := range content.Adventurer(NumAdventurers) {
		if kinds.Has(k) {
			names = append(names, k.String())
		}
	}
	switch {
	case len(names) == NumAdventurers || len(names) == 0:
		if n == 1 {
			return "1 adventurer"
		}
		return fmt.Sprintf("%d adventurers", n)
	case len(names) == 1 && n != 1:
		return fmt.Sprintf("%d %ss", n, names[0])
	}
	return fmt.Sprintf("%d %s", n, strings.Join(names, " or "))
}
