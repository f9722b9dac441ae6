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
	// about 150 KB, a long six-player game's at most).
	MaxEventsSize = 4 << 20
	// MaxEventSize bounds one event's JSON (an event is under 300 bytes).
	MaxEventSize = 4 << 10
	// MaxActionSize bounds UnmarshalAction (an action is under 200 bytes).
	MaxActionSize = 4 << 10
	// MaxActionTextSize bounds ParseAction (a text action is under 80
	// bytes).
	MaxActionTextSize = 1 << 10
	// MaxDepth bounds how deeply a JSON document nests arrays and objects
	// (an events document, the deepest, nests 5 levels). Each JSON decoder counts the
	// nesting in one pass over the bytes, after the size and before any
	// other work, and refuses a deeper document with a *SizeError whose
	// Depth is true.
	MaxDepth = 32
)

// The cost of decoding. Whatever its shape (nested to MaxDepth, arrays of
// a million empty values, objects of many keys, the largest document its
// limit allows), no decoder allocates more than DecodeBytesPerByte bytes
// and DecodeAllocsPerByte allocations per byte of its input, beyond
// DecodeBaseBytes and DecodeBaseAllocs, and each reads its input a fixed
// number of times, so that its time is linear too. With the limits above a
// record or an events document costs at most about 170 MB of allocation
// (a real one of that size about 100 MB), a view or a snapshot 40 MB, an
// action or an event 230 KB.
// TestDecodersCostLinear measures it, and each decoder's fuzz target checks
// it (runtime.MemStats.TotalAlloc: every byte allocated, garbage included,
// so the peak in use is lower).
const (
	// DecodeBytesPerByte bounds the bytes a decoder allocates per byte
	// of its input (the worst measured: 28, a real events document; a
	// record 23; a view or a snapshot 12, when small).
	DecodeBytesPerByte = 40
	// DecodeAllocsPerByte bounds the allocations a decoder makes per
	// byte of its input (the worst measured: 0.54, a real events
	// document).
	DecodeAllocsPerByte = 0.75
	// DecodeBaseBytes is what any decoding may allocate beyond
	// DecodeBytesPerByte (a view's check samples a state from it).
	DecodeBaseBytes = 64 << 10
	// DecodeBaseAllocs is the allocations any decoding may make beyond
	// DecodeAllocsPerByte.
	DecodeBaseAllocs = 1000
)

// SizeError reports input refused for its size alone, before decoding.
type SizeError struct {
	// What was being decoded, such as "view JSON".
	What string
	// Size is the input's length in bytes and Limit the most accepted.
	Size, Limit int
	// Depth is true when Size and Limit count levels of nesting (see
	// MaxDepth) rather than bytes.
	Depth bool
}

// Error implements error.
func (e *SizeError) Error() string {
	if e.Depth {
		return fmt.Sprintf("waterdeep: cannot decode %s: nested %d levels deep; at most %d are read", e.What, e.Size, e.Limit)
	}
	return fmt.Sprintf("waterdeep: cannot decode %s: %d bytes; at most %d are read", e.What, e.Size, e.Limit)
}

// tooLarge returns a *SizeError when n is above limit, else nil.
func tooLarge(what string, n, limit int) error {
	if n > limit {
		return &SizeError{What: what, Size: n, Limit: limit}
	}
	return nil
}
