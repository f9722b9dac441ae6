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
// and VPPerBuilding for every building its player controls.
type Lord struct {
	ID            string
	Name          string
	QuestTypes    []content.QuestType
	VPPerQuest    int
	VPPerBuilding int
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
}

// Score returns the lord's bonus VP for a tally.
func (l Lord) Score(t Tally) int {
	vp := l.VPPerBuilding * t.Buildings
	for _, qt := range l.QuestTypes {
		vp += l.VPPerQuest * t.Completed[qt]
	}
	return vp
}

type scoringYAML struct {
	QuestTypes    []string `yaml:"quest_types"`
	VPPerQuest    int      `yaml:"vp_per_quest"`
	VPPerBuilding int      `yaml:"vp_per_building"`
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
		l := Lord{ID: y.ID, Name: y.Name, VPPerQuest: y.Scoring.VPPerQuest, VPPerBuilding: y.Scoring.VPPerBuilding, Text: y.Text}
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
		}
		switch {
		case l.VPPerQuest < 0 || l.VPPerBuilding < 0:
			err = errors.New("negative vp")
		case len(l.QuestTypes) > 0 && l.VPPerQuest == 0:
			err = errors.New("quest_types need vp_per_quest")
		case l.VPPerQuest == 0 && l.VPPerBuilding == 0:
			err = errors.New("a lord must score something")
		}
		if err != nil {
			return nil, content.Errorf(File, y.ID, "scoring", "%v", err)
		}
		out = append(out, l)
	}
	return out, nil
}
