package bots

import (
	"bytes"
	_ "embed"
	"encoding/binary"
	"fmt"
	"io"
	"math"
	"strings"
	"sync"

	"github.com/waterdeep-go/waterdeep"
	"github.com/waterdeep-go/waterdeep/content"
	"github.com/waterdeep-go/waterdeep/observe"
)

// ValueModel is a learned evaluation: from a game, every seat's expected
// final result. Its kind (ValueKind) says what it was trained to see and
// to predict: each seat's own lord (a seat's observation, the rows that
// examples/selfplay-beam writes) or every seat's (a determinization, the
// positions a search cuts off at); the final win share (1, 1/k in a
// k-way tie, 0) or the final margin (the score less the seats' mean, in
// tens of VP). tools/train trains both; its README says how, and how to
// train one of your own. The library's model (LearnedValue) sees every
// lord and predicts margins.
//
// The model reads the same per-seat inputs (ValueFeatures) for every seat
// slot, one-hot vectors and counts taken from the observation
// (observe.Encoder): score, gold, tavern, corruption, agents, pool, hand
// size, buildings, the active, completed and mandatory quests, the
// completed quests' types, the Ambassador, the first-player marker, the
// seat to act, the round, and the seat's lord when it is known. One
// hidden layer of ValueHidden rectified units gives each seat a score:
// the shares are the softmax of the scores over the seats, the margins
// the scores less their mean.
//
// Predict evaluates a full state (a determinization) without building a
// view or an observation, allocation-free; a test checks that its inputs
// (FromState) are those the observation gives. ISMCTS takes a ValueModel
// in place of Greedy's evaluation at its rollouts' cut-off
// (ISMCTSOptions.Value).
//
// A ValueModel is immutable and safe for concurrent use.
type ValueModel struct {
	f       *ValueFeatures
	name    string
	known   LordsKnown
	target  ValueTarget
	w1      []float32 // [Inputs][ValueHidden], row-major by input
	b1      [ValueHidden]float32
	w2      [ValueHidden]float32
	players int
}

// ValueHidden is the number of hidden units of a ValueModel. 16 units
// keep a call about as cheap as Greedy's evaluation of the seats
// (BenchmarkValue, BenchmarkGreedyEval); 32 cost twice as much for a
// held-out loss 0.02 lower (tools/train/README.md).
const ValueHidden = 16

// addRow adds v times the hidden layer's row to h (unrolled: the
// compiler neither vectorises nor unrolls the loop).
func addRow(h *[ValueHidden]float32, row *[ValueHidden]float32, v float32) {
	h[0] += v * row[0]
	h[1] += v * row[1]
	h[2] += v * row[2]
	h[3] += v * row[3]
	h[4] += v * row[4]
	h[5] += v * row[5]
	h[6] += v * row[6]
	h[7] += v * row[7]
	h[8] += v * row[8]
	h[9] += v * row[9]
	h[10] += v * row[10]
	h[11] += v * row[11]
	h[12] += v * row[12]
	h[13] += v * row[13]
	h[14] += v * row[14]
	h[15] += v * row[15]
}

// row returns input i's row of the hidden layer.
func (m *ValueModel) row(i int) *[ValueHidden]float32 {
	return (*[ValueHidden]float32)(m.w1[i*ValueHidden : (i+1)*ValueHidden])
}

// The per-seat dense inputs of a ValueModel, in order.
const (
	vScore = iota
	vGold
	vTavern // 4: cleric, fighter, rogue, wizard
	_
	_
	_
	vCorruption
	vAgents
	vPool
	vHand
	vBuildings
	vActive
	vCompleted
	vTypes // 5: arcana, commerce, piety, skullduggery, warfare
	_
	_
	_
	_
	vMandatory
	vAmbassador
	vFirst
	vToAct
	// Sums over the seat's active quests: printed VP, Greedy's worth of
	// the reward, adventurers (4) and gold required, plots, quests of
	// each type (5), quests the seat's tavern and gold could complete
	// now, and Greedy's agent turns missing (missingTurns).
	vQuestVP
	vQuestWorth
	vNeed // 4
	_
	_
	_
	vNeedGold
	vQuestPlots
	vQuestTypes // 5
	_
	_
	_
	_
	vReady
	vMissing
	// Plot quests completed.
	vCompletedPlots
	vDense
)

