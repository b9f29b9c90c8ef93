package eval_test

import (
	"context"
	"io"
	"math/rand/v2"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/grundy-lang/grundy/internal/engine"
	"github.com/grundy-lang/grundy/internal/passes"
	"github.com/grundy-lang/grundy/internal/testenv"

	"github.com/grundy-lang/grundy/internal/eval"
)

// Composite positions (package build's scratch.go): lists, tuples, sets and
// strings as arguments, built in scratch buffers by the search. Each
// script runs with the optimizations on and off (optCheck) and must show
// the same output and the same errors.
var optComposite = []optScript{
	{"sets read from their bits in order", `
game q(S) moves q(S - {x}) for x in S if not (5 in S) or 10 / (x - 5) + [0][x - 5] > -100
print sg(q({6})), sg(q({6, 8})), sg(q({8, 9}))
print sg(q({5, 6}))
`, engine.Limits{}},
	{"in of a value", `
game cr(S) moves
    cr({x for x in S if x != a and x != b}) for a in S for b in [(a[0], a[1] + 1), (a[0] + 1, a[1])] if b in S
print sg(cr({(r, c) for r in 0 .. 2 for c in 0 .. 3})), sg(cr({(0, 0), (0, 1), (5, 70), (5, 71), (-1, 2), (-1, 3)}))
let P = {(1, 2), (3, 4)}
let U = {"a", (1, 2), 5}
let I = {1, 5, 4000, 5000}
game m(S, T) moves m(S - {x}, T) for x in S if x in T
print [sg(m(S, T)) for S in [P, U, I] for T in [P, U, I, set(), [1, (1, 2)], {1: 2}, {(1, 2): 0}]]
print [x in S for x in [(1, 2), (2, 1), (1, 2, 3), [1, 2], 5, "a", 4000, 5000, (70, 1), true] for S in [P, U, I, set()]]
print [x not in S for x in [(1, 2), "a", 5000] for S in [P, U, I]]
print [x in S for x in ["ab", "y"] for S in ["xaby"]]
print sg(m({"a", "b"}, "abc"))
game e(S) moves e(S - {x}) for x in S if x in 5
print sg(e({1}))
`, engine.Limits{}},
	{"workload shapes", `
game heaps(hs) moves
    heaps(sorted([if j == i then k else hs[j] for j in 0 .. len(hs) - 1]))
        for i in 0 .. len(hs) - 1 for k in 0 .. hs[i] - 1
def free(b, i) = b[i] == 0 and (i == 0 or b[i - 1] == 0) and (i == len(b) - 1 or b[i + 1] == 0)
game board(b) moves board([if j == i then 1 else b[j] for j in 0 .. len(b) - 1]) for i in 0 .. len(b) - 1 if free(b, i)
game chomp(rows) moves
    chomp([if i < r then rows[i] else min(rows[i], c) for i in 0 .. len(rows) - 1])
        for r in 0 .. len(rows) - 1 for c in 0 .. rows[r] - 1 if r + c > 0
print sg(heaps([3, 4, 5])), sg(heaps([1, 2, 3, 4])), sg(heaps([])), sg(heaps([0]))
print len([1 for a in 0 .. 6 for b in a .. 6 if sg(heaps([a, b, a ^ b])) == 0])
print sg(board([0 for i in 1 .. 9])), sg(board([if i == 2 then 1 else 0 for i in 1 .. 9]))
print sg(chomp([4 for i in 1 .. 3])), [sg(chomp([a, b] + [0 for i in 3 .. 4])) for a in 1 .. 4 for b in 0 .. a]
print moves(heaps([1, 2])), winning(heaps([1, 2, 2])), moves(board([0, 0, 0]))
print heaps(sorted([3, 1])), board([0, 1] + [0])
`, engine.Limits{}},
	{"lists of different lengths in one game", `
game g(xs) moves g(xs[1:]) if len(xs) > 0
  | g(xs[:len(xs) - 1] + [xs[len(xs) - 1] - 1]) if len(xs) > 0 and xs[len(xs) - 1] > 0
  | g(xs + [0]) if len(xs) < 3 and sum(xs) > 2
print [sg(g([a, b])) for a in 0 .. 3 for b in 0 .. 3], sg(g([])), sg(g([5]))
print moves(g([1, 2])), sg(g([2] + [1, 1]))
`, engine.Limits{}},
	{"negative and huge ints in lists", `
let B = 9223372036854775807
game g(xs) moves g(sorted([if j == i then xs[j] - 1 else xs[j] for j in 0 .. len(xs) - 1])) for i in 0 .. len(xs) - 1 if xs[i] > -3
print sg(g([1, -1])), sg(g([-2, 0, 2]))
game h(xs) moves h([x - 1 for x in xs]) if xs[0] > B - 3
print sg(h([B, -B - 1 + 3])), sg(h([B - 5, 0])), sg(h([B]))
game o(xs) moves o([x + 1 for x in xs]) if xs[0] < 3
print sg(o([0, B - 2]))
`, engine.Limits{}},
	{"overflow inside a built list", `
let B = 9223372036854775807
game o(xs) moves o([x + 1 for x in xs]) if xs[0] < 3
print sg(o([0, B - 1]))
`, engine.Limits{}},
	{"nested lists and lists mixed with other kinds", `
game n(xss) moves n([xs[1:] for xs in xss]) if len(xss[0]) > 0
  | n([[x - 1 for x in xs if x > 0] for xs in xss]) if len(xss) > 1 and sum([len(xs) for xs in xss]) > 0
print sg(n([[1, 2], [3]])), sg(n([[2, 2, 2]])), moves(n([[1], [2]]))
game m(xs) moves m(update(xs, i, "a")) for i in 0 .. len(xs) - 1 if xs[i] != "a"
  | m(xs[:i] + [true] + xs[i + 1:]) for i in 0 .. len(xs) - 1 if xs[i] == "a"
print sg(m([1, 2])), sg(m(["a", 2, true])), moves(m([1]))
game t(p) moves t((p[0] - 1, p[1])) if p[0] > 0 | t([p[0], p[1] - 1]) if p[1] > 0 and len(p) == 2
print sg(t((2, 3))), sg(t([2, 3])), moves(t((1, 1))), moves(t([1, 1]))
game k(x) moves k(x - 1) if x != [2] and x > 0 | k([x]) if x == 2 | k(x[0] - 2) if x == [2]
print sg(k(3)), sg(k([2])), moves(k(2))
`, engine.Limits{}},
	{"positions, sums and functions inside lists", `
game g(n) moves g(n - 1) if n > 0
game p(ps, n) moves p(ps[1:], n) if len(ps) > 0 | p([ps[0] + *1] + ps[1:], n - 1) if len(ps) == 1 and n > 0
print sg(p([g(3), g(2)], 2)), sg(p([g(1)], 3)), moves(p([g(1), *2], 1)), moves(p([g(1)], 1))
game f(xs) moves f(xs[1:]) if len(xs) > 0
print sg(f([len, sorted, 3])), sg(f(["x", [len]]))
game q(n, xs) moves q(n - 1, xs + [g(n)]) if n > 0
print sg(q(3, [])), moves(q(1, [*0]))
`, engine.Limits{}},
	{"errors: index out of range in a built list", `
game g(xs) moves g([xs[j + 1] for j in 0 .. len(xs) - 1]) if len(xs) > 0
print sg(g([1, 2]))
`, engine.Limits{}},
	{"errors: sorted of mixed kinds", `
game g(xs) moves g(sorted(xs + [x])) for x in [1, "a"] if len(xs) < 2
print sg(g([]))
`, engine.Limits{}},
	{"errors: sorted of a string", `
game g(s) moves g(sorted(s[1:])) if len(s) > 0
print sg(g("ba"))
`, engine.Limits{}},
	{"errors: update out of range", `
game g(xs) moves g(update(xs, len(xs), 0)) if len(xs) < 3
print sg(g([1]))
`, engine.Limits{}},
	{"errors: update with a bad index", `
game g(xs) moves g(update(xs, "a", 0)) if len(xs) < 3
print sg(g([1]))
`, engine.Limits{}},
	{"errors: a negative slice bound", `
game g(xs) moves g(xs[len(xs) - 4:]) if len(xs) > 0
print sg(g([1, 2, 3]))
`, engine.Limits{}},
	{"errors: a list and a tuple added", `
game g(xs) moves g(xs + (1,)) if len(xs) < 2
print sg(g([0]))
`, engine.Limits{}},
	{"errors: a list and an int added", `
game g(xs) moves g(1 + [x for x in xs]) if len(xs) < 2
print sg(g([0]))
`, engine.Limits{}},
	{"errors: a rule failing after options were built", `
def bad(b, i) = b[i] / (i - 2) == 0
game g(b) moves g([if j == i then 1 else b[j] for j in 0 .. len(b) - 1]) for i in 0 .. len(b) - 1 if b[i] == 0 and bad(b, i)
print sg(g([0, 0, 0, 0]))
`, engine.Limits{}},
	{"update, slices and + of tuples, maps and strings", `
game g(x) moves g(update(x, k, x[k] - 1)) for k in 0 .. len(x) - 1 if x[k] > 0
print sg(g((2, 1))), sg(g([2, 1])), moves(g((1, 1)))
game m(d) moves m(update(d, k, d[k] - 1)) for k in keys(d) if d[k] > 0
print sg(m({"a": 2, "b": 1})), moves(m({1: 1}))
game w(s) moves w(s[1:]) if len(s) > 0 | w(s[:1] + s[2:]) if len(s) > 1
print sg(w("abc")), moves(w("ab")), sg(w(""))
game u(s) moves u(update(s, 0, "x")) if s[0] != "x"
print sg(u("ab")), moves(u("ab"))
`, engine.Limits{}},
	{"sets of ints and of cells", `
game s(xs) moves s(xs - {x} - {x + 1}) for x in xs
print sg(s({1, 2, 3, 5, 6})), sg(s(set())), sg(s({-1, 4095, 4096, 70000}))
game cram(cells) moves cram(cells - {(r, c), (r, c + 1)}) for (r, c) in cells if (r, c + 1) in cells
  | cram(cells - {(r, c), (r + 1, c)}) for (r, c) in cells if (r + 1, c) in cells
print sg(cram({(r, c) for r in 0 .. 2 for c in 0 .. 2})), sg(cram({(r, c) for r in 62 .. 64 for c in 0 .. 1}))
print moves(cram({(0, 0), (0, 1)}))
`, engine.Limits{}},
	{"sg inside a built list", `
game b(xs) moves b(xs[1:]) if len(xs) > 0
game a(xs) moves a([x - 1 for x in xs if x > sg(b([x, x])) and sg(b(xs[1:])) >= 0]) if len(xs) > 0 and xs[0] > 0
print sg(a([3, 2, 1])), sg(a([2, 2]))
`, engine.Limits{}},
	{"a position of several arguments", `
game q(n, xs, t) moves q(n - 1, sorted(xs + [n]), (t[1], t[0])) if n > 0 | q(n, xs[1:], t) if len(xs) > 2
print sg(q(3, [], (1, 2))), moves(q(1, [5, 4, 3], (0, 0)))
`, engine.Limits{}},
	{"state limit with composite positions", `
game g(xs) moves g(xs + [x]) for x in 0 .. 1
print sg(g([]))
`, engine.Limits{MaxStates: 5000}},
	{"cycles through composite positions", `
game c(xs) moves c(xs[1:] + xs[:1]) if len(xs) > 1 | c(xs[1:]) if len(xs) > 2 or len(xs) == 2 and xs[0] > xs[1]
print sg(c([1, 2, 3])), outcome(c([1, 2])), winning(c([1, 2, 3, 4]))
`, engine.Limits{}},
	{"sum of composite positions", `
game h(xs) moves h(sorted(update(xs, i, k))) for i in 0 .. len(xs) - 1 for k in 0 .. xs[i] - 1
print sg(h([1, 2]) + h([3])), sg(sum of h([i, i + 1]) for i in 0 .. 3)
print sg(h([2]) + *2), outcome(h([1, 1]) + h([]))
`, engine.Limits{}},
	{"len, min and max with and without their quick paths", `
game g(xs) moves g(xs[1:]) for k in 0 .. len(xs) - 1 if min(xs[0], k) == max(k, 0) and len("abé") == 3
print sg(g([2, 1, 0])), len({1: 2}), len({3}), min([1], [0, 2]), max("a", "b"), min(true, false)
print [len(x) - 1 for x in [[1], (1, 2), "abc", {1, 2, 3}]]
`, engine.Limits{}},
	{"errors: len of an int", `
game g(x) moves g(x - 1) for k in 0 .. len(x) - 1
print sg(g(3))
`, engine.Limits{}},
	{"errors: min of an int and a string", `
game g(xs) moves g(xs[1:]) if min(xs[0], "a") == 0
print sg(g([1, 2]))
`, engine.Limits{}},
	{"errors: max of a list and an int", `
def f(x, y) = max(x, y)
print f(1, 2), f("a", "b")
print f([1], 2)
`, engine.Limits{}},
	{"elements of local lists, tuples, strings and maps", `
def at(x, i) = x[i]
game g(xs) moves g(xs[:i] + xs[i + 1:]) for i in 0 .. len(xs) - 1 if at(xs, i) != at("abcdef", i)
print sg(g([1, "b", 3])), sg(g(("a", 2))), at({2: 5}, 2), at((1, 2), 1), at("xyz", 2)
print at([1, 2], -1)
`, engine.Limits{}},
	{"errors: index past the end of a local list", `
game g(xs) moves g(xs[1:]) if xs[len(xs)] > 0
print sg(g([1]))
`, engine.Limits{}},
	{"errors: index of an int", `
game g(n) moves g(n - 1) if n[0] > 0
print sg(g(1))
`, engine.Limits{}},
	{"set operators as bitmaps, and their edges", `
game s(xs) moves s(xs - {x} - {x + 1, x - 1}) for x in xs
  | s((xs | {x + 2}) & {y for y in 0 .. 9}) for x in xs if x + 2 < 9 and not (x + 2 in xs)
  | s(xs ^ {0, 1}) if 0 in xs and 1 not in xs
print sg(s({1, 2, 3, 5, 6})), sg(s(set())), sg(s({0, 3})), moves(s({0, 4}))
game b(xs) moves b(xs - {x}) for x in xs
print sg(b({-1, 4095, 4096, 70000})), sg(b({1, (1, 2), "a", [3]})), sg(b({(0, 63), (0, 64), (-1, 0), (63, 63)}))
print moves(b({(1, 1), 7})), moves(b({(2, 3), (2, "x")}))
game u(xs, k) moves u(xs | {k}, k - 1) if k >= 0 | u(xs | {(k, k)}, k - 2) if k >= 1 | u({(k, 0)} | xs & {k}, k - 3) if k > 2
print sg(u(set(), 5)), sg(u({1}, 4)), moves(u({(0, 0)}, 3))
`, engine.Limits{}},
	{"cells as bitmaps: a board of dominoes", `
game cram(cells) moves
    cram(cells - {(r, c), (r, c + 1)}) for (r, c) in cells if (r, c + 1) in cells
  | cram(cells - {(r, c), (r + 1, c)}) for (r, c) in cells if (r + 1, c) in cells
print sg(cram({(r, c) for r in 0 .. 2 for c in 0 .. 3})), sg(cram({(r, c) for r in 61 .. 64 for c in 0 .. 1}))
print sg(cram({(r, c) for r in 0 .. 1 for c in 0 .. 2} - {(0, 0)})), moves(cram({(0, 0), (0, 1), (1, 1)}))
print [sg(cram({(r, c) for r in 0 .. 1 for c in 0 .. k})) for k in 0 .. 4], (1, 1) in {(1, 1)}, (1, "a") in {(1, 1)}, 3 not in {1, 2}
game nk(vs) moves nk(vs - {v} - {v - 1, v + 1, v + 5}) for v in vs
print [sg(nk({v for v in 0 .. n})) for n in 0 .. 14], sg(nk({v * 1000 for v in 0 .. 6}))
`, engine.Limits{}},
	{"errors: a set and an int subtracted", `
game s(xs) moves s(xs - {1} - 1) if len(xs) > 0
print sg(s({1, 2}))
`, engine.Limits{}},
	{"errors: an int and a set", `
game s(xs) moves s(1 | {x}) for x in xs
print sg(s({1, 2}))
`, engine.Limits{}},
	{"errors: a set and a list", `
game s(xs) moves s({x} ^ [x]) for x in xs
print sg(s({1, 2}))
`, engine.Limits{}},
	{"errors: in an int", `
game s(xs) moves s(xs - {x}) for x in xs if (x, 1) in x
print sg(s({1, 2}))
`, engine.Limits{}},
	{"errors: an element of a set literal fails", `
game s(xs) moves s(xs - {(x, 1 / (x - 2))}) for x in xs
print sg(s({1, 2}))
`, engine.Limits{}},
	{"in lists, strings and maps, and ranges", `
game g(xs) moves g(xs[1:]) if (1, 2) in xs or 3 in xs or 4 not in {4: 0} or 5 in 0 .. len(xs)
print sg(g([(1, 2), 3, 4, 5, 6, 7])), sg(g([[1, 2], 3])), 1 in [1], (1, 2) in [(1, 2)], "a" in "cat"
`, engine.Limits{}},
	{"long arguments passed on, changed, boxed, and between games", `
def grid(w, h) = [{r2 * w + c2 for (r2, c2) in [(r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1)] if 0 <= r2 and r2 < h and 0 <= c2 and c2 < w} for r in 0 .. h - 1 for c in 0 .. w - 1]
game ks(G, S) moves ks(G, S - (G[v] | {v})) for v in S
let G = grid(4, 3)
print sg(ks(G, set(0 .. len(G) - 1))), sg(ks(grid(3, 3), set(0 .. 8))), sg(ks(G, {0, 5, 11})), moves(ks(grid(2, 1), {0, 1}))
game a(G, S) moves b(G, S - {v}) for v in S
game b(G, S) moves a(G, S - G[v]) for v in S | a(G, S - {v}) for v in S if len(S) > 2
print sg(a(G, set(0 .. 11))), sg(b(G, {1, 2, 3})), moves(b(grid(2, 1), {0, 1}))
game w(xs, n) moves w(update(xs, i, xs[i] - 1), n + 1) for i in 0 .. len(xs) - 1 if xs[i] > 0 and n < 3
print sg(w([i % 3 for i in 0 .. 39], 0)), sg(w([1 for i in 0 .. 39] + [100], 1)), sg(w([i * 1000000 for i in 0 .. 39], 2))
game g(n) moves g(n - 1) if n > 0
game p(ps, xs) moves p(ps[1:], xs) if len(ps) > 0 | p(ps, xs[1:]) if len(xs) > 0
print sg(p([g(i) for i in 0 .. 20], [i for i in 0 .. 40])), moves(p([g(1)], [1]))
game t(s, n) moves t(s[1:], n) if len(s) > 0 | t(s, n - 1) if n > 0
print sg(t("a long string that is longer than thirty-two bytes", 2))
`, engine.Limits{}},
}

