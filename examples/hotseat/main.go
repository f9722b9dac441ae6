// Command hotseat plays Lords of Waterdeep in a terminal, with any mix of
// human players (sharing the keyboard) and bots, 2 to 5 seats, or 6 with
// a module of Scoundrels of Skullport.
//
//	go run ./examples/hotseat                                   # you against 3 random bots
//	go run ./examples/hotseat -seats human,random,greedy,human -seed 7
//	go run ./examples/hotseat -seats human,ismcts -think 2s
//	go run ./examples/hotseat -seats human,greedy,random,random,random,random -modules skullport -long
//
// With Skullport the board also shows the corruption track, what a
// corruption token would cost now, each seat's tokens and the resources
// lying on action spaces.
//
// When a human is to act, the program shows, on one 24-line screen
// (-height), what happened since their last turn (the latest of it, in
// sentences with the cards' and buildings' names), their score, gold,
// tavern and agents, what is being asked and why, and the legal actions
// numbered, each with what it does (in columns, without what each does,
// when there are more than fit: so a turn fits 24 lines with 2 to 6
// players, modules or not). Whenever they type "board", and at their
// first turn when it fits the screen with the question, it shows the
// whole board: Cliffwatch Inn, Builder's Hall with each tile's price, the
// buildings in play with their owners and what is piled on them, their
// quests, hand and lord, and the scores (40 lines and more, so on a
// 24-line screen the first turn shows a paragraph of their lord, hand and
// quests instead, and "board" scrolls). Answer with a number or in words, read against the question
// (View.ParseAnswer): with or without a verb, names as people say them
// ("place cliffwatch inn 2", "plinth", "take 2 fighters", "two
// fighters", "yes"), or one of:
//
//	info NAME  what a quest, intrigue card, building, space or lord does ("info foil")
//	help       list the commands
//	board      show the whole board
//	log        show again what happened before this turn
//	undo       take back your last action, if it revealed nothing new
//	quit       end the game
//
// End of input ends the game too.
//
// With two or more humans, whenever the seat to act passes from one human
// to another (and before the first one plays), the program waits for the
// player who acted to press Enter (so that what their action did stays on
// the screen until they have read it), then clears the screen, asks for
// the keyboard to be passed and waits for Enter, so that nobody sees
// another's lord and hand. The clearing is the ANSI
// sequence, written whether or not the output is a terminal: output piped
// through tee is still watched by people. A line typed at that pause is
// shown back unused, never taken as the next player's answer. A single
// human playing bots is never paused. Text wraps at -width columns.
package main

import (
	"bufio"
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/waterdeep-go/waterdeep"
	"github.com/waterdeep-go/waterdeep/bots"
	"github.com/waterdeep-go/waterdeep/content"
)

func main() {
	var o options
	flag.StringVar(&o.Seats, "seats", "human,random,random,random", "comma-separated seats in turn order, 2 to 5 (6 with a module) of: "+strings.Join(seatKinds, ", "))
	flag.StringVar(&o.Modules, "modules", "", "Scoundrels of Skullport modules, comma-separated: undermountain, skullport")
	flag.BoolVar(&o.Long, "long", false, "play the long game (needs a module; required with both; with 6 players it changes nothing)")
	flag.Uint64Var(&o.Seed, "seed", uint64(time.Now().UnixNano()), "seed for the deal and the bots")
	flag.IntVar(&o.Budget, "budget", 0, "ISMCTS iterations per decision (0: bounded by -think only)")
	flag.DurationVar(&o.Think, "think", 2*time.Second, "time an ISMCTS bot may think per decision")
	flag.IntVar(&o.Width, "width", 80, "wrap text at this many columns (0: do not wrap)")
	flag.IntVar(&o.Height, "height", 24, "fit each turn in this many lines (0: no limit); \"board\" shows the rest")
	flag.Parse()
	if err := run(o, os.Stdin, os.Stdout); err != nil {
		fmt.Fprintln(os.Stderr, "hotseat:", err)
		os.Exit(1)
	}
}

// options are the command's flags.
type options struct {
	Seats  string
	Seed   uint64
	Budget int
	Think  time.Duration
	// Width is the column at which text wraps; 0 means no wrapping.
	Width int
	// Height is the number of lines a turn fits in; 0 means no limit.
	Height int
	// Modules names the modules played, as content.ParseModules reads
	// them; Long plays the long game.
	Modules string
	Long    bool
}

// seatKinds lists what a seat may be.
var seatKinds = []string{"human", "random", "greedy", "ismcts"}

