package eval_test

import (
	"context"
	"strings"
	"testing"

	"github.com/grundy-lang/grundy/internal/engine"
	"github.com/grundy-lang/grundy/internal/eval"
	"github.com/grundy-lang/grundy/internal/passes"
)

// eqIndexCases: package eqindex's for clauses over a list with an
// if clause that compares an element's key with a value (an edge list
// scanned at every position, adjacency grouped from it). The same
// values, errors and positions with the pass off and every pass off:
// keys on either side, an `and` after the equality, dense and sparse and
// negative int keys, string keys, a value of another kind, keys of two
// kinds, an element that does not bind, a key that fails, a value that
// fails, an empty list, duplicates, a let made again, options as values.
var eqIndexCases = []string{
	`let E = [[3, 1], [2, 0], [3, 2], [1, 0], [4, 3], [4, 1], [3, 1], [5, 4], [5, 2], [5, 0]]
let OFF = 1
def frm(e) = e[0]
def tail(e) = e[OFF] + 0
def shifted(e) = e[0] - OFF
game dag(v) moves dag(tail(e)) for e in E if frm(e) == v
game two(v) moves two(b) for (a, b) in E if shifted([a, b]) == v - 1 and b != 2
def kids(v) = [b for (a, b) in E if frm([a]) == v or tail([0, a]) == v + 1]
print [sg(dag(v)) for v in 0 .. 6], moves(dag(5)), [sg(two(v)) for v in 0 .. 6], [kids(v) for v in 0 .. 6], kids(3), kids(3)
def bad(e) = 6 / (e[0] - 2)
print [[b for (a, b) in E if bad((a, b)) == v] for v in [6, 6]]
`,
	`let E = [(3, 1), (2, 0), (3, 2), (1, 0), (4, 3), (4, 1), (3, 1), (5, 4), (5, 2), (5, 0)]
game dag(v) moves dag(b) for (a, b) in E if a == v
game rev(v) moves rev(b) for (a, b) in E if v == a and b != 1
game e(v) moves e(p[1]) for p in E if p[0] == v
print [sg(dag(v)) for v in 0 .. 6], [sg(rev(v)) for v in 0 .. 6], [sg(e(v)) for v in 0 .. 6]
print moves(dag(5)), moves(dag(3)), winning(dag(5)), moves(rev(4)), sg(sum of dag(v) for v in 0 .. 5)
let ADJ = [[b for (a, b) in E if a == v] for v in 0 .. 6]
print ADJ, {v: [b for (a, b) in E if a == v] for v in 0 .. 6}, len([1 for (a, b) in E if a == 3]), sum([b for (a, b) in E if a == 5])
`,
	`let E = [(10 ** 12, 3), (-5, 1), (3, -5), (10 ** 12, -5), (1, 0), (-5, 0)]
game g(v) moves g(b) for (a, b) in E if a == v
print [sg(g(v)) for v in [-5, 0, 1, 3, 10 ** 12]], moves(g(10 ** 12)), moves(g(-5))
let W = [("ab", "a"), ("abc", "ab"), ("abc", "bc"), ("bc", "b"), ("ab", "b")]
game w(s) moves w(t) for (u, t) in W if u == s
print sg(w("abc")), moves(w("abc")), [sg(w(s)) for s in ["a", "ab", "bc", "x"]], [t for (u, t) in W if u == 3], [t for (u, t) in W if u == 3]
`,
	`let E = [(0, 1), (1, 2), (2, 0), (2, 3), (3, 3), (4, 1)]
def nb(v) = [if a == v then b else a for (a, b) in E if a == v or b == v]
game geo(v, used) moves geo(u, used | {i}) for i in 0 .. len(E) - 1 if not (i in used) and (E[i][0] == v or E[i][1] == v) for u in [E[i][0] + E[i][1] - v]
game walk(v, used) moves walk(if a == v then b else a, used | {(a, b)}) for (a, b) in E if (v == a or b == v) and not ((a, b) in used)
print [nb(v) for v in 0 .. 5], [nb(v) for v in 0 .. 5], [sg(geo(v, set())) for v in 0 .. 4], [sg(walk(v, set())) for v in 0 .. 4], moves(walk(2, set()))
print [[i for i in 0 .. 5 if E[i][0] == v or E[i][1] == v or E[i][0] == v + 1] for v in 0 .. 4], [[i for i in 0 .. 5 if E[i][0] == v or E[i][1] == 1 / (v - 3)] for v in 0 .. 2]
print [[i for i in 0 .. 5 if E[i][0] == v or E[i][1] == 1 / (v - 3)] for v in 0 .. 4]
`,
	`let M = [(1, 0), ("a", 1), (2, 1)]
game g(v) moves g(b) for (a, b) in M if a == v
print [sg(g(v)) for v in 0 .. 3], [b for (a, b) in M if a == "a"], [b for (a, b) in M if a == "a"]
`,
	`let E = [(1, 0), (2, 1), (3, 2, 1), (2, 0)]
def has(v) = any([true for (a, b) in E if a == v])
print has(1), has(1), has(2)
print has(0)
`,
	`let E = [[1, 0], [2, 1], [3], [2, 0]]
def has(v) = any([p[0] > 1 for p in E if p[1] == v])
print has(1), has(1), has(1)
print has(0)
`,
	`let E = [(1, 0), (2, 1), (3, 2), (2, 0)]
def f(v) = [b for (a, b) in E if a == 6 / (v - 1)]
print f(7), f(4), f(3), f(3), f(2)
print f(1)
`,
	`let E = []
game g(v) moves g(b) for (a, b) in E if a == v / 0
print sg(g(3)), [b for (a, b) in E if a == 1], [b for (a, b) in E if a == 1]
let F = [(1, 0), (2, 1)]
print [b for (a, b) in F if a == 2], [b for (a, b) in F if a == 2], [b for (a, b) in F if a == 2 and 1 / (b - 1) > 0]
`,
	`let E = [(1, 0), (2, 1)]
def f(v) = [b for (a, b) in E if a == v]
print f(2), f(2), f(1)
let E = [(2, 0), (2, 1), (1, 1)]
print f(2), f(2), f(1), f(1)
`,
}