// TestOptDiffComposite runs the composite-position cases both ways, and
// with only the composite pass off (the fast suite: those not in optSlow).
func TestOptDiffComposite(t *testing.T) {
	t.Parallel()
	for _, a := range optFast(optComposite) {
		c := optCase{name: "t.game", src: strings.TrimPrefix(a.src, "\n"), limits: a.limits}
		// (optCheck's comparison, its run with every pass on kept for
		// the second.)
		on, plain := runOpt(c, true), runOpt(c, false)
		if ok, why := optSame(on, plain, true); !ok {
			t.Errorf("%s: %s\nscript:\n%s\n=== optimized:\n%s\n=== plain:\n%s", a.name, why, optIndent(c.src), on, plain)
			continue
		}
		off := runOptWith(c, passes.Composite)
		if ok, why := optSame(on, off, true); !ok {
			t.Errorf("%s: composite off: %s\nscript:\n%s\n=== all passes:\n%s\n=== without composite:\n%s", a.name, why, optIndent(c.src), on, off)
		}
	}
}

// compGen writes random games whose positions are lists, with move rules
// made of the shapes package build's scratch.go builds (comprehensions, sorted, update,
// slices, +, literals) and of the shapes next to them, and queries.
type compGen struct {
	r    *rand.Rand
	vars []string // loop variables in scope (ints when the rule is well typed)
}