// newBot returns the named bot, or nil for "human".
func newBot(name string, seed uint64, o options) (bots.Bot, error) {
	switch name {
	case "human":
		return nil, nil
	case "random":
		return bots.NewRandom(seed), nil
	case "greedy":
		return bots.NewGreedy(seed), nil
	case "ismcts":
		return bots.NewISMCTS(bots.ISMCTSOptions{Iterations: o.Budget, Duration: o.Think, Seed: seed,
			Workers: runtime.GOMAXPROCS(0)}), nil
	}
	return nil, fmt.Errorf("unknown seat %q (known: %s)", name, strings.Join(seatKinds, ", "))
}

func mix(x uint64) uint64 {
	x += 0x9e3779b97f4a7c15
	x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9
	x = (x ^ (x >> 27)) * 0x94d049bb133111eb
	return x ^ (x >> 31)
}

// run sets up the game the options describe and plays it, reading the
// humans' answers from in and writing everything to out.
func run(o options, in io.Reader, out io.Writer) error {
	names := strings.Split(o.Seats, ",")
	if len(names) < 2 || len(names) > waterdeep.MaxPlayers {
		return fmt.Errorf("-seats lists %d seats; the game is for 2 to 5, or 6 with a module", len(names))
	}
	modules, err := content.ParseModules(o.Modules)
	if err != nil {
		return fmt.Errorf("-modules: %v", err)
	}
	g := &game{in: bufio.NewReader(in), out: out, width: o.Width, height: o.Height, last: waterdeep.NoPlayer, shown: waterdeep.NoPlayer,
		asked: map[int]waterdeep.Decision{}}
	for p, name := range names {
		name = strings.ToLower(strings.TrimSpace(name))
		b, err := newBot(name, mix(o.Seed^uint64(p+1)<<56), o)
		if err != nil {
			return err
		}
		g.seats = append(g.seats, seat{name: name, bot: b})
		if b == nil {
			g.humans++
		}
	}
	s, err := waterdeep.New(waterdeep.Config{Players: len(names), Modules: modules, Long: o.Long, Seed: o.Seed})
	if err != nil {
		return err
	}
	g.s, g.c = s, s.Content()
	g.seen = make([]int, len(names))
	g.from = make([]int, len(names))
	g.boardShown = make([]bool, len(names))
	var head strings.Builder
	fmt.Fprintf(&head, "Lords of Waterdeep, %d players", len(names))
	if modules != 0 {
		fmt.Fprintf(&head, ", modules %s", modules)
	}
	if o.Long {
		fmt.Fprint(&head, ", long game")
	}
	fmt.Fprintf(&head, ", seed %d:", o.Seed)
	for p, st := range g.seats {
		fmt.Fprintf(&head, " p%d %s", p+1, st.name)
	}
	h := wrap("", "  ", head.String(), o.Width)
	g.kept = lineCount(h) // on the first screen
	fmt.Fprint(out, h)
	if g.humans == 0 {
		fmt.Fprintln(out, "== Round 1 ==")
	}
	return g.play()
}

// seat is a player: a bot, or a human (bot nil).
type seat struct {
	name string
	bot  bots.Bot
}

// undoEntry is the game before one of a human's actions.
type undoEntry struct {
	s      waterdeep.State
	logLen int
	player waterdeep.PlayerID
}

// game is a game in progress.
type game struct {
	in     *bufio.Reader
	out    io.Writer
	width  int
	height int
	c      *waterdeep.Content
	s      waterdeep.State
	seats  []seat
	humans int
	// log holds every event so far (complete: Event.For hides secrets from
	// each viewer); seen[p] is how much of it human p has been shown.
	log  []waterdeep.Event
	seen []int
	// from[p] is where the events last shown to human p began ("log"
	// shows them again); asked holds, at the index of each action's
	// event, the decision it answered (for the human form's context).
	from  []int
	asked map[int]waterdeep.Decision
	// undo holds the states before the last human's own actions that
	// revealed nothing and that no other player's action followed.
	undo []undoEntry
	// last is the human prompted last; shown is the human whose private
	// view is on the screen (NoPlayer before the first hand-off), and
	// boardShown[p] whether human p has been shown the whole board.
	last       waterdeep.PlayerID
	shown      waterdeep.PlayerID
	boardShown []bool
	// kept is the number of lines, the result of the last human's own
	// action, that the next screen leaves in view.
	kept int
}

// errQuit ends the game at a human's request or at the end of input.
var errQuit = errors.New("quit")

