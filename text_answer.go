package waterdeep

import (
	"errors"
	"fmt"
	"slices"
	"strings"
)

// ParseAnswer reads text as the viewer's answer to the view's pending
// decision, against its legal answers (where ParseAction reads the
// canonical form alone):
//
//   - The verb may be left out, or be any verb the library prints or a
//     person says: at "assign an agent to a building for sale", "place
//     caravan court", "choose caravan court" and "caravan court" all mean
//     the same; at "take 2 adventurers", "take 2 fighters", "choose 2
//     fighters", "2 fighters" and "two fighters" do. A verb narrows the
//     answers to those it can mean ("discard X" never completes X).
//   - What HumanAction prints parses back to the same action ("p2 chooses
//     2 fighters", "p1 takes Raid on Undermountain").
//   - A name is narrowed to the legal answers before it is called
//     ambiguous: "place tower" is Blackstaff Tower while neither tower
//     tile is built, since only built, legal spaces count.
//   - Equivalent answers are one. Two legal answers are equivalent when
//     they are the same kind of action on action spaces of one board
//     building whose action is the same (Waterdeep Harbor's three spaces;
//     Cliffwatch Inn's three are not, for each does something else), on
//     copies of one card, quest or tile, or the same action. The
//     canonical one of equivalent answers is the one with the lowest
//     number (Waterdeep Harbor (1) when it is free).
//   - "yes", "accept", "agree", "ok" accept an offer; "no", "refuse",
//     "decline" refuse it, or decline an optional decision, as do "skip"
//     and "pass".
//
// It returns a legal action; or an action that ParseAction reads but that
// is not legal now (State.Legal says why); or an error: ParseAction's own
// *DecodeError (with its suggestions) when the text names no legal
// answer, or a *DecodeError whose Detail lists the answers ("could be
// ...; say which") when it fits several that are not equivalent. A view
// whose viewer is not to act reads text as ParseAction does.
func (v View) ParseAnswer(text string) (Action, error) {
	if err := tooLarge("action text", len(text), MaxActionTextSize); err != nil {
		return nil, err
	}
	strict, serr := v.ParseAction(text)
	if serr == nil && slices.Contains(v.Legal, strict) {
		return strict, nil
	}
	if len(v.Legal) == 0 || v.Viewer == Spectator {
		return strict, serr
	}
	c := v.c
	if c == nil {
		c = BaseContent()
	}
	r := answerReader{c: c, d: v.Decision, legal: v.Legal, speaker: v.Viewer, text: text}
	a, aerr := r.read()
	switch {
	case aerr == nil && serr == nil && r.tier > tierWhole:
		return strict, nil // a guess from part of a name yields to a whole action read
	case aerr == nil:
		return a, nil
	case serr == nil:
		return strict, nil // read, but not legal now: State.Legal says why
	case r.ambiguous:
		return nil, aerr
	}
	var de *DecodeError
	if errors.As(serr, &de) && (de.Field == "" || de.Field == "player" || de.Field == "choose") {
		return nil, aerr // the canonical parser could not read a verb
	}
	return nil, serr
}

// ParseAnswer reads text as the answer of the player to act to the
// pending decision, as View.ParseAnswer does with that player's view.
func (s State) ParseAnswer(text string) (Action, error) {
	p, ok := s.ToAct()
	if !ok {
		return s.View(Spectator).ParseAction(text)
	}
	return s.View(p).ParseAnswer(text)
}

// answerReader reads one answer against a decision's legal answers.
type answerReader struct {
	c         *Content
	d         Decision
	legal     []Action
	speaker   PlayerID
	text      string
	ambiguous bool
	tier      int // the tier of the name read
}

// The kinds of answer, as bits, for what a verb can mean.
const (
	akPlace = 1 << iota
	akSpace
	akBuilding
	akTake
	akComplete
	akCompleteMandatory
	akDiscardQuest
	akDiscardMandatory
	akDiscardIntrigue
	akPlay
	akPick
	akRespond
	akDecline
	akPlayer
	akType
	akAll = 1<<iota - 1
)

