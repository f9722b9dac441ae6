package waterdeep

// Hidden information: a view shows nothing of what its
// viewer may not know. Over random states of games of every size, from
// every seat and the spectator: changing what is hidden leaves the view
// unchanged, no hidden card's name appears in the view's JSON, events
// name only what the viewer's view shows, and lords stay hidden until the
// end.

import (
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"
)

// leakViewers returns every seat of an n-player game and the spectator.
func leakViewers(n int) []PlayerID {
	out := []PlayerID{Spectator}
	for p := range PlayerID(n) {
		out = append(out, p)
	}
	return out
}

// leakStates plays games with random legal actions and returns every
// every-th state of them, with the last state of each game.
func leakStates(t *testing.T, n, games, every int) []State {
	t.Helper()
	return leakGames(t, Config{Players: n}, games, every)
}

// leakConfigs are the games the view tests play: the base game with 2 to 5
// players, and expansion games of every module combination, 6 players and
// the long game included.
func leakConfigs() []Config {
	return []Config{{Players: 2}, {Players: 3}, {Players: 4}, {Players: 5},
		{Players: 2, Modules: Undermountain}, {Players: 3, Modules: Undermountain}, {Players: 6, Modules: Undermountain, Long: true},
		{Players: 2, Modules: Undermountain | Skullport, Long: true},
		{Players: 4, Modules: Skullport}, {Players: 6, Modules: Skullport},
		{Players: 5, Modules: Undermountain | Skullport, Long: true}, {Players: 6, Modules: Undermountain | Skullport, Long: true}}
}

// leakGames plays games of cfg (its Seed ignored) with random legal
// actions and returns every every-th state and the last.
func leakGames(t *testing.T, cfg Config, games, every int) []State {
	t.Helper()
	var out []State
	n := cfg.Players
	for g := range games {
		cfg.Seed = uint64(1000*n+g) + 100000*uint64(cfg.Modules) + 7*uint64(bit(cfg.Long))
		s, err := New(cfg)
		if err != nil {
			t.Fatal(err)
		}
		r := rand.New(rand.NewPCG(uint64(n)+uint64(cfg.Modules)<<8, uint64(g)))
		for step := 0; ; step++ {
			if step%every == 0 || s.Over() {
				out = append(out, s)
			}
			if s.Over() {
				break
			}
			legal := s.LegalActions()
			if s, err = s.Apply(legal[r.IntN(len(legal))]); err != nil {
				t.Fatal(err)
			}
		}
	}
	return out
}

var leakViewCmp = cmp.Options{cmpopts.IgnoreUnexported(View{}), cmpopts.EquateComparable(Progress{})}

func leakShuffle(r *rand.Rand, xs []uint8) {
	r.Shuffle(len(xs), func(i, j int) { xs[i], xs[j] = xs[j], xs[i] })
}

// leakHide returns s with what viewer may not see changed: the decks and
// the building stack reordered, the random generator reseeded, a card
// swapped between each other player's hand and the intrigue deck, and,
// before the end, the other players' lords exchanged among themselves and
// with lords nobody holds.
func leakHide(s State, viewer PlayerID, r *rand.Rand) State {
	leakShuffle(r, s.questDeck[:s.questDeckLen])
	leakShuffle(r, s.intrigueDeck[:s.intrigueDeckLen])
	leakShuffle(r, s.tileStack[:s.tileStackLen])
	s.rng = pcg{r.Uint64(), r.Uint64()}
	// A base card removed before setup (both modules) exchanged with one
	// of the deck's, where the deck holds a base card.
	leakSwapBox(r, &s.questBox, s.questDeck[:s.questDeckLen], func(q uint8) bool { return s.c.quests[q].Module == 0 })
	leakSwapBox(r, &s.intrigueBox, s.intrigueDeck[:s.intrigueDeckLen], func(i uint8) bool { return s.c.intrigue[i].Module == 0 })
	tiles := set128{lo: s.tileBox}
	leakSwapBox(r, &tiles, s.tileStack[:s.tileStackLen], func(t uint8) bool { return s.c.tiles[t].Module == 0 })
	s.tileBox = tiles.lo
	n := int(s.numPlayers)
	for o := range n {
		if PlayerID(o) == viewer {
			continue
		}
		// Cards handed over face up (Inevitable Betrayal) are known.
		hand := intrigueList(s.players[o].hand.andNot(s.knownHand))
		if len(hand) == 0 || s.intrigueDeckLen == 0 {
			continue
		}
		h := uint8(hand[r.IntN(len(hand))])
		k := r.IntN(int(s.intrigueDeckLen))
		d := s.intrigueDeck[k]
		s.players[o].hand.remove(h)
		s.players[o].hand.add(d)
		s.intrigueDeck[k] = h
	}
	if !s.Over() {
		// The lords of the other players, and those nobody holds, dealt
		// again among the other players.
		var pool []uint8
		held := map[uint8]bool{}
		hidden := func(o int) bool { return PlayerID(o) != viewer && !leakLordSeen(&s, viewer, PlayerID(o)) }
		for o := range n {
			held[s.players[o].lord] = true
			if hidden(o) {
				pool = append(pool, s.players[o].lord)
			}
		}
		for _, l := range s.c.dealt[s.modules].lords {
			if !held[l] {
				pool = append(pool, l)
			}
		}
		leakShuffle(r, pool)
		for o := range n {
			if hidden(o) {
				s.players[o].lord, pool = pool[0], pool[1:]
			}
		}
	}
	return s
}

