package waterdeep

// Test helpers for scenario tests: they build a situation by moving cards
// and tiles into place (never by searching seeds), take actions by name,
// and compare the public facts of two states with go-cmp.

import (
	"testing"

	"github.com/google/go-cmp/cmp"
)

// newGame starts a base game with n players and a fixed seed. The first
// decision is seat 0's first placement of round 1.
func newGame(t *testing.T, n int) State {
	t.Helper()
	s, err := New(Config{Players: n, Seed: 1})
	if err != nil {
		t.Fatal(err)
	}
	return s
}

func quest(t *testing.T, s *State, id string) uint8 {
	t.Helper()
	q, ok := s.c.QuestByID(id)
	if !ok {
		t.Fatalf("no quest %q", id)
	}
	return uint8(q)
}

func tile(t *testing.T, s *State, id string) uint8 {
	t.Helper()
	b, ok := s.c.BuildingByID(id)
	if !ok {
		t.Fatalf("no building %q", id)
	}
	return uint8(b)
}

func space(t *testing.T, s *State, name string) SpaceID {
	t.Helper()
	sp, ok := s.c.SpaceByID(name)
	if !ok {
		t.Fatalf("no space %q", name)
	}
	return sp
}

// detachQuest removes quest q from wherever it is.
func detachQuest(s *State, q uint8) {
	for i := uint8(0); i < s.questDeckLen; i++ {
		if s.questDeck[i] == q {
			copy(s.questDeck[i:], s.questDeck[i+1:s.questDeckLen])
			s.questDeckLen--
			s.questDeck[s.questDeckLen] = 0
			break
		}
	}
	s.questDiscard.remove(q)
	s.revealed.remove(q)
	for i, c := range s.cliffwatch {
		if c == q {
			s.cliffwatch[i] = s.drawQuest()
		}
	}
	for p := range s.players {
		s.players[p].active.remove(q)
		s.players[p].completed.remove(q)
	}
}

// giveQuest makes quest id one of p's active quests.
func giveQuest(t *testing.T, s *State, p int, id string) uint8 {
	t.Helper()
	q := quest(t, s, id)
	detachQuest(s, q)
	s.players[p].active.add(q)
	return q
}

// giveCompleted makes quest id one of p's completed quests (a plot quest in
// effect). It does not apply one-time effects such as the Lieutenant.
func giveCompleted(t *testing.T, s *State, p int, id string) uint8 {
	t.Helper()
	q := quest(t, s, id)
	detachQuest(s, q)
	s.players[p].completed.add(q)
	return q
}

// setCliffwatch puts the given quests face up at Cliffwatch Inn.
func setCliffwatch(t *testing.T, s *State, ids ...string) {
	t.Helper()
	for i := range s.cliffwatch {
		if c := s.cliffwatch[i]; c != none {
			s.cliffwatch[i] = none
			s.questDeck[s.questDeckLen] = c
			s.questDeckLen++
		}
	}
	for i, id := range ids {
		q := quest(t, s, id)
		detachQuest(s, q)
		s.cliffwatch[i] = q
	}
}

// stackQuests puts the given quests on top of the quest deck, the first
// named on top.
func stackQuests(t *testing.T, s *State, ids ...string) {
	t.Helper()
	for i := len(ids) - 1; i >= 0; i-- {
		q := quest(t, s, ids[i])
		detachQuest(s, q)
		s.questDeck[s.questDeckLen] = q
		s.questDeckLen++
	}
}

// detachIntrigue removes intrigue instance i from wherever it is.
func detachIntrigue(s *State, i uint8) {
	for k := uint8(0); k < s.intrigueDeckLen; k++ {
		if s.intrigueDeck[k] == i {
			copy(s.intrigueDeck[k:], s.intrigueDeck[k+1:s.intrigueDeckLen])
			s.intrigueDeckLen--
			s.intrigueDeck[s.intrigueDeckLen] = 0
			break
		}
	}
	s.intrigueDiscard.remove(i)
	for p := range s.players {
		s.players[p].hand.remove(i)
		s.players[p].mandatory.remove(i)
	}
}

