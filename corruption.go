package waterdeep

import (
	"encoding/binary"
	"math/bits"

	"github.com/waterdeep-go/waterdeep/content"
	"github.com/waterdeep-go/waterdeep/quests"
)

// The corruption track of the Skullport module (rules summary,
// "Corruption"): 25 tokens, 1 on the space labeled -1 and 3 on each of -2
// to -9. track[i] holds the tokens on the space labeled -(i+1).

// TrackSpaces is the number of spaces of Skullport's corruption track,
// labeled -1 to -9.
const TrackSpaces = 9

// CorruptionTrack is the corruption tokens on each space of the track:
// index 0 is the space labeled -1, index TrackSpaces-1 the one labeled -9
// (State.Track, View.Track).
type CorruptionTrack [TrackSpaces]int

// trackSpaces is TrackSpaces, for the engine's arrays.
const trackSpaces = TrackSpaces

// trackMax is the most tokens a track space holds: "No space can ever have
// more than 3 corruption tokens on it."
const trackMax = 3

// corruptionTokens is the number of corruption tokens in the game.
const corruptionTokens = 1 + 3*(trackSpaces-1)

// corruptionVP is what each token a player must take but the track cannot
// give costs: "immediately lose 10 VP for each token you could not take."
const corruptionVP = 10

// setupTrack prepares the corruption board: "placing 3 corruption tokens on
// each of the spaces labeled -2 through -9, and 1 token on the space
// labeled -1."
func (s *State) setupTrack() {
	s.track[0] = 1
	for i := 1; i < trackSpaces; i++ {
		s.track[i] = trackMax
	}
}

// takeFromTrack takes one token from the space closest to -1 that still
// has tokens on it, and reports whether there was one.
//
// The first eight spaces are read as one little-endian word, whose lowest
// non-zero byte is the space. Its reference is takeFromTrackRef, the
// byte-wise form.
func (s *State) takeFromTrack() bool {
	if w := binary.LittleEndian.Uint64(s.track[:8]); w != 0 {
		s.track[bits.TrailingZeros64(w)/8]--
		return true
	}
	for i := 8; i < trackSpaces; i++ {
		if s.track[i] > 0 {
			s.track[i]--
			return true
		}
	}
	return false
}

// gainCorruption gives player p n corruption tokens from the track; each
// token the track cannot give costs corruptionVP at once. A score may go
// below 0 (reading: the summary says "lose 10 VP" with no floor; RULES.md
// 27). Its reference is gainCorruptionRef, a token at a time.
func (s *State) gainCorruption(p uint8, n int) {
	// The track never refills while tokens are taken: the tokens it gives
	// come first, then those it cannot give (gainCorruptionRef).
	taken := 0
	for taken < n && s.takeFromTrack() {
		taken++
	}
	if taken < n {
		s.corruptionLost(p, n-taken)
	}
	s.players[p].corrupt += uint8(taken)
	s.emitCorruption(EvCorruptionTaken, p, taken)
	if taken > 0 && s.hasPlot(p, quests.DrawOnCorruption) {
		// Shelter Zhentarim Agents: a token the track could not give was
		// not taken, so it draws nothing (RULES.md 119).
		s.onCorruptionTaken(p)
	}
}

// corruptionLost costs player p corruptionVP for each of n tokens the
// track could not give.
func (s *State) corruptionLost(p uint8, n int) {
	ps := &s.players[p]
	for range n {
		// Like gains, losses stop at content.MaxHeld (below 0), so no
		// game, however long, can wrap a score.
		ps.score = max(ps.score-corruptionVP, -content.MaxHeld)
		s.emitGain(EvScored, p, Bundle{VP: -corruptionVP})
	}
}

// emitCorruption reports n corruption tokens moved by player p, if any.
func (s *State) emitCorruption(kind EventKind, p uint8, n int) {
	if s.events != nil && n != 0 {
		s.emit(Event{Kind: kind, Player: PlayerID(p), Corruption: n})
	}
}

// putOnTrack puts one token back on the track, "starting with the space
// farthest from -1 that does not contain 3 tokens", and reports whether
// there was room (there always is: the track holds 27 of the 25 tokens).
func (s *State) putOnTrack() bool {
	for i := trackSpaces - 1; i >= 0; i-- {
		if s.track[i] < trackMax {
			s.track[i]++
			return true
		}
	}
	return false
}

// returnCorruption puts up to n of player p's tokens back on the track.
func (s *State) returnCorruption(p uint8, n int) {
	ps := &s.players[p]
	returned := 0
	for range min(n, int(ps.corrupt)) {
		if s.putOnTrack() {
			ps.corrupt--
			returned++
		}
	}
	s.emitCorruption(EvCorruptionReturned, p, returned)
	if n > 0 {
		s.onCorruptionReturned(p) // Protect Converts to Eilistraee
	}
}

// removeCorruption discards up to n of player p's tokens to the box:
// "discard the token to the box."
func (s *State) removeCorruption(p uint8, n int) {
	ps := &s.players[p]
	k := uint8(min(n, int(ps.corrupt)))
	ps.corrupt -= k
	s.corruptionBox += k
	s.emitCorruption(EvCorruptionRemoved, p, int(k))
}

// corruptionValue is what each corruption token costs at the end of the
// game: the label of the empty track space farthest from -1 (as a
// positive number). With no empty space the value is 0 (reading: no label
// is uncovered; RULES.md 26).
func (s *State) corruptionValue() int {
	if !s.modules.Has(Skullport) {
		return 0 // no track, no corruption
	}
	return trackValue(&s.track)
}

// trackValue returns the label (as a positive number) of the empty space of
// track farthest from -1, or 0 if no space is empty.
func trackValue[T uint8 | int](track *[trackSpaces]T) int {
	for i := trackSpaces - 1; i >= 0; i-- {
		if track[i] == 0 {
			return i + 1
		}
	}
	return 0
}

// Track returns the corruption tokens on the track's spaces: index 0 is
// the space labeled -1, index 8 the one labeled -9. All are 0 in a game
// without Skullport.
func (s State) Track() CorruptionTrack {
	var out CorruptionTrack
	for i, n := range s.track {
		out[i] = int(n)
	}
	return out
}

// Corruption returns the corruption tokens in player p's tavern.
// A PlayerID that is not a seat holds nothing here (see CheckSeat).
func (s State) Corruption(p PlayerID) int { return int(s.player(p).corrupt) }

// CorruptionRemoved returns the corruption tokens removed from the game to
// the box.
func (s State) CorruptionRemoved() int { return int(s.corruptionBox) }

// CorruptionValue returns what each corruption token in a tavern would
// cost at the end of the game if it ended now: the label of the empty
// track space farthest from -1, or 0 if no space is empty (or the game has
// no Skullport).
func (s State) CorruptionValue() int { return s.corruptionValue() }
