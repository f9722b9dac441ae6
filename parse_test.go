package waterdeep

import (
	"errors"
	"strings"
	"testing"

	"pgregory.net/rapid"
)

// encTextRoundTrip checks the text form of a with content c: what
// FormatAction prints parses back to a, in any case, and without the
// player when the speaker is given.
func encTextRoundTrip(t harnessTB, c *Content, a Action) {
	t.Helper()
	text := c.FormatAction(a)
	if b, err := c.ParseAction(text); err != nil || b != a {
		t.Fatalf("Content.ParseAction(%q) = %#v, %v; want %#v", text, b, err, a)
	}
	if b, err := c.ParseAction(strings.ToUpper(text)); err != nil || b != a {
		t.Fatalf("Content.ParseAction(%q) = %#v, %v; want %#v", strings.ToUpper(text), b, err, a)
	}
	_, rest, _ := strings.Cut(text, " ")
	if b, err := c.ParseActionAs(a.Actor(), rest); err != nil || b != a {
		t.Fatalf("Content.ParseActionAs(%v, %q) = %#v, %v; want %#v", a.Actor(), rest, b, err, a)
	}
	if b, err := c.ParseActionAs(a.Actor(), text); err != nil || b != a {
		t.Fatalf("Content.ParseActionAs(%v, %q) = %#v, %v; want %#v", a.Actor(), text, b, err, a)
	}
	if c == BaseContent() {
		if a.String() != text {
			t.Fatalf("String() = %q, FormatAction = %q", a.String(), text)
		}
		if b, err := ParseAction(text); err != nil || b != a {
			t.Fatalf("ParseAction(%q) = %#v, %v; want %#v", text, b, err, a)
		}
	}
}

// encViewParse checks that the player to act can say a legal action
// without the player and without a card's copy number, in their view.
func encViewParse(t harnessTB, v View, a Action) {
	t.Helper()
	_, rest, _ := strings.Cut(a.String(), " ")
	if b, err := v.ParseAction(rest); err != nil || b != a {
		t.Fatalf("View.ParseAction(%q) = %#v, %v; want %#v", rest, b, err, a)
	}
	words := strings.Fields(rest)
	last := words[len(words)-1]
	id, _, hasCopy := strings.Cut(last, "#")
	if !hasCopy {
		return
	}
	short := strings.Join(append(words[:len(words)-1], id), " ")
	b, err := v.ParseAction(short)
	if err != nil {
		t.Fatalf("View.ParseAction(%q): %v", short, err)
	}
	// The copy is one the viewer may use; which, if several, is the first.
	bText := b.String()
	if !strings.HasPrefix(bText, strings.TrimSuffix(a.String(), last)+id+"#") {
		t.Fatalf("View.ParseAction(%q) = %v, want a copy of %v", short, b, a)
	}
	found := false
	for _, l := range v.Legal {
		found = found || l == b
	}
	if !found {
		t.Fatalf("View.ParseAction(%q) = %v, which is not legal", short, b)
	}
}

func TestParseActionRoundTripLegal(t *testing.T) {
	t.Parallel() // self-contained: runs beside the other heavy tests (long_test.go)
	c := BaseContent()
	n := 0
	for players := 2; players <= 5; players++ {
		for g := range encGamesPerCount(t) {
			encGame(t, players, uint64(2000*players+g), func(s State, legal []Action) {
				p, _ := s.ToAct()
				v := s.View(p)
				for _, a := range legal {
					encTextRoundTrip(t, c, a)
					encViewParse(t, v, a)
					n++
				}
			})
		}
	}
	t.Logf("%d legal actions round-tripped", n)
}

