package waterdeep

import (
	"bytes"
	"encoding/json"
	"errors"
	"os"
	"reflect"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/waterdeep-go/waterdeep/content"
)

// snapModuleStates keeps states of games with modules for the reject
// tests (see snapStates), the first of each kind. No card dealt at random
// places resources on spaces yet, so "placed" is a Skullport state with
// resources put on two spaces by hand, as a place step does: adventurers
// and gold from the supply, a token from the track, the second space still
// marked fresh (its place step unfinished).
func snapModuleStates(out map[string]State, s State) {
	keep := func(key string) {
		if _, ok := out[key]; !ok {
			out[key] = s
		}
	}
	if s.Over() || s.round < 2 || s.questDeckLen == 0 || s.intrigueDeckLen == 0 {
		return
	}
	if s.modules.Has(Skullport) {
		for p := range s.numPlayers {
			if s.players[p].corrupt > 0 {
				keep("skullport")
			}
		}
		if _, ok := out["placed"]; !ok {
			p := s
			st := content.Step{Bundle: Bundle{Cleric: 1, Rogue: 2, Gold: 3}, Corruption: 1}
			p.pileOn(0, 0, &st)
			p.endPiling()
			st = content.Step{Bundle: Bundle{Gold: 2}}
			p.pileOn(0, uint8(p.c.tileBase-1), &st)
			out["placed"] = p
		}
	}
	if s.modules == content.AllModules {
		keep("removed")
	}
	if s.numPlayers == MaxPlayers {
		keep("six")
	}
}

// TestValidateRejectsModules: validate refuses states whose modules' part
// breaks an invariant (RULES.md 23-33), and MarshalJSON with it.
func TestValidateRejectsModules(t *testing.T) {
	states := snapStates(t)
	cases := []struct {
		name, state, want string
		f                 func(s *State)
	}{
		{"six players without a module", "place", "6 players without a module", func(s *State) {
			s.numPlayers = 6
			s.players[5] = s.players[0]
			s.players[5].lord = 10
			s.players[5].tavern = [NumAdventurers]uint8{}
			s.players[5].hand, s.players[5].active, s.players[5].completed = set128{}, set128{}, set128{}
		}},
		{"the long game without a module", "place", "long game without a module", func(s *State) { s.long = true }},
		{"a module the content lacks", "place", "the content has", func(s *State) { s.modules = Undermountain }},
		{"both modules, not long", "removed", "both modules without the long game", func(s *State) { s.long = false }},
		{"negative score without Skullport", "place", "VP", func(s *State) { s.players[0].score = -1 }},
		{"corruption without Skullport", "place", "corruption tokens in the game", func(s *State) { s.players[1].corrupt = 1 }},
		{"a corruption token made", "skullport", "corruption tokens in the game, want 25", func(s *State) { s.players[0].corrupt++ }},
		{"a corruption token lost", "skullport", "corruption tokens in the game, want 25", func(s *State) {
			for p := range s.numPlayers {
				if s.players[p].corrupt > 0 {
					s.players[p].corrupt--
					return
				}
			}
		}},
		{"four tokens on a track space", "skullport", "at most 3", func(s *State) {
			// 4 on -9, the total kept by taking from the spaces nearest -1.
			extra := int(trackMax + 1 - s.track[trackSpaces-1])
			s.track[trackSpaces-1] = trackMax + 1
			for i := 0; extra > 0 && i < trackSpaces-1; i++ {
				for extra > 0 && s.track[i] > 0 {
					s.track[i]--
					extra--
				}
			}
		}},
		{"placed resources on no space", "placed", "no such space", func(s *State) {
			sp := s.piled.next(0)
			s.piles[MaxSpaces-1], s.piles[sp] = s.piles[sp], pile{}
			s.piled.remove(uint8(sp))
			s.piled.add(MaxSpaces - 1)
		}},
		{"placed resources left out of their set", "placed", "disagrees", func(s *State) { s.piled.remove(uint8(s.piled.next(0))) }},
		{"placed resources of nothing", "placed", "disagrees", func(s *State) {
			e := &s.piles[s.piled.next(0)]
			for k, n := range e.cubes {
				s.supply[k] += n
			}
			for range e.corruption {
				s.corruptionBox++
			}
			*e = pile{}
		}},
		{"placed adventurers made", "placed", "adventurers of kind", func(s *State) { s.piles[s.piled.next(0)].cubes[0]++ }},
		{"gold on a space outside the set", "placed", "disagrees", func(s *State) {
			for sp := range MaxSpaces {
				if !s.piled.has(uint8(sp)) {
					s.piles[sp].gold = 1
					return
				}
			}
		}},
		{"resources on a space of a module not played", "place", "not in play", func(s *State) {
			c := FullContent()
			*s = snapRebase(s, c)
			for sp := range c.spaces {
				if c.spaces[sp].module != 0 {
					s.piles, s.piled = [MaxSpaces]pile{}, set128{}
					s.piles[sp] = pile{gold: 2}
					s.piled.add(uint8(sp))
					return
				}
			}
		}},
		{"a card removed without both modules", "skullport", "removed from a game without both modules", func(s *State) {
			s.questDeckLen--
			s.questBox.add(s.questDeck[s.questDeckLen])
		}},
		{"a removed card also in the deck", "removed", "two places", func(s *State) { s.questBox.add(s.questDeck[0]) }},
		{"a removed tile beyond the content", "removed", "beyond the content", func(s *State) { s.tileBox |= 1 << 63 }},
	}
	for _, tc := range cases {
		t.Run(strings.ReplaceAll(tc.name, " ", "_"), func(t *testing.T) {
			s, ok := states[tc.state]
			if !ok {
				t.Fatalf("no random state %q", tc.state)
			}
			if err := s.validate(); err != nil {
				t.Fatalf("the state before the change is refused: %v", err)
			}
			tc.f(&s)
			err := s.validate()
			var ise *InvalidStateError
			if !errors.As(err, &ise) || !strings.Contains(err.Error(), tc.want) {
				t.Fatalf("validate = %v, want an *InvalidStateError saying %q", err, tc.want)
			}
			if _, err := s.MarshalJSON(); err == nil {
				t.Errorf("MarshalJSON accepts the changed state")
			}
		})
	}
}

