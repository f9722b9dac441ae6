package waterdeep

import (
	"math/bits"

	"github.com/waterdeep-go/waterdeep/content"
	"github.com/waterdeep-go/waterdeep/lords"
	"github.com/waterdeep-go/waterdeep/quests"
)

// rounds is the length of a game.
const rounds = 8

// advance moves the game on when nothing is pending: the next placement
// turn, else the next Harbor reassignment, else the end of the round. It
// reports whether it left a decision with two or more legal answers on
// top, so that the engine need not count them again; that decision's
// spaces are then in kept.
func (s *State) advance() (choice bool) {
	n := s.numPlayers
	if s.phase == phasePlacement {
		// Turns go left from the first player; a player with no agents, or
		// with no legal placement, is skipped. "If no one can legally
		// assign an agent, the round ends."
		// Seats count up from the next player and wrap, without a
		// division per seat.
		p := uint8(s.next)
		for range n {
			next := p + 1
			if next == n {
				next = 0
			}
			if s.players[p].pool != 0 {
				// The spaces are listed in full once, here, and kept for
				// the decision (kept_answers.go).
				if legal := s.placements(p, placeTurn, 0, none); !legal.empty() {
					s.next = PlayerID(next)
					s.startTurn(p, placeTurn, none)
					s.kept = legal
					return legal.upTo2() > 1
				}
			}
			p = next
		}
		s.phase = phaseReassign
		s.harborNext = 0
	}
	// "After all Agents have been assigned in the round, each player with
	// an Agent in Waterdeep Harbor reassigns that Agent", in slot order.
	// harborNext counts two steps per slot: its own agent, then the agents
	// that follow it (Recover the Magister's Orb, The Zoarstar).
	for int(s.harborNext) < 2*len(s.c.harbor) {
		slot := uint8(s.c.harbor[s.harborNext/2])
		if s.harborNext%2 == 0 {
			s.harborNext++
			// Appendix 4: the Ambassador is not reassigned from the Harbor.
			if o := s.occupant[slot]; o != 0 && o != ambassadorMark && s.anyPlacement(o-1, placeReassign, slot) {
				s.startTurn(o-1, placeReassign, slot)
				return false
			}
			continue
		}
		for i := range s.follow {
			fl := s.follow[i]
			if fl.slot == slot {
				s.follow[i] = follower{none, none, none}
				if s.anyPlacement(fl.player, placeReassign, fl.from) {
					s.startTurn(fl.player, placeReassign, fl.from)
					return false
				}
			}
		}
		s.harborNext++
	}
	s.endRound()
	return false
}

// endRound returns every agent to its pool and starts the next round, or
// ends the game after the eighth.
func (s *State) endRound() {
	s.clearBoard()
	for i := range s.shared {
		s.shared[i] = agentAt{none, none}
	}
	for i := range s.follow {
		s.follow[i] = follower{none, none, none}
	}
	for p := range s.numPlayers {
		ps := &s.players[p]
		ps.pool = ps.agents
		ps.orbUsed = false
		ps.swapUsed = false
		ps.visitUsed = false
	}
	// The Ambassador returns to its holder, who assigns it again at the
	// start of the next round (reading: it stays with its holder until
	// another player takes it at The Palace of Waterdeep).
	s.ambSpace = none
	s.emit(Event{Kind: EvRoundEnded, Player: NoPlayer, Round: int(s.round)})
	if s.round >= rounds {
		s.finalScoring()
		return
	}
	s.round++
	s.startRound()
}

// startRound resolves the start of a round: 1 VP on each tile for sale,
// the start-of-round stacks of tiles in play, the fifth agent in round 5,
// Defend the Tower of Luck, then the Ambassador before anyone else.
func (s *State) startRound() {
	s.phase = phasePlacement
	s.next = s.first
	s.harborNext = 0
	s.emit(Event{Kind: EvRoundStarted, Player: NoPlayer, Round: int(s.round)})
	for i, t := range s.forSale {
		if t != none {
			s.forSaleVP[i]++
		}
	}
	// The tiles in play, in order: the board's mask of them (derived.go).
	for w := s.built; w != 0; w &= w - 1 {
		s.addStock(uint8(bits.TrailingZeros64(w)))
	}
	if s.round == 5 {
		for p := range s.numPlayers {
			s.players[p].agents++
			s.players[p].pool++
			s.emit(Event{Kind: EvAgentGained, Player: PlayerID(p)})
		}
	}
	// Frames run last-pushed first: the Ambassador's turn is pushed first
	// so that the start-of-round choices resolve before it.
	// The Palace may still be for sale (its Ambassador taken with Sample
	// Wares); only the Palace leaving play takes the Ambassador away.
	if s.ambHolder != none && !s.ambGone {
		s.startTurn(s.ambHolder, placeAmbassador, none)
	}
	for i := range s.numPlayers {
		p := s.numPlayers - 1 - i
		plots := s.players[p].completed.and(s.c.plotQuests[quests.RoundStartChoose])
		for q := plots.next(0); q >= 0; q = plots.next(q + 1) {
			s.push(pickFrame(p, pickGain, uint8(s.c.quests[q].Plot.Count), content.AllAdventurers))
		}
	}
}

