package eval_test

import (
	"context"
	"fmt"
	"math/rand"
	"strings"
	"testing"

	"github.com/grundy-lang/grundy/internal/eval"
	"github.com/grundy-lang/grundy/internal/passes"
	"github.com/grundy-lang/grundy/internal/testenv"
)

// vecIntCases: list comprehensions over a range whose element is int
// arithmetic of the loop variable and of a parameter's elements (the
// variant for lists of ints, passes.IntElems, and runs of 64 lanes,
// passes.Lanes): errors in a lane (an index out of range, a division by
// zero, an overflow) taken or not by an if, runs longer than 64, the
// parameter holding values that are not ints, comparisons with the loop
// variable either side. Each is an element, its range and the lists s it
// is built from (vecProgram), k an int.
var vecIntCases = [][3]string{
	// An index past the end in lanes the if does not take, then one it does.
	{"if i + 1 < len(s) then s[i + 1] - 1 else 0", "0 .. len(s) - 1", "[3, 4, 5, 6]"},
	{"s[i + 1]", "0 .. len(s) - 1", "[3, 4, 5, 6]"},
	// Division by zero where an if does not look, and where it does.
	{"if s[i] != 0 then 12 / s[i] else 7", "0 .. len(s) - 1", "[3, 0, 4, 0, 2]"},
	{"12 % s[i]", "0 .. len(s) - 1", "[3, 5, 0, 2]"},
	// Overflow in one lane.
	{"s[i] * 3037000500", "0 .. len(s) - 1", "[1, 2, 3037000500, 1]"},
	{"-s[i] + i", "0 .. len(s) - 1", "[1, -9223372036854775807 - 1]"},
	// abs, ~, the most negative int divided by -1 (an overflow) and its
	// remainder (0).
	{"abs(s[i] - 2) + ~s[i] * 3", "0 .. len(s) - 1", "[1, 5, 2, -4]"},
	{"(-9223372036854775807 - 1) % (s[i] - 2) + i", "0 .. len(s) - 1", "[1, 5, 2, 3]"},
	{"(-9223372036854775807 - 1) / (s[i] - 2)", "0 .. len(s) - 1", "[4, 5, 1, 3]"},
	{"abs(s[i])", "0 .. len(s) - 1", "[4, -9223372036854775807 - 1]"},
	// Runs longer than 64, and empty ones.
	{"if i % 3 == 0 then s[i] + 1 else s[i]", "0 .. len(s) - 1", "[x % 7 for x in 0 .. 150], []"},
	{"max(s[i], s[len(s) - 1 - i], i)", "0 .. len(s) - 1", "[x * x % 11 for x in 0 .. 70]"},
	// Elements that are not ints: the variant for any arguments.
	{"if i < 2 then s[i] else 0", "0 .. len(s) - 1", "[1, \"a\", 3], [(1, 2), 3]"},
	{"s[i] + 1", "0 .. len(s) - 1", "[1, 2, \"x\"]"},
	// Comparisons with the loop variable either side, == and !=.
	{"if 0 < i and i <= k then s[i] else if k == i then 9 else if k != i and i >= k - 1 then 4 else s[i] - 1", "0 .. len(s) - 1", "[5, 6, 7, 8, 9]"},
	{"if k > i or not (i > k) and s[i] > 2 then s[i] else s[i] + 1", "k - 2 .. k + 2", "[5, 6, 7, 8, 9, 10, 11]"},
	{"if i >= k then s[i] else if i < k - 2 then 1 else 2", "0 .. len(s) - 1", "[x for x in 0 .. 80]"},
	{"if i < k then s[i] else if 3 < i then -s[i] else abs(s[i] - 1)", "0 .. len(s) - 1", "[2, 0, 1, 2, 3, 4, 5]"},
	// The loop variable in a list: the parameter itself (its ints, big
	// ones, negative ones, not all ints).
	{"if i in s or i == k then 0 else s[i] + 1", "0 .. len(s) - 1", "[3, 0, 4, 2, 9], [1, 5000, -1, 2], [0, 1, \"a\"], (2, 2, 1)"},
	{"if i not in s and i != t then s[i] else i", "0 .. len(s) - 1", "[x % 9 for x in 0 .. 90], [70, 71, 1]"},
	// Ranges near the ends of the ints.
	{"if i > 9223372036854775805 then i - 9223372036854775800 else 1", "9223372036854775804 .. 9223372036854775807", "[1]"},
	{"if i < -9223372036854775806 then 1 else 2", "-9223372036854775807 - 1 .. -9223372036854775805", "[1]"},
}

