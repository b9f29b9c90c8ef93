package eval_test

import (
	"testing"

	"github.com/grundy-lang/grundy/internal/passes"
	"github.com/grundy-lang/grundy/internal/testenv"
)

// listCase: positions that are lists of ints (plannerCases).
const listCase = `def free(b, i) = b[i] == 0 and (i == 0 or b[i - 1] == 0) and (i == len(b) - 1 or b[i + 1] == 0)
def opts(b) = {board([if j == i then 1 else b[j] for j in 0 .. len(b) - 1]) for i in 0 .. len(b) - 1 if free(b, i)}
game board(b) moves m for m in [x for x in opts(b)] + [y for y in opts(b)]
def lower(hs) = {heaps(sorted([if j == i then k else hs[j] for j in 0 .. len(hs) - 1])) for i in 0 .. len(hs) - 1 for k in 0 .. hs[i] - 1}
game heaps(hs) moves m for m in lower(hs)
def bite(rows) = [chomp([if i < r then rows[i] else min(rows[i], c) for i in 0 .. len(rows) - 1]) for r in 0 .. len(rows) - 1 for c in 0 .. rows[r] - 1 if r + c > 0]
game chomp(rows) moves m for m in bite(rows)
print [sg(board([0] * n)) for n in 0 .. 9], sg(board([0, 1, 0, 0, 0, 0])), moves(board([0, 0, 0])), winning(board([0, 0, 0, 0]))
print [sg(heaps([a, b, 3])) for a in 0 .. 3 for b in 0 .. 3], sg(heaps((2, 3))), moves(heaps([1, 2]))
print [sg(chomp([a, b, 1])) for a in 1 .. 4 for b in 1 .. a], winning(chomp([3, 2]))
def put(b) = [board2(b[:i] + [1] + b[i + 1:]) for i in range(len(b)) if b[i] == 0 and (i < 1 or b[i - 1] == 0) and (i + 1 >= len(b) or b[i + 1] == 0)]
game board2(b) moves m for m in put(b)
def take(hs) = {nim(sorted(update(hs, i, k))) for i in range(len(hs)) for k in range(hs[i])}
game nim(hs) moves m for m in take(hs)
def two(p) = [pair([k, p[1]]) for k in 0 .. p[0] - 1] + [pair([p[0], k]) for k in 0 .. p[1] - 1]
game pair(p) moves m for m in two(p)
print [sg(pair([a, b])) for a in 0 .. 5 for b in 0 .. 5], moves(pair([2, 1])), sg(pair([3, 1, 7])), moves(pair([2, 1, 5]))
def ok(b, i) = b[i] == 0 and (i == 0 or b[i - 1] == 0) and (i == len(b) - 1 or b[i + 1] == 0)
def place(b) = [update(b, i, 1) for i in range(len(b)) if ok(b, i)]
game board3(b) moves board3(c) for c in place(b)
print [sg(board3([0] * n)) for n in 0 .. 9], moves(board3([0, 0, 0, 0])), winning(board3([0, 0, 0, 0, 0]))
def steps(c) = [update(update(c, i, c[i] - m), i - 1, c[i - 1] + m) for i in 1 .. len(c) - 1 for m in 1 .. c[i]]
game stair(c) moves s for s in [stair(x) for x in steps(c)]
print [sg(stair([0, a, b, d])) for a in 0 .. 3 for b in 0 .. 3 for d in 0 .. 3], moves(stair([0, 1, 2]))
print [sg(board2([0] * n)) for n in 0 .. 9], moves(board2([0, 0, 0]))
print [sg(nim([a, b, 3])) for a in 0 .. 3 for b in 0 .. 3], moves(nim([1, 2])), sg(nim([-5000000, 1])), moves(nim([-5000000, 1]))
print sg(heaps([-9223372036854775807, 2])), moves(heaps([-9223372036854775807, 2]))
`