// The same property over games rapid draws: every legal action of every
// state reached survives text and JSON.
func TestActionFormsRoundTripRapid(t *testing.T) {
	t.Parallel() // self-contained: runs beside the other heavy tests (long_test.go)
	c := BaseContent()
	rapid.Check(t, func(t *rapid.T) {
		s, err := New(Config{Players: rapid.IntRange(2, 5).Draw(t, "players"), Seed: rapid.Uint64().Draw(t, "seed")})
		if err != nil {
			t.Fatal(err)
		}
		steps := rapid.IntRange(0, 400).Draw(t, "steps")
		for i := 0; i < steps && !s.Over(); i++ {
			legal := s.LegalActions()
			for _, a := range legal {
				encTextRoundTrip(t, c, a)
				encJSONRoundTrip(t, a)
			}
			a := legal[rapid.IntRange(0, len(legal)-1).Draw(t, "action")]
			if s, err = s.Apply(a); err != nil {
				t.Fatal(err)
			}
		}
	})
}

// encInContent reports whether every operand of a exists in c and its
// players are seats.
func encInContent(c *Content, a Action) bool {
	if a.Actor() >= MaxPlayers {
		return false
	}
	if validAction(a) != "" {
		return false
	}
	return actionInRange(c, MaxPlayers, a)
}

func TestParseActionRoundTripAllValues(t *testing.T) {
	t.Parallel() // self-contained: runs beside the other heavy tests (long_test.go)
	c := BaseContent()
	n := 0
	for _, a := range encAllActions(0, 4, 5, 6, 255) {
		if encInContent(c, a) {
			encTextRoundTrip(t, c, a)
			n++
			continue
		}
		// What is not in the content does not parse.
		if b, err := c.ParseAction(c.FormatAction(a)); err == nil {
			t.Fatalf("Content.ParseAction(%q) = %#v, want an error", c.FormatAction(a), b)
		}
	}
	t.Logf("%d actions in the base content", n)
}

