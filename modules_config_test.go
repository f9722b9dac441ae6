package waterdeep

// Choosing the game (issue 12): players, modules and the long game are
// checked against the rules summary; a game deals the base game's content
// and the chosen modules', less the base cards removed with both modules.

import (
	"errors"
	"fmt"
	"strings"
	"testing"

	"github.com/waterdeep-go/waterdeep/content"
)

// modulesTestContent is the embedded content with a few cards, tiles and
// lords of each module added (the modules' real cards come in their own
// issues).
func modulesTestContent(t *testing.T) *Content {
	t.Helper()
	files := limitsBase(t)
	for _, m := range []string{"undermountain", "skullport"} {
		for i := range 3 {
			files["quests.yaml"] += modulesQuestYAML(fmt.Sprintf("%s-quest-%d", m, i), m)
		}
		files["intrigue.yaml"] += fmt.Sprintf("\n  - id: %[1]s-card\n    name: \"%[1]s card\"\n    kind: utility\n    copies: 2\n    effect: [{gain: {gold: 1}}]\n    module: %[1]s\n", m)
		files["buildings.yaml"] += fmt.Sprintf("\n  - id: %[1]s-tile\n    name: \"%[1]s tile\"\n    cost: 3\n    copies: 2\n    action: [{gain: {gold: 1}}]\n    owner: [{gain: {gold: 1}}]\n    module: %[1]s\n", m)
		files["lords.yaml"] += fmt.Sprintf("\n  - id: %[1]s-lord\n    name: \"%[1]s lord\"\n    scoring: {vp_per_building: 6}\n    module: %[1]s\n", m)
	}
	// Module utility cards that use the new effects.
	files["intrigue.yaml"] += "\n  - id: tithe\n    name: \"Tithe\"\n    kind: utility\n    copies: 1\n    effect: [{pay: {any: 2, gold: 1}}, {gain: {vp: 5}}]\n    module: undermountain\n"
	for _, card := range []struct{ id, effect string }{
		{"purify", "[{return_corruption: 2}]"},
		{"purge", "[{remove_corruption: 1}]"},
		{"seed-gold", "[{place: {each: {gold: 2}, spaces: 2}}]"},
		{"taint", "[{place: {corruption: 1, spaces: 2}}]"},
		{"seed-fighter", "[{place: {each: {fighter: 1}, spaces: 1}}]"},
	} {
		files["intrigue.yaml"] += fmt.Sprintf("\n  - id: %[1]s\n    name: \"%[1]s\"\n    kind: utility\n    copies: 1\n    effect: %[2]s\n    module: skullport\n", card.id, card.effect)
	}
	c, err := LoadContent(limitsFS(files))
	if err != nil {
		t.Fatal(err)
	}
	return c
}

