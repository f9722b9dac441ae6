package waterdeep

import (
	"errors"
	"strings"
	"testing"
)

// encTextRoundTrip checks both text forms of a.
func encTextRoundTrip(t testing.TB, c *Content, a Action) {
	t.Helper()
	if b, err := ParseAction(a.String()); err != nil || b != a {
		t.Fatalf("ParseAction(%q) = %#v, %v; want %#v", a.String(), b, err, a)
	}
	if c == nil {
		return
	}
	text := c.FormatAction(a)
	if b, err := c.ParseAction(text); err != nil || b != a {
		t.Fatalf("Content.ParseAction(%q) = %#v, %v; want %#v", text, b, err, a)
	}
	if b, err := c.ParseAction(a.String()); err != nil || b != a {
		t.Fatalf("Content.ParseAction(%q) = %#v, %v; want %#v", a.String(), b, err, a)
	}
}

func TestParseActionRoundTripLegal(t *testing.T) {
	c := BaseContent()
	n := 0
	for players := 2; players <= 5; players++ {
		for g := range encGamesPerCount(t) {
			encGame(t, players, uint64(2000*players+g), func(_ State, legal []Action) {
				for _, a := range legal {
					encTextRoundTrip(t, c, a)
					n++
				}
			})
		}
	}
	t.Logf("%d legal actions round-tripped", n)
}

// encInContent reports whether every operand of a exists in c and its
// players are seats.
func encInContent(c *Content, a Action) bool {
	if a.Actor() >= MaxPlayers {
		return false
	}
	switch a := a.(type) {
	case PlaceAgent:
		return int(a.Space) < c.NumSpaces()
	case ChooseSpace:
		return int(a.Space) < c.NumSpaces()
	case CompleteQuest:
		return int(a.Quest) < c.NumQuests()
	case TakeQuest:
		return int(a.Quest) < c.NumQuests()
	case DiscardQuest:
		return int(a.Quest) < c.NumQuests()
	case CompleteMandatory:
		return int(a.Card) < c.NumIntrigue()
	case DiscardMandatory:
		return int(a.Card) < c.NumIntrigue()
	case PlayIntrigue:
		return int(a.Card) < c.NumIntrigue()
	case ChooseBuilding:
		return int(a.Building) < c.NumBuildings()
	case ChoosePlayer:
		return a.Target < MaxPlayers
	}
	return true
}

