package waterdeep

// Determinism across versions (issue 10), the way chess engines pin perft
// counts: testdata/determinism.txt pins, for a few dozen random games, a
// hash of the final state and of the whole event stream. Any change to the
// rules, to the order of the legal actions, to the deal or to the random
// stream changes some of these games, and the test names them. Such a
// change is allowed, but a commit must say why the games changed; when it
// is intended, regenerate the table with
//
//	go test -run TestDeterminismPins -update-determinism .
//
// and explain the diff in the commit message.

import (
	"bufio"
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"flag"
	"fmt"
	"math/rand/v2"
	"os"
	"strconv"
	"strings"
	"testing"
)

var determinismUpdate = flag.Bool("update-determinism", false, "rewrite "+pinsFile)

const (
	pinsFile = "testdata/determinism.txt"
	// pinsStream is the PCG stream of the random chooser: game (n, seed)
	// chooses legal[r.IntN(len(legal))] with r = rand.New(rand.NewPCG(seed,
	// pinsStream)).
	pinsStream = 0xd37e
	// pinsPerCount games per player count, with seeds pinsSeed(n, k).
	pinsPerCount = 10
)

func pinsSeed(n, k int) uint64 { return uint64(1000*n + 37*k + 1) }

// pinsGame is one line of the table.
type pinsGame struct {
	players int
	seed    uint64
	actions int
	events  int
	scores  string // comma-separated final scores
	state   string // hash of the final state's snapshot
	stream  string // hash of MarshalEvents of every event of the game
	rounds  string // hash of each round's events, dot-separated
}

func (g pinsGame) key() string { return fmt.Sprintf("%d %d", g.players, g.seed) }

func (g pinsGame) String() string {
	return fmt.Sprintf("%d %d %d %d %s %s %s %s", g.players, g.seed, g.actions, g.events, g.scores, g.state, g.stream, g.rounds)
}

// pinsHash is a hash short enough for a diff and long enough never to
// collide by accident (64 bits).
func pinsHash(b []byte) string {
	h := sha256.Sum256(b)
	return hex.EncodeToString(h[:8])
}

// pinsStateHash hashes the state's snapshot (json.Marshal(s)), which holds
// every fact of the state: hands, lords, deck orders, the decision stack and
// the random generator's state. It hashes the snapshot in version 3's form,
// whatever version MarshalJSON writes, so that a new snapshot version that
// only writes the same facts otherwise keeps the pins: "version" is 3 and
// the frames are written as version 3 wrote them (the engine's slots; see
// pinsFramesV3). Two of its fields are left out because they are not the
// game: "residue" (what the engine of version 3 left in the unused slots of
// its arrays, which the rules never read and which the engine now clears)
// and the content's "hash" (a hash of the engine's internal program
// structs, which changes with a refactoring of them; a change of the
// content that matters shows in the games themselves). encoding/json writes
// map keys sorted, so the re-encoding is canonical.
func pinsStateHash(t *testing.T, s State) string {
	t.Helper()
	b, err := json.Marshal(s)
	if err != nil {
		t.Fatalf("json.Marshal(state): %v", err)
	}
	var m map[string]any
	if err := json.Unmarshal(b, &m); err != nil {
		t.Fatal(err)
	}
	delete(m, "residue")
	m["version"] = 3
	m["stack"] = pinsFramesV3(s.stack[:s.sp])
	content, ok := m["content"].(map[string]any)
	if !ok {
		t.Fatalf("the snapshot has no content fingerprint")
	}
	delete(content, "hash")
	if b, err = json.Marshal(m); err != nil {
		t.Fatal(err)
	}
	return pinsHash(b)
}

// pinsFramesV3 writes frames fs as snapshot version 3 did.
func pinsFramesV3(fs []frame) []map[string]any {
	out := []map[string]any{}
	for _, f := range fs {
		a, b, i := f.slots()
		out = append(out, map[string]any{"kind": snapKindName(f.kind), "player": f.p, "a": a, "b": b, "i": i, "pc": f.pc, "prog": f.prog})
	}
	return out
}

// pinsPlay plays game (n, seed) with ApplyEvents and returns its line.
func pinsPlay(t *testing.T, n int, seed uint64) pinsGame {
	t.Helper()
	s, err := New(Config{Players: n, Seed: seed})
	if err != nil {
		t.Fatal(err)
	}
	r := rand.New(rand.NewPCG(seed, pinsStream))
	var all []Event
	var roundStart []int // index in all of each round's first event
	g := pinsGame{players: n, seed: seed}
	for !s.Over() {
		if g.actions >= harnessMaxSteps {
			t.Fatalf("%d players, seed %d: not over after %d actions", n, seed, g.actions)
		}
		legal := s.LegalActions()
		a := legal[r.IntN(len(legal))]
		before := len(all)
		if s, all, err = s.ApplyEvents(a, all); err != nil {
			t.Fatalf("%d players, seed %d, action %d: ApplyEvents(%v): %v", n, seed, g.actions, a, err)
		}
		for i := before; i < len(all); i++ {
			if all[i].Kind == EvRoundEnded {
				roundStart = append(roundStart, i+1)
			}
		}
		g.actions++
	}
	g.events = len(all)
	var scores []string
	for _, v := range s.Scores() {
		scores = append(scores, strconv.Itoa(v))
	}
	g.scores = strings.Join(scores, ",")
	g.state = pinsStateHash(t, s)
	g.stream = pinsHash(pinsEvents(all))
	// Per round, a shorter hash: it says in which round a changed game
	// first went another way.
	var rounds []string
	from := 0
	for _, to := range roundStart {
		rounds = append(rounds, pinsHash(pinsEvents(all[from:to]))[:8])
		from = to
	}
	g.rounds = strings.Join(rounds, ".")
	return g
}

