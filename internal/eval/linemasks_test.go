package eval_test

import (
	"testing"

	"github.com/grundy-lang/grundy/internal/passes"
)

// lineMaskCases: all and any over constant loops whose element is a
// conjunction of cell tests, the reads checked in place by a def
// (package linemasks), worked out once into lines of cells. The same
// values, errors and positions as with the masks pass off: a row too
// short or missing, a cell of another kind, a row that is not a string,
// a def without bounds checks (an index out of range or negative), an
// element that is not a bool, a pattern that does not unpack, an
// overflow, an or, a bound that changes between calls, empty loops,
// non-ASCII rows, lists of ints as rows.
var lineMaskCases = []string{
	`let (W, H) = (4, 3)
def at(g, r, c) = 0 <= r and r < H and 0 <= c and c < W and g[r][c] == "X"
def dead(g) = any([at(g, r, c) and at(g, r + dr, c + dc) and at(g, r + 2 * dr, c + 2 * dc)
                   for r in 0 .. H - 1 for c in 0 .. W - 1 for (dr, dc) in [(0, 1), (1, 0), (1, 1), (1, -1)]])
def put(g, r, c) = update(g, r, g[r][:c] + "X" + g[r][c + 1:])
game nota(g) moves nota(put(g, r, c)) for r in 0 .. H - 1 for c in 0 .. W - 1 if g[r][c] == "." and not dead(put(g, r, c))
let empty = [W * "." for r in 1 .. H]
print sg(nota(empty)), [sg(nota(put(empty, r, c))) for r in 0 .. H - 1 for c in 0 .. W - 1], moves(nota(["XX..", "....", "X..."]))
print dead(["XXX.", "....", "...."]), dead(["X...", ".X..", "..X."]), dead(["...X", "..X.", ".X.."]), dead(["X...", "X...", "...."])
print dead(("XXX.", "....", "....")), dead(["XXX.", "....", "....", 7]), dead(["XX.", "....", "...."])
`,
	`let (W, H) = (4, 3)
def at(g, r, c) = 0 <= r and r < H and 0 <= c and c < W and g[r][c] == "X"
def dead(g) = any([at(g, r, c) and at(g, r + dr, c + dc) for r in 0 .. H - 1 for c in 0 .. W - 1 for (dr, dc) in [(0, 1), (1, 0)]])
print dead(["Xé..", "X...", "...."]), dead(["Xé..", "....", "...."]), dead(["XXé", "....", "...."])
`,
	`let (W, H) = (4, 3)
def at(g, r, c) = 0 <= r and r < H and 0 <= c and c < W and g[r][c] == "X"
def dead(g) = any([at(g, r, c) and at(g, r + dr, c + dc) for r in 0 .. H - 1 for c in 0 .. W - 1 for (dr, dc) in [(0, 1), (1, 0)]])
print dead(["X...", "....", "..X"])
`,
	`let (W, H) = (4, 3)
def at(g, r, c) = 0 <= r and r < H and 0 <= c and c < W and g[r][c] == "X"
def dead(g) = any([at(g, r, c) and at(g, r + dr, c + dc) for r in 0 .. H - 1 for c in 0 .. W - 1 for (dr, dc) in [(0, 1), (1, 0)]])
print dead(["X...", "X...", "..X"])
`,
	`let (W, H) = (4, 3)
def at(g, r, c) = 0 <= r and r < H and 0 <= c and c < W and g[r][c] == "X"
def dead(g) = any([at(g, r, c) and at(g, r + dr, c + dc) for r in 0 .. H - 1 for c in 0 .. W - 1 for (dr, dc) in [(0, 1), (1, 0)]])
print dead(["X...", "X...", 5])
`,
	`let (W, H) = (4, 3)
def at(g, r, c) = 0 <= r and r < H and 0 <= c and c < W and g[r][c] == 1
def full(g) = all([at(g, r, c) for r in 0 .. H - 1 for c in 0 .. W - 1])
def some(g) = any([at(g, r, c) and at(g, r, c + 1) for r in 0 .. H - 1 for c in 0 .. W - 1])
print full([[1, 1, 1, 1], [1, 1, 1, 1], (1, 1, 1, 1)]), full([[1, 1, 1, 1], [1, 0, 1, 1], [1, 1, 1, 1]]), some([[0, 1, 0, 1], [1, 0, 1, 0], [0, 0, 1, 1]]), some([[0, 1, 0, 1], [1, 0, 1, 0], [0, 0, 1, 0]])
print full([[1, 1, 1, 1], [1, 1, 1, 1], [1, 1, "1", 1]]), some([["1", 1, 0, 1], [1, 0, 1, 0], [0, 0, 1, 1]])
print full([[1, 1, 1, 1], [1, 1, 1, 1]])
`,
	// No bounds checked: an index out of range, a negative one.
	`def two(g) = any([g[r][c] == "X" and g[r][c + 1] == "X" for r in 0 .. 1 for c in 0 .. 2])
print two(["..XX", "...."]), two(["X.X.", ".XX."])
print two(["...", "..."])
`,
	`def two(g) = any([g[r][c] == "X" and g[r][c - 1] == "X" for r in 0 .. 1 for c in 0 .. 2])
print two(["XX..", "...."])
`,
	`def two(g) = any([g[r][c] == "X" and g[r][c - 1] == "X" for r in 0 .. 1 for c in 0 .. 2])
print two(["....", "...."])
`,
	// An element that is not a bool, a pattern that does not unpack, an
	// overflow, an or, loops that are empty.
	`def f(g) = any([if c == 2 then 5 else g[r][c] == "X" for r in 0 .. 1 for c in 0 .. 2])
print f(["X...", "...."])
`,
	`def f(g) = all([if c == 2 then 5 else g[r][c] == "X" for r in 0 .. 1 for c in 0 .. 2])
print f(["X...", "...."])
print f(["XXX.", "XXX."])
`,
	`def f(g) = any([g[r][c] == "X" and g[r + dr][c] == "X" for r in 0 .. 1 for c in 0 .. 2 for (dr, dc) in [(0, 1), (1,)]])
print f(["....", "...."])
`,
	`def f(g) = any([g[r][c] == "X" and g[r * 4611686018427387904 * 4][c] == "X" for r in 0 .. 1 for c in 0 .. 2])
print f([".X..", "...."])
print f(["X...", "...."])
print f(["....", ".X.."])
`,
	`def f(g) = any([g[r][c] == "X" or g[r][c + 1] == "O" for r in 0 .. 1 for c in 0 .. 2])
print f(["....", "..O."]), f(["....", "...."]), all([g[r][c] == "X" for r in 0 .. -1 for c in 0 .. 5 for g in [[]]]), any([b[i] == 1 for i in 0 .. 3 for b in [[0, 0, 0, 1]]])
`,
	// A bound that changes between calls, a local board and bound.
	`def at(g, h, r, c) = 0 <= r and r < h and g[r][c] == "X"
def col(g, h) = any([at(g, h, r, c) and at(g, h, r + 1, c) for r in 0 .. h - 1 for c in 0 .. 1])
print [col(["X.", "X.", ".."], h) for h in 0 .. 3], [col(["..", "X.", "X."], h) for h in 0 .. 3]
print col(["X.", "X."], 3)
`,
	`def at(g, h, r, c) = 0 <= r and r < h and g[r][c] == "X"
def col(g, h) = any([at(g, h, r, c) and at(g, h, r + 1, c) for r in 0 .. h - 1 for c in 0 .. 1])
print col(["..", "..", "X."], 4)
`,
	// A string board of one dimension, a list of ints, other literals.
	`let N = 7
def f(s) = any([s[i] == "a" and s[i + k] == "a" and s[i + 2 * k] == "a" for i in 0 .. N - 1 for k in 1 .. 3 if i + 2 * k < N])
def g(s) = any([s[i] == "a" and s[i + k] == "a" for i in 0 .. N - 1 for k in 1 .. 2])
def h(v) = all([v[i] == true and v[i + 1] == 2 for i in [0, 2]])
print f("a.a.a.."), f("aa.....")
print g("a......"), g("......a")
print h([true, 2, true, 2]), h([true, 2, false, 2]), h([1, 2, true, 2]), h("ab")
`,
	// (Flat boards: one string or list, each cell V[I] == C of one
	// character, tested as the string's characters equal to C.)
	`let (W, H) = (4, 3)
def at(b, r, c) = b[r * W + c]
def line(b, r, c, dr, dc) = 0 <= r + 2 * dr and r + 2 * dr < H and 0 <= c + 2 * dc and c + 2 * dc < W and at(b, r, c) == "X" and at(b, r + dr, c + dc) == "X" and at(b, r + 2 * dr, c + 2 * dc) == "X"
def dead(b) = any([line(b, r, c, dr, dc) for r in 0 .. H - 1 for c in 0 .. W - 1 for (dr, dc) in [(0, 1), (1, 0), (1, 1), (1, -1)]])
game nota(b) moves nota(update(b, i, "X")) for i in 0 .. W * H - 1 if b[i] == "." and not dead(update(b, i, "X"))
let empty = (W * H) * "."
print sg(nota(empty)), [sg(nota(update(empty, i, "X"))) for i in 0 .. W * H - 1]
print dead("XXX........."), dead(["X", "X", "X", ".", ".", ".", ".", ".", ".", ".", ".", "."]), dead(["X", "X", 7, ".", ".", ".", ".", ".", ".", ".", ".", "."])
print dead("X....X....X."), dead("XX.X.X..X..é"), dead("XXé.........")
print dead("XXX")`,
	`let (W, H) = (3, 3)
def dead(b) = any([b[r * W + c] == "X" and b[r * W + c + 1] == "O" for r in 0 .. H - 1 for c in 0 .. W - 2])
def full(b) = all([b[r * W + c] == "X" or b[r * W + c] == "O" for r in 0 .. H - 1 for c in 0 .. W - 1])
print dead("XO......."), dead("OX......."), full("XOXOXOXOX"), full("XOXOXOXO."), dead(["X", "O"] + 7 * ["."])
print dead("XO")`,
}

