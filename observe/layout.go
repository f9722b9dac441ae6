package observe

import (
	"github.com/waterdeep-go/waterdeep"
	"github.com/waterdeep-go/waterdeep/content"
)

// Field is one contiguous range of the observation: Size floats from
// Offset, all with the same meaning.
type Field struct {
	// Name is the feature's name, such as "seat.gold" or "quest.active".
	Name string
	// Offset is the index of the field's first float in the observation.
	Offset int
	// Size is the number of floats.
	Size int
	// Index says what the elements are indexed by, outermost first, for
	// a field of more than one: "seat" (relative seat slots), "space",
	// "quest", "intrigue", "tile", "lord" (the Encoder's lists), "kind"
	// (cleric, fighter, rogue, wizard), "type" (arcana, commerce, piety,
	// skullduggery, warfare), or a list of its own in parentheses. A
	// field indexed by "seat,quest" holds element seat*quests+quest.
	Index string
	// Doc says what the floats hold.
	Doc string
}

// The lists a field's elements can be indexed by.
const (
	idxSeat     = "seat"
	idxSeatNone = "seat+nobody"
	idxSpace    = "space"
	idxQuest    = "quest"
	idxIntrigue = "intrigue"
	idxTile     = "tile"
	idxLord     = "lord"
	idxKind     = "kind"
	idxType     = "type"
)

// numDecisionKinds is the number of waterdeep.DecisionKind values.
const numDecisionKinds = int(waterdeep.DiscardIntrigueDecision) + 1

// numTrack is the number of spaces of the corruption track.
const numTrack = len(waterdeep.View{}.Track)

// offsets holds the first float of every field Encode writes.
type offsets struct {
	round, long, over, spectator, first, toAct                                                       int
	decKind, decOptional, decCount, decKinds, decGive, decVP, decOther, decReassign, decAmb, decFrom int
	decSource                                                                                        int
	supply, caravans                                                                                 int
	spPresent, spAgents, spAmb, spStock, spPlaced, spPlacedCorr                                      int
	tForSale, tVP, tOwner, tGone                                                                     int
	ambHolder, ambPlaced, ambGone                                                                    int
	questDeck, intrigueDeck, buildingStack, remQuests, remIntrigue, remBuildings                     int
	qCliff, qRevealed, qDiscard, qActive, qCompleted                                                 int
	iHand, iDiscard, iKnown, iMandatory                                                              int
	track, corrRemoved, corrValue                                                                    int
	sScore, sGold, sTavern, sCorr, sAgents, sPool, sHand, sLordKnown, sLord, sOrb, sSwap             int
	sLordsSeen, sTurnUsed, sVisit, sLordShown, sActiveN, sCompletedN, sCompletedType, sBuildingsN    int
}

