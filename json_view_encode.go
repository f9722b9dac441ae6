package waterdeep

import (
	"errors"
	"fmt"
	"strconv"

	"github.com/waterdeep-go/waterdeep/content"
)

// The View's JSON encoder is written by hand, appending to one buffer: a
// server sends every seat its view after every move, and encoding/json's
// reflection (with the re-compacting of nested MarshalJSON output) cost
// about fifteen times as much as building the view. The output is exactly
// what encoding/json writes for the document types in json_view_decode.go (a test
// compares the two on the views of random games), so DecodeView reads it
// with those types.

// MarshalJSON returns the JSON form of the view (version ViewVersion,
// described at ViewVersion). It fails for a view without content (the zero
// View) and for numbers that name nothing in the content or seats that are
// not at the table.
//
// json.Marshal(v) calls it and then checks and copies what it returns; a
// server that encodes many views calls AppendJSON with a reused buffer
// instead.
func (v View) MarshalJSON() ([]byte, error) {
	return v.AppendJSON(make([]byte, 0, 8192))
}

// AppendJSON appends the JSON form of the view (see MarshalJSON) to dst
// and returns the extended buffer. On error it returns dst unchanged (up
// to its length) and the error.
func (v View) AppendJSON(dst []byte) ([]byte, error) {
	if v.c == nil {
		return dst, errors.New("waterdeep: cannot encode view: it has no content (make views with State.View)")
	}
	e := viewEncoder{b: dst, c: v.c, players: v.Players}
	e.view(&v)
	if e.err != nil {
		return dst, e.err
	}
	return e.b, nil
}

// viewEncoder appends a view's JSON to b, keeping the first error.
type viewEncoder struct {
	b       []byte
	c       *Content
	players int
	err     error
}

func (e *viewEncoder) fail(format string, args ...any) {
	if e.err == nil {
		e.err = fmt.Errorf("waterdeep: cannot encode view: "+format, args...)
	}
}

// key appends a key with its colon; s is the key with its quotes and
// the comma before it, if any.
func (e *viewEncoder) key(s string) { e.b = append(e.b, s...) }

func (e *viewEncoder) int(n int) { e.b = strconv.AppendInt(e.b, int64(n), 10) }

func (e *viewEncoder) bool(x bool) { e.b = strconv.AppendBool(e.b, x) }

func (e *viewEncoder) str(s string) { e.b = appendJSONString(e.b, s) }

// seat appends a seat of the game as "p1" to "p6".
func (e *viewEncoder) seat(p PlayerID, what string) {
	if int(p) >= e.players {
		e.fail("%s is %s, not a seat of this %d-player game (p1 to %s)", what, p, e.players, PlayerID(e.players-1))
		e.b = append(e.b, "null"...)
		return
	}
	e.b = appendSeatJSON(e.b, p)
}

// optSeat appends a seat, or null for NoPlayer.
func (e *viewEncoder) optSeat(p PlayerID, what string) {
	if p == NoPlayer {
		e.b = append(e.b, "null"...)
		return
	}
	e.seat(p, what)
}

func (e *viewEncoder) space(s SpaceID) {
	if int(s) >= len(e.c.spaces) {
		e.fail("space %d does not exist", s)
	}
	e.str(e.c.SpaceID(s))
}

func (e *viewEncoder) building(b BuildingID) {
	if int(b) >= len(e.c.tileNames) {
		e.fail("building %d does not exist", b)
	}
	e.str(e.c.BuildingID(b))
}

func (e *viewEncoder) quests(qs []QuestID) {
	e.b = append(e.b, '[')
	for i, q := range qs {
		if i > 0 {
			e.b = append(e.b, ',')
		}
		if int(q) >= len(e.c.questNames) {
			e.fail("quest %d does not exist", q)
		}
		e.str(e.c.QuestID(q))
	}
	e.b = append(e.b, ']')
}

