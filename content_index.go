package waterdeep

import (
	"encoding/binary"

	"github.com/waterdeep-go/waterdeep/buildings"
	"github.com/waterdeep-go/waterdeep/content"
	"github.com/waterdeep-go/waterdeep/intrigue"
	"github.com/waterdeep-go/waterdeep/lords"
	"github.com/waterdeep-go/waterdeep/quests"
)

// Indexes of the content that the engine works out once, when the content
// loads, so that a game need not work them out again, each table filled by
// one function that loadContent calls (indexQuests, indexIntrigue,
// indexSpaceActions, indexSpaceSets, indexPlots, listDealt; the tables of
// one rule stand beside it: listChooseOnes in choose_one.go,
// listMoreCorrupt in piles.go): which steps of an effect may be
// impossible, and payments as needs that one word compares (four
// adventurer kinds as the 16-bit lanes of a uint64).

// lastConditionalStep returns the index of the last step of intrigue
// effect p that may be impossible (cardConditional), or -1: cardPlayable
// need look no further.
func lastConditionalStep(p content.Program) int {
	last := -1
	for i := range p {
		if cardConditional(p[i : i+1]) {
			last = i
		}
	}
	return last
}

// cardConditional reports whether an intrigue effect has a step that may
// be impossible, so that playing the card needs a check (see cardPlayable).
func cardConditional(p content.Program) bool {
	for _, st := range p {
		switch st.Kind {
		case content.StepPay, content.StepSteal, content.StepChangeOfPlans, content.StepBetray, content.StepStealGoldSeeLord:
			return true
		case content.StepSpecial:
			switch st.Special {
			case content.CopySpace, content.ReturnAgent, content.AcceleratePlans, content.SampleWares, content.RealEstateDeal,
				content.CopyMoreCorrupt, content.FoistMandatory, content.StealBuilding, content.MoveCorruption,
				content.Demolish, content.Manipulate:
				return true
			}
		}
	}
	return false
}

// gainAnyThenPlay reports whether program p gives adventurers of any kind
// before it must play an intrigue card (The Eye's Lair; see pickBeforePlay).
func gainAnyThenPlay(p content.Program) bool {
	gainsAny := false
	for _, st := range p {
		switch {
		case st.Kind == content.StepGain && st.Bundle.Any > 0:
			gainsAny = true
		case st.Kind == content.StepSpecial && st.Special == content.PlayIntrigue && gainsAny:
			return true
		}
	}
	return false
}

func conditional(p content.Program) bool {
	for i := range p {
		if checkedStep(&p[i]) {
			return true
		}
	}
	return false
}

// need is a quest's requirement in the form legality reads fastest: the
// adventurers as four 16-bit lanes of one word (see lanes), and the gold.
type need struct {
	cubes uint64
	gold  int32
	// total is the adventurers required in all: cubes' and those of any
	// kind (Undermountain), which the tavern must hold beyond cubes'.
	total int32
}

// laneHigh is the top bit of each 16-bit lane.
const laneHigh = 0x8000_8000_8000_8000

// lanes spreads four adventurer counts into the 16-bit lanes of a word,
// so that "at least these many of each" is one subtraction (see has).
func lanes(c [content.NumAdventurers]uint8) uint64 {
	x := uint64(binary.LittleEndian.Uint32(c[:]))
	x = (x | x<<16) & 0x0000_ffff_0000_ffff
	return (x | x<<8) & 0x00ff_00ff_00ff_00ff
}

// unlanes packs the four lanes of x, each below 256, back into the bytes
// of a word: lanes' inverse.
func unlanes(x uint64) uint32 {
	x = (x | x>>8) & 0x0000_ffff_0000_ffff
	return uint32(x | x>>16)
}

// covers reports whether every lane of have is at least the same lane of
// need (both from lanes). Each lane of (have | high) - need keeps its high
// bit exactly when that lane's count is at least the need; counts are
// below 0x8000, so no lane borrows from the next.
func covers(have, need uint64) bool {
	return ((have|laneHigh)-need)&laneHigh == laneHigh
}

