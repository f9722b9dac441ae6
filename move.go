package waterdeep

import "sync"

// Move is the compact, state-independent encoding of an Action without its
// player (the player is always the one to act). Moves are dense: every
// action type owns a fixed range of numbers, so 1 <= m < NumMoves() and a
// learning library can use a Move as an index into its action space (0 is
// no action and never legal). The layout, in order:
//
//	PlaceAgent        MaxSpaces     (one per space)
//	CompleteQuest     MaxQuests
//	CompleteMandatory MaxIntrigue
//	TakeQuest         MaxQuests
//	ChooseBuilding    MaxBuildings
//	PlayIntrigue      MaxIntrigue
//	Respond           2             (no, yes)
//	Decline           1
//	ChoosePlayer      MaxPlayers
//	ChooseSpace       MaxSpaces
//	ChooseQuestType   8
//	DiscardQuest      MaxQuests
//	DiscardMandatory  MaxIntrigue
//	DiscardIntrigue   MaxIntrigue
//	ChooseResources   330 * 8       (cube combinations of at most 7, times gold 0..7)
//
// A Pick is encoded as the rank of its four cube counts among all
// combinations with at most 7 cubes in all, times 8, plus its gold.
type Move uint32

type moveKind uint8

const (
	mNone moveKind = iota
	mPlace
	mComplete
	mCompleteMandatory
	mTakeQuest
	mBuilding
	mPlay
	mRespond
	mDecline
	mPlayer
	mSpace
	mType
	mDiscard
	mDiscardMandatory
	mDiscardIntrigue
	mPick
	numMoveKinds
)

// pickCombos is the number of cube combinations with at most 7 cubes.
const pickCombos = 330

var moveSize = [numMoveKinds]uint32{
	mNone: 1, mPlace: MaxSpaces, mComplete: MaxQuests, mCompleteMandatory: MaxIntrigue,
	mTakeQuest: MaxQuests, mBuilding: MaxBuildings, mPlay: MaxIntrigue, mRespond: 2, mDecline: 1,
	mPlayer: MaxPlayers, mSpace: MaxSpaces, mType: 8, mDiscard: MaxQuests, mDiscardMandatory: MaxIntrigue,
	mDiscardIntrigue: MaxIntrigue,
	mPick:            pickCombos * 8,
}

var (
	moveBase   [numMoveKinds + 1]uint32
	moveKindOf []moveKind // kind of every move below the ChooseResources range
	comboRank  [8][8][8][8]int16
	comboOf    [pickCombos][NumAdventurers]uint8
	// combosOfSize lists, for each number of cubes, the ranks of the
	// combinations of that many in ascending order, and comboLanes holds
	// each combination's counts as lanes (see has), so that listing picks
	// is one subtraction per combination.
	combosOfSize [8][]int16
	comboLanes   [pickCombos]uint64
	// picksOfSize holds, for each number of cubes, the moves that pick
	// each combination of that many, in ascending order: the listing of a
	// pick whose source holds at least that many of every kind.
	picksOfSize [8][]Move
	// comboSize and comboIndex hold each combination's number of cubes
	// and its index in combosOfSize of that number: where a pick is in
	// the set of picks kept for a decision (pickChoices).
	comboSize  [pickCombos]uint8
	comboIndex [pickCombos]uint8
)

// moveTables fills the tables above once: at the package's init, or
// earlier when content is loaded by a package-level variable's initializer
// (which runs before any init), since loading lists the answers of
// choose_one steps (choose_one.go).
var moveTables sync.Once

func init() { moveTables.Do(fillMoveTables) }

func fillMoveTables() {
	for k := range numMoveKinds {
		moveBase[k+1] = moveBase[k] + moveSize[k]
	}
	moveKindOf = make([]moveKind, moveBase[mPick])
	for k := range mPick {
		for m := moveBase[k]; m < moveBase[k+1]; m++ {
			moveKindOf[m] = k
		}
	}
	n := 0
	for c := range 8 {
		for f := range 8 - c {
			for r := range 8 - c - f {
				for w := range 8 - c - f - r {
					comboRank[c][f][r][w] = int16(n)
					comboOf[n] = [NumAdventurers]uint8{uint8(c), uint8(f), uint8(r), uint8(w)}
					comboLanes[n] = lanes(comboOf[n])
					comboSize[n] = uint8(c + f + r + w)
					comboIndex[n] = uint8(len(combosOfSize[c+f+r+w]))
					combosOfSize[c+f+r+w] = append(combosOfSize[c+f+r+w], int16(n))
					picksOfSize[c+f+r+w] = append(picksOfSize[c+f+r+w], mv(mPick, n*8))
					n++
				}
			}
		}
	}
}

// NumMoves returns the size of the Move space: every Move is below it.
func NumMoves() int { return int(moveBase[numMoveKinds]) }

func mv(k moveKind, operand int) Move {
	if operand < 0 || uint32(operand) >= moveSize[k] {
		return 0
	}
	return Move(moveBase[k] + uint32(operand))
}

func (m Move) kind() moveKind {
	switch {
	case uint32(m) < uint32(len(moveKindOf)):
		return moveKindOf[m]
	case uint32(m) < moveBase[numMoveKinds]:
		return mPick
	}
	return mNone
}

func (m Move) arg() int { return int(uint32(m) - moveBase[m.kind()]) }

func pickFits(p Pick) bool {
	return p.Adventurers() <= 7 && p.Gold < 8
}

func encodePick(p Pick) int {
	return int(comboRank[p.Cleric&7][p.Fighter&7][p.Rogue&7][p.Wizard&7])*8 + int(p.Gold&7)
}

func decodePick(v int) Pick {
	c := comboOf[(v/8)%pickCombos]
	return Pick{Cleric: c[0], Fighter: c[1], Rogue: c[2], Wizard: c[3], Gold: uint8(v % 8)}
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
func (a DiscardIntrigue) move() Move  { return mv(mDiscardIntrigue, int(a.Card)) }

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
	case mDiscardIntrigue:
		return DiscardIntrigue{p, IntrigueID(v)}
	}
	return nil
}
