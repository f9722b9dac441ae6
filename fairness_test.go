package waterdeep

// Fair sampling (issue 10): every shuffle, the setup deal and Determinize's
// redeal of unseen cards must sample uniformly. A biased sampler leaks
// hidden information statistically (a bot that knows the deck's top card
// is likelier to be some card than another plays better than it should),
// so these tests count outcomes over many samples and compare them with
// the uniform distribution by Pearson's chi-square test.
//
// False alarms. Each chi-square test rejects at significance fairAlpha =
// 0.001: for a perfectly uniform sampler, one run in a thousand exceeds
// the critical value by chance. The critical value is computed here from
// the chi-square distribution (chiSquareSF, the regularized upper
// incomplete gamma function), and TestChiSquareCritical checks it against
// the published table of NIST/SEMATECH (e-Handbook of Statistical
// Methods, 1.3.6.7.4, "Critical Values of the Chi-Square Distribution",
// upper tail 0.001). Every test here uses a fixed seed, so the outcome is
// reproducible, and today all pass. A change of the random stream, or of
// the rules (the view of TestFairDeterminize is reached by random play),
// draws new samples: if one test then fails, run the calibration below
// (or try a few other seeds) before believing in a bias. With 26 tests,
// the chance that some test of a uniform sampler fails for a new stream
// is about 2.6%; a real bias fails for most seeds.
//
// Calibration. go test -run Fair -fair-calibrate 200 . repeats
// every test with 200 seeds and checks that the p-values look uniform
// (their mean near 1/2, about 5% of them under 0.05): it is how the
// statistics below (in particular the scaled one of dealStat) were
// checked, and how to check them again after changing them. It takes
// about a minute (the quick run and -race divide the sample counts by 4;
// WATERDEEP_LONG=1 gives the full counts, see long_test.go).

import (
	"flag"
	"fmt"
	"math"
	"math/bits"
	"math/rand/v2"
	"testing"
)

// fairAlpha is the false-alarm rate of each chi-square test.
const fairAlpha = 0.001

var fairCalibrate = flag.Int("fair-calibrate", 0, "repeat each fairness test with this many seeds and check that its p-values are uniform")

// chiSquareSF returns P(X > x) for X chi-square distributed with df degrees
// of freedom: the regularized upper incomplete gamma function Q(df/2, x/2),
// by its series below a+1 and its continued fraction above (Numerical
// Recipes, 6.2).
func chiSquareSF(x float64, df int) float64 {
	a, z := float64(df)/2, x/2
	if z <= 0 {
		return 1
	}
	lg, _ := math.Lgamma(a)
	front := math.Exp(-z + a*math.Log(z) - lg)
	if z < a+1 {
		// P(a, z) = e^-z z^a / Γ(a) Σ z^n / (a (a+1) ... (a+n)).
		sum, term := 1/a, 1/a
		for n := 1; n < 10000; n++ {
			term *= z / (a + float64(n))
			sum += term
			if term < sum*1e-15 {
				break
			}
		}
		return 1 - front*sum
	}
	// Q(a, z) = e^-z z^a / Γ(a) · 1/(z+1-a- 1(1-a)/(z+3-a- 2(2-a)/(z+5-a- ...))),
	// evaluated by Lentz's method.
	const tiny = 1e-300
	b := z + 1 - a
	c := 1 / tiny
	d := 1 / b
	h := d
	for i := 1; i < 10000; i++ {
		an := -float64(i) * (float64(i) - a)
		b += 2
		d = an*d + b
		if math.Abs(d) < tiny {
			d = tiny
		}
		c = b + an/c
		if math.Abs(c) < tiny {
			c = tiny
		}
		d = 1 / d
		del := d * c
		h *= del
		if math.Abs(del-1) < 1e-15 {
			break
		}
	}
	return front * h
}

// chiSquareCritical returns the x with P(X > x) = alpha for X chi-square
// with df degrees of freedom, by bisection.
func chiSquareCritical(alpha float64, df int) float64 {
	lo, hi := 0.0, float64(df)+10
	for chiSquareSF(hi, df) > alpha {
		hi *= 2
	}
	for range 200 {
		mid := (lo + hi) / 2
		if chiSquareSF(mid, df) > alpha {
			lo = mid
		} else {
			hi = mid
		}
	}
	return (lo + hi) / 2
}

