package main

import (
	"context"
	"fmt"
	"hash/fnv"
	"math/rand/v2"
	"slices"
	"sort"
	"sync"

	"github.com/waterdeep-go/waterdeep"
	"github.com/waterdeep-go/waterdeep/bots"
)

// Cut-off positions (-cutoff): the positions ISMCTS's evaluation judges
// are not those of the games the rows come from. A search reaches them
// after a few decisions of its tree and up to 30 of its rollout policy
// (mostly the moves that served a seat in the search so far, partly
// uniform), in a determinization, where every seat's lord is known. A
// model trained on the games' own positions, labelled by the games' own
// ends, judges positions it has never seen there (bots/STRENGTH.md).
//
// So -cutoff makes its positions the way the search does: from a position
// of a recorded game, it plays d decisions (d uniform in 0..-cutoff), each
// by a uniform policy (a quest completed whenever one can be) with
// probability q and by Greedy otherwise (q uniform in [0, 1] per
// position, so that play from aimless to purposeful is covered); it reads
// every seat's inputs with every lord known (bots.EveryLordKnown), and
// labels the position by the end of the game four Greedy bots play from
// there. The label is what the search wants of its evaluation: who wins
// from here when the seats play on with purpose.

// cutoffPosition is one generated position: every seat's inputs, the
// label, and Greedy's evaluation of every seat (for the report).
type cutoffPosition struct {
	game  int64
	step  int32
	round int8
	// Seat p's inputs are idx[start[p]:start[p+1]] and val[...]: flat,
	// as a set holds them, for the hundreds of thousands held at once.
	start      [waterdeep.MaxPlayers + 1]int32
	idx        []uint16
	val        []float32
	shares     [waterdeep.MaxPlayers]float32
	margins    [waterdeep.MaxPlayers]float32
	worth, own [waterdeep.MaxPlayers]float64
}

// readCutoffs makes the cut-off positions of the recorded games of the
// runs (numbered as readRecords numbers them): from
// each kept step (a seeded hash, rate for the training games, evalRate
// for the held-out ones), one position, split by game as readRows
// splits rows. worth and oracle hold Greedy's evaluations of the held-out
// positions, by index: from the seat to act's view (its own lord only)
// and with every lord.
func readCutoffs(runs [][]string, f *bots.ValueFeatures, o options) (train, valid, held *set, games map[int64]bool, worth, oracle map[int][]float64, err error) {
	recs, err := readRecords(runs, func(int64) bool { return true })
	if err != nil {
		return nil, nil, nil, nil, nil, nil, err
	}
	order := make([]int64, 0, len(recs))
	for g := range recs {
		order = append(order, g)
	}
	sort.Slice(order, func(i, j int) bool { return order[i] < order[j] })
	results := make([][]cutoffPosition, len(order))
	errs := make([]error, len(order))
	var wg sync.WaitGroup
	next := make(chan int)
	for range max(1, o.workers) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range next {
				results[i], errs[i] = cutoffsOf(order[i], recs[order[i]], f, o)
			}
		}()
	}
	for i := range order {
		next <- i
	}
	close(next)
	wg.Wait()

	P := f.Players()
	train, valid, held = &set{players: P}, &set{players: P}, &set{players: P}
	games = map[int64]bool{}
	worth, oracle = map[int][]float64{}, map[int][]float64{}
	for i, g := range order {
		if errs[i] != nil {
			return nil, nil, nil, nil, nil, nil, fmt.Errorf("game %d: %w", g, errs[i])
		}
		games[g] = true
		for _, c := range results[i] {
			dst := train
			switch g % o.holdout {
			case 0:
				dst = held
				worth[len(held.pos)] = append([]float64(nil), c.own[:P]...)
				oracle[len(held.pos)] = append([]float64(nil), c.worth[:P]...)
			case o.holdout / 2:
				dst = valid
			}
			p := position{game: c.game, step: c.step, round: c.round}
			for k := range P {
				p.shares[k], p.margins[k] = c.shares[k], c.margins[k]
				p.start[k] = len(dst.idx)
				dst.idx = append(dst.idx, c.idx[c.start[k]:c.start[k+1]]...)
				dst.val = append(dst.val, c.val[c.start[k]:c.start[k+1]]...)
			}
			p.start[P] = len(dst.idx)
			dst.pos = append(dst.pos, p)
		}
	}
	return train, valid, held, games, worth, oracle, nil
}

