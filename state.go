package waterdeep

import "github.com/waterdeep-go/waterdeep/quests"

// State is a game of Lords of Waterdeep at one moment. It is a comparable
// value with no slices or maps: Apply and Play return a new State and never
// change the one they are called on, two states are equal exactly when ==
// says so, and a State may be shared freely across goroutines. Its
// pointers are to the immutable, shared Content and, inside ApplyEvents
// only, to the events being reported (nil in every State a caller sees).
//
// Methods take a State by value, except the few a bot calls on every move:
// Over, ToAct, AppendMoves and LegalMove only read through a pointer (a
// value receiver would copy all 2 KB, even inlined), and PlayInPlace is
// the one method that changes a State, for a caller that owns it.
//
// The zero State is not a game (it reports Over, with no decision and no
// players); make one with New.
type State struct {
	c   *Content
	rng pcg

	numPlayers uint8
	modules    Modules // the expansion modules played
	long       bool    // the long game (Config.Long)
	round      uint8   // 1..8; 9 once the game is over
	phase      phase
	first      PlayerID // holder of the first-player marker
	next       PlayerID // whose placement turn comes next in this round
	questDone  bool     // a quest was completed in the current turn
	harborNext uint8    // reassignment progress: index into Content.harbor
	sp         uint8    // frames on the stack

	supply  [NumAdventurers]uint8
	caravan [NumAdventurers]uint8 // adventurers held as caravans (see caravans.go)
	players [MaxPlayers]playerState

	// The board. occupant[s] is 0 (empty), p+1 (player p's agent) or
	// ambassadorMark. Agents beyond the first on a space (Recover the
	// Magister's Orb) are in shared; agents that reassign after a Harbor
	// space's agent (Orb at the Harbor, The Zoarstar copying it) in follow.
	occupant [MaxSpaces]uint8
	occupied set128 // the spaces whose occupant is not 0 (see board.go)
	shared   [4]agentAt
	follow   [4]follower

	// The Ambassador: who holds it (none: still at the Palace, or out of
	// play), and the space it stands on (none: in its holder's pool).
	ambHolder uint8
	ambSpace  uint8
	ambGone   bool // the Palace left play, and the Ambassador with it

	// Quests: the deck (top at the end), the discard pile, Cliffwatch Inn's
	// face-up quests, and cards set aside while being revealed.
	questDeck    [MaxQuests]uint8
	questDeckLen uint8
	questDiscard set128
	cliffwatch   [4]uint8
	revealed     set128

	intrigueDeck    [MaxIntrigue]uint8
	intrigueDeckLen uint8
	intrigueDiscard set128

	// The base game's cards and tiles removed at random before setup in
	// a game with both modules (hidden: nobody sees them).
	questBox    set128
	intrigueBox set128
	tileBox     uint64

	// Buildings: the face-down stack, the three for sale with the VP on
	// each, each tile's owner (p+1, or 0) and what has accumulated on it.
	tileStack    [MaxBuildings]uint8
	tileStackLen uint8
	forSale      [3]uint8
	forSaleVP    [3]uint8
	tileOwner    [MaxBuildings]uint8
	built        uint64 // the tiles with an owner (see board.go)
	tileStock    [MaxBuildings]uint8

	// Corruption (Skullport; all zero in other games): the tokens on the
	// track's spaces -1 to -9, and those removed to the box. Each player's
	// are in playerState, those lying on action spaces in placed.
	track         [trackSpaces]uint8
	corruptionBox uint8

	// Resources placed on action spaces, a pile per space (see piles.go):
	// piles[sp] lies on space sp; piled holds the spaces where anything lies, and
	// freshPiles those chosen by the place step being resolved (which
	// must be different; they may have received nothing).
	piles      [MaxSpaces]pile
	piled      set128
	freshPiles set128

	// seenLords[p] has bit o set when player p has looked at player o's
	// Lord card (Blackmail): p knows it from then on.
	seenLords [MaxPlayers]uint8
	// lordsShown holds a bit per seat that revealed its lord with Open
	// Lord (Undermountain): shown to all, immune to opponents' attacks.
	lordsShown uint8
	// keptNeed is the number of adventurers to pick when the decision on
	// top is a pick whose answers are kept, else 0: kept's companion
	// (below; kept_answers.go), here where the State has a spare byte.
	keptNeed uint8
	// knownHand holds the intrigue cards in a player's hand that everyone
	// knows are there (handed over face up: Inevitable Betrayal).
	knownHand set128

	stack [stackSize]frame
	// kept holds the answers of the decision on top when its kind keeps
	// them (keptKinds: a placement's spaces, the intrigue cards to play,
	// the tiles, spaces, players or quests to choose, the picks, a
	// response's no and yes), and is
	// empty otherwise: derived data, kept by
	// run so that those answers are listed once (see kept_answers.go).
	kept set128

	// events is set only inside ApplyEvents, on its own copy, and is nil
	// in every State a caller sees: the one departure from "no pointer but
	// the content", so that the plain Apply path can skip event reporting
	// at the cost of a nil check.
	events *[]Event
}

