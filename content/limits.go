package content

// The limits of content. Every number and size that a content file can
// carry is bounded when the file is loaded: a value out of range is a
// *LoadError naming the file, the entry and the field, never a surprise in
// the middle of a game. The bounds are generous for real cards (the base
// game's largest values are given beside each) and small enough that the
// engine's arithmetic provably cannot overflow, as worked out below.
//
// # Sizes
//
// A file is read only up to MaxFileSize bytes, before any decoding. The
// YAML decoder builds a tree of about 100 bytes per byte of input, so the
// worst file under the limit (a flow list of 87,000 empty entries) costs
// about 0.15 s and 45 MB before it is refused; at 1 MiB it would cost four
// times as much. 256 KiB is 14 times the base game's largest file and holds
// MaxEntries entries with long texts. An alias bomb is refused by the
// decoder's own alias budget within milliseconds. Lists hold at most
// MaxEntries entries, effects MaxSteps steps, a choose_one MaxOptions
// options, and ids, names and texts are bounded in bytes.
//
// # Why no score or gold can overflow
//
// The State holds VP and gold as int32, counts as uint8.
//
// One gain or payment moves little. With the bounds below, a single addition
// to a player's VP during play is at most
//
//	a bundle's VP, bonus_vp, change_of_plans vp, a score, a plot's VP   MaxVP = 100
//	vp_per_building: MaxPerBuilding x 9 control markers                 450
//	VP accumulated on a tile: 8 stacks of MaxAccumulate (see below)     200
//	the VP on a tile for sale: 1 a round                                8
//
// and a single addition to gold at most
//
//	a bundle's gold, a plot's gold, what each_opponent_may_give gives   MaxGold = 100
//	gold_per_building: MaxPerBuilding x 64 tiles in play                3,200
//	gold accumulated on a tile                                          200
//
// so every addition is below 2^12.
//
// The number of additions in a game has no bound. One Apply resolves at
// most a fixed number of steps (2^14, the root package's bound), and each
// step draws at most MaxDraw intrigue cards per bundle, so every Apply
// ends. But a game can go on for ever: an intrigue card that draws a card
// and returns the agent that played it from Waterdeep Harbor can be played
// again and again, every turn, by a player who wants to. So a bound on the
// game's length cannot make the arithmetic safe. Instead the engine
// saturates: an addition leaves a player's VP or gold at most MaxHeld = 2^19
// (and never lowers them). Before an addition the value is at most MaxHeld
// (or, in a State decoded from a snapshot or a view, at most 2^30), and
// 2^30 + 2^12 < 2^31: the sum that is compared with MaxHeld cannot wrap.
// No game with real cards comes near MaxHeld: base game scores are in the
// low hundreds, and random games with every value of the content at its
// maximum reach a few thousand (the root package's TestMaxContentGames logs
// the figures).
//
// Payments never take a value below 0: a payment of gold is refused (or
// limited to what the player holds) before it is made. The one loss of VP,
// 10 for each corruption token an empty track cannot give (Skullport),
// stops at -MaxHeld, and the corruption penalty of final scoring is at
// most 25 tokens x 9 VP.
//
// Final scoring adds, once, 1 VP per adventurer (4 kinds x 25 = 100), 1 VP
// per 2 gold (at most MaxHeld/2 = 2^18) and the lord's bonus (at most MaxVP
// per completed quest, of at most 128 quest cards, plus MaxVP per building,
// of at most 9: 13,700). A final score is therefore at most
//
//	2^19 + 2^18 + 100 + 13,700 = 800,232 < 2^20
//
// which is within what a snapshot may hold (2^20), so every State a game
// reaches encodes and decodes, and Scores is exactly the VP of play plus the
// FinalScore parts: final scoring never saturates.
//
// # Why no count can overflow
//
//   - Adventurers in taverns, in the supply and stacked on tiles: 25 of each
//     kind, conserved; a bundle asks for at most MaxCubes of a kind.
//   - What is stacked on a tile: each tile is acquired at most once, and
//     stacks once then and once at the start of each later round, so at
//     most 8 x MaxAccumulate = 200 <= 255.
//   - The VP on a tile for sale: one a round, at most 8.
//   - Agents: at most 4 + 1 (round 5) + one per Lieutenant quest card (of at
//     most 128) = 133 <= 255.
//   - Decision frames hold counts (at most MaxCount), bonus and
//     change-of-plans VP (at most MaxVP <= 255), a program counter (below
//     MaxSteps <= 255) and a plot's count (at most MaxRoundStartChoose).
//   - Answers encode at most 7 adventurers and 7 gold (MaxCount).
//   - Quest requirements are compared in 16-bit lanes: at most MaxCubes
//     < 2^15 per kind.
const (
	// MaxFileSize is the largest content file, in bytes (256 KiB), checked
	// before decoding (the base game's largest file, quests.yaml, has 18 KB).
	MaxFileSize = 256 << 10
	// MaxEntries bounds every list of a file: quests, intrigue cards,
	// lords, basic buildings, the spaces of one building, tiles. (A game
	// holds at most 128 quest and 128 intrigue instances anyway.)
	MaxEntries = 128
	// LoadBytesPerByte and LoadAllocsPerByte bound what loading content
	// allocates per byte of its files, whatever their shape (flow
	// collections nested to the YAML library's own limit of 10,000 levels,
	// long flow lists, thousands of keys, a file of MaxFileSize), beyond
	// LoadBaseBytes: yaml.v3 builds a node of about 200 bytes for every
	// value and an error line for every value of the wrong type, so a
	// file's worst case is about 500 bytes per byte (measured), some
	// 128 MiB for a file of MaxFileSize. Content is read once, when a
	// program starts; a server should not load content that strangers send.
	LoadBytesPerByte  = 640
	LoadAllocsPerByte = 5
	// LoadBaseBytes is what loading may allocate beyond LoadBytesPerByte:
	// the catalog built from valid files (the embedded base game's).
	LoadBaseBytes = 4 << 20

	// MaxIDLen, MaxNameLen and MaxTextLen bound an id, a name and a card
	// text, in bytes (base: 34, 37 and 144).
	MaxIDLen   = 64
	MaxNameLen = 100
	MaxTextLen = 1000
	// MaxSteps bounds the steps of one effect (base: 2).
	MaxSteps = 16
	// MaxOptions bounds the options of a choose_one step (base: 5).
	MaxOptions = 16

	// MaxCubes bounds the adventurers of one kind in any bundle: gain, pay,
	// requires, gift, give, otherwise, a plot's gain (base: 9). The supply
	// holds 25 of each kind.
	MaxCubes = 25
	// MaxGold bounds the gold in any bundle and a tile's cost (base: 8).
	MaxGold = 100
	// MaxVP bounds every VP that content gives at once: a bundle's vp,
	// bonus_vp, change_of_plans vp and opponent_vp, each_opponent_may_give
	// score, a plot's vp, a lord's vp_per_quest and vp_per_building
	// (base: 25).
	MaxVP = 100
	// MaxDraw bounds the intrigue cards one bundle draws (base: 2).
	MaxDraw = 10
	// MaxCount bounds every count of a step: choose, return, take_quest,
	// draw_quest, each_opponent_chooses, steal, and the adventurers and the
	// gold of one choose_one option (base: 4). Answers encode at most 7 of
	// each (see the root package's Move).
	MaxCount = 7
	// MaxPerBuilding bounds vp_per_building and gold_per_building steps
	// (base: 2 and 1).
	MaxPerBuilding = 50
	// MaxAccumulate bounds what a tile accumulates each round (base: 4).
	MaxAccumulate = 25
	// MaxRoundStartChoose bounds a round_start_choose plot's count (base: 1).
	MaxRoundStartChoose = 4
	// MaxQuestCopies, MaxIntrigueCopies and MaxTileCopies bound copies
	// (base: 1, 3 and 1).
	MaxQuestCopies    = 4
	MaxIntrigueCopies = 8
	MaxTileCopies     = 4

	// MaxHeld is where a player's VP and gold stop growing during play
	// (see above): the engine's additions saturate there.
	MaxHeld = 1 << 19
)