func TestParseActionForms(t *testing.T) {
	c := BaseContent()
	inn1, _ := c.SpaceByID("cliffwatch-inn/1")
	zoar, _ := c.SpaceByID("the-zoarstar")
	owl, _ := c.QuestByID("domesticate-owlbears")
	crime := c.IntrigueCopies("crime-wave")
	bandits := c.IntrigueCopies("fend-off-bandits")
	tower, _ := c.BuildingByID("the-tower-of-luck")
	plinth, _ := c.SpaceByID("the-plinth")
	castle, _ := c.SpaceByID("castle-waterdeep")
	dockTile, _ := c.BuildingByID("smugglers-dock")
	dock := c.TileSpace(dockTile)
	foil := c.IntrigueCopies("foil-the-zhentarim")
	if len(crime) < 2 || len(bandits) < 1 {
		t.Fatalf("crime-wave %v, fend-off-bandits %v", crime, bandits)
	}
	tests := []struct {
		text string
		want Action
	}{
		{"p1 place cliffwatch-inn/1", PlaceAgent{0, inn1}},
		{"P1 PLACE Cliffwatch-Inn/1", PlaceAgent{0, inn1}},
		{"p1 place 10", PlaceAgent{0, 10}},
		{"  p2   space  the-zoarstar ", ChooseSpace{1, zoar}},
		{"p2\tspace\tthe-zoarstar", ChooseSpace{1, zoar}},
		{"p3 complete domesticate-owlbears", CompleteQuest{2, owl}},
		{"p3 complete quest domesticate-owlbears", CompleteQuest{2, owl}},
		{"p3 complete quest 7", CompleteQuest{2, 7}},
		{"p3 complete fend-off-bandits", CompleteMandatory{2, bandits[0]}},
		{"p3 complete mandatory fend-off-bandits", CompleteMandatory{2, bandits[0]}},
		{"p3 complete mandatory 44", CompleteMandatory{2, 44}},
		{"p1 discard domesticate-owlbears", DiscardQuest{0, owl}},
		{"p1 discard fend-off-bandits", DiscardMandatory{0, bandits[0]}},
		{"p1 discard intrigue fend-off-bandits", DiscardIntrigue{0, bandits[0]}},
		{"p1 discard intrigue crime-wave#2", DiscardIntrigue{0, crime[1]}},
		{"p1 discard crime-wave#2", DiscardIntrigue{0, crime[1]}},
		{"p1 discard mandatory crime-wave#2", DiscardMandatory{0, crime[1]}},
		{"p1 discard intrigue 12", DiscardIntrigue{0, 12}},
		{"p4 take domesticate-owlbears", TakeQuest{3, owl}},
		{"p4 take quest domesticate-owlbears", TakeQuest{3, owl}},
		{"p4 take quest 3", TakeQuest{3, 3}},
		{"p4 take 3", TakeQuest{3, 3}},
		{"p2 play crime-wave#2", PlayIntrigue{1, crime[1]}},
		{"p2 play 12", PlayIntrigue{1, 12}},
		{"p1 building the-tower-of-luck", ChooseBuilding{0, tower}},
		{"p1 pick 1 fighter, 1 rogue", ChooseResources{0, Pick{Fighter: 1, Rogue: 1}}},
		{"p1 pick 2 wizard", ChooseResources{0, Pick{Wizard: 2}}},
		{"p1 pick wizard wizard", ChooseResources{0, Pick{Wizard: 2}}},
		{"p1 pick 2 Wizards and 4 gold", ChooseResources{0, Pick{Wizard: 2, Gold: 4}}},
		{"p1 pick 2w+4g", ChooseResources{0, Pick{Wizard: 2, Gold: 4}}},
		{"p1 pick 1 cleric 1 cleric", ChooseResources{0, Pick{Cleric: 2}}},
		{"p1 pick rogue, fighter", ChooseResources{0, Pick{Fighter: 1, Rogue: 1}}},
		{"p1 pick 0c1f1r0w", ChooseResources{0, Pick{Fighter: 1, Rogue: 1}}},
		{"p1 pick 0c0f0r0w+4g", ChooseResources{0, Pick{Gold: 4}}},
		{"p1 pick 7c7f7r7w+7g", ChooseResources{0, Pick{7, 7, 7, 7, 7}}},
		{"p1 pick nothing", ChooseResources{0, Pick{}}},
		{"p1 pick None", ChooseResources{0, Pick{}}},
		{"p5 yes", Respond{4, true}},
		{"p5 No", Respond{4, false}},
		{"p6 decline", Decline{5}},
		{"p1 skip", Decline{0}},
		{"p1 pass", Decline{0}},
		{"p1 target p3", ChoosePlayer{0, 2}},
		{"p1 type piety", ChooseQuestType{0, Piety}},
		{"p1 type Arcana", ChooseQuestType{0, Arcana}},
		{"p1 type 4", ChooseQuestType{0, Warfare}},
		// The canonical verbs; the ones above are the old verbs, which
		// still parse.
		{"p2 choose space the-zoarstar", ChooseSpace{1, zoar}},
		{"p1 choose building the-tower-of-luck", ChooseBuilding{0, tower}},
		{"p1 buy the tower of luck", ChooseBuilding{0, tower}},
		{"p5 accept", Respond{4, true}},
		{"p5 Refuse", Respond{4, false}},
		{"p1 choose opponent p3", ChoosePlayer{0, 2}},
		{"p1 choose player p3", ChoosePlayer{0, 2}},
		{"p1 choose type piety", ChooseQuestType{0, Piety}},
		// Names as people say them: display names, prefixes, any case,
		// without punctuation or articles.
		{"p1 place The Plinth", PlaceAgent{0, plinth}},
		{"p1 place plinth", PlaceAgent{0, plinth}},
		{"p1 place castle waterdeep", PlaceAgent{0, castle}},
		{"p1 place Castle", PlaceAgent{0, castle}},
		{"p1 place Cliffwatch Inn (1)", PlaceAgent{0, inn1}},
		{"p1 place cliffwatch inn 1", PlaceAgent{0, inn1}},
		{"p1 place smugglers dock", PlaceAgent{0, dock}},
		{"p1 place Smuggler's Dock", PlaceAgent{0, dock}},
		{"p1 place smuggler", PlaceAgent{0, dock}},
		{"p2 choose space zoarstar", ChooseSpace{1, zoar}},
		{"p3 complete Domesticate Owlbears", CompleteQuest{2, owl}},
		{"p3 complete domesticate", CompleteQuest{2, owl}},
		{"p3 complete Fend Off Bandits", CompleteMandatory{2, bandits[0]}},
		{"p2 play Crime Wave #2", PlayIntrigue{1, crime[1]}},
		{"p2 play foil", PlayIntrigue{1, foil[0]}},
		{"p2 play crime wave 1", PlayIntrigue{1, crime[0]}},
		{"p1 choose building tower of luck", ChooseBuilding{0, tower}},
		{"p4 take quest DOMESTICATE OWLBEARS", TakeQuest{3, owl}},
	}
	for _, tt := range tests {
		got, err := c.ParseAction(tt.text)
		if err != nil || got != tt.want {
			t.Errorf("Content.ParseAction(%q) = %#v, %v; want %#v", tt.text, got, err, tt.want)
		}
		if got, err := ParseAction(tt.text); err != nil || got != tt.want {
			t.Errorf("ParseAction(%q) = %#v, %v; want %#v", tt.text, got, err, tt.want)
		}
		rest := strings.Join(strings.Fields(tt.text)[1:], " ")
		if got, err := ParseActionAs(tt.want.Actor(), rest); err != nil || got != tt.want {
			t.Errorf("ParseActionAs(%v, %q) = %#v, %v; want %#v", tt.want.Actor(), rest, got, err, tt.want)
		}
	}
}

