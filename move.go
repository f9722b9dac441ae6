package waterdeep

// Move is the compact, state-independent encoding of an Action without its
// player (the player is always the one to act): the kind in bits 16 and up,
// the operand in the low 16 bits. The operand is a space, quest, card,
// building, player or quest type number, 1/0 for Respond, or for
// ChooseResources five 3-bit fields (cleric, fighter, rogue, wizard, gold
// from the low bits up). The zero Move is no action.
type Move uint32

type moveKind uint8

const (
	mNone moveKind = iota
	mPlace
	mComplete
	mCompleteMandatory
	mSkip
	mTakeQuest
	mBuilding
	mPlay
	mPick
	mRespond
	mDecline
	mPlayer
	mSpace
	mType
	mDiscard
	mDiscardMandatory
	numMoveKinds
)

func mv(k moveKind, operand int) Move { return Move(uint32(k)<<16 | uint32(operand)&0xFFFF) }

func (m Move) kind() moveKind { return moveKind(m >> 16) }
func (m Move) arg() int       { return int(m & 0xFFFF) }

func encodePick(p Pick) int {
	return int(p.Cleric) | int(p.Fighter)<<3 | int(p.Rogue)<<6 | int(p.Wizard)<<9 | int(p.Gold)<<12
}

func decodePick(v int) Pick {
	return Pick{Cleric: uint8(v & 7), Fighter: uint8(v >> 3 & 7), Rogue: uint8(v >> 6 & 7), Wizard: uint8(v >> 9 & 7), Gold: uint8(v >> 12 & 7)}
}

func pickFits(p Pick) bool {
	return p.Cleric < 8 && p.Fighter < 8 && p.Rogue < 8 && p.Wizard < 8 && p.Gold < 8
}

// EncodeMove returns the Move of an action (its player dropped). An action
// whose operands do not fit the encoding (a Pick field above 7) encodes to
// the zero Move, which is never legal.
func EncodeMove(a Action) Move {
	if a == nil {
		return 0
	}
	return a.move()
}

func (a PlaceAgent) move() Move        { return mv(mPlace, int(a.Space)) }
func (a CompleteQuest) move() Move     { return mv(mComplete, int(a.Quest)) }
func (a CompleteMandatory) move() Move { return mv(mCompleteMandatory, int(a.Card)) }
func (a SkipQuest) move() Move         { return mv(mSkip, 0) }
func (a TakeQuest) move() Move         { return mv(mTakeQuest, int(a.Quest)) }
func (a ChooseBuilding) move() Move    { return mv(mBuilding, int(a.Building)) }
func (a PlayIntrigue) move() Move      { return mv(mPlay, int(a.Card)) }
func (a ChooseResources) move() Move {
	if !pickFits(a.Pick) {
		return 0
	}
	return mv(mPick, encodePick(a.Pick))
}
func (a Respond) move() Move {
	if a.Accept {
		return mv(mRespond, 1)
	}
	return mv(mRespond, 0)
}
func (a Decline) move() Move          { return mv(mDecline, 0) }
func (a ChoosePlayer) move() Move     { return mv(mPlayer, int(a.Target)) }
func (a ChooseSpace) move() Move      { return mv(mSpace, int(a.Space)) }
func (a ChooseQuestType) move() Move  { return mv(mType, int(a.Type)) }
func (a DiscardQuest) move() Move     { return mv(mDiscard, int(a.Quest)) }
func (a DiscardMandatory) move() Move { return mv(mDiscardMandatory, int(a.Card)) }

// Action returns the action of move m taken by player p, or nil for a move
// that encodes no action.
func (m Move) Action(p PlayerID) Action {
	v := m.arg()
	switch m.kind() {
	case mPlace:
		return PlaceAgent{p, SpaceID(v)}
	case mComplete:
		return CompleteQuest{p, QuestID(v)}
	case mCompleteMandatory:
		return CompleteMandatory{p, IntrigueID(v)}
	case mSkip:
		return SkipQuest{p}
	case mTakeQuest:
		return TakeQuest{p, QuestID(v)}
	case mBuilding:
		return ChooseBuilding{p, BuildingID(v)}
	case mPlay:
		return PlayIntrigue{p, IntrigueID(v)}
	case mPick:
		return ChooseResources{p, decodePick(v)}
	case mRespond:
		return Respond{p, v != 0}
	case mDecline:
		return Decline{p}
	case mPlayer:
		return ChoosePlayer{p, PlayerID(v)}
	case mSpace:
		return ChooseSpace{p, SpaceID(v)}
	case mType:
		return ChooseQuestType{p, QuestType(v)}
	case mDiscard:
		return DiscardQuest{p, QuestID(v)}
	case mDiscardMandatory:
		return DiscardMandatory{p, IntrigueID(v)}
	}
	return nil
}
