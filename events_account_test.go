package waterdeep

// Events accounted for (issue 39): a frontend that keeps its own copy of
// the table from the event stream alone stays right. Over random games of
// every module set, each action's events are replayed onto a ledger of
// what every seat holds, taken from the public getters before the action
// (cubes and gold, VP, corruption, intrigue hand, active, completed and
// mandatory quests, tiles controlled, agents) and of the table (Cliffwatch
// Inn, what lies on the spaces, the first player, the Ambassador); the
// ledger must then equal the getters after the action. An event left out
// leaves the ledger short of a change; an event that reports what did not
// happen moves it where the state did not go. Owner benefits are derived
// from the placements: an agent assigned to another player's tile must be
// followed by that owner's benefit, and a benefit must follow such a
// placement.
//
// score_events_test.go checks the VP alone over many base games, and
// module_events_test.go corruption and placed resources in games with
// both modules; this test holds every kind of holding to account in every
// module set.

import (
	"fmt"
	"maps"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/waterdeep-go/waterdeep/quests"
)

// ledgerSeat is what one seat holds, as the events tell it.
type ledgerSeat struct {
	Gold, VP, Corruption int
	Tavern               [NumAdventurers]int
	Agents, Pool         int
	Hand, Mandatory      map[IntrigueID]bool
	Active, Completed    map[QuestID]bool
}

// ledger is the table as the events tell it.
type ledger struct {
	Seats      []ledgerSeat
	Tiles      map[BuildingID]PlayerID // owner of each tile in play
	Cliffwatch map[QuestID]bool
	Placed     map[SpaceID]PlacedResources
	First      PlayerID
	Round      int
	Over       bool
}

func setOf[T comparable](xs []T) map[T]bool {
	m := map[T]bool{}
	for _, x := range xs {
		m[x] = true
	}
	return m
}

// ledgerOf reads the ledger from a state's public getters.
func ledgerOf(s State) ledger {
	n := s.Players()
	l := ledger{Tiles: map[BuildingID]PlayerID{}, Cliffwatch: setOf(s.Cliffwatch()), Placed: map[SpaceID]PlacedResources{},
		First: s.FirstPlayer(), Round: s.Round(), Over: s.Over()}
	for q := range PlayerID(n) {
		owned, pool := s.Agents(q)
		l.Seats = append(l.Seats, ledgerSeat{
			Gold: s.Gold(q), VP: s.Score(q), Corruption: s.Corruption(q), Tavern: s.Tavern(q),
			Agents: owned, Pool: pool,
			Hand: setOf(s.Hand(q)), Mandatory: setOf(s.MandatoryQuests(q)),
			Active: setOf(s.ActiveQuests(q)), Completed: setOf(s.CompletedQuests(q)),
		})
	}
	for b := range BuildingID(s.Content().NumBuildings()) {
		if o, ok := s.Owner(b); ok {
			l.Tiles[b] = o
		}
	}
	for _, pr := range s.Placed() {
		l.Placed[pr.Space] = pr
	}
	return l
}

func (l ledger) clone() ledger {
	out := l
	out.Seats = slices.Clone(l.Seats)
	for i, st := range out.Seats {
		st.Hand, st.Mandatory = maps.Clone(st.Hand), maps.Clone(st.Mandatory)
		st.Active, st.Completed = maps.Clone(st.Active), maps.Clone(st.Completed)
		out.Seats[i] = st
	}
	out.Tiles, out.Cliffwatch, out.Placed = maps.Clone(l.Tiles), maps.Clone(l.Cliffwatch), maps.Clone(l.Placed)
	return out
}

func addBundle(t *[NumAdventurers]int, gold *int, a Bundle, sign int) {
	t[Cleric] += sign * a.Cleric
	t[Fighter] += sign * a.Fighter
	t[Rogue] += sign * a.Rogue
	t[Wizard] += sign * a.Wizard
	*gold += sign * a.Gold
}

