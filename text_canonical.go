package waterdeep

import (
	"fmt"
	"slices"
	"strconv"
	"strings"
)

// QuestID returns the id of quest instance q, as the text and JSON forms
// name it: the quest's id, with "#k" for the k-th copy of a quest that has
// several ("domesticate-owlbears"). QuestByID reads it back;
// QuestDisplayName gives the name printed on the card.
func (c *Content) QuestID(q QuestID) string {
	if int(q) < len(c.questNames) {
		return c.questNames[q]
	}
	return fmt.Sprintf("quest(%d)", q)
}

// IntrigueID returns the id of intrigue instance i, as the text and JSON
// forms name it: the card's id, with "#k" for the k-th copy
// ("crime-wave#2"). IntrigueByID reads it back; IntrigueDisplayName gives
// the name printed on the card.
func (c *Content) IntrigueID(i IntrigueID) string {
	if int(i) < len(c.intrigueNames) {
		return c.intrigueNames[i]
	}
	return fmt.Sprintf("intrigue(%d)", i)
}

// BuildingID returns the id of building tile instance b, as the text and
// JSON forms name it ("the-zoarstar"). BuildingByID reads it back;
// BuildingDisplayName gives the name printed on the tile.
func (c *Content) BuildingID(b BuildingID) string {
	if int(b) < len(c.tileNames) {
		return c.tileNames[b]
	}
	return fmt.Sprintf("building(%d)", b)
}

// instanceNames names instances by id, adding "#k" to the k-th copy of an
// id that has several.
func instanceNames(ids []string) []string {
	count := map[string]int{}
	for _, id := range ids {
		count[id]++
	}
	seen := map[string]int{}
	out := make([]string, len(ids))
	for i, id := range ids {
		seen[id]++
		out[i] = id
		if count[id] > 1 {
			out[i] = fmt.Sprintf("%s#%d", id, seen[id])
		}
	}
	return out
}

// FormatAction returns the canonical text form of an action with names
// from c (see ParseAction for the form): "p1 place cliffwatch-inn/2",
// "p3 complete domesticate-owlbears", "p2 play crime-wave#2", "p4 pick 1
// fighter, 1 rogue". A number stands for a quest, card, tile or space that
// c does not have.
func (c *Content) FormatAction(a Action) string {
	if a == nil {
		return "(no action)"
	}
	p := a.Actor().String()
	switch a := a.(type) {
	case PlaceAgent:
		return p + " place " + nameOr(c.spaceNames, int(a.Space))
	case ChooseSpace:
		return p + " choose space " + nameOr(c.spaceNames, int(a.Space))
	case CompleteQuest:
		return p + " complete " + c.questWord(int(a.Quest))
	case DiscardQuest:
		return p + " discard " + c.questWord(int(a.Quest))
	case CompleteMandatory:
		return p + " complete " + c.mandatoryWord(int(a.Card))
	case DiscardMandatory:
		if int(a.Card) < len(c.intrigue) && !c.mandatory.has(uint8(a.Card)) {
			// A card named alone after "discard" is discarded from the
			// hand unless it is a mandatory quest.
			return p + " discard mandatory " + nameOr(c.intrigueNames, int(a.Card))
		}
		return p + " discard " + c.mandatoryWord(int(a.Card))
	case DiscardIntrigue:
		return p + " discard intrigue " + nameOr(c.intrigueNames, int(a.Card))
	case TakeQuest:
		return p + " take " + nameOr(c.questNames, int(a.Quest))
	case ChooseBuilding:
		return p + " choose building " + nameOr(c.tileNames, int(a.Building))
	case PlayIntrigue:
		return p + " play " + nameOr(c.intrigueNames, int(a.Card))
	case ChooseResources:
		return p + " pick " + a.Pick.String()
	case Respond:
		if a.Accept {
			return p + " accept"
		}
		return p + " refuse"
	case Decline:
		return p + " decline"
	case ChoosePlayer:
		return p + " choose opponent " + a.Target.String()
	case ChooseQuestType:
		return p + " choose type " + a.Type.String()
	}
	return fmt.Sprintf("%s %T", p, a)
}

// nameOr returns names[i], or i as a number when there is no such name.
func nameOr(names []string, i int) string {
	if i < len(names) {
		return names[i]
	}
	return strconv.Itoa(i)
}

// questWord names quest q after "complete" or "discard": its name, with
// "quest" before it when an intrigue card has the same name or when c has
// no such quest (a bare number there is ambiguous).
func (c *Content) questWord(q int) string {
	if q < len(c.questNames) && !slices.Contains(c.intrigueNames, c.questNames[q]) {
		return c.questNames[q]
	}
	return "quest " + nameOr(c.questNames, q)
}

// mandatoryWord names mandatory quest card i after "complete" or
// "discard", as questWord names quests.
func (c *Content) mandatoryWord(i int) string {
	if i < len(c.intrigueNames) && !slices.Contains(c.questNames, c.intrigueNames[i]) {
		return c.intrigueNames[i]
	}
	return "mandatory " + nameOr(c.intrigueNames, i)
}

// Summary returns a few lines describing the public state of the game:
// round, scores, gold and taverns.
func (s State) Summary() string {
	var b strings.Builder
	fmt.Fprintf(&b, "round %d, first player p%d\n", s.Round(), s.first+1)
	for p := range PlayerID(s.numPlayers) {
		t := s.Tavern(p)
		fmt.Fprintf(&b, "  p%d: %3d VP  %2d gold  %dc %df %dr %dw  %d quests done, %d buildings\n",
			p+1, s.Score(p), s.Gold(p), t[0], t[1], t[2], t[3], s.players[p].completed.len(), s.players[p].buildings)
	}
	return b.String()
}
