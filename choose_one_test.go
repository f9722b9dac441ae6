package waterdeep

import (
	"slices"
	"testing"

	"github.com/waterdeep-go/waterdeep/content"
)

// TestChooseOneListing compares the answers of every choose_one step of the
// embedded content, listed when it was loaded (Content.chooseOne), with the
// check of every pick (what check's optionMatches accepts), and checks that
// they are in ascending order without repeats, as movesUpTo lists answers.
func TestChooseOneListing(t *testing.T) {
	steps := 0
	for _, c := range []*Content{BaseContent(), FullContent()} {
		for i, p := range c.programs {
			for pc := range p {
				if p[pc].Kind != content.StepChooseOne {
					if c.chooseOne[i] != nil && c.chooseOne[i][pc] != nil {
						t.Fatalf("%s, step %d: answers listed for a %v step", c.programSource[i], pc, p[pc].Kind)
					}
					continue
				}
				steps++
				var want []Move
				for v := range pickCombos * 8 {
					pk := decodePick(v)
					for k := range p[pc].Options {
						if optionMatches(&p[pc].Options[k], pk) {
							want = append(want, mv(mPick, v))
							break
						}
					}
				}
				got := c.chooseOne[i][pc]
				if !slices.Equal(got, want) {
					t.Fatalf("%s, step %d: listed %v, each pick checked %v", c.programSource[i], pc, got, want)
				}
			}
		}
	}
	if steps < 5 {
		t.Fatalf("%d choose_one steps; want the content's", steps)
	}
}

// TestChooseOneReasonIsEachOptionMatched compares chooseOneReason, which
// looks the pick up among the answers listed when the content loads, with
// check's test of it against each option of the step (a pick in the form
// encodePick gives, matched by optionMatches), for every pick and every
// choose_one step of the base and the full content.
func TestChooseOneReasonIsEachOptionMatched(t *testing.T) {
	yes, no := 0, 0
	for _, c := range []*Content{BaseContent(), FullContent()} {
		s := &State{c: c}
		for i, p := range c.programs {
			for pc := range p {
				if p[pc].Kind != content.StepChooseOne {
					continue
				}
				f := frame{kind: dChooseOne, prog: uint16(i), pc: uint8(pc)}
				for v := range pickCombos * 8 {
					want := Reason(BadPick)
					if pk := decodePick(v); encodePick(pk) == v {
						for k := range p[pc].Options {
							if optionMatches(&p[pc].Options[k], pk) {
								want = 0
								break
							}
						}
					}
					if got := s.chooseOneReason(&f, mv(mPick, v)); got != want {
						t.Fatalf("%s, step %d, pick %v: chooseOneReason %v, each option matched %v", c.programSource[i], pc, decodePick(v), got, want)
					}
					if want == 0 {
						yes++
					} else {
						no++
					}
				}
			}
		}
	}
	if yes < 10 || no < 1000 {
		t.Fatalf("%d picks answering, %d not; want 10 and 1,000", yes, no)
	}
}
