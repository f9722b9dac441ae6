package waterdeep

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"math/rand/v2"
	"reflect"
	"strings"
	"testing"
)

// snapConfigs lists the games the snapshot tests play: the base game with
// 2 to 5 players, games games each, and every combination of modules,
// normal and long (both modules only long), with 2 to 6 players, a
// quarter as many each; with fewer than 4 games, one game of each
// combination, their players 2 to 6 in turn.
func snapConfigs(games int) []Config {
	var out []Config
	for n := 2; n <= 5; n++ {
		for g := range games {
			out = append(out, Config{Players: n, Seed: uint64(1000*n + g)})
		}
	}
	for m := Undermountain; m <= Undermountain|Skullport; m++ {
		for _, long := range []bool{false, true} {
			if !long && m == Undermountain|Skullport {
				continue
			}
			if games < 4 {
				out = append(out, Config{Players: 2 + len(out)%(MaxPlayers-1), Modules: m, Long: long, Seed: uint64(len(out))})
				continue
			}
			for n := 2; n <= MaxPlayers; n++ {
				for g := range games / 4 {
					out = append(out, Config{Players: n, Modules: m, Long: long, Seed: uint64(100000*int(m) + 10000*n + 100*g + len(out))})
				}
			}
		}
	}
	return out
}

// snapGames plays the random games of snapConfigs(games), calling visit
// with every state reached, the first included.
func snapGames(t *testing.T, games int, visit func(s State, r *rand.Rand)) {
	t.Helper()
	for _, cfg := range snapConfigs(games) {
		s, err := New(cfg)
		if err != nil {
			t.Fatal(err)
		}
		r := rand.New(rand.NewPCG(cfg.Seed, 99))
		for steps := 0; ; steps++ {
			visit(s, r)
			if s.Over() {
				break
			}
			if steps > harnessMaxSteps {
				t.Fatalf("%+v: not over after %d actions", cfg, steps)
			}
			acts := s.LegalActions()
			s, err = s.Apply(acts[r.IntN(len(acts))])
			if err != nil {
				t.Fatal(err)
			}
		}
	}
}

// snapCount returns n, or 1 in the quick run (see long_test.go) or under
// the race detector (these tests play on one goroutine).
func snapCount(n int) int {
	if quickRun() || raceDetector {
		return 1
	}
	return n
}

func snapEncode(t *testing.T, s State) []byte {
	t.Helper()
	data, err := json.Marshal(s)
	if err != nil {
		t.Fatalf("MarshalJSON: %v", err)
	}
	return data
}

// TestSnapshotRoundTrip: every state of many random games encodes and
// decodes to an equal state, through DecodeState and json.Unmarshal.
func TestSnapshotRoundTrip(t *testing.T) {
	t.Parallel() // self-contained: runs beside the other heavy tests (long_test.go)
	states := 0
	snapGames(t, snapCount(4), func(s State, _ *rand.Rand) {
		data := snapEncode(t, s)
		got, err := DecodeState(data, nil)
		if err != nil {
			t.Fatalf("DecodeState: %v\n%s", err, data)
		}
		if got != s {
			t.Fatalf("decoded state differs from the original\n%s", data)
		}
		var u State
		if err := json.Unmarshal(data, &u); err != nil || u != s {
			t.Fatalf("json.Unmarshal: %v, equal %v", err, u == s)
		}
		if again := snapEncode(t, got); !bytes.Equal(again, data) {
			t.Fatalf("re-encoding differs:\n%s\n%s", data, again)
		}
		states++
	})
	t.Logf("%d states round-tripped", states)
}

// TestSnapshotContinues: a decoded snapshot plays on exactly like the
// original: the same actions give equal states and the same events.
func TestSnapshotContinues(t *testing.T) {
	checked := 0
	snapGames(t, snapCount(3), func(s State, r *rand.Rand) {
		if s.Over() || r.IntN(25) != 0 {
			return
		}
		d, err := DecodeState(snapEncode(t, s), nil)
		if err != nil {
			t.Fatal(err)
		}
		play := rand.New(rand.NewPCG(r.Uint64(), 1))
		for step := 0; step < 60 && !s.Over(); step++ {
			acts := s.LegalActions()
			if got := d.LegalActions(); !reflect.DeepEqual(got, acts) {
				t.Fatalf("legal actions differ: %v vs %v", acts, got)
			}
			a := acts[play.IntN(len(acts))]
			var e1, e2 []Event
			s, e1, err = s.ApplyEvents(a, nil)
			if err != nil {
				t.Fatal(err)
			}
			d, e2, err = d.ApplyEvents(a, nil)
			if err != nil {
				t.Fatal(err)
			}
			if s != d {
				t.Fatalf("step %d after decoding: states differ", step)
			}
			if !reflect.DeepEqual(e1, e2) {
				t.Fatalf("step %d after decoding: events differ\n%v\n%v", step, e1, e2)
			}
		}
		checked++
	})
	if checked == 0 {
		t.Fatal("no snapshot continued")
	}
	t.Logf("%d decoded snapshots played on", checked)
}

