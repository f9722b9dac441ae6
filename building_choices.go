package waterdeep

import (
	"math/bits"

	"github.com/waterdeep-go/waterdeep/content"
	"github.com/waterdeep-go/waterdeep/quests"
)

// Choosing a building tile: buying one at Builder's Hall, taking one for
// sale free, visiting one for sale (Sample Wares), giving one up and
// taking another (Real Estate Deal), demolishing or stealing one (the
// modules' cards). buildingReason judges one tile, buildingChoices lists
// them, answerBuilding carries out the choice.

// buildingChoices returns the tiles that answer the dBuilding f, on top
// (a decline, where the purpose allows one, aside). Its reference is
// buildingChoicesRef, buildingReason asked of every tile.
func (s *State) buildingChoices(f *frame) set128 {
	var legal set128
	switch f.buildingPurpose() {
	case buildEstateGiveUp, buildSteal, buildDemolish:
		// Each needs a tile in play: only those are checked (the board's
		// mask of them).
		for w := s.built; w != 0; w &= w - 1 {
			if t := bits.TrailingZeros64(w); s.buildingReason(f, t) == 0 {
				legal.add(uint8(t))
			}
		}
	case buildBuy, buildMayBuy, buildFreeHall, buildEstateTake:
		// A tile for sale, as buildingReason checks it without looking it
		// up again: room for another building (not for Real Estate Deal,
		// which swaps one), and its cost for a purchase
		// (buildingChoicesRef).
		ps := &s.players[f.p]
		if f.buildingPurpose() != buildEstateTake && ps.buildings >= maxBuildings {
			return legal
		}
		buy := f.buildingPurpose() == buildBuy || f.buildingPurpose() == buildMayBuy
		for _, t := range s.forSale {
			if t != none && (!buy || ps.gold >= int32(s.c.tiles[t].Cost)) {
				legal.add(t)
			}
		}
	default:
		for _, t := range s.forSale {
			if t != none && s.buildingReason(f, int(t)) == 0 {
				legal.add(t)
			}
		}
	}
	return legal
}

// buildingReason checks a tile for sale against the dBuilding on top.
func (s *State) buildingReason(f *frame, t int) Reason {
	if t < 0 || t >= len(s.c.tiles) {
		return NoSuchBuilding
	}
	p := f.p
	switch f.buildingPurpose() {
	case buildEstateGiveUp:
		return s.estateGiveUpReason(p, t, noStanding)
	case buildSteal:
		return s.stealBuildingReason(p, t)
	case buildDemolish:
		return s.demolishReason(p, t, noStanding)
	case buildSampleWares:
		return s.sampleReason(p, t, 1, noStanding)
	}
	if s.forSaleIndex(t) < 0 {
		return NoSuchBuilding
	}
	// Real Estate Deal swaps buildings, so the player's count does not grow.
	if f.buildingPurpose() != buildEstateTake && s.players[p].buildings >= maxBuildings {
		return TooManyBuildings
	}
	if (f.buildingPurpose() == buildBuy || f.buildingPurpose() == buildMayBuy) && s.players[p].gold < int32(s.c.tiles[t].Cost) {
		return CannotAfford
	}
	return 0
}

func (s *State) anyAffordableTile(p uint8, gold int32) bool {
	if s.players[p].buildings >= maxBuildings {
		return false
	}
	for _, t := range s.forSale {
		if t != none && int32(s.c.tiles[t].Cost) <= gold {
			return true
		}
	}
	return false
}

func (s *State) anyForSale() bool {
	return s.forSale[0] != none || s.forSale[1] != none || s.forSale[2] != none
}

func (s *State) forSaleIndex(t int) int {
	for i, f := range s.forSale {
		if f != none && int(f) == t {
			return i
		}
	}
	return -1
}

// sampleReason tells whether p may send an agent to tile t for sale
// (Sample Wares, Obtain Builder's Plans). A tile for sale with an agent on
// it cannot take another. st is the board around that agent: where the
// agent of p's that plays Sample Wares stands, or which space an agent
// assigned to the tile (Obtain Builder's Plans) leaves. The tile's action
// is then checked with the agent sent standing on the tile, out of the pool
// (only one agent is followed through the nested checks).
func (s *State) sampleReason(p uint8, t int, depth int, st standing) Reason {
	if s.forSaleIndex(t) < 0 {
		return NoSuchBuilding
	}
	sp := int(s.c.TileSpace(BuildingID(t)))
	if s.occupiedWhen(sp, st) {
		return SpaceOccupied
	}
	if !s.canResolve(p, s.c.tileAction[t], sp, depth, placing(uint8(sp), standSampled, st.left()), 0) {
		return SpaceUnavailable
	}
	return 0
}