func (g *compGen) pick(xs ...string) string { return xs[g.r.IntN(len(xs))] }

// elem is an element of a comprehension over j.
func (g *compGen) elem() string {
	v := g.someVar()
	switch g.r.IntN(12) {
	case 0:
		return "xs[j]"
	case 1:
		return "xs[j] - 1"
	case 2:
		return "if j == " + v + " then " + g.someVar() + " else xs[j]"
	case 3:
		return "if j == " + v + " then xs[j] - 1 else xs[j]"
	case 4:
		return "min(xs[j], " + v + ")"
	case 5:
		return "if j < " + v + " then xs[j] else min(xs[j], " + g.someVar() + ")"
	case 6:
		return g.pick("[xs[j]]", `"a"`, "(j, xs[j])", "xs[j] + 9223372036854775806", "-xs[j]")
	case 7:
		return "max(xs[j] - 2, 0)"
	}
	return "if j == " + v + " then 0 else xs[j]"
}

func (g *compGen) someVar() string {
	if len(g.vars) == 0 || g.r.IntN(5) == 0 {
		return g.pick("0", "1", "2")
	}
	return g.vars[g.r.IntN(len(g.vars))]
}

// list is a list-valued expression (most of the time).
func (g *compGen) list(depth int) string {
	k := g.r.IntN(14)
	if depth > 1 {
		k = g.r.IntN(4)
	}
	v := g.someVar()
	switch k {
	case 0, 1, 2:
		return "[" + g.elem() + " for j in 0 .. len(xs) - 1]"
	case 3:
		return g.pick("[y - 1 for y in xs if y > 0]", "[y for y in xs if y != "+v+"]", "xs[1:]", "xs[:len(xs) - 1]")
	case 4:
		return "sorted(" + g.list(depth+1) + ")"
	case 5:
		return "update(" + g.list(depth+1) + ", " + v + ", " + g.someVar() + ")"
	case 6:
		return "xs[:" + v + "] + xs[" + v + " + 1:]"
	case 7:
		return g.list(depth+1) + "[" + g.pick("1", v) + ":]"
	case 8:
		return g.pick("[y - 1 for y in xs if y > 0] + [0]", "[0] + xs[1:]", g.list(depth+1)+" + "+g.list(depth+1))
	case 9:
		return g.pick("(xs[0] - 1, "+v+")", "["+v+", "+g.someVar()+"]", "[xs[0] - 1] + xs[1:]", "reversed(xs[1:])")
	case 10:
		return g.pick("update(xs, "+v+", xs["+v+"] - 1)", "sorted(update(xs, "+v+", "+g.someVar()+"))")
	case 11:
		return g.pick(`update(xs, 0, "b")`, "xs[1:] + (1,)", "sorted(xs[1:] + [\"a\"])", "update(xs, len(xs), 0)", "xs[-1:]")
	}
	return "sorted([" + g.elem() + " for j in 0 .. len(xs) - 1 if j != " + v + "])"
}