// TestValidateAcceptsPlay: validate accepts every state reached by play.
func TestValidateAcceptsPlay(t *testing.T) {
	states := 0
	snapGames(t, snapCount(15), func(s State, _ *rand.Rand) {
		if err := s.validate(); err != nil {
			t.Fatalf("validate refuses a state reached by play: %v", err)
		}
		states++
	})
	t.Logf("%d states validated", states)
}

// snapStates collects a variety of states from random games: one per
// frame kind on top, and some with the game over, with the Ambassador held
// or placed, with tiles in play, with several frames on the stack; and
// from games with modules: "skullport" (mid-game, a player holding
// corruption), "placed" (resources on spaces), "removed" (both modules),
// "six" (6 players).
func snapStates(t *testing.T) map[string]State {
	t.Helper()
	out := map[string]State{}
	snapGames(t, 6, func(s State, _ *rand.Rand) {
		if s.modules != 0 {
			snapModuleStates(out, s)
			return
		}
		key := "over"
		if !s.Over() {
			key = snapKindName(s.top().kind)
		}
		if _, ok := out[key]; !ok {
			out[key] = s
		}
		if s.ambSpace != none {
			out["ambassador-placed"] = s
			if f := s.top(); f.kind == dPlace && placeMode(f.a) == placeTurn {
				out["ambassador-placed-place"] = s
			}
		}
		if s.tilesInPlay() >= 3 && s.ambHolder == none {
			out["tiles"] = s
		}
		if s.sp >= 4 {
			out["deep"] = s
		}
		for i := range s.sp {
			if k := s.stack[i].kind; k == fDiscard || k == fProgram {
				out["frame-"+snapKindName(k)] = s
			}
		}
		for _, a := range s.shared {
			if a.player != none {
				out["shared"] = s
			}
		}
	})
	return out
}

// snapFirstFrame returns the index of the first frame of kind k in s, or -1.
func snapFirstFrame(s *State, k fkind) int {
	for i := range int(s.sp) {
		if s.stack[i].kind == k {
			return i
		}
	}
	return -1
}

