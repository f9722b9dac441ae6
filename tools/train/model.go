package main

import (
	"math"
	"math/rand/v2"

	"github.com/waterdeep-go/waterdeep/bots"
)

const H = bots.ValueHidden

// net is the value model being trained: bots.ValueModel's shape, in
// float64, on inputs divided by scale (folded into w1 on export).
type net struct {
	inputs int
	scale  []float64 // by input: what it is divided by
	w1     []float64 // [inputs][H]
	b1     [H]float64
	w2     [H]float64
}

func newNet(inputs int, scale []float64, r *rand.Rand) *net {
	n := &net{inputs: inputs, scale: scale, w1: make([]float64, inputs*H)}
	// He initialisation for the sparse inputs' typical count (~40).
	s1 := math.Sqrt(2.0 / 40)
	for i := range n.w1 {
		n.w1[i] = r.NormFloat64() * s1
	}
	s2 := math.Sqrt(1.0 / H)
	for j := range n.w2 {
		n.w2[j] = r.NormFloat64() * s2
	}
	return n
}

// forward computes the slot's hidden pre-activations into h and returns
// its score.
func (n *net) forward(idx []uint16, val []float32, h *[H]float64) float64 {
	*h = n.b1
	for t, i := range idx {
		x := float64(val[t]) / n.scale[i]
		row := n.w1[int(i)*H:][:H]
		for j := range h {
			h[j] += x * row[j]
		}
	}
	z := 0.0
	for j, v := range h {
		if v > 0 {
			z += v * n.w2[j]
		}
	}
	return z
}

// predict writes the position's prediction to out and returns its loss:
// the predicted shares (softmax of the slots' scores) and their
// cross-entropy against the position's shares, or, for a set of margins,
// the predicted margins (the scores less their mean) and their mean
// squared error.
func (n *net) predict(s *set, i int, out []float64) float64 {
	var h [H]float64
	P := s.players
	for k := range P {
		idx, val := s.inputs(i, k)
		out[k] = n.forward(idx, val, &h)
	}
	if s.margins {
		return marginLoss(out[:P], s.pos[i].margins[:P])
	}
	return softmaxLoss(out[:P], s.pos[i].shares[:P])
}

// marginLoss centres scores z in place (less their mean) and returns their
// mean squared error against margins t (which sum to 0).
func marginLoss(z []float64, t []float32) float64 {
	mean := 0.0
	for _, v := range z {
		mean += v
	}
	mean /= float64(len(z))
	loss := 0.0
	for k := range z {
		z[k] -= mean
		d := z[k] - float64(t[k])
		loss += d * d
	}
	return loss / float64(len(z))
}

// softmaxLoss turns scores z into probabilities in place and returns the
// cross-entropy of target t.
func softmaxLoss(z []float64, t []float32) float64 {
	top := math.Inf(-1)
	for _, v := range z {
		top = max(top, v)
	}
	sum := 0.0
	for k := range z {
		z[k] = math.Exp(z[k] - top)
		sum += z[k]
	}
	loss := 0.0
	for k := range z {
		z[k] /= sum
		if t[k] > 0 {
			loss -= float64(t[k]) * math.Log(max(z[k], 1e-12))
		}
	}
	return loss
}

// adam holds the optimiser's moments of every weight.
type adam struct {
	m, v []float64
	t    int
}

// trainer accumulates a batch's gradients (g: the same layout as the
// weights, w1, b1, w2 in one slice) and applies them with Adam.
type trainer struct {
	n   *net
	g   []float64
	opt adam
	lr  float64
	l2  float64
}

func newTrainer(n *net, lr, l2 float64) *trainer {
	size := len(n.w1) + 2*H
	return &trainer{n: n, g: make([]float64, size), opt: adam{m: make([]float64, size), v: make([]float64, size)}, lr: lr, l2: l2}
}

// step adds the gradient of position i's loss and returns the loss.
func (tr *trainer) step(s *set, i int) float64 {
	n := tr.n
	P := s.players
	var hs [8][H]float64
	var z [8]float64
	for k := range P {
		idx, val := s.inputs(i, k)
		z[k] = n.forward(idx, val, &hs[k])
	}
	var loss float64
	// dz[k]: the loss's derivative by slot k's score. Of the softmax's
	// cross-entropy: the predicted share less the true one. Of the
	// margins' squared error: 2/P times the centred score's error (the
	// centring adds the errors' mean, which is 0).
	var dz [8]float64
	if s.margins {
		loss = marginLoss(z[:P], s.pos[i].margins[:P])
		for k := range P {
			dz[k] = 2 * (z[k] - float64(s.pos[i].margins[k])) / float64(P)
		}
	} else {
		loss = softmaxLoss(z[:P], s.pos[i].shares[:P])
		for k := range P {
			dz[k] = z[k] - float64(s.pos[i].shares[k])
		}
	}
	gw1, gb1, gw2 := tr.g[:len(n.w1)], tr.g[len(n.w1):len(n.w1)+H], tr.g[len(n.w1)+H:]
	for k := range P {
		dz := dz[k]
		if dz == 0 {
			continue
		}
		var dh [H]float64
		for j, v := range hs[k] {
			if v > 0 {
				gw2[j] += dz * v
				dh[j] = dz * n.w2[j]
				gb1[j] += dh[j]
			}
		}
		idx, val := s.inputs(i, k)
		for t, in := range idx {
			x := float64(val[t]) / n.scale[in]
			row := gw1[int(in)*H:][:H]
			for j := range row {
				row[j] += x * dh[j]
			}
		}
	}
	return loss
}

// apply takes an Adam step with the batch's mean gradient over batch
// positions, and clears the gradient.
func (tr *trainer) apply(batch int) {
	n := tr.n
	tr.opt.t++
	const b1, b2, eps = 0.9, 0.999, 1e-8
	c1 := 1 - math.Pow(b1, float64(tr.opt.t))
	c2 := 1 - math.Pow(b2, float64(tr.opt.t))
	w := func(i int) *float64 {
		switch {
		case i < len(n.w1):
			return &n.w1[i]
		case i < len(n.w1)+H:
			return &n.b1[i-len(n.w1)]
		}
		return &n.w2[i-len(n.w1)-H]
	}
	for i := range tr.g {
		p := w(i)
		g := tr.g[i]/float64(batch) + tr.l2**p
		m := b1*tr.opt.m[i] + (1-b1)*g
		v := b2*tr.opt.v[i] + (1-b2)*g*g
		tr.opt.m[i], tr.opt.v[i] = m, v
		*p -= tr.lr * (m / c1) / (math.Sqrt(v/c2) + eps)
		tr.g[i] = 0
	}
}

// export returns the weights as bots.NewValueModel takes them, with the
// input scales folded into w1.
func (n *net) export() (w1, b1, w2 []float32) {
	w1 = make([]float32, len(n.w1))
	for i := range n.inputs {
		for j := range H {
			w1[i*H+j] = float32(n.w1[i*H+j] / n.scale[i])
		}
	}
	for j := range H {
		b1 = append(b1, float32(n.b1[j]))
		w2 = append(w2, float32(n.w2[j]))
	}
	return w1, b1, w2
}
