package waterdeep

import (
	"encoding/json"
	"math/rand/v2"
	"regexp"
	"strings"
	"testing"
)

// idWord matches a word written as an id ("the-plinth", "crime-wave#2",
// "cliffwatch-inn/2"): the human form must not hold one.
var idWord = regexp.MustCompile(`\b[a-z]+-[a-z-]+|#\d|\b[a-z]+/\d`)

// humanGames plays random games with every module mix, calling visit with
// each action, the decision it answers, and its events.
func humanGames(t *testing.T, n int, visit func(s State, d Decision, a Action, events []Event)) {
	t.Helper()
	cfgs := []Config{{Players: 3}, {Players: 4}, {Players: 5, Modules: Undermountain},
		{Players: 6, Modules: Skullport, Long: true}, {Players: 4, Modules: Undermountain | Skullport, Long: true}}
	for g := range n {
		cfg := cfgs[g%len(cfgs)]
		cfg.Seed = uint64(7000 + g)
		s, err := New(cfg)
		if err != nil {
			t.Fatal(err)
		}
		r := rand.New(rand.NewPCG(cfg.Seed, 0x4a))
		var events []Event
		for !s.Over() {
			legal := s.LegalActions()
			a := legal[r.IntN(len(legal))]
			d := s.Pending()
			before := s
			if s, events, err = s.ApplyEvents(a, events[:0]); err != nil {
				t.Fatal(err)
			}
			visit(before, d, a, events)
		}
	}
}

// The human form of an event hides exactly what the canonical form hides,
// names things by display name and never by id, and an action's sentence
// speaks of its player in the third person.
func TestHumanEventHidesWhatCanonicalHides(t *testing.T) {
	games := 10
	if testing.Short() {
		games = 3
	}
	kinds := map[EventKind]bool{}
	humanGames(t, games, func(s State, d Decision, a Action, events []Event) {
		c := s.Content()
		for _, e := range events {
			kinds[e.Kind] = true
			for _, v := range append(leakViewers(s.Players()), Spectator) {
				h := c.HumanEvent(e, v, d)
				// (Another's automatic answer is, for v, an action, which
				// would be written with d: it is not that action's.)
				if again := c.HumanEvent(e.For(v), v, d); again != h && (e.Kind != EvAutoAnswer || v == e.Player) {
					t.Fatalf("HumanEvent(%+v, %v) = %q, but of e.For(viewer) %q", e, v, h, again)
				}
				canon := c.FormatEvent(e, v)
				hidden := e.For(v).Card == HiddenCard && e.Card != HiddenCard
				if hidden {
					name := c.Intrigue(e.Card).Name
					if strings.Contains(h, name) || !strings.Contains(h, "an intrigue card") {
						t.Fatalf("%v sees %q for %q (canonical %q)", v, h, c.formatEvent(e), canon)
					}
				}
				if e.Kind != EvAction && strings.Contains(canon, "an intrigue card") != strings.Contains(h, "an intrigue card") {
					t.Fatalf("canonical %q and human %q hide different things", canon, h)
				}
				if m := idWord.FindString(h); m != "" && m != "first-player" {
					t.Fatalf("human form %q names %q by id", h, m)
				}
				if strings.Contains(h, " you") || strings.Contains(h, "your ") {
					t.Fatalf("human form %q speaks to the player", h)
				}
			}
		}
	})
	for _, k := range []EventKind{EvAction, EvAutoAnswer, EvIntrigueDrawn, EvPlaced, EvQuestCompleted} {
		if !kinds[k] {
			t.Errorf("no event of kind %d in the games", k)
		}
	}
}

