package waterdeep

// Scenario tests for the 31 distinct intrigue cards of the base game (50
// copies): the attacks, the utilities (including those where opponents
// decide during the active player's turn), the six mandatory quests, the
// Appendix 4 clarifications on Change of Plans and Sample Wares, and the
// legality of playing a card at Waterdeep Harbor.

import (
	"errors"
	"slices"
	"testing"
)

// intrigueGame starts an n-player game in which nobody holds quests or
// intrigue cards (they go to the bottom of their decks), so that no quest
// offer interrupts a turn unless a test arranges one.
func intrigueGame(t *testing.T, n int) State {
	t.Helper()
	s := newGame(t, n)
	for p := range n {
		intrigueSetQuests(t, &s, p)
		setHand(t, &s, p)
	}
	return s
}

// intrigueHand replaces p's hand with copies of the given cards that no
// player holds.
func intrigueHand(t *testing.T, s *State, p int, ids ...string) []uint8 {
	t.Helper()
	return setHand(t, s, p, ids...)
}

// intrigueSetQuests replaces p's uncompleted quests with the given ones
// (the old ones go to the bottom of the quest deck).
func intrigueSetQuests(t *testing.T, s *State, p int, ids ...string) []uint8 {
	t.Helper()
	a := s.players[p].active
	for q := a.next(0); q >= 0; q = a.next(q + 1) {
		s.players[p].active.remove(uint8(q))
		copy(s.questDeck[1:s.questDeckLen+1], s.questDeck[:s.questDeckLen])
		s.questDeck[0] = uint8(q)
		s.questDeckLen++
	}
	var out []uint8
	for _, id := range ids {
		out = append(out, giveQuest(t, s, p, id))
	}
	return out
}

// intrigueGiveMandatory puts a copy of mandatory quest card id in front of
// player p, as if an opponent had played it on p.
func intrigueGiveMandatory(t *testing.T, s *State, p int, id string) uint8 {
	t.Helper()
	for _, inst := range s.c.IntrigueCopies(id) {
		i := uint8(inst)
		if !s.players[p].mandatory.has(i) {
			detachIntrigue(s, i)
			s.players[p].mandatory.add(i)
			return i
		}
	}
	t.Fatalf("no copy of %q left", id)
	return 0
}

// intrigueHarbor returns the lowest free Waterdeep Harbor space.
func intrigueHarbor(t *testing.T, s *State) SpaceID {
	t.Helper()
	for _, n := range []string{"waterdeep-harbor/1", "waterdeep-harbor/2", "waterdeep-harbor/3"} {
		sp := space(t, s, n)
		if pl, amb := s.Occupants(sp); len(pl) == 0 && !amb {
			return sp
		}
	}
	t.Fatal("Waterdeep Harbor is full")
	return 0
}

// intriguePlay has player p assign an agent to the lowest free Harbor
// space and play card (the engine plays it by itself when it is the only
// playable card).
func intriguePlay(t *testing.T, s State, p PlayerID, card uint8) State {
	t.Helper()
	s = apply(t, s, PlaceAgent{p, intrigueHarbor(t, &s)})
	if d := s.Pending(); d.Kind == PlayIntrigueDecision && d.Player == p {
		s = apply(t, s, PlayIntrigue{p, IntrigueID(card)})
	}
	if s.players[p].hand.has(card) {
		t.Fatalf("p%d's card %s was not played (pending %+v)", p, s.c.Intrigue(IntrigueID(card)).ID, s.Pending())
	}
	return s
}

// intrigueRefused checks that a is refused for reason r and that the state
// is unchanged.
func intrigueRefused(t *testing.T, s State, a Action, r Reason) {
	t.Helper()
	got, err := s.Apply(a)
	if !errors.Is(err, r) {
		t.Errorf("%v: got error %v, want %v", a, err, r)
	}
	if got != s {
		t.Errorf("%v: the state changed after a refused action", a)
	}
	if err := s.Legal(a); !errors.Is(err, r) {
		t.Errorf("Legal(%v) = %v, want %v", a, err, r)
	}
}

// intrigueCards returns the ids of the given intrigue instances in instance
// order, as factsOf lists a hand (nil when empty).
func intrigueCards(s *State, insts ...uint8) []string {
	insts = slices.Clone(insts)
	slices.Sort(insts)
	var out []string
	for _, i := range insts {
		out = append(out, s.c.Intrigue(IntrigueID(i)).ID)
	}
	return out
}

// intrigueQuests returns the ids of the given quests in instance order.
func intrigueQuests(s *State, qs ...uint8) []string {
	qs = slices.Clone(qs)
	slices.Sort(qs)
	var out []string
	for _, q := range qs {
		out = append(out, s.c.Quest(QuestID(q)).ID)
	}
	return out
}

func intrigueCheck(t *testing.T, what string, want facts, s State) {
	t.Helper()
	if d := diff(want, factsOf(s)); d != "" {
		t.Errorf("%s (-want +got):\n%s", what, d)
	}
}

func intriguePending(t *testing.T, s State, kind DecisionKind, p PlayerID) {
	t.Helper()
	if d := s.Pending(); d.Kind != kind || d.Player != p {
		t.Fatalf("pending %v for p%d, want %v for p%d", d.Kind, d.Player, kind, p)
	}
}

func intrigueLegal(s State, a Action) bool {
	return slices.Contains(s.LegalActions(), a)
}

// ---------------------------------------------------------------------
// Attacks

func TestIntrigueAmbushOneFighterPerOpponent(t *testing.T) {
	s := intrigueGame(t, 3)
	h := intrigueHand(t, &s, 0, "ambush")
	setTavern(&s, 1, 0, 3, 0, 0, 5) // 3 fighters: gives up only one
	setTavern(&s, 2, 1, 0, 1, 1, 6) // no fighter: p0 takes one
	want := factsOf(s)
	s = intriguePlay(t, s, 0, h[0])
	want.Players[0].Pool--
	want.Players[0].Hand = nil
	want.Players[1].Tavern[Fighter] = 2
	want.Players[0].Tavern[Fighter] = 1
	// One fighter back from p1, one out to p0.
	want.ToAct = 1
	intrigueCheck(t, "after Ambush", want, s)
	if !s.intrigueDiscard.has(h[0]) {
		t.Error("Ambush is not in the intrigue discard pile")
	}
}

func TestIntrigueArcaneMishapDrawsForEachOpponentWithoutWizard(t *testing.T) {
	s := intrigueGame(t, 4)
	h := intrigueHand(t, &s, 0, "arcane-mishap")
	stackIntrigue(t, &s, "call-in-a-favor", "crime-wave")
	setTavern(&s, 1, 0, 0, 0, 2, 5) // gives up one of two wizards
	setTavern(&s, 2, 3, 0, 0, 0, 6) // none: p0 draws
	setTavern(&s, 3, 0, 0, 0, 0, 7) // none: p0 draws
	_, _, deck, _, _ := s.DeckSizes()
	want := factsOf(s)
	s = intriguePlay(t, s, 0, h[0])
	want.Players[0].Pool--
	want.Players[0].Hand = []string{"call-in-a-favor", "crime-wave"}
	slices.SortFunc(want.Players[0].Hand, func(a, b string) int {
		return int(s.c.IntrigueCopies(a)[0]) - int(s.c.IntrigueCopies(b)[0])
	})
	want.Players[1].Tavern[Wizard] = 1
	want.Supply[Wizard]++
	want.ToAct = 1
	intrigueCheck(t, "after Arcane Mishap", want, s)
	if _, _, d, _, _ := s.DeckSizes(); d != deck-2 {
		t.Errorf("intrigue deck %d, want %d", d, deck-2)
	}
}

func TestIntrigueAssassinationGoldForEachOpponentWithoutRogue(t *testing.T) {
	s := intrigueGame(t, 3)
	h := intrigueHand(t, &s, 0, "assassination")
	setTavern(&s, 1, 0, 0, 2, 0, 5)
	setTavern(&s, 2, 1, 1, 0, 1, 6)
	want := factsOf(s)
	s = intriguePlay(t, s, 0, h[0])
	want.Players[0].Pool--
	want.Players[0].Hand = nil
	want.Players[1].Tavern[Rogue] = 1
	want.Supply[Rogue]++
	want.Players[0].Gold += 2
	want.ToAct = 1
	intrigueCheck(t, "after Assassination", want, s)
}

func TestIntrigueLackOfFaithVPForEachOpponentWithoutCleric(t *testing.T) {
	s := intrigueGame(t, 4)
	h := intrigueHand(t, &s, 0, "lack-of-faith")
	setTavern(&s, 1, 3, 0, 0, 0, 5) // loses one cleric only
	setTavern(&s, 2, 0, 2, 2, 2, 6)
	setTavern(&s, 3, 0, 0, 0, 0, 7)
	want := factsOf(s)
	s = intriguePlay(t, s, 0, h[0])
	want.Players[0].Pool--
	want.Players[0].Hand = nil
	want.Players[1].Tavern[Cleric] = 2
	want.Supply[Cleric]++
	want.Players[0].Score += 4
	want.ToAct = 1
	intrigueCheck(t, "after Lack of Faith", want, s)
}

func TestIntrigueLackOfFaithEveryOpponentHasCleric(t *testing.T) {
	s := intrigueGame(t, 3)
	h := intrigueHand(t, &s, 0, "lack-of-faith")
	setTavern(&s, 1, 1, 0, 0, 0, 5)
	setTavern(&s, 2, 2, 0, 0, 0, 6)
	want := factsOf(s)
	s = intriguePlay(t, s, 0, h[0])
	want.Players[0].Pool--
	want.Players[0].Hand = nil
	want.Players[1].Tavern[Cleric] = 0
	want.Players[2].Tavern[Cleric] = 1
	want.Supply[Cleric] += 2
	want.ToAct = 1
	intrigueCheck(t, "after Lack of Faith", want, s)
}

// intrigueOpponentsPlaced plays p0 to Aurora's Realms Shop, p1 to Field of
// Triumph and p2 to The Plinth, so that p0 is to act with agents of both
// opponents on the board.
func intrigueOpponentsPlaced(t *testing.T, s State) State {
	t.Helper()
	return apply(t, s,
		PlaceAgent{0, space(t, &s, "auroras-realms-shop")},
		PlaceAgent{1, space(t, &s, "field-of-triumph")},
		PlaceAgent{2, space(t, &s, "the-plinth")})
}

