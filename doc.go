// Package waterdeep is a rules engine for the board game Lords of
// Waterdeep and its expansion Scoundrels of Skullport: every rule,
// building, quest, intrigue card and lord of the base game (2 to 5
// players) and of the expansion's Undermountain and Skullport modules
// (their board spaces and cards, the corruption track, resources placed on
// spaces, a sixth player and the long game), as a library that frontends,
// game servers and bots embed. It owns the rules and nothing else.
//
// # A game in twenty lines
//
//	s, err := waterdeep.New(waterdeep.Config{Players: 4, Seed: 42})
//	if err != nil { ... }
//	for !s.Over() {
//		p, _ := s.ToAct()            // exactly one player decides at a time
//		d := s.Pending()             // what they are asked, and why
//		legal := s.LegalActions()    // every legal answer, canonical order
//		a := chooseSomehow(p, d, legal)
//		if s, err = s.Apply(a); err != nil {
//			// an *IllegalActionError with a Reason; s is unchanged
//		}
//	}
//	fmt.Println(s.Scores(), s.Winners())
//
// # States are values
//
// A State is a comparable value with no slices or maps inside. Apply never
// changes the state it is called on; it returns a new one (PlayInPlace, for
// bots, is the one method that changes a State, and says so). States can be
// compared with ==, used as map keys and shared between goroutines. A
// State is about 2 KB: copying one costs about as much as listing its
// moves, so a bot that owns a copy changes it with PlayInPlace. The random generator lives inside the state, so the same
// Config and the same actions always give the same game.
//
// # Decisions
//
// Everything a player chooses is a decision answered by an Action: where to
// place an agent (PlaceAgent), whether to complete a quest (CompleteQuest, or
// Decline), which quest, building, card, adventurers, opponent or space to
// pick. Effects that make other players decide during someone's turn (Tax
// Collection, Call for Adventurers, Bidding War, Change of Plans) make those
// players ToAct in turn. A decision with only one legal answer, or none, is
// answered by the engine itself.
//
// Any Action value, however wrong, is refused with an *IllegalActionError
// whose Reason works with errors.Is (NotYourTurn, SpaceOccupied,
// CannotAfford, MandatoryQuestFirst, ...), and the state is left unchanged.
//
// # Bots
//
// Bots can use the compact Move encoding, a dense action space of
// NumMoves() entries: AppendMoves lists the legal moves without allocating,
// Play applies one with the same checks as Apply, and LegalMove checks one.
// A bot that owns a State, such as a search playing out a copy to the end,
// uses PlayInPlace, which changes that State instead of returning a new one
// and so copies nothing:
//
//	r := s // a private copy
//	for !r.Over() {
//		moves = r.AppendMoves(moves[:0])
//		_ = r.PlayInPlace(moves[rng.IntN(len(moves))])
//	}
//
// Package bots has reference players (Random, Greedy, ISMCTS).
//
// # Hidden information
//
// Lords, intrigue hands and deck orders are secret. The State holds them
// all; a frontend shows each player View(p), which lists only what p may
// know, and a spectator View(Spectator). ApplyEvents reports what happened
// during an action; Event.For hides what a viewer may not see.
// Determinize samples a full State consistent with a View, for search bots;
// a Sampler samples many, and can deal the hidden lords by a bot's belief
// (Sampler.WeighLords).
// A View encodes to JSON with names (View.AppendJSON, json.Marshal) and
// decodes with DecodeView; seats are "p1" to "p6" in JSON as in text, and
// the engine's own state travels in it as an opaque token (Progress).
//
// # Saving and replay
//
// States, views, actions and records encode to JSON with a format version
// (json.Marshal; DecodeState, DecodeView, UnmarshalAction, Record), and
// decoding validates everything it reads. Replay(record) reproduces the
// identical state and events. Every document names seats ("p1"), cards,
// tiles and spaces, and writes each action with its text form beside it.
//
// # Text
//
// Actions have one canonical text form, with ids and English verbs, "p2
// place cliffwatch-inn/1", "p1 choose building smugglers-dock" or "p1 pick
// 2 wizards, 4 gold": Action.String and Content.FormatAction print it,
// ParseAction reads it back, and for every action a, ParseAction(a.String())
// is a. The parser also reads names as people say them: display names and
// unambiguous prefixes of ids or names, in any case, without punctuation
// or articles ("p1 place The Plinth", "place castle waterdeep", "play
// foil"), cubes as people write them, and the verbs of before ("p1 target
// p3", "p1 no"). ParseActionAs and View.ParseAction let the speaker leave
// out their seat. Parse errors point at the word that is wrong and list
// the candidates of an ambiguous name or the close names of an unknown one;
// Content.LookupName and SuggestNames do the same for any name.
//
// The human form is for people to read: Content.HumanAction and
// Content.HumanEvent write sentences with display names and the context
// of the decision answered ("p1 assigns an agent to The Plinth", "p5
// declines to give 1 cleric to p2 for 2 VP (Recruit Spies)"), hiding from
// each viewer what FormatEvent hides; Decision.String is already in words
// ("p2: give 1 rogue to p1 for 3 VP? (Recruit Spies)"), and
// Content.SpaceDisplayName names a space ("Cliffwatch Inn (2)").
// Content.HumanEvents words an action's events one sentence per happening,
// and View.ParseAnswer reads a person's answer against the question asked
// (a verb or none, names narrowed to the legal answers).
//
// # Content
//
// Every card and tile is loaded from YAML embedded in the content package
// (BaseContent), decoded strictly and validated at load. LoadContent reads
// content in the same format from any file system.
//
// # Rules readings
//
// Where the rulebook is ambiguous the engine decides once; RULES.md in the
// repository lists every such reading, and each has a test.
package waterdeep
