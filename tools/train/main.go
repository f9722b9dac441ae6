// Command train trains the value model the library's ISMCTS can use at its
// rollouts' cut-off (bots.ValueModel): from a seat's observation, every
// seat's expected final win share. It reads the training rows (Parquet)
// that examples/selfplay-beam writes, holds out every game whose number is
// a multiple of -holdout, trains on the others, and reports the model's
// loss and how often it names the winner, by round, on the held-out games,
// beside Greedy's evaluation used as a predictor on the same positions
// (which needs the games' records, -records).
//
//	go run . -rows 'data/rows-*.parquet' -records 'data/games-*.jsonl.gz' -out ../../bots/value.bin
//
// Seeded and single-threaded, so the same rows, flags and seed give the
// same weights file byte for byte. README.md has the figures.
package main

import (
	"flag"
	"fmt"
	"io"
	"log"
	"math"
	"math/rand/v2"
	"os"
	"runtime"
	"strings"
	"time"

	"github.com/waterdeep-go/waterdeep"
	"github.com/waterdeep-go/waterdeep/bots"
	"github.com/waterdeep-go/waterdeep/content"
	"github.com/waterdeep-go/waterdeep/observe"
)

type options struct {
	rows, records, out, report, name, modules string
	target                                    string
	players                                   int
	seed                                      uint64
	holdout                                   int64
	rate, evalRate, lr, l2                    float64
	epochs, batch, cutoff, workers            int
}

func main() {
	var o options
	flag.StringVar(&o.rows, "rows", "", "the training rows: a glob of selfplay-beam's Parquet files")
	flag.StringVar(&o.records, "records", "", "the games' records (a glob of selfplay-beam's .jsonl.gz files), for Greedy's evaluation on the held-out positions (empty: not compared); with -cutoff, the games played on, and several runs' globs may be given, separated by commas (run k's game g is game k·10⁹+g)")
	flag.StringVar(&o.out, "out", "value.bin", "write the weights file here (bots.LoadValue reads it)")
	flag.StringVar(&o.report, "report", "", "also write the report (markdown) here")
	flag.StringVar(&o.name, "name", "", "the model's name in its weights file (default: a description of the data and flags)")
	flag.IntVar(&o.players, "players", 4, "players per game of the rows")
	flag.StringVar(&o.modules, "modules", "", "modules of the rows' games")
	flag.Uint64Var(&o.seed, "seed", 1, "seed of the sampling, initialisation and shuffling")
	flag.Int64Var(&o.holdout, "holdout", 10, "hold out the games whose number is a multiple of this")
	flag.Float64Var(&o.rate, "rate", 0.4, "share of the training games' rows used (a seeded hash of game and step)")
	flag.Float64Var(&o.evalRate, "eval-rate", 1, "share of the held-out games' rows evaluated")
	flag.IntVar(&o.epochs, "epochs", 8, "passes over the training rows")
	flag.IntVar(&o.batch, "batch", 128, "positions per gradient step")
	flag.Float64Var(&o.lr, "lr", 0.002, "Adam's learning rate (decays linearly to a tenth)")
	flag.Float64Var(&o.l2, "l2", 1e-5, "weight decay")
	flag.IntVar(&o.cutoff, "cutoff", 0, "train on the search's cut-off positions instead of the rows: from each kept step of the recorded games (-records; -rows unused), up to this many decisions of rollout-like play, every lord known, labelled by Greedy playing on (cutoff.go)")
	flag.StringVar(&o.target, "target", "shares", "what the model predicts of every seat: shares (its final win share) or margins (its final score less the seats' mean, in tens of VP; -cutoff only)")
	flag.IntVar(&o.workers, "workers", 2, "goroutines making -cutoff positions (the positions do not depend on it)")
	flag.Parse()
	if err := run(o, os.Stdout); err != nil {
		log.Fatalf("train: %v", err)
	}
}

