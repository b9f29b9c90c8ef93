package eval_test

import (
	"testing"

	"github.com/grundy-lang/grundy/internal/passes"
)

// filterCompDefCases: a set filter whose condition calls a def whose
// body holds comprehensions (package purecond reads it through
// resolve's InlinedReadIn: a mask kept per value of the names it reads),
// against the filter as written: neighbours from a def of concatenated
// comprehensions, with any over them, an error inside the def's
// comprehension for some element only, a def that reads a let, a def
// whose comprehension yields values of several kinds.
var filterCompDefCases = []string{
	`let (W, H) = (4, 3)
def nbrs(v) = [u for u in [v - W, v + W] if 0 <= u and u < W * H] + [u for u in [v - 1, v + 1] if 0 <= u and u < W * H and u / W == v / W]
game nk(S) moves nk({u for u in S if u != v and not (u in nbrs(v))}) for v in S
game nk2(S) moves nk2({u for u in S if u != v and not any([u == w for w in nbrs(v)])}) for v in S
let all = set(0 .. W * H - 1)
print sg(nk(all)), [sg(nk(all - {v})) for v in 0 .. W * H - 1], sg(nk2(all)), moves(nk({0, 1, 5, 9}))`,
	`def near(v) = [v + d for d in [-1, 1] if (v + d) % 7 != 3] + [10 / (v - 4)]
game g(S) moves g({u for u in S if u != v and u not in near(v)}) for v in S
print sg(g(set(0 .. 3))), sg(g({5, 6, 8, 9}))
print sg(g({3, 4, 5}))`,
	`let K = 3
def far(v) = {u for u in 0 .. 20 if abs(u - v) >= K}
game g(S) moves g({u for u in S if u in far(v) or u % 5 == 0}) for v in S
print sg(g(set(0 .. 9))), sg(g({1, 2, 30}))`,
	`def odd(v) = [if v % 2 == 0 then "a" else v + 1, (v, v)]
game g(S) moves g({u for u in S if u != v and u not in odd(v)}) for v in S
print sg(g({1, 2, 3, "a", (2, 2)})), sg(g(set(0 .. 6)))`,
}

func TestFilterCompDefExact(t *testing.T) {
	t.Parallel()
	diffCases(t, filterCompDefCases, passes.Bitsets, passes.Inline, passes.All)
}