// valueRounds is the number of round inputs (one-hot, rounds 1 to 8).
const valueRounds = 8

// ValueInput is one non-zero input of a seat: its index and value.
type ValueInput struct {
	Index int32
	Value float32
}

// ValueFeatures are the inputs a ValueModel reads for each seat slot, for
// games of one content, player count and set of modules: Inputs() of
// them, all 0 but a few (FromObservation lists those). They are defined
// over the observation of an observe.Encoder.
type ValueFeatures struct {
	enc        *observe.Encoder
	players    int
	modules    waterdeep.Modules
	nq, ni, nl int
	// The inputs' offsets: the round one-hot, then the lords (by the
	// encoder's list).
	round, lord, inputs int
	// The observation's fields read.
	off map[string]int
	// By content id: the position in the encoder's lists (-1: not in
	// the game), and each quest's type.
	questAt, intrigueAt, lordAt []int16
	quests                      []questInputs // by QuestID
	questList                   []waterdeep.QuestID
}

// questInputs are the inputs a quest adds to its holder's sums.
type questInputs struct {
	need     [content.NumAdventurers]int
	gold, vp int
	worth    float32
	plot     bool
	typ      uint8
}

// NewValueFeatures returns the features of the games enc encodes.
func NewValueFeatures(enc *observe.Encoder) (*ValueFeatures, error) {
	c := enc.Content()
	f := &ValueFeatures{enc: enc, players: enc.Players(), modules: enc.Modules(), off: map[string]int{}}
	qs, is, ls := enc.Quests(), enc.Intrigue(), enc.Lords()
	f.nq, f.ni, f.nl = len(qs), len(is), len(ls)
	f.round = vDense
	f.lord = f.round + valueRounds
	f.inputs = f.lord + f.nl
	f.questList = qs
	for _, name := range []string{"game.round", "game.first", "game.to_act", "ambassador.holder", "quest.active", "quest.completed",
		"intrigue.mandatory", "seat.score", "seat.gold", "seat.tavern", "seat.corruption", "seat.agents", "seat.pool",
		"seat.hand_size", "seat.lord_known", "seat.lord", "seat.active_count", "seat.completed_count", "seat.completed_type",
		"seat.buildings_count"} {
		fd, ok := enc.Field(name)
		if !ok {
			return nil, fmt.Errorf("bots: the observation has no field %s", name)
		}
		f.off[name] = fd.Offset
	}
	f.questAt = fill16(c.NumQuests())
	for i, q := range qs {
		f.questAt[q] = int16(i)
	}
	tb := tablesFor(c)
	for q := range c.NumQuests() {
		qf := &tb.quest[q]
		f.quests = append(f.quests, questInputs{need: qf.need, gold: qf.gold, vp: qf.printedVP, worth: float32(tb.questReward[q]),
			plot: tb.questPlot[q], typ: uint8(qf.typ)})
	}
	f.intrigueAt = fill16(c.NumIntrigue())
	for i, x := range is {
		f.intrigueAt[x] = int16(i)
	}
	f.lordAt = fill16(c.NumLords())
	for i, l := range ls {
		f.lordAt[l] = int16(i)
	}
	return f, nil
}

func fill16(n int) []int16 {
	s := make([]int16, n)
	for i := range s {
		s[i] = -1
	}
	return s
}

// Inputs returns the number of inputs of a seat.
func (f *ValueFeatures) Inputs() int { return f.inputs }

// Players returns the player count of the games the features describe.
func (f *ValueFeatures) Players() int { return f.players }

