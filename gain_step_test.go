package waterdeep

import (
	"testing"

	"github.com/waterdeep-go/waterdeep/content"
)

// TestGainStepIsExecStep compares stepControl's shortcut for a program's
// gain step with nothing to choose (resolved without a call to execStep)
// with execStep's own, for every such step of the content's programs, for
// every seat, on states of random games of each module set: a program
// frame at that step is pushed on the state, and one copy steps it by
// stepControl, the other by execStep (then pops it if it is done, as
// stepControl does; the frame beneath is the state's decision, so nothing
// else follows).
func TestGainStepIsExecStep(t *testing.T) {
	checked := 0
	forEachRandomState(t, everyModuleSet, gamesPerConfig(4, 2), 89, func(cfg Config, s *State) {
		if s.sp == 0 || int(s.sp) >= len(s.stack) || !s.top().kind.isDecision() {
			return
		}
		for prog, steps := range s.c.programs {
			for pc := range steps {
				if st := &steps[pc]; st.Kind != content.StepGain || st.Bundle.Any != 0 {
					continue
				}
				for p := range s.numPlayers {
					u := *s
					pf := programFrame(p, uint16(prog), none)
					pf.pc = uint8(pc)
					u.push(pf)
					v := u
					if u.stepControl(u.top()) {
						t.Fatalf("%+v: program %d step %d: stepControl reports a decision", cfg, prog, pc)
					}
					f := v.top()
					v.execStep(f, &steps[pc])
					if v.top() == f && int(f.pc) >= len(steps) {
						v.pop()
					}
					if u != v {
						t.Fatalf("%+v: program %d step %d, seat %d: stepControl and execStep differ", cfg, prog, pc, p)
					}
					checked++
				}
			}
		}
	})
	if checked < 10000 {
		t.Fatalf("only %d gain steps checked", checked)
	}
	t.Logf("%d gain steps checked", checked)
}
