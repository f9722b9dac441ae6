package waterdeep

import "slices"

// View is what one viewer may know of a game: a seated player (their own
// lord and intrigue hand, and every public fact) or a spectator (public
// facts only). It is built from an explicit list of visible facts, never
// by deleting secrets from a copy of the State: another player's hand and
// lord (until the game is over), and the order and contents of the decks,
// are given as counts only. Determinize turns a View back into a full
// State consistent with it, for search bots.
//
// Cards and tiles are instance numbers; Content names them. A View
// encodes to JSON with names (see ViewVersion for the form, AppendJSON and
// MarshalJSON) and decodes with DecodeView.
type View struct {
	c *Content

	// Viewer is the seat the view is for, or Spectator (null in JSON);
	// Players the number of seats.
	Viewer  PlayerID
	Players int
	// Modules are the expansion modules played, Long whether it is the
	// long game (Config).
	Modules Modules
	Long    bool
	// Round is the current round, 1 to 8; Over whether the game has
	// ended; First the holder of the first-player marker.
	Round int
	Over  bool
	First PlayerID
	// ToAct is the player who decides now (NoPlayer once the game is over)
	// and Decision what they are asked: both are public.
	ToAct    PlayerID
	Decision Decision
	// Legal lists the viewer's legal actions when the viewer is ToAct.
	Legal []Action

	// Supply is the adventurers of each kind left in the supply.
	Supply [NumAdventurers]int
	// Caravans are the adventurers of each kind that caravan tokens stand
	// for, beyond the 25 cubes (a game with a module; State.Caravans).
	Caravans [NumAdventurers]int
	// Spaces lists every action space in play or for sale, with its
	// agents and what is stacked on its building.
	Spaces []SpaceView
	// Cliffwatch holds the face-up quests; Revealed the quests revealed
	// and not yet taken or discarded (Bidding War).
	Cliffwatch []QuestID
	Revealed   []QuestID
	// ForSale lists the tiles for sale in Builder's Hall with their VP;
	// Gone the tiles that have left the game.
	ForSale []TileForSale
	Gone    []BuildingID
	// Ambassador: its holder (NoPlayer if none), its space if placed, and
	// whether it has left the game with the Palace.
	AmbassadorHolder PlayerID
	AmbassadorPlaced bool
	AmbassadorSpace  SpaceID
	AmbassadorGone   bool

	// Deck sizes, and the discard piles, whose cards were all seen face
	// up when discarded.
	QuestDeck       int
	IntrigueDeck    int
	BuildingStack   int
	QuestDiscard    []QuestID
	IntrigueDiscard []IntrigueID
	// The base game's quests, intrigue cards and tiles removed before
	// setup in a game with both modules: public counts of hidden cards.
	RemovedQuests, RemovedIntrigue, RemovedBuildings int

	// The corruption track (Skullport; all zero in other games): the
	// tokens on each of its spaces (index 0 is the space labeled -1, 8 the
	// one labeled -9), the tokens removed to the box, and what each token
	// in a tavern would cost if the game ended now (State.CorruptionValue).
	// Each player's tokens are in SeatView.Corruption, those lying on
	// action spaces in SpaceView.PlacedCorruption.
	Track             CorruptionTrack
	CorruptionRemoved int
	CorruptionValue   int

	// Seats holds every seat's public facts, in seat order, and the
	// viewer's own secrets in the viewer's seat.
	Seats []SeatView

	// Progress is the engine's own part of the public state, an opaque
	// token that Determinize needs to resume the game from the view.
	// Frontends ignore it.
	Progress Progress
}

// SpaceView is one action space as everyone sees it.
type SpaceView struct {
	// Space is the action space (Content.Space describes it).
	Space SpaceID
	// Agents are the players whose agents stand here, the first placed
	// first (a second agent is one sent by Recover the Magister's Orb);
	// Ambassador whether the Ambassador does.
	Agents     []PlayerID
	Ambassador bool
	// Tile says whether the space is a building tile's: then Building is
	// the tile, Owner its owner (NoPlayer while for sale) and Stock what
	// has accumulated on it.
	Tile     bool
	Building BuildingID
	Owner    PlayerID
	Stock    int
	// Placed and PlacedCorruption are the resources placed on the space
	// (adventurers and gold; corruption tokens), taken by the next agent
	// assigned there (see State.Placed).
	Placed           Bundle
	PlacedCorruption int
}

