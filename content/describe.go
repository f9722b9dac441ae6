package content

import (
	"fmt"
	"strings"

	"github.com/waterdeep-go/waterdeep/internal/english"
)

// This file writes effects as English generated from the programs
// themselves (never from the YAML text lines), so that what a client
// shows always matches what the engine does. Clauses are in the second
// person ("take", "pay", "you may"), except that a plain gain reads
// "gives" ("Gives 4 VP and 1 wizard"), as on the cards.

// Noun returns the singular and plural English names of adventurer kind a.
func (a Adventurer) Noun() (one, many string) {
	n := a.String()
	return n, n + "s"
}

// Describe returns the bundle in English, VP first: "4 VP, 1 wizard and
// 2 gold", "1 intrigue card"; "nothing" for the empty bundle.
func (b Bundle) Describe() string {
	var parts []string
	if b.VP != 0 {
		parts = append(parts, fmt.Sprintf("%d VP", b.VP))
	}
	for a, n := range b.Cubes() {
		if n != 0 {
			one, many := Adventurer(a).Noun()
			parts = append(parts, english.Count(n, one, many))
		}
	}
	if b.Any != 0 {
		parts = append(parts, english.Count(b.Any, "adventurer", "adventurers")+" of any kind")
	}
	if b.Gold != 0 {
		parts = append(parts, fmt.Sprintf("%d gold", b.Gold))
	}
	if b.Intrigue != 0 {
		parts = append(parts, english.Count(b.Intrigue, "intrigue card", "intrigue cards"))
	}
	if len(parts) == 0 {
		return "nothing"
	}
	return english.JoinAnd(parts)
}

// Describe returns the kinds in the set as "cleric or wizard"; "any kind"
// for every kind.
func (s AdventurerSet) Describe() string {
	if s&AllAdventurers == AllAdventurers {
		return "any kind"
	}
	var kinds []string
	for a := range Adventurer(NumAdventurers) {
		if s.Has(a) {
			kinds = append(kinds, a.String())
		}
	}
	return english.JoinOr(kinds)
}

// adventurers returns "2 adventurers of your choice" or "2 adventurers,
// each a cleric or wizard".
func adventurers(n int, from AdventurerSet, whose string) string {
	s := english.Count(n, "adventurer", "adventurers")
	if from&AllAdventurers == AllAdventurers {
		return s + " of " + whose + " choice"
	}
	if n == 1 {
		return "1 " + from.Describe()
	}
	return s + ", each a " + from.Describe()
}

// Describe returns what the special handler does as a clause.
func (s Special) Describe() string {
	switch s {
	case ResetQuests:
		return "discard the face-up quests at Cliffwatch Inn and deal four new ones"
	case TakeAccumulated:
		return "take everything piled here"
	case FirstPlayer:
		return "take the first-player marker"
	case PlayIntrigue:
		return "play an intrigue card from your hand"
	case MayPlayIntrigue:
		return "you may play an intrigue card from your hand"
	case PurchaseBuilding:
		return "buy a building for sale in Builder's Hall"
	case TakeAmbassador:
		return "take the Ambassador, who is assigned before anyone else next round"
	case CopySpace:
		return "use the action of a space that holds an opponent's agent"
	case ReturnAgent:
		return "return one of your assigned agents"
	case AcceleratePlans:
		return "take back an agent from Waterdeep Harbor, then assign two agents"
	case SampleWares:
		return "assign an agent to a building for sale in Builder's Hall"
	case RealEstateDeal:
		return "trade a building you control for one for sale in Builder's Hall"
	case BiddingWar:
		return "deal one quest per player from the deck; you keep one, then each player to your left keeps one"
	case SpecialAssignment:
		return "name a quest type and reveal quests until one of that type turns up; take it"
	case CopyMoreCorrupt:
		return "use the action of a space that holds an agent of an opponent with more corruption than you"
	case FoistMandatory:
		return "give one of your uncompleted mandatory quests to an opponent who holds corruption"
	case StealBuilding:
		return "take control of a building an opponent controls"
	case MoveCorruption:
		return "move a corruption token from your tavern onto an action space; the next agent assigned there takes it"
	case RecallPerCorruption:
		return "take the corruption piled here; for each token, return one of your assigned agents to your pool"
	case MayPurchaseBuilding:
		return "you may buy a building for sale in Builder's Hall"
	case MayReturnAgent:
		return "you may return one of your assigned agents"
	case Demolish:
		return "discard a building in play with no agent on it (paying its owner its cost if it is not yours), then put a building for sale in Builder's Hall into play under your control, free"
	case Manipulate:
		return "move an opponent's agent to an unoccupied action space (that opponent may take its action), then assign one of your unassigned agents"
	case OpenLord:
		return "reveal your lord and discard your mandatory quests; opponents' attacks and mandatory quests no longer affect you"
	}
	return s.String()
}