// TestValidateRejects: validate refuses hand-corrupted states of many
// kinds, with an *InvalidStateError; so does MarshalJSON, and a snapshot
// of such a state written by hand does not decode.
func TestValidateRejects(t *testing.T) {
	states := snapStates(t)
	pick := func(t *testing.T, key string) State {
		s, ok := states[key]
		if !ok {
			t.Skipf("no random state with %s", key)
		}
		return s
	}
	mid := func(t *testing.T) State { return pick(t, "place") }
	type corruption struct {
		name  string
		state string // key into states; "" for mid-game
		f     func(s *State)
	}
	cases := []corruption{
		{"no content", "", func(s *State) { s.c = nil }},
		{"event sink", "", func(s *State) { s.events = &[]Event{} }},
		{"one player", "", func(s *State) { s.numPlayers = 1 }},
		{"seven players", "six", func(s *State) { s.numPlayers = 7 }},
		{"six players", "", func(s *State) { s.numPlayers = 6 }},
		{"round 0", "", func(s *State) { s.round = 0 }},
		{"round 9", "", func(s *State) { s.round = 9 }},
		{"unknown phase", "", func(s *State) { s.phase = 7 }},
		{"over in round 3", "over", func(s *State) { s.round = 3 }},
		{"first player out of range", "", func(s *State) { s.first = PlayerID(s.numPlayers) }},
		{"next player out of range", "", func(s *State) { s.next = 200 }},
		{"harbor progress", "", func(s *State) { s.harborNext = 99 }},
		{"empty seat holds gold", "", func(s *State) { s.players[5].gold = 1 }},
		{"supply 26", "", func(s *State) { s.supply[0] = 26 }},
		{"adventurer created", "", func(s *State) { s.players[0].tavern[1]++ }},
		{"adventurer lost", "", func(s *State) { s.supply[2]-- }},
		{"negative gold", "", func(s *State) { s.players[1].gold = -1 }},
		{"huge score", "", func(s *State) { s.players[1].score = 1 << 30 }},
		{"lord out of range", "", func(s *State) { s.players[0].lord = 200 }},
		{"shared lord", "", func(s *State) { s.players[1].lord = s.players[0].lord }},
		{"extra agent", "", func(s *State) { s.players[0].agents++; s.players[0].pool++ }},
		{"pool too large", "", func(s *State) { s.players[0].pool++ }},
		{"quest deck too long", "", func(s *State) { s.questDeckLen = 200 }},
		{"quest in deck and hand", "", func(s *State) { s.players[0].active.add(s.questDeck[0]) }},
		{"quest lost", "", func(s *State) { s.questDeckLen-- }},
		{"quest beyond content", "", func(s *State) { s.questDiscard.add(127) }},
		{"cliffwatch duplicate", "", func(s *State) { s.cliffwatch[1] = s.cliffwatch[0] }},
		{"intrigue lost", "", func(s *State) { s.intrigueDeckLen-- }},
		{"intrigue duplicated", "", func(s *State) { s.intrigueDiscard.add(s.intrigueDeck[0]) }},
		{"intrigue beyond content", "", func(s *State) { s.players[0].hand.add(120) }},
		{"non-mandatory card as mandatory quest", "", func(s *State) {
			i := s.intrigueDeck[s.intrigueDeckLen-1]
			for s.c.mandatory.has(i) {
				s.intrigueDeckLen--
				i = s.intrigueDeck[s.intrigueDeckLen-1]
			}
			s.intrigueDeckLen--
			s.players[0].mandatory.add(i)
		}},
		{"tile stack too long", "", func(s *State) { s.tileStackLen = 70 }},
		{"tile lost", "", func(s *State) { s.tileStackLen-- }},
		{"tile for sale twice", "", func(s *State) { s.forSale[1] = s.forSale[0] }},
		{"vp on an empty slot", "", func(s *State) {
			s.forSale[2] = s.tileStack[s.tileStackLen-1]
			s.tileStackLen--
			s.forSale[0], s.forSaleVP[0] = none, 3
		}},
		{"tile owner out of range", "tiles", func(s *State) {
			for t := range s.c.tiles {
				if s.inPlay(uint8(t)) {
					s.tileOwner[t] = 6
					return
				}
			}
		}},
		{"building count", "tiles", func(s *State) {
			for p := range s.numPlayers {
				if s.players[p].buildings > 0 {
					s.players[p].buildings--
					return
				}
			}
		}},
		{"stock on a tile not in play", "", func(s *State) { s.tileStock[s.tileStack[0]] = 1 }},
		{"tile beyond content", "", func(s *State) { s.tileOwner[63] = 1 }},
		{"agent beyond the spaces", "", func(s *State) { s.occupant[MaxSpaces-1] = 1 }},
		{"occupant out of range", "", func(s *State) {
			for sp := range s.c.spaces {
				if s.occupant[sp] != 0 && s.occupant[sp] != ambassadorMark {
					s.occupant[sp] = 6
					return
				}
			}
			s.occupant[0] = 6
		}},
		{"agent vanished", "", func(s *State) {
			for sp := range s.c.spaces {
				if s.occupant[sp] != 0 && s.occupant[sp] != ambassadorMark {
					s.occupant[sp] = 0
					return
				}
			}
			s.players[0].pool--
		}},
		{"agent on a tile in the stack", "", func(s *State) {
			t := s.tileStack[0]
			s.occupant[s.c.TileSpace(BuildingID(t))] = 1
			s.players[0].pool--
		}},
		{"shared on an empty space", "", func(s *State) {
			for sp := range s.c.spaces {
				if s.occupant[sp] == 0 {
					s.shared[0] = agentAt{uint8(sp), 0}
					s.players[0].pool--
					return
				}
			}
		}},
		{"shared half empty", "", func(s *State) { s.shared[3] = agentAt{space: 2, player: none} }},
		{"follower of a space that is not the Harbor", "", func(s *State) { s.follow[0] = follower{0, 0, 0} }},
		{"follower without an agent", "", func(s *State) { s.follow[0] = follower{uint8(s.c.harbor[0]), 0, 200} }},
		{"ambassador held by nobody on a space", "ambassador-placed", func(s *State) { s.ambHolder = none }},
		{"ambassador mark missing", "ambassador-placed", func(s *State) { s.occupant[s.ambSpace] = 0 }},
		{"ambassador mark without the ambassador", "", func(s *State) {
			for sp := range s.c.spaces {
				if s.occupant[sp] == 0 {
					s.occupant[sp] = ambassadorMark
					return
				}
			}
		}},
		{"ambassador holder out of range", "", func(s *State) { s.ambHolder = 9 }},
		{"ambassador without the palace", "", func(s *State) {
			if s.inPlay(uint8(s.c.palace)) || s.forSaleIndex(int(s.c.palace)) >= 0 {
				s.forSale[0] = none
				s.forSaleVP[0] = 0
			}
			s.ambHolder = 0
		}},
		{"ambassador gone, palace not", "", func(s *State) { s.ambGone = true }},
		{"game over with frames", "over", func(s *State) { s.sp = 1; s.stack[0] = frame{kind: dQuest, a: none} }},
		{"nothing pending", "", func(s *State) { s.sp = 0 }},
		{"stack pointer beyond the stack", "", func(s *State) { s.sp = stackSize + 1 }},
		{"control frame on top", "", func(s *State) { s.stack[s.sp] = frame{kind: fNoAction}; s.sp++ }},
		{"decision below the top", "quest", func(s *State) { s.stack[s.sp] = frame{kind: dTakeQuest, p: s.top().p}; s.sp++ }},
		{"two placements", "ambassador-placed-place", func(s *State) {
			// The Ambassador back in its holder's pool, waiting to be
			// placed below a turn's placement.
			s.occupant[s.ambSpace], s.ambSpace = 0, none
			f := *s.top()
			s.stack[s.sp-1] = frame{kind: dPlace, p: s.ambHolder, a: uint8(placeAmbassador)}
			s.stack[s.sp] = f
			s.sp++
		}},
		{"stack too deep", "", func(s *State) {
			live := s.stack[:s.sp]
			var st [stackSize]frame
			for i := range maxDepth + 1 - len(live) {
				st[i] = frame{kind: fNoAction}
			}
			copy(st[maxDepth+1-len(live):], live)
			s.stack, s.sp = st, maxDepth+1
		}},
		{"unknown frame kind", "", func(s *State) { s.stack[s.sp-1].kind = dDiscard + 1 }},
		{"frame kind none", "deep", func(s *State) { s.stack[0].kind = fNone }},
		{"frame player out of range", "", func(s *State) { s.stack[s.sp-1].p = s.numPlayers }},
		{"placement mode", "place", func(s *State) { s.top().a = 4 }},
		{"placement with an empty pool", "place", func(s *State) {
			// Every agent of the pool onto an empty basic space: the agents
			// add up, but the placement has no agent left to assign.
			f := s.top()
			f.a = uint8(placeTurn)
			ps := &s.players[f.p]
			for sp := range s.c.spaces {
				if ps.pool > 0 && s.occupant[sp] == 0 && s.c.spaces[sp].tile == none {
					s.occupant[sp] = f.p + 1
					ps.pool--
				}
			}
		}},
		{"reassignment from an empty space", "place", func(s *State) { s.top().a, s.top().b = uint8(placeReassign), 90 }},
		{"ambassador placement without the ambassador", "place", func(s *State) { s.top().a = uint8(placeAmbassador) }},
		{"quest offer beyond content", "quest", func(s *State) { s.top().a = 200 }},
		{"take-quest source", "take_quest", func(s *State) { s.top().a = 2 }},
		{"pick purpose", "pick", func(s *State) { s.top().i = 5 }},
		{"spend on a quest not completed", "pick", func(s *State) { s.top().i, s.top().b, s.top().prog = uint8(pickSpend), 15, 60000 }},
		{"pick kinds", "pick", func(s *State) { s.top().i, s.top().b = uint8(pickGain), 16 }},
		{"steal from nobody", "pick", func(s *State) { s.top().i, s.top().b = uint8(pickSteal), 5 }},
		{"steal from oneself", "pick", func(s *State) { s.top().i, s.top().b = uint8(pickSteal), s.top().p }},
		{"choose-one program out of range", "choose_one", func(s *State) { s.top().prog = 60000 }},
		{"choose-one step out of range", "choose_one", func(s *State) { s.top().pc = 200 }},
		{"choose-one at another step", "", func(s *State) { s.top().kind, s.top().prog, s.top().pc = dChooseOne, 0, 0 }},
		{"building purpose", "building", func(s *State) { s.top().a = 6 }},
		{"intrigue flags", "intrigue", func(s *State) { s.top().b = 2 }},
		{"intrigue card just drawn not in hand", "intrigue", func(s *State) { s.top().i = 200 }},
		{"player purpose", "player", func(s *State) { s.top().a = 200 }},
		{"gift at another step", "", func(s *State) { *s.top() = frame{kind: dPlayer, p: s.top().p, a: uint8(targetGift)} }},
		{"mandatory quest that is not one", "", func(s *State) {
			s.intrigueDeckLen--
			*s.top() = frame{kind: dPlayer, p: s.top().p, a: uint8(targetMandatory), b: s.intrigueDeck[s.intrigueDeckLen]}
			for i := s.intrigueDeck[s.intrigueDeckLen]; s.c.mandatory.has(i); i = s.top().b {
				s.top().b = s.intrigueDeck[s.intrigueDeckLen]
			}
		}},
		{"space purpose", "space", func(s *State) { s.top().a = 3 }},
		{"copy from a space without an agent", "", func(s *State) {
			*s.top() = frame{kind: dSpace, p: s.top().p, a: uint8(spaceCopy), b: 95}
		}},
		{"respond at another step", "", func(s *State) { *s.top() = frame{kind: dRespond, p: s.top().p, a: (s.top().p + 1) % s.numPlayers} }},
		{"lords shown beyond the seats", "", func(s *State) { s.lordsShown = 1 << 7 }},
		{"exchange at another step", "", func(s *State) {
			*s.top() = frame{kind: dRespond, p: s.top().p, a: s.top().p, i: uint8(respondTrade)}
		}},
		{"discard flag", "discard_quest", func(s *State) { s.top().a = 3 }},
		{"program out of range", "frame-program", func(s *State) { s.stack[snapFirstFrame(s, fProgram)].prog = 65535 }},
		{"program step out of range", "frame-program", func(s *State) { s.stack[snapFirstFrame(s, fProgram)].pc = 250 }},
		{"program space out of range", "frame-program", func(s *State) { s.stack[snapFirstFrame(s, fProgram)].a = 200 }},
		{"program progress", "frame-program", func(s *State) { s.stack[snapFirstFrame(s, fProgram)].i = 100 }},
		{"card being played beyond content", "frame-discard", func(s *State) { s.stack[snapFirstFrame(s, fDiscard)].a = 200 }},
		{"card being played twice", "frame-discard", func(s *State) {
			i := snapFirstFrame(s, fDiscard)
			s.intrigueDiscard.add(s.stack[i].a)
		}},
	}
	for _, tc := range cases {
		t.Run(strings.ReplaceAll(tc.name, " ", "_"), func(t *testing.T) {
			var s State
			if tc.state == "" {
				s = mid(t)
			} else {
				s = pick(t, tc.state)
			}
			if err := s.validate(); err != nil {
				t.Fatalf("the state before corruption is refused: %v", err)
			}
			tc.f(&s)
			err := s.validate()
			var ise *InvalidStateError
			if !errors.As(err, &ise) {
				t.Fatalf("validate = %v, want an *InvalidStateError", err)
			}
			if !strings.HasPrefix(err.Error(), "waterdeep: ") {
				t.Errorf("error %q does not start with \"waterdeep: \"", err)
			}
			if _, err := s.MarshalJSON(); err == nil {
				t.Errorf("MarshalJSON accepts the corrupted state")
			}
			t.Log(err)
		})
	}
}

