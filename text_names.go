package waterdeep

import (
	"fmt"
	"slices"
	"strconv"
	"strings"
	"unicode"
)

// NameKind says what a name names: a quest, an intrigue card, a building
// tile, an action space of a building printed on a board, or a lord.
type NameKind uint8

// The kinds of thing a name names.
const (
	NameQuest NameKind = iota + 1
	NameIntrigue
	NameBuilding
	NameSpace
	NameLord
)

var nameKindWords = [...]string{"", "quest", "intrigue card", "building", "space", "lord"}

// String returns the kind in words: "quest", "intrigue card", "building",
// "space" or "lord".
func (k NameKind) String() string {
	if int(k) < len(nameKindWords) && k != 0 {
		return nameKindWords[k]
	}
	return "name"
}

// NameMatch is one thing that a name typed by a person names (see
// Content.LookupName).
type NameMatch struct {
	Kind NameKind
	// Index is the QuestID, IntrigueID, BuildingID, SpaceID or LordID; for
	// a card with several copies, the first copy's.
	Index int
	// ID is the id that the canonical text form uses, without a copy
	// number ("crime-wave", "cliffwatch-inn/2"); Name the display name
	// ("Crime Wave", "Cliffwatch Inn (2)").
	ID, Name string
}

// LookupName returns what text names among the content's quests, intrigue
// cards, building tiles, action spaces of the boards' buildings (a tile's
// space is named by its tile) and lords, reading text as the action parser
// reads names: an id or a display name, or an unambiguous prefix of
// either, in any case, with punctuation and the articles "the", "a" and
// "an" ignored ("The Plinth", "plinth", "castle waterdeep", "foil" for
// Foil the Zhentarim). A card with several copies is one match. It
// returns the exact matches if there are any, else those that text
// begins, else those whose words text's words begin in order ("harbor 2"
// for Waterdeep Harbor (2)); nil when nothing matches, and for text longer
// than MaxActionTextSize, which no name is (so that its cost is bounded).
func (c *Content) LookupName(text string) []NameMatch {
	if len(text) > MaxActionTextSize {
		return nil
	}
	ix := c.nameIndex()
	k := nameKey(text)
	if k == "" {
		return nil
	}
	var out []NameMatch
	best := tierNone
	for _, l := range []*nameList{&ix.quests, &ix.intrigue, &ix.tiles, &ix.spaces, &ix.lords} {
		tier, hits := l.match(k)
		if tier == tierNone || tier > best {
			continue
		}
		if tier < best {
			out, best = out[:0], tier
		}
		for _, i := range hits {
			if l.kind == NameSpace && c.spaces[i].tile != none {
				continue // a tile's space: the tile names it
			}
			m := NameMatch{Kind: l.kind, Index: i, ID: l.base[i], Name: l.display[i]}
			if !slices.ContainsFunc(out, func(o NameMatch) bool { return o.Kind == m.Kind && o.ID == m.ID }) {
				out = append(out, m)
			}
		}
	}
	return out
}

// SuggestNames returns the things whose id or display name is a few
// typing mistakes from text ("plinht" for The Plinth), for a "did you
// mean" when LookupName finds nothing; nil when none is close.
func (c *Content) SuggestNames(text string) []NameMatch {
	ix := c.nameIndex()
	k := nameKey(text)
	if k == "" {
		return nil
	}
	var out []NameMatch
	for _, l := range []*nameList{&ix.quests, &ix.intrigue, &ix.tiles, &ix.spaces, &ix.lords} {
		for _, i := range l.near(k) {
			if l.kind == NameSpace && c.spaces[i].tile != none {
				continue
			}
			m := NameMatch{Kind: l.kind, Index: i, ID: l.base[i], Name: l.display[i]}
			if !slices.ContainsFunc(out, func(o NameMatch) bool { return o.Kind == m.Kind && o.ID == m.ID }) {
				out = append(out, m)
			}
		}
	}
	return out
}

// SpaceDisplayName returns the name of an action space for people: its
// building's name, with the space's number when the building has several
// ("Cliffwatch Inn (2)", "The Plinth", "The Tower of Luck"); SpaceID gives
// its id.
func (c *Content) SpaceDisplayName(s SpaceID) string {
	ix := c.nameIndex()
	if int(s) < len(ix.spaces.display) {
		return ix.spaces.display[s]
	}
	return c.SpaceID(s)
}