func TestPickString(t *testing.T) {
	for pick, want := range map[Pick]string{
		{}:                    "nothing",
		{Fighter: 1}:          "1 fighter",
		{Wizard: 2, Gold: 4}:  "2 wizards, 4 gold",
		{Gold: 1}:             "1 gold",
		{1, 2, 3, 4, 5}:       "1 cleric, 2 fighters, 3 rogues, 4 wizards, 5 gold",
		{Cleric: 7, Rogue: 1}: "7 clerics, 1 rogue",
	} {
		if got := pick.String(); got != want {
			t.Errorf("%#v.String() = %q, want %q", pick, got, want)
		}
	}
}

// The view's parser knows the game: its seats, its speaker, and which copy
// of a card its player holds.
func TestViewParseAction(t *testing.T) {
	c := BaseContent()
	crime := c.IntrigueCopies("crime-wave")
	s := intrigueGame(t, 3)
	setHand(t, &s, 1, "crime-wave")                  // p2 holds copy #1,
	setHand(t, &s, 0, "crime-wave", "lack-of-faith") // p1 copy #2.
	s = apply(t, s, PlaceAgent{0, intrigueHarbor(t, &s)})
	if d := s.Pending(); d.Kind != PlayIntrigueDecision {
		t.Fatalf("pending %v, want p1 to play an intrigue card", d)
	}
	v := s.View(0)
	if a, err := v.ParseAction("play crime-wave"); err != nil || a != (PlayIntrigue{0, crime[1]}) {
		t.Errorf(`View.ParseAction("play crime-wave") = %v, %v; want p1 play crime-wave#2`, a, err)
	}
	if a, err := v.ParseAction("p1 play crime-wave#2"); err != nil || a != (PlayIntrigue{0, crime[1]}) {
		t.Errorf(`View.ParseAction("p1 play crime-wave#2") = %v, %v`, a, err)
	}
	encWantDecodeError(t, "View.ParseAction", "p2 place the-plinth", "p1 cannot act for p2", v.ParseAction)
	encWantDecodeError(t, "View.ParseAction", "target p4", "want p1 to p3", v.ParseAction)
	encWantDecodeError(t, "View.ParseAction", "p4 decline", "want p1 to p3", v.ParseAction)
	spectator := s.View(Spectator)
	encWantDecodeError(t, "View.ParseAction", "place the-plinth", `say who acts first, such as "p1 place"`, spectator.ParseAction)
	if a, err := spectator.ParseAction("p2 place the-plinth"); err != nil || a.Actor() != 1 {
		t.Errorf(`spectator View.ParseAction("p2 place the-plinth") = %v, %v`, a, err)
	}
	encWantDecodeError(t, "Content.ParseAction", "play crime-wave", "say who acts first", c.ParseAction)
	encWantDecodeError(t, "Content.ParseActionAs", "play crime-wave", "there are 2 copies of Crime Wave; say which, such as crime-wave#1",
		func(text string) (Action, error) { return c.ParseActionAs(0, text) })
}

