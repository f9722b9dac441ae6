package waterdeep

// The decision stack. Every point where somebody must choose, and every
// effect being resolved, is a frame: plain data (no closures, no
// interfaces), so the State stays comparable and encodable. Apply answers
// the decision on top, then resolves frames until the next real decision.

const stackSize = 32

// stackSize must be a power of two for top's index.
var _ = [1]struct{}{}[stackSize&(stackSize-1)]

// frame is one entry of the stack: eight bytes, so that the State stays
// small and comparable. Its kind's constructor makes it and its kind's
// accessors read it (frame_kinds.go): x, y and z are raw slots whose
// meaning is the kind's, read and written nowhere else. What is popped is
// cleared (pop), so that the frames above the top are zero and == on
// States compares positions.
type frame struct {
	kind fkind
	p    uint8  // the player who acts or answers
	pc   uint8  // the step of program prog being resolved or answered
	z    uint8  // raw slot (frame_kinds.go)
	x, y uint8  // raw slots (frame_kinds.go)
	prog uint16 // the program being resolved or answered
}

// repeat counts the repetitions of a program step done n times (the
// stage, f.z, counts them so far): it reports whether another is due, and once none is, it
// resets the count and moves f to the next step.
func (f *frame) repeat(n int) bool {
	if int(f.z) >= n {
		f.z = 0
		f.pc++
		return false
	}
	f.z++
	return true
}

// nextOpponent steps through the opponents of f.p in turn order from the
// player's left, for a step asked of each of n seats' opponents (the
// stage, f.z, counts them asked so far): it returns the next one, or, once all were asked,
// resets the count, moves f to the next step and reports false.
func (f *frame) nextOpponent(n uint8) (uint8, bool) {
	if f.z+1 >= n {
		f.z = 0
		f.pc++
		return 0, false
	}
	f.z++
	return (f.p + f.z) % n, true
}

type fkind uint8

const (
	fNone fkind = iota

	// Control frames, resolved by the engine.
	// (Each kind's values: its constructor in frame_kinds.go.)
	fProgram  // resolve a program for player p, maybe as a space's action
	fAction   // an action of player p, collecting what it gave (for plot quests)
	fNoAction // a boundary: gains above it are not an action's (quest rewards)
	fTurn     // a turn of player p: the action, then the quest offer
	fDiscard  // put an intrigue card on the discard pile (or in a hand) once its effect is resolved

	// Decisions, answered by an Action of player p.
	dPlace     // place an agent (placeMode)
	dQuest     // may complete a quest
	dTakeQuest // take a face-up quest, or a revealed one (Bidding War)
	dPick      // choose adventurers (pickPurpose)
	dChooseOne // choose one option of a choose_one step
	dBuilding  // choose a tile (buildingPurpose)
	dIntrigue  // play an intrigue card (intrigueMode)
	dPlayer    // choose an opponent (playerPurpose)
	dSpace     // choose a space (spacePurpose)
	dRespond   // yes or no (respondPurpose)
	dQuestType // name a quest type
	dDiscard   // discard an uncompleted quest (discardMode)

	// fOffer is a control frame (after the decisions, so that their
	// numbers, which progress tokens carry, stay): when reached, it asks
	// player p what a plot quest offers on a placement (offerKind;
	// skullport_plots.go).
	fOffer

	// dDiscardIntrigue is a decision: discard an intrigue card from one's
	// hand (Trobriand's Graveyard).
	dDiscardIntrigue
)

// lastFrameKind is the highest frame kind.
const lastFrameKind = dDiscardIntrigue

// decisionKinds has a bit for each frame kind that is a decision.
const decisionKinds uint32 = (1<<(dDiscard+1)-1)&^(1<<dPlace-1) | 1<<dDiscardIntrigue

// isDecision is on the engine's hottest path (run asks it of every frame):
// a shift of a 32-bit mask, the shift count masked so that the compiler
// need not handle counts of 32 and more (frame kinds stay below 32).
func (k fkind) isDecision() bool { return decisionKinds>>(k&31)&1 != 0 }