// play runs the game to its end, or until a human quits.
func (g *game) play() error {
	ctx := context.Background()
	for {
		p, ok := g.s.ToAct()
		if !ok {
			g.finish()
			return nil
		}
		if b := g.seats[p].bot; b != nil {
			a, err := b.Choose(ctx, g.s.View(p))
			if err != nil {
				return fmt.Errorf("%s in seat p%d: %w", g.seats[p].name, p+1, err)
			}
			if err := g.apply(a, false); err != nil {
				return fmt.Errorf("%s in seat p%d: %w", g.seats[p].name, p+1, err)
			}
			if g.humans == 0 {
				g.showEvents(waterdeep.Spectator, 0)
			}
			continue
		}
		if err := g.turn(p); err != nil {
			if errors.Is(err, errQuit) {
				fmt.Fprintln(g.out, "Game abandoned.")
				return nil
			}
			return err
		}
	}
}

// apply takes action a, logging its events. For a human's action it keeps
// the state before on the undo stack if the action revealed nothing.
func (g *game) apply(a waterdeep.Action, human bool) error {
	before, n := g.s, len(g.log)
	d := g.s.Pending()
	s, log, err := g.s.ApplyEvents(a, g.log)
	if err != nil {
		return err
	}
	g.s, g.log = s, log
	g.asked[n] = d
	p := a.Actor()
	if len(g.undo) > 0 && g.undo[len(g.undo)-1].player != p {
		g.undo = g.undo[:0]
	}
	if human && !revealing(before, s, log[n:], p) {
		g.undo = append(g.undo, undoEntry{s: before, logLen: n, player: p})
	} else {
		g.undo = g.undo[:0]
	}
	return nil
}

// revealing reports whether going from before to after, with events,
// showed anything that was hidden or let another player act: a card drawn,
// dealt or revealed, a tile put up for sale, a new round, another player's
// decision.
func revealing(before, after waterdeep.State, events []waterdeep.Event, p waterdeep.PlayerID) bool {
	for _, e := range events {
		switch e.Kind {
		case waterdeep.EvIntrigueDrawn, waterdeep.EvQuestDealt, waterdeep.EvQuestRevealed, waterdeep.EvBuildingForSale,
			waterdeep.EvRoundStarted, waterdeep.EvGameOver:
			return true
		case waterdeep.EvAction, waterdeep.EvAutoAnswer, waterdeep.EvPassed:
			if e.Player != p {
				return true
			}
		}
	}
	// A quest drawn straight from the deck has no event of its own: watch
	// the decks.
	vb, va := before.View(waterdeep.Spectator), after.View(waterdeep.Spectator)
	return vb.QuestDeck != va.QuestDeck || vb.IntrigueDeck != va.IntrigueDeck || vb.BuildingStack != va.BuildingStack
}

// showEvents prints the events viewer has not seen yet, as viewer may see
// them, and marks them seen (for a seat; the spectator's mark is seen[0]
// when there are no humans). With budget > 0 it prints at most budget
// lines: the latest events, after a line saying how many earlier ones
// "log" shows.
func (g *game) showEvents(viewer waterdeep.PlayerID, budget int) {
	mark := 0
	if viewer != waterdeep.Spectator {
		mark = int(viewer)
	}
	lines := g.eventLines(viewer, g.seen[mark], len(g.log))
	g.from[mark] = g.seen[mark]
	if budget > 0 && len(lines) > budget {
		hidden := len(lines) - (budget - 1)
		lines = append([]string{fmt.Sprintf("  (%s before these: \"log\" shows them)\n", plural(hidden, "line", "lines"))}, lines[hidden:]...)
	}
	for _, l := range lines {
		fmt.Fprint(g.out, l)
	}
	g.seen[mark] = len(g.log)
}

// eventLines returns the log's events from..to as viewer may see them, in
// the human form, one sentence per happening (Content.HumanEvents, for
// the events of each action), each wrapped; a round's start is a heading.
func (g *game) eventLines(viewer waterdeep.PlayerID, from, to int) []string {
	var out []string
	for i := from; i < to; {
		j := i + 1
		for j < to {
			if _, ok := g.asked[j]; ok {
				break
			}
			j++
		}
		sentences := g.c.HumanEvents(g.log[i:j], viewer, g.asked[i])
		for k, e := range g.log[i:j] {
			if e.Kind == waterdeep.EvRoundStarted {
				out = append(out, fmt.Sprintf("== Round %d ==\n", e.Round))
				continue
			}
			if sentences[k] == "" {
				continue
			}
			for _, l := range strings.SplitAfter(wrap("  ", "    ", sentences[k], g.width), "\n") {
				if l != "" {
					out = append(out, l)
				}
			}
		}
		i = j
	}
	return out
}

