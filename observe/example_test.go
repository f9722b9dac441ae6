package observe_test

import (
	"fmt"

	"github.com/waterdeep-go/waterdeep"
	"github.com/waterdeep-go/waterdeep/observe"
)

// A training loop encodes the view of the seat to act, and its legal
// moves, into reused buffers.
func Example() {
	s, _ := waterdeep.New(waterdeep.Config{Players: 4, Seed: 1})
	e, _ := observe.New(nil, 4, 0)
	obs := make([]float32, e.Size())
	mask := make([]float32, observe.MaskSize())

	p, _ := s.ToAct()
	v := s.View(p)
	obs, _ = e.Encode(obs, v)
	mask = observe.Mask(mask, v)

	gold, _ := e.Field("seat.gold")
	legal := 0
	for _, x := range mask {
		legal += int(x)
	}
	fmt.Println(e.Size(), len(mask), obs[gold.Offset], legal)
	// Output: 2236 3810 4 11
}