// Describe returns what the step does as one clause in lower case, such as
// "gives 4 VP and 1 wizard" or "return one of your assigned agents".
func (st Step) Describe() string {
	switch st.Kind {
	case StepGain:
		return "gives " + st.Bundle.Describe()
	case StepPay:
		return "pay " + st.Bundle.Describe()
	case StepChoose:
		return "take " + adventurers(st.Count, st.From, "your")
	case StepChooseOne:
		opts := make([]string, len(st.Options))
		for i, o := range st.Options {
			opts[i] = o.Describe()
		}
		return "take " + english.JoinOr(opts)
	case StepReturn:
		s := "return " + english.Count(st.Count, "adventurer", "adventurers")
		if st.From&AllAdventurers != AllAdventurers {
			s += " (" + st.From.Describe() + ")"
		}
		return s + " from your tavern to the supply"
	case StepTakeQuest:
		return "take " + english.Count(st.Count, "face-up quest", "face-up quests") + " from Cliffwatch Inn"
	case StepDrawQuest:
		return "draw " + english.Count(st.Count, "quest", "quests") + " from the deck"
	case StepEachOpponentLoses:
		s := "each opponent returns " + st.Bundle.Describe()
		if !st.Else.IsZero() {
			s += "; for each who cannot, you gain " + st.Else.Describe()
		}
		return s
	case StepGift:
		return "an opponent of your choice gains " + st.Bundle.Describe()
	case StepEachOpponentMayGive:
		return fmt.Sprintf("each opponent may give you %s to score %d VP", st.Bundle.Describe(), st.Else.VP)
	case StepEachOpponentChooses:
		return "each opponent takes " + adventurers(st.Count, st.From|AllAdventurers, "their")
	case StepSteal:
		if st.From&AllAdventurers != AllAdventurers {
			return "take " + adventurers(st.Count, st.From, "your") + " from an opponent's tavern"
		}
		return "take " + english.Count(st.Count, "adventurer", "adventurers") + " of your choice from an opponent's tavern"
	case StepVPPerBuilding:
		return fmt.Sprintf("score %d VP for each building you control", st.Count)
	case StepGoldPerBuilding:
		return fmt.Sprintf("gives %d gold for each building tile in play", st.Count)
	case StepTakeQuestMayComplete:
		return fmt.Sprintf("take a face-up quest from Cliffwatch Inn; you may complete it at once for %d extra VP", st.Bundle.VP)
	case StepFreeBuilding:
		if st.Source == "stack" {
			return "put the top building of the stack into play under your control, free"
		}
		if st.Source == "hall_all" {
			return "put every building for sale in Builder's Hall into play under your control, free"
		}
		return "put a building for sale in Builder's Hall into play under your control, free"
	case StepChangeOfPlans:
		return fmt.Sprintf("discard one of your uncompleted quests to score %d VP; each opponent may discard one of theirs to score %d VP",
			st.Bundle.VP, st.Else.VP)
	case StepGainCorruption:
		return "take " + english.Count(st.Count, "corruption token", "corruption tokens") + " from the corruption track"
	case StepReturnCorruption:
		return "return " + english.Count(st.Count, "corruption token", "corruption tokens") + " from your tavern to the corruption track"
	case StepRemoveCorruption:
		return "remove " + english.Count(st.Count, "corruption token", "corruption tokens") + " of yours from the game"
	case StepReturnCorruptionUpTo:
		return "return up to " + english.Count(st.Count, "corruption token", "corruption tokens") + " from your tavern to the corruption track"
	case StepRemoveCorruptionUpTo:
		return "remove up to " + english.Count(st.Count, "corruption token", "corruption tokens") + " of yours from the game"
	case StepPlace:
		var what []string
		if !st.Bundle.IsZero() {
			what = append(what, st.Bundle.Describe()+" from the supply")
		}
		if st.Corruption != 0 {
			what = append(what, english.Count(st.Corruption, "corruption token", "corruption tokens")+" from the corruption track")
		}
		where := "an action space"
		if st.Count > 1 {
			where = fmt.Sprintf("each of %d different action spaces", st.Count)
		}
		return "put " + english.JoinAnd(what) + " on " + where + "; the next agent assigned there takes them"
	case StepMayTrade:
		return "you may pay " + st.Bundle.Describe() + " for " + st.Else.Describe()
	case StepTakeAllQuests:
		return "take every face-up quest at Cliffwatch Inn, then deal new ones"
	case StepEachOpponentGains:
		return "each opponent gains " + st.Bundle.Describe()
	case StepDrawMayPlay:
		return "draw " + english.Count(st.Count, "intrigue card", "intrigue cards") + "; you may play each at once as it is drawn"
	case StepDiscardQuest:
		return "discard " + english.Count(st.Count, "of your uncompleted quests", "of your uncompleted quests") + " (not a mandatory one)"
	case StepDiscardIntrigue:
		return "discard " + english.Count(st.Count, "intrigue card", "intrigue cards") + " from your hand"
	case StepBetray:
		return "take " + st.Bundle.Describe() + " from an opponent's tavern, then hand them this card"
	case StepPlaceOwn:
		return "move " + english.Count(st.Count, "adventurer", "adventurers") + " from your tavern onto as many different action spaces, one each; the next agent assigned there takes it"
	case StepSpecial:
		return st.Special.Describe()
	case StepEachOpponentMay:
		var deal []string
		if !st.Bundle.IsZero() {
			deal = append(deal, "take "+st.Bundle.Describe())
		}
		if st.Count != 0 {
			deal = append(deal, "take "+english.Count(st.Count, "corruption token", "corruption tokens"))
		}
		if st.Corruption != 0 {
			deal = append(deal, "return "+english.Count(st.Corruption, "corruption token", "corruption tokens"))
		}
		s := "each opponent may " + english.JoinAnd(deal)
		if !st.Else.IsZero() {
			s = "each opponent may pay " + st.Else.Describe() + " to " + english.JoinAnd(deal)
		}
		return s
	case StepEachOpponentReturns:
		return "each opponent returns " + adventurers(st.Count, AllAdventurers, "their") + " to the supply"
	case StepMoreCorruptGainCorruption:
		return "each opponent with more corruption than you takes " + english.Count(st.Count, "corruption token", "corruption tokens")
	case StepVPIfLeastCorrupt:
		return fmt.Sprintf("score %d VP if every opponent holds more corruption than you", st.Bundle.VP)
	case StepRemoveTrackCorruption:
		return "remove " + english.Count(st.Count, "corruption token", "corruption tokens") + " on the corruption track from the game"
	case StepGiveOwner:
		return "give " + adventurers(st.Count, AllAdventurers, "your") + " to the building's owner"
	case StepStealGoldSeeLord:
		return fmt.Sprintf("take %d gold from an opponent of your choice and look at their Lord card", st.Count)
	}
	return fmt.Sprintf("step(%d)", uint8(st.Kind))
}

// Describe returns the program as English, its steps' clauses joined by
// "; " and the first capitalized: "Gives 4 VP and 1 wizard; return one of
// your assigned agents". A gain after another step reads "gain" ("Take the
// first-player marker; gain 1 intrigue card"). The empty program gives "".
func (p Program) Describe() string {
	parts := make([]string, len(p))
	for i, st := range p {
		parts[i] = st.Describe()
		if i > 0 && st.Kind == StepGain {
			parts[i] = "gain " + st.Bundle.Describe()
		}
	}
	return english.Capitalize(strings.Join(parts, "; "))
}
