package waterdeep

import (
	"fmt"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/waterdeep-go/waterdeep/content"
)

// The text form of an action is one line: the player, a verb and what is
// chosen, named by the ids of the game's content.
//
//	p1 place cliffwatch-inn/2           p1 choose space the-zoarstar
//	p3 complete domesticate-owlbears    p2 complete fend-off-bandits (a mandatory quest)
//	p4 take domesticate-owlbears        p1 discard domesticate-owlbears
//	p1 choose building the-tower-of-luck p2 play crime-wave#2
//	p1 pick 1 fighter, 1 rogue          p1 pick nothing
//	p5 accept                           p5 refuse
//	p6 decline                          p1 choose opponent p3
//	p1 choose type arcana               p1 discard intrigue crime-wave#2
//
// Seats are p1 to p6 (PlayerID 0 is p1); a card with several copies is
// named with its copy number ("crime-wave#2", Content.IntrigueID).
// Action.String (with FullContent's names) and Content.FormatAction print
// this canonical form; ParseAction, ParseActionAs, Content.ParseAction,
// Content.ParseActionAs and View.ParseAction read it, and for every action
// a, parsing the printed a gives a back. Content.HumanAction and
// Content.HumanEvent print the human form, sentences with display names
// ("p1 assigns an agent to The Plinth"), for people to read.
//
// Reading is lenient where people are:
//   - any case and any white space ("P1  Place Cliffwatch-Inn/2");
//   - names as people say them: an id or a display name, or an
//     unambiguous prefix of either, ignoring case, punctuation and the
//     articles "the", "a" and "an" ("place The Plinth", "place castle
//     waterdeep", "place plinth", "play foil"; see Content.LookupName);
//     a name that fits several things, or none, is an error that lists
//     the candidates or the close names;
//   - the player may be left out when the caller says who speaks
//     (ParseActionAs, View.ParseAction): "place cliffwatch-inn/2";
//   - cubes as people write them: "pick 2 wizards", "pick wizard wizard",
//     "pick 1 rogue and 4 gold", "pick 2w+4g", "pick 0c1f1r0w";
//   - "skip" and "pass" for decline, "buy X" for "choose building X",
//     "choose player pN" for "choose opponent pN";
//   - the verbs written before these ones: "space X", "building X",
//     "target pN", "type T", "yes" and "no";
//   - "complete quest NAME", "complete mandatory NAME" (and the same for
//     discard), "take quest NAME";
//   - "discard NAME" for an intrigue card that is not a mandatory quest
//     (discarding it from the hand; "discard intrigue NAME" says so for
//     any card);
//   - a card named without its copy number ("play crime-wave"), or a name
//     that fits several things, when the legal actions say which is meant
//     (View.ParseAction);
//   - instance numbers in place of names ("p1 place 10", "p1 complete
//     quest 17"), the form Action.String printed before names.
//
// Errors are *DecodeError values whose Word and Offset point at the word
// that is wrong, with the candidates or close names suggested.
//
// View.ParseAnswer and State.ParseAnswer read more: a person's answer to
// the pending decision, with any verb or none ("caravan court", "2
// fighters", "yes"), names narrowed to the legal answers.

// ParseAction reads the text form of an action with FullContent's names
// (the base game's and the modules'; the base game's numbers are the same
// as BaseContent's). The text must name the player.
func ParseAction(text string) (Action, error) { return FullContent().ParseAction(text) }

// ParseActionAs reads the text form of an action spoken by seat speaker,
// with FullContent's names: the player may be left out, and if given must
// be speaker. A speaker that is no seat (p7 and beyond, Spectator,
// NoPlayer) is an error: a *DecodeError wrapping a *SeatError.
func ParseActionAs(speaker PlayerID, text string) (Action, error) {
	return FullContent().ParseActionAs(speaker, text)
}

// ParseAction reads the text form of an action with names from c. The text
// must name the player.
func (c *Content) ParseAction(text string) (Action, error) {
	return c.parseAction(text, NoPlayer, MaxPlayers, nil)
}

// ParseActionAs reads the text form of an action spoken by seat speaker,
// with names from c: the player may be left out, and if given must be
// speaker. A speaker that is no seat of a game (p7 and beyond, Spectator,
// NoPlayer) is an error: a *DecodeError wrapping a *SeatError.
func (c *Content) ParseActionAs(speaker PlayerID, text string) (Action, error) {
	if err := checkSeat(speaker, MaxPlayers); err != nil {
		return nil, &DecodeError{What: "action text", Input: shorten(text), Field: "speaker", Detail: err.(*SeatError).detail(), Err: err}
	}
	return c.parseAction(text, speaker, MaxPlayers, nil)
}