// eqRangeCases: eqindex's ranges, a loop over a range whose if clause
// compares a key of its variable read through lets with a value: edges
// in a flat list of ints, a parent array's children, the key on either
// side, an `and` after it, string keys, a value that fails, a key that
// fails past the list, a range that changes, a let made again in a for
// statement's body.
var eqRangeCases = []string{
	`let t = [6, 8, 1, 0, 2, 1, 2, 0, 3, 2, 3, 1, 4, 3, 5, 4, 5, 0]
let (n, m) = (t[0], t[1])
game dag(v) moves dag(t[3 + 2 * i]) for i in 0 .. m - 1 if t[2 + 2 * i] == v
game rev(v) moves rev(t[3 + 2 * i]) for i in 0 .. m - 1 if v == t[2 + 2 * i] and t[3 + 2 * i] != 1
print [sg(dag(v)) for v in 0 .. n], [sg(rev(v)) for v in 0 .. n], moves(dag(5)), winning(dag(5)), moves(rev(3))
let P = [-1, 0, 0, 1, 1, 2, 5, 5, 5]
game tree(v) moves tree(c) for c in 0 .. len(P) - 1 if P[c] == v
def kids(v) = [c for c in 0 .. len(P) - 1 if P[c] == v]
print [sg(tree(v)) for v in 0 .. 8], kids(5), kids(5), kids(9), kids(-1), [kids(v) for v in 0 .. 8], len([c for c in 0 .. 8 if P[c] == 1])
`,
	`let W = ["ab", "abc", "b", "bc", "c"]
def starts(s) = [i for i in 0 .. len(W) - 1 if W[i][0] == s]
print starts("a"), starts("a"), starts("b"), starts(3), starts("z")
`,
	`let P = [1, 2, 0, 1]
def kids(v) = [c for c in 0 .. 3 if P[c] == 6 / v]
print kids(6), kids(3), kids(2), kids(3)
print kids(0)
`,
	`let P = [1, 2, 0, 1]
def kids(v, n) = [c for c in 0 .. n if P[c] == v]
print kids(1, 3), kids(1, 3), kids(2, 2), kids(2, 2), kids(0, 3)
print kids(1, 4)
`,
	`for k in 1 .. 3 {
    let P = [c % k for c in 0 .. 6]
    print [[c for c in 0 .. 6 if P[c] == v] for v in 0 .. 3]
}
`,
	`let t = [6, 8, 1, 0, 2, 1, 2, 0, 3, 2, 3, 1, 4, 3, 5, 4, 5, 0]
let m = t[1]
def src(i) = t[2 + 2 * i]
def dst(i) = t[3 + 2 * i]
def both(i) = (src(i), dst(i))
game dag(v) moves dag(dst(i)) for i in 0 .. m - 1 if src(i) == v
game pair(v) moves pair(both(i)[1]) for i in 0 .. m - 1 if both(i)[0] == v and dst(i) != 0
print [sg(dag(v)) for v in 0 .. 6], moves(dag(5)), [sg(pair(v)) for v in 0 .. 6]
def src2(i) = t[3 + 2 * i]
def dst2(i) = t[2 + 2 * i]
game up(v) moves up(dst2(i)) for i in 0 .. m - 1 if src2(i) == v
def kids(v) = [i for i in 0 .. m - 1 if src2(i) == v]
print kids(1), kids(1), kids(4)
print [sg(up(v)) for v in 0 .. 6], [[i for i in 0 .. m - 1 if src(i) == v] for v in 0 .. 6]
`,
	`let t = [5, 2, 2, 0, 1]
def key(i) = 10 / t[i]
def ks(n) = [i for i in 0 .. n if key(i) == 5]
print ks(2), ks(2), ks(1), ks(2)
print ks(4)
`,
	`let P = [c % 3 for c in 0 .. 6]
def par(c) = P[c] + 0
print [[c for c in 0 .. 6 if par(c) == v] for v in 0 .. 3], [[c for c in 0 .. 6 if par(c) == v] for v in 0 .. 3]
let Q = ["a", "bb", "a", "c"]
def first(i) = Q[i][0]
def idx(s) = [i for i in 0 .. 3 if first(i) == s]
print idx("a"), idx("a"), idx("b"), idx(1)
`,
	`def f(k) = [j for r in 0 .. 1 for j in -1 .. 0 if j == k]
print f(9223372036854775807), f(-1), f(-9223372036854775807 - 1)`,
}

