package main

import (
	"fmt"
	"slices"
	"strings"

	"github.com/waterdeep-go/waterdeep"
	"github.com/waterdeep-go/waterdeep/buildings"
	"github.com/waterdeep-go/waterdeep/content"
	"github.com/waterdeep-go/waterdeep/intrigue"
)

// describe explains what m names: its title line, then its rules text
// and what it does, in labelled paragraphs.
func (g *game) describe(m waterdeep.NameMatch) string {
	c, w := g.c, g.width
	switch m.Kind {
	case waterdeep.NameQuest:
		q := c.Quest(waterdeep.QuestID(m.Index))
		s := fmt.Sprintf("%s: %s quest\n", q.Name, q.Type)
		if q.Text != q.Describe() {
			s += field("Text:", q.Text, w)
		}
		s += field("Needs:", q.Requires.Describe()+".", w)
		if r := q.Reward.Describe(); r != "" {
			s += field("Reward:", r+".", w)
		}
		if q.IsPlot() {
			s += field("Plot:", "From now on, "+q.Plot.Describe()+".", w)
		}
		return s + copies(q.Copies)
	case waterdeep.NameIntrigue:
		d := c.Intrigue(waterdeep.IntrigueID(m.Index))
		kind := d.Kind.String() + " intrigue card"
		if d.Kind == intrigue.Mandatory {
			kind = "mandatory quest (an intrigue card)"
		}
		s := fmt.Sprintf("%s: %s\n", d.Name, kind)
		s += field("Text:", d.Text, w)
		if d.Kind == intrigue.Mandatory {
			s += field("Played on:", "an opponent, who must complete it before any other quest.", w)
			s += field("Needs:", d.Requires.Describe()+".", w)
			if r := d.Reward.Describe(); r != "" {
				s += field("Reward:", r+".", w)
			}
		} else {
			s += field("Effect:", d.Effect.Describe()+".", w)
		}
		return s + copies(d.Copies)
	case waterdeep.NameBuilding:
		t := c.Building(waterdeep.BuildingID(m.Index))
		s := fmt.Sprintf("%s: building tile\n", t.Name)
		s += field("Text:", t.Text, w)
		s += field("Cost:", fmt.Sprintf("%d gold at Builder's Hall.", t.Cost), w)
		s += field("Action:", t.Action.Describe()+".", w)
		if o := ownerBenefit(t); o != "" {
			s += field("Owner:", "whenever another player assigns an agent here, the owner "+o+".", w)
		}
		if !t.Accumulate.IsZero() {
			s += field("Piles up:", t.Accumulate.Describe()+" when it is bought and at the start of each round.", w)
		}
		return s + copies(t.Copies) + g.whereTile(t)
	case waterdeep.NameSpace:
		sp := c.Space(waterdeep.SpaceID(m.Index))
		return fmt.Sprintf("%s: action space\n", c.SpaceDisplayName(waterdeep.SpaceID(m.Index))) + field("Text:", sp.Text, w) + field("Action:", sp.Description, w)
	case waterdeep.NameLord:
		l := c.Lord(waterdeep.LordID(m.Index))
		return fmt.Sprintf("%s: lord\n", l.Name) + field("Text:", l.Text, w) +
			field("Scores:", "At the end of the game, "+l.Describe()+".", w)
	}
	return m.Name + "\n"
}

func copies(n int) string {
	if n > 1 {
		return fmt.Sprintf("  (%d copies)\n", n)
	}
	return ""
}

// ownerBenefit is what the owner of t gets when another player visits
// it, as a clause after "the owner": "gains 1 rogue", "may take 1 cleric
// or 1 fighter"; "" if nothing.
func ownerBenefit(t buildings.Tile) string {
	switch {
	case len(t.Owner) == 0:
		return ""
	case len(t.Owner) == 1 && t.Owner[0].Kind == content.StepGain:
		return "gains " + t.Owner[0].Bundle.Describe()
	}
	d := t.Owner.Describe()
	return "gets: " + strings.ToLower(d[:1]) + d[1:]
}

// whereTile says where the copies of tile t are in this game: for sale
// with their VP, or owned with what is piled on them.
func (g *game) whereTile(t buildings.Tile) string {
	id := t.ID
	var where []string
	for _, t := range g.s.ForSale() {
		if g.c.Building(t.Building).ID == id {
			where = append(where, fmt.Sprintf("for sale in Builder's Hall with %d VP on it", t.VP))
		}
	}
	for _, sp := range g.s.View(waterdeep.Spectator).Spaces {
		if sp.Tile && sp.Owner != waterdeep.NoPlayer && g.c.Building(sp.Building).ID == id {
			where = append(where, fmt.Sprintf("built by p%d%s", sp.Owner+1, piled(t, sp.Stock)))
		}
	}
	if len(where) == 0 {
		where = append(where, "neither for sale nor built")
	}
	return field("Now:", strings.Join(where, "; ")+".", g.width)
}

// info answers "info NAME": the library's name lookup reads ids, printed
// names and unambiguous prefixes of either ("info foil").
func (g *game) info(name string) string {
	if strings.TrimSpace(name) == "" {
		return `Which card? Type "info" and a name as shown, such as "info Cliffwatch Inn" or "info the zoarstar".`
	}
	found := g.c.LookupName(name)
	if len(found) == 0 {
		msg := fmt.Sprintf("No quest, intrigue card, building, action space or lord is called %q.", shorten(name))
		if near := g.c.SuggestNames(name); len(near) > 0 {
			msg += " Did you mean " + names(near) + "?"
		}
		return msg
	}
	if len(found) > 1 && !oneBuilding(g.c, found) && !oneName(found) {
		return fmt.Sprintf("%q could be %s. Type more of the name.", shorten(name), names(found))
	}
	var b strings.Builder
	for _, m := range found {
		b.WriteString(g.describe(m))
	}
	return strings.TrimSuffix(b.String(), "\n")
}

// oneBuilding reports whether every match is a space of one building (the
// three of Cliffwatch Inn): "info" explains them all.
func oneBuilding(c *waterdeep.Content, ms []waterdeep.NameMatch) bool {
	for _, m := range ms {
		if m.Kind != waterdeep.NameSpace || c.SpaceBuilding(waterdeep.SpaceID(m.Index)) != c.SpaceBuilding(waterdeep.SpaceID(ms[0].Index)) {
			return false
		}
	}
	return true
}

// oneName reports whether every match has the same printed name (a quest
// and an intrigue card may share one): "info" explains them all.
func oneName(ms []waterdeep.NameMatch) bool {
	for _, m := range ms {
		if !strings.EqualFold(m.Name, ms[0].Name) {
			return false
		}
	}
	return true
}

// names lists matches by printed name, "a, b or c", at most six.
func names(ms []waterdeep.NameMatch) string {
	var s []string
	for _, m := range ms {
		if !slices.Contains(s, m.Name) {
			s = append(s, m.Name)
		}
	}
	if len(s) > 6 {
		s = append(s[:6], fmt.Sprintf("%d more", len(s)-6))
	}
	return joinOr(s)
}