// QuestDisplayName returns the name printed on quest instance q's card
// ("Domesticate Owlbears"), the same for every copy; QuestID gives its id.
func (c *Content) QuestDisplayName(q QuestID) string { return c.questDisplay(q) }

// IntrigueDisplayName returns the name printed on intrigue instance i's
// card ("Crime Wave"), the same for every copy; IntrigueID gives its id.
func (c *Content) IntrigueDisplayName(i IntrigueID) string { return c.intrigueDisplay(i) }

// BuildingDisplayName returns the name printed on building tile instance
// b ("The Zoarstar"); BuildingID gives its id.
func (c *Content) BuildingDisplayName(b BuildingID) string { return c.tileDisplay(b) }

// LordID returns the id of lord l, as the text and JSON forms name it
// ("durnan-the-wanderer"); LordByID reads it back.
func (c *Content) LordID(l LordID) string {
	if int(l) < len(c.lords) {
		return c.lords[l].ID
	}
	return fmt.Sprintf("lord(%d)", l)
}

// LordDisplayName returns the name printed on lord l's card ("Durnan the
// Wanderer"); LordID gives its id.
func (c *Content) LordDisplayName(l LordID) string {
	if int(l) < len(c.lords) {
		return c.lords[l].Name
	}
	return c.LordID(l)
}

// questDisplay, intrigueDisplay and tileDisplay are the display names of
// instances, without copy numbers.
func (c *Content) questDisplay(q QuestID) string {
	if int(q) < len(c.quests) {
		return c.quests[q].Name
	}
	return c.QuestID(q)
}

func (c *Content) intrigueDisplay(i IntrigueID) string {
	if int(i) < len(c.intrigue) {
		return c.intrigue[i].Name
	}
	return c.IntrigueID(i)
}

func (c *Content) tileDisplay(b BuildingID) string {
	if int(b) < len(c.tiles) {
		return c.tiles[b].Name
	}
	return c.BuildingID(b)
}

// nameIndex returns the content's names as the parser matches them,
// made at first use.
func (c *Content) nameIndex() *names {
	c.namesOnce.Do(func() { c.names = c.makeNames() })
	return c.names
}

// names holds, for each kind of thing an action or "info" names, the
// normalized keys of every instance.
type names struct {
	quests, intrigue, tiles, spaces, lords nameList
}

// nameList is the names of one kind's instances: ids (with copy numbers,
// as the text form writes them), ids without copy numbers, display names,
// and the normalized keys that match each.
type nameList struct {
	kind    NameKind
	ids     []string // "crime-wave#2"
	base    []string // "crime-wave"
	display []string // "Crime Wave"
	// full are the keys that name the instance itself ("crime wave 2");
	// whole those that name the card, any copy ("crime wave").
	full, whole [][]string
}

func (c *Content) makeNames() *names {
	ix := &names{}
	add := func(l *nameList, kind NameKind, ids, display []string) {
		l.kind = kind
		l.ids, l.display = ids, display
		for i, id := range ids {
			base, copyNo, _ := strings.Cut(id, "#")
			l.base = append(l.base, base)
			whole := uniqueKeys(nameKey(base), nameKey(display[i]))
			full := whole
			if copyNo != "" {
				full = uniqueKeys(nameKey(id), nameKey(display[i]+" "+copyNo))
			}
			l.full, l.whole = append(l.full, full), append(l.whole, whole)
		}
	}
	qd := make([]string, len(c.quests))
	for i, q := range c.quests {
		qd[i] = q.Name
	}
	add(&ix.quests, NameQuest, c.questNames, qd)
	id := make([]string, len(c.intrigue))
	for i, card := range c.intrigue {
		id[i] = card.Name
	}
	add(&ix.intrigue, NameIntrigue, c.intrigueNames, id)
	td := make([]string, len(c.tiles))
	for i, t := range c.tiles {
		td[i] = t.Name
	}
	add(&ix.tiles, NameBuilding, c.tileNames, td)
	sd := make([]string, len(c.spaces))
	for i := range c.spaces {
		if t := c.spaces[i].tile; t != none {
			sd[i] = c.tiles[t].Name
			continue
		}
		b := c.spaceBuildings[i]
		n, k := 0, 0
		for j, bj := range c.spaceBuildings {
			if bj == b && c.spaces[j].tile == none {
				n++
				if j <= i {
					k++
				}
			}
		}
		sd[i] = b
		if n > 1 {
			sd[i] = fmt.Sprintf("%s (%d)", b, k)
		}
	}
	add(&ix.spaces, NameSpace, c.spaceNames, sd)
	lids, ld := make([]string, len(c.lords)), make([]string, len(c.lords))
	for i, l := range c.lords {
		lids[i], ld[i] = l.ID, l.Name
	}
	add(&ix.lords, NameLord, lids, ld)
	return ix
}