// eqSetCases: a for clause over a set followed by an if clause that
// compares the element with values (eqindex's EqSet): the set's values
// that are among them, ascending, each once. The same values, errors and
// positions with the pass off and every pass off: ints, tuples and
// strings, an or of equalities each maybe followed by an and, values
// equal to each other, values not in the set or of another kind, a
// value that fails (with the set empty, and not), a list and a map in
// the set's place, and the bind of the option's set (wordsets).
var eqSetCases = []string{
	`let W = 7
game cram(S) moves cram(S - {i, j}) for i in S for j in S if (j == i + 1 and i % W != W - 1) or j == i + W
print sg(cram({r * W + c for r in 0 .. 2 for c in 0 .. 5})), moves(cram({0, 1, 2, 7, 8, 9})), winning(cram({0, 1, 7, 8, 14}))
print [sg(cram({r * W + c for r in 0 .. 1 for c in 0 .. n})) for n in 0 .. 5]
game pairs(S) moves pairs(S - {i, j}) for i in S for j in S if j == i + 2 or i + 2 == j or j == i - 2
print [sg(pairs(set(0 .. n))) for n in 0 .. 8], moves(pairs({1, 3, 5, 6}))
`,
	`game c(F) moves c(F - {(r, k), p}) for (r, k) in F for p in F if p == (r, k + 1) or p == (r + 1, k)
print [sg(c({(r, k) for r in 0 .. 1 for k in 0 .. n})) for n in 0 .. 4], moves(c({(0, 0), (0, 1), (1, 0)}))
def nb(S, x) = [y for y in S if y == x + 1 or y == x - 1 or y == x]
print nb({1, 2, 3, 5}, 2), nb({1, 2, 3, 5}, 4), nb(set(), 1), nb({"a", 1}, 0), [y for y in {"ab", "b", "c"} if y == "b" or y == "c"]
print [y for y in {1, 2, 3} if y == 1 / 0 or y == 2]
`,
	`print [y for y in set() if y == 1 / 0]
print [y for y in [3, 1, 3, 2] if y == 3 or y == 1], [y for y in {3: 1, 1: 2} if y == 1]
print [y for y in {1, 2} if y == 2 and 1 / 0 == 1]
`,
	`let S = {(1, 2), (2, 3), 4}
print [x for x in S if x == (1, 2) or x == 4], [x for x in S if x == 5 or x == (2, 3)]
game g(S, n) moves g(S - {x}, n - 1) for x in S if (x == n and n > 0) or x == n + 10
print sg(g({1, 2, 3, 11, 12, 13}, 3)), moves(g({1, 2, 3, 11, 12, 13}, 3))
`,
	`def board(m, n) = {(r, c) for r in 0 .. m - 1 for c in 0 .. n - 1}
game cram(F) moves cram(F - {(r, c), (r2, c2)}) for (r, c) in F for (r2, c2) in F if (r2 == r and c2 == c + 1) or (c2 == c and r2 == r + 1)
game dom(F) moves dom(F - {(r, c), (a, b)}) for (r, c) in F for (a, b) in F if a == r + 1 and b == c and r % 2 == 0
print [sg(cram(board(2, n))) for n in 1 .. 4], [sg(cram(board(3, n))) for n in 1 .. 3], moves(cram(board(2, 2))), [sg(dom(board(4, n))) for n in 1 .. 3]
print [(a, b) for (a, b) in {(1, 2), (1, 3), (5, 0)} if b == 3 and a == 1], [(a, b) for (a, b) in {(1, 2), (1, 3)} if a == 1], [p for (a, b) in {(1, 2), (70, 3)} for p in [a] if a == 70 and b == 3]
print [(a, b) for (a, b) in {(1, 2), (2, 3)} if (a == 1 and b == 2) or (a == 2 and b == 1 / 0)]
`,
	`print [(a, b) for (a, b) in {(1, 2), 3} if a == 1 and b == 2]
`,
	`print [(a, b) for (a, b) in {(1, 2), (2, 1)} if a == 2 and b == 1 and 1 / 0 == 0]
`,
	`let W = 7
game cram(S) moves cram(S - {i, j}) for i in S for j in S if (j - i == 1 and i % W != W - 1) or j - i == W
print sg(cram({r * W + c for r in 0 .. 2 for c in 0 .. 4})), moves(cram({0, 1, 7, 8}))
print [j for j in {1, 3, 5, 9} if j + 4 == 9 or 2 - j == -7], [j for j in {1, 3} if 2 * j == 6], [j for j in {1, 2 ** 45} if j - 1 == 2 ** 45 - 1]
print [[j for j in {3, 4, 10} if j - i == 1] for i in [2, 3, 2 ** 50, -9]]
print [j for j in {1, 2, 3} if j - 1 == 1 and j + 1 == 3], [j for j in {1, 2} if 1 + j - 3 == 0 or -j == -1]
`,
	`print [j for j in {1, "a", 3} if j - 1 == 2]
`,
	`let i = "x"
print [j for j in {1, 3} if j - i == 2]
`,
}