// leakSwapBox exchanges a random card of box with a random base card of
// deck, if both have one.
func leakSwapBox(r *rand.Rand, box *set128, deck []uint8, base func(uint8) bool) {
	var inBox, inDeck []int
	for i := range 128 {
		if box.has(uint8(i)) {
			inBox = append(inBox, i)
		}
	}
	for i, x := range deck {
		if base(x) {
			inDeck = append(inDeck, i)
		}
	}
	if len(inBox) == 0 || len(inDeck) == 0 {
		return
	}
	b, d := uint8(inBox[r.IntN(len(inBox))]), inDeck[r.IntN(len(inDeck))]
	box.remove(b)
	box.add(deck[d])
	deck[d] = b
}

// leakLordSeen reports whether viewer knows o's lord before the end: o
// revealed it (Open Lord), or viewer has looked at it (Blackmail).
func leakLordSeen(s *State, viewer, o PlayerID) bool {
	return s.lordsShown&(1<<o) != 0 || viewer < MaxPlayers && s.seenLords[viewer]&(1<<o) != 0
}

// (a) Changing what a viewer may not see leaves the view unchanged, and
// its JSON too.
func TestViewHidesSecrets(t *testing.T) {
	t.Parallel() // self-contained: runs beside the other heavy tests (long_test.go)
	r := rand.New(rand.NewPCG(7, 7))
	games, every := 2, 7
	if quickRun() {
		games, every = 1, 23
	}
	checked := 0
	for _, cfg := range leakConfigs() {
		n := cfg.Players
		for _, s := range leakGames(t, cfg, games, every) {
			for _, p := range leakViewers(n) {
				want := s.View(p)
				wantJSON, err := json.Marshal(want)
				if err != nil {
					t.Fatal(err)
				}
				for range 2 {
					h := leakHide(s, p, r)
					got := h.View(p)
					if diff := cmp.Diff(want, got, leakViewCmp); diff != "" {
						t.Fatalf("%d players, round %d, viewer %v: hidden change shows (-want +got):\n%s", n, s.Round(), p, diff)
					}
					gotJSON, err := json.Marshal(got)
					if err != nil {
						t.Fatal(err)
					}
					if string(gotJSON) != string(wantJSON) {
						t.Fatalf("%d players, viewer %v: JSON changed with hidden facts", n, p)
					}
					checked++
				}
			}
		}
	}
	t.Logf("%d hidden changes checked", checked)
}

// leakHidden returns the quoted JSON strings that name something hidden
// from viewer in s: intrigue cards in other hands and the deck, quests in
// the deck, tiles in the stack, other players' lords before the end. A
// card's display name counts too when every copy of it is hidden.
func leakHidden(s State, viewer PlayerID) map[string]string {
	c := s.c
	out := map[string]string{}
	var cards, quests set128
	var tiles [MaxBuildings]bool
	for i := range int(s.intrigueDeckLen) {
		cards.add(s.intrigueDeck[i])
	}
	for o := range PlayerID(s.numPlayers) {
		if o != viewer {
			cards = cards.or(s.players[o].hand.andNot(s.knownHand))
		}
	}
	for i := range int(s.questDeckLen) {
		quests.add(s.questDeck[i])
	}
	for i := range int(s.tileStackLen) {
		tiles[s.tileStack[i]] = true
	}
	// The base cards removed before setup (both modules) are hidden from
	// everyone.
	cards, quests = cards.or(s.intrigueBox), quests.or(s.questBox)
	for t := range MaxBuildings {
		tiles[t] = tiles[t] || s.tileBox&(1<<t) != 0
	}
	allHidden := func(count int, name func(int) string, hidden func(int) bool, display func(int) string, what string) {
		byDisplay := map[string]bool{}
		for i := range count {
			d := display(i)
			if _, ok := byDisplay[d]; !ok {
				byDisplay[d] = true
			}
			byDisplay[d] = byDisplay[d] && hidden(i)
		}
		for i := range count {
			if hidden(i) {
				out[`"`+name(i)+`"`] = fmt.Sprintf("%s %s", what, name(i))
				if byDisplay[display(i)] {
					out[`"`+display(i)+`"`] = fmt.Sprintf("%s %s (display name)", what, name(i))
				}
			}
		}
	}
	allHidden(c.NumIntrigue(), func(i int) string { return c.IntrigueID(IntrigueID(i)) }, func(i int) bool { return cards.has(uint8(i)) },
		func(i int) string { return c.Intrigue(IntrigueID(i)).Name }, "intrigue card")
	allHidden(c.NumQuests(), func(i int) string { return c.QuestID(QuestID(i)) }, func(i int) bool { return quests.has(uint8(i)) },
		func(i int) string { return c.Quest(QuestID(i)).Name }, "quest")
	allHidden(c.NumBuildings(), func(i int) string { return c.BuildingID(BuildingID(i)) }, func(i int) bool { return tiles[i] },
		func(i int) string { return c.Building(BuildingID(i)).Name }, "building")
	if !s.Over() {
		for o := range PlayerID(s.numPlayers) {
			if o != viewer && !leakLordSeen(&s, viewer, o) {
				l := c.Lord(s.Lord(o))
				out[`"`+l.ID+`"`] = "p" + fmt.Sprint(o+1) + "'s lord " + l.ID
				out[`"`+l.Name+`"`] = "p" + fmt.Sprint(o+1) + "'s lord " + l.Name
			}
		}
	}
	return out
}