func TestChiSquareCritical(t *testing.T) {
	// NIST/SEMATECH e-Handbook of Statistical Methods, table 1.3.6.7.4,
	// upper-tail critical values for probability 0.001.
	for _, c := range []struct {
		df   int
		want float64
	}{
		{1, 10.828}, {2, 13.816}, {3, 16.266}, {5, 20.515}, {10, 29.588},
		{20, 45.315}, {23, 49.728}, {30, 59.703}, {50, 86.661}, {100, 149.449},
	} {
		if got := chiSquareCritical(0.001, c.df); math.Abs(got-c.want) > 0.001 {
			t.Errorf("critical value for df %d, alpha 0.001: %.4f, table %.3f", c.df, got, c.want)
		}
	}
	// Known values of the distribution: df 2 is exponential, P(X > x) = e^(-x/2).
	for _, x := range []float64{0.1, 1, 5, 30} {
		if got, want := chiSquareSF(x, 2), math.Exp(-x/2); math.Abs(got-want) > 1e-12 {
			t.Errorf("chiSquareSF(%g, 2) = %g, want %g", x, got, want)
		}
	}
}

// fairResult is one chi-square test: its statistic and degrees of
// freedom.
type fairResult struct {
	name string
	stat float64
	df   int
}

func (r fairResult) p() float64 { return chiSquareSF(r.stat, r.df) }

// pearsonUniform is Pearson's statistic of counts against the uniform
// distribution over its cells, with len(counts)-1 degrees of freedom.
func pearsonUniform(name string, counts []int) fairResult {
	total := 0
	for _, c := range counts {
		total += c
	}
	e := float64(total) / float64(len(counts))
	stat := 0.0
	for _, c := range counts {
		stat += (float64(c) - e) * (float64(c) - e) / e
	}
	return fairResult{name, stat, len(counts) - 1}
}

// dealStat tests a deal of u distinct cards (the rows of counts) into
// places grouped in K categories of sizes[k] places each (a hand of 3 is a
// category of size 3, the top of a deck one of size 1), where sizes sum to
// u and counts[c][k] counts the samples in which card c landed in
// category k. A uniform deal puts card c in category k with probability
// sizes[k]/u.
//
// The cells of one sample are not independent (each sample puts exactly
// sizes[k] cards in category k), so Pearson's statistic X² = Σ (O-E)²/E
// is not chi-square with the usual degrees of freedom. For a uniformly
// random permutation of u cards, the covariance of the u×u indicator
// matrix is P/(u-1), where P = (I-J/u)⊗(I-J/u) is the projection on the
// matrices whose rows and columns sum to zero (rank (u-1)²); grouping the
// columns into categories and normalizing by E leaves u/(u-1) times a
// projection of rank (u-1)(K-1). So (u-1)/u · X² is asymptotically
// chi-square with (u-1)(K-1) degrees of freedom, which is what dealStat
// returns. (For K = u categories of one place it is the test of the
// position of every card in a shuffle; the calibration mode checks the
// scaling empirically.) Categories of size 0 are left out.
func dealStat(t *testing.T, name string, counts [][]int, sizes []int) fairResult {
	t.Helper()
	u := len(counts)
	var ks []int
	total := 0
	for k, g := range sizes {
		total += g
		if g > 0 {
			ks = append(ks, k)
		}
	}
	if total != u {
		t.Fatalf("%s: categories of %d places for %d cards", name, total, u)
	}
	n := 0
	for _, c := range counts[0] {
		n += c
	}
	stat := 0.0
	for c, row := range counts {
		sum := 0
		for _, x := range row {
			sum += x
		}
		if sum != n {
			t.Fatalf("%s: card %d was dealt %d times in %d samples", name, c, sum, n)
		}
		for _, k := range ks {
			e := float64(n) * float64(sizes[k]) / float64(u)
			d := float64(row[k]) - e
			stat += d * d / e
		}
	}
	return fairResult{name, stat * float64(u-1) / float64(u), (u - 1) * (len(ks) - 1)}
}

