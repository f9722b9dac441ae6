package waterdeep

import (
	"math/rand/v2"
	"testing"
)

// TestTakeFromTrack compares takeFromTrack, which finds the space closest
// to -1 with a token a word at a time, with takeFromTrackEach, the scan of
// the spaces, on every track with one space of tokens and on random ones
// taken down to empty.
func TestTakeFromTrack(t *testing.T) {
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
	taken := 0
	for _, tr := range tracks {
		var a, b State
		a.track, b.track = tr, tr
		for {
			got, want := a.takeFromTrack(), b.takeFromTrackEach()
			if got != want || a.track != b.track {
				t.Fatalf("track %v: took %v leaving %v; a space at a time %v leaving %v", tr, got, a.track, want, b.track)
			}
			if !got {
				break
			}
			taken++
		}
	}
	t.Logf("%d tokens taken from %d tracks", taken, len(tracks))
}
