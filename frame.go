package waterdeep

// The decision stack. Every point where somebody must choose, and every
// effect being resolved, is a frame: plain data (no closures, no
// interfaces), so the State stays comparable and encodable. Apply answers
// the decision on top, then resolves frames until the next real decision.

const stackSize = 32

// stackSize must be a power of two for top's index.
var _ = [1]struct{}{}[stackSize&(stackSize-1)]

// frame is one entry of the stack. What a, b and i mean depends on kind.
type frame struct {
	kind fkind
	p    uint8  // the player who acts or answers
	pc   uint8  // fProgram: the next step
	i    uint8  // per-step progress (opponent iterator, repeat counter)
	a, b uint8  // arguments
	prog uint16 // fProgram: the effect being resolved
}

// repeat counts the repetitions of a program step done n times (f.i of
// them so far): it reports whether another is due, and once none is, it
// resets the count and moves f to the next step.
func (f *frame) repeat(n int) bool {
	if int(f.i) >= n {
		f.i = 0
		f.pc++
		return false
	}
	f.i++
	return true
}

// nextOpponent steps through the opponents of f.p in turn order from the
// player's left, for a step asked of each of n seats' opponents (f.i of
// them asked so far): it returns the next one, or, once all were asked,
// resets the count, moves f to the next step and reports false.
func (f *frame) nextOpponent(n uint8) (uint8, bool) {
	if f.i+1 >= n {
		f.i = 0
		f.pc++
		return 0, false
	}
	f.i++
	return (f.p + f.i) % n, true
}

type fkind uint8

const (
	fNone fkind = iota

	// Control frames, resolved by the engine.
	fProgram  // resolve program prog for player p from step pc; a = the space it belongs to, or none
	fAction   // an action of player p: a collects what it gave (for plot quests), popped when done
	fNoAction // a boundary: gains above it are not an action's (quest rewards)
	fTurn     // a turn of player p: i=0 the action is being resolved; then the quest offer
	fDiscard  // put intrigue card a on the discard pile once its effect is resolved (b = 1 + a seat: hand it to them)

	// Decisions, answered by an Action of player p.
	dPlace     // place an agent; a = placeMode, b = the space the agent comes from (reassignment)
	dQuest     // may complete a quest; a = a quest that alone may be completed (Heroes' Garden) or none, b = bonus VP
	dTakeQuest // take a face-up quest (a = 0) or a revealed one (a = 1, Bidding War)
	dPick      // choose adventurers; a = count, b = allowed kinds, i = pickPurpose
	dChooseOne // choose one option of step pc of program prog
	dBuilding  // choose a tile; a = buildingPurpose
	dIntrigue  // play an intrigue card; a = 1 when optional, b = 1 when played from the Harbor (for the record: legality reads the board), i = 1 + the one card allowed (0: any)
	dPlayer    // choose an opponent; a = playerPurpose, b = argument
	dSpace     // choose a space; a = spacePurpose
	dRespond   // yes or no; a = the giver's player... see respondPurpose in i
	dQuestType // name a quest type
	dDiscard   // discard an uncompleted quest; a = 1 when optional, 2 when required and not a mandatory one

	// fOffer is a control frame (after the decisions, so that their
	// numbers, which progress tokens carry, stay): when reached, it asks
	// player p what plot quest b offers on a placement (a = offerVisit or offerHarbor;
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
		return f.a, true
	case f.kind == dPlayer && playerPurpose(f.a) == targetMandatory:
		return f.b, true
	}
	return 0, false
}

type placeMode uint8

const (
	placeTurn       placeMode = iota // a normal turn
	placeAmbassador                  // the Ambassador, at the start of the round
	placeReassign                    // a Harbor agent, after all agents are assigned
	placeExtra                       // an extra assignment within a turn (Accelerate Plans, returned agents)
	placeMoved                       // an opponent's agent moved by Manipulate, taking the action (b = the space it leaves)
)

type pickPurpose uint8

const (
	pickGain    pickPurpose = iota // gain the pick from the supply
	pickReturn                     // return the pick from one's tavern
	pickSteal                      // take the pick from player a's... (b holds the victim)
	pickSwap                       // return one adventurer, take a cleric (optional)
	pickSpend                      // spend the pick on quest prog's adventurers of any kind
	pickOnto                       // one adventurer of one's tavern to put on a space (then a dSpace)
	pickKeep                       // may take back one adventurer spent on a quest, from the supply (optional)
	pickToOwner                    // give the pick from one's tavern to player b, the owner of the building used (none: the supply)
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

// respondPurpose is what a dRespond asks (in its i).
type respondPurpose uint8

const (
	respondGive        respondPurpose = iota // may give player a the Bundle of step (prog, pc) for its Else.VP
	respondTrade                             // may pay the Bundle of step (prog, pc) for its Else (a = the player)
	respondDeal                              // accept the deal of step (prog, pc) (each_opponent_may)
	respondVisit                             // take the visit bonus of plot quest b
	respondExtraReturn                       // return one more corruption token (plot quest b)
	respondMoved                             // take the action of space b, where player a moved one's agent from space pc (Manipulate)
	respondUpTo                              // return (or remove) one more corruption token, the b-th, for the up-to step (prog, pc)
)

type playerPurpose uint8

const (
	targetGift      playerPurpose = iota // the target gains the Bundle of step (prog, pc)
	targetMandatory                      // the target receives mandatory quest card b
	targetSteal                          // take an adventurer from the target
	targetBetray                         // take step (prog, pc)'s Bundle from the target, hand it the card
	targetBlackmail                      // take b gold from the target and look at their lord
	targetFoist                          // hand a mandatory quest to the target
)

type spacePurpose uint8

const (
	spaceCopy           spacePurpose = iota // use the action of a space holding an opponent's agent
	spaceRecall                             // take back one of one's assigned agents
	spaceAccelerate                         // take back one of one's agents at the Harbor
	spacePile                               // put the resources of step (prog, pc) on a space
	spacePileOwn                            // put an adventurer of kind b, from one's tavern, on a space
	spaceCopyCorrupt                        // use a space holding a more corrupt opponent's agent
	spaceMoveCorruption                     // move a corruption token from the tavern there; b = 1 when optional
	spaceManipulate                         // the space of an opponent's agent to move (Manipulate)
	spaceManipulateTo                       // an unoccupied space to move the agent on space b to
)

// top returns the frame on top of the stack; callers have checked that
// there is one (sp > 0). The index is taken modulo the stack's size, a
// power of two, so that it needs no bounds check: an engine bug that
// called it on an empty stack would read the last frame instead of
// panicking.
func (s *State) top() *frame { return &s.stack[(s.sp-1)%stackSize] }

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