func needOf(b content.Bundle) need {
	var cubes [content.NumAdventurers]uint8
	for k, v := range b.Cubes() {
		cubes[k] = uint8(min(max(v, 0), 255))
	}
	// total stays 0 (no check) without adventurers of any kind.
	var total int32
	if b.Any > 0 {
		total = int32(b.Any)
		for _, v := range cubes {
			total += int32(v)
		}
	}
	return need{cubes: lanes(cubes), gold: int32(b.Gold), total: total}
}

// indexQuests fills the quest tables: the needs, the quests of each type,
// plot quests by kind, each module's quests, the quests whose completion
// asks for a choice of adventurers, and the program DrawAfterIntrigue's
// plot plays.
func (c *Content) indexQuests() {
	c.questNeeds = new([MaxQuests]need)
	copy(c.questNeeds[:], c.questNeed)
	for i, q := range c.quests {
		c.questsOfType[q.Type].add(uint8(i))
		if q.IsPlot() {
			c.plotQuests[q.Plot.Kind].add(uint8(i))
			if k := q.Plot.Kind; k == quests.BonusOnGain || k == quests.ClericSwap {
				c.actionPlots.add(uint8(i))
			}
		}
		switch q.Module {
		case content.Undermountain:
			c.moduleQuests[0].add(uint8(i))
		case content.Skullport:
			c.moduleQuests[1].add(uint8(i))
		}
		c.um.note(&q)
		if q.Requires.Any > 0 || !q.PerSpent.Gain.IsZero() {
			c.spendQuests.add(uint8(i))
		}
		if q.Plot.Kind == quests.DrawAfterIntrigue && !c.drawPlay {
			c.drawPlayProg, c.drawPlay = c.addProgram(content.Program{{Kind: content.StepDrawMayPlay, Count: 1}}, q.Name), true
		}
	}
	c.placementPlots = c.plotQuests[quests.BonusOnVisit].or(c.plotQuests[quests.HarborIntrigue])
	c.placeHooks = !c.placementPlots.empty() || c.drawPlay
}

// indexIntrigue fills the intrigue tables: the mandatory quest cards.
func (c *Content) indexIntrigue() {
	for i, card := range c.intrigue {
		if card.Kind == intrigue.Mandatory {
			c.mandatory.add(uint8(i))
		}
	}
}

// indexSpaceActions fills what legality needs of each space's action:
// its quick check and need (placement_legal.go), whether it only gains,
// and the spaces whose action plays an intrigue card.
func (c *Content) indexSpaceActions() {
	for i, info := range c.spaces {
		p := c.programs[info.program]
		if p.Has(content.StepSpecial, content.PlayIntrigue) || p.Has(content.StepSpecial, content.MayPlayIntrigue) {
			c.playsIntrigue.add(uint8(i))
		}
		c.um.pickThenPlay = c.um.pickThenPlay || gainAnyThenPlay(p)
		c.spaces[i].gainOnly = len(p) == 1 && p[0].Kind == content.StepGain && p[0].Bundle.Any == 0
		var n need
		c.spaces[i].quick, n = quickCheckOf(p)
		if c.spaces[i].quick == quickPlayAfter {
			c.spaces[i].cardStep = uint8(lastCheckedStep(p))
			c.spaces[i].questThenCard, c.spaces[i].gainThenCard = true, true
			for _, st := range p[:c.spaces[i].cardStep] {
				c.spaces[i].questThenCard = c.spaces[i].questThenCard && st.Kind == content.StepTakeQuest
				c.spaces[i].gainThenCard = c.spaces[i].gainThenCard && st.Kind == content.StepGain
			}
		}
		c.spaceNeed = append(c.spaceNeed, n)
	}
}

