package eval_test

import (
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/grundy-lang/grundy/internal/passes"
)

// Sets of cells and of small ints made of bits (a set operator with a
// literal operand, components, canon, a position's argument decoded from
// its key) against the same sets made of elements: random sets through
// each operator, test and loop, printed, compared, ordered among other
// sets and used as keys, with every pass on, with the composite builders
// off (the operators on elements) and with every pass off.

// setBitsGen makes random set expressions over cells and small ints.
type setBitsGen struct{ r *rand.Rand }

func (g setBitsGen) pick(xs ...string) string { return xs[g.r.IntN(len(xs))] }

// cells is a set literal of random cells (ints: of small ints), now and
// then one past the bitmaps (a negative row, a column of 64, an int of
// 5000) or of another kind.
func (g setBitsGen) lit(ints bool, n int) string {
	xs := make([]string, 0, n)
	for range n {
		switch {
		case g.r.IntN(40) == 0:
			xs = append(xs, g.pick("(-1, 2)", "(3, 64)", "5000", `"a"`, "(1, 2, 3)"))
		case ints:
			xs = append(xs, fmt.Sprint(g.r.IntN(30)+40*g.r.IntN(2)))
		default:
			xs = append(xs, fmt.Sprintf("(%d, %d)", g.r.IntN(4), g.r.IntN(6)))
		}
	}
	return "{" + strings.Join(xs, ", ") + "}"
}

// elem is a random element: a cell or an int, from names r and c.
func (g setBitsGen) elem(ints bool) string {
	if ints {
		return g.pick("r", "c", "r + c", "r * 8 + c", "70", "-1")
	}
	return g.pick("(r, c)", "(r, c + 1)", "(r + 1, c)", "(c, r)", "(r, 64)")
}

// expr is a random set expression over the names S and T.
func (g setBitsGen) expr(ints bool, depth int) string {
	if depth <= 0 || g.r.IntN(4) == 0 {
		return g.pick("S", "T", "S", "T", g.lit(ints, 2+g.r.IntN(8)))
	}
	op := g.pick("-", "|", "&", "^")
	switch g.r.IntN(6) {
	case 0:
		return fmt.Sprintf("(%s %s %s)", g.lit(ints, 1+g.r.IntN(3)), op, g.expr(ints, depth-1))
	case 1:
		if !ints {
			return fmt.Sprintf("canon(h(%s))", g.expr(ints, depth-1))
		}
	case 2:
		if !ints {
			return fmt.Sprintf("first(components(h(%s)))", g.expr(ints, depth-1))
		}
	case 3:
		return fmt.Sprintf("{x for x in %s if x != %s}", g.expr(ints, depth-1), g.elem(ints))
	}
	return fmt.Sprintf("(%s %s {%s, %s})", g.expr(ints, depth-1), op, g.elem(ints), g.elem(ints))
}

// program is a script of random set expressions: each printed, its
// length, tests of membership, loops over it, compared with another and
// put with it in a set (ordered) and a map; and a game whose positions
// are such sets (decoded from their keys).
func (g setBitsGen) program() string {
	ints := g.r.IntN(3) == 0
	var b strings.Builder
	fmt.Fprintf(&b, "let S = %s\nlet T = %s\n", g.lit(ints, 6+g.r.IntN(12)), g.lit(ints, 4+g.r.IntN(10)))
	b.WriteString("def h(X) = {x for x in X if x != \"a\" and x != 5000 and x != (1, 2, 3) and x != (-1, 2) and x != (3, 64)}\ndef first(L) = if len(L) > 0 then L[len(L) - 1] else set()\n")
	for k := range 3 {
		fmt.Fprintf(&b, "def ea%d(S, T, r, c) = %s\ndef eb%d(S, T, r, c) = %s\n", k, g.expr(ints, 3), k, g.expr(ints, 2))
	}
	b.WriteString("for (r, c) in [(0, 0), (1, 2), (2, 3), (3, 1), (0, 5)] {\n")
	for k := range 3 {
		fmt.Fprintf(&b, "    let (A%[1]d, B%[1]d) = (ea%[1]d(S, T, r, c), eb%[1]d(S, T, r, c))\n", k)
		a, bb := fmt.Sprintf("A%d", k), fmt.Sprintf("B%d", k)
		fmt.Fprintf(&b, "    print %[1]s, len(%[1]s), %[1]s == %[2]s, %[1]s != %[2]s, {%[1]s, %[2]s, S}, {%[1]s: 1, %[2]s: 2}, [%[1]s, %[2]s] == [%[2]s, %[1]s]\n", a, bb)
		fmt.Fprintf(&b, "    print [x for x in %[1]s], [%[2]s in %[1]s for r in 0 .. 3 for c in 0 .. 2]\n", a, g.elem(ints))
		if !ints {
			fmt.Fprintf(&b, "    print [(c, r) for (r, c) in h(%[1]s)], len(h(%[1]s)), h(%[1]s) - h(%[2]s), canon(h(%[1]s)), components(h(%[1]s) | h(%[2]s))\n", a, bb)
		}
		fmt.Fprintf(&b, "    print %[1]s | %[2]s, %[1]s - %[2]s, %[1]s & %[2]s, %[1]s ^ %[2]s, (%[1]s - %[2]s) | (%[2]s - %[1]s) == %[1]s ^ %[2]s\n", a, bb)
	}
	b.WriteString("}\n")
	fmt.Fprintf(&b, "def ec(S, T, r, c) = %s\n", g.expr(ints, 2))
	if ints {
		fmt.Fprintf(&b, "game g(X) moves g(X - {x, %s}) for x in X if %s in X\n", g.pick("x + 1", "x + 2", "x * 2"), g.pick("x + 1", "x + 2"))
		b.WriteString("print sg(g(h(ec(S, T, 1, 2))))\n")
		return b.String()
	}
	fmt.Fprintf(&b, "game g(X) moves g(X - {(r, c), %s}) for (r, c) in X if %s in X\n", g.elem(false), g.elem(false))
	b.WriteString("print sg(g(h(ec(S, T, 1, 2)))), [sg(g(canon(R))) for R in components(h(ec(T, S, 2, 0)))]\n")
	return b.String()
}