// playerState is one seat's holdings.
type playerState struct {
	tavern    [NumAdventurers]uint8
	gold      int32
	score     int32
	agents    uint8 // agents owned, including the Lieutenant
	pool      uint8 // agents not yet assigned this round
	lord      uint8
	buildings uint8 // tiles controlled
	orbUsed   bool  // Recover the Magister's Orb used this round
	swapUsed  bool  // Produce a Miracle for the Masses used this round
	visitUsed bool  // Obtain Builder's Plans used this round (Undermountain)
	corrupt   uint8 // corruption tokens in the tavern (Skullport)
	turnUsed  uint8 // once-per-turn plot effects used this turn (skullport_plots.go)
	hand      set128
	active    set128 // uncompleted quests
	completed set128
	mandatory set128 // mandatory quest cards played on this player, uncompleted
}

type agentAt struct{ space, player uint8 } // player none: unused

type follower struct{ slot, player, from uint8 } // slot none: unused

type phase uint8

// The zero phase is phaseOver, so that the zero State, which is no game,
// reports Over and offers no decision.
const (
	phaseOver phase = iota
	phasePlacement
	phaseReassign
)

const ambassadorMark = MaxPlayers + 1

// Content returns the content the game is played with.
func (s State) Content() *Content { return s.c }

// Players returns the number of players.
func (s State) Players() int { return int(s.numPlayers) }

// CheckSeat returns nil if p is one of the game's seats (p1 to
// p<Players>), else a *SeatError (errors.Is(err, NoSuchPlayer)). The
// per-seat getters (Score, Gold, Tavern, Hand, Seat, ...) do not check:
// they are total, and a PlayerID that is not a seat holds nothing (0, an
// empty list, a zero Seat), because they are read in bots' inner loops
// with seats that come from the game itself (ToAct, a range over
// Players()); a program that takes a seat from a person or a message
// checks it once with CheckSeat. The actions' entry points (Legal, Apply,
// ApplyEvents) and the parsers refuse a seat outside the game themselves.
// A PlayerID that is not a seat holds nothing here (see CheckSeat).
func (s State) CheckSeat(p PlayerID) error { return checkSeat(p, s.Players()) }

// Modules returns the expansion modules the game is played with.
func (s State) Modules() Modules { return s.modules }

// Long reports whether the game is the long game (Config.Long; with 6
// players it is the same game as the normal one).
func (s State) Long() bool { return s.long }

// Round returns the current round, 1 to 8 (8 after the game is over).
func (s State) Round() int { return int(min(s.round, rounds)) }

// Over reports whether the game has ended. Like ToAct and AppendMoves it
// reads through a pointer, so that a bot's loop copies no State.
func (s *State) Over() bool { return s.phase == phaseOver }

// FirstPlayer returns the holder of the first-player marker.
func (s State) FirstPlayer() PlayerID { return s.first }

// Score returns player p's victory points (final once the game is over).
// A PlayerID that is not a seat holds nothing here (see CheckSeat).
func (s State) Score(p PlayerID) int { return int(s.player(p).score) }

// Gold returns player p's gold.
// A PlayerID that is not a seat holds nothing here (see CheckSeat).
func (s State) Gold(p PlayerID) int { return int(s.player(p).gold) }

// Tavern returns the adventurers in player p's tavern, indexed by Adventurer.
// A PlayerID that is not a seat holds nothing here (see CheckSeat).
func (s State) Tavern(p PlayerID) [NumAdventurers]int {
	var t [NumAdventurers]int
	for i, n := range s.player(p).tavern {
		t[i] = int(n)
	}
	return t
}

// Supply returns the adventurers left in the supply.
func (s State) Supply() [NumAdventurers]int {
	var t [NumAdventurers]int
	for i, n := range s.supply {
		t[i] = int(n)
	}
	return t
}

// Agents returns how many agents player p owns and how many are still in
// their pool this round.
// A PlayerID that is not a seat holds nothing here (see CheckSeat).
func (s State) Agents(p PlayerID) (owned, inPool int) {
	return int(s.player(p).agents), int(s.player(p).pool)
}

// Lord returns player p's Lord card. It is secret: a frontend shows it only
// to p (see View) until the game is over.
// A PlayerID that is not a seat holds nothing here (see CheckSeat).
func (s State) Lord(p PlayerID) LordID { return LordID(s.player(p).lord) }

// Hand returns player p's intrigue cards, in instance order. It is secret.
// A PlayerID that is not a seat holds nothing here (see CheckSeat).
func (s State) Hand(p PlayerID) []IntrigueID { return intrigueList(s.player(p).hand) }

