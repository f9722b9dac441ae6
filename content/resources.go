package content

import "fmt"

// Adventurer is one of the four kinds of adventurer cubes.
type Adventurer uint8

// The four adventurer kinds, in the order used everywhere in the module
// (arrays indexed by Adventurer, text forms, move encodings).
const (
	Cleric Adventurer = iota
	Fighter
	Rogue
	Wizard
	NumAdventurers = 4
)

var adventurerNames = [NumAdventurers]string{"cleric", "fighter", "rogue", "wizard"}

// String returns the lower-case name of the adventurer kind.
func (a Adventurer) String() string {
	if a < NumAdventurers {
		return adventurerNames[a]
	}
	return fmt.Sprintf("adventurer(%d)", uint8(a))
}

// ParseAdventurer returns the adventurer kind with the given lower-case name.
func ParseAdventurer(s string) (Adventurer, bool) {
	for i, n := range adventurerNames {
		if n == s {
			return Adventurer(i), true
		}
	}
	return 0, false
}

// AdventurerSet is a set of adventurer kinds, one bit per kind.
type AdventurerSet uint8

// AllAdventurers holds every adventurer kind.
const AllAdventurers AdventurerSet = 1<<NumAdventurers - 1

// Has reports whether the set holds kind a.
func (s AdventurerSet) Has(a Adventurer) bool { return s&(1<<a) != 0 }

// Of returns the set holding exactly the given kinds.
func Of(kinds ...Adventurer) AdventurerSet {
	var s AdventurerSet
	for _, k := range kinds {
		s |= 1 << k
	}
	return s
}

// Bundle is an amount of things a player can gain or pay: adventurers, gold,
// victory points and intrigue cards (drawn from the deck). Which fields make
// sense depends on where a bundle is used; the loaders check that. Its JSON
// form uses the YAML names and omits zero fields: {"vp":4,"wizard":1}.
type Bundle struct {
	// Cleric, Fighter, Rogue and Wizard are adventurers of each kind;
	// Gold, VP and Intrigue (intrigue cards drawn) the rest.
	Cleric   int `yaml:"cleric" json:"cleric,omitempty"`
	Fighter  int `yaml:"fighter" json:"fighter,omitempty"`
	Rogue    int `yaml:"rogue" json:"rogue,omitempty"`
	Wizard   int `yaml:"wizard" json:"wizard,omitempty"`
	Gold     int `yaml:"gold" json:"gold,omitempty"`
	VP       int `yaml:"vp" json:"vp,omitempty"`
	Intrigue int `yaml:"intrigue" json:"intrigue,omitempty"`
	// Any is a number of adventurers of any kinds, chosen by the player:
	// taken from the supply in a gain or an option of choose_one, returned
	// from the tavern in a payment. Nowhere else.
	Any int `yaml:"any" json:"any,omitempty"`
}

// Cubes returns the adventurer counts of b indexed by Adventurer.
func (b Bundle) Cubes() [NumAdventurers]int {
	return [NumAdventurers]int{b.Cleric, b.Fighter, b.Rogue, b.Wizard}
}

// Count returns the number of adventurers of kind a in b.
func (b Bundle) Count(a Adventurer) int { return b.Cubes()[a] }

// Adventurers returns the total number of adventurer cubes in b.
func (b Bundle) Adventurers() int { return b.Cleric + b.Fighter + b.Rogue + b.Wizard }

// IsZero reports whether b holds nothing at all.
func (b Bundle) IsZero() bool {
	// Field by field, not b == Bundle{}: a comparison of the whole
	// struct is a call to memequal, and this is asked on the engine's
	// hot path (a quest's completion, a card's check). The OR of the
	// fields is 0 exactly when every field is.
	return b.Cleric|b.Fighter|b.Rogue|b.Wizard|b.Gold|b.VP|b.Intrigue|b.Any == 0
}

// HasNegative reports whether any field of b is negative.
func (b Bundle) HasNegative() bool {
	return b.Cleric < 0 || b.Fighter < 0 || b.Rogue < 0 || b.Wizard < 0 || b.Gold < 0 || b.VP < 0 || b.Intrigue < 0 || b.Any < 0
}

// String returns a compact text form such as "2 fighter + 1 wizard + 4 gold".
func (b Bundle) String() string {
	s := ""
	add := func(n int, what string) {
		if n == 0 {
			return
		}
		if s != "" {
			s += " + "
		}
		s += fmt.Sprintf("%d %s", n, what)
	}
	add(b.Cleric, "cleric")
	add(b.Fighter, "fighter")
	add(b.Rogue, "rogue")
	add(b.Wizard, "wizard")
	add(b.Gold, "gold")
	add(b.VP, "vp")
	add(b.Intrigue, "intrigue")
	add(b.Any, "any")
	if s == "" {
		return "nothing"
	}
	return s
}