// fairCheck runs a family of chi-square tests made by run(seed): once with
// the fixed seed, failing a test whose statistic exceeds the critical
// value for fairAlpha; or, with -fair-calibrate N, with N seeds, checking
// that each test's p-values are uniform on [0, 1].
func fairCheck(t *testing.T, seed uint64, run func(seed uint64) []fairResult) {
	t.Helper()
	if *fairCalibrate == 0 {
		for _, r := range run(seed) {
			crit := chiSquareCritical(fairAlpha, r.df)
			if r.stat > crit {
				t.Errorf("%s: chi-square %.1f with %d degrees of freedom exceeds %.1f (p = %.2g < %g): not uniform",
					r.name, r.stat, r.df, crit, r.p(), fairAlpha)
			} else {
				t.Logf("%s: chi-square %.1f, df %d, critical %.1f, p = %.3f", r.name, r.stat, r.df, crit, r.p())
			}
		}
		return
	}
	runs := *fairCalibrate
	var names []string
	sum := map[string]float64{}
	low := map[string]int{}
	for i := range runs {
		for _, r := range run(seed + uint64(i)*0x9e3779b97f4a7c15) {
			if _, ok := sum[r.name]; !ok {
				names = append(names, r.name)
			}
			p := r.p()
			sum[r.name] += p
			if p < 0.05 {
				low[r.name]++
			}
		}
	}
	// Under uniformity the mean p-value is 1/2 with standard deviation
	// sqrt(1/12/runs), and the count under 0.05 is binomial(runs, 0.05).
	for _, name := range names {
		mean := sum[name] / float64(runs)
		sdMean := math.Sqrt(1.0 / 12 / float64(runs))
		sdLow := math.Sqrt(float64(runs) * 0.05 * 0.95)
		msg := fmt.Sprintf("%s: %d seeds, mean p %.3f (want 0.5 ± %.3f), %d under 0.05 (want %.1f ± %.1f)",
			name, runs, mean, 4*sdMean, low[name], 0.05*float64(runs), 4*sdLow)
		if math.Abs(mean-0.5) > 4*sdMean || math.Abs(float64(low[name])-0.05*float64(runs)) > 4*sdLow+1 {
			t.Error(msg)
		} else {
			t.Log(msg)
		}
	}
}

// fairSamples shrinks a sample count in the quick run (see long_test.go)
// and under -race.
func fairSamples(n int) int {
	if quickRun() || raceDetector {
		return n / 4
	}
	return n
}

// TestFairShuffle: shuffle puts every card at every position equally
// often, and deals every ordering of a tiny deck equally often.
func TestFairShuffle(t *testing.T) {
	fairCheck(t, 1, func(seed uint64) []fairResult {
		r := newRNG(seed)
		var out []fairResult
		// The position of each card of a deck of 10.
		const n = 10
		counts := make([][]int, n)
		for c := range counts {
			counts[c] = make([]int, n)
		}
		ones := make([]int, n)
		for i := range ones {
			ones[i] = 1
		}
		var deck [n]uint8
		for range fairSamples(100000) {
			for i := range deck {
				deck[i] = uint8(i)
			}
			shuffle(&r, deck[:])
			for pos, c := range deck {
				counts[c][pos]++
			}
		}
		out = append(out, dealStat(t, "positions in a deck of 10", counts, ones))
		// Every permutation of 3 and of 4 cards.
		for _, k := range []int{3, 4} {
			perms := map[[4]uint8]int{}
			samples := fairSamples(map[int]int{3: 30000, 4: 120000}[k])
			for range samples {
				var d [4]uint8
				for i := range k {
					d[i] = uint8(i)
				}
				shuffle(&r, d[:k])
				perms[d]++
			}
			want := map[int]int{3: 6, 4: 24}[k]
			if len(perms) != want {
				t.Fatalf("%d orderings of %d cards seen in %d shuffles, want %d", len(perms), k, samples, want)
			}
			var cells []int
			for _, c := range perms {
				cells = append(cells, c)
			}
			out = append(out, pearsonUniform(fmt.Sprintf("orderings of %d cards", k), cells))
		}
		return out
	})
}

