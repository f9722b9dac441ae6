package waterdeep

import (
	"fmt"
	"strconv"
	"strings"
	"unicode"

	"github.com/waterdeep-go/waterdeep/content"
)

// The text forms of actions. Action.String prints a content-free form with
// numbers, which ParseAction reads:
//
//	p1 place 10                  p1 complete quest 17
//	p1 complete mandatory 44     p1 skip
//	p1 take quest 3              p1 building 5
//	p1 play 12                   p1 pick 0c1f1r0w (+4g when gold is picked)
//	p1 yes / p1 no               p1 decline
//	p1 target p3                 p1 space 21
//	p1 type skullduggery         p1 discard quest 8
//	p1 discard mandatory 40
//
// Content.FormatAction prints names instead of numbers ("p1 place
// cliffwatch-inn/1", "p3 complete domesticate-owlbears", "p2 play
// crime-wave#2", "p1 discard fend-off-bandits"), which Content.ParseAction
// reads. Players are numbered from 1. Words are separated by white space.

func parseErr(text, field, format string, args ...any) error {
	return &DecodeError{What: "action text", Input: shorten(text), Field: field, Detail: fmt.Sprintf(format, args...)}
}

// ParseAction parses the text form that Action.String prints, such as
// "p2 place 10" or "p1 pick 1c0f0r1w". Errors are *DecodeError.
func ParseAction(text string) (Action, error) {
	if err := tooLarge("action text", len(text), MaxActionTextSize); err != nil {
		return nil, err
	}
	w := strings.Fields(text)
	if len(w) < 2 {
		return nil, parseErr(text, "", "want a player and an action, such as \"p1 place 3\"")
	}
	p, err := parsePlayer(text, w[0], 256)
	if err != nil {
		return nil, err
	}
	verb, args := w[1], w[2:]
	want := func(n int, usage string) error {
		if len(args) != n {
			return parseErr(text, verb, "want %q", "pN "+usage)
		}
		return nil
	}
	num := func(i int) (int, error) { return parseNum(text, verb, args[i], 255) }
	switch verb {
	case "place", "building", "play", "space":
		if err := want(1, verb+" N"); err != nil {
			return nil, err
		}
		v, err := num(0)
		if err != nil {
			return nil, err
		}
		switch verb {
		case "place":
			return PlaceAgent{p, SpaceID(v)}, nil
		case "building":
			return ChooseBuilding{p, BuildingID(v)}, nil
		case "play":
			return PlayIntrigue{p, IntrigueID(v)}, nil
		}
		return ChooseSpace{p, SpaceID(v)}, nil
	case "complete", "discard":
		if err := want(2, verb+" quest N\" or \"pN "+verb+" mandatory N"); err != nil {
			return nil, err
		}
		v, err := num(1)
		if err != nil {
			return nil, err
		}
		switch {
		case args[0] == "quest" && verb == "complete":
			return CompleteQuest{p, QuestID(v)}, nil
		case args[0] == "quest":
			return DiscardQuest{p, QuestID(v)}, nil
		case args[0] == "mandatory" && verb == "complete":
			return CompleteMandatory{p, IntrigueID(v)}, nil
		case args[0] == "mandatory":
			return DiscardMandatory{p, IntrigueID(v)}, nil
		}
		return nil, parseErr(text, verb, "want \"quest\" or \"mandatory\", not %q", shorten(args[0]))
	case "take":
		if err := want(2, "take quest N"); err != nil {
			return nil, err
		}
		if args[0] != "quest" {
			return nil, parseErr(text, verb, "want \"quest\", not %q", shorten(args[0]))
		}
		v, err := num(1)
		if err != nil {
			return nil, err
		}
		return TakeQuest{p, QuestID(v)}, nil
	case "skip", "yes", "no", "decline":
		if err := want(0, verb); err != nil {
			return nil, err
		}
		switch verb {
		case "skip", "decline":
			return Decline{p}, nil
		}
		return Respond{p, verb == "yes"}, nil
	case "pick":
		if err := want(1, "pick 1c0f0r1w"); err != nil {
			return nil, err
		}
		pick, err := parsePick(text, args[0])
		if err != nil {
			return nil, err
		}
		return ChooseResources{p, pick}, nil
	case "target":
		if err := want(1, "target pM"); err != nil {
			return nil, err
		}
		t, err := parsePlayer(text, args[0], 256)
		if err != nil {
			return nil, err
		}
		return ChoosePlayer{p, t}, nil
	case "type":
		if err := want(1, "type arcana"); err != nil {
			return nil, err
		}
		t, err := parseQuestType(text, args[0])
		if err != nil {
			return nil, err
		}
		return ChooseQuestType{p, t}, nil
	}
	return nil, parseErr(text, "", "unknown action %q", shorten(verb))
}

