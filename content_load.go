package waterdeep

import (
	"fmt"
	"io/fs"
	"sync"

	"github.com/waterdeep-go/waterdeep/buildings"
	"github.com/waterdeep-go/waterdeep/content"
	"github.com/waterdeep-go/waterdeep/internal/contentyaml"
	"github.com/waterdeep-go/waterdeep/intrigue"
	"github.com/waterdeep-go/waterdeep/lords"
	"github.com/waterdeep-go/waterdeep/quests"
)

// Loading content: the embedded base game and modules (BaseContent,
// FullContent) and a user's own files (LoadContent), expanded into
// instances, checked, and indexed for the engine.

// BaseContent returns the base game's content, loaded once from the
// embedded YAML files, without anything of the expansion's modules: its
// instance numbers, space numbers and fingerprint are those of the base
// game alone, so base games, their saved states and records never change.
func BaseContent() *Content {
	baseOnce.Do(func() { baseContent, baseErr = loadContent(content.Base(), 0) })
	if baseErr != nil {
		panic(baseErr) // the embedded files are tested; this cannot happen in a released build
	}
	return baseContent
}

// FullContent returns the embedded content with the modules of Scoundrels
// of Skullport (content.Full): the base game's cards, tiles and spaces with
// the same instance and space numbers as in BaseContent, then the
// modules'. New uses it for a game with modules and no Content of its own.
func FullContent() *Content {
	fullOnce.Do(func() { fullContent, fullErr = loadContent(content.Full(), content.AllModules) })
	if fullErr != nil {
		panic(fullErr) // the embedded files are tested; this cannot happen in a released build
	}
	return fullContent
}

// LoadContent loads and validates content from a file system holding
// buildings.yaml, quests.yaml, intrigue.yaml and lords.yaml at its root, in
// the format of the embedded base game (content.Base). Errors are
// *content.LoadError and name the file, the entry and the field. Every size
// and number is bounded (see content/limits.go): a file has at most
// content.MaxFileSize bytes (larger ones are refused before decoding, with
// content.ErrFileTooLarge), every amount on a card has a maximum, so that
// no content that loads can make a score wrap or a game step run for ever.
//
// Entries may carry a module tag (module: undermountain or skullport); a
// game deals them only when it plays that module (Config.Modules). A
// module's entries come after the base game's, either in the same files,
// tagged, or in files of the same names in a folder named after the module
// (undermountain/quests.yaml, skullport/lords.yaml, ...), as in the
// embedded content (content.Full); see contentyaml.DecodeFiles for the order.
func LoadContent(fsys fs.FS) (*Content, error) { return loadContent(fsys, content.AllModules) }

// keepModules drops the entries of modules not in keep.
func keepModules[T any](xs []T, keep content.Modules, module func(*T) content.Modules) []T {
	out := xs[:0:0]
	for i := range xs {
		if module(&xs[i])&^keep == 0 {
			out = append(out, xs[i])
		}
	}
	return out
}

