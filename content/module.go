package content

import (
	"fmt"
	"strings"
)

// Modules is a set of the expansion modules of Scoundrels of Skullport. As
// the tag of a card, tile, lord or board space it holds at most one module
// (none: the base game); as the choice of a game it holds every module
// played.
type Modules uint8

// The two expansion modules.
const (
	// Undermountain adds its board of three action spaces and its cards.
	Undermountain Modules = 1 << iota
	// Skullport adds its boards, the corruption track and its cards.
	Skullport
	// AllModules holds both modules.
	AllModules = Undermountain | Skullport
)

var moduleNames = [...]string{"undermountain", "skullport"}

// String returns the modules' YAML names joined by commas, such as
// "undermountain,skullport"; "base" for none.
func (m Modules) String() string {
	if m == 0 {
		return "base"
	}
	var names []string
	for i, n := range moduleNames {
		if m&(1<<i) != 0 {
			names = append(names, n)
		}
	}
	if m&^AllModules != 0 {
		names = append(names, fmt.Sprintf("module(%#x)", uint8(m&^AllModules)))
	}
	return strings.Join(names, ",")
}

// Has reports whether m holds every module of o.
func (m Modules) Has(o Modules) bool { return m&o == o }

// ParseModule returns the module with the given YAML name ("undermountain"
// or "skullport").
func ParseModule(name string) (Modules, bool) {
	for i, n := range moduleNames {
		if n == name {
			return 1 << i, true
		}
	}
	return 0, false
}

// ParseModules reads a comma-separated list of module names, such as
// "undermountain,skullport"; "" and "base" are no module.
func ParseModules(s string) (Modules, error) {
	var m Modules
	if s == "" || s == "base" {
		return 0, nil
	}
	for _, n := range strings.Split(s, ",") {
		one, ok := ParseModule(strings.TrimSpace(n))
		if !ok {
			return 0, fmt.Errorf("unknown module %q (want undermountain or skullport)", n)
		}
		m |= one
	}
	return m, nil
}