// ParseAction reads the text form of an action spoken by the view's
// viewer (a spectator must name the player), for the viewed game: seats
// are those of the game, and a card named without its copy number is the
// copy that the legal actions hold ("play crime-wave"). The action is not
// checked for legality; State.Legal says why one is refused.
func (v View) ParseAction(text string) (Action, error) {
	c := v.c
	if c == nil {
		c = BaseContent()
	}
	speaker := v.Viewer
	if speaker == Spectator {
		speaker = NoPlayer
	}
	players := v.Players
	if players < 1 || players > MaxPlayers {
		players = MaxPlayers
	}
	return c.parseAction(text, speaker, players, v.Legal)
}

// textWord is a word of an action's text and its byte offset.
type textWord struct {
	s  string
	at int
}

// actionParser reads one action's text.
type actionParser struct {
	c       *Content
	text    string
	words   []textWord
	next    int      // the next word to read
	speaker PlayerID // who speaks, or NoPlayer when the text must say
	players int      // seats are p1 to p<players>
	legal   []Action // when known, the legal actions (to choose a copy)
}

func (c *Content) parseAction(text string, speaker PlayerID, players int, legal []Action) (Action, error) {
	if err := tooLarge("action text", len(text), MaxActionTextSize); err != nil {
		return nil, err
	}
	p := &actionParser{c: c, text: text, words: splitWords(text), speaker: speaker, players: players, legal: legal}
	a, err := p.action()
	if err != nil {
		return nil, err
	}
	if w, ok := p.peek(); ok {
		return nil, p.failAt(w, "", "unexpected %q after the action", shorten(w.s))
	}
	return a, nil
}

// splitWords splits text at white space, keeping each word's offset.
func splitWords(text string) []textWord {
	var out []textWord
	start := -1
	for i, r := range text {
		if unicode.IsSpace(r) {
			if start >= 0 {
				out = append(out, textWord{text[start:i], start})
				start = -1
			}
		} else if start < 0 {
			start = i
		}
	}
	if start >= 0 {
		out = append(out, textWord{text[start:], start})
	}
	return out
}

func (p *actionParser) peek() (textWord, bool) {
	if p.next < len(p.words) {
		return p.words[p.next], true
	}
	return textWord{}, false
}

// word returns the next word, or fails saying what was wanted.
func (p *actionParser) word(field, want string) (textWord, error) {
	w, ok := p.peek()
	if !ok {
		return textWord{}, p.failAt(textWord{at: len(p.text)}, field, "want %s", want)
	}
	p.next++
	return w, nil
}

func (p *actionParser) failAt(w textWord, field, format string, args ...any) error {
	return &DecodeError{What: "action text", Input: shorten(p.text), Field: field, Word: shorten(w.s), Offset: w.at,
		Detail: fmt.Sprintf(format, args...)}
}

// verbs are the words that start an action, for error messages.
const verbs = "place, choose, complete, take, discard, play, pick, accept, refuse or decline"

// chooseWords are the words after "choose", for error messages.
const chooseWords = "space, building, opponent or type"