func (e *viewEncoder) intrigue(is []IntrigueID) {
	e.b = append(e.b, '[')
	for i, c := range is {
		if i > 0 {
			e.b = append(e.b, ',')
		}
		if int(c) >= len(e.c.intrigueNames) {
			e.fail("intrigue card %d does not exist", c)
		}
		e.str(e.c.IntrigueID(c))
	}
	e.b = append(e.b, ']')
}

func (e *viewEncoder) buildings(bs []BuildingID) {
	e.b = append(e.b, '[')
	for i, b := range bs {
		if i > 0 {
			e.b = append(e.b, ',')
		}
		e.building(b)
	}
	e.b = append(e.b, ']')
}

func (e *viewEncoder) cubes(a *[NumAdventurers]int) {
	e.key(`{"cleric":`)
	e.int(a[Cleric])
	e.key(`,"fighter":`)
	e.int(a[Fighter])
	e.key(`,"rogue":`)
	e.int(a[Rogue])
	e.key(`,"wizard":`)
	e.int(a[Wizard])
	e.b = append(e.b, '}')
}

func (e *viewEncoder) view(v *View) {
	c := e.c
	e.key(`{"version":`)
	e.int(ViewVersion)
	e.key(`,"viewer":`)
	if v.Viewer == Spectator {
		e.b = append(e.b, "null"...)
	} else {
		e.seat(v.Viewer, "viewer")
	}
	e.key(`,"players":`)
	e.int(v.Players)
	e.key(`,"modules":[`)
	if v.Modules&^content.AllModules != 0 {
		e.fail("unknown modules %#x", uint8(v.Modules))
	}
	for i, m := range [...]Modules{Undermountain, Skullport} {
		if v.Modules.Has(m) {
			if i > 0 && v.Modules.Has(Undermountain) {
				e.b = append(e.b, ',')
			}
			e.str(m.String())
		}
	}
	e.key(`],"long":`)
	e.bool(v.Long)
	e.key(`,"round":`)
	e.int(v.Round)
	e.key(`,"over":`)
	e.bool(v.Over)
	e.key(`,"first":`)
	e.seat(v.First, "first")
	e.key(`,"to_act":`)
	e.optSeat(v.ToAct, "to_act")
	e.key(`,"decision":`)
	e.decision(&v.Decision)

	e.key(`,"legal":[`)
	for i, a := range v.Legal {
		if i > 0 {
			e.b = append(e.b, ',')
		}
		if a == nil || int(a.Actor()) >= v.Players || !actionInRange(c, v.Players, a) {
			e.fail("legal action %d (%v) names something that is not in this game", i, a)
			e.b = append(e.b, "null"...)
			continue
		}
		b, err := appendActionJSON(e.b, c, a)
		if err != nil {
			if e.err == nil {
				e.err = err
			}
			e.b = append(e.b, "null"...)
			continue
		}
		e.b = b
	}
	e.b = append(e.b, ']')

	e.key(`,"supply":`)
	e.cubes(&v.Supply)
	e.key(`,"caravans":`)
	e.cubes(&v.Caravans)

	e.key(`,"spaces":[`)
	for i := range v.Spaces {
		sp := &v.Spaces[i]
		if i > 0 {
			e.b = append(e.b, ',')
		}
		e.key(`{"space":`)
		e.space(sp.Space)
		e.key(`,"agents":[`)
		for j, p := range sp.Agents {
			if j > 0 {
				e.b = append(e.b, ',')
			}
			e.seat(p, "an agent's owner")
		}
		e.key(`],"ambassador":`)
		e.bool(sp.Ambassador)
		e.key(`,"building":`)
		if sp.Tile {
			e.building(sp.Building)
			e.key(`,"owner":`)
			e.optSeat(sp.Owner, "a building's owner")
		} else {
			if sp.Building != 0 || sp.Owner != NoPlayer {
				e.fail("space %s is no tile's but has building %d, owner %v", c.SpaceID(sp.Space), sp.Building, sp.Owner)
			}
			e.key(`null,"owner":null`)
		}
		e.key(`,"stock":`)
		e.int(sp.Stock)
		e.key(`,"placed":`)
		if sp.Placed == (Bundle{}) && sp.PlacedCorruption == 0 {
			e.b = append(e.b, "null"...)
		} else {
			e.key(`{"cleric":`)
			e.int(sp.Placed.Cleric)
			e.key(`,"fighter":`)
			e.int(sp.Placed.Fighter)
			e.key(`,"rogue":`)
			e.int(sp.Placed.Rogue)
			e.key(`,"wizard":`)
			e.int(sp.Placed.Wizard)
			e.key(`,"gold":`)
			e.int(sp.Placed.Gold)
			e.key(`,"corruption":`)
			e.int(sp.PlacedCorruption)
			e.b = append(e.b, '}')
		}
		e.b = append(e.b, '}')
	}
	e.b = append(e.b, ']')

	e.key(`,"cliffwatch":`)
	e.quests(v.Cliffwatch)
	e.key(`,"revealed":`)
	e.quests(v.Revealed)
	e.key(`,"for_sale":[`)
	for i, t := range v.ForSale {
		if i > 0 {
			e.b = append(e.b, ',')
		}
		e.key(`{"building":`)
		e.building(t.Building)
		e.key(`,"vp":`)
		e.int(t.VP)
		e.b = append(e.b, '}')
	}
	e.key(`],"gone":`)
	e.buildings(v.Gone)

	e.key(`,"ambassador":{"holder":`)
	e.optSeat(v.AmbassadorHolder, "the Ambassador's holder")
	e.key(`,"space":`)
	if v.AmbassadorPlaced {
		e.space(v.AmbassadorSpace)
	} else {
		if v.AmbassadorSpace != 0 {
			e.fail("the Ambassador is not placed but has space %d", v.AmbassadorSpace)
		}
		e.b = append(e.b, "null"...)
	}
	e.key(`,"gone":`)
	e.bool(v.AmbassadorGone)
	e.key(`},"quest_deck":`)
	e.int(v.QuestDeck)
	e.key(`,"intrigue_deck":`)
	e.int(v.IntrigueDeck)
	e.key(`,"building_stack":`)
	e.int(v.BuildingStack)
	e.key(`,"quest_discard":`)
	e.quests(v.QuestDiscard)
	e.key(`,"intrigue_discard":`)
	e.intrigue(v.IntrigueDiscard)
	e.key(`,"removed":{"quests":`)
	e.int(v.RemovedQuests)
	e.key(`,"intrigue":`)
	e.int(v.RemovedIntrigue)
	e.key(`,"buildings":`)
	e.int(v.RemovedBuildings)
	e.key(`},"corruption":`)
	if v.Modules.Has(Skullport) {
		e.key(`{"track":[`)
		for i, n := range v.Track {
			if i > 0 {
				e.b = append(e.b, ',')
			}
			e.int(n)
		}
		e.key(`],"removed":`)
		e.int(v.CorruptionRemoved)
		e.key(`,"value":`)
		e.int(v.CorruptionValue)
		e.b = append(e.b, '}')
	} else {
		e.b = append(e.b, "null"...)
	}

	e.key(`,"seats":[`)
	for i := range v.Seats {
		if i > 0 {
			e.b = append(e.b, ',')
		}
		e.seatView(&v.Seats[i])
	}
	e.key(`],"progress":"`)
	e.b, _ = v.Progress.AppendText(e.b) // base64url and a dot: nothing to escape
	e.key(`"}`)
}