func run(o options, w io.Writer) error {
	start := time.Now()
	mods, err := content.ParseModules(o.modules)
	if err != nil {
		return err
	}
	enc, err := observe.New(nil, o.players, mods)
	if err != nil {
		return err
	}
	if fd, _ := enc.Field("game.round"); fd.Offset != 0 {
		return fmt.Errorf("game.round at %d, expected at 0", fd.Offset)
	}
	feat, err := bots.NewValueFeatures(enc)
	if err != nil {
		return err
	}
	var train, valid, held *set
	var games map[int64]bool
	var worth, oracle map[int][]float64
	kind, source := bots.ValueKind{}, o.rows
	switch o.target {
	case "shares":
	case "margins":
		if o.cutoff == 0 {
			return fmt.Errorf("-target margins needs -cutoff: the rows carry no final scores")
		}
		kind.Target = bots.MarginTarget
	default:
		return fmt.Errorf("-target %q: want shares or margins", o.target)
	}
	if o.cutoff == 0 && strings.Contains(o.records, ",") {
		// The rows number their games as one run does.
		return fmt.Errorf("-records %s: several runs with -rows; train on the rows of one run, or on several runs' records with -cutoff", o.records)
	}
	if o.cutoff > 0 {
		if o.records == "" {
			return fmt.Errorf("-cutoff needs the games' records (-records)")
		}
		runs, err := globRuns(o.records)
		if err != nil {
			return err
		}
		kind.Lords, source = bots.EveryLordKnown, o.records
		if train, valid, held, games, worth, oracle, err = readCutoffs(runs, feat, o); err != nil {
			return err
		}
		m := o.target == "margins"
		train.margins, valid.margins, held.margins = m, m, m
	} else {
		files, err := glob(o.rows)
		if err != nil {
			return err
		}
		if train, valid, held, games, err = readRows(files, feat, o.seed, o.holdout, o.rate, o.evalRate); err != nil {
			return err
		}
		if o.records != "" {
			if worth, oracle, err = greedyOnHeld(o, held); err != nil {
				return err
			}
		}
	}
	nHeld := 0
	for g := range games {
		if g%o.holdout == 0 {
			nHeld++
		}
	}
	fmt.Fprintf(w, "read %s in %.1f s: %d games (%d held out); %d training positions, %d validation positions (games %% %d == %d, to pick the epoch), %d held-out positions\n",
		source, time.Since(start).Seconds(), len(games), nHeld, len(train.pos), len(valid.pos), o.holdout, o.holdout/2, len(held.pos))
	if len(train.pos) == 0 || len(held.pos) == 0 || len(valid.pos) == 0 {
		return fmt.Errorf("no positions to train on or to evaluate")
	}

	// Input scales: the root mean square of each input over the training
	// slots, at least 1 (so one-hot inputs stay as they are).
	inputs := feat.Inputs()
	sq := make([]float64, inputs)
	for i, x := range train.idx {
		sq[x] += float64(train.val[i]) * float64(train.val[i])
	}
	scale := make([]float64, inputs)
	slots := float64(len(train.pos) * train.players)
	for i := range scale {
		scale[i] = max(1, math.Sqrt(sq[i]/slots))
	}

	r := rand.New(rand.NewPCG(o.seed, 0x7a1e))
	n := newNet(inputs, scale, r)
	tr := newTrainer(n, o.lr, o.l2)
	order := make([]int, len(train.pos))
	for i := range order {
		order[i] = i
	}
	out := make([]float64, train.players)
	loss := func(s *set) float64 {
		sum := 0.0
		for i := range s.pos {
			sum += n.predict(s, i, out)
		}
		return sum / float64(len(s.pos))
	}
	// The weights of the epoch with the lowest validation loss are kept.
	best, bestEpoch := math.Inf(1), 0
	var keep net
	for e := range o.epochs {
		tr.lr = o.lr * (1 - 0.9*float64(e)/float64(max(1, o.epochs-1)))
		r.Shuffle(len(order), func(i, j int) { order[i], order[j] = order[j], order[i] })
		sum := 0.0
		for b := 0; b < len(order); b += o.batch {
			end := min(b+o.batch, len(order))
			for _, i := range order[b:end] {
				sum += tr.step(train, i)
			}
			tr.apply(end - b)
		}
		vl := loss(valid)
		if vl < best {
			best, bestEpoch = vl, e+1
			keep = *n
			keep.w1 = append([]float64(nil), n.w1...)
		}
		fmt.Fprintf(w, "epoch %d: lr %.5f, training loss %.4f, validation loss %.4f (%.0f s)\n", e+1, tr.lr, sum/float64(len(order)),
			vl, time.Since(start).Seconds())
	}
	*n = keep
	fmt.Fprintf(w, "kept epoch %d (validation loss %.4f)\n", bestEpoch, best)

	name := o.name
	if name == "" {
		name = fmt.Sprintf("value v1: %d players, modules %q; %d games of %s, %d positions (rate %g), games %% %d held out; epoch %d of %d, batch %d, lr %g, l2 %g, seed %d",
			o.players, mods.String(), len(games), source, len(train.pos), o.rate, o.holdout, bestEpoch, o.epochs, o.batch, o.lr, o.l2, o.seed)
		if o.cutoff > 0 {
			name = fmt.Sprintf("value v2, %s of cut-off positions (up to %d decisions played on, every lord known, labelled by Greedy): %s", o.target, o.cutoff, name[len("value v1: "):])
		}
	}
	w1, b1, w2 := n.export()
	m, err := bots.NewValueModelOf(feat, kind, name, w1, b1, w2)
	if err != nil {
		return err
	}
	data, err := m.MarshalBinary()
	if err != nil {
		return err
	}
	if err := os.WriteFile(o.out, data, 0o644); err != nil {
		return err
	}
	fmt.Fprintf(w, "wrote %s (%d bytes): %s\n", o.out, len(data), name)

	rep := evaluate(o, m, n, held, worth, oracle)
	var ms runtime.MemStats
	runtime.ReadMemStats(&ms)
	rep += fmt.Sprintf("\nTime %.0f s; Go heap peak about %d MB (runtime.MemStats.Sys %d MB).\n", time.Since(start).Seconds(),
		ms.HeapSys>>20, ms.Sys>>20)
	fmt.Fprint(w, rep)
	if o.report != "" {
		return os.WriteFile(o.report, []byte(rep), 0o644)
	}
	return nil
}