// Differential tests of the planner's passes (internal/plan) on the
// spellings they rewrite, on the guard's other side (the rule as
// written) and on errors: each script runs with every pass on, with
// each planner pass off alone, and with every pass off, and must print
// the same bytes and fail with the same rendered error.
var plannerCases = []string{
	// equalities: two heaps that add up to n, written with an equation
	`game g(n) moves g(i) + g(j) for i in 1 .. n for j in 1 .. n if i + j == n
print [sg(g(n)) for n in 0 .. 30]
print moves(g(6)), winning(g(7))
`,
	// the equation the other way round, with a filter between
	`game g(n) moves g(i) + g(j) for i in 1 .. n for j in 0 .. n if i < j if n - i == j
print [sg(g(n)) for n in 0 .. 30]
print moves(g(9))
`,
	// equal splits: three heaps of one size a, b, c with a + b + c == n, ordered
	`game g(n) moves g(a) + g(b) + g(c) for a in 1 .. n for b in a .. n for c in b .. n if a + b + c == n
print [sg(g(n)) for n in 0 .. 25]
print moves(g(7))
`,
	// the guard does not hold: the rule as written runs (and fails where it does)
	`game h(n) moves h(j) for j in n - 3 .. n - 1 if j + 1 == n
print moves(h(9000000000000000000))
print moves(h(5))
`,
	`game h(n) moves h(j) for j in n - 1 .. n if j + 2 == n + 1
print moves(h(4))
print moves(h(9223372036854775807))
`,
	// deforest: a helper def building the list of options
	`def opts(n) = [n - s for s in [1, 3, 4] if s <= n]
game g(n) moves g(m) for m in opts(n)
print [sg(g(n)) for n in 0 .. 40]
print moves(g(10)), sg(g(100000))
`,
	`def opts(n) = {n - s for s in [4, 1, 3] if s <= n}
game g(n) moves g(m) for m in opts(n)
print [sg(g(n)) for n in 0 .. 40]
print moves(g(10))
`,
	// a helper whose list fails: the error names the call
	`def opts(n) = [n * 4611686018427387904 - s for s in [1, 3, 4] if s <= n]
game g(n) moves g(m) for m in opts(n)
print sg(g(3))
`,
	// two-heap cutting with a helper and an equation
	`def cuts(w) = [a for a in 1 .. w - 1]
game c(w, h) moves c(a, h) + c(b, h) for a in cuts(w) for b in 1 .. w if a + b == w | c(w, a) + c(w, b) for a in 1 .. h - 1 for b in 1 .. h if b == h - a
print [sg(c(w, h)) for w in 1 .. 6 for h in 1 .. 6]
print moves(c(3, 2))
`,
	// deforest: a union of sets of tuples, destructured (moves and
	// winning see the set as written: it is only fused for SG values)
	`def opts(a, b) = {(a - k, b) for k in 1 .. a} | {(a, b - k) for k in 1 .. b}
game g(a, b) moves g(x, y) for (x, y) in opts(a, b)
print [sg(g(a, b)) for a in 0 .. 6 for b in 0 .. 6]
print moves(g(2, 3)), winning(g(2, 3)), sg(g(40, 23))
`,
	// a union of three, one of them with no generator left; a list
	// concatenation; the game declared before its helper
	`game g(n) moves g(m) for m in opts(n) | h(m) for m in more(n)
game h(n) moves h(m) for m in opts(n)
def opts(n) = {n - 1 for k in [1] if n >= 1} | ({n - 2 for k in [1] if n >= 2} | {n - s for s in 5 .. n})
def more(n) = [n - 1 for k in [1] if n >= 1] + [n - s for s in 3 .. n if s % 2 == 1]
print [sg(g(n)) for n in 0 .. 40]
print moves(g(6)), winning(g(7)), sg(h(50))
`,
	// a tuple of another length: the error as written, named at the call
	`def opts(a, b) = {(a - k, b, 0) for k in 1 .. a} | {(a, b - k) for k in 1 .. b}
game g(a, b) moves g(x, y) for (x, y) in opts(a, b)
print sg(g(2, 2))
`,
	// the guard does not hold: the rule as written
	`def opts(a, b) = {(a - k, b) for k in 1 .. 2 if a - k >= 4000000000000000000} | {(a, b - 1) for k in [1] if b > 0}
game g(a, b) moves g(x, y) for (x, y) in opts(a, b)
print sg(g(4000000000000000002, 3)), sg(g(2, 3))
`,
	// a yielded tuple read by index, whole, and out of range
	`def splits(n) = [(i, n - i) for i in 1 .. n]
game g(n) moves g(p[1]) for p in splits(n) if p != (1, 2) if p[2 - 1] < 3 * p[0]
game h(n) moves h(p[0]) + h(p[1]) for p in splits(n - 1)
print [sg(g(n)) for n in 0 .. 30], moves(g(8)), [sg(h(n)) for n in 0 .. 30], moves(h(5))
game bad(n) moves bad(p[2]) for p in splits(n)
print sg(bad(3))
`,
	// a helper over a global bound to a literal
	`game g(n) moves g(m) for m in opts(n) | g(m) for m in more(n)
let S = [4, 1, 3]
let T = {5, 2}
def opts(n) = [n - s for s in S if s <= n]
def more(n) = {n - t for t in T if t <= n if n % 3 == 0}
print [sg(g(n)) for n in 0 .. 40]
print moves(g(9)), sg(g(100000))
`,
	// the global read before its let has run: the error as written
	`game g(n) moves g(m) for m in opts(n)
print sg(g(5))
let S = [1, 3, 4]
def opts(n) = [n - s for s in S if s <= n]
print sg(g(5))
`,
	// fixed-shape positions: a list of two heaps moved by update (a
	// list of another length, a tuple: the rule as written)
	`game g(p) moves g(update(p, 0, p[0] - k)) for k in 1 .. p[0] | g(update(p, 1, p[1] - k)) for k in 1 .. p[1]
print [sg(g([a, b])) for a in 0 .. 5 for b in 0 .. 5]
print moves(g([2, 3])), winning(g([2, 3])), sg(g([30, 17])), sg(g([1, 2, 3])), moves(g([1, 2, 3]))
print sg(g((2, 3))), moves(g((1, 1)))
print sg(g([1]))
`,
	// a tuple of three moved by update and by a literal; a list moved
	// by update and a literal
	`game t(p) moves t(update(p, 2, p[2] - 1)) if p[2] > 0 | t((p[0], p[1] - 1, p[2])) if p[1] > 0 | t(update(p, 0, p[0] - k)) for k in 1 .. p[0]
print sg(t((1, 2, 3))), moves(t((1, 2, 3))), sg(t((7, 8, 9)))
game h(p) moves h(update(p, 1, p[1] - k)) for k in 1 .. p[1] | h([p[0] - 1, p[1] + 1]) if p[0] > 0
print [sg(h([a, b])) for a in 0 .. 4 for b in 0 .. 4], moves(h([2, 1])), winning(h([3, 3]))
print sg(h([2, "x"]))
`,
	// an update past the literals' length: the rule as written
	`game g(p) moves g([p[0] - 1, p[1]]) if p[0] > 0 | g(update(p, 2, 0)) if p[1] > 0
print sg(g([3, 0]))
print sg(g([3, 1]))
`,
	// bounds: an outer range narrowed
	`game g(n) moves g(a) + g(b) for a in 0 .. n if a < 4 for b in 0 .. a - 1
print [sg(g(n)) for n in 0 .. 30]
print moves(g(6))
`,
	`game g(n) moves g(a) + g(b) for a in 0 .. n - 1 if 2 <= a for b in a .. n - 1 if a + b <= n
print [sg(g(n)) for n in 0 .. 30]
print moves(g(6))
`,
	// constsets: a subtraction set as an unsorted list with a repeat
	`game g(n) moves g(n - s) for s in [4, 1, 3, 1] if s <= n
print [sg(g(n)) for n in 0 .. 40]
print moves(g(10)), sg(g(100000))
`,
	`game g(n) moves g(n - s) for s in (5, 2, 2, -1) if s <= n if n - s < 50
print [sg(g(n)) for n in 0 .. 20]
print moves(g(10))
`,
	// comprehensions and folds: in defs, move rules and at the top level
	`def pairs(n) = len([1 for i in 1 .. n for j in 1 .. n if i + j == n])
def splits(n) = [(i, j) for i in 1 .. n for j in 0 .. n if j == n - i if i <= j]
def most(n) = max([i * j for i in 0 .. n for j in 0 .. n if i + j == n] + [-1])
def least(n) = min([j - i for i in 0 .. n if i < 4 for j in i .. n])
def tot(n) = sum([i for i in 0 .. n for j in 0 .. n if i - j == 3])
def some(n) = any([j > 5 for i in 0 .. n for j in 0 .. n if i + j == n]), all([i >= 0 for i in 0 .. n for j in 0 .. n if j == i])
def m(n) = {i: j for i in 0 .. n for j in 0 .. n if i + j == n}
print [pairs(n) for n in 0 .. 12], splits(9), [most(n) for n in 0 .. 9], [least(n) for n in 0 .. 9]
print [tot(n) for n in 0 .. 9], [some(n) for n in 0 .. 9], m(4)
print pairs("x")
`,
	`game g(n) moves g(n - s) for s in 1 .. len([1 for i in 1 .. n for j in 0 .. n if i + j == n if i % 3 == 0])
game h(n) moves sum of h(i) + h(j) for i in 0 .. n - 1 for j in 0 .. n - 1 if i + j == n - 1
game k(n) moves k(m) for m in {n - s for s in [3, 1, 2] if s <= n} | k(m) for m in [a + b for a in 0 .. n if a < 3 for b in 0 .. a] if m < n
print [sg(g(n)) for n in 0 .. 40], moves(g(7)), [sg(h(n)) for n in 0 .. 12], moves(h(4)), [sg(k(n)) for n in 0 .. 30], moves(k(5))
print sum of h(i) + h(j) for i in 0 .. 6 for j in 0 .. 6 if i + j == 6
`,
	// the guard does not hold: as written (an overflow where it has one)
	`def pairs(n) = len([1 for i in n - 2 .. n for j in n - 2 .. n if i + j == 2 * n - 1])
print pairs(5), pairs(9000000000000000000)
print pairs(4611686018427387904)
`,
	// unordered: a literal sorted for the SG search (moves and winning
	// see it as written), a global with repeats, a fold, a set
	`game g(n) moves g(n - s) for s in [57, 1, 4, 3, 1, 4] if s <= n
let S = (9, 2, 2, 5, -1)
game h(n) moves h(n - s) for s in S if s <= n if n - s < 40
print [sg(g(n)) for n in 0 .. 80], [sg(h(n)) for n in 0 .. 60]
print moves(g(10)), winning(g(10)), moves(h(3)), winning(h(45)), sg(g(100000))
print [min([n - s for s in [3, 1, 3] if s <= n] + [0]) for n in 0 .. 5], [any([s == n for s in [3, 2, 3]]) for n in 0 .. 4], [{n - s for s in [3, 1, 2, 1] if s <= n} for n in 0 .. 4]
`,
	// a position that fails keeps the order: the first error met
	`game g(n) moves g(n - s) for s in [3, 1, 2] if s <= n | g(n - 1) if n > 0 if 10 / (n - 4) > 100
print sg(g(9))
`,
	// disjunctions: a membership, a union, a disjunct that fails
	`game g(n) moves g(n - s) for s in 1 .. n if s == 4 or s == 1 or 3 == s
game h(a, b) moves h(x, y) for x in 0 .. a for y in 0 .. b if x + y == a + b - 1 or x + y == a + b - 2
game k(a, b) moves k(x, y) for x in 0 .. a for y in 0 .. b if x + y == a + b - 1 or y == b - 2
print [sg(g(n)) for n in 0 .. 40], moves(g(9)), winning(g(9))
print [sg(h(a, b)) for a in 0 .. 7 for b in 0 .. 7], moves(h(2, 3)), winning(h(3, 3)), [sg(k(a, b)) for a in 0 .. 7 for b in 0 .. 7], moves(k(2, 3))
print [n - s for s in 0 .. n if s == 3 or s == 1 for n in [7]]
`,
	`game g(n) moves g(n - s) for s in 1 .. n if s == 1 or n / (s - 2) == 1
print sg(g(1)), moves(g(1))
print sg(g(5))
`,
	// chains: a disjunct that fails on its own (b[i - 1] for i == 0), a
	// bound as a disjunct, three disjuncts, an element that is not an int
	`game s(c) moves s(c[:i] + [p] + c[i + 1:]) for i in 0 .. len(c) - 1 for p in 0 .. c[i] - 1 if i == 0 or p > c[i - 1]
game t(a, b) moves t(x, y) for x in 0 .. a for y in 0 .. b if x < a and y == b or y < b - 1 or x + y == a + b - 1
game u(c) moves u(update(c, i, p)) for i in 0 .. len(c) - 1 for p in 0 .. c[i] - 1 if p >= 2 or i == len(c) - 1 or p == c[i] - 1
print [sg(s([a, b, c])) for a in 0 .. 5 for b in a + 1 .. 7 for c in b + 1 .. 9], moves(s([1, 4, 6])), winning(s([0, 3, 7]))
print [sg(t(a, b)) for a in 0 .. 6 for b in 0 .. 6], moves(t(2, 3)), [sg(u([a, b])) for a in 0 .. 6 for b in 0 .. 6], moves(u([3, 2]))
print sg(s([1, 2, "x"]))
`,
	// range calls: range(A, B) and range(B) as ranges, empty and negative
	// ends, an argument that is not an int, too many elements
	`def lo(c, i) = if i == 0 then 0 else c[i - 1] + 1
game s(c) moves s(update(c, i, p)) for i in 0 .. len(c) - 1 for p in range(lo(c, i), c[i])
game r(c) moves r(update(c, i, p)) for i in range(len(c)) for p in range(c[i])
print [sg(s([a, b, c])) for a in 0 .. 5 for b in a + 1 .. 7 for c in b + 1 .. 9], moves(s([1, 4, 6])), [sg(r([a, b])) for a in -2 .. 4 for b in 0 .. 4], moves(r([2, 1]))
print sg(r([2, 20000000]))
`,
	`game r(c) moves r(update(c, i, p)) for i in range(len(c)) for p in range(c[i])
print sg(r([1, "x"]))
`,
	// a set of positions a helper builds: fused for the SG search, the set
	// as built for moves and winning; an element that fails
	`let S = [5, 2, 3, 2]
def opts(n) = {g(n - s) for s in S if s <= n}
game g(n) moves p for p in opts(n)
def both(a, b) = {h(a - k, b) for k in 1 .. a} | {h(a, b - k) for k in 1 .. b}
game h(a, b) moves p for p in both(a, b)
print [sg(g(n)) for n in 0 .. 40], moves(g(9)), winning(g(9)), [sg(h(a, b)) for a in 0 .. 6 for b in 0 .. 6], moves(h(2, 1)), winning(h(2, 1))
def bad(n) = {f(n / (s - 2)) for s in [1, 2, 3] if s <= n}
game f(n) moves p for p in bad(n)
print sg(f(1))
print sg(f(4))
`,
	// a division by the position's argument, planned behind the guard
	// that it is not 0; at 0 the rule as written meets its error
	`def deg(v) = if v <= 0 then 0 else 1 + v % 3
def opts(v) = [g((7 * v + k) % v) for k in 0 .. deg(v) - 1]
game g(v) moves m for m in opts(v)
game h(v) moves h((5 * v + k) % v) for k in 0 .. 2 if k < v
print [sg(g(v)) for v in 0 .. 40], [sg(h(v)) for v in 1 .. 40], moves(g(9)), winning(h(7))
def bad(v) = [h(10 % v)]
game f(v) moves m for m in bad(v) | f(v - 1) if v > 0
print [sg(f(v)) for v in 1 .. 5]
print sg(f(0))
`,
	// the divisors of the position, behind the guard that it is at least
	// 1; at 0 the rule as written meets its error
	`game g(n) moves t * g(n / t) for t in [x for x in [y for y in divisors(n)] + [z for z in divisors(n)]] if t >= 2
print [sg(g(n)) for n in 1 .. 60], moves(g(12)), winning(g(12))
print sg(g(0))
`,
	// positions that are lists of ints, options from helpers (set and
	// list comprehensions, the same one twice), read by index where an
	// or's left side keeps the index in range: behind the guard that the
	// position is a list of ints; elsewhere (a string in the list, a
	// tuple, an int too large for the guard, an index out of range) as
	// written, with its errors
	listCase,
	listCase + "print sg(pair([1]))\n",
	listCase + "print sg(heaps([1, \"a\"]))\n",
	listCase + "print sg(board(\"000\"))\n",
	listCase + "print sg(stair([9223372036854775807, 1]))\n",
	// a comprehension written in place over one whose filter may fail,
	// fused where nothing after it can fail and the consumer counts or
	// collects: the same first error
	`game s(n) moves s(n - k) for k in [1, 3, 4] if k <= n
print len([v for v in [v for v in 0 .. 2000 if sg(s(v)) == 0]]), [v for v in [v * 2 for v in 0 .. 20 if sg(s(v)) > 1] if v > 4]
print len([v for v in [v for v in 0 .. 2 if 10 / (v - 3) > 0]]), [v for v in [w for w in 0 .. 5 if w != 3 and 10 / (w - 3) > 0]]
print len([v for v in [v for v in 0 .. 5 if 10 / (v - 3) > 0] if 5 / (v - 4) > 0])
`,
	`print len([v for v in [v for v in 0 .. 5 if 10 / (v - 3) > 0]])
`,
	// a value that may fail, bound in the comprehension fused and read
	// nowhere: still evaluated (the spelling fuzzer's)
	"let K_1 = 1\nprint [k for k in 0 .. 1 if k > 0 for j in [x_3 for x_3 in [x_2 for x_2 in [x_1 for x_1 in [2 / (k - K_1)]]]]]\n",
	"def comp_2() = [x_1 for x_1 in range(0, 2)]\ndef comp_1() = comp_2()\nprint [k for k in comp_1() if k > 0 for j in [x_2 for x_2 in [2 / (k - 1)]]]\n",
	"def comp_1() = [k for k in [x_1 for x_1 in 0 .. max(0, 1)] if not k > 1 if k > 0 for j in [x_2 for x_2 in [2 / (k - 1)]]]\nprint comp_1()\n",
	"print len([k for k in 0 .. 3 for j in [x for x in [10 / (k - 2)]]])\n",
	// a string where an int is expected: the general variant as written
	`game g(n) moves g(i) + g(j) for i in 1 .. n for j in 1 .. n if i + j == n
print sg(g("x"))
`,
	// a generator over a comprehension whose own generator is over a concatenation: its parts fused first
	"def free(b, i) = b[i] == 0 and (i == 0 or b[i - 1] == 0) and (i == len(b) - 1 or b[i + 1] == 0)\ngame g(b) moves g([if j == i then 1 else b[j] for j in 0 .. len(b) - 1]) for i in [i for i in [x for x in 0 .. len(b) - 1] + [y for y in 0 .. len(b) - 1] if free(b, i)]\ngame h(n) moves h(n - i) for i in [i for i in [x for x in 1 .. n] + [y for y in 1 .. n] if 12 % i == 0]\nprint sg(g([0 for i in 1 .. 9])), sg(g([1, 0, 0, 0, 1, 0])), [sg(h(n)) for n in 0 .. 30]\nprint sg(g([0, 2, \"a\"]))\n",
	"game h(n) moves h(n - i) for i in [i for i in [x for x in 1 .. n] + [y for y in 1 .. n] if 12 % (i - 3) == 0]\nprint sg(h(2))\nprint sg(h(5))\n",
	// (found by the long spelling tests: a helper's part reads a name the rule binds before it)
	"let S = {1, 3, 4}\ndef expr_1(s, n) = s <= n\ndef comp_1(s, n) = [x_2 for x_2 in [x_1 for x_1 in if expr_1(s, n) then [0] else []]]\ngame sub(n) moves\n    sub(n - s) for s in S for pass_1 in comp_1(s, n)\ntable sg(sub(n)) for n in 0 .. 13\n",
	// globals bound to int literals planned as the literals; a let again later, a let after code ran; a negated comparison as a bound
	"let K = 5\nlet M = -3\ngame g(n) moves g(n - K - k) for k in 0 .. 2 if not (k > n - K) if n + M >= 0\nprint [sg(g(n)) for n in 0 .. 30]\nlet K = 1\nprint [sg(g(n)) for n in 0 .. 33]\nprint K\nlet J = sg(g(3)) + 2\ngame h(n) moves h(n - J) if n >= J if not (n == 7)\nprint [sg(h(n)) for n in 0 .. 20]\n",
	// sets of options from a helper, closed: a range ending at a min or a division, an option modulo a constant
	"let N = 12\ndef opts(a, b) = {w(a - k, b) for k in 1 .. a}\ngame w(a, b) moves m for m in opts(a, b) | w(a, b - k) for k in 1 .. b | w(a - k, b - k) for k in 1 .. min(a, b)\ndef sp(n) = {g(a) + g(n - a) for a in 1 .. (n - 1) / 2}\ngame g(n) moves m for m in sp(n)\ndef md(v) = {h((v * 7 + k) % 97) for k in 0 .. v % 3}\ngame h(v) moves m for m in md(v)\nprint [sg(w(a, b)) for a in 0 .. N for b in 0 .. N], [sg(g(n)) for n in 0 .. 40], [sg(h(v)) for v in 0 .. 96], outcome(h(5))\n",
	// sums of copies of one position (plan/copies.go); sorted collections that are sorted already (plan/sorted.go)
	"game split(n) moves (sum of split(n / t) for c in 1 .. t) for t in sorted(divisors(n)) if t >= 2\ngame h(n) moves (sum of h(n - 1) for c in 2 .. n % 4) for k in sorted(0 .. 2) if n > 0\nprint [sg(split(n)) for n in 1 .. 60], [sg(h(n)) for n in 0 .. 30], sum of split(4) for c in 1 .. 3, sum of split(4) for c in 1 .. 0\nprint moves(h(6))\ngame z(n) moves (sum of z(10 / (n - 3)) for c in 1 .. n) if n < 5\nprint sg(z(2))\nprint sg(z(3))\n",
	// a bind read once, first thing after it, written there (plan/binds.go): one that may fail too
	"game g(n) moves g(n - 1) if n > 0 | g(n - 2) if n > 1\nprint len([v for v in 0 .. 40 for t in [g(v) + *2] if outcome(t) == \"P\"]), [x for v in 0 .. 5 for x in [10 / (3 - v)] if x > 2]\n",
	"print [y for v in 0 .. 5 for x in [10 / (3 - v)] for y in [x * 2] if x > 2]\n",
	"print [v for v in 0 .. 5 for x in [10 / (3 - v)] if 3 > x]\n",
	// a def whose body is a sum of positions, its SG value streamed inlined (compile's SGExpr): errors with the def's call on the trace
	"game s(n) moves s(n - x) for x in [1, 2] if x <= n\ndef all(m) = sum of s(n) for n in 0 .. m\ndef bad(m) = sum of s(10 / (n - 3)) for n in 0 .. m\nprint sg(all(50)), outcome(all(7)), sg(bad(2))\nprint sg(bad(5))\n",
	// list positions: a def building the option's list inlined; a concatenation iterated inside, for the SG search
	"def comp(hs, i, k) = [if j == i then k else hs[j] for j in 0 .. len(hs) - 1]\ngame heaps(hs) moves heaps(sorted(comp(hs, i, k))) for i in 0 .. len(hs) - 1 for k in 0 .. hs[i] - 1\ngame h2(hs) moves h2(sorted([if j == i then k else hs[j] for j in 0 .. len(hs) - 1])) for i in 0 .. len(hs) - 1 for k in [x for x in 0 .. hs[i] - 1] + [y for y in 0 .. hs[i] - 1]\nprint sg(heaps([3, 4, 5])), sg(h2([3, 4, 5])), moves(heaps([1, 2])), moves(h2([1, 2]))\nprint sg(heaps([1, \"a\"]))\n",
	"game h2(hs) moves h2(sorted([if j == i then k else hs[j] for j in 0 .. len(hs) - 1])) for i in 0 .. len(hs) - 1 for k in [x for x in 0 .. hs[i] - 1] + [y for y in 0 .. 10 / (hs[i] - 2)]\nprint sg(h2([3, 4]))\nprint sg(h2([2, 4]))\n",
	// a list comprehension built as a position's argument planned with the rule (over a copy of a range)
	"game chomp(rows) moves chomp([if i < r then rows[i] else min(rows[i], c) for i in [x for x in 0 .. len(rows) - 1]]) for r in 0 .. len(rows) - 1 for c in 0 .. rows[r] - 1 if r + c > 0\nprint sg(chomp([4, 4, 3])), moves(chomp([2, 1]))\nprint sg(chomp([2, \"a\"]))\n",
	// a generator over parts whose first generators are alike (a global set of unknown elements)
	"let S = {x * 3 % 17 + 1 for x in 1 .. 6}\ngame s(n) moves s(n - x) for x in [a for a in S] + [b for b in S] if x <= n\nprint [sg(s(n)) for n in 0 .. 40], moves(s(9))\nlet T = {1, \"a\"}\ngame t(n) moves t(n - x) for x in [a for a in T] + [b for b in T] if x <= n\nprint sg(t(3))\n",
	"let T = 5\ngame t(n) moves t(n - x) for x in [a for a in T] + [b for b in T] if x <= n\nprint sg(t(3))\n",
	// one range split in two (plan/splits.go): alternatives, a bind before, the cut below the start and above the end, errors
	"game g(n) moves g(a) + g(n - a) for a in 1 .. min((n - 1) / 2, 4)\n  | g(a) + g(n - a) for a in max(1, 5) .. (n - 1) / 2\ngame h(n) moves h(n - a) for m in [n - 1] for a in 1 .. min(m, 0)\n  | h(n - b) for m in [n - 1] for b in max(1, 1) .. m\nprint [sg(g(n)) for n in 0 .. 40], [sg(h(n)) for n in 0 .. 20], sg(g(300))\nprint len([n for n in 0 .. min(30, 50) if sg(g(n)) == 0] + [n for n in max(0, 51) .. 30 if sg(g(n)) == 0]), max([sg(g(n)) for n in 3 .. min(40, -2)] + [sg(g(n)) for n in max(3, -1) .. 40])\n",
	"game g(n) moves g(n - a) for a in 1 .. min(n, 3) if 10 / (a - 2) != 7\n  | g(n - a) for a in max(1, 4) .. n if 10 / (a - 2) != 7\nprint sg(g(1))\nprint sg(g(5))\n",
	"let X = 9223372036854775806\nprint len([n for n in X .. min(X + 1, 9223372036854775806)] + [n for n in max(X, 9223372036854775807) .. X + 1])\nprint len([n for n in 0 .. min(X + 2, 3)] + [n for n in max(0, 4) .. X + 2])\n",
	"game g(n) moves g(n - s) for s in {4, 1, 3, 1} if s <= n\n  | g(n - s) for s in [x for x in {1, 3, 4}] + [y for y in {3, 4, 1}] if s <= n\nprint [s * 2 for s in {4, -1, 3, 1}], sg(g(40)), [sg(g(n)) for n in 0 .. 9]\nprint [10 / s for s in {2, -1, 0, 1}]\n",
	// a helper's set of options divided by the position, where the range is empty at 0 (proof/facts.go), or a filter says it is positive: above the guard, the rule as written
	"def deg(v) = if v == 0 then 0 else 1 + (v * 7 + 3) % 5\ndef opts(v) = {g((v * 1000000000000000 + k) % v) for k in 0 .. deg(v) - 1}\ngame g(v) moves m for m in opts(v)\ndef opts2(v) = {h((3 * v + k) % v) for k in 0 .. 4 if v > 0}\ngame h(v) moves m for m in opts2(v)\nprint [sg(g(v)) for v in 0 .. 60], sg(g(5000)), sg(g(4600)), moves(g(9)), [sg(h(v)) for v in 0 .. 30], outcome(g(0))\nprint sg(sum of g(v) for v in 0 .. 5000)\nprint sg(g(10000))\n",
	"def opts(v) = {g((8 * v + k) % v) for k in 0 .. v % 5}\ngame g(v) moves m for m in opts(v)\nprint [sg(g(v)) for v in 1 .. 30]\nprint sg(g(0))\n",
	// a set of options reordered for the SG search, swept: the options as values (moves, outcome) in the set's order, from the rule for values
	"def opts(v) = {h((v + 7 - k) % 5) for k in 0 .. 2}\ngame h(v) moves m for m in opts(v)\nprint sg(h(9)), [moves(h(v)) for v in 0 .. 6], outcome(h(3))\n",
	// a helper's set over a global collection of ints (behind the guard that they are, each at least 0): a set, a list, a tuple; a string element, one too large, one below 0 (the rule as written)
	"def mix(x) = (x * 7 + 3) % 101\nlet S = {mix(i) % 10 + 1 for i in 1 .. 20}\ndef opts(n) = {g(n - s) for s in S if s <= n}\ngame g(n) moves m for m in opts(n)\nlet L = [5, 2, 2, 7]\ndef lo(n) = [h(n - s) for s in L if s <= n]\ngame h(n) moves m for m in lo(n)\nlet T = (4, 1)\ndef to(n) = {k(n - s) for s in T if s <= n}\ngame k(n) moves m for m in to(n)\nprint [sg(g(n)) for n in 0 .. 40], sg(g(3000)), moves(g(12)), [sg(h(n)) for n in 0 .. 30], moves(h(9)), [sg(k(n)) for n in 0 .. 30], outcome(k(5))\n",
	"let S = {1, 3, 4, 9000000000000000000}\ndef opts(n) = {g(n - s) for s in S if s <= n}\ngame g(n) moves m for m in opts(n)\nlet U = [2, -1]\ndef uo(n) = {u(n - s) for s in U if s <= n if s >= 1}\ngame u(n) moves m for m in uo(n)\nprint [sg(g(n)) for n in 0 .. 30], [sg(u(n)) for n in 0 .. 30], moves(u(5))\nlet V = [1, \"a\"]\ndef vo(n) = {v(n - s) for s in V if s <= n}\ngame v(n) moves m for m in vo(n)\nprint sg(v(3))\n",
	// the rule runs before the let of the global it iterates has run: the error as written
	"let S = {x for x in 1 .. 3 if sg(g(x)) >= 0}\ndef opts(n) = {g(n - s) for s in S if s <= n}\ngame g(n) moves m for m in opts(n)\nprint S\n",
	// a helper's set of options on a game with cycles: the loopy solver lists them from the sweep's kernel in its order (engine.OptionsAnyOrder), moves in the set's
	"def opts(v) = {g((v + (v * 7 + k * 13) % 9 + 40 - 4) % 40) for k in 0 .. v % 4 - 1}\ngame g(v) moves m for m in opts(v)\nprint [sg(g(v)) for v in 0 .. 39], [outcome(g(v) + *1) for v in 0 .. 39], moves(g(5)), len([v for v in 0 .. 39 if outcome(g(v)) == \"D\"])\n",
	"def nb(v) = {(v + (v * 7 + k * 13) % 9 + 40 - 4) % 40 for k in 0 .. v % 4 - 1}\ngame g(v) moves g(w) for w in nb(v)\nprint [sg(g(v)) for v in 0 .. 39], [outcome(g(v) + *2) for v in 0 .. 39], moves(g(7))\n",
	// a loop tied to another by an equation: the checks the range implies dropped (plan/implied.go), one it does not kept
	"def deg(v) = if v == 0 then 0 else 1 + v % 5\ngame g(v) moves g((8 * v + t) % v) for k in 0 .. deg(v) - 1 for t in 8 * v .. deg(v) - 1 + 8 * v if t == 8 * v + k\ngame h(n) moves h(k) for k in 0 .. n - 1 for j in 0 .. n - 1 if j == k + 1\nprint [sg(g(v)) for v in 0 .. 50], moves(g(9)), [sg(h(n)) for n in 0 .. 20], moves(h(4)), len([1 for i in 0 .. 30 for j in 0 .. 30 if j == i + 2])\n",
	// a tuple pattern over the position's list, stored as its ints (the hidden game destructures a literal: plan/binds.go's splitBind); a list of another length fails as written
	"game w(p) moves w([a - k, b]) for (a, b) in [p] for k in 1 .. a\n  | w([a, b - k]) for (a, b) in [p] for k in 1 .. b\n  | w([a - k, b - k]) for (a, b) in [p] for k in 1 .. min(a, b)\ngame v(n, m) moves v(a - 1, b) for (a, b) in [[n, m]] if a > 0 | v(a, b - 1) for (a, b) in [(n, m)] if b > 0\nprint sg(w([9, 9])), [sg(w([a, b])) for a in 0 .. 6 for b in 0 .. 6], moves(w([2, 1])), sg(v(3, 4)), moves(v(1, 1))\nprint sg(w([1, 2, 3]))\n",
	// the rule runs before the let of an int global it reads has run: the error as written (the guard reads the global's slot: proof.GlobalIntCall)
	"let M = 2 + sg(g(3))\ngame g(n) moves g(i) + g(j) for i in 1 .. n for j in 1 .. n if i + j == n - M\nprint M\n",
	"let M = 2\ngame g(n) moves g(i) + g(j) for i in 1 .. n for j in 1 .. n if i + j == n - M\nlet K = sg(g(9)) + M\nprint K, [sg(g(n)) for n in 0 .. 30]\n",
	// a string root (its characters compared with strings: guard s is a
	// string of at least N ASCII characters): a board string of the size,
	// shorter (as written: the index fails), longer, not ASCII (as
	// written), a list of strings (as written), a root read as a string
	// and as a list of ints (not planned), "." == s[c] the other way round.
	"let (H, W) = (3, 4)\ndef empty(s, r, c) = 0 <= r and r < H and 0 <= c and c < W and s[r * W + c] == \".\"\ndef fill(s, i) = s[:i] + \"#\" + s[i + 1:]\ngame cram(s) moves cram(fill(fill(s, r * W + c), r * W + c + 1)) for r in 0 .. H - 1 for c in 0 .. W - 1 if empty(s, r, c) and empty(s, r, c + 1)\n  | cram(fill(fill(s, r * W + c), (r + 1) * W + c)) for r in 0 .. H - 2 for c in 0 .. W - 1 if empty(s, r, c) and \".\" == s[(r + 1) * W + c]\nprint sg(cram(\".\" * 12)), moves(cram(\"######......\")), sg(cram(\".\" * 14)), sg(cram(\"é\" + \".\" * 11)), sg(cram([\".\"] * 12))\ngame mix(s) moves mix(s[:c] + [1] + s[c + 1:]) for c in 0 .. 3 if s[c] == \".\" or s[c] + 1 == 1\nprint sg(mix([0, 0, 0, 0])), sg(mix([\".\", 1, 0, 0]))\nprint sg(cram(\".\" * 11))\n",
	// a board's index r * W + c (a product of constant spans, proof's
	// mulSpan) read by a def whose bounds checks guard it: a board of
	// fewer cells than the guard asks (as written: the checks pass, the
	// index fails), a string board (as written), the right size.
	"let (H, W) = (3, 4)\ndef empty(s, r, c) = 0 <= r and r < H and 0 <= c and c < W and s[r * W + c] == 0\ndef fill(s, i) = s[:i] + [1] + s[i + 1:]\ngame cram(s) moves cram(fill(fill(s, r * W + c), r * W + c + 1)) for r in 0 .. H - 1 for c in 0 .. W - 1 if empty(s, r, c) and empty(s, r, c + 1)\n  | cram(fill(fill(s, r * W + c), (r + 1) * W + c)) for r in 0 .. H - 1 for c in 0 .. W - 1 if empty(s, r, c) and empty(s, r + 1, c)\nprint sg(cram([0] * 12)), moves(cram([1] * 6 + [0] * 6)), sg(cram([0] * 14)), sg(cram([0, 2] * 6)), sg(cram(\"\" + \"1\" * 12))\nprint sg(cram([0] * 11))\n",
	`def ok(b, i) = 1
def two(i) = i + 1
print [j for j in [0, 1] if two(j) > 1]
print [j for j in [0] if ok(0, j) and true]`,
	`def ok(b, i) = 1
print [j for j in 0 .. 3 if not ok(0, j)]`,
	`def ok(b, i) = 1
print [j for j in 0 .. 3 if ok(0, j)]`,
	`def ok(b, i) = 1
print [if ok(0, j) then 1 else 0 for j in 0 .. 3]`,
	`game h(b) moves h(b[:i] + [1] + b[i + 1:]) for i in 0 .. len(b) - 1 if i % 3 == 1
print moves(h([0, 0, 0, 0, 0]))
game s(b) moves s(b[:i] + "#" + b[i + 1:]) for i in 0 .. len(b) - 1 if i % 2 == 0
print moves(s(".....")), sg(s(".......")), sg(s("#.#"))
game k(b) moves k(b[:i] + [1] + b[i + 1:]) for i in 1 .. len(b) - 1 if i % 2 != 1
print moves(k([0, 0, 0, 0, 0])), [sg(k([0] * n)) for n in 0 .. 6]`,
	`game g(n) moves g(n) for j in -4 .. -2 if j and j + 1 in {5}
print moves(g(0))`,
	`game g(n) moves g(n) for x in [true, 3] if x and n > 0
print moves(g(0))
print moves(g(1))`,
	`game G(n) moves G(n - (if any([x != 3 for x in [n]]) then 1 else 2)) if n > 1
def i6(a) = if any([x > 2 for x in 0 .. 5]) then a else 0
game H(n) moves H(n - 1 - i6(1)) if n > 1
print sg(G(5)), [sg(G(k)) for k in 0 .. 9], sg(H(6))`,
	// a def inlined in a filter whose comprehension reads a parameter of
	// any kind: the nested comprehension's proof finds it is a root not
	// known to be an int, and the guard tests it for an int first (a
	// list made the plain compare fail)
	`def is1(b) = all([x == 1 for x in [b]])
def f(c) = [x for x in [3, 5] if is1(c)]
def g(c) = [x for x in [3, 5] if any([y == c for y in [c + 0]])]
print f([1]), f(1), f("a"), f(2), g(4)
print g([1])`,
	// a def whose body may not be a game, called where a game is wanted
	// (a move, an operand of its sum, sg's argument): not inlined, so
	// that a value of another kind is reported at the call, as written
	`def f(n) = if n > 5 then *1 else n * 10
def h(n) = n * 2
game k(n) moves *1 + h(n) if n > 0 | k(n - 1) * h(1) if n > 1 | f(n + 4) + k(n - 1) if n > 2
print sg(k(1)), moves(k(2))
print sg(f(7) + *1), sg(k(3))`,
	`def f(n) = if n > 5 then *1 else n * 10
print sg(f(2) + *1)`,
	`def f(n) = n
game g(n) moves f(n) + *1 if n > 0
print sg(g(2))`,
}