// ActiveQuests returns player p's uncompleted quests, in instance order.
// A PlayerID that is not a seat holds nothing here (see CheckSeat).
func (s State) ActiveQuests(p PlayerID) []QuestID { return questList(s.player(p).active) }

// CompletedQuests returns the quests player p has completed.
// A PlayerID that is not a seat holds nothing here (see CheckSeat).
func (s State) CompletedQuests(p PlayerID) []QuestID { return questList(s.player(p).completed) }

// MandatoryQuests returns the mandatory quest cards played on player p that
// p has not completed yet.
// A PlayerID that is not a seat holds nothing here (see CheckSeat).
func (s State) MandatoryQuests(p PlayerID) []IntrigueID { return intrigueList(s.player(p).mandatory) }

// Cliffwatch returns the face-up quests at Cliffwatch Inn.
func (s State) Cliffwatch() []QuestID {
	var out []QuestID
	for _, q := range s.cliffwatch {
		if q != none {
			out = append(out, QuestID(q))
		}
	}
	return out
}

// ForSale returns the building tiles for sale in Builder's Hall, each with
// the VP that has accumulated on it.
func (s State) ForSale() []TileForSale {
	var out []TileForSale
	for i, t := range s.forSale {
		if t != none {
			out = append(out, TileForSale{Building: BuildingID(t), VP: int(s.forSaleVP[i])})
		}
	}
	return out
}

// Owner returns the player who controls building tile b, if any.
func (s State) Owner(b BuildingID) (PlayerID, bool) {
	if b >= MaxBuildings {
		return 0, false
	}
	o := s.tileOwner[b]
	return PlayerID(o - 1), o != 0 && o != none
}

// Stock returns what has accumulated on building tile b (fighters on
// Caravan Court, VP on The Waymoot, ...).
func (s State) Stock(b BuildingID) int {
	if b >= MaxBuildings {
		return 0
	}
	return int(s.tileStock[b])
}

// Occupants returns the players whose agents stand on space s, and whether
// the Ambassador stands there too.
func (s State) Occupants(sp SpaceID) (players []PlayerID, ambassador bool) {
	if sp >= MaxSpaces {
		return nil, false
	}
	switch o := s.occupant[sp]; {
	case o == ambassadorMark:
		ambassador = true
	case o != 0:
		players = append(players, PlayerID(o-1))
	}
	for _, a := range s.shared {
		if a.player != none && a.space == uint8(sp) {
			players = append(players, PlayerID(a.player))
		}
	}
	return players, ambassador
}

// Ambassador returns the player holding the Ambassador, if anyone does, and
// the space it stands on, if it has been assigned this round.
func (s State) Ambassador() (holder PlayerID, held bool, space SpaceID, placed bool) {
	return PlayerID(s.ambHolder), s.ambHolder != none, SpaceID(s.ambSpace), s.ambSpace != none
}

// Buildings returns how many building tiles player p controls.
// A PlayerID that is not a seat holds nothing here (see CheckSeat).
func (s State) Buildings(p PlayerID) int { return int(s.player(p).buildings) }

// DeckSizes returns the number of cards in the quest deck, the quest
// discard pile, the intrigue deck and the intrigue discard pile, and of
// tiles in the building stack.
func (s State) DeckSizes() (questDeck, questDiscard, intrigueDeck, intrigueDiscard, buildingStack int) {
	return int(s.questDeckLen), s.questDiscard.len(), int(s.intrigueDeckLen), s.intrigueDiscard.len(), int(s.tileStackLen)
}

// HasPlot reports whether player p has completed a plot quest of kind k.
// A PlayerID that is not a seat holds nothing here (see CheckSeat).
func (s State) HasPlot(p PlayerID, k quests.PlotKind) bool {
	if s.c == nil || int(k) >= len(s.c.plotQuests) {
		return false
	}
	return !s.player(p).completed.and(s.c.plotQuests[k]).empty()
}

// player returns seat p's holdings; a seat that is not at the table holds
// nothing, so that accessors never panic on a bad PlayerID.
// A PlayerID that is not a seat holds nothing here (see CheckSeat).
func (s *State) player(p PlayerID) *playerState {
	if p >= PlayerID(s.numPlayers) {
		return &playerState{}
	}
	return &s.players[p]
}

func questList(set set128) []QuestID {
	var out []QuestID
	for i := set.next(0); i >= 0; i = set.next(i + 1) {
		out = append(out, QuestID(i))
	}
	return out
}

func intrigueList(set set128) []IntrigueID {
	var out []IntrigueID
	for i := set.next(0); i >= 0; i = set.next(i + 1) {
		out = append(out, IntrigueID(i))
	}
	return out
}