// greedyOnHeld returns Greedy's evaluations of every held-out row's
// seats, from the replayed records, by position index: from the view of
// the seat to act (its own lord only) and with every seat's lord.
func greedyOnHeld(o options, held *set) (worth, oracle map[int][]float64, err error) {
	P := held.players
	worth, oracle = map[int][]float64{}, map[int][]float64{}
	runs, err := globRuns(o.records)
	if err != nil {
		return nil, nil, err
	}
	recs, err := readRecords(runs, func(g int64) bool { return g%o.holdout == 0 })
	if err != nil {
		return nil, nil, err
	}
	want := map[[2]int64]int{}
	for i, p := range held.pos {
		want[[2]int64{p.game, int64(p.step)}] = i
	}
	for g, rec := range recs {
		s, err := waterdeep.New(rec.Config(nil))
		if err != nil {
			return nil, nil, err
		}
		for step, a := range rec.Actions {
			if i, ok := want[[2]int64{g, int64(step)}]; ok {
				v := a.Actor()
				ws, wo := make([]float64, P), make([]float64, P)
				for k := range P {
					p := waterdeep.PlayerID((int(v) + k) % P)
					ws[k] = bots.SeatWorth(&s, p, k == 0)
					wo[k] = bots.SeatWorth(&s, p, true)
				}
				worth[i], oracle[i] = ws, wo
			}
			if s, err = s.Apply(a); err != nil {
				return nil, nil, fmt.Errorf("game %d: %w", g, err)
			}
		}
	}
	return worth, oracle, nil
}

