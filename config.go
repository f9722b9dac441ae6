package waterdeep

import (
	"fmt"

	"github.com/waterdeep-go/waterdeep/content"
)

// Choosing the game: players, modules and the long game (rules summary,
// "Scoundrels of Skullport"), fixed deck orders for tests (Deal), and the
// agents each player starts with. checkConfig refuses a Config before
// anything is dealt.

// Config describes a new game.
type Config struct {
	// Players is the number of players, 2 to 5, or 6 with at least one
	// module. Seat 0 starts with the first-player marker; seats follow in
	// turn order.
	Players int
	// Modules are the expansion modules of Scoundrels of Skullport played
	// (none, Undermountain, Skullport or both): their cards, tiles and
	// board spaces are shuffled into the game's.
	Modules Modules
	// Long plays the long game (more agents), which needs a module and
	// is required with both. With 6 players it changes nothing: both
	// games give each player 2 agents (RULES.md 23).
	Long bool
	// Seed seeds the game's random generator: the same Config always deals
	// the same game.
	Seed uint64
	// Content is the game content; nil means BaseContent(), or
	// FullContent() for a game with modules.
	Content *Content
	// Deal fixes the order of the decks, for tests and puzzles. Nil deals
	// at random.
	Deal *Deal
}

// Deal fixes the setup of a game. Each list gives cards from the top of
// their deck down; cards not listed follow in random order. Setup deals
// from the top: lords one per seat, then two quests per seat (seat 0 first),
// four quests to Cliffwatch Inn, two intrigue cards per seat, and three
// tiles to Builder's Hall.
//
// In a game with both modules, the Removed lists fix some of the base
// game's cards and tiles removed before setup; the rest of the 30 quests,
// 25 intrigue cards and 12 tiles are drawn at random.
type Deal struct {
	Lords     []LordID
	Quests    []QuestID
	Intrigue  []IntrigueID
	Buildings []BuildingID

	RemovedQuests    []QuestID
	RemovedIntrigue  []IntrigueID
	RemovedBuildings []BuildingID
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
