package waterdeep

// Effect programs of content of one's own (LoadContent): every step of a
// program runs, in order, whatever step comes before it. The shipped cards
// use some steps only alone (each_opponent_loses is every attack's whole
// effect), so only content of one's own shows that a step hands on to the
// next (issue 39: a mutant that ended the program after such a step
// survived every test of the shipped content).

import (
	"fmt"
	"strings"
	"testing"
)

// programGame is a 3-player game of the base content plus one intrigue
// card, id, with the given effect.
func programGame(t *testing.T, id, effect string) State {
	t.Helper()
	return programModuleGame(t, id, effect, 0)
}

// programModuleGame is programGame with module m (Skullport for
// corruption), the card tagged with it.
func programModuleGame(t *testing.T, id, effect string, m Modules) State {
	t.Helper()
	files := limitsBase(t)
	files["intrigue.yaml"] += fmt.Sprintf("\n  - id: %[1]s\n    name: \"%[1]s\"\n    kind: attack\n    copies: 1\n    effect: %[2]s\n", id, effect)
	if m == Skullport {
		files["intrigue.yaml"] += "    module: skullport\n"
	}
	c, err := LoadContent(limitsFS(files))
	if err != nil {
		t.Fatal(err)
	}
	s, err := New(Config{Players: 3, Seed: 1, Content: c, Modules: m})
	if err != nil {
		t.Fatal(err)
	}
	emptyHoldings(t, &s)
	return s
}

// An attack followed by a gain: both run.
func TestProgramStepAfterAttack(t *testing.T) {
	s := programGame(t, "ambush-and-tax", "[{each_opponent_loses: {lose: {fighter: 1}, otherwise: {fighter: 1}}}, {gain: {gold: 3}}]")
	setTavern(&s, 0, 0, 0, 0, 0, 0)
	setTavern(&s, 1, 0, 1, 0, 0, 0) // pays its fighter
	setTavern(&s, 2, 0, 0, 0, 0, 0) // cannot: p1 takes a fighter
	s = playCardAs(t, s, 0, "ambush-and-tax")
	if got := [3]int{s.Tavern(0)[Fighter], s.Tavern(1)[Fighter], s.Gold(0)}; got != [3]int{1, 0, 3} {
		t.Errorf("p1's fighters, p2's fighters, p1's gold = %v, want [1 0 3]", got)
	}
}

// A card whose special step (the first-player marker) comes before a
// payment is playable exactly when the payment can be made: the check of
// the card walks every step up to the payment, and a special step that
// cannot fail passes it. (A mutant that failed every special step the
// check has no case for survived the campaign: no shipped card puts one
// before a step that can fail.)
func TestProgramSpecialBeforePayment(t *testing.T) {
	for _, gold := range []int{0, 2} {
		s := programGame(t, "claim-the-chair", "[{special: first_player}, {pay: {gold: 2}}, {gain: {vp: 4}}]")
		setHand(t, &s, 0, "claim-the-chair")
		setTavern(&s, 0, 0, 0, 0, 0, gold)
		harbor := PlaceAgent{0, space(t, &s, "waterdeep-harbor/1")}
		if err := s.Legal(harbor); (err == nil) != (gold == 2) {
			t.Errorf("with %d gold: Legal(%v) = %v", gold, harbor, err)
		}
	}
}

// A step after one that removes tokens from the corruption track runs.
func TestProgramStepAfterTrackRemoval(t *testing.T) {
	s := programModuleGame(t, "purge-and-tax", "[{remove_track_corruption: 1}, {gain: {gold: 3}}]", Skullport)
	setTavern(&s, 0, 0, 0, 0, 0, 0)
	before := s.CorruptionRemoved()
	s = playCardAs(t, s, 0, "purge-and-tax")
	if got := [2]int{s.CorruptionRemoved() - before, s.Gold(0)}; got != [2]int{1, 3} {
		t.Errorf("tokens removed, p1's gold = %v, want [1 3]", got)
	}
}

