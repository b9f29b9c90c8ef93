package eval_test

import (
	"testing"

	"github.com/grundy-lang/grundy/internal/passes"
)

// gridBitCases: moves that bind a grid of 0s and 1s (a list of lists),
// test it and yield it (package gridbits: the grid as the bits of a
// word): the same values and errors with the passes on and off, where
// the grid is one of 0s and 1s and where it is not (a 2, a ragged row,
// tuple rows, more than 64 cells), a row or a column is out of the grid,
// the lines read cells past it, a def called on it fails, and tests the
// bits do not answer (run on the grid made from them).
var gridBitCases = []string{
	// Notakto on 3 x 3, 3 x 4 and 4 x 4, spelled several ways.
	`let LINES = [[(r + k * dr, c + k * dc) for k in 0 .. 2] for r in 0 .. 3 for c in 0 .. 3 for (dr, dc) in [(0, 1), (1, 0), (1, 1), (1, -1)] if 0 <= r + 2 * dr and r + 2 * dr < 4 and 0 <= c + 2 * dc and c + 2 * dc < 4]
def put(b, r, c) = update(b, r, update(b[r], c, 1))
def full(b) = any([all([b[r][c] == 1 for (r, c) in L]) for L in LINES])
game nt(b) moves nt(put(b, r, c)) for r in 0 .. len(b) - 1 for c in 0 .. len(b[0]) - 1 if b[r][c] == 0 and not full(put(b, r, c))
game nu(b) moves nu(update(b, r, update(b[r], c, 1))) for r in 0 .. len(b) - 1 for c in 0 .. len(b[0]) - 1 if b[r][c] == 0 if not any([all([update(b, r, update(b[r], c, 1))[i][j] == 1 for (i, j) in L]) for L in LINES])
let E = [[0] * 4 for r in 0 .. 3]
print sg(nt(E)), sg(nu(E)), sg(nt(put(E, 1, 1))), moves(nt(put(put(E, 0, 0), 0, 1)))`,
	`let LINES = [[(0, 0), (0, 1), (0, 2)], [(1, 0), (1, 1), (1, 2)], [(2, 0), (2, 1), (2, 2)], [(0, 0), (1, 0), (2, 0)], [(0, 1), (1, 1), (2, 1)], [(0, 2), (1, 2), (2, 2)], [(0, 0), (1, 1), (2, 2)], [(0, 2), (1, 1), (2, 0)]]
def put(b, r, c) = update(b, r, update(b[r], c, 1))
def alive(b) = all([not all([b[r][c] == 1 for (r, c) in L]) for L in LINES])
def few(b) = all([any([b[r][c] == 0 for (r, c) in L]) for L in LINES])
game a(b) moves a(put(b, r, c)) for r in 0 .. 2 for c in 0 .. 2 if b[r][c] == 0 and not not alive(put(b, r, c)) and not not few(put(b, r, c))
print sg(a([[0, 0, 0], [0, 0, 0], [0, 0, 0]])), sg(a([[1, 0, 0], [0, 0, 0], [0, 0, 1]]))`,
	// Two cells a move (Cram with a guard on the option), lines tested
	// for 0s, a count of a line.
	`def put2(b, r, c) = update(b, r, update(update(b[r], c, 1), c + 1, 1))
def stuck(b) = all([b[r][c] == 1 or b[r][c + 1] == 1 for r in 0 .. len(b) - 1 for c in 0 .. len(b[0]) - 2])
game h(b) moves h(put2(b, r, c)) for r in 0 .. len(b) - 1 for c in 0 .. len(b[0]) - 2 if b[r][c] == 0 and b[r][c + 1] == 0 and not stuck(put2(b, r, c))
print sg(h([[0, 0, 0, 0], [0, 0, 0, 0], [0, 0, 0, 0]])), sg(h([[0, 0, 0, 0, 0], [0, 0, 0, 0, 0]]))`,
	// Not a grid of 0s and 1s: a 2, a ragged row, tuple rows, more than
	// 64 cells; an element put that is not 0 or 1.
	`let LINES = [[(0, 0), (0, 1)], [(1, 0), (1, 1)]]
def put(b, r, c) = update(b, r, update(b[r], c, 1))
def full(b) = any([all([b[r][c] == 1 for (r, c) in L]) for L in LINES])
game nt(b) moves nt(put(b, r, c)) for r in 0 .. len(b) - 1 for c in 0 .. len(b[r]) - 1 if b[r][c] != 1 and not full(put(b, r, c))
print sg(nt([[0, 2], [0, 0]])), sg(nt([[0, 0, 0], [0, 0]])), sg(nt([(0, 0), (0, 0)])), sg(nt([[0, 0, 0] + [1] * 30, [0, 0, 0] + [1] * 30]))`,
	`def put(b, r, c, k) = update(b, r, update(b[r], c, k))
def ok(g) = g[0][0] + g[len(g) - 1][0] < 3
game p(b) moves p(put(b, r, c, 2)) for r in 0 .. 1 for c in 0 .. 1 if b[r][c] == 0 and not not ok(put(b, r, c, 2))
    | p(put(b, r, c, 0)) for r in 0 .. 1 for c in 0 .. 1 if b[r][c] == 1 and not not ok(put(b, r, c, 0))
print [sg(p([[x, y], [z, 1 - x]])) for x in 0 .. 1 for y in 0 .. 1 for z in 0 .. 1]`,
	// A row or a column out of the grid; lines past it.
	`def put(b, r, c) = update(b, r, update(b[r], c, 1))
def ok(g) = g[0][0] + g[len(g) - 1][0] < 2
game p(b) moves p(put(b, r, c + 1)) for r in 0 .. 1 for c in 0 .. 1 if b[r][c] == 0 and not not ok(put(b, r, c + 1))
print [sg(p([[x, y, 1], [z, 0, 1]])) for x in 0 .. 1 for y in 0 .. 1 for z in 0 .. 1]
print sg(p([[0, 0], [0, 0]]))`,
	`def put(b, r, c) = update(b, r, update(b[r], c, 1))
def ok(g) = g[0][0] + g[len(g) - 1][0] < 2
game p(b) moves p(put(b, r + 1, c)) for r in 0 .. 1 for c in 0 .. 1 if b[r][c] == 0 and not not ok(put(b, r + 1, c))
print sg(p([[0, 0], [0, 0]]))`,
	`let LINES = [[(0, 0), (0, 1)], [(2, 0), (2, 1)]]
def put(b, r, c) = update(b, r, update(b[r], c, 1))
def full(b) = any([all([b[r][c] == 1 for (r, c) in L]) for L in LINES])
game nt(b) moves nt(put(b, r, c)) for r in 0 .. 1 for c in 0 .. 1 if b[r][c] == 0 and not full(put(b, r, c))
print sg(nt([[0, 0], [0, 0], [0, 0]]))
print sg(nt([[0, 0], [0, 0]]))`,
	// A def on the grid that fails; a test the bits do not answer; the
	// lines compared with a string.
	`def put(b, r, c) = update(b, r, update(b[r], c, 1))
def bad(b) = b[0][0] / (b[1][1] - 1) == 0
game p(b) moves p(put(b, r, c)) for r in 0 .. 1 for c in 0 .. 1 if b[r][c] == 0 and not bad(put(b, r, c))
print sg(p([[0, 0], [0, 1]]))
print sg(p([[0, 0], [0, 0]]))`,
	`def put(b, r, c) = update(b, r, update(b[r], c, 1))
def xs(g) = any([x == "X" for x in g[0]])
def full(g) = any([all([g[i][j] == "X" for j in 0 .. 2]) for i in 0 .. 1])
game p(b) moves p(put(b, r, c)) for r in 0 .. 1 for c in 0 .. 2 if b[r][c] == 0 and not xs(put(b, r, c))
game q(b) moves q(put(b, r, c)) for r in 0 .. 1 for c in 0 .. 2 if b[r][c] == 0 and not full(put(b, r, c))
print sg(p([[0, 0, 0], [0, 0, 0]])), sg(q([[0, 0, 0], [0, 0, 0]]))`,
	// The option not the bound grid alone; a game of two arguments.
	`def put(b, r, c) = update(b, r, update(b[r], c, 1))
def ok(g) = g[0][0] + g[len(g) - 1][0] < 2
game p(b, n) moves p(put(b, r, c), n + 1) for r in 0 .. 1 for c in 0 .. 1 if b[r][c] == 0 and not not ok(put(b, r, c))
game q(b) moves q(put(b, r, c)) + *1 for r in 0 .. 1 for c in 0 .. 1 if b[r][c] == 0 and not not ok(put(b, r, c))
print sg(p([[0, 0], [0, 0]], 0)), sg(q([[0, 0], [0, 0]]))`,
	// A part of a def's body that fails: raised inside the def, its call
	// on the trace; an argument whose parameter the body does not read,
	// evaluated (and failing) all the same.
	`def put(b, r, c) = update(b, r, update(b[r], c / c, 1))
game gm(b) moves gm(put(b, r, c)) for r in 0 .. 1 for c in 0 .. 1 if b[r][c] == 0 and not put(b, r, c)[0][0] == 2
print sg(gm([[0, 0], [0, 0]]))`,
	`def put(b, r, c) = update(b, r, update(b[r], 0, 1))
game gm(b) moves gm(put(b, r, 1 / c)) for r in 0 .. 1 for c in 0 .. 1 if b[r][0] == 0 and not put(b, r, 1 / c)[0][0] == 2
print sg(gm([[0], [0]]))`,
	// (The option keyed from its grid's bits, package gridkey: the
	// argument the body does not read evaluated too.)
	`def put(b, z, c) = update(b, 0, update(b[0], c, 1))
game gm(b) moves gm(put(b, b[1], c)) for c in 0 .. 1 if b[0][c] == 0
print sg(gm([[0, 0]]))`,
}