// sharedDefCases: a call of a def whose body is plain, computed first by
// a filter and again by the yield, bound to a name (plan's shared.go):
// the same values and errors (the call's, at its place) with the pass
// off: a def that fails, a def that calls a def, a recursive def (not
// shared), arguments that fail.
var sharedDefCases = []string{
	`def put(g, r, c) = update(g, r, g[r][:c] + "X" + g[r][c + 1:])
def bad(g) = len([r for r in g if "XX" in r]) > 0
game p(g) moves p(put(g, r, c)) for r in 0 .. 1 for c in 0 .. 2 if g[r][c] == "." and not bad(put(g, r, c))
print sg(p(["...", "..."])), moves(p(["X..", ".X."]))
print sg(p(["...", ".."]))
`,
	`def put(g, r, c) = update(g, r, g[r][:c] + "X" + g[r][c + 1:])
def put2(g, r, c) = put(put(g, r, c), 1 - r, c)
game p(g) moves p(put2(g, r, c)) for r in 0 .. 1 for c in 0 .. 2 if g[r][c] == "." and g[1 - r][c] == "." and len(put2(g, r, c)) == 2
print sg(p(["...", "..."])), moves(p(["X..", "..."]))
print sg(p(["...", ".", "..."]))
`,
	`def rep(s, k) = if k == 0 then s else rep(s + "a", k - 1)
game q(s) moves q(rep(s, k)) for k in 1 .. 2 if len(s) < 6 and len(rep(s, k)) <= 6
print sg(q("")), moves(q("aaa"))
`,
	`def put(g, r, c) = update(g, r, g[r][:c] + "X" + g[r][c + 1:])
game p(g) moves p(put(g, r, c)) for r in 0 .. 2 for c in 0 .. 1 if len(put(g, r, c)) > 0
print sg(p(["..", ".."]))
`,
	// A grid of lists, its row read as an argument of the inner update
	// (g[r]): a row too short, a row missing.
	`def put(g, r, c) = update(g, r, update(g[r], c, 1))
def full(g) = any([all([x == 1 for x in row]) for row in g])
game p(g) moves p(put(g, r, c)) for r in 0 .. 1 for c in 0 .. 2 if g[r][c] == 0 and not full(put(g, r, c))
game q(g) moves q(update(g, r, update(g[r], c, 1))) for r in 0 .. 1 for c in 0 .. 2 if g[0][c] == 0 and sum(update(g, r, update(g[r], c, 1))[r]) < 3
print sg(p([[0, 0, 0], [0, 0, 0]])), moves(p([[1, 0, 1], [0, 0, 0]])), sg(q([[0, 0, 0], [0, 0, 0]]))
print sg(q([[0, 0, 0], [0, 0]]))
`,
	`def put(g, r, c) = update(g, r, update(g[r], c, 1))
game p(g) moves p(put(g, r, c)) for r in 0 .. 2 for c in 0 .. 1 if len(put(g, r, c)) > 0
print sg(p([[0, 0], [0, 0]]))
`,
}

