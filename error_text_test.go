package waterdeep

// Error messages read as one sentence: one "waterdeep:" prefix, no
// capital or period in the middle (issue 11, item 7).

import (
	"strings"
	"testing"
)

func TestErrorTextsDoNotStack(t *testing.T) {
	s, _ := New(Config{Players: 3, Seed: 2})
	v := s.View(0)
	v.Seats[1].Gold = -5 // a number no view holds
	_, derr := Determinize(v, 1)
	v = s.View(0)
	v.Seats[0].Pool = 0 // agents that are nowhere
	_, verr := Determinize(v, 1)
	for _, err := range []error{
		s.Legal(PlaceAgent{1, 0}),
		s.Legal(nil),
		derr,
		verr,
	} {
		if err == nil {
			t.Errorf("want an error")
			continue
		}
		msg := err.Error()
		if !strings.HasPrefix(msg, "waterdeep: ") || strings.Count(msg, "waterdeep:") != 1 ||
			strings.Contains(msg, "..") || strings.Contains(msg, ": A") || strings.Contains(msg, ": T") {
			t.Errorf("error text %q stacks prefixes or sentences", msg)
		}
	}
}
