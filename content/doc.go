// Package content is the shared vocabulary of waterdeep's game content: the
// kinds of adventurers, quest types, bundles of resources and the small
// effect language (Step, Program) in which every building, quest and
// intrigue card says what it does. It also embeds the base game's YAML files
// (Base) and holds the strict YAML decoder that every kind package uses.
//
// content imports nothing else of the module; the packages quests,
// buildings, intrigue and lords build on it, and the root package waterdeep
// interprets the effect language.
package content