// evaluate reports the model on the held-out positions, by round, beside
// Greedy's evaluation as a predictor (worth and oracle, by position; may
// be empty) and the score leader.
func evaluate(o options, m *bots.ValueModel, n *net, held *set, worth, oracle map[int][]float64) string {
	P := held.players
	type acc struct {
		n                     int
		loss, greedyLoss      float64
		model, greedy, leader float64 // winner-prediction accuracy sums
		oracle                float64 // Greedy with every seat's lord
		greedyN               int
	}
	var by [10]acc // by round 1..8 (0: all)
	// Greedy's temperature: the scale of its VP margins that gives its
	// softmax the lowest loss on these very positions (a choice that
	// favours Greedy).
	greedyLoss := func(T float64) float64 {
		sum, k := 0.0, 0
		z := make([]float64, P)
		for i, ws := range worth {
			for j := range P {
				z[j] = ws[j] / T
			}
			sum += heldLoss(held, i, z)
			k++
		}
		return sum / float64(max(k, 1))
	}
	bestT, bestL := 0.0, math.Inf(1)
	if len(worth) > 0 {
		for T := 1.0; T <= 40; T *= 1.1 {
			if l := greedyLoss(T); l < bestL {
				bestT, bestL = T, l
			}
		}
	}
	out := make([]float64, P)
	z := make([]float64, P)
	for i := range held.pos {
		p := &held.pos[i]
		loss := n.predict(held, i, out)
		rd := int(p.round)
		if rd < 1 || rd > 8 {
			rd = 9
		}
		for _, b := range []int{0, rd} {
			a := &by[b]
			a.n++
			a.loss += loss
			a.model += float64(p.shares[argmax(out)])
			// The score leader: the slot with the highest score input.
			var sc [8]float64
			for k := range P {
				idx, val := held.inputs(i, k)
				for t, x := range idx {
					if x == 0 { // vScore
						sc[k] = float64(val[t])
					}
				}
			}
			a.leader += float64(p.shares[argmax(sc[:P])])
			if ws, ok := worth[i]; ok {
				a.greedyN++
				a.greedy += float64(p.shares[argmax(ws)])
				a.oracle += float64(p.shares[argmax(oracle[i])])
				for j := range P {
					z[j] = ws[j] / bestT
				}
				a.greedyLoss += heldLoss(held, i, z)
			}
		}
	}
	s := fmt.Sprintf("\n## Held-out evaluation (%s)\n\n", m.Name())
	if held.margins {
		s += fmt.Sprintf("Cut-off positions made from the held-out games (game %% %d == 0; tools/train/cutoff.go). Loss: mean squared error of the predicted margins (final score less the seats' mean, in tens of VP; predicting 0 for every seat scores the margins' variance). Accuracy: the final win share of the seat predicted most likely to win (1 when it won alone). Greedy: `bots.SeatWorth` of every seat (its own lord for the seat to act only), centred and divided by %.2f VP, the scale fitted on these positions for its loss, argmax for its accuracy. Greedy, all lords: the same with every seat's lord, as the model reads them and as ISMCTS's cut-off evaluation reads them in its determinizations. Leader: the seat with the highest score now.\n\n", o.holdout, bestT)
	} else {
		s += fmt.Sprintf("Positions of the held-out games (game %% %d == 0), every seat to act. Loss: cross-entropy of the predicted win shares against the final shares (uniform guess: ln %d = %.4f). Accuracy: the final win share of the seat predicted most likely to win (1 when it won alone). Greedy: `bots.SeatWorth` of every seat (its own lord for the seat to act only), softmax at the temperature %.2f VP fitted on these positions for its loss, argmax for its accuracy. Greedy, all lords: the same with every seat's lord, which the seat to act does not know (what ISMCTS's cut-off evaluation reads in its determinizations). Leader: the seat with the highest score now.\n\n", o.holdout, P, math.Log(float64(P)), bestT)
	}
	s += "| round | positions | model loss | Greedy loss | model accuracy | Greedy accuracy | Greedy, all lords | leader accuracy |\n|---|---:|---:|---:|---:|---:|---:|---:|\n"
	for b := 1; b <= 10; b++ {
		i := b % 10
		if i == 9 || by[i].n == 0 {
			continue
		}
		a := by[i]
		label := fmt.Sprint(i)
		if i == 0 {
			label = "all"
		}
		gl, ga, gor := "-", "-", "-"
		if a.greedyN > 0 {
			gl = fmt.Sprintf("%.4f", a.greedyLoss/float64(a.greedyN))
			ga = fmt.Sprintf("%.1f%%", 100*a.greedy/float64(a.greedyN))
			gor = fmt.Sprintf("%.1f%%", 100*a.oracle/float64(a.greedyN))
		}
		s += fmt.Sprintf("| %s | %d | %.4f | %s | %.1f%% | %s | %s | %.1f%% |\n", label, a.n, a.loss/float64(a.n), gl, 100*a.model/float64(a.n), ga, gor,
			100*a.leader/float64(a.n))
	}
	if held.margins {
		zero := 0.0
		for i := range held.pos {
			for k := range P {
				m := float64(held.pos[i].margins[k])
				zero += m * m / float64(P)
			}
		}
		s += fmt.Sprintf("\nPredicting a margin of 0 for every seat: loss %.4f.\n", zero/float64(len(held.pos)))
	}
	return s
}

// heldLoss is the loss of scores z (changed in place) as predictions of
// position i of set s: the softmax's cross-entropy against its shares,
// or the centred scores' squared error against its margins.
func heldLoss(s *set, i int, z []float64) float64 {
	if s.margins {
		return marginLoss(z, s.pos[i].margins[:s.players])
	}
	return softmaxLoss(z, s.pos[i].shares[:s.players])
}

func argmax(x []float64) int {
	b := 0
	for i, v := range x {
		if v > x[b] {
			b = i
		}
	}
	return b
}