// loadContent is LoadContent keeping only the base game and the modules in
// keep.
func loadContent(fsys fs.FS, keep content.Modules) (*Content, error) {
	qs, err := quests.Load(fsys)
	if err != nil {
		return nil, err
	}
	cards, err := intrigue.Load(fsys)
	if err != nil {
		return nil, err
	}
	set, err := buildings.Load(fsys)
	if err != nil {
		return nil, err
	}
	ls, err := lords.Load(fsys)
	if err != nil {
		return nil, err
	}
	qs = keepModules(qs, keep, func(q *quests.Quest) content.Modules { return q.Module })
	cards = keepModules(cards, keep, func(c *intrigue.Card) content.Modules { return c.Module })
	set.Basic = keepModules(set.Basic, keep, func(b *buildings.Basic) content.Modules { return b.Module })
	set.Tiles = keepModules(set.Tiles, keep, func(t *buildings.Tile) content.Modules { return t.Module })
	ls = keepModules(ls, keep, func(l *lords.Lord) content.Modules { return l.Module })
	c := &Content{basic: set.Basic, lords: ls, palace: none, zoarstar: map[SpaceID]bool{}, spaceByName: map[string]SpaceID{},
		visitPlots: new([MaxSpaces]set128), placePlots: new([MaxSpaces]set128)}
	for _, q := range qs {
		c.modules |= q.Module
	}
	for _, card := range cards {
		c.modules |= card.Module
	}
	for _, b := range set.Basic {
		c.modules |= b.Module
	}
	for _, t := range set.Tiles {
		c.modules |= t.Module
	}
	for _, l := range ls {
		c.modules |= l.Module
	}
	for _, q := range qs {
		for range q.Copies {
			c.quests = append(c.quests, q)
			c.questReward = append(c.questReward, c.addProgram(q.Reward, q.Name))
			c.questNeed = append(c.questNeed, needOf(q.Requires))
		}
	}
	for _, card := range cards {
		for range card.Copies {
			c.intrigue = append(c.intrigue, card)
			c.mandatoryNeed = append(c.mandatoryNeed, needOf(card.Requires))
			if i := len(c.intrigue) - 1; i < MaxIntrigue && (card.Kind == intrigue.Mandatory || !cardConditional(card.Effect)) {
				c.intrigueAlways.add(uint8(i)) // more cards than fit are refused below
			}
			c.cardChecks = append(c.cardChecks, cardCheckOf(card.Effect))
			if i := len(c.intrigue) - 1; i < MaxIntrigue && (c.intrigueAlways.has(uint8(i)) || questBlind(card.Effect, c.cardChecks[i].walk)) {
				c.questBlind.add(uint8(i))
			}
			if i := len(c.intrigue) - 1; i < MaxIntrigue && (c.intrigueAlways.has(uint8(i)) || gainBlind(card.Effect, c.cardChecks[i].walk)) {
				c.gainBlind.add(uint8(i))
			}
			if i := len(c.intrigue) - 1; i < MaxIntrigue && !c.intrigueAlways.has(uint8(i)) && !standingBlind(card.Effect, c.cardChecks[i].walk) {
				c.standingCards.add(uint8(i))
			}
			if card.Kind == intrigue.Mandatory {
				c.intrigueEffect = append(c.intrigueEffect, c.addProgram(card.Reward, card.Name))
			} else {
				c.intrigueEffect = append(c.intrigueEffect, c.addProgram(card.Effect, card.Name))
			}
		}
	}
	for _, t := range set.Tiles {
		for range t.Copies {
			c.tiles = append(c.tiles, t)
			if i := len(c.tiles) - 1; i < MaxBuildings { // more tiles than fit are refused below
				for m, mod := range tallyModuleOrder {
					if t.Module == mod {
						c.moduleTiles[m] |= 1 << i
					}
				}
			}
		}
	}
	var qids, iids, tids []string
	for _, q := range c.quests {
		qids = append(qids, q.ID)
	}
	for _, card := range c.intrigue {
		iids = append(iids, card.ID)
	}
	for _, t := range c.tiles {
		tids = append(tids, t.ID)
	}
	c.questNames, c.intrigueNames, c.tileNames = instanceNames(qids), instanceNames(iids), instanceNames(tids)
	switch {
	case len(c.quests) > MaxQuests:
		return nil, contentyaml.Errorf(quests.File, "", "", "%d quest cards; at most %d fit a game", len(c.quests), MaxQuests)
	case len(c.intrigue) > MaxIntrigue:
		return nil, contentyaml.Errorf(intrigue.File, "", "", "%d intrigue cards; at most %d fit a game", len(c.intrigue), MaxIntrigue)
	case len(c.tiles) > MaxBuildings:
		return nil, contentyaml.Errorf(buildings.File, "", "", "%d tiles; at most %d fit a game", len(c.tiles), MaxBuildings)
	case len(ls) > MaxLords:
		return nil, contentyaml.Errorf(lords.File, "", "", "%d lords; at most %d fit a game", len(ls), MaxLords)
	case len(ls) < MaxPlayers-1:
		return nil, contentyaml.Errorf(lords.File, "", "", "%d lords; a 5-player game needs 5", len(ls))
	}
	c.indexQuests()
	c.indexIntrigue()
	// The base game's basic spaces, then the tiles', then the modules'
	// boards' (see tileBase).
	addBasic := func(b buildings.Basic) {
		prev := uint8(none)
		for _, sp := range b.Spaces {
			id := SpaceID(len(c.spaces))
			c.spaceNames = append(c.spaceNames, sp.ID)
			c.spaceBuildings = append(c.spaceBuildings, b.Name)
			info := spaceInfo{program: c.addProgram(sp.Action, b.Name), tile: none, reassign: sp.Reassign, prev: none,
				conditional: conditional(sp.Action), module: b.Module}
			if b.InOrder {
				// A building's spaces are numbered consecutively, so prev
				// is id-1 (appendPlacements relies on it).
				info.prev = prev
				prev = uint8(id)
			}
			if sp.Reassign {
				c.harbor = append(c.harbor, id)
			}
			c.spaces = append(c.spaces, info)
		}
	}
	for _, b := range set.Basic {
		if b.Module == 0 {
			addBasic(b)
		}
	}
	c.tileBase = len(c.spaces)
	for i, t := range c.tiles {
		id := SpaceID(len(c.spaces))
		act, own := c.addProgram(t.Action, t.Name), c.addProgram(t.Owner, t.Name+" (owner)")
		c.tileAction = append(c.tileAction, act)
		c.tileBenefit = append(c.tileBenefit, own)
		st, err := stockOf(t)
		if err != nil {
			return nil, contentyaml.Errorf(buildings.File, t.ID, "accumulate", "%v", err)
		}
		c.tileStock = append(c.tileStock, st)
		c.spaceNames = append(c.spaceNames, c.tileNames[i])
		c.spaceBuildings = append(c.spaceBuildings, t.Name)
		c.spaces = append(c.spaces, spaceInfo{program: act, tile: uint8(i), prev: none,
			copies: t.Action.Has(content.StepSpecial, content.CopySpace), conditional: conditional(t.Action)})
		if c.spaces[id].copies {
			c.zoarstar[id] = true
		}
		if t.Action.Has(content.StepSpecial, content.TakeAmbassador) {
			if c.palace != none {
				return nil, contentyaml.Errorf(buildings.File, t.ID, "action", "only one tile may hand out the Ambassador")
			}
			c.palace = BuildingID(i)
		}
	}
	for _, b := range set.Basic {
		if b.Module != 0 {
			addBasic(b)
		}
	}
	c.indexSpaceActions()
	if len(c.harbor) > 3 {
		return nil, contentyaml.Errorf(buildings.File, "", "basic", "%d reassigning spaces; at most 3", len(c.harbor))
	}
	if len(c.spaces) > MaxSpaces {
		return nil, contentyaml.Errorf(buildings.File, "", "", "%d action spaces; at most %d fit a game", len(c.spaces), MaxSpaces)
	}
	c.indexSpaceSets()
	for i, name := range c.spaceNames {
		if _, dup := c.spaceByName[name]; dup {
			return nil, contentyaml.Errorf(buildings.File, name, "id", "two spaces share this id")
		}
		c.spaceByName[name] = SpaceID(i)
	}
	for _, q := range c.quests {
		v := uint8(none)
		if q.Plot.Kind == quests.BonusOnVisit {
			sp, ok := c.spaceByName[q.Plot.Space]
			if !ok {
				return nil, contentyaml.Errorf(quests.File, q.ID, "plot.space", "no action space %q", q.Plot.Space)
			}
			v = uint8(sp)
		}
		c.visitSpace = append(c.visitSpace, v)
	}
	if err := c.check(); err != nil {
		return nil, err
	}
	c.indexPlots()
	c.listChooseOnes()
	c.listMoreCorrupt()
	c.listDealt()
	return c, nil
}