// clauses binds some of i, k, x.
func (g *compGen) clauses() string {
	g.vars = g.vars[:0]
	switch g.r.IntN(7) {
	case 0:
		g.vars = append(g.vars, "i")
		return " for i in 0 .. len(xs) - 1"
	case 1, 2:
		g.vars = append(g.vars, "i", "k")
		return " for i in 0 .. len(xs) - 1 for k in 0 .. xs[i] - 1"
	case 3:
		g.vars = append(g.vars, "i")
		return " for i in 0 .. len(xs) - 1 if xs[i] > 0"
	case 4:
		g.vars = append(g.vars, "x")
		return " for x in xs if x > 0"
	case 5:
		return " if len(xs) > 1"
	}
	g.vars = append(g.vars, "i", "k")
	return " for i in 0 .. len(xs) - 1 for k in 0 .. xs[i] - 1 if i + k > 0"
}

func (g *compGen) position() string {
	n := g.r.IntN(4)
	var b strings.Builder
	b.WriteString("[")
	for i := range n {
		if i > 0 {
			b.WriteString(", ")
		}
		switch g.r.IntN(14) {
		case 0:
			b.WriteString(g.pick("-1", `"a"`, "[1]", "(1, 2)", "9223372036854775807"))
		default:
			b.WriteString(strconv.Itoa(g.r.IntN(4)))
		}
	}
	b.WriteString("]")
	if g.r.IntN(12) == 0 {
		return "sorted(" + b.String() + ")"
	}
	return b.String()
}

