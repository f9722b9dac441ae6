package waterdeep

import (
	"errors"
	"strings"
	"testing"
)

// TestParseAnswerAtFirstPlacement: at the first placement a bare name, a
// name after any verb, a narrowed name and equivalent spaces are read.
func TestParseAnswerAtFirstPlacement(t *testing.T) {
	s := newGame(t, 4)
	c := s.Content()
	for text, want := range map[string]string{
		"plinth":                 "p1 place the-plinth",
		"assign plinth":          "p1 place the-plinth",
		"Place The Plinth":       "p1 place the-plinth",
		"p1 place the-plinth":    "p1 place the-plinth",
		"place tower":            "p1 place blackstaff-tower", // neither tower tile is built
		"harbor":                 "p1 place waterdeep-harbor/1",
		"go to waterdeep harbor": "p1 place waterdeep-harbor/1", // three equivalent spaces
		"cliffwatch inn 2":       "p1 place cliffwatch-inn/2",
		"p1 assigns an agent to Castle Waterdeep": "p1 place castle-waterdeep",
	} {
		a, err := s.ParseAnswer(text)
		if err != nil || c.FormatAction(a) != want {
			t.Errorf("ParseAnswer(%q) = %v, %v; want %s", text, a, err, want)
		}
	}
	// Cliffwatch Inn's spaces do different things: a person must say which.
	_, err := s.ParseAnswer("place cliffwatch inn")
	var de *DecodeError
	if !errors.As(err, &de) || !strings.Contains(de.Detail, "could be Cliffwatch Inn (1), Cliffwatch Inn (2) or Cliffwatch Inn (3)") {
		t.Errorf("place cliffwatch inn: %v", err)
	}
	// The canonical parser's errors stay.
	if _, err := s.ParseAnswer("place plinht"); err == nil || !strings.Contains(err.Error(), "did you mean The Plinth") {
		t.Errorf("place plinht: %v", err)
	}
	// A legal verb for another kind does not stretch: "discard" never places.
	if a, err := s.ParseAnswer("discard plinth"); err == nil && a == (PlaceAgent{0, spaceID(t, s.Content(), "the-plinth")}) {
		t.Errorf("discard plinth placed an agent")
	}
}

// TestParseAnswerReadsHumanAction: whatever HumanAction prints for a
// legal answer parses back to it, at every decision of random games of
// every module setup.
func TestParseAnswerReadsHumanAction(t *testing.T) {
	for _, m := range []Modules{0, Undermountain, Skullport, Undermountain | Skullport} {
		s, err := New(Config{Players: 4, Seed: 11, Modules: m, Long: m == Undermountain|Skullport})
		if err != nil {
			t.Fatal(err)
		}
		c := s.Content()
		for step := 0; !s.Over() && step < 600; step++ {
			d := s.Pending()
			legal := s.LegalActions()
			for _, a := range legal {
				for _, text := range []string{c.HumanAction(a, d), strings.TrimPrefix(c.HumanAction(a, d), d.Player.String()+" ")} {
					b, err := s.ParseAnswer(text)
					// Copies of a card are one answer: any copy will do.
					if err != nil || (b != a && c.HumanAction(b, d) != c.HumanAction(a, d)) {
						t.Fatalf("%v at %v: ParseAnswer(%q) = %v, %v; want %s", m, d, text, b, err, c.FormatAction(a))
					}
				}
			}
			s = apply(t, s, legal[(step*7)%len(legal)])
		}
	}
}

