package waterdeep

import (
	"fmt"
	"slices"

	"github.com/waterdeep-go/waterdeep/content"
)

// Choosing the game: players, modules and the long game (rules summary,
// "Scoundrels of Skullport"), the agents each player starts with, and the
// base game's cards removed when both modules are played.

// The cards and tiles of the base game removed at random before setup in a
// game with both modules: "before setup, randomly remove 25 intrigue cards,
// 30 quest cards, and 12 building tiles from the base game components".
const (
	removedQuests    = 30
	removedIntrigue  = 25
	removedBuildings = 12
)

// agentsNormal and agentsLong are the agents per player at the start; each
// player gains one more in round 5. The base game's table is the
// rulebook's ("Agents"); the long game's is the summary's ("Long game").
// The summary states no 6-player count for the normal game: this engine
// gives 2, as the base game does for 4 and 5 players and the long game does
// for 6 (provisional reading; RULES.md 23).
var (
	agentsNormal = [MaxPlayers + 1]uint8{2: 4, 3: 3, 4: 2, 5: 2, 6: 2}
	agentsLong   = [MaxPlayers + 1]uint8{2: 5, 3: 4, 4: 3, 5: 3, 6: 2}
)

// agentsFor returns the agents each of n players starts with.
func agentsFor(n uint8, long bool) uint8 {
	if int(n) >= len(agentsNormal) {
		return 0
	}
	if long {
		return agentsLong[n]
	}
	return agentsNormal[n]
}

// checkConfig refuses what the rules forbid, citing them.
func checkConfig(cfg *Config, c *Content) error {
	if cfg.Modules&^content.AllModules != 0 {
		return &ConfigError{Field: "Modules", Detail: fmt.Sprintf("unknown modules %#x; the modules are Undermountain and Skullport", uint8(cfg.Modules))}
	}
	if missing := cfg.Modules &^ c.modules; missing != 0 {
		return &ConfigError{Field: "Modules", Detail: fmt.Sprintf("the content holds nothing of %s (use FullContent or content with module tags)", missing)}
	}
	switch {
	case cfg.Players == MaxPlayers && cfg.Modules == 0:
		return &ConfigError{Field: "Players", Detail: "6 players need a module: \"You must use at least one module to play with 6 players\" (rules summary, Scoundrels of Skullport)"}
	case cfg.Players < 2 || cfg.Players > MaxPlayers:
		return &ConfigError{Field: "Players", Detail: fmt.Sprintf("%d players; the game is for 2 to 5, or 6 with a module", cfg.Players)}
	case cfg.Long && cfg.Modules == 0:
		return &ConfigError{Field: "Long", Detail: "the long game needs a module: \"You must include at least one expansion module to play a long game\" (rules summary, Long game)"}
	case !cfg.Long && cfg.Modules == content.AllModules:
		return &ConfigError{Field: "Long", Detail: "both modules need the long game: \"When playing with both modules, you must play a long game\" (rules summary, Long game)"}
	case cfg.Players > c.maxPlayers():
		return &ConfigError{Field: "Players", Detail: fmt.Sprintf("%d players; the content has %d lords", cfg.Players, len(c.lords))}
	}
	return nil
}

// removeBaseCards removes, in a game with both modules, the base game's
// cards and tiles before setup: those d lists, then others at random
// (never one d puts on top of a deck). The removed are hidden information.
func (s *State) removeBaseCards(d *Deal) error {
	if s.modules != content.AllModules {
		if len(d.RemovedQuests)+len(d.RemovedIntrigue)+len(d.RemovedBuildings) > 0 {
			return &ConfigError{Field: "Deal.RemovedQuests", Detail: "only a game with both modules removes base game cards"}
		}
		return nil
	}
	// The base game's instances, in instance order, are the lists a game
	// without modules deals.
	base := &s.c.dealt[0]
	var err error
	s.questBox, err = s.removeBase(removedQuests, ids(d.RemovedQuests), ids(d.Quests), base.quests, "Deal.RemovedQuests")
	if err != nil {
		return err
	}
	s.intrigueBox, err = s.removeBase(removedIntrigue, ids(d.RemovedIntrigue), ids(d.Intrigue), base.intrigue, "Deal.RemovedIntrigue")
	if err != nil {
		return err
	}
	tiles, err := s.removeBase(removedBuildings, ids(d.RemovedBuildings), ids(d.Buildings), base.tiles, "Deal.RemovedBuildings")
	s.tileBox = tiles.lo // at most MaxBuildings = 64 tiles
	return err
}

// removeBase draws want of the base game's instances base (in instance
// order): those listed first, then others at random, never one of fixed.
func (s *State) removeBase(want int, listed, fixed, base []uint8, field string) (set128, error) {
	var out set128
	var isFixed [256]bool
	for _, f := range fixed {
		isFixed[f] = true
	}
	if len(listed) > want {
		return out, &ConfigError{Field: field, Detail: fmt.Sprintf("%d listed; %d are removed", len(listed), want)}
	}
	for _, x := range listed {
		if !slices.Contains(base, x) || out.has(x) || isFixed[x] {
			return out, &ConfigError{Field: field, Detail: fmt.Sprintf("%d is not a base game card, is listed twice, or is dealt on top", x)}
		}
		out.add(x)
	}
	var buf [256]uint8
	rest := buf[:0]
	if len(listed) == 0 && len(fixed) == 0 {
		rest = append(rest, base...) // the usual deal: any may go
	} else {
		for _, i := range base {
			if !out.has(i) && !isFixed[i] {
				rest = append(rest, i)
			}
		}
	}
	shuffle(&s.rng, rest)
	for _, x := range rest[:min(len(rest), want-len(listed))] {
		out.add(x)
	}
	return out, nil
}

// RemovedCounts returns how many of the base game's quests, intrigue cards
// and tiles were removed before setup (a game with both modules); which
// ones is hidden.
func (s State) RemovedCounts() (quests, intrigue, buildings int) {
	return s.questBox.len(), s.intrigueBox.len(), set128{lo: s.tileBox}.len()
}
