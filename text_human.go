package waterdeep

import (
	"strings"

	"github.com/waterdeep-go/waterdeep/content"
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
	p := a.Actor().String()
	why := ""
	if d.Source != "" && !strings.Contains(d.Purpose, d.Source) {
		// "(Recruit Spies)"; an owner's benefit is "(Fetlock Court,
		// owner's benefit)".
		why = " (" + strings.Replace(d.Source, " (owner)", ", owner's benefit", 1) + ")"
	}
	purpose := thirdPerson(d.Purpose)
	switch a := a.(type) {
	case PlaceAgent:
		sp := c.SpaceDisplayName(a.Space)
		switch {
		case d.Ambassador:
			return p + " assigns the Ambassador to " + sp + why
		case d.Reassign:
			return p + " reassigns their agent from " + c.SpaceDisplayName(d.From) + " to " + sp + why
		}
		return p + " assigns an agent to " + sp + why
	case ChooseSpace:
		return p + " chooses " + c.SpaceDisplayName(a.Space) + why
	case CompleteQuest:
		return p + " completes " + c.questDisplay(a.Quest) + why
	case DiscardQuest:
		return p + " discards " + c.questDisplay(a.Quest) + why
	case CompleteMandatory:
		return p + " completes the mandatory quest " + c.intrigueDisplay(a.Card) + why
	case DiscardMandatory:
		if d.Kind == DiscardQuestDecision && d.Other != NoPlayer {
			return p + " hands the mandatory quest " + c.intrigueDisplay(a.Card) + " to " + d.Other.String() + why
		}
		return p + " discards the mandatory quest " + c.intrigueDisplay(a.Card) + why
	case DiscardIntrigue:
		return p + " discards " + c.intrigueDisplay(a.Card) + " from their hand" + why
	case TakeQuest:
		return p + " takes " + c.questDisplay(a.Quest) + why
	case ChooseBuilding:
		b := c.tileDisplay(a.Building)
		for _, v := range buildingVerbs {
			if strings.HasPrefix(purpose, v[0]) {
				return p + " " + strings.Replace(v[1], "B", b, 1) + why
			}
		}
		return p + " chooses " + b + why
	case PlayIntrigue:
		return p + " plays " + c.intrigueDisplay(a.Card) + why
	case ChooseResources:
		what := pickWords(a.Pick)
		switch {
		case strings.HasPrefix(purpose, "take ") && d.Other != NoPlayer:
			return p + " takes " + what + " from " + d.Other.String() + why
		case strings.HasPrefix(purpose, "take "):
			return p + " takes " + what + why
		case strings.HasPrefix(purpose, "return "):
			return p + " returns " + what + why
		case strings.HasPrefix(purpose, "give ") && d.Other != NoPlayer:
			return p + " gives " + what + " to " + d.Other.String() + why
		case strings.HasPrefix(purpose, "spend "):
			if _, on, ok := strings.Cut(purpose, " on "); ok {
				return p + " spends " + what + " on " + on + why
			}
			return p + " spends " + what + why
		case strings.HasPrefix(purpose, "they may take back "):
			return p + " takes back " + what + why
		}
		return p + " chooses " + what + why
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
			return p + " agrees to " + q + why
		}
		return p + " declines to " + q + why
	case Decline:
		if purpose == "" {
			return p + " declines"
		}
		return p + " declines to " + strings.TrimPrefix(purpose, "they may ") + why
	case ChoosePlayer:
		if rest, ok := strings.CutPrefix(purpose, "choose an opponent "); ok {
			return p + " chooses " + a.Target.String() + " " + rest + why
		}
		return p + " chooses " + a.Target.String() + why
	case ChooseQuestType:
		return p + " names " + a.Type.String() + why
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
	if viewer != e.Player && d.Kind == PlayIntrigueDecision {
		d.Purpose = "play an intrigue card"
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