// memberRangeCases: a range whose if clause first tests its variable,
// or a pair holding it, for membership in a collection (eqindex's
// memberRange): only the ints it holds are visited. Lists unsorted with
// duplicates, sets, strings and big ints among the elements, pairs
// either way round, other halves of several kinds, a half that fails, a
// collection that is not one, empty and reversed ranges, an and after.
var memberRangeCases = []string{
	`let PR = [7, 3, 5, 3, 2, "x", 10 ** 15, -4, 11]
game h(n) moves h(n - k) for k in 1 .. n if k in PR or k == 1
print [sg(h(n)) for n in 0 .. 30], moves(h(12)), [k for k in -5 .. 8 if k in PR], [k for k in 5 .. 3 if k in PR]
let S = {2, 3, 5, 8}
print [[k for k in 0 .. n if k in S and k % 2 == 0] for n in 0 .. 9], [k for k in 0 .. 9 if k in S], sum([1 for k in 0 .. 9 if k in {}])
`,
	`let E = {(0, 1), (0, 2), (1, 2), (2, 3), (1, 3), (3, 4), ("a", 1), (2, "b"), (5, 6, 7)}
game dag(v) moves dag(u) for u in 0 .. 9 if (v, u) in E
game up(v) moves up(u) for u in 0 .. 9 if (u, v) in E and u != 0
print [sg(dag(v)) for v in 0 .. 6], [sg(up(v)) for v in 0 .. 6], moves(dag(0)), moves(up(3))
print [[u for u in 0 .. 9 if ("a", u) in E] for r in 0 .. 1], [[u for u in 0 .. 9 if ((1, 2), u) in E] for r in 0 .. 1]
let L = [(3, 1), (3, 0), (3, 1), (2, 2)]
print [[u for u in 0 .. 3 if (v, u) in L] for v in 0 .. 3], [[u for u in 0 .. 3 if (v, u) in L] for v in 0 .. 3]
print [[u for u in 0 .. 3 if (1 / v, u) in L] for v in [1, 1, 0]]
`,
	`let E = 5
print [u for u in 0 .. 3 if (1, u) in E]
`,
	`let E = {(1, 2)}
print [u for u in 0 .. 3 if (1, u) in E and 1 / (u - 2) == 0], [u for u in 0 .. 3 if (1, u) in E and 1 / (u - 2) == 0]
`,
}