// snapEdit decodes a snapshot into a generic JSON value, lets edit change
// it and encodes it again.
func snapEdit(t *testing.T, data []byte, edit func(m map[string]any)) []byte {
	t.Helper()
	var m map[string]any
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.UseNumber()
	if err := dec.Decode(&m); err != nil {
		t.Fatal(err)
	}
	edit(m)
	out, err := json.Marshal(m)
	if err != nil {
		t.Fatal(err)
	}
	return out
}

func snapObj(m map[string]any, path ...any) any {
	var v any = m
	for _, p := range path {
		switch k := p.(type) {
		case string:
			v = v.(map[string]any)[k]
		case int:
			v = v.([]any)[k]
		}
	}
	return v
}

// TestSnapshotHostile: malformed, truncated, out-of-range and hostile
// snapshots are refused with a *SnapshotError, never a panic.
func TestSnapshotHostile(t *testing.T) {
	states := snapStates(t)
	s := states["deep"]
	if s.c == nil {
		s = states["place"]
	}
	data := snapEncode(t, s)
	if _, err := DecodeState(data, nil); err != nil {
		t.Fatal(err)
	}
	refuse := func(t *testing.T, in []byte) {
		t.Helper()
		_, err := DecodeState(in, nil)
		var se *SnapshotError
		if !errors.As(err, &se) {
			t.Fatalf("DecodeState = %v, want a *SnapshotError\n%s", err, in)
		}
		if !strings.HasPrefix(err.Error(), "waterdeep: snapshot: ") {
			t.Fatalf("error %q lacks the prefix", err)
		}
	}
	t.Run("truncated", func(t *testing.T) {
		for i := range len(data) {
			refuse(t, data[:i])
		}
	})
	t.Run("trailing", func(t *testing.T) {
		refuse(t, append(append([]byte{}, data...), " {}"...))
		refuse(t, append(append([]byte{}, data...), '}'))
	})
	edits := map[string]func(m map[string]any){
		"wrong version":        func(m map[string]any) { m["version"] = 4 },
		"version 1":            func(m map[string]any) { m["version"] = 1 },
		"seat as a number":     func(m map[string]any) { m["first"] = 0 },
		"seat p0":              func(m map[string]any) { m["next"] = "p0" },
		"seat P1":              func(m map[string]any) { m["next"] = "P1" },
		"wrong format":         func(m map[string]any) { m["format"] = "chess" },
		"wrong fingerprint":    func(m map[string]any) { m["content"].(map[string]any)["hash"] = "00" },
		"wrong content counts": func(m map[string]any) { m["content"].(map[string]any)["quests"] = 61 },
		"unknown field":        func(m map[string]any) { m["cheat"] = true },
		"unknown nested field": func(m map[string]any) { snapObj(m, "players", 0).(map[string]any)["x"] = 1 },
		"missing field":        func(m map[string]any) { delete(m, "round") },
		"missing nested field": func(m map[string]any) { delete(snapObj(m, "players", 1).(map[string]any), "gold") },
		"null value":           func(m map[string]any) { m["supply"] = nil },
		"null player":          func(m map[string]any) { m["players"].([]any)[0] = nil },
		"wrong type":           func(m map[string]any) { m["round"] = "three" },
		"fraction":             func(m map[string]any) { m["round"] = 2.5 },
		"huge number":          func(m map[string]any) { m["round"] = json.Number("1e400") },
		"bad rng":              func(m map[string]any) { m["rng"] = "xyz" },
		"short rng":            func(m map[string]any) { m["rng"] = "00ff" },
		"unknown phase":        func(m map[string]any) { m["phase"] = "lunch" },
		"one player":           func(m map[string]any) { m["players"] = m["players"].([]any)[:1] },
		"round 12":             func(m map[string]any) { m["round"] = 12 },
		"supply of 3":          func(m map[string]any) { m["supply"] = []any{1, 2, 3} },
		"negative gold":        func(m map[string]any) { snapObj(m, "players", 0).(map[string]any)["gold"] = -5 },
		"gold beyond int32":    func(m map[string]any) { snapObj(m, "players", 0).(map[string]any)["gold"] = 1 << 40 },
		"quest out of range":   func(m map[string]any) { m["quest_discard"] = []any{300} },
		"quest negative":       func(m map[string]any) { m["quest_deck"] = append(m["quest_deck"].([]any), -1) },
		"duplicated quest": func(m map[string]any) {
			d := m["quest_deck"].([]any)
			m["quest_deck"] = append(d, d[0])
		},
		"duplicated intrigue card": func(m map[string]any) {
			d := m["intrigue_deck"].([]any)
			m["intrigue_discard"] = []any{d[0]}
		},
		"unsorted set": func(m map[string]any) {
			p := snapObj(m, "players", 0).(map[string]any)
			a := p["active"].([]any)
			a[0], a[1] = a[1], a[0]
		},
		"cliffwatch slots": func(m map[string]any) { m["cliffwatch"] = []any{nil} },
		"lost tile":        func(m map[string]any) { d := m["building_stack"].([]any); m["building_stack"] = d[1:] },
		"tile twice":       func(m map[string]any) { m["buildings_gone"] = []any{m["building_stack"].([]any)[0]} },
		"agent beyond spaces": func(m map[string]any) {
			m["agents"] = append(m["agents"].([]any), map[string]any{"space": 95, "player": 0})
		},
		"agent of seat 9":       func(m map[string]any) { m["agents"] = []any{map[string]any{"space": 0, "player": "p10"}} },
		"ambassador space":      func(m map[string]any) { snapObj(m, "ambassador").(map[string]any)["space"] = 3 },
		"stack too deep":        func(m map[string]any) { st := m["stack"].([]any); m["stack"] = append(st, snapRepeat(st[0], 40)...) },
		"empty stack":           func(m map[string]any) { m["stack"] = []any{} },
		"unknown frame kind":    func(m map[string]any) { snapTop(m)["kind"] = "dance" },
		"frame kind none":       func(m map[string]any) { snapTop(m)["kind"] = "none" },
		"frame player 7":        func(m map[string]any) { snapTop(m)["player"] = 7 },
		"frame a 300":           func(m map[string]any) { snapTop(m)["a"] = 300 },
		"frame prog 70000":      func(m map[string]any) { snapTop(m)["prog"] = 70000 },
		"frame on top control":  func(m map[string]any) { snapTop(m)["kind"] = "turn" },
		"frame program bad pc":  func(m map[string]any) { snapTop(m)["kind"], snapTop(m)["pc"] = "choose_one", 99 },
		"frame wrong step":      func(m map[string]any) { snapTop(m)["kind"], snapTop(m)["pc"], snapTop(m)["prog"] = "respond", 0, 0 },
		"residue too long":      func(m map[string]any) { snapObj(m, "residue").(map[string]any)["stack"] = snapRepeat(snapTop(m), 40) },
		"residue deck too long": func(m map[string]any) { snapObj(m, "residue").(map[string]any)["quest_deck"] = snapRepeat(0, 200) },
	}
	for name, edit := range edits {
		t.Run(strings.ReplaceAll(name, " ", "_"), func(t *testing.T) {
			in := snapEdit(t, data, edit)
			refuse(t, in)
			_, err := DecodeState(in, nil)
			t.Log(err)
		})
	}
	t.Run("other content", func(t *testing.T) {
		c := *BaseContent()
		c.quests = append(c.quests[:0:0], c.quests...)
		c.quests[0].ID += "-changed"
		_, err := DecodeState(data, &c)
		if err == nil || !strings.Contains(err.Error(), "other content") {
			t.Fatalf("DecodeState with other content = %v", err)
		}
	})
	t.Run("not JSON", func(t *testing.T) {
		for _, in := range []string{"", "null", "[]", "1", `"x"`, "{", "{}", `{"format":"waterdeep-state"}`, "\xff"} {
			refuse(t, []byte(in))
		}
	})
	t.Run("zero state", func(t *testing.T) {
		if _, err := json.Marshal(State{}); err == nil {
			t.Fatal("the zero State encodes")
		}
	})
}

