package waterdeep

// Scenario tests for resources placed on action spaces (rules summary,
// "Placing resources on action spaces"): where they may be placed, taken by
// the next agent assigned there as the first part of the action and usable
// in it, kept across rounds, and the readings for Harbor reassignment and
// copied spaces (RULES.md 28-32).

import (
	"math/rand/v2"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/waterdeep-go/waterdeep/content"
)

// placedGame is skullGame with no quests or intrigue cards in hand, so that
// no turn stops for a quest offer by chance.
func placedGame(t *testing.T) State {
	t.Helper()
	s := skullGame(t, Skullport)
	emptyHoldings(t, &s)
	return s
}

// putPlaced puts cubes and gold from the supply on space name.
func putPlaced(t *testing.T, s *State, name string, b Bundle) {
	t.Helper()
	st := content.Step{Bundle: b}
	s.pileOn(0, uint8(space(t, s, name)), &st)
	s.endPiling()
}

// placedByName is Placed keyed by space name.
func placedByName(s State) map[string]PlacedResources {
	out := map[string]PlacedResources{}
	for _, p := range s.Placed() {
		out[s.c.SpaceID(p.Space)] = p
	}
	return out
}

// "If you are instructed to place resources on action spaces, you may place
// them on spaces that already have agents assigned to them. You cannot
// place them on buildings in Builder's Hall."
func TestPlaceResourcesOnSpaces(t *testing.T) {
	s := placedGame(t)
	giveTile(t, &s, 1, "the-zoarstar")
	s = apply(t, s, PlaceAgent{0, space(t, &s, "field-of-triumph")})
	s = playCardAs(t, s, 1, "seed-gold") // 2 gold on each of 2 different spaces
	buildingExpect(t, s, ChooseSpaceDecision, 1)
	d := s.Pending()
	if d.Purpose != "choose an action space to put 2 gold on" || d.Source != "seed-gold" {
		t.Errorf("decision %q from %q", d.Purpose, d.Source)
	}
	legal := map[string]bool{}
	for _, a := range s.LegalActions() {
		legal[s.c.SpaceID(a.(ChooseSpace).Space)] = true
	}
	for name, want := range map[string]bool{
		"field-of-triumph": true, "waterdeep-harbor/1": true, // occupied: allowed
		"the-zoarstar": true, "slavers-market": true, "castle-waterdeep": true, // a tile in play, Skullport's board
		"hall-of-mirrors": false, // Undermountain is not played
	} {
		if legal[name] != want {
			t.Errorf("%s listed %v, want %v", name, legal[name], want)
		}
	}
	for _, f := range s.ForSale() {
		sp := s.c.TileSpace(f.Building)
		if legal[s.c.SpaceID(sp)] || s.Legal(ChooseSpace{1, sp}) == nil {
			t.Errorf("tile for sale %s is a legal place", s.c.SpaceID(sp))
		}
	}
	s = apply(t, s, ChooseSpace{1, space(t, &s, "field-of-triumph")})
	buildingIllegal(t, s, ChooseSpace{1, space(t, &s, "field-of-triumph")}) // different spaces
	s = apply(t, s, ChooseSpace{1, space(t, &s, "the-zoarstar")})
	want := map[string]PlacedResources{
		"field-of-triumph": {Space: space(t, &s, "field-of-triumph"), Resources: Bundle{Gold: 2}},
		"the-zoarstar":     {Space: space(t, &s, "the-zoarstar"), Resources: Bundle{Gold: 2}},
	}
	if d := cmp.Diff(want, placedByName(s)); d != "" {
		t.Errorf("placed (-want +got):\n%s", d)
	}
	// The agent already on Field of Triumph takes nothing; the resources
	// wait for the next agent assigned there.
	if got := s.Gold(0); got != 4 {
		t.Errorf("p1 has %d gold", got)
	}
}

