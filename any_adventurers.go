package waterdeep

import (
	"github.com/waterdeep-go/waterdeep/content"
)

// Quests that require adventurers of any kind (Undermountain: "1 cleric,
// 1 fighter and 1 adventurer of any type"). The fixed part is paid when
// the quest is completed; the player then chooses which adventurers of
// their tavern make up the rest (a pick of purpose pickSpend). A quest may
// pay a bonus per adventurer of one kind spent on it (quests.PerSpent),
// counted over the fixed part and the pick.

// hasAny reports whether, beyond n's fixed adventurers, the player holds
// n.any more of any kind. Called only when n.cubes is covered.
func (ps *playerState) hasAny(n *need) bool {
	fixed := int(n.cubes&0xffff) + int(n.cubes>>16&0xffff) + int(n.cubes>>32&0xffff) + int(n.cubes>>48)
	return ps.cubes()-fixed >= int(n.any)
}

// spendAny follows the payment of quest q's fixed requirement by player p:
// with adventurers of any kind still owed, p chooses them (on top of the
// reward, which resolves afterwards); otherwise the bonus per adventurer
// spent is paid at once.
func (s *State) spendAny(p, q uint8) {
	def := &s.c.quests[q]
	if def.Requires.Any == 0 {
		if !def.PerSpent.Gain.IsZero() {
			s.spent(p, q, [content.NumAdventurers]uint8{})
		}
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
			s.supply[k] += n
		}
		s.emitGain(EvPaid, p, amountOf(c, 0, 0))
	}
	def := &s.c.quests[q]
	if def.PerSpent.Gain.IsZero() {
		return
	}
	k := def.PerSpent.Kind
	n := def.Requires.Cubes()[k] + int(c[k])
	g := def.PerSpent.Gain
	bonus := content.Bundle{VP: n * g.VP, Intrigue: n * g.Intrigue}
	if !bonus.IsZero() {
		s.gain(p, &bonus)
	}
}