func TestIntrigueBribeAgentUsesOpponentsSpace(t *testing.T) {
	s := intrigueGame(t, 3)
	h := intrigueHand(t, &s, 0, "bribe-agent")
	s = intrigueOpponentsPlaced(t, s) // p0 has 8 gold now
	want := factsOf(s)
	s = intriguePlay(t, s, 0, h[0])
	intriguePending(t, s, ChooseSpaceDecision, 0)
	// Own agent's space, an empty space: not targets.
	intrigueRefused(t, s, ChooseSpace{0, space(t, &s, "auroras-realms-shop")}, SpaceUnavailable)
	intrigueRefused(t, s, ChooseSpace{0, space(t, &s, "blackstaff-tower")}, SpaceUnavailable)
	intrigueRefused(t, s, ChooseSpace{1, space(t, &s, "field-of-triumph")}, NotYourTurn)
	if !intrigueLegal(s, ChooseSpace{0, space(t, &s, "the-plinth")}) {
		t.Error("The Plinth (p2's agent) is not a legal Bribe Agent target")
	}
	s = apply(t, s, ChooseSpace{0, space(t, &s, "field-of-triumph")})
	want.Players[0].Pool--
	want.Players[0].Hand = nil
	want.Players[0].Gold -= 2
	want.Players[0].Tavern[Fighter] += 2
	want.Supply[Fighter] -= 2
	want.ToAct = 1
	intrigueCheck(t, "after Bribe Agent at Field of Triumph", want, s)
}

func TestIntrigueBribeAgentOwnerGainsNothing(t *testing.T) {
	s := intrigueGame(t, 3)
	h := intrigueHand(t, &s, 0, "bribe-agent")
	giveTile(t, &s, 1, "helmstar-warehouse")
	s = apply(t, s,
		PlaceAgent{0, space(t, &s, "auroras-realms-shop")},
		PlaceAgent{1, space(t, &s, "field-of-triumph")},
		PlaceAgent{2, SpaceID(s.c.TileSpace(BuildingID(tile(t, &s, "helmstar-warehouse"))))})
	want := factsOf(s)
	s = intriguePlay(t, s, 0, h[0])
	s = apply(t, s, ChooseSpace{0, SpaceID(s.c.TileSpace(BuildingID(tile(t, &s, "helmstar-warehouse"))))})
	want.Players[0].Pool--
	want.Players[0].Hand = nil
	want.Players[0].Gold += -2 + 2
	want.Players[0].Tavern[Rogue] += 2
	want.Supply[Rogue] -= 2
	want.ToAct = 1
	intrigueCheck(t, "after Bribe Agent at p1's Helmstar Warehouse (reading 8)", want, s)
}

func TestIntrigueBribeAgentNeedsTwoGold(t *testing.T) {
	s := intrigueGame(t, 3)
	h := intrigueHand(t, &s, 0, "bribe-agent", "call-in-a-favor", "good-faith")
	s = intrigueOpponentsPlaced(t, s)
	s.players[0].gold = 1
	s = apply(t, s, PlaceAgent{0, intrigueHarbor(t, &s)})
	intriguePending(t, s, PlayIntrigueDecision, 0)
	intrigueRefused(t, s, PlayIntrigue{0, IntrigueID(h[0])}, CardNotPlayable)
	if intrigueLegal(s, PlayIntrigue{0, IntrigueID(h[0])}) {
		t.Error("Bribe Agent with 1 gold is among the legal actions")
	}
}

func TestIntrigueBribeAgentNeedsTarget(t *testing.T) {
	// Round start: no opponent's agent on the board.
	s := intrigueGame(t, 3)
	intrigueHand(t, &s, 0, "bribe-agent")
	h1 := intrigueHarbor(t, &s)
	intrigueRefused(t, s, PlaceAgent{0, h1}, SpaceUnavailable)
	if intrigueLegal(s, PlaceAgent{0, h1}) {
		t.Error("the Harbor is legal with only an unplayable Bribe Agent")
	}
	h := intrigueHand(t, &s, 0, "bribe-agent", "call-in-a-favor", "good-faith")
	s = apply(t, s, PlaceAgent{0, h1})
	intriguePending(t, s, PlayIntrigueDecision, 0)
	intrigueRefused(t, s, PlayIntrigue{0, IntrigueID(h[0])}, CardNotPlayable)
}

func TestIntrigueFreeDrinksTakesOneAdventurerFromChosenOpponent(t *testing.T) {
	s := intrigueGame(t, 3)
	h := intrigueHand(t, &s, 0, "free-drinks")
	setTavern(&s, 1, 0, 0, 1, 0, 5)
	setTavern(&s, 2, 2, 0, 0, 1, 6)
	want := factsOf(s)
	s = intriguePlay(t, s, 0, h[0])
	intriguePending(t, s, ChoosePlayerDecision, 0)
	intrigueRefused(t, s, ChoosePlayer{0, 0}, NoSuchPlayer)
	s = apply(t, s, ChoosePlayer{0, 2})
	intriguePending(t, s, ChooseAdventurersDecision, 0)
	intrigueRefused(t, s, ChooseResources{0, Pick{Rogue: 1}}, BadPick)  // p2 has no rogue
	intrigueRefused(t, s, ChooseResources{0, Pick{Cleric: 2}}, BadPick) // only one
	s = apply(t, s, ChooseResources{0, Pick{Wizard: 1}})
	want.Players[0].Pool--
	want.Players[0].Hand = nil
	want.Players[2].Tavern[Wizard] = 0
	want.Players[0].Tavern[Wizard] = 1
	want.ToAct = 1
	intrigueCheck(t, "after Free Drinks! on p2", want, s)
}

func TestIntrigueFreeDrinksSkipsOpponentsWithoutAdventurers(t *testing.T) {
	s := intrigueGame(t, 3)
	h := intrigueHand(t, &s, 0, "free-drinks")
	setTavern(&s, 2, 1, 1, 0, 0, 6)
	s = intriguePlay(t, s, 0, h[0])
	// p1 has nothing, so p2 is the only target: the engine chooses it.
	intriguePending(t, s, ChooseAdventurersDecision, 0)
	s = apply(t, s, ChooseResources{0, Pick{Fighter: 1}})
	if got := s.Tavern(2); got != [4]int{1, 0, 0, 0} {
		t.Errorf("p2's tavern %v, want one cleric left", got)
	}
	if got := s.Tavern(0); got != [4]int{0, 1, 0, 0} {
		t.Errorf("p0's tavern %v, want one fighter", got)
	}
}

func TestIntrigueFreeDrinksNotPlayableWhenNoOpponentHasAdventurers(t *testing.T) {
	s := intrigueGame(t, 3)
	intrigueHand(t, &s, 0, "free-drinks")
	setTavern(&s, 0, 2, 2, 2, 2, 4) // p0's own adventurers do not count
	intrigueRefused(t, s, PlaceAgent{0, intrigueHarbor(t, &s)}, SpaceUnavailable)
	h := intrigueHand(t, &s, 0, "free-drinks", "call-in-a-favor", "good-faith")
	s = apply(t, s, PlaceAgent{0, intrigueHarbor(t, &s)})
	intrigueRefused(t, s, PlayIntrigue{0, IntrigueID(h[0])}, CardNotPlayable)
}

// ---------------------------------------------------------------------
// Utilities

func TestIntrigueAcceleratePlansTakesBackHarborAgentAndAssignsTwo(t *testing.T) {
	s := intrigueGame(t, 3)
	h := intrigueHand(t, &s, 0, "accelerate-plans")
	harbor := intrigueHarbor(t, &s)
	want := factsOf(s)
	s = intriguePlay(t, s, 0, h[0])
	// The only Harbor agent is the one that played the card: taken back.
	if pl, _ := s.Occupants(harbor); len(pl) != 0 {
		t.Errorf("Harbor space 1 holds %v, want the agent taken back", pl)
	}
	intriguePending(t, s, PlaceAgentDecision, 0)
	intrigueRefused(t, s, PlaceAgent{1, space(t, &s, "field-of-triumph")}, NotYourTurn)
	s = apply(t, s, PlaceAgent{0, space(t, &s, "field-of-triumph")})
	intriguePending(t, s, PlaceAgentDecision, 0)
	s = apply(t, s, PlaceAgent{0, space(t, &s, "the-plinth")})
	want.Players[0].Pool -= 2
	want.Players[0].Hand = nil
	want.Players[0].Tavern[Fighter] += 2
	want.Players[0].Tavern[Cleric]++
	want.Supply[Fighter] -= 2
	want.Supply[Cleric]--
	want.ToAct = 1
	intrigueCheck(t, "after Accelerate Plans", want, s)
}

func TestIntrigueAcceleratePlansOnlyOneQuest(t *testing.T) {
	s := intrigueGame(t, 3)
	h := intrigueHand(t, &s, 0, "accelerate-plans")
	qs := intrigueSetQuests(t, &s, 0, "train-bladesingers", "domesticate-owlbears")
	setTavern(&s, 0, 1, 3, 0, 3, 4) // enough for both
	s = intriguePlay(t, s, 0, h[0])
	s = apply(t, s, PlaceAgent{0, space(t, &s, "auroras-realms-shop")})
	// No quest offer between the two assignments.
	intriguePending(t, s, PlaceAgentDecision, 0)
	s = apply(t, s, PlaceAgent{0, space(t, &s, "the-grinning-lion-tavern")})
	intriguePending(t, s, CompleteQuestDecision, 0)
	s = apply(t, s, CompleteQuest{0, QuestID(qs[0])})
	intriguePending(t, s, PlaceAgentDecision, 1)
	if got := intrigueQuests(&s, qs[1]); !slices.Equal(factsOf(s).Players[0].Active, got) {
		t.Errorf("p0's active quests %v, want %v", factsOf(s).Players[0].Active, got)
	}
}