// keptKinds has a bit for each decision kind whose answers run keeps in
// State.kept (kept_answers.go).
const keptKinds uint32 = 1<<dPlace | 1<<dIntrigue | 1<<dBuilding | 1<<dPick | 1<<dSpace | 1<<dPlayer | 1<<dTakeQuest | 1<<dRespond

// keepsAnswers reports whether run keeps the answers of decision kind k.
func (k fkind) keepsAnswers() bool { return keptKinds>>(k&31)&1 != 0 }

// decisionKind returns the kind of decision that frame kind k asks, for a
// decision frame: the decision frames from dPlace to dDiscard are in
// DecisionKind's order.
func (k fkind) decisionKind() DecisionKind {
	if k == dDiscardIntrigue {
		return DiscardIntrigueDecision
	}
	return DecisionKind(k - dPlace + 1)
}

// faceUpCard returns the intrigue card a frame shows face up while it is
// resolved: the card to discard afterwards, or the mandatory quest whose
// target is being chosen.
func (f frame) faceUpCard() (uint8, bool) {
	switch {
	case f.kind == fDiscard:
		return f.card(), true
	case f.kind == dPlayer && f.playerPurpose() == targetMandatory:
		return f.mandatoryCard(), true
	}
	return 0, false
}

type placeMode uint8

const (
	placeTurn       placeMode = iota // a normal turn
	placeAmbassador                  // the Ambassador, at the start of the round
	placeReassign                    // a Harbor agent, after all agents are assigned
	placeExtra                       // an extra assignment within a turn (Accelerate Plans, returned agents)
	placeMoved                       // an opponent's agent moved by Manipulate, taking the action
)

// intrigueMode is how a dIntrigue offers its cards.
type intrigueMode uint8

const (
	intrigueRequired intrigueMode = iota // a card must be played
	intrigueOptional                     // a card may be played
	intrigueExtra                        // an extra card may be played at the Harbor (a HarborIntrigue plot quest)
)

// discardMode is what a dDiscard asks.
type discardMode uint8

const (
	discardRequired     discardMode = iota // discard a quest (mandatory ones included)
	discardOptional                        // may discard a quest
	discardNotMandatory                    // discard a quest, not a mandatory one
	discardFoist                           // hand a mandatory quest to another seat (Foist Responsibility)
)

// offerKind is what an fOffer offers.
type offerKind uint8

const (
	offerVisit  offerKind = iota // a BonusOnVisit plot's bonus
	offerHarbor                  // a HarborIntrigue plot's extra cards
)

type pickPurpose uint8

const (
	pickGain    pickPurpose = iota // gain the pick from the supply
	pickReturn                     // return the pick from one's tavern
	pickSteal                      // take the pick from an opponent's tavern
	pickSwap                       // return one adventurer, take a cleric (optional)
	pickSpend                      // spend the pick on a quest's adventurers of any kind
	pickOnto                       // one adventurer of one's tavern to put on a space (then a dSpace)
	pickKeep                       // may take back one adventurer spent on a quest, from the supply (optional)
	pickToOwner                    // give the pick from one's tavern to the owner of the building used (or the supply)
)

type buildingPurpose uint8

const (
	buildBuy          buildingPurpose = iota // buy at Builder's Hall
	buildFreeHall                            // take one for sale, free
	buildSampleWares                         // visit one for sale
	buildEstateGiveUp                        // give up one of one's own without an agent
	buildEstateTake                          // take one for sale, free, after giving one up
	buildMayBuy                              // may buy at Builder's Hall (optional)
	buildDemolish                            // discard one in play without an agent (Demolish)
	buildSteal                               // take control of an opponent's building (Forge Deed)
)

// respondPurpose is what a dRespond asks.
type respondPurpose uint8

const (
	respondGive        respondPurpose = iota // may give another player the Bundle of step (prog, pc) for its Else.VP
	respondTrade                             // may pay the Bundle of step (prog, pc) for its Else
	respondDeal                              // accept the deal of step (prog, pc) (each_opponent_may)
	respondVisit                             // take the visit bonus of a plot quest
	respondExtraReturn                       // return one more corruption token (a plot quest)
	respondMoved                             // take the action of the space another player moved one's agent to (Manipulate)
	respondUpTo                              // return (or remove) one more corruption token, the nth, for the up-to step (prog, pc)
)