func TestConfigRules(t *testing.T) {
	for _, tc := range []struct {
		cfg   Config
		field string // "" for a game that starts
		cite  string
	}{
		{Config{Players: 6}, "Players", "at least one module to play with 6 players"},
		{Config{Players: 6, Modules: Undermountain}, "", ""},
		{Config{Players: 6, Modules: Skullport, Long: true}, "", ""},
		{Config{Players: 7, Modules: Skullport}, "Players", "2 to 5"},
		{Config{Players: 1}, "Players", "2 to 5"},
		{Config{Players: 4, Long: true}, "Long", "at least one expansion module to play a long game"},
		{Config{Players: 4, Modules: Skullport, Long: true}, "", ""},
		{Config{Players: 4, Modules: Undermountain | Skullport}, "Long", "you must play a long game"},
		{Config{Players: 4, Modules: Undermountain | Skullport, Long: true}, "", ""},
		{Config{Players: 4, Modules: 4}, "Modules", "unknown modules"},
		{Config{Players: 4, Modules: Skullport, Content: BaseContent()}, "Modules", "nothing of skullport"},
		{Config{Players: 4, Modules: Skullport, Deal: &Deal{RemovedQuests: []QuestID{1}}}, "Deal.RemovedQuests", "both modules"},
		{Config{Players: 4, Modules: Undermountain | Skullport, Long: true, Deal: &Deal{RemovedQuests: []QuestID{200}}}, "Deal.RemovedQuests", "not a base game card"},
		{Config{Players: 4, Modules: Undermountain | Skullport, Long: true, Deal: &Deal{Quests: []QuestID{3}, RemovedQuests: []QuestID{3}}}, "Deal.RemovedQuests", "dealt on top"},
		// A deck's fixed top lists each card once, of the content's
		// (issue 39: a mutant that refused only a card both out of range
		// and listed twice survived every test).
		{Config{Players: 4, Deal: &Deal{Quests: []QuestID{3, 5, 3}}}, "Deal.Quests", "listed twice"},
		{Config{Players: 4, Deal: &Deal{Intrigue: []IntrigueID{IntrigueID(len(BaseContent().intrigue))}}}, "Deal.Intrigue", "out of range"},
	} {
		t.Run(fmt.Sprintf("%d-%v-%v", tc.cfg.Players, tc.cfg.Modules, tc.cfg.Long), func(t *testing.T) {
			s, err := New(tc.cfg)
			if tc.field == "" {
				if err != nil {
					t.Fatalf("New: %v", err)
				}
				if s.Players() != tc.cfg.Players || s.Modules() != tc.cfg.Modules || s.Long() != tc.cfg.Long {
					t.Errorf("game of %d players, modules %v, long %v", s.Players(), s.Modules(), s.Long())
				}
				return
			}
			var ce *ConfigError
			if !errors.As(err, &ce) || ce.Field != tc.field {
				t.Fatalf("New = %v, want a *ConfigError on %s", err, tc.field)
			}
			if !strings.Contains(err.Error(), tc.cite) || !strings.HasPrefix(err.Error(), "waterdeep:") {
				t.Errorf("error %q does not cite %q", err, tc.cite)
			}
		})
	}
}

// Agents per player (rulebook; the summary's long game table; the normal
// 6-player count is this engine's reading, RULES.md 23), one more in round
// 5, and starting gold 4, 5, ... 9 by seat.
func TestAgentsAndGold(t *testing.T) {
	want := map[bool][7]int{false: {2: 4, 3: 3, 4: 2, 5: 2, 6: 2}, true: {2: 5, 3: 4, 4: 3, 5: 3, 6: 2}}
	for _, long := range []bool{false, true} {
		for n := 2; n <= 6; n++ {
			s, err := New(Config{Players: n, Seed: 3, Modules: Undermountain, Long: long})
			if err != nil {
				t.Fatal(err)
			}
			for p := range PlayerID(n) {
				if owned, _ := s.Agents(p); owned != want[long][n] {
					t.Errorf("%d players, long %v: p%d owns %d agents, want %d", n, long, p+1, owned, want[long][n])
				}
				if g := s.Gold(p); g != 4+int(p) {
					t.Errorf("%d players: p%d starts with %d gold", n, p+1, g)
				}
			}
			// Play to round 5: every seat gains an agent.
			for s.Round() < 5 {
				s = apply(t, s, s.LegalActions()[0])
			}
			for p := range PlayerID(n) {
				if owned, _ := s.Agents(p); owned < want[long][n]+1 {
					t.Errorf("%d players, long %v, round 5: p%d owns %d agents", n, long, p+1, owned)
				}
			}
		}
	}
}

// modulesDealt lists the quests, intrigue cards, tiles and lords of a game
// at setup (decks, hands, Cliffwatch Inn, Builder's Hall, seats).
func modulesDealt(s State) (qs map[QuestID]bool, is map[IntrigueID]bool, ts map[BuildingID]bool, ls map[LordID]bool) {
	qs, is, ts, ls = map[QuestID]bool{}, map[IntrigueID]bool{}, map[BuildingID]bool{}, map[LordID]bool{}
	for i := range s.questDeckLen {
		qs[QuestID(s.questDeck[i])] = true
	}
	for _, q := range s.Cliffwatch() {
		qs[q] = true
	}
	for i := range s.intrigueDeckLen {
		is[IntrigueID(s.intrigueDeck[i])] = true
	}
	for i := range s.tileStackLen {
		ts[BuildingID(s.tileStack[i])] = true
	}
	for _, f := range s.ForSale() {
		ts[f.Building] = true
	}
	for p := range PlayerID(s.Players()) {
		for _, q := range s.ActiveQuests(p) {
			qs[q] = true
		}
		for _, i := range s.Hand(p) {
			is[i] = true
		}
		ls[s.Lord(p)] = true
	}
	return
}