// snapRebase returns s played with content c, which numbers the base
// game's instances and spaces the same (RULES.md 35).
func snapRebase(s *State, c *Content) State {
	out := *s
	out.c = c
	return out
}

// TestSnapshotModulesShape: a snapshot of a Skullport game with resources
// on spaces carries every part of the expansion's state, by name.
func TestSnapshotModulesShape(t *testing.T) {
	s := snapStates(t)["placed"]
	if s.c == nil {
		t.Fatal("no random state with placed resources")
	}
	var j snapState
	if err := json.Unmarshal(snapEncode(t, s), &j); err != nil {
		t.Fatal(err)
	}
	if want := strings.Split(s.modules.String(), ","); !cmp.Equal(j.Modules, want) {
		t.Errorf("modules %v, want %v", j.Modules, want)
	}
	if j.Long != s.long || len(j.Placed) != s.piled.or(s.freshPiles).len() || len(j.Track) != trackSpaces || j.CorruptionBox != int(s.corruptionBox) {
		t.Errorf("long %v placed %d track %v box %d", j.Long, len(j.Placed), j.Track, j.CorruptionBox)
	}
	for i, p := range j.Placed {
		sp := p.Space
		e := s.piles[sp]
		want := snapPlace{Space: sp, Adventurers: []int{int(e.cubes[0]), int(e.cubes[1]), int(e.cubes[2]), int(e.cubes[3])},
			Gold: int(e.gold), Corruption: int(e.corruption), Fresh: s.freshPiles.has(uint8(sp))}
		if i > 0 && j.Placed[i-1].Space >= sp {
			t.Errorf("placed[%d] on space %d, not after space %d", i, sp, j.Placed[i-1].Space)
		}
		if diff := cmp.Diff(want, p); diff != "" {
			t.Errorf("placed[%d] (-want +got):\n%s", i, diff)
		}
	}
	for p := range s.numPlayers {
		if got := j.Players[p].Corruption; got != int(s.players[p].corrupt) {
			t.Errorf("p%d corruption %d, want %d", p+1, got, s.players[p].corrupt)
		}
	}
	r := snapStates(t)["removed"]
	if err := json.Unmarshal(snapEncode(t, r), &j); err != nil {
		t.Fatal(err)
	}
	q, i, b := r.RemovedCounts()
	if len(j.Removed.Quests) != q || len(j.Removed.Intrigue) != i || len(j.Removed.Buildings) != b || q != removedQuests || b != removedBuildings {
		t.Errorf("removed %d, %d, %d listed; the state removed %d, %d, %d", len(j.Removed.Quests), len(j.Removed.Intrigue), len(j.Removed.Buildings), q, i, b)
	}
}