func TestSharedDefDiff(t *testing.T) {
	for _, off := range []passes.Pass{passes.Shared, passes.All} {
		diffCases(t, sharedDefCases, off)
	}
}

// nestedLineCases: an element that is all or any of a comprehension of
// its own (folder.nested): the lines of LINES as lists of cells, all of
// their cells' tests (a grid of int rows: passIntRows; a set of cells;
// tuple rows); an inner if clause, an inner range, an inner any of plain
// bools, an inner any of cell tests (not folded), an inner element that
// is not a bool or fails, an inner loop over a value that is not a list,
// a row too short.
var nestedLineCases = []string{
	`let (R, C) = (3, 4)
let LINES = [[(r + k * dr, c + k * dc) for k in 0 .. 2] for r in 0 .. R - 1 for c in 0 .. C - 1 for (dr, dc) in [(0, 1), (1, 0), (1, 1), (1, -1)]
             if 0 <= r + 2 * dr and r + 2 * dr < R and 0 <= c + 2 * dc and c + 2 * dc < C]
def put(b, r, c) = update(b, r, update(b[r], c, 1))
def full(b) = any([all([b[p][q] == 1 for (p, q) in L]) for L in LINES])
game nt(b) moves nt(put(b, r, c)) for r in 0 .. R - 1 for c in 0 .. C - 1 if b[r][c] == 0 and not full(put(b, r, c))
let E = [[0] * C for r in 0 .. R - 1]
print sg(nt(E)), [sg(nt(put(E, r, c))) for r in 0 .. R - 1 for c in 0 .. C - 1], moves(nt([[1, 1, 0, 0], [0, 0, 0, 0], [1, 0, 0, 0]]))
print full([[1, 1, 1, 0], [0, 0, 0, 0], [0, 0, 0, 0]]), full(([1, 0, 0, 0], [0, 1, 0, 0], [0, 0, 1, 0])), full([(0, 0, 1, 0), (0, 1, 0, 0), (1, 0, 0, 0)]), full([[2, 2, 2, 2], [1] * 4, [true] * 4])
print full([[0, 0, 0, 0], [0, 0, 0, 0], [0, 0]])
`,
	`let LINES = [[(0, 0), (0, 1)], [(1, 0), (1, 1)], [(0, 0), (1, 1)]]
def f1(X) = any([all([p in X for p in L if p != (0, 1)]) for L in LINES])
def f2(X) = all([any([p in X for p in L]) for L in LINES])
def f3(X) = any([all([any([q == 1 for q in [1, 2]]) and p in X for p in L]) and all([k >= 0 for k in 0 .. 2]) for L in LINES])
def f4(X) = any([all([p in X for p in L]) or false for L in LINES])
print [f1(X) for X in [set(), {(0, 0)}, {(1, 0), (1, 1)}]], [f2(X) for X in [{(0, 0), (1, 0)}, {(0, 1)}]], f3({(0, 0), (0, 1)}), f3({(1, 1)}), f4({(1, 0), (1, 1)})
`,
	`let LINES = [[0, 1], [1, 2]]
def bad(X) = any([all([10 / (p - 1) > 0 or p in X for p in L]) for L in LINES])
print bad({0})
print bad({2})
`,
	`let LINES = [[0, 1], 5]
def bad(X) = any([all([p in X for p in L]) for L in LINES])
print bad({0, 1})
print bad({2})
`,
	`let LINES = [[0, 1], [1, 2]]
def nb(X) = any([all([if p in X then 1 else 0 for p in L]) for L in LINES])
print nb({0, 1})
`,
	// An if clause of the outer loops (a membership and an equality of
	// values that are not ints), large lists of lines passed as inputs
	// (kept by their identity: two lists equal but not the same, two
	// different), a filter that reads the board (not folded), one that
	// fails.
	`let (R, C) = (4, 4)
let LINES = [[(r + k * dr, c + k * dc) for k in 0 .. 2] for r in 0 .. R - 1 for c in 0 .. C - 1 for (dr, dc) in [(0, 1), (1, 0), (1, 1), (1, -1)]
             if 0 <= r + 2 * dr and r + 2 * dr < R and 0 <= c + 2 * dc and c + 2 * dc < C]
def completes(X, r, c) = any([all([p == (r, c) or p in X for p in L]) for L in LINES if (r, c) in L])
game nt(X) moves nt(X | {(r, c)}) for r in 0 .. R - 1 for c in 0 .. C - 1 if (r, c) not in X and not completes(X, r, c)
print sg(nt(set())), [sg(nt({(r, c)})) for r in 0 .. 1 for c in 0 .. C - 1]
def hits(X, Ls, v) = any([all([p in X for p in L]) for L in Ls if L[0] != v and v not in L])
let L2 = [[(r + k * dr, c + k * dc) for k in 0 .. 2] for r in 0 .. R - 1 for c in 0 .. C - 1 for (dr, dc) in [(0, 1), (1, 0), (1, 1), (1, -1)]
          if 0 <= r + 2 * dr and r + 2 * dr < R and 0 <= c + 2 * dc and c + 2 * dc < C]
let L3 = [L for L in LINES if L[0][0] == 0]
let B = {(0, 0), (0, 1), (0, 2), (1, 1), (2, 2)}
print [hits(B, Ls, v) for Ls in [LINES, L2, L3, LINES, L3] for v in [(0, 0), (0, 3), (5, 5)]]
def rd(X, Ls) = any([all([p in X for p in L]) for L in Ls if (0, 0) in X])
print rd(B, LINES), rd({(1, 1)}, LINES)
def bad(X, Ls) = any([all([p in X for p in L]) for L in Ls if L[5] == 0])
print bad(B, LINES)
`,
	// Inputs of a def's fold that are ints and lists (their fold kept by
	// the ints and the lists' identities): the same ints with other
	// lists, equal lists that are other objects, ints past 2^19 and
	// negative, cells the lines lack.
	`def done(X, r, c, LS) = any([all([p == (r, c) or p in X for p in L]) for L in LS if (r, c) in L])
let A = [[(r, c), (r, c + 1), (r, c + 2)] for r in 0 .. 3 for c in 0 .. 1] + [[(0, 0), (1, 1), (2, 2)]]
let B = [[(r, c), (r + 1, c), (r + 2, c)] for r in 0 .. 1 for c in 0 .. 3]
let A2 = [L for L in A]
print [done({(0, 0), (0, 1)}, 0, c, A) for c in 0 .. 2], [done({(0, 0), (0, 1)}, 0, c, B) for c in 0 .. 2], [done({(0, 0), (1, 0)}, 2, 0, LS) for LS in [A, B, A2, B]]
print [done({(600000, 1), (600000, 2)}, 600000, 0, [[(600000, k) for k in 0 .. 2]]), done({(-7, 1)}, -7, 0, [[(-7, 0), (-7, 1)]]), done(set(), 5, 5, A)]
game nt(X) moves nt(X | {(r, c)}) for r in 0 .. 2 for c in 0 .. 2 if (r, c) not in X and not done(X, r, c, A + B)
print sg(nt(set())), sg(nt({(1, 1)}))
print [done({(r, 0), (r, 1), (0, c)}, r, c, LS) for LS in [A, B, A2, A, B] for r in 0 .. 3 for c in 0 .. 2]`,
}