// giveIntrigue puts a copy of intrigue card id into p's hand, one that is
// in no player's hand or mandatory quests; with none left it fails.
func giveIntrigue(t *testing.T, s *State, p int, id string) uint8 {
	t.Helper()
	for _, inst := range s.c.IntrigueCopies(id) {
		i := uint8(inst)
		held := false
		for o := range s.players {
			held = held || s.players[o].hand.has(i) || s.players[o].mandatory.has(i)
		}
		if !held {
			detachIntrigue(s, i)
			s.players[p].hand.add(i)
			return i
		}
	}
	t.Fatalf("no copy of intrigue card %q left to give", id)
	return 0
}

// emptyHoldings takes every player's quests and intrigue cards: the quests
// go to the discard pile, the cards to the bottom of the deck (setHand).
// No turn then stops for a quest offer or an intrigue card by chance.
func emptyHoldings(t *testing.T, s *State) {
	t.Helper()
	for p := range int(s.numPlayers) {
		ps := &s.players[p]
		s.questDiscard = s.questDiscard.or(ps.active)
		ps.active = set128{}
		setHand(t, s, p)
	}
}

// setHand replaces p's hand with the given cards (the old ones go to the
// bottom of the deck).
func setHand(t *testing.T, s *State, p int, ids ...string) []uint8 {
	t.Helper()
	h := s.players[p].hand
	for i := h.next(0); i >= 0; i = h.next(i + 1) {
		s.players[p].hand.remove(uint8(i))
		copy(s.intrigueDeck[1:s.intrigueDeckLen+1], s.intrigueDeck[:s.intrigueDeckLen])
		s.intrigueDeck[0] = uint8(i)
		s.intrigueDeckLen++
	}
	var out []uint8
	for _, id := range ids {
		out = append(out, giveIntrigue(t, s, p, id))
	}
	return out
}

// stackIntrigue puts copies of the given cards on top of the intrigue deck,
// the first named on top.
func stackIntrigue(t *testing.T, s *State, ids ...string) {
	t.Helper()
	for i := len(ids) - 1; i >= 0; i-- {
		placed := false
		for _, inst := range s.c.IntrigueCopies(ids[i]) {
			in := uint8(inst)
			inHand := false
			for p := range s.players {
				inHand = inHand || s.players[p].hand.has(in) || s.players[p].mandatory.has(in)
			}
			if !inHand {
				detachIntrigue(s, in)
				s.intrigueDeck[s.intrigueDeckLen] = in
				s.intrigueDeckLen++
				placed = true
				break
			}
		}
		if !placed {
			t.Fatalf("no copy of %q to stack", ids[i])
		}
	}
}

// detachTile removes tile b from the stack or Builder's Hall (refilling the
// slot from the stack).
func detachTile(s *State, b uint8) {
	for i := uint8(0); i < s.tileStackLen; i++ {
		if s.tileStack[i] == b {
			copy(s.tileStack[i:], s.tileStack[i+1:s.tileStackLen])
			s.tileStackLen--
			s.tileStack[s.tileStackLen] = 0
			break
		}
	}
	for i, f := range s.forSale {
		if f == b {
			s.forSale[i] = none
			s.forSaleVP[i] = 0
			if s.tileStackLen > 0 {
				s.forSale[i] = s.drawTile()
			}
		}
	}
}

// giveTile puts building id into play under p's control, with its
// when-purchased stock, as if p had bought it earlier.
func giveTile(t *testing.T, s *State, p int, id string) uint8 {
	t.Helper()
	b := tile(t, s, id)
	detachTile(s, b)
	s.acquire(uint8(p), b)
	return b
}

// setForSale puts the given tiles for sale in Builder's Hall, each with vp.
func setForSale(t *testing.T, s *State, vp int, ids ...string) {
	t.Helper()
	for i := range s.forSale {
		if f := s.forSale[i]; f != none {
			s.forSale[i] = none
			s.tileStack[s.tileStackLen] = f
			s.tileStackLen++
		}
	}
	for i, id := range ids {
		b := tile(t, s, id)
		detachTile(s, b)
		s.forSale[i] = b
		s.forSaleVP[i] = uint8(vp)
	}
}