// (b) No name of a card hidden from the viewer appears in the view's JSON.
func TestViewJSONNamesNoHiddenCard(t *testing.T) {
	t.Parallel() // self-contained: runs beside the other heavy tests (long_test.go)
	games, every := 3, 3
	if quickRun() {
		games, every = 1, 17
	}
	checked := 0
	for _, cfg := range leakConfigs() {
		n := cfg.Players
		for _, s := range leakGames(t, cfg, games, every) {
			for _, p := range leakViewers(n) {
				b, err := json.Marshal(s.View(p))
				if err != nil {
					t.Fatal(err)
				}
				text := string(b)
				for quoted, what := range leakHidden(s, p) {
					if strings.Contains(text, quoted) {
						t.Fatalf("%d players, round %d, viewer %v: the view names %s, hidden from it:\n%s", n, s.Round(), p, what, text)
					}
				}
				checked++
			}
		}
	}
	t.Logf("%d views checked", checked)
}

// leakSeen lists what a view shows by number: every quest, intrigue card,
// tile and lord it names (a card being played, in the stack, included).
type leakSeen struct {
	quests, cards set128
	tiles         [MaxBuildings]bool
	lords         [MaxLords]bool
}

func leakSeenIn(v View) *leakSeen {
	var s leakSeen
	q := func(qs []QuestID) {
		for _, x := range qs {
			s.quests.add(uint8(x))
		}
	}
	i := func(is []IntrigueID) {
		for _, x := range is {
			s.cards.add(uint8(x))
		}
	}
	b := func(bs []BuildingID) {
		for _, x := range bs {
			s.tiles[x] = true
		}
	}
	q(v.Cliffwatch)
	q(v.Revealed)
	q(v.QuestDiscard)
	i(v.IntrigueDiscard)
	b(v.Gone)
	for _, t := range v.ForSale {
		s.tiles[t.Building] = true
	}
	for _, sp := range v.Spaces {
		if sp.Tile {
			s.tiles[sp.Building] = true
		}
	}
	for _, seat := range v.Seats {
		q(seat.Active)
		q(seat.Completed)
		i(seat.Hand)
		i(seat.Mandatory)
		b(seat.Buildings)
		if seat.LordKnown {
			s.lords[seat.Lord] = true
		}
	}
	for _, f := range v.Progress.frames() {
		if card, ok := f.faceUpCard(); ok {
			s.cards.add(card)
		}
	}
	return &s
}

// leakEventNames returns what an event (as a viewer sees it) names: its
// card, quest and building, and those of the action it carries.
func leakEventNames(e Event) (cards []IntrigueID, quests []QuestID, tiles []BuildingID) {
	switch e.Kind {
	case EvIntrigueDrawn, EvIntriguePlayed, EvMandatoryAssigned, EvMandatoryCompleted, EvMandatoryDiscarded, EvIntrigueDiscarded:
		if e.Card != HiddenCard {
			cards = append(cards, e.Card)
		}
	case EvQuestTaken, EvQuestDealt, EvQuestRevealed, EvQuestDiscarded, EvQuestCompleted:
		quests = append(quests, e.Quest)
	case EvBuildingBought, EvBuildingGained, EvBuildingLost, EvBuildingForSale:
		tiles = append(tiles, e.Building)
	case EvAction, EvAutoAnswer:
		switch a := e.Move.Action(e.Player).(type) {
		case PlayIntrigue:
			cards = append(cards, a.Card)
		case CompleteMandatory:
			cards = append(cards, a.Card)
		case DiscardMandatory:
			cards = append(cards, a.Card)
		case DiscardIntrigue:
			cards = append(cards, a.Card)
		case CompleteQuest:
			quests = append(quests, a.Quest)
		case TakeQuest:
			quests = append(quests, a.Quest)
		case DiscardQuest:
			quests = append(quests, a.Quest)
		case ChooseBuilding:
			tiles = append(tiles, a.Building)
		}
	}
	return cards, quests, tiles
}