// TestFairReshuffle: a deck made again from a discard pile (which lists
// its cards in ascending order before shuffling) is uniform too.
func TestFairReshuffle(t *testing.T) {
	fairCheck(t, 2, func(seed uint64) []fairResult {
		r := newRNG(seed)
		cards := []uint8{3, 17, 40, 41, 64, 90, 127}
		index := map[uint8]int{}
		for i, c := range cards {
			index[c] = i
		}
		counts := make([][]int, len(cards))
		ones := make([]int, len(cards))
		for i := range counts {
			counts[i] = make([]int, len(cards))
			ones[i] = 1
		}
		var deck [MaxQuests]uint8
		for range fairSamples(50000) {
			var discard set128
			for _, c := range cards {
				discard.add(c)
			}
			n := reshuffle(&r, deck[:], &discard)
			if int(n) != len(cards) || !discard.empty() {
				t.Fatalf("reshuffle made a deck of %d from %d cards, leaving %v", n, len(cards), discard)
			}
			for pos, c := range deck[:n] {
				counts[index[c]][pos]++
			}
		}
		return []fairResult{dealStat(t, "positions after reshuffle", counts, ones)}
	})
}

// TestFairIntn: intn is uniform for a small n and for the large n =
// 0x6000_0000_0000_0001 ≈ 3/8 · 2^64, where taking the generator's output
// modulo n would favor the lower two thirds of [0, n) by half again.
func TestFairIntn(t *testing.T) {
	fairCheck(t, 3, func(seed uint64) []fairResult {
		r := newRNG(seed)
		small := make([]int, 7)
		for range fairSamples(70000) {
			small[intn(&r, 7)]++
		}
		// The results fall in 4 equal quarters of [0, big).
		const big = 0x6000_0000_0000_0001
		quarters := make([]int, 4)
		for range fairSamples(100000) {
			v := intn(&r, big)
			if uint64(v) >= big {
				t.Fatalf("intn(%#x) = %#x", uint64(big), v)
			}
			// quarter = floor(4v / n), computed in 128 bits.
			hi, lo := bits.Mul64(uint64(v), 4)
			quarter, _ := bits.Div64(hi, lo, big)
			quarters[quarter]++
		}
		return []fairResult{pearsonUniform("intn(7)", small), pearsonUniform("intn(3/8 of 2^64) by quarter", quarters)}
	})
}

// TestFairDetectsBias: the tests above can fail. A shuffle with the
// classic mistake (swap each card with any position, not one at or below
// it) and a plain modulo are rejected by the same statistics.
func TestFairDetectsBias(t *testing.T) {
	r := newRNG(4)
	perms := map[[4]uint8]int{}
	for range 24000 {
		d := [4]uint8{0, 1, 2, 3}
		for i := range d {
			j := intn(&r, len(d))
			d[i], d[j] = d[j], d[i]
		}
		perms[d]++
	}
	var cells []int
	for _, c := range perms {
		cells = append(cells, c)
	}
	if res := pearsonUniform("naive shuffle", cells); res.stat <= chiSquareCritical(fairAlpha, res.df) {
		t.Errorf("the naive shuffle passes: chi-square %.1f, df %d", res.stat, res.df)
	} else {
		t.Logf("naive shuffle: chi-square %.1f, df %d, p = %.2g", res.stat, res.df, res.p())
	}
	const big = 0x6000_0000_0000_0001
	quarters := make([]int, 4)
	for range 20000 {
		v := r.uint64() % big
		hi, lo := bits.Mul64(v, 4)
		quarter, _ := bits.Div64(hi, lo, big)
		quarters[quarter]++
	}
	if res := pearsonUniform("modulo", quarters); res.stat <= chiSquareCritical(fairAlpha, res.df) {
		t.Errorf("the modulo passes: chi-square %.1f, df %d", res.stat, res.df)
	} else {
		t.Logf("modulo: chi-square %.1f, df %d, p = %.2g", res.stat, res.df, res.p())
	}
	// dealStat rejects a deal that favors one card's place slightly: card
	// 0 is moved to the top after one shuffle in 25.
	counts := make([][]int, 8)
	ones := make([]int, 8)
	for i := range counts {
		counts[i] = make([]int, 8)
		ones[i] = 1
	}
	for range 20000 {
		var d [8]uint8
		for i := range d {
			d[i] = uint8(i)
		}
		shuffle(&r, d[:])
		if intn(&r, 25) == 0 {
			for i, c := range d {
				if c == 0 {
					d[i], d[7] = d[7], d[i]
				}
			}
		}
		for pos, c := range d {
			counts[c][pos]++
		}
	}
	if res := dealStat(t, "biased deal", counts, ones); res.stat <= chiSquareCritical(fairAlpha, res.df) {
		t.Errorf("a deal favoring card 0 on top passes: chi-square %.1f, df %d", res.stat, res.df)
	} else {
		t.Logf("deal favoring card 0: chi-square %.1f, df %d, p = %.2g", res.stat, res.df, res.p())
	}
}

