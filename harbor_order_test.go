package waterdeep

// Waterdeep Harbor's spaces are taken in numerical order (rules summary:
// "assign agents to available spaces in numerical order, starting with
// space 1"; RULES.md reading 4). These tests free space 1 while space 2 is
// occupied, in each way the game can: Research Chronomancy's returned
// agent, Recall Agent, and The Palace of Waterdeep taking the Ambassador.
// Only space 1 may then be taken, not space 3, in the listing and in the
// check alike.

import (
	"errors"
	"testing"
)

// harborOnlyLowestOpen fails unless p may take Harbor space 1 and not
// space 3, with LegalActions and Legal agreeing.
func harborOnlyLowestOpen(t *testing.T, s State, p PlayerID) {
	t.Helper()
	h1, h3 := space(t, &s, "waterdeep-harbor/1"), space(t, &s, "waterdeep-harbor/3")
	if occ, amb := s.Occupants(h1); len(occ) != 0 || amb {
		t.Fatalf("Harbor space 1 holds %v (ambassador %v); the scenario needs it free", occ, amb)
	}
	if occ, _ := s.Occupants(space(t, &s, "waterdeep-harbor/2")); len(occ) != 1 {
		t.Fatalf("Harbor space 2 holds %v; the scenario needs it occupied", occ)
	}
	if !questLegalHas(s, PlaceAgent{p, h1}) {
		t.Errorf("Harbor space 1 is free and lowest, but not listed for p%d", p+1)
	}
	if err := s.Legal(PlaceAgent{p, h1}); err != nil {
		t.Errorf("Harbor space 1: %v", err)
	}
	if questLegalHas(s, PlaceAgent{p, h3}) {
		t.Errorf("Harbor space 3 is listed while space 1 is free")
	}
	if err := s.Legal(PlaceAgent{p, h3}); !errors.Is(err, SpaceUnavailable) {
		t.Errorf("Harbor space 3 while space 1 is free: %v, want SpaceUnavailable", err)
	}
}

// The reproduction: p1 completes Research Chronomancy at Blackstaff
// Tower and takes back the agent from Harbor space 1 while p2 holds space 2.
func TestHarborOrderAfterResearchChronomancy(t *testing.T) {
	s := questGame(t, 3)
	setHand(t, &s, 0, "ambush")
	setHand(t, &s, 1, "assassination", "arcane-mishap")
	chrono := giveQuest(t, &s, 0, "research-chronomancy") // 2 wizards, 4 gold
	setTavern(&s, 0, 0, 0, 0, 1, 4)
	s = questPlace(t, s, 0, "waterdeep-harbor/1") // plays Ambush
	s = questPlace(t, s, 1, "waterdeep-harbor/2")
	s = apply(t, s, PlayIntrigue{1, IntrigueID(giveIntrigueID(t, s, 1, "assassination"))})
	s = questPlace(t, s, 2, "field-of-triumph")
	s = questPlace(t, s, 0, "blackstaff-tower") // the second wizard
	s = apply(t, s, CompleteQuest{0, QuestID(chrono)})
	s = apply(t, s, ChooseSpace{0, space(t, &s, "waterdeep-harbor/1")})
	questExpectPending(t, s, 1, PlaceAgentDecision)
	harborOnlyLowestOpen(t, s, 1)

	// Taking space 1 fills the Harbor from the bottom again.
	s = questPlace(t, s, 1, "waterdeep-harbor/1")
	if occ, _ := s.Occupants(space(t, &s, "waterdeep-harbor/1")); len(occ) != 1 || occ[0] != 1 {
		t.Errorf("Harbor space 1 holds %v, want p2's agent", occ)
	}
}

// Recall Agent, played from Prison Break's reward, takes back the agent on
// Harbor space 1.
func TestHarborOrderAfterRecallAgent(t *testing.T) {
	s := questGame(t, 2)
	setHand(t, &s, 0, "ambush", "recall-agent")
	setHand(t, &s, 1, "lack-of-faith", "arcane-mishap")
	prison := giveQuest(t, &s, 0, "prison-break") // 4 rogues, 2 wizards, 2 gold
	setTavern(&s, 0, 0, 0, 4, 2, 2)
	s = questPlace(t, s, 0, "waterdeep-harbor/1")
	s = apply(t, s, PlayIntrigue{0, IntrigueID(giveIntrigueID(t, s, 0, "ambush"))})
	// The turn's quest offer: Prison Break may be completed already, but
	// not yet: it is completed on the next turn.
	s = apply(t, s, Decline{0})
	s = questPlace(t, s, 1, "waterdeep-harbor/2")
	s = apply(t, s, PlayIntrigue{1, IntrigueID(giveIntrigueID(t, s, 1, "lack-of-faith"))})
	s = questPlace(t, s, 0, "the-plinth")
	s = apply(t, s, CompleteQuest{0, QuestID(prison)})
	s = apply(t, s, PlayIntrigue{0, IntrigueID(giveIntrigueID(t, s, 0, "recall-agent"))})
	s = apply(t, s, ChooseSpace{0, space(t, &s, "waterdeep-harbor/1")})
	questExpectPending(t, s, 1, PlaceAgentDecision)
	harborOnlyLowestOpen(t, s, 1)
}

// The Palace of Waterdeep takes the Ambassador off Harbor space 1, where it
// was assigned first in the round, while p2 holds space 2.
func TestHarborOrderAfterPalaceTakesAmbassador(t *testing.T) {
	s := buildingPalaceGame(t) // p1 holds the Ambassador; p3 owns the Palace
	setHand(t, &s, 0, "ambush", "arcane-mishap")
	setHand(t, &s, 1, "assassination")
	buildingPools(&s, 2, 1, 1)
	s = buildingPlace(t, s, 0, "waterdeep-harbor/1") // the Ambassador
	s = apply(t, s, PlayIntrigue{0, IntrigueID(giveIntrigueID(t, s, 0, "ambush"))})
	s = buildingPlace(t, s, 0, "the-plinth")
	s = buildingPlace(t, s, 1, "waterdeep-harbor/2") // plays Assassination
	s = buildingPlace(t, s, 2, "the-palace-of-waterdeep")
	buildingExpect(t, s, PlaceAgentDecision, 0)
	harborOnlyLowestOpen(t, s, 0)
}

// giveIntrigueID returns the instance of card id in p's hand.
func giveIntrigueID(t *testing.T, s State, p PlayerID, id string) uint8 {
	t.Helper()
	for _, i := range s.Hand(p) {
		if s.c.Intrigue(i).ID == id {
			return uint8(i)
		}
	}
	t.Fatalf("p%d holds no %q", p+1, id)
	return 0
}
