// Package lords defines the Lord of Waterdeep cards and their end-game
// scoring. Lords are loaded from lords.yaml (see content.Base) and validated
// when loaded.
package lords

import (
	"errors"
	"fmt"
	"io/fs"

	"github.com/waterdeep-go/waterdeep/content"
	"github.com/waterdeep-go/waterdeep/internal/contentyaml"
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
	// ID is the lord's id in text and JSON, Name the name printed on the
	// card. VPPerQuest scores every completed quest of QuestTypes, and
	// VPPerBuilding every building controlled, at the end of the game.
	ID            string
	Name          string
	QuestTypes    []content.QuestType
	VPPerQuest    int
	VPPerBuilding int
	// BestType makes VPPerQuest count only the completed quests of the one
	// type the player names at the end of the game (Irusyl Eraneth); the
	// engine names the type that scores most. QuestTypes is then empty.
	BestType bool
	// ModuleCards and VPPerModuleCard score VPPerModuleCard for every
	// completed quest and every controlled building of the module
	// ModuleCards (Sangalor, Halaster Blackcloak).
	ModuleCards     content.Modules
	VPPerModuleCard int
	// VPPerCorruption scores VP for every corruption token in the
	// player's tavern (The Xanathar); the corruption penalty still applies.
	VPPerCorruption int
	// VPPerAnyQuest scores every completed quest, whatever its type
	// (Danilo Thann).
	VPPerAnyQuest int
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
	// ModuleQuests and ModuleBuildings count the completed quests and the
	// controlled buildings of each module (index 0 Undermountain, 1
	// Skullport).
	ModuleQuests, ModuleBuildings [2]int
	// Corruption counts the corruption tokens in the player's tavern.
	Corruption int
	// BigQuests counts the completed quests whose printed VP is at least
	// the lord's BigQuestVP (0 for a lord without one).
	BigQuests int
}

// AddQuest counts one completed quest of type typ, from module (0 for the
// base game), printed with printedVP victory points, as lord l scores it:
// in Completed, in ModuleQuests when it is a module's, and in BigQuests
// when l scores quests of at least BigQuestVP and it is one.
func (t *Tally) AddQuest(l *Lord, typ content.QuestType, module content.Modules, printedVP int) {
	t.Completed[typ]++
	if i := moduleIndex(module); i >= 0 {
		t.ModuleQuests[i]++
	}
	if l.VPPerBigQuest != 0 && printedVP >= l.BigQuestVP {
		t.BigQuests++
	}
}

// AddBuilding counts one controlled building from module (0 for the base
// game): in Buildings, and in ModuleBuildings when it is a module's.
func (t *Tally) AddBuilding(module content.Modules) {
	t.Buildings++
	if i := moduleIndex(module); i >= 0 {
		t.ModuleBuildings[i]++
	}
}

// moduleIndex returns the Tally index of a single module, or -1.
func moduleIndex(m content.Modules) int {
	switch m {
	case content.Undermountain:
		return 0
	case content.Skullport:
		return 1
	}
	return -1
}

// Score returns the lord's bonus VP for a tally.
func (l Lord) Score(t Tally) int {
	vp := l.VPPerBuilding*t.Buildings + l.VPPerBigQuest*t.BigQuests
	for _, qt := range l.QuestTypes {
		vp += l.VPPerQuest * t.Completed[qt]
	}
	if l.BestType {
		best := 0
		for _, n := range t.Completed {
			best = max(best, n)
		}
		vp += l.VPPerQuest * best
	}
	if i := moduleIndex(l.ModuleCards); i >= 0 {
		vp += l.VPPerModuleCard * (t.ModuleQuests[i] + t.ModuleBuildings[i])
	}
	for _, n := range t.Completed {
		vp += l.VPPerAnyQuest * n
	}
	return vp + l.VPPerCorruption*t.Corruption
}