func TestIntrigueBiddingWarDraftStartsWithPlayer(t *testing.T) {
	s := intrigueGame(t, 3)
	h := intrigueHand(t, &s, 0, "bidding-war")
	stackQuests(t, &s, "domesticate-owlbears", "raid-orc-stronghold", "prison-break")
	a, b, c := quest(t, &s, "domesticate-owlbears"), quest(t, &s, "raid-orc-stronghold"), quest(t, &s, "prison-break")
	deck, discard, _, _, _ := s.DeckSizes()
	want := factsOf(s)
	s = intriguePlay(t, s, 0, h[0])
	intriguePending(t, s, TakeQuestDecision, 0)
	intrigueRefused(t, s, TakeQuest{1, QuestID(a)}, NotYourTurn)
	intrigueRefused(t, s, TakeQuest{0, s.Cliffwatch()[0]}, NoSuchQuest)
	s = apply(t, s, TakeQuest{0, QuestID(b)})
	// The player to the left chooses next, while p0 waits.
	intriguePending(t, s, TakeQuestDecision, 1)
	if p, _ := s.ToAct(); p != 1 {
		t.Errorf("ToAct p%d, want p1", p)
	}
	intrigueRefused(t, s, TakeQuest{0, QuestID(a)}, NotYourTurn)
	intrigueRefused(t, s, TakeQuest{2, QuestID(a)}, NotYourTurn)
	intrigueRefused(t, s, TakeQuest{1, QuestID(b)}, NoSuchQuest)
	s = apply(t, s, TakeQuest{1, QuestID(c)})
	// p2 gets the last one.
	want.Players[0].Pool--
	want.Players[0].Hand = nil
	want.Players[0].Active = intrigueQuests(&s, b)
	want.Players[1].Active = intrigueQuests(&s, c)
	want.Players[2].Active = intrigueQuests(&s, a)
	want.ToAct = 1
	intrigueCheck(t, "after Bidding War", want, s)
	if d, di, _, _, _ := s.DeckSizes(); d != deck-3 || di != discard {
		t.Errorf("quest deck %d, discard %d; want %d, %d", d, di, deck-3, discard)
	}
}

func TestIntrigueBiddingWarFewerQuestsThanPlayers(t *testing.T) {
	s := intrigueGame(t, 4)
	h := intrigueHand(t, &s, 0, "bidding-war")
	a, b := quest(t, &s, "domesticate-owlbears"), quest(t, &s, "raid-orc-stronghold")
	detachQuest(&s, a)
	detachQuest(&s, b)
	// Only two quests left in the deck, none in the discard pile.
	s.questDeck[0], s.questDeck[1] = b, a
	s.questDeckLen = 2
	s.questDiscard = set128{}
	s = intriguePlay(t, s, 0, h[0])
	intriguePending(t, s, TakeQuestDecision, 0)
	s = apply(t, s, TakeQuest{0, QuestID(a)})
	// p1 takes the last one by itself; p2 and p3 get none.
	intriguePending(t, s, PlaceAgentDecision, 1)
	f := factsOf(s)
	if !slices.Equal(f.Players[0].Active, intrigueQuests(&s, a)) || !slices.Equal(f.Players[1].Active, intrigueQuests(&s, b)) ||
		f.Players[2].Active != nil || f.Players[3].Active != nil {
		t.Errorf("active quests %v %v %v %v", f.Players[0].Active, f.Players[1].Active, f.Players[2].Active, f.Players[3].Active)
	}
}

func TestIntrigueCallForAdventurersOpponentsChooseInOrder(t *testing.T) {
	s := intrigueGame(t, 3)
	h := intrigueHand(t, &s, 0, "call-for-adventurers")
	want := factsOf(s)
	s = intriguePlay(t, s, 0, h[0])
	intriguePending(t, s, ChooseAdventurersDecision, 0)
	if c := s.Pending().Count; c != 2 {
		t.Errorf("p0 chooses %d adventurers, want 2", c)
	}
	intrigueRefused(t, s, ChooseResources{0, Pick{Wizard: 1}}, BadPick)
	s = apply(t, s, ChooseResources{0, Pick{Cleric: 1, Wizard: 1}})
	intriguePending(t, s, ChooseAdventurersDecision, 1)
	if c := s.Pending().Count; c != 1 {
		t.Errorf("p1 chooses %d adventurers, want 1", c)
	}
	intrigueRefused(t, s, ChooseResources{2, Pick{Rogue: 1}}, NotYourTurn)
	intrigueRefused(t, s, ChooseResources{1, Pick{Rogue: 2}}, BadPick)
	s = apply(t, s, ChooseResources{1, Pick{Rogue: 1}})
	intriguePending(t, s, ChooseAdventurersDecision, 2)
	s = apply(t, s, ChooseResources{2, Pick{Fighter: 1}})
	want.Players[0].Pool--
	want.Players[0].Hand = nil
	want.Players[0].Tavern[Cleric]++
	want.Players[0].Tavern[Wizard]++
	want.Players[1].Tavern[Rogue]++
	want.Players[2].Tavern[Fighter]++
	want.Supply = [4]int{24, 24, 24, 24}
	want.ToAct = 1
	intrigueCheck(t, "after Call for Adventurers", want, s)
}

func TestIntrigueCallInAFavorEachOption(t *testing.T) {
	for _, tc := range []struct {
		pick  Pick
		cubes [4]int
		gold  int
	}{
		{Pick{Gold: 4}, [4]int{}, 4},
		{Pick{Fighter: 2}, [4]int{0, 2, 0, 0}, 0},
		{Pick{Rogue: 2}, [4]int{0, 0, 2, 0}, 0},
		{Pick{Wizard: 1}, [4]int{0, 0, 0, 1}, 0},
		{Pick{Cleric: 1}, [4]int{1, 0, 0, 0}, 0},
	} {
		t.Run(tc.pick.String(), func(t *testing.T) {
			s := intrigueGame(t, 3)
			h := intrigueHand(t, &s, 0, "call-in-a-favor")
			want := factsOf(s)
			s = intriguePlay(t, s, 0, h[0])
			intriguePending(t, s, ChooseOptionDecision, 0)
			intrigueRefused(t, s, ChooseResources{0, Pick{Gold: 3}}, BadPick)
			intrigueRefused(t, s, ChooseResources{0, Pick{Wizard: 2}}, BadPick)
			s = apply(t, s, ChooseResources{0, tc.pick})
			want.Players[0].Pool--
			want.Players[0].Hand = nil
			for k := range 4 {
				want.Players[0].Tavern[k] += tc.cubes[k]
				want.Supply[k] -= tc.cubes[k]
			}
			want.Players[0].Gold += tc.gold
			want.ToAct = 1
			intrigueCheck(t, "after Call in a Favor", want, s)
		})
	}
}

func TestIntrigueChangeOfPlansOwnQuestThenOpponentsMay(t *testing.T) {
	s := intrigueGame(t, 3)
	h := intrigueHand(t, &s, 0, "change-of-plans")
	q0 := intrigueSetQuests(t, &s, 0, "domesticate-owlbears", "raid-orc-stronghold")
	q1 := intrigueSetQuests(t, &s, 1, "prison-break")
	q2 := intrigueSetQuests(t, &s, 2, "train-bladesingers")
	want := factsOf(s)
	s = intriguePlay(t, s, 0, h[0])
	intriguePending(t, s, DiscardQuestDecision, 0)
	if s.Pending().Optional {
		t.Error("p0's discard is optional; Appendix 4: you must discard one of your own")
	}
	intrigueRefused(t, s, Decline{0}, NotOptional)
	intrigueRefused(t, s, DiscardQuest{0, QuestID(q1[0])}, NoSuchQuest)
	s = apply(t, s, DiscardQuest{0, QuestID(q0[1])})
	intriguePending(t, s, DiscardQuestDecision, 1)
	if !s.Pending().Optional {
		t.Error("p1's discard is not optional")
	}
	// Appendix 4: other players discard one of their own.
	intrigueRefused(t, s, DiscardQuest{1, QuestID(q2[0])}, NoSuchQuest)
	intrigueRefused(t, s, DiscardQuest{2, QuestID(q2[0])}, NotYourTurn)
	s = apply(t, s, DiscardQuest{1, QuestID(q1[0])})
	intriguePending(t, s, DiscardQuestDecision, 2)
	s = apply(t, s, Decline{2})
	want.Players[0].Pool--
	want.Players[0].Hand = nil
	want.Players[0].Active = intrigueQuests(&s, q0[0])
	want.Players[0].Score += 6
	want.Players[1].Active = nil
	want.Players[1].Score += 3
	want.ToAct = 1
	intrigueCheck(t, "after Change of Plans", want, s)
	if !s.questDiscard.has(q0[1]) || !s.questDiscard.has(q1[0]) || s.questDiscard.has(q2[0]) {
		t.Error("the quest discard pile does not hold exactly the two discarded quests")
	}
}

func TestIntrigueChangeOfPlansMandatoryQuestMayBeDiscarded(t *testing.T) {
	s := intrigueGame(t, 3)
	h := intrigueHand(t, &s, 0, "change-of-plans")
	q0 := intrigueSetQuests(t, &s, 0, "domesticate-owlbears")
	m0 := intrigueGiveMandatory(t, &s, 0, "quell-riots")
	m1 := intrigueGiveMandatory(t, &s, 1, "fend-off-bandits")
	want := factsOf(s)
	s = intriguePlay(t, s, 0, h[0])
	intriguePending(t, s, DiscardQuestDecision, 0)
	s = apply(t, s, DiscardMandatory{0, IntrigueID(m0)})
	intriguePending(t, s, DiscardQuestDecision, 1)
	s = apply(t, s, DiscardMandatory{1, IntrigueID(m1)})
	// p2 has no quest: passed over.
	want.Players[0].Pool--
	want.Players[0].Hand = nil
	want.Players[0].Mandatory = nil
	want.Players[0].Active = intrigueQuests(&s, q0[0])
	want.Players[0].Score += 6
	want.Players[1].Mandatory = nil
	want.Players[1].Score += 3
	want.ToAct = 1
	intrigueCheck(t, "after Change of Plans on mandatory quests", want, s)
	for _, m := range []uint8{m0, m1, h[0]} {
		if !s.intrigueDiscard.has(m) {
			t.Errorf("%s is not in the intrigue discard pile", s.c.Intrigue(IntrigueID(m)).ID)
		}
	}
}

