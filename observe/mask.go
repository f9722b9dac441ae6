package observe

import "github.com/waterdeep-go/waterdeep"

// MaskSize returns the size of the legal-move mask: waterdeep.NumMoves().
func MaskSize() int { return waterdeep.NumMoves() }

// Mask writes the legal-move mask of v into dst[:MaskSize()], growing dst
// only when its capacity is short, and returns it: element m is 1 when
// Move m is legal for the viewer, 0 otherwise (all 0 when the viewer is
// not to act, as the view lists no legal action then). With a reused
// buffer it allocates nothing.
func Mask(dst []float32, v waterdeep.View) []float32 {
	n := waterdeep.NumMoves()
	if cap(dst) < n {
		dst = make([]float32, n)
	}
	dst = dst[:n]
	clear(dst)
	for _, a := range v.Legal {
		if m := waterdeep.EncodeMove(a); m != 0 {
			dst[m] = 1
		}
	}
	return dst
}

// AppendLegal appends the viewer's legal moves in v, in the view's
// canonical order, to dst: the mask's set elements, its sparse form.
func AppendLegal(dst []waterdeep.Move, v waterdeep.View) []waterdeep.Move {
	for _, a := range v.Legal {
		if m := waterdeep.EncodeMove(a); m != 0 {
			dst = append(dst, m)
		}
	}
	return dst
}
