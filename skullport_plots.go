package waterdeep

import (
	"math/bits"

	"github.com/waterdeep-go/waterdeep/quests"
)

// The lasting effects of the Skullport module's plot quests: bonuses for
// assigning agents to named spaces, extra intrigue cards at the Harbor,
// moving corruption when buying a building, returning an extra token,
// drawing when taking corruption, and fighters for the first-player
// marker.

// Once-per-turn effects a player has used in the current turn
// (playerState.turnUsed).
const (
	usedExtraReturn uint8 = 1 << iota
	usedDrawOnCorruption
)

// turnOwner returns the player whose turn is being resolved (the oldest
// turn on the stack), or none between turns.
func (s *State) turnOwner() uint8 {
	for i := range s.sp {
		if s.stack[i].kind == fTurn {
			return s.stack[i].p
		}
	}
	return none
}

// placementPlots pushes what the plot quests of player p offer when p
// assigns an agent to space sp. The frames go below the action's, so they
// are resolved after it, and their gains are not the action's (as other
// plot bonuses, RULES.md 102). Its reference is placementPlotsRef, the
// walk of the plots without Content.placePlots.
func (s *State) placementPlots(p uint8, sp uint8) {
	ps := &s.players[p]
	if ps.completed.and(s.c.placePlots[sp]).empty() {
		return // no plot of p's watches this space (most placements)
	}
	// The quests in ascending order, a word at a time (see anyCompletable).
	if s.c.spaces[sp].reassign {
		plots := ps.completed.and(s.c.plotQuests[quests.HarborIntrigue])
		for i := range 2 {
			for w := plots.word(i); w != 0; w &= w - 1 {
				// Uncover Forbidden Lore: up to Count more cards after the
				// Harbor's own.
				s.push(noActionFrame(p))
				s.push(offerFrame(p, offerHarbor, uint8(i<<6|bits.TrailingZeros64(w)), 0))
			}
		}
	}
	// Only the plots that watch this space (most placements: none).
	visits := ps.completed.and(s.c.visitPlots[sp])
	for i := range 2 {
		for w := visits.word(i); w != 0; w &= w - 1 {
			s.push(noActionFrame(p))
			s.push(offerFrame(p, offerVisit, uint8(i<<6|bits.TrailingZeros64(w)), 0))
		}
	}
}

// offer asks what the fOffer frame f offers, now that it is on top.
func (s *State) offer(f frame) {
	if f.offerKind() == offerHarbor {
		s.push(extraIntrigueFrame(f.p, f.plotQuest(), f.played()))
		return
	}
	s.push(plotRespondFrame(f.p, respondVisit, f.plotQuest()))
}

// extraIntriguePlayed resolves playing card i as an extra Harbor card of
// plot quest q: the first one costs the plot's corruption; another may
// follow while the plot allows.
func (s *State) extraIntriguePlayed(f frame, card uint8) {
	p := f.p
	pl := &s.c.quests[f.plotQuest()].Plot
	played := int(f.played()) + 1
	if played < pl.Count {
		// Offered once the card is resolved (a control frame: only the
		// top of the stack is a decision).
		s.push(offerFrame(p, offerHarbor, f.plotQuest(), uint8(played)))
	}
	if played == 1 {
		s.gainCorruption(p, pl.Corruption)
	}
	s.playIntrigue(p, card)
}

// afterPurchase offers Defame Rival Business's move of a corruption token.
func (s *State) afterPurchase(p uint8) {
	if s.players[p].corrupt > 0 && s.hasPlot(p, quests.CorruptionOnPurchase) {
		s.push(spaceFrame(p, spaceMoveCorruption, 1))
	}
}

// onCorruptionReturned offers Protect Converts to Eilistraee's extra
// return, once on the player's own turn.
func (s *State) onCorruptionReturned(p uint8) {
	ps := &s.players[p]
	plots := ps.completed.and(s.c.plotQuests[quests.ExtraReturn])
	if plots.empty() || ps.corrupt == 0 || ps.turnUsed&usedExtraReturn != 0 || s.turnOwner() != p {
		return
	}
	if q := plots.next(0); q >= 0 {
		ps.turnUsed |= usedExtraReturn
		s.push(plotRespondFrame(p, respondExtraReturn, uint8(q)))
	}
}

// onCorruptionTaken applies Shelter Zhentarim Agents: once on the player's
// own turn, taking corruption draws an intrigue card.
func (s *State) onCorruptionTaken(p uint8) {
	ps := &s.players[p]
	plots := ps.completed.and(s.c.plotQuests[quests.DrawOnCorruption])
	if plots.empty() || ps.turnUsed&usedDrawOnCorruption != 0 || s.turnOwner() != p {
		return
	}
	if q := plots.next(0); q >= 0 {
		ps.turnUsed |= usedDrawOnCorruption
		s.giveBonus(p, &s.c.quests[q].Plot.Gain)
	}
}

// onFirstPlayer applies Train Castle Guards: whenever anyone takes the
// first-player marker, each holder of the plot and the taker gain its
// bonus (once for a holder who takes it; reading, RULES.md 103). Its
// reference is onFirstPlayerRef.
func (s *State) onFirstPlayer(taker uint8) {
	// Most games: no one holds the plot. One test of every player's
	// completed quests at once, before the walk (onFirstPlayerRef is the walk alone).
	var held set128
	for o := range s.numPlayers {
		held = held.or(s.players[o].completed)
	}
	if held.and(s.c.plotQuests[quests.FirstPlayerBonus]).empty() {
		return
	}
	for o := range s.numPlayers {
		plots := s.players[o].completed.and(s.c.plotQuests[quests.FirstPlayerBonus])
		for q := plots.next(0); q >= 0; q = plots.next(q + 1) {
			g := &s.c.quests[q].Plot.Gain
			s.giveBonus(o, g)
			if o != taker {
				s.giveBonus(taker, g)
			}
		}
	}
}