// foldRangeCases: a range whose if clause folds a test of each int of a
// range one of whose ends is its variable (eqindex's foldRange): only
// the ints for which the fold can hold are visited. Ranges from the
// variable and to it, offsets either way, all and not any, negated
// tests, strings, sets, lists, memberships before the fold, a string
// too short (an error as written), a negative start, a tested value or
// an end that is not what the masks read, empty and reversed ranges.
var foldRangeCases = []string{
	`game silver(s) moves silver(s[:p] + "o" + s[p + 1:i] + "." + s[i + 1:]) for i in 0 .. len(s) - 1 if s[i] == "o" for p in 0 .. i - 1 if all([s[k] == "." for k in p .. i - 1])
print sg(silver("..o.o...o.o")), moves(silver(".o..o.oo")), [sg(silver(x)) for x in ["", "o", ".o", "oo..o", "o.o.o.o"]]
game right(s) moves right(s[:i] + "." + s[i + 1:p] + "o" + s[p + 1:]) for i in 0 .. len(s) - 1 if s[i] == "o" for p in i + 1 .. len(s) - 1 if not any([s[k] != "." for k in i + 1 .. p])
print sg(right("o..o.o...")), moves(right("o.o..o")), [sg(right(x)) for x in ["o", "o.", "oo..", "o.o.o."]]
`,
	`let s = "x.xxx.xxxx"
print [p for p in 0 .. 9 if all([s[k] == "x" for k in p + 2 .. 8])], [p for p in 2 .. 9 if all([s[k] != "." for k in p - 2 .. 6])], [p for p in 0 .. 5 if all([not (s[k] == ".") for k in 1 .. p + 1])]
print [p for p in 0 .. 9 if all([s[k] == "x" for k in p .. 20])]
`,
	`let s = "xx.xx"
print [p for p in -3 .. 4 if all([s[k] == "x" for k in p .. 4])]
`,
	`game silver(S) moves silver(S - {x} | {y}) for x in S for y in 0 .. x - 1 if y not in S and all([z not in S for z in y + 1 .. x - 1])
print sg(silver({1, 4, 6, 9})), moves(silver({0, 3, 5})), [sg(silver(set(L))) for L in [[], [2], [0, 1], [3, 7, 8]]]
let L = [0, 1, 1, 5, 9, 9, 12]
print [y for y in 0 .. 12 if y in L and all([z in L for z in y .. 9])], [y for y in 0 .. 12 if y not in L and not any([z in L for z in y + 1 .. 12])]
print [y for y in 0 .. 3 if y in {0: 1, 2: 3} and all([z in {0: 1} for z in 0 .. y])]
`,
	`let S = 7
print [y for y in 0 .. 3 if y in S and all([z in {1} for z in y .. 3])]
`,
	`let T = "abc"
print [y for y in 0 .. 3 if all([z in T for z in y .. 3])]
`,
	`let E = "x"
print [y for y in 0 .. 3 if all([z in {1, 2} for z in y .. E])]
`,
}