// turn asks human p for one action and takes it. The screen of a turn
// fits g.height lines: what happened since p's last turn (the latest, as
// many as fit), p's status, the question and the numbered choices; the
// whole board is shown at p's first turn and by "board".
func (g *game) turn(p waterdeep.PlayerID) error {
	if g.humans > 1 && g.shown != p {
		if err := g.handOff(p); err != nil {
			return err
		}
	}
	v := g.s.View(p)
	if g.last != p && g.last != waterdeep.NoPlayer {
		g.kept = 0 // another screen
	}
	intro := ""
	if !g.boardShown[p] {
		// The whole board at the first turn when it fits the screen with
		// the question; else what the player must know first (their lord,
		// hand and quests, in one paragraph) and how to see the rest.
		g.boardShown[p] = true
		intro = "\n" + board(v, g.s, g.width)
		if g.height > 0 && g.kept+lineCount(intro)+lineCount(g.promptText(v, 0, 0))+1 > g.height {
			intro = g.briefing(v)
		}
	}
	fmt.Fprint(g.out, intro)
	reserve, must := g.kept+lineCount(intro), g.kept+lineCount(intro)
	if g.seen[p] < len(g.log) {
		reserve += min(8, 2+len(g.eventLines(p, g.seen[p], len(g.log))))
		must++
	}
	ask := g.promptText(v, reserve, must)
	if g.seen[p] < len(g.log) {
		// The lines left between what stays on the screen and the
		// question (and its prompt line).
		avail := g.height - g.kept - lineCount(ask) - 1
		switch {
		case g.height <= 0:
			fmt.Fprintln(g.out, "\nSince your last turn:")
			g.showEvents(p, 0)
		case avail >= 3:
			fmt.Fprintln(g.out, "\nSince your last turn:")
			g.showEvents(p, avail-2)
		default:
			n := len(g.eventLines(p, g.seen[p], len(g.log)))
			fmt.Fprintf(g.out, "Since your last turn: %s (\"log\" shows them).\n", plural(n, "line", "lines"))
			g.from[p], g.seen[p] = g.seen[p], len(g.log)
		}
	}
	g.last = p
	fmt.Fprint(g.out, ask)
	for {
		fmt.Fprintf(g.out, "p%d> ", p+1)
		line, err := g.in.ReadString('\n')
		if line == "" && err != nil {
			fmt.Fprintln(g.out, "\n(end of input)")
			return errQuit
		}
		a, msg := g.answer(v, strings.TrimSpace(line))
		switch {
		case msg == "quit":
			return errQuit
		case msg == "undo":
			return nil
		case a == nil:
			if msg != "" {
				fmt.Fprint(g.out, g.wrapLong(msg))
			}
			continue
		}
		if err := g.apply(a, true); err != nil {
			return err // answer returns only legal actions
		}
		// What the action did stays on the screen: the next turn's screen
		// follows it, or the hand-off waits for Enter first.
		fmt.Fprintln(g.out)
		g.kept = 1 + len(g.eventLines(p, g.seen[p], len(g.log)))
		g.showEvents(p, 0)
		return nil
	}
}

// briefing is the first turn's words on a screen too small for the whole
// board: the player's lord, hand and quests, and how to see the rest.
func (g *game) briefing(v waterdeep.View) string {
	var parts []string
	for _, st := range v.Seats {
		if st.Seat != v.Viewer {
			continue
		}
		if st.LordKnown {
			l := g.c.Lord(st.Lord)
			parts = append(parts, fmt.Sprintf("Your lord is %s (%s at the end).", l.Name, l.Describe()))
		}
		var hand, quests []string
		for _, h := range st.Hand {
			hand = append(hand, g.c.Intrigue(h).Name)
		}
		for _, q := range st.Active {
			quests = append(quests, g.c.Quest(q).Name)
		}
		if len(hand) > 0 {
			parts = append(parts, "Hand: "+strings.Join(hand, ", ")+".")
		}
		if len(quests) > 0 {
			parts = append(parts, "Quests: "+strings.Join(quests, ", ")+".")
		}
	}
	parts = append(parts, `"board" shows the whole board, "info NAME" what a card does.`)
	return "\n" + wrap("", "  ", strings.Join(parts, " "), g.width)
}

// wrapLong wraps the lines of msg that are wider than the width, leaving
// the others (laid out already) as they are.
func (g *game) wrapLong(msg string) string {
	var b strings.Builder
	for _, l := range strings.Split(msg, "\n") {
		if g.width > 0 && utf8.RuneCountInString(l) > g.width {
			b.WriteString(wrap("", "  ", l, g.width))
			continue
		}
		b.WriteString(l + "\n")
	}
	return b.String()
}