func (p *actionParser) action() (Action, error) {
	if len(p.words) == 0 {
		if p.speaker != NoPlayer {
			return nil, p.failAt(textWord{}, "", "want an action, such as \"place The Plinth\"")
		}
		return nil, p.failAt(textWord{}, "", "want a player and an action, such as \"p1 place The Plinth\"")
	}
	pl := p.speaker
	if first := p.words[0]; isSeatWord(first.s) {
		seat, err := p.seat(first, "player")
		if err != nil {
			return nil, err
		}
		if p.speaker != NoPlayer && seat != p.speaker {
			return nil, p.failAt(first, "player", "%s cannot act for %s", p.speaker, seat)
		}
		pl = seat
		p.next++
	} else if pl == NoPlayer {
		if isVerb(first.s) {
			return nil, p.failAt(first, "player", "say who acts first, such as \"p1 %s\"", strings.ToLower(first.s))
		}
		return nil, p.failAt(first, "player", "want a player (p1 to p%d) and an action, not %q", p.players, shorten(first.s))
	}
	vw, err := p.word("", "an action: "+verbs)
	if err != nil {
		return nil, err
	}
	verb := strings.ToLower(vw.s)
	if verb == "choose" {
		// "choose space X", "choose building X", "choose opponent p3",
		// "choose type arcana".
		w, err := p.word("choose", "what to choose: "+chooseWords)
		if err != nil {
			return nil, err
		}
		switch what := strings.ToLower(w.s); what {
		case "space", "building", "type":
			verb = what
		case "opponent", "player", "target":
			verb = "target"
		default:
			return nil, p.failAt(w, "choose", "want what to choose (%s), not %q", chooseWords, shorten(w.s))
		}
	}
	ix := p.c.nameIndex()
	switch verb {
	case "place", "space":
		act := func(i int) Action { return PlaceAgent{pl, SpaceID(i)} }
		if verb == "space" {
			act = func(i int) Action { return ChooseSpace{pl, SpaceID(i)} }
		}
		s, err := p.name(verb, &ix.spaces, act)
		if err != nil {
			return nil, err
		}
		return act(s), nil
	case "building", "buy":
		b, err := p.name(verb, &ix.tiles, func(i int) Action { return ChooseBuilding{pl, BuildingID(i)} })
		if err != nil {
			return nil, err
		}
		return ChooseBuilding{pl, BuildingID(b)}, nil
	case "play":
		i, err := p.name(verb, &ix.intrigue, func(i int) Action { return PlayIntrigue{pl, IntrigueID(i)} })
		if err != nil {
			return nil, err
		}
		return PlayIntrigue{pl, IntrigueID(i)}, nil
	case "take":
		p.keyword("quest")
		q, err := p.name(verb, &ix.quests, func(i int) Action { return TakeQuest{pl, QuestID(i)} })
		if err != nil {
			return nil, err
		}
		return TakeQuest{pl, QuestID(q)}, nil
	case "complete", "discard":
		return p.questOrMandatory(verb, pl)
	case "pick":
		pick, err := p.pick()
		if err != nil {
			return nil, err
		}
		return ChooseResources{pl, pick}, nil
	case "target":
		w, err := p.word("opponent", fmt.Sprintf("the opponent to choose, p1 to p%d", p.players))
		if err != nil {
			return nil, err
		}
		t, err := p.seat(w, "opponent")
		if err != nil {
			return nil, err
		}
		return ChoosePlayer{pl, t}, nil
	case "type":
		w, err := p.word("type", "a quest type: "+questTypeList())
		if err != nil {
			return nil, err
		}
		t, ok := questTypeWord(w.s)
		if !ok {
			return nil, p.failAt(w, "type", "want a quest type (%s), not %q", questTypeList(), shorten(w.s))
		}
		return ChooseQuestType{pl, t}, nil
	case "accept", "yes", "refuse", "no":
		return Respond{pl, verb == "accept" || verb == "yes"}, nil
	case "decline", "skip", "pass":
		return Decline{pl}, nil
	default:
		return nil, p.failAt(vw, "", "unknown action %q; want %s", shorten(vw.s), verbs)
	}
}

// keyword skips the next word if it is kw (in any case) and more follows.
func (p *actionParser) keyword(kw string) bool {
	if w, ok := p.peek(); ok && strings.EqualFold(w.s, kw) && p.next+1 < len(p.words) {
		p.next++
		return true
	}
	return false
}

// questOrMandatory reads what "complete" and "discard" name: a quest, or a
// mandatory quest (an intrigue card), told apart by the name or by the
// words "quest" and "mandatory".
func (p *actionParser) questOrMandatory(verb string, pl PlayerID) (Action, error) {
	questAct := func(i int) Action {
		if verb == "complete" {
			return CompleteQuest{pl, QuestID(i)}
		}
		return DiscardQuest{pl, QuestID(i)}
	}
	cardAct := func(i int) Action {
		if verb == "complete" {
			return CompleteMandatory{pl, IntrigueID(i)}
		}
		return DiscardMandatory{pl, IntrigueID(i)}
	}
	handAct := func(i int) Action { return DiscardIntrigue{pl, IntrigueID(i)} }
	// A card named alone: only a mandatory quest is discarded from play;
	// any other card is discarded from the hand.
	namedAct := func(i int) Action {
		if verb == "discard" && !p.c.mandatory.has(uint8(i)) {
			return handAct(i)
		}
		return cardAct(i)
	}
	ix := p.c.nameIndex()
	switch {
	case verb == "discard" && p.keyword("intrigue"):
		i, err := p.name(verb, &ix.intrigue, handAct)
		if err != nil {
			return nil, err
		}
		return handAct(i), nil
	case p.keyword("quest"):
		q, err := p.name(verb, &ix.quests, questAct)
		if err != nil {
			return nil, err
		}
		return questAct(q), nil
	case p.keyword("mandatory"):
		i, err := p.name(verb, &ix.intrigue, cardAct)
		if err != nil {
			return nil, err
		}
		return cardAct(i), nil
	}
	w, err := p.rest(verb, "a quest or a mandatory quest's card")
	if err != nil {
		return nil, err
	}
	if isDigits(w.s) {
		return nil, p.failAt(w, verb, "a number is ambiguous here; write \"%s quest %s\" or \"%s mandatory %s\"", verb, w.s, verb, w.s)
	}
	// The quest or the card that the name fits best; both when it fits
	// them equally well.
	k := nameKey(w.s)
	qt, _ := ix.quests.match(k)
	it, _ := ix.intrigue.match(k)
	switch {
	case qt == tierNone && it == tierNone:
		near := ix.quests.nearNames(k)
		if near == "" {
			near = ix.intrigue.nearNames(k)
		}
		return nil, p.failAt(w, verb, "no quest or intrigue card is named %q%s", shorten(w.s), near)
	case qt < it:
		q, err := p.resolveName(w, &ix.quests, questAct, false)
		if err != nil {
			return nil, err
		}
		return questAct(q), nil
	case it < qt:
		i, err := p.resolveName(w, &ix.intrigue, namedAct, false)
		if err != nil {
			return nil, err
		}
		return namedAct(i), nil
	}
	return nil, p.failAt(w, verb, "%q names both a quest and an intrigue card; write \"%s quest %s\" or \"%s mandatory %s\"",
		shorten(w.s), verb, w.s, verb, w.s)
}

