package waterdeep

// Games with the largest content the bounds of content/limits.go allow, and
// a game that never ends, played until VP and gold saturate.

import (
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"gopkg.in/yaml.v3"

	"github.com/waterdeep-go/waterdeep/content"
	"github.com/waterdeep-go/waterdeep/lords"
)

// limitsMaximize sets every number of a content file (parsed into n) to
// the largest value its bound allows. With costs false, what players pay
// (requirements, payments, costs, returns) stays as printed, so that the
// largest rewards are reached in play. Copies stay as printed: the number
// of instances a game holds bounds them.
func limitsMaximize(t *testing.T, n *yaml.Node, path []string, costs bool) {
	t.Helper()
	in := func(k string) bool { return slices.Contains(path, k) }
	parent := ""
	if len(path) > 0 {
		parent = path[len(path)-1]
	}
	switch n.Kind {
	case yaml.DocumentNode, yaml.SequenceNode:
		for _, c := range n.Content {
			limitsMaximize(t, c, path, costs)
		}
	case yaml.MappingNode:
		for i := 0; i+1 < len(n.Content); i += 2 {
			key, val := n.Content[i].Value, n.Content[i+1]
			if key == "choose_one" {
				// An option holds at most MaxCount of one thing.
				for _, o := range val.Content {
					if len(o.Content) == 2 {
						o.Content[1].Value = fmt.Sprint(content.MaxCount)
					}
				}
				continue
			}
			if val.Kind != yaml.ScalarNode {
				limitsMaximize(t, val, append(path, key), costs)
				continue
			}
			if val.Tag != "!!int" {
				continue
			}
			max := -1
			cost := in("requires") || in("pay") || key == "cost" || parent == "return"
			switch {
			case key == "copies", in("lose"), cost && !costs:
			case in("accumulate") || key == "accumulate_corruption":
				max = content.MaxAccumulate
			case in("each") && parent == "each":
				max = content.MaxCount // what place puts on one space
			case key == "cleric" || key == "fighter" || key == "rogue" || key == "wizard":
				max = content.MaxCubes
			case key == "gold" || key == "cost":
				max = content.MaxGold
			case key == "intrigue":
				max = content.MaxDraw
			case key == "count" && parent == "plot":
				max = content.MaxRoundStartChoose
			case key == "count" || key == "take_quest" || key == "draw_quest" || key == "steal" || key == "each_opponent_chooses",
				key == "gain_corruption" || key == "return_corruption" || key == "remove_corruption" || key == "any",
				key == "return_corruption_up_to" || key == "remove_corruption_up_to",
				parent == "place" && (key == "spaces" || key == "corruption"),
				key == "each_opponent_returns" || key == "more_corrupt_opponents_gain_corruption" || key == "remove_track_corruption",
				key == "give_owner" || key == "steal_gold_see_lord" || parent == "plot" && key == "corruption",
				parent == "each_opponent_may" && (key == "gain_corruption" || key == "return_corruption"):
				max = content.MaxCount
			case parent == "scoring" && (key == "vp_per_building" || key == "vp_per_module_card" || key == "vp_per_corruption" ||
				key == "vp_per_any_quest" || key == "vp_per_big_quest" || key == "big_quest_vp"),
				key == "vp_if_least_corrupt":
				max = content.MaxVP
			case key == "vp_per_building" || key == "gold_per_building":
				max = content.MaxPerBuilding
			case key == "vp" || key == "bonus_vp" || key == "score" || key == "opponent_vp" || key == "vp_per_quest":
				max = content.MaxVP
			default:
				t.Fatalf("limitsMaximize: no bound known for %s.%s", strings.Join(path, "."), key)
			}
			if max >= 0 {
				val.Value = fmt.Sprint(max)
			}
		}
	}
}

