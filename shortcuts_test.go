package waterdeep

import (
	"flag"
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"math/big"
	"math/rand/v2"
	"path/filepath"
	"regexp"
	"slices"
	"sort"
	"strings"
	"testing"
	"time"

	"github.com/waterdeep-go/waterdeep/content"
	"github.com/waterdeep-go/waterdeep/quests"
	"pgregory.net/rapid"
)

// The differential harness: every shortcut of the engine against its
// reference (reference_test.go), one row a pair. TestShortcutsMatchReferences
// walks random states of every module set once and runs every row at each
// state (or every n-th, to keep a row's volume to what it needs);
// TestShortcutsMatchReferencesOnInputs runs the rows whose inputs are not
// States. Each row counts what it compared, and the cases it must meet;
// a row that falls short of its minimums in the quick run fails, so a row
// that never runs fails too.
//
// -shortcuts=regexp runs only the rows whose shortcut matches (go test
// -run Shortcuts . -args -shortcuts=gain), to iterate on one.

var shortcutsFlag = flag.String("shortcuts", "", "run only the rows of TestShortcutsMatchReferences(OnInputs) whose shortcut matches this regular expression")

// counts are a row's named counters: "compared" (every row has it), and
// the cases the row must meet.
type counts map[string]int

// stateRow compares one shortcut with its reference on the walk's states.
type stateRow struct {
	shortcut, reference string
	// every: the row runs on every every-th state of the walk (all when 0).
	every int
	// min is the least each counter must reach (in the quick run; the full
	// run plays more); "compared" must reach 1 if min does not name it.
	min counts
	// compare runs the shortcut and its reference on s, which it must
	// leave as it was, fails t if they differ, and counts in c.
	compare func(t *testing.T, cfg Config, s *State, c counts)
}

// inputRow compares one shortcut with its reference on inputs of its own.
type inputRow struct {
	shortcut, reference string
	// doc is the function whose doc comment names the reference, where
	// the shortcut is not a function (Content.chooseOne).
	doc     string
	min     counts
	compare func(t *testing.T, c counts)
}

// selected reports whether -shortcuts selects the row of shortcut name.
func selected(t *testing.T, name string) bool {
	if *shortcutsFlag == "" {
		return true
	}
	ok, err := regexp.MatchString(*shortcutsFlag, name)
	if err != nil {
		t.Fatal(err)
	}
	return ok
}

