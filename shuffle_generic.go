//go:build !amd64 || purego

package waterdeep

import "math/bits"

// shuffle is the Fisher-Yates loop of shuffle.go in Go. It draws from a
// copy of the generator, written back at the end, so that the state stays
// in registers through the loop instead of being loaded and stored at
// every draw (the numbers drawn are the same).
func shuffle(r *pcg, xs []uint8) {
	g := *r
	for i := len(xs) - 1; i > 0; i-- {
		// intn(i+1), written out (pcg.bounded is too large to inline).
		n := uint64(i + 1)
		var x uint64
		g, x = g.step()
		j, frac := bits.Mul64(x, n)
		if frac < n {
			g, j = g.boundedRetry(n, j, frac)
		}
		xs[i], xs[j] = xs[j], xs[i]
	}
	*r = g
}
