package waterdeep

import "github.com/waterdeep-go/waterdeep/content"

// The frames of each kind: a constructor per kind (or per purpose, where a
// purpose gives the slots other meanings) and an accessor per value. Only
// this file and frame.go read or write a frame's raw slots x, y and z; a
// frame's player p is every kind's, and prog and pc name a program step
// (prog, pc) for the kinds that resolve or answer one (fProgram,
// dChooseOne, and the purposes that say "step (prog, pc)" below).
// Everything here is a few moves of bytes the compiler inlines.

// fProgram: resolve program prog for player p from step pc, as the action
// of space sp (none: a program that belongs to no space: rewards, cards,
// owner benefits).
func programFrame(p uint8, prog uint16, sp uint8) frame {
	return frame{kind: fProgram, p: p, prog: prog, x: sp}
}

// space is the space whose action an fProgram resolves, or none.
func (f *frame) space() uint8 { return f.x }

// stage is an fProgram's progress within step pc: a repeat or opponent
// counter, or the part of a special step reached. A step resets it to 0
// when it moves to the next step.
func (f *frame) stage() uint8 { return f.z }

func (f *frame) setStage(n uint8) { f.z = n }

// tokensLeft is an fProgram's count of agents still to recall at a
// RecallPerCorruption step (one per corruption token taken).
func (f *frame) tokensLeft() uint8 { return f.y }

func (f *frame) setTokensLeft(n uint8) { f.y = n }

// fAction: an action of player p, which collects the kinds it gave p
// (gotMask bits, for the plot quests' bonuses) until it is popped.
func actionFrame(p uint8) frame { return frame{kind: fAction, p: p} }

// gave is what the fAction gave so far (gotMask bits).
func (f *frame) gave() uint8 { return f.x }

func (f *frame) addGave(got uint8) { f.x |= got }

// fNoAction: a boundary; gains above it are not an action's.
func noActionFrame(p uint8) frame { return frame{kind: fNoAction, p: p} }

// fTurn: a turn of player p, its action being resolved until the quest
// offer was made (or is not to be made: no agent was assigned).
func turnFrame(p uint8) frame { return frame{kind: fTurn, p: p} }

// questAsked reports whether an fTurn made its quest offer (or will make
// none).
func (f *frame) questAsked() bool { return f.z != 0 }

func (f *frame) markQuestAsked() { f.z = 1 }

// fDiscard: put intrigue card card, played by p, on the discard pile once
// its effect is resolved, or in another seat's hand (setHandTo).
func discardCardFrame(p, card uint8) frame { return frame{kind: fDiscard, p: p, x: card} }

// card is the intrigue card an fDiscard puts away.
func (f *frame) card() uint8 { return f.x }

// handTo returns the seat an fDiscard hands its card to, if any.
func (f *frame) handTo() (uint8, bool) { return f.y - 1, f.y != 0 }

func (f *frame) setHandTo(o uint8) { f.y = o + 1 }

// fOffer: when reached, ask player p what plot quest q offers on a
// placement: offerVisit (BonusOnVisit) or offerHarbor (HarborIntrigue,
// played extra cards played so far).
func offerFrame(p uint8, what offerKind, q, played uint8) frame {
	return frame{kind: fOffer, p: p, x: uint8(what), y: q, pc: played}
}

func (f *frame) offerKind() offerKind { return offerKind(f.x) }

// plotQuest is the plot quest an fOffer, a dRespond of respondVisit or
// respondExtraReturn, or a dIntrigue of extra cards is about.
func (f *frame) plotQuest() uint8 {
	if f.kind == dIntrigue {
		return uint8(f.prog)
	}
	return f.y
}

// played is the extra cards played so far of an fOffer of offerHarbor or a
// dIntrigue of extra cards.
func (f *frame) played() uint8 { return f.pc }

// dPlace: place an agent in mode; from is the space a reassigned agent
// comes from (placeReassign), else none or 0.
func placeFrame(p uint8, mode placeMode, from uint8) frame {
	return frame{kind: dPlace, p: p, x: uint8(mode), y: from}
}

