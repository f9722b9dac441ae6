package bots

import (
	"context"
	"math"
	"math/rand/v2"
	"slices"
	"sync"

	"github.com/waterdeep-go/waterdeep"
	"github.com/waterdeep-go/waterdeep/content"
	"github.com/waterdeep-go/waterdeep/lords"
	"github.com/waterdeep-go/waterdeep/quests"
)

// Greedy is a one-step lookahead player over a heuristic evaluation.
//
// To choose, it samples one full state consistent with its view
// (waterdeep.Determinize, seeded from the bot's generator, so a bot made
// with the same seed and shown the same views makes the same choices),
// applies each legal action to it, finishes the rest of its own turn
// greedily (every further decision of the same seat before its next agent
// placement is answered by the same one-step rule, at most a few deep),
// and evaluates the state reached. It takes the best; ties are broken by
// its seeded generator.
//
// The evaluation of a state from seat p's point of view, in VP, is:
//
//   - p's score, plus the end-of-game bonus of p's lord for the quests
//     already completed and the buildings controlled;
//   - every active quest (and owed mandatory quest) at its worth — the VP
//     of its reward, its other rewards at resource worth, the lord's bonus
//     if its type is the lord's, and the lasting worth of a plot — times a
//     share that falls with the agent turns still needed to gather what it
//     lacks (a cleric or wizard is a turn, a fighter or rogue half of one,
//     a gold piece a third of one, as the basic buildings give 1 cleric or
//     wizard, 2 fighters or rogues, 2 to 4 gold a turn): 0.92 when nothing is
//     missing, 0.92/(1+0.4m) for m turns missing, 0 if there are not m
//     turns left. Quests are served one by one from a single pool of held
//     adventurers, gold and remaining agent turns, the one adding most
//     first (its share less the worth of the held resources it uses up),
//     mandatory quests before the others; a quest that adds nothing is left
//     out. So a resource is counted once, quests that cannot be finished
//     before the game ends are worth nothing, and completing a ready quest
//     gains the missing 8% of its worth;
//   - resources no quest uses at their final-scoring worth (1 VP per
//     adventurer, 1/2 VP per gold), with a premium for clerics and wizards
//     (the scarce kinds) that fades as the game ends;
//   - a tempo term: 1.5 VP per intrigue card in hand (less in the last two
//     turns), 0.6 VP per building controlled and 0.8 VP for the Ambassador
//     per round left, 0.6 VP per turn left (at most 10) for each plot quest
//     completed or held, and 2 VP off per owed mandatory quest;
//   - with Skullport, minus each corruption token at what it would cost if
//     the game ended now (the label of the empty track space farthest
//     from -1);
//   - minus a fifth of the best opponent's evaluation (the same sum without
//     their lord, which p does not know), so that attacks, gifts and
//     mandatory quests go where they hurt the leader.
//
// Once the game is over, the evaluation is the final score.
type Greedy struct {
	r *rand.Rand
}

// NewGreedy returns a Greedy bot seeded with seed.
func NewGreedy(seed uint64) *Greedy {
	return &Greedy{r: rand.New(rand.NewPCG(seed, 0x9eed))}
}

// Name implements Bot.
func (g *Greedy) Name() string { return "greedy" }

// greedyFollowDepth bounds the decisions of the rest of a turn resolved
// greedily after the action being evaluated.
const greedyFollowDepth = 6

// Choose implements Bot.
func (g *Greedy) Choose(ctx context.Context, v waterdeep.View) (waterdeep.Action, error) {
	if len(v.Legal) == 0 {
		return nil, ErrNoLegalAction
	}
	seed := g.r.Uint64()
	if len(v.Legal) == 1 {
		return v.Legal[0], nil
	}
	s, err := waterdeep.Determinize(v, seed)
	if err != nil {
		return v.Legal[g.r.IntN(len(v.Legal))], nil
	}
	me := v.Viewer
	best, bestVal, ties := 0, math.Inf(-1), 0
	var buf []waterdeep.Move
	for i, a := range v.Legal {
		if i > 0 && ctx.Err() != nil {
			break
		}
		t, err := s.Play(waterdeep.EncodeMove(a))
		if err != nil {
			continue
		}
		t, buf = finishTurn(t, me, greedyFollowDepth, buf)
		val := Evaluate(t, me)
		switch {
		case val > bestVal+1e-9:
			best, bestVal, ties = i, val, 1
		case val > bestVal-1e-9:
			// Reservoir sampling among equal values.
			ties++
			if g.r.IntN(ties) == 0 {
				best = i
			}
		}
	}
	return v.Legal[best], nil
}