// name reads the rest of the text as the name (or instance number) of one
// of l's instances; act builds the action an instance would make (to
// choose among candidates by the legal actions).
func (p *actionParser) name(verb string, l *nameList, act func(int) Action) (int, error) {
	w, err := p.rest(verb, "the "+l.kind.String()+"'s name")
	if err != nil {
		return 0, err
	}
	return p.resolveName(w, l, act, true)
}

// rest reads the rest of the text as one word: a name may have several.
func (p *actionParser) rest(field, want string) (textWord, error) {
	w, err := p.word(field, want)
	if err != nil {
		return w, err
	}
	w.s = strings.TrimRightFunc(p.text[w.at:], unicode.IsSpace)
	p.next = len(p.words)
	return w, nil
}

// isSeatWord reports whether w looks like a seat: "p" and digits.
func isSeatWord(w string) bool {
	if len(w) < 2 || (w[0] != 'p' && w[0] != 'P') {
		return false
	}
	for _, r := range w[1:] {
		if r < '0' || r > '9' {
			return false
		}
	}
	return true
}

func isVerb(w string) bool {
	switch strings.ToLower(w) {
	case "place", "choose", "space", "complete", "take", "discard", "building", "buy", "play", "pick",
		"accept", "refuse", "yes", "no", "decline", "skip", "pass", "target", "type":
		return true
	}
	return false
}

// seat reads "p1" to "p<players>".
func (p *actionParser) seat(w textWord, field string) (PlayerID, error) {
	if isSeatWord(w.s) {
		if n, err := strconv.ParseUint(w.s[1:], 10, 64); err == nil && n >= 1 && n <= uint64(p.players) {
			return PlayerID(n - 1), nil
		}
	}
	return 0, p.failAt(w, field, "want p1 to p%d, not %q", p.players, shorten(w.s))
}

func questTypeList() string {
	names := make([]string, NumQuestTypes)
	for t := range QuestType(NumQuestTypes) {
		names[t] = t.String()
	}
	return strings.Join(names, ", ")
}

// questTypeWord reads a quest type's name in any case, or its number.
func questTypeWord(w string) (QuestType, bool) {
	if t, ok := content.ParseQuestType(strings.ToLower(w)); ok {
		return t, true
	}
	if n, err := strconv.ParseUint(w, 10, 64); err == nil && n < NumQuestTypes {
		return QuestType(n), true
	}
	return 0, false
}

// pickUnits are the words for the parts of a Pick, with their plural and
// one-letter forms.
var pickUnits = [5][3]string{
	{"cleric", "clerics", "c"},
	{"fighter", "fighters", "f"},
	{"rogue", "rogues", "r"},
	{"wizard", "wizards", "w"},
	{"gold", "gold", "g"},
}

