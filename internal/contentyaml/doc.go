// Package contentyaml is the content loader's machinery, shared by the
// packages quests, buildings, intrigue and lords and by the root package's
// LoadContent: the strict YAML decoder (DecodeFile, DecodeFiles), the rule
// for reading a module's entries from its folder (Origin), the checks of
// ids, texts and bundles against the bounds of content/limits.go, and the
// YAML form of the effect language (StepYAML, ProgramFromYAML). It is
// internal: a user writes content in YAML and reads it through
// waterdeep.LoadContent, whose errors are *content.LoadError.
package contentyaml