// (c) Every event a viewer is given names only cards the viewer's view
// showed before the action or shows after it; another player's drawn card
// is hidden.
func TestEventsNameOnlyVisibleCards(t *testing.T) {
	t.Parallel() // self-contained: runs beside the other heavy tests (long_test.go)
	games := 2
	if quickRun() {
		games = 1
	}
	counted := 0
	for n := 2; n <= 5; n++ {
		for g := range games {
			s, err := New(Config{Players: n, Seed: uint64(77*n + g)})
			if err != nil {
				t.Fatal(err)
			}
			r := rand.New(rand.NewPCG(uint64(g), 5))
			var events []Event
			for !s.Over() {
				legal := s.LegalActions()
				before := s
				s, events, err = s.ApplyEvents(legal[r.IntN(len(legal))], events[:0])
				if err != nil {
					t.Fatal(err)
				}
				for _, p := range leakViewers(n) {
					was, is := leakSeenIn(before.View(p)), leakSeenIn(s.View(p))
					for _, full := range events {
						e := full.For(p)
						counted++
						if e.Kind == EvIntrigueDrawn && e.Player != p && e.Card != HiddenCard {
							t.Fatalf("%d players: viewer %v sees p%d draw %s", n, p, e.Player+1, s.c.IntrigueID(e.Card))
						}
						cards, quests, tiles := leakEventNames(e)
						text := s.c.FormatEvent(full, p)
						for _, x := range cards {
							if !was.cards.has(uint8(x)) && !is.cards.has(uint8(x)) {
								t.Fatalf("%d players, round %d: viewer %v is told %q, naming intrigue card %s it cannot see",
									n, s.Round(), p, text, s.c.IntrigueID(x))
							}
						}
						for _, x := range quests {
							if !was.quests.has(uint8(x)) && !is.quests.has(uint8(x)) {
								t.Fatalf("%d players, round %d: viewer %v is told %q, naming quest %s it cannot see",
									n, s.Round(), p, text, s.c.QuestID(x))
							}
						}
						for _, x := range tiles {
							if !was.tiles[x] && !is.tiles[x] {
								t.Fatalf("%d players, round %d: viewer %v is told %q, naming building %s it cannot see",
									n, s.Round(), p, text, s.c.BuildingID(x))
							}
						}
					}
				}
			}
		}
	}
	t.Logf("%d (event, viewer) pairs checked", counted)
}

// (d) The spectator sees no hand and no lord before the end; once the game
// is over every viewer sees every lord, and the right one.
func TestSpectatorAndLords(t *testing.T) {
	for _, cfg := range leakConfigs() {
		n := cfg.Players
		for _, s := range leakGames(t, cfg, 2, 5) {
			v := s.View(Spectator)
			for _, seat := range v.Seats {
				if len(seat.Hand) != 0 {
					t.Fatalf("%d players: the spectator sees p%d's hand", n, seat.Seat+1)
				}
				if seat.LordKnown != (s.Over() || s.lordsShown&(1<<seat.Seat) != 0) {
					t.Fatalf("%d players, over %v: the spectator sees p%d's lord: %v", n, s.Over(), seat.Seat+1, seat.LordKnown)
				}
			}
			for _, p := range leakViewers(n) {
				for _, seat := range s.View(p).Seats {
					if seat.Seat != p && len(seat.Hand) != 0 {
						t.Fatalf("p%d sees p%d's hand", p+1, seat.Seat+1)
					}
					if seat.LordKnown != (s.Over() || seat.Seat == p || leakLordSeen(&s, p, seat.Seat)) {
						t.Fatalf("over %v: viewer %v, p%d's lord known %v", s.Over(), p, seat.Seat+1, seat.LordKnown)
					}
					if seat.LordKnown && seat.Lord != s.Lord(seat.Seat) {
						t.Fatalf("viewer %v is shown lord %d for p%d, who has %d", p, seat.Lord, seat.Seat+1, s.Lord(seat.Seat))
					}
					if !seat.LordKnown && seat.Lord != 0 {
						t.Fatalf("viewer %v: p%d's hidden lord is set to %d", p, seat.Seat+1, seat.Lord)
					}
				}
			}
		}
	}
}
