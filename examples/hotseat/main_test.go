package main

import (
	"fmt"
	"io"
	"math/rand/v2"
	"regexp"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/waterdeep-go/waterdeep"
)

// play runs a game with the given seats and scripted input, and returns
// everything written.
func play(t *testing.T, seats string, seed uint64, input string) string {
	t.Helper()
	var out strings.Builder
	if err := run(options{Seats: seats, Seed: seed, Budget: 20}, strings.NewReader(input), &out); err != nil {
		t.Fatalf("run: %v\noutput:\n%s", err, tail(out.String()))
	}
	return out.String()
}

func tail(s string) string {
	if len(s) > 3000 {
		return "..." + s[len(s)-3000:]
	}
	return s
}

func mustContain(t *testing.T, out string, wants ...string) {
	t.Helper()
	for _, w := range wants {
		if !strings.Contains(out, w) {
			t.Errorf("output lacks %q\noutput:\n%s", w, tail(out))
		}
	}
}

func TestScriptedTurns(t *testing.T) {
	input := strings.Join([]string{
		"help",
		"foo",                       // not an action
		"99",                        // out of range
		"0",                         // out of range
		"p2 place castle-waterdeep", // someone else's action
		"place no-such-space",       // unknown space
		"undo",                      // nothing to undo yet
		"place waterdeep-harbor/1",  // text without "pN": reveals nothing
		"undo",                      // takes it back
		"p1 place waterdeep-harbor/1",
		"1", // Sample Wares (the only card p1 can play): visit a building
		"list",
		"board",
		"quit",
	}, "\n") + "\n"
	out := play(t, "human,random", 7, input)
	mustContain(t, out,
		"Lords of Waterdeep, 2 players, seed 7: p1 human p2 random",
		"  lord: ", "Cliffwatch Inn:", "Builder's Hall (price, VP on the tile, what it does):", "  hand: ", "p1 (you): ",
		"p1: assign an agent",
		"Commands:",
		`Cannot read "foo"`,
		"No action 99: enter a number from 1 to",
		"No action 0: enter a number from 1 to",
		`Cannot read "p2 place castle-waterdeep": p1 cannot act for p2.`,
		`Cannot read "place no-such-space"`,
		"Nothing to undo",
		"p1 assigns an agent to Waterdeep Harbor (1)",
		"p1: assign an agent to a building for sale (Sample Wares)",
		"Undone: p1 assigns an agent to Waterdeep Harbor (1)",
		"p1 plays ",
		"Game abandoned.",
	)
	// After the undo, the placement is asked again.
	i := strings.Index(out, "Undone:")
	if j := strings.Index(out[i:], "p1: assign an agent"); j < 0 {
		t.Errorf("no placement prompt after the undo")
	}
	// Playing a card drew or revealed nothing in itself, but the
	// placement before it is no longer undoable once another player acts.
	if strings.Count(out, "Undone:") != 1 {
		t.Errorf("want exactly one undo")
	}
}

func TestUndoRefusedAfterDraw(t *testing.T) {
	// Castle Waterdeep draws an intrigue card: it cannot be undone.
	out := play(t, "human,random", 7, "place castle-waterdeep\nundo\nquit\n")
	mustContain(t, out, "p1 draws ", "Nothing to undo", "Game abandoned.")
	if strings.Contains(out, "Undone:") {
		t.Error("undid an action that drew a card")
	}
}

func TestUndoStack(t *testing.T) {
	// Placing an agent on Builder's Hall reveals nothing: it can be undone,
	// and then there is nothing left to undo.
	out := play(t, "human,random", 7, "place builders-hall\nundo\nundo\nquit\n")
	mustContain(t, out, "p1: buy a building", "Undone: p1 assigns an agent to Builder's Hall", "Nothing to undo")
}

func TestEOFEndsCleanly(t *testing.T) {
	for _, in := range []string{"", "1\n", "1", "help"} {
		out := play(t, "human,random,random", 1, in)
		mustContain(t, out, "(end of input)", "Game abandoned.")
	}
}