func (e *viewEncoder) decision(d *Decision) {
	if *d == noDecision {
		e.b = append(e.b, "null"...)
		return
	}
	if d.Kind == NoDecision || int(d.Kind) >= len(decisionKindNames) {
		e.fail("decision kind %d", d.Kind)
		e.b = append(e.b, "null"...)
		return
	}
	if d.Kinds > content.AllAdventurers {
		e.fail("decision kinds %#x", d.Kinds)
	}
	e.key(`{"kind":`)
	e.str(decisionKindNames[d.Kind])
	e.key(`,"player":`)
	e.seat(d.Player, "the decision's player")
	e.key(`,"optional":`)
	e.bool(d.Optional)
	e.key(`,"count":`)
	e.int(d.Count)
	e.key(`,"kinds":[`)
	first := true
	for k := range Adventurer(NumAdventurers) {
		if d.Kinds.Has(k) {
			if !first {
				e.b = append(e.b, ',')
			}
			first = false
			e.str(k.String())
		}
	}
	e.key(`],"give":{"cleric":`)
	e.int(d.Give.Cleric)
	e.key(`,"fighter":`)
	e.int(d.Give.Fighter)
	e.key(`,"rogue":`)
	e.int(d.Give.Rogue)
	e.key(`,"wizard":`)
	e.int(d.Give.Wizard)
	e.key(`,"gold":`)
	e.int(d.Give.Gold)
	e.key(`,"any":`)
	e.int(d.Give.Any)
	e.key(`},"vp":`)
	e.int(d.VP)
	e.key(`,"other":`)
	e.optSeat(d.Other, "the decision's other player")
	e.key(`,"purpose":`)
	e.str(d.Purpose)
	e.key(`,"source":`)
	e.str(d.Source)
	e.key(`,"reassign":`)
	e.bool(d.Reassign)
	e.key(`,"from":`)
	if d.Reassign {
		e.space(d.From)
	} else {
		e.b = append(e.b, "null"...)
	}
	e.key(`,"ambassador":`)
	e.bool(d.Ambassador)
	e.b = append(e.b, '}')
}