func TestIntrigueChangeOfPlansNeedsOwnQuest(t *testing.T) {
	s := intrigueGame(t, 3)
	intrigueSetQuests(t, &s, 1, "prison-break") // an opponent's quest does not help
	intrigueHand(t, &s, 0, "change-of-plans")
	intrigueRefused(t, s, PlaceAgent{0, intrigueHarbor(t, &s)}, SpaceUnavailable)
	h := intrigueHand(t, &s, 0, "change-of-plans", "call-in-a-favor", "good-faith")
	s = apply(t, s, PlaceAgent{0, intrigueHarbor(t, &s)})
	intrigueRefused(t, s, PlayIntrigue{0, IntrigueID(h[0])}, CardNotPlayable)
}

func TestIntrigueGiftCards(t *testing.T) {
	for _, tc := range []struct {
		card        string
		kind        int // adventurer kind, or -1 for gold
		mine, yours int
	}{
		{"conscription", int(Fighter), 2, 1},
		{"crime-wave", int(Rogue), 2, 1},
		{"good-faith", int(Cleric), 2, 1},
		{"graduation-day", int(Wizard), 2, 1},
		{"spread-the-wealth", -1, 4, 2},
	} {
		t.Run(tc.card, func(t *testing.T) {
			s := intrigueGame(t, 3)
			h := intrigueHand(t, &s, 0, tc.card)
			want := factsOf(s)
			s = intriguePlay(t, s, 0, h[0])
			intriguePending(t, s, ChoosePlayerDecision, 0)
			intrigueRefused(t, s, ChoosePlayer{0, 0}, NoSuchPlayer)
			intrigueRefused(t, s, ChoosePlayer{0, 3}, NoSuchPlayer)
			s = apply(t, s, ChoosePlayer{0, 2})
			want.Players[0].Pool--
			want.Players[0].Hand = nil
			if tc.kind < 0 {
				want.Players[0].Gold += tc.mine
				want.Players[2].Gold += tc.yours
			} else {
				want.Players[0].Tavern[tc.kind] += tc.mine
				want.Players[2].Tavern[tc.kind] += tc.yours
				want.Supply[tc.kind] -= tc.mine + tc.yours
			}
			want.ToAct = 1
			intrigueCheck(t, "after "+tc.card, want, s)
		})
	}
}

func TestIntrigueRealEstateDealSwapsBuildings(t *testing.T) {
	s := intrigueGame(t, 3)
	h := intrigueHand(t, &s, 0, "real-estate-deal")
	giveTile(t, &s, 0, "caravan-court") // 2 fighters stacked on it
	giveTile(t, &s, 0, "dragon-tower")
	setForSale(t, &s, 2, "helmstar-warehouse", "the-stone-house", "northgate")
	refill := s.c.Building(BuildingID(s.tileStack[s.tileStackLen-1])).ID
	want := factsOf(s)
	s = intriguePlay(t, s, 0, h[0])
	intriguePending(t, s, ChooseBuildingDecision, 0)
	intrigueRefused(t, s, ChooseBuilding{0, BuildingID(tile(t, &s, "northgate"))}, NoSuchBuilding)
	s = apply(t, s, ChooseBuilding{0, BuildingID(tile(t, &s, "caravan-court"))})
	intriguePending(t, s, ChooseBuildingDecision, 0)
	intrigueRefused(t, s, ChooseBuilding{0, BuildingID(tile(t, &s, "dragon-tower"))}, NoSuchBuilding)
	s = apply(t, s, ChooseBuilding{0, BuildingID(tile(t, &s, "northgate"))})
	want.Players[0].Pool--
	want.Players[0].Hand = nil
	want.Players[0].Buildings = []string{"dragon-tower", "northgate"}
	want.Players[0].Score += 2 // the VP on the tile (reading 9)
	want.Supply[Fighter] += 2  // the fighters on Caravan Court (reading 9)
	want.ForSale = []string{"helmstar-warehouse", "the-stone-house", refill}
	want.ToAct = 1
	intrigueCheck(t, "after Real Estate Deal", want, s)
	if _, ok := s.Owner(BuildingID(tile(t, &s, "caravan-court"))); ok {
		t.Error("Caravan Court is still in play")
	}
	if n := s.Stock(BuildingID(tile(t, &s, "caravan-court"))); n != 0 {
		t.Errorf("Caravan Court still holds %d", n)
	}
}

func TestIntrigueRealEstateDealNotABuildingWithAnAgent(t *testing.T) {
	s := intrigueGame(t, 3)
	giveTile(t, &s, 0, "helmstar-warehouse")
	setForSale(t, &s, 0, "the-stone-house", "northgate", "dragon-tower")
	helm := SpaceID(s.c.TileSpace(BuildingID(tile(t, &s, "helmstar-warehouse"))))
	h := intrigueHand(t, &s, 0, "real-estate-deal", "call-in-a-favor", "good-faith")
	s = apply(t, s,
		PlaceAgent{0, space(t, &s, "auroras-realms-shop")},
		PlaceAgent{1, helm},
		PlaceAgent{2, space(t, &s, "the-plinth")})
	s = apply(t, s, PlaceAgent{0, intrigueHarbor(t, &s)})
	intriguePending(t, s, PlayIntrigueDecision, 0)
	intrigueRefused(t, s, PlayIntrigue{0, IntrigueID(h[0])}, CardNotPlayable)
}

func TestIntrigueRealEstateDealNeedsBuilding(t *testing.T) {
	s := intrigueGame(t, 3)
	giveTile(t, &s, 1, "helmstar-warehouse") // an opponent's building does not help
	h := intrigueHand(t, &s, 0, "real-estate-deal", "call-in-a-favor", "good-faith")
	s = apply(t, s, PlaceAgent{0, intrigueHarbor(t, &s)})
	intrigueRefused(t, s, PlayIntrigue{0, IntrigueID(h[0])}, CardNotPlayable)
}

func TestIntrigueRecallAgentReturnsAgentForReuse(t *testing.T) {
	s := intrigueGame(t, 3)
	h := intrigueHand(t, &s, 0, "recall-agent")
	field := space(t, &s, "field-of-triumph")
	s = apply(t, s,
		PlaceAgent{0, field},
		PlaceAgent{1, space(t, &s, "the-plinth")},
		PlaceAgent{2, space(t, &s, "auroras-realms-shop")})
	want := factsOf(s)
	s = intriguePlay(t, s, 0, h[0])
	intriguePending(t, s, ChooseSpaceDecision, 0)
	intrigueRefused(t, s, ChooseSpace{0, space(t, &s, "the-plinth")}, NoSuchSpace)
	s = apply(t, s, ChooseSpace{0, field})
	want.Players[0].Hand = nil // pool: one out to the Harbor, one back
	want.ToAct = 1
	intrigueCheck(t, "after Recall Agent", want, s)
	if pl, _ := s.Occupants(field); len(pl) != 0 {
		t.Errorf("Field of Triumph holds %v after Recall Agent", pl)
	}
	// The agent may be assigned again this round, even to the same space.
	s = apply(t, s,
		PlaceAgent{1, space(t, &s, "blackstaff-tower")},
		PlaceAgent{2, space(t, &s, "the-grinning-lion-tavern")},
		PlaceAgent{0, field})
	if got := s.Tavern(0)[Fighter]; got != 4 {
		t.Errorf("p0 has %d fighters, want 4", got)
	}
}

func TestIntrigueGiveForVPCards(t *testing.T) {
	for _, tc := range []struct {
		card      string
		kind      int // -1: gold
		gain, vp  int
		give      int
		lackGold  int
		haveGold  int
		haveCubes [4]int
	}{
		{"recruit-spies", int(Rogue), 2, 3, 1, 5, 5, [4]int{0, 0, 2, 0}},
		{"request-assistance", int(Fighter), 2, 3, 1, 5, 5, [4]int{0, 2, 0, 0}},
		{"research-agreement", int(Wizard), 1, 5, 1, 5, 5, [4]int{0, 0, 0, 2}},
		{"summon-the-faithful", int(Cleric), 1, 5, 1, 5, 5, [4]int{2, 0, 0, 0}},
		{"tax-collection", -1, 4, 4, 4, 3, 5, [4]int{1, 1, 1, 1}},
	} {
		t.Run(tc.card, func(t *testing.T) {
			s := intrigueGame(t, 4)
			h := intrigueHand(t, &s, 0, tc.card)
			hc := tc.haveCubes
			setTavern(&s, 1, hc[0], hc[1], hc[2], hc[3], tc.haveGold)
			setTavern(&s, 2, 0, 0, 0, 0, tc.lackGold) // cannot give: never asked
			if tc.kind >= 0 {
				var other [4]int
				other[(tc.kind+1)%4] = 3
				setTavern(&s, 2, other[0], other[1], other[2], other[3], tc.lackGold)
			}
			setTavern(&s, 3, hc[0], hc[1], hc[2], hc[3], tc.haveGold)
			want := factsOf(s)
			s = intriguePlay(t, s, 0, h[0])
			intriguePending(t, s, RespondDecision, 1)
			intrigueRefused(t, s, Respond{3, true}, NotYourTurn)
			intrigueRefused(t, s, Respond{0, true}, NotYourTurn)
			s = apply(t, s, Respond{1, true})
			// p2 lacks what is asked and is passed over.
			intriguePending(t, s, RespondDecision, 3)
			s = apply(t, s, Respond{3, false})
			want.Players[0].Pool--
			want.Players[0].Hand = nil
			want.Players[1].Score += tc.vp
			if tc.kind < 0 {
				want.Players[0].Gold += tc.gain + tc.give
				want.Players[1].Gold -= tc.give
			} else {
				want.Players[0].Tavern[tc.kind] += tc.gain + tc.give
				want.Supply[tc.kind] -= tc.gain
				want.Players[1].Tavern[tc.kind] -= tc.give
			}
			want.ToAct = 1
			intrigueCheck(t, "after "+tc.card, want, s)
		})
	}
}