// FromObservation appends to dst the non-zero inputs of seat slot k (0
// is the viewer) in observation obs of the features' encoder, in
// ascending index order.
func (f *ValueFeatures) FromObservation(dst []ValueInput, obs []float32, k int) []ValueInput {
	P := f.players
	o := f.off
	var d [vDense]float32
	d[vScore] = obs[o["seat.score"]+k]
	d[vGold] = obs[o["seat.gold"]+k]
	var tavern [content.NumAdventurers]int
	for a := range content.NumAdventurers {
		d[vTavern+a] = obs[o["seat.tavern"]+a*P+k]
		tavern[a] = int(d[vTavern+a])
	}
	d[vCorruption] = obs[o["seat.corruption"]+k]
	d[vAgents] = obs[o["seat.agents"]+k]
	d[vPool] = obs[o["seat.pool"]+k]
	d[vHand] = obs[o["seat.hand_size"]+k]
	d[vBuildings] = obs[o["seat.buildings_count"]+k]
	d[vActive] = obs[o["seat.active_count"]+k]
	d[vCompleted] = obs[o["seat.completed_count"]+k]
	for t := range content.NumQuestTypes {
		d[vTypes+t] = obs[o["seat.completed_type"]+t*P+k]
	}
	for i := range f.ni {
		d[vMandatory] += obs[o["intrigue.mandatory"]+k*f.ni+i]
	}
	d[vAmbassador] = obs[o["ambassador.holder"]+k]
	d[vFirst] = obs[o["game.first"]+k]
	d[vToAct] = obs[o["game.to_act"]+k]
	var qs questSums
	gold := int(d[vGold])
	for i := range f.nq {
		if obs[o["quest.active"]+k*f.nq+i] != 0 {
			qs.add(&f.quests[f.questList[i]], tavern, gold)
		}
	}
	plots := 0
	for i := range f.nq {
		if obs[o["quest.completed"]+k*f.nq+i] != 0 && f.quests[f.questList[i]].plot {
			plots++
		}
	}
	qs.fill(&d, plots)
	for i, v := range d {
		if v != 0 {
			dst = append(dst, ValueInput{int32(i), v})
		}
	}
	dst = append(dst, ValueInput{int32(f.round + roundInput(int(obs[o["game.round"]]))), 1})
	if obs[o["seat.lord_known"]+k] != 0 {
		for l := range f.nl {
			if obs[o["seat.lord"]+k*f.nl+l] != 0 {
				dst = append(dst, ValueInput{int32(f.lord + l), obs[o["seat.lord"]+k*f.nl+l]})
			}
		}
	}
	return dst
}

// roundInput is the round one-hot's element of round r.
func roundInput(r int) int { return min(max(r, 1), valueRounds) - 1 }

// stateFacts are what the inputs read of the board as a whole, read once
// per state (the State getters with value receivers copy the State).
type stateFacts struct {
	round, first, toAct, amb int // a seat, or -1
}

func stateFactsOf(s *waterdeep.State) stateFacts {
	f := stateFacts{round: s.Round(), first: int(s.FirstPlayer()), toAct: -1, amb: -1}
	if p, ok := s.ToAct(); ok {
		f.toAct = int(p)
	}
	if h, held, _, _ := s.Ambassador(); held {
		f.amb = int(h)
	}
	return f
}

// FromState appends to dst the non-zero inputs of seat p of the full
// state s (such as a determinization), in ascending index order: those
// FromObservation lists for p's slot in an observation that shows p's
// lord when withLord is set and hides it otherwise. s must be a game of
// the features' player count and modules.
func (f *ValueFeatures) FromState(dst []ValueInput, s *waterdeep.State, p waterdeep.PlayerID, withLord bool) []ValueInput {
	sf := stateFactsOf(s)
	return f.fromState(dst, s, &sf, p, withLord)
}

// fromState appends to dst the non-zero inputs of seat p of state s, as
// FromObservation lists them for p's slot in a view that knows p's lord
// when withLord is set and not otherwise (ascending index order).
func (f *ValueFeatures) fromState(dst []ValueInput, s *waterdeep.State, sf *stateFacts, p waterdeep.PlayerID, withLord bool) []ValueInput {
	var d [vDense]float32
	lord := f.denseFromState(&d, s, sf, p)
	for i, v := range d {
		if v != 0 {
			dst = append(dst, ValueInput{int32(i), v})
		}
	}
	dst = append(dst, ValueInput{int32(f.round + roundInput(sf.round)), 1})
	if withLord && int(lord) < len(f.lordAt) && f.lordAt[lord] >= 0 {
		dst = append(dst, ValueInput{int32(f.lord + int(f.lordAt[lord])), 1})
	}
	return dst
}