// vecProgram is a program whose output tells the lists [elem for i in rng]
// built from each of the lists starts (a comma-separated list of list
// expressions), for k from -1 to 5: sg(h(s, k, t)) is t + 1 where t is
// the weight of the list h's option builds, t elsewhere.
func vecProgram(elem, rng, starts string) string {
	return fmt.Sprintf(`game nim(n) moves nim(k) for k in 0 .. n - 1
def w(s) = abs(sum([s[j] * (j + 1) for j in 0 .. len(s) - 1])) %% 16
game leaf(s) moves nim(k) for k in 0 .. w(s) - 1
game h(s, k, t) moves leaf([%s for i in %s]) | nim(u) for u in 0 .. t - 1
for s in [%s] {
    print [sg(h(s, k, t)) for k in -1 .. 5 for t in 0 .. 15]
}
`, elem, rng, starts)
}

// vecIntPrograms: Chomp, and a global read before its let ran.
var vecIntPrograms = []string{
	"let G = [[1, 2], [0]]\ngame h(b) moves h([if u in G[k] then 0 else b[u] for u in 0 .. 2]) for k in 0 .. len(b) - 1 if b[k] == 1\nprint sg(h([1, 1, 0])), sg(h([1, 0, 1]))\n",
	"let N = 9\nlet G = [[(v + 1) % N, (v + 3) % N] for v in 0 .. N - 1] + [[5000, 3], [-1, 2], [true, 1], (4, 8), [], \"ab\"]\n" +
		"game nk(b, e) moves nk([if u == v or u in G[v] then 0 else b[u] for u in 0 .. N - 1], e) for v in 0 .. len(G) - e if (if v >= N then b[v % N] else b[v]) == 1\n" +
		"print [sg(nk([1] * n + [0] * (N - n), 2)) for n in 1 .. N]\nprint [sg(nk([1] * 9 + [0] * n, 2)) for n in 0 .. 3]\nprint sg(nk([1] * 9, 1))\n",
	"game chomp(rows) moves chomp([if i < r then rows[i] else min(rows[i], c) for i in 0 .. len(rows) - 1]) for r in 0 .. len(rows) - 1 for c in 0 .. rows[r] - 1 if r + c > 0\nprint sg(chomp([5, 5, 4, 2])), sg(chomp((4, 4, 4)))\n",
	"game g(s, d) moves g([s[i] + K for i in 0 .. len(s) - 1], d - 1) if d > 0\nprint sg(g([1, 2], 2))\nlet K = 3\nprint sg(g([1, 2], 3))\n",
	// a def of an index inlined with a list of ints: an int where the
	// variant for such lists runs it (the analysis and the compiler
	// agree: VerifyInts), a string's character where another does
	"def d(b) = b[0]\ndef e(b, k) = d(b) + k\ngame g(b) moves g(b[1:]) if b[0] == \".\" and d(b) > 0 | g(b[1:]) if e(b, 1) > 2\nprint sg(g([1, 2, 0])), sg(g([3, 2, 0]))\nprint sg(g(\".a\"))\n",
}

// TestVecIntExact: the cases with every pass, and without lanes, the
// variant for lists of ints, ints, and every pass.
func TestVecIntExact(t *testing.T) {
	t.Parallel()
	cases := vecIntPrograms
	for _, c := range vecIntCases {
		cases = append(cases, vecProgram(c[0], c[1], c[2]))
	}
	diffCases(t, cases, passes.Lanes, passes.IntElems, passes.Ints, passes.All)
}

// TestVecIntRandom: random int elements of a comprehension building a
// game's list argument (vecGen, vecProgram), the same values and errors
// with lanes off, the variant for lists of ints off and every pass off.
func TestVecIntRandom(t *testing.T) {
	t.Parallel()
	rng := rand.New(rand.NewSource(7))
	var cases []string
	for range testenv.Scale(30, 400) {
		g := &vecGen{rng: rng}
		e := fmt.Sprintf("if %s then %s else %s", g.cond(1), g.expr(2), g.expr(2))
		lo, hi := "0", "len(s) - 1"
		if rng.Intn(3) == 0 {
			lo, hi = []string{"0", "k", "-1", "len(s) - 3"}[rng.Intn(4)], []string{"len(s) - 2", "len(s)", "k + 66", "k"}[rng.Intn(4)]
		}
		start := []string{"[3, 1, 4, 1, 5]", "[2, 7, 1, 8, 2, 8, 1, 8, 2, 8]", "(0, 0, 1)", "[x % 5 for x in 0 .. 69]", "[x % 3 + 1 for x in 0 .. 79]", "[1, 2, \"a\"]"}[rng.Intn(6)]
		cases = append(cases, vecProgram("("+e+") % 7", lo+" .. "+hi, start))
	}
	diffCases(t, cases, passes.Lanes, passes.IntElems, passes.All)
}