func (f *frame) placeMode() placeMode { return placeMode(f.x) }

// from is the space a dPlace's reassigned agent comes from, a dSpace of
// spaceCopy's copying agent stands on (none: the card's player has no
// agent there) or the space of the agent a dSpace of spaceManipulateTo
// moves, or the space a dRespond of respondMoved's agent left.
func (f *frame) from() uint8 {
	if f.kind == dRespond {
		return f.pc
	}
	return f.y
}

// dQuest: may complete a quest; only is a quest that alone may be
// completed (Heroes' Garden) or none, for vp bonus VP.
func questFrame(p, only, vp uint8) frame { return frame{kind: dQuest, p: p, x: only, y: vp} }

// onlyQuest is the one quest a dQuest allows, or none.
func (f *frame) onlyQuest() uint8 { return f.x }

// vp is the VP of a dQuest (bonus), a dTakeQuest (the bonus of completing
// the quest at once) and a dDiscard (for the quest discarded).
func (f *frame) vp() uint8 { return f.y }

// dTakeQuest: take a face-up quest, or one of those revealed; vp > 0: it
// may be completed at once for vp bonus VP (Heroes' Garden).
func takeQuestFrame(p uint8, revealed bool, vp uint8) frame {
	return frame{kind: dTakeQuest, p: p, x: bit(revealed), y: vp}
}

func (f *frame) fromRevealed() bool { return f.x == 1 }

// dPick: choose count adventurers of kinds for purpose (not pickSteal,
// pickSpend or pickToOwner, which have constructors of their own).
func pickFrame(p uint8, purpose pickPurpose, count uint8, kinds content.AdventurerSet) frame {
	return frame{kind: dPick, p: p, x: count, y: uint8(kinds), z: uint8(purpose)}
}

// stealPickFrame: take count adventurers of the kinds stealKinds codes
// from victim's tavern.
func stealPickFrame(p, count, victim, kinds uint8) frame {
	return frame{kind: dPick, p: p, x: count, y: victim, z: uint8(pickSteal), prog: uint16(kinds)}
}

// spendPickFrame: spend count adventurers of any kind on quest q.
func spendPickFrame(p, count, q uint8) frame {
	return frame{kind: dPick, p: p, x: count, y: uint8(content.AllAdventurers), z: uint8(pickSpend), prog: uint16(q)}
}

// toOwnerPickFrame: give count adventurers to owner (none: the supply).
func toOwnerPickFrame(p, count, owner uint8) frame {
	return frame{kind: dPick, p: p, x: count, y: owner, z: uint8(pickToOwner)}
}

func (f *frame) pickPurpose() pickPurpose { return pickPurpose(f.z) }

func (f *frame) pickCount() uint8 { return f.x }

// pickKinds is the kinds a dPick allows, as its frame says (pickSource
// applies the purpose's own rule).
func (f *frame) pickKinds() content.AdventurerSet {
	switch f.pickPurpose() {
	case pickSteal:
		return stealAllowed(uint8(f.prog))
	case pickToOwner:
		return content.AllAdventurers
	}
	return content.AdventurerSet(f.y)
}

// stealCode is the stealKinds code of a dPick of pickSteal or a dPlayer of
// targetSteal.
func (f *frame) stealCode() uint8 {
	if f.kind == dPick {
		return uint8(f.prog)
	}
	return f.z
}

// other is the seat a dPick of pickSteal takes from, or of pickToOwner
// gives to (none: the supply), a dDiscard of discardFoist hands to, or a
// dRespond's other player (the taker of a gift, the mover of an agent).
func (f *frame) other() uint8 {
	if f.kind == dRespond {
		return f.x
	}
	return f.y
}

// spendQuest is the quest a dPick of pickSpend spends on.
func (f *frame) spendQuest() uint8 { return uint8(f.prog) }

// dChooseOne: choose one option of step (prog, pc).
func chooseOneFrame(p uint8, prog uint16, pc uint8) frame {
	return frame{kind: dChooseOne, p: p, prog: prog, pc: pc}
}