func TestPlannerDiff(t *testing.T) {
	t.Parallel()
	passOffs := []passes.Pass{passes.Tuples, passes.Deforest, passes.Equalities, passes.Bounds, passes.ConstSets, passes.Unordered, passes.Disjunctions, passes.Dedup, passes.Planner}
	for i, src := range plannerCases {
		c := optCase{name: "t.game", src: src}
		on := runOptWith(c, 0)
		if on.err != "" && i < 3 {
			t.Errorf("case %d fails: %s", i, on.err)
		}
		// (Every pass off, and one at a time: the fast suite one of the
		// passes, turning with the case, every pass over nine cases.)
		offs := append([]passes.Pass{passes.All}, testenv.Rotate(passOffs, 1, i)...)
		for _, off := range offs {
			got := runOptWith(c, off)
			if ok, why := optSame(on, got, true); !ok {
				t.Errorf("case %d, %s off: %s\nscript:\n%s\n=== all passes:\n%s\n=== without %s:\n%s", i, off, why, optIndent(src), on, off, got)
			}
		}
	}
}

// foldInlinedCases: folds of a comprehension a def returns, streamed
// with the def inlined (compile's foldInlined): the same values, and the
// same errors with the same traces, as the def called (passes.Inline
// off): an element's error inside the def, the fold's own (an empty
// list, values that cannot be ordered, an overflow) at the call.
var foldInlinedCases = []string{
	"def f(n) = [x * x for x in 0 .. n - 1]\ngame q(n) moves q(n - 1) if n > 0 and len(f(n)) > max(f(n)) - 100\nprint max(f(5)), len(f(7)), sum(f(4)), min(f(3)), any([x > 3 for x in f(3)]), sg(q(40))\ndef m(n) = max(f(n))\nprint m(2)\nprint m(0)\n",
	"def h(n) = [if x == 2 then \"a\" else x for x in 0 .. n]\nprint max(h(1))\nprint min(h(4))\n",
	"def big(n) = [9223372036854775807 for x in 0 .. n]\ndef k(n) = sum(big(n))\nprint k(0)\nprint k(1)\n",
	"def g(n) = [x for x in 0 .. n - 1 if 10 / (x - 3) > 0]\nprint len(g(3))\nprint len(g(5))\n",
	"def h(n) = [if x == 2 then \"a\" else x > 0 for x in 0 .. n]\nprint any(h(1)), all(h(1))\nprint all(h(3))\n",
	"let S = {1, 3, 4}\ngame s(n) moves s(n - x) for x in S if x <= n\ndef col(n) = [sg(s(i)) for i in 0 .. n]\nprint max(col(2000)), len([1 for v in col(500) if v == 0]), sum(col(100))\n",
}