// denseFromState sets d to the dense inputs of seat p of state s and
// returns p's lord.
func (f *ValueFeatures) denseFromState(d *[vDense]float32, s *waterdeep.State, sf *stateFacts, p waterdeep.PlayerID) waterdeep.LordID {
	seat := s.Seat(p)
	var qs questSums
	plots := 0
	for q := range seat.Completed.All() {
		qi := &f.quests[q]
		d[vTypes+int(qi.typ)]++
		if qi.plot {
			plots++
		}
	}
	for q := range seat.Active.All() {
		qs.add(&f.quests[q], seat.Tavern, seat.Gold)
	}
	d[vScore] = float32(seat.Score)
	d[vGold] = float32(seat.Gold)
	for a, n := range seat.Tavern {
		d[vTavern+a] = float32(n)
	}
	d[vCorruption] = float32(seat.Corruption)
	d[vAgents] = float32(seat.Agents)
	d[vPool] = float32(seat.Pool)
	d[vHand] = float32(seat.Hand.Len())
	d[vBuildings] = float32(seat.Buildings)
	d[vActive] = float32(seat.Active.Len())
	d[vCompleted] = float32(seat.Completed.Len())
	d[vMandatory] = float32(seat.Mandatory.Len())
	d[vAmbassador] = float32(b2i(sf.amb == int(p)))
	d[vFirst] = float32(b2i(sf.first == int(p)))
	d[vToAct] = float32(b2i(sf.toAct == int(p)))
	qs.fill(d, plots)
	return seat.Lord
}

// questSums are the sums over a seat's active quests (vQuestVP ...
// vMissing), added in ascending quest order.
type questSums struct {
	vp, gold, plots, ready int
	need                   [content.NumAdventurers]int
	types                  [content.NumQuestTypes]int
	worth, missing         float32
}

func (s *questSums) add(q *questInputs, tavern [content.NumAdventurers]int, gold int) {
	s.vp += q.vp
	s.worth += q.worth
	for a, n := range q.need {
		s.need[a] += n
	}
	s.gold += q.gold
	if q.plot {
		s.plots++
	}
	s.types[q.typ]++
	m := float32(missingTurns(q.need, tavern, q.gold, gold))
	if m == 0 {
		s.ready++
	}
	s.missing += m
}

// fill sets the sums' inputs, then vCompletedPlots, in d.
func (s *questSums) fill(d *[vDense]float32, completedPlots int) {
	d[vQuestVP] = float32(s.vp)
	d[vQuestWorth] = s.worth
	for a, n := range s.need {
		d[vNeed+a] = float32(n)
	}
	d[vNeedGold] = float32(s.gold)
	d[vQuestPlots] = float32(s.plots)
	for t, n := range s.types {
		d[vQuestTypes+t] = float32(n)
	}
	d[vReady] = float32(s.ready)
	d[vMissing] = s.missing
	d[vCompletedPlots] = float32(completedPlots)
}

func b2i(b bool) int {
	if b {
		return 1
	}
	return 0
}

// LordsKnown says which seats' lords a ValueModel was trained to see:
// the lords are the one piece of hidden information its inputs read.
type LordsKnown uint8

const (
	// OwnLordKnown: each seat's own lord only, as a seat's observation
	// shows the game (the rows examples/selfplay-beam writes). WinShares
	// then scores each seat from its own point of view.
	OwnLordKnown LordsKnown = iota
	// EveryLordKnown: every seat's lord, as a full state such as a
	// determinization shows the game (the cut-off positions of
	// tools/train -cutoff). WinShares then reads every seat's lord.
	EveryLordKnown
)

// String returns "own lord" or "every lord".
func (k LordsKnown) String() string {
	switch k {
	case OwnLordKnown:
		return "own lord"
	case EveryLordKnown:
		return "every lord"
	}
	return fmt.Sprintf("LordsKnown(%d)", uint8(k))
}

// ValueTarget says what a ValueModel predicts of every seat.
type ValueTarget uint8

const (
	// WinShareTarget: the expected final win share; the shares are the
	// softmax of the seats' scores.
	WinShareTarget ValueTarget = iota
	// MarginTarget: the expected final score less the mean of the seats'
	// final scores, in tens of VP; the margins are the seats' scores less
	// their mean.
	MarginTarget
)

// String returns "win share" or "margin".
func (t ValueTarget) String() string {
	switch t {
	case WinShareTarget:
		return "win share"
	case MarginTarget:
		return "margin"
	}
	return fmt.Sprintf("ValueTarget(%d)", uint8(t))
}

