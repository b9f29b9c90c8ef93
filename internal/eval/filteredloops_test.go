package eval_test

import (
	"testing"

	"github.com/grundy-lang/grundy/internal/passes"
)

// filteredLoopCases: a for clause over a set followed by an if clause
// whose plain condition reads the element and other names (package
// eqindex's filterSet: the elements known to pass or fail kept per value
// of the other names), against the loop as written: pairs of cells by a
// def (Manhattan distance), a tuple pattern, sets of ints, of strings
// (ids that do not ascend with the elements), an error for some
// elements only, a let the condition reads, a condition that reads no
// other name, an early stop (moves and winning).
var filteredLoopCases = []string{
	`let (W, H) = (4, 3)
def board(w, h) = {(r, c) for r in 0 .. h - 1 for c in 0 .. w - 1}
def adj(a, b) = abs(a[0] - b[0]) + abs(a[1] - b[1]) == 1
game cram(S) moves cram(S - {a, b}) for a in S for b in S if a < b and adj(a, b)
game cram2(S) moves cram2(S - {(r, c), (r2, c2)}) for (r, c) in S for (r2, c2) in S if (r, c) < (r2, c2) and abs(r - r2) + abs(c - c2) == 1
let full = board(W, H)
print [sg(cram(board(w, H))) for w in 1 .. W], [sg(cram(full - {x})) for x in full], sg(cram2(full)), moves(cram({(0, 0), (0, 1), (1, 1)}))
print winning(cram(board(3, 2)))`,
	`game g(S) moves g(S - {a, b}) for a in S for b in S if a < b and (b - a) % 3 == 1
print [sg(g(set(0 .. n))) for n in 0 .. 9], sg(g({2, 5, 9, 40, 43, 5000, 5003}))`,
	`game g(S) moves g(S - {a, b}) for a in S for b in S if len(a) < len(b) and b[0] == a[0]
print sg(g({"a", "ab", "b", "ba", "abc", "bab", "c", "ca"})), sg(g({"zz", "z", "y", "yy", "yyy", "zzz", "x"})), [sg(g({"q" * k for k in 1 .. n} | {"p" * k for k in 1 .. n})) for n in 1 .. 5]`,
	`game g(S) moves g(S - {a, b}) for a in S for b in S if a != b and 12 / (b - 3) > a
print sg(g({0, 1, 2}))
print sg(g({0, 1, 2, 3, 4}))`,
	`let K = 2
def near(a, b) = abs(a - b) <= K
game g(S) moves g(S - {a, b}) for a in S for b in S if a < b and near(a, b)
print [sg(g(set(0 .. n))) for n in 0 .. 8]`,
	`game g(S) moves g(S - {a}) for a in S if a % 3 != 1
  | g(S - {a, b}) for a in S for b in S if b > a and b % 2 == 0
print [sg(g(set(0 .. n))) for n in 0 .. 8]
print sg(g({(1, 2), (2, 3)}))`,
}

func TestFilteredLoopExact(t *testing.T) {
	t.Parallel()
	diffCases(t, filteredLoopCases, passes.Bitsets, passes.EqIndex, passes.All)
}

// constIterCases: a for clause whose iterable reads only lets (a
// concatenation, a comprehension of them, through a def), kept while the
// lets hold the same values (package eqindex's constIter), against the
// iterable made each time: an edge list indexed by its key, a let made
// again between queries, an iterable that fails.
var constIterCases = []string{
	`let N = 9
let E = [(v, (v * 5 + 3) % N) for v in 0 .. N - 1]
def both() = E + [(y, x) for (x, y) in E]
game geo(p) moves geo((b, p[1] | {b})) for (a, b) in E + [(y, x) for (x, y) in E] if a == p[0] and b != a and b not in p[1]
game geo2(v, S) moves geo2(b, S | {b}) for (a, b) in both() if a == v and b not in S
print [sg(geo((v, {v}))) for v in 0 .. N - 1], [sg(geo2(v, {v})) for v in 0 .. N - 1]
let E = [(v, v + 1) for v in 0 .. N - 2]
print [sg(geo((v, {v, 100}))) for v in 0 .. N - 1], [sg(geo2(v, {v, 100})) for v in 0 .. N - 1]`,
	`for k in 1 .. 3 {
    let P = [(c, c % k) for c in 0 .. 6]
    print [[c for (c, r) in P + [(7, 0)] if r == v] for v in 0 .. 3], [x for v in 0 .. 2 for (x, y) in P + [(v, 9)] if y == 9]
}`,
	`let K = [1, 2, 0]
game g(n) moves g(n - k) for k in [10 / x for x in K] if k <= n
print sg(g(5))`,
	`let K = [3, 1]
game g(L) moves g(L[1:]) for x in sorted(K + [2]) if len(L) > x
print sg(g([1, 2, 3, 4])), moves(g([5, 6, 7]))`,
}

func TestConstIterExact(t *testing.T) {
	t.Parallel()
	diffCases(t, constIterCases, passes.EqIndex, passes.All)
}

// sortedPrefixCases: a for clause over a list whose if clause starts
// with a bound of its name, m <= E (m < E, E >= m, E > m), visiting the
// prefix of a sorted list of ints (package eqindex's sortedPrefix),
// against the loop as written: an unsorted list, repeats, a list with a
// non-int, a bound that fails, a bound that is not an int, an `and`
// after it that fails for some element.
var sortedPrefixCases = []string{
	`let M = [m for m in 1 .. 6]
let R = [3, 1, 2]
let D = [1, 1, 2, 2, 5]
game s(c) moves s([if j == i then c[j] - m else if j == i - 1 then c[j] + m else c[j] for j in 0 .. len(c) - 1]) for i in 1 .. len(c) - 1 for m in M if m <= c[i]
game t(n) moves t(n - m) for m in R if m < n + 1
game u(n) moves u(n - m) for m in D if n >= m and 10 / (n - m + 1) > 0
game v(n) moves v(n - m) for m in D if n > m or m == n
print [sg(s([0, a, b])) for a in 0 .. 4 for b in 0 .. 4], [sg(t(n)) for n in 0 .. 9], [sg(u(n)) for n in 0 .. 9], [sg(v(n)) for n in 0 .. 9]`,
	`let M = [1, 2, "a"]
game t(n) moves t(n - m) for m in M if m <= n
print sg(t(0))
print sg(t(3))`,
	`let M = [1, 2, 3]
game t(n, L) moves t(n - m, L) for m in M if m <= L[0] and m <= n
print sg(t(5, [2]))
print sg(t(5, ["x"]))`,
	`let M = [1, 2, 3]
game t(n) moves t(n - m) for m in M if m <= 6 / (n - 2) and m <= n
print sg(t(1))
print sg(t(4))`,
}

func TestSortedPrefixExact(t *testing.T) {
	t.Parallel()
	diffCases(t, sortedPrefixCases, passes.EqIndex, passes.All)
}