// lineCount is the number of lines in s.
func lineCount(s string) int { return strings.Count(s, "\n") }

// clearScreen erases the terminal and its scrollback and homes the cursor
// (ANSI: erase display, erase saved lines, cursor home). It is written at
// every hand-off between two humans whether or not the output is a
// terminal: output piped through tee or a pager is still read by people.
const clearScreen = "\x1b[2J\x1b[3J\x1b[H"

// handOff hides the screen from the human who played last and waits until
// human p has the keyboard and presses Enter. Only an empty line goes on:
// a line typed here was meant for a question nobody can see yet, so it is
// neither dropped silently nor taken as p's answer; it is shown back and
// the pause goes on ("quit" still ends the game).
func (g *game) handOff(p waterdeep.PlayerID) error {
	if q := g.shown; q != waterdeep.NoPlayer {
		// What q's last action did (the card it drew, say) stays on the
		// screen until q has read it.
		fmt.Fprintf(g.out, "p%d: when you have read this, press Enter.\n", q+1)
		if err := g.waitEnter(q); err != nil {
			return err
		}
	}
	fmt.Fprint(g.out, clearScreen)
	fmt.Fprintf(g.out, "Pass to p%d and press Enter.\n", p+1)
	for {
		line, err := g.in.ReadString('\n')
		if line == "" && err != nil {
			fmt.Fprintln(g.out, "\n(end of input)")
			return errQuit
		}
		switch t := strings.TrimSpace(line); strings.ToLower(t) {
		case "":
			g.shown, g.last = p, waterdeep.NoPlayer
			fmt.Fprintf(g.out, "== p%d's turn ==\n", p+1)
			return nil
		case "quit", "exit", "q":
			return errQuit
		default:
			fmt.Fprint(g.out, wrap("", "", fmt.Sprintf("Not used: %q. p%d has not seen their cards and question yet; p%d, press Enter (nothing else) to see them.", shorten(t), p+1, p+1), g.width))
		}
	}
}

// waitEnter waits until human q, whose screen this is, presses Enter
// ("quit" still ends the game; anything else is said to be unused).
func (g *game) waitEnter(q waterdeep.PlayerID) error {
	for {
		line, err := g.in.ReadString('\n')
		if line == "" && err != nil {
			fmt.Fprintln(g.out, "\n(end of input)")
			return errQuit
		}
		switch t := strings.TrimSpace(line); strings.ToLower(t) {
		case "":
			return nil
		case "quit", "exit", "q":
			return errQuit
		default:
			fmt.Fprint(g.out, wrap("", "", fmt.Sprintf("Not used: %q. Your turn is over; p%d, press Enter (nothing else) to pass the keyboard.", shorten(t), q+1), g.width))
		}
	}
}

// prompt prints what p is asked and the numbered legal actions (see
// promptText).
func (g *game) prompt(v waterdeep.View) { fmt.Fprint(g.out, g.promptText(v, 0, 0)) }