func TestFoldRangeExact(t *testing.T) {
	diffCases(t, foldRangeCases, passes.EqIndex, passes.All)
}

func TestMemberRangeExact(t *testing.T) {
	diffCases(t, memberRangeCases, passes.EqIndex, passes.All)
}

func TestEqSetExact(t *testing.T) {
	diffCases(t, eqSetCases, passes.EqIndex, passes.All)
}

func TestEqIndexRangesExact(t *testing.T) {
	diffCases(t, eqRangeCases, passes.EqIndex, passes.All)
}

// TestEqIndexRangeEnd: a range to the largest int whose test never
// holds runs to the step limit, with the index of its equality and
// without (a step limit of 10^7: the default's 10^10 steps take a minute
// a run).
func TestEqIndexRangeEnd(t *testing.T) {
	c := optCase{name: "t.game", src: "print [j for j in -1 .. 9223372036854775807 if j == 5 and j < 0]\nprint 1\n",
		limits: engine.Limits{MaxStates: 100_000, MaxSteps: 10_000_000, MaxDepth: 300}}
	on := runOptWith(c, 0)
	if !strings.Contains(on.err, "step limit") {
		t.Fatalf("all passes: %q, not the step limit", on.err)
	}
	for _, off := range []passes.Pass{passes.EqIndex, passes.All} {
		if ok, why := optSame(on, runOptWith(c, off), true); !ok {
			t.Errorf("%s off: %s", off, why)
		}
	}
}

func TestEqIndexExact(t *testing.T) {
	diffCases(t, eqIndexCases, passes.EqIndex, passes.All)
}

// adjacencyCases: a move rule over an adjacency list of a global, ADJ[v],
// swept (fastpath's sweep of a domain G[I]): lists in any order, with
// repeats, empty, of non-ints, with negative elements, an index out of
// range and a list that fails at a position the sweep reaches; the same
// values and errors with the sweep off and every pass off.
var adjacencyCases = []string{
	`let N = 3000
let ADJ = [[(v * 7 + k * 13) % v for k in 0 .. v % 4] + [(v * 5) % v] for v in 1 .. N - 1]
let A = [[]] + ADJ
game dag(v) moves dag(u) for u in A[v]
print sg(dag(N - 1)), sg(sum of dag(v) for v in 0 .. N - 1), len([v for v in 0 .. N - 1 if sg(dag(v)) == 0]), moves(dag(17))
`,
	`let A = [[], [0], [0, 1, 1], [2, 0, -1], [3, 2]]
game g(v) moves g(u) for u in A[v]
print sg(g(2)), moves(g(2))
print sg(g(4))
`,
	`let A = [[] for v in 0 .. 2000] + [["x"]]
game g(v) moves g(u) for u in A[v]
print sg(g(1999)), sg(sum of g(v) for v in 0 .. 2000)
print sg(g(2001))
`,
	`let N = 3000
let A = [[]] + [if v == 1500 then ["x"] else if v > 1500 then [v - 1] else [(v * 7 + k * 13) % v for k in 0 .. v % 4] for v in 1 .. N - 1]
game dag(v) moves dag(u) for u in A[v]
print sg(dag(1499)), sg(sum of dag(v) for v in 0 .. 1499)
print sg(dag(N - 1))
`,
	`let A = [[v - 1 for k in 1 .. 2] + [v + 1 for k in 1 .. v / 5000] for v in 1 .. 6000]
let B = [[]] + A
game g(v) moves g(u) for u in B[v]
print sg(g(4000)), sg(sum of g(v) for v in 0 .. 4999)
print sg(g(5999))
`,
}