// operandCompCases: a set operator whose right operand is a
// comprehension, kept as bits over the left one's universe per value of
// the names it reads (package build's cachedSetOp, maskcache's Keep):
// cells off the board left out for - and &, the universe taking such a
// cell later (the bits kept then no longer hold), | with elements the
// universe lacks (as written), an operand that fails.
var operandCompCases = []string{
	`let DIRS = [(0, 1), (1, 0), (0, -1), (-1, 0)]
game nk(S) moves nk(S - {(r, c)} - {(r + dr, c + dc) for (dr, dc) in DIRS}) for (r, c) in S
game keep(S) moves keep(S & {(r + dr, c + dc) for (dr, dc) in DIRS}) for (r, c) in S if len(S) > 2
let all = {(r, c) for r in 0 .. 2 for c in 0 .. 3}
print sg(nk(all)), [sg(nk(all - {v})) for v in all], sg(keep(all)), moves(nk({(0, 0), (0, 2), (1, 1)}))`,
	`game g(S) moves g(S - {(x + d, y) for d in [1, 2]}) for (x, y) in S if len(S) > 1
  | g(S | {(x + 1, y)}) for (x, y) in S if x < 3 and len(S) < 4
print sg(g({(0, 0)})), sg(g({(0, 0), (2, 0)})), sg(g({(-1, 0), (0, 0)}))`,
	`game g(S, n) moves g(S - {x + s for s in ["a", "aa"]}, n - 1) for x in S if n > 0 and len(S) > 1
  | g(S | {x + "a"}, n - 1) for x in S if len(x) < 3 and n > 0 and len(S) < 3
  | *(3 * len(S) + n)
print [sg(g({"b"}, n)) for n in 0 .. 6], [sg(g({"b", "ba"}, n)) for n in 0 .. 6], [sg(g({"ba", "baa", "b"}, n)) for n in 0 .. 6]`,
	`game h(S, n) moves h(S - {x + s for s in ["a", "aa"]}, n - 1) for x in S if n > 0 and x == "b"
  | *0 if n == 0 and len(S) == 2
print sg(h({"b"}, 1)), sg(h({"b", "ba"}, 1)), sg(h({"b", "baa"}, 1))`,
	`game g(S) moves g(S - {10 / (x - 3) for d in [1]}) for x in S
print sg(g({1, 2, 5}))
print sg(g({1, 3}))`,
	// An operand over a range whose ends read the position: kept per
	// value of the ends and the names the rest reads (purecond's
	// RangeNames), an end that fails, an end that is not an int.
	`game g(S) moves g(S - {d * k for k in 1 .. len(S) - 1}) for d in S if d > 1 and len(S) > 1
print [sg(g(set(divisors(n)) - {1})) for n in [12288, 20000]]
game h(S) moves h(S - {x + k for k in 0 .. len(S) % 3}) for x in S
print sg(h({5000, 5001, 5003, 5007, 5010, 5011})), moves(h({5000, 5002, 5004}))
game p(S) moves p(S - {d * k for k in 1 .. max(S) / d}) for d in S
print [sg(p(set(divisors(n)) - {1})) for n in [4320, 12288]]`,
	`game e(S) moves e(S - {x} - {k + 5000 for k in 0 .. 10 / (len(S) - 3)}) for x in S
print sg(e({5000, 5001, 5002, 5003, 5004, 5005, 5006}))`,
	`game s(S) moves s(S - {k for k in 1 .. max(S)}) for x in S
print sg(s({"a", "b"}))`,
	// The operand a def's call (inlined): of a range over the
	// position's max, of names only, and one whose end fails.
	`def mult(S, d) = {d * k for k in 1 .. max(S) / d}
def near(v) = {v - 1, v + 1, v + 5001}
def cut(S, x) = {k + 5000 for k in 0 .. 10 / (len(S) - 3)}
game p(S) moves p(S - mult(S, d)) for d in S
game q(S) moves q(S - near(v) - {v}) for v in S
game e(S) moves e(S - {x} - cut(S, x)) for x in S
print [sg(p(set(divisors(n)) - {1})) for n in [4320, 12288]], sg(q({5000, 5001, 5002, 5004, 10002})), moves(q({5000, 5001, 5003}))
print sg(e({5000, 5001, 5002, 5003, 5004, 5005, 5006}))`,
	// A def's call whose arguments are not names (not inlined): kept by
	// the arguments' values where they are ints (of a range up to the
	// position's max, ints of the small kind left out of the universe
	// for - and &), else by the names they read; an argument that
	// fails; a let the def reads, bound again after it (the def keeps
	// the binding it was declared with).
	`def multiples(d, m) = {d * k for k in 1 .. m / d}
def pair(x, t) = {x + t[0], x + t[1]}
game p(S) moves p(S - multiples(d, max(S))) for d in S
game q(S) moves q(S & multiples(2, x + 3)) for x in S if len(S) > 2
game t(S) moves t(S - {x} - pair(x, (1, 5001))) for x in S
game f(S) moves f(S - {x} - multiples(x, 10 / (len(S) - 2))) for x in S
print [sg(p(set(divisors(n)) - {1})) for n in [4320, 12288]], sg(q({5000, 2, 4, 6, 7, 8, 9, 10})), moves(q({5000, 4, 6, 8}))
print sg(t({5000, 5001, 5003, 5006, 10001, 10002})), moves(t({5000, 5001, 10001}))
print sg(f({5000, 5001, 5002, 5003}))`,
	`let K = 2
def far(x) = {x + K, x + 2 * K}
game g(S) moves g(S - {x} - far(x + 1)) for x in S
print sg(g({5000, 5002, 5003, 5004, 5006, 5007, 5009, 5010}))
let K = 1
print sg(g({5000, 5002, 5003, 5004, 5006, 5007, 5009, 5010})), moves(g({5000, 5001, 5002, 5003}))`,
	// Right operands with elements the left one's bits cannot hold
	// (cells off the board, negative or boxed ints: opndmask.Narrow),
	// and a def inlined with names as arguments, kept as masks.
	`def nb(r, c) = {(r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1)}
game nk(S) moves nk(S - nb(r, c) - {(r, c)}) for (r, c) in S
game kp(S) moves kp(S & nb(r, c)) for (r, c) in S if len(S) > 2
def below(v) = {i * 5 + j for i in v / 5 .. 3 for j in v % 5 .. 4}
game ch(S) moves ch(S - below(v)) for v in S if v != 0
game mx(S) moves mx(S - {v - 1, v + 1, "x", (1, 2), -3}) for v in S
game my(S) moves my(S & {v - 1, v + 1, "x", -3, 5000}) for v in S if len(S) > 1
print sg(nk({(r, c) for r in 0 .. 2 for c in 0 .. 3})), sg(kp({(0, 0), (0, 1), (1, 1), (1, 0), (2, 0)})), sg(ch(set(0 .. 19)))
print sg(mx({0, 2, 3, 5, 6})), moves(mx({0, 1})), sg(my({0, 1, 2, 4, 5})), moves(my({0, 1, 2}))
game ru(S) moves ru(S ^ set(j .. i)) for i in S for j in 0 .. i
game un(S) moves un(S | set([x + 1 for x in S if x < 6])) for v in S if len(S) < 5
def f(b) = b * 3
game ix(n) moves ix(n ^ f(k)) for k in 1 .. 3 if n ^ f(k) < n
print sg(ru({1, 3, 4})), moves(ru({0, 2})), sg(un({1})), [sg(ix(n)) for n in 0 .. 20]
print sg(ru({(1, 2)}))`,
	// A filter of memberships in sets that do not read its element
	// (opndmask.Member): S - Y and S & Y, Y a list or a string (as
	// written), the filtered value a list, a Y evaluated only when an
	// element is left to test (a division by zero met or not), a
	// membership that fails, an empty set never tested.
	`game a(S) moves a({e for e in S if e not in {d * k for k in 1 .. max(S) / d}}) for d in S
print [sg(a(set(divisors(n)) - {1})) for n in [4320, 12288]]
game b(S) moves b({x for x in S if x not in [v, v + 1]}) for v in S
print sg(b({1, 2, 3, 5, 6, 9, 5000, 5001})), moves(b({1, 2, 4}))
game c(S) moves c({x for x in S if x in "abcd" and x != v}) for v in S
print sg(c({"a", "b", "ab", "zz", "c"})), moves(c({"a", "bc", "x"}))
game d(S, L) moves d({x for x in L if not (x in S) and x not in {v}}, L) for v in S if len(S) > 1
print sg(d({1, 2, 3}, [1, 2, 2, 3, 4, 5000])), moves(d({2, 3, 7}, [3, 2, 7, 7]))
game e(S) moves e({x for x in S if x not in {v} and x in {y + 1 for y in S} and x not in {10 / (len(S) - 3)}}) for v in S
print sg(e({1, 2, 3}))
print sg(e({1, 2, 3, 4, 5, 6}))`,
	`game f(S) moves f({x for x in S if x in "abc"}) for v in S if len(S) > 0
game h(S) moves h({x for x in S if x not in {(v[0] + 1, v[1])} and x in {(r, c) for (r, c) in S if r + c < 6}}) for v in S
game z(S) moves z({x for x in S if x in {y + 10 for y in S} and x not in {10 / (len(S) - 3)}}) for v in S
print sg(f(set())), sg(h({(r, c) for r in 0 .. 3 for c in 0 .. 3})), sg(z({1, 2, 3})), sg(z({1, 11, 21}))
print sg(f({1, 2}))`,
}