func TestFoldInlinedDiff(t *testing.T) {
	t.Parallel()
	diffCases(t, foldInlinedCases, passes.Inline, passes.All)
}

// diffCases runs each script with every pass on and with each of offs
// off, and fails where one prints or fails otherwise. (The fast suite
// compares each script with one of offs off, turning with the script:
// every one of offs over len(offs) consecutive scripts.)
func diffCases(t *testing.T, cases []string, offs ...passes.Pass) {
	for i, src := range cases {
		c := optCase{name: "t.game", src: src}
		on := runOptWith(c, 0)
		for _, off := range testenv.Rotate(offs, 1, i) {
			got := runOptWith(c, off)
			if ok, why := optSame(on, got, true); !ok {
				t.Errorf("case %d, %s off: %s\nscript:\n%s\n=== all passes:\n%s\n=== without %s:\n%s", i, off, why, optIndent(src), on, off, got)
			}
		}
	}
}

// foldSinkCases: folds whose loops are built once, their state in a
// hidden local of the frame (package fold's sink): the same values and
// errors as the lists built (passes.Masks off) and as every pass off,
// where the fold's element evaluates the same fold again (a recursive
// def, in a new frame), calls a def with a fold of its own, holds a fold
// of its own; where an element fails or is not what the built-in takes,
// after the fold is decided; in a move rule's if clause; at the top
// level (no frame of a function: built at each evaluation).
var foldSinkCases = []string{
	`def f(n) = if n == 0 then 1 else sum([f(n - 1) + k for k in 0 .. 2])
def c(n) = if n == 0 then 0 else len([c(n - 1) for k in 0 .. 1]) + max([c(k) for k in 0 .. n - 1])
print f(5), c(4)`,
	`def g(x) = any([y > x for y in 0 .. 3])
def h(n) = all([g(k) for k in 0 .. n])
def d(L) = any([all([x >= y for y in L]) for x in L])
print h(2), h(4), d([3, 1, 2]), d([]), [min([x * x - 4 * x for x in 0 .. n]) for n in 0 .. 5]
print sum([x for x in [1, 2, 3]]), any([x > 2 for x in [1, 2, 3]])`,
	`def bad(L) = any([x > 0 for x in L])
print bad([1, 0])
print bad([1, "a"])`,
	`def m(L) = max([x for x in L])
print m([3, 9, 2])
print m([])`,
	`def q(L) = len([10 / x for x in L]) + sum([x for x in L])
print q([1, 2])
print q([1, 0, 2])`,
	`def s(L) = sum([x for x in L])
print s([9223372036854775807, -1])
print s([9223372036854775807, 1, -5])`,
	`game place(b) moves place(update(b, i, 1)) for i in 0 .. len(b) - 1 if not any([b[j] == 1 for j in i - 1 .. i + 1 if 0 <= j and j < len(b)])
game p2(b) moves p2(update(b, i, 1)) for i in 0 .. len(b) - 1 if b[i] == 0 and all([b[j] != 1 for j in [i - 1, i + 1] if 0 <= j and j < len(b)])
print [sg(place([0] * n)) for n in 0 .. 9], [sg(p2([0] * n)) for n in 0 .. 9]
game bad(b) moves bad(update(b, i, 1)) for i in 0 .. len(b) - 1 if not any([b[j] for j in i - 1 .. i + 1 if 0 <= j and j < len(b)])
print sg(bad([0, 0]))`,
	// A recursive def's comprehension over 0 .. n - 1 calling itself:
	// the prover once bounded k by k - 1 without end (a Go stack
	// overflow before anything ran).
	`def c(n) = max([c(k) for k in 0 .. n - 1] + [n])
def s(n) = {s(k) for k in 0 .. n - 1}
print c(3), len(s(3)), s(2)`,
	// A def's parameter of any kind bounding a range (near(b, i)): its
	// guard tests it for an int first (proof.IntCall); where it is not
	// one, or too large, the comprehension runs as written.
	`def near(b, i) = [b[j] for j in i - 1 .. i + 1 if 0 <= j and j < len(b)]
game na(b) moves na(update(b, i, 1)) for i in 0 .. len(b) - 1 if not any([x == 1 for x in near(b, i)])
print [sg(na([0] * n)) for n in 0 .. 9], near([4, 5, 6], 0), near([4, 5], 4611686018427387904), near([4, 5], -9223372036854775807)
print near([4, 5], 9223372036854775807)`,
	`def near(b, i) = [b[j] for j in i - 1 .. i + 1 if 0 <= j and j < len(b)]
print near([1], "a")`,
	`def near(b, i) = [b[j] for j in i - 1 .. i + 1 if 0 <= j and j < len(b)]
print near([1, 2], 1.5)`,
	`def win(b, i) = [b[j] for j in i .. i + 2 if j < len(b)]
print win([7, 8, 9], 1)
print win([7, 8, 9], -2)`,
}

