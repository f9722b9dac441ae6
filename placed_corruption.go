package waterdeep

import "github.com/waterdeep-go/waterdeep/content"

// Corruption lying on a space is taken with the agent's action
// (takePlaced), and more corruption can make an action impossible only
// through Doppelganger's step (an opponent's agent more corrupt than the
// player; RULES.md 110): every other check is of payments, counts the
// corruption only helps (Delver's Folly, a return of corruption) or
// opponents' corruption. So canResolvePlaced need not look at the player
// after taking corruption, when the action is possible before, unless
// such a step may be reached: played from the hand, or in an action.

// moreCorruptStep reports whether program p has a step that more
// corruption of the player may make impossible.
func moreCorruptStep(p content.Program) bool {
	for i := range p {
		if p[i].Kind == content.StepSpecial && p[i].Special == content.CopyMoreCorrupt {
			return true
		}
	}
	return false
}

// listMoreCorrupt fills moreCorruptCards and moreCorruptSpace.
func (c *Content) listMoreCorrupt() {
	for i := range c.intrigue {
		if i < MaxIntrigue && moreCorruptStep(c.intrigue[i].Effect) {
			c.moreCorruptCards.add(uint8(i))
		}
	}
	for i := range c.spaces {
		if moreCorruptStep(c.programs[c.spaces[i].program]) {
			c.moreCorruptSpace = true
		}
	}
}

// corruptionMayHurt reports whether taking corruption may make an action
// of player p impossible that is possible now: a card in p's hand, or an
// action of the content, has Doppelganger's step.
func (s *State) corruptionMayHurt(p uint8) bool {
	return s.c.moreCorruptSpace || !s.players[p].hand.and(s.c.moreCorruptCards).empty()
}