// ValueKind is what a ValueModel was trained to see and to predict.
type ValueKind struct {
	Lords  LordsKnown  // which seats' lords its inputs hold
	Target ValueTarget // what it predicts of every seat
}

// NewValueModel returns the model of features f with the given weights,
// trained on seats' observations to predict win shares (OwnLordKnown,
// WinShareTarget): w1 holds f.Inputs() rows of ValueHidden (the first
// layer, row-major by input), b1 its biases, w2 the output weights. name
// names the model (its training run), as Name returns it.
func NewValueModel(f *ValueFeatures, name string, w1, b1, w2 []float32) (*ValueModel, error) {
	return NewValueModelOf(f, ValueKind{}, name, w1, b1, w2)
}

// NewValueModelOf is NewValueModel for a model of the given kind.
func NewValueModelOf(f *ValueFeatures, kind ValueKind, name string, w1, b1, w2 []float32) (*ValueModel, error) {
	if len(w1) != f.inputs*ValueHidden || len(b1) != ValueHidden || len(w2) != ValueHidden {
		return nil, fmt.Errorf("bots: value weights of sizes %d, %d, %d; want %d, %d, %d", len(w1), len(b1), len(w2), f.inputs*ValueHidden, ValueHidden, ValueHidden)
	}
	if kind.Lords > EveryLordKnown || kind.Target > MarginTarget {
		return nil, fmt.Errorf("bots: a value model knowing %v and predicting %v; no such kind", kind.Lords, kind.Target)
	}
	m := &ValueModel{f: f, name: name, known: kind.Lords, target: kind.Target, w1: append([]float32(nil), w1...), players: f.players}
	copy(m.b1[:], b1)
	copy(m.w2[:], w2)
	return m, nil
}

// Name returns the model's name: what it was trained on, as its weights
// file records it.
func (m *ValueModel) Name() string { return m.name }

// Features returns the model's inputs.
func (m *ValueModel) Features() *ValueFeatures { return m.f }

// Kind returns what the model was trained to see and to predict.
func (m *ValueModel) Kind() ValueKind { return ValueKind{Lords: m.known, Target: m.target} }

// Serves reports whether the model evaluates games of the given player
// count and modules (those of the encoder its features were made for;
// any content of the same lists).
func (m *ValueModel) Serves(players int, modules waterdeep.Modules) bool {
	return players == m.f.players && modules == m.f.modules
}

// Score returns the model's score of one seat from its non-zero inputs:
// the shares are the softmax of the seats' scores.
func (m *ValueModel) Score(in []ValueInput) float64 {
	h := m.b1
	for _, x := range in {
		addRow(&h, m.row(int(x.Index)), x.Value)
	}
	return float64(m.out(&h))
}

func (m *ValueModel) out(h *[ValueHidden]float32) float32 {
	z := float32(0)
	for j, v := range h {
		if v > 0 {
			z += v * m.w2[j]
		}
	}
	return z
}

// Predict writes to out (of len s.Players()) the model's prediction of
// every seat, as its Target says: its expected win share (WinShares), or
// its expected margin, the final score less the seats' mean, in tens of
// VP (the seats' scores with their lords, less their mean). s is a full
// state such as a determinization; it must be a game the model serves.
// It allocates nothing.
func (m *ValueModel) Predict(s *waterdeep.State, out []float64) {
	if m.target != MarginTarget {
		m.WinShares(s, out)
		return
	}
	var z0, zL [waterdeep.MaxPlayers]float64
	n := len(out)
	m.scores(s, n, &z0, &zL)
	mean := 0.0
	for p := range n {
		mean += zL[p]
	}
	mean /= float64(n)
	for p := range n {
		out[p] = zL[p] - mean
	}
}