func snapRepeat(v any, n int) []any {
	out := make([]any, n)
	for i := range out {
		out[i] = v
	}
	return out
}

func snapTop(m map[string]any) map[string]any {
	st := m["stack"].([]any)
	return st[len(st)-1].(map[string]any)
}

// TestSnapshotShape pins the JSON shape's top-level fields, so that a
// change to it is a deliberate one (with a new SnapshotVersion).
func TestSnapshotShape(t *testing.T) {
	s, err := New(Config{Players: 3, Seed: 1})
	if err != nil {
		t.Fatal(err)
	}
	var m map[string]json.RawMessage
	if err := json.Unmarshal(snapEncode(t, s), &m); err != nil {
		t.Fatal(err)
	}
	var keys []string
	for k := range m {
		keys = append(keys, k)
	}
	want := []string{"agents", "ambassador", "building_stack", "buildings", "buildings_gone", "caravans", "cliffwatch", "content",
		"first", "follow", "for_sale", "format", "harbor_next", "intrigue_deck", "intrigue_discard", "known_hand", "next", "phase",
		"players", "quest_deck", "quest_discard", "quest_done", "residue", "revealed", "rng", "round", "shared",
		"stack", "supply", "version",
		// Version 3.
		"corruption_box", "long", "modules", "placed", "removed", "track"}
	want = snapSorted(want)
	if fmt.Sprint(snapSorted(keys)) != fmt.Sprint(want) {
		t.Errorf("top-level fields %v, want %v", snapSorted(keys), want)
	}
	if string(m["version"]) != "3" || string(m["format"]) != `"waterdeep-state"` {
		t.Errorf("format %s version %s", m["format"], m["version"])
	}
}