// fairTally adds one sample to counts: card c landed in category cat[c];
// cat[c] < 0 leaves card c out (it is not part of the deal tested).
func fairTally(counts [][]int, cat []int) {
	for c, k := range cat {
		if k >= 0 {
			counts[c][k]++
		}
	}
}

func fairTable(rows, cols int) [][]int {
	out := make([][]int, rows)
	for i := range out {
		out[i] = make([]int, cols)
	}
	return out
}

// fairDeck assigns categories to a deck (top at the end): its top card
// gets top, the rest rest.
func fairDeck(cat []int, deck []uint8, top, rest int) {
	for i, c := range deck {
		cat[c] = rest
		if i == len(deck)-1 {
			cat[c] = top
		}
	}
}

// TestFairSetupDeal: the setup deals every lord to every seat, and every
// quest, intrigue card and tile to every place of the setup (a seat's
// hand, Cliffwatch Inn, Builder's Hall, the top of a deck, the rest of
// it), equally often, across consecutive seeds (as a server that numbers
// its games would use them).
func TestFairSetupDeal(t *testing.T) {
	for n := 2; n <= 5; n++ {
		t.Run(fmt.Sprintf("%dp", n), func(t *testing.T) {
			fairCheck(t, uint64(n)<<40, func(base uint64) []fairResult {
				return fairSetup(t, n, base, fairSamples(20000))
			})
		})
	}
}

func fairSetup(t *testing.T, n int, base uint64, samples int) []fairResult {
	c := BaseContent()
	nl, nq, ni, nt := c.NumLords(), c.NumQuests(), c.NumIntrigue(), c.NumBuildings()
	// Categories: lords to seat p (p) or not dealt (n); quests to seat
	// p's hand (p), Cliffwatch (n), the deck's top (n+1) or the rest
	// (n+2); intrigue to seat p (p), the top (n) or the rest (n+1); tiles
	// for sale (0), the stack's top (1) or the rest (2).
	lords, quests, intr, tiles := fairTable(nl, n+1), fairTable(nq, n+3), fairTable(ni, n+2), fairTable(nt, 3)
	lordSizes, questSizes, intrSizes := make([]int, n+1), make([]int, n+3), make([]int, n+2)
	for p := range n {
		lordSizes[p], questSizes[p], intrSizes[p] = 1, 2, 2
	}
	lordSizes[n] = nl - n
	questSizes[n], questSizes[n+1], questSizes[n+2] = 4, 1, nq-2*n-5
	intrSizes[n], intrSizes[n+1] = 1, ni-2*n-1
	tileSizes := []int{3, 1, nt - 4}
	for i := range samples {
		s, err := New(Config{Players: n, Seed: base + uint64(i)})
		if err != nil {
			t.Fatal(err)
		}
		lc, qc, ic, tc := make([]int, nl), make([]int, nq), make([]int, ni), make([]int, nt)
		for k := range lc {
			lc[k] = n
		}
		for p := range n {
			ps := &s.players[p]
			lc[ps.lord] = p
			harnessEach(ps.active, func(q int) { qc[q] = p })
			harnessEach(ps.hand, func(i int) { ic[i] = p })
		}
		for _, q := range s.cliffwatch {
			qc[q] = n
		}
		fairDeck(qc, s.questDeck[:s.questDeckLen], n+1, n+2)
		fairDeck(ic, s.intrigueDeck[:s.intrigueDeckLen], n, n+1)
		for _, b := range s.forSale {
			tc[b] = 0
		}
		fairDeck(tc, s.tileStack[:s.tileStackLen], 1, 2)
		fairCountCheck(t, "setup lords", lc, lordSizes)
		fairCountCheck(t, "setup quests", qc, questSizes)
		fairCountCheck(t, "setup intrigue", ic, intrSizes)
		fairCountCheck(t, "setup tiles", tc, tileSizes)
		fairTally(lords, lc)
		fairTally(quests, qc)
		fairTally(intr, ic)
		fairTally(tiles, tc)
	}
	return []fairResult{
		dealStat(t, "lord of each seat", lords, lordSizes),
		dealStat(t, "quests dealt", quests, questSizes),
		dealStat(t, "intrigue dealt", intr, intrSizes),
		dealStat(t, "tiles dealt", tiles, tileSizes),
	}
}