// WinShares writes to out (of len s.Players()) every seat's expected win
// share. s is a full state such as a determinization; it must be a game
// the model serves. A model that knows every lord (EveryLordKnown) reads
// them all: the shares are the softmax of the seats' scores with their
// lords. A model of seats' observations (OwnLordKnown) scores each seat
// from its own point of view: its own lord counted, the other seats' not
// (the softmax of its score with its lord against the others' without).
// A model of margins (MarginTarget) gives the softmax of its margins, one
// unit of log-odds per ten VP: an order of the seats more than a
// calibrated chance. It allocates nothing.
func (m *ValueModel) WinShares(s *waterdeep.State, out []float64) {
	var z0, zL [waterdeep.MaxPlayers]float64
	n := len(out) // s.Players(), which would copy the State
	top := m.scores(s, n, &z0, &zL)
	if m.known == EveryLordKnown {
		sum := 0.0
		for p := range n {
			out[p] = math.Exp(zL[p] - top)
			sum += out[p]
		}
		for p := range n {
			out[p] /= sum
		}
		return
	}
	// Seat p's share: the softmax of zL[p] against z0 of the others.
	var e0, eL [waterdeep.MaxPlayers]float64
	sum0 := 0.0
	for p := range n {
		e0[p], eL[p] = math.Exp(z0[p]-top), math.Exp(zL[p]-top)
		sum0 += e0[p]
	}
	for p := range n {
		out[p] = eL[p] / (sum0 - e0[p] + eL[p])
	}
}

// scores sets every seat's score without its lord (z0) and with it (zL),
// and returns the largest. A model that knows every lord reads only the
// scores with the lords: it sets z0 to zL.
func (m *ValueModel) scores(s *waterdeep.State, n int, z0, zL *[waterdeep.MaxPlayers]float64) float64 {
	sf := stateFactsOf(s)
	f := m.f
	// The round's input is every seat's: added to the biases once.
	base := m.b1
	addRow(&base, m.row(f.round+roundInput(sf.round)), 1)
	top := math.Inf(-1)
	for p := range n {
		var d [vDense]float32
		lord := f.denseFromState(&d, s, &sf, waterdeep.PlayerID(p))
		h := base
		for i, v := range d {
			if v != 0 {
				addRow(&h, m.row(i), v)
			}
		}
		hasLord := int(lord) < len(f.lordAt) && f.lordAt[lord] >= 0
		if m.known == EveryLordKnown {
			// Only the scores with the lords are read.
			if hasLord {
				addRow(&h, m.row(f.lord+int(f.lordAt[lord])), 1)
			}
			zL[p] = float64(m.out(&h))
			z0[p] = zL[p]
			top = max(top, zL[p])
			continue
		}
		z0[p] = float64(m.out(&h))
		zL[p] = z0[p]
		if hasLord {
			addRow(&h, m.row(f.lord+int(f.lordAt[lord])), 1)
			zL[p] = float64(m.out(&h))
		}
		top = max(top, z0[p], zL[p])
	}
	return top
}

// The weights file: "WDVM", then little-endian uint32s (format version,
// players, modules, inputs, hidden units, quests, intrigue cards, lords,
// in format 2 the lords known, the name's length), the name, and
// float32s: w1, b1, w2. Format 1 (no lords known: OwnLordKnown) is still
// read.
const (
	valueMagic  = "WDVM"
	valueFormat = 2
)

// MarshalBinary encodes the model as its weights file.
func (m *ValueModel) MarshalBinary() ([]byte, error) {
	var b bytes.Buffer
	b.WriteString(valueMagic)
	f := m.f
	for _, v := range []uint32{valueFormat, uint32(f.players), uint32(f.modules), uint32(f.inputs), ValueHidden,
		uint32(f.nq), uint32(f.ni), uint32(f.nl), uint32(m.known) | uint32(m.target)<<8, uint32(len(m.name))} {
		binary.Write(&b, binary.LittleEndian, v)
	}
	b.WriteString(m.name)
	binary.Write(&b, binary.LittleEndian, m.w1)
	binary.Write(&b, binary.LittleEndian, m.b1)
	binary.Write(&b, binary.LittleEndian, m.w2)
	return b.Bytes(), nil
}