// dBuilding: choose a tile for purpose.
func buildingFrame(p uint8, purpose buildingPurpose) frame {
	return frame{kind: dBuilding, p: p, x: uint8(purpose)}
}

func (f *frame) buildingPurpose() buildingPurpose { return buildingPurpose(f.x) }

// dIntrigue: play an intrigue card, any playable one.
func intrigueFrame(p uint8, optional bool) frame {
	return frame{kind: dIntrigue, p: p, x: uint8(bit(optional))}
}

// drawnIntrigueFrame: may play card, just drawn (draw_may_play).
func drawnIntrigueFrame(p, card uint8) frame {
	return frame{kind: dIntrigue, p: p, x: uint8(intrigueOptional), z: card + 1}
}

// extraIntrigueFrame: may play an extra card at the Harbor for plot quest
// q (HarborIntrigue), played extra cards played so far.
func extraIntrigueFrame(p, q, played uint8) frame {
	return frame{kind: dIntrigue, p: p, x: uint8(intrigueExtra), y: 1, prog: uint16(q), pc: played}
}

func (f *frame) intrigueMode() intrigueMode { return intrigueMode(f.x) }

// onlyCard returns the one card a dIntrigue allows (the card just drawn),
// if it allows one; the card is drawnHidden in a view's progress token of
// another player.
func (f *frame) onlyCard() (uint8, bool) { return f.z - 1, f.z != 0 }

func (f *frame) setOnlyCard(card uint8) { f.z = card + 1 }

// onlyCardIs reports whether card is the one card a dIntrigue allows.
func (f *frame) onlyCardIs(card uint8) bool { return f.z == card+1 }

// allowsCard reports whether a dIntrigue allows card v: any card, or the
// one it allows.
func (f *frame) allowsCard(v int) bool { return f.z == 0 || int(f.z) == v+1 }

// hidesOnlyCard reports whether a dIntrigue's one card is drawnHidden
// (a sampled state, before sampleDrawn).
func (f *frame) hidesOnlyCard() bool { return f.z == drawnHidden }

func (f *frame) hideOnlyCard() { f.z = drawnHidden }

// dPlayer: choose an opponent for purpose with argument arg: the
// mandatory quest card (targetMandatory), the gold (targetBlackmail).
func playerFrame(p uint8, purpose playerPurpose, arg uint8) frame {
	return frame{kind: dPlayer, p: p, x: uint8(purpose), y: arg}
}

// stepPlayerFrame: choose an opponent for step (prog, pc) (targetGift,
// targetBetray).
func stepPlayerFrame(p uint8, purpose playerPurpose, prog uint16, pc uint8) frame {
	return frame{kind: dPlayer, p: p, x: uint8(purpose), prog: prog, pc: pc}
}

// stealPlayerFrame: choose an opponent to take count adventurers of the
// kinds stealKinds codes from.
func stealPlayerFrame(p, count, kinds uint8) frame {
	return frame{kind: dPlayer, p: p, x: uint8(targetSteal), y: count, z: kinds}
}

func (f *frame) playerPurpose() playerPurpose { return playerPurpose(f.x) }

// mandatoryCard is the card a dPlayer of targetMandatory hands out.
func (f *frame) mandatoryCard() uint8 { return f.y }

// amount is the gold of a dPlayer of targetBlackmail, or the adventurers
// of one of targetSteal.
func (f *frame) amount() uint8 { return f.y }

// dSpace: choose a space for purpose with argument arg: the space the
// agent comes from (spaceCopy, spaceManipulateTo), 1 when optional
// (spaceRecall, spaceMoveCorruption), the adventurer's kind
// (spacePileOwn).
func spaceFrame(p uint8, purpose spacePurpose, arg uint8) frame {
	return frame{kind: dSpace, p: p, x: uint8(purpose), y: arg}
}

// pileFrame: choose a space to put step (prog, pc)'s resources on.
func pileFrame(p uint8, prog uint16, pc uint8) frame {
	return frame{kind: dSpace, p: p, x: uint8(spacePile), prog: prog, pc: pc}
}

