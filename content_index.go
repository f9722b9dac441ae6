package waterdeep

import (
	"encoding/binary"

	"github.com/waterdeep-go/waterdeep/content"
)

// Indexes of the content that the engine works out once, when the content
// loads, so that a game need not work them out again: which steps of an
// effect may be impossible, and payments as needs that one word compares
// (four adventurer kinds as the 16-bit lanes of a uint64).

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