func TestFoldSinkExact(t *testing.T) {
	t.Parallel()
	diffCases(t, foldSinkCases, passes.Masks, passes.All)
}

// foldConcatCases: folds of a concatenation of list comprehensions,
// streamed part after part (compile's foldConcat, package fold), and a
// list comprehension the planner makes a union of (a generator over a
// concatenation), compiled as the concatenation of the parts: the same
// values and errors as the lists built (passes.Masks off, every pass
// off): an element's error in a later part after the fold was decided,
// an empty part, an empty whole, a sum that overflows only across the
// parts, values that cannot be ordered in different parts.
var foldConcatCases = []string{
	"print len([n for n in 0 .. 5 if n % 2 == 0] + [n for n in 3 .. 9] + [1 for n in 0 .. -1])\nprint min([n for n in 0 .. -1] + [n * 3 for n in 4 .. 9]), max([n for n in 0 .. 4] + [n for n in 0 .. -1])\nprint min([n for n in 0 .. -1] + [n for n in 0 .. -1])\n",
	"print any([n > 3 for n in 0 .. 5] + [n > 1 for n in 7 .. 9]), all([n > 3 for n in 0 .. 5] + [1 / (n - 8) > 0 for n in 7 .. 9])\n",
	"print any([n > 3 for n in 0 .. 5] + [if n == 8 then 1 else true for n in 7 .. 9])\n",
	"print all([n > 3 for n in 0 .. 5] + [if n == 8 then 1 else true for n in 7 .. 9])\n",
	"print sum([-9223372036854775807 for n in 0 .. 0] + [9223372036854775807, 5])\nprint sum([-9223372036854775807 for n in 0 .. 0] + [9223372036854775807 for n in 0 .. 0] + [n for n in 0 .. 3])\nprint sum([9223372036854775807 for n in 0 .. 0] + [n for n in 0 .. 3])\n",
	"print max([n for n in 0 .. 3] + [\"a\" for n in 0 .. 1])\n",
	"print len([n for n in 0 .. 3] + [10 / (n - 2) for n in 0 .. 3])\n",
	"let S = {1, 3, 4}\ngame s(n) moves s(n - x) for x in S if x <= n\nprint len([n for n in [x for x in 0 .. 300] + [y for y in 0 .. 300] if sg(s(n)) == 0]), max([sg(s(n)) for n in [x for x in 0 .. 30] + [y for y in 10 .. 40]])\nprint [n * 2 for n in [x for x in 0 .. 3] + [y for y in 5 .. 7]], len([n for n in 0 .. min(300, 5) if sg(s(n)) == 0] + [n for n in max(0, 6) .. 300 if sg(s(n)) == 0])\n",
	"print [10 / n for n in [x for x in 3 .. 4] + [y - 5 for y in 5 .. 7]]\n",
	"print len([n for n in [x for x in 0 .. 4] + [y for y in 9223372036854775806 .. 9223372036854775807] if n + 1 > 0])\n",
	// (A list literal is parts of an element each.)
	"print max([n for n in 0 .. -1] + [-1]), min([n for n in 2 .. 4] + [7, 1]), len([n for n in 0 .. 3] + [1, 2]), any([n > 5 for n in 0 .. 3] + [true]), sum([n for n in 0 .. 3] + [4, 5])\n",
	"print max([n for n in 0 .. 3] + [\"a\"])\n",
	"print len([n for n in 0 .. 3] + [1, 10 / 0])\n",
	"print max([10 / (n - 2) for n in 0 .. 3] + [1 / 0])\n",
	"print all([n > 5 for n in 0 .. 3] + [1])\n",
	"print max([\"b\"] + [n for n in 0 .. 3])\n",
}