func (f *frame) spacePurpose() spacePurpose { return spacePurpose(f.x) }

// optional reports whether a dSpace may be declined.
func (f *frame) optional() bool { return f.y == 1 }

// pileKind is the adventurer a dSpace of spacePileOwn puts on a space.
func (f *frame) pileKind() uint8 { return f.y }

// dRespond of a step (prog, pc): respondGive (other gets the Bundle),
// respondTrade and respondDeal (other is p).
func respondFrame(p uint8, purpose respondPurpose, other uint8, prog uint16, pc uint8) frame {
	return frame{kind: dRespond, p: p, x: other, z: uint8(purpose), prog: prog, pc: pc}
}

// plotRespondFrame: take plot quest q's bonus (respondVisit,
// respondExtraReturn).
func plotRespondFrame(p uint8, purpose respondPurpose, q uint8) frame {
	return frame{kind: dRespond, p: p, x: p, y: q, z: uint8(purpose)}
}

// movedRespondFrame: take the action of space to, where player mover moved
// p's agent from space from (Manipulate).
func movedRespondFrame(p, mover, from, to uint8) frame {
	return frame{kind: dRespond, p: p, x: mover, y: to, z: uint8(respondMoved), pc: from}
}

// upToRespondFrame: return (or remove) the nth token of the up-to step
// (prog, pc).
func upToRespondFrame(p uint8, prog uint16, pc, nth uint8) frame {
	return frame{kind: dRespond, p: p, x: p, y: nth, z: uint8(respondUpTo), prog: prog, pc: pc}
}

func (f *frame) respondPurpose() respondPurpose { return respondPurpose(f.z) }

// to is the space a dRespond of respondMoved's agent was moved to.
func (f *frame) to() uint8 { return f.y }

// nth is the token a dRespond of respondUpTo asks about (1, 2, ...), or
// the card a dDiscardIntrigue asks for (of count).
func (f *frame) nth() uint8 {
	if f.kind == dDiscardIntrigue {
		return f.x
	}
	return f.y
}

// nextToken moves a dRespond of respondUpTo to the next token.
func (f *frame) nextToken() { f.y++ }

// dQuestType: name a quest type.
func questTypeFrame(p uint8) frame { return frame{kind: dQuestType, p: p} }

// dDiscard: discard an uncompleted quest in mode, for vp VP.
func discardQuestFrame(p uint8, mode discardMode, vp uint8) frame {
	return frame{kind: dDiscard, p: p, x: uint8(mode), y: vp}
}

// foistFrame: hand one of p's mandatory quests to victim.
func foistFrame(p, victim uint8) frame {
	return frame{kind: dDiscard, p: p, x: uint8(discardFoist), y: victim}
}

func (f *frame) discardMode() discardMode { return discardMode(f.x) }

// dDiscardIntrigue: discard an intrigue card, the nth of count.
func discardIntrigueFrame(p, nth, count uint8) frame {
	return frame{kind: dDiscardIntrigue, p: p, x: nth, y: count}
}

// count is the cards a dDiscardIntrigue asks for in all.
func (f *frame) count() uint8 { return f.y }

// The layouts: what each kind keeps where, by name, for snapshots (which
// write a frame's values by these names) and validation (which checks each
// value's range by its type, and that every slot a layout leaves unused
// holds zero).

// valueType is what a frame's value is.
type valueType uint8

const (
	vInt         valueType = iota // a number up to the field's max (a count, VP, a stage)
	vFlag                         // false or true
	vSeat                         // a seat of the game
	vSeatOrNone                   // a seat, or none
	vSeatPlus1                    // a seat, or none, kept as 1 + the seat (0: none)
	vSpace                        // a space of the content
	vSpaceOrNone                  // a space, or none
	vQuest                        // a quest instance
	vQuestOrNone                  // a quest instance, or none
	vCard                         // an intrigue card instance
	vCardPlus1                    // an intrigue card, or none, kept as 1 + the card (0: none)
	vKind                         // one adventurer kind
	vKinds                        // a set of adventurer kinds
	vStealKinds                   // a set of adventurer kinds, kept as stealKinds codes it
	vGot                          // what an action gave (gotMask bits)
	vEnum                         // one of the field's names
	vProgram                      // a program of the content
	vStep                         // a step of program prog, or its end
)