// limitsMaxContent loads the base content with every number at its bound.
func limitsMaxContent(t *testing.T, costs bool) *Content {
	t.Helper()
	files := limitsBase(t)
	for name, data := range files {
		var n yaml.Node
		if err := yaml.Unmarshal([]byte(data), &n); err != nil {
			t.Fatal(err)
		}
		limitsMaximize(t, &n, nil, costs)
		out, err := yaml.Marshal(&n)
		if err != nil {
			t.Fatal(err)
		}
		files[name] = string(out)
	}
	c, err := LoadContent(limitsFS(files))
	if err != nil {
		t.Fatalf("content at its bounds does not load: %v", err)
	}
	return c
}

// limitsPlay plays a random game with content c to the end, checking the
// state after every action and the final scoring against a recount. It
// returns the final state and the highest VP and gold seen during play.
func limitsPlay(t *testing.T, c *Content, n int, seed uint64) (end State, vp, gold int32) {
	t.Helper()
	s, err := New(Config{Players: n, Seed: seed, Content: c})
	if err != nil {
		t.Fatal(err)
	}
	r := rand.New(rand.NewPCG(seed, 13))
	var buf []Move
	for steps := 0; !s.Over(); steps++ {
		harnessCheckState(t, s)
		for p := range n {
			vp, gold = max(vp, s.players[p].score), max(gold, s.players[p].gold)
		}
		if steps >= 20*harnessMaxSteps {
			t.Fatalf("%d players, seed %d: not over after %d actions (round %d)", n, seed, steps, s.Round())
		}
		buf = s.AppendMoves(buf[:0])
		m := buf[r.IntN(len(buf))]
		next, err := s.Play(m)
		if err != nil {
			t.Fatalf("%d players, seed %d, step %d: Play(%v): %v", n, seed, steps, m, err)
		}
		if next.Over() {
			pre, after, found := harnessApplyLast(s, m)
			if !found || after != next {
				t.Fatalf("%d players, seed %d: the game did not end through final scoring", n, seed)
			}
			limitsRecount(t, pre, next)
		}
		s = next
	}
	if _, err := DecodeState(mustJSON(t, s), c); err != nil {
		t.Errorf("%d players, seed %d: the final state does not decode: %v", n, seed, err)
	}
	return s, vp, gold
}

// limitsRecount checks the final scores of end against pre, the state just
// before final scoring: every score is pre's VP plus the FinalScore parts,
// counted again here, and nothing is negative or near int32's limit.
func limitsRecount(t *testing.T, pre, end State) {
	t.Helper()
	c := end.Content()
	scores := end.Scores()
	for p := range PlayerID(end.Players()) {
		ps := end.players[p]
		var tally lords.Tally
		harnessEach(ps.completed, func(q int) { tally.Completed[c.Quest(QuestID(q)).Type]++ })
		tally.Buildings = int(ps.buildings)
		want := FinalScore{
			Adventurers: int(ps.tavern[0]) + int(ps.tavern[1]) + int(ps.tavern[2]) + int(ps.tavern[3]),
			Gold:        int(ps.gold) / 2,
			Lord:        c.Lord(end.Lord(p)).Score(tally),
		}
		got := end.FinalScore(p)
		total := pre.Score(p) + want.Adventurers + want.Gold + want.Lord
		switch {
		case got != want:
			t.Errorf("p%d: FinalScore = %+v, recount %+v", p, got, want)
		case scores[p] != total || end.Score(p) != total:
			t.Errorf("p%d: Scores %d, Score %d, want %d + %+v = %d", p, scores[p], end.Score(p), pre.Score(p), want, total)
		case pre.Score(p) < 0 || want.Adventurers < 0 || want.Gold < 0 || want.Lord < 0 || end.Gold(p) < 0:
			t.Errorf("p%d: a negative part: %d + %+v, gold %d", p, pre.Score(p), want, end.Gold(p))
		case total >= 1<<20:
			t.Errorf("p%d: final score %d beyond what a snapshot holds", p, total)
		}
	}
}

