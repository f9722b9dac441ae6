package waterdeep

// DecisionKind says what the player to act is being asked.
type DecisionKind uint8

// The kinds of decision. Each lists the actions that answer it.
const (
	// NoDecision: the game is over.
	NoDecision DecisionKind = iota
	// PlaceAgentDecision: PlaceAgent.
	PlaceAgentDecision
	// CompleteQuestDecision: CompleteQuest, CompleteMandatory, or Decline.
	CompleteQuestDecision
	// TakeQuestDecision: TakeQuest (from Cliffwatch Inn, or Bidding War's cards).
	TakeQuestDecision
	// ChooseAdventurersDecision: ChooseResources (to take, return, steal or
	// exchange), or Decline where optional.
	ChooseAdventurersDecision
	// ChooseOptionDecision: ChooseResources naming one of a card's options.
	ChooseOptionDecision
	// ChooseBuildingDecision: ChooseBuilding.
	ChooseBuildingDecision
	// PlayIntrigueDecision: PlayIntrigue, or Decline where optional.
	PlayIntrigueDecision
	// ChoosePlayerDecision: ChoosePlayer.
	ChoosePlayerDecision
	// ChooseSpaceDecision: ChooseSpace.
	ChooseSpaceDecision
	// RespondDecision: Respond.
	RespondDecision
	// ChooseQuestTypeDecision: ChooseQuestType.
	ChooseQuestTypeDecision
	// DiscardQuestDecision: DiscardQuest or DiscardMandatory, or Decline
	// where optional.
	DiscardQuestDecision
)

var decisionNames = [...]string{"none", "place agent", "complete quest", "take quest", "choose adventurers",
	"choose option", "choose building", "play intrigue", "choose player", "choose space", "respond",
	"choose quest type", "discard quest"}

// String returns a short name of the kind.
func (k DecisionKind) String() string {
	if int(k) < len(decisionNames) {
		return decisionNames[k]
	}
	return "decision"
}

// Decision is what the player to act is being asked.
type Decision struct {
	Kind   DecisionKind
	Player PlayerID
	// Optional is true when Decline answers it.
	Optional bool
	// Count is how many adventurers to choose, for ChooseAdventurersDecision.
	Count int
	// Kinds are the adventurer kinds that may be chosen.
	Kinds AdventurerSet
	// Purpose says what the choice is for, in words a frontend can show,
	// such as "buy a building" or "return to the supply".
	Purpose string
	// Source names the building, card or quest whose effect asks, or is
	// empty for a turn's own placement and quest offer.
	Source string
	// Reassign is true when a Harbor agent is being reassigned, and
	// Ambassador when the Ambassador is being placed.
	Reassign, Ambassador bool
}

// Pending returns the decision the player to act faces; its Kind is
// NoDecision once the game is over.
func (s State) Pending() Decision {
	if s.sp == 0 || s.phase == phaseOver {
		return Decision{}
	}
	f := s.stack[s.sp-1]
	d := Decision{Player: PlayerID(f.p)}
	for i := int(s.sp) - 1; i >= 0; i-- {
		if g := s.stack[i]; g.kind == fProgram {
			d.Source = s.c.programSource[g.prog]
			break
		} else if g.kind == fTurn {
			break
		}
	}
	switch f.kind {
	case dPlace:
		d.Kind = PlaceAgentDecision
		d.Reassign = placeMode(f.a) == placeReassign
		d.Ambassador = placeMode(f.a) == placeAmbassador
		d.Purpose = "assign an agent"
	case dQuest:
		d.Kind, d.Optional, d.Purpose = CompleteQuestDecision, true, "complete a quest"
		if f.a != none {
			d.Purpose = "complete the quest just taken for bonus VP"
		}
	case dTakeQuest:
		d.Kind, d.Purpose = TakeQuestDecision, "take a quest"
	case dPick:
		d.Kind = ChooseAdventurersDecision
		_, d.Count = s.pickSource(&f)
		d.Kinds = AdventurerSet(f.b)
		switch pickPurpose(f.i) {
		case pickGain:
			d.Purpose = "take adventurers from the supply"
		case pickReturn:
			d.Purpose = "return adventurers to the supply"
		case pickSteal:
			d.Purpose, d.Kinds = "take an adventurer from an opponent", AdventurerSet(15)
		case pickSwap:
			d.Purpose, d.Optional = "exchange an adventurer for a cleric", true
		}
	case dChooseOne:
		d.Kind, d.Purpose = ChooseOptionDecision, "choose one reward"
	case dBuilding:
		d.Kind = ChooseBuildingDecision
		d.Purpose = [...]string{"buy a building", "take a building for free", "visit a building for sale",
			"give up a building", "take a building for free"}[f.a]
	case dIntrigue:
		d.Kind, d.Optional, d.Purpose = PlayIntrigueDecision, f.a == 1, "play an intrigue card"
	case dPlayer:
		d.Kind = ChoosePlayerDecision
		d.Purpose = [...]string{"choose an opponent to receive a gift", "choose an opponent for a mandatory quest",
			"choose an opponent to take an adventurer from"}[f.a]
	case dSpace:
		d.Kind = ChooseSpaceDecision
		d.Purpose = [...]string{"choose a space to copy", "choose an agent to recall", "choose a Harbor agent to take back"}[f.a]
	case dRespond:
		d.Kind, d.Optional, d.Purpose = RespondDecision, true, "give to the active player for VP?"
	case dQuestType:
		d.Kind, d.Purpose = ChooseQuestTypeDecision, "name a quest type"
	case dDiscard:
		d.Kind, d.Optional, d.Purpose = DiscardQuestDecision, f.a == 1, "discard an uncompleted quest for VP"
	}
	return d
}