// frameField is one value of a frame.
type frameField struct {
	name  string
	slot  frameSlot
	typ   valueType
	max   int      // vInt: the largest value (0: the slot's)
	names []string // vEnum
}

// frameLayout is a kind's fields; a kind with purposes (or modes) has the
// purpose first, and then the fields of each purpose.
type frameLayout struct {
	fields    []frameField
	byPurpose [][]frameField
}

var (
	programStep = []frameField{{name: "program", slot: slotProg, typ: vProgram}, {name: "step", slot: slotPC, typ: vStep}}
	pickKindsOf = []frameField{{name: "kinds", slot: slotY, typ: vKinds}}
)

// frameLayouts holds every kind's layout.
var frameLayouts = [...]frameLayout{
	fProgram: {fields: append(programStep[:2:2],
		frameField{name: "space", slot: slotX, typ: vSpaceOrNone},
		frameField{name: "stage", slot: slotZ, typ: vInt},
		frameField{name: "tokens_left", slot: slotY, typ: vInt})},
	fAction:   {fields: []frameField{{name: "gave", slot: slotX, typ: vGot}}},
	fNoAction: {},
	fTurn:     {fields: []frameField{{name: "quest_asked", slot: slotZ, typ: vFlag}}},
	fDiscard: {fields: []frameField{{name: "card", slot: slotX, typ: vCard},
		{name: "hand_to", slot: slotY, typ: vSeatPlus1}}},
	dPlace: {fields: []frameField{{name: "mode", slot: slotX, typ: vEnum, names: []string{"turn", "ambassador", "reassign", "extra", "moved"}},
		{name: "from", slot: slotY, typ: vSpaceOrNone}}},
	dQuest:     {fields: []frameField{{name: "only", slot: slotX, typ: vQuestOrNone}, {name: "vp", slot: slotY, typ: vInt}}},
	dTakeQuest: {fields: []frameField{{name: "revealed", slot: slotX, typ: vFlag}, {name: "vp", slot: slotY, typ: vInt}}},
	dPick: {
		fields: []frameField{{name: "purpose", slot: slotZ, typ: vEnum, names: []string{"gain", "return", "steal", "swap", "spend", "onto", "keep", "to_owner"}},
			{name: "count", slot: slotX, typ: vInt, max: maxPick}},
		byPurpose: [][]frameField{
			pickGain: pickKindsOf, pickReturn: pickKindsOf, pickSwap: pickKindsOf, pickOnto: pickKindsOf, pickKeep: pickKindsOf,
			pickSteal:   {{name: "from", slot: slotY, typ: vSeat}, {name: "kinds", slot: slotProg, typ: vStealKinds}},
			pickSpend:   {pickKindsOf[0], {name: "quest", slot: slotProg, typ: vQuest}},
			pickToOwner: {{name: "to", slot: slotY, typ: vSeatOrNone}},
		},
	},
	dChooseOne: {fields: programStep},
	dBuilding: {fields: []frameField{{name: "purpose", slot: slotX, typ: vEnum,
		names: []string{"buy", "free_hall", "sample_wares", "estate_give_up", "estate_take", "may_buy", "demolish", "steal"}}}},
	dIntrigue: {
		fields: []frameField{{name: "mode", slot: slotX, typ: vEnum, names: []string{"required", "optional", "extra"}},
			{name: "from_harbor", slot: slotY, typ: vFlag}},
		byPurpose: [][]frameField{
			intrigueRequired: {{name: "only", slot: slotZ, typ: vCardPlus1}},
			intrigueOptional: {{name: "only", slot: slotZ, typ: vCardPlus1}},
			intrigueExtra:    {{name: "quest", slot: slotProg, typ: vQuest}, {name: "played", slot: slotPC, typ: vInt}},
		},
	},
	dPlayer: {
		fields: []frameField{{name: "purpose", slot: slotX, typ: vEnum, names: []string{"gift", "mandatory", "steal", "betray", "blackmail", "foist"}}},
		byPurpose: [][]frameField{
			targetGift: programStep, targetBetray: programStep,
			targetMandatory: {{name: "card", slot: slotY, typ: vCard}},
			targetSteal:     {{name: "count", slot: slotY, typ: vInt, max: maxPick}, {name: "kinds", slot: slotZ, typ: vStealKinds}},
			targetBlackmail: {{name: "gold", slot: slotY, typ: vInt}},
			targetFoist:     {},
		},
	},
	dSpace: {
		fields: []frameField{{name: "purpose", slot: slotX, typ: vEnum,
			names: []string{"copy", "recall", "accelerate", "pile", "pile_own", "copy_corrupt", "move_corruption", "manipulate", "manipulate_to"}}},
		byPurpose: [][]frameField{
			spaceCopy: {{name: "from", slot: slotY, typ: vSpaceOrNone}}, spaceCopyCorrupt: {{name: "from", slot: slotY, typ: vSpaceOrNone}},
			spaceRecall: {{name: "optional", slot: slotY, typ: vFlag}}, spaceMoveCorruption: {{name: "optional", slot: slotY, typ: vFlag}},
			spaceAccelerate: {}, spaceManipulate: {},
			spacePile:         programStep,
			spacePileOwn:      {{name: "adventurer", slot: slotY, typ: vKind}},
			spaceManipulateTo: {{name: "from", slot: slotY, typ: vSpace}},
		},
	},
	dRespond: {
		fields: []frameField{{name: "purpose", slot: slotZ, typ: vEnum, names: []string{"give", "trade", "deal", "visit", "extra_return", "moved", "up_to"}},
			{name: "other", slot: slotX, typ: vSeat}},
		byPurpose: [][]frameField{
			respondGive: programStep, respondTrade: programStep, respondDeal: programStep,
			respondVisit: {{name: "quest", slot: slotY, typ: vQuest}}, respondExtraReturn: {{name: "quest", slot: slotY, typ: vQuest}},
			respondMoved: {{name: "from", slot: slotPC, typ: vSpace}, {name: "to", slot: slotY, typ: vSpace}},
			respondUpTo:  append(programStep[:2:2], frameField{name: "nth", slot: slotY, typ: vInt}),
		},
	},
	dQuestType: {},
	dDiscard: {
		fields: []frameField{{name: "mode", slot: slotX, typ: vEnum, names: []string{"required", "optional", "not_mandatory", "foist"}}},
		byPurpose: [][]frameField{
			discardRequired: {{name: "vp", slot: slotY, typ: vInt}}, discardOptional: {{name: "vp", slot: slotY, typ: vInt}},
			discardNotMandatory: {{name: "vp", slot: slotY, typ: vInt}},
			discardFoist:        {{name: "to", slot: slotY, typ: vSeat}},
		},
	},
	fOffer: {fields: []frameField{{name: "offer", slot: slotX, typ: vEnum, names: []string{"visit", "harbor"}},
		{name: "quest", slot: slotY, typ: vQuest}, {name: "played", slot: slotPC, typ: vInt}}},
	dDiscardIntrigue: {fields: []frameField{{name: "nth", slot: slotX, typ: vInt}, {name: "count", slot: slotY, typ: vInt}}},
}

// fields appends to dst the fields of f's kind and purpose, in order, and
// reports whether f's kind and purpose have a layout.
func (f *frame) fields(dst []frameField) ([]frameField, bool) {
	if f.kind == fNone || int(f.kind) >= len(frameLayouts) {
		return dst, false
	}
	l := &frameLayouts[f.kind]
	dst = append(dst, l.fields...)
	if l.byPurpose != nil {
		purpose := f.slotValue(l.fields[0].slot)
		if purpose >= len(l.byPurpose) {
			return dst, false
		}
		dst = append(dst, l.byPurpose[purpose]...)
	}
	return dst, true
}
