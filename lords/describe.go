package lords

import (
	"fmt"

	"github.com/waterdeep-go/waterdeep/content"
	"github.com/waterdeep-go/waterdeep/internal/english"
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
		parts = append(parts, fmt.Sprintf("%d VP for each %s quest completed", l.VPPerQuest, english.JoinAnd(types)))
	}
	if l.VPPerBuilding != 0 {
		parts = append(parts, fmt.Sprintf("%d VP for each building controlled", l.VPPerBuilding))
	}
	if l.BestType {
		parts = append(parts, fmt.Sprintf("%d VP for each completed quest of the one type named at the end", l.VPPerQuest))
	}
	if l.ModuleCards != 0 {
		parts = append(parts, fmt.Sprintf("%d VP for each %s quest completed and each %s building controlled",
			l.VPPerModuleCard, l.ModuleCards, l.ModuleCards))
	}
	if l.VPPerCorruption != 0 {
		parts = append(parts, fmt.Sprintf("%d VP for each corruption token held", l.VPPerCorruption))
	}
	return english.JoinAnd(parts)
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
	// The Skullport lords' scoring.
	BestType        bool   `json:"best_type,omitempty"`
	ModuleCards     string `json:"module_cards,omitempty"`
	VPPerModuleCard int    `json:"vp_per_module_card,omitempty"`
	VPPerCorruption int    `json:"vp_per_corruption,omitempty"`
}

// Doc returns the JSON-friendly form of l.
func (l Lord) Doc() LordDoc {
	d := LordDoc{ID: l.ID, Name: l.Name, Module: moduleName(l.Module), Text: l.Text, Description: l.Describe(),
		VPPerQuest: l.VPPerQuest, VPPerBuilding: l.VPPerBuilding, BestType: l.BestType,
		VPPerModuleCard: l.VPPerModuleCard, VPPerCorruption: l.VPPerCorruption}
	if l.ModuleCards != 0 {
		d.ModuleCards = l.ModuleCards.String()
	}
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
