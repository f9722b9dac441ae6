package waterdeep

import (
	"fmt"
	"strings"

	"github.com/waterdeep-go/waterdeep/content"
)

// A refusal for want of adventurers or gold (CannotAfford) says the price
// and what the player has, where the action names it: "Domesticate
// Owlbears needs 1 cleric and 2 wizards; you have 1 cleric and 4 gold.",
// "Caravan Court costs 4 gold; you have 2 gold.", "That needs 1 rogue;
// you have no adventurers." Other refusals keep their Reason's sentence.

// refuse returns the error refusing action a for reason r, with the price
// in its Detail where r is CannotAfford (see above). It is on the path of
// a refused action only.
func (s *State) refuse(a Action, r Reason) error {
	err := illegal(s.c, a, r)
	if r != CannotAfford || a == nil || s.c == nil {
		return err
	}
	if d := s.priceDetail(a); d != "" {
		err.(*IllegalActionError).Detail = d
	}
	return err
}

// priceDetail says what action a needs and what its player has, or "".
func (s *State) priceDetail(a Action) string {
	p := a.Actor()
	if int(p) >= int(s.numPlayers) {
		return ""
	}
	t := s.Tavern(p)
	have := content.Bundle{Cleric: t[0], Fighter: t[1], Rogue: t[2], Wizard: t[3], Gold: s.Gold(p)}
	has := have.Describe()
	if has == "" || have == (content.Bundle{}) {
		has = "nothing"
	}
	switch a := a.(type) {
	case CompleteQuest:
		if int(a.Quest) < len(s.c.quests) {
			q := s.c.Quest(a.Quest)
			return fmt.Sprintf("%s needs %s; you have %s.", q.Name, q.Requires.Describe(), has)
		}
	case CompleteMandatory:
		if int(a.Card) < len(s.c.intrigue) {
			q := s.c.Intrigue(a.Card)
			return fmt.Sprintf("%s needs %s; you have %s.", q.Name, q.Requires.Describe(), has)
		}
	case ChooseBuilding:
		if int(a.Building) < len(s.c.tiles) {
			b := s.c.Building(a.Building)
			return fmt.Sprintf("%s costs %d gold; you have %d gold.", b.Name, b.Cost, s.Gold(p))
		}
	case Respond:
		if d := s.Pending(); d.Give != (Bundle{}) {
			return fmt.Sprintf("That needs %s; you have %s.", d.Give.Describe(), has)
		}
	case ChooseSpace:
		if s.Corruption(p) == 0 {
			return "You hold no corruption token."
		}
	case PlaceAgent:
		if int(a.Space) < len(s.c.spaces) {
			sp := s.c.Space(a.Space)
			return fmt.Sprintf("You cannot pay for %s's action (%s); you have %s.", s.c.SpaceDisplayName(a.Space), strings.TrimSuffix(sp.Description, "."), has)
		}
	}
	return ""
}