// countLineCases: an element that compares the length of a
// comprehension filtered by cell tests with an int (countTest: a line
// tested by how many of its cells pass), a membership in a loop's list
// beside it: == != < <= > >=, either way round, a filter that is a
// plain bool, a cell counted twice, a loop after a cell's test, an
// element that fails, an int element (all's error), grids and strings.
var countLineCases = []string{
	`let (R, C) = (3, 4)
let LINES = [[(r + k * dr) * C + c + k * dc for k in 0 .. 2] for r in 0 .. R - 1 for c in 0 .. C - 1 for (dr, dc) in [(0, 1), (1, 0), (1, 1), (1, -1)]
             if 0 <= r + 2 * dr and r + 2 * dr < R and 0 <= c + 2 * dc and c + 2 * dc < C]
def completes(X, i) = any([i in L and len([p for p in L if p in X]) == 2 for L in LINES])
game nt(X) moves nt(X | {i}) for i in 0 .. R * C - 1 if i not in X and not completes(X, i)
print sg(nt(set())), [sg(nt({i})) for i in 0 .. R * C - 1]
def f(X, k) = [any([len([p for p in L if p in X]) >= k for L in LINES]), all([k > len([p for p in L if p in X]) for L in LINES]), any([len([p for p in L if p in X]) != k for L in LINES]), any([len([p for p in L if p > 0 if p in X]) < k for L in LINES]), any([len([p for p in L if p in X]) <= k - 2 for L in LINES])]
print [f(X, k) for X in [set(), {0, 1, 2}, {0, 4, 8, 5}, set(0 .. 11)] for k in 0 .. 4]
`,
	`let LINES = [[0, 1, 0], [1, 2]]
def twice(X) = any([len([p for p in L if p in X]) == 2 for L in LINES])
def after(X) = any([len([q for p in L if p in X for q in [1, 2]]) == 2 for L in LINES])
def fails(X) = any([len([10 / p for p in L if p in X]) == 1 for L in LINES])
def intel(X) = all([len([p for p in L if p in X]) for L in LINES])
def inner(X) = any([all([len([p for p in L if p in X]) == 1 for k in 0 .. 1]) for L in LINES])
print twice({0}), twice({1, 2}), after({0}), after({2}), inner({0}), inner({1, 2}), inner({0, 1})
print fails({1, 2})
print fails({0})
`,
	`let LINES = [[0, 1]]
def intel(X) = all([len([p for p in L if p in X]) for L in LINES])
print intel({0})
`,
	// Counts spelled sum([1 for ...]) and len({...}) (a set: its
	// elements counted once), sum of 2s, a set whose elements collapse.
	`let LINES = [[0, 1, 2], [2, 3], [1, 4, 5]]
def s2(X) = [any([sum([1 for p in L if p in X]) == 2 for L in LINES]), all([sum([1 for p in L if p in X]) >= 1 for L in LINES])]
def st(X) = [any([len({p for p in L if p in X}) == 2 for L in LINES]), any([len({1 for p in L if p in X}) == 1 for L in LINES])]
def tw(X) = any([sum([2 for p in L if p in X]) == 2 for L in LINES])
print [[s2(X), st(X), tw(X)] for X in [set(), {0}, {0, 1}, {2, 3}, {1, 4}, {0, 1, 2, 3, 4, 5}]]
`,
	// A count inside an all of its own: not a conjunction of the cells
	// (all of count lines once merged them into one: wrong).
	`let LINES = [[0, 1], [1, 2]]
def inner(X) = any([all([len([p for p in L if p in X]) == 1 for k in 0 .. 1]) for L in LINES])
def both(X) = any([all([len([p for p in L if p in X]) == 1, 0 in X]) for L in LINES])
print inner({0}), inner({1, 2}), inner({0, 1}), inner({2}), inner(set()), both({0}), both({0, 1})
`,
	`let W = 4
let LINES = [[(r, c), (r, c + 1), (r, c + 2)] for r in 0 .. 1 for c in 0 .. W - 3] + [[(0, c), (1, c)] for c in 0 .. W - 1]
def g3(b) = any([len([1 for (p, q) in L if b[p][q] == 1]) == len(L) for L in LINES])
def s3(b) = any([len([1 for (p, q) in L if b[p * W + q] == "X"]) >= 3 for L in LINES])
print [g3(b) for b in [[[1, 1, 1, 0], [0, 0, 0, 0]], [[1, 0, 1, 0], [1, 0, 0, 0]], [[0, 1, 0, 1], [0, 0, 1, 0]]]], [s3(s) for s in ["XXX.....", "X.X.X...", ".XXX...."]]
print g3([[1, 1], [0, 0]])
`,
}

func TestCountLineMasksDiff(t *testing.T) {
	for _, off := range []passes.Pass{passes.Masks, passes.All} {
		diffCases(t, countLineCases, off)
	}
}

func TestNestedLineMasksDiff(t *testing.T) {
	for _, off := range []passes.Pass{passes.Masks, passes.All} {
		diffCases(t, nestedLineCases, off)
	}
}

func TestLineMasksDiff(t *testing.T) {
	for _, off := range []passes.Pass{passes.Masks, passes.All} {
		diffCases(t, lineMaskCases, off)
	}
}
