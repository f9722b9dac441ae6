package waterdeep

import (
	"strings"

	"github.com/waterdeep-go/waterdeep/content"
	"github.com/waterdeep-go/waterdeep/internal/english"
)

// The human text form writes actions and events as sentences with display
// names, for people to read; the canonical form (FormatAction,
// FormatEvent) writes ids, for programs and for people to type back:
//
//	canonical                         human
//	p1 place the-plinth               p1 assigns an agent to The Plinth
//	p2 choose building smugglers-dock p2 buys Smuggler's Dock
//	p5 refuse                         p5 declines to give 1 cleric to p2 for 2 VP (Recruit Spies)
//	p4 choose opponent p3             p4 chooses p3 to receive 2 gold (Tax Collection)
//	p3 draws an intrigue card         p3 draws an intrigue card
//	p1 draws crime-wave#2             p1 draws Crime Wave
//
// An answer says what it answers when it is given the decision it answers
// (State.Pending or View.Decision before the action is applied); without
// it ("p5 refuses") it says only what the action does. Decision.String is
// already in the human form ("p2: give 1 rogue to p1 for 3 VP? (Recruit
// Spies)"). The human form is not parsed back as a whole, but every name
// in it is: ParseAction reads display names ("p1 place The Plinth").

// HumanAction returns the human form of action a: a sentence with display
// names, such as "p1 assigns an agent to The Plinth". d is the decision a
// answers, which gives an answer its context ("p5 declines to give 1
// cleric to p2 for 2 VP (Recruit Spies)"); pass the zero Decision when it
// is not known. A d of another player is ignored.
func (c *Content) HumanAction(a Action, d Decision) string {
	if a == nil {
		return "(no action)"
	}
	if d.Kind == NoDecision || d.Player != a.Actor() {
		d = Decision{Other: NoPlayer}
	}
	s := c.humanSentence(a, d)
	if d.Kind == NoDecision {
		return s
	}
	return s + d.context(s)
}

// humanSentence is HumanAction's sentence without its context.
func (c *Content) humanSentence(a Action, d Decision) string {
	p := a.Actor().String()
	purpose, _ := splitCount(thirdPerson(d.Purpose))
	switch a := a.(type) {
	case PlaceAgent:
		sp := c.SpaceDisplayName(a.Space)
		switch {
		case d.Ambassador:
			return p + " assigns the Ambassador to " + sp
		case d.Reassign:
			return p + " reassigns their agent from " + c.SpaceDisplayName(d.From) + " to " + sp
		}
		return p + " assigns an agent to " + sp
	case ChooseSpace:
		return p + " chooses " + c.SpaceDisplayName(a.Space)
	case CompleteQuest:
		return p + " completes " + c.questDisplay(a.Quest)
	case DiscardQuest:
		return p + " discards " + c.questDisplay(a.Quest)
	case CompleteMandatory:
		return p + " completes the mandatory quest " + c.intrigueDisplay(a.Card)
	case DiscardMandatory:
		if d.Kind == DiscardQuestDecision && d.Other != NoPlayer {
			return p + " hands the mandatory quest " + c.intrigueDisplay(a.Card) + " to " + d.Other.String()
		}
		return p + " discards the mandatory quest " + c.intrigueDisplay(a.Card)
	case DiscardIntrigue:
		return p + " discards " + c.intrigueDisplay(a.Card) + " from their hand"
	case TakeQuest:
		return p + " takes " + c.questDisplay(a.Quest)
	case ChooseBuilding:
		b := c.tileDisplay(a.Building)
		for _, v := range buildingVerbs {
			if strings.HasPrefix(purpose, v[0]) {
				return p + " " + strings.Replace(v[1], "B", b, 1)
			}
		}
		return p + " chooses " + b
	case PlayIntrigue:
		return p + " plays " + c.intrigueDisplay(a.Card)
	case ChooseResources:
		what := pickWords(a.Pick)
		switch {
		case strings.HasPrefix(purpose, "take ") && d.Other != NoPlayer:
			return p + " takes " + what + " from " + d.Other.String()
		case strings.HasPrefix(purpose, "take "):
			return p + " takes " + what
		case strings.HasPrefix(purpose, "return "):
			return p + " returns " + what
		case strings.HasPrefix(purpose, "give ") && d.Other != NoPlayer:
			return p + " gives " + what + " to " + d.Other.String()
		case strings.HasPrefix(purpose, "spend "):
			if _, on, ok := strings.Cut(purpose, " on "); ok {
				return p + " spends " + what + " on " + on
			}
			return p + " spends " + what
		case strings.HasPrefix(purpose, "they may take back "):
			return p + " takes back " + what
		}
		return p + " chooses " + what
	case Respond:
		if d.Kind != RespondDecision {
			if a.Accept {
				return p + " accepts"
			}
			return p + " refuses"
		}
		q := purpose
		if _, after, ok := strings.Cut(q, ": "); ok {
			q = after // "p2 moved their agent from A to B: take its action?"
		}
		q = strings.TrimSpace(strings.ReplaceAll(q, "?", ""))
		if a.Accept {
			return p + " agrees to " + q
		}
		return p + " declines to " + q
	case Decline:
		if purpose == "" {
			return p + " declines"
		}
		return p + " declines to " + strings.TrimPrefix(purpose, "they may ")
	case ChoosePlayer:
		if rest, ok := strings.CutPrefix(purpose, "choose an opponent "); ok {
			return p + " chooses " + a.Target.String() + " " + rest
		}
		return p + " chooses " + a.Target.String()
	case ChooseQuestType:
		return p + " names " + a.Type.String()
	}
	return c.FormatAction(a)
}