func (s *State) anySampleTile(p uint8, depth int, st standing) bool {
	for _, t := range s.forSale {
		if t != none && s.sampleReason(p, int(t), depth, st) == 0 {
			return true
		}
	}
	return false
}

// estateGiveUpReason: Real Estate Deal gives up a building the player
// controls that has no agent on it when the card is played (st).
func (s *State) estateGiveUpReason(p uint8, t int, st standing) Reason {
	if t < 0 || t >= len(s.c.tiles) || s.tileOwner[t] != p+1 {
		return NoSuchBuilding
	}
	sp := int(s.c.TileSpace(BuildingID(t)))
	if s.occupiedWhen(sp, st) {
		return SpaceOccupied
	}
	return 0
}

func (s *State) anyEstateGiveUp(p uint8, st standing) bool {
	// Only a tile in play can be p's (the board's mask of them).
	for w := s.built; w != 0; w &= w - 1 {
		if s.estateGiveUpReason(p, bits.TrailingZeros64(w), st) == 0 {
			return true
		}
	}
	return false
}

func (s *State) answerBuilding(f frame, t uint8) {
	p := f.p
	ps := &s.players[p]
	switch f.buildingPurpose() {
	case buildSteal:
		s.stealBuilding(p, t)
	case buildBuy, buildFreeHall, buildEstateTake, buildMayBuy:
		i := s.forSaleIndex(int(t))
		// The VP that accumulated on the tile go to whoever takes it
		// (reading: also when it is taken for free).
		vp := int(s.forSaleVP[i])
		ps.addVP(int32(vp))
		if f.buildingPurpose() == buildBuy || f.buildingPurpose() == buildMayBuy {
			cost := s.c.tiles[t].Cost
			ps.gold -= int32(cost)
			s.emit(Event{Kind: EvBuildingBought, Player: PlayerID(p), Building: BuildingID(t), Amount: Bundle{Gold: cost, VP: vp}})
			plots := ps.completed.and(s.c.plotQuests[quests.BonusOnPurchase])
			for q := plots.next(0); q >= 0; q = plots.next(q + 1) {
				ps.addVP(int32(s.c.quests[q].Plot.VP))
				s.emitGain(EvScored, p, Bundle{VP: s.c.quests[q].Plot.VP})
			}
			s.afterPurchase(p) // Defame Rival Business
		} else {
			s.emit(Event{Kind: EvBuildingGained, Player: PlayerID(p), Building: BuildingID(t), Amount: Bundle{VP: vp}})
		}
		s.forSaleVP[i] = 0
		s.forSale[i] = none
		if s.tileStackLen > 0 {
			s.forSale[i] = s.drawTile()
			s.emit(Event{Kind: EvBuildingForSale, Player: NoPlayer, Building: BuildingID(s.forSale[i])})
		}
		s.acquire(p, t)
	case buildSampleWares:
		ps.pool--
		sp := uint8(s.c.TileSpace(BuildingID(t)))
		s.setOccupant(sp, p+1)
		s.emit(Event{Kind: EvPlaced, Player: PlayerID(p), Space: SpaceID(sp)})
		// "As though you owned it": no owner benefit is paid.
		s.push(actionFrame(p))
		s.push(programFrame(p, s.c.tileAction[t], sp))
	case buildDemolish:
		s.demolish(p, t)
	case buildEstateGiveUp:
		s.discardTile(p, t)
		s.emit(Event{Kind: EvBuildingLost, Player: PlayerID(p), Building: BuildingID(t)})
	}
}

// discardTile takes tile t out of the game (Real Estate Deal). Adventurers
// stacked on it return to the supply. If The Palace of Waterdeep leaves
// play, the Ambassador leaves play too (Appendix 4).
func (s *State) discardTile(p uint8, t uint8) {
	s.setTileOwner(t, none)
	if !s.piled.empty() {
		// Reading: what was placed on its space goes back to the supply and
		// the corruption track.
		s.clearPile(uint8(s.c.TileSpace(BuildingID(t))))
	}
	s.players[p].buildings--
	if k := s.c.tileStock[t].what; k >= stockCleric && k <= stockWizard {
		s.returnSupply(content.Adventurer(k-stockCleric), s.tileStock[t])
	} else if k == stockCorruption {
		for range s.tileStock[t] {
			if !s.putOnTrack() {
				s.corruptionBox++
			}
		}
	}
	s.tileStock[t] = 0
	if BuildingID(t) == s.c.palace {
		if s.ambSpace != none {
			s.clearAmbassadorSpace()
		}
		s.ambHolder = none
		s.ambGone = true
	}
}

// maxBuildings is the number of control markers each player has.
const maxBuildings = 9
