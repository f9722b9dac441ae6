package waterdeep

import "fmt"

// Size limits of the decoders. Each decoder checks the length of its input
// against its limit before it decodes anything, so that an oversized
// document costs nothing to refuse (a *SizeError), whatever it holds. Each
// limit is far above what a real document needs (noted beside it); a
// server can use them to bound request bodies.
const (
	// MaxStateSize bounds DecodeState (a snapshot is about 3 KB).
	MaxStateSize = 1 << 20
	// MaxViewSize bounds DecodeView (a view is about 7 KB).
	MaxViewSize = 1 << 20
	// MaxRecordSize bounds a Record's JSON (a game's record is about 10 KB).
	MaxRecordSize = 4 << 20
	// MaxEventsSize bounds UnmarshalEvents (a whole game's events are
	// about 150 KB).
	MaxEventsSize = 16 << 20
	// MaxEventSize bounds one event's JSON (an event is under 300 bytes).
	MaxEventSize = 4 << 10
	// MaxActionSize bounds UnmarshalAction (an action is under 200 bytes).
	MaxActionSize = 4 << 10
	// MaxActionTextSize bounds ParseAction (a text action is under 80
	// bytes).
	MaxActionTextSize = 1 << 10
)

// SizeError reports input refused for its size alone, before decoding.
type SizeError struct {
	// What was being decoded, such as "view JSON".
	What string
	// Size is the input's length in bytes and Limit the most accepted.
	Size, Limit int
}

// Error implements error.
func (e *SizeError) Error() string {
	return fmt.Sprintf("waterdeep: cannot decode %s: %d bytes; at most %d are read", e.What, e.Size, e.Limit)
}

// tooLarge returns a *SizeError when n is above limit, else nil.
func tooLarge(what string, n, limit int) error {
	if n > limit {
		return &SizeError{What: what, Size: n, Limit: limit}
	}
	return nil
}
