package eval_test

import (
	"testing"

	"github.com/grundy-lang/grundy/internal/passes"
)

// cellMaskCases: all and any of memberships of cells, p in X for the
// cells (r, c) of lines kept as masks of bits r * 64 + c (package
// masks, with a set held as words, package wordsets, or a set value),
// against the fold as written: lines of cells and of ints, lines that
// mix them or hold other values, cells off the 64 x 64 board, negative
// ones, empty lines, sets with other elements, and an error inside a
// line.
var cellMaskCases = []string{
	`let (W, H) = (4, 3)
let LINES = [[(r, c), (r + dr, c + dc), (r + 2 * dr, c + 2 * dc)]
             for r in 0 .. H - 1 for c in 0 .. W - 1 for (dr, dc) in [(0, 1), (1, 0), (1, 1), (1, -1)]
             if 0 <= r + 2 * dr and r + 2 * dr < H and 0 <= c + 2 * dc and c + 2 * dc < W]
def three(X) = any([all([p in X for p in L]) for L in LINES])
game nota(X) moves nota(X | {(r, c)}) for r in 0 .. H - 1 for c in 0 .. W - 1 if (r, c) not in X and not three(X | {(r, c)})
print sg(nota(set())), [sg(nota({(r, c)})) for r in 0 .. H - 1 for c in 0 .. W - 1]
print three({(0, 0), (0, 1), (0, 2)}), three({(0, 0), (1, 1), 7, "a"}), three({(0, 0), (1, 1), (2, 2), 5})`,
	`let L = [[(0, 0), (0, 1)], [(1, 0), (70, 1)], [(2, 2), (-1, 0)]]
game g(X) moves g(X - {p}) for p in X if not any([all([q in X for q in l]) for l in L])
  | g(X - {p, q}) for p in X for q in X if p < q and all([any([r not in X for r in l]) for l in L])
print sg(g({(0, 0), (0, 1), (1, 0), (2, 2)})), sg(g({(0, 0), (1, 0), (70, 1)})), sg(g({(2, 2), (-1, 0), (0, 1)}))
print any([all([q in {(0, 0), (0, 1)} for q in l]) for l in L]), all([q in {(70, 1), (1, 0), 3} for q in L[1]])`,
	`let L = [[(0, 0), 1], [(1, 1), (0, 0)]]
game g(X) moves g(X - {p}) for p in X if any([all([q in X for q in l]) for l in L]) or len(X) % 2 == 1
print sg(g({(0, 0), 1, (1, 1), 2})), sg(g({(0, 0), (1, 1), 3}))`,
	`let L = [[(0, 0), (0, 1)], [], [(1, 1)]]
game g(X) moves g(X - {p}) for p in X if not all([any([q in X for q in l]) for l in L]) or p == (1, 1)
print sg(g({(0, 0), (1, 1), (0, 1)})), any([all([q in {(1, 1)} for q in l]) for l in L]), all([any([q in {(1, 1)} for q in l]) for l in L])`,
	`let L = [[(0, 0), (0, 1 / 0)]]
game g(X) moves g(X - {p}) for p in X if any([all([q in X for q in l]) for l in L])
print sg(g({(0, 0)}))`,
	`def L(n) = [[(0, j), (1, j)] for j in 0 .. n]
game g(X) moves g(X - {p}) for p in X if any([all([q in X for q in l]) for l in L(len(X))])
print sg(g({(r, c) for r in 0 .. 1 for c in 0 .. 2})), sg(g({(r, c) for r in 0 .. 1 for c in 60 .. 63}))`,
	`let LINES = [[0, 1, 2], [3, 4, 5], [0, 3, 6], [2, 4, 6]]
game g(X) moves g(X | {j}) for j in 0 .. 6 if j not in X and not any([len([i for i in L if i in (X | {j})]) == 2 for L in LINES])
print sg(g(set())), [sg(g({j})) for j in 0 .. 6]`,
	`let LINES = [[(0, 0), (0, 1), (0, 2)], [(1, 0), (1, 1), (1, 2)], [(0, 0), (1, 1), (2, 2)], [(2, 0), (1, 1), (0, 2)]]
game g(X) moves g(X | {(r, c)}) for r in 0 .. 2 for c in 0 .. 2 if (r, c) not in X and all([len([p for p in L if p not in (X | {(r, c)})]) >= 1 for L in LINES])
print sg(g(set())), [sg(g({(r, c)})) for r in 0 .. 2 for c in 0 .. 2]`,
	// (Folds over a set held as ids, package wordsets: lists with
	// elements no set of the universe holds, of several kinds, not in,
	// counts, an empty universe.)
	`let LINES = [["a", "b"], ["b", "z"], ["c", (1, 2)], ["a", "c", "d"], []]
def f1(X) = any([all([p in X for p in L]) for L in LINES])
def f2(X) = all([any([p not in X for p in L]) for L in LINES])
def f3(X) = any([any([p in X for p in L]) for L in LINES])
def f4(X) = all([all([p not in X for p in L]) for L in LINES[:4]])
def f5(X) = any([len([p for p in L if p not in X]) == 1 for L in LINES])
def f6(X) = all([len([p for p in L if p in X]) < 2 for L in LINES])
def f7(X) = any([len([p for p in L if p not in X]) == 1 for L in [["c", "z"], ["d", "y"]]])
game h7(X) moves h7(X | {e}) for e in ["a", "b", "c", "d", "e"] if e not in X and not f7(X | {e})
game h1(X) moves h1(X | {e}) for e in ["a", "b", "c", "d", "e"] if e not in X and not f1(X | {e})
game h2(X) moves h2(X | {e}) for e in ["a", "b", "c", "d", "e"] if e not in X and not f2(X | {e})
game h3(X) moves h3(X | {e}) for e in ["a", "b", "c", "d", "e"] if e not in X and not f3(X | {e})
game h4(X) moves h4(X | {e}) for e in ["a", "b", "c", "d", "e"] if e not in X and not f4(X | {e})
game h5(X) moves h5(X | {e}) for e in ["a", "b", "c", "d", "e"] if e not in X and not f5(X | {e})
game h6(X) moves h6(X | {e}) for e in ["a", "b", "c", "d", "e"] if e not in X and not f6(X | {e})
print [[sg(h1(S)), sg(h2(S)), sg(h3(S)), sg(h4(S)), sg(h5(S)), sg(h6(S)), sg(h7(S))] for S in [set(), {"e"}, {"d"}]]`,
	`let LINES = [[(0, 0), (0, 1)], [(0, 1), (0, 2)], [(0, 0), (5, 5)]]
def free(X) = all([any([p not in X for p in L]) for L in LINES])
def one(X) = any([all([p in X for p in L]) for L in [LINES[2]]])
game t(X) moves t(X | {(0, c)}) for c in 0 .. 3 if (0, c) not in X and free(X | {(0, c)})
game u(X) moves u(X | {(0, c)}) for c in 0 .. 3 if (0, c) not in X and not one(X | {(0, c)})
print sg(t(set())), sg(u(set())), [sg(t({(0, c)})) for c in 0 .. 3]`,
	`let L = [1, 2, 3]
def none(X) = all([p not in X for p in L])
def some(X) = any([p in X for p in L])
game t(X) moves t(X | {c}) for c in 0 .. 5 if c not in X and (none(X | {c}) or c > 3)
game u(X) moves u(X | {c}) for c in 0 .. 5 if c not in X and not some(X | {c}) or c == 5 and c not in X
print sg(t(set())), sg(u(set())), sg(u({0}))`,
	// (Lines as sets, L & S == L: L inside S, over a set held as ids.)
	`let LINES = [{(0, 0), (0, 1), (0, 2)}, {(1, 0), (1, 1), (1, 2)}, {(0, 0), (1, 1), (2, 2)}, {(2, 0), (1, 1), (0, 2)}, {(0, 0), (9, 9)}, set()]
def bad(X) = any([L & X == L for L in LINES[:5]])
def ok1(X) = all([X & L != L for L in LINES[:5]])
def bad2(X) = any([not (L & X != L) for L in LINES])
game t(X) moves t(X | {(r, c)}) for r in 0 .. 2 for c in 0 .. 2 if (r, c) not in X and not bad(X | {(r, c)})
game u(X) moves u(X | {(r, c)}) for r in 0 .. 2 for c in 0 .. 2 if (r, c) not in X and ok1(X | {(r, c)})
game v(X) moves v(X | {(r, c)}) for r in 0 .. 2 for c in 0 .. 2 if (r, c) not in X and not bad2(X | {(r, c)}) or len(X) < 2
print sg(t(set())), sg(u(set())), sg(v(set())), [sg(t({(r, c)})) for r in 0 .. 2 for c in 0 .. 2]`,
	`let LINES = [{1, 2}, {2, 3}, 5]
def bad(X) = any([L & X == L for L in LINES])
game t(X) moves t(X | {c}) for c in 0 .. 4 if c not in X and not bad(X | {c})
print sg(t({4}))
print sg(t(set()))`,
	// A fold per line of LINES, its line the input (kept by the line's
	// identity): lines alike but made apart, a line with a cell off the
	// board (as compiled, failing where it reads it).
	`let (H, W) = (3, 4)
let LINES = [[(r, c), (r, c + 1), (r, c + 2)] for r in 0 .. H - 1 for c in 0 .. W - 3] + [[(0, c), (1, c), (2, c)] for c in 0 .. W - 1] + [[(0, 0), (0, 1), (0, 2)]]
def place(g, r, c) = [[if i == r and j == c then 1 else g[i][j] for j in 0 .. W - 1] for i in 0 .. H - 1]
def lost(g) = any([all([g[r][c] == 1 for (r, c) in L]) for L in LINES])
game nt(g) moves nt(place(g, r, c)) for r in 0 .. H - 1 for c in 0 .. W - 1 if g[r][c] == 0 and not lost(place(g, r, c))
let E = [[0 for c in 0 .. W - 1] for r in 0 .. H - 1]
print sg(nt(E)), [sg(nt(place(E, r, c))) for r in 0 .. H - 1 for c in 0 .. W - 1], moves(nt(place(E, 1, 1)))
def lost2(g) = any([all([g[r][c] == 1 for (r, c) in L]) for L in LINES + [[(0, 0), (5, 5)]]])
game nt2(g) moves nt2(place(g, r, c)) for r in 0 .. H - 1 for c in 0 .. W - 1 if g[r][c] == 0 and not lost2(place(g, r, c))
print sg(nt2(E))`,
}

