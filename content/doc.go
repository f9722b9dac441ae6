// Package content is the shared vocabulary of waterdeep's game content: the
// kinds of adventurers, quest types, bundles of resources and the small
// effect language (Step, Program) in which every building, quest and
// intrigue card says what it does. It also embeds the game's YAML files, a
// folder per module (base/, undermountain/, skullport/; Base gives the base
// game's, Full all of them).
//
// A content file system (Base, Full, or a user's own, read by
// waterdeep.LoadContent) holds each kind's file (quests.yaml,
// intrigue.yaml, buildings.yaml, lords.yaml) at its root: the base game's
// entries, then any module's entries, each tagged with its module
// (module: undermountain or skullport), never a base entry after a
// module's. It may also hold a folder per module, named as the module is in
// YAML (undermountain/, skullport/), with files of the same names whose
// entries are that module's: their tag may be left out, and if given must
// be that module. A kind's entries are read from the file at the root, then
// from each module's folder in the order of the Modules bits
// (undermountain, then skullport), and numbered in that order. Content that
// does not load gives a *LoadError naming the file, the entry and the
// field.
//
// Every number and size a content file can carry is bounded when it is
// loaded (MaxFileSize, MaxVP, MaxGold, MaxCubes and the other Max
// constants); limits.go shows why these bounds keep the engine's arithmetic
// from overflowing, whatever the content and however long the game.
//
// content imports nothing else of the module but its internal English
// helpers; the loader's machinery (the strict YAML decoder, the YAML form
// of steps, the checks) is internal to the module, shared by the packages
// quests, buildings, intrigue and lords, which build on content, and the
// root package waterdeep interprets the effect language.
package content