// checkCounts fails t if c falls short of min.
func checkCounts(t *testing.T, c, min counts) {
	t.Helper()
	if _, ok := min["compared"]; !ok && c["compared"] == 0 {
		t.Errorf("nothing compared")
	}
	keys := make([]string, 0, len(min))
	for k := range min {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	for _, k := range keys {
		if c[k] < min[k] {
			t.Errorf("%s: %d, want at least %d", k, c[k], min[k])
		}
	}
}

// TestShortcutsMatchReferences walks random states of every module set
// once, and at each state runs every row of stateRows: each shortcut
// against its reference.
func TestShortcutsMatchReferences(t *testing.T) {
	var rows []stateRow
	for _, r := range stateRows() {
		if selected(t, r.shortcut) {
			rows = append(rows, r)
		}
	}
	got := make([]counts, len(rows))
	took := make([]time.Duration, len(rows))
	for i := range got {
		got[i] = counts{}
	}
	n := 0
	forEachRandomState(t, everyModuleSet, gamesPerConfig(60, 6), 1, func(cfg Config, s *State) {
		n++
		before := *s
		for i, r := range rows {
			if r.every > 1 && n%r.every != 0 {
				continue
			}
			start := time.Now()
			r.compare(t, cfg, s, got[i])
			took[i] += time.Since(start)
			got[i]["states"]++
			if *s != before {
				t.Fatalf("%+v: the row of %s changed the state", cfg, r.shortcut)
			}
		}
	})
	t.Logf("%d states walked", n)
	for i, r := range rows {
		t.Run(r.shortcut, func(t *testing.T) {
			t.Logf("%s against %s: %v (%v)", r.shortcut, r.reference, map[string]int(got[i]), took[i].Round(time.Millisecond))
			checkCounts(t, got[i], r.min)
		})
	}
}

// TestShortcutsMatchReferencesOnInputs runs every row of inputRows.
func TestShortcutsMatchReferencesOnInputs(t *testing.T) {
	for _, r := range inputRows() {
		if !selected(t, r.shortcut) {
			continue
		}
		t.Run(r.shortcut, func(t *testing.T) {
			c := counts{}
			r.compare(t, c)
			t.Logf("%s against %s: %v", r.shortcut, r.reference, map[string]int(c))
			checkCounts(t, c, r.min)
		})
	}
}

// TestShortcutsNameTheirReferences: the doc comment of each row's shortcut
// (the function its name begins with) names the row's reference.
func TestShortcutsNameTheirReferences(t *testing.T) {
	docs := map[string]string{} // "name" for a function, "Type.name" for a method
	files, err := filepath.Glob("*.go")
	if err != nil {
		t.Fatal(err)
	}
	fset := token.NewFileSet()
	for _, name := range files {
		if strings.HasSuffix(name, "_test.go") {
			continue
		}
		f, err := parser.ParseFile(fset, name, nil, parser.ParseComments)
		if err != nil {
			t.Fatal(err)
		}
		for _, d := range f.Decls {
			fd, ok := d.(*ast.FuncDecl)
			if !ok || fd.Doc == nil {
				continue
			}
			key := fd.Name.Name
			if fd.Recv != nil {
				typ := fd.Recv.List[0].Type
				if star, ok := typ.(*ast.StarExpr); ok {
					typ = star.X
				}
				key = typ.(*ast.Ident).Name + "." + key
			}
			docs[key] = fd.Doc.Text()
		}
	}
	ident := regexp.MustCompile(`^[A-Za-z][A-Za-z0-9.]*`)
	check := func(shortcut, doc, reference string) {
		if doc == "" {
			doc = ident.FindString(shortcut)
		}
		text, ok := docs[doc]
		if !ok {
			text, ok = docs["State."+doc]
		}
		if !ok {
			t.Errorf("%s: no documented function %s", shortcut, doc)
			return
		}
		if !regexp.MustCompile(`\b` + reference + `\b`).MatchString(text) {
			t.Errorf("%s: the doc comment of %s does not name its reference, %s", shortcut, doc, reference)
		}
	}
	for _, r := range stateRows() {
		check(r.shortcut, "", r.reference)
	}
	for _, r := range inputRows() {
		check(r.shortcut, r.doc, r.reference)
	}
}

// harborStandings are the standings a card or a copy is checked with: none
// (the board as it is), and a turn's agent at the first Harbor space.
func harborStandings(s *State) []standing {
	return []standing{noStanding, placing(uint8(s.c.harbor[0]), placeTurn, none) | standHarbor}
}

// placeFroms returns the spaces an agent placed in mode may leave: none,
// or each Harbor space for a reassignment.
func placeFroms(s *State, mode placeMode) []uint8 {
	if mode != placeReassign {
		return []uint8{none}
	}
	var froms []uint8
	for _, h := range s.c.harbor {
		froms = append(froms, uint8(h))
	}
	return froms
}

var placeModes = []placeMode{placeTurn, placeAmbassador, placeReassign, placeExtra}

// compareEffect runs the shortcut and the reference, each on its own copy
// of st with events recorded, and reports whether they leave the same
// State and events; it returns the reference's State and events.
func compareEffect(st *State, shortcut, reference func(u *State)) (same bool, v State, ev []Event) {
	var ev1, ev2 []Event
	u, v := *st, *st
	u.events, v.events = &ev1, &ev2
	shortcut(&u)
	reference(&v)
	u.events, v.events = nil, nil
	return u == v && slices.Equal(ev1, ev2), v, ev2
}

func stateRows() []stateRow {
	pileRand := rand.New(rand.NewPCG(11, 13))
	placeRand := rand.New(rand.NewPCG(17, 19))
	placeSteps := map[*Content][]content.Step{}
	gainBundles, payBundles := map[*Content][]content.Bundle{}, map[*Content][]content.Bundle{}
	var buf, all, answers []Move
	return []stateRow{
		// Placement legality (placement_legal.go).
		{shortcut: "plainFree", reference: "plainFreeRef", min: counts{"compared": 1000},
			compare: func(t *testing.T, cfg Config, s *State, c counts) {
				for sp := -1; sp <= MaxSpaces+1; sp++ {
					if !s.plainFree(sp) {
						continue
					}
					if !s.plainFreeRef(sp) {
						t.Fatalf("%+v: space %d (%s) is a free plain space, but some seat may not place there in some mode", cfg, sp, s.c.spaceNames[sp])
					}
					c["compared"]++
				}
			}},
		{shortcut: "placements", reference: "placementsRef", every: 2,
			min: counts{"shortcut": 1000, "condYes": 1000, "condNo": 1000, "elsewhereYes": 1000, "elsewhereNo": 1000},
			compare: func(t *testing.T, cfg Config, s *State, c counts) {
				open := s.c.boardSpaces[s.modules].or(set128{lo: s.built}.shiftUp(s.c.tileBase)).andNot(s.occupied)
				for p := range s.numPlayers {
					for _, mode := range placeModes {
						for _, from := range placeFroms(s, mode) {
							want := s.placementsRef(p, mode, from)
							got := s.placements(p, mode, 1<<30, from)
							if got != want {
								t.Fatalf("%+v: seat %d, mode %d, from %d: placements %v, placementsRef %v",
									cfg, p, mode, from, spaceNames(s, got), spaceNames(s, want))
							}
							c["compared"]++
							if s.piled.empty() && (mode == placeAmbassador || !s.orbAvailable(p)) {
								// The sets' path, conditional spaces judged by conditionalLegal.
								c["shortcut"]++
								c["condYes"] += want.andNot(s.c.plainSpaces).len()
								c["condNo"] += open.andNot(s.c.plainSpaces).andNot(want).len()
							}
							if !s.piled.empty() {
								// Conditional spaces with nothing on them, resources lying elsewhere.
								cond := open.andNot(s.c.plainSpaces).andNot(s.piled)
								c["elsewhereYes"] += cond.and(want).len()
								c["elsewhereNo"] += cond.andNot(want).len()
							}
						}
					}
				}
			}},
		{shortcut: "cardSpacesLegal", reference: "cardSpacesLegalRef", every: 2,
			min: counts{"always": 1000, "blind": 1000, "eachYes": 1000, "eachNo": 1000},
			compare: func(t *testing.T, cfg Config, s *State, c counts) {
				sc := s.c
				open := sc.boardSpaces[s.modules].or(set128{lo: s.built}.shiftUp(sc.tileBase))
				cards := open.and(sc.cardSpaces).andNot(s.occupied).andNot(s.piled)
				if cards.empty() {
					return
				}
				for p := range s.numPlayers {
					h := s.players[p].hand
					for _, mode := range placeModes {
						for _, from := range placeFroms(s, mode) {
							want := s.cardSpacesLegalRef(p, mode, cards, from)
							got := s.cardSpacesLegal(p, mode, cards, from)
							if got != want {
								t.Fatalf("%+v: seat %d, mode %d, from %d, hand %v: cardSpacesLegal %v, cardSpacesLegalRef %v",
									cfg, p, mode, from, h, spaceNames(s, got), spaceNames(s, want))
							}
							c["compared"]++
							if cards.upTo2() < 2 {
								continue
							}
							// With two spaces or more: each path.
							switch {
							case !h.and(sc.intrigueAlways).empty():
								c["always"]++ // a card always playable
							case !h.andNot(sc.standingCards).empty() && got == cards:
								c["blind"]++ // a card playable whatever the standing
							default:
								c["eachYes"] += got.len() // judged one by one
								c["eachNo"] += cards.andNot(got).len()
							}
						}
					}
				}
			}},
		{shortcut: "canResolveSpace", reference: "canResolveSpaceRef", every: 2,
			min: counts{"need yes": 1, "need no": 1, "buy yes": 1, "buy no": 1, "play yes": 1, "play no": 1,
				"playAfter yes": 1, "playAfter no": 1, "first yes": 1, "first no": 1},
			compare: func(t *testing.T, cfg Config, s *State, c counts) {
				var seen [quickFirst + 1][2]int // per quick check: impossible, possible
				for sp := range s.c.spaces {
					info := &s.c.spaces[sp]
					if !info.conditional || info.quick == quickNone {
						continue
					}
					for p := range s.numPlayers {
						for _, mode := range []placeMode{placeTurn, placeReassign} {
							st := placing(uint8(sp), mode, none)
							if info.reassign {
								st |= standHarbor
							}
							want := s.canResolveSpaceRef(p, sp, info, st)
							if got := s.canResolveSpace(p, sp, info, st); got != want {
								t.Fatalf("%+v: seat %d, space %d (%s), quick check %d: %v, canResolveSpaceRef %v",
									cfg, p, sp, s.c.spaceNames[sp], info.quick, got, want)
							}
							seen[info.quick][bit(want)]++
						}
					}
				}
				for q, name := range [...]string{quickNeed: "need", quickBuy: "buy", quickPlay: "play", quickPlayAfter: "playAfter", quickFirst: "first"} {
					if name != "" {
						c[name+" no"] += seen[q][0]
						c[name+" yes"] += seen[q][1]
						c["compared"] += seen[q][0] + seen[q][1]
					}
				}
			}},
		// The quick check of Entry Well, The Eye's Lair, Belkram's Tomb and
		// Hall of Sleeping Kings where what they give before the card
		// matters: the player to act, holding no active or mandatory
		// quest, no gold and no adventurers, with each intrigue card alone
		// in hand (Change of Plans needs a quest, a payment gold or
		// adventurers; the cards in Content.questBlind and gainBlind never
		// look at them), in Undermountain games.
		{shortcut: "canResolveSpace, a card alone in hand", reference: "canResolveSpaceRef", every: 5,
			min: counts{"blind yes": 1, "blind no": 1, "not blind yes": 1, "not blind no": 1},
			compare: func(t *testing.T, cfg Config, s *State, c counts) {
				if s.modules&Undermountain == 0 {
					return
				}
				p, ok := s.ToAct()
				if !ok {
					return
				}
				t2 := *s
				ps := &t2.players[p]
				ps.active, ps.mandatory = set128{}, set128{}
				ps.gold, ps.tavern = 0, [4]uint8{}
				var seen [2][2]int // not blind, blind; impossible, possible
				for sp := range s.c.spaces {
					info := &s.c.spaces[sp]
					if !info.questThenCard && !info.gainThenCard {
						continue
					}
					st := placing(uint8(sp), placeTurn, none)
					for card := range s.c.intrigue {
						ps.hand = set128{}
						ps.hand.add(uint8(card))
						want := t2.canResolveSpaceRef(uint8(p), sp, info, st)
						if got := t2.canResolveSpace(uint8(p), sp, info, st); got != want {
							t.Fatalf("%+v: seat %d holding only %s, no quest, no gold and no adventurers, space %s: canResolveSpace %v, canResolveSpaceRef %v",
								cfg, p, s.c.intrigue[card].ID, s.c.spaceNames[sp], got, want)
						}
						seen[bit(info.questThenCard && s.c.questBlind.has(uint8(card)) || info.gainThenCard && s.c.gainBlind.has(uint8(card)))][bit(want)]++
					}
				}
				c["not blind no"] += seen[0][0]
				c["not blind yes"] += seen[0][1]
				c["blind no"] += seen[1][0]
				c["blind yes"] += seen[1][1]
				c["compared"] += seen[0][0] + seen[0][1] + seen[1][0] + seen[1][1]
			}},
		{shortcut: "occupiedWhen", reference: "occupiedWhenRef", min: counts{"shared": 1000},
			compare: func(t *testing.T, cfg Config, s *State, c counts) {
				// The state as it is, and with a second agent (Recover the
				// Magister's Orb, rare in random games) sharing the first
				// occupied space, as only an occupied space may be shared.
				states := []*State{s}
				if sp := s.occupied.next(0); sp >= 0 && s.shared[len(s.shared)-1].player == none {
					u := *s
					u.shared[len(u.shared)-1] = agentAt{space: uint8(sp), player: 0}
					states = append(states, &u)
				}
				h := uint8(s.c.harbor[0])
				for _, u := range states {
					for _, st := range []standing{noStanding, placing(h, placeTurn, none), placing(h+1, placeReassign, h)} {
						for sp := range u.c.spaces {
							if got, want := u.occupiedWhen(sp, st), u.occupiedWhenRef(sp, st); got != want {
								t.Fatalf("%+v, round %d, space %d, standing %x, shared %v: occupiedWhen %v, occupiedWhenRef %v", cfg, u.round, sp, st, u.shared, got, want)
							}
							if u.sharedOn(sp) {
								c["shared"]++
							}
						}
					}
					c["compared"]++
				}
			}},

		// Piles: resources lying on spaces (piles.go).
		{shortcut: "takePile", reference: "takePileRef", every: 5, min: counts{"compared": 1000, "kinds": 100},
			compare: func(t *testing.T, cfg Config, s *State, c counts) {
				// The state as it is, and with random resources put on a
				// random space.
				extra := *s
				sp := uint8(pileRand.IntN(len(s.c.spaces)))
				e := &extra.piles[sp]
				for k := range e.cubes {
					if pileRand.IntN(2) == 0 {
						e.cubes[k] += uint8(pileRand.IntN(4))
					}
				}
				e.gold += uint8(pileRand.IntN(3))
				e.corruption += uint8(pileRand.IntN(2))
				if !e.isZero() {
					extra.piled.add(sp)
				}
				for _, st := range []*State{s, &extra} {
					for sp := st.piled.next(0); sp >= 0; sp = st.piled.next(sp + 1) {
						for p := range st.numPlayers {
							var c1, c2 uint8
							same, _, _ := compareEffect(st,
								func(u *State) { c1 = u.takePile(p, uint8(sp)) },
								func(v *State) { c2 = v.takePileRef(p, uint8(sp)) })
							if !same || c1 != c2 {
								t.Fatalf("%+v: seat %d, space %d: takePile and takePileRef differ", cfg, p, sp)
							}
							c["compared"]++
							if k := kindsInRef(st.piles[sp].cubes); k&(k-1) != 0 {
								c["kinds"]++ // more than one kind
							}
						}
					}
				}
			}},
		{shortcut: "pileOn", reference: "pileOnRef", every: 20, min: counts{"content steps": 1, "several": 100},
			compare: func(t *testing.T, cfg Config, s *State, c counts) {
				// The content's place steps and random ones (up to
				// content.MaxCubes of a kind, enough to empty the supply),
				// on a random space.
				steps, ok := placeSteps[s.c]
				if !ok {
					for _, prog := range s.c.programs {
						for i := range prog {
							if prog[i].Kind == content.StepPlace {
								steps = append(steps, prog[i])
							}
						}
					}
					placeSteps[s.c] = steps
					c["content steps"] += len(steps)
				}
				mine := slices.Clone(steps)
				for range 4 {
					mine = append(mine, content.Step{Kind: content.StepPlace, Corruption: placeRand.IntN(2),
						Bundle: content.Bundle{Cleric: placeRand.IntN(3), Fighter: placeRand.IntN(2), Rogue: placeRand.IntN(content.MaxCubes + 1), Wizard: placeRand.IntN(3), Gold: placeRand.IntN(4)}})
				}
				sp := uint8(placeRand.IntN(len(s.c.spaces)))
				for p := range s.numPlayers {
					for i := range mine {
						same, v, _ := compareEffect(s,
							func(u *State) { u.pileOn(p, sp, &mine[i]) },
							func(v *State) { v.pileOnRef(p, sp, &mine[i]) })
						if !same {
							t.Fatalf("%+v: seat %d, space %d, step %+v: pileOn and pileOnRef differ", cfg, p, sp, mine[i])
						}
						c["compared"]++
						if k := kindsInRef(v.piles[sp].cubes); k&(k-1) != 0 {
							c["several"]++ // more than one kind
						}
					}
				}
			}},
		{shortcut: "resolvesTakingPile", reference: "resolvesTakingPileRef", min: counts{"possible": 1000, "impossible": 100},
			compare: func(t *testing.T, cfg Config, s *State, c counts) {
				// Every space holding resources, from the pool and
				// reassigned, with and without Doppelganger's kind of card
				// added to the hand; the State must be as it was after.
				var ev []Event
				for sp := s.piled.next(0); sp >= 0; sp = s.piled.next(sp + 1) {
					info := &s.c.spaces[sp]
					for p := range s.numPlayers {
						for _, more := range []set128{{}, s.c.moreCorruptCards} {
							t2 := *s
							t2.players[p].hand = t2.players[p].hand.or(more)
							t2.events = &ev
							for _, mode := range []placeMode{placeTurn, placeReassign} {
								st := placing(uint8(sp), mode, none)
								if info.reassign {
									st |= standHarbor
								}
								before := t2
								got, want := t2.resolvesTakingPile(p, sp, info, st), t2.resolvesTakingPileRef(p, sp, info, st)
								if got != want {
									t.Fatalf("%+v: seat %d, space %d (%s) holding %+v: resolvesTakingPile %v, resolvesTakingPileRef %v",
										cfg, p, sp, s.c.spaceNames[sp], s.piles[sp].resources(SpaceID(sp)), got, want)
								}
								if t2 != before || len(ev) != 0 {
									t.Fatalf("%+v: seat %d, space %d (%s): resolvesTakingPile left the State changed (events %v)", cfg, p, sp, s.c.spaceNames[sp], ev)
								}
								c["compared"]++
								countCase(c, want, "possible", "impossible")
							}
						}
					}
				}
			}},
		{shortcut: "canResolveWithPile", reference: "canResolveWithPileRef",
			min: counts{"corruption, possible": 1000, "corruption, impossible": 100},
			compare: func(t *testing.T, cfg Config, s *State, c counts) {
				// Every conditional space holding resources, from the pool
				// and reassigned, with the hand and with Doppelganger added
				// to it (the card more corruption may make unplayable,
				// rarely in hand when it would).
				for sp := s.piled.next(0); sp >= 0; sp = s.piled.next(sp + 1) {
					info := &s.c.spaces[sp]
					if !info.conditional {
						continue
					}
					for p := range s.numPlayers {
						for _, more := range []set128{{}, s.c.moreCorruptCards} {
							t2 := *s
							t2.players[p].hand = t2.players[p].hand.or(more)
							for _, mode := range []placeMode{placeTurn, placeReassign} {
								st := placing(uint8(sp), mode, none)
								if info.reassign {
									st |= standHarbor
								}
								got, want := t2.canResolveWithPile(p, sp, info, st), t2.canResolveWithPileRef(p, sp, info, st)
								if got != want {
									t.Fatalf("%+v: seat %d (hand %v), space %d (%s) holding %+v: canResolveWithPile %v, canResolveWithPileRef %v",
										cfg, p, t2.players[p].hand, sp, s.c.spaceNames[sp], s.piles[sp].resources(SpaceID(sp)), got, want)
								}
								c["compared"]++
								if s.piles[sp].corruption != 0 {
									countCase(c, want, "corruption, possible", "corruption, impossible")
								}
							}
						}
					}
				}
			}},
		// The reading canResolveWithPile's skip rests on: adventurers and
		// gold lying on a space, taken before its action, never make an
		// action that was possible impossible.
		{shortcut: "canResolveWithPile's skip", reference: "canResolveWithPileRef", min: counts{"compared": 1000},
			compare: func(t *testing.T, cfg Config, s *State, c counts) {
				for sp := s.piled.next(0); sp >= 0; sp = s.piled.next(sp + 1) {
					info := &s.c.spaces[sp]
					if !info.conditional || s.piles[sp].corruption != 0 {
						continue
					}
					for p := range s.numPlayers {
						for _, mode := range []placeMode{placeTurn, placeReassign} {
							st := placing(uint8(sp), mode, none) // from none: it leaves no space
							if info.reassign {
								st |= standHarbor
							}
							if !s.canResolve(p, info.program, sp, 0, st, 0) {
								continue
							}
							c["compared"]++
							if !s.canResolveWithPileRef(p, sp, info, st) {
								t.Fatalf("%+v: seat %d can use space %d (%s), but not after taking what lies there (%+v)",
									cfg, p, sp, s.c.spaceNames[sp], s.piles[sp].resources(SpaceID(sp)))
							}
						}
					}
				}
			}},

		// Effects (effects.go, resolve.go, corruption.go).
		{shortcut: "gain", reference: "gainRef", every: 40, min: counts{"short": 100, "plenty": 100, "caravans": 100},
			compare: func(t *testing.T, cfg Config, s *State, c counts) {
				// Every bundle of the content's programs and a few that
				// empty the supply (content holds at most content.MaxCubes
				// of a kind in a bundle), for every seat.
				bundles, ok := gainBundles[s.c]
				if !ok {
					bundles = []content.Bundle{
						{},
						{Cleric: 1, Fighter: 2, Rogue: 3, Wizard: 4, Gold: 5, VP: 6, Intrigue: 1},
						{Fighter: 30},
						{Cleric: 7, Wizard: content.MaxCubes, Gold: 2},
						{Rogue: content.MaxCubes, VP: 1},
						{Cleric: 25, Fighter: 25, Rogue: 25, Wizard: 25},
					}
					for _, prog := range s.c.programs {
						for i := range prog {
							bundles = append(bundles, prog[i].Bundle, prog[i].Else)
						}
					}
					bundles = uniqueBundles(bundles)
					gainBundles[s.c] = bundles
				}
				for p := range s.numPlayers {
					for i := range bundles {
						b := &bundles[i]
						same, _, _ := compareEffect(s, func(u *State) { u.gain(p, b) }, func(v *State) { v.gainRef(p, b) })
						if !same {
							t.Fatalf("%+v: seat %d, bundle %+v: gain and gainRef differ", cfg, p, *b)
						}
						c["compared"]++
						if b.Cleric > int(s.supply[content.Cleric]) || b.Fighter > int(s.supply[content.Fighter]) ||
							b.Rogue > int(s.supply[content.Rogue]) || b.Wizard > int(s.supply[content.Wizard]) {
							c["short"]++ // more of a kind than the supply holds
							if s.modules != 0 {
								c["caravans"]++
							}
						} else {
							c["plenty"]++
						}
					}
				}
			}},
		{shortcut: "pay", reference: "payRef", every: 100, min: counts{"short": 100, "enough": 100, "caravans": 100},
			compare: func(t *testing.T, cfg Config, s *State, c counts) {
				// Every requirement and bundle of the content, and a few
				// that ask more than any tavern holds, or less than
				// nothing; payCaravans where caravans are held.
				bundles, ok := payBundles[s.c]
				if !ok {
					bundles = []content.Bundle{
						{},
						{Cleric: 1, Fighter: 2, Rogue: 3, Wizard: 4, Gold: 5},
						{Fighter: 30, Gold: 100},
						{Cleric: -1, Rogue: 2, Gold: -3},
						{Cleric: 25, Fighter: 25, Rogue: 25, Wizard: 25},
					}
					for _, prog := range s.c.programs {
						for i := range prog {
							bundles = append(bundles, prog[i].Bundle)
						}
					}
					for i := range s.c.quests {
						bundles = append(bundles, s.c.quests[i].Requires)
					}
					bundles = uniqueBundles(bundles)
					payBundles[s.c] = bundles
				}
				for p := range s.numPlayers {
					ps := &s.players[p]
					for _, b := range bundles {
						same, _, _ := compareEffect(s, func(u *State) { u.pay(p, b) }, func(v *State) { v.payRef(p, b) })
						if !same {
							t.Fatalf("%+v: seat %d, bundle %+v: pay and payRef differ", cfg, p, b)
						}
						c["compared"]++
						if s.caravan != [content.NumAdventurers]uint8{} {
							c["caravans"]++ // through payCaravans
						}
						if b.Cleric > int(ps.tavern[content.Cleric]) || b.Fighter > int(ps.tavern[content.Fighter]) ||
							b.Rogue > int(ps.tavern[content.Rogue]) || b.Wizard > int(ps.tavern[content.Wizard]) {
							c["short"]++
						} else {
							c["enough"]++
						}
					}
				}
			}},
		{shortcut: "stepControl", reference: "stepControlRef", every: 40, min: counts{"compared": 10000},
			compare: func(t *testing.T, cfg Config, s *State, c counts) {
				// stepControl's shortcut for a program's gain step with
				// nothing to choose: a program frame at every such step of
				// the content is pushed on the state for every seat.
				if s.sp == 0 || int(s.sp) >= len(s.stack) || !s.top().kind.isDecision() {
					return
				}
				for prog, steps := range s.c.programs {
					for pc := range steps {
						if st := &steps[pc]; st.Kind != content.StepGain || st.Bundle.Any != 0 {
							continue
						}
						for p := range s.numPlayers {
							u := *s
							pf := programFrame(p, uint16(prog), none)
							pf.pc = uint8(pc)
							u.push(pf)
							v := u
							if u.stepControl(u.top()) {
								t.Fatalf("%+v: program %d step %d: stepControl reports a decision", cfg, prog, pc)
							}
							v.stepControlRef(v.top())
							if u != v {
								t.Fatalf("%+v: program %d step %d, seat %d: stepControl and stepControlRef differ", cfg, prog, pc, p)
							}
							c["compared"]++
						}
					}
				}
			}},
		{shortcut: "gainCorruption", reference: "gainCorruptionRef", every: 80, min: counts{"short": 100, "drew": 100},
			compare: func(t *testing.T, cfg Config, s *State, c counts) {
				// Every seat and 0 to 4 tokens, with the track as it is and
				// nearly empty, with Shelter Zhentarim Agents held and not.
				for variant := range 4 {
					st := *s
					if variant&1 != 0 {
						st.track = [trackSpaces]uint8{}
						st.track[trackSpaces-1] = 1
					}
					for p := range st.numPlayers {
						ps := st
						if variant&2 != 0 {
							ps.players[p].completed = ps.players[p].completed.or(s.c.plotQuests[quests.DrawOnCorruption])
						}
						for n := range 5 {
							same, v, _ := compareEffect(&ps, func(u *State) { u.gainCorruption(p, n) }, func(v *State) { v.gainCorruptionRef(p, n) })
							if !same {
								t.Fatalf("%+v: seat %d, %d tokens: gainCorruption and gainCorruptionRef differ", cfg, p, n)
							}
							c["compared"]++
							if int(v.players[p].corrupt-ps.players[p].corrupt) < n {
								c["short"]++ // the track short of tokens
							}
							if v.players[p].hand != ps.players[p].hand {
								c["drew"]++
							}
						}
					}
				}
			}},

		// Plot quests (skullport_plots.go).
		{shortcut: "onFirstPlayer", reference: "onFirstPlayerRef", every: 20, min: counts{"gave": 100, "none": 100},
			compare: func(t *testing.T, cfg Config, s *State, c counts) {
				// Every taker, as the state is and with Train Castle
				// Guards given to each player.
				for holder := -1; holder < int(s.numPlayers); holder++ {
					st := *s
					if holder >= 0 {
						st.players[holder].completed = st.players[holder].completed.or(s.c.plotQuests[quests.FirstPlayerBonus])
					}
					for taker := range st.numPlayers {
						same, _, ev := compareEffect(&st, func(u *State) { u.onFirstPlayer(taker) }, func(v *State) { v.onFirstPlayerRef(taker) })
						if !same {
							t.Fatalf("%+v: holder %d, taker %d: onFirstPlayer and onFirstPlayerRef differ", cfg, holder, taker)
						}
						c["compared"]++
						if len(ev) > 0 {
							c["gave"]++
						} else {
							c["none"]++
						}
					}
				}
			}},
		{shortcut: "placementPlots", reference: "placementPlotsRef", every: 6, min: counts{"pushed": 100, "none": 100},
			compare: func(t *testing.T, cfg Config, s *State, c counts) {
				if int(s.sp)+8 > len(s.stack) {
					return // no room for the frames a placement may push
				}
				for p := range s.numPlayers {
					for sp := range len(s.c.spaces) {
						u, v := *s, *s
						u.placementPlots(p, uint8(sp))
						v.placementPlotsRef(p, uint8(sp))
						if u != v {
							t.Fatalf("%+v: seat %d, space %d: placementPlots pushed %d frames, placementPlotsRef %d", cfg, p, sp, u.sp-s.sp, v.sp-s.sp)
						}
						c["compared"]++
						if v.sp != s.sp {
							c["pushed"]++
						} else {
							c["none"]++
						}
					}
				}
			}},

		// Quest decisions (quest_decisions.go).
		{shortcut: "spendAny", reference: "spendAnyRef", every: 300, min: counts{"acted": 100, "idle": 100},
			compare: func(t *testing.T, cfg Config, s *State, c counts) {
				// Every seat and every quest, as if just completed (and
				// paid), with and without a KeepSpent plot.
				if int(s.sp)+8 > len(s.stack) {
					return // no room for the frames spendAny may push
				}
				for p := range s.numPlayers {
					for q := range 2 * len(s.c.quests) {
						st := *s
						if q >= len(s.c.quests) {
							// The same with Seize Citadel of the Bloody Hand held.
							q -= len(s.c.quests)
							st.players[p].completed = st.players[p].completed.or(s.c.plotQuests[quests.KeepSpent])
						}
						st.players[p].completed.add(uint8(q))
						st.pay(p, st.c.quests[q].Requires)
						same, v, ev := compareEffect(&st, func(u *State) { u.spendAny(p, uint8(q)) }, func(v *State) { v.spendAnyRef(p, uint8(q)) })
						if !same {
							t.Fatalf("%+v: seat %d, quest %d: spendAny and spendAnyRef differ", cfg, p, q)
						}
						c["compared"]++
						if v != st || len(ev) != 0 {
							c["acted"]++
						} else {
							c["idle"]++
						}
					}
				}
			}},
		{shortcut: "anyCompletable", reference: "anyCompletableRef", every: 2, min: counts{"yes": 1000, "no": 1000},
			compare: func(t *testing.T, cfg Config, s *State, c counts) {
				if int(s.sp) >= len(s.stack) {
					return
				}
				for p := range s.numPlayers {
					got, want := s.anyCompletable(p), s.anyCompletableRef(p)
					if got != want {
						t.Fatalf("%+v: seat %d: anyCompletable %v, anyCompletableRef %v", cfg, p, got, want)
					}
					c["compared"]++
					countCase(c, want, "yes", "no")
				}
			}},
		{shortcut: "offeredActive", reference: "offeredActiveRef", every: 2, min: counts{"passed": 1},
			compare: func(t *testing.T, cfg Config, s *State, c counts) {
				// offeredActive passes a quest only where check does, and
				// every active quest of the turn's offer that check does.
				f := s.top()
				if f.kind != dQuest {
					return
				}
				for v := range MaxQuests {
					got, ok := s.offeredActive(f, v), s.offeredActiveRef(v)
					if got && !ok || !got && ok && f.onlyQuest() == none && s.players[f.p].active.has(uint8(v)) {
						t.Fatalf("%+v, round %d: quest %d, offeredActive %v, offeredActiveRef %v", cfg, s.round, v, got, ok)
					}
					c["compared"]++
					if got {
						c["passed"]++
					}
				}
			}},

		// Choices (building_choices.go, space_choices.go, skullport_cards.go).
		{shortcut: "buildingChoices", reference: "buildingChoicesRef", every: 2,
			compare: func(t *testing.T, cfg Config, s *State, c counts) {
				for p := range s.numPlayers {
					for purpose := buildBuy; purpose <= buildSteal; purpose++ {
						f := buildingFrame(p, purpose)
						if got, want := s.buildingChoices(&f), s.buildingChoicesRef(&f); got != want {
							t.Fatalf("%+v, round %d, player %d, purpose %d: buildingChoices %v, buildingChoicesRef %v",
								cfg, s.round, p, purpose, got, want)
						}
						c["compared"]++
					}
				}
			}},
		{shortcut: "spaceChoices", reference: "spaceChoicesRef", every: 10, min: counts{"move yes": 1000, "move no": 1000},
			compare: func(t *testing.T, cfg Config, s *State, c counts) {
				for p := range s.numPlayers {
					for purpose := spaceCopy; purpose <= spaceManipulateTo; purpose++ {
						for _, b := range []uint8{0, 1, none} {
							f := spaceFrame(p, purpose, b)
							want := s.spaceChoicesRef(&f)
							if got := s.spaceChoices(&f); got != want {
								t.Fatalf("%+v: seat %d, purpose %d, b %d: spaceChoices %v, spaceChoicesRef %v",
									cfg, p, purpose, b, spaceNames(s, got), spaceNames(s, want))
							}
							c["compared"]++
							if purpose == spaceMoveCorruption {
								// Moving corruption, with a token to move and without.
								countCase(c, want.empty(), "move no", "move yes")
							}
						}
					}
				}
			}},
		{shortcut: "anyCopyTarget", reference: "anyCopyTargetRef", every: 2, min: counts{"found": 1, "none": 1},
			compare: func(t *testing.T, cfg Config, s *State, c counts) {
				// Every player, depth and standing a copy is checked with,
				// copying from no space, space 0, a Harbor space and the
				// first occupied space whose action cannot fail.
				froms := []int{-1, 0, int(s.c.harbor[0])}
				if sp := s.occupied.andNot(s.c.conditionalSpaces).next(0); sp >= 0 {
					froms = append(froms, sp)
				}
				for p := range s.numPlayers {
					for _, from := range froms {
						for depth := 1; depth <= maxCopyDepth+1; depth++ {
							for _, st := range []standing{noStanding, noStanding | standHarbor} {
								got, want := s.anyCopyTarget(p, from, depth, 0, st), s.anyCopyTargetRef(p, from, depth, 0, st)
								if got != want {
									t.Fatalf("%+v, round %d, player %d, from %d, depth %d: anyCopyTarget %v, anyCopyTargetRef %v",
										cfg, s.round, p, from, depth, got, want)
								}
								c["compared"]++
								countCase(c, want, "found", "none")
							}
						}
					}
				}
			}},
		{shortcut: "anyCopyCorrupt", reference: "anyCopyCorruptRef", every: 4, min: counts{"found": 1000, "none": 1000},
			compare: func(t *testing.T, cfg Config, s *State, c counts) {
				// Without Skullport there is no corruption: nothing to copy.
				for p := range s.numPlayers {
					for _, st := range harborStandings(s) {
						for depth := 1; depth <= maxCopyDepth+1; depth++ {
							got, want := s.anyCopyCorrupt(p, depth, 0, st), s.anyCopyCorruptRef(p, depth, 0, st)
							if got != want {
								t.Fatalf("%+v, round %d, seat %d, depth %d: anyCopyCorrupt %v, anyCopyCorruptRef %v", cfg, s.round, p, depth, got, want)
							}
							c["compared"]++
							countCase(c, want, "found", "none")
						}
					}
				}
			}},
		{shortcut: "tallyModules", reference: "tallyModulesRef", min: counts{"owned": 1},
			compare: func(t *testing.T, cfg Config, s *State, c counts) {
				for p := range s.numPlayers {
					_, got, _ := s.tallyModules(PlayerID(p))
					want := s.tallyModulesRef(PlayerID(p))
					if got != want {
						t.Fatalf("%+v, round %d, player %d: tallyModules counts module tiles %v, tallyModulesRef %v", cfg, s.round, p, got, want)
					}
					c["compared"]++
					c["owned"] += want[0] + want[1]
				}
			}},

		// Intrigue cards (intrigue_play.go) and responses (respond.go).
		{shortcut: "playableCards", reference: "playableCardsRef",
			compare: func(t *testing.T, cfg Config, s *State, c counts) {
				// Any card, and each card of the hand alone.
				for p := range s.numPlayers {
					f := frame{kind: dIntrigue, p: p}
					if got, want := s.playableCards(&f), s.playableCardsRef(&f); got != want {
						t.Fatalf("%+v, round %d, player %d: playableCards %v, playableCardsRef %v", cfg, s.round, p, got, want)
					}
					hand := s.players[p].hand
					for card := hand.next(0); card >= 0; card = hand.next(card + 1) {
						f.setOnlyCard(uint8(card))
						if got, want := s.playableCards(&f), s.playableCardsRef(&f); got != want {
							t.Fatalf("%+v, round %d, player %d, card %d only: playableCards %v, playableCardsRef %v", cfg, s.round, p, card, got, want)
						}
					}
					c["compared"]++
				}
			}},
		{shortcut: "anyPlayable", reference: "anyPlayableRef", min: counts{"lord shown, yes": 100, "lord shown, no": 100},
			compare: func(t *testing.T, cfg Config, s *State, c counts) {
				for p := range s.numPlayers {
					for _, st := range harborStandings(s) {
						got, want := s.anyPlayable(p, 1, st), s.anyPlayableRef(p, 1, st)
						if got != want {
							t.Fatalf("%+v, round %d, player %d: anyPlayable %v, anyPlayableRef %v", cfg, s.round, p, got, want)
						}
						c["compared"]++
						if s.lordsShown != 0 {
							countCase(c, want, "lord shown, yes", "lord shown, no")
						}
					}
				}
			}},
		{shortcut: "cardPlayable", reference: "cardPlayableRef", every: 6,
			min: counts{"trimmed yes": 1000, "trimmed no": 1000, "paid yes": 1000, "paid no": 1000},
			compare: func(t *testing.T, cfg Config, s *State, c counts) {
				// Every seat and every card, with no standing and an agent
				// at the Harbor. Counted: cards whose steps cardChecks
				// trims, and cards whose payment its need settles.
				var trimmed, paid [2]int
				u := *s
				for p := range s.numPlayers {
					for i := range s.c.intrigue {
						chk := &s.c.cardChecks[i]
						for _, st := range harborStandings(s) {
							got, want := s.cardPlayable(p, uint8(i), 0, st), u.cardPlayableRef(p, uint8(i), 0, st)
							if got != want {
								t.Fatalf("%+v: seat %d, %s: cardPlayable %v looking at %d of its %d steps, cardPlayableRef %v",
									cfg, p, s.c.intrigue[i].ID, got, chk.walk, len(s.c.intrigue[i].Effect), want)
							}
							if s.c.intrigueAlways.has(uint8(i)) {
								continue
							}
							if chk.pays {
								paid[bit(want)]++
							}
							if int(chk.walk) < len(s.c.intrigue[i].Effect) {
								trimmed[bit(want)]++
							}
						}
					}
				}
				c["compared"]++
				c["trimmed no"] += trimmed[0]
				c["trimmed yes"] += trimmed[1]
				c["paid no"] += paid[0]
				c["paid yes"] += paid[1]
			}},
		{shortcut: "canGive", reference: "canGiveRef", every: 5, min: counts{"yes": 1000, "no": 1000, "corruption no": 100},
			compare: func(t *testing.T, cfg Config, s *State, c counts) {
				// Every step a dRespond may ask about (a deal, a gift, a
				// trade); the needs are exact for the content's steps.
				sc := s.c
				var yes, no, corruptNo int
				for prog, program := range sc.programs {
					for pc := range program {
						var purpose respondPurpose
						switch program[pc].Kind {
						case content.StepEachOpponentMay:
							purpose = respondDeal
						case content.StepEachOpponentMayGive:
							purpose = respondGive
						case content.StepMayTrade:
							purpose = respondTrade
						default:
							continue
						}
						g := &sc.giveNeeds[prog][pc]
						if !g.exact {
							t.Fatalf("%s, step %d: the need is not exact", sc.programSource[prog], pc)
						}
						for p := range s.numPlayers {
							f := respondFrame(p, purpose, (p+1)%s.numPlayers, uint16(prog), uint8(pc))
							got, want := s.canGive(&f), s.canGiveRef(&f)
							if got != want {
								t.Fatalf("%+v: %s, step %d, seat %d (tavern %v, gold %d, corruption %d): canGive %v, canGiveRef %v",
									cfg, sc.programSource[prog], pc, p, s.players[p].tavern, s.players[p].gold, s.players[p].corrupt, got, want)
							}
							switch {
							case got:
								yes++
							case g.corrupt && s.players[p].has(&g.need):
								corruptNo++ // a deal refused for want of a corruption token only
							default:
								no++
							}
						}
					}
				}
				c["compared"] += yes + no + corruptNo
				c["yes"] += yes
				c["no"] += no
				c["corruption no"] += corruptNo
			}},

		// Picks (picks.go).
		{shortcut: "pickSource", reference: "pickSourceRef", every: 20,
			compare: func(t *testing.T, cfg Config, s *State, c counts) {
				// Every purpose, count, allowed set (or victim and stolen
				// kinds) and player.
				n := 0
				for p := range s.numPlayers {
					for purpose := pickGain; purpose <= pickToOwner; purpose++ {
						for count := range uint8(9) {
							for b := range uint8(16) {
								f := pickFrame(p, purpose, count, content.AdventurerSet(b))
								switch purpose {
								case pickSteal:
									f = stealPickFrame(p, count, b%s.numPlayers, b)
								case pickToOwner:
									f = toOwnerPickFrame(p, count, b)
								}
								avail, need := s.pickSource(&f)
								wantAvail, wantNeed := s.pickSourceRef(&f)
								if avail != wantAvail || need != wantNeed {
									t.Fatalf("%+v, frame %+v: pickSource %v, %d; pickSourceRef %v, %d", cfg, f, avail, need, wantAvail, wantNeed)
								}
								n++
							}
						}
					}
				}
				c["compared"] += n
			}},
		{shortcut: "pickChoices' table", reference: "picksRef", every: 5, min: counts{"table": 1000, "not": 1000},
			compare: func(t *testing.T, cfg Config, s *State, c counts) {
				// pickChoices takes every combination to be a pick when the
				// source holds the count of every kind (everyPick): the
				// supply and every tavern, each kind allowed or not.
				forEachPickSource(s, func(avail [content.NumAdventurers]uint8, have uint64, need int) {
					if !everyPick(have, need) {
						c["not"]++
						return
					}
					c["table"]++
					c["compared"]++
					if every, each := allSpaces(len(combosOfSize[need])), picksRef(have, need); every != each {
						t.Fatalf("%+v: %d of %v: every combination %x, picksRef %x", cfg, need, avail, every, each)
					}
				})
			}},
		{shortcut: "appendPicks", reference: "appendPicksRef", every: 20, min: counts{"every": 1000, "some": 1000},
			compare: func(t *testing.T, cfg Config, s *State, c counts) {
				forEachPickSource(s, func(avail [content.NumAdventurers]uint8, have uint64, need int) {
					picks := picksRef(have, need)
					for _, limit := range []int{1 << 30, 2} {
						buf = appendPicks(buf[:0], picks, need, limit)
						all = appendPicksRef(all[:0], picks, need, limit)
						if !slices.Equal(buf, all) {
							t.Fatalf("%+v: %d of %v, up to %d: appendPicks %v, appendPicksRef %v", cfg, need, avail, limit, buf, all)
						}
						c["compared"]++
					}
					countCase(c, picks == allSpaces(len(combosOfSize[need])), "every", "some")
				})
			}},

		// Listing answers (moves.go).
		{shortcut: "appendSet", reference: "appendSetRef", every: 2, min: counts{"compared": 1000},
			compare: func(t *testing.T, cfg Config, s *State, c counts) {
				// The answers run keeps (dPick's aside).
				if f := s.top(); f.kind.keepsAnswers() && f.kind != dPick {
					compareAppendSet(t, s.kept, keptMoveKind[f.kind])
					c["compared"]++
				}
			}},
		{shortcut: "movesUpTo", reference: "movesUpToRef", every: 4, min: counts{"pick cut": 1, "building cut": 1},
			compare: func(t *testing.T, cfg Config, s *State, c counts) {
				// movesUpTo(2), with which run counts a decision's answers,
				// at every decision run meets: after every answer to the
				// state, run's loop is followed decision by decision. With
				// at most one answer the two are the same; with more, the
				// count lists at least two, each of them legal. The picks
				// that The Eye's Lair's look-ahead filters (rare in random
				// games) are never cut short;
				// TestUndermountainGainPaysForTheCard fails if they are.
				compare := func(u *State) {
					limited := u.movesUpTo(buf[:0], 2)
					all = u.movesUpToRef(all[:0], 2)
					ok := slices.Equal(limited, all)
					if len(all) >= 2 {
						ok = len(limited) >= 2
						for _, m := range limited {
							ok = ok && slices.Contains(all, m)
						}
					}
					if !ok {
						t.Fatalf("%+v: decision %+v: movesUpTo(2) %v, movesUpToRef %v", cfg, *u.top(), limited, all)
					}
					c["compared"]++
					if len(limited) < len(all) {
						switch u.top().kind {
						case dPick:
							c["pick cut"]++
						case dBuilding:
							c["building cut"]++
						default:
							c[fmt.Sprintf("kind %d cut", u.top().kind)]++
						}
					}
				}
				answers = s.AppendMoves(answers[:0])
				for _, m := range answers {
					u := *s
					u.answer(m)
					for range maxAutoSteps {
						if u.phase == phaseOver {
							break
						}
						if u.sp == 0 {
							if u.advance() {
								break
							}
							continue
						}
						f := u.top()
						if !f.kind.isDecision() {
							if u.stepControl(f) {
								break
							}
							continue
						}
						compare(&u)
						n, only := u.answersUpTo2(f)
						if n >= 2 {
							break
						}
						if n == 0 {
							kind := f.kind
							u.pop()
							if kind == dPlace && u.sp > 0 && u.top().kind == fTurn {
								u.top().markQuestAsked()
							}
							continue
						}
						u.answer(only)
					}
				}
			}},

		// Determinizations (determinize.go): a Sampler's deals of a view
		// of s for each seat in turn, raw (before Sample's retries), checked
		// by validateDealt and by validate.
		{shortcut: "validateDealt", reference: "validateDealtRef", every: 25, min: counts{"accepted": 1000, "refused": 10},
			compare: func(t *testing.T, cfg Config, s *State, c counts) {
				if s.Over() {
					return
				}
				// A seat other than the one deciding, whose hidden hand
				// then decides what the decision offers.
				toAct, _ := s.ToAct()
				viewer := (toAct + 1) % PlayerID(s.Players())
				sm, err := NewSampler(s.View(viewer))
				if err != nil {
					t.Fatalf("%v round %d: NewSampler of seat %d's view: %v", cfg, s.round, viewer, err)
				}
				// A decision on a hidden hand (an intrigue card to play or
				// discard, a quest to complete) is where deals are refused:
				// more deals there.
				deals := uint64(8)
				if k := s.top().kind; k == dIntrigue || k == dDiscardIntrigue || k == dQuest {
					deals = 64
				}
				for seed := range deals {
					u, err := sm.v.deal(sm.public, &sm.d, nil, seed)
					if err != nil {
						t.Fatalf("%v round %d: deal %d: %v", cfg, s.round, seed, err)
					}
					got, want := u.validateDealt(), u.validateDealtRef()
					if (got == nil) != (want == nil) {
						t.Fatalf("%v round %d, seat %d's view, deal %d: validateDealt %v, validateDealtRef %v", cfg, s.round, viewer, seed, got, want)
					}
					c["compared"]++
					if got == nil {
						c["accepted"]++
					} else {
						c["refused"]++
					}
				}
			}},

		// The seat (seat.go).
		{shortcut: "Seat", reference: "seatRef", every: 10, min: counts{"non-empty sets": 1},
			compare: func(t *testing.T, cfg Config, s *State, c counts) {
				// Every seat and one past the table, the sets iterated in
				// the getters' order.
				for p := range PlayerID(s.Players() + 1) {
					seat, want := s.Seat(p), s.seatRef(p)
					if seat != want {
						t.Fatalf("%v seat %d: Seat %+v, seatRef %+v", cfg, p, seat, want)
					}
					hand, active, completed, mandatory := s.Hand(p), s.ActiveQuests(p), s.CompletedQuests(p), s.MandatoryQuests(p)
					sets := []struct {
						name      string
						got, want []int
						len       int
					}{
						{"Hand", ints(seat.Hand.All()), ints(slices.Values(hand)), seat.Hand.Len()},
						{"Active", ints(seat.Active.All()), ints(slices.Values(active)), seat.Active.Len()},
						{"Completed", ints(seat.Completed.All()), ints(slices.Values(completed)), seat.Completed.Len()},
						{"Mandatory", ints(seat.Mandatory.All()), ints(slices.Values(mandatory)), seat.Mandatory.Len()},
					}
					for _, set := range sets {
						if !slices.Equal(set.got, set.want) || set.len != len(set.want) {
							t.Fatalf("%v seat %d: %s %v (Len %d), getter %v", cfg, p, set.name, set.got, set.len, set.want)
						}
						c["non-empty sets"] += min(len(set.want), 1)
					}
					for q := range QuestID(255) {
						if seat.Active.Has(q) != slices.Contains(active, q) {
							t.Fatalf("%v seat %d: Active.Has(%d) wrong", cfg, p, q)
						}
					}
					for i := range IntrigueID(255) {
						if seat.Hand.Has(i) != slices.Contains(hand, i) {
							t.Fatalf("%v seat %d: Hand.Has(%d) wrong", cfg, p, i)
						}
					}
					c["compared"]++
				}
			}},
	}
}

// uniqueBundles returns bs without repeats, in their first order.
func uniqueBundles(bs []content.Bundle) []content.Bundle {
	seen := map[content.Bundle]bool{}
	var out []content.Bundle
	for _, b := range bs {
		if !seen[b] {
			seen[b] = true
			out = append(out, b)
		}
	}
	return out
}

// countCase counts a case in c: yes if ok, else no.
func countCase(c counts, ok bool, yes, no string) {
	if ok {
		c[yes]++
	} else {
		c[no]++
	}
}

// spaceNames names the spaces of set, for messages.
func spaceNames(s *State, set set128) []string {
	var out []string
	for sp := set.next(0); sp >= 0; sp = set.next(sp + 1) {
		out = append(out, s.c.spaceNames[sp])
	}
	return out
}

// forEachPickSource calls visit for the supply and every tavern of s, each
// kind allowed or not, and every count of a pick.
func forEachPickSource(s *State, visit func(avail [content.NumAdventurers]uint8, have uint64, need int)) {
	sources := [][content.NumAdventurers]uint8{s.supplyAll()}
	for p := range s.numPlayers {
		sources = append(sources, s.players[p].tavern)
	}
	for _, src := range sources {
		for allowed := range 16 {
			avail := src
			for k := range avail {
				if allowed&(1<<k) == 0 {
					avail[k] = 0
				}
			}
			have := lanes(avail)
			for need := range 8 {
				visit(avail, have, need)
			}
		}
	}
}

// ints collects a sequence of small ids as ints.
func ints[T QuestID | IntrigueID](seq func(func(T) bool)) []int {
	var out []int
	for v := range seq {
		out = append(out, int(v))
	}
	return out
}

// compareAppendSet compares appendSet with appendSetRef for set, after
// moves already in the buffer or none, in full and up to a limit, into a
// buffer with room for any set (appendInRoom) and one without.
func compareAppendSet(t *testing.T, set set128, k moveKind) {
	t.Helper()
	room := make([]Move, 0, 300)
	for _, before := range []int{0, 3} {
		prefix := []Move{1, 2, 3}[:before]
		for _, limit := range []int{1 << 30, 2} {
			want := appendSetRef(slices.Clone(prefix), k, set, limit)
			for _, dst := range [][]Move{append(room[:0], prefix...), slices.Clip(slices.Clone(prefix))} {
				if got := appendSet(dst, k, set, limit); !slices.Equal(got, want) {
					t.Fatalf("set %x, kind %d, %d before, limit %d, room %d: appendSet %v, appendSetRef %v", set, k, before, limit, cap(dst)-len(dst), got, want)
				}
			}
		}
	}
}

func inputRows() []inputRow {
	return []inputRow{
		{shortcut: "takeFromTrack", reference: "takeFromTrackRef", min: counts{"tracks": 1000},
			compare: func(t *testing.T, c counts) {
				// Every track with one space of tokens, and random ones,
				// taken down to empty.
				var tracks [][trackSpaces]uint8
				for i := range trackSpaces {
					for n := uint8(1); n <= trackMax; n++ {
						var tr [trackSpaces]uint8
						tr[i] = n
						tracks = append(tracks, tr)
					}
				}
				r := rand.New(rand.NewPCG(7, 8))
				for range 1000 {
					var tr [trackSpaces]uint8
					for i := range tr {
						tr[i] = uint8(r.IntN(trackMax + 1))
					}
					tracks = append(tracks, tr)
				}
				for _, tr := range tracks {
					var a, b State
					a.track, b.track = tr, tr
					for {
						got, want := a.takeFromTrack(), b.takeFromTrackRef()
						if got != want || a.track != b.track {
							t.Fatalf("track %v: takeFromTrack %v leaving %v; takeFromTrackRef %v leaving %v", tr, got, a.track, want, b.track)
						}
						c["compared"]++
						if !got {
							break
						}
					}
					c["tracks"]++
				}
			}},
		{shortcut: "kindsIn", reference: "kindsInRef", min: counts{"compared": 4 * 256 * 16},
			compare: func(t *testing.T, c counts) {
				// Every value of each byte, the others random.
				r := rand.New(rand.NewPCG(7, 9))
				for k := range content.NumAdventurers {
					for n := range 256 {
						for range 16 {
							v := [content.NumAdventurers]uint8{uint8(r.IntN(256)), uint8(r.IntN(256)), uint8(r.IntN(256)), uint8(r.IntN(256))}
							if r.IntN(2) == 0 {
								v[r.IntN(4)] = 0
							}
							v[k] = uint8(n)
							if got, want := kindsIn(unlanes(lanes(v))), kindsInRef(v); got != want {
								t.Fatalf("kindsIn(%v) = %#b, kindsInRef %#b", v, got, want)
							}
							c["compared"]++
						}
					}
				}
			}},
		{shortcut: "appendSet (random sets)", reference: "appendSetRef", min: counts{"compared": 1002},
			compare: func(t *testing.T, c counts) {
				r := rand.New(rand.NewPCG(7, 8))
				for range 1000 {
					compareAppendSet(t, set128{r.Uint64(), r.Uint64() >> r.IntN(64)}, mPick)
					c["compared"]++
				}
				compareAppendSet(t, set128{^uint64(0), ^uint64(0)}, mPick)
				compareAppendSet(t, set128{}, mPlace)
				c["compared"] += 2
			}},
		{shortcut: "playerState.has", reference: "hasRef", min: counts{"compared": 100},
			compare: func(t *testing.T, c counts) {
				rapid.Check(t, func(t *rapid.T) {
					var ps playerState
					var want [NumAdventurers]uint8
					for k := range NumAdventurers {
						ps.tavern[k] = rapid.Uint8().Draw(t, "have")
						want[k] = rapid.Uint8().Draw(t, "need")
					}
					ps.gold = rapid.Int32Range(-5, 20).Draw(t, "gold")
					n := need{cubes: lanes(want), gold: rapid.Int32Range(0, 20).Draw(t, "needGold"), total: rapid.Int32Range(0, 300).Draw(t, "total")}
					if got, ok := ps.has(&n), ps.hasRef(&n); got != ok {
						t.Fatalf("has(%v, %d gold) with %v and %d gold = %v, hasRef %v", want, n.gold, ps.tavern, ps.gold, got, ok)
					}
					c["compared"]++
				})
			}},
		{shortcut: "Content.chooseOne", reference: "chooseOneRef", doc: "chooseOneAnswers", min: counts{"compared": 5},
			compare: func(t *testing.T, c counts) {
				// Every choose_one step of the embedded content, its
				// answers listed when it was loaded, in ascending order
				// without repeats, as movesUpTo lists answers.
				for _, sc := range []*Content{BaseContent(), FullContent()} {
					for i, p := range sc.programs {
						for pc := range p {
							if p[pc].Kind != content.StepChooseOne {
								if sc.chooseOne[i] != nil && sc.chooseOne[i][pc] != nil {
									t.Fatalf("%s, step %d: answers listed for a %v step", sc.programSource[i], pc, p[pc].Kind)
								}
								continue
							}
							if got, want := sc.chooseOne[i][pc], chooseOneRef(sc, i, pc); !slices.Equal(got, want) {
								t.Fatalf("%s, step %d: Content.chooseOne %v, chooseOneRef %v", sc.programSource[i], pc, got, want)
							}
							c["compared"]++
						}
					}
				}
			}},
		{shortcut: "chooseOneReason", reference: "chooseOneReasonRef", min: counts{"yes": 10, "no": 1000},
			compare: func(t *testing.T, c counts) {
				// Every pick and every choose_one step of the base and the
				// full content.
				for _, sc := range []*Content{BaseContent(), FullContent()} {
					s := &State{c: sc}
					for i, p := range sc.programs {
						for pc := range p {
							if p[pc].Kind != content.StepChooseOne {
								continue
							}
							f := frame{kind: dChooseOne, prog: uint16(i), pc: uint8(pc)}
							for v := range pickCombos * 8 {
								m := mv(mPick, v)
								got, want := s.chooseOneReason(&f, m), s.chooseOneReasonRef(&f, m)
								if got != want {
									t.Fatalf("%s, step %d, pick %v: chooseOneReason %v, chooseOneReasonRef %v", sc.programSource[i], pc, decodePick(v), got, want)
								}
								c["compared"]++
								countCase(c, want == 0, "yes", "no")
							}
						}
					}
				}
			}},
		{shortcut: "shuffle", reference: "shuffleRef", min: counts{"compared": 1000, "redraws": 100},
			compare: func(t *testing.T, c counts) {
				// shuffle draws from a copy of the generator: the same
				// permutation as the plain loop, and the generator left
				// where the loop leaves it, for every length a deck may
				// have; and the draws made again (Lemire's method), which
				// come once in some 2^57 at most, so made here: the output
				// 0 gives the low word 0, below 2^64 mod n for any n not a
				// power of two. The state whose next step outputs 0 is
				// found by running the step backwards.
				for seed := range uint64(1000) {
					compareShuffle(t, newRNG(seed), int(seed%257))
					c["compared"]++
				}
				for _, n := range []int{3, 5, 6, 7, 100, 255, 256} {
					for lo := range uint64(20) {
						r := stateBefore(pcg{0, lo * 0x9e3779b97f4a7c15})
						if g, x := r.step(); x != 0 || g.hi != 0 {
							t.Fatalf("stateBefore is wrong: the step gives %+v, output %#x", g, x)
						}
						compareShuffle(t, r, n)
						c["compared"]++
						c["redraws"]++
					}
				}
			}},
	}
}

// compareShuffle fails t unless shuffle gives what shuffleRef gives on n
// cards from generator r, and leaves the generator where it does.
func compareShuffle(t *testing.T, r pcg, n int) {
	t.Helper()
	a, b := make([]uint8, n), make([]uint8, n)
	for i := range n {
		a[i], b[i] = uint8(i), uint8(i)
	}
	ra, rb := r, r
	shuffle(&ra, a)
	shuffleRef(&rb, b)
	if string(a) != string(b) || ra != rb {
		t.Fatalf("generator %+v, %d cards: shuffle gives %v (generator %+v), shuffleRef %v (%+v)", r, n, a, ra, b, rb)
	}
}

// stateBefore returns the generator whose step gives state s: the step is
// s = prev*mul + inc (mod 2^128), so prev = (s - inc) * mul^-1.
func stateBefore(s pcg) pcg {
	mod := new(big.Int).Lsh(big.NewInt(1), 128)
	u128 := func(hi, lo uint64) *big.Int {
		x := new(big.Int).Lsh(new(big.Int).SetUint64(hi), 64)
		return x.Or(x, new(big.Int).SetUint64(lo))
	}
	mul := u128(2549297995355413924, 4865540595714422341)
	inc := u128(6364136223846793005, 1442695040888963407)
	prev := new(big.Int).Sub(u128(s.hi, s.lo), inc)
	prev.Mul(prev, new(big.Int).ModInverse(mul, mod)).Mod(prev, mod)
	lo := new(big.Int).And(prev, u128(0, ^uint64(0)))
	return pcg{new(big.Int).Rsh(prev, 64).Uint64(), lo.Uint64()}
}
