package waterdeep

import "testing"

// TestAnswersKept checks the derived fields (derived.go), among them the
// answers run keeps in the State (kept_answers.go: placements, intrigue cards, buildings, picks, spaces,
// players, quests to take, responses) against a fresh listing from the
// rules, after every move of random games of each module set, and after a
// snapshot's round trip and a Sampler's deal (which rebuild them); and
// that AppendMoves and PlayInPlace, which read them, agree with
// LegalActions and Legal, which do not: every answer of the decision's
// kind, legal or not, and a decline.
func TestAnswersKept(t *testing.T) {
	cfgs := []Config{
		{Players: 4},
		{Players: 2},
		{Players: 5},
		{Players: 4, Modules: Undermountain},
		{Players: 4, Modules: Skullport},
		{Players: 6, Modules: Undermountain | Skullport, Long: true},
	}
	games := gamesPerConfig(20, 4)
	placements, cards, buildings, picks, spaces, targets, quests, responses, decoded := 0, 0, 0, 0, 0, 0, 0, 0, 0
	var buf []Move
	forEachRandomState(t, cfgs, games, 41, func(cfg Config, s *State) {
		if err := s.derivedError(); err != nil {
			t.Fatalf("%+v, round %d: %v", cfg, s.round, err)
		}
		f := s.top()
		if !f.kind.keepsAnswers() {
			if !s.kept.empty() {
				t.Fatalf("%+v: kept answers %x under decision %d", cfg, s.kept, f.kind)
			}
			return
		}
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
		// Every choice, legal or not, is judged alike by PlayInPlace (the
		// kept set) and Legal (the rules).
		p := PlayerID(f.p)
		var each func(i int) Action
		n := 0
		switch f.kind {
		case dPlace:
			placements++
			each, n = func(i int) Action { return PlaceAgent{Player: p, Space: SpaceID(i)} }, MaxSpaces+2
		case dIntrigue:
			cards++
			each, n = func(i int) Action { return PlayIntrigue{Player: p, Card: IntrigueID(i)} }, MaxIntrigue+2
		case dBuilding:
			buildings++
			each, n = func(i int) Action { return ChooseBuilding{Player: p, Building: BuildingID(i)} }, MaxBuildings+2
		case dPick:
			// Every combination of at most 7 cubes, with no gold or one.
			picks++
			each, n = func(i int) Action {
				return ChooseResources{Player: p, Pick: decodePick(i>>1*8 | i&1)}
			}, 2*pickCombos
		case dSpace:
			spaces++
			each, n = func(i int) Action { return ChooseSpace{Player: p, Space: SpaceID(i)} }, MaxSpaces+2
		case dPlayer:
			targets++
			each, n = func(i int) Action { return ChoosePlayer{Player: p, Target: PlayerID(i)} }, MaxPlayers+2
		case dTakeQuest:
			quests++
			each, n = func(i int) Action { return TakeQuest{Player: p, Quest: QuestID(i)} }, MaxQuests+2
		case dRespond:
			responses++
			each, n = func(i int) Action { return Respond{Player: p, Accept: i == 1} }, 2
		}
		legal := 0
		for i := range n + 1 {
			a := Action(Decline{Player: p})
			if i < n {
				a = each(i)
			}
			if a.move() == 0 {
				continue // no Move encodes it
			}
			u := *s
			got := u.PlayInPlace(a.move())
			want := s.Legal(a)
			if (got == nil) != (want == nil) || (got != nil && got.Error() != want.Error()) {
				t.Fatalf("%+v: %v: PlayInPlace %v, Legal %v", cfg, a, got, want)
			}
			if want == nil {
				legal++
			}
		}
		if legal != len(buf) {
			t.Fatalf("%+v: AppendMoves lists %d moves, Legal accepts %d", cfg, len(buf), legal)
		}
		if (placements+cards+buildings+picks+spaces+targets+quests+responses)%17 == 0 {
			data, err := s.MarshalJSON()
			if err != nil {
				t.Fatal(err)
			}
			d, err := DecodeState(data, s.c)
			if err != nil {
				t.Fatal(err)
			}
			if d != *s {
				t.Fatalf("%+v: a snapshot's round trip changed the state (kept placements %x, before %x)", cfg, d.kept, s.kept)
			}
			sm, err := NewSampler(s.View(PlayerID(s.top().p)))
			if err != nil {
				t.Fatal(err)
			}
			u, err := sm.Sample(uint64(placements))
			if err != nil {
				t.Fatal(err)
			}
			if err := u.derivedError(); err != nil || u.kept.empty() {
				t.Fatalf("%+v: a sampled state keeps placements %x: %v", cfg, u.kept, err)
			}
			decoded++
		}
	})
	if placements < 1000 || cards < 100 || buildings < 100 || picks < 100 || spaces < 50 || targets < 50 || quests < 100 || responses < 50 || decoded < 50 {
		t.Fatalf("only %d placement, %d intrigue, %d building, %d pick, %d space, %d player, %d quest and %d response decisions (%d decoded and sampled)", placements, cards, buildings, picks, spaces, targets, quests, responses, decoded)
	}
	t.Logf("%d placement, %d intrigue, %d building, %d pick, %d space, %d player, %d quest and %d response decisions, %d decoded and sampled", placements, cards, buildings, picks, spaces, targets, quests, responses, decoded)
}