func (e *viewEncoder) seatView(s *SeatView) {
	e.key(`{"seat":`)
	e.seat(s.Seat, "seat")
	e.key(`,"score":`)
	e.int(s.Score)
	e.key(`,"gold":`)
	e.int(s.Gold)
	e.key(`,"tavern":`)
	e.cubes(&s.Tavern)
	e.key(`,"corruption":`)
	e.int(s.Corruption)
	e.key(`,"agents":`)
	e.int(s.Agents)
	e.key(`,"pool":`)
	e.int(s.Pool)
	e.key(`,"hand_size":`)
	e.int(s.HandSize)
	e.key(`,"hand":`)
	e.intrigue(s.Hand)
	e.key(`,"lord":`)
	switch {
	case !s.LordKnown:
		if s.Lord != 0 {
			e.fail("%v's lord is hidden but set to %d", s.Seat, s.Lord)
		}
		e.b = append(e.b, "null"...)
	case int(s.Lord) >= len(e.c.lords):
		e.fail("lord %d does not exist", s.Lord)
		e.b = append(e.b, "null"...)
	default:
		e.str(e.c.lords[s.Lord].ID)
	}
	e.key(`,"active":`)
	e.quests(s.Active)
	e.key(`,"completed":`)
	e.quests(s.Completed)
	e.key(`,"mandatory":`)
	e.intrigue(s.Mandatory)
	e.key(`,"buildings":`)
	e.buildings(s.Buildings)
	e.key(`,"orb_used":`)
	e.bool(s.OrbUsed)
	e.key(`,"swap_used":`)
	e.bool(s.SwapUsed)
	// The Skullport cards (issue 13).
	e.key(`,"lords_seen":[`)
	for i, o := range s.LordsSeen {
		if i > 0 {
			e.b = append(e.b, ',')
		}
		e.b = appendSeatJSON(e.b, o)
	}
	e.b = append(e.b, ']')
	e.key(`,"turn_used":`)
	e.b = strconv.AppendInt(e.b, int64(s.TurnUsed), 10)
	// The Undermountain cards (issue 14).
	e.key(`,"visit_used":`)
	e.bool(s.VisitUsed)
	e.key(`,"lord_shown":`)
	e.bool(s.LordShown)
	e.key(`,"known_hand":`)
	e.intrigue(s.KnownHand)
	e.b = append(e.b, '}')
}

// appendSeatJSON appends seat p (a seat, not NoPlayer or Spectator) as a
// JSON string: "p1" to "p6".
func appendSeatJSON(b []byte, p PlayerID) []byte {
	return append(b, '"', 'p', byte('1'+p), '"')
}
