package waterdeep

import (
	"encoding/json"
	"math/rand/v2"
	"reflect"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"
)

// viewCmp compares views by their exported fields.
var viewCmp = []cmp.Option{cmpopts.IgnoreUnexported(View{}), cmpopts.EquateComparable(Progress{}), cmpopts.EquateEmpty()}

// Determinize keeps everything a view shows: the sampled state's view from
// the same seat is the view it came from, for every seat of every state of
// random games (of every 5th state in the quick run, see long_test.go).
func TestDeterminizeKeepsTheView(t *testing.T) {
	t.Parallel() // self-contained: runs beside the other heavy tests (long_test.go)
	every := 1
	if quickRun() {
		every = 5
	}
	for n := 2; n <= 5; n++ {
		s, err := New(Config{Players: n, Seed: uint64(100 + n)})
		if err != nil {
			t.Fatal(err)
		}
		r := rand.New(rand.NewPCG(uint64(n), 9))
		for step := 0; ; step++ {
			for p := range PlayerID(n) {
				if step%every != 0 && !s.Over() {
					break
				}
				v := s.View(p)
				d, err := Determinize(v, uint64(step))
				if err != nil {
					t.Fatalf("%d players, step %d, seat %d: %v", n, step, p, err)
				}
				if diff := cmp.Diff(v, d.View(p), viewCmp...); diff != "" {
					t.Fatalf("%d players, step %d, seat %d: view changed (-want +got):\n%s", n, step, p, diff)
				}
			}
			if s.Over() {
				break
			}
			legal := s.LegalActions()
			s, err = s.Apply(legal[r.IntN(len(legal))])
			if err != nil {
				t.Fatal(err)
			}
		}
	}
}

// A sampled state can be played to the end.
func TestDeterminizedStatePlays(t *testing.T) {
	s, _ := New(Config{Players: 4, Seed: 3})
	r := rand.New(rand.NewPCG(3, 3))
	for range 60 {
		legal := s.LegalActions()
		s, _ = s.Apply(legal[r.IntN(len(legal))])
	}
	d, err := Determinize(s.View(2), 77)
	if err != nil {
		t.Fatal(err)
	}
	for steps := 0; !d.Over(); steps++ {
		legal := d.LegalActions()
		if len(legal) == 0 || steps > 3000 {
			t.Fatalf("stuck after %d steps", steps)
		}
		if d, err = d.Apply(legal[r.IntN(len(legal))]); err != nil {
			t.Fatal(err)
		}
	}
}

// A view changed by hand gets an error from Determinize, never a panic,
// and what Determinize accepts is a valid state.
func TestDeterminizeRefusesImpossibleViews(t *testing.T) {
	t.Parallel() // self-contained: runs beside the other heavy tests (long_test.go)
	s, _ := New(Config{Players: 4, Seed: 8})
	r := rand.New(rand.NewPCG(8, 8))
	var views []View
	for i := 0; !s.Over(); i++ {
		if i%7 == 0 {
			views = append(views, s.View(PlayerID(i%4)))
		}
		legal := s.LegalActions()
		s, _ = s.Apply(legal[r.IntN(len(legal))])
	}
	values := []int64{-1, 0, 1, 3, 7, 24, 25, 26, 100, 127, 200, 254, 255, 256, 1 << 20}
	for _, base := range views {
		for range 40 {
			v := cloneView(base)
			mutateInts(reflect.ValueOf(&v).Elem(), r, values)
			d, err := Determinize(v, 1)
			if err == nil {
				if verr := d.validate(); verr != nil {
					t.Fatalf("Determinize accepted a view giving an invalid state: %v", verr)
				}
			}
		}
	}
}

// cloneView copies a view deeply enough that mutating the copy leaves the
// original alone (a JSON round trip).
func cloneView(v View) View {
	data, err := json.Marshal(v)
	if err != nil {
		panic(err)
	}
	out, err := DecodeView(data, v.c)
	if err != nil {
		panic(err)
	}
	return out
}

// mutateInts sets one integer field, chosen at random anywhere in x, to one
// of values.
func mutateInts(x reflect.Value, r *rand.Rand, values []int64) {
	var fields []reflect.Value
	var walk func(v reflect.Value)
	walk = func(v reflect.Value) {
		switch v.Kind() {
		case reflect.Struct:
			for i := range v.NumField() {
				if v.Type().Field(i).IsExported() {
					walk(v.Field(i))
				}
			}
		case reflect.Slice, reflect.Array:
			for i := range v.Len() {
				walk(v.Index(i))
			}
		case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64,
			reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64:
			if v.CanSet() {
				fields = append(fields, v)
			}
		}
	}
	walk(x)
	if len(fields) == 0 {
		return
	}
	f := fields[r.IntN(len(fields))]
	val := values[r.IntN(len(values))]
	if f.CanInt() {
		f.SetInt(val)
	} else {
		f.SetUint(uint64(val))
	}
}