// buildingVerbs say what choosing building B does, by the decision's
// purpose (Pending's words for a ChooseBuildingDecision).
var buildingVerbs = [...][2]string{
	{"buy ", "buys B"},
	{"they may buy ", "buys B"},
	{"take a building in Builder's Hall for free", "takes B for free"},
	{"assign an agent to a building for sale", "assigns an agent to B, for sale in Builder's Hall"},
	{"give up ", "gives up B"},
	{"demolish ", "demolishes B"},
	{"take control ", "takes control of B"},
}

// pickWords writes a pick as a sentence does: "2 wizards and 4 gold".
func pickWords(p Pick) string {
	return content.Bundle{Cleric: int(p.Cleric), Fighter: int(p.Fighter), Rogue: int(p.Rogue), Wizard: int(p.Wizard),
		Gold: int(p.Gold)}.Describe()
}

// thirdPerson turns a decision's purpose, written to the player ("return
// one of your agents"), into words about them ("return one of their
// agents").
func thirdPerson(s string) string {
	words := strings.Split(s, " ")
	for i, w := range words {
		switch w {
		case "you":
			words[i] = "they"
		case "your":
			words[i] = "their"
		case "yours":
			words[i] = "theirs"
		}
	}
	return strings.Join(words, " ")
}

// HumanEvent returns the human form of event e as viewer may see it
// (e.For(viewer) first, so that it hides exactly what FormatEvent hides):
// "p1 assigns an agent to The Plinth", "p3 draws an intrigue card", "p1
// draws Crime Wave". d is the decision pending before the action whose
// events these are (State.Pending or View.Decision before Apply): the
// EvAction event, the action itself, is written as HumanAction writes it
// with d; the other events do not use it (nor does an automatic answer,
// which answers a decision inside the action, and which another viewer is
// given as the plain action: RULES.md 41). Pass the zero Decision when it
// is not known.
//
// The decision's words are the acting player's: for another viewer, a
// purpose that names a card only that player knows ("you may play Crime
// Wave, just drawn") is left out.
func (c *Content) HumanEvent(e Event, viewer PlayerID, d Decision) string {
	if e.Kind == EvAutoAnswer {
		d = Decision{}
	}
	if viewer != e.Player && d.Kind == PlayIntrigueDecision && strings.HasSuffix(d.Purpose, ", just drawn") {
		d.Purpose = "play the intrigue card just drawn"
	}
	return c.writeEvent(e.For(viewer), humanNames{c, d})
}

// humanNames names things by display name, for HumanEvent.
type humanNames struct {
	c *Content
	d Decision
}

func (n humanNames) quest(q QuestID) string       { return n.c.questDisplay(q) }
func (n humanNames) card(i IntrigueID) string     { return n.c.intrigueDisplay(i) }
func (n humanNames) building(b BuildingID) string { return n.c.tileDisplay(b) }
func (n humanNames) space(s SpaceID) string       { return n.c.SpaceDisplayName(s) }
func (n humanNames) action(a Action, auto bool) string {
	if auto {
		// The engine answered a decision inside the action: one that
		// the caller never saw.
		return n.c.HumanAction(a, Decision{}) + " (only choice)"
	}
	return n.c.HumanAction(a, n.d)
}

