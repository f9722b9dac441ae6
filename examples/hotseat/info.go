package main

import (
	"fmt"
	"slices"
	"strings"
	"unicode"

	"github.com/waterdeep-go/waterdeep"
	"github.com/waterdeep-go/waterdeep/buildings"
	"github.com/waterdeep-go/waterdeep/content"
	"github.com/waterdeep-go/waterdeep/intrigue"
)

// card is something "info" can explain: a quest, an intrigue card, a
// building tile, an action space of a basic building or a lord.
type card struct {
	kind string
	// keys are the normalized names it answers to: its id and its
	// printed name.
	keys []string
	// title is the line that names it.
	title    string
	describe func(g *game) string
}

// key normalizes a name as typed: lower case, apostrophes dropped, runs
// of spaces, underscores and other punctuation made one "-", and a copy
// suffix ("#2") removed, so that "Jesters' Court", "jesters_court" and
// "jesters-court#2" are the same.
func key(s string) string {
	if i := strings.IndexByte(s, '#'); i >= 0 {
		s = s[:i]
	}
	var b strings.Builder
	dash := false
	for _, r := range strings.ToLower(s) {
		switch {
		case r == '\'' || r == '’':
		case unicode.IsLetter(r) || unicode.IsDigit(r) || r == '/':
			if dash && b.Len() > 0 {
				b.WriteByte('-')
			}
			dash = false
			b.WriteRune(r)
		default:
			dash = true
		}
	}
	return b.String()
}