// TestSnapshotPicksContent: DecodeState with no content decodes a game with
// modules with FullContent and a base game with BaseContent, without the
// caller saying which; given the wrong content it refuses.
func TestSnapshotPicksContent(t *testing.T) {
	base, err := New(Config{Players: 3, Seed: 4})
	if err != nil {
		t.Fatal(err)
	}
	mod, err := New(Config{Players: 6, Seed: 4, Modules: Skullport})
	if err != nil {
		t.Fatal(err)
	}
	baseOnFull, err := New(Config{Players: 3, Seed: 4, Content: FullContent()})
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		name string
		s    State
		want *Content
	}{{"base", base, BaseContent()}, {"skullport", mod, FullContent()}, {"base game with FullContent", baseOnFull, FullContent()}} {
		t.Run(strings.ReplaceAll(tc.name, " ", "_"), func(t *testing.T) {
			data := snapEncode(t, tc.s)
			got, err := DecodeState(data, nil)
			if err != nil || got != tc.s || got.Content() != tc.want {
				t.Fatalf("DecodeState(nil) = %v, equal %v", err, got == tc.s)
			}
			var u State
			if err := json.Unmarshal(data, &u); err != nil || u != tc.s {
				t.Fatalf("json.Unmarshal = %v, equal %v", err, u == tc.s)
			}
			if got, err := DecodeState(data, tc.want); err != nil || got != tc.s {
				t.Fatalf("DecodeState(its content) = %v", err)
			}
			other := BaseContent()
			if tc.want == other {
				other = FullContent()
			}
			var se *SnapshotError
			if _, err := DecodeState(data, other); !errors.As(err, &se) || !strings.Contains(err.Error(), "other content") {
				t.Fatalf("DecodeState(other content) = %v", err)
			}
		})
	}
	t.Run("unknown content", func(t *testing.T) {
		data := snapEdit(t, snapEncode(t, mod), func(m map[string]any) { m["content"].(map[string]any)["hash"] = "00" })
		if _, err := DecodeState(data, nil); err == nil || !strings.Contains(err.Error(), "decode it with its content") {
			t.Fatalf("DecodeState = %v", err)
		}
	})
}

// TestSnapshotVersion2: a snapshot written by the previous release
// (version 2, a 3-player base game after 30 actions, in testdata) still
// decodes with the base game's content, to a state that MarshalJSON writes
// as version 3 and that plays on; version 2 knows none of version 3's
// fields and refuses them.
func TestSnapshotVersion2(t *testing.T) {
	data, err := os.ReadFile("testdata/snapshot/v2-base-3p.json")
	if err != nil {
		t.Fatal(err)
	}
	s, err := DecodeState(data, nil)
	if err != nil {
		t.Fatalf("a version 2 snapshot does not decode: %v", err)
	}
	if s.Content() != BaseContent() || s.Players() != 3 || s.Modules() != 0 || s.Long() || s.Round() != 2 {
		t.Fatalf("decoded %d players, modules %v, long %v, round %d", s.Players(), s.Modules(), s.Long(), s.Round())
	}
	if _, err := DecodeState(data, FullContent()); err == nil {
		t.Errorf("a version 2 snapshot of the base game decodes with FullContent")
	}
	v3 := snapEncode(t, s)
	if !bytes.Contains(v3, []byte(`"version":3`)) {
		t.Errorf("MarshalJSON does not write version 3")
	}
	if back, err := DecodeState(v3, nil); err != nil || back != s {
		t.Fatalf("version 2 -> 3 round trip: %v, equal %v", err, back == s)
	}
	for range 20 {
		acts := s.LegalActions()
		if len(acts) == 0 {
			break
		}
		if s, err = s.Apply(acts[0]); err != nil {
			t.Fatal(err)
		}
	}
	refuse := func(t *testing.T, in []byte, want string) {
		t.Helper()
		var se *SnapshotError
		if _, err := DecodeState(in, nil); !errors.As(err, &se) || !strings.Contains(err.Error(), want) {
			t.Fatalf("DecodeState = %v, want a *SnapshotError saying %q", err, want)
		}
	}
	t.Run("version 3 fields in version 2", func(t *testing.T) {
		refuse(t, snapEdit(t, data, func(m map[string]any) { m["long"] = false }), "long is not a field of version 2")
		refuse(t, snapEdit(t, data, func(m map[string]any) {
			snapObj(m, "players", 0).(map[string]any)["corruption"] = 0
		}), "players[0].corruption is not a field of version 2")
	})
	t.Run("version 3 without its fields", func(t *testing.T) {
		refuse(t, snapEdit(t, data, func(m map[string]any) { m["version"] = 3 }), "is missing")
	})
}