// fairCountCheck checks that one sample put sizes[k] cards in category k
// (cards with a negative category excepted).
func fairCountCheck(t *testing.T, what string, cat []int, sizes []int) {
	t.Helper()
	got := make([]int, len(sizes))
	for _, k := range cat {
		if k >= 0 {
			got[k]++
		}
	}
	for k := range sizes {
		if got[k] != sizes[k] {
			t.Fatalf("%s: %d cards in category %d, want %d (categories %v)", what, got[k], k, sizes[k], cat)
		}
	}
}

// fairView plays a 3-player game with random legal actions until round 4
// or later, at a placement of seat 0 with both opponents holding intrigue
// cards and something in both discard piles, and returns that state and
// View(0).
func fairView(t *testing.T) (State, View) {
	t.Helper()
	const seed = 7
	s, err := New(Config{Players: 3, Seed: seed})
	if err != nil {
		t.Fatal(err)
	}
	r := rand.New(rand.NewPCG(seed, 99))
	for step := 0; !s.Over(); step++ {
		_, qDiscard, _, iDiscard, _ := s.DeckSizes()
		if p, _ := s.ToAct(); p == 0 && s.Round() >= 4 && s.Pending().Kind == PlaceAgentDecision && !s.Pending().Reassign && !s.Pending().Ambassador &&
			len(s.Hand(1)) > 0 && len(s.Hand(2)) > 0 && qDiscard > 0 && iDiscard > 0 {
			return s, s.View(0)
		}
		legal := s.LegalActions()
		if s, err = s.Apply(legal[r.IntN(len(legal))]); err != nil {
			t.Fatal(err)
		}
	}
	t.Fatalf("the game (3 players, seed %d) never reached a view for the test", seed)
	return State{}, View{}
}

// TestFairDeterminize: Determinize deals what the viewer has not seen
// uniformly. From one view of seat 0 (3 players, round 4 or later), with
// consecutive seeds as a search bot would use them: each unseen intrigue
// card lands in each opponent's hand, on top of the intrigue deck or
// below it in proportion to the places there; each lord that seat 0 has
// not seen is each opponent's lord, or out of the game, equally often;
// and each unseen quest and tile is equally often on top of its deck.
//
// Rejection. Determinize deals again, up to determinizeTries times, when
// a deal does not validate (a view showing a decision with two answers
// rules out a hand that would leave one). Independent attempts make that
// rejection sampling exact: the result is uniform over the valid deals,
// the right distribution when "valid" means "a game could show this
// view", but not uniform over all deals, which is what this test measures.
// So the view here is one where every deal is valid, and the test checks
// it for every sample: Determinize returned the first deal it tried. Not
// tested here: in a view where most deals are invalid, Determinize fails
// after determinizeTries rejections instead of sampling; and the attempts
// of seed s are those of seeds s + k·0x9e3779b97f4a7c15, so a caller that
// steps its seeds by that constant gets overlapping samples.
func TestFairDeterminize(t *testing.T) {
	s, v := fairView(t)
	c := s.Content()
	nl, nq, ni, nt := c.NumLords(), c.NumQuests(), c.NumIntrigue(), c.NumBuildings()
	// What seat 0 has not seen, from the true state: the opponents' hands
	// and lords, the lords not dealt, and the decks.
	var intrSizes, questSizes, lordSizes, tileSizes []int
	intrSizes = []int{len(s.Hand(1)), len(s.Hand(2)), 1, int(s.intrigueDeckLen) - 1}
	questSizes = []int{1, 1, int(s.questDeckLen) - 2}
	lordSizes = []int{1, 1, nl - 3}
	tileSizes = []int{1, int(s.tileStackLen) - 1}
	t.Logf("view of seat 0 in round %d: %d unseen intrigue cards (hands %d and %d), %d unseen quests, %d unseen tiles, %d unseen lords",
		s.Round(), intrSizes[0]+intrSizes[1]+int(s.intrigueDeckLen), intrSizes[0], intrSizes[1], s.questDeckLen, s.tileStackLen, nl-1)
	fairCheck(t, 0, func(base uint64) []fairResult {
		// Rows are all instances; the ones seat 0 has seen stay out
		// (category -1) and must stay where they are.
		intr, quests, lords, tiles := fairTable(ni, 4), fairTable(nq, 3), fairTable(nl, 3), fairTable(nt, 2)
		samples := fairSamples(100000)
		for i := range samples {
			seed := base + uint64(i)
			d, err := Determinize(v, seed)
			if err != nil {
				t.Fatalf("Determinize(seed %d): %v", seed, err)
			}
			first, err := v.sample(seed)
			if err == nil {
				err = first.validate()
				first.keepAnswers() // as Sample does (kept_answers.go)
			}
			if err != nil || first != d {
				t.Fatalf("seed %d: Determinize rejected its first deal (%v); this view does not test uniformity over all deals", seed, err)
			}
			ic, qc, lc, tc := fairUnset(ni), fairUnset(nq), fairUnset(nl), fairUnset(nt)
			for p := 1; p <= 2; p++ {
				harnessEach(d.players[p].hand, func(i int) { ic[i] = p - 1 })
				lc[d.players[p].lord] = p - 1
			}
			fairDeck(ic, d.intrigueDeck[:d.intrigueDeckLen], 2, 3)
			fairDeck(qc, d.questDeck[:d.questDeckLen], 0, 2)
			if d.questDeckLen >= 2 {
				qc[d.questDeck[d.questDeckLen-2]] = 1
			}
			for l := range lc {
				if lc[l] < 0 && uint8(l) != d.players[0].lord {
					lc[l] = 2
				}
			}
			fairDeck(tc, d.tileStack[:d.tileStackLen], 0, 1)
			fairCountCheck(t, "determinize intrigue", ic, intrSizes)
			fairCountCheck(t, "determinize quests", qc, questSizes)
			fairCountCheck(t, "determinize lords", lc, lordSizes)
			fairCountCheck(t, "determinize tiles", tc, tileSizes)
			fairTally(intr, ic)
			fairTally(quests, qc)
			fairTally(lords, lc)
			fairTally(tiles, tc)
		}
		return []fairResult{
			dealStat(t, "unseen intrigue (opponents' hands, deck top, deck)", fairRows(t, intr, samples), intrSizes),
			dealStat(t, "unseen quests (top two of the deck, the rest)", fairRows(t, quests, samples), questSizes),
			dealStat(t, "hidden lords (opponents', not dealt)", fairRows(t, lords, samples), lordSizes),
			dealStat(t, "unseen tiles (top of the stack, the rest)", fairRows(t, tiles, samples), tileSizes),
		}
	})
}