// cutoffsOf makes the cut-off positions of one recorded game.
func cutoffsOf(g int64, rec waterdeep.Record, f *bots.ValueFeatures, o options) ([]cutoffPosition, error) {
	s, err := waterdeep.New(rec.Config(nil))
	if err != nil {
		return nil, err
	}
	if s.Players() != f.Players() {
		return nil, fmt.Errorf("%d players; the features are for %d", s.Players(), f.Players())
	}
	rate := o.rate
	if g%o.holdout == 0 {
		rate = o.evalRate
	}
	var out []cutoffPosition
	for step, a := range rec.Actions {
		if keep(o.seed, g, int32(step), rate) {
			c, ok, err := cutoffFrom(s, seedOf(o.seed, g, int32(step)), f, o.cutoff)
			if err != nil {
				return nil, fmt.Errorf("step %d: %w", step, err)
			}
			if ok {
				c.game, c.step = g, int32(step)
				out = append(out, c)
			}
		}
		if s, err = s.Apply(a); err != nil {
			return nil, fmt.Errorf("step %d: %w", step, err)
		}
	}
	return out, nil
}

// seedOf is the seed of the position made from step of game g.
func seedOf(seed uint64, g int64, step int32) uint64 {
	h := fnv.New64a()
	fmt.Fprintf(h, "cutoff/%d/%d/%d", seed, g, step)
	return mix64(h.Sum64())
}

// cutoffFrom makes one cut-off position from state s (see the comment at
// the top of the file); ok is false when the game ends before the
// position is read (the search scores an ended game by its result, not by
// the model).
func cutoffFrom(s waterdeep.State, seed uint64, f *bots.ValueFeatures, depth int) (c cutoffPosition, ok bool, err error) {
	r := rand.New(rand.NewPCG(seed, 0xc07))
	ctx := context.Background()
	P := s.Players()
	greedy := make([]*bots.Greedy, P)
	for p := range greedy {
		greedy[p] = bots.NewGreedy(r.Uint64())
	}
	play := func(s *waterdeep.State, uniform bool) error {
		p, _ := s.ToAct()
		v := s.View(p)
		var a waterdeep.Action
		if uniform {
			a = rolloutPolicy(v.Legal, r)
		} else if a, err = greedy[p].Choose(ctx, v); err != nil {
			return err
		}
		next, err := s.Apply(a)
		*s = next
		return err
	}
	d, q := r.IntN(depth+1), r.Float64()
	for range d {
		if s.Over() {
			return c, false, nil
		}
		if err := play(&s, r.Float64() < q); err != nil {
			return c, false, err
		}
	}
	if s.Over() {
		return c, false, nil
	}
	c.round = int8(s.Round())
	toAct, _ := s.ToAct()
	var in []bots.ValueInput
	for p := range P {
		id := waterdeep.PlayerID(p)
		c.start[p] = int32(len(c.idx))
		in = f.FromState(in[:0], &s, id, true)
		for _, x := range in {
			c.idx = append(c.idx, uint16(x.Index))
			c.val = append(c.val, x.Value)
		}
		c.worth[p] = bots.SeatWorth(&s, id, true)
		c.own[p] = bots.SeatWorth(&s, id, id == toAct)
	}
	c.start[P] = int32(len(c.idx))
	c.idx, c.val = slices.Clip(c.idx), slices.Clip(c.val)
	for !s.Over() {
		if err := play(&s, false); err != nil {
			return c, false, err
		}
	}
	winners := s.Winners()
	for _, w := range winners {
		c.shares[w] = 1 / float32(len(winners))
	}
	mean := 0.0
	for p := range P {
		mean += float64(s.Score(waterdeep.PlayerID(p)))
	}
	mean /= float64(P)
	for p := range P {
		c.margins[p] = float32((float64(s.Score(waterdeep.PlayerID(p))) - mean) / marginUnit)
	}
	return c, true, nil
}

// rolloutPolicy is the uniform part of ISMCTS's rollout policy: a quest
// completed whenever one can be, else a uniform legal action.
func rolloutPolicy(legal []waterdeep.Action, r *rand.Rand) waterdeep.Action {
	var complete []waterdeep.Action
	for _, a := range legal {
		switch a.(type) {
		case waterdeep.CompleteQuest, waterdeep.CompleteMandatory:
			complete = append(complete, a)
		}
	}
	if len(complete) > 0 {
		return complete[r.IntN(len(complete))]
	}
	return legal[r.IntN(len(legal))]
}