// TileForSale is a building tile for sale in Builder's Hall.
type TileForSale struct {
	Building BuildingID
	VP       int
}

// SeatView is one player as the viewer sees them.
type SeatView struct {
	// Seat is the seat; Score its VP, Gold its gold and Tavern its
	// adventurers by kind, all public.
	Seat   PlayerID
	Score  int
	Gold   int
	Tavern [NumAdventurers]int
	// Corruption is the corruption tokens in the player's tavern
	// (Skullport): public.
	Corruption int
	// Agents owned, and those still in the pool this round.
	Agents, Pool int
	// HandSize is public; Hand is listed only for the viewer's own seat.
	HandSize int
	Hand     []IntrigueID
	// LordKnown says whether Lord is shown: to its player, and to everyone
	// once the game is over.
	LordKnown bool
	Lord      LordID
	// Active are the seat's quests not yet completed, Completed those
	// it completed, Mandatory the mandatory quests played on it and not
	// yet completed, Buildings the tiles it controls: all public.
	Active    []QuestID
	Completed []QuestID
	Mandatory []IntrigueID
	Buildings []BuildingID
	// OrbUsed and SwapUsed: Recover the Magister's Orb and Produce a
	// Miracle for the Masses used this round.
	OrbUsed, SwapUsed bool

	// The Skullport module's cards. LordsSeen are the seats whose Lord
	// card this seat has looked at (Blackmail), in seat order: public, as
	// the card is played face up; the viewer's view shows those lords.
	// TurnUsed are the once-per-turn plot effects this seat used in the
	// current turn (bit 0 Protect Converts to Eilistraee's extra return,
	// bit 1 Shelter Zhentarim Agents' draw).
	LordsSeen []PlayerID
	TurnUsed  int
	// VisitUsed: Obtain Builder's Plans used this round (Undermountain).
	VisitUsed bool
	// LordShown: the seat revealed its lord (Open Lord, Undermountain):
	// everyone sees it, and opponents' attacks no longer affect the seat.
	LordShown bool
	// KnownHand lists the cards of the seat's hand that everyone knows are
	// there: handed over face up (Inevitable Betrayal, Undermountain).
	// They are part of HandSize, and of Hand for the seat itself.
	KnownHand []IntrigueID
}