func TestWholeGameByNumbers(t *testing.T) {
	// Always answering 1 plays a whole game; events of the others are shown
	// as p2 may see them (another player's draw is hidden).
	out := play(t, "random,human", 11, strings.Repeat("1\n", 3000))
	mustContain(t, out, "Since your last turn:", "== Round 8 ==", "the game is over", "== Final scores ==", "winner")
	for _, line := range strings.Split(out, "\n") {
		if strings.Contains(line, "p1 draws ") && !strings.Contains(line, "p1 draws an intrigue card") {
			t.Errorf("p2 saw p1's card: %s", line)
		}
	}
	if !strings.Contains(out, "p1 draws an intrigue card") || !strings.Contains(out, "p2 draws ") {
		t.Error("no draws shown")
	}
	if strings.Contains(out, "(end of input)") {
		t.Error("ran out of input")
	}
}

// responder is an input that answers what the output last asked: Enter
// at a hand-off between humans, and answer(prompt) at a prompt ("p1> "),
// where prompt is the output since the last answer. It gives one line per
// Read, so the game never holds a line typed ahead of its question.
type responder struct {
	out    *strings.Builder
	answer func(prompt string) string
	from   int // out.Len() at the last answer
	lines  int
}

func (r *responder) Read(b []byte) (int, error) {
	s := r.out.String()
	asked := s[r.from:]
	r.from = len(s)
	r.lines++
	if r.lines > 5000 {
		return 0, io.EOF
	}
	line := r.answer(asked) + "\n"
	if strings.HasSuffix(asked, "press Enter.\n") {
		line = "\n"
	}
	return copy(b, line), nil
}

// converse runs a game whose humans answer with answer.
func converse(t *testing.T, seats string, seed uint64, answer func(string) string) string {
	t.Helper()
	var out strings.Builder
	r := &responder{out: &out, answer: answer}
	if err := run(options{Seats: seats, Seed: seed, Budget: 20}, r, &out); err != nil {
		t.Fatalf("run: %v\noutput:\n%s", err, tail(out.String()))
	}
	return out.String()
}

func TestTwoHumansHandOff(t *testing.T) {
	out := converse(t, "human,human", 5, func(string) string { return "1" })
	mustContain(t, out, "Pass to p1 and press Enter.", "Pass to p2 and press Enter.", "== Final scores ==")
	if strings.Contains(out, "(end of input)") {
		t.Fatal("ran out of input")
	}
	// Every private view (a "lord:" line) comes after a clear and a pause
	// naming its seat, and no other seat's lord is on the same screen.
	screens := strings.Split(out, clearScreen)
	if len(screens) < 20 {
		t.Fatalf("only %d screens", len(screens))
	}
	for i, sc := range screens[1:] {
		m := regexp.MustCompile(`^Pass to (p\d) and press Enter\.\n`).FindStringSubmatch(sc)
		if m == nil {
			t.Fatalf("screen %d does not start with the pause: %.200q", i+1, sc)
		}
		if strings.Contains(sc, "== Final scores ==") {
			continue // lords are public once the game is over
		}
		for _, line := range strings.Split(sc, "\n") {
			if strings.HasPrefix(line, "p") && strings.Contains(line, "(you)") && !strings.HasPrefix(line, m[1]+" (you)") {
				t.Errorf("screen %d for %s shows %q", i+1, m[1], line)
			}
		}
	}
	if !strings.HasPrefix(screens[0], "Lords of Waterdeep") || strings.Contains(screens[0], "lord:") {
		t.Errorf("the first screen shows a private view before any hand-off: %.300q", screens[0])
	}
}

func TestOneHumanNoPause(t *testing.T) {
	out := play(t, "human,random,greedy", 5, strings.Repeat("1\n", 3000))
	mustContain(t, out, "== Final scores ==")
	if strings.Contains(out, "Pass to") || strings.Contains(out, clearScreen) || strings.Contains(out, "\x1b") {
		t.Error("paused or cleared the screen with a single human")
	}
}