// ParseAction parses the text form that FormatAction prints, with names
// from c: "p1 place cliffwatch-inn/1", "p3 complete domesticate-owlbears",
// "p2 play crime-wave#2", "p1 type arcana", "p1 target p2". It also reads
// numbers where a name is expected and every form that ParseAction reads
// ("p1 complete quest 17"); a bare number after "complete" or "discard" is
// ambiguous and refused. Players are p1 to p6, and numbers must name
// something that exists in c. Errors are *DecodeError.
func (c *Content) ParseAction(text string) (Action, error) {
	if err := tooLarge("action text", len(text), MaxActionTextSize); err != nil {
		return nil, err
	}
	head, rest := cutWord(text)
	verb, rest := cutWord(rest)
	if head == "" || verb == "" {
		return nil, parseErr(text, "", "want a player and an action, such as \"p1 place cliffwatch-inn/1\"")
	}
	p, err := parsePlayer(text, head, MaxPlayers)
	if err != nil {
		return nil, err
	}
	needArg := func(usage string) error {
		if rest == "" {
			return parseErr(text, verb, "want %q", "pN "+usage)
		}
		return nil
	}
	switch verb {
	case "place", "space":
		if err := needArg(verb + " SPACE"); err != nil {
			return nil, err
		}
		s, err := c.lookup(text, "space", rest, c.spaceNames)
		if err != nil {
			return nil, err
		}
		if verb == "place" {
			return PlaceAgent{p, SpaceID(s)}, nil
		}
		return ChooseSpace{p, SpaceID(s)}, nil
	case "building":
		if err := needArg("building TILE"); err != nil {
			return nil, err
		}
		b, err := c.lookup(text, "building", rest, c.tileNames)
		if err != nil {
			return nil, err
		}
		return ChooseBuilding{p, BuildingID(b)}, nil
	case "play":
		if err := needArg("play CARD"); err != nil {
			return nil, err
		}
		i, err := c.lookup(text, "intrigue card", rest, c.intrigueNames)
		if err != nil {
			return nil, err
		}
		return PlayIntrigue{p, IntrigueID(i)}, nil
	case "take":
		if err := needArg("take QUEST"); err != nil {
			return nil, err
		}
		if _, ok := nameIndex(c.questNames, rest); !ok {
			if w, r := cutWord(rest); w == "quest" && r != "" {
				rest = r
			}
		}
		q, err := c.lookup(text, "quest", rest, c.questNames)
		if err != nil {
			return nil, err
		}
		return TakeQuest{p, QuestID(q)}, nil
	case "complete", "discard":
		if err := needArg(verb + " QUEST"); err != nil {
			return nil, err
		}
		q, isQuest := nameIndex(c.questNames, rest)
		i, isCard := nameIndex(c.intrigueNames, rest)
		switch {
		case isQuest && isCard:
			return nil, parseErr(text, verb, "%q names both a quest and an intrigue card; write \"%s quest NAME\" or \"%s mandatory NAME\"", shorten(rest), verb, verb)
		case isQuest:
			return questAction(verb, p, QuestID(q)), nil
		case isCard:
			return mandatoryAction(verb, p, IntrigueID(i)), nil
		}
		w, r := cutWord(rest)
		switch {
		case w == "quest" && r != "":
			q, err := c.lookup(text, "quest", r, c.questNames)
			if err != nil {
				return nil, err
			}
			return questAction(verb, p, QuestID(q)), nil
		case w == "mandatory" && r != "":
			i, err := c.lookup(text, "intrigue card", r, c.intrigueNames)
			if err != nil {
				return nil, err
			}
			return mandatoryAction(verb, p, IntrigueID(i)), nil
		}
		if _, err := strconv.ParseUint(rest, 10, 64); err == nil {
			return nil, parseErr(text, verb, "a number is ambiguous here; write \"%s quest %s\" or \"%s mandatory %s\"", verb, rest, verb, rest)
		}
		return nil, parseErr(text, verb, "no quest or intrigue card is named %q", shorten(rest))
	case "pick":
		if err := needArg("pick 1c0f0r1w"); err != nil {
			return nil, err
		}
		pick, err := parsePick(text, rest)
		if err != nil {
			return nil, err
		}
		return ChooseResources{p, pick}, nil
	case "target":
		if err := needArg("target pM"); err != nil {
			return nil, err
		}
		t, err := parsePlayer(text, rest, MaxPlayers)
		if err != nil {
			return nil, err
		}
		return ChoosePlayer{p, t}, nil
	case "type":
		if err := needArg("type arcana"); err != nil {
			return nil, err
		}
		t, err := parseQuestType(text, rest)
		if err != nil {
			return nil, err
		}
		return ChooseQuestType{p, t}, nil
	case "skip", "yes", "no", "decline":
		if rest != "" {
			return nil, parseErr(text, verb, "unexpected %q after %q", shorten(rest), verb)
		}
		switch verb {
		case "skip", "decline":
			return Decline{p}, nil
		}
		return Respond{p, verb == "yes"}, nil
	}
	return nil, parseErr(text, "", "unknown action %q", shorten(verb))
}