func TestCellMasksExact(t *testing.T) {
	t.Parallel()
	diffCases(t, cellMaskCases, passes.Masks, passes.Composite, passes.All)
}

// rangeMaskCases: all and any of a test of each int of a range, z in S,
// z not in S, b[k] == "X", != and not, as masks of the range (package
// masks' rangeMasks), against the folds as written: empty ranges, ends
// past a string, negative ends, ends that are not ints, a set with
// other elements, a list, an end that fails.
var rangeMaskCases = []string{
	`game silver(S) moves silver(S - {x} | {y}) for x in S for y in 0 .. x - 1 if y not in S and all([z not in S for z in y + 1 .. x - 1])
print [sg(silver({a, b, c})) for a in 0 .. 4 for b in a + 1 .. 6 for c in b + 1 .. 70 if c % 9 == 0 or c < 9]
def gap(b, i, j) = any([b[k] == "X" for k in i .. j])
def none(b, i, j) = all([not (b[k] != ".") for k in i .. j])
print gap("..X..", 0, 1), gap("..X..", 1, 3), gap("..X..", 3, 2), none(".....", 0, 4), none("..X..", 0, 4), none("..X..", 3, 4)
print all([z in {1, 2, "a", 3} for z in 1 .. 3]), any([z in [5, 7] for z in 6 .. 100]), any([z not in {1} for z in -2 .. 0])
print all([z in {1} for z in 1 .. "a"])`,
	`print any([b == "X" for b in "abc"]), any([k in {1} for k in 1 .. 10 / 0])`,
	`def gap(b, i, j) = any([b[k] == "X" for k in i .. j])
print gap("..X..", 3, 9)`,
}

