package takebreak

// Checks against published results: periods and preperiods of octal
// games, equivalences between codes, and the statistics of Grundy's game,
// Officers (.6) and .04 that sparse-space solvers publish. The numbers
// below are copied from the sources named; none was computed by this
// package.
//
// Sources:
//
//	[OEIS] The On-Line Encyclopedia of Integer Sequences, the entries
//	  named (their comments state the period and the last exception, at
//	  offset 1: heap n is a(n)).
//	[WW] Berlekamp, Conway and Guy, Winning Ways, ch. 4 (as quoted by
//	  OEIS).
//	[TC] Tomek Czajka, "Solving octal games", github.com/tczajka/octal-games,
//	  files SolvedGames.md, TrivialGames.md and UnsolvedGames.md: columns
//	  "prefix" (the preperiod), "period", "rare mask", "num rare" (heap 0
//	  counted), "last rare", "largest" (value) and "largest idx".

import (
	"flag"
	"math/bits"
	"testing"

	"github.com/grundy-lang/grundy/internal/testenv"
)

var long = flag.Bool("takebreak.long", false, "run the long checks against published results (minutes)")

// publishedGame is a game and its published preperiod p (the first heap
// of the periodic part: the last exception is p - 1) and period q, with
// its source (the "published by" column of docs/takebreak.md); long: it
// takes minutes.
type publishedGame struct {
	code   string
	p, q   int
	source string
	long   bool
}

// published are the published periods that TestPublishedPeriods proves,
// in the order of the results page.
var published = []publishedGame{
	{"0.77", 71, 12, "Kayles: Guy and Smith 1956; OEIS A002186", false},
	// OEIS A002187 is Dawson's chess; Dawson's Kayles is A002187(n-1).
	{"0.07", 53, 34, "Dawson's Kayles: OEIS A002187", false},
	{"0.137", 52, 34, "Dawson's chess: OEIS A002187; WW p. 89", false},
	{"0.177", 497, 20, "OEIS A071435; WW p. 102", false},
	{"0.1377", 141, 24, "OEIS A071434; WW p. 102", false},
	{"0.11377", 187, 32, "OEIS A071452; WW p. 104", false},
	{"0.117", 47, 48, "OEIS A071453; WW p. 104", false},
	{"0.45", 498, 20, "TC", false},
	{"0.156", 3479, 349, "Kenyon 1967; TC", false},
	{"0.356", 7315, 142, "Austin 1976; TC", false},
	{"0.644", 3256, 442, "Austin 1976; TC", false},
	{"0.165", 5181, 1550, "Austin 1976; TC", false},
	{"0.127", 46578, 4, "Gangolli and Plambeck 1989; OEIS A071464; TC", false},
	{"0.16", 105351, 149459, "Gangolli and Plambeck 1989; TC", false},
	// OEIS A071436 says the last exception of .560 is 326637; TC's prefix
	// says 326639 (see TestLastException56).
	{"0.56", 326640, 144, "Gangolli and Plambeck 1989; TC (not OEIS A071436: see below)", false},
	{"0.376", 2268248, 4, "Gangolli and Plambeck 1989; TC", true},
	{"0.354", 10061916, 1180, "Flammenkamp 2002; TC", true},
}

// publishedUpToShift are TC's "trivial games" (periods found below heap
// 1000): that table gives one game of each class of games whose values
// are the same up to a shift of the heap size, with the values (and so
// the preperiod) of one member of the class: its ".4" lists the values of
// .137 (Dawson's chess), whose preperiod is two heaps shorter. So the
// period must agree, and the preperiod may be longer by the shift, at
// most 3.
var publishedUpToShift = []struct {
	code string
	p, q int
}{
	{"0.4", 52, 34},
	{"0.17", 33, 34},
	{"0.44", 141, 24},
	{"0.017", 14, 60},
	{"0.044", 211, 36},
	{"0.045", 187, 32},
	{"0.051", 47, 48},
	{"0.055", 258, 148},
	{"0.116", 139, 96},
	{"0.124", 122, 62},
	{"0.134", 60, 62},
	{"0.141", 14, 11},
	{"0.152", 2, 48},
	{"0.153", 16, 14},
	{"0.173", 21, 40},
	{"0.176", 24, 8},
	{"0.226", 20, 5},
	{"0.373", 2, 28},
	{"0.375", 37, 18},
	{"0.524", 1, 52},
	{"0.53", 11, 9},
	{"4.005", 30, 79},
	{"4.024", 1, 60},
	{"4.304", 25, 21},
	{"4.444", 142, 24},
	{"4.726", 5, 16},
	{"4.766", 19, 20},
}