// playCardAs has seat p play intrigue card id from the first free Harbor
// space.
func playCardAs(t *testing.T, s State, p int, id string) State {
	t.Helper()
	setHand(t, &s, p, id)
	for _, h := range []string{"waterdeep-harbor/1", "waterdeep-harbor/2", "waterdeep-harbor/3"} {
		if sp := space(t, &s, h); s.occupant[sp] == 0 {
			return apply(t, s, PlaceAgent{PlayerID(p), sp})
		}
	}
	t.Fatal("the Harbor is full")
	return s
}

// "When you assign an agent to a space containing placed resources, take
// those resources and place them in your Tavern as the first part of the
// action. You can use the new resources in the same action." Gold lying on
// Smuggler's Dock pays for it, so the space is legal for a player without
// gold.
func TestPlacedGoldPaysForTheAction(t *testing.T) {
	s := placedGame(t)
	giveTile(t, &s, 1, "smugglers-dock")
	setTavern(&s, 0, 0, 0, 0, 0, 0)
	dock := PlaceAgent{0, space(t, &s, "smugglers-dock")}
	buildingIllegal(t, s, dock) // no gold
	putPlaced(t, &s, "smugglers-dock", Bundle{Gold: 2, Wizard: 1})
	buildingLegal(t, s, dock)
	listed := false
	for _, a := range s.LegalActions() {
		listed = listed || a == dock
	}
	if !listed {
		t.Fatalf("Smuggler's Dock with 2 gold on it is not listed")
	}
	want := factsOf(s)
	s = apply(t, s, dock, ChooseResources{0, Pick{Fighter: 4}})
	want.Players[0].Tavern = [4]int{0, 4, 0, 1} // the wizard lying there, 4 fighters
	want.Supply[Fighter] -= 4
	want.Players[1].Gold += 2 // owner benefit
	want.Players[0].Pool--
	want.ToAct = 1
	if d := diff(want, factsOf(s)); d != "" {
		t.Errorf("(-want +got):\n%s", d)
	}
	if got := s.Placed(); len(got) != 0 {
		t.Errorf("still placed: %v", got)
	}
}

// Placed resources stay across rounds until an agent is assigned there.
func TestPlacedKeptAcrossRounds(t *testing.T) {
	s := placedGame(t)
	putPlaced(t, &s, "the-plinth", Bundle{Rogue: 2})
	before := placedByName(s)
	s.endRound()
	if s.Round() != 2 {
		t.Fatalf("round %d", s.Round())
	}
	if d := cmp.Diff(before, placedByName(s)); d != "" {
		t.Errorf("placed after the round (-want +got):\n%s", d)
	}
}

// RULES.md 30: a Harbor agent reassigned to a space takes what lies there.
func TestPlacedHarborReassignment(t *testing.T) {
	s := placedGame(t)
	buildingPools(&s, 1, 0, 0)
	setHand(t, &s, 0, "purify")
	s = apply(t, s, PlaceAgent{0, space(t, &s, "waterdeep-harbor/1")})
	putPlaced(t, &s, "the-plinth", Bundle{Cleric: 1, Gold: 3})
	putPlaced(t, &s, "waterdeep-harbor/1", Bundle{Gold: 1})
	buildingExpect(t, s, PlaceAgentDecision, 0)
	if !s.Pending().Reassign {
		t.Fatalf("want the reassignment, got %+v", s.Pending())
	}
	s = apply(t, s, PlaceAgent{0, space(t, &s, "the-plinth")})
	if got := s.Tavern(0)[Cleric]; got != 2 {
		t.Errorf("p1 has %d clerics, want 1 placed + 1 from The Plinth", got)
	}
	if got := s.Gold(0); got != 4+3 {
		t.Errorf("p1 has %d gold, want 7", got)
	}
	want := map[string]PlacedResources{"waterdeep-harbor/1": {Space: space(t, &s, "waterdeep-harbor/1"), Resources: Bundle{Gold: 1}}}
	if d := cmp.Diff(want, placedByName(s)); d != "" {
		t.Errorf("placed (-want +got):\n%s", d)
	}
}