// set is a set-valued expression (most of the time) over the set xs and
// its element x.
func (g *compGen) set(depth int) string {
	k := g.r.IntN(12)
	if depth > 1 {
		k = g.r.IntN(3)
	}
	switch k {
	case 0:
		return "{x}"
	case 1:
		return g.pick("{x + 1, x - 1}", "{(x, 0), (0, x)}", "{x * 1000}", "{y for y in xs if y != x}", "{y - 1 for y in xs if y > 0}")
	case 2:
		return g.pick("xs", "{y for y in 0 .. 5}", "set()", "xs", "{y for y in 1 .. 4}", "{(1, 1)}", `{"a"}`, "[x]", "x")
	}
	return "(" + g.set(depth+1) + " " + g.pick("-", "-", "|", "&", "^") + " " + g.set(depth+1) + ")"
}

func (g *compGen) setProgram() string {
	var b strings.Builder
	b.WriteString("game h(xs) moves\n")
	for a := range 1 + g.r.IntN(3) {
		if a > 0 {
			b.WriteString("  | ")
		} else {
			b.WriteString("    ")
		}
		cond := g.pick("", " if x + 1 in xs", " if x not in {0, 2}", " if (x, 1) not in xs", " if x > 0")
		b.WriteString("h(xs - {x} - " + g.set(0) + ") for x in xs" + cond + "\n")
	}
	for range 1 + g.r.IntN(3) {
		var e []string
		for range g.r.IntN(6) {
			e = append(e, g.pick("0", "1", "2", "3", "4", "5", "6", "-1", "(1, 2)", "4096", `"a"`))
		}
		pos := "h({" + strings.Join(e, ", ") + "})"
		if len(e) == 0 {
			pos = "h(set())"
		}
		if g.r.IntN(4) == 0 {
			b.WriteString("print moves(" + pos + ")\n")
		} else {
			b.WriteString("print sg(" + pos + ")\n")
		}
	}
	return b.String()
}