// prove extends s until its period is proved (or limit heaps), as
// period() does.
func prove(s *Solver, limit int) Period {
	for k := 4096; ; {
		s.Extend(k, nil)
		p := s.Period()
		if p.Proved || k >= limit {
			return p
		}
		next := 2 * k
		if p.Need > k+1 && p.Need-1 < next {
			next = p.Need - 1
		}
		k = min(next, limit)
	}
}

func TestPublishedPeriods(t *testing.T) {
	for _, c := range published {
		if c.long && !*long {
			continue
		}
		s, err := NewSolver(mustCode(t, c.code), Options{})
		if err != nil {
			t.Fatal(err)
		}
		p := prove(s, 1<<26)
		if !p.Proved || p.P != c.p || p.Q != c.q {
			t.Errorf("%s: period %+v, %s says preperiod %d, period %d", c.code, p, c.source, c.p, c.q)
			continue
		}
		// The theorem's bound is met by the values computed, and no
		// further: the proof came as soon as it could.
		if need := 2*c.p + 2*c.q + s.Game().MaxTake(); p.Known > 4097 && p.Known != need {
			t.Errorf("%s: proved with %d values, the theorem needs %d", c.code, p.Known, need)
		}
	}
	for _, c := range publishedUpToShift {
		s, err := NewSolver(mustCode(t, c.code), Options{})
		if err != nil {
			t.Fatal(err)
		}
		p := prove(s, 1<<20)
		if !p.Proved || p.Q != c.q || p.P < c.p || p.P > c.p+3 {
			t.Errorf("%s: period %+v, TC says preperiod %d (up to a shift), period %d", c.code, p, c.p, c.q)
		}
	}
}

// TestLastException56: the last exception of .56 (= .560) is heap 326639,
// as TC's preperiod 326640 says, not 326637 (OEIS A071436): the values of
// heaps 326639 and 326639 + 144 differ, and every heap from 326640 on
// repeats 144 heaps later, 326637 and 326638 included.
func TestLastException56(t *testing.T) {
	if testing.Short() {
		t.Skip("653,570 heaps")
	}
	s, _ := NewSolver(mustCode(t, "0.56"), Options{})
	p := prove(s, 1<<21)
	if !p.Proved || p.P != 326640 || p.Q != 144 {
		t.Fatalf("period %+v", p)
	}
	for _, n := range []int{326637, 326638, 326639} {
		t.Logf("v(%d) = %d, v(%d) = %d", n, s.Value(n), n+144, s.Value(n+144))
	}
	if s.Value(326639) == s.Value(326639+144) {
		t.Errorf("heap 326639 repeats")
	}
	if s.LastMismatch(144, 0) != 326639 {
		t.Errorf("last mismatch at %d", s.LastMismatch(144, 0))
	}
}