func TestModuleDeal(t *testing.T) {
	c := modulesTestContent(t)
	base := BaseContent()
	for m := Modules(0); m <= content.AllModules; m++ {
		for seed := range uint64(5) {
			s, err := New(Config{Players: 6 - 4*bitInt(m == 0), Seed: seed, Modules: m, Long: m == content.AllModules, Content: c})
			if err != nil {
				t.Fatal(err)
			}
			qs, is, ts, ls := modulesDealt(s)
			rq, ri, rt := s.RemovedCounts()
			check := func(what string, n, baseN, dealt, removed int, module func(int) Modules) {
				t.Helper()
				want := baseN - removed
				for i := range n {
					mod := module(i)
					if mod&^m != 0 {
						continue
					}
					if mod != 0 {
						want++
					}
				}
				if dealt != want {
					t.Errorf("modules %v, seed %d: %d %s dealt, want %d", m, seed, dealt, what, want)
				}
			}
			for q := range qs {
				if mod := c.Quest(q).Module; mod&^m != 0 {
					t.Fatalf("modules %v: quest %s of module %v dealt", m, c.Quest(q).ID, mod)
				}
			}
			for i := range is {
				if mod := c.Intrigue(i).Module; mod&^m != 0 {
					t.Fatalf("modules %v: card %s of module %v dealt", m, c.Intrigue(i).ID, mod)
				}
			}
			for b := range ts {
				if mod := c.Building(b).Module; mod&^m != 0 {
					t.Fatalf("modules %v: tile %s of module %v dealt", m, c.Building(b).ID, mod)
				}
			}
			for l := range ls {
				if mod := c.Lord(l).Module; mod&^m != 0 {
					t.Fatalf("modules %v: lord %s of module %v dealt", m, c.Lord(l).ID, mod)
				}
			}
			check("quests", c.NumQuests(), base.NumQuests(), len(qs), rq, func(i int) Modules { return c.Quest(QuestID(i)).Module })
			check("intrigue cards", c.NumIntrigue(), base.NumIntrigue(), len(is), ri, func(i int) Modules { return c.Intrigue(IntrigueID(i)).Module })
			check("tiles", c.NumBuildings(), base.NumBuildings(), len(ts), rt, func(i int) Modules { return c.Building(BuildingID(i)).Module })
			if m == content.AllModules {
				if rq != 30 || ri != 25 || rt != 12 {
					t.Errorf("removed %d quests, %d intrigue cards, %d tiles; want 30, 25, 12", rq, ri, rt)
				}
			} else if rq+ri+rt != 0 {
				t.Errorf("modules %v: %d cards removed", m, rq+ri+rt)
			}
		}
	}
}

func bitInt(b bool) int {
	if b {
		return 1
	}
	return 0
}

// With both modules, the removed base cards are the ones Deal lists, then
// others at random, and none is ever dealt.
func TestBothModulesRemovedCards(t *testing.T) {
	d := &Deal{RemovedQuests: []QuestID{0, 1, 2}, RemovedIntrigue: []IntrigueID{5}, RemovedBuildings: []BuildingID{0, 23}}
	s, err := New(Config{Players: 4, Seed: 9, Modules: Undermountain | Skullport, Long: true, Deal: d})
	if err != nil {
		t.Fatal(err)
	}
	qs, is, ts, _ := modulesDealt(s)
	for _, q := range d.RemovedQuests {
		if qs[q] || !s.questBox.has(uint8(q)) {
			t.Errorf("quest %d dealt or not removed", q)
		}
	}
	for _, i := range d.RemovedIntrigue {
		if is[i] || !s.intrigueBox.has(uint8(i)) {
			t.Errorf("card %d dealt or not removed", i)
		}
	}
	for _, b := range d.RemovedBuildings {
		if ts[b] || s.tileBox&(1<<b) == 0 {
			t.Errorf("tile %d dealt or not removed", b)
		}
	}
	// Count the base game's cards only (the modules' come on top).
	c := s.Content()
	base := func(n int, module func(int) Modules) int {
		k := 0
		for i := range n {
			if module(i) == 0 {
				k++
			}
		}
		return k
	}
	nq := base(MaxQuests, func(i int) Modules {
		if !qs[QuestID(i)] {
			return 1
		}
		return c.Quest(QuestID(i)).Module
	})
	ni := base(MaxIntrigue, func(i int) Modules {
		if !is[IntrigueID(i)] {
			return 1
		}
		return c.Intrigue(IntrigueID(i)).Module
	})
	nt := base(MaxBuildings, func(i int) Modules {
		if !ts[BuildingID(i)] {
			return 1
		}
		return c.Building(BuildingID(i)).Module
	})
	if nq != 60-30 || ni != 50-25 || nt != 24-12 {
		t.Errorf("dealt %d base quests, %d cards, %d tiles; want 30, 25, 12", nq, ni, nt)
	}
	// Another seed removes other cards: the rest is random.
	s2, err := New(Config{Players: 4, Seed: 10, Modules: Undermountain | Skullport, Long: true, Deal: d})
	if err != nil {
		t.Fatal(err)
	}
	if s2.questBox == s.questBox {
		t.Errorf("two seeds removed the same quests")
	}
}