// pinsEvents writes events as one line each of their fields, with the
// action's text form: a form that changes when what happened changes, not
// when a JSON format does.
func pinsEvents(events []Event) []byte {
	var b bytes.Buffer
	c := BaseContent()
	for _, e := range events {
		// EvPlaced's As was its Other before it had a field of its own:
		// written in Other's place, so that the pins stay as they were.
		other := uint8(e.Other)
		if e.Kind == EvPlaced {
			other = uint8(e.As)
		}
		fmt.Fprintf(&b, "%d %d %d %d %d %d %d %d %d %d %d %d %d %d %t", e.Kind, e.Player, other, e.Round, e.Space, e.Quest,
			e.Card, e.Building, e.Amount.Cleric, e.Amount.Fighter, e.Amount.Rogue, e.Amount.Wizard, e.Amount.Gold, e.Amount.VP, e.Secret)
		if e.Kind == EvAction || e.Kind == EvAutoAnswer {
			b.WriteString(" " + c.FormatAction(e.Move.Action(e.Player)))
		}
		b.WriteByte('\n')
	}
	return b.Bytes()
}

var pinsHeader = fmt.Sprintf(`# Determinism pins: random games and hashes of what they did (determinism_pins_test.go).
# A change to the rules, the legal actions' order, the deal or the random stream changes
# some lines; the commit that changes them must say why. Regenerate with
#	go test -run TestDeterminismPins -update-determinism .
# Chooser of game (players, seed): legal[r.IntN(len(legal))], r = rand.New(rand.NewPCG(seed, %#x)).
# state: sha256 of the final state's snapshot in version 3's form (pinsStateHash), first 8 bytes.
# events: sha256 of every event of the game (ApplyEvents) as pinsEvents writes it, first 8 bytes.
# rounds: sha256 of each round's events as pinsEvents writes them, first 4 bytes, rounds 1 to 8.
# players seed actions events scores state events rounds
`, pinsStream)

func pinsParse(data []byte) (map[string]string, []string, error) {
	lines := map[string]string{}
	var order []string
	sc := bufio.NewScanner(bytes.NewReader(data))
	for i := 1; sc.Scan(); i++ {
		line := strings.TrimSpace(sc.Text())
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		f := strings.Fields(line)
		if len(f) != 8 {
			return nil, nil, fmt.Errorf("%s:%d: %d fields, want 8", pinsFile, i, len(f))
		}
		key := f[0] + " " + f[1]
		if _, dup := lines[key]; dup {
			return nil, nil, fmt.Errorf("%s:%d: game %s pinned twice", pinsFile, i, key)
		}
		lines[key] = line
		order = append(order, key)
	}
	return lines, order, sc.Err()
}

// pinsExplain says which columns of a pinned line changed.
func pinsExplain(want, got string) string {
	names := []string{"players", "seed", "actions", "events", "scores", "state hash", "events hash", "round hashes"}
	w, g := strings.Fields(want), strings.Fields(got)
	var diffs []string
	for i := range names {
		if i < len(w) && i < len(g) && w[i] != g[i] {
			d := fmt.Sprintf("%s %s -> %s", names[i], w[i], g[i])
			if i == 7 {
				wr, gr := strings.Split(w[i], "."), strings.Split(g[i], ".")
				for r := range min(len(wr), len(gr)) {
					if wr[r] != gr[r] {
						d = fmt.Sprintf("events differ from round %d on", r+1)
						break
					}
				}
			}
			diffs = append(diffs, d)
		}
	}
	return strings.Join(diffs, "; ")
}

func TestDeterminismPins(t *testing.T) {
	t.Parallel() // self-contained: runs beside the other heavy tests (long_test.go)
	var games []pinsGame
	var doc strings.Builder
	doc.WriteString(pinsHeader)
	for n := 2; n <= 5; n++ {
		for k := range pinsPerCount {
			g := pinsPlay(t, n, pinsSeed(n, k))
			games = append(games, g)
			doc.WriteString(g.String() + "\n")
		}
	}
	if *determinismUpdate {
		if err := os.WriteFile(pinsFile, []byte(doc.String()), 0o644); err != nil {
			t.Fatal(err)
		}
		t.Logf("wrote %s (%d games)", pinsFile, len(games))
	}
	data, err := os.ReadFile(pinsFile)
	if err != nil {
		t.Fatalf("%v\nCreate it with: go test -run TestDeterminismPins -update-determinism .", err)
	}
	want, order, err := pinsParse(data)
	if err != nil {
		t.Fatal(err)
	}
	var changed []string
	got := map[string]bool{}
	for _, g := range games {
		got[g.key()] = true
		w, ok := want[g.key()]
		switch {
		case !ok:
			changed = append(changed, fmt.Sprintf("  %d players, seed %d: not pinned\n    + %s", g.players, g.seed, g))
		case w != g.String():
			changed = append(changed, fmt.Sprintf("  %d players, seed %d: %s\n    - %s\n    + %s", g.players, g.seed, pinsExplain(w, g.String()), w, g))
		}
	}
	for _, k := range order {
		if !got[k] {
			changed = append(changed, fmt.Sprintf("  game %q is pinned but no longer played\n    - %s", k, want[k]))
		}
	}
	if len(changed) > 0 {
		t.Fatalf("%d of %d pinned games changed (%s):\n%s\n"+
			"The rules, the order of the legal actions, the deal, the random stream or the state/event encoding changed.\n"+
			"If the change is intended, regenerate the pins with\n"+
			"\tgo test -run TestDeterminismPins -update-determinism .\n"+
			"and say in the commit message why these games changed. If it is not, the change broke determinism across versions.",
			len(changed), len(games), pinsFile, strings.Join(changed, "\n"))
	}
}