// finishTurn answers the decisions seat me faces after an action, up to
// its next agent placement (or another seat's decision), by one-step
// lookahead over Evaluate.
func finishTurn(s waterdeep.State, me waterdeep.PlayerID, depth int, buf []waterdeep.Move) (waterdeep.State, []waterdeep.Move) {
	for ; depth > 0; depth-- {
		p, ok := s.ToAct()
		if !ok || p != me || s.Pending().Kind == waterdeep.PlaceAgentDecision {
			break
		}
		buf = s.AppendMoves(buf[:0])
		if len(buf) == 0 {
			break
		}
		next, bestVal := s, math.Inf(-1)
		for _, m := range buf {
			t, err := s.Play(m)
			if err != nil {
				continue
			}
			if val := Evaluate(t, me); val > bestVal {
				next, bestVal = t, val
			}
		}
		if next == s {
			break
		}
		s = next
	}
	return s, buf
}

// Weights of the evaluation, in VP.
const (
	opponentWeight = 0.2  // of the best opponent's evaluation
	scarcePremium  = 0.5  // extra worth of a cleric or wizard early on
	goldWorth      = 0.5  // a gold piece at final scoring
	intrigueWorth  = 1.5  // an intrigue card in hand
	buildingWorth  = 0.6  // a controlled building, per round left
	ambassadorVP   = 0.8  // the Ambassador, per round left
	plotWorth      = 0.6  // a plot quest's lasting effect, per turn left (capped)
	plotCapTurns   = 10.0 // turns beyond which a plot is worth no more
	mandatoryCost  = 2.0  // an owed mandatory quest
	questReady     = 0.92 // share of a quest's value when nothing is missing
	questPerTurn   = 0.4  // how fast the share falls with each missing turn
)

// tables holds, per Content, the precomputed worth of every quest and
// mandatory quest's reward.
type tables struct {
	questReward     []float64 // reward worth, lord bonus excluded
	questPlot       []bool
	quest           []questFacts
	mandatoryReward []float64
	mandatoryNeed   [][waterdeep.NumAdventurers]int
	mandatoryGold   []int
	lords           []lords.Lord
}

// noLord is the lord of a seat evaluated without its lord: it scores nothing.
var noLord lords.Lord

// questFacts are what the evaluation reads of a quest, copied out of the
// content once (a quests.Quest is large to copy per evaluation).
type questFacts struct {
	need      [waterdeep.NumAdventurers]int
	gold      int
	typ       content.QuestType
	module    content.Modules
	printedVP int
}

var tableCache sync.Map // *waterdeep.Content → *tables

func tablesFor(c *waterdeep.Content) *tables {
	if t, ok := tableCache.Load(c); ok {
		return t.(*tables)
	}
	t := &tables{}
	for q := range c.NumQuests() {
		qu := c.Quest(waterdeep.QuestID(q))
		t.questReward = append(t.questReward, programWorth(qu.Reward))
		t.questPlot = append(t.questPlot, qu.Plot.Kind != quests.NotPlot)
		t.quest = append(t.quest, questFacts{need: qu.Requires.Cubes(), gold: qu.Requires.Gold, typ: qu.Type, module: qu.Module,
			printedVP: qu.PrintedVP()})
	}
	for i := range c.NumIntrigue() {
		card := c.Intrigue(waterdeep.IntrigueID(i))
		t.mandatoryReward = append(t.mandatoryReward, programWorth(card.Reward))
		t.mandatoryNeed = append(t.mandatoryNeed, card.Requires.Cubes())
		t.mandatoryGold = append(t.mandatoryGold, card.Requires.Gold)
	}
	for l := range c.NumLords() {
		t.lords = append(t.lords, c.Lord(waterdeep.LordID(l)))
	}
	tableCache.Store(c, t)
	return t
}

// bundleWorth is the worth of gaining b, at mid-game resource worth.
func bundleWorth(b content.Bundle) float64 {
	return float64(b.VP) + float64(b.Fighter+b.Rogue) + (1+scarcePremium)*float64(b.Cleric+b.Wizard) +
		goldWorth*float64(b.Gold) + intrigueWorth*float64(b.Intrigue)
}

// programWorth estimates the worth of a reward program.
func programWorth(p content.Program) float64 {
	w := 0.0
	for _, st := range p {
		switch st.Kind {
		case content.StepGain:
			w += bundleWorth(st.Bundle)
		case content.StepChoose:
			w += 1.3 * float64(st.Count)
		case content.StepChooseOne:
			best := 0.0
			for _, o := range st.Options {
				best = max(best, bundleWorth(o))
			}
			w += best
		case content.StepTakeQuest, content.StepDrawQuest:
			w += 2 * float64(max(st.Count, 1))
		case content.StepVPPerBuilding:
			w += 2
		case content.StepFreeBuilding:
			w += 5
		default:
			w += 1
		}
	}
	return w
}

