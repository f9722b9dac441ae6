package waterdeep

import (
	"errors"
	"math/rand/v2"
	"testing"
)

// Every event of random games, as each viewer sees it, survives a JSON
// round trip.
func TestEventJSONRoundTrip(t *testing.T) {
	for n := 2; n <= 5; n++ {
		s, _ := New(Config{Players: n, Seed: uint64(n)})
		r := rand.New(rand.NewPCG(uint64(n), 2))
		var all []Event
		for !s.Over() {
			legal := s.LegalActions()
			var err error
			s, all, err = s.ApplyEvents(legal[r.IntN(len(legal))], all)
			if err != nil {
				t.Fatal(err)
			}
		}
		for _, viewer := range []PlayerID{0, Spectator} {
			events := make([]Event, len(all))
			for i, e := range all {
				events[i] = e.For(viewer)
			}
			data, err := MarshalEvents(events)
			if err != nil {
				t.Fatal(err)
			}
			back, err := UnmarshalEvents(data)
			if err != nil {
				t.Fatal(err)
			}
			if len(back) != len(events) {
				t.Fatalf("%d events back from %d", len(back), len(events))
			}
			for i := range events {
				if back[i] != events[i] {
					t.Fatalf("event %d: %+v came back as %+v", i, events[i], back[i])
				}
			}
		}
	}
}

func TestEventJSONRefusesBadInput(t *testing.T) {
	for _, in := range []string{
		``, `{}`, `{"version":2,"events":[]}`, `{"version":1,"events":[{}]}`,
		`{"version":1,"events":[{"kind":"nope"}]}`,
		`{"version":1,"events":[{"kind":"gained","player":9}]}`,
		`{"version":1,"events":[{"kind":"gained","card":500}]}`,
		`{"version":1,"events":[{"kind":"action","player":0}]}`,
		`{"version":1,"events":[{"kind":"gained","action":{"type":"skip","player":0}}]}`,
		`{"version":1,"events":[{"kind":"action","player":1,"action":{"type":"skip","player":0}}]}`,
		`{"version":1,"events":[{"kind":"gained","extra":1}]}`,
		`{"version":1,"events":[]} x`,
	} {
		_, err := UnmarshalEvents([]byte(in))
		var de *DecodeError
		if !errors.As(err, &de) {
			t.Errorf("UnmarshalEvents(%q) = %v, want a *DecodeError", in, err)
		}
	}
}

func FuzzUnmarshalEvents(f *testing.F) {
	s, _ := New(Config{Players: 3, Seed: 1})
	_, events, _ := s.ApplyEvents(s.LegalActions()[0], nil)
	data, _ := MarshalEvents(events)
	f.Add(data)
	f.Add([]byte(`{"version":1,"events":[{"kind":"intrigue_drawn","player":1,"card":null,"secret":true}]}`))
	f.Fuzz(func(t *testing.T, data []byte) {
		events, err := UnmarshalEvents(data)
		if err != nil {
			return
		}
		again, err := MarshalEvents(events)
		if err != nil {
			t.Fatalf("decoded events do not encode: %v", err)
		}
		back, err := UnmarshalEvents(again)
		if err != nil || len(back) != len(events) {
			t.Fatalf("re-encoded events do not decode: %v", err)
		}
		for i := range back {
			if back[i] != events[i] {
				t.Fatalf("event %d changed: %+v -> %+v", i, events[i], back[i])
			}
		}
	})
}