func snapSorted(xs []string) []string {
	for i := 1; i < len(xs); i++ {
		for j := i; j > 0 && xs[j] < xs[j-1]; j-- {
			xs[j], xs[j-1] = xs[j-1], xs[j]
		}
	}
	return xs
}

// snapMutate changes one field of s at random, within the field's type:
// a frame's fields, a card's place, counts, flags.
func snapMutate(s *State, r *rand.Rand) {
	n := s.numPlayers
	switch r.IntN(11) {
	case 0, 1, 2: // a field of a live frame
		if s.sp == 0 {
			return
		}
		f := &s.stack[r.IntN(int(s.sp))]
		v := uint8(r.IntN(256))
		if r.IntN(2) == 0 {
			v = uint8(r.IntN(8))
		}
		switch r.IntN(6) {
		case 0:
			f.a = v
		case 1:
			f.b = v
		case 2:
			f.i = v
		case 3:
			f.pc = v
		case 4:
			f.prog = uint16(r.IntN(len(s.c.programs) + 2))
		case 5:
			f.p = v % (n + 1)
		}
	case 3: // a frame's kind
		if s.sp > 0 {
			s.stack[r.IntN(int(s.sp))].kind = fkind(1 + r.IntN(int(dDiscard)))
		}
	case 4: // the top quest of the deck to a player's active quests
		if s.questDeckLen > 0 {
			s.questDeckLen--
			s.players[r.IntN(int(n))].active.add(s.questDeck[s.questDeckLen])
		}
	case 5: // the top intrigue card to a hand or a mandatory set
		if s.intrigueDeckLen > 0 {
			s.intrigueDeckLen--
			i := s.intrigueDeck[s.intrigueDeckLen]
			if r.IntN(2) == 0 {
				s.players[r.IntN(int(n))].mandatory.add(i)
			} else {
				s.players[r.IntN(int(n))].hand.add(i)
			}
		}
	case 6: // adventurers between the supply and a tavern
		p, k := r.IntN(int(n)), r.IntN(NumAdventurers)
		if s.supply[k] > 0 {
			s.supply[k]--
			s.players[p].tavern[k]++
		}
	case 7: // flags and counts
		p := &s.players[r.IntN(int(n))]
		switch r.IntN(5) {
		case 0:
			p.orbUsed = !p.orbUsed
		case 1:
			p.swapUsed = !p.swapUsed
		case 2:
			s.questDone = !s.questDone
		case 3:
			p.gold = int32(r.IntN(30))
		case 4:
			s.phase = phase(r.IntN(2))
		}
	case 9: // a corruption token between a track space, a tavern and the box
		p, i := &s.players[r.IntN(int(n))], r.IntN(trackSpaces)
		switch r.IntN(3) {
		case 0:
			if s.track[i] > 0 {
				s.track[i]--
				p.corrupt++
			}
		case 1:
			if p.corrupt > 0 {
				p.corrupt--
				s.track[i]++
			}
		case 2:
			if p.corrupt > 0 {
				p.corrupt--
				s.corruptionBox++
			}
		}
	case 10: // resources on a space: gold, the fresh flag, adventurers from the supply
		if s.piled.empty() {
			return
		}
		sp := s.piled.next(0)
		for range r.IntN(s.piled.len()) {
			sp = s.piled.next(sp + 1)
		}
		e := &s.piles[sp]
		switch k := r.IntN(NumAdventurers + 2); {
		case k < NumAdventurers:
			if s.supply[k] > 0 {
				s.supply[k]--
				e.cubes[k]++
			}
		case k == NumAdventurers:
			e.gold = uint8(r.IntN(5))
		default:
			if s.freshPiles.has(uint8(sp)) {
				s.freshPiles.remove(uint8(sp))
			} else {
				s.freshPiles.add(uint8(sp))
			}
		}
	case 8: // a top card to Cliffwatch Inn or the revealed cards
		if s.questDeckLen > 0 {
			s.questDeckLen--
			q := s.questDeck[s.questDeckLen]
			if i := r.IntN(4); s.cliffwatch[i] == none {
				s.cliffwatch[i] = q
			} else {
				s.revealed.add(q)
			}
		}
	}
}