func TestRangeMasksExact(t *testing.T) {
	t.Parallel()
	diffCases(t, rangeMaskCases, passes.Masks, passes.All)
}

// memberMaskCases: all and any of conjunctions of memberships of cells
// the loops compute in a set (package linemasks' member cells), against
// the fold as compiled: Notakto as a set of cells, each cell's lines
// folded once and kept by its values; a set of ints, a set over a
// universe of strings, a list as the board (as compiled), tests of a
// list and memberships together, an element that is not a cell.
var memberMaskCases = []string{
	`let (H, W) = (3, 4)
let DIRS = [(0, 1), (1, 0), (1, 1), (1, -1)]
def completes(X, r, c) = any([(r + a * dr, c + a * dc) in X and (r + b * dr, c + b * dc) in X
                             for (dr, dc) in DIRS for (a, b) in [(-2, -1), (-1, 1), (1, 2)]])
game nt(X) moves nt(X | {(r, c)}) for r in 0 .. H - 1 for c in 0 .. W - 1 if (r, c) not in X and not completes(X, r, c)
print sg(nt(set())), [sg(nt({(r, c)})) for r in 0 .. H - 1 for c in 0 .. W - 1], completes([(0, 0), (0, 1)], 0, 2), completes({(0, 0), (0, 1), 7}, 0, 2)`,
	`def near(S, v) = all([v - d in S or v + d in S for d in [1, 2] if v - d >= 0])
game g(S) moves g(S - {v}) for v in S if not near(S, v) or v == 0
print [sg(g(set(0 .. n))) for n in 0 .. 8], sg(g({0, 2, 4, 5, 9}))
def pals(S, w) = any([w + x in S and x + w in S for x in ["a", "b"]])
game h(S) moves h(S - {w}) for w in S if not pals(S, w)
print sg(h({"a", "b", "aa", "ab", "ba", "bb", "aba"})), moves(h({"a", "aa", "ab"}))
def adj(S, v) = any([v + d in S and v + 2 * d in S for d in [1, -1]])
game k(S) moves k(S - {v}) for v in S if not adj(S, v)
game q(n) moves q(n - 1) if n > 0 and adj({0, 1, 2, 5, 7, 8, (1, 2)}, n)
print [sg(k(set(0 .. n) - {3})) for n in 0 .. 9], [sg(q(n)) for n in 0 .. 9]`,
	`def both(X, r, c) = any([(r, c + 1) in X and X[0] == (r, c) for d in [1]])
print both([(0, 0), (0, 1)], 0, 0), both([(0, 1), (0, 0)], 0, 0)
print both({(0, 0), (0, 1)}, 0, 0)`,
}

func TestMemberMasksExact(t *testing.T) {
	t.Parallel()
	diffCases(t, memberMaskCases, passes.Masks, passes.All)
}