// layout builds the fields of an Encoder and sets its offsets.
func (e *Encoder) layout() {
	P, S, Q, I, T, L := e.players, len(e.spaces), len(e.quests), len(e.intrigue), len(e.tiles), len(e.lords)
	n := 0
	add := func(off *int, name string, size int, index, doc string) {
		*off = n
		e.fields = append(e.fields, Field{Name: name, Offset: n, Size: size, Index: index, Doc: doc})
		n += size
	}
	o := &e.off
	add(&o.round, "game.round", 1, "", "The round number (View.Round).")
	add(&o.long, "game.long", 1, "", "1 in the long game.")
	add(&o.over, "game.over", 1, "", "1 once the game is over.")
	add(&o.spectator, "game.spectator", 1, "", "1 when the viewer is a spectator: seat slots are then the seats themselves.")
	add(&o.first, "game.first", P, idxSeat, "One-hot: the seat holding the first-player marker.")
	add(&o.toAct, "game.to_act", P+1, idxSeatNone, "One-hot: the seat to act, or nobody (last element) once the game is over.")

	add(&o.decKind, "decision.kind", numDecisionKinds, "(DecisionKind)", "One-hot: the kind of decision asked, indexed by waterdeep.DecisionKind (0 NoDecision ... 13 DiscardIntrigueDecision).")
	add(&o.decOptional, "decision.optional", 1, "", "1 when Decline answers the decision.")
	add(&o.decCount, "decision.count", 1, "", "How many adventurers to choose (ChooseAdventurersDecision).")
	add(&o.decKinds, "decision.kinds", content.NumAdventurers, idxKind, "1 for each adventurer kind that may be chosen.")
	add(&o.decGive, "decision.give", 8, "(cleric,fighter,rogue,wizard,gold,vp,intrigue,any)", "What the decision gives or asks to give (Decision.Give).")
	add(&o.decVP, "decision.vp", 1, "", "The VP the answer scores (Decision.VP).")
	add(&o.decOther, "decision.other", P+1, idxSeatNone, "One-hot: the other seat the decision is about, or nobody (last element).")
	add(&o.decReassign, "decision.reassign", 1, "", "1 when a Harbor agent is being reassigned.")
	add(&o.decAmb, "decision.ambassador", 1, "", "1 when the Ambassador is being placed.")
	add(&o.decFrom, "decision.from", S, idxSpace, "One-hot: the space a reassigned agent leaves (with decision.reassign).")
	add(&o.decSource, "decision.source", len(e.sources)+1, "(Encoder.Sources, then other)", "One-hot: the card, quest or building whose effect asks (Decision.Source), the last element for a source not listed; all 0 for a turn's own placement and quest offer.")

	add(&o.supply, "supply", content.NumAdventurers, idxKind, "Adventurer cubes in the supply, by kind.")
	add(&o.caravans, "caravans", content.NumAdventurers, idxKind, "Adventurers held as caravan tokens beyond the 25 cubes, by kind.")

	add(&o.spPresent, "space.present", S, idxSpace, "1 for a space in play or for sale (a board space, or a tile's space in play or in Builder's Hall).")
	add(&o.spAgents, "space.agents", P*S, idxSeat+","+idxSpace, "The agents each seat has on each space (2 when Recover the Magister's Orb sent a second).")
	add(&o.spAmb, "space.ambassador", S, idxSpace, "1 where the Ambassador stands.")
	add(&o.spStock, "space.stock", S, idxSpace, "What has accumulated on the space's building tile.")
	add(&o.spPlaced, "space.placed", 5*S, "(cleric,fighter,rogue,wizard,gold),"+idxSpace, "The adventurers and gold placed on each space, taken by the next agent assigned there.")
	add(&o.spPlacedCorr, "space.placed_corruption", S, idxSpace, "The corruption tokens placed on each space.")

	add(&o.tForSale, "tile.for_sale", T, idxTile, "1 for a tile for sale in Builder's Hall.")
	add(&o.tVP, "tile.for_sale_vp", T, idxTile, "The VP lying on a tile for sale.")
	add(&o.tOwner, "tile.owner", P*T, idxSeat+","+idxTile, "1 where the seat owns the tile.")
	add(&o.tGone, "tile.gone", T, idxTile, "1 for a tile that has left the game (The Palace of Waterdeep with the Ambassador).")

	add(&o.ambHolder, "ambassador.holder", P+1, idxSeatNone, "One-hot: the seat holding the Ambassador, or nobody (last element).")
	add(&o.ambPlaced, "ambassador.placed", 1, "", "1 when the Ambassador stands on a space (see space.ambassador).")
	add(&o.ambGone, "ambassador.gone", 1, "", "1 when the Ambassador has left the game with The Palace.")

	add(&o.questDeck, "deck.quests", 1, "", "Cards in the quest deck.")
	add(&o.intrigueDeck, "deck.intrigue", 1, "", "Cards in the intrigue deck.")
	add(&o.buildingStack, "deck.buildings", 1, "", "Tiles in the building stack.")
	add(&o.remQuests, "removed.quests", 1, "", "Base quests removed before setup (both modules).")
	add(&o.remIntrigue, "removed.intrigue", 1, "", "Base intrigue cards removed before setup (both modules).")
	add(&o.remBuildings, "removed.buildings", 1, "", "Base tiles removed before setup (both modules).")

	add(&o.qCliff, "quest.cliffwatch", Q, idxQuest, "1 for a quest face up in Cliffwatch Inn.")
	add(&o.qRevealed, "quest.revealed", Q, idxQuest, "1 for a quest revealed and not yet taken or discarded (Bidding War).")
	add(&o.qDiscard, "quest.discard", Q, idxQuest, "1 for a quest in the discard pile.")
	add(&o.qActive, "quest.active", P*Q, idxSeat+","+idxQuest, "1 where the seat has the quest active.")
	add(&o.qCompleted, "quest.completed", P*Q, idxSeat+","+idxQuest, "1 where the seat has completed the quest.")

	add(&o.iHand, "intrigue.hand", I, idxIntrigue, "1 for a card in the viewer's own hand (all 0 for a spectator).")
	add(&o.iDiscard, "intrigue.discard", I, idxIntrigue, "1 for a card in the discard pile.")
	add(&o.iKnown, "intrigue.known", P*I, idxSeat+","+idxIntrigue, "1 where everyone knows the seat holds the card (handed over face up).")
	add(&o.iMandatory, "intrigue.mandatory", P*I, idxSeat+","+idxIntrigue, "1 where the mandatory quest card was played on the seat and not yet completed.")

	add(&o.track, "corruption.track", numTrack, "(track space -1 ... -9)", "Corruption tokens on each space of the corruption track.")
	add(&o.corrRemoved, "corruption.removed", 1, "", "Corruption tokens removed to the box.")
	add(&o.corrValue, "corruption.value", 1, "", "What each corruption token in a tavern would cost if the game ended now (a positive number of VP).")

	add(&o.sScore, "seat.score", P, idxSeat, "VP on the score track.")
	add(&o.sGold, "seat.gold", P, idxSeat, "Gold.")
	add(&o.sTavern, "seat.tavern", content.NumAdventurers*P, idxKind+","+idxSeat, "Adventurers in the seat's tavern, by kind.")
	add(&o.sCorr, "seat.corruption", P, idxSeat, "Corruption tokens in the seat's tavern.")
	add(&o.sAgents, "seat.agents", P, idxSeat, "Agents the seat owns.")
	add(&o.sPool, "seat.pool", P, idxSeat, "Agents still in the seat's pool this round.")
	add(&o.sHand, "seat.hand_size", P, idxSeat, "Intrigue cards in the seat's hand.")
	add(&o.sLordKnown, "seat.lord_known", P, idxSeat, "1 when the viewer knows the seat's lord.")
	add(&o.sLord, "seat.lord", P*L, idxSeat+","+idxLord, "One-hot per seat: the seat's lord when known, all 0 otherwise.")
	add(&o.sOrb, "seat.orb_used", P, idxSeat, "1 when the seat used Recover the Magister's Orb this round.")
	add(&o.sSwap, "seat.swap_used", P, idxSeat, "1 when the seat used Produce a Miracle for the Masses this round.")
	add(&o.sLordsSeen, "seat.lords_seen", P*P, idxSeat+","+idxSeat, "1 where the first seat has looked at the second seat's lord (Blackmail).")
	add(&o.sTurnUsed, "seat.turn_used", 2*P, "(bit 0 Protect Converts to Eilistraee, bit 1 Shelter Zhentarim Agents),"+idxSeat, "1 for each once-per-turn plot effect the seat used this turn.")
	add(&o.sVisit, "seat.visit_used", P, idxSeat, "1 when the seat used Obtain Builder's Plans this round.")
	add(&o.sLordShown, "seat.lord_shown", P, idxSeat, "1 when the seat has revealed its lord (Open Lord).")
	add(&o.sActiveN, "seat.active_count", P, idxSeat, "Derived: the seat's active quests.")
	add(&o.sCompletedN, "seat.completed_count", P, idxSeat, "Derived: the seat's completed quests.")
	add(&o.sCompletedType, "seat.completed_type", content.NumQuestTypes*P, idxType+","+idxSeat, "Derived: the seat's completed quests of each type.")
	add(&o.sBuildingsN, "seat.buildings_count", P, idxSeat, "Derived: the tiles the seat owns.")
	e.size = n
}