func TestIntrigueTaxCollectionNoOpponentCanPay(t *testing.T) {
	s := intrigueGame(t, 3)
	h := intrigueHand(t, &s, 0, "tax-collection")
	setTavern(&s, 1, 0, 0, 0, 0, 3)
	setTavern(&s, 2, 0, 0, 0, 0, 0)
	want := factsOf(s)
	s = intriguePlay(t, s, 0, h[0])
	want.Players[0].Pool--
	want.Players[0].Hand = nil
	want.Players[0].Gold += 4
	want.ToAct = 1
	intrigueCheck(t, "after Tax Collection with nobody able to pay", want, s)
}

func TestIntrigueSampleWaresVisitsBuildingForSale(t *testing.T) {
	s := intrigueGame(t, 3)
	h := intrigueHand(t, &s, 0, "sample-wares")
	setForSale(t, &s, 1, "helmstar-warehouse", "the-golden-horn", "house-of-the-moon")
	helm := tile(t, &s, "helmstar-warehouse")
	want := factsOf(s)
	s = intriguePlay(t, s, 0, h[0])
	intriguePending(t, s, ChooseBuildingDecision, 0)
	intrigueRefused(t, s, ChooseBuilding{0, BuildingID(tile(t, &s, "the-zoarstar"))}, NoSuchBuilding)
	s = apply(t, s, ChooseBuilding{0, BuildingID(helm)})
	want.Players[0].Pool -= 2 // the Harbor agent and the visiting agent
	want.Players[0].Hand = nil
	want.Players[0].Tavern[Rogue] += 2
	want.Supply[Rogue] -= 2
	want.Players[0].Gold += 2
	want.ToAct = 1
	intrigueCheck(t, "after Sample Wares at Helmstar Warehouse", want, s)
	if pl, _ := s.Occupants(s.c.TileSpace(BuildingID(helm))); !slices.Equal(pl, []PlayerID{0}) {
		t.Errorf("Helmstar Warehouse holds %v, want p0's agent", pl)
	}
	if vp := forSaleVP(s); !slices.Equal(vp, []int{1, 1, 1}) {
		t.Errorf("VP on the tiles for sale %v, want unchanged", vp)
	}
}

func TestIntrigueSampleWaresSecondCannotUseOccupiedTile(t *testing.T) {
	s := intrigueGame(t, 3)
	h0 := intrigueHand(t, &s, 0, "sample-wares")
	h1 := intrigueHand(t, &s, 1, "sample-wares")
	setForSale(t, &s, 1, "helmstar-warehouse", "the-golden-horn", "house-of-the-moon")
	helm := tile(t, &s, "helmstar-warehouse")
	s = intriguePlay(t, s, 0, h0[0])
	s = apply(t, s, ChooseBuilding{0, BuildingID(helm)})
	s = intriguePlay(t, s, 1, h1[0])
	intriguePending(t, s, ChooseBuildingDecision, 1)
	// Appendix 4: not a building that already has an agent on it.
	intrigueRefused(t, s, ChooseBuilding{1, BuildingID(helm)}, SpaceOccupied)
	if intrigueLegal(s, ChooseBuilding{1, BuildingID(helm)}) {
		t.Error("the occupied Helmstar Warehouse is a legal Sample Wares target")
	}
	want := factsOf(s)
	s = apply(t, s, ChooseBuilding{1, BuildingID(tile(t, &s, "the-golden-horn"))})
	// Reading 11: an accumulating tile for sale holds nothing.
	want.Players[1].Pool--
	want.ToAct = 2
	want.Pending = PlaceAgentDecision
	intrigueCheck(t, "after the second Sample Wares at The Golden Horn", want, s)
}

func TestIntrigueSampleWaresNotPlayableWhenOnlyOccupiedTiles(t *testing.T) {
	s := intrigueGame(t, 3)
	h0 := intrigueHand(t, &s, 0, "sample-wares")
	h1 := intrigueHand(t, &s, 1, "sample-wares", "call-in-a-favor", "good-faith")
	setForSale(t, &s, 1, "helmstar-warehouse")
	s.forSale[1], s.forSale[2] = none, none // the stack ran out
	s = intriguePlay(t, s, 0, h0[0])        // p0 visits Helmstar Warehouse, the only tile
	s = apply(t, s, PlaceAgent{1, intrigueHarbor(t, &s)})
	intriguePending(t, s, PlayIntrigueDecision, 1)
	intrigueRefused(t, s, PlayIntrigue{1, IntrigueID(h1[0])}, CardNotPlayable)
}

func TestIntrigueSampleWaresBoughtBuildingStaysOccupied(t *testing.T) {
	s := intrigueGame(t, 3)
	h0 := intrigueHand(t, &s, 0, "sample-wares", "recall-agent")
	setForSale(t, &s, 1, "helmstar-warehouse", "the-golden-horn", "house-of-the-moon")
	helm := tile(t, &s, "helmstar-warehouse")
	hsp := s.c.TileSpace(BuildingID(helm))
	s = intriguePlay(t, s, 0, h0[0])
	s = apply(t, s, ChooseBuilding{0, BuildingID(helm)})
	// p1 buys Helmstar Warehouse with p0's agent on it.
	s = apply(t, s, PlaceAgent{1, space(t, &s, "builders-hall")})
	intriguePending(t, s, ChooseBuildingDecision, 1)
	s = apply(t, s, ChooseBuilding{1, BuildingID(helm)})
	if o, ok := s.Owner(BuildingID(helm)); !ok || o != 1 {
		t.Fatalf("Helmstar Warehouse owner %v %v, want p1", o, ok)
	}
	// Appendix 4: its space stays occupied until that agent is removed.
	if pl, _ := s.Occupants(hsp); !slices.Equal(pl, []PlayerID{0}) {
		t.Errorf("Helmstar Warehouse holds %v, want p0's agent", pl)
	}
	intriguePending(t, s, PlaceAgentDecision, 2)
	intrigueRefused(t, s, PlaceAgent{2, hsp}, SpaceOccupied)
	s = apply(t, s, PlaceAgent{2, space(t, &s, "the-plinth")})
	// p0 recalls the agent from Helmstar Warehouse: the space is free.
	s = intriguePlay(t, s, 0, h0[1])
	intriguePending(t, s, ChooseSpaceDecision, 0)
	s = apply(t, s, ChooseSpace{0, hsp})
	s = apply(t, s, PlaceAgent{1, space(t, &s, "auroras-realms-shop")})
	rogues := s.Tavern(1)[Rogue]
	s = apply(t, s, PlaceAgent{2, hsp})
	if got := s.Tavern(1)[Rogue]; got != rogues+1 {
		t.Errorf("owner p1 has %d rogues, want %d (owner benefit)", got, rogues+1)
	}
}

func TestIntrigueSampleWaresNeedsFreeAgent(t *testing.T) {
	s := intrigueGame(t, 3)
	setForSale(t, &s, 1, "helmstar-warehouse", "the-golden-horn", "house-of-the-moon")
	h := intrigueHand(t, &s, 0, "sample-wares", "call-in-a-favor", "good-faith")
	s = apply(t, s,
		PlaceAgent{0, space(t, &s, "auroras-realms-shop")},
		PlaceAgent{1, space(t, &s, "the-plinth")},
		PlaceAgent{2, space(t, &s, "field-of-triumph")},
		PlaceAgent{0, space(t, &s, "blackstaff-tower")},
		PlaceAgent{1, space(t, &s, "the-grinning-lion-tavern")},
		PlaceAgent{2, space(t, &s, "castle-waterdeep")})
	intriguePending(t, s, PlaceAgentDecision, 0)
	if _, pool := s.Agents(0); pool != 1 {
		t.Fatalf("p0's pool %d, want 1", pool)
	}
	// The last agent goes to the Harbor: none is left to visit a tile.
	s = apply(t, s, PlaceAgent{0, intrigueHarbor(t, &s)})
	intriguePending(t, s, PlayIntrigueDecision, 0)
	intrigueRefused(t, s, PlayIntrigue{0, IntrigueID(h[0])}, CardNotPlayable)
}

func TestIntrigueSpecialAssignmentRevealsUntilType(t *testing.T) {
	for _, tc := range []struct {
		name      string
		qt        QuestType
		keep      string
		discarded []string
	}{
		{"top card matches", Arcana, "domesticate-owlbears", nil},
		{"third card matches", Skullduggery, "prison-break", []string{"domesticate-owlbears", "raid-orc-stronghold"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s := intrigueGame(t, 3)
			h := intrigueHand(t, &s, 0, "special-assignment")
			stackQuests(t, &s, "domesticate-owlbears", "raid-orc-stronghold", "prison-break", "create-a-shrine-to-oghma")
			deck, discard, _, _, _ := s.DeckSizes()
			want := factsOf(s)
			s = intriguePlay(t, s, 0, h[0])
			intriguePending(t, s, ChooseQuestTypeDecision, 0)
			intrigueRefused(t, s, ChooseQuestType{0, QuestType(NumQuestTypes)}, WrongDecision)
			s = apply(t, s, ChooseQuestType{0, tc.qt})
			want.Players[0].Pool--
			want.Players[0].Hand = nil
			want.Players[0].Active = []string{tc.keep}
			want.ToAct = 1
			intrigueCheck(t, "after Special Assignment", want, s)
			n := len(tc.discarded)
			if d, di, _, _, _ := s.DeckSizes(); d != deck-n-1 || di != discard+n {
				t.Errorf("quest deck %d, discard %d; want %d, %d", d, di, deck-n-1, discard+n)
			}
			for _, id := range tc.discarded {
				if !s.questDiscard.has(quest(t, &s, id)) {
					t.Errorf("%s is not in the quest discard pile", id)
				}
			}
		})
	}
}

// ---------------------------------------------------------------------
// Mandatory quests