// pick reads the rest of the text as cubes and gold: counts and kinds
// ("2 wizards, 1 rogue", "wizard wizard", "2w+4g", "0c1f1r0w") or
// "nothing".
func (p *actionParser) pick() (Pick, error) {
	if p.next == len(p.words) {
		return Pick{}, p.failAt(textWord{at: len(p.text)}, "pick", "want what to pick, such as \"pick 2 wizards\" or \"pick nothing\"")
	}
	start := p.words[p.next].at
	p.next = len(p.words)
	toks := pickTokens(p.text[start:], start)
	if len(toks) == 1 && (strings.EqualFold(toks[0].s, "nothing") || strings.EqualFold(toks[0].s, "none")) {
		return Pick{}, nil
	}
	var v [5]int
	count := -1 // a count waiting for its kind
	var countWord textWord
	for _, t := range toks {
		if n, err := strconv.ParseUint(t.s, 10, 64); err == nil || isDigits(t.s) {
			if count >= 0 {
				return Pick{}, p.failAt(t, "pick", "want a kind of cube (cleric, fighter, rogue, wizard) or gold after %s, not another number", countWord.s)
			}
			if err != nil || n > 7 {
				return Pick{}, p.failAt(t, "pick", "%s is too many; at most 7 of each", shorten(t.s))
			}
			count, countWord = int(n), t
			continue
		}
		if strings.EqualFold(t.s, "and") && count < 0 {
			continue
		}
		unit := -1
		for i, forms := range pickUnits {
			for _, f := range forms {
				if strings.EqualFold(t.s, f) {
					unit = i
				}
			}
		}
		if unit < 0 {
			return Pick{}, p.failAt(t, "pick", "want a count or a kind (cleric, fighter, rogue, wizard, gold), not %q", shorten(t.s))
		}
		if count < 0 {
			count = 1
		}
		v[unit] += count
		if v[unit] > 7 {
			return Pick{}, p.failAt(t, "pick", "%d %s is too many; at most 7 of each", v[unit], pickUnits[unit][1])
		}
		count = -1
	}
	if count >= 0 {
		return Pick{}, p.failAt(countWord, "pick", "want a kind of cube (cleric, fighter, rogue, wizard) or gold after %s", countWord.s)
	}
	return Pick{Cleric: uint8(v[0]), Fighter: uint8(v[1]), Rogue: uint8(v[2]), Wizard: uint8(v[3]), Gold: uint8(v[4])}, nil
}

func isDigits(s string) bool { return s != "" && strings.Trim(s, "0123456789") == "" }

// pickTokens splits the words of a pick into numbers and words, dropping
// the separators between them (white space, commas, "+" and "&"): "2w+4g"
// is "2", "w", "4", "g". Offsets are from base.
func pickTokens(s string, base int) []textWord {
	var out []textWord
	i := 0
	for i < len(s) {
		r, size := utf8.DecodeRuneInString(s[i:])
		if unicode.IsSpace(r) || r == ',' || r == '+' || r == '&' {
			i += size
			continue
		}
		digit := r >= '0' && r <= '9'
		j := i
		for j < len(s) {
			r, size := utf8.DecodeRuneInString(s[j:])
			if unicode.IsSpace(r) || r == ',' || r == '+' || r == '&' || (r >= '0' && r <= '9') != digit {
				break
			}
			j += size
		}
		out = append(out, textWord{s[i:j], base + i})
		i = j
	}
	return out
}

// didYouMean suggests names close to a misspelt one: those it begins
// (in any case), else those a few edits away.
func didYouMean(names []string, w string) string {
	var near []string
	for _, n := range names {
		if len(w) >= 3 && len(n) > len(w) && strings.EqualFold(n[:len(w)], w) {
			near = append(near, n)
		}
	}
	if len(near) == 0 {
		best := max(1, min(3, len(w)/4)) // the most edits worth suggesting
		lw := strings.ToLower(w)         // once, not for each name (issue 24: a decoder's cost)
		for _, n := range names {
			if d := len(n) - len(lw); d > best || -d > best {
				continue // too far apart to suggest, and not worth lowering
			}
			switch d := editDistance(strings.ToLower(n), lw, best); {
			case d < best:
				near, best = append(near[:0], n), d
			case d == best:
				near = append(near, n)
			}
		}
	}
	switch {
	case len(near) == 0:
		return ""
	case len(near) > 4:
		near = append(near[:4], "...")
	}
	return "; did you mean " + strings.Join(near, ", ") + "?"
}

// editDistance returns the Levenshtein distance of a and b in bytes, or
// limit+1 when it is more than limit.
func editDistance(a, b string, limit int) int {
	if d := len(a) - len(b); d > limit || -d > limit {
		return limit + 1
	}
	// Rows on the stack for the lengths of names (issue 24: parsing a
	// misspelt word compares it with every name).
	var rows [2][128]int
	prev, cur := rows[0][:], rows[1][:]
	if len(b) < len(rows[0]) {
		prev, cur = prev[:len(b)+1], cur[:len(b)+1]
	} else {
		prev, cur = make([]int, len(b)+1), make([]int, len(b)+1)
	}
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