func fairUnset(n int) []int {
	out := make([]int, n)
	for i := range out {
		out[i] = -1
	}
	return out
}

// fairRows keeps the rows of the cards that were dealt in every sample
// (the unseen ones) and checks that the others never were.
func fairRows(t *testing.T, counts [][]int, samples int) [][]int {
	t.Helper()
	var out [][]int
	for _, row := range counts {
		sum := 0
		for _, x := range row {
			sum += x
		}
		switch sum {
		case samples:
			out = append(out, row)
		case 0:
		default:
			t.Fatalf("a card was dealt in %d of %d samples", sum, samples)
		}
	}
	return out
}

// TestFairRemovedBaseCards: with both modules, every base quest, intrigue
// card and tile is removed before setup equally often (the removed cards
// are hidden information: a bias would leak).
func TestFairRemovedBaseCards(t *testing.T) {
	c := FullContent()
	fairCheck(t, 12, func(seed uint64) []fairResult {
		n := fairSamples(4000)
		// Rows are the base game's instances only: the modules' are never
		// removed (checked below).
		bq, bi, bt := len(c.dealt[0].quests), len(c.dealt[0].intrigue), len(c.dealt[0].tiles)
		quests, intrigue, tiles := fairTable(bq, 2), fairTable(bi, 2), fairTable(bt, 2)
		s := State{c: c, modules: Undermountain | Skullport, rng: newRNG(seed)}
		for range n {
			if err := s.removeBaseCards(&Deal{}); err != nil {
				t.Fatal(err)
			}
			for j, q := range c.dealt[0].quests {
				quests[j][bitInt(s.questBox.has(q))]++
			}
			for j, i := range c.dealt[0].intrigue {
				intrigue[j][bitInt(s.intrigueBox.has(i))]++
			}
			for j, b := range c.dealt[0].tiles {
				tiles[j][bitInt(s.tileBox&(1<<b) != 0)]++
			}
			if s.questBox.len() != removedQuests || s.intrigueBox.len() != removedIntrigue || (set128{lo: s.tileBox}).len() != removedBuildings {
				q, i, b := s.RemovedCounts()
				t.Fatalf("removed %d quests, %d intrigue cards, %d tiles", q, i, b)
			}
		}
		return []fairResult{
			dealStat(t, "removed quests", quests, []int{bq - removedQuests, removedQuests}),
			dealStat(t, "removed intrigue cards", intrigue, []int{bi - removedIntrigue, removedIntrigue}),
			dealStat(t, "removed tiles", tiles, []int{bt - removedBuildings, removedBuildings}),
		}
	})
}

