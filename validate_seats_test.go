package waterdeep

import (
	"errors"
	"strings"
	"testing"
)

// A snapshot that breaks an invariant is refused with an error that names
// the seat as the snapshot's JSON does, from "p1": players[1] is p2.
func TestInvalidStateNamesSeatsFromP1(t *testing.T) {
	s, err := New(Config{Players: 4, Seed: 5})
	if err != nil {
		t.Fatal(err)
	}
	data := snapEncode(t, s)
	for _, tc := range []struct {
		name string
		edit func(m map[string]any)
		want string
	}{
		{"buildings", func(m map[string]any) { snapObj(m, "players", 1).(map[string]any)["buildings"] = 2 }, "p2 counts "},
		{"score", func(m map[string]any) { snapObj(m, "players", 0).(map[string]any)["score"] = -5 }, "p1 has -5"},
		{"agents", func(m map[string]any) { snapObj(m, "players", 3).(map[string]any)["agents"] = 1 }, "p4 owns "},
		{"lords", func(m map[string]any) {
			snapObj(m, "players", 2).(map[string]any)["lord"] = snapObj(m, "players", 0).(map[string]any)["lord"]
		}, "p1 and p3 hold the same lord"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, err := DecodeState(snapEdit(t, data, tc.edit), nil)
			var ie *InvalidStateError
			if !errors.As(err, &ie) {
				t.Fatalf("DecodeState = %v, want an *InvalidStateError", err)
			}
			if !strings.Contains(ie.Detail, tc.want) {
				t.Errorf("error %q does not say %q", err, tc.want)
			}
		})
	}
}
