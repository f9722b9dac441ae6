package content

import "fmt"

// QuestType is one of the five quest types. Mandatory quests have no type.
type QuestType uint8

// The five quest types.
const (
	Arcana QuestType = iota
	Commerce
	Piety
	Skullduggery
	Warfare
	NumQuestTypes = 5
)

var questTypeNames = [NumQuestTypes]string{"arcana", "commerce", "piety", "skullduggery", "warfare"}

// String returns the lower-case name of the quest type.
func (t QuestType) String() string {
	if t < NumQuestTypes {
		return questTypeNames[t]
	}
	return fmt.Sprintf("questtype(%d)", uint8(t))
}

// ParseQuestType returns the quest type with the given lower-case name.
func ParseQuestType(s string) (QuestType, bool) {
	for i, n := range questTypeNames {
		if n == s {
			return QuestType(i), true
		}
	}
	return 0, false
}
