package waterdeep

import (
	"strings"
	"testing"
)

// TestReasonString: every Reason has its own short text, and a number
// past the last is written as such. Issue 39: deleting the lookup of the
// texts survived every test (no test called Reason.String).
func TestReasonString(t *testing.T) {
	seen := map[string]Reason{}
	for r := Reason(1); r < numReasons; r++ {
		s := r.String()
		if s == "" || strings.HasPrefix(s, "reason(") {
			t.Errorf("Reason(%d).String() = %q", r, s)
		}
		if o, dup := seen[s]; dup {
			t.Errorf("Reasons %d and %d are both %q", o, r, s)
		}
		seen[s] = r
	}
	if got := NotYourTurn.String(); got != reasonText[NotYourTurn] {
		t.Errorf("NotYourTurn.String() = %q", got)
	}
	if got := Reason(200).String(); got != "reason(200)" {
		t.Errorf("Reason(200).String() = %q", got)
	}
}
