package main

import (
	"fmt"
	"strings"

	"github.com/waterdeep-go/waterdeep"
	"github.com/waterdeep-go/waterdeep/buildings"
	"github.com/waterdeep-go/waterdeep/content"
)

// board returns what the view's viewer may see, as text wrapped to width:
// the round and decks, Cliffwatch Inn, Builder's Hall with each tile's
// price, the buildings in play with their owners and what is piled on
// them, where the agents stand, the corruption track and the resources
// lying on spaces (public facts, read from the state s), and each seat
// (the viewer's own hand and lord included, and with Skullport its
// corruption tokens). The choices are left to the prompt, which numbers
// them.
func board(v waterdeep.View, st waterdeep.State, width int) string {
	c := v.Content()
	var b strings.Builder
	para := func(s string) { b.WriteString(wrap("  ", "      ", s, width)) }
	if v.Over {
		fmt.Fprintf(&b, "Game over after round %d.\n", v.Round)
	} else {
		fmt.Fprintf(&b, "Round %d of 8, first player p%d.\n", v.Round, v.First+1)
	}
	count := func(n int, one string) string { return plural(n, one, one+"s") }
	b.WriteString(wrap("", "  ", fmt.Sprintf("Decks: %s, %s, %s (discarded: %s, %s)",
		count(v.QuestDeck, "quest"), count(v.IntrigueDeck, "intrigue card"), count(v.BuildingStack, "building"),
		count(len(v.QuestDiscard), "quest"), count(len(v.IntrigueDiscard), "intrigue card")), width))
	fmt.Fprintf(&b, "Supply: %s (c cleric, f fighter, r rogue, w wizard)\n", cubes(v.Supply))

	b.WriteString("Cliffwatch Inn:\n")
	for _, q := range v.Cliffwatch {
		para(questText(c, q))
	}
	for _, q := range v.Revealed {
		para("revealed: " + questText(c, q))
	}

	b.WriteString("Builder's Hall (price, VP on the tile, what it does):\n")
	for _, t := range v.ForSale {
		tile := c.Building(t.Building)
		para(fmt.Sprintf("%s: %d gold, %s on it. %s", c.Building(t.Building).Name, tile.Cost, vp(t.VP), tileAction(tile)))
	}
	if len(v.ForSale) == 0 {
		para("nothing for sale")
	}

	var owned, agents []string
	for _, sp := range v.Spaces {
		var on []string
		if sp.Ambassador {
			on = append(on, "the Ambassador")
		}
		for _, p := range sp.Agents {
			on = append(on, fmt.Sprintf("p%d", p+1))
		}
		if len(on) > 0 {
			agents = append(agents, c.SpaceDisplayName(sp.Space)+": "+strings.Join(on, ", "))
		}
		if sp.Tile && sp.Owner != waterdeep.NoPlayer {
			tile := c.Building(sp.Building)
			owned = append(owned, fmt.Sprintf("%s (p%d's%s): %s", c.Building(sp.Building).Name, sp.Owner+1, piled(tile, sp.Stock), tileAction(tile)))
		}
	}
	if len(owned) > 0 {
		b.WriteString("Buildings in play (owner, what is piled on it, what it does):\n")
		for _, o := range owned {
			para(o)
		}
	}
	if len(agents) > 0 {
		b.WriteString(wrap("Agents: ", "  ", strings.Join(agents, "; ")+".", width))
	}
	if v.AmbassadorHolder != waterdeep.NoPlayer && !v.AmbassadorPlaced {
		fmt.Fprintf(&b, "The Ambassador is with p%d.\n", v.AmbassadorHolder+1)
	}
	skullport := st.Modules().Has(waterdeep.Skullport)
	if skullport {
		b.WriteString(wrap("", "  ", corruptionText(st), width))
	}
	if placed := st.Placed(); len(placed) > 0 {
		b.WriteString("Lying on action spaces (taken by the next agent assigned there):\n")
		for _, r := range placed {
			para(c.SpaceDisplayName(r.Space) + ": " + placedText(r))
		}
	}

	for _, s := range v.Seats {
		mark := ""
		if s.Seat == v.Viewer {
			mark = " (you)"
		}
		corrupt := ""
		if skullport {
			corrupt = ", " + plural(st.Corruption(s.Seat), "corruption token", "corruption tokens")
		}
		b.WriteString(wrap("", "  ", fmt.Sprintf("p%d%s: %s, %d gold, tavern %s%s, %d of %d agents left, %s",
			s.Seat+1, mark, vp(s.Score), s.Gold, cubes(s.Tavern), corrupt, s.Pool, s.Agents, plural(s.HandSize, "intrigue card", "intrigue cards")), width))
		if s.LordKnown {
			l := c.Lord(s.Lord)
			para(fmt.Sprintf("lord: %s: at the end, %s.", l.Name, l.Describe()))
		}
		if s.Seat == v.Viewer && len(s.Hand) > 0 {
			names := make([]string, len(s.Hand))
			for i, h := range s.Hand {
				names[i] = c.Intrigue(h).Name
			}
			para("hand: " + strings.Join(names, ", "))
		}
		for _, q := range s.Active {
			para("quest: " + questText(c, q))
		}
		for _, m := range s.Mandatory {
			para(fmt.Sprintf("mandatory quest: %s: %s", c.Intrigue(m).Name, c.Intrigue(m).Describe()))
		}
		if len(s.Completed) > 0 {
			names := make([]string, len(s.Completed))
			for i, q := range s.Completed {
				names[i] = c.Quest(q).Name
			}
			para("completed: " + strings.Join(names, ", "))
		}
		if len(s.Buildings) > 0 {
			names := make([]string, len(s.Buildings))
			for i, t := range s.Buildings {
				names[i] = c.Building(t).Name
			}
			para("buildings: " + strings.Join(names, ", "))
		}
	}
	return b.String()
}