func uniqueKeys(keys ...string) []string {
	var out []string
	for _, k := range keys {
		if k != "" && !slices.Contains(out, k) {
			out = append(out, k)
		}
	}
	return out
}

// The tiers of a match, best first.
const (
	tierExact  = iota // a key of the instance itself ("crime wave 2")
	tierWhole         // a key of the card, any copy ("crime wave")
	tierPrefix        // text begins a key ("cliffwatch" for "cliffwatch inn 1")
	tierWords         // text's words begin the key's words, in order ("harbor 2")
	tierNone
)

// match returns the instances that normalized text k names at the best
// tier that has any, and that tier (tierNone and nil for none).
func (l *nameList) match(k string) (int, []int) { return l.matchIn(k, nil) }

// matchIn is match among the instances that keep reports true for (all
// when keep is nil): a name narrowed to the legal answers.
func (l *nameList) matchIn(k string, keep func(int) bool) (int, []int) {
	kw := strings.Fields(k)
	// Numbers alone ("1", from "-1") begin too much to name anything.
	numeric := isDigits(strings.ReplaceAll(k, " ", ""))
	for tier := tierExact; tier < tierNone; tier++ {
		var hits []int
		for i := range l.ids {
			if keep != nil && !keep(i) {
				continue
			}
			keys := l.full[i]
			if tier == tierWhole {
				keys = l.whole[i]
			}
			for _, key := range keys {
				ok := false
				switch tier {
				case tierExact, tierWhole:
					ok = key == k
				case tierPrefix:
					ok = !numeric && strings.HasPrefix(key, k)
				case tierWords:
					ok = !numeric && wordsBegin(key, kw)
				}
				if ok {
					hits = append(hits, i)
					break
				}
			}
		}
		if len(hits) > 0 {
			return tier, hits
		}
	}
	return tierNone, nil
}

// wordsBegin reports whether each of want begins a word of key, in order.
func wordsBegin(key string, want []string) bool {
	j := 0
	for h := range strings.FieldsSeq(key) { // no slice for each key (issue 24)
		if j < len(want) && strings.HasPrefix(h, want[j]) {
			j++
		}
	}
	return j == len(want)
}

// nameKey normalizes a name as a person may type it: lower case,
// apostrophes dropped ("Smuggler's" is "smugglers"), every other run of
// punctuation or space one space, and the articles "the", "a" and "an"
// left out: "The Plinth", "the-plinth" and "plinth" are all "plinth";
// "cliffwatch-inn/2" and "Cliffwatch Inn (2)" are "cliffwatch inn 2".
func nameKey(s string) string {
	var b strings.Builder
	word := func(w string) {
		switch w {
		case "", "the", "a", "an":
			return
		}
		if b.Len() > 0 {
			b.WriteByte(' ')
		}
		b.WriteString(w)
	}
	var cur strings.Builder
	for _, r := range strings.ToLower(s) {
		switch {
		case r == '\'' || r == '’':
		case unicode.IsLetter(r) || unicode.IsDigit(r):
			cur.WriteRune(r)
		default:
			word(cur.String())
			cur.Reset()
		}
	}
	word(cur.String())
	return b.String()
}

