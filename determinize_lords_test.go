package waterdeep

import (
	"errors"
	"math"
	"testing"
)

// lordsView returns seat 0's view of a 4-player base game some decisions
// in, its Sampler, and the three hidden seats.
func lordsView(t *testing.T) (View, *Sampler) {
	t.Helper()
	s, err := New(Config{Players: 4, Seed: 11})
	if err != nil {
		t.Fatal(err)
	}
	var buf []Move
	for range 40 {
		buf = s.AppendMoves(buf[:0])
		if err := s.PlayInPlace(buf[len(buf)/2]); err != nil {
			t.Fatal(err)
		}
	}
	v := s.View(0)
	sm, err := NewSampler(v)
	if err != nil {
		t.Fatal(err)
	}
	return v, sm
}

// TestWeighLordsFollowsTheBelief: the hidden lords of Sampler.Sample are
// dealt with probability proportional to the product of the seats'
// weights, every sample is a state the view could show, and Sample stays
// allocation-free.
func TestWeighLordsFollowsTheBelief(t *testing.T) {
	v, sm := lordsView(t)
	pool := sm.d.lords[:sm.d.nLords]
	if len(pool) != 10 {
		t.Fatalf("%d unseen lords, want 10", len(pool))
	}
	// Seat p favours the lords whose position in the unseen list is near
	// 3p: weights 1, 2, 4 and 8 on four lords, 0 on the rest.
	weight := func(p PlayerID, l LordID) float64 {
		for i, u := range pool {
			if LordID(u) == l {
				d := i - 3*int(p) + 3
				if d >= 0 && d < 4 {
					return float64(int(1) << d)
				}
			}
		}
		return 0
	}
	if err := sm.WeighLords(weight); err != nil {
		t.Fatal(err)
	}
	// The exact distribution: every assignment of distinct lords to seats
	// 1, 2 and 3, by the product of its weights.
	want := map[[3]LordID]float64{}
	total := 0.0
	for _, a := range pool {
		for _, b := range pool {
			for _, c := range pool {
				if a == b || a == c || b == c {
					continue
				}
				k := [3]LordID{LordID(a), LordID(b), LordID(c)}
				w := weight(1, k[0]) * weight(2, k[1]) * weight(3, k[2])
				if w > 0 {
					want[k] = w
					total += w
				}
			}
		}
	}
	const n = 40000
	got := map[[3]LordID]int{}
	for seed := range uint64(n) {
		s, err := sm.Sample(seed)
		if err != nil {
			t.Fatal(err)
		}
		k := [3]LordID{s.Lord(1), s.Lord(2), s.Lord(3)}
		if want[k] == 0 {
			t.Fatalf("seed %d dealt lords %v, which the weights rule out", seed, k)
		}
		got[k]++
		if again := s.View(0); seed < 200 {
			if field := again.difference(&v); field != "" {
				t.Fatalf("seed %d: the sample's view differs from the view sampled in %s", seed, field)
			}
		}
	}
	for k, w := range want {
		p := w / total
		// Four standard deviations of the count.
		if sd := math.Sqrt(n * p * (1 - p)); math.Abs(float64(got[k])-n*p) > 4*sd+1 {
			t.Errorf("lords %v dealt %d times in %d, want about %.0f", k, got[k], n, n*p)
		}
	}
	if a := testing.AllocsPerRun(100, func() { sm.Sample(7) }); a != 0 {
		t.Fatalf("Sample with weighed lords allocates %v times", a)
	}
}

// TestWeighLordsClash: weights that heap two seats on one lord, with no
// assignment of positive weight, still deal distinct lords (seat by seat
// after the clashes), the first seat the heaped lord.
func TestWeighLordsClash(t *testing.T) {
	_, sm := lordsView(t)
	heaped := LordID(sm.d.lords[4])
	if err := sm.WeighLords(func(p PlayerID, l LordID) float64 {
		if l == heaped || p == 3 {
			return 1
		}
		return 0
	}); err != nil {
		t.Fatal(err)
	}
	for seed := range uint64(50) {
		s, err := sm.Sample(seed)
		if err != nil {
			t.Fatal(err)
		}
		if s.Lord(1) != heaped || s.Lord(2) == heaped || s.Lord(3) == heaped || s.Lord(2) == s.Lord(3) {
			t.Fatalf("seed %d: lords %v %v %v, want %v first and three distinct", seed, s.Lord(1), s.Lord(2), s.Lord(3), heaped)
		}
	}
}

// TestWeighLordsRefusesBadWeights: a negative, NaN or infinite weight, or
// a seat without a positive weight, is a *DeterminizeError naming the
// seat's lord, and the Sampler deals as before; nil deals uniformly again, as a
// new Sampler does.
func TestWeighLordsRefusesBadWeights(t *testing.T) {
	v, sm := lordsView(t)
	first := LordID(sm.d.lords[0])
	belief := func(p PlayerID, l LordID) float64 {
		if l == first && p == 2 {
			return 5
		}
		return 1
	}
	if err := sm.WeighLords(belief); err != nil {
		t.Fatal(err)
	}
	before, err := sm.Sample(3)
	if err != nil {
		t.Fatal(err)
	}
	for _, bad := range []struct {
		name string
		w    float64
		all  bool
	}{{"negative", -1, false}, {"NaN", math.NaN(), false}, {"infinite", math.Inf(1), false}, {"all zero", 0, true}} {
		err := sm.WeighLords(func(p PlayerID, l LordID) float64 {
			if p == 2 && (bad.all || l == first) {
				return bad.w
			}
			return 1
		})
		var de *DeterminizeError
		if !errors.As(err, &de) || de.Field != "seats[2].lord" {
			t.Fatalf("%s weight: %v, want a *DeterminizeError of seats[2].lord", bad.name, err)
		}
		t.Logf("%s weight: %v", bad.name, err)
		after, err := sm.Sample(3)
		if err != nil || after != before {
			t.Fatalf("%s weight: the Sampler deals otherwise after the refusal (%v)", bad.name, err)
		}
	}
	if err := sm.WeighLords(nil); err != nil {
		t.Fatal(err)
	}
	fresh, err := NewSampler(v)
	if err != nil {
		t.Fatal(err)
	}
	for seed := range uint64(20) {
		a, errA := sm.Sample(seed)
		b, errB := fresh.Sample(seed)
		if errA != nil || errB != nil || a != b {
			t.Fatalf("seed %d: WeighLords(nil) deals otherwise than a new Sampler (%v, %v)", seed, errA, errB)
		}
	}
}