func TestParseActionRoundTripAllValues(t *testing.T) {
	c := BaseContent()
	n := 0
	for _, a := range encAllActions(0, 4, 5, 255) {
		if encInContent(c, a) {
			encTextRoundTrip(t, c, a)
			n++
			continue
		}
		encTextRoundTrip(t, nil, a)
		// What is not in the content does not parse with it.
		if b, err := c.ParseAction(a.String()); err == nil {
			t.Fatalf("Content.ParseAction(%q) = %#v, want an error", a.String(), b)
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
	if len(crime) < 2 || len(bandits) < 1 {
		t.Fatalf("crime-wave %v, fend-off-bandits %v", crime, bandits)
	}
	tests := []struct {
		text string
		want Action
	}{
		{"p1 place cliffwatch-inn/1", PlaceAgent{0, inn1}},
		{"p1 place 10", PlaceAgent{0, 10}},
		{"  p2   space  the-zoarstar ", ChooseSpace{1, zoar}},
		{"p3 complete domesticate-owlbears", CompleteQuest{2, owl}},
		{"p3 complete quest domesticate-owlbears", CompleteQuest{2, owl}},
		{"p3 complete quest 7", CompleteQuest{2, 7}},
		{"p3 complete fend-off-bandits", CompleteMandatory{2, bandits[0]}},
		{"p3 complete mandatory fend-off-bandits", CompleteMandatory{2, bandits[0]}},
		{"p3 complete mandatory 44", CompleteMandatory{2, 44}},
		{"p1 discard domesticate-owlbears", DiscardQuest{0, owl}},
		{"p1 discard fend-off-bandits", DiscardMandatory{0, bandits[0]}},
		{"p4 take domesticate-owlbears", TakeQuest{3, owl}},
		{"p4 take quest 3", TakeQuest{3, 3}},
		{"p4 take 3", TakeQuest{3, 3}},
		{"p2 play crime-wave#2", PlayIntrigue{1, crime[1]}},
		{"p2 play 12", PlayIntrigue{1, 12}},
		{"p1 building the-tower-of-luck", ChooseBuilding{0, tower}},
		{"p1 pick 0c1f1r0w", ChooseResources{0, Pick{Fighter: 1, Rogue: 1}}},
		{"p1 pick 0c0f0r0w+4g", ChooseResources{0, Pick{Gold: 4}}},
		{"p5 yes", Respond{4, true}},
		{"p5 no", Respond{4, false}},
		{"p6 decline", Decline{5}},
		{"p1 skip", Decline{0}},
		{"p1 target p3", ChoosePlayer{0, 2}},
		{"p1 type piety", ChooseQuestType{0, Piety}},
		{"p1 type 4", ChooseQuestType{0, Warfare}},
	}
	for _, tt := range tests {
		got, err := c.ParseAction(tt.text)
		if err != nil || got != tt.want {
			t.Errorf("Content.ParseAction(%q) = %#v, %v; want %#v", tt.text, got, err, tt.want)
		}
	}
	// The content-free form.
	for text, want := range map[string]Action{
		"p256 place 255":          PlaceAgent{255, 255},
		"p1 complete quest 0":     CompleteQuest{0, 0},
		"p1 discard mandatory 49": DiscardMandatory{0, 49},
		"p9 target p200":          ChoosePlayer{8, 199},
		"p1 type skullduggery":    ChooseQuestType{0, Skullduggery},
		"p1 pick 7c7f7r7w+7g":     ChooseResources{0, Pick{7, 7, 7, 7, 7}},
		"p1\tspace\t3":            ChooseSpace{0, 3},
	} {
		got, err := ParseAction(text)
		if err != nil || got != want {
			t.Errorf("ParseAction(%q) = %#v, %v; want %#v", text, got, err, want)
		}
	}
}

func TestParseActionErrors(t *testing.T) {
	plain := []struct{ in, want string }{
		{"", "want a player"},
		{"p1", "want a player"},
		{"place 3", "want p1"},
		{"p0 place 3", "want p1 to p256"},
		{"p257 place 3", "want p1 to p256"},
		{"P1 place 3", "want p1"},
		{"p-1 place 3", "want p1"},
		{"p1 plac 3", `unknown action "plac"`},
		{"p1 place", "want"},
		{"p1 place 3 4", "want"},
		{"p1 place 256", "0 to 255"},
		{"p1 place -1", "0 to 255"},
		{"p1 place +1", "0 to 255"},
		{"p1 place cliffwatch-inn/1", "0 to 255"},
		{"p1 complete 3", "want"},
		{"p1 complete task 3", `want "quest" or "mandatory"`},
		{"p1 take 3", "want"},
		{"p1 take card 3", `want "quest"`},
		{"p1 skip now", "want"},
		{"p1 pick 8c0f0r0w", "counts 0 to 7"},
		{"p1 pick 1c0f0r", "counts 0 to 7"},
		{"p1 pick 1c0f0r0w+", "counts 0 to 7"},
		{"p1 pick 1c0f0r0w+1", "counts 0 to 7"},
		{"p1 pick 1c0f0r0w1g", "counts 0 to 7"},
		{"p1 pick 1c0f0r0w+1gx", "counts 0 to 7"},
		{"p1 pick c0f0r0w", "counts 0 to 7"},
		{"p1 pick 1f0c0r0w", "counts 0 to 7"},
		{"p1 target 2", "want p1"},
		{"p1 type magic", "want a quest type"},
		{"p1 type 5", "want a quest type"},
	}
	for _, tt := range plain {
		encWantDecodeError(t, "ParseAction", tt.in, tt.want, func(s string) (Action, error) { return ParseAction(s) })
	}
	c := BaseContent()
	named := []struct{ in, want string }{
		{"", "want a player"},
		{"p7 place cliffwatch-inn/1", "want p1 to p6"},
		{"p1 place cliffwatch-inn/9", `no space is named "cliffwatch-inn/9"`},
		{"p1 place cliffwatch-inn/1 now", "no space is named"},
		{"p1 place 37", "37 is out of range; there are 37"},
		{"p1 place", "want"},
		{"p1 complete 3", "ambiguous"},
		{"p1 discard 3", "ambiguous"},
		{"p1 complete slay-the-dragon", "no quest or intrigue card"},
		{"p1 complete quest crime-wave#1", "no quest is named"},
		{"p1 complete mandatory domesticate-owlbears", "no intrigue card is named"},
		{"p1 take crime-wave#1", "no quest is named"},
		{"p1 play crime-wave", `no intrigue card is named "crime-wave"`},
		{"p1 play 50", "out of range"},
		{"p1 building builders-hall", "no building is named"},
		{"p1 target p7", "want p1 to p6"},
		{"p1 yes please", "unexpected"},
	}
	for _, tt := range named {
		encWantDecodeError(t, "Content.ParseAction", tt.in, tt.want, c.ParseAction)
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

func encParseFuzzSeeds(f *testing.F) {
	for _, s := range []string{"p1 place 10", "p2 complete quest 17", "p3 complete mandatory 44", "p1 skip",
		"p1 take quest 3", "p1 building 5", "p4 play 12", "p2 pick 0c1f1r0w", "p2 pick 1c2f3r4w+5g", "p3 yes",
		"p3 no", "p1 decline", "p1 target p3", "p1 space 21", "p1 type skullduggery", "p1 discard quest 8",
		"p1 discard mandatory 40", "p1 place cliffwatch-inn/1", "p3 complete domesticate-owlbears",
		"p2 play crime-wave#2", "p1 discard fend-off-bandits", "p4 take 3", "p1 building the-tower-of-luck",
		"p256 place 255", "p1 pick 7c7f7r7w+7g"} {
		f.Add(s)
	}
}

func FuzzParseAction(f *testing.F) {
	encParseFuzzSeeds(f)
	f.Fuzz(func(t *testing.T, text string) {
		a, err := ParseAction(text)
		if err != nil {
			var de *DecodeError
			if a != nil || !errors.As(err, &de) {
				t.Fatalf("ParseAction(%q) = %v, %v", text, a, err)
			}
			return
		}
		if b, err := ParseAction(a.String()); err != nil || b != a {
			t.Fatalf("%q parses to %#v, prints as %q, which parses to %#v, %v", text, a, a.String(), b, err)
		}
		// Every parsed action also has a JSON form.
		encJSONRoundTrip(t, a)
	})
}

func FuzzContentParseAction(f *testing.F) {
	encParseFuzzSeeds(f)
	c := BaseContent()
	f.Fuzz(func(t *testing.T, text string) {
		a, err := c.ParseAction(text)
		if err != nil {
			var de *DecodeError
			if a != nil || !errors.As(err, &de) {
				t.Fatalf("Content.ParseAction(%q) = %v, %v", text, a, err)
			}
			return
		}
		if !encInContent(c, a) {
			t.Fatalf("Content.ParseAction(%q) = %#v, which is not in the content", text, a)
		}
		encTextRoundTrip(t, c, a)
	})
}
