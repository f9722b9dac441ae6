package waterdeep

import "github.com/waterdeep-go/waterdeep/content"

// The answers of a choose_one step (dChooseOne) depend on the step's
// options alone, not on the State: Content lists them once, when it is
// loaded (Content.chooseOne), and movesUpTo and answersUpTo2 copy or count
// that listing instead of working out every option's picks each time
// (its reference is chooseOneRef, optionMatches asked of every pick).

// chooseOneAnswers returns the answers of a choose_one step whose options
// are opts, in ascending order without repeats: each option's pick and, if
// the option asks for adventurers of any kind, every way of adding that
// many cubes to its fixed part. Its reference is chooseOneRef, which asks
// optionMatches of every pick.
func chooseOneAnswers(opts []content.Bundle) []Move {
	var dst []Move
	for i := range opts {
		o := &opts[i]
		if o.Any == 0 {
			dst = append(dst, mv(mPick, encodePick(optionPick(*o))))
			continue
		}
		fixed := optionPick(*o)
		for _, r := range combosOfSize[min(o.Any, 7)] {
			c := comboOf[r]
			pk := Pick{Cleric: fixed.Cleric + c[0], Fighter: fixed.Fighter + c[1], Rogue: fixed.Rogue + c[2], Wizard: fixed.Wizard + c[3], Gold: fixed.Gold}
			dst = append(dst, mv(mPick, encodePick(pk)))
		}
	}
	sortMoves(dst)
	return uniqueMoves(dst, 0)
}

// listChooseOnes fills c.chooseOne from c.programs: for each program, for
// each of its choose_one steps, the step's answers (chooseOneAnswers).
func (c *Content) listChooseOnes() {
	moveTables.Do(fillMoveTables) // content may be loaded before the package's init
	c.chooseOne = make([][][]Move, len(c.programs))
	for i, p := range c.programs {
		for pc := range p {
			if p[pc].Kind != content.StepChooseOne {
				continue
			}
			if c.chooseOne[i] == nil {
				c.chooseOne[i] = make([][]Move, len(p))
			}
			c.chooseOne[i][pc] = chooseOneAnswers(p[pc].Options)
		}
	}
}

// chooseOneReason tells whether the pick m answers the dChooseOne f: it is
// one of the step's answers as the content lists them (a pick that an
// option matches, in the form encodePick gives it), found without
// decoding it or matching it against each option. Its reference is
// chooseOneReasonRef, which does both.
func (s *State) chooseOneReason(f *frame, m Move) Reason {
	for _, a := range s.c.chooseOne[f.prog][f.pc] {
		if a == m {
			return 0
		}
	}
	return BadPick
}
