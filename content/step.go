package content

import "fmt"

// StepKind says what one step of an effect does. The root package
// interprets every kind; a loader refuses anything else.
type StepKind uint8

// The effect vocabulary. Each kind documents the Step fields it reads.
const (
	// StepGain gives the player Bundle (adventurers limited by the supply;
	// Intrigue cards are drawn from the deck).
	StepGain StepKind = iota + 1
	// StepPay takes Bundle (adventurers and gold) from the player; a space
	// whose payment the player cannot make is not a legal placement.
	StepPay
	// StepChoose gives Count adventurers, each of a kind in From, chosen by
	// the player.
	StepChoose
	// StepChooseOne gives one of Options, chosen by the player.
	StepChooseOne
	// StepReturn returns Count adventurers of kinds in From, chosen by the
	// player, from their tavern to the supply.
	StepReturn
	// StepTakeQuest takes Count face-up quests from Cliffwatch Inn, chosen by
	// the player; each is replaced from the deck at once.
	StepTakeQuest
	// StepDrawQuest puts the top Count quests of the deck into the player's
	// active quests.
	StepDrawQuest
	// StepEachOpponentLoses makes every opponent return Bundle's
	// adventurers; for each opponent who could not, the player gains Else.
	StepEachOpponentLoses
	// StepGift gives Bundle to one opponent chosen by the player.
	StepGift
	// StepEachOpponentMayGive lets every opponent, in turn order from the
	// player's left, give the player Bundle to score VP.
	StepEachOpponentMayGive
	// StepEachOpponentChooses gives every opponent Count adventurers of a
	// kind of their choice, in turn order from the player's left.
	StepEachOpponentChooses
	// StepSteal moves Count adventurers of the player's choice, of kinds in
	// From, from one opponent's tavern to the player's.
	StepSteal
	// StepVPPerBuilding scores VP for each building the player controls.
	StepVPPerBuilding
	// StepGoldPerBuilding gives Gold for each building tile in play.
	StepGoldPerBuilding
	// StepTakeQuestMayComplete takes a face-up quest from Cliffwatch Inn
	// that the player may complete at once for VP extra (Heroes' Garden).
	StepTakeQuestMayComplete
	// StepFreeBuilding puts a building into play under the player's control
	// without paying: Source "hall" (a tile for sale, chosen), "stack" (the
	// top tile of the stack) or "hall_all" (every tile for sale, then the
	// hall is refilled; Undermountain).
	StepFreeBuilding
	// StepChangeOfPlans discards one of the player's uncompleted quests for
	// VP; every opponent may discard one of theirs for Else.VP.
	StepChangeOfPlans
	// StepSpecial runs the named handler Special.
	StepSpecial
	// StepGainCorruption takes Count corruption tokens from the
	// corruption track, each from the space closest to -1 that holds one;
	// each token the track cannot give costs 10 VP (Skullport).
	StepGainCorruption
	// StepReturnCorruption puts Count of the player's corruption tokens
	// (as many as they hold) back on the track, each on the space farthest
	// from -1 that holds fewer than 3 (Skullport).
	StepReturnCorruption
	// StepRemoveCorruption puts Count of the player's corruption tokens (as
	// many as they hold) in the box, out of the game (Skullport).
	StepRemoveCorruption
	// StepPlace puts Bundle (adventurers and gold, from the supply) and
	// Corruption tokens (from the track) on each of Count different action
	// spaces chosen by the player: on spaces of buildings in play, also
	// occupied ones, never on tiles for sale. The next agent assigned
	// there takes them as the first part of the action.
	StepPlace

	// Steps of the Skullport module's cards (scoundrels_steps.go in the
	// root package interprets them).

	// StepEachOpponentMay offers every opponent, in turn order from the
	// player's left, the deal: pay Else (adventurers, of any kind too, and
	// gold), gain Bundle, take Count corruption and return Corruption
	// corruption. An opponent may accept only if they can pay and, when
	// the deal returns corruption, hold a token.
	StepEachOpponentMay
	// StepEachOpponentReturns makes every opponent, in turn order from the
	// player's left, return Count adventurers of their choice (as many as
	// they hold).
	StepEachOpponentReturns
	// StepMoreCorruptGainCorruption gives Count corruption to every
	// opponent holding more corruption than the player.
	StepMoreCorruptGainCorruption
	// StepVPIfLeastCorrupt scores Bundle.VP if every opponent holds more
	// corruption than the player.
	StepVPIfLeastCorrupt
	// StepRemoveTrackCorruption removes Count tokens from the corruption
	// track to the box, each from the space closest to -1 that holds one.
	StepRemoveTrackCorruption
	// StepGiveOwner makes the player give Count adventurers of their
	// choice to the owner of the building whose space is being resolved
	// (to the supply when there is no other owner).
	StepGiveOwner
	// StepStealGoldSeeLord takes Count gold (as much as there is) from an
	// opponent chosen by the player, who then looks at that opponent's
	// Lord card.
	StepStealGoldSeeLord
	// StepMayTrade lets the player pay Bundle (adventurers and gold) to
	// gain Else, if they hold it (Undermountain: "you may return 4 rogues
	// for 10 more VP").
	StepMayTrade
	// StepTakeAllQuests takes every face-up quest at Cliffwatch Inn, then
	// deals new ones (Undermountain).
	StepTakeAllQuests
	// StepEachOpponentGains gives every opponent Bundle, in turn order from
	// the player's left (Undermountain: "every opponent draws 1").
	StepEachOpponentGains
	// StepDrawMayPlay draws Count intrigue cards one at a time; the player
	// may play each at once as it is drawn (Undermountain).
	StepDrawMayPlay
	// StepDiscardQuest discards Count of the player's uncompleted quests
	// (not mandatory ones), chosen by the player; a space with this step
	// needs that many (Undermountain: The Lost Cavern).
	StepDiscardQuest
	// StepPlaceOwn moves Count adventurers of the player's choice from
	// their tavern onto as many different action spaces, one each, where
	// the next agent assigned takes them (Undermountain: Hall of Three
	// Lords).
	StepPlaceOwn
	// StepBetray takes Bundle's gold and Bundle.Any adventurers of the
	// player's choice from one opponent (as far as they have them), then
	// hands that opponent the intrigue card being played, in view of all
	// (Undermountain: Inevitable Betrayal).
	StepBetray
	// StepDiscardIntrigue discards Count intrigue cards of the player's
	// choice from their hand, face up (as many as they hold; Undermountain:
	// Trobriand's Graveyard).
	StepDiscardIntrigue
	// StepReturnCorruptionUpTo lets the player return up to Count of their
	// corruption tokens to the track (each as StepReturnCorruption puts
	// it), asking them one token at a time whether to return one more
	// (Skullport: "return up to 2 corruption"). A token kept keeps the
	// penalty high for every holder, so returning is not always better.
	StepReturnCorruptionUpTo
	// StepRemoveCorruptionUpTo lets the player remove up to Count of their
	// corruption tokens from the game, asking them one token at a time
	// (Skullport: "remove up to 2 corruption in your Tavern from the
	// game").
	StepRemoveCorruptionUpTo
)