// TestEquivalentCodes: codes that OEIS lists as having the same values,
// shifted.
func TestEquivalentCodes(t *testing.T) {
	const n = 5000
	for _, c := range []struct {
		base   string
		others []string
		shift  int // v_other(m) = v_base(m - shift)
		source string
	}{
		{"0.177", []string{"0.450", "0.451", "0.452", "0.453", "0.470", "0.471", "0.472", "0.473"}, 1, "OEIS A071435"},
		{"0.1377", []string{"0.074", "0.075", "0.076", "0.077"}, 1, "OEIS A071434"},
		{"0.1377", []string{"0.440", "0.441", "0.442", "0.443", "0.460", "0.461", "0.462", "0.463"}, 2, "OEIS A071434"},
		{"0.11377", []string{"0.0177"}, 1, "OEIS A071452"},
		{"0.11377", []string{"0.045", "0.047"}, 2, "OEIS A071452"},
		{"0.117", []string{"0.051", "0.053"}, 1, "OEIS A071453"},
		{"0.127", []string{"0.1271"}, 0, "OEIS A071464"},
		{"0.1777", []string{"0.17771"}, 0, "OEIS A071509"},
	} {
		base := solve(t, mustCode(t, c.base), n, Options{})
		for _, o := range c.others {
			s := solve(t, mustCode(t, o), n, Options{})
			// (OEIS counts from heap 1; the shifted games agree from
			// heap shift + 1 on.)
			for m := c.shift + 1; m <= n; m++ {
				if s.Value(m) != base.Value(m-c.shift) {
					t.Errorf("%s: heap %d has value %d; %s says v%s(%d) = %d", o, m, s.Value(m), c.source, c.base, m-c.shift, base.Value(m-c.shift))
					break
				}
			}
		}
	}
}

// sparseStats checks published statistics of an unsolved game's values
// to heap n, counted from the values with the published mask (whatever
// mask the Solver chose).
func sparseStats(t *testing.T, s *Solver, n int, mask uint32, rare, lastRare int, largest uint32, largestAt int) {
	t.Helper()
	s.Extend(n, nil)
	gotRare, gotLast, gotMax, gotAt := 0, -1, uint32(0), -1
	for k := 0; k < n; k++ {
		v := s.Value(k)
		if bits.OnesCount32(v&mask)%2 == 0 {
			gotRare++
			gotLast = k
		}
		if v > gotMax {
			gotMax, gotAt = v, k
		}
	}
	if gotRare != rare || gotLast != lastRare || gotMax != largest || gotAt != largestAt {
		t.Errorf("%s to %d: %d rare values (mask %#x), the last at %d; largest value %d at %d; TC: %d, %d, %d at %d",
			s.Game().Name, n, gotRare, mask, gotLast, gotMax, gotAt, rare, lastRare, largest, largestAt)
	}
}

// TestUnsolvedStats: TC's table of unsolved games (heaps 0 .. n-1). It
// runs in the long suite only (package internal/testenv).
func TestUnsolvedStats(t *testing.T) {
	testenv.Long(t)
	s, _ := NewSolver(mustCode(t, "0.04"), Options{})
	sparseStats(t, s, 1<<17, 0x7b8, 18860, 131003, 1024, 109363)
	s, _ = NewSolver(mustCode(t, "0.06"), Options{})
	sparseStats(t, s, 1<<17, 0x5a0, 52923, 131070, 1045, 127083)
	if !*long {
		return
	}
	s, _ = NewSolver(Grundys(), Options{})
	sparseStats(t, s, 1<<21, 0xfe, 1274, 82860, 231, 763622)
	s, _ = NewSolver(mustCode(t, "0.6"), Options{})
	sparseStats(t, s, 1<<21, 0x1ee, 1584, 20627, 319, 1274955)
}

// grundyZeros are the heaps of value 0 of Grundy's game, OEIS A036685
// ("conjectured that there are no other terms"; Mike Guy computed ten
// million values, and sparse-space solvers far more).
var grundyZeros = []int{0, 1, 2, 4, 7, 10, 20, 23, 26, 50, 53, 270, 273, 276, 282, 285, 288, 316, 334,
	337, 340, 346, 359, 362, 365, 386, 389, 392, 566, 630, 633, 636, 639, 673, 676, 682, 685, 923, 926, 929, 932, 1222}

