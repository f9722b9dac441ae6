// Package observe turns a waterdeep.View into the fixed-size numbers a
// learning bot trains on: an observation ([]float32) and the legal-move
// mask over the dense waterdeep.Move space.
//
// # Observation
//
// An Encoder is made once for a game's content, player count and modules
// (New, or NewFor a View); its Size depends on nothing else. Encode writes
// a View into a reused buffer without allocating. The observation is built
// from the View alone, so it holds nothing the viewer may not know: two
// games that show a seat the same view give that seat the same numbers.
//
// Every float belongs to one Field of the Layout, a contiguous range with
// a name, the index its elements follow and a sentence saying what they
// hold; LAYOUT.md lists them, generated from this code (a test keeps it
// true). Values are raw: counts are counts (VP, gold, cubes, cards), flags
// and one-hot groups are 0 or 1. Nothing is scaled; a learner normalizes.
//
// Seats are relative to the viewer: seat slot 0 is the viewer's own seat,
// slot k the seat k places after it in turn order (seat (viewer+k) mod
// players), so one network serves every seat. A spectator's view keeps
// the seats as they are (slot k is seat k), and game.spectator says so.
//
// Card and tile instances and action spaces are indexed by the layout's own
// lists (Encoder.Quests, Intrigue, Buildings, Spaces, Lords): the
// instances of the content whose module is among the game's modules, in
// instance order. The base game's instances come first in the library's
// contents, so a base game's layout is the same with BaseContent and
// FullContent.
//
// Left out of the observation, as facts a learner needs no number for:
// the decision's Purpose (words, derived from the decision and its
// source) and Player (game.to_act holds it), Progress (the engine's opaque token for Determinize), the order
// of Cliffwatch Inn's quests (actions name quests, not slots) and Legal
// (it is the mask).
//
// # Legal-move mask
//
// waterdeep.Move is already a dense action space: every action type owns a
// fixed range of numbers (move.go), 1 <= m < waterdeep.NumMoves() = 3810,
// independent of the state and the content. So the mask needs no index of
// its own: Mask sets element m to 1 for every legal Move m of the view's
// Legal list, and AppendLegal lists those moves (the mask's sparse form).
// A range whose operand is beyond the content (a quest instance the
// content does not have) is simply never legal. Only the viewer's legal
// actions are known: a view whose viewer is not to act has an empty mask.
package observe