// Every legal action has a human sentence with its decision's context,
// starting with its player.
func TestHumanActionOfEveryLegalAction(t *testing.T) {
	t.Parallel() // self-contained: runs beside the other heavy tests (long_test.go)
	c := FullContent()
	seen := map[string]bool{}
	humanGames(t, 5, func(s State, d Decision, _ Action, _ []Event) {
		v := s.View(d.Player)
		for _, a := range s.LegalActions() {
			// The canonical text reads back as a, and so does the text
			// with the display name in place of the id, for the player.
			encTextRoundTrip(t, s.Content(), a)
			if named := displayText(s.Content(), a); named != "" {
				// (Any copy of a card when the player may use several.)
				copyless := regexp.MustCompile(`#\d+`)
				if b, err := v.ParseAction(named); err != nil ||
					b != a && copyless.ReplaceAllString(s.Content().FormatAction(b), "") != copyless.ReplaceAllString(s.Content().FormatAction(a), "") {
					t.Fatalf("View.ParseAction(%q) = %v, %v; want %v", named, b, err, a)
				}
			}
			h := s.Content().HumanAction(a, d)
			if !strings.HasPrefix(h, a.Actor().String()+" ") || strings.Contains(h, "(no action)") {
				t.Fatalf("HumanAction(%v, %v) = %q", a, d, h)
			}
			if m := idWord.FindString(h); m != "" && m != "first-player" {
				t.Fatalf("HumanAction(%v) = %q names %q by id", a, h, m)
			}
			verb := strings.Fields(h)[1]
			seen[verb] = true
		}
	})
	for _, v := range []string{"assigns", "takes", "completes", "plays", "chooses", "buys", "declines"} {
		if !seen[v] {
			t.Errorf("no human action says %q; saw %v", v, seen)
		}
	}
	_ = c
}

func TestHumanActionSentences(t *testing.T) {
	c := BaseContent()
	plinth, _ := c.SpaceByID("the-plinth")
	inn2, _ := c.SpaceByID("cliffwatch-inn/2")
	harbor1, _ := c.SpaceByID("waterdeep-harbor/1")
	dock, _ := c.BuildingByID("smugglers-dock")
	owl, _ := c.QuestByID("domesticate-owlbears")
	crime := c.IntrigueCopies("crime-wave")
	none := Decision{}
	tests := []struct {
		a    Action
		d    Decision
		want string
	}{
		{PlaceAgent{0, plinth}, none, "p1 assigns an agent to The Plinth"},
		{PlaceAgent{0, inn2}, none, "p1 assigns an agent to Cliffwatch Inn (2)"},
		{PlaceAgent{2, plinth}, Decision{Kind: PlaceAgentDecision, Player: 2, Reassign: true, From: harbor1, Purpose: "reassign your agent from Waterdeep Harbor (1)"},
			"p3 reassigns their agent from Waterdeep Harbor (1) to The Plinth"},
		{PlaceAgent{1, plinth}, Decision{Kind: PlaceAgentDecision, Player: 1, Ambassador: true}, "p2 assigns the Ambassador to The Plinth"},
		{ChooseBuilding{1, dock}, Decision{Kind: ChooseBuildingDecision, Player: 1, Purpose: "buy a building in Builder's Hall"}, "p2 buys Smuggler's Dock"},
		{ChooseBuilding{1, dock}, none, "p2 chooses Smuggler's Dock"},
		{Respond{4, false}, Decision{Kind: RespondDecision, Player: 4, Other: 1, Purpose: "give 1 cleric to p2 for 2 VP?", Source: "Recruit Spies"},
			"p5 declines to give 1 cleric to p2 for 2 VP (Recruit Spies)"},
		{Respond{4, true}, Decision{Kind: RespondDecision, Player: 4, Other: 1, Purpose: "give 1 cleric to p2 for 2 VP?", Source: "Recruit Spies"},
			"p5 agrees to give 1 cleric to p2 for 2 VP (Recruit Spies)"},
		{Respond{4, false}, none, "p5 refuses"},
		// A decision of another player gives no context.
		{Respond{4, false}, Decision{Kind: RespondDecision, Player: 3, Purpose: "give 1 cleric to p2 for 2 VP?"}, "p5 refuses"},
		{ChoosePlayer{3, 2}, Decision{Kind: ChoosePlayerDecision, Player: 3, Purpose: "choose an opponent to receive 2 gold", Source: "Tax Collection"},
			"p4 chooses p3 to receive 2 gold (Tax Collection)"},
		{ChoosePlayer{3, 2}, none, "p4 chooses p3"},
		{Decline{0}, Decision{Kind: CompleteQuestDecision, Player: 0, Optional: true, Purpose: "complete a quest"}, "p1 declines to complete a quest"},
		{Decline{0}, Decision{Kind: PlayIntrigueDecision, Player: 0, Optional: true, Purpose: "you may play Crime Wave, just drawn"},
			"p1 declines to play Crime Wave, just drawn"},
		{Decline{0}, none, "p1 declines"},
		{ChooseResources{0, Pick{Wizard: 2, Gold: 4}}, none, "p1 chooses 2 wizards and 4 gold"},
		{ChooseResources{0, Pick{Rogue: 1}}, Decision{Kind: ChooseAdventurersDecision, Player: 0, Other: 2, Purpose: "take 1 adventurer from p3"},
			"p1 takes 1 rogue from p3"},
		{CompleteQuest{0, owl}, none, "p1 completes Domesticate Owlbears"},
		{TakeQuest{0, owl}, none, "p1 takes Domesticate Owlbears"},
		{PlayIntrigue{1, crime[1]}, none, "p2 plays Crime Wave"},
		{DiscardIntrigue{1, crime[0]}, none, "p2 discards Crime Wave from their hand"},
		{ChooseQuestType{0, Arcana}, none, "p1 names arcana"},
		{ChooseSpace{0, plinth}, Decision{Kind: ChooseSpaceDecision, Player: 0, Source: "The Zoarstar"}, "p1 chooses The Plinth (The Zoarstar)"},
	}
	for _, tt := range tests {
		if got := c.HumanAction(tt.a, tt.d); got != tt.want {
			t.Errorf("HumanAction(%v, %+v) = %q, want %q", tt.a, tt.d, got, tt.want)
		}
	}
}