// TestGrundyZeros: the P-positions of Grundy's game up to 2^18 (2^16 in
// the fast suite, 2^24 with -takebreak.long) are those of A036685.
func TestGrundyZeros(t *testing.T) {
	n := testenv.Scale(1<<16, 1<<18) // (the last zero is 1222)
	if *long {
		n = 1 << 24
	}
	if testing.Short() {
		n = 1 << 14
	}
	s, _ := NewSolver(Grundys(), Options{})
	s.Reserve(n)
	s.Extend(n, nil)
	var got []int
	for k := 0; k <= n; k++ {
		if s.Value(k) == 0 {
			got = append(got, k)
		}
	}
	if len(got) != len(grundyZeros) {
		t.Fatalf("zeros to %d: %v", n, got)
	}
	for i, z := range grundyZeros {
		if got[i] != z {
			t.Fatalf("zeros to %d: %v", n, got)
		}
	}
}

// a002188 is OEIS A002188, the values of Grundy's game from heap 0 (the
// data terms).
var a002188 = []uint32{0, 0, 0, 1, 0, 2, 1, 0, 2, 1, 0, 2, 1, 3, 2, 1, 3, 2, 4, 3, 0, 4, 3, 0, 4, 3, 0, 4, 1, 2, 3, 1, 2, 4,
	1, 2, 4, 1, 2, 4, 1, 5, 4, 1, 5, 4, 1, 5, 4, 1, 0, 2, 1, 0, 2, 1, 5, 2, 1, 3, 2, 1, 3, 2, 4, 3, 2, 4,
	3, 2, 4, 3, 2, 4, 3, 2, 4, 3, 2, 4, 5, 2, 4, 5, 2, 4, 3, 7, 4, 3, 7, 4, 3, 7, 4, 3, 5, 2, 3, 5, 2, 3, 5, 2, 3}

// grundyRare are the first rare heaps of Grundy's game and their values,
// from Flammenkamp's "Sprague-Grundy Values of Grundy's Game" (the sparse
// values: popcount(v & ...11111110) even; 1287 are known in all, heap 0
// counted).
var grundyRare = [][2]uint32{{0, 0}, {1, 0}, {2, 0}, {3, 1}, {4, 0}, {6, 1}, {7, 0}, {9, 1}, {10, 0}, {12, 1},
	{15, 1}, {20, 0}, {23, 0}, {26, 0}, {28, 1}, {31, 1}, {34, 1}, {37, 1}, {40, 1}, {43, 1},
	{46, 1}, {49, 1}, {50, 0}, {52, 1}, {53, 0}, {55, 1}, {58, 1}, {61, 1}, {87, 7}, {90, 7},
	{93, 7}, {146, 6}, {149, 6}, {152, 6}, {158, 11}, {161, 11}, {164, 11}, {167, 11}, {176, 7}, {179, 7},
	{181, 12}, {182, 7}, {185, 7}, {188, 7}, {190, 12}, {193, 12}, {196, 10}, {231, 10}}

// TestGrundyPublished: Grundy's game against OEIS A002188's terms and
// Flammenkamp's rare heaps below 232; with -takebreak.long, to 2^28
// heaps (30 minutes on two threads), the 1287 rare heaps Flammenkamp
// knows.
func TestGrundyPublished(t *testing.T) {
	n := 4096
	if *long {
		n = 1 << 28
	}
	s, _ := NewSolver(Grundys(), Options{Workers: 2})
	s.Reserve(n)
	s.Extend(n, nil)
	for i, w := range a002188 {
		if s.Value(i) != w {
			t.Fatalf("heap %d: %d; A002188: %d", i, s.Value(i), w)
		}
	}
	rare := 0
	for k := 0; k <= n; k++ {
		v := s.Value(k)
		if bits.OnesCount32(v&^1)%2 != 0 {
			continue
		}
		if rare < len(grundyRare) && (grundyRare[rare] != [2]uint32{uint32(k), v}) {
			t.Fatalf("rare heap %d: %d of value %d; Flammenkamp: %v", rare, k, v, grundyRare[rare])
		}
		rare++
	}
	if *long && rare != 1287 {
		t.Errorf("%d rare heaps to %d; Flammenkamp knows 1287", rare, n)
	}
}