// View returns what viewer (a seat, or Spectator) may know of the game. A
// viewer who is not at the table sees what a Spectator sees, and the view
// says Spectator.
func (s State) View(viewer PlayerID) View {
	if viewer >= PlayerID(s.numPlayers) {
		viewer = Spectator
	}
	v := View{c: s.c, Viewer: viewer, Players: int(s.numPlayers), Modules: s.modules, Long: s.long, Round: s.Round(),
		Over: s.Over(), First: s.first, ToAct: NoPlayer, Decision: noDecision, Supply: s.Supply(), Caravans: s.Caravans(), AmbassadorHolder: NoPlayer}
	if s.c == nil {
		return v
	}
	if p, ok := s.ToAct(); ok {
		v.ToAct = p
		v.Decision = s.Pending()
		if p == viewer {
			v.Legal = s.LegalActions()
		} else if s.drawnOffer() {
			v.Decision.Purpose = drawnHiddenPurpose
		}
	}
	// The board spaces of the game's modules, and the spaces of the tiles
	// in play or for sale, in space order.
	for sp := range s.c.spaces {
		info := &s.c.spaces[sp]
		if info.module&^s.modules != 0 {
			continue
		}
		sv := SpaceView{Space: SpaceID(sp), Owner: NoPlayer}
		if t := info.tile; t != none {
			if !s.inPlay(t) && s.forSaleIndex(int(t)) < 0 {
				continue
			}
			sv.Tile, sv.Building, sv.Stock = true, BuildingID(t), int(s.tileStock[t])
			if o, ok := s.Owner(BuildingID(t)); ok {
				sv.Owner = o
			}
		}
		sv.Agents, sv.Ambassador = s.Occupants(SpaceID(sp))
		v.Spaces = append(v.Spaces, sv)
	}
	for sp := s.piled.next(0); sp >= 0; sp = s.piled.next(sp + 1) {
		if j := slices.IndexFunc(v.Spaces, func(sv SpaceView) bool { return sv.Space == SpaceID(sp) }); j >= 0 {
			r := s.piles[sp].resources(SpaceID(sp))
			v.Spaces[j].Placed, v.Spaces[j].PlacedCorruption = r.Resources, r.Corruption
		}
	}
	v.Cliffwatch = s.Cliffwatch()
	v.Revealed = questList(s.revealed)
	for i, t := range s.forSale {
		if t != none {
			v.ForSale = append(v.ForSale, TileForSale{Building: BuildingID(t), VP: int(s.forSaleVP[i])})
		}
	}
	for t := range s.c.tiles {
		if s.tileOwner[t] == none {
			v.Gone = append(v.Gone, BuildingID(t))
		}
	}
	if s.ambHolder != none {
		v.AmbassadorHolder = PlayerID(s.ambHolder)
	}
	v.AmbassadorPlaced, v.AmbassadorSpace, v.AmbassadorGone = s.ambSpace != none, SpaceID(s.ambSpace), s.ambGone
	if !v.AmbassadorPlaced {
		v.AmbassadorSpace = 0
	}
	v.QuestDeck, v.IntrigueDeck, v.BuildingStack = int(s.questDeckLen), int(s.intrigueDeckLen), int(s.tileStackLen)
	v.QuestDiscard = questList(s.questDiscard)
	v.IntrigueDiscard = intrigueList(s.intrigueDiscard)
	v.RemovedQuests, v.RemovedIntrigue, v.RemovedBuildings = s.RemovedCounts()
	v.Track, v.CorruptionRemoved, v.CorruptionValue = s.Track(), int(s.corruptionBox), s.corruptionValue()
	for p := range PlayerID(s.numPlayers) {
		ps := &s.players[p]
		sv := SeatView{Seat: p, Score: int(ps.score), Gold: int(ps.gold), Tavern: s.Tavern(p), Corruption: int(ps.corrupt), Agents: int(ps.agents),
			Pool: int(ps.pool), HandSize: ps.hand.len(), Active: questList(ps.active), Completed: questList(ps.completed),
			Mandatory: intrigueList(ps.mandatory), OrbUsed: ps.orbUsed, SwapUsed: ps.swapUsed,
			VisitUsed: ps.visitUsed, LordShown: s.lordShown(uint8(p))}
		if p == viewer {
			sv.Hand = intrigueList(ps.hand)
		}
		if known := ps.hand.and(s.knownHand); !known.empty() {
			sv.KnownHand = intrigueList(known)
		}
		if p == viewer || s.Over() || sv.LordShown || (viewer < MaxPlayers && s.seenLords[viewer]&(1<<p) != 0) {
			sv.LordKnown, sv.Lord = true, LordID(ps.lord)
		}
		for o := range PlayerID(s.numPlayers) {
			if s.seenLords[p]&(1<<o) != 0 {
				sv.LordsSeen = append(sv.LordsSeen, o)
			}
		}
		sv.TurnUsed = int(ps.turnUsed)
		for t := range s.c.tiles {
			if s.tileOwner[t] == uint8(p)+1 {
				sv.Buildings = append(sv.Buildings, BuildingID(t))
			}
		}
		v.Seats = append(v.Seats, sv)
	}
	v.Progress = progressOf(&s)
	if s.drawnOffer() && PlayerID(s.top().p) != viewer {
		v.Progress.stack[v.Progress.nStack-1].hideOnlyCard()
	}
	return v
}

// Content returns the content the viewed game is played with.
func (v View) Content() *Content { return v.c }