// TestQuestionContext: context only where it answers the question.
func TestQuestionContext(t *testing.T) {
	for _, tt := range []struct {
		d    Decision
		want string
	}{
		{Decision{Kind: ChooseBuildingDecision, Purpose: "buy a building in Builder's Hall", Source: "Builder's Hall"}, "buy a building in Builder's Hall"},
		{Decision{Kind: TakeQuestDecision, Purpose: "take a face-up quest", Source: "Cliffwatch Inn"}, "take a face-up quest"},
		{Decision{Kind: PlayIntrigueDecision, Purpose: "play an intrigue card", Source: "Sample Wares"}, "play an intrigue card"},
		{Decision{Kind: RespondDecision, Purpose: "remove a corruption token of yours from the game? (1 of 2)", Source: "Promenade of the Dark Maiden"},
			"remove a corruption token of yours from the game? (Promenade of the Dark Maiden, 1 of 2)"},
		{Decision{Kind: RespondDecision, Purpose: "give 1 rogue to p1 for 3 VP?", Source: "Recruit Spies"}, "give 1 rogue to p1 for 3 VP? (Recruit Spies)"},
	} {
		if got := tt.d.Question(); got != tt.want {
			t.Errorf("Question(%+v) = %q, want %q", tt.d, got, tt.want)
		}
	}
	c := BaseContent()
	d := Decision{Kind: PlaceAgentDecision, Player: 1, Other: NoPlayer, Purpose: "assign an agent", Source: "Waterdeep Harbor"}
	if got := c.HumanAction(PlaceAgent{1, spaceID(t, c, "waterdeep-harbor/2")}, d); got != "p2 assigns an agent to Waterdeep Harbor (2)" {
		t.Errorf("got %q", got)
	}
}

// TestHumanEventsOnceEach: one sentence per happening in whole games.
func TestHumanEventsOnceEach(t *testing.T) {
	s := newGame(t, 3)
	c := s.Content()
	var ev []Event
	var err error
	for step := 0; !s.Over(); step++ {
		legal := s.LegalActions()
		d := s.Pending()
		if s, ev, err = s.ApplyEvents(legal[(step*5)%len(legal)], ev[:0]); err != nil {
			t.Fatal(err)
		}
		lines := c.HumanEvents(ev, Spectator, d)
		if len(lines) != len(ev) {
			t.Fatalf("%d sentences for %d events", len(lines), len(ev))
		}
		for i := 1; i < len(lines); i++ {
			for j := range i {
				if lines[i] != "" && lines[i] == lines[j] && (ev[i].Kind == EvAction || ev[j].Kind == EvAction) {
					t.Fatalf("said twice: %q in %q", lines[i], lines)
				}
			}
		}
	}
}

func spaceID(t *testing.T, c *Content, id string) SpaceID {
	t.Helper()
	sp, ok := c.SpaceByID(id)
	if !ok {
		t.Fatalf("no space %s", id)
	}
	return sp
}

// TestRefusalSaysThePrice: a refusal for want of adventurers or gold says
// what is needed and what the player has.
func TestRefusalSaysThePrice(t *testing.T) {
	s := newGame(t, 4)
	c := s.Content()
	for step := 0; !s.Over() && step < 2000; step++ {
		d := s.Pending()
		if d.Kind == CompleteQuestDecision {
			p := d.Player
			for _, q := range s.View(p).Seats[p].Active {
				err := s.Legal(CompleteQuest{p, q})
				var ie *IllegalActionError
				if errors.As(err, &ie) && ie.Reason == CannotAfford {
					want := c.Quest(q).Name + " needs " + c.Quest(q).Requires.Describe() + "; you have "
					if !strings.HasPrefix(ie.Detail, want) {
						t.Fatalf("refusal %q, want it to start %q", ie.Detail, want)
					}
					if _, err2 := s.Apply(CompleteQuest{p, q}); err2 == nil || err2.Error() != err.Error() {
						t.Fatalf("Apply refuses with %v, Legal with %v", err2, err)
					}
					return
				}
			}
		}
		legal := s.LegalActions()
		s = apply(t, s, legal[(step*3)%len(legal)])
	}
	t.Fatal("no unaffordable quest met")
}

// FuzzParseAnswer: no text panics ParseAnswer, and what it returns is a
// legal action, an action ParseAction reads, or an error.
func FuzzParseAnswer(f *testing.F) {
	for _, s := range []string{"", "p1", "p9 plinth", "2 fighters", "take the quest", "(", "a (1 of 2)", "to p", " for ", "harbour",
		"discard", "yes please", "no", "choose choose choose", "player", "player x", "\x00", strings.Repeat("a ", 600)} {
		f.Add(s)
	}
	s, err := New(Config{Players: 4, Seed: 1})
	if err != nil {
		f.Fatal(err)
	}
	f.Fuzz(func(t *testing.T, text string) {
		a, err := s.ParseAnswer(text)
		if err == nil && a == nil {
			t.Fatalf("ParseAnswer(%q): no action and no error", text)
		}
	})
}