// RULES.md 29: copying a space does not take what lies on it.
func TestPlacedCopiedSpaceKeepsResources(t *testing.T) {
	s := placedGame(t)
	giveTile(t, &s, 0, "the-zoarstar")
	s = apply(t, s, PlaceAgent{0, space(t, &s, "field-of-triumph")})
	putPlaced(t, &s, "field-of-triumph", Bundle{Fighter: 1})
	s = apply(t, s, PlaceAgent{1, space(t, &s, "the-zoarstar")}) // the only target: Field of Triumph
	if got := s.Tavern(1)[Fighter]; got != 2 {
		t.Errorf("p2 has %d fighters, want the 2 of the copied action only", got)
	}
	if got := placedByName(s)["field-of-triumph"].Resources; got != (Bundle{Fighter: 1}) {
		t.Errorf("placed on Field of Triumph: %v", got)
	}
}

// RULES.md 28 and 32: corruption placed from the track is picked up by
// the next agent there, without the 10 VP of an empty track.
func TestPlacedCorruption(t *testing.T) {
	s := placedGame(t)
	s = playCardAs(t, s, 0, "taint")
	s = apply(t, s, ChooseSpace{0, space(t, &s, "the-plinth")}, ChooseSpace{0, space(t, &s, "blackstaff-tower")})
	if got := s.Track(); got != [9]int{0, 2, 3, 3, 3, 3, 3, 3, 3} {
		t.Errorf("track %v", got)
	}
	s.track = [9]uint8{} // nothing left on the track
	s.corruptionBox = 23
	s = apply(t, s, PlaceAgent{1, space(t, &s, "the-plinth")})
	want := corruptionFacts{Track: [9]int{}, Held: []int{0, 1, 0}, Removed: 23, Score: []int{0, 0, 0}, Value: 9}
	if d := cmp.Diff(want, corruptionOf(s)); d != "" {
		t.Errorf("(-want +got):\n%s", d)
	}
}

// Every space in play may hold placed resources at once (RULES.md 32): the
// rules set no limit. The engine once kept them in a list of 12 spaces, and
// a thirteenth space could receive nothing.
func TestPlacedOnEverySpace(t *testing.T) {
	s := placedGame(t)
	var names []string
	free := ""
	for sp := range SpaceID(s.c.NumSpaces()) {
		if s.pileTargetReason(int(sp)) != 0 || s.c.spaces[sp].reassign {
			continue
		}
		if free == "" {
			free = s.c.SpaceID(sp) // left empty, to be chosen
			continue
		}
		names = append(names, s.c.SpaceID(sp))
		putPlaced(t, &s, s.c.SpaceID(sp), Bundle{Gold: 1})
	}
	if len(names) < 12 {
		t.Fatalf("only %d spaces hold resources; the test needs 12 or more", len(names))
	}
	s = playCardAs(t, s, 0, "seed-fighter")
	listed := map[string]bool{}
	for _, a := range s.LegalActions() {
		listed[s.c.SpaceID(a.(ChooseSpace).Space)] = true
	}
	if !listed[free] || !listed[names[3]] {
		t.Fatalf("with %d spaces holding resources, %s listed %v and %s listed %v", len(names), free, listed[free], names[3], listed[names[3]])
	}
	s = apply(t, s, ChooseSpace{0, space(t, &s, free)})
	got := placedByName(s)
	if got[free].Resources != (Bundle{Fighter: 1}) || len(got) != len(names)+1 {
		t.Errorf("%s holds %v; %d spaces hold resources, want %d", free, got[free].Resources, len(got), len(names)+1)
	}
	// A snapshot carries them all.
	data, err := s.MarshalJSON()
	if err != nil {
		t.Fatal(err)
	}
	back, err := DecodeState(data, s.c)
	if err != nil || back != s {
		t.Errorf("DecodeState: %v; the same state: %v", err, back == s)
	}
	// And so does a view, from which Determinize samples a state.
	if d, err := Determinize(s.View(1), 7); err != nil || len(d.Placed()) != len(names)+1 {
		t.Errorf("Determinize: %v, %d spaces hold resources", err, len(d.Placed()))
	}
}