// promptText is a status line (the round and the seat's score, gold,
// tavern and agents), what p is asked, and the numbered legal actions,
// each with what it does where that is not in its name: a space's action,
// a building's price, an intrigue card's effect. It fits g.height lines
// but the prompt's own and reserve lines (for what happened), or at least
// must of them: each choice wrapped if that fits, else on one line cut to
// the width, else in columns without hints.
func (g *game) promptText(v waterdeep.View, reserve, must int) string {
	var b strings.Builder
	d := v.Decision
	for _, st := range v.Seats {
		if st.Seat == v.Viewer {
			status := fmt.Sprintf("Round %d of 8. You are p%d: %s, %d gold, tavern %s, %d of %d agents left, %s.",
				v.Round, v.Viewer+1, vp(st.Score), st.Gold, cubes(st.Tavern), st.Pool, st.Agents,
				plural(st.HandSize, "intrigue card", "intrigue cards"))
			b.WriteString("\n" + wrap("", "  ", status, g.width))
		}
	}
	q := fmt.Sprintf("p%d: %s", v.Viewer+1, d.Question())
	if d.Count > 0 {
		q += fmt.Sprintf(", %s", plural(d.Count, "adventurer", "adventurers"))
	}
	if d.Optional {
		q += ", or decline"
	}
	b.WriteString(wrap("", "  ", q, g.width))
	own := fmt.Sprintf("p%d ", v.Viewer+1)
	choices := make([]string, len(v.Legal))
	hints := make([]string, len(v.Legal))
	for i, a := range v.Legal {
		choices[i] = g.choiceText(a, own)
		hints[i] = g.hint(a)
	}
	footer := `Enter a number or an action; "board", "info NAME", "log" or "help".`
	// Lines left for the choices: the height less the status, question,
	// footer and prompt lines and a line for what happened.
	room := len(choices)
	if g.height > 0 {
		fixed := lineCount(b.String()) + 3
		room = max(3, g.height-fixed-reserve)
		if len(choices) > room {
			// One line for each choice before what happened: that
			// shrinks to its latest lines ("log" shows the rest).
			room = max(room, min(len(choices), g.height-fixed-must))
		}
	}
	var wrapped strings.Builder
	for i, c := range choices {
		if hints[i] != "" {
			c += ": " + hints[i]
		}
		wrapped.WriteString(wrap(fmt.Sprintf("  %2d. ", i+1), "        ", c, g.width))
	}
	switch {
	case lineCount(wrapped.String()) <= room:
		b.WriteString(wrapped.String())
	case len(choices) <= room:
		// One line each, wrapping those that need it while lines are
		// left.
		extra := room - len(choices)
		for i, c := range choices {
			if hints[i] != "" {
				c += ": " + hints[i]
			}
			num := fmt.Sprintf("  %2d. ", i+1)
			w := wrap(num, "        ", c, g.width)
			if n := lineCount(w) - 1; n <= extra {
				extra -= n
				b.WriteString(w)
				continue
			}
			b.WriteString(g.fit(num+c) + "\n")
		}
	default:
		cols := (len(choices) + room - 1) / room
		rows := (len(choices) + cols - 1) / cols
		colWidth := 0
		if g.width > 0 {
			colWidth = (g.width-1)/cols - 1
		}
		for r := range rows {
			line := " "
			for c := range cols {
				i := c*rows + r
				if i >= len(choices) {
					break
				}
				cell := fmt.Sprintf("%2d. %s", i+1, choices[i])
				if colWidth > 0 {
					cell = fitTo(cell, colWidth)
					cell += strings.Repeat(" ", max(0, colWidth-utf8.RuneCountInString(cell)))
				} else {
					cell += "  "
				}
				line += " " + cell
			}
			b.WriteString(strings.TrimRight(line, " ") + "\n")
		}
		footer = `Enter a number or an action; "info NAME" says what one does; "board", "help".`
	}
	b.WriteString(g.fit(footer) + "\n")
	return b.String()
}

// choiceText is how the list of choices writes action a: its canonical
// text without the player, with the printed name in place of the id
// ("place The Plinth", "choose building Jesters' Court"): the parser
// reads both.
func (g *game) choiceText(a waterdeep.Action, own string) string {
	t := strings.TrimPrefix(g.c.FormatAction(a), own)
	name := ""
	switch a := a.(type) {
	case waterdeep.PlaceAgent:
		name = g.c.SpaceDisplayName(a.Space)
	case waterdeep.ChooseSpace:
		name = g.c.SpaceDisplayName(a.Space)
	case waterdeep.ChooseBuilding:
		name = g.c.Building(a.Building).Name
	case waterdeep.TakeQuest:
		name = g.c.Quest(a.Quest).Name
	case waterdeep.CompleteQuest:
		name = g.c.Quest(a.Quest).Name
	case waterdeep.DiscardQuest:
		name = g.c.Quest(a.Quest).Name
	case waterdeep.PlayIntrigue:
		name = g.c.Intrigue(a.Card).Name
	case waterdeep.CompleteMandatory:
		name = g.c.Intrigue(a.Card).Name
	case waterdeep.DiscardMandatory:
		name = g.c.Intrigue(a.Card).Name
	case waterdeep.DiscardIntrigue:
		name = g.c.Intrigue(a.Card).Name
	}
	if name == "" {
		return t
	}
	// The id is the text's last word.
	return t[:strings.LastIndexByte(t, ' ')+1] + name
}

// fit cuts s to the width, ending it with "..." when cut.
func (g *game) fit(s string) string {
	if g.width <= 0 {
		return s
	}
	return fitTo(s, g.width-2)
}

func fitTo(s string, n int) string {
	r := []rune(s)
	if len(r) <= n || n < 4 {
		return s
	}
	return strings.TrimRight(string(r[:n-3]), " ") + "..."
}