// turnsLeft returns the agent placements seat p has left in the game.
func turnsLeft(s waterdeep.State, p waterdeep.PlayerID) int {
	seat := s.Seat(p)
	return seatTurnsLeft(&seat, s.Round())
}

// seatTurnsLeft is turnsLeft of a seat read already, in round r.
func seatTurnsLeft(seat *waterdeep.Seat, r int) int {
	owned, pool := seat.Agents, seat.Pool
	n := pool
	for rr := r + 1; rr <= 8; rr++ {
		n += owned
		if r < 5 && rr >= 5 {
			n++
		}
	}
	return n
}

// missingTurns converts what a requirement lacks into agent turns: a
// cleric or wizard per turn, two fighters or rogues per turn, three gold
// per turn (the basic buildings give 1, 2 and 2 to 4).
func missingTurns(need, have [waterdeep.NumAdventurers]int, needGold, haveGold int) float64 {
	m := 0.0
	for k := range need {
		if d := need[k] - have[k]; d > 0 {
			if waterdeep.Adventurer(k) == waterdeep.Cleric || waterdeep.Adventurer(k) == waterdeep.Wizard {
				m += float64(d)
			} else {
				m += float64(d) / 2
			}
		}
	}
	if d := needGold - haveGold; d > 0 {
		m += float64(d) / 3
	}
	return m
}

func questShare(m, turns float64) float64 {
	if m > turns || turns <= 0 {
		return 0
	}
	return questReady / (1 + questPerTurn*m)
}

// Evaluate returns the heuristic worth of state s to seat p, in VP, as
// described on Greedy: p's own evaluation minus a fifth of the best
// opponent's. Greedy reads only the state it sampled from its view.
func Evaluate(s waterdeep.State, p waterdeep.PlayerID) float64 {
	if s.Over() {
		return float64(s.Score(p)) + 0.01*float64(s.Gold(p))
	}
	f := boardFactsOf(&s)
	own := seatWorthIn(&s, &f, p, true)
	opp := math.Inf(-1)
	for o := range waterdeep.PlayerID(s.Players()) {
		if o != p {
			opp = max(opp, seatWorthIn(&s, &f, o, false))
		}
	}
	if math.IsInf(opp, -1) {
		opp = 0
	}
	return own - opponentWeight*opp
}

type questItem struct {
	need  [waterdeep.NumAdventurers]int
	gold  int
	worth float64
	first bool // a mandatory quest: served before the others
	done  bool
}

// boardFacts are what the evaluation reads of the board as a whole, read
// once per state for all seats (each State getter copies the State).
type boardFacts struct {
	c         *waterdeep.Content
	tb        *tables
	round     int
	ambHolder waterdeep.PlayerID
	ambHeld   bool
}

func boardFactsOf(s *waterdeep.State) boardFacts {
	f := boardFacts{c: s.Content(), round: s.Round()}
	f.tb = tablesFor(f.c)
	f.ambHolder, f.ambHeld, _, _ = s.Ambassador()
	return f
}

// seatWorth is seat p's evaluation without the opponent term; withLord
// counts p's lord (known to p only).
func seatWorth(s waterdeep.State, p waterdeep.PlayerID, withLord bool) float64 {
	f := boardFactsOf(&s)
	return seatWorthIn(&s, &f, p, withLord)
}