func answerKind(a Action) int {
	switch a.(type) {
	case PlaceAgent:
		return akPlace
	case ChooseSpace:
		return akSpace
	case ChooseBuilding:
		return akBuilding
	case TakeQuest:
		return akTake
	case CompleteQuest:
		return akComplete
	case CompleteMandatory:
		return akCompleteMandatory
	case DiscardQuest:
		return akDiscardQuest
	case DiscardMandatory:
		return akDiscardMandatory
	case DiscardIntrigue:
		return akDiscardIntrigue
	case PlayIntrigue:
		return akPlay
	case ChooseResources:
		return akPick
	case Respond:
		return akRespond
	case Decline:
		return akDecline
	case ChoosePlayer:
		return akPlayer
	case ChooseQuestType:
		return akType
	}
	return 0
}

// answerVerbs are the verbs a person or the library uses, with the kinds
// of answer each can mean.
var answerVerbs = map[string]int{}

func init() {
	add := func(kinds int, words ...string) {
		for _, w := range words {
			answerVerbs[w] |= kinds
		}
	}
	add(akPlace|akSpace|akBuilding, "place", "places", "assign", "assigns", "reassign", "reassigns", "put", "puts",
		"send", "sends", "go", "goes", "visit", "visits", "use", "uses", "move", "moves", "space")
	add(akAll, "choose", "chooses", "select", "selects", "pick", "picks", "want")
	add(akTake|akPick|akBuilding|akSpace, "take", "takes", "get", "gets", "gain", "gains", "keep", "keeps", "grab")
	add(akBuilding, "buy", "buys", "purchase", "build", "builds", "demolish", "demolishes", "building")
	add(akComplete|akCompleteMandatory, "complete", "completes", "finish", "finishes", "do", "fulfil", "fulfill")
	add(akDiscardQuest|akDiscardMandatory|akDiscardIntrigue, "discard", "discards", "drop", "drops", "ditch", "toss")
	add(akPlay, "play", "plays", "cast")
	add(akPick|akPlayer|akDiscardMandatory|akSpace|akBuilding, "return", "returns", "give", "gives", "hand", "hands")
	add(akPick, "spend", "spends", "pay", "pays", "exchange", "swap")
	add(akType, "name", "names", "type")
	add(akPlayer, "target", "opponent", "player")
}

// answerFillers are words a person puts between the verb and the name.
var answerFillers = map[string]bool{"a": true, "an": true, "the": true, "agent": true, "agents": true, "my": true,
	"your": true, "their": true, "to": true, "on": true, "at": true, "in": true, "of": true, "up": true,
	"control": true, "back": true, "quest": true, "building": true, "space": true, "card": true, "intrigue": true,
	"mandatory": true, "opponent": true, "player": true, "type": true, "ambassador": true, "please": true,
	"reward": true, "option": true, "it": true, "them": true, "him": true, "her": true}

var yesWords = map[string]bool{"yes": true, "y": true, "accept": true, "accepts": true, "agree": true, "agrees": true,
	"ok": true, "okay": true, "sure": true}

var noWords = map[string]bool{"no": true, "n": true, "refuse": true, "refuses": true, "decline": true, "declines": true,
	"nope": true, "skip": true, "pass": true}

// normAnswer is text compared as a whole with a printed form: lower case,
// single spaces, no final period.
func normAnswer(s string) string {
	return strings.TrimSuffix(strings.Join(strings.Fields(strings.ToLower(s)), " "), ".")
}