// LoadValue decodes a weights file written by MarshalBinary, for games of
// content c (nil: the library's content, as waterdeep.Config picks it). A
// file that does not decode, or that does not fit the content, is a
// *ValueFileError saying what is wrong and at which byte.
func LoadValue(data []byte, c *waterdeep.Content) (*ValueModel, error) {
	r := bytes.NewReader(data)
	at := func() int64 { return int64(len(data) - r.Len()) }
	fail := func(off int64, err error, format string, args ...any) (*ValueModel, error) {
		return nil, &ValueFileError{Offset: off, Detail: fmt.Sprintf(format, args...), Err: err}
	}
	// read fills v, or says where the file ends.
	read := func(v any) error {
		if err := binary.Read(r, binary.LittleEndian, v); err != nil {
			return &ValueFileError{Offset: int64(len(data)), Detail: "the file ends in the middle of a value (cut off?)", Err: err}
		}
		return nil
	}
	magic := make([]byte, 4)
	if _, err := io.ReadFull(r, magic); err != nil || string(magic) != valueMagic {
		return fail(0, nil, "not a value weights file (it does not start with %q)", valueMagic)
	}
	// h: format, players, modules, inputs, hidden, quests, intrigue,
	// lords, lords known, name's length.
	var h [10]uint32
	if err := read(h[:8]); err != nil {
		return nil, err
	}
	if (h[0] != 1 && h[0] != valueFormat) || h[4] != ValueHidden {
		return fail(4, nil, "format %d with %d hidden units; this package reads formats 1 and %d with %d", h[0], h[4], valueFormat, ValueHidden)
	}
	if h[0] == 1 {
		h[8] = uint32(OwnLordKnown)
		if err := read(h[9:]); err != nil {
			return nil, err
		}
	} else if err := read(h[8:]); err != nil {
		return nil, err
	}
	kind := ValueKind{Lords: LordsKnown(h[8] & 0xff), Target: ValueTarget(h[8] >> 8)}
	if h[8]>>8 > uint32(MarginTarget) || kind.Lords > EveryLordKnown {
		return fail(36, nil, "a model of kind %#x; want lords known 0 (own lord) or 1 (every lord), target 0 (win share) or 1 (margin)", h[8])
	}
	enc, err := observe.New(c, int(h[1]), waterdeep.Modules(h[2]))
	if err != nil {
		return fail(8, err, "a game this content cannot encode: %s", strings.TrimPrefix(err.Error(), "waterdeep: "))
	}
	f, err := NewValueFeatures(enc)
	if err != nil {
		return nil, err
	}
	if uint32(f.inputs) != h[3] || uint32(f.nq) != h[5] || uint32(f.ni) != h[6] || uint32(f.nl) != h[7] {
		return fail(16, nil, "weights for %d inputs (%d quests, %d intrigue cards, %d lords); the content gives %d (%d, %d, %d)",
			h[3], h[5], h[6], h[7], f.inputs, f.nq, f.ni, f.nl)
	}
	if h[9] > 1<<16 {
		return fail(at()-4, nil, "a name of %d bytes; at most %d", h[9], 1<<16)
	}
	name := make([]byte, h[9])
	if _, err := io.ReadFull(r, name); err != nil {
		return fail(int64(len(data)), err, "the file ends in the model's name (cut off?)")
	}
	w1 := make([]float32, f.inputs*ValueHidden)
	b1 := make([]float32, ValueHidden)
	w2 := make([]float32, ValueHidden)
	for _, w := range [][]float32{w1, b1, w2} {
		if err := read(w); err != nil {
			return nil, err
		}
	}
	if r.Len() != 0 {
		return fail(at(), nil, "%d bytes after the weights", r.Len())
	}
	return NewValueModelOf(f, kind, string(name), w1, b1, w2)
}

//go:embed value.bin
var valueWeights []byte

var (
	learnedOnce  sync.Once
	learnedModel *ValueModel
)

// LearnedValue returns the library's trained value model, embedded in the
// package (bots/value.bin; LearnedValue().Name() says what it was trained
// on). It serves 4-player base games.
func LearnedValue() *ValueModel {
	learnedOnce.Do(func() {
		m, err := LoadValue(valueWeights, nil)
		if err != nil {
			panic(err) // the embedded file is the package's own
		}
		learnedModel = m
	})
	return learnedModel
}

// SeatWorth is Greedy's evaluation of seat p of state s, in VP, without
// the opponent term: its score plus the worth of its quests, resources,
// buildings and cards, as described on Greedy; withLord counts p's lord
// (which only p knows). ISMCTS scores its cut-off rollouts by the seats'
// margins in it unless given a ValueModel; it is exported as a baseline
// for learned evaluations.
func SeatWorth(s *waterdeep.State, p waterdeep.PlayerID, withLord bool) float64 {
	f := boardFactsOf(s)
	return seatWorthIn(s, &f, p, withLord)
}