// questText is a quest's name, type, requirement, reward and plot.
func questText(c *waterdeep.Content, q waterdeep.QuestID) string {
	d := c.Quest(q)
	return fmt.Sprintf("%s (%s): %s", c.Quest(q).Name, d.Type, d.Describe())
}

// tileAction is what a tile does for whoever visits it and for its owner,
// and what piles up on it: its Describe without the price.
func tileAction(t buildings.Tile) string {
	return strings.TrimPrefix(t.Describe(), fmt.Sprintf("Costs %d gold. ", t.Cost))
}

// piled says what has accumulated on tile t ("; 2 rogues on it"), or
// nothing for a tile on which nothing accumulates.
func piled(t buildings.Tile, n int) string {
	a := t.Accumulate
	if a.IsZero() {
		return ""
	}
	var s content.Bundle
	switch {
	case a.Cleric > 0:
		s.Cleric = n
	case a.Fighter > 0:
		s.Fighter = n
	case a.Rogue > 0:
		s.Rogue = n
	case a.Wizard > 0:
		s.Wizard = n
	case a.Gold > 0:
		s.Gold = n
	default:
		s.VP = n
	}
	return "; " + s.Describe() + " on it"
}

func vp(n int) string { return fmt.Sprintf("%d VP", n) }

func cubes(t [waterdeep.NumAdventurers]int) string {
	return fmt.Sprintf("%dc %df %dr %dw", t[waterdeep.Cleric], t[waterdeep.Fighter], t[waterdeep.Rogue], t[waterdeep.Wizard])
}

// corruptionText describes the corruption track: the tokens on each space
// from -1 to -9, what each token in a tavern would cost if the game ended
// now, and the tokens removed from the game.
func corruptionText(s waterdeep.State) string {
	track := s.Track()
	spaces := make([]string, len(track))
	for i, n := range track {
		spaces[i] = fmt.Sprintf("-%d:%d", i+1, n)
	}
	t := fmt.Sprintf("Corruption track (tokens on each space): %s; a corruption token now costs %s at the end",
		strings.Join(spaces, " "), vp(s.CorruptionValue()))
	if n := s.CorruptionRemoved(); n > 0 {
		t += fmt.Sprintf("; %s removed from the game", plural(n, "token", "tokens"))
	}
	return t + "."
}

// placedText says what lies on a space: "2 gold and 1 corruption token".
func placedText(r waterdeep.PlacedResources) string {
	var what []string
	if !r.Resources.IsZero() {
		what = append(what, r.Resources.Describe())
	}
	if r.Corruption > 0 {
		what = append(what, plural(r.Corruption, "corruption token", "corruption tokens"))
	}
	return joinAnd(what)
}