func (r *answerReader) read() (Action, error) {
	// The library's own forms, printed for this decision.
	n := normAnswer(r.text)
	n = strings.TrimSuffix(strings.TrimSuffix(n, " (the only choice)"), " (only choice)")
	own := r.speaker.String() + " "
	for _, a := range r.legal {
		for _, f := range [...]string{r.c.HumanAction(a, r.d), r.c.HumanAction(a, Decision{}), r.c.FormatAction(a)} {
			f = normAnswer(f)
			if f == n || strings.TrimPrefix(f, own) == n {
				return a, nil
			}
		}
	}
	words := splitWords(r.text)
	if len(words) > 0 && isSeatWord(words[0].s) && (len(words) > 1 || !r.has(akPlayer)) {
		if !strings.EqualFold(words[0].s, r.speaker.String()) {
			return nil, r.fail(words[0], "player", fmt.Sprintf("%s cannot act for %s", r.speaker, strings.ToLower(words[0].s)))
		}
		words = words[1:]
	}
	if len(words) == 0 {
		return nil, r.fail(textWord{at: len(r.text)}, "", "want an answer to: "+r.d.Purpose)
	}
	// Yes, no, decline.
	first := strings.ToLower(strings.Trim(words[0].s, ".,!"))
	if yesWords[first] && r.has(akRespond) {
		return Respond{r.speaker, true}, nil
	}
	if noWords[first] && r.has(akRespond) {
		return Respond{r.speaker, false}, nil
	}
	if (noWords[first] || first == "none") && r.has(akDecline) {
		return Decline{r.speaker}, nil
	}
	// Readings: the whole text as the answer, and the text after a verb
	// (and the words that follow it) as the answer of the verb's kinds.
	type reading struct {
		from  int
		kinds int
	}
	readings := []reading{{0, akAll}}
	if k, ok := answerVerbs[first]; ok {
		i := 1
		for i < len(words)-1 && answerFillers[strings.ToLower(words[i].s)] {
			i++
		}
		if i < len(words) {
			readings = append([]reading{{i, k}}, readings...)
		}
	}
	bestTier, var0 := tierNone, []Action(nil)
	at := words[0]
	for _, rd := range readings {
		rest := strings.TrimSpace(r.text[words[rd.from].at:])
		tier, hits := r.match(rest, rd.kinds)
		if tier < bestTier {
			bestTier, var0, at = tier, hits, words[rd.from]
			at.s = rest
		}
	}
	if bestTier == tierNone {
		return nil, r.fail(at, "answer", fmt.Sprintf("%q is none of the answers to: %s", shorten(strings.TrimSpace(r.text[words[0].at:])), r.d.Purpose))
	}
	r.tier = bestTier
	groups := r.equivalents(var0)
	if len(groups) == 1 {
		return groups[0], nil
	}
	r.ambiguous = true
	names := make([]string, len(groups))
	for i, a := range groups {
		names[i] = r.answerName(a)
	}
	if len(names) > 6 {
		names = append(names[:6], fmt.Sprintf("%d more", len(names)-6))
	}
	return nil, r.fail(at, "answer", fmt.Sprintf("%q could be %s; say which", shorten(at.s), joinOr(names)))
}

func (r *answerReader) fail(w textWord, field, detail string) error {
	return &DecodeError{What: "action text", Input: shorten(r.text), Field: field, Word: shorten(w.s), Offset: w.at, Detail: detail}
}

// has reports whether an answer of kind k is legal.
func (r *answerReader) has(k int) bool {
	for _, a := range r.legal {
		if answerKind(a) == k {
			return true
		}
	}
	return false
}

// match returns the legal answers of the given kinds that text names at
// the best tier, and that tier.
func (r *answerReader) match(text string, kinds int) (int, []Action) {
	best, out := tierNone, []Action(nil)
	for _, a := range r.legal {
		if answerKind(a)&kinds == 0 {
			continue
		}
		t := r.tierOf(a, text)
		switch {
		case t < best:
			best, out = t, append(out[:0], a)
		case t == best && t != tierNone:
			out = append(out, a)
		}
	}
	return best, out
}