// indexSpaceSets fills the board's sets of spaces: each module set's
// board, in-order spaces, the Palace's, conditional and card spaces, the
// Harbor's, and the plain spaces that are legal whenever free.
func (c *Content) indexSpaceSets() {
	for i, info := range c.spaces {
		if info.tile == none {
			for m := range c.boardSpaces {
				if info.module&^content.Modules(m) == 0 {
					c.boardSpaces[m].add(uint8(i))
				}
			}
		}
		if info.prev != none {
			c.inOrderSpaces.add(uint8(i))
		}
		palace := info.tile != none && BuildingID(info.tile) == c.palace
		if palace {
			c.palaceSpaces.add(uint8(i))
		}
		if info.conditional {
			c.conditionalSpaces.add(uint8(i))
			if info.quick == quickPlay || info.quick == quickPlayAfter {
				c.cardSpaces.add(uint8(i))
			}
		}
		if info.reassign {
			c.reassignSpaces.add(uint8(i))
		}
		if !info.conditional && !info.copies && !info.reassign && info.prev == none && !palace {
			c.plainSpaces.add(uint8(i))
		}
	}
}

// indexPlots fills, per space, the plot quests that watch a placement
// there (visitPlots, placePlots).
func (c *Content) indexPlots() {
	for q, sp := range c.visitSpace {
		if sp != none {
			c.visitPlots[sp].add(uint8(q))
		}
	}
	for sp := range c.spaces {
		c.placePlots[sp] = c.visitPlots[sp]
		if c.spaces[sp].reassign {
			c.placePlots[sp] = c.placePlots[sp].or(c.plotQuests[quests.HarborIntrigue])
		}
	}
}

// listDealt fills, for each module set, the instances a game of it deals
// (dealt).
func (c *Content) listDealt() {
	for m := range c.dealt {
		mods := content.Modules(m)
		d := &c.dealt[m]
		d.quests, d.questSet = instancesIn(c.quests, mods, func(q *quests.Quest) content.Modules { return q.Module })
		d.intrigue, d.intrigueSet = instancesIn(c.intrigue, mods, func(i *intrigue.Card) content.Modules { return i.Module })
		d.tiles, d.tileSet = instancesIn(c.tiles, mods, func(t *buildings.Tile) content.Modules { return t.Module })
		d.lords, _ = instancesIn(c.lords, mods, func(l *lords.Lord) content.Modules { return l.Module })
		d.questHead = listHead(d.quests, func(i uint8) bool { return c.quests[i].Module == 0 })
		d.intrigueHead = listHead(d.intrigue, func(i uint8) bool { return c.intrigue[i].Module == 0 })
		d.tileHead = listHead(d.tiles, func(i uint8) bool { return c.tiles[i].Module == 0 })
	}
}

// leastLanes is the lane-wise least of a and b (lanes below 0x8000). A lane
// of (b | high) - a keeps its high bit when b's count is at least a's;
// spread to the whole lane, that bit picks a.
func leastLanes(a, b uint64) uint64 {
	aLess := ((((b | laneHigh) - a) & laneHigh) >> 15) * 0xffff
	return a&aLess | b&^aLess
}

// instancesIn returns the instances of xs (in instance order, as a list
// and as a set) whose module, given by module, is among mods.
func instancesIn[T any](xs []T, mods content.Modules, module func(*T) content.Modules) (list []uint8, set set128) {
	for i := range xs {
		if module(&xs[i])&^mods == 0 {
			list = append(list, uint8(i))
			set.add(uint8(i))
		}
	}
	return list, set
}

// listHead returns how many instances of list (in instance order) come up
// to its last base game instance (base says which are): the part that the
// base cards removed with both modules may take from, the rest being the
// modules' instances, every one dealt.
func listHead(list []uint8, base func(uint8) bool) int {
	head := 0
	for i, x := range list {
		if base(x) {
			head = i + 1
		}
	}
	return head
}

// dealLists are the instances of each kind a game deals.
type dealLists struct {
	quests, intrigue, tiles, lords []uint8
	// questSet, intrigueSet and tileSet hold the members of quests,
	// intrigue and tiles (validate's fast check that every card is in one
	// place; New's deal of a deck less the cards removed).
	questSet, intrigueSet, tileSet set128
	// questHead, intrigueHead and tileHead are how many instances of
	// quests, intrigue and tiles come up to the last base game instance
	// (listHead): New deals the rest, none of which is removed, as listed.
	questHead, intrigueHead, tileHead int
}