func TestIntrigueMandatoryQuests(t *testing.T) {
	for _, tc := range []struct {
		card string
		req  [4]int // cleric, fighter, rogue, wizard
		vp   int
	}{
		{"fend-off-bandits", [4]int{0, 2, 0, 1}, 2},
		{"foil-the-zhentarim", [4]int{0, 1, 1, 1}, 2},
		{"placate-angry-merchants", [4]int{1, 1, 0, 1}, 4},
		{"quell-riots", [4]int{2, 1, 0, 0}, 4},
		{"repel-drow-invaders", [4]int{1, 0, 2, 0}, 2},
		{"stamp-out-cultists", [4]int{1, 1, 1, 0}, 2},
	} {
		t.Run(tc.card, func(t *testing.T) {
			s := intrigueGame(t, 3)
			h := intrigueHand(t, &s, 0, tc.card)
			q := intrigueSetQuests(t, &s, 2, "form-an-alliance-with-the-rashemi")
			// p2 can pay both the mandatory quest and its own quest.
			r := tc.req
			setTavern(&s, 2, r[0]+2, r[1], r[2], r[3]+1, 6)
			_, _, _, discard, _ := s.DeckSizes()
			want := factsOf(s)
			s = intriguePlay(t, s, 0, h[0])
			intriguePending(t, s, ChoosePlayerDecision, 0)
			intrigueRefused(t, s, ChoosePlayer{0, 0}, NoSuchPlayer)
			s = apply(t, s, ChoosePlayer{0, 2})
			want.Players[0].Pool--
			want.Players[0].Hand = nil
			want.Players[2].Mandatory = []string{tc.card}
			want.ToAct = 1
			intrigueCheck(t, "after playing "+tc.card+" on p2", want, s)
			if _, _, _, d, _ := s.DeckSizes(); d != discard {
				t.Errorf("intrigue discard %d, want %d: the card is in front of p2", d, discard)
			}

			s = apply(t, s,
				PlaceAgent{1, space(t, &s, "field-of-triumph")},
				PlaceAgent{2, space(t, &s, "auroras-realms-shop")})
			intriguePending(t, s, CompleteQuestDecision, 2)
			intrigueRefused(t, s, CompleteQuest{2, QuestID(q[0])}, MandatoryQuestFirst)
			if intrigueLegal(s, CompleteQuest{2, QuestID(q[0])}) {
				t.Error("p2 may complete another quest before the mandatory one")
			}
			want = factsOf(s)
			s = apply(t, s, CompleteMandatory{2, IntrigueID(h[0])})
			want.Players[2].Mandatory = nil
			want.Players[2].Score += tc.vp
			for k := range 4 {
				want.Players[2].Tavern[k] -= r[k]
				want.Supply[k] += r[k]
			}
			want.ToAct = 0 // one quest per turn
			want.Pending = PlaceAgentDecision
			intrigueCheck(t, "after completing "+tc.card, want, s)
			if !s.intrigueDiscard.has(h[0]) {
				t.Errorf("%s is not in the intrigue discard pile", tc.card)
			}
			// With the mandatory quest done, p2 may complete its own.
			s = apply(t, s,
				PlaceAgent{0, space(t, &s, "the-plinth")},
				PlaceAgent{1, space(t, &s, "blackstaff-tower")},
				PlaceAgent{2, space(t, &s, "the-grinning-lion-tavern")})
			intriguePending(t, s, CompleteQuestDecision, 2)
			if !intrigueLegal(s, CompleteQuest{2, QuestID(q[0])}) {
				t.Error("p2 may not complete its quest after the mandatory one")
			}
		})
	}
}

func TestIntrigueMandatoryQuestWithoutResourcesBlocksOtherQuests(t *testing.T) {
	s := intrigueGame(t, 3)
	m := intrigueGiveMandatory(t, &s, 1, "quell-riots")
	q := intrigueSetQuests(t, &s, 1, "train-bladesingers")
	setTavern(&s, 1, 0, 3, 0, 1, 5) // enough for Train Bladesingers, not Quell Riots
	s = apply(t, s, PlaceAgent{0, space(t, &s, "auroras-realms-shop")})
	// p1 could complete Train Bladesingers, but not while Quell Riots is there;
	// the only answer is to skip, so the engine passes the offer.
	s = apply(t, s, PlaceAgent{1, space(t, &s, "field-of-triumph")})
	intriguePending(t, s, PlaceAgentDecision, 2)
	f := factsOf(s)
	if !slices.Equal(f.Players[1].Active, intrigueQuests(&s, q[0])) || !slices.Equal(f.Players[1].Mandatory, intrigueCards(&s, m)) {
		t.Errorf("p1's quests %v, mandatory %v", f.Players[1].Active, f.Players[1].Mandatory)
	}
}

func TestIntrigueMandatoryQuestHarborAlwaysPlayable(t *testing.T) {
	s := intrigueGame(t, 2)
	h := intrigueHand(t, &s, 0, "stamp-out-cultists")
	s = intriguePlay(t, s, 0, h[0])
	// Two players: the only opponent is chosen by the engine.
	if got := factsOf(s).Players[1].Mandatory; !slices.Equal(got, []string{"stamp-out-cultists"}) {
		t.Errorf("p1's mandatory quests %v", got)
	}
	intriguePending(t, s, PlaceAgentDecision, 1)
}

// ---------------------------------------------------------------------
// Legality and errors

func TestIntrigueHarborNeedsPlayableCard(t *testing.T) {
	s := intrigueGame(t, 3)
	h1 := space(t, &s, "waterdeep-harbor/1")
	intrigueRefused(t, s, PlaceAgent{0, h1}, SpaceUnavailable) // no card at all
	if intrigueLegal(s, PlaceAgent{0, h1}) {
		t.Error("the Harbor is legal with an empty hand")
	}
	intrigueHand(t, &s, 0, "free-drinks", "bribe-agent") // neither can be carried out
	intrigueRefused(t, s, PlaceAgent{0, h1}, SpaceUnavailable)
	intrigueHand(t, &s, 0, "free-drinks", "bribe-agent", "good-faith")
	if !intrigueLegal(s, PlaceAgent{0, h1}) {
		t.Error("the Harbor is not legal with Good Faith in hand")
	}
	// Harbor spaces are filled in order.
	intrigueRefused(t, s, PlaceAgent{0, space(t, &s, "waterdeep-harbor/2")}, SpaceUnavailable)
	s = apply(t, s, PlaceAgent{0, h1})
	// Only Good Faith can be played: the engine plays it.
	intriguePending(t, s, ChoosePlayerDecision, 0)
}

func TestIntrigueOnlyPlayableCardsOffered(t *testing.T) {
	s := intrigueGame(t, 3)
	h := intrigueHand(t, &s, 0, "free-drinks", "good-faith", "tax-collection")
	s = apply(t, s, PlaceAgent{0, intrigueHarbor(t, &s)})
	intriguePending(t, s, PlayIntrigueDecision, 0)
	want := []Action{PlayIntrigue{0, IntrigueID(h[1])}, PlayIntrigue{0, IntrigueID(h[2])}}
	slices.SortFunc(want, func(a, b Action) int { return int(EncodeMove(a)) - int(EncodeMove(b)) })
	if got := s.LegalActions(); !slices.Equal(got, want) {
		t.Errorf("legal actions %v, want %v", got, want)
	}
	intrigueRefused(t, s, PlayIntrigue{0, IntrigueID(h[0])}, CardNotPlayable)
	intrigueRefused(t, s, Decline{0}, NotOptional)
}

func TestIntrigueErrorsLeaveStateUnchanged(t *testing.T) {
	s := intrigueGame(t, 3)
	h := intrigueHand(t, &s, 0, "good-faith", "crime-wave")
	h1 := intrigueHand(t, &s, 1, "conscription")
	s = apply(t, s, PlaceAgent{0, intrigueHarbor(t, &s)})
	intriguePending(t, s, PlayIntrigueDecision, 0)
	intrigueRefused(t, s, PlayIntrigue{1, IntrigueID(h1[0])}, NotYourTurn)
	intrigueRefused(t, s, PlayIntrigue{1, IntrigueID(h[0])}, NotYourTurn)
	intrigueRefused(t, s, TakeQuest{0, s.Cliffwatch()[0]}, WrongDecision)
	intrigueRefused(t, s, PlaceAgent{0, space(t, &s, "the-plinth")}, WrongDecision)
	intrigueRefused(t, s, ChoosePlayer{0, 1}, WrongDecision)
	intrigueRefused(t, s, PlayIntrigue{0, IntrigueID(h1[0])}, NoSuchCard)
	s = apply(t, s, PlayIntrigue{0, IntrigueID(h[1])})
	intriguePending(t, s, ChoosePlayerDecision, 0)
	intrigueRefused(t, s, PlayIntrigue{0, IntrigueID(h[0])}, WrongDecision)
	intrigueRefused(t, s, ChoosePlayer{1, 2}, NotYourTurn)
	intrigueRefused(t, s, ChooseResources{0, Pick{Rogue: 1}}, WrongDecision)
}

// intrigueFinishRound answers every decision with its first legal action
// until round 2 starts, counting the Harbor reassignments of each player.
func intrigueFinishRound(t *testing.T, s State) (State, map[PlayerID]int) {
	t.Helper()
	reassigned := map[PlayerID]int{}
	for range 200 {
		if s.Round() != 1 {
			return s, reassigned
		}
		d := s.Pending()
		if d.Kind == PlaceAgentDecision && d.Reassign {
			reassigned[d.Player]++
		}
		acts := s.LegalActions()
		if len(acts) == 0 {
			t.Fatalf("no legal action (pending %+v)", d)
		}
		s = apply(t, s, acts[0])
	}
	t.Fatal("round 1 did not end")
	return s, nil
}