func (g *compGen) program() string {
	if g.r.IntN(3) == 0 {
		return g.setProgram()
	}
	var b strings.Builder
	b.WriteString("game g(xs) moves\n")
	for a := range 1 + g.r.IntN(3) {
		if a > 0 {
			b.WriteString("  | ")
		} else {
			b.WriteString("    ")
		}
		cl := g.clauses()
		b.WriteString("g(" + g.list(0) + ")" + cl + "\n")
	}
	for range 1 + g.r.IntN(3) {
		switch g.r.IntN(6) {
		case 0:
			b.WriteString("print moves(g(" + g.position() + "))\n")
		case 1:
			b.WriteString("print sg(g(" + g.position() + ") + g(" + g.position() + "))\n")
		case 2:
			b.WriteString("print outcome(g(" + g.position() + ")), winning(g(" + g.position() + "))\n")
		default:
			b.WriteString("print sg(g(" + g.position() + "))\n")
		}
	}
	return b.String()
}

// TestOptDiffCompositeRandom: random games of lists, both ways.
func TestOptDiffCompositeRandom(t *testing.T) {
	t.Parallel()
	g := &compGen{r: rand.New(rand.NewPCG(16, 2026))}
	n := testenv.Scale(50, 600) * max(*optDiffN, 1)
	exact, failed, limited := 0, 0, 0
	for i := range n {
		src := g.program()
		c := optCase{name: "r.game", src: src, limits: engine.Limits{MaxStates: 3000, MaxSteps: 300_000, MaxDepth: 300}, timeout: time.Second}
		on, off := runOpt(c, true), runOpt(c, false)
		if ok, why := optSame(on, off, false); !ok {
			t.Errorf("program %d: %s\nscript:\n%s\n=== optimized:\n%s\n=== plain:\n%s", i, why, optIndent(src), on, off)
			continue
		}
		switch {
		case optIsLimit(on) || optIsLimit(off):
			limited++
		case on.err != "":
			failed++
			exact++
		default:
			exact++
		}
	}
	t.Logf("%d programs: %d compared exactly (%d of them ending in the same error), %d stopped by a limit", n, exact, failed, limited)
	if exact < n/2 {
		t.Errorf("only %d of %d programs were compared exactly", exact, n)
	}
}