// apply replays events onto the ledger; it returns what cannot have
// happened (an intrigue card played that was not in the hand, ...).
func (l *ledger) apply(c *Content, before State, evs []Event) error {
	seat := func(p PlayerID) (*ledgerSeat, error) {
		if int(p) >= len(l.Seats) {
			return nil, fmt.Errorf("no seat %v", p)
		}
		return &l.Seats[p], nil
	}
	// Owner benefits: each agent assigned to another player's tile, and
	// each benefit reported, paired in order.
	var owed []Event
	// Tiles given up: unless regained (Forge Deed), each leaves the game
	// with what lies on its space (RULES.md 32).
	lost := map[BuildingID]bool{}
	for _, e := range evs {
		st, err := seat(e.Player)
		switch e.Kind {
		case EvAction, EvAutoAnswer, EvPassed, EvQuestRevealed, EvBuildingForSale, EvLordSeen, EvLordRevealed,
			EvAgentMoved, EvAmbassadorTaken:
			continue // no holding of the ledger moves
		case EvRoundEnded:
			for i := range l.Seats {
				l.Seats[i].Pool = l.Seats[i].Agents // every agent returns
			}
			continue
		case EvRoundStarted:
			l.Round = e.Round
			continue
		case EvGameOver:
			l.Over = true
			continue
		case EvQuestDealt:
			l.Cliffwatch[e.Quest] = true
			continue
		case EvQuestDiscarded:
			if e.Player == NoPlayer {
				delete(l.Cliffwatch, e.Quest)
				continue
			}
		}
		if err != nil {
			return fmt.Errorf("%v: %v", e.Kind, err)
		}
		switch e.Kind {
		case EvGained:
			addBundle(&st.Tavern, &st.Gold, e.Amount, 1)
			st.VP += e.Amount.VP
		case EvPaid:
			addBundle(&st.Tavern, &st.Gold, e.Amount, -1)
			st.VP -= e.Amount.VP
		case EvTransferred:
			from, err := seat(e.Other)
			if err != nil {
				return err
			}
			addBundle(&st.Tavern, &st.Gold, e.Amount, 1)
			addBundle(&from.Tavern, &from.Gold, e.Amount, -1)
		case EvScored, EvFinalScore:
			st.VP += e.Amount.VP
		case EvBuildingBought, EvBuildingGained:
			if o, ok := l.Tiles[e.Building]; ok {
				return fmt.Errorf("%v: %s already belongs to %v", e.Kind, c.BuildingID(e.Building), o)
			}
			l.Tiles[e.Building] = e.Player
			delete(lost, e.Building)
			st.Gold -= e.Amount.Gold
			st.VP += e.Amount.VP
		case EvBuildingLost:
			if o, ok := l.Tiles[e.Building]; !ok || o != e.Player {
				return fmt.Errorf("%v loses %s, which is not theirs", e.Player, c.BuildingID(e.Building))
			}
			delete(l.Tiles, e.Building)
			lost[e.Building] = true
		case EvIntrigueDrawn:
			if st.Hand[e.Card] {
				return fmt.Errorf("%v draws %s, already in hand", e.Player, c.IntrigueID(e.Card))
			}
			st.Hand[e.Card] = true
		case EvIntriguePlayed, EvIntrigueDiscarded:
			if !st.Hand[e.Card] {
				return fmt.Errorf("%v: %v plays or discards %s, not in hand", e.Kind, e.Player, c.IntrigueID(e.Card))
			}
			delete(st.Hand, e.Card)
		case EvIntrigueHandedOver:
			from, err := seat(e.Other)
			if err != nil {
				return err
			}
			// The card handed over is the one being played (Inevitable
			// Betrayal), out of the hand already, or one in the hand.
			delete(from.Hand, e.Card)
			if st.Hand[e.Card] {
				return fmt.Errorf("%v is handed %s, already in hand", e.Player, c.IntrigueID(e.Card))
			}
			st.Hand[e.Card] = true
		case EvMandatoryAssigned:
			if from, err := seat(e.Other); err == nil && from.Mandatory[e.Card] {
				delete(from.Mandatory, e.Card) // Foist Responsibility
			}
			st.Mandatory[e.Card] = true
		case EvMandatoryCompleted, EvMandatoryDiscarded:
			if !st.Mandatory[e.Card] {
				return fmt.Errorf("%v: %s is not %v's", e.Kind, c.IntrigueID(e.Card), e.Player)
			}
			delete(st.Mandatory, e.Card)
		case EvQuestTaken:
			if st.Active[e.Quest] || st.Completed[e.Quest] {
				return fmt.Errorf("%v takes %s again", e.Player, c.QuestID(e.Quest))
			}
			delete(l.Cliffwatch, e.Quest)
			st.Active[e.Quest] = true
		case EvQuestCompleted:
			// An active quest, or a face-up one (Undermountain's quests
			// completed straight from Cliffwatch Inn).
			switch {
			case st.Active[e.Quest]:
				delete(st.Active, e.Quest)
			case l.Cliffwatch[e.Quest]:
				delete(l.Cliffwatch, e.Quest)
			default:
				return fmt.Errorf("%v completes %s, neither active nor face up", e.Player, c.QuestID(e.Quest))
			}
			st.Completed[e.Quest] = true
		case EvQuestDiscarded:
			if !st.Active[e.Quest] {
				return fmt.Errorf("%v discards %s, not active", e.Player, c.QuestID(e.Quest))
			}
			delete(st.Active, e.Quest)
		case EvCorruptionTaken:
			st.Corruption += e.Corruption
		case EvCorruptionReturned, EvCorruptionRemoved:
			st.Corruption -= e.Corruption
		case EvCorruptionMoved:
			st.Corruption -= e.Corruption
			pr := l.Placed[e.Space]
			pr.Space = e.Space
			pr.Corruption += e.Corruption
			l.Placed[e.Space] = pr
		case EvResourcesPlaced:
			pr := l.Placed[e.Space]
			pr.Space = e.Space
			var t [NumAdventurers]int
			addBundle(&t, &pr.Resources.Gold, e.Amount, 1)
			pr.Resources.Cleric += t[Cleric]
			pr.Resources.Fighter += t[Fighter]
			pr.Resources.Rogue += t[Rogue]
			pr.Resources.Wizard += t[Wizard]
			pr.Corruption += e.Corruption
			l.Placed[e.Space] = pr
		case EvPlacedTaken:
			if pr := l.Placed[e.Space]; pr.Resources != e.Amount || pr.Corruption != e.Corruption {
				return fmt.Errorf("%v takes %v and %d corruption from %s, where %+v lay", e.Player, e.Amount, e.Corruption, c.SpaceID(e.Space), pr)
			}
			delete(l.Placed, e.Space)
			addBundle(&st.Tavern, &st.Gold, e.Amount, 1)
			st.Corruption += e.Corruption
		case EvPlaced:
			if e.As == AsAgent {
				st.Pool--
			}
			if b, ok := c.SpaceTile(e.Space); ok && e.As != AsMoved {
				if o, owned := l.Tiles[b]; owned && o != e.Player && !(e.As == AsAmbassador && o == e.Player) {
					owed = append(owed, Event{Kind: EvOwnerBenefit, Player: o, Space: e.Space})
				}
			}
		case EvOwnerBenefit:
			b, ok := c.SpaceTile(e.Space)
			if o, owned := l.Tiles[b]; !ok || !owned || o != e.Player {
				return fmt.Errorf("%v gains the owner benefit of %s, not their tile", e.Player, c.SpaceID(e.Space))
			}
			if i := slices.Index(owed, e); i >= 0 {
				owed = slices.Delete(owed, i, i+1)
			} else if !before.HasPlot(e.Player, quests.OwnBenefit) {
				return fmt.Errorf("%v gains the owner benefit of %s, where nobody else was assigned", e.Player, c.SpaceID(e.Space))
			}
		case EvAgentReturned:
			st.Pool++
		case EvAgentGained:
			st.Agents++
			st.Pool++
		case EvFirstPlayer:
			l.First = e.Player
		default:
			return fmt.Errorf("event kind %v not accounted for", e.Kind)
		}
	}
	for b := range lost {
		delete(l.Placed, c.TileSpace(b))
	}
	if len(owed) > 0 {
		return fmt.Errorf("no owner benefit reported for %v", owed)
	}
	return nil
}