// TestHandOffKeepsTypedLine: a line typed at the pause between humans is
// neither taken as the next player's answer (they have not seen the
// question) nor dropped without a word; the answer typed after the view
// is shown goes to that question. What a player's action did stays on
// their screen until they press Enter.
func TestHandOffKeepsTypedLine(t *testing.T) {
	in := strings.Join([]string{
		"",                       // pause before p1
		"place castle-waterdeep", // p1
		"1",                      // typed while p1's result is on the screen
		"",                       // p1 has read it
		"2",                      // typed at the pause before p2
		"",                       // p2 presses Enter
		"place blackstaff-tower", // p2's answer
		"",                       // p2 has read the result
		"",                       // pause before p1
		"quit",
	}, "\n") + "\n"
	out := play(t, "human,human", 3, in)
	mustContain(t, out,
		`Not used: "1". Your turn is over; p1, press Enter (nothing else) to pass the keyboard.`,
		`Not used: "2". p2 has not seen their cards and question yet; p2, press Enter (nothing else) to see them.`,
		"p2 assigns an agent to Blackstaff Tower",
		"Game abandoned.")
	if strings.Contains(out, "p2 assigns an agent to Aurora's Realms Shop") {
		t.Error("the line typed at the pause answered p2's question")
	}
	screens := strings.Split(out, clearScreen)
	// p1's first screen ends with what p1's action did, the card drawn at
	// Castle Waterdeep by name, and waits for Enter before the clear.
	first := screens[1]
	mustContain(t, first, "p1 assigns an agent to Castle Waterdeep", "p1: when you have read this, press Enter.")
	if !regexp.MustCompile(`p1 draws [A-Z][A-Za-z' ]+\n`).MatchString(first) {
		t.Errorf("p1 is not shown the card drawn before the screen is cleared:\n%s", first)
	}
	last := screens[len(screens)-1]
	mustContain(t, last, "Pass to p1", "Since your last turn:", "p2 assigns an agent to Blackstaff Tower")
}

func TestBotsOnly(t *testing.T) {
	out := play(t, "random,greedy,ismcts", 2, "")
	mustContain(t, out, "== Round 1 ==", "p3 ", "the game is over", "== Final scores ==", "winner")
}

// TestGarbage feeds a whole game with a random mix of numbers, commands,
// actions and junk: nothing crashes, and the game either ends or quits.
func TestGarbage(t *testing.T) {
	junk := []string{"", " ", "0", "-1", "1", "2", "3", "17", "999999999999999999999", "undo", "undo", "help", "list",
		"board", "p1", "p9 place x", "place", "p1 pick 9c9f9r9w", "p1 complete nothing", "\x00\xff", "ünïcødé",
		strings.Repeat("x", 100000), "p1 place cliffwatch-inn/1", "p1 skip", "p1 play ambush#1", "pick 0c0f0r0w"}
	for seed := range uint64(3) {
		r := rand.New(rand.NewPCG(seed, 0))
		var b strings.Builder
		for range 20000 {
			b.WriteString(junk[r.IntN(len(junk))])
			b.WriteByte('\n')
		}
		out := play(t, "human,random,human", seed, b.String())
		if !strings.Contains(out, "== Final scores ==") && !strings.Contains(out, "(end of input)") {
			t.Errorf("seed %d: the game neither ended nor ran out of input", seed)
		}
	}
}

func TestBadSeats(t *testing.T) {
	for _, seats := range []string{"human", "human,robot", "human,human,human,human,human,human", "human,human,human,human,human,human,human"} {
		var out strings.Builder
		if err := run(options{Seats: seats}, strings.NewReader(""), &out); err == nil {
			t.Errorf("-seats %s: no error", seats)
		}
	}
	for _, o := range []options{
		{Seats: "human,random", Modules: "ravenloft"},
		{Seats: "human,random", Long: true},
		{Seats: "human,random", Modules: "undermountain,skullport"},
	} {
		var out strings.Builder
		if err := run(o, strings.NewReader(""), &out); err == nil {
			t.Errorf("%+v: no error", o)
		}
	}
}

