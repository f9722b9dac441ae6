package waterdeep

import (
	"fmt"
	"math/rand/v2"
)

// Determinize samples a full State consistent with view v: what v shows is
// kept, and what it hides is drawn at random from what the viewer has not
// seen: the other players' intrigue hands (of the sizes shown) and lords,
// and the order of every deck. The sampled state's View(v.Viewer) equals v.
// Its random generator is seeded with seed, so the future it deals is one
// possible future, not the real one. Search bots (information-set Monte
// Carlo tree search) call it once per sample.
func Determinize(v View, seed uint64) (State, error) {
	c := v.c
	if c == nil {
		return State{}, fmt.Errorf("waterdeep: determinize: the view has no content (make views with State.View)")
	}
	if v.Players < 2 || v.Players > MaxPlayers || len(v.Seats) != v.Players {
		return State{}, fmt.Errorf("waterdeep: determinize: view of %d players with %d seats", v.Players, len(v.Seats))
	}
	s := State{c: c, rng: newRNG(seed), numPlayers: uint8(v.Players), round: uint8(v.Round), first: v.First,
		ambHolder: none, ambSpace: none, ambGone: v.AmbassadorGone}
	if v.Over {
		s.round = rounds
	}
	for i := range s.shared {
		s.shared[i] = agentAt{none, none}
	}
	for i := range s.follow {
		s.follow[i] = follower{none, none, none}
	}
	for k := range s.supply {
		s.supply[k] = uint8(v.Supply[k])
	}
	// What the viewer has seen: every card or tile in a public place, and
	// the viewer's own hand and lord.
	var seenQuests, seenIntrigue set128
	var seenTiles [MaxBuildings]bool
	var seenLords [MaxLords]bool
	addQ := func(qs []QuestID) set128 {
		var set set128
		for _, q := range qs {
			set.add(uint8(q))
			seenQuests.add(uint8(q))
		}
		return set
	}
	addI := func(is []IntrigueID) set128 {
		var set set128
		for _, i := range is {
			set.add(uint8(i))
			seenIntrigue.add(uint8(i))
		}
		return set
	}
	for i, q := range v.Cliffwatch {
		if i < len(s.cliffwatch) {
			s.cliffwatch[i] = uint8(q)
			seenQuests.add(uint8(q))
		}
	}
	for i := len(v.Cliffwatch); i < len(s.cliffwatch); i++ {
		s.cliffwatch[i] = none
	}
	s.revealed = addQ(v.Revealed)
	s.questDiscard = addQ(v.QuestDiscard)
	s.intrigueDiscard = addI(v.IntrigueDiscard)
	for i := range s.forSale {
		s.forSale[i] = none
	}
	for i, t := range v.ForSale {
		if i < len(s.forSale) {
			s.forSale[i], s.forSaleVP[i] = uint8(t.Building), uint8(t.VP)
			seenTiles[t.Building] = true
		}
	}
	for _, t := range v.Gone {
		s.tileOwner[t] = none
		seenTiles[t] = true
	}
	for _, sp := range v.Spaces {
		if sp.Tile {
			s.tileStock[sp.Building] = uint8(sp.Stock)
			if sp.Owner != NoPlayer {
				s.tileOwner[sp.Building] = uint8(sp.Owner) + 1
				seenTiles[sp.Building] = true
			}
		}
		for i, p := range sp.Agents {
			if i == 0 && !sp.Ambassador {
				s.occupant[sp.Space] = uint8(p) + 1
			}
		}
		if sp.Ambassador {
			s.occupant[sp.Space] = ambassadorMark
		}
	}
	for i, a := range v.Progress.Shared {
		if i < len(s.shared) {
			s.shared[i] = agentAt{uint8(a.Space), uint8(a.Player)}
		}
	}
	for i, f := range v.Progress.Follow {
		if i < len(s.follow) {
			s.follow[i] = follower{uint8(f.Slot), uint8(f.Player), uint8(f.From)}
		}
	}
	if v.AmbassadorHolder != NoPlayer {
		s.ambHolder = uint8(v.AmbassadorHolder)
	}
	if v.AmbassadorPlaced {
		s.ambSpace = uint8(v.AmbassadorSpace)
	}
	for _, seat := range v.Seats {
		ps := &s.players[seat.Seat]
		for k := range ps.tavern {
			ps.tavern[k] = uint8(seat.Tavern[k])
		}
		ps.gold, ps.score = int32(seat.Gold), int32(seat.Score)
		ps.agents, ps.pool = uint8(seat.Agents), uint8(seat.Pool)
		ps.orbUsed, ps.swapUsed = seat.OrbUsed, seat.SwapUsed
		ps.active, ps.completed = addQ(seat.Active), addQ(seat.Completed)
		ps.mandatory = addI(seat.Mandatory)
		ps.buildings = uint8(len(seat.Buildings))
		if seat.Seat == v.Viewer {
			ps.hand = addI(seat.Hand)
		}
		if seat.LordKnown {
			ps.lord = uint8(seat.Lord)
			seenLords[seat.Lord] = true
		}
	}
	s.phase, s.next, s.questDone, s.harborNext = phase(v.Progress.Phase), v.Progress.Next, v.Progress.QuestDone, uint8(v.Progress.HarborNext)
	if len(v.Progress.Stack) > len(s.stack) {
		return State{}, fmt.Errorf("waterdeep: determinize: %d frames; at most %d", len(v.Progress.Stack), len(s.stack))
	}
	for i, f := range v.Progress.Stack {
		s.stack[i] = frame{kind: fkind(f.Kind), p: uint8(f.Player), pc: uint8(f.PC), i: uint8(f.I), a: uint8(f.A), b: uint8(f.B), prog: uint16(f.Program)}
		// A card being resolved is face up.
		switch s.stack[i].kind {
		case fDiscard:
			seenIntrigue.add(s.stack[i].a)
		case dPlayer:
			if playerPurpose(s.stack[i].a) == targetMandatory {
				seenIntrigue.add(s.stack[i].b)
			}
		}
	}
	s.sp = uint8(len(v.Progress.Stack))

	// Deal what the viewer has not seen.
	var buf [MaxIntrigue]uint8
	unseen := unseenShuffled(&s.rng, len(c.intrigue), func(i int) bool { return seenIntrigue.has(uint8(i)) }, buf[:0])
	n := len(unseen)
	for _, seat := range v.Seats {
		if seat.Seat == v.Viewer {
			continue
		}
		for range seat.HandSize {
			if n == 0 {
				return State{}, fmt.Errorf("waterdeep: determinize: hands larger than the unseen intrigue cards")
			}
			n--
			s.players[seat.Seat].hand.add(unseen[n])
		}
	}
	if n != v.IntrigueDeck {
		return State{}, fmt.Errorf("waterdeep: determinize: %d unseen intrigue cards for a deck of %d", n, v.IntrigueDeck)
	}
	s.intrigueDeckLen = uint8(copy(s.intrigueDeck[:], unseen[:n]))

	unseen = unseenShuffled(&s.rng, len(c.quests), func(q int) bool { return seenQuests.has(uint8(q)) }, buf[:0])
	if len(unseen) != v.QuestDeck {
		return State{}, fmt.Errorf("waterdeep: determinize: %d unseen quests for a deck of %d", len(unseen), v.QuestDeck)
	}
	s.questDeckLen = uint8(copy(s.questDeck[:], unseen))

	unseen = unseenShuffled(&s.rng, len(c.tiles), func(t int) bool { return seenTiles[t] }, buf[:0])
	if len(unseen) != v.BuildingStack {
		return State{}, fmt.Errorf("waterdeep: determinize: %d unseen tiles for a stack of %d", len(unseen), v.BuildingStack)
	}
	s.tileStackLen = uint8(copy(s.tileStack[:], unseen))

	unseen = unseenShuffled(&s.rng, len(c.lords), func(l int) bool { return seenLords[l] }, buf[:0])
	n = len(unseen)
	for _, seat := range v.Seats {
		if !seat.LordKnown {
			if n == 0 {
				return State{}, fmt.Errorf("waterdeep: determinize: more hidden lords than lords")
			}
			n--
			s.players[seat.Seat].lord = unseen[n]
		}
	}
	return s, nil
}

// unseenShuffled appends to buf the instances 0..n-1 that are not seen,
// shuffled with r.
func unseenShuffled(r *rand.PCG, n int, seen func(int) bool, buf []uint8) []uint8 {
	for i := range n {
		if !seen(i) {
			buf = append(buf, uint8(i))
		}
	}
	shuffle(r, buf)
	return buf
}