// hint says briefly what action a does, or "" when its name says it.
func (g *game) hint(a waterdeep.Action) string {
	switch a := a.(type) {
	case waterdeep.PlaceAgent:
		return g.spaceHint(a.Space)
	case waterdeep.ChooseSpace:
		return g.spaceHint(a.Space)
	case waterdeep.ChooseBuilding:
		t := g.c.Building(a.Building)
		for _, f := range g.s.ForSale() {
			if f.Building == a.Building {
				return fmt.Sprintf("%d gold, %s on it", t.Cost, vp(f.VP))
			}
		}
		return fmt.Sprintf("%d gold", t.Cost)
	case waterdeep.PlayIntrigue:
		return g.c.Intrigue(a.Card).Describe()
	case waterdeep.DiscardIntrigue:
		return g.c.Intrigue(a.Card).Describe()
	case waterdeep.ChooseResources:
		p := a.Pick
		return content.Bundle{Cleric: int(p.Cleric), Fighter: int(p.Fighter), Rogue: int(p.Rogue), Wizard: int(p.Wizard), Gold: int(p.Gold)}.Describe()
	case waterdeep.TakeQuest:
		return g.c.Quest(a.Quest).Describe()
	case waterdeep.CompleteQuest:
		return g.c.Quest(a.Quest).Reward.Describe()
	case waterdeep.CompleteMandatory:
		return g.c.Intrigue(a.Card).Reward.Describe()
	}
	return ""
}

// spaceHint is what an agent on space sp does, with what is piled there
// and who owns it for a building tile.
func (g *game) spaceHint(sp waterdeep.SpaceID) string {
	d := g.c.Space(sp)
	h := strings.TrimSuffix(d.Description, ".")
	// Short enough for one line: the space's own building goes without
	// saying, and the Harbor's reassignment is said in a few words.
	h = strings.ReplaceAll(strings.ReplaceAll(h, " from "+d.Building, ""), " at "+d.Building, "")
	if first, _, ok := strings.Cut(h, ". "); ok && strings.Contains(h, "reassigned") {
		h = first + "; reassigned later"
	}
	if d.Tile {
		t := g.c.Building(d.BuildingID)
		h = strings.TrimSuffix(strings.SplitN(tileAction(t), ". ", 2)[0], ".")
		if o, ok := g.s.Owner(d.BuildingID); ok {
			h = fmt.Sprintf("%s (p%d's%s)", h, o+1, piled(t, g.s.Stock(d.BuildingID)))
		}
	}
	for _, r := range g.s.Placed() {
		if r.Space == sp {
			h += "; take first what lies there: " + placedText(r)
		}
	}
	return h
}

const helpText = `Commands:
  <number>     take the action with that number
  <answer>     your answer in words, with or without a verb, names as you
               say them: "place cliffwatch inn 2", "plinth", "take 2
               fighters", "two fighters", "complete owlbears", "yes"
  info NAME    what a quest, intrigue card, building, action space or lord
               does: "info Cliffwatch Inn", "info Crime Wave", "info ambush"
  list         list the legal actions again
  board        show the whole board: quests, buildings, every seat
  log          show again what happened before this turn
  undo         take back your last action, if it revealed nothing new
               (no card drawn or revealed, no other player acted since)
  help         this text
  quit         end the game`