// HumanEvents words the events of one action, those State.ApplyEvents
// appended for it, as viewer may see them: one sentence per happening,
// at the index of its event, and "" for an event that says again what
// another sentence says.
// HumanEvent words every event, and an action's own event (EvAction or
// EvAutoAnswer) is followed by events that say the same again in their
// own words ("p1 assigns an agent to The Plinth" twice, "p1 completes
// Domesticate Owlbears" before and after "p1 returns 1 cleric and 2
// wizards"); HumanEvents leaves out each event that restates an action
// (the first event of the action's kind, player and object after it,
// among these events), and keeps what only the restatement says ("p2
// buys Helmstar Warehouse for 3 gold"). An automatic answer, whose
// decision the caller never saw, names the card or quest it answers,
// from the events before it ("p5 refuses (Bribe the Watch)"). d is the
// decision pending before the action, as for HumanEvent; events of
// several actions may be passed with the decision of the first. Use
// HumanEvent for one event alone.
func (c *Content) HumanEvents(events []Event, viewer PlayerID, d Decision) []string {
	out := make([]string, len(events))
	skip := make([]bool, len(events))
	source := ""
	for i, e := range events {
		switch e.Kind {
		case EvIntriguePlayed, EvMandatoryCompleted:
			source = c.intrigueDisplay(e.Card)
		case EvQuestCompleted:
			source = c.questDisplay(e.Quest)
		}
		if skip[i] {
			continue
		}
		if e.Kind != EvAction && e.Kind != EvAutoAnswer {
			out[i] = c.HumanEvent(e, viewer, d)
			continue
		}
		a := e.Move.Action(e.Player)
		dd := d
		if i > 0 && e.Kind == EvAction {
			dd = Decision{} // another action's: its decision is not known
		}
		t := c.HumanEvent(e, viewer, dd)
		// The action's sentence without context, as an event would say it.
		body, bare := c.HumanAction(a, Decision{}), body0(c, a, dd)
		for j := i + 1; j < len(events); j++ {
			f := events[j]
			if f.Kind == EvAction || f.Kind == EvAutoAnswer {
				break
			}
			if h := c.HumanEvent(f, viewer, d); restates(c, f, a) || h == body || h == bare {
				skip[j] = true
				if f.Kind == EvBuildingBought && f.Amount.Gold > 0 {
					name := c.tileDisplay(f.Building)
					t = strings.Replace(t, " buys "+name, " buys "+name+" for "+english.Count(f.Amount.Gold, "gold", "gold"), 1)
				}
				if f.Kind == EvPlaced && dd.Kind == NoDecision && (f.As == AsAmbassador || f.As == AsReassignment) {
					// The event knows the Ambassador and the reassignment.
					t = strings.Replace(t, c.HumanEvent(e, viewer, Decision{}), c.HumanEvent(f, viewer, Decision{}), 1)
				}
				break
			}
		}
		if e.Kind == EvAutoAnswer && source == "" {
			source = d.Source // the effect whose questions the action answered
		}
		if e.Kind == EvAutoAnswer && source != "" && !strings.Contains(t, source) {
			t = strings.Replace(t, " (only choice)", "", 1) + " (" + source + ")"
			if e.For(viewer).Kind == EvAutoAnswer {
				t += " (only choice)"
			}
		}
		out[i] = t
	}
	return out
}

// restates reports whether event e says again what action a did: the
// event of a's kind, by a's player, about a's space, quest, card or
// building.
func restates(c *Content, e Event, a Action) bool {
	if e.Player != a.Actor() {
		return false
	}
	switch a := a.(type) {
	case PlaceAgent:
		return e.Kind == EvPlaced && e.Space == a.Space
	case TakeQuest:
		return e.Kind == EvQuestTaken && e.Quest == a.Quest
	case CompleteQuest:
		return e.Kind == EvQuestCompleted && e.Quest == a.Quest
	case DiscardQuest:
		return e.Kind == EvQuestDiscarded && e.Quest == a.Quest
	case PlayIntrigue:
		return e.Kind == EvIntriguePlayed && e.Card == a.Card
	case CompleteMandatory:
		return e.Kind == EvMandatoryCompleted && e.Card == a.Card
	case DiscardMandatory:
		return e.Kind == EvMandatoryDiscarded && e.Card == a.Card
	case DiscardIntrigue:
		return e.Kind == EvIntrigueDiscarded && e.Card == a.Card
	case ChooseBuilding:
		switch e.Kind {
		case EvBuildingBought, EvBuildingGained, EvBuildingLost:
			return e.Building == a.Building
		case EvPlaced:
			sp := c.Space(e.Space)
			return sp.Tile && sp.BuildingID == a.Building
		}
	}
	return false
}

// body0 is HumanAction's sentence for a answering d, without its context.
func body0(c *Content, a Action, d Decision) string {
	if d.Kind == NoDecision || d.Player != a.Actor() {
		d = Decision{Other: NoPlayer}
	}
	return c.humanSentence(a, d)
}
