package waterdeep

import (
	"testing"

	"github.com/waterdeep-go/waterdeep/content"
)

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