// BenchmarkBoards: board games whose positions are sets, strings and a
// graph with a set (the composite positions of package build's bitset.go and
// Game.shorten), at sizes of about 0.1 s:
//
//	go test ./eval -run '^$' -bench Boards
func BenchmarkBoards(b *testing.B) {
	scripts := map[string]string{
		"cram": `game cram(cells) moves
    cram(cells - {(r, c), (r, c + 1)}) for (r, c) in cells if (r, c + 1) in cells
  | cram(cells - {(r, c), (r + 1, c)}) for (r, c) in cells if (r + 1, c) in cells
print sg(cram({(r, c) for r in 0 .. 3 for c in 0 .. 4}))
`,
		"kayles_graph": `game ks(G, S) moves ks(G, S - (G[v] | {v})) for v in S
def grid(w, h) = [{r2 * w + c2 for (r2, c2) in [(r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1)] if 0 <= r2 and r2 < h and 0 <= c2 and c2 < w} for r in 0 .. h - 1 for c in 0 .. w - 1]
let G = grid(5, 5)
print sg(ks(G, set(0 .. len(G) - 1)))
`,
		"treblecross": `game treblecross(row) moves
    treblecross(update(row, i, "X")) for i in 0 .. len(row) - 1 if row[i] == "." and "XXX" not in row
print sg(treblecross(16 * "."))
`,
	}
	for _, name := range []string{"cram", "kayles_graph", "treblecross"} {
		b.Run(name, func(b *testing.B) {
			for i := 0; i < b.N; i++ {
				s := eval.NewSession(eval.Options{Stdout: io.Discard})
				if err := s.ExecFile(context.Background(), name+".game", scripts[name]); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