// The modules' board spaces are on the table only in games with their
// module.
func TestModuleSpacesInPlay(t *testing.T) {
	for _, tc := range []struct {
		m     Modules
		space string
		open  bool
	}{
		{0, "hall-of-mirrors", false}, {Undermountain, "hall-of-mirrors", true}, {Skullport, "hall-of-mirrors", false},
		{Undermountain, "skull-island", false}, {Skullport, "skull-island", true},
		{Undermountain | Skullport, "skull-island", true}, {Undermountain | Skullport, "the-grim-statue", true},
	} {
		s, err := New(Config{Players: 3, Seed: 1, Modules: tc.m, Long: tc.m != 0, Content: FullContent()})
		if err != nil {
			t.Fatal(err)
		}
		sp := space(t, &s, tc.space)
		listed := false
		for _, a := range s.LegalActions() {
			listed = listed || a == PlaceAgent{0, sp}
		}
		err = s.Legal(PlaceAgent{0, sp})
		if listed != tc.open || (err == nil) != tc.open {
			t.Errorf("modules %v, %s: listed %v, Legal %v; want open %v", tc.m, tc.space, listed, err, tc.open)
		}
		if !tc.open && !errors.Is(err, SpaceUnavailable) {
			t.Errorf("modules %v, %s: Legal = %v, want SpaceUnavailable", tc.m, tc.space, err)
		}
	}
}

// BaseContent is the base game alone, and FullContent numbers the base
// game's cards, tiles and spaces as BaseContent does.
func TestFullContentKeepsBaseNumbers(t *testing.T) {
	b, f := BaseContent(), FullContent()
	// The modules add their six board spaces and one space per tile.
	moduleTiles := 0
	for i := range f.NumBuildings() {
		if f.Building(BuildingID(i)).Module != 0 {
			moduleTiles++
		}
	}
	if b.NumSpaces() != 37 || f.NumSpaces() != 43+moduleTiles {
		t.Fatalf("%d and %d spaces, want 37 and %d", b.NumSpaces(), f.NumSpaces(), 43+moduleTiles)
	}
	for sp := range SpaceID(b.NumSpaces()) {
		if b.SpaceID(sp) != f.SpaceID(sp) {
			t.Errorf("space %d: %s and %s", sp, b.SpaceID(sp), f.SpaceID(sp))
		}
	}
	for i := range b.NumBuildings() {
		if b.TileSpace(BuildingID(i)) != f.TileSpace(BuildingID(i)) {
			t.Errorf("tile %d has another space", i)
		}
	}
	for sp := SpaceID(b.NumSpaces()); int(sp) < f.NumSpaces(); sp++ {
		module := f.Space(sp).Module
		if t, ok := f.SpaceTile(sp); ok {
			module = f.Building(t).Module // a tile's space is on no board
		}
		if module == 0 || f.Space(sp).Description == "" {
			t.Errorf("space %s: module %v, description %q", f.SpaceID(sp), f.Space(sp).Module, f.Space(sp).Description)
		}
	}
}