// vecGen draws int expressions of i (the loop variable), k and t (ints)
// and s (the list).
type vecGen struct{ rng *rand.Rand }

func (g *vecGen) expr(depth int) string {
	if depth <= 0 || g.rng.Intn(4) == 0 {
		if g.rng.Intn(8) == 0 {
			return []string{"s[i + 1]", "s[len(s) - 1 - i]", "(i / (k + 2))"}[g.rng.Intn(3)] // (may fail)
		}
		return []string{"i", "i", "k", "t", "3", "-2", "len(s)", "s[i]", "s[i]", "s[abs(k)]"}[g.rng.Intn(10)]
	}
	switch g.rng.Intn(6) {
	case 0:
		return fmt.Sprintf("if %s then %s else %s", g.cond(depth-1), g.expr(depth-1), g.expr(depth-1))
	case 1:
		return fmt.Sprintf("%s(%s, %s)", []string{"min", "max"}[g.rng.Intn(2)], g.expr(depth-1), g.expr(depth-1))
	case 2:
		return fmt.Sprintf("s[abs(%s) %% len(s)]", g.expr(depth-1))
	case 3:
		return "-(" + g.expr(depth-1) + ")"
	}
	op := []string{"+", "-", "*", "/", "%", "&", "|", "^"}[g.rng.Intn(8)]
	return fmt.Sprintf("(%s %s %s)", g.expr(depth-1), op, g.expr(depth-1))
}

func (g *vecGen) cond(depth int) string {
	k := g.rng.Intn(6)
	if depth <= 0 {
		k = 3
	}
	switch k {
	case 0:
		return fmt.Sprintf("(%s and %s)", g.cond(depth-1), g.cond(depth-1))
	case 1:
		return fmt.Sprintf("(%s or not %s)", g.cond(depth-1), g.cond(depth-1))
	case 2:
		return fmt.Sprintf("%s < %s", g.expr(depth), g.expr(depth))
	}
	ops := []string{"==", "!=", "<", "<=", ">", ">="}
	a, b := "i", g.expr(depth)
	if g.rng.Intn(2) == 0 {
		b = []string{"k", "t", "len(s) - 2", "3", "-1"}[g.rng.Intn(5)]
	}
	if g.rng.Intn(2) == 0 {
		a = g.expr(depth)
	}
	if g.rng.Intn(2) == 0 {
		a, b = b, a
	}
	return strings.Join([]string{a, ops[g.rng.Intn(6)], b}, " ")
}

// TestVecIntExplain: --explain says that a rule indexing a list got the
// variant for lists of ints and that lanes fired; not with the passes
// off, and no lanes for a rule that builds no list of ints.
func TestVecIntExplain(t *testing.T) {
	t.Parallel()
	src := "game chomp(rows) moves chomp([if i < r then rows[i] else min(rows[i], c) for i in 0 .. len(rows) - 1]) for r in 0 .. len(rows) - 1 for c in 0 .. rows[r] - 1 if r + c > 0\n" +
		"game names(s) moves names(update(s, i, \"x\")) for i in 0 .. len(s) - 1 if s[i] == \"a\"\n" +
		"print sg(chomp([3, 2, 1])), sg(names([\"a\", \"b\"]))\n"
	const note = "for positions where rows holds a list or tuple of ints"
	for _, off := range []passes.Pass{0, passes.IntElems, passes.Lanes} {
		s := eval.NewSession(eval.Options{Disable: off})
		if err := s.ExecFile(context.Background(), "x.game", src); err != nil {
			t.Fatal(err)
		}
		for _, x := range s.Explain() {
			switch x.Name {
			case "chomp":
				if got := strings.Contains(x.String(), note); got != (off != passes.IntElems) {
					t.Errorf("%s off: chomp's note %v:\n%s", off, got, x)
				}
				if got := x.Fired&passes.Lanes != 0; got != (off == 0) {
					t.Errorf("%s off: lanes fired %v:\n%s", off, got, x)
				}
			case "names":
				if x.Fired&passes.Lanes != 0 {
					t.Errorf("names got lanes:\n%s", x)
				}
			}
		}
	}
}