// seatWorthIn is seatWorth with the board's facts f of s read already. It
// reads the seat through State.Seat, which copies no State.
func seatWorthIn(s *waterdeep.State, f *boardFacts, p waterdeep.PlayerID, withLord bool) float64 {
	c := f.c
	tb := f.tb
	seat := s.Seat(p)
	turns := seatTurnsLeft(&seat, f.round)
	roundsLeft := float64(8 - f.round)
	late := min(1, float64(turns)/8) // 1 early on, 0 at the last turn
	lord := &noLord
	if withLord && int(seat.Lord) < len(tb.lords) {
		lord = &tb.lords[seat.Lord]
	}
	lordBuilding := lord.VPPerBuilding
	plot := plotWorth * min(float64(turns), plotCapTurns)

	w := float64(seat.Score)
	if lord.VPPerCorruption != 0 {
		// The Xanathar: the tokens held score (the terms below do not
		// see them).
		w += float64(lord.VPPerCorruption * seat.Corruption)
	}
	// Completed quests: the lord's bonus, and the lasting worth of plots.
	for q := range seat.Completed.All() {
		w += float64(lordFactsVP(lord, &tb.quest[q]))
		if tb.questPlot[q] {
			w += plot
		}
	}
	w += float64(seat.Buildings) * (float64(lordBuilding) + buildingWorth*roundsLeft)
	if f.ambHeld && f.ambHolder == p {
		w += ambassadorVP * roundsLeft
	}
	w += intrigueWorth * min(1, float64(turns)/2) * float64(seat.Hand.Len())
	if n := seat.Corruption; n != 0 {
		w -= float64(n * s.CorruptionValue()) // corruptionCost
	}
	if lord.ModuleCards != 0 {
		// Sangalor, Halaster Blackcloak: the module's buildings score too.
		for b := range waterdeep.BuildingID(c.NumBuildings()) {
			if o, ok := s.Owner(b); ok && o == p && c.Building(b).Module == lord.ModuleCards {
				w += float64(lord.VPPerModuleCard)
			}
		}
	}

	// Quests, served best first from one pool.
	tav := seat.Tavern
	gold := seat.Gold
	var itemsBuf [16]questItem
	items := itemsBuf[:0]
	for q := range seat.Active.All() {
		f := &tb.quest[q]
		v := tb.questReward[q] + float64(lordFactsVP(lord, f))
		if tb.questPlot[q] {
			v += plot
		}
		items = append(items, questItem{need: f.need, gold: f.gold, worth: v})
	}
	for i := range seat.Mandatory.All() {
		w -= mandatoryCost
		// Mandatory quests come first: the others cannot be completed
		// before them.
		items = append(items, questItem{need: tb.mandatoryNeed[i], gold: tb.mandatoryGold[i], worth: tb.mandatoryReward[i], first: true})
	}
	// Resources at their worth if kept to the end (plus a premium for the
	// scarce kinds while there is time to use them).
	var cubeWorth [waterdeep.NumAdventurers]float64
	for k := range cubeWorth {
		cubeWorth[k] = 1
		if waterdeep.Adventurer(k) == waterdeep.Cleric || waterdeep.Adventurer(k) == waterdeep.Wizard {
			cubeWorth[k] += scarcePremium * late
		}
	}
	budget := float64(turns)
	for {
		// Serve the quest that adds the most: its share of its worth,
		// less the worth of the held resources it would use up.
		bi, bv, bgain, bm, bfirst := -1, 0.0, 0.0, 0.0, false
		for i := range items {
			if items[i].done {
				continue
			}
			it := &items[i]
			m := missingTurns(it.need, tav, it.gold, gold)
			v := it.worth * questShare(m, budget)
			used := goldWorth * float64(min(gold, it.gold))
			for k := range tav {
				used += cubeWorth[k] * float64(min(tav[k], it.need[k]))
			}
			gain := v - used
			if v <= 0 || (!it.first && gain <= 0) {
				continue
			}
			if bi < 0 || (it.first && !bfirst) || (it.first == bfirst && gain > bgain) {
				bi, bv, bgain, bm, bfirst = i, v, gain, m, it.first
			}
		}
		if bi < 0 {
			break
		}
		it := &items[bi]
		it.done = true
		w += bv
		budget -= max(bm, 0.5)
		for k := range tav {
			tav[k] = max(0, tav[k]-it.need[k])
		}
		gold = max(0, gold-it.gold)
	}
	// What no quest uses.
	for k, n := range tav {
		w += cubeWorth[k] * float64(n)
	}
	w += goldWorth * float64(gold)
	return w
}

// corruptionCost is what seat p's corruption tokens (Skullport) would cost
// if the game ended now: each the label of the empty track space farthest
// from -1.
func corruptionCost(s waterdeep.State, p waterdeep.PlayerID) float64 {
	n := s.Corruption(p)
	if n == 0 {
		return 0 // the track's value need not be read
	}
	return float64(n * s.CorruptionValue())
}

// lordQuestVP is what lord l scores at the end for a completed quest q (0
// for the zero Lord, an unknown one).
func lordQuestVP(l lords.Lord, q quests.Quest) int {
	return lordFactsVP(&l, &questFacts{typ: q.Type, module: q.Module, printedVP: q.PrintedVP()})
}

// lordFactsVP is lordQuestVP from a quest's facts.
func lordFactsVP(l *lords.Lord, q *questFacts) int {
	vp := l.VPPerAnyQuest
	if slices.Contains(l.QuestTypes, q.typ) {
		vp += l.VPPerQuest
	}
	if l.BestType {
		// Irusyl Eraneth: any type may become the one named at the end;
		// each quest counts at half the bonus.
		vp += l.VPPerQuest / 2
	}
	if l.ModuleCards != 0 && q.module == l.ModuleCards {
		vp += l.VPPerModuleCard
	}
	if l.VPPerBigQuest != 0 && q.printedVP >= l.BigQuestVP {
		vp += l.VPPerBigQuest
	}
	return vp
}