// cards lists every card of the game's content once.
func (g *game) cards() []card {
	if g.catalog != nil {
		return g.catalog
	}
	c := g.c
	var out []card
	seen := map[string]bool{}
	once := func(kind, id string) bool {
		k := kind + " " + id
		if seen[k] {
			return false
		}
		seen[k] = true
		return true
	}
	for i := range c.NumQuests() {
		q := c.Quest(waterdeep.QuestID(i))
		if !once("quest", q.ID) {
			continue
		}
		out = append(out, card{kind: "quest", keys: []string{key(q.ID), key(q.Name)},
			title: fmt.Sprintf("%s (%s): %s quest", q.Name, q.ID, q.Type),
			describe: func(g *game) string {
				w := g.width
				s := field("Needs:", q.Requires.Describe()+".", w)
				if r := q.Reward.Describe(); r != "" {
					s += field("Reward:", r+".", w)
				}
				if q.IsPlot() {
					s += field("Plot:", "From now on, "+q.Plot.Describe()+".", w)
				}
				if q.Text != q.Describe() {
					s = field("Text:", q.Text, w) + s
				}
				return s + copies(q.Copies)
			}})
	}
	for i := range c.NumIntrigue() {
		d := c.Intrigue(waterdeep.IntrigueID(i))
		if !once("intrigue", d.ID) {
			continue
		}
		out = append(out, card{kind: "intrigue card", keys: []string{key(d.ID), key(d.Name)},
			title: fmt.Sprintf("%s (%s): %s intrigue card", d.Name, d.ID, d.Kind),
			describe: func(g *game) string {
				w := g.width
				s := field("Text:", d.Text, w)
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
			}})
	}
	for i := range c.NumBuildings() {
		b := waterdeep.BuildingID(i)
		t := c.Building(b)
		if !once("building", t.ID) {
			continue
		}
		out = append(out, card{kind: "building", keys: []string{key(t.ID), key(t.Name)},
			title: fmt.Sprintf("%s (%s): building tile", t.Name, t.ID),
			describe: func(g *game) string {
				w := g.width
				s := field("Text:", t.Text, w)
				s += field("Cost:", fmt.Sprintf("%d gold at Builder's Hall.", t.Cost), w)
				s += field("Action:", t.Action.Describe()+".", w)
				if o := ownerBenefit(t); o != "" {
					s += field("Owner:", "whenever another player assigns an agent here, the owner "+o+".", w)
				}
				if !t.Accumulate.IsZero() {
					s += field("Piles up:", t.Accumulate.Describe()+" when it is bought and at the start of each round.", w)
				}
				return s + copies(t.Copies) + g.whereTile(t)
			}})
	}
	for i := range c.NumSpaces() {
		sp := c.Space(waterdeep.SpaceID(i))
		if sp.Tile {
			continue // explained with its tile
		}
		keys := []string{key(sp.ID), key(sp.Building)}
		if j := strings.IndexByte(sp.ID, '/'); j >= 0 {
			keys = append(keys, key(sp.ID[:j]))
		}
		out = append(out, card{kind: "action space", keys: keys,
			title: fmt.Sprintf("%s (%s): action space", sp.Building, sp.ID),
			describe: func(g *game) string {
				return field("Text:", sp.Text, g.width) + field("Action:", sp.Description, g.width)
			}})
	}
	for i := range c.NumLords() {
		l := c.Lord(waterdeep.LordID(i))
		out = append(out, card{kind: "lord", keys: []string{key(l.ID), key(l.Name)},
			title: fmt.Sprintf("%s (%s): lord", l.Name, l.ID),
			describe: func(g *game) string {
				return field("Text:", l.Text, g.width) + field("Scores:", "At the end of the game, "+l.Describe()+".", g.width)
			}})
	}
	g.catalog = out
	return out
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

// info answers "info NAME".
func (g *game) info(name string) string {
	k := key(name)
	if k == "" {
		return `Which card? Type "info" and a name as shown, such as "info cliffwatch-inn" or "info the zoarstar".`
	}
	var b strings.Builder
	for _, c := range g.cards() {
		if slices.Contains(c.keys, k) {
			b.WriteString(c.title + "\n" + c.describe(g))
		}
	}
	if b.Len() > 0 {
		return strings.TrimSuffix(b.String(), "\n")
	}
	msg := fmt.Sprintf("No quest, intrigue card, building, action space or lord is called %q.", shorten(name))
	if s := g.suggest(k); len(s) > 0 {
		msg += " Did you mean " + orList(s) + "?"
	}
	return msg
}

// suggest returns up to four names close to k: those that start with it,
// then those that contain it, then those a few typing mistakes away (a
// leading "the" aside).
func (g *game) suggest(k string) []string {
	type cand struct {
		name  string
		score int
	}
	var cs []cand
	seen := map[string]bool{}
	for _, c := range g.cards() {
		name := c.keys[0]
		if seen[name] {
			continue
		}
		best := -1
		for _, ck := range c.keys {
			for _, ck := range []string{ck, strings.TrimPrefix(ck, "the-")} {
				d := 10 + distance(k, ck)
				switch {
				case len(k) < 3:
				case strings.HasPrefix(ck, k):
					d = 0
				case strings.Contains(ck, k):
					d = 1
				}
				if best < 0 || d < best {
					best = d
				}
			}
		}
		if best <= 10+max(2, len(k)/4) {
			seen[name] = true
			cs = append(cs, cand{name, best})
		}
	}
	slices.SortStableFunc(cs, func(a, b cand) int { return a.score - b.score })
	var out []string
	for i := 0; i < len(cs) && i < 4; i++ {
		out = append(out, cs[i].name)
	}
	return out
}

func orList(s []string) string {
	if len(s) == 1 {
		return s[0]
	}
	return strings.Join(s[:len(s)-1], ", ") + " or " + s[len(s)-1]
}

// distance is the Levenshtein distance between a and b, in bytes.
func distance(a, b string) int {
	prev := make([]int, len(b)+1)
	cur := make([]int, len(b)+1)
	for j := range prev {
		prev[j] = j
	}
	for i := 1; i <= len(a); i++ {
		cur[0] = i
		for j := 1; j <= len(b); j++ {
			cost := 1
			if a[i-1] == b[j-1] {
				cost = 0
			}
			cur[j] = min(prev[j]+1, cur[j-1]+1, prev[j-1]+cost)
		}
		prev, cur = cur, prev
	}
	return prev[len(b)]
}