// nameVariants are text and the shorter texts a sentence's name may be
// followed or preceded by: "Helmstar Warehouse, for sale in Builder's
// Hall", "their agent from Waterdeep Harbor (2) to The Plinth", "Crime
// Wave from their hand", "Fend Off Bandits to p3", "... (Source)".
func nameVariants(text string) []string {
	// British spellings of the names' words.
	text = britishSpelling.Replace(text)
	out := []string{text}
	low := strings.ToLower(text)
	for _, cut := range []string{", for sale", " for free", " from their hand", " from your hand", " for ", " to p"} {
		if i := strings.Index(low, cut); i > 0 {
			out = append(out, text[:i])
		}
	}
	if i := strings.LastIndex(low, " to "); i > 0 {
		out = append(out, text[i+4:])
	}
	if i := strings.LastIndex(text, " ("); i > 0 && strings.HasSuffix(text, ")") {
		out = append(out, nameVariants(text[:i])...)
	}
	return out
}

// tierOf is how well text names answer a (tierNone when it does not).
func (r *answerReader) tierOf(a Action, text string) int {
	ix := r.c.nameIndex()
	name := func(l *nameList, i int) int {
		best := tierNone
		for _, v := range nameVariants(text) {
			k := nameKey(v)
			if len(k) < 3 && !isDigits(k) {
				continue // too short to be read as part of a name
			}
			if t, _ := l.matchIn(k, func(j int) bool { return j == i }); t < best {
				best = t
			}
		}
		return best
	}
	switch a := a.(type) {
	case PlaceAgent:
		return name(&ix.spaces, int(a.Space))
	case ChooseSpace:
		return name(&ix.spaces, int(a.Space))
	case ChooseBuilding:
		return name(&ix.tiles, int(a.Building))
	case TakeQuest:
		return name(&ix.quests, int(a.Quest))
	case CompleteQuest:
		return name(&ix.quests, int(a.Quest))
	case DiscardQuest:
		return name(&ix.quests, int(a.Quest))
	case CompleteMandatory:
		return name(&ix.intrigue, int(a.Card))
	case DiscardMandatory:
		return name(&ix.intrigue, int(a.Card))
	case DiscardIntrigue:
		return name(&ix.intrigue, int(a.Card))
	case PlayIntrigue:
		return name(&ix.intrigue, int(a.Card))
	case ChooseResources:
		for _, v := range pickVariants(text) {
			if p, ok := r.readPick(v); ok && p == a.Pick {
				return tierExact
			}
		}
	case ChoosePlayer:
		w := strings.Fields(strings.ToLower(text))
		if len(w) > 1 && (w[0] == "player" || w[0] == "seat") {
			w = append([]string{"p" + w[1]}, w[2:]...)
		}
		if len(w) > 0 && strings.Trim(w[0], ".,") == a.Target.String() {
			return tierExact
		}
	case ChooseQuestType:
		w := strings.Fields(strings.ToLower(text))
		if len(w) > 0 {
			if t, ok := questTypeWord(strings.TrimSuffix(strings.Trim(w[0], ".,"), "s")); ok && t == a.Type {
				return tierExact
			}
			if t, ok := questTypeWord(strings.Trim(w[0], ".,")); ok && t == a.Type {
				return tierExact
			}
		}
	}
	return tierNone
}

// pickVariants are text and the part of it before the words that follow
// a pick in a sentence: "2 rogues from p1", "1 cleric to p1", "1 fighter
// and 6 rogues on Enter the Tower of Seven Woes", "1 rogue back".
func pickVariants(text string) []string {
	out := []string{text}
	low := strings.ToLower(text)
	for _, cut := range []string{" from ", " to ", " on ", " for ", " spent", " (", " back"} {
		if i := strings.Index(low, cut); i > 0 {
			out = append(out, text[:i])
		}
	}
	return out
}

// numberWords are counts as words.
var numberWords = map[string]string{"a": "1", "an": "1", "one": "1", "two": "2", "three": "3", "four": "4",
	"five": "5", "six": "6", "seven": "7", "no": "0", "zero": "0"}

// readPick reads text as cubes and gold, with counts as digits or words.
func (r *answerReader) readPick(text string) (Pick, bool) {
	w := strings.Fields(text)
	for i, x := range w {
		if d, ok := numberWords[strings.ToLower(x)]; ok {
			w[i] = d
		}
		if strings.EqualFold(x, "of") || strings.EqualFold(x, "each") {
			w[i] = ""
		}
	}
	t := strings.Join(strings.Fields(strings.Join(w, " ")), " ")
	if t == "" {
		return Pick{}, false
	}
	p := &actionParser{c: r.c, text: t, words: splitWords(t)}
	pick, err := p.pick()
	return pick, err == nil
}