// Over random games with placing effects, what lies on a space never
// changes except by a placement (it only grows) or by an agent assigned
// there, who gains exactly what lay there (the event right after the
// placement): no adventurer, gold piece or corruption token is lost or
// made on the way.
func TestPlacedResourcesAccounted(t *testing.T) {
	c := modulesTestContent(t)
	taken := 0
	for seed := range uint64(30) {
		s, err := New(Config{Players: 4, Seed: seed, Modules: Undermountain | Skullport, Long: true, Content: c})
		if err != nil {
			t.Fatal(err)
		}
		r := rand.New(rand.NewPCG(seed, 3))
		var events []Event
		for !s.Over() {
			before := placedByName(s)
			legal := s.LegalActions()
			next, evs, err := s.ApplyEvents(legal[r.IntN(len(legal))], events[:0])
			if err != nil {
				t.Fatal(err)
			}
			after := placedByName(next)
			for name, b := range before {
				if b.Resources.IsZero() && b.Corruption == 0 {
					// A placement still being resolved that found nothing
					// to put there (an empty track: Corrupting
					// Influence); it leaves nothing behind.
					continue
				}
				a, ok := after[name]
				grew := ok && a.Corruption >= b.Corruption && a.Resources.Gold >= b.Resources.Gold &&
					a.Resources.Cleric >= b.Resources.Cleric && a.Resources.Fighter >= b.Resources.Fighter &&
					a.Resources.Rogue >= b.Resources.Rogue && a.Resources.Wizard >= b.Resources.Wizard
				// An entry that received nothing (the supply ran out) lives
				// only until its place step ends (endPiling drops it).
				if grew || (b.Resources.IsZero() && b.Corruption == 0) {
					continue
				}
				// Taken: an agent was assigned there, and gained exactly
				// what lay there.
				found := false
				for i, e := range evs {
					if e.Kind != EvPlaced || e.Space != b.Space {
						continue
					}
					if i+1 < len(evs) && evs[i+1].Kind == EvPlacedTaken && evs[i+1].Player == e.Player &&
						evs[i+1].Space == b.Space && evs[i+1].Amount == b.Resources && evs[i+1].Corruption == b.Corruption {
						found = true
						break
					}
				}
				if !found {
					t.Fatalf("seed %d: %v on %s vanished without an agent taking it (events %v)", seed, b, name, evs)
				}
				taken++
			}
			s, events = next, evs
		}
	}
	if taken == 0 {
		t.Fatal("no placed resources were ever taken")
	}
	t.Logf("%d placed resources taken", taken)
}

// The Ambassador assigned to a space takes what lies there for its holder
// (RULES.md 28): the summary gives placed resources to the agent assigned,
// and the Ambassador is assigned like an agent; its holder is the one who
// gains from its actions.
func TestPlacedAmbassadorTakesForItsHolder(t *testing.T) {
	s := placedGame(t)
	giveTile(t, &s, 2, "the-palace-of-waterdeep")
	putPlaced(t, &s, "the-plinth", Bundle{Rogue: 1, Gold: 2})
	s = buildingNextRound(t, s, "the-palace-of-waterdeep")
	if d := buildingExpect(t, s, PlaceAgentDecision, 0); !d.Ambassador {
		t.Fatalf("round 2 does not start with the Ambassador: %+v", d)
	}
	want := factsOf(s)
	s = buildingPlace(t, s, 0, "the-plinth")
	want.Players[0].Tavern[Rogue]++ // lying there
	want.Players[0].Gold += 2
	want.Players[0].Tavern[Cleric]++ // The Plinth
	want.Supply[Cleric]--
	got := factsOf(s)
	got.ToAct, want.ToAct = 0, 0
	if d := diff(want, got); d != "" {
		t.Errorf("(-want +got):\n%s", d)
	}
	if got := s.Placed(); len(got) != 0 {
		t.Errorf("still placed: %v", got)
	}
}