func TestFoldConcatDiff(t *testing.T) {
	t.Parallel()
	diffCases(t, foldConcatCases, passes.Masks, passes.Deforest, passes.All)
}

// foldFastCases: the fast folds of a table (fastpath/fold.go) where the
// condition or the position is a def the inliner inlines (`if ok(n)`,
// `sg(e(n))`), and a fold that meets missing positions first, computed
// in runs by the game's sweep: the same values, and the same errors with
// the same traces (the def's call named), as the general way.
var foldFastCases = []string{
	"let S = {1, 3, 4}\ngame s(n) moves s(n - x) for x in S if x <= n\ndef ok(n) = sg(s(n)) == 0\ndef e(n) = s(n)\nprint max([sg(e(n)) for n in 0 .. 3000]), len([n for n in 0 .. 3000 if ok(n)]), min([sg(s(n)) for n in 5 .. 2000])\n",
	"game s(n) moves s(n - x) for x in [1, 2, 5] if x <= n if 7 / (n - 2500) != 9\ndef ok(n) = sg(s(n)) != 0\nprint len([n for n in 0 .. 2400 if ok(n)])\nprint len([n for n in 0 .. 3000 if ok(n)])\n",
	"game s(n) moves s(n - x) for x in [1, 2, 5] if x <= n if 7 / (n - 2500) != 9\ndef e(n) = s(n)\nprint max([sg(e(n)) for n in 0 .. 3000])\n",
	"game s(n) moves s(n - x) for x in [1, 2, 5] if x <= n if 7 / (n - 2500) != 9\nprint max([sg(s(n)) for n in 0 .. 2400]), len([n for n in 10 .. 2450 if sg(s(n)) == 1])\nprint len([n for n in 10 .. 2550 if sg(s(n)) == 1])\n",
}

func TestFoldFastDiff(t *testing.T) {
	t.Parallel()
	diffCases(t, foldFastCases, passes.FastLoops, passes.Inline, passes.Sweep, passes.All)
}