func TestParseActionErrors(t *testing.T) {
	c := BaseContent()
	tests := []struct {
		in, want string
		word     string // the word at fault
	}{
		{"", "want a player and an action", ""},
		{"p1", "want an action: place, choose, complete", ""},
		{"place 3", `say who acts first, such as "p1 place"`, "place"},
		{"hello there", `want a player (p1 to p6) and an action, not "hello"`, "hello"},
		{"p0 place 3", "want p1 to p6", "p0"},
		{"p7 place cliffwatch-inn/1", "want p1 to p6", "p7"},
		{"p1 plac 3", `unknown action "plac"; want place, choose,`, "plac"},
		{"p1 place", "want the space's name", ""},
		{"p1 place cliffwatch-inn/1 now", `unexpected "now" after the action`, "now"},
		{"p1 place cliffwatch-inn/9", `no space is named "cliffwatch-inn/9"`, "cliffwatch-inn/9"},
		{"p1 place clifwatch-inn/1", `did you mean Cliffwatch Inn (1)?`, "clifwatch-inn/1"},
		{"p1 place cliffwatch", `"cliffwatch" could be Cliffwatch Inn (1), Cliffwatch Inn (2) or Cliffwatch Inn (3); say which`, "cliffwatch"},
		{"p1 place 37", "space 37 does not exist; there are 37", "37"},
		{"p1 place -1", `no space is named "-1"`, "-1"},
		{"p1 complete 3", "a number is ambiguous here", "3"},
		{"p1 discard 3", "a number is ambiguous here", "3"},
		{"p1 complete", "want a quest or a mandatory quest", ""},
		{"p1 complete slay-the-dragon", "no quest or intrigue card is named", "slay-the-dragon"},
		{"p1 complete quest crime-wave#1", "no quest is named", "crime-wave#1"},
		{"p1 complete mandatory domesticate-owlbears", "no intrigue card is named", "domesticate-owlbears"},
		{"p1 take crime-wave#1", "no quest is named", "crime-wave#1"},
		{"p1 play crime-wave", "there are 2 copies of Crime Wave; say which, such as crime-wave#1", "crime-wave"},
		{"p1 play crime-wave#9", `no intrigue card is named "crime-wave#9"`, "crime-wave#9"},
		{"p1 play 50", "intrigue card 50 does not exist", "50"},
		{"p1 building builders-hall", "no building is named", "builders-hall"},
		{"p1 target p7", "want p1 to p6", "p7"},
		{"p1 target 2", "want p1 to p6", "2"},
		{"p1 target", "want the opponent to choose", ""},
		{"p1 choose opponent", "want the opponent to choose", ""},
		{"p1 choose", "want what to choose: space, building, opponent or type", ""},
		{"p1 choose wisely", "want what to choose (space, building, opponent or type), not \"wisely\"", "wisely"},
		{"p1 place the", `want the space's name, not "the"`, "the"},
		{"p1 place house", `"house" could be House of Wonder, House of Good Spirits, House of Heroes or House of the Moon; say which`, "house"},
		{"p1 place the plinth now", `unexpected "now" after the action`, "now"},
		{"p1 play foil the zhentarim please", `unexpected "please" after the action`, "please"},
		{"p1 place plinht", `no space is named "plinht"; did you mean The Plinth?`, "plinht"},
		{"p1 yes please", `unexpected "please"`, "please"},
		{"p1 skip now", `unexpected "now"`, "now"},
		{"p1 type magic", "want a quest type (arcana, commerce, piety, skullduggery, warfare)", "magic"},
		{"p1 type 5", "want a quest type", "5"},
		{"p1 pick", "want what to pick", ""},
		{"p1 pick 8 wizards", "8 is too many; at most 7 of each", "8"},
		{"p1 pick 4 wizards 4 wizards", "8 wizards is too many", "wizards"},
		{"p1 pick 2 paladins", `want a count or a kind`, "paladins"},
		{"p1 pick 2", "want a kind of cube", "2"},
		{"p1 pick 2 3 wizards", "not another number", "3"},
		{"p1 pick 1c0f0r0w1", "want a kind of cube", "1"},
		{"p1 pick nothing wizard", `want a count or a kind`, "nothing"},
	}
	for _, tt := range tests {
		a, err := c.ParseAction(tt.in)
		var de *DecodeError
		if !errors.As(err, &de) {
			t.Errorf("ParseAction(%q) = %v, %v; want a *DecodeError", tt.in, a, err)
			continue
		}
		if !strings.HasPrefix(err.Error(), "waterdeep: ") || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("ParseAction(%q) error %q does not say %q", tt.in, err, tt.want)
		}
		if de.Word != tt.word {
			t.Errorf("ParseAction(%q) error points at %q, want %q", tt.in, de.Word, tt.word)
		}
		if tt.word != "" && !strings.HasPrefix(tt.in[de.Offset:], tt.word) {
			t.Errorf("ParseAction(%q) error offset %d does not point at %q", tt.in, de.Offset, tt.word)
		}
		if tt.word == "" && de.Offset != len(tt.in) {
			t.Errorf("ParseAction(%q) error offset %d; want the end, %d", tt.in, de.Offset, len(tt.in))
		}
	}
	encWantDecodeError(t, "ParseActionAs", "p2 place the-plinth", "p1 cannot act for p2",
		func(text string) (Action, error) { return ParseActionAs(0, text) })
	long := strings.Repeat("x", MaxActionTextSize+1)
	var se *SizeError
	if _, err := ParseAction(long); !errors.As(err, &se) {
		t.Errorf("ParseAction(%d bytes) = %v, want a *SizeError", len(long), err)
	}
}