// TestSixSeatsSkullport: six seats with Skullport and the long game; the
// board shows the corruption track, what a token costs now and each
// seat's tokens, and the final scores the corruption penalty.
func TestSixSeatsSkullport(t *testing.T) {
	var out strings.Builder
	o := options{Seats: "human,random,random,random,random,random", Seed: 4, Modules: "skullport", Long: true}
	if err := run(o, strings.NewReader("board\nquit\n"), &out); err != nil {
		t.Fatal(err)
	}
	mustContain(t, out.String(), "Lords of Waterdeep, 6 players, modules skullport, long game, seed 4: p1 human p2 random",
		"Corruption track (tokens on each space): -1:1 -2:3 -3:3 -4:3 -5:3 -6:3 -7:3 -8:3 -9:3; a corruption token now costs 0 VP at the end.",
		"p1 (you): 0 VP, 4 gold, tavern 0c 0f 0r 0w, 0 corruption tokens, ", "p6: 0 VP, 9 gold, ",
		"place Slavers' Market")
	out.Reset()
	o.Seats = "random,greedy,random,random,random,random"
	if err := run(o, strings.NewReader(""), &out); err != nil {
		t.Fatal(err)
	}
	if !regexp.MustCompile(`p1 random +-?\d+ VP .*, corruption -?\d+ for \d+ tokens?\)`).MatchString(out.String()) {
		t.Errorf("the final scores lack the corruption penalty:\n%s", tail(out.String()))
	}
}

// TestPlacedText: what lies on a space, in words.
func TestPlacedText(t *testing.T) {
	for _, tc := range []struct {
		r    waterdeep.PlacedResources
		want string
	}{
		{waterdeep.PlacedResources{Resources: waterdeep.Bundle{Gold: 2}}, "2 gold"},
		{waterdeep.PlacedResources{Corruption: 1}, "1 corruption token"},
		{waterdeep.PlacedResources{Resources: waterdeep.Bundle{Cleric: 1}, Corruption: 2}, "1 cleric and 2 corruption tokens"},
	} {
		if got := placedText(tc.r); got != tc.want {
			t.Errorf("placedText(%+v) = %q, want %q", tc.r, got, tc.want)
		}
	}
}

func TestBuildingPrices(t *testing.T) {
	s, err := waterdeep.New(waterdeep.Config{Players: 2, Seed: 7})
	if err != nil {
		t.Fatal(err)
	}
	c := s.Content()
	out := play(t, "human,random", 7, "place builders-hall\nbuilding jestrs\nbuilding jesters\nboard\nquit\n")
	// Builder's Hall shows each tile for sale with its price and VP.
	if len(s.ForSale()) != 3 {
		t.Fatalf("%d tiles for sale", len(s.ForSale()))
	}
	for _, f := range s.ForSale() {
		tile := c.Building(f.Building)
		mustContain(t, out, fmt.Sprintf("  %s: %d gold, %d VP on it. ", tile.Name, tile.Cost, f.VP))
	}
	// A misspelt name is not guessed, but the close name is suggested; a
	// name cut short is read.
	mustContain(t, out, `Cannot read "building jestrs": no building is named "jestrs"; did you mean Jesters' Court?`)
	// The choice of a building says its price too.
	mustContain(t, out, "p1: buy a building in Builder's Hall\n", "2. choose building Jesters' Court: 4 gold, 1 VP on it\n",
		"p1 buys Jesters' Court for 4 gold")
	// Once bought, it is in play with its owner and what is piled on it,
	// and the owner's benefit.
	after := out[strings.LastIndex(out, "Buildings in play"):]
	mustContain(t, after, "  Jesters' Court (p1's; 2 rogues on it): Take everything piled here. The owner gains 1 rogue.")
	// Placing there says who owns it and what is there.
	mustContain(t, after, "place Jesters' Court: Take everything piled here (p1's; 2 rogues on it)")
}

