package lords

import (
	"fmt"

	"github.com/waterdeep-go/waterdeep/content"
)

// Describe returns the lord's end-game scoring in English, generated from
// its scoring (not from Text): "4 VP for each arcana and skullduggery quest
// completed", "6 VP for each building controlled".
func (l Lord) Describe() string {
	var parts []string
	if l.VPPerQuest != 0 && len(l.QuestTypes) > 0 {
		types := make([]string, len(l.QuestTypes))
		for i, t := range l.QuestTypes {
			types[i] = t.String()
		}
		parts = append(parts, fmt.Sprintf("%d VP for each %s quest completed", l.VPPerQuest, content.JoinAnd(types)))
	}
	if l.VPPerBuilding != 0 {
		parts = append(parts, fmt.Sprintf("%d VP for each building controlled", l.VPPerBuilding))
	}
	return content.JoinAnd(parts)
}

// LordDoc is the JSON-friendly form of a Lord: its scoring in the YAML
// vocabulary's names, its Text and its Describe. Zero fields are omitted.
type LordDoc struct {
	ID   string `json:"id"`
	Name string `json:"name"`
	// Module is the expansion module the lord belongs to: "" (the base
	// game), "undermountain" or "skullport".
	Module        string   `json:"module"`
	Text          string   `json:"text,omitempty"`
	Description   string   `json:"description"`
	QuestTypes    []string `json:"quest_types,omitempty"`
	VPPerQuest    int      `json:"vp_per_quest,omitempty"`
	VPPerBuilding int      `json:"vp_per_building,omitempty"`
}

// Doc returns the JSON-friendly form of l.
func (l Lord) Doc() LordDoc {
	d := LordDoc{ID: l.ID, Name: l.Name, Module: moduleName(l.Module), Text: l.Text, Description: l.Describe(),
		VPPerQuest: l.VPPerQuest, VPPerBuilding: l.VPPerBuilding}
	for _, t := range l.QuestTypes {
		d.QuestTypes = append(d.QuestTypes, t.String())
	}
	return d
}

// moduleName is the name of module m in documents: "" for the base game,
// "undermountain" or "skullport".
func moduleName(m content.Modules) string {
	if m == 0 {
		return ""
	}
	return m.String()
}