func TestOperandCompExact(t *testing.T) {
	t.Parallel()
	diffCases(t, operandCompCases, passes.Bitsets, passes.All)
}

// inLiteralCases: X in a list or tuple literal of names and literals,
// compared element by element without the list (build's inLiteral):
// ints, strings, tuples and lists as X, equal elements of other kinds,
// not in, a literal with an element that is not a name (as written).
var inLiteralCases = []string{
	`let W = 9
print sum([sg(*(len([k for k in 0 .. W - 1 if k in [a, b, c]]))) for a in 0 .. 3 for b in a .. 5 for c in [b, 7]])
print [x in [1, "a", (1, 2), [3]] for x in [1, "a", (1, 2), [3], 2, "b", (2, 1), [4], true]]
print [x not in (a, b) for a in [1, 2] for b in ["x", 2] for x in [1, 2, "x", (1,)]]
game g(b) moves g(update(b, i, 1)) for i in 0 .. len(b) - 1 if b[i] == 0 and i not in [len(b) - 1, 0] and b[i] in [0, 2]
print [sg(g([0] * n)) for n in 1 .. 8]`,
	`let L = [1, 2]
print [k in [L[0], 4] for k in 0 .. 5], [k in [1, 10 / (k - 3)] for k in 0 .. 5]`,
}

func TestInLiteralExact(t *testing.T) {
	t.Parallel()
	diffCases(t, inLiteralCases, passes.Composite, passes.All)
}
