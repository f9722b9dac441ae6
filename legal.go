package waterdeep

import (
	"github.com/waterdeep-go/waterdeep/content"
)

// Legality. check tells whether one move answers the decision on top of
// the stack, or why not; Legal, Apply, Play, PlayInPlace and LegalMove all
// go through it. It dispatches on the decision's kind to the rule of that
// decision, in the file of its concept (placement_legal.go, picks.go,
// building_choices.go, space_choices.go, player_choices.go,
// intrigue_play.go, quest_decisions.go, respond.go, choose_one.go), where
// the listing of every legal answer (moves.go) finds the same rules.

// maxCopyDepth bounds how deep legality looks through effects that use
// another space or play another card (The Zoarstar copying the Harbor,
// whose card is Bribe Agent, copying another space...). Beyond it a nested
// space counts as unusable.
const maxCopyDepth = 4

// check tells whether move m answers the decision on top, or why not.
func (s *State) check(m Move) Reason {
	if s.sp == 0 {
		return GameOver
	}
	f := s.top()
	p := f.p
	ps := &s.players[p]
	v := m.arg()
	k := m.kind()
	switch f.kind {
	case dPlace:
		if k == mPlace {
			return s.placeReason(p, placeMode(f.a), v, f.b)
		}
	case dQuest:
		switch k {
		case mDecline:
			return 0
		case mComplete:
			if v >= len(s.c.quests) || (!ps.active.has(uint8(v)) && !s.isFaceUpCompletable(p, uint8(v))) || (f.a != none && int(f.a) != v) {
				return NoSuchQuest
			}
			if !ps.mandatory.empty() {
				return MandatoryQuestFirst
			}
			if !ps.has(&s.c.questNeed[v]) {
				return CannotAfford
			}
			return 0
		case mCompleteMandatory:
			if v >= len(s.c.intrigue) || !ps.mandatory.has(uint8(v)) || f.a != none {
				return NoSuchQuest
			}
			if !ps.has(&s.c.mandatoryNeed[v]) {
				return CannotAfford
			}
			return 0
		}
	case dTakeQuest:
		if k == mTakeQuest {
			if v >= len(s.c.quests) {
				return NoSuchQuest
			}
			if f.a == 1 {
				if s.revealed.has(uint8(v)) {
					return 0
				}
				return NoSuchQuest
			}
			for _, q := range s.cliffwatch {
				if q != none && int(q) == v {
					return 0
				}
			}
			return NoSuchQuest
		}
	case dPick:
		if k == mPick {
			return s.pickReason(f, decodePick(v))
		}
		if k == mDecline {
			if pickPurpose(f.i) == pickSwap || pickPurpose(f.i) == pickKeep {
				return 0
			}
			return NotOptional
		}
	case dChooseOne:
		if k == mPick {
			return s.chooseOneReason(f, m)
		}
	case dBuilding:
		if k == mBuilding {
			return s.buildingReason(f, v)
		}
		if k == mDecline {
			if buildingPurpose(f.a) == buildMayBuy {
				return 0
			}
			return NotOptional
		}
	case dIntrigue:
		switch k {
		case mPlay:
			if v >= len(s.c.intrigue) || !ps.hand.has(uint8(v)) || (f.i != 0 && int(f.i) != v+1) {
				return NoSuchCard
			}
			if !s.cardPlayable(p, uint8(v), 0, noStanding) {
				return CardNotPlayable
			}
			return 0
		case mDecline:
			if f.a >= 1 {
				return 0
			}
			return NotOptional
		}
	case dDiscardIntrigue:
		if k == mDiscardIntrigue {
			if v >= len(s.c.intrigue) || !ps.hand.has(uint8(v)) {
				return NoSuchCard
			}
			return 0
		}
	case dPlayer:
		if k == mPlayer {
			if v >= int(s.numPlayers) {
				return NoSuchPlayer
			}
			return s.targetReason(f, uint8(v))
		}
	case dSpace:
		if k == mSpace {
			return s.spaceReason(f, v)
		}
		if k == mDecline {
			if sp := spacePurpose(f.a); (sp == spaceMoveCorruption || sp == spaceRecall) && f.b == 1 {
				return 0
			}
			return NotOptional
		}
	case dRespond:
		if k == mRespond {
			if v == 1 && !s.canGive(f) {
				return CannotAfford
			}
			if v > 1 {
				return WrongDecision
			}
			return 0
		}
	case dQuestType:
		if k == mType {
			if v >= content.NumQuestTypes {
				return WrongDecision
			}
			return 0
		}
	case dDiscard:
		switch k {
		case mDiscard:
			if v >= len(s.c.quests) || !ps.active.has(uint8(v)) || f.a == discardFoist {
				return NoSuchQuest
			}
			return 0
		case mDiscardMandatory:
			if v >= len(s.c.intrigue) || !ps.mandatory.has(uint8(v)) || f.a == 2 {
				return NoSuchQuest
			}
			return 0
		case mDecline:
			if f.a == 1 {
				return 0
			}
			return NotOptional
		}
	}
	return WrongDecision
}