// TestSetBitsDiff: random set scripts (setBitsGen) print and fail alike
// with every pass, with the composite builders off and with every pass
// off.
func TestSetBitsDiff(t *testing.T) {
	t.Parallel()
	r, _ := propRand(t, 31)
	g := setBitsGen{r}
	var cases []string
	for range propCount(60) {
		cases = append(cases, g.program())
	}
	diffCases(t, cases, passes.Composite, passes.All)
}

// TestComprehensionsNested: a comprehension's loops are made once and
// each evaluation accumulates in its own record (the frame's Acc, reused
// once the value made does not keep it): comprehensions nested in the
// body, in a map's key, in a def called from the body, recursive defs,
// sums of games, and lists and sets of a few elements kept while others
// are made give their values.
func TestComprehensionsNested(t *testing.T) {
	src := `print [[x * y for y in 0 .. x] for x in 0 .. 3]
print {x: [y for y in 0 .. x] for x in [len([z for z in 0 .. 2]), 1]}
def f(n) = sum([x for x in 0 .. n])
print [f(x) for x in 0 .. 4], {f(x) for x in 0 .. 4 if x % 2 == 0}
print sg(sum of *x for x in [1, 2, len([y for y in 0 .. 3])])
def g(n) = if n == 0 then [] else [g(n - 1)] + [n for y in [0]]
print g(3), [g(k) for k in 0 .. 2]
game h(n) moves sum of h(k) for k in [j for j in 0 .. n - 1 if j % 2 == 0] if n > 0
print [sg(h(n)) for n in 0 .. 6], sg(sum of h(n) for n in [m for m in 0 .. 6])
let A = [[x for x in 0 .. n - 1] for n in 0 .. 4]
let B = [{x for x in 0 .. n - 1} for n in 0 .. 4]
let C = [[y * 10 for y in 0 .. n] for n in 0 .. 3]
let D = [(sum of *x for x in 1 .. n) for n in 0 .. 5]
let E = [{x: x * x for x in 0 .. n} for n in 0 .. 2]
print A, B, C, E
print D, [sg(G) for G in D]
`
	want := `[[0], [0, 1], [0, 2, 4], [0, 3, 6, 9]]
{1: [0, 1], 3: [0, 1, 2, 3]}
[0, 1, 3, 6, 10] {0, 3, 10}
7
[[[[], 1], 2], 3] [[], [[], 1], [[[], 1], 2]]
[1, 0, 0, 0, 0, 0, 0] 1
[[], [0], [0, 1], [0, 1, 2], [0, 1, 2, 3]] [set(), {0}, {0, 1}, {0, 1, 2}, {0, 1, 2, 3}] [[0], [0, 10], [0, 10, 20], [0, 10, 20, 30]] [{0: 0}, {0: 0, 1: 1}, {0: 0, 1: 1, 2: 4}]
[*0, *1, *1 + *2, *1 + *2 + *3, *1 + *2 + *3 + *4, *1 + *2 + *3 + *4 + *5] [0, 1, 3, 0, 4, 1]
`
	if got, err := runScript(src); err != nil || got != want {
		t.Fatalf("got %q, %v; want %q", got, err, want)
	}
}