// A payment of adventurers of any kind after another step is checked
// against all four kinds held: 2 fighters pay for 2 of any kind. (Written
// for a mutant of cardPlayable's count of them, which it does not kill:
// see MUTATION.md.)
func TestProgramPaymentOfAnyKindAfterAStep(t *testing.T) {
	for _, fighters := range []int{1, 2} {
		s := programGame(t, "tithe-later", "[{gain: {gold: 1}}, {pay: {any: 2}}, {gain: {vp: 5}}]")
		setHand(t, &s, 0, "tithe-later")
		setTavern(&s, 0, 0, fighters, 0, 0, 0)
		harbor := PlaceAgent{0, space(t, &s, "waterdeep-harbor/1")}
		if err := s.Legal(harbor); (err == nil) != (fighters == 2) {
			t.Errorf("with %d fighters: Legal(%v) = %v", fighters, harbor, err)
		}
	}
}

// A quest reward that moves adventurers of one's tavern onto spaces
// (place_own, Hall of Three Lords' step) moves none when the quest's
// payment left the tavern empty: the player is asked nothing (no decision,
// so no EvPassed or EvAutoAnswer either), and the rest of the reward
// comes. Issue 39: a mutant that asked for an adventurer from an empty
// tavern (a decision whose one answer, picking nothing, the engine gave)
// survived every test of the shipped content,
// whose one place_own is Hall of Three Lords' first step, open only to a
// player holding its three adventurers.
func TestProgramPlaceOwnFromAnEmptyTavern(t *testing.T) {
	files := limitsBase(t)
	files["quests.yaml"] += "\n  - id: scatter-the-guard\n    name: \"Scatter the Guard\"\n    type: warfare\n    requires: {fighter: 1}\n" +
		"    reward: [{place_own: 1}, {gain: {vp: 3}}]\n"
	c, err := LoadContent(limitsFS(files))
	if err != nil {
		t.Fatal(err)
	}
	s, err := New(Config{Players: 3, Seed: 1, Content: c})
	if err != nil {
		t.Fatal(err)
	}
	emptyHoldings(t, &s)
	q := QuestID(giveQuest(t, &s, 0, "scatter-the-guard"))
	setTavern(&s, 0, 0, 1, 0, 0, 0)
	s = apply(t, s, PlaceAgent{0, space(t, &s, "auroras-realms-shop")}) // 4 gold, no adventurer
	buildingExpect(t, s, CompleteQuestDecision, 0)
	score := s.Score(0)
	s, events, err := s.ApplyEvents(CompleteQuest{0, q}, nil)
	if err != nil {
		t.Fatal(err)
	}
	buildingExpect(t, s, PlaceAgentDecision, 1)
	if got := s.Score(0) - score; got != 3 {
		t.Errorf("the reward scored %d VP, want 3", got)
	}
	for _, e := range events {
		if e.Kind == EvPassed || e.Kind == EvAutoAnswer {
			t.Errorf("event %q: p1 was asked which adventurer to move, holding none", s.c.FormatEvent(e, 0))
		}
	}
}

// A building of one's own whose action pays adventurers of any kind is
// open only to a player who holds that many adventurers: its placement is
// judged by the walk of its steps, not by the quick check of a fixed
// payment, which cannot say "any". Issue 39: a mutant whose quick check
// took such a payment for a fixed one of nothing survived every test of the
// shipped content, whose spaces pay only gold.
func TestProgramSpacePaymentOfAnyKind(t *testing.T) {
	files := limitsBase(t)
	files["buildings.yaml"] += "\n  - id: toll-bridge\n    name: \"Toll Bridge\"\n    cost: 4\n" +
		"    action: [{pay: {any: 2}}, {gain: {vp: 6}}]\n    owner: [{gain: {gold: 1}}]\n"
	c, err := LoadContent(limitsFS(files))
	if err != nil {
		t.Fatal(err)
	}
	for _, fighters := range []int{1, 2} {
		s, err := New(Config{Players: 3, Seed: 1, Content: c})
		if err != nil {
			t.Fatal(err)
		}
		emptyHoldings(t, &s)
		giveTile(t, &s, 1, "toll-bridge")
		setTavern(&s, 0, 0, fighters, 0, 0, 0)
		bridge := PlaceAgent{0, space(t, &s, "toll-bridge")}
		if err := s.Legal(bridge); (err == nil) != (fighters == 2) {
			t.Errorf("with %d fighters: Legal(place at Toll Bridge) = %v", fighters, err)
		}
	}
}

