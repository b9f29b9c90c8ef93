package stdlib_test

// Independent checks of the standard library's games against published
// Sprague-Grundy sequences. The expected values are in testdata/*.txt, each
// file naming its source (OEIS entry, URL, contributors, date read) and
// saying which terms are verbatim and which come from a formula the source
// states; none was computed by grundy or by any program that plays a game.

import (
	"bufio"
	"context"
	"fmt"
	"math/bits"
	"os"
	"strconv"
	"strings"
	"testing"

	"github.com/grundy-lang/grundy/internal/value"

	"github.com/grundy-lang/grundy/internal/eval"
)

// bfile is a table read from a b-file: terms in order of n, starting at
// first.
type bfile struct {
	first int
	terms []int64
}

// readPairs reads the "n value" lines of a testdata file, skipping blank
// lines and # comments; maxN is the value of a "# max-n N" comment, or -1.
func readPairs(t *testing.T, name string) (ns []int, vs []int64, maxN int) {
	t.Helper()
	f, err := os.Open("testdata/" + name)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	maxN = -1
	sc := bufio.NewScanner(f)
	for line := 1; sc.Scan(); line++ {
		s := strings.TrimSpace(sc.Text())
		if rest, ok := strings.CutPrefix(s, "# max-n "); ok {
			if maxN, err = strconv.Atoi(rest); err != nil {
				t.Fatalf("%s:%d: %v", name, line, err)
			}
			continue
		}
		if s == "" || s[0] == '#' {
			continue
		}
		fs := strings.Fields(s)
		if len(fs) != 2 {
			t.Fatalf("%s:%d: want \"n a(n)\", have %q", name, line, s)
		}
		n, err1 := strconv.Atoi(fs[0])
		v, err2 := strconv.ParseInt(fs[1], 10, 64)
		if err1 != nil || err2 != nil {
			t.Fatalf("%s:%d: bad line %q", name, line, s)
		}
		if len(ns) > 0 && n <= ns[len(ns)-1] {
			t.Fatalf("%s:%d: n = %d out of order", name, line, n)
		}
		ns, vs = append(ns, n), append(vs, v)
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	if len(ns) == 0 {
		t.Fatalf("%s: no terms", name)
	}
	return ns, vs, maxN
}

// readBFile reads a b-file: consecutive n, one term each.
func readBFile(t *testing.T, name string) bfile {
	t.Helper()
	ns, vs, _ := readPairs(t, name)
	for i, n := range ns {
		if n != ns[0]+i {
			t.Fatalf("%s: n = %d follows n = %d; a b-file has consecutive n", name, n, ns[i-1])
		}
	}
	return bfile{first: ns[0], terms: vs}
}

// at returns a(n), or false when n is outside the table.
func (b bfile) at(n int) (int64, bool) {
	i := n - b.first
	if i < 0 || i >= len(b.terms) {
		return 0, false
	}
	return b.terms[i], true
}

// evalInts evaluates a grundy expression whose value is a list of ints.
func evalInts(t *testing.T, s *eval.Session, src string) []int64 {
	t.Helper()
	v, err := s.Eval(context.Background(), "oeis_test", src)
	if err != nil {
		t.Fatalf("%s: %v", src, err)
	}
	if v.Kind() != value.KList {
		t.Fatalf("%s: want a list, have a %s", src, v.TypeName())
	}
	var out []int64
	for i, e := range v.Elems() {
		if e.Kind() != value.KInt {
			t.Fatalf("%s: element %d is a %s, not an int", src, i, e.TypeName())
		}
		out = append(out, e.Int())
	}
	return out
}

// sgList evaluates [sg(GAME) for n in 0 .. last], GAME being a grundy
// expression in n.
func sgList(t *testing.T, s *eval.Session, game string, last int) []int64 {
	t.Helper()
	src := fmt.Sprintf("[sg(%s) for n in 0 .. %d]", game, last)
	got := evalInts(t, s, src)
	if len(got) != last+1 {
		t.Fatalf("%s: %d values, want %d", src, len(got), last+1)
	}
	return got
}

// compare reports the first n in [from, to] where got[n] differs from the
// table's a(n + shift); terms outside the table are skipped.
func compare(t *testing.T, what string, got []int64, tab bfile, file string, from, to, shift int) int {
	t.Helper()
	checked := 0
	for n := from; n <= to; n++ {
		want, ok := tab.at(n + shift)
		if !ok {
			continue
		}
		if got[n] != want {
			t.Errorf("%s: first mismatch at n = %d: grundy says %d, %s has a(%d) = %d",
				what, n, got[n], file, n+shift, want)
			return checked
		}
		checked++
	}
	return checked
}

func TestOEISKayles(t *testing.T) {
	tab := readBFile(t, "A002186.txt")
	if len(tab.terms) < 1000 {
		t.Fatalf("A002186.txt has %d terms, want 1000", len(tab.terms))
	}
	s := eval.NewSession(eval.Options{})
	for _, g := range []string{"kayles(n)", `octal("0.77")(n)`} {
		got := sgList(t, s, g, 999)
		if c := compare(t, g, got, tab, "A002186", 0, 999, 0); c != 1000 && !t.Failed() {
			t.Errorf("%s: checked %d terms, want 1000", g, c)
		}
	}
}

func TestOEISDawson(t *testing.T) {
	tab := readBFile(t, "A002187.txt")
	if len(tab.terms) < 1000 {
		t.Fatalf("A002187.txt has %d terms, want 1000", len(tab.terms))
	}
	s := eval.NewSession(eval.Options{})
	// Dawson's chess is octal .137: A002187(n) directly.
	got := sgList(t, s, `octal("0.137")(n)`, 999)
	compare(t, `octal("0.137")(n)`, got, tab, "A002187", 0, 999, 0)

	// Dawson's Kayles is octal .07: its value at n is A002187(n-1), 0 at n = 0.
	got = sgList(t, s, "dawson(n)", 1000)
	if got[0] != 0 {
		t.Errorf("dawson(0): sg %d, want 0", got[0])
	}
	compare(t, "dawson(n)", got, tab, "A002187", 1, 1000, -1)
	octal07 := sgList(t, s, `octal("0.07")(n)`, 1000)
	compare(t, `octal("0.07")(n)`, octal07, tab, "A002187", 1, 1000, -1)
}

func TestOEISGrundysGame(t *testing.T) {
	tab := readBFile(t, "A002188.txt")
	zeros := readBFile(t, "A036685.txt")
	sparseN, sparseG, maxN := readPairs(t, "flammenkamp-grundy-sparse.txt")
	s := eval.NewSession(eval.Options{})
	got := sgList(t, s, "grundys(n)", 999)

	// The published prefix, term by term.
	compare(t, "grundys(n)", got, tab, "A002188", 0, 999, 0)

	// A036685 lists every n with value 0 (P-positions).
	isZero := map[int64]bool{}
	for _, n := range zeros.terms {
		isZero[n] = true
	}
	for n := 0; n <= 999; n++ {
		if (got[n] == 0) != isZero[int64(n)] {
			t.Errorf("grundys(%d): sg %d, but A036685 says the value is %s0", n, got[n],
				map[bool]string{true: "", false: "not "}[isZero[int64(n)]])
			break
		}
	}

	// Flammenkamp's list of sparse values: exact where listed; elsewhere
	// (n <= max-n) the value lies in the common set: popcount(G >> 1) odd.
	if maxN < 0 || maxN > 999 {
		t.Fatalf("flammenkamp-grundy-sparse.txt: bad # max-n %d", maxN)
	}
	listed := map[int]int64{}
	for i, n := range sparseN {
		listed[n] = sparseG[i]
	}
	if len(listed) < 40 {
		t.Fatalf("flammenkamp-grundy-sparse.txt: only %d values", len(listed))
	}
	for n := 0; n <= maxN; n++ {
		g := got[n]
		isSparse := bits.OnesCount64(uint64(g)>>1)%2 == 0
		if want, ok := listed[n]; ok {
			if g != want {
				t.Errorf("grundys(%d): sg %d, Flammenkamp lists G(%d) = %d", n, g, n, want)
				break
			}
		} else if isSparse {
			t.Errorf("grundys(%d): sg %d is in the sparse set, but Flammenkamp lists no sparse value at n = %d", n, g, n)
			break
		}
	}
}

func TestOEISWythoff(t *testing.T) {
	const size = 71 // heaps 0..70 cover every published term used below
	s := eval.NewSession(eval.Options{})
	flat := evalInts(t, s, fmt.Sprintf("[sg(wythoff(x, y)) for x in 0 .. %d for y in 0 .. %d]", size-1, size-1))
	if len(flat) != size*size {
		t.Fatalf("wythoff grid: %d values, want %d", len(flat), size*size)
	}
	T := func(x, y int) int64 { return flat[x*size+y] }

	// A004481, by antidiagonals: a(d(d+1)/2 + k) = T(k, d-k).
	tab := readBFile(t, "A004481.txt")
	n := 0
	for d := 0; n < len(tab.terms); d++ {
		for k := 0; k <= d && n < len(tab.terms); k++ {
			if d >= size {
				t.Fatalf("A004481 reaches antidiagonal %d; enlarge the grid", d)
			}
			if got, want := T(k, d-k), tab.terms[n]; got != want {
				t.Fatalf("wythoff(%d, %d): first mismatch at n = %d: grundy says %d, A004481 has a(%d) = %d",
					k, d-k, n, got, n, want)
			}
			n++
		}
	}

	// Rows 1..6 (A004482..A004487) and the diagonal (A047708).
	for r, file := range []string{"A004482", "A004483", "A004484", "A004485", "A004486", "A004487"} {
		row := readBFile(t, file+".txt")
		for c, want := range row.terms {
			if c >= size {
				t.Fatalf("%s is longer than the grid", file)
			}
			if got := T(r+1, c); got != want {
				t.Errorf("wythoff(%d, %d): grundy says %d, %s has a(%d) = %d", r+1, c, got, file, c, want)
				break
			}
			if got := T(c, r+1); got != want {
				t.Errorf("wythoff(%d, %d): grundy says %d, %s has a(%d) = %d (T is symmetric)", c, r+1, got, file, c, want)
				break
			}
		}
	}
	diag := readBFile(t, "A047708.txt")
	for i, want := range diag.terms {
		if i >= size {
			t.Fatalf("A047708 is longer than the grid")
		}
		if got := T(i, i); got != want {
			t.Errorf("wythoff(%d, %d): grundy says %d, A047708 has a(%d) = %d", i, i, got, i, want)
			break
		}
	}

	// Zeros: T(a, b) = 0 iff b = A002251(a), for every (a, b) in the grid
	// with a covered by the published terms.
	pairs := readBFile(t, "A002251.txt")
	zeroChecked := 0
	for a := 0; a < size && a < len(pairs.terms); a++ {
		for b := 0; b < size; b++ {
			if (T(a, b) == 0) != (pairs.terms[a] == int64(b)) {
				t.Fatalf("wythoff(%d, %d): sg %d, but A002251(%d) = %d", a, b, T(a, b), a, pairs.terms[a])
			}
			zeroChecked++
		}
	}
	if zeroChecked < 1000 {
		t.Errorf("only %d positions checked against A002251", zeroChecked)
	}
}