// setTavern sets p's adventurers (cleric, fighter, rogue, wizard) and gold,
// moving cubes between the supply and the tavern.
func setTavern(s *State, p int, cleric, fighter, rogue, wizard, gold int) {
	ps := &s.players[p]
	for k, n := range [4]int{cleric, fighter, rogue, wizard} {
		s.supply[k] += ps.tavern[k]
		ps.tavern[k] = uint8(n)
		s.supply[k] -= uint8(n)
	}
	ps.gold = int32(gold)
}

// apply takes the actions in order, failing the test on the first error.
func apply(t *testing.T, s State, actions ...Action) State {
	t.Helper()
	for _, a := range actions {
		var err error
		s, err = s.Apply(a)
		if err != nil {
			t.Fatalf("%v (pending %+v)", err, s.Pending())
		}
	}
	return s
}

// facts are the public and private facts of a state that scenario tests
// compare, by name so that diffs read well.
type facts struct {
	Round   int
	First   PlayerID
	ToAct   PlayerID
	Pending DecisionKind
	Supply  [4]int
	Players []playerFacts
	// Cliffwatch and ForSale name the face-up quests and tiles.
	Cliffwatch []string
	ForSale    []string
}

type playerFacts struct {
	Tavern    [4]int
	Gold      int
	Score     int
	Pool      int
	Agents    int
	Hand      []string
	Active    []string
	Completed []string
	Mandatory []string
	Buildings []string
}

func factsOf(s State) facts {
	f := facts{Round: s.Round(), First: s.first, Supply: s.Supply()}
	f.ToAct, _ = s.ToAct()
	f.Pending = s.Pending().Kind
	for _, q := range s.Cliffwatch() {
		f.Cliffwatch = append(f.Cliffwatch, s.c.Quest(q).ID)
	}
	for _, t := range s.ForSale() {
		f.ForSale = append(f.ForSale, s.c.Building(t.Building).ID)
	}
	for p := range PlayerID(s.numPlayers) {
		pf := playerFacts{Tavern: s.Tavern(p), Gold: s.Gold(p), Score: s.Score(p)}
		pf.Agents, pf.Pool = s.Agents(p)
		for _, i := range s.Hand(p) {
			pf.Hand = append(pf.Hand, s.c.Intrigue(i).ID)
		}
		for _, q := range s.ActiveQuests(p) {
			pf.Active = append(pf.Active, s.c.Quest(q).ID)
		}
		for _, q := range s.CompletedQuests(p) {
			pf.Completed = append(pf.Completed, s.c.Quest(q).ID)
		}
		for _, i := range s.MandatoryQuests(p) {
			pf.Mandatory = append(pf.Mandatory, s.c.Intrigue(i).ID)
		}
		for b := range s.c.NumBuildings() {
			if o, ok := s.Owner(BuildingID(b)); ok && o == p {
				pf.Buildings = append(pf.Buildings, s.c.Building(BuildingID(b)).ID)
			}
		}
		f.Players = append(f.Players, pf)
	}
	return f
}

// diff returns go-cmp's -want +got report of two facts.
func diff(want, got facts) string { return cmp.Diff(want, got) }

// forSaleVP returns the VP on each tile for sale, in Builder's Hall order.
func forSaleVP(s State) []int {
	var vp []int
	for _, t := range s.ForSale() {
		vp = append(vp, t.VP)
	}
	return vp
}

// setSlot sets the raw slot of frame f that snapshot versions 2 and 3
// name slot ("a", "b" or "i"; frame.go), for tests that corrupt a frame.
func setSlot(f *frame, slot string, v uint8) {
	a, b, i := f.slots()
	switch slot {
	case "a":
		a = v
	case "b":
		b = v
	case "i":
		i = v
	default:
		panic("no slot " + slot)
	}
	f.setSlots(a, b, i)
}