func mustJSON(t *testing.T, v any) []byte {
	t.Helper()
	b, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// Content with every number at its bound loads, and random games with it
// end, for 2 to 5 players, with every score equal to its recount and no
// number wrapped.
func TestMaxContentGames(t *testing.T) {
	games := 10
	if quickRun() {
		games = 1
	}
	for _, costs := range []bool{true, false} {
		c := limitsMaxContent(t, costs)
		var vp, gold int32
		for n := 2; n <= 5; n++ {
			for g := range games {
				end, v, gd := limitsPlay(t, c, n, uint64(1000*n+g))
				vp, gold = max(vp, v), max(gold, gd)
				for p := range PlayerID(n) {
					vp = max(vp, int32(end.Score(p)))
				}
			}
		}
		t.Logf("costs at their bounds too: %v: highest VP %d, highest gold in play %d", costs, vp, gold)
		if vp >= content.MaxHeld || gold >= content.MaxHeld {
			t.Errorf("random games reached content.MaxHeld: VP %d, gold %d", vp, gold)
		}
	}
}

// A game can go on for ever: here every intrigue card scores the largest
// gain and returns the agent that played it from Waterdeep Harbor, and the
// players play it again and again. VP and gold stop at content.MaxHeld, the
// state stays valid, and when the players stop, the game ends with scores
// that a snapshot holds.
func TestScoresSaturate(t *testing.T) {
	files := limitsBase(t)
	files["intrigue.yaml"] = fmt.Sprintf(`cards:
  - id: again
    name: Again
    kind: utility
    copies: 8
    effect: [{gain: {vp: %d, gold: %d, intrigue: 1}}, {special: return_agent}]
`, content.MaxVP, content.MaxGold)
	c, err := LoadContent(limitsFS(files))
	if err != nil {
		t.Fatal(err)
	}
	s, err := New(Config{Players: 2, Seed: 1, Content: c})
	if err != nil {
		t.Fatal(err)
	}
	harbor := c.harbor[0]
	// Place at the Harbor's first space, play the card, return that agent.
	loop := func(s State) Move {
		moves := s.AppendMoves(nil)
		for _, m := range moves {
			switch a := m.Action(0).(type) {
			case PlaceAgent:
				if a.Space == harbor {
					return m
				}
			case ChooseSpace:
				if a.Space == harbor {
					return m
				}
			case PlayIntrigue:
				return m
			}
		}
		return moves[0]
	}
	steps := 0
	for ; s.players[0].score < content.MaxHeld || s.players[1].gold < content.MaxHeld; steps++ {
		if steps > 200_000 || s.Over() {
			t.Fatalf("after %d actions: over %v, VP %d and %d, gold %d and %d", steps, s.Over(),
				s.players[0].score, s.players[1].score, s.players[0].gold, s.players[1].gold)
		}
		if s, err = s.Play(loop(s)); err != nil {
			t.Fatal(err)
		}
	}
	for range 100 {
		if s, err = s.Play(loop(s)); err != nil {
			t.Fatal(err)
		}
	}
	t.Logf("%d actions to reach MaxHeld, round %d", steps, s.Round())
	for p := range 2 {
		if s.players[p].score != content.MaxHeld || s.players[p].gold != content.MaxHeld {
			t.Errorf("p%d: VP %d, gold %d, want both %d", p, s.players[p].score, s.players[p].gold, content.MaxHeld)
		}
	}
	if err := s.validate(); err != nil {
		t.Fatalf("saturated state: %v", err)
	}
	// Now the players stop looping: the game ends.
	r := rand.New(rand.NewPCG(1, 2))
	for ; !s.Over(); steps++ {
		if steps > 400_000 {
			t.Fatal("the game does not end")
		}
		moves := s.AppendMoves(nil)
		var m Move
		for {
			m = moves[r.IntN(len(moves))]
			if a, ok := m.Action(0).(PlaceAgent); !ok || a.Space != harbor || len(moves) == 1 {
				break
			}
		}
		next, err := s.Play(m)
		if err != nil {
			t.Fatal(err)
		}
		if next.Over() {
			pre, _, _ := harnessApplyLast(s, m)
			limitsRecount(t, pre, next)
		}
		s = next
	}
	if _, err := DecodeState(mustJSON(t, s), c); err != nil {
		t.Errorf("the final state does not decode: %v", err)
	}
	t.Logf("final scores %v", s.Scores())
}
