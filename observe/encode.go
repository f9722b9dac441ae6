package observe

import (
	"github.com/waterdeep-go/waterdeep"
)

// Encode writes the observation of v into dst[:Size], growing dst only
// when its capacity is short, and returns it: with a reused buffer it
// allocates nothing. It reads nothing but v. A view of another content,
// player count or set of modules gets a *MismatchError.
func (e *Encoder) Encode(dst []float32, v waterdeep.View) ([]float32, error) {
	switch {
	case v.Content() != e.c:
		return dst, &MismatchError{Field: "content"}
	case v.Players != e.players || len(v.Seats) != e.players:
		return dst, &MismatchError{Field: "players"}
	case v.Modules != e.modules:
		return dst, &MismatchError{Field: "modules"}
	}
	if cap(dst) < e.size {
		dst = make([]float32, e.size)
	}
	dst = dst[:e.size]
	clear(dst)
	o := &e.off
	P := e.players

	// rel is the seat slot of seat p: 0 for the viewer, counting on in
	// turn order; seats as they are for a spectator. none is the slot of
	// nobody in a seat+nobody field.
	base := 0
	if v.Viewer < waterdeep.PlayerID(P) {
		base = int(v.Viewer)
	}
	rel := func(p waterdeep.PlayerID) int {
		if int(p) >= P {
			return -1
		}
		return (int(p) - base + P) % P
	}
	oneHotSeat := func(off int, p waterdeep.PlayerID) { // seat+nobody
		if k := rel(p); k >= 0 {
			dst[off+k] = 1
		} else {
			dst[off+P] = 1
		}
	}
	flag := func(off int, b bool) {
		if b {
			dst[off] = 1
		}
	}

	dst[o.round] = float32(v.Round)
	flag(o.long, v.Long)
	flag(o.over, v.Over)
	flag(o.spectator, v.Viewer >= waterdeep.PlayerID(P))
	if k := rel(v.First); k >= 0 {
		dst[o.first+k] = 1
	}
	oneHotSeat(o.toAct, v.ToAct)

	d := &v.Decision
	if int(d.Kind) < numDecisionKinds {
		dst[o.decKind+int(d.Kind)] = 1
	}
	flag(o.decOptional, d.Optional)
	dst[o.decCount] = float32(d.Count)
	for a := range waterdeep.Adventurer(waterdeep.NumAdventurers) {
		flag(o.decKinds+int(a), d.Kinds.Has(a))
	}
	g := d.Give
	for i, x := range [8]int{g.Cleric, g.Fighter, g.Rogue, g.Wizard, g.Gold, g.VP, g.Intrigue, g.Any} {
		dst[o.decGive+i] = float32(x)
	}
	dst[o.decVP] = float32(d.VP)
	oneHotSeat(o.decOther, d.Other)
	flag(o.decReassign, d.Reassign)
	flag(o.decAmb, d.Ambassador)
	if d.Reassign {
		if i := at(e.spaceAt, int(d.From)); i >= 0 {
			dst[o.decFrom+i] = 1
		}
	}
	if d.Source != "" {
		if i, ok := e.sourceAt[d.Source]; ok {
			dst[o.decSource+i] = 1
		} else {
			dst[o.decSource+len(e.sources)] = 1
		}
	}

	for a := range v.Supply {
		dst[o.supply+a] = float32(v.Supply[a])
		dst[o.caravans+a] = float32(v.Caravans[a])
	}

	S := len(e.spaces)
	for j := range v.Spaces {
		sv := &v.Spaces[j]
		i := at(e.spaceAt, int(sv.Space))
		if i < 0 {
			continue
		}
		dst[o.spPresent+i] = 1
		for _, p := range sv.Agents {
			if k := rel(p); k >= 0 {
				dst[o.spAgents+k*S+i]++
			}
		}
		flag(o.spAmb+i, sv.Ambassador)
		dst[o.spStock+i] = float32(sv.Stock)
		pl := sv.Placed
		for r, x := range [5]int{pl.Cleric, pl.Fighter, pl.Rogue, pl.Wizard, pl.Gold} {
			dst[o.spPlaced+r*S+i] = float32(x)
		}
		dst[o.spPlacedCorr+i] = float32(sv.PlacedCorruption)
	}

	T := len(e.tiles)
	for _, t := range v.ForSale {
		if i := at(e.tileAt, int(t.Building)); i >= 0 {
			dst[o.tForSale+i] = 1
			dst[o.tVP+i] = float32(t.VP)
		}
	}
	for _, b := range v.Gone {
		if i := at(e.tileAt, int(b)); i >= 0 {
			dst[o.tGone+i] = 1
		}
	}

	oneHotSeat(o.ambHolder, v.AmbassadorHolder)
	flag(o.ambPlaced, v.AmbassadorPlaced)
	flag(o.ambGone, v.AmbassadorGone)

	dst[o.questDeck] = float32(v.QuestDeck)
	dst[o.intrigueDeck] = float32(v.IntrigueDeck)
	dst[o.buildingStack] = float32(v.BuildingStack)
	dst[o.remQuests] = float32(v.RemovedQuests)
	dst[o.remIntrigue] = float32(v.RemovedIntrigue)
	dst[o.remBuildings] = float32(v.RemovedBuildings)

	Q, I, L := len(e.quests), len(e.intrigue), len(e.lords)
	e.questFlags(dst, o.qCliff, v.Cliffwatch)
	e.questFlags(dst, o.qRevealed, v.Revealed)
	e.questFlags(dst, o.qDiscard, v.QuestDiscard)
	e.intrigueFlags(dst, o.iDiscard, v.IntrigueDiscard)

	for i := range numTrack {
		dst[o.track+i] = float32(v.Track[i])
	}
	dst[o.corrRemoved] = float32(v.CorruptionRemoved)
	dst[o.corrValue] = float32(v.CorruptionValue)

	for j := range v.Seats {
		sv := &v.Seats[j]
		k := rel(sv.Seat)
		if k < 0 {
			continue
		}
		if sv.Seat == v.Viewer {
			e.intrigueFlags(dst, o.iHand, sv.Hand)
		}
		e.questFlags(dst, o.qActive+k*Q, sv.Active)
		e.questFlags(dst, o.qCompleted+k*Q, sv.Completed)
		e.intrigueFlags(dst, o.iKnown+k*I, sv.KnownHand)
		e.intrigueFlags(dst, o.iMandatory+k*I, sv.Mandatory)
		for _, b := range sv.Buildings {
			if i := at(e.tileAt, int(b)); i >= 0 {
				dst[o.tOwner+k*T+i] = 1
			}
		}

		dst[o.sScore+k] = float32(sv.Score)
		dst[o.sGold+k] = float32(sv.Gold)
		for a := range sv.Tavern {
			dst[o.sTavern+a*P+k] = float32(sv.Tavern[a])
		}
		dst[o.sCorr+k] = float32(sv.Corruption)
		dst[o.sAgents+k] = float32(sv.Agents)
		dst[o.sPool+k] = float32(sv.Pool)
		dst[o.sHand+k] = float32(sv.HandSize)
		flag(o.sLordKnown+k, sv.LordKnown)
		if sv.LordKnown {
			if i := at(e.lordAt, int(sv.Lord)); i >= 0 {
				dst[o.sLord+k*L+i] = 1
			}
		}
		flag(o.sOrb+k, sv.OrbUsed)
		flag(o.sSwap+k, sv.SwapUsed)
		for _, p := range sv.LordsSeen {
			if q := rel(p); q >= 0 {
				dst[o.sLordsSeen+k*P+q] = 1
			}
		}
		flag(o.sTurnUsed+k, sv.TurnUsed&1 != 0)
		flag(o.sTurnUsed+P+k, sv.TurnUsed&2 != 0)
		flag(o.sVisit+k, sv.VisitUsed)
		flag(o.sLordShown+k, sv.LordShown)
		dst[o.sActiveN+k] = float32(len(sv.Active))
		dst[o.sCompletedN+k] = float32(len(sv.Completed))
		for _, q := range sv.Completed {
			if t := int(e.c.Quest(q).Type); t < waterdeep.NumQuestTypes {
				dst[o.sCompletedType+t*P+k]++
			}
		}
		dst[o.sBuildingsN+k] = float32(len(sv.Buildings))
	}
	return dst, nil
}

// at returns list[i], or -1 for an index out of range.
func at(list []int16, i int) int {
	if i < 0 || i >= len(list) {
		return -1
	}
	return int(list[i])
}

// questFlags sets the element of each quest of qs in the quest-indexed
// range from off.
func (e *Encoder) questFlags(dst []float32, off int, qs []waterdeep.QuestID) {
	for _, q := range qs {
		if i := at(e.questAt, int(q)); i >= 0 {
			dst[off+i] = 1
		}
	}
}

// intrigueFlags sets the element of each card of cs in the
// intrigue-indexed range from off.
func (e *Encoder) intrigueFlags(dst []float32, off int, cs []waterdeep.IntrigueID) {
	for _, c := range cs {
		if i := at(e.intrigueAt, int(c)); i >= 0 {
			dst[off+i] = 1
		}
	}
}