// TestEventsAccount plays four random games of each module set (16 at the
// full volumes) with ApplyEvents and holds every action's events to
// account.
func TestEventsAccount(t *testing.T) {
	games := 4
	if !quickRun() {
		games = 16
	}
	seen := map[EventKind]int{}
	for _, cfg := range contractConfigs {
		for g := range games {
			cfg.Seed = uint64(77 + 1000*g)
			eventsAccountGame(t, cfg, seen)
		}
	}
	// The kinds that every quick run must have met.
	for k := EvAction; k < numEventKinds; k++ {
		if seen[k] == 0 {
			t.Logf("no %v event in these games", k)
		}
	}
}

func eventsAccountGame(t *testing.T, cfg Config, seen map[EventKind]int) {
	t.Helper()
	s, err := New(cfg)
	if err != nil {
		t.Fatal(err)
	}
	c := s.Content()
	r := rand.New(rand.NewPCG(cfg.Seed, 77))
	var evs []Event
	for step := 0; !s.Over(); step++ {
		if step > harnessMaxSteps {
			t.Fatalf("%+v: not over after %d actions", cfg, step)
		}
		acts := s.LegalActions()
		a := acts[r.IntN(len(acts))]
		next, out, err := s.ApplyEvents(a, evs[:0])
		if err != nil {
			t.Fatal(err)
		}
		evs = out
		for _, e := range evs {
			seen[e.Kind]++
		}
		l := ledgerOf(s).clone()
		if err := l.apply(c, s, evs); err != nil {
			t.Fatalf("%+v, step %d, %v: %v; the events:\n%s", cfg, step, a, err, scoreEventsText(c, evs))
		}
		if want := ledgerOf(next); !eventsLedgerEqual(l, want) {
			t.Fatalf("%+v, step %d, %v: the events tell\n%+v\nthe state is\n%+v\nthe events:\n%s", cfg, step, a, l, want, scoreEventsText(c, evs))
		}
		s = next
	}
}

func eventsLedgerEqual(a, b ledger) bool {
	if len(a.Seats) != len(b.Seats) {
		return false
	}
	for i := range a.Seats {
		x, y := a.Seats[i], b.Seats[i]
		if x.Gold != y.Gold || x.VP != y.VP || x.Corruption != y.Corruption || x.Tavern != y.Tavern ||
			x.Agents != y.Agents || x.Pool != y.Pool || !maps.Equal(x.Hand, y.Hand) || !maps.Equal(x.Mandatory, y.Mandatory) ||
			!maps.Equal(x.Active, y.Active) || !maps.Equal(x.Completed, y.Completed) {
			return false
		}
	}
	for sp, pr := range a.Placed {
		if pr.Resources == (Bundle{}) && pr.Corruption == 0 {
			delete(a.Placed, sp) // a placement that found the supply empty
		}
	}
	return maps.Equal(a.Tiles, b.Tiles) && maps.Equal(a.Cliffwatch, b.Cliffwatch) && maps.Equal(a.Placed, b.Placed) &&
		a.First == b.First && a.Round == b.Round && a.Over == b.Over
}