// Special names a rule that the step vocabulary cannot say. Every name is
// handled by the root package; a loader refuses unknown names.
type Special uint8

// The special handlers.
const (
	SpecialNone Special = iota
	// ResetQuests discards the face-up quests at Cliffwatch Inn and deals four new ones.
	ResetQuests
	// TakeAccumulated takes everything stacked on the building's space.
	TakeAccumulated
	// FirstPlayer takes the first-player marker.
	FirstPlayer
	// PlayIntrigue plays one intrigue card from hand (Waterdeep Harbor).
	PlayIntrigue
	// MayPlayIntrigue may play one intrigue card from hand (Prison Break).
	MayPlayIntrigue
	// PurchaseBuilding buys a building for sale in Builder's Hall.
	PurchaseBuilding
	// TakeAmbassador takes the Ambassador (The Palace of Waterdeep).
	TakeAmbassador
	// CopySpace uses the action of a space holding an opponent's agent
	// (The Zoarstar, Bribe Agent).
	CopySpace
	// ReturnAgent returns one of the player's assigned agents to their pool
	// (Recall Agent, Research Chronomancy).
	ReturnAgent
	// AcceleratePlans takes a Harbor agent back and assigns two agents.
	AcceleratePlans
	// SampleWares assigns an agent to a building for sale in Builder's Hall.
	SampleWares
	// RealEstateDeal swaps a building of the player's for one for sale.
	RealEstateDeal
	// BiddingWar deals one quest per player, drafted from the player's left.
	BiddingWar
	// SpecialAssignment reveals quests until one of a named type appears.
	SpecialAssignment
	// CopyMoreCorrupt uses the action of a space holding an agent of an
	// opponent with more corruption than the player (Doppelganger).
	CopyMoreCorrupt
	// FoistMandatory hands one of the player's uncompleted mandatory
	// quests to an opponent holding corruption (Foist Responsibility).
	FoistMandatory
	// StealBuilding takes control of a building an opponent controls
	// (Forge Deed).
	StealBuilding
	// MoveCorruption moves one corruption token from the player's tavern
	// onto an action space (Delver's Folly).
	MoveCorruption
	// RecallPerCorruption takes the corruption accumulated on the
	// building and returns one of the player's assigned agents to their
	// pool for each token taken (Monsters Made to Order).
	RecallPerCorruption
	// MayPurchaseBuilding may buy a building for sale in Builder's Hall
	// (Undermountain: Architectural Innovation).
	MayPurchaseBuilding
	// MayReturnAgent may return one of the player's assigned agents to
	// their pool (Undermountain: Defend the Yawning Portal).
	MayReturnAgent
	// OpenLord reveals the player's lord and discards their mandatory
	// quests; opponents' attacks no longer affect them (Undermountain).
	OpenLord
	// Demolish discards a building in play with no agent on it (paying an
	// opponent owner its cost), then takes a building for sale for free
	// (Undermountain).
	Demolish
	// Manipulate moves an opponent's agent to an unoccupied action space,
	// where that opponent may take the action, then assigns one of the
	// player's unassigned agents (Undermountain).
	Manipulate
	numSpecials
)

