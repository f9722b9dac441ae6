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
