package waterdeep

import "testing"

// TestPlacesKept checks the placements run keeps in the State (places.go)
// against a fresh listing from the rules, after every move of random games
// of each module set, and after a snapshot's round trip and a Sampler's
// deal (which rebuild them); and that AppendMoves and PlayInPlace, which
// read them, agree with LegalActions and Legal, which do not.
func TestPlacesKept(t *testing.T) {
	cfgs := []Config{
		{Players: 4},
		{Players: 2},
		{Players: 5},
		{Players: 4, Modules: Undermountain},
		{Players: 4, Modules: Skullport},
		{Players: 6, Modules: Undermountain | Skullport, Long: true},
	}
	games := gamesPerConfig(20, 4)
	placements, decoded := 0, 0
	var buf []Move
	forEachRandomState(t, cfgs, games, 41, func(cfg Config, s *State) {
		if kept := s.keptPlaces(); s.places != kept {
			t.Fatalf("%+v, round %d: kept placements %x, the rules give %x", cfg, s.round, s.places, kept)
		}
		if s.top().kind != dPlace {
			return
		}
		placements++
		buf = s.AppendMoves(buf[:0])
		all := s.LegalActions()
		if len(buf) != len(all) {
			t.Fatalf("%+v: AppendMoves lists %d moves, LegalActions %d", cfg, len(buf), len(all))
		}
		for i, m := range buf {
			if m != all[i].move() {
				t.Fatalf("%+v: AppendMoves %v, LegalActions %v", cfg, buf, all)
			}
		}
		// Every space, legal or not, is judged alike by PlayInPlace (the
		// kept set) and Legal (the rules).
		for sp := range MaxSpaces + 2 {
			a := PlaceAgent{Player: PlayerID(s.top().p), Space: SpaceID(sp)}
			if a.move() == 0 {
				continue // no Move encodes it
			}
			u := *s
			got := u.PlayInPlace(a.move())
			want := s.Legal(a)
			if (got == nil) != (want == nil) || (got != nil && got.Error() != want.Error()) {
				t.Fatalf("%+v: space %d: PlayInPlace %v, Legal %v", cfg, sp, got, want)
			}
		}
		if placements%17 == 0 {
			data, err := s.MarshalJSON()
			if err != nil {
				t.Fatal(err)
			}
			d, err := DecodeState(data, s.c)
			if err != nil {
				t.Fatal(err)
			}
			if d != *s {
				t.Fatalf("%+v: a snapshot's round trip changed the state (kept placements %x, before %x)", cfg, d.places, s.places)
			}
			sm, err := NewSampler(s.View(PlayerID(s.top().p)))
			if err != nil {
				t.Fatal(err)
			}
			u, err := sm.Sample(uint64(placements))
			if err != nil {
				t.Fatal(err)
			}
			if kept := u.keptPlaces(); u.places != kept || u.places.empty() {
				t.Fatalf("%+v: a sampled state keeps placements %x, the rules give %x", cfg, u.places, kept)
			}
			decoded++
		}
	})
	if placements < 1000 || decoded < 50 {
		t.Fatalf("only %d placement decisions (%d decoded and sampled)", placements, decoded)
	}
	t.Logf("%d placement decisions, %d decoded and sampled", placements, decoded)
}