type scoringYAML struct {
	QuestTypes      []string `yaml:"quest_types"`
	VPPerQuest      int      `yaml:"vp_per_quest"`
	VPPerBuilding   int      `yaml:"vp_per_building"`
	BestType        bool     `yaml:"best_type"`
	ModuleCards     string   `yaml:"module_cards"`
	VPPerModuleCard int      `yaml:"vp_per_module_card"`
	VPPerCorruption int      `yaml:"vp_per_corruption"`
	VPPerAnyQuest   int      `yaml:"vp_per_any_quest"`
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

// Load reads and validates File from fsys, then the file of the same name
// in each module's folder, if any (in the order the package content documents).
func Load(fsys fs.FS) ([]Lord, error) {
	var f fileYAML
	var from []contentyaml.Origin
	err := contentyaml.DecodeFiles(fsys, File, func(g *fileYAML, file string, m content.Modules) error {
		if err := contentyaml.CheckEntries(len(g.Lords)); err != nil {
			return contentyaml.Errorf(file, "", "lords", "%v", err)
		}
		f.Lords = append(f.Lords, g.Lords...)
		from = contentyaml.AppendOrigins(from, file, m, len(g.Lords))
		return nil
	})
	if err != nil {
		return nil, err
	}
	if len(f.Lords) == 0 {
		return nil, contentyaml.Errorf(File, "", "lords", "no lords")
	}
	seen := map[string]bool{}
	var out []Lord
	var prev content.Modules
	for i, y := range f.Lords {
		o := from[i]
		if err := contentyaml.CheckID(y.ID); err != nil {
			// A bad id may be long or unprintable: name the entry by place.
			return nil, contentyaml.Errorf(o.File, fmt.Sprintf("lord %d", o.N), "id", "%v", err)
		}
		if seen[y.ID] {
			return nil, contentyaml.Errorf(o.File, y.ID, "id", "duplicate id")
		}
		seen[y.ID] = true
		if y.Name == "" {
			return nil, contentyaml.Errorf(o.File, y.ID, "name", "missing name")
		}
		if err := contentyaml.CheckText(y.Name, "name", content.MaxNameLen); err != nil {
			return nil, contentyaml.Errorf(o.File, y.ID, "name", "%v", err)
		}
		if err := contentyaml.CheckText(y.Text, "text", content.MaxTextLen); err != nil {
			return nil, contentyaml.Errorf(o.File, y.ID, "text", "%v", err)
		}
		l := Lord{ID: y.ID, Name: y.Name, VPPerQuest: y.Scoring.VPPerQuest, VPPerBuilding: y.Scoring.VPPerBuilding, Text: y.Text,
			BestType: y.Scoring.BestType, VPPerModuleCard: y.Scoring.VPPerModuleCard, VPPerCorruption: y.Scoring.VPPerCorruption,
			VPPerAnyQuest: y.Scoring.VPPerAnyQuest, VPPerBigQuest: y.Scoring.VPPerBigQuest, BigQuestVP: y.Scoring.BigQuestVP}
		if y.Scoring.ModuleCards != "" {
			mc, ok := content.ParseModule(y.Scoring.ModuleCards)
			if !ok {
				return nil, contentyaml.Errorf(o.File, y.ID, "scoring.module_cards", "unknown module %q", y.Scoring.ModuleCards)
			}
			l.ModuleCards = mc
		}
		m, err := o.Tag(y.Module, prev)
		if err != nil {
			return nil, contentyaml.Errorf(o.File, y.ID, "module", "%v", err)
		}
		l.Module, prev = m, m
		var types [content.NumQuestTypes]bool
		for _, n := range y.Scoring.QuestTypes {
			t, ok := content.ParseQuestType(n)
			if !ok {
				return nil, contentyaml.Errorf(o.File, y.ID, "scoring.quest_types", "unknown quest type %q", n)
			}
			// Each type scores once: a type listed twice would score twice.
			if types[t] {
				return nil, contentyaml.Errorf(o.File, y.ID, "scoring.quest_types", "%s listed twice", n)
			}
			types[t] = true
			l.QuestTypes = append(l.QuestTypes, t)
		}
		switch {
		case l.VPPerQuest > content.MaxVP:
			return nil, contentyaml.Errorf(o.File, y.ID, "scoring.vp_per_quest", "%d; at most %d", l.VPPerQuest, content.MaxVP)
		case l.VPPerBuilding > content.MaxVP:
			return nil, contentyaml.Errorf(o.File, y.ID, "scoring.vp_per_building", "%d; at most %d", l.VPPerBuilding, content.MaxVP)
		case l.VPPerModuleCard > content.MaxVP || l.VPPerModuleCard < 0:
			return nil, contentyaml.Errorf(o.File, y.ID, "scoring.vp_per_module_card", "%d; must be 0 to %d", l.VPPerModuleCard, content.MaxVP)
		case l.VPPerCorruption > content.MaxVP || l.VPPerCorruption < 0:
			return nil, contentyaml.Errorf(o.File, y.ID, "scoring.vp_per_corruption", "%d; must be 0 to %d", l.VPPerCorruption, content.MaxVP)
		case (l.ModuleCards != 0) != (l.VPPerModuleCard != 0):
			return nil, contentyaml.Errorf(o.File, y.ID, "scoring.module_cards", "module_cards and vp_per_module_card go together")
		case l.BestType && (len(y.Scoring.QuestTypes) > 0 || l.VPPerQuest == 0):
			return nil, contentyaml.Errorf(o.File, y.ID, "scoring.best_type", "best_type needs vp_per_quest and no quest_types")
		case l.VPPerAnyQuest > content.MaxVP || l.VPPerAnyQuest < 0:
			return nil, contentyaml.Errorf(o.File, y.ID, "scoring.vp_per_any_quest", "%d; must be 0 to %d", l.VPPerAnyQuest, content.MaxVP)
		case l.VPPerBigQuest > content.MaxVP || l.VPPerBigQuest < 0:
			return nil, contentyaml.Errorf(o.File, y.ID, "scoring.vp_per_big_quest", "%d; must be 0 to %d", l.VPPerBigQuest, content.MaxVP)
		case l.BigQuestVP > content.MaxVP || l.BigQuestVP < 0:
			return nil, contentyaml.Errorf(o.File, y.ID, "scoring.big_quest_vp", "%d; must be 0 to %d", l.BigQuestVP, content.MaxVP)
		}
		switch {
		case l.VPPerQuest < 0 || l.VPPerBuilding < 0 || l.VPPerAnyQuest < 0 || l.VPPerModuleCard < 0 || l.VPPerBigQuest < 0 || l.BigQuestVP < 0:
			err = errors.New("negative vp")
		case len(l.QuestTypes) > 0 && l.VPPerQuest == 0:
			err = errors.New("quest_types need vp_per_quest")
		case (l.VPPerBigQuest == 0) != (l.BigQuestVP == 0):
			err = errors.New("vp_per_big_quest and big_quest_vp go together")
		case l.VPPerQuest == 0 && l.VPPerBuilding == 0 && l.VPPerModuleCard == 0 && l.VPPerCorruption == 0 &&
			l.VPPerAnyQuest == 0 && l.VPPerBigQuest == 0:
			err = errors.New("a lord must score something")
		}
		if err != nil {
			return nil, contentyaml.Errorf(o.File, y.ID, "scoring", "%v", err)
		}
		out = append(out, l)
	}
	return out, nil
}