// A quest's bonus per adventurer spent (per_spent, RULES.md 206) is paid
// in content of one's own whose every quest has one and none asks for
// adventurers of any kind: 4 fighters spent on Raid Orc Stronghold at 1
// VP each. Issue 39: a mutant of the content's note of "some quest spends
// adventurers", which then missed such content, survived every test.
func TestProgramPerSpentInEveryQuest(t *testing.T) {
	files := limitsBase(t)
	var b strings.Builder
	kind := "" // the first kind of adventurer the quest being read requires
	for _, line := range strings.SplitAfter(files["quests.yaml"], "\n") {
		b.WriteString(line)
		if req, ok := strings.CutPrefix(line, "    requires: {"); ok {
			kind = ""
			for _, k := range []string{"cleric", "fighter", "rogue", "wizard"} {
				if i := strings.Index(req, k+":"); i >= 0 && (kind == "" || i < strings.Index(req, kind+":")) {
					kind = k
				}
			}
		}
		if strings.HasPrefix(line, "    text:") && kind != "" {
			fmt.Fprintf(&b, "    per_spent: {kind: %s, gain: {vp: 1}}\n", kind)
		}
	}
	files["quests.yaml"] = b.String()
	c, err := LoadContent(limitsFS(files))
	if err != nil {
		t.Fatal(err)
	}
	s, err := New(Config{Players: 3, Seed: 1, Content: c})
	if err != nil {
		t.Fatal(err)
	}
	emptyHoldings(t, &s)
	for q := range c.quests {
		if c.quests[q].PerSpent.Gain.IsZero() {
			t.Fatalf("quest %s has no per_spent bonus", c.quests[q].ID)
		}
	}
	raid := QuestID(giveQuest(t, &s, 0, "raid-orc-stronghold")) // 4 fighters, 2 rogues, 4 gold: 8 VP
	setTavern(&s, 0, 0, 4, 2, 0, 0)
	s = apply(t, s, PlaceAgent{0, space(t, &s, "auroras-realms-shop")}) // 4 gold
	score := s.Score(0)
	s = apply(t, s, CompleteQuest{0, raid})
	if got := s.Score(0) - score; got != 8+4 {
		t.Errorf("Raid Orc Stronghold scored %d VP, want 8 and 1 per fighter spent, 12", got)
	}
}

// A space of one's own that gives 6 adventurers of any kind and then must
// play an intrigue card narrows the pick to those that leave a card
// playable (RULES.md 229), among all 84 picks of 6, the last of which (6
// clerics) is the only one that pays for the player's one card: the
// engine takes it without asking, and the card is played. Issue 39: a
// mutant that numbered the picks of the second word wrongly (j = i<<5 |
// ...), finding none that helps and so allowing every pick, survived
// every test of the shipped content, whose one such space gives 1.
func TestProgramPickOfSixThenPlay(t *testing.T) {
	files := limitsBase(t)
	files["buildings.yaml"] += "\n  - id: deep-well\n    name: \"Deep Well\"\n    cost: 4\n" +
		"    action: [{gain: {any: 6}}, {special: play_intrigue}]\n    owner: [{gain: {gold: 1}}]\n"
	files["intrigue.yaml"] += "\n  - id: clerical-levy\n    name: \"Clerical Levy\"\n    kind: utility\n    copies: 1\n" +
		"    effect: [{pay: {cleric: 6}}, {gain: {vp: 9}}]\n"
	c, err := LoadContent(limitsFS(files))
	if err != nil {
		t.Fatal(err)
	}
	s, err := New(Config{Players: 3, Seed: 1, Content: c})
	if err != nil {
		t.Fatal(err)
	}
	emptyHoldings(t, &s)
	if !s.c.um.pickThenPlay {
		t.Fatal("the content has no space that gives adventurers of any kind and then plays a card")
	}
	giveTile(t, &s, 1, "deep-well")
	setHand(t, &s, 0, "clerical-levy")
	setTavern(&s, 0, 0, 0, 0, 0, 0)
	score := s.Score(0)
	s = apply(t, s, PlaceAgent{0, space(t, &s, "deep-well")})
	if d := s.Pending(); d.Kind == ChooseAdventurersDecision && d.Player == 0 {
		t.Fatalf("p1 is asked to choose among %d picks, want 6 clerics taken without asking", len(s.LegalActions()))
	}
	if got := s.Score(0) - score; got != 9 || len(s.Hand(0)) != 0 {
		t.Errorf("p1 scored %d VP and holds %d cards, want Clerical Levy played for 9", got, len(s.Hand(0)))
	}
}