type playerPurpose uint8

const (
	targetGift      playerPurpose = iota // the target gains the Bundle of step (prog, pc)
	targetMandatory                      // the target receives a mandatory quest card
	targetSteal                          // take an adventurer from the target
	targetBetray                         // take step (prog, pc)'s Bundle from the target, hand it the card
	targetBlackmail                      // take gold from the target and look at their lord
	targetFoist                          // hand a mandatory quest to the target
)

type spacePurpose uint8

const (
	spaceCopy           spacePurpose = iota // use the action of a space holding an opponent's agent
	spaceRecall                             // take back one of one's assigned agents
	spaceAccelerate                         // take back one of one's agents at the Harbor
	spacePile                               // put the resources of step (prog, pc) on a space
	spacePileOwn                            // put an adventurer of one's tavern on a space
	spaceCopyCorrupt                        // use a space holding a more corrupt opponent's agent
	spaceMoveCorruption                     // move a corruption token from the tavern there
	spaceManipulate                         // the space of an opponent's agent to move (Manipulate)
	spaceManipulateTo                       // an unoccupied space to move the agent to
)

// top returns the frame on top of the stack; callers have checked that
// there is one (sp > 0). The index is taken modulo the stack's size, a
// power of two, so that it needs no bounds check: an engine bug that
// called it on an empty stack would read the last frame instead of
// panicking.
func (s *State) top() *frame { return &s.stack[(s.sp-1)%stackSize] }

// appendBytes appends the eight bytes of f, as a progress token carries
// them (progress.go): kind, p, pc, z, x, y, then prog little-endian.
func (f frame) appendBytes(b []byte) []byte {
	return append(b, byte(f.kind), f.p, f.pc, f.z, f.x, f.y, byte(f.prog), byte(f.prog>>8))
}

// frameOfBytes is the frame appendBytes wrote as b.
func frameOfBytes(b [8]byte) frame {
	return frame{kind: fkind(b[0]), p: b[1], pc: b[2], z: b[3], x: b[4], y: b[5], prog: uint16(b[6]) | uint16(b[7])<<8}
}

// slots returns f's raw slots x, y and z under the names that snapshot
// versions 2 and 3 wrote them (a, b and i), and setSlots sets them so.
func (f *frame) slots() (a, b, i uint8) { return f.x, f.y, f.z }

func (f *frame) setSlots(a, b, i uint8) { f.x, f.y, f.z = a, b, i }

// frameSlot is where a frame keeps a value: a raw slot, pc or prog. The
// layouts of frame_kinds.go name what each kind keeps in each.
type frameSlot uint8

const (
	slotX frameSlot = iota
	slotY
	slotZ
	slotPC
	slotProg
	numSlots
)

// slotValue returns the value f keeps in slot sl.
func (f *frame) slotValue(sl frameSlot) int {
	switch sl {
	case slotX:
		return int(f.x)
	case slotY:
		return int(f.y)
	case slotZ:
		return int(f.z)
	case slotPC:
		return int(f.pc)
	}
	return int(f.prog)
}

// setSlotValue sets slot sl of f to v, which fits it (a byte, or 16 bits
// for prog).
func (f *frame) setSlotValue(sl frameSlot, v int) {
	switch sl {
	case slotX:
		f.x = uint8(v)
	case slotY:
		f.y = uint8(v)
	case slotZ:
		f.z = uint8(v)
	case slotPC:
		f.pc = uint8(v)
	default:
		f.prog = uint16(v)
	}
}

// pop removes the frame on top, sp > 0, and clears its slot: the frames
// above the top are zero, so that two States at the same position are ==
// whatever frames they pushed and popped on the way.
func (s *State) pop() {
	s.sp--
	s.stack[s.sp%stackSize] = frame{}
}

// push puts f on top of the stack.
func (s *State) push(f frame) {
	if int(s.sp) >= len(s.stack) {
		// Content is validated so that effects nest only a few levels deep;
		// dropping a frame beats corrupting the state.
		return
	}
	s.stack[s.sp] = f
	s.sp++
}