// equivalents returns one answer of each group of equivalent answers (see
// View.ParseAnswer): the canonical one, of the lowest number.
func (r *answerReader) equivalents(as []Action) []Action {
	var out []Action
	for _, a := range as {
		i := slices.IndexFunc(out, func(b Action) bool { return r.equivalent(a, b) })
		switch {
		case i < 0:
			out = append(out, a)
		case answerIndex(a) < answerIndex(out[i]):
			out[i] = a
		}
	}
	return out
}

// answerIndex is the number of what an answer chooses.
func answerIndex(a Action) int {
	switch a := a.(type) {
	case PlaceAgent:
		return int(a.Space)
	case ChooseSpace:
		return int(a.Space)
	case ChooseBuilding:
		return int(a.Building)
	case TakeQuest:
		return int(a.Quest)
	case CompleteQuest:
		return int(a.Quest)
	case DiscardQuest:
		return int(a.Quest)
	case CompleteMandatory:
		return int(a.Card)
	case DiscardMandatory:
		return int(a.Card)
	case DiscardIntrigue:
		return int(a.Card)
	case PlayIntrigue:
		return int(a.Card)
	}
	return 0
}

// equivalent reports whether answers a and b are equivalent (see
// View.ParseAnswer).
func (r *answerReader) equivalent(a, b Action) bool {
	if a == b {
		return true
	}
	if answerKind(a) != answerKind(b) {
		return false
	}
	ix := r.c.nameIndex()
	i, j := answerIndex(a), answerIndex(b)
	switch answerKind(a) {
	case akPlace, akSpace:
		c := r.c
		return c.spaces[i].tile == none && c.spaces[j].tile == none && c.spaceBuildings[i] == c.spaceBuildings[j] &&
			c.Space(SpaceID(i)).Description == c.Space(SpaceID(j)).Description
	case akTake, akComplete, akDiscardQuest:
		return ix.quests.base[i] == ix.quests.base[j]
	case akCompleteMandatory, akDiscardMandatory, akDiscardIntrigue, akPlay:
		return ix.intrigue.base[i] == ix.intrigue.base[j]
	case akBuilding:
		return ix.tiles.base[i] == ix.tiles.base[j]
	}
	return false
}

// answerName names an answer as a person tells it from the others.
func (r *answerReader) answerName(a Action) string {
	c := r.c
	switch a := a.(type) {
	case PlaceAgent:
		return c.SpaceDisplayName(a.Space)
	case ChooseSpace:
		return c.SpaceDisplayName(a.Space)
	case ChooseBuilding:
		return c.tileDisplay(a.Building)
	case TakeQuest:
		return c.questDisplay(a.Quest)
	case CompleteQuest:
		return c.questDisplay(a.Quest)
	case DiscardQuest:
		return c.questDisplay(a.Quest)
	case CompleteMandatory:
		return c.intrigueDisplay(a.Card)
	case DiscardMandatory:
		return c.intrigueDisplay(a.Card)
	case DiscardIntrigue:
		return c.intrigueDisplay(a.Card)
	case PlayIntrigue:
		return c.intrigueDisplay(a.Card)
	case ChooseResources:
		return pickWords(a.Pick)
	}
	return strings.TrimPrefix(c.FormatAction(a), a.Actor().String()+" ")
}

// britishSpelling turns the British spellings of names' words into the
// names' own ("Waterdeep Harbour", "Grey Hand").
var britishSpelling = strings.NewReplacer("harbour", "harbor", "Harbour", "Harbor", "HARBOUR", "HARBOR",
	"grey", "gray", "Grey", "Gray", "honour", "honor", "Honour", "Honor", "armour", "armor", "Armour", "Armor")
