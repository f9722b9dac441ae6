package waterdeep

// Every error a function documents is the type it documents, naming the
// field at fault (issue 24).

import (
	"encoding/json"
	"errors"
	"strings"
	"testing"
)

func TestDeterminizeRefusesWithItsDocumentedError(t *testing.T) {
	s, err := New(Config{Players: 3, Seed: 5})
	if err != nil {
		t.Fatal(err)
	}
	for range 12 {
		if s, err = s.Apply(s.LegalActions()[0]); err != nil {
			t.Fatal(err)
		}
	}
	for _, c := range []struct {
		name  string
		edit  func(v *View)
		field string
	}{
		{"removed quests in a base game", func(v *View) { v.RemovedQuests = 1 }, "removed.quests"},
		{"removed intrigue in a base game", func(v *View) { v.RemovedIntrigue = 1 }, "removed.intrigue"},
		{"removed buildings in a base game", func(v *View) { v.RemovedBuildings = 1 }, "removed.buildings"},
		{"quest deck one too many", func(v *View) { v.QuestDeck++ }, "quest_deck"},
		{"intrigue deck one too many", func(v *View) { v.IntrigueDeck++ }, "intrigue_deck"},
		{"building stack one too many", func(v *View) { v.BuildingStack++ }, "building_stack"},
		{"a hand 40 cards larger (the unseen cards do not add up)", func(v *View) { v.Seats[1].HandSize += 40 }, "intrigue_deck"},
		{"a hand larger than any", func(v *View) { v.Seats[1].HandSize = MaxIntrigue + 1 }, "seats[1]"},
		{"a hand of a card more than the deck holds", func(v *View) { v.Seats[2].HandSize += v.IntrigueDeck + 1 }, "seats[2].hand_size"},
		{"a seat's gold negative", func(v *View) { v.Seats[2].Gold = -1 }, "seats[2]"},
		{"the zero View", func(v *View) { *v = View{} }, ""},
	} {
		v := s.View(0)
		v.Seats = append([]SeatView(nil), v.Seats...)
		c.edit(&v)
		_, err1 := Determinize(v, 1)
		_, err2 := NewSampler(v)
		for i, err := range []error{err1, err2} {
			var de *DeterminizeError
			if !errors.As(err, &de) || de.Field != c.field || !strings.HasPrefix(err.Error(), "waterdeep: determinize: "+c.field) {
				t.Errorf("%s: %s: %T %v, want a *DeterminizeError naming %q", c.name, []string{"Determinize", "NewSampler"}[i], err, err, c.field)
			}
		}
	}
}

func TestDecodersNameTheElementAtFault(t *testing.T) {
	big := `"p1 place ` + strings.Repeat(" ", MaxActionSize) + `x"`
	rec := `{"version":3,"players":2,"seed":"1","content":"base","actions":[` + big + `]}`
	_, err := DecodeRecord([]byte(rec))
	var de *DecodeError
	var se *SizeError
	if !errors.As(err, &de) || de.What != "record" || de.Field != "actions[0]" || !errors.As(err, &se) || se.Limit != MaxActionSize ||
		!strings.HasPrefix(err.Error(), "waterdeep: cannot decode record: actions[0]: ") {
		t.Errorf("DecodeRecord, an oversized action: %T %v, want a *DecodeError naming actions[0] around the action's *SizeError", err, err)
	}
	var r Record
	if err := json.Unmarshal([]byte(rec), &r); !errors.As(err, &de) || de.Field != "actions[0]" {
		t.Errorf("Record.UnmarshalJSON, an oversized action: %T %v, want a *DecodeError naming actions[0]", err, err)
	}
	// An inner *DecodeError stays reachable too.
	_, err = DecodeRecord([]byte(`{"version":3,"players":2,"seed":"1","content":"base","actions":[{"type":"dance"}]}`))
	if !errors.As(err, &de) || de.Field != "actions[0]" || !errors.As(de.Err, new(*DecodeError)) {
		t.Errorf("DecodeRecord, an unknown action type: %T %v, want a *DecodeError naming actions[0] around the action's", err, err)
	}

	ev := `{"kind":"round_started","round":1` + strings.Repeat(" ", MaxEventSize) + `}`
	_, err = UnmarshalEvents([]byte(`{"version":3,"events":[` + ev + `]}`))
	if !errors.As(err, &de) || de.What != "events JSON" || de.Field != "events[0]" || !errors.As(err, &se) || se.Limit != MaxEventSize {
		t.Errorf("UnmarshalEvents, an oversized event: %T %v, want a *DecodeError naming events[0] around the event's *SizeError", err, err)
	}
}

func TestZeroMoveIsNoAction(t *testing.T) {
	s, err := New(Config{Players: 2, Seed: 1})
	if err != nil {
		t.Fatal(err)
	}
	over := s
	var buf []Move
	for !over.Over() {
		buf = over.AppendMoves(buf[:0])
		if err := over.PlayInPlace(buf[0]); err != nil {
			t.Fatal(err)
		}
	}
	for name, st := range map[string]State{"a new game": s, "a game over": over} {
		var ie *IllegalActionError
		legal := st.Legal(nil)
		if !errors.As(legal, &ie) || ie.Reason != NoAction {
			t.Fatalf("%s: Legal(nil) = %v, want NoAction", name, legal)
		}
		if r := st.LegalMove(0); r != ie.Reason {
			t.Errorf("%s: LegalMove(0) = %v, Legal(nil) says %v", name, r, ie.Reason)
		}
		if err := st.PlayInPlace(0); !errors.Is(err, NoAction) {
			t.Errorf("%s: PlayInPlace(0) = %v, want NoAction", name, err)
		}
	}
}