func questAction(verb string, p PlayerID, q QuestID) Action {
	if verb == "complete" {
		return CompleteQuest{p, q}
	}
	return DiscardQuest{p, q}
}

func mandatoryAction(verb string, p PlayerID, i IntrigueID) Action {
	if verb == "complete" {
		return CompleteMandatory{p, i}
	}
	return DiscardMandatory{p, i}
}

// lookup returns the instance named name, or numbered so, among names.
func (c *Content) lookup(text, what, name string, names []string) (int, error) {
	if i, ok := nameIndex(names, name); ok {
		return i, nil
	}
	if n, err := strconv.ParseUint(name, 10, 64); err == nil {
		if n < uint64(len(names)) {
			return int(n), nil
		}
		return 0, parseErr(text, what, "%d is out of range; there are %d", n, len(names))
	}
	return 0, parseErr(text, what, "no %s is named %q", what, shorten(name))
}

func nameIndex(names []string, name string) (int, bool) {
	for i, n := range names {
		if n == name {
			return i, true
		}
	}
	return 0, false
}

// cutWord splits s into its first word and the rest, both trimmed of white
// space.
func cutWord(s string) (word, rest string) {
	s = strings.TrimSpace(s)
	i := strings.IndexFunc(s, unicode.IsSpace)
	if i < 0 {
		return s, ""
	}
	return s[:i], strings.TrimSpace(s[i:])
}

// parsePlayer parses "p1" .. "pN" (N = limit) into seat 0 .. N-1.
func parsePlayer(text, word string, limit int) (PlayerID, error) {
	if len(word) < 2 || word[0] != 'p' {
		return 0, parseErr(text, "player", "want p1 to p%d, not %q", limit, shorten(word))
	}
	n, err := strconv.ParseUint(word[1:], 10, 64)
	if err != nil || n < 1 || n > uint64(limit) {
		return 0, parseErr(text, "player", "want p1 to p%d, not %q", limit, shorten(word))
	}
	return PlayerID(n - 1), nil
}

func parseNum(text, field, word string, limit uint64) (int, error) {
	n, err := strconv.ParseUint(word, 10, 64)
	if err != nil || n > limit {
		return 0, parseErr(text, field, "want a number from 0 to %d, not %q", limit, shorten(word))
	}
	return int(n), nil
}

func parseQuestType(text, word string) (QuestType, error) {
	if t, ok := content.ParseQuestType(word); ok {
		return t, nil
	}
	if n, err := strconv.ParseUint(word, 10, 64); err == nil && n < NumQuestTypes {
		return QuestType(n), nil
	}
	return 0, parseErr(text, "type", "want a quest type (arcana, commerce, piety, skullduggery, warfare), not %q", shorten(word))
}

// parsePick parses what Pick.String prints: "1c0f2r0w", with "+3g" for
// gold. Each count is 0 to 7.
func parsePick(text, word string) (Pick, error) {
	bad := func() (Pick, error) {
		return Pick{}, parseErr(text, "pick", "want counts 0 to 7 such as \"1c0f2r0w\" or \"0c0f0r0w+2g\", not %q", shorten(word))
	}
	var v [5]uint8
	s := word
	for i, unit := range "cfrwg" {
		if unit == 'g' {
			if s == "" {
				break
			}
			if s[0] != '+' {
				return bad()
			}
			s = s[1:]
		}
		j := 0
		for j < len(s) && s[j] >= '0' && s[j] <= '9' {
			j++
		}
		if j == 0 || j == len(s) || rune(s[j]) != unit {
			return bad()
		}
		n, err := strconv.ParseUint(s[:j], 10, 64)
		if err != nil || n > 7 {
			return bad()
		}
		v[i] = uint8(n)
		s = s[j+1:]
	}
	if s != "" {
		return bad()
	}
	return Pick{Cleric: v[0], Fighter: v[1], Rogue: v[2], Wizard: v[3], Gold: v[4]}, nil
}