func TestInfo(t *testing.T) {
	in := strings.Join([]string{
		"info domesticate-owlbears",       // quest
		"INFO Recover the Magister's Orb", // plot quest, by its printed name
		"info crime-wave#2",               // intrigue card, a copy
		"info Ambush",                     // attack card by name
		"info jesters' court",             // building tile
		"info cliffwatch inn",             // a basic building: its three spaces
		"info castle-waterdeep",           // one space
		"info larissa-neathal",            // lord
		"info zoarstr",                    // a typo
		"info xyzzy",                      // nothing like it
		"info",                            // no name
		"quit",
	}, "\n") + "\n"
	out := play(t, "human,random", 7, in)
	mustContain(t, out,
		"Domesticate Owlbears: arcana quest\n",
		"  Needs:     1 cleric and 2 wizards.\n",
		"  Reward:    Gives 8 VP, 1 fighter and 2 gold.\n",
		"Recover the Magister's Orb: arcana quest\n",
		"  Plot:      From now on, once per round you may assign an agent to a space that holds an opponent's agent",
		"Crime Wave: utility intrigue card\n",
		"  Effect:    Gives 2 rogues",
		"(2 copies)",
		"Ambush: attack intrigue card\n",
		"Jesters' Court: building tile\n",
		"  Cost:      4 gold at Builder's Hall.\n",
		"  Owner:     whenever another player assigns an agent here, the owner gains 1 rogue.\n",
		"  Piles up:  2 rogues when it is bought and at the start of each round.\n",
		"  Now:       for sale in Builder's Hall with 1 VP on it.\n",
		"Cliffwatch Inn (1): action space\n",
		"Cliffwatch Inn (3): action space\n",
		"Castle Waterdeep: action space\n",
		"  Action:    Take the first-player marker; gain 1 intrigue card.\n",
		"Larissa Neathal: lord\n",
		"  Scores:    At the end of the game, 6 VP for each building controlled.\n",
		`No quest, intrigue card, building, action space or lord is called "zoarstr". Did you mean The Zoarstar?`,
		`No quest, intrigue card, building, action space or lord is called "xyzzy".`+"\n",
		`Which card? Type "info" and a name`,
		"  Text:      ", // rules text
	)
	for _, title := range []string{"Crime Wave: utility", "Ambush: attack", "Larissa Neathal: lord", "Castle Waterdeep: action space", "Jesters' Court: building"} {
		// Every kind has its rules text: the line after the title.
		i := strings.Index(out, title)
		if i < 0 || !strings.Contains(strings.SplitN(out[i:], "\n", 3)[1], "Text:") {
			t.Errorf("%s: no rules text", title)
		}
	}
	if strings.Contains(out, "p1 assigns an agent") {
		t.Error("info took an action")
	}
}

// TestUpToPrompt: an "up to N corruption" question (RULES.md 101) is
// asked one token at a time, with its card and the yes and no answers.
func TestUpToPrompt(t *testing.T) {
	for seed := uint64(1); seed < 400; seed++ {
		s, err := waterdeep.New(waterdeep.Config{Players: 3, Seed: seed, Modules: waterdeep.Skullport})
		if err != nil {
			t.Fatal(err)
		}
		r := rand.New(rand.NewPCG(seed, 7))
		for !s.Over() {
			d := s.Pending()
			if strings.HasPrefix(d.Purpose, "return a corruption token to the track? (1 of ") {
				var out strings.Builder
				g := &game{out: &out, width: 200, c: s.Content(), s: s}
				g.prompt(s.View(d.Player))
				q, n, _ := strings.Cut(d.Purpose, " (")
				want := fmt.Sprintf("p%d: %s (%s, %s\n", d.Player+1, q, d.Source, n)
				mustContain(t, out.String(), want, " 1. refuse\n", " 2. accept\n")
				return
			}
			legal := s.LegalActions()
			if s, err = s.Apply(legal[r.IntN(len(legal))]); err != nil {
				t.Fatal(err)
			}
		}
	}
	t.Fatal("no random game asked an up-to question")
}

// screens splits the output of a game with one human, p1, at its prompts:
// each part is what was written after an answer up to the next prompt,
// and the first what was written before the first prompt.
func turnScreens(out string) []string {
	parts := strings.Split(out, "p1> ")
	return parts[:len(parts)-1]
}