var specialNames = [numSpecials]string{
	"", "reset_quests", "take_accumulated", "first_player", "play_intrigue", "may_play_intrigue",
	"purchase_building", "take_ambassador", "copy_space", "return_agent", "accelerate_plans",
	"sample_wares", "real_estate_deal", "bidding_war", "special_assignment",
	"copy_more_corrupt", "foist_mandatory", "steal_building", "move_corruption", "recall_per_corruption",
	"may_purchase_building", "may_return_agent", "open_lord", "demolish", "manipulate",
}

// String returns the name used in YAML.
func (s Special) String() string {
	if s < numSpecials {
		return specialNames[s]
	}
	return fmt.Sprintf("special(%d)", uint8(s))
}

// ParseSpecial returns the handler with the given YAML name.
func ParseSpecial(name string) (Special, bool) {
	for i := 1; i < int(numSpecials); i++ {
		if specialNames[i] == name {
			return Special(i), true
		}
	}
	return SpecialNone, false
}

// Step is one instruction of an effect. Fields not used by Kind are zero.
type Step struct {
	// Kind is the instruction; each StepKind's documentation says which
	// of the other fields it reads.
	Kind StepKind
	// Bundle is what is gained, paid, given or lost; Else what is lost
	// instead when Bundle cannot be (each_opponent_loses's otherwise).
	Bundle Bundle
	Else   Bundle
	// Count is how many (adventurers, quests, cards, VP, spaces); From
	// the adventurer kinds that may be chosen.
	Count int
	From  AdventurerSet
	// Options are the choices of a choose_one step.
	Options []Bundle
	// Source says where a StepFreeBuilding takes its building ("hall",
	// "stack" or "hall_all").
	Source string
	// Special is the special handler of a StepSpecial.
	Special Special
	// Corruption is the corruption tokens a StepPlace puts on each space.
	Corruption int
}

// Program is an effect: steps resolved in order.
type Program []Step

// Corrupts reports whether the program uses corruption (which only a game
// with the Skullport module has).
func (p Program) Corrupts() bool {
	for _, s := range p {
		switch s.Kind {
		case StepGainCorruption, StepReturnCorruption, StepRemoveCorruption, StepMoreCorruptGainCorruption,
			StepVPIfLeastCorrupt, StepRemoveTrackCorruption, StepReturnCorruptionUpTo, StepRemoveCorruptionUpTo:
			return true
		case StepEachOpponentMay:
			if s.Count != 0 || s.Corruption != 0 {
				return true
			}
		case StepSpecial:
			switch s.Special {
			case CopyMoreCorrupt, FoistMandatory, MoveCorruption, RecallPerCorruption:
				return true
			}
		case StepPlace:
			if s.Corruption != 0 {
				return true
			}
		}
	}
	return false
}

// Has reports whether the program contains a step of kind k (or, for
// StepSpecial, with handler sp).
func (p Program) Has(k StepKind, sp Special) bool {
	for _, s := range p {
		if s.Kind == k && (k != StepSpecial || s.Special == sp) {
			return true
		}
	}
	return false
}