// answer interprets one line typed by the human whose view v is. It
// returns a legal action, or nil and a message to print (or "quit" or
// "undo" after an undo was done).
func (g *game) answer(v waterdeep.View, line string) (waterdeep.Action, string) {
	p := v.Viewer
	switch strings.ToLower(line) {
	case "":
		return nil, ""
	case "help", "h", "?":
		return nil, helpText
	case "quit", "exit", "q":
		return nil, "quit"
	case "list", "l":
		g.prompt(v)
		return nil, ""
	case "log":
		lines := g.eventLines(p, g.from[p], g.seen[p])
		if len(lines) == 0 {
			return nil, "Nothing has happened since your last turn."
		}
		fmt.Fprint(g.out, "What happened before this turn:\n"+strings.Join(lines, ""))
		return nil, ""
	case "board", "b", "view":
		fmt.Fprint(g.out, board(v, g.s, g.width))
		g.prompt(v)
		return nil, ""
	case "undo", "u":
		if len(g.undo) == 0 || g.undo[len(g.undo)-1].player != p {
			return nil, "Nothing to undo: you can take back only your own actions since the last card drawn or revealed, new round, or other player's action."
		}
		u := g.undo[len(g.undo)-1]
		g.undo = g.undo[:len(g.undo)-1]
		fmt.Fprintf(g.out, "Undone: %s\n", g.c.HumanAction(g.log[u.logLen].Move.Action(p), g.asked[u.logLen]))
		g.s, g.log = u.s, g.log[:u.logLen]
		for i := range g.seen {
			g.seen[i] = min(g.seen[i], u.logLen)
		}
		g.last = waterdeep.NoPlayer // show the board again
		return nil, "undo"
	}
	if w, rest, _ := strings.Cut(line, " "); strings.EqualFold(w, "info") || strings.EqualFold(w, "i") || strings.EqualFold(line, "info") {
		return nil, g.info(rest)
	}
	if n, err := strconv.Atoi(line); err == nil {
		if n < 1 || n > len(v.Legal) {
			return nil, fmt.Sprintf("No action %d: enter a number from 1 to %d, an action, or \"help\".", n, len(v.Legal))
		}
		return v.Legal[n-1], ""
	}
	// An answer in words, read against the question (View.ParseAnswer).
	a, err := v.ParseAnswer(line)
	if err != nil {
		why := err.Error()
		if de := (*waterdeep.DecodeError)(nil); errors.As(err, &de) && de.Detail != "" {
			why = de.Detail
		}
		msg := fmt.Sprintf("Cannot read %q: %s", shorten(line), why)
		if !strings.HasSuffix(msg, "?") {
			msg += "."
			if i := g.closeAction(v, line); i >= 0 {
				msg += fmt.Sprintf(" Did you mean %d. %s?", i+1, g.choiceText(v.Legal[i], fmt.Sprintf("p%d ", p+1)))
			}
		}
		return nil, msg + fmt.Sprintf("\nEnter a number from 1 to %d, an action as listed, or \"help\".", len(v.Legal))
	}
	for _, b := range v.Legal {
		if b == a {
			return b, ""
		}
	}
	why := "it is not one of your choices"
	var ie *waterdeep.IllegalActionError
	if err := g.s.Legal(a); errors.As(err, &ie) && ie.Detail != "" {
		why = strings.ToLower(ie.Detail[:1]) + strings.TrimSuffix(ie.Detail[1:], ".")
	}
	return nil, fmt.Sprintf("You cannot %s now: %s.", g.choiceText(a, fmt.Sprintf("p%d ", p+1)), why)
}

// closeAction returns the index of the one legal action whose text holds
// every word of line (a leading "pN" aside), or -1 if none or several do:
// "building skulkway" is close to "building the-skulkway".
func (g *game) closeAction(v waterdeep.View, line string) int {
	words := strings.Fields(strings.ToLower(line))
	if len(words) > 0 && hasPlayer(words[0]) {
		words = words[1:]
	}
	if len(words) == 0 {
		return -1
	}
	found := -1
	for i, a := range v.Legal {
		t := strings.ToLower(g.c.FormatAction(a) + " " + g.choiceText(a, ""))
		all := true
		for _, w := range words {
			all = all && strings.Contains(t, w)
		}
		if all {
			if found >= 0 {
				return -1
			}
			found = i
		}
	}
	return found
}

// hasPlayer reports whether an action text starts with a player ("p2 ...").
func hasPlayer(line string) bool {
	return len(line) >= 2 && (line[0] == 'p' || line[0] == 'P') && line[1] >= '0' && line[1] <= '9'
}

func shorten(s string) string {
	if r := []rune(s); len(r) > 60 {
		return string(r[:60]) + "..."
	}
	return s
}

// finish prints the last events and the final scores.
func (g *game) finish() {
	viewer := waterdeep.Spectator
	switch g.humans {
	case 0:
	case 1:
		for p, st := range g.seats {
			if st.bot == nil {
				viewer = waterdeep.PlayerID(p)
			}
		}
	default:
		// Several humans: what none of them has seen yet, as public.
		g.seen[0] = slices.Min(g.seen)
	}
	g.showEvents(viewer, 0)
	fmt.Fprintln(g.out, "\n== Final scores ==")
	winners := map[waterdeep.PlayerID]bool{}
	for _, w := range g.s.Winners() {
		winners[w] = true
	}
	for p := range waterdeep.PlayerID(len(g.seats)) {
		f := g.s.FinalScore(p)
		mark := ""
		if winners[p] {
			mark = "  winner"
		}
		corruption := ""
		if g.s.Modules().Has(waterdeep.Skullport) {
			corruption = fmt.Sprintf(", corruption %d for %s", f.Corruption, plural(g.s.Corruption(p), "token", "tokens"))
		}
		fmt.Fprintf(g.out, "  p%d %-7s %3d VP  %2d gold  lord %s (+%d VP; adventurers +%d, gold +%d%s)%s\n", p+1, g.seats[p].name,
			g.s.Score(p), g.s.Gold(p), g.c.Lord(g.s.Lord(p)).Name, f.Lord, f.Adventurers, f.Gold, corruption, mark)
	}
}
