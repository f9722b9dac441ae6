// Package content is the shared vocabulary of waterdeep's game content: the
// kinds of adventurers, quest types, bundles of resources and the small
// effect language (Step, Program) in which every building, quest and
// intrigue card says what it does. It also embeds the game's YAML files, a
// folder per module (base/, undermountain/, skullport/; Base gives the base
// game's, Full all of them) and holds the strict YAML decoder that every
// kind package uses, with the rule for reading a module's entries from its
// folder (DecodeFiles).
//
// Every number and size a content file can carry is bounded when it is
// loaded (MaxFileSize, MaxVP, MaxGold, MaxCubes and the other Max
// constants); limits.go shows why these bounds keep the engine's arithmetic
// from overflowing, whatever the content and however long the game.
//
// content imports nothing else of the module; the packages quests,
// buildings, intrigue and lords build on it, and the root package waterdeep
// interprets the effect language.
package content
