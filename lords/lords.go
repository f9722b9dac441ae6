// Package lords defines the Lord of Waterdeep cards and their end-game
// scoring. Lords are loaded from lords.yaml (see content.Base) and validated
// when loaded.
package lords

import (
	"errors"
	"fmt"
	"io/fs"

	"github.com/waterdeep-go/waterdeep/content"
)

// File is the name of the lord file in a content file system.
const File = "lords.yaml"

// Lord is one Lord card. A lord scores VPPerQuest for every completed quest
// of one of QuestTypes (plot quests included; mandatory quests have no type)
// and VPPerBuilding for every building its player controls; the
// Undermountain lords score VPPerAnyQuest for every completed quest,
// VPPerModuleCard for every completed quest and controlled building of
// the lord's own module, and VPPerBigQuest for every completed quest whose
// printed reward is at least BigQuestVP.
type Lord struct {
	ID            string
	Name          string
	QuestTypes    []content.QuestType
	VPPerQuest    int
	VPPerBuilding int
	// VPPerAnyQuest scores every completed quest, whatever its type
	// (Danilo Thann).
	VPPerAnyQuest int
	// VPPerModuleCard scores every completed quest and every controlled
	// building of Module (Halaster Blackcloak).
	VPPerModuleCard int
	// VPPerBigQuest scores every completed quest whose printed VP is at
	// least BigQuestVP (Trobriand).
	VPPerBigQuest int
	BigQuestVP    int
	// Module is the expansion module the lord belongs to (0: the base
	// game); a game deals it only if the module is played.
	Module content.Modules
	// Text is the rules text, in the module's own words.
	Text string
}

// Tally is what a lord's scoring looks at, counted at the end of the game.
type Tally struct {
	// Completed counts completed quests of each type.
	Completed [content.NumQuestTypes]int
	// Buildings counts the buildings the player controls.
	Buildings int
	// ModuleCards counts the completed quests and controlled buildings of
	// the lord's module (0 for a base game lord).
	ModuleCards int
	// BigQuests counts the completed quests whose printed VP is at least
	// the lord's BigQuestVP (0 for a lord without one).
	BigQuests int
}

// Score returns the lord's bonus VP for a tally.
func (l Lord) Score(t Tally) int {
	vp := l.VPPerBuilding*t.Buildings + l.VPPerModuleCard*t.ModuleCards + l.VPPerBigQuest*t.BigQuests
	for _, qt := range l.QuestTypes {
		vp += l.VPPerQuest * t.Completed[qt]
	}
	for _, n := range t.Completed {
		vp += l.VPPerAnyQuest * n
	}
	return vp
}

type scoringYAML struct {
	QuestTypes      []string `yaml:"quest_types"`
	VPPerQuest      int      `yaml:"vp_per_quest"`
	VPPerBuilding   int      `yaml:"vp_per_building"`
	VPPerAnyQuest   int      `yaml:"vp_per_any_quest"`
	VPPerModuleCard int      `yaml:"vp_per_module_card"`
	VPPerBigQuest   int      `yaml:"vp_per_big_quest"`
	BigQuestVP      int      `yaml:"big_quest_vp"`
}

type lordYAML struct {
	ID      string      `yaml:"id"`
	Name    string      `yaml:"name"`
	Scoring scoringYAML `yaml:"scoring"`
	Module  string      `yaml:"module"`
	Text    string      `yaml:"text"`
}

type fileYAML struct {
	Lords []lordYAML `yaml:"lords"`
}