// TestTurnFits24Lines: with one human answering every question, what is
// written between two prompts (the result of the answer, what the others
// did, the status, the question and the choices) fits a 24-line terminal
// with the prompt line, the first turn's too, with 2 to 5 players, and so
// does every screen of a six-player game with both modules.
func TestTurnFits24Lines(t *testing.T) {
	for _, o := range []options{
		{Seats: "human,random", Seed: 2},
		{Seats: "human,random,random", Seed: 4},
		{Seats: "human,random,random,random", Seed: 3},
		{Seats: "human,random,random,random,random", Seed: 6},
		{Seats: "human,greedy,random,random,random,random", Seed: 5, Modules: "undermountain,skullport", Long: true},
	} {
		o.Width, o.Height, o.Budget = 80, 24, 20
		var out strings.Builder
		if err := run(o, strings.NewReader(strings.Repeat("1\n", 3000)), &out); err != nil {
			t.Fatal(err)
		}
		screens := turnScreens(out.String())
		if len(screens) < 20 {
			t.Fatalf("%+v: only %d prompts", o, len(screens))
		}
		worst := 0
		for i, sc := range screens {
			lines := strings.Split(strings.TrimPrefix(sc, "\n"), "\n")
			for _, l := range lines {
				if n := utf8.RuneCountInString(l); n > 80 {
					t.Errorf("%+v: a line of %d runes: %q", o, n, l)
				}
			}
			worst = max(worst, len(lines))
			if len(lines) > 24 {
				t.Errorf("%+v: prompt %d follows %d lines:\n%s", o, i+2, len(lines), sc)
			}
		}
		t.Logf("%s: %d prompts, at most %d lines each", o.Seats, len(screens), worst)
	}
}

// TestOwnResultStays: with two humans, what your action did is on the
// screen, and the game waits for Enter before clearing it.
func TestOwnResultStays(t *testing.T) {
	out := converse(t, "human,human", 9, func(string) string { return "1" })
	screens := strings.Split(out, clearScreen)
	waits := 0
	for _, sc := range screens[1:] {
		i := strings.Index(sc, ": when you have read this, press Enter.")
		if i < 0 {
			continue
		}
		waits++
		// The result is just above the wait: the last answer's events.
		before := sc[:i]
		last := before[strings.LastIndex(before, "> ")+2:]
		if !strings.Contains(last, " assigns ") && !strings.Contains(last, " takes ") && !strings.Contains(last, " gains ") &&
			!strings.Contains(last, " plays ") && !strings.Contains(last, " completes ") && !strings.Contains(last, " buys ") &&
			!strings.Contains(last, " chooses ") && !strings.Contains(last, " declines") && !strings.Contains(last, " scores ") {
			t.Errorf("no result above the wait:\n%s", tail(sc))
		}
	}
	if waits < 20 {
		t.Errorf("only %d waits for Enter before a clear", waits)
	}
}

// TestErrorsSayItOnce: an action that is not legal now is refused in one
// plain sentence, without the library's prefix.
func TestErrorsSayItOnce(t *testing.T) {
	out := play(t, "human,random", 7, "place the plinth\nplace the plinth\nquit\n")
	mustContain(t, out, "You cannot place The Plinth now: that space is occupied.")
	if strings.Contains(out, "waterdeep:") || strings.Contains(out, "illegal action") {
		t.Errorf("the refusal repeats the library's words:\n%s", tail(out))
	}
}

// TestInfoPrefix: "info" reads unambiguous prefixes and lists the
// candidates of an ambiguous one.
func TestInfoPrefix(t *testing.T) {
	out := play(t, "human,random", 7, "info foil\ninfo house\ninfo larissa\nquit\n")
	mustContain(t, out,
		"Foil the Zhentarim: mandatory quest (an intrigue card)\n",
		`"house" could be House of Wonder, House of Good Spirits, House of Heroes or House of the Moon. Type more of the name.`,
		"Larissa Neathal: lord\n")
	if strings.Contains(out, "mandatory_quest") {
		t.Error("info says mandatory_quest")
	}
}