// TestFairDeterminizeRemovedCards: from a view of a game with both
// modules, Determinize removes each base quest, intrigue card and tile
// that the viewer has not seen equally often (the removed cards are as
// hidden from the viewer as the decks are), and never one it has seen.
func TestFairDeterminizeRemovedCards(t *testing.T) {
	const seed = 5
	s, err := New(Config{Players: 3, Seed: seed, Modules: Undermountain | Skullport, Long: true})
	if err != nil {
		t.Fatal(err)
	}
	r := rand.New(rand.NewPCG(seed, 98))
	for s.Round() < 3 || s.Pending().Kind != PlaceAgentDecision || s.Pending().Player != 0 || s.Pending().Reassign || s.Pending().Ambassador {
		legal := s.LegalActions()
		if s, err = s.Apply(legal[r.IntN(len(legal))]); err != nil {
			t.Fatal(err)
		}
	}
	v := s.View(0)
	c := s.Content()
	seen := leakSeenIn(v)
	unseenBase := func(n int, base func(int) bool, seen func(int) bool) int {
		k := 0
		for i := range n {
			if base(i) && !seen(i) {
				k++
			}
		}
		return k
	}
	uq := unseenBase(c.NumQuests(), func(i int) bool { return c.quests[i].Module == 0 }, func(i int) bool { return seen.quests.has(uint8(i)) })
	ui := unseenBase(c.NumIntrigue(), func(i int) bool { return c.intrigue[i].Module == 0 }, func(i int) bool { return seen.cards.has(uint8(i)) })
	ut := unseenBase(c.NumBuildings(), func(i int) bool { return c.tiles[i].Module == 0 }, func(i int) bool { return seen.tiles[i] })
	fairCheck(t, 13, func(base uint64) []fairResult {
		quests, intrigue, tiles := fairTable(c.NumQuests(), 2), fairTable(c.NumIntrigue(), 2), fairTable(c.NumBuildings(), 2)
		samples := fairSamples(4000)
		for i := range samples {
			d, err := Determinize(v, base+uint64(i))
			if err != nil {
				t.Fatal(err)
			}
			for q := range quests {
				if c.quests[q].Module == 0 && !seen.quests.has(uint8(q)) {
					quests[q][bitInt(d.questBox.has(uint8(q)))]++
				} else if d.questBox.has(uint8(q)) {
					t.Fatalf("quest %s removed: seen, or no base card", c.QuestID(QuestID(q)))
				}
			}
			for k := range intrigue {
				if c.intrigue[k].Module == 0 && !seen.cards.has(uint8(k)) {
					intrigue[k][bitInt(d.intrigueBox.has(uint8(k)))]++
				} else if d.intrigueBox.has(uint8(k)) {
					t.Fatalf("intrigue card %s removed: seen, or no base card", c.IntrigueID(IntrigueID(k)))
				}
			}
			for b := range tiles {
				if c.tiles[b].Module == 0 && !seen.tiles[b] {
					tiles[b][bitInt(d.tileBox&(1<<b) != 0)]++
				} else if d.tileBox&(1<<b) != 0 {
					t.Fatalf("tile %s removed: seen, or no base tile", c.BuildingID(BuildingID(b)))
				}
			}
		}
		return []fairResult{
			dealStat(t, "removed unseen quests", fairRows(t, quests, samples), []int{uq - removedQuests, removedQuests}),
			dealStat(t, "removed unseen intrigue cards", fairRows(t, intrigue, samples), []int{ui - removedIntrigue, removedIntrigue}),
			dealStat(t, "removed unseen tiles", fairRows(t, tiles, samples), []int{ut - removedBuildings, removedBuildings}),
		}
	})
}