func TestAdjacencySweepExact(t *testing.T) {
	diffCases(t, adjacencyCases, passes.Sweep, passes.All)
}

// memberCases: x in L for a list L that tests meet again and again
// (maskcache's ListMask: small ints as a bitmap, big ints and strings
// sorted once L came twice in a row): the same answers as the operator's
// scan, with values of other kinds, an empty list, lists of both kinds,
// a list that changes, and the operator's errors.
var memberCases = []string{
	`let PR = [p for p in 2 .. 3000 if all([p % d != 0 for d in 2 .. p - 1 if d * d <= p])]
let BIG = [p * 100003 - 7 for p in PR] + [-5]
game h(n) moves h(n - k) for k in 1 .. n if k in PR or k == 1
print sg(h(800)), len([n for n in 0 .. 3000 if n in PR]), len([n for n in -10 .. 3000 if n * 100003 - 7 in BIG or n == -5 or n in BIG]), len([n for n in 0 .. 300 if not (n in BIG)])
let W = [str(p) for p in PR] + ["x"]
print len([n for n in 0 .. 3000 if str(n) in W]), len([n for n in 0 .. 30 if n in W]), len([s for s in ["x", "y", "2"] if s in W])
let M = [1, "a", 10 ** 9, (1, 2)]
print [x in M for x in [1, "a", 10 ** 9, (1, 2), 2, "b", (2, 1)]], [x in M for x in [1, "a", 10 ** 9, (1, 2), 2, "b", (2, 1)]]
print len([n for n in 0 .. 100 if n in [m * 10 ** 6 for m in 0 .. n % 7]])
print len([n for n in 0 .. 100 if n in []]), [n for n in 0 .. 5 if str(n) in [str(2 * m) for m in 0 .. n]]
`,
	`let E = [(a, (a * 7 + 3) % 50) for a in 0 .. 49] + [(1, 2, 3), ("x", 1)]
let F = [(a, (a * 7 + 3) % 50) for a in 0 .. 49]
game g(v) moves g(u) for u in 0 .. v - 1 if (v, u) in E or (u, v) in F
print [sg(g(v)) for v in 0 .. 49], len([1 for a in 0 .. 49 for b in 0 .. 49 if (a, b) in F]), [x in E for x in [(1, 2, 3), ("x", 1), (1, "x"), [1, 10], 1, (1, 10)]]
`,
	`let W = ["ab", "cd"]
print [s in W for s in ["ab", "x", "cd"]], [s in W for s in ["ab", "x", "cd"]]
print [3 in s for s in W]
`,
}

func TestMemberExact(t *testing.T) {
	diffCases(t, memberCases, passes.Composite, passes.All)
}

// TestEqIndexExplains: --explain says which for clause an index serves,
// over a list and over a range, and not where the pass is off.
func TestEqIndexExplains(t *testing.T) {
	src := "let E = [(1, 0), (2, 1)]\ngame dag(v) moves dag(b) for (a, b) in E if a == v\nlet n = len(E)\ngame d2(v) moves d2(E[i][1]) for i in 0 .. n - 1 if E[i][0] == v or E[i][1] == v + 5\nprint sg(dag(2)), sg(d2(2))\n"
	for _, off := range []passes.Pass{0, passes.EqIndex} {
		s := eval.NewSession(eval.Options{Disable: off})
		if err := s.ExecFile(context.Background(), "f.game", src); err != nil {
			t.Fatal(err)
		}
		var all strings.Builder
		for _, x := range s.Explain() {
			all.WriteString(x.String())
		}
		for _, want := range []string{"visits only the elements of E where a is v", "visits only the ints of (.. 0 (- n 1)) where (index (index E i) 0) is v or (index (index E i) 1) is (+ v 5)"} {
			if strings.Contains(all.String(), want) != (off == 0) {
				t.Errorf("pass off %v: explain has %q: %v\n%s", off, want, off == 0, all.String())
			}
		}
	}
}
