package waterdeep

import (
	"fmt"
	"strings"
)

// QuestName returns the text name of quest instance q: its id, with "#k"
// for the k-th copy of a quest that has several.
func (c *Content) QuestName(q QuestID) string {
	if int(q) < len(c.questNames) {
		return c.questNames[q]
	}
	return fmt.Sprintf("quest(%d)", q)
}

// IntrigueName returns the text name of intrigue instance i: the card's id,
// with "#k" for the k-th copy ("crime-wave#2").
func (c *Content) IntrigueName(i IntrigueID) string {
	if int(i) < len(c.intrigueNames) {
		return c.intrigueNames[i]
	}
	return fmt.Sprintf("intrigue(%d)", i)
}

// BuildingName returns the text name of tile instance b.
func (c *Content) BuildingName(b BuildingID) string {
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

// FormatAction returns the text form of an action with names instead of
// numbers: "p1 place cliffwatch-inn/2", "p3 complete domesticate-owlbears",
// "p2 play crime-wave#2", "p4 pick 0c1f1r0w". Players are numbered from 1.
func (c *Content) FormatAction(a Action) string {
	if a == nil {
		return "(no action)"
	}
	p := fmt.Sprintf("p%d", int(a.Actor())+1)
	switch a := a.(type) {
	case PlaceAgent:
		return p + " place " + c.SpaceName(a.Space)
	case CompleteQuest:
		return p + " complete " + c.QuestName(a.Quest)
	case CompleteMandatory:
		return p + " complete " + c.IntrigueName(a.Card)
	case TakeQuest:
		return p + " take " + c.QuestName(a.Quest)
	case ChooseBuilding:
		return p + " building " + c.BuildingName(a.Building)
	case PlayIntrigue:
		return p + " play " + c.IntrigueName(a.Card)
	case ChooseResources:
		return p + " pick " + a.Pick.String()
	case ChooseSpace:
		return p + " space " + c.SpaceName(a.Space)
	case DiscardQuest:
		return p + " discard " + c.QuestName(a.Quest)
	case DiscardMandatory:
		return p + " discard " + c.IntrigueName(a.Card)
	}
	return a.String()
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