// TestSnapshotHostileModules: snapshots of games with modules changed by
// hand are refused with a *SnapshotError, never a panic.
func TestSnapshotHostileModules(t *testing.T) {
	s := snapStates(t)["placed"]
	if s.c == nil {
		t.Fatal("no random state with placed resources")
	}
	data := snapEncode(t, s)
	if _, err := DecodeState(data, nil); err != nil {
		t.Fatal(err)
	}
	placed := func(m map[string]any) map[string]any { return snapObj(m, "placed", 0).(map[string]any) }
	edits := map[string]func(m map[string]any){
		"unknown module":          func(m map[string]any) { m["modules"] = []any{"ravenloft"} },
		"module twice":            func(m map[string]any) { m["modules"] = []any{"skullport", "skullport"} },
		"modules out of order":    func(m map[string]any) { m["modules"] = []any{"skullport", "undermountain"} },
		"no modules":              func(m map[string]any) { m["modules"] = []any{} },
		"null modules":            func(m map[string]any) { m["modules"] = nil },
		"module as a number":      func(m map[string]any) { m["modules"] = []any{2} },
		"long as a string":        func(m map[string]any) { m["long"] = "yes" },
		"missing track":           func(m map[string]any) { delete(m, "track") },
		"track of 8":              func(m map[string]any) { m["track"] = m["track"].([]any)[:8] },
		"4 tokens on a space":     func(m map[string]any) { m["track"].([]any)[8] = 4 },
		"negative track":          func(m map[string]any) { m["track"].([]any)[0] = -1 },
		"box of 26":               func(m map[string]any) { m["corruption_box"] = 26 },
		"a token more in the box": func(m map[string]any) { m["corruption_box"] = snapNum(m["corruption_box"]) + 1 },
		"player corruption 30":    func(m map[string]any) { snapObj(m, "players", 0).(map[string]any)["corruption"] = 30 },
		"player corruption null":  func(m map[string]any) { snapObj(m, "players", 0).(map[string]any)["corruption"] = nil },
		"placed on no space":      func(m map[string]any) { placed(m)["space"] = 300 },
		"placed of 3 kinds":       func(m map[string]any) { placed(m)["adventurers"] = []any{0, 0, 0} },
		"placed gold 256":         func(m map[string]any) { placed(m)["gold"] = 256 },
		"placed missing fresh":    func(m map[string]any) { delete(placed(m), "fresh") },
		"placed twice":            func(m map[string]any) { m["placed"] = append(m["placed"].([]any), placed(m)) },
		"removed quest 300":       func(m map[string]any) { snapObj(m, "removed").(map[string]any)["quests"] = []any{300} },
		"removed null":            func(m map[string]any) { m["removed"] = nil },
		"removed missing list":    func(m map[string]any) { delete(snapObj(m, "removed").(map[string]any), "intrigue") },
		"seven players": func(m map[string]any) {
			m["players"] = append(m["players"].([]any), snapObj(m, "players", 0))
		},
	}
	for name, edit := range edits {
		t.Run(strings.ReplaceAll(name, " ", "_"), func(t *testing.T) {
			in := snapEdit(t, data, edit)
			_, err := DecodeState(in, nil)
			var se *SnapshotError
			if !errors.As(err, &se) {
				t.Fatalf("DecodeState = %v, want a *SnapshotError", err)
			}
			t.Log(err)
		})
	}
}

func snapNum(v any) int {
	n, _ := v.(json.Number).Int64()
	return int(n)
}

// TestSnapshotFingerprintFields: the version 3 fingerprint writes every
// field of an effect step (snapProgramText), so that two contents that
// differ in any effect never share a fingerprint. A field added to
// content.Step or content.Bundle must be added there too (zero values are
// not written, so existing fingerprints stay the same).
func TestSnapshotFingerprintFields(t *testing.T) {
	names := func(typ reflect.Type) []string {
		var out []string
		for i := range typ.NumField() {
			out = append(out, typ.Field(i).Name)
		}
		return out
	}
	if diff := cmp.Diff(snapStepFields, names(reflect.TypeFor[content.Step]())); diff != "" {
		t.Errorf("content.Step's fields (-written +declared):\n%s", diff)
	}
	if diff := cmp.Diff(snapBundleFields, names(reflect.TypeFor[content.Bundle]())); diff != "" {
		t.Errorf("content.Bundle's fields (-written +declared):\n%s", diff)
	}
	// Each field changes the hash.
	base := snapHash(BaseContent(), snapProgramText).Hash
	c := *BaseContent()
	for i, change := range []func(st *content.Step){
		func(st *content.Step) { st.Kind++ },
		func(st *content.Step) { st.Bundle.Any++ },
		func(st *content.Step) { st.Else.Intrigue++ },
		func(st *content.Step) { st.Count++ },
		func(st *content.Step) { st.From ^= 1 },
		func(st *content.Step) { st.Options = append(st.Options, content.Bundle{Gold: 1}) },
		func(st *content.Step) { st.Source += "x" },
		func(st *content.Step) { st.Special++ },
		func(st *content.Step) { st.Corruption++ },
	} {
		c.programs = append([]content.Program{}, BaseContent().programs...)
		p := append(content.Program{}, c.programs[0]...)
		change(&p[0])
		c.programs[0] = p
		if got := snapHash(&c, snapProgramText).Hash; got == base {
			t.Errorf("change %d leaves the fingerprint unchanged", i)
		}
	}
}
