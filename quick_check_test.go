package waterdeep

import (
	"testing"

	"github.com/waterdeep-go/waterdeep/content"
)

// TestQuickCheckIsCanResolve checks that each space's quick check gives
// canResolve's answer: for every conditional space, every player and both
// standings (from the pool, reassigned), in every state of random games of
// each module set.
func TestQuickCheckIsCanResolve(t *testing.T) {
	cfgs := everyModuleSet
	games := gamesPerConfig(30, 5)
	checked := map[quickCheck][2]int{} // per check: cases where canResolve said yes, no
	forEachRandomState(t, cfgs, games, 22, func(cfg Config, s *State) {
		for sp := range s.c.spaces {
			info := &s.c.spaces[sp]
			if !info.conditional || info.quick == quickNone {
				continue
			}
			for p := range s.numPlayers {
				for _, mode := range []placeMode{placeTurn, placeReassign} {
					st := placing(uint8(sp), mode, none)
					if info.reassign {
						st |= standHarbor
					}
					want := s.canResolve(p, info.program, sp, 0, st, 0)
					if got := s.canResolveSpace(p, sp, info, st); got != want {
						t.Fatalf("%+v: seat %d, space %d (%s), quick check %d: %v, canResolve %v",
							cfg, p, sp, s.c.spaceNames[sp], info.quick, got, want)
					}
					n := checked[info.quick]
					n[bit(!want)]++
					checked[info.quick] = n
				}
			}
		}
	})
	for _, q := range []quickCheck{quickNeed, quickBuy, quickPlay, quickPlayAfter, quickFirst} {
		if n := checked[q]; n[0] == 0 || n[1] == 0 {
			t.Errorf("quick check %d: %d cases possible, %d impossible; want both", q, n[0], n[1])
		}
	}
	t.Logf("cases (possible, impossible) per quick check: %v", checked)
}

// A quick check stands only for programs whose checked steps come first:
// a gain before a payment or a purchase changes what the player holds by
// the time it is reached, which only canResolve's walk follows.
func TestQuickCheckOnlyBeforeOtherSteps(t *testing.T) {
	gain := content.Step{Kind: content.StepGain, Bundle: content.Bundle{Gold: 2}}
	pay := content.Step{Kind: content.StepPay, Bundle: content.Bundle{Gold: 3}}
	buy := content.Step{Kind: content.StepSpecial, Special: content.PurchaseBuilding}
	play := content.Step{Kind: content.StepSpecial, Special: content.PlayIntrigue}
	ret := content.Step{Kind: content.StepReturn, Count: 2, From: content.AllAdventurers}
	choose := content.Step{Kind: content.StepChoose, Count: 3}
	discard := content.Step{Kind: content.StepDiscardQuest, Count: 1}
	move := content.Step{Kind: content.StepSpecial, Special: content.MoveCorruption}
	for _, c := range []struct {
		name string
		p    content.Program
		want quickCheck
	}{
		{"pay", content.Program{pay}, quickNeed},
		{"pay then gain", content.Program{pay, gain}, quickNeed},
		{"gain then pay", content.Program{gain, pay}, quickNone},
		{"buy", content.Program{buy}, quickBuy},
		{"gain then buy", content.Program{gain, buy}, quickNone},
		{"play", content.Program{play, gain}, quickPlay},
		{"gain then play", content.Program{gain, play}, quickPlayAfter},
		{"gain then play then gain", content.Program{gain, play, gain}, quickPlayAfter},
		{"pay then play", content.Program{pay, play}, quickNone},
		{"gain then play then pay", content.Program{gain, play, pay}, quickNone},
		{"return then choose", content.Program{ret, choose}, quickFirst},
		{"discard a quest then gain", content.Program{discard, gain}, quickFirst},
		{"move corruption", content.Program{move}, quickFirst},
		{"gain then return", content.Program{gain, ret}, quickNone},
		{"return then pay", content.Program{ret, pay}, quickNone},
		{"discard a quest then return", content.Program{discard, ret}, quickNone},
	} {
		if got, _ := quickCheckOf(c.p); got != c.want {
			t.Errorf("%s: quick check %d, want %d", c.name, got, c.want)
		}
	}
}

// TestQuestThenCardIsCanResolve checks the quick check of Entry Well, The
// Eye's Lair, Belkram's Tomb and Hall of Sleeping Kings where what they
// give before the card matters: the player to act, holding no active or
// mandatory quest, no gold and no adventurers, with each intrigue card
// alone in hand (Change of Plans needs a quest, a payment gold or
// adventurers; the cards in Content.questBlind and gainBlind never look
// at them), in every state of random Undermountain games, against
// canResolve.
func TestQuestThenCardIsCanResolve(t *testing.T) {
	cfgs := []Config{{Players: 4, Modules: Undermountain}, {Players: 4, Modules: Undermountain | Skullport, Long: true}}
	var seen [2][2]int // card blind to what the space gives or not; possible or not
	forEachRandomState(t, cfgs, gamesPerConfig(10, 2), 23, func(cfg Config, s *State) {
		p, ok := s.ToAct()
		if !ok {
			return
		}
		t2 := *s
		ps := &t2.players[p]
		ps.active, ps.mandatory = set128{}, set128{}
		ps.gold, ps.tavern = 0, [4]uint8{}
		for sp := range s.c.spaces {
			info := &s.c.spaces[sp]
			if !info.questThenCard && !info.gainThenCard {
				continue
			}
			st := placing(uint8(sp), placeTurn, none)
			for c := range s.c.intrigue {
				ps.hand = set128{}
				ps.hand.add(uint8(c))
				want := t2.canResolve(uint8(p), info.program, sp, 0, st, 0)
				if got := t2.canResolveSpace(uint8(p), sp, info, st); got != want {
					t.Fatalf("%+v: seat %d holding only %s, no quest, no gold and no adventurers, space %s: quick check %v, canResolve %v",
						cfg, p, s.c.intrigue[c].ID, s.c.spaceNames[sp], got, want)
				}
				seen[bit(info.questThenCard && s.c.questBlind.has(uint8(c)) || info.gainThenCard && s.c.gainBlind.has(uint8(c)))][bit(want)]++
			}
		}
	})
	if seen[0][0] == 0 || seen[0][1] == 0 || seen[1][0] == 0 || seen[1][1] == 0 {
		t.Fatalf("cases (not blind, blind; impossible, possible): %v; want each", seen)
	}
	t.Logf("cases (not blind, blind; impossible, possible): %v", seen)
}
