package waterdeep

import (
	"fmt"
	"strings"

	"github.com/waterdeep-go/waterdeep/internal/english"
)

// FormatView returns a readable multi-line summary of a view for a
// terminal: the round and who is asked what, Cliffwatch Inn (each quest's
// requirement, reward and plot effect), Builder's Hall (each tile's cost,
// VP on it, action and owner benefit), each seat's score, gold, tavern, quests and buildings, the
// viewer's hand and lord (and every lord once the game is over), the
// agents and placed resources on the spaces, the corruption track
// (Skullport) and the viewer's legal actions. Players are
// numbered from 1, as in FormatAction; hidden things appear as counts.
func (c *Content) FormatView(v View) string {
	var b strings.Builder
	who := "spectator"
	if v.Viewer != Spectator {
		who = fmt.Sprintf("p%d", v.Viewer+1)
	}
	game := fmt.Sprintf("%d players", v.Players)
	if v.Modules != 0 {
		game += ", " + v.Modules.String()
	}
	if v.Long {
		game += ", long game"
	}
	switch {
	case v.Over:
		fmt.Fprintf(&b, "Game over after round %d (%s, view of %s)\n", v.Round, game, who)
	default:
		fmt.Fprintf(&b, "Round %d of %d (%s, view of %s), first player p%d\n", v.Round, rounds, game, who, v.First+1)
		d := v.Decision
		fmt.Fprintf(&b, "  p%d to act: %s", v.ToAct+1, d.Kind)
		if d.Purpose != "" {
			fmt.Fprintf(&b, " (%s)", d.Purpose)
		}
		if d.Source != "" {
			fmt.Fprintf(&b, " for %s", d.Source)
		}
		if d.Kind == ChooseAdventurersDecision {
			var kinds []string
			for k := range Adventurer(NumAdventurers) {
				if d.Kinds.Has(k) {
					kinds = append(kinds, k.String())
				}
			}
			fmt.Fprintf(&b, ": %d of %s", d.Count, strings.Join(kinds, "/"))
		}
		if d.Optional {
			b.WriteString(", may decline")
		}
		b.WriteString("\n")
	}

	b.WriteString("Cliffwatch Inn:\n")
	for _, q := range v.Cliffwatch {
		fmt.Fprintf(&b, "  %s\n", c.formatQuest(q))
	}
	for _, q := range v.Revealed {
		fmt.Fprintf(&b, "  revealed: %s\n", c.formatQuest(q))
	}
	b.WriteString("Builder's Hall:\n")
	for _, t := range v.ForSale {
		tile := c.Building(t.Building)
		fmt.Fprintf(&b, "  %s (%s): %d VP on it. %s\n", c.BuildingID(t.Building), tile.Name, t.VP, tile.Describe())
	}
	fmt.Fprintf(&b, "Decks: %s (%d discarded), %s (%d discarded), %s\n",
		english.Count(v.QuestDeck, "quest", "quests"), len(v.QuestDiscard), english.Count(v.IntrigueDeck, "intrigue card", "intrigue cards"),
		len(v.IntrigueDiscard), english.Count(v.BuildingStack, "building", "buildings"))
	if n := v.RemovedQuests + v.RemovedIntrigue + v.RemovedBuildings; n > 0 {
		fmt.Fprintf(&b, "Removed before setup (hidden): %s, %s, %s\n", english.Count(v.RemovedQuests, "quest", "quests"),
			english.Count(v.RemovedIntrigue, "intrigue card", "intrigue cards"), english.Count(v.RemovedBuildings, "building", "buildings"))
	}
	fmt.Fprintf(&b, "Supply: %s\n", formatCubes(v.Supply))
	if v.Caravans != [NumAdventurers]int{} {
		fmt.Fprintf(&b, "Caravans (adventurers beyond the cubes): %s\n", formatCubes(v.Caravans))
	}
	if v.Modules.Has(Skullport) {
		fmt.Fprintf(&b, "Corruption track (-1 to -9): %v, %d removed; each token costs %d VP now\n",
			v.Track, v.CorruptionRemoved, v.CorruptionValue)
	}
	if v.AmbassadorHolder != NoPlayer {
		fmt.Fprintf(&b, "Ambassador: held by p%d", v.AmbassadorHolder+1)
		if v.AmbassadorPlaced {
			fmt.Fprintf(&b, ", on %s", c.SpaceID(v.AmbassadorSpace))
		}
		b.WriteString("\n")
	}

	for _, s := range v.Seats {
		mark := ""
		if s.Seat == v.Viewer {
			mark = " (you)"
		}
		corruption := ""
		if v.Modules.Has(Skullport) {
			corruption = fmt.Sprintf(", %d corruption", s.Corruption)
		}
		fmt.Fprintf(&b, "p%d%s: %d VP, %d gold, %s%s, agents %d/%d, %s\n",
			s.Seat+1, mark, s.Score, s.Gold, formatCubes(s.Tavern), corruption, s.Pool, s.Agents,
			english.Count(s.HandSize, "intrigue card", "intrigue cards"))
		if s.LordKnown {
			l := c.Lord(s.Lord)
			fmt.Fprintf(&b, "  lord: %s (%s)\n", l.Name, l.ID)
		}
		if s.Seat == v.Viewer && len(s.Hand) > 0 {
			names := make([]string, len(s.Hand))
			for i, h := range s.Hand {
				names[i] = c.IntrigueID(h)
			}
			fmt.Fprintf(&b, "  hand: %s\n", strings.Join(names, ", "))
		}
		for _, q := range s.Active {
			fmt.Fprintf(&b, "  quest: %s\n", c.formatQuest(q))
		}
		for _, m := range s.Mandatory {
			fmt.Fprintf(&b, "  mandatory: %s: %s\n", c.IntrigueID(m), c.Intrigue(m).Describe())
		}
		if len(s.Completed) > 0 {
			names := make([]string, len(s.Completed))
			for i, q := range s.Completed {
				names[i] = c.QuestID(q)
			}
			fmt.Fprintf(&b, "  completed: %s\n", strings.Join(names, ", "))
		}
		if len(s.Buildings) > 0 {
			names := make([]string, len(s.Buildings))
			for i, t := range s.Buildings {
				names[i] = c.BuildingID(t)
			}
			fmt.Fprintf(&b, "  buildings: %s\n", strings.Join(names, ", "))
		}
	}

	var placed []string
	for _, sp := range v.Spaces {
		var on []string
		if sp.Ambassador {
			on = append(on, "Ambassador")
		}
		for _, p := range sp.Agents {
			on = append(on, fmt.Sprintf("p%d", p+1))
		}
		stock := ""
		if sp.Stock > 0 {
			stock = fmt.Sprintf(" [%d on it]", sp.Stock)
		}
		if sp.Placed != (Bundle{}) || sp.PlacedCorruption > 0 {
			stock += " [placed: " + describeLying(sp.Placed, sp.PlacedCorruption) + "]"
		}
		if len(on) > 0 || stock != "" {
			placed = append(placed, fmt.Sprintf("  %s: %s", c.SpaceID(sp.Space), strings.TrimSpace(strings.Join(on, ", ")+stock)))
		}
	}
	if len(placed) > 0 {
		b.WriteString("Agents and what lies on spaces:\n")
		b.WriteString(strings.Join(placed, "\n"))
		b.WriteString("\n")
	}
	if len(v.Legal) > 0 {
		b.WriteString("Your choices:\n")
		for _, a := range v.Legal {
			fmt.Fprintf(&b, "  %s\n", c.FormatAction(a))
		}
	}
	return b.String()
}

// formatQuest returns a quest's name, type and description: requirement,
// full reward and plot effect.
func (c *Content) formatQuest(q QuestID) string {
	d := c.Quest(q)
	return fmt.Sprintf("%s (%s): %s", c.QuestID(q), d.Type, d.Describe())
}

func formatCubes(t [NumAdventurers]int) string {
	return fmt.Sprintf("%dc %df %dr %dw", t[Cleric], t[Fighter], t[Rogue], t[Wizard])
}