// finalScoring ends the game: 1 VP per adventurer, 1 VP per 2 gold, and
// each lord's bonus. This addition needs no saturation: play holds VP and
// gold at most content.MaxHeld, so the total stays below 2^20 (see
// content/limits.go).
func (s *State) finalScoring() {
	for p := range s.numPlayers {
		b := s.breakdown(PlayerID(p))
		s.players[p].score += int32(b.total())
		s.emit(Event{Kind: EvFinalScore, Player: PlayerID(p), Amount: Bundle{VP: b.total()}})
	}
	s.emit(Event{Kind: EvGameOver, Player: NoPlayer})
	s.phase = phaseOver
	s.sp = 0
}

// FinalScore is the end-of-game part of a player's score.
type FinalScore struct {
	Adventurers int // 1 VP per adventurer in the tavern
	Gold        int // 1 VP per 2 gold
	Lord        int // the Lord card's bonus
	// Corruption is the corruption penalty (Skullport), 0 or negative:
	// each token in the tavern costs the label of the empty track space
	// farthest from -1.
	Corruption int
}

func (b FinalScore) total() int { return b.Adventurers + b.Gold + b.Lord + b.Corruption }

func (s *State) breakdown(p PlayerID) FinalScore {
	if s.c == nil || p >= PlayerID(s.numPlayers) {
		return FinalScore{}
	}
	ps := &s.players[p]
	return FinalScore{Adventurers: ps.cubes(), Gold: int(ps.gold / 2), Lord: s.c.lords[ps.lord].Score(s.tally(p)),
		Corruption: -int(ps.corrupt) * s.corruptionValue()}
}

func (s *State) tally(p PlayerID) lords.Tally {
	ps := &s.players[p]
	var t lords.Tally
	for qt := range content.NumQuestTypes {
		t.Completed[qt] = ps.completed.and(s.c.questsOfType[qt]).len()
	}
	t.Buildings = int(ps.buildings)
	l := &s.c.lords[ps.lord]
	if l.ModuleCards != 0 || l.VPPerCorruption != 0 {
		// Sangalor, Halaster Blackcloak and The Xanathar (only they need
		// these counts).
		t.ModuleQuests, t.ModuleBuildings, t.Corruption = s.tallyModules(p)
	}
	if l.VPPerBigQuest != 0 {
		// Trobriand counts the printed reward only: plot bonuses and
		// extra VP of a quest are not printed VP (RULES.md 202).
		for q := ps.completed.next(0); q >= 0; q = ps.completed.next(q + 1) {
			if s.c.quests[q].PrintedVP() >= l.BigQuestVP {
				t.BigQuests++
			}
		}
	}
	return t
}

// FinalScore returns the end-of-game part of player p's score, as it is
// counted now (it is added to Score when the game ends).
// A PlayerID that is not a seat holds nothing here (see CheckSeat).
func (s State) FinalScore(p PlayerID) FinalScore { return s.breakdown(p) }

// Scores returns every player's VP, final once the game is over.
func (s State) Scores() []int {
	out := make([]int, s.numPlayers)
	for p := range out {
		out[p] = int(s.players[p].score)
	}
	return out
}

// Winners returns the players with the most VP, ties broken by the most gold
// (rulebook, "Final Scoring"); players still tied all win. It is empty until
// the game is over.
func (s State) Winners() []PlayerID {
	if !s.Over() {
		return nil
	}
	var win []PlayerID
	for p := range PlayerID(s.numPlayers) {
		if len(win) == 0 {
			win = append(win, p)
			continue
		}
		b, c := s.players[win[0]], s.players[p]
		switch {
		case c.score > b.score || (c.score == b.score && c.gold > b.gold):
			win = append(win[:0], p)
		case c.score == b.score && c.gold == b.gold:
			win = append(win, p)
		}
	}
	return win
}