// resolveName finds the instance of l that the words text name; act
// builds the action an instance would make, to choose among candidates by
// the legal actions when they are known. It fails with the candidates
// when text names several things, with close names when it names none.
func (p *actionParser) resolveName(w textWord, l *nameList, act func(int) Action, numbers bool) (int, error) {
	what := l.kind.String()
	if n, err := strconv.ParseUint(w.s, 10, 64); err == nil && numbers {
		if n < uint64(len(l.ids)) {
			return int(n), nil
		}
		return 0, p.failAt(w, what, "%s %d does not exist; there are %d, numbered from 0", what, n, len(l.ids))
	}
	k := nameKey(w.s)
	if k == "" {
		return 0, p.failAt(w, what, "want the %s's name, not %q", what, shorten(w.s))
	}
	tier, hits := l.match(k)
	if tier == tierNone {
		if extra, ok := p.trailing(w, l); ok {
			return 0, p.failAt(extra, "", "unexpected %q after the action", shorten(extra.s))
		}
		return 0, p.failAt(w, what, "no %s is named %q%s", what, shorten(w.s), l.nearNames(k))
	}
	if len(hits) == 1 {
		return hits[0], nil
	}
	// Several: the one the legal actions hold, if they know.
	var legal []int
	for _, i := range hits {
		if p.isLegal(act(i)) {
			legal = append(legal, i)
		}
	}
	if len(legal) == 1 {
		return legal[0], nil
	}
	if len(legal) > 1 {
		hits = legal
	}
	// Copies of one card are the same to a player: any copy, if the
	// legal actions hold none of them (State.Legal says why).
	copies := true
	for _, i := range hits {
		copies = copies && l.base[i] == l.base[hits[0]]
	}
	if copies && (p.legal != nil || len(legal) > 1) {
		return hits[0], nil
	}
	if copies {
		return 0, p.failAt(w, what, "there are %d copies of %s; say which, such as %s", len(hits), l.display[hits[0]], l.ids[hits[0]])
	}
	return 0, p.failAt(w, what, "%q could be %s; say which", shorten(w.s), l.candidates(hits))
}

// trailing finds, when the words of w do not name anything of l but
// their first ones name exactly one, the words after those:
// "cliffwatch-inn/1 now" is "cliffwatch-inn/1" and then "now".
func (p *actionParser) trailing(w textWord, l *nameList) (textWord, bool) {
	words := splitWords(w.s)
	for n := len(words) - 1; n >= 1; n-- {
		k := nameKey(w.s[:words[n].at])
		if tier, _ := l.match(k); tier <= tierWhole {
			return textWord{s: strings.TrimSpace(w.s[words[n].at:]), at: w.at + words[n].at}, true
		}
	}
	return textWord{}, false
}

// isLegal reports whether the legal actions, when known, hold a.
func (p *actionParser) isLegal(a Action) bool {
	for _, b := range p.legal {
		if a == b {
			return true
		}
	}
	return false
}

// candidates lists instances as a person may tell them apart: display
// names, with the id when two share a display name.
func (l *nameList) candidates(hits []int) string {
	var out []string
	for _, i := range hits {
		s := l.display[i]
		for _, j := range hits {
			if j != i && l.display[j] == s {
				s += " (" + l.ids[i] + ")"
				break
			}
		}
		if !slices.Contains(out, s) {
			out = append(out, s)
		}
	}
	if len(out) > 6 {
		out = append(out[:6], fmt.Sprintf("%d more", len(out)-6))
	}
	return joinOr(out)
}

func joinOr(items []string) string {
	if len(items) < 2 {
		return strings.Join(items, "")
	}
	return strings.Join(items[:len(items)-1], ", ") + " or " + items[len(items)-1]
}

// nearNames suggests display names a few edits from k: "; did you mean
// The Plinth?".
func (l *nameList) nearNames(k string) string {
	near := l.near(k)
	if len(near) == 0 {
		return ""
	}
	return "; did you mean " + l.candidates(near) + "?"
}

// near returns the instances whose keys are the fewest edits from k, if
// that is a few.
func (l *nameList) near(k string) []int {
	var near []int
	best := max(1, min(3, len(k)/3)) // the most edits worth suggesting
	for i := range l.ids {
		d := best + 1
		for _, key := range l.whole[i] {
			// The whole name, or as many of its words as text has
			// ("jestrs" for Jesters' Court).
			d = min(d, editDistance(key, k, best), editDistance(firstWords(key, strings.Count(k, " ")+1), k, best))
		}
		switch {
		case d < best:
			near, best = append(near[:0], i), d
		case d == best:
			near = append(near, i)
		}
	}
	return near
}

// firstWords returns the first n words of key (a nameKey: words split by
// one space), without allocating.
func firstWords(key string, n int) string {
	for i := range len(key) {
		if key[i] == ' ' {
			if n--; n == 0 {
				return key[:i]
			}
		}
	}
	return key
}