func TestIntrigueBribeAgentCopyingHarborAddsNoReassignment(t *testing.T) {
	s := intrigueGame(t, 3)
	h0 := intrigueHand(t, &s, 0, "bribe-agent", "crime-wave")
	h1 := intrigueHand(t, &s, 1, "good-faith")
	harbor1 := space(t, &s, "waterdeep-harbor/1")
	s = apply(t, s, PlaceAgent{0, space(t, &s, "auroras-realms-shop")})
	s = intriguePlay(t, s, 1, h1[0])
	s = apply(t, s, ChoosePlayer{1, 2}, PlaceAgent{2, space(t, &s, "the-plinth")})
	gold := s.Gold(0)
	s = apply(t, s, PlaceAgent{0, intrigueHarbor(t, &s)})
	intriguePending(t, s, PlayIntrigueDecision, 0)
	s = apply(t, s, PlayIntrigue{0, IntrigueID(h0[0])})
	intriguePending(t, s, ChooseSpaceDecision, 0)
	s = apply(t, s, ChooseSpace{0, harbor1})
	// Copying the Harbor plays a card: Crime Wave, the only one left.
	intriguePending(t, s, ChoosePlayerDecision, 0)
	s = apply(t, s, ChoosePlayer{0, 1})
	if got := s.Tavern(0)[Rogue]; got != 2 || s.Gold(0) != gold-2 {
		t.Errorf("p0 has %d rogues and %d gold, want 2 and %d", got, s.Gold(0), gold-2)
	}
	if !s.intrigueDiscard.has(h0[0]) || !s.intrigueDiscard.has(h0[1]) {
		t.Error("Bribe Agent and Crime Wave are not both discarded")
	}
	// Reading 8: p0's one Harbor agent is reassigned once, p1's once.
	_, re := intrigueFinishRound(t, s)
	if re[0] != 1 || re[1] != 1 || re[2] != 0 {
		t.Errorf("reassignments %v, want p0 1, p1 1", re)
	}
}

func TestIntrigueBribeAgentHarborTargetNeedsAnotherCard(t *testing.T) {
	s := intrigueGame(t, 3)
	h0 := intrigueHand(t, &s, 0, "bribe-agent")
	h1 := intrigueHand(t, &s, 1, "good-faith")
	s = apply(t, s, PlaceAgent{0, space(t, &s, "auroras-realms-shop")})
	s = intriguePlay(t, s, 1, h1[0])
	s = apply(t, s, ChoosePlayer{1, 2}, PlaceAgent{2, space(t, &s, "the-plinth")},
		PlaceAgent{0, space(t, &s, "blackstaff-tower")},
		PlaceAgent{1, space(t, &s, "field-of-triumph")},
		PlaceAgent{2, space(t, &s, "the-grinning-lion-tavern")})
	s = intriguePlay(t, s, 0, h0[0])
	intriguePending(t, s, ChooseSpaceDecision, 0)
	// p0 holds no other card, so the Harbor space is no usable target.
	intrigueRefused(t, s, ChooseSpace{0, space(t, &s, "waterdeep-harbor/1")}, SpaceUnavailable)
}

func TestIntrigueAcceleratePlansChoosesWhichHarborAgent(t *testing.T) {
	s := intrigueGame(t, 3)
	h := intrigueHand(t, &s, 0, "good-faith", "accelerate-plans")
	harbor1 := space(t, &s, "waterdeep-harbor/1")
	harbor2 := space(t, &s, "waterdeep-harbor/2")
	s = apply(t, s, PlaceAgent{0, harbor1})
	intriguePending(t, s, PlayIntrigueDecision, 0)
	s = apply(t, s, PlayIntrigue{0, IntrigueID(h[0])}, ChoosePlayer{0, 1},
		PlaceAgent{1, space(t, &s, "the-plinth")},
		PlaceAgent{2, space(t, &s, "auroras-realms-shop")})
	s = intriguePlay(t, s, 0, h[1])
	intriguePending(t, s, ChooseSpaceDecision, 0)
	intrigueRefused(t, s, ChooseSpace{0, space(t, &s, "the-plinth")}, NoSuchSpace)
	s = apply(t, s, ChooseSpace{0, harbor1})
	if pl, _ := s.Occupants(harbor1); len(pl) != 0 {
		t.Errorf("Harbor space 1 holds %v", pl)
	}
	if pl, _ := s.Occupants(harbor2); !slices.Equal(pl, []PlayerID{0}) {
		t.Errorf("Harbor space 2 holds %v, want p0", pl)
	}
	if _, pool := s.Agents(0); pool != 2 {
		t.Errorf("p0's pool %d, want 2", pool)
	}
	s = apply(t, s, PlaceAgent{0, space(t, &s, "field-of-triumph")}, PlaceAgent{0, space(t, &s, "blackstaff-tower")})
	intriguePending(t, s, PlaceAgentDecision, 1)
	if _, pool := s.Agents(0); pool != 0 {
		t.Errorf("p0's pool %d, want 0", pool)
	}
}

func TestIntrigueSampleWaresTileMustBeUsable(t *testing.T) {
	s := intrigueGame(t, 3)
	h := intrigueHand(t, &s, 0, "sample-wares")
	setForSale(t, &s, 1, "house-of-wonder", "helmstar-warehouse", "the-golden-horn")
	wonder := BuildingID(tile(t, &s, "house-of-wonder"))
	s.players[0].gold = 1
	s = intriguePlay(t, s, 0, h[0])
	intriguePending(t, s, ChooseBuildingDecision, 0)
	// House of Wonder needs 2 gold.
	intrigueRefused(t, s, ChooseBuilding{0, wonder}, SpaceUnavailable)
}

func TestIntrigueSampleWaresPaysAndNoOwnerBenefit(t *testing.T) {
	s := intrigueGame(t, 3)
	h := intrigueHand(t, &s, 0, "sample-wares")
	setForSale(t, &s, 1, "house-of-wonder", "helmstar-warehouse", "the-golden-horn")
	wonder := BuildingID(tile(t, &s, "house-of-wonder"))
	want := factsOf(s)
	s = intriguePlay(t, s, 0, h[0])
	s = apply(t, s, ChooseBuilding{0, wonder})
	intriguePending(t, s, ChooseAdventurersDecision, 0)
	intrigueRefused(t, s, ChooseResources{0, Pick{Fighter: 2}}, BadPick)
	s = apply(t, s, ChooseResources{0, Pick{Cleric: 1, Wizard: 1}})
	want.Players[0].Pool -= 2
	want.Players[0].Hand = nil
	want.Players[0].Gold -= 2
	want.Players[0].Tavern[Cleric]++
	want.Players[0].Tavern[Wizard]++
	want.Supply[Cleric]--
	want.Supply[Wizard]--
	want.ToAct = 1
	intrigueCheck(t, "after Sample Wares at House of Wonder", want, s)
}

func TestIntrigueSpecialAssignmentNoQuestOfType(t *testing.T) {
	s := intrigueGame(t, 3)
	h := intrigueHand(t, &s, 0, "special-assignment")
	a, b := quest(t, &s, "domesticate-owlbears"), quest(t, &s, "prison-break")
	detachQuest(&s, a)
	detachQuest(&s, b)
	s.questDeck[0], s.questDeck[1] = b, a
	s.questDeckLen = 2
	s.questDiscard = set128{}
	s = intriguePlay(t, s, 0, h[0])
	s = apply(t, s, ChooseQuestType{0, Warfare})
	intriguePending(t, s, PlaceAgentDecision, 1)
	if got := s.ActiveQuests(0); len(got) != 0 {
		t.Errorf("p0 kept %v, want nothing (reading 19)", got)
	}
	if d, di, _, _, _ := s.DeckSizes(); d != 0 || di != 2 {
		t.Errorf("quest deck %d, discard %d; want 0, 2", d, di)
	}
}

func TestIntrigueChangeOfPlansSingleQuestAndNoOpponentQuests(t *testing.T) {
	s := intrigueGame(t, 3)
	h := intrigueHand(t, &s, 0, "change-of-plans")
	q := intrigueSetQuests(t, &s, 0, "prison-break")
	want := factsOf(s)
	s = intriguePlay(t, s, 0, h[0])
	// One quest: the engine discards it; nobody else has one.
	want.Players[0].Pool--
	want.Players[0].Hand = nil
	want.Players[0].Active = nil
	want.Players[0].Score += 6
	want.ToAct = 1
	intrigueCheck(t, "after Change of Plans", want, s)
	if !s.questDiscard.has(q[0]) {
		t.Error("Prison Break is not in the quest discard pile")
	}
}

// Bribe Agent's 2 gold are paid before the copied space resolves, so a
// space that needs gold must be affordable with what is left (reading 16:
// a card is playable only if its effect can be carried out).
func TestIntrigueBribeAgentCopiedSpaceMustBeAffordableAfterPaying(t *testing.T) {
	s := intrigueGame(t, 2)
	setForSale(t, &s, 0, "helmstar-warehouse", "dragon-tower", "northgate") // all cost 3
	s = apply(t, s, PlaceAgent{0, space(t, &s, "blackstaff-tower")},
		PlaceAgent{1, space(t, &s, "builders-hall")})
	intriguePending(t, s, ChooseBuildingDecision, 1)
	s = apply(t, s, ChooseBuilding{1, BuildingID(tile(t, &s, "helmstar-warehouse"))})
	intriguePending(t, s, PlaceAgentDecision, 0)
	// p1's agent at Builder's Hall is the only target. With 4 gold, p0
	// would have 2 left after the bribe: no tile costs 2 or less.
	s.players[0].gold = 4
	for _, b := range s.forSale {
		if b != none && s.c.Building(BuildingID(b)).Cost <= 2 {
			t.Fatalf("a tile for sale costs %d", s.c.Building(BuildingID(b)).Cost)
		}
	}
	intrigueHand(t, &s, 0, "bribe-agent")
	intrigueRefused(t, s, PlaceAgent{0, intrigueHarbor(t, &s)}, SpaceUnavailable)
	h := intrigueHand(t, &s, 0, "bribe-agent", "call-in-a-favor", "good-faith")
	s = apply(t, s, PlaceAgent{0, intrigueHarbor(t, &s)})
	intriguePending(t, s, PlayIntrigueDecision, 0)
	intrigueRefused(t, s, PlayIntrigue{0, IntrigueID(h[0])}, CardNotPlayable)
}