// The human form of events: display names, and the draw hidden from
// others.
func TestHumanEventSentences(t *testing.T) {
	c := BaseContent()
	plinth, _ := c.SpaceByID("the-plinth")
	crime := c.IntrigueCopies("crime-wave")
	drawn := Event{Kind: EvIntrigueDrawn, Player: 2, Card: crime[1], Secret: true}
	tests := []struct {
		e      Event
		viewer PlayerID
		want   string
	}{
		{Event{Kind: EvPlaced, Player: 0, Space: plinth}, Spectator, "p1 assigns an agent to The Plinth"},
		{drawn, 2, "p3 draws Crime Wave"},
		{drawn, 0, "p3 draws an intrigue card"},
		{drawn, Spectator, "p3 draws an intrigue card"},
		{Event{Kind: EvAction, Player: 0, Move: PlaceAgent{0, plinth}.move()}, Spectator, "p1 assigns an agent to The Plinth"},
		{Event{Kind: EvAutoAnswer, Player: 4, Move: Respond{4, false}.move()}, 4, "p5 refuses (only choice)"},
		// Only the player learns that the answer was the only one (RULES.md 41).
		{Event{Kind: EvAutoAnswer, Player: 4, Move: Respond{4, false}.move()}, Spectator, "p5 refuses"},
		{Event{Kind: EvAutoAnswer, Player: 4, Move: Respond{4, false}.move()}, 0, "p5 refuses"},
	}
	for _, tt := range tests {
		if got := c.HumanEvent(tt.e, tt.viewer, Decision{}); got != tt.want {
			t.Errorf("HumanEvent(%+v, %v) = %q, want %q", tt.e, tt.viewer, got, tt.want)
		}
	}
	// The card just drawn is the player's secret, even in the question.
	drawnQ := Decision{Kind: PlayIntrigueDecision, Player: 0, Optional: true, Purpose: "you may play Crime Wave, just drawn"}
	decline := Event{Kind: EvAction, Player: 0, Move: Decline{0}.move()}
	if got, want := c.HumanEvent(decline, 0, drawnQ), "p1 declines to play Crime Wave, just drawn"; got != want {
		t.Errorf("HumanEvent(decline, p1) = %q, want %q", got, want)
	}
	for _, v := range []PlayerID{1, Spectator} {
		if got, want := c.HumanEvent(decline, v, drawnQ), "p1 declines to play the intrigue card just drawn"; got != want {
			t.Errorf("HumanEvent(decline, %v) = %q, want %q", v, got, want)
		}
	}
	d := Decision{Kind: RespondDecision, Player: 4, Other: 1, Purpose: "give 1 cleric to p2 for 2 VP?", Source: "Recruit Spies"}
	e := Event{Kind: EvAction, Player: 4, Move: Respond{4, false}.move()}
	if got, want := c.HumanEvent(e, 0, d), "p5 declines to give 1 cleric to p2 for 2 VP (Recruit Spies)"; got != want {
		t.Errorf("HumanEvent(%+v, p1, %+v) = %q, want %q", e, d, got, want)
	}
}

