package waterdeep

import (
	"github.com/waterdeep-go/waterdeep/content"
	"github.com/waterdeep-go/waterdeep/quests"
)

// Quests that require adventurers of any kind (Undermountain: "1 cleric,
// 1 fighter and 1 adventurer of any type"). The fixed part is paid when
// the quest is completed; the player then chooses which adventurers of
// their tavern make up the rest (a pick of purpose pickSpend). A quest may
// pay a bonus per adventurer of one kind spent on it (quests.PerSpent),
// counted over the fixed part and the pick.

// spendAny follows the payment of quest q's fixed requirement by player p:
// with adventurers of any kind still owed, p chooses them (on top of the
// reward, which resolves afterwards); otherwise the bonus per adventurer
// spent is paid at once.
func (s *State) spendAny(p, q uint8) {
	if !s.c.spendQuests.has(q) {
		// Nothing picked and no bonus per adventurer spent (most
		// quests): spent has something to do only for Seize Citadel of
		// the Bloody Hand.
		if s.hasPlot(p, quests.KeepSpent) {
			s.spent(p, q, [content.NumAdventurers]uint8{})
		}
		return
	}
	def := &s.c.quests[q]
	if def.Requires.Any == 0 {
		s.spent(p, q, [content.NumAdventurers]uint8{}) // a bonus per adventurer spent
		return
	}
	s.push(frame{kind: dPick, p: p, a: uint8(def.Requires.Any), b: uint8(content.AllAdventurers), i: uint8(pickSpend), prog: uint16(q)})
}

// spent returns the adventurers c that player p picked for quest q to the
// supply, and pays the quest's bonus for each adventurer of its kind spent
// (fixed part and pick). The bonus is part of the quest's reward: not an
// action's gain.
func (s *State) spent(p, q uint8, c [content.NumAdventurers]uint8) {
	ps := &s.players[p]
	if c != ([content.NumAdventurers]uint8{}) {
		for k, n := range c {
			ps.tavern[k] -= n
			s.returnSupply(content.Adventurer(k), n)
		}
		s.emitGain(EvPaid, p, amountOf(c, 0, 0))
	}
	def := &s.c.quests[q]
	if !def.PerSpent.Gain.IsZero() {
		k := def.PerSpent.Kind
		n := def.Requires.Cubes()[k] + int(c[k])
		g := def.PerSpent.Gain
		bonus := content.Bundle{VP: n * g.VP, Intrigue: n * g.Intrigue}
		if !bonus.IsZero() {
			s.gain(p, &bonus)
		}
	}
	// Seize Citadel of the Bloody Hand, but not for its own completion
	// (a plot's effect starts once it is completed).
	if s.hasPlot(p, quests.KeepSpent) && def.Plot.Kind != quests.KeepSpent {
		s.offerKeep(p, def.Requires, c)
	}
}

// offerKeep offers player p, who has just completed a quest requiring req
// (and spent the adventurers c of any kind on it), to take back one
// adventurer of a kind spent (plot quest KeepSpent, RULES.md 216).
func (s *State) offerKeep(p uint8, req content.Bundle, c [content.NumAdventurers]uint8) {
	var kinds content.AdventurerSet
	for k, n := range req.Cubes() {
		if n > 0 || c[k] > 0 {
			kinds |= 1 << k
		}
	}
	if kinds != 0 {
		s.push(frame{kind: dPick, p: p, a: 1, b: uint8(kinds), i: uint8(pickKeep)})
	}
}
