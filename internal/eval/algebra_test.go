package eval_test

import (
	"testing"

	"github.com/grundy-lang/grundy/internal/passes"
)

// algebraCases: package algebra's rewrites (plan's pass algebra): loops
// over short literals unrolled and folded, constants folded, `sum of`
// over a literal as a sum, a conditional a filter decided, a sorted pair
// read by index, the min and max of a split as its sizes, a range split
// where the min or max of two ints it reads picks the other. The same
// values, errors and positions as with the pass off and every pass off:
// the options as values (moves, winning) keep their order; a position
// that fails (the order of the options seen) keeps min and max; an
// element that is no int, a sum of ints, an index out of range, a
// division by zero after a folded product.
var algebraCases = []string{
	`game w(a, b) moves w(if d == 0 then a - k else a, if d == 0 then b else b - k) for d in [0, 1] for k in 1 .. (if d == 0 then a else b)
game v(a, b) moves v(a - k * dx, b - k * dy) for (dx, dy) in [(1, 0), (0, 1), (1, 1)] for k in 1 .. max(a, b) if k * dx <= a and k * dy <= b
game u(a, b) moves u(if t == 0 then a - k else if t == 1 then a else a - k, if t == 0 then b else b - k) for t in 0 .. 2 for k in 1 .. (if t == 0 then a else if t == 1 then b else min(a, b))
print [[sg(w(a, b)) for b in 0 .. 12] for a in 0 .. 12], [[sg(v(a, b)) for b in 0 .. 12] for a in 0 .. 12], [[sg(u(a, b)) for b in 0 .. 12] for a in 0 .. 12]
print moves(v(3, 2)), winning(v(5, 3)), moves(u(2, 2)), sg(v(60, 97))
`,
	`game k(n) moves (sum of k(r) for r in [a, n - j - a]) for j in [1, 2] if j <= n for a in 0 .. (n - j) / 2
game e(n) moves k(min(a, n - j - a)) + k(max(a, n - j - a)) for j in [1, 2] if n >= j for a in 0 .. n - j
game c(w, h) moves (sum of c(x, h) for x in [i, w - i]) for i in 2 .. w - 2 | (sum of c(w, y) for y in (j, h - j)) for j in 2 .. h - 2
print [sg(k(n)) for n in 0 .. 80], [sg(e(n)) for n in 0 .. 80], [[sg(c(w, h)) for h in 1 .. 9] for w in 1 .. 9]
print moves(k(6)), moves(e(5)), winning(e(9)), sg(k(3000)), sg(e(2000)), moves(c(5, 4))
`,
	`def split(n, a) = sorted([a, n - a])
def pairs(n) = [(a, n - a) for a in 1 .. n - 1 if min(a, n - a) == a and 2 * a != n]
game g(n) moves g(p[0]) + g(p[1]) for a in 1 .. n - 1 for p in [split(n, a)] if p[0] != p[1]
game h(n) moves h(a) + h(b) for (a, b) in pairs(n)
game t(n) moves t(q[0]) + t(q[1]) for a in 0 .. n - 1 for q in [sorted((a, n - 1 - a))]
print [sg(g(n)) for n in 0 .. 60], [sg(h(n)) for n in 0 .. 60], [sg(t(n)) for n in 0 .. 60], moves(g(7)), moves(t(4)), winning(g(10))
print [sorted([a, 5 - a])[1] for a in 0 .. 5], [p[0] - p[1] for a in 0 .. 4 for p in [sorted([a, 2])]]
`,
	`let S = {1, 3, 4, 9}
game s(n) moves (if m <= n then s(n - m) else *0) for m in S if m <= n
game r(n) moves (if not (m <= n) then *0 else r(n - m)) for m in S if n >= 0 and m <= n
print [sg(s(n)) for n in 0 .. 40], [sg(r(n)) for n in 0 .. 40], moves(s(5)), moves(r(4))
print [if x < 3 then x else 0 for x in 0 .. 6 if x < 3], [x * 0 + 1 * x + (x - 0) for x in 0 .. 4], [(x, 7)[0] for x in 0 .. 3]
`,
	`game w(a, b) moves w(min(a - k, b), max(a - k, b)) for k in 1 .. a | w(min(a, b - k), max(a, b - k)) for k in 1 .. b | w(a - k, b - k) for k in 1 .. min(a, b)
game c(w, h) moves c(min(i, h), max(i, h)) + c(min(w - i, h), max(w - i, h)) for i in 2 .. w - 2 | c(min(w, j), max(w, j)) + c(min(w, h - j), max(w, h - j)) for j in 2 .. h - 2
print [[sg(w(min(a, b), max(a, b))) for b in 0 .. 12] for a in 0 .. 12], [[sg(c(min(x, y), max(x, y))) for y in 1 .. 10] for x in 1 .. 10]
print moves(w(5, 3)), moves(w(2, 7)), winning(w(4, 6)), moves(c(5, 6)), sg(w(90, 150))
print [min(x, 3) * 10 + max(3, x) for x in -2 .. 6], [max(x - 1, 2 - x) for x in 0 .. 5], [min(x, 3) for x in 5 .. 1], [(min(x, y), max(y, x)) for x in 0 .. 3 for y in 0 .. 3]
print [min(x, 10 / (x - 3)) for x in 0 .. 2], [max(-x, x - 4) for x in -3 .. 9 if x != 2]
print [min(x, 10 / (x - 3)) for x in 0 .. 5]
`,
	`game w(a, b) moves (if k <= a then w(a - k, b) else w(a, b - (k - a))) for k in 1 .. a + b
game q(n) moves (if a > 3 then q(n - a) else q(n - 1)) for a in 1 .. n
game h(n) moves (if n - a >= a then h(a) + h(n - a) else *0) for a in 1 .. n - 1
print [[sg(w(a, b)) for b in 0 .. 9] for a in 0 .. 9], [sg(q(n)) for n in 0 .. 30], [sg(h(n)) for n in 0 .. 30], moves(w(2, 3)), moves(q(6)), moves(h(5))
print [if x < 4 then x else -x for x in 0 .. 8], [if x >= 2 then 1 else 0 for x in 0 .. 5], [if 3 - x > 0 then x else 10 for x in -2 .. 6], [if x <= 2 then 10 / (x - 3) else 0 for x in 0 .. 5]
print [if x <= 3 then 10 / (x - 3) else 0 for x in 0 .. 5]
`,
	`def taken(b, j) = j >= 0 and j < len(b) and b[j] == 1
game board(b) moves board(update(b, i, 1)) for i in 0 .. len(b) - 1 if not any([taken(b, i + d) for d in [-1, 0, 1]])
game pairs(b) moves pairs(update(update(b, i, 1), i + 1, 1)) for i in 0 .. len(b) - 2 if all([b[i + d] == 0 for d in (0, 1)])
print [sg(board([0] * n)) for n in 0 .. 12], [sg(pairs([0] * n)) for n in 0 .. 12], moves(board([0, 0, 1, 0, 0])), moves(pairs([0, 0, 0, 1]))
print [any([x + d > 3 for d in [1, 2]]) for x in 0 .. 4], [all([10 / (x - d) > 0 for d in [1, 2]]) for x in 3 .. 5], [x + -3 for x in 0 .. 3]
print [all([10 / (x - d) > 0 for d in [1, 2]]) for x in 0 .. 5]
`,
	`game edge(b) moves edge(update(b, i, 1)) for i in 0 .. len(b) - 1 if all([b[i + d] == 0 for d in [0, 1]])
print sg(edge([0, 0, 0]))
`,
	// A later loop over a literal, unrolled for the SG search where no
	// order is seen.
	`game w(a, b) moves w(a - k * dx, b - k * dy) for k in 1 .. max(a, b) for (dx, dy) in [(1, 0), (0, 1), (1, 1)] if k * dx <= a and k * dy <= b
game f(a, b) moves f(a - k * dx, b - k * dy) for k in 1 .. max(a, b) for (dx, dy) in [(1, 0), (0, 1)] if k * dx <= a and k * dy <= b and 6 / (a - 2) > -9
print [[sg(w(a, b)) for b in 0 .. 9] for a in 0 .. 9], moves(w(2, 3)), winning(w(4, 7)), sg(w(90, 140))
print [[sg(f(a, b)) for b in 0 .. 1] for a in 0 .. 1]
print [[sg(f(a, b)) for b in 0 .. 4] for a in 0 .. 4]
`,
	// A conditional that reads no variable of the rule: the rule once for
	// each branch, behind its condition.
	`let K = 3
game g(n) moves g(if n % 2 == 0 then n - k else n - 2 * k) for k in 1 .. n if 2 * k <= n
game h(a, b) moves h(a - k, if a > b then b else b - 1) for k in 1 .. a if b > 0 or a > K
game f(n) moves f(if 12 / (n - 4) > 1 then n - k else n - 2 * k) for k in 1 .. n if 2 * k <= n
print [sg(g(n)) for n in 0 .. 40], [[sg(h(a, b)) for b in 0 .. 6] for a in 0 .. 6], moves(g(8)), moves(g(9)), moves(h(3, 2)), sg(g(3000))
print [sg(f(n)) for n in 0 .. 3]
print [sg(f(n)) for n in 0 .. 6]
`,
	// A global bound to a literal of ints, iterated: its literal.
	`let D = [-1, 0, 1]
let S = [1, 2]
def taken(b, j) = j >= 0 and j < len(b) and b[j] == 1
game board(b) moves board(update(b, i, 1)) for i in 0 .. len(b) - 1 if not any([taken(b, i + d) for d in D])
game sub(n) moves sub(if s == 1 then n - 1 else n - 3) for s in S if s * 2 - 1 <= n
print [sg(board([0] * n)) for n in 0 .. 10], [sg(sub(n)) for n in 0 .. 12], moves(sub(5)), moves(board([0, 0, 0, 0]))
`,
	`game sub(n) moves sub(if s == 1 then n - 1 else n - 2) for s in S if s <= n
print sg(sub(4))
let S = [1, 2]
print sg(sub(4))
`,
	// A loop over the indexes of a global list as a loop over its
	// elements; sorted of a global literal as the sorted literal.
	`def mix(x) = (x * 1103515245 + 12345) % 2147483647
let S = {mix(mix(i)) % 60 + 1 for i in 1 .. 12}
let L = sorted(S)
let R = [5, 1, 3, 1]
let T = {9, 2, 4, 2}
game s(n) moves s(n - L[i]) for i in 0 .. len(L) - 1 if L[i] <= n
game r(n) moves r(n - R[i]) + r(R[i] - 1) for i in 0 .. len(R) - 1 if R[i] <= n
game u(n) moves u(n - t) for t in sorted(T) if t in 1 .. n
game v(n) moves v(n - t) for t in sorted(R) if t <= n and t != 3
print [sg(s(n)) for n in 0 .. 200], [sg(r(n)) for n in 0 .. 30], [sg(u(n)) for n in 0 .. 30], [sg(v(n)) for n in 0 .. 30], moves(r(6)), moves(u(9)), moves(v(5))
`,
	`let T = {9, 2, 4}
game t(n) moves t(n - T[i]) for i in 0 .. len(T) - 1 if T[i] <= n
print sg(t(5))
`,
	`let W = "abc"
game w(n) moves w(n - 1) for i in 0 .. len(W) - 1 if W[i] == "b" and n > 0
print [sg(w(n)) for n in 0 .. 5]
`,
	`game g(n) moves g(n - L[i]) for i in 0 .. len(L) - 1 if L[i] <= n
print sg(g(5))
let L = [1, 2]
`,
	`let L = [1, "x", 3]
game g(n) moves g(n - L[i]) for i in 0 .. len(L) - 1 if L[i] <= n
print sg(g(5))
`,
	// Disjuncts that are conjunctions with an equality: a query each for
	// the SG search, their filters in order.
	`game w(a, b) moves w(x, y) for x in 0 .. a for y in 0 .. b if (x == a and y < b) or (y == b and x < a) or (a - x == b - y and x < a)
game f(a, b) moves f(x, y) for x in 0 .. a for y in 0 .. b if (x == a and 12 / (y - 3) > 0) or (y == b and x < a)
print [[sg(w(a, b)) for b in 0 .. 10] for a in 0 .. 10], moves(w(2, 3)), winning(w(3, 5)), sg(w(60, 90))
print [[sg(f(a, b)) for b in 0 .. 2] for a in 0 .. 3]
print [[sg(f(a, b)) for b in 0 .. 4] for a in 0 .. 3]
`,
	// A disjunction its first disjunct keeps from failing (not split
	// into a query a disjunct).
	`def free(b, i) = b[i] == 0 and (i == 0 or b[i - 1] == 0) and (i == len(b) - 1 or b[i + 1] == 0)
game board(b) moves board(update(b, i, 1)) for i in 0 .. len(b) - 1 if free(b, i)
print [sg(board([0] * n)) for n in 1 .. 9], moves(board([0, 0, 0, 1, 0]))
`,
	// Errors: a position whose option fails (min and max kept: the
	// first error met is the same), an int summed, an element that is
	// no int, an index out of range, a product by 0 of a failing int.
	`game f(n) moves f(min(a, n - 1 - a)) + f(max(a, n - 1 - a)) for a in 0 .. n - 1 | f(n - 1) if 12 / (n - 7) > 0
print [sg(f(n)) for n in 0 .. 6]
print sg(f(9))
`,
	`def one(x) = 1
game g(n) moves *(sum of one(r) for r in [a, n - a]) for a in 0 .. n
print sg(g(3))
`,
	`game g(n) moves (sum of g(r) for r in [a, "x"]) for a in 0 .. n - 1
print sg(g(0))
print sg(g(2))
`,
	`print [(1, 2)[j] for j in [0, 1, 2]]
`,
	`print [j * 1 - 0 for j in 9223372036854775800 .. 9223372036854775807], [if j == -9223372036854775806 then 1 else 2 for j in -9223372036854775807 .. -9223372036854775802]
print [j + 10 for j in 9223372036854775800 .. 9223372036854775807]
`,
	`print [(10 / (x - 2)) * 0 for x in 0 .. 4]
`,
	`game w(a, b) moves w(a - k * dx, b - k * dy) for (dx, dy) in [(1, 0), (0, 1), (2, 2)] for k in 1 .. a + b if k * dx <= a and k * dy <= b and 10 / (a - 3) != 0
print [sg(w(a, 1)) for a in 0 .. 2]
print sg(w(4, 4))
`,
	`game w(a, b) moves w(a - k * dx, b - k * dy) for (dx, dy) in [(1, 0), (0, 1, 2)] for k in 1 .. a if k * dx <= a
print sg(w(2, 2))
`, // A def of a fold over a comprehension and a comparison, in a
	// filter (inlined: the fold a bound), over a slice of the position.
	`def ok(c, i, p) = all([p > x for x in c[:i]]) and p < c[i]
game silver(c) moves silver(c[:i] + [p] + c[i + 1:]) for i in 0 .. len(c) - 1 for p in 0 .. 20 if ok(c, i, p)
def free(c, i, p) = not any([x == p for x in c[i + 1:]]) and p > c[i]
game up(c) moves up(update(c, i, p)) for i in 0 .. len(c) - 1 for p in 0 .. 9 if free(c, i, p)
print [sg(silver([a, b, d])) for a in 0 .. 4 for b in a + 1 .. 6 for d in b + 1 .. 8], moves(silver([2, 5, 9])), sg(up([1, 3, 2])), moves(up([7, 8, 9]))
print sg(silver([1, 2, "x"]))
`,
	// A delta written as two choices added (distributed, the inner
	// choice decided by the outer one's equality), through a def.
	`def push(c, i, m) = [c[j] - (if j == i then m else 0) + (if j == i - 1 then m else 0) for j in 0 .. len(c) - 1]
game stair(c) moves stair(push(c, i, m)) for i in 1 .. len(c) - 1 if c[i] > 0 for m in 1 .. c[i]
game two(c) moves two([(if j == i then c[j] - m else c[j]) + (if j == i + 2 then m else 0) + (if j == i then 0 else 0) for j in 0 .. len(c) - 1]) for i in 0 .. len(c) - 3 for m in 1 .. c[i]
game same(c) moves same([(if j == i then c[j] - 1 else c[j]) + (if j == i + 0 then 1 else 0) for j in 0 .. len(c) - 1]) for i in 0 .. len(c) - 1 if c[i] > 0 and i < 2
print [sg(stair([0, a, b, d])) for a in 0 .. 3 for b in 0 .. 3 for d in 0 .. 3], moves(stair([0, 2, 1])), [sg(two([a, b, d, 1])) for a in 0 .. 3 for b in 0 .. 3 for d in 0 .. 2], moves(two([2, 0, 1, 3]))
print moves(same([1, 2, 0])), [sg(same([a, b])) for a in 0 .. 2 for b in 0 .. 2]
print sg(stair([0, 2, "x"]))
`,
	`def ok(c, i, p) = all([p > 10 / x for x in c[:i]]) and p < c[i]
game g(c) moves g(c[:i] + [p] + c[i + 1:]) for i in 0 .. len(c) - 1 for p in 0 .. 9 if ok(c, i, p)
print sg(g([2, 5, 7]))
print sg(g([0, 4, 6]))
`,
}

// TestAlgebraExact compares every case with the pass algebra off and
// with every pass off.
func TestAlgebraExact(t *testing.T) {
	diffCases(t, algebraCases, passes.Algebra, passes.All)
	diffCases(t, algebraCases, passes.All, passes.Algebra)
}