func TestIntrigueBribeAgentCopyingHouseOfWonderNeedsFourGold(t *testing.T) {
	s := intrigueGame(t, 2)
	giveTile(t, &s, 1, "house-of-wonder")
	wonder := s.c.TileSpace(BuildingID(tile(t, &s, "house-of-wonder")))
	s = apply(t, s, PlaceAgent{0, space(t, &s, "blackstaff-tower")}, PlaceAgent{1, wonder})
	if d := s.Pending(); d.Kind == ChooseAdventurersDecision {
		s = apply(t, s, ChooseResources{1, Pick{Cleric: 2}})
	}
	intriguePending(t, s, PlaceAgentDecision, 0)
	s.players[0].gold = 3 // 2 for the bribe, 1 left: House of Wonder needs 2
	h := intrigueHand(t, &s, 0, "bribe-agent", "call-in-a-favor", "good-faith")
	before := s
	s = apply(t, s, PlaceAgent{0, intrigueHarbor(t, &s)})
	intrigueRefused(t, s, PlayIntrigue{0, IntrigueID(h[0])}, CardNotPlayable)
	if t.Failed() {
		// Show what the engine does when the card is played anyway.
		s2, err := s.Apply(PlayIntrigue{0, IntrigueID(h[0])})
		if err == nil {
			for s2.Pending().Player == 0 && s2.Pending().Kind != PlaceAgentDecision && len(s2.LegalActions()) > 0 {
				s2 = apply(t, s2, s2.LegalActions()[0])
			}
			t.Logf("played anyway: p0 gold %d -> %d, tavern %v -> %v", before.Gold(0), s2.Gold(0), before.Tavern(0), s2.Tavern(0))
		}
	}
}

func TestIntrigueRealEstateDealSkipsBuildingWithAgent(t *testing.T) {
	s := intrigueGame(t, 3)
	giveTile(t, &s, 0, "helmstar-warehouse")
	giveTile(t, &s, 0, "dragon-tower")
	setForSale(t, &s, 0, "the-stone-house", "northgate", "the-golden-horn")
	helm := BuildingID(tile(t, &s, "helmstar-warehouse"))
	h := intrigueHand(t, &s, 0, "real-estate-deal")
	s = apply(t, s,
		PlaceAgent{0, space(t, &s, "auroras-realms-shop")},
		PlaceAgent{1, s.c.TileSpace(helm)},
		PlaceAgent{2, space(t, &s, "the-plinth")})
	s = intriguePlay(t, s, 0, h[0])
	// Dragon Tower is the only building without an agent: given up by itself.
	intriguePending(t, s, ChooseBuildingDecision, 0)
	if s.Pending().Purpose != "take a building in Builder's Hall for free" {
		t.Errorf("purpose %q, want the building to take", s.Pending().Purpose)
	}
	s = apply(t, s, ChooseBuilding{0, BuildingID(tile(t, &s, "northgate"))})
	if got := factsOf(s).Players[0].Buildings; !slices.Equal(got, []string{"helmstar-warehouse", "northgate"}) &&
		!slices.Equal(got, []string{"northgate", "helmstar-warehouse"}) {
		t.Errorf("p0's buildings %v, want Helmstar Warehouse and Northgate", got)
	}
}

func TestIntrigueRecallAgentMayRecallTheHarborAgent(t *testing.T) {
	s := intrigueGame(t, 3)
	h := intrigueHand(t, &s, 0, "recall-agent")
	harbor1 := space(t, &s, "waterdeep-harbor/1")
	s = intriguePlay(t, s, 0, h[0])
	// The Harbor agent is p0's only assigned agent: it comes back by itself.
	intriguePending(t, s, PlaceAgentDecision, 1)
	if pl, _ := s.Occupants(harbor1); len(pl) != 0 {
		t.Errorf("Harbor space 1 holds %v", pl)
	}
	if _, pool := s.Agents(0); pool != 3 {
		t.Errorf("p0's pool %d, want 3", pool)
	}
	_, re := intrigueFinishRound(t, s)
	if re[0] != 0 {
		t.Errorf("p0 reassigned %d agents from the Harbor, want 0", re[0])
	}
}

// Reading 12: a card's gains are an action's, so a rogue taken with Free
// Drinks! triggers Fence Goods for Duke of Darkness (+2 gold).
func TestIntrigueFreeDrinksStolenRogueTriggersFenceGoods(t *testing.T) {
	s := intrigueGame(t, 2)
	h := intrigueHand(t, &s, 0, "free-drinks")
	giveCompleted(t, &s, 0, "fence-goods-for-duke-of-darkness")
	setTavern(&s, 0, 0, 0, 0, 0, 0)
	setTavern(&s, 1, 0, 0, 1, 1, 0)
	s = intriguePlay(t, s, 0, h[0])
	s = apply(t, s, ChooseResources{0, Pick{Rogue: 1}})
	if got := s.Gold(0); got != 2 {
		t.Errorf("gold after stealing a rogue with Fence Goods: %d, want 2", got)
	}
}

// Reading 38: an agent at The Zoarstar copying a Harbor space counts as
// one of the player's agents at Waterdeep Harbor (Appendix 4 has it share
// the Harbor space), so Accelerate Plans played there takes that agent
// back, and it is then not reassigned. Before, the card found no Harbor
// agent to take back and assigned two agents anyway.
func TestIntrigueAcceleratePlansFromTheZoarstarTakesItsAgentBack(t *testing.T) {
	s := intrigueGame(t, 3)
	giveTile(t, &s, 2, "the-zoarstar")
	intrigueHand(t, &s, 0, "assassination")
	h := intrigueHand(t, &s, 1, "accelerate-plans")
	zoar := space(t, &s, "the-zoarstar")
	s = apply(t, s, PlaceAgent{0, space(t, &s, "waterdeep-harbor/1")})
	want := factsOf(s)
	// Harbor 1 is the only target, Accelerate Plans the only card and the
	// Zoarstar agent the only one to take back: the engine does all three.
	s = apply(t, s, PlaceAgent{1, zoar})
	intriguePending(t, s, PlaceAgentDecision, 1)
	if pl, _ := s.Occupants(zoar); len(pl) != 0 {
		t.Errorf("The Zoarstar holds %v, want its agent taken back", pl)
	}
	s = apply(t, s, PlaceAgent{1, space(t, &s, "field-of-triumph")}, PlaceAgent{1, space(t, &s, "the-plinth")})
	want.Players[1].Pool -= 2 // to The Zoarstar and back, then two agents
	want.Players[1].Hand = nil
	want.Players[1].Tavern[Fighter] += 2
	want.Players[1].Tavern[Cleric]++
	want.Supply[Fighter] -= 2
	want.Supply[Cleric]--
	want.Players[2].Score += 2 // The Zoarstar's owner benefit
	want.ToAct = 2
	intrigueCheck(t, "after Accelerate Plans from The Zoarstar", want, s)
	if !s.intrigueDiscard.has(h[0]) {
		t.Error("Accelerate Plans is not in the intrigue discard pile")
	}
	_, re := intrigueFinishRound(t, s)
	if re[0] != 1 || re[1] != 0 {
		t.Errorf("reassignments %v, want p0 1 and p1 none (its agent left The Zoarstar)", re)
	}
}

// Reading 38: the Ambassador is nobody's own agent, so a card that needs
// one of the player's agents (at the Harbor, or assigned) cannot be played
// by the Ambassador at the start of a round, when the holder has assigned
// none. Before, the Ambassador could play Accelerate Plans at the Harbor
// and assign two of its holder's agents before anyone else.
func TestIntrigueAmbassadorAtHarborNeedsOwnAgentForAccelerateOrRecall(t *testing.T) {
	base := intrigueGame(t, 3)
	giveTile(t, &base, 2, "the-palace-of-waterdeep")
	for q := range 3 {
		base.players[q].pool = 0
	}
	base.players[0].pool = 1
	base = apply(t, base, PlaceAgent{0, space(t, &base, "the-palace-of-waterdeep")})
	intriguePending(t, base, PlaceAgentDecision, 0)
	if !base.Pending().Ambassador || base.Round() != 2 {
		t.Fatalf("round %d does not start with the Ambassador: %+v", base.Round(), base.Pending())
	}
	h1 := space(t, &base, "waterdeep-harbor/1")
	for _, card := range []string{"accelerate-plans", "recall-agent"} {
		t.Run(card, func(t *testing.T) {
			s := base
			intrigueHand(t, &s, 0, card)
			intrigueRefused(t, s, PlaceAgent{0, h1}, SpaceUnavailable)
			// With a card it can play, the Ambassador goes to the Harbor,
			// and only that card is offered: the engine plays it.
			h := intrigueHand(t, &s, 0, card, "good-faith")
			s = apply(t, s, PlaceAgent{0, h1})
			intriguePending(t, s, ChoosePlayerDecision, 0)
			if !s.players[0].hand.has(h[0]) {
				t.Errorf("%s was played", card)
			}
			if _, pool := s.Agents(0); pool != 3 {
				t.Errorf("p0's pool %d, want 3", pool)
			}
		})
	}
}

// Reading 38: Bribe Agent played for Prison Break is played by no agent,
// so copying a Harbor space plays a card that must be playable without a
// Harbor agent of the player's. Here the only card left, Accelerate Plans,
// would find no agent to take back: the Harbor space is no target, Bribe
// Agent cannot be played, and Prison Break's offer has nothing to play.
func TestIntrigueBribeAgentForPrisonBreakCopyingHarborNeedsAPlayableCard(t *testing.T) {
	s := intrigueGame(t, 2)
	intrigueHand(t, &s, 1, "good-faith")
	s = apply(t, s, PlaceAgent{0, space(t, &s, "the-plinth")}, PlaceAgent{1, space(t, &s, "waterdeep-harbor/1")})
	intrigueHand(t, &s, 0, "bribe-agent", "accelerate-plans")
	q := intrigueSetQuests(t, &s, 0, "prison-break") // 4r 2w 2g -> 14 VP, 2f, may play a card
	setTavern(&s, 0, 0, 0, 4, 2, 2)
	s = apply(t, s, PlaceAgent{0, space(t, &s, "auroras-realms-shop")})
	intriguePending(t, s, CompleteQuestDecision, 0)
	want := factsOf(s)
	s = apply(t, s, CompleteQuest{0, QuestID(q[0])})
	want.Players[0].Tavern = [4]int{0, 2, 0, 0}
	want.Players[0].Gold -= 2
	want.Players[0].Score += 14
	want.Players[0].Active = nil
	want.Players[0].Completed = []string{"prison-break"}
	want.Supply[Rogue] += 4
	want.Supply[Wizard] += 2
	want.Supply[Fighter] -= 2
	want.ToAct, want.Pending = 1, PlaceAgentDecision
	intrigueCheck(t, "after Prison Break with no card to play", want, s)
}