// gridBitMoreCases: acyclic games (so that the SG search, not the
// loopy solver's listing, makes their moves) whose chains give up where
// the calls fail or make what is not a grid of 0s and 1s: a column or a
// row past the grid, an element 2; grids of several shapes, each
// position's value printed (a wrong bit shows).
var gridBitMoreCases = []string{
	`def put(b, r, c, k) = update(b, r, update(b[r], c, k))
def full(g) = any([all([g[i][j] == 1 for j in 0 .. 1]) for i in 0 .. 1])
game p(b) moves p(put(b, r, c, 1)) for r in 0 .. 1 for c in 0 .. 1 if b[r][c] == 0 and not full(put(b, r, c, 1))
    | p(put(b, r, c, 2)) for r in 0 .. 1 for c in 0 .. 1 if b[r][c] == 0 and not full(put(b, r, c, 2))
print [sg(p([[x, y], [z, 0]])) for x in 0 .. 1 for y in 0 .. 1 for z in 0 .. 1], sg(p([[0, 0], [0, 0], [0, 0]]))`,
	`let CS = [0, 1, 2]
def put(b, r, c) = update(b, r, update(b[r], c, 1))
def full(g) = any([all([g[i][j] == 1 for j in 0 .. 1]) for i in 0 .. 1])
game p(b) moves p(put(b, r, c)) for r in 0 .. len(b) - 1 for c in CS if b[r][c % len(b[r])] == 0 and not full(put(b, r, c))
print [sg(p([[x, y, 0], [0, 1 - y, x]])) for x in 0 .. 1 for y in 0 .. 1]
print sg(p([[1, 0], [0, 1]]))`,
	`let RS = [0, 1, 2]
def put(b, r, c) = update(b, r, update(b[r], c, 1))
def full(g) = any([all([g[i][j] == 1 for j in 0 .. 1]) for i in 0 .. 1])
game p(b) moves p(put(b, r, c)) for r in RS for c in 0 .. 1 if b[r % len(b)][c] == 0 and not full(put(b, r, c))
print [sg(p([[x, y], [0, 0], [y, 0]])) for x in 0 .. 1 for y in 0 .. 1]
print sg(p([[1, 0], [0, 1]]))`,
}

func TestGridBitMoreDiff(t *testing.T) {
	for _, off := range []passes.Pass{passes.BitLists, passes.All} {
		diffCases(t, gridBitMoreCases, off)
	}
}

func TestGridBitDiff(t *testing.T) {
	for _, off := range []passes.Pass{passes.BitLists, passes.Masks, passes.Shared, passes.All} {
		diffCases(t, gridBitCases, off) // (each case against each)
	}
}