// addProgram adds effect p, from the card or building named source, to
// the programs frames refer to, with what an opponent answering a
// dRespond on each of its steps must hold (giveNeeds), and returns its
// number.
func (c *Content) addProgram(p content.Program, source string) uint16 {
	c.programs = append(c.programs, p)
	g := make([]giveNeed, len(p))
	for i := range p {
		g[i] = giveNeedOf(&p[i])
	}
	c.giveNeeds = append(c.giveNeeds, g)
	c.programSource = append(c.programSource, source)
	return uint16(len(c.programs) - 1)
}

func stockOf(t buildings.Tile) (stockInfo, error) {
	a := t.Accumulate
	var st stockInfo
	n := 0
	for k, v := range []int{0, a.Cleric, a.Fighter, a.Rogue, a.Wizard, a.Gold, a.VP} {
		if v != 0 {
			n++
			st = stockInfo{what: stockKind(k), amount: uint8(v)} // at most content.MaxAccumulate
		}
	}
	if t.AccumulateCorruption != 0 {
		n++
		st = stockInfo{what: stockCorruption, amount: uint8(t.AccumulateCorruption)}
	}
	if n > 1 {
		return st, fmt.Errorf("a tile accumulates one kind of thing, not %d", n)
	}
	return st, nil
}

// check refuses effects the engine could not resolve in a given place.
func (c *Content) check() error {
	// Corruption exists only with the Skullport module: its track is set
	// up only then (rules summary, "Corruption").
	corrupt := func(m content.Modules, file, id, field string, ps ...content.Program) error {
		for _, p := range ps {
			if p.Corrupts() && m != content.Skullport {
				return contentyaml.Errorf(file, id, field, "corruption needs module: skullport (the corruption track is Skullport's)")
			}
		}
		return nil
	}
	for _, q := range c.quests {
		if err := corrupt(q.Module, quests.File, q.ID, "reward", q.Reward); err != nil {
			return err
		}
	}
	for _, card := range c.intrigue {
		if err := corrupt(card.Module, intrigue.File, card.ID, "effect", card.Effect, card.Reward); err != nil {
			return err
		}
	}
	for _, t := range c.tiles {
		if err := corrupt(t.Module, buildings.File, t.ID, "action", t.Action, t.Owner); err != nil {
			return err
		}
	}
	for _, b := range c.basic {
		for _, sp := range b.Spaces {
			if err := corrupt(b.Module, buildings.File, b.ID, "spaces."+sp.ID+".action", sp.Action); err != nil {
				return err
			}
		}
	}
	for i, q := range c.quests {
		for _, s := range q.Reward {
			if s.Kind == content.StepSpecial && s.Special != content.MayPlayIntrigue && s.Special != content.ReturnAgent && s.Special != content.MayReturnAgent {
				return contentyaml.Errorf(quests.File, q.ID, "reward", "%s cannot be a quest reward", s.Special)
			}
			if s.Kind == content.StepPay || s.Kind == content.StepTakeQuestMayComplete {
				return contentyaml.Errorf(quests.File, q.ID, "reward", "a quest reward cannot pay or complete quests")
			}
		}
		_ = i
	}
	for _, card := range c.intrigue {
		for _, s := range card.Effect {
			if s.Kind == content.StepSpecial && (s.Special == content.TakeAccumulated || s.Special == content.PlayIntrigue ||
				s.Special == content.MayPlayIntrigue || s.Special == content.TakeAmbassador) {
				return contentyaml.Errorf(intrigue.File, card.ID, "effect", "%s cannot be an intrigue effect", s.Special)
			}
		}
	}
	return nil
}

// Players returns how many players the content supports at most.
func (c *Content) maxPlayers() int { return min(MaxPlayers, len(c.lords)) }

var (
	baseOnce    sync.Once
	baseContent *Content
	baseErr     error
	fullOnce    sync.Once
	fullContent *Content
	fullErr     error
)