// Load reads and validates File from fsys.
func Load(fsys fs.FS) ([]Lord, error) {
	var f fileYAML
	if err := content.DecodeFile(fsys, File, &f); err != nil {
		return nil, err
	}
	if len(f.Lords) == 0 {
		return nil, content.Errorf(File, "", "lords", "no lords")
	}
	if err := content.CheckEntries(len(f.Lords)); err != nil {
		return nil, content.Errorf(File, "", "lords", "%v", err)
	}
	seen := map[string]bool{}
	var out []Lord
	var prev content.Modules
	for i, y := range f.Lords {
		if err := content.CheckID(y.ID); err != nil {
			// A bad id may be long or unprintable: name the entry by place.
			return nil, content.Errorf(File, fmt.Sprintf("lord %d", i+1), "id", "%v", err)
		}
		if seen[y.ID] {
			return nil, content.Errorf(File, y.ID, "id", "duplicate id")
		}
		seen[y.ID] = true
		if y.Name == "" {
			return nil, content.Errorf(File, y.ID, "name", "missing name")
		}
		if err := content.CheckText(y.Name, "name", content.MaxNameLen); err != nil {
			return nil, content.Errorf(File, y.ID, "name", "%v", err)
		}
		if err := content.CheckText(y.Text, "text", content.MaxTextLen); err != nil {
			return nil, content.Errorf(File, y.ID, "text", "%v", err)
		}
		l := Lord{ID: y.ID, Name: y.Name, VPPerQuest: y.Scoring.VPPerQuest, VPPerBuilding: y.Scoring.VPPerBuilding, Text: y.Text,
			VPPerAnyQuest: y.Scoring.VPPerAnyQuest, VPPerModuleCard: y.Scoring.VPPerModuleCard,
			VPPerBigQuest: y.Scoring.VPPerBigQuest, BigQuestVP: y.Scoring.BigQuestVP}
		m, err := content.ModuleTag(y.Module, prev)
		if err != nil {
			return nil, content.Errorf(File, y.ID, "module", "%v", err)
		}
		l.Module, prev = m, m
		var types [content.NumQuestTypes]bool
		for _, n := range y.Scoring.QuestTypes {
			t, ok := content.ParseQuestType(n)
			if !ok {
				return nil, content.Errorf(File, y.ID, "scoring.quest_types", "unknown quest type %q", n)
			}
			// Each type scores once: a type listed twice would score twice.
			if types[t] {
				return nil, content.Errorf(File, y.ID, "scoring.quest_types", "%s listed twice", n)
			}
			types[t] = true
			l.QuestTypes = append(l.QuestTypes, t)
		}
		switch {
		case l.VPPerQuest > content.MaxVP:
			return nil, content.Errorf(File, y.ID, "scoring.vp_per_quest", "%d; at most %d", l.VPPerQuest, content.MaxVP)
		case l.VPPerBuilding > content.MaxVP:
			return nil, content.Errorf(File, y.ID, "scoring.vp_per_building", "%d; at most %d", l.VPPerBuilding, content.MaxVP)
		case l.VPPerAnyQuest > content.MaxVP:
			return nil, content.Errorf(File, y.ID, "scoring.vp_per_any_quest", "%d; at most %d", l.VPPerAnyQuest, content.MaxVP)
		case l.VPPerModuleCard > content.MaxVP:
			return nil, content.Errorf(File, y.ID, "scoring.vp_per_module_card", "%d; at most %d", l.VPPerModuleCard, content.MaxVP)
		case l.VPPerBigQuest > content.MaxVP:
			return nil, content.Errorf(File, y.ID, "scoring.vp_per_big_quest", "%d; at most %d", l.VPPerBigQuest, content.MaxVP)
		case l.BigQuestVP > content.MaxVP:
			return nil, content.Errorf(File, y.ID, "scoring.big_quest_vp", "%d; at most %d", l.BigQuestVP, content.MaxVP)
		}
		switch {
		case l.VPPerQuest < 0 || l.VPPerBuilding < 0 || l.VPPerAnyQuest < 0 || l.VPPerModuleCard < 0 || l.VPPerBigQuest < 0 || l.BigQuestVP < 0:
			err = errors.New("negative vp")
		case len(l.QuestTypes) > 0 && l.VPPerQuest == 0:
			err = errors.New("quest_types need vp_per_quest")
		case (l.VPPerBigQuest == 0) != (l.BigQuestVP == 0):
			err = errors.New("vp_per_big_quest and big_quest_vp go together")
		case l.VPPerModuleCard != 0 && l.Module == 0:
			err = errors.New("vp_per_module_card needs a module tag")
		case l.VPPerQuest == 0 && l.VPPerBuilding == 0 && l.VPPerAnyQuest == 0 && l.VPPerModuleCard == 0 && l.VPPerBigQuest == 0:
			err = errors.New("a lord must score something")
		}
		if err != nil {
			return nil, content.Errorf(File, y.ID, "scoring", "%v", err)
		}
		out = append(out, l)
	}
	return out, nil
}