var snapMutantGames = 4

// TestValidatedMutantsPlay backs validate's promise: states changed at
// random that validate still accepts play on (up to 20 random legal
// actions) without a panic and with every listed action accepted. Most
// stay valid; those that do not are logged.
func TestValidatedMutantsPlay(t *testing.T) {
	t.Parallel() // self-contained: runs beside the other heavy tests (long_test.go)
	accepted, tried, invalidAfter := 0, 0, 0
	snapGames(t, snapCount(snapMutantGames), func(s State, r *rand.Rand) {
		if s.Over() {
			return
		}
		for range 8 {
			m := s
			for range 1 + r.IntN(2) {
				snapMutate(&m, r)
			}
			tried++
			if m.validate() != nil {
				continue
			}
			accepted++
			data := snapEncode(t, m)
			func() {
				defer func() {
					if e := recover(); e != nil {
						t.Fatalf("a valid state panics: %v\n%s", e, data)
					}
				}()
				for step := 0; step < 20 && !m.Over(); step++ {
					_ = m.Pending()
					acts := m.LegalActions()
					if len(acts) == 0 {
						t.Fatalf("step %d: no legal action in a valid state\n%s", step, data)
					}
					a := acts[r.IntN(len(acts))]
					next, err := m.Apply(a)
					if err != nil {
						t.Fatalf("step %d: listed action %v refused: %v\ntop %+v supply %v taverns %v\n%s", step, a, err, *m.top(), m.supply, m.players, data)
					}
					if err := next.validate(); err != nil {
						// validate cannot know every program's context (a
						// card's effect for a player who could not have
						// played it): count, and stop this line of play.
						invalidAfter++
						t.Logf("step %d: %v from a valid state gives an invalid one: %v", step, a, err)
						return
					}
					m = next
				}
			}()
		}
	})
	t.Logf("%d of %d mutants valid, each played on; %d reached an invalid state", accepted, tried, invalidAfter)
}