func encWantDecodeError(t *testing.T, name, in, want string, parse func(string) (Action, error)) {
	t.Helper()
	a, err := parse(in)
	var de *DecodeError
	if !errors.As(err, &de) {
		t.Errorf("%s(%q) = %v, %v; want a *DecodeError", name, in, a, err)
		return
	}
	if !strings.HasPrefix(err.Error(), "waterdeep: ") || !strings.Contains(err.Error(), want) {
		t.Errorf("%s(%q) error %q does not say %q", name, in, err, want)
	}
}

func FuzzParseAction(f *testing.F) {
	for _, s := range []string{"p1 place 10", "p2 complete quest 17", "p3 complete mandatory 44", "p1 skip",
		"p1 take quest 3", "p1 building 5", "p4 play 12", "p2 pick 0c1f1r0w", "p2 pick 1c2f3r4w+5g", "p3 yes",
		"p3 no", "p1 decline", "p1 target p3", "p1 space 21", "p1 type skullduggery", "p1 discard quest 8",
		"p1 discard mandatory 40", "p1 place cliffwatch-inn/1", "p3 complete domesticate-owlbears",
		"p2 play crime-wave#2", "p1 discard fend-off-bandits", "p4 take 3", "p1 building the-tower-of-luck",
		"p1 pick 2 wizards and 4 gold", "p1 pick wizard wizard", "P2 PICK NOTHING", "p1 place clifwatch",
		"p1 place The Plinth", "p1 place cliffwatch inn (2)", "p1 choose opponent p3", "p5 refuse", "p1 play foil",
		"p1 choose building jesters", "p1 complete fend off", "p1 place the plinth now"} {
		f.Add(s)
	}
	c := BaseContent()
	addHostileSeeds(f, []byte("p1 pick 2 wizards and 4 gold"), MaxActionTextSize, true)
	warmDecoders()
	f.Fuzz(func(t *testing.T, text string) {
		var a Action
		var err error
		checkDecodeCost(t, []byte(text), func() { a, err = c.ParseAction(text) })
		if err != nil {
			var de *DecodeError
			var se *SizeError
			if a != nil || !(errors.As(err, &se) || errors.As(err, &de) && de.Offset >= 0 && de.Offset <= len(text)) {
				t.Fatalf("ParseAction(%q) = %v, %v", text, a, err)
			}
			return
		}
		if !encInContent(c, a) {
			t.Fatalf("ParseAction(%q) = %#v, which is not in the content", text, a)
		}
		encTextRoundTrip(t, c, a)
		encJSONRoundTrip(t, a)
	})
}