// Every quest, intrigue card, tile, space and lord has a display name,
// and the spaces' names tell them apart.
func TestDisplayNames(t *testing.T) {
	c := FullContent()
	for i := range c.NumQuests() {
		if c.Quest(QuestID(i)).Name == "" {
			t.Errorf("quest %s has no name", c.QuestID(QuestID(i)))
		}
	}
	for i := range c.NumIntrigue() {
		if c.Intrigue(IntrigueID(i)).Name == "" {
			t.Errorf("intrigue card %s has no name", c.IntrigueID(IntrigueID(i)))
		}
	}
	for i := range c.NumBuildings() {
		if c.Building(BuildingID(i)).Name == "" {
			t.Errorf("tile %s has no name", c.BuildingID(BuildingID(i)))
		}
	}
	for i := range c.NumLords() {
		if c.Lord(LordID(i)).Name == "" {
			t.Errorf("lord %d has no name", i)
		}
	}
	seen := map[string]SpaceID{}
	for i := range c.NumSpaces() {
		s := SpaceID(i)
		n := c.SpaceDisplayName(s)
		if n == "" || n == c.SpaceID(s) {
			t.Errorf("space %s has no display name (%q)", c.SpaceID(s), n)
		}
		if o, dup := seen[n]; dup {
			t.Errorf("spaces %s and %s are both %q", c.SpaceID(o), c.SpaceID(s), n)
		}
		seen[n] = s
		// Its display name reads back as it.
		if a, err := c.ParseAction("p1 place " + n); err != nil || a != (PlaceAgent{0, s}) {
			t.Errorf("ParseAction(p1 place %s) = %v, %v", n, a, err)
		}
	}
}

func TestLookupName(t *testing.T) {
	c := FullContent()
	one := func(text string, kind NameKind, id, name string) {
		t.Helper()
		m := c.LookupName(text)
		if len(m) != 1 || m[0].Kind != kind || m[0].ID != id || m[0].Name != name {
			t.Errorf("LookupName(%q) = %+v, want the %s %s (%s)", text, m, kind, id, name)
		}
	}
	one("foil", NameIntrigue, "foil-the-zhentarim", "Foil the Zhentarim")
	one("Foil the Zhentarim", NameIntrigue, "foil-the-zhentarim", "Foil the Zhentarim")
	one("crime wave", NameIntrigue, "crime-wave", "Crime Wave")
	one("crime-wave#2", NameIntrigue, "crime-wave", "Crime Wave")
	one("the plinth", NameSpace, "the-plinth", "The Plinth")
	one("smugglers", NameBuilding, "smugglers-dock", "Smuggler's Dock")
	one("harbor 2", NameSpace, "waterdeep-harbor/2", "Waterdeep Harbor (2)")
	one("domesticate owlbears", NameQuest, "domesticate-owlbears", "Domesticate Owlbears")
	if m := c.LookupName("cliffwatch"); len(m) != 3 {
		t.Errorf("LookupName(cliffwatch) = %+v, want the 3 spaces", m)
	}
	if m := c.LookupName("the"); m != nil {
		t.Errorf("LookupName(the) = %+v, want nothing", m)
	}
	if m := c.LookupName("xyzzy"); m != nil {
		t.Errorf("LookupName(xyzzy) = %+v, want nothing", m)
	}
	// A lord, by a prefix of its name.
	l := c.Lord(0)
	if m := c.LookupName(l.Name); len(m) == 0 || m[0].Kind != NameLord || m[0].Index != 0 {
		t.Errorf("LookupName(%q) = %+v, want lord 0", l.Name, m)
	}
}

// A record written with the verbs of before (yes, no, target, building,
// space, type) still decodes, to the same game.
func TestRecordWithOldVerbsDecodes(t *testing.T) {
	var rec Record
	for seed := uint64(1); ; seed++ {
		rec, _, _ = encGame(t, 4, seed, nil)
		text, err := json.Marshal(rec)
		if err != nil {
			t.Fatal(err)
		}
		s := string(text)
		if !strings.Contains(s, " accept\"") && !strings.Contains(s, " refuse\"") && !strings.Contains(s, " choose opponent") {
			if seed > 50 {
				t.Fatal("no game with an answer or an opponent chosen")
			}
			continue
		}
		old := strings.NewReplacer(" accept\"", " yes\"", " refuse\"", " no\"", " choose opponent ", " target ",
			" choose building ", " building ", " choose space ", " space ", " choose type ", " type ").Replace(s)
		if old == s {
			t.Fatal("the replacement changed nothing")
		}
		var back Record
		if err := json.Unmarshal([]byte(old), &back); err != nil {
			t.Fatalf("a record with the old verbs does not decode: %v", err)
		}
		again, _ := json.Marshal(back)
		if string(again) != s {
			t.Fatalf("the record with the old verbs decodes to another game")
		}
		return
	}
}

// Counts of one are singular in the text view ("1 intrigue card", never
// "1 intrigue cards" or "1 intrigue").
func TestFormatViewSingular(t *testing.T) {
	found := false
	humanGames(t, 2, func(s State, _ Decision, _ Action, _ []Event) {
		if found {
			return
		}
		for p := range PlayerID(s.Players()) {
			v := s.View(p)
			for _, st := range v.Seats {
				if st.HandSize != 1 {
					continue
				}
				text := s.Content().FormatView(v)
				if !strings.Contains(text, ", 1 intrigue card\n") {
					t.Fatalf("a seat with one card:\n%s", text)
				}
				found = true
				return
			}
		}
	})
	if !found {
		t.Fatal("no seat held exactly one intrigue card")
	}
	if c := BaseContent(); regexp.MustCompile(`\b1 [a-z ]+s\b`).MatchString(c.FormatView(View{Players: 2, QuestDeck: 1, IntrigueDeck: 1, BuildingStack: 1, c: c})) {
		t.Error("FormatView writes a plural after 1")
	}
}

// displayText is a's canonical text with the display name of what it
// names in place of the id ("p1 place Cliffwatch Inn (2)"), or "" for an
// action that names nothing.
func displayText(c *Content, a Action) string {
	name := ""
	switch a := a.(type) {
	case PlaceAgent:
		name = c.SpaceDisplayName(a.Space)
	case ChooseSpace:
		name = c.SpaceDisplayName(a.Space)
	case ChooseBuilding:
		name = c.Building(a.Building).Name
	case TakeQuest:
		name = c.Quest(a.Quest).Name
	case CompleteQuest:
		name = c.Quest(a.Quest).Name
	case DiscardQuest:
		name = c.Quest(a.Quest).Name
	case PlayIntrigue:
		name = c.Intrigue(a.Card).Name
	case CompleteMandatory:
		name = c.Intrigue(a.Card).Name
	case DiscardMandatory:
		name = c.Intrigue(a.Card).Name
	case DiscardIntrigue:
		name = c.Intrigue(a.Card).Name
	default:
		return ""
	}
	t := c.FormatAction(a)
	return t[:strings.LastIndexByte(t, ' ')+1] + name
}
