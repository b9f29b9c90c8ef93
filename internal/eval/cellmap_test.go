package eval_test

import (
	"testing"

	"github.com/grundy-lang/grundy/internal/passes"
)

// cellMapCases: options that rebuild a grid cell by cell (gridkey's cell
// maps), against the general way: Cram and Chomp through defs, a toggle
// (1 - g[r][k]), the grid's value where the condition holds, the
// comprehension written in the rule, arguments that are not names,
// ranges that do not cover the grid, rows of other lengths, a tuple of
// rows, cells that are not 0 or 1, a condition that fails at some cell
// or is not a bool, a let the condition reads.
var cellMapCases = []string{
	`let (H, W) = (3, 4)
def cover(g, a, b, c, d) = [[if r == a and k == b or r == c and k == d then 1 else g[r][k] for k in 0 .. W - 1] for r in 0 .. H - 1]
game cram(g) moves cram(cover(g, r, c, r, c + 1)) for r in 0 .. len(g) - 1 for c in 0 .. len(g[r]) - 2 if g[r][c] == 0 and g[r][c + 1] == 0
  | cram(cover(g, r + 0, c, r + 1, c)) for r in 0 .. len(g) - 2 for c in 0 .. W - 1 if g[r][c] == 0 and g[r + 1][c] == 0
let empty = [[0 for c in 0 .. W - 1] for r in 0 .. H - 1]
print sg(cram(empty)), [sg(cram(update(empty, r, update(empty[r], c, 1)))) for r in 0 .. H - 1 for c in 0 .. W - 1]
print moves(cram(([1, 1, 0, 0], [1, 1, 1, 1], [1, 1, 1, 1]))), moves(cram([[1, 0, 0, 1], [1, 1, 1, 1], [1, 1, 1, 1], [0, 0, 0, 0]]))
print [sg(cram([[a % 2, 0, 0, a / 2 % 2], [0, a / 4 % 2, 0, 0], [0, 0, 0, a / 8 % 2], [0, 0, 0, 0]])) for a in 0 .. 15]
print [sg(cram(([a % 2, 0, 0, a / 2 % 2], [0, a / 4 % 2, 0, 0], [0, 0, 0, a / 8 % 2]))) + sg(cram([[0, 0, 0, 0], [0, 0, 0, 0], [0, 0, 0, 0]])) for a in 0 .. 15]
print sg(cram([[0, 0, 0], [0, 0]])), sg(cram(([0, 0, 0, 0], [0, 0, 0, 0], [0, 0, 0, 0]))), moves(cram([[0, 0, 2, 0], [0, 0, 0, 0], [1, 1, 1, 1]]))`,
	`let (R, C) = (4, 5)
def bite(g, r, c) = [[if i >= r and j >= c then 0 else g[i][j] for j in 0 .. C - 1] for i in 0 .. R - 1]
game chomp(g) moves chomp(bite(g, r, c)) for r in 0 .. R - 1 for c in 0 .. C - 1 if g[r][c] == 1 and not (r == 0 and c == 0)
game keep(g) moves keep([[if i < r or j < c then g[i][j] else 0 for j in 0 .. C - 1] for i in 0 .. R - 1]) for r in 0 .. R - 1 for c in 0 .. C - 1 if g[r][c] == 1 and r + c > 0
let full = [[1 for j in 0 .. C - 1] for i in 0 .. R - 1]
print sg(chomp(full)), sg(keep(full)), moves(keep([[1, 1], [1, 1], [1, 0], [0, 0]]))`,
	`let N = 3
def press(g, a, b) = [[if abs(r - a) + abs(k - b) <= 1 then 1 - g[r][k] else g[r][k] for k in 0 .. N - 1] for r in 0 .. N - 1]
game lo(g, n) moves lo(press(g, r, c), n - 1) for r in 0 .. N - 1 for c in 0 .. N - 1 if g[r][c] == 1 and n > 0
print [sg(lo([[1, 0, 1], [0, 1, 0], [1, 1, 1]], n)) for n in 0 .. 4]
def turn(g, a, b) = [[if r == a and k >= b then 1 - g[r][k] else g[r][k] for k in 0 .. N - 1] for r in 0 .. N - 1]
game tt(g) moves tt(turn(g, r, c)) for r in 0 .. N - 1 for c in 0 .. N - 1 if g[r][c] == 1
print sg(tt([[1, 0, 1], [0, 1, 0], [1, 1, 1]])), moves(tt([[1, 0, 1], [0, 0, 0], [0, 1, 1]]))
print [sg(tt([[a % 2, a / 2 % 2, a / 4 % 2], [a / 8 % 2, 1, 0], [1, a / 16 % 2, 1]])) for a in 0 .. 31]
def half(g, a) = [[if k < a then g[r][k] else 0 for k in 0 .. 1] for r in 0 .. len(g) - 1]
game h(g) moves h(half(g, a)) for a in 0 .. 1 if g[0][a] == 1
print sg(h([[1, 1], [1, 0]])), sg(h([[1, 1, 1], [1, 0, 1]])), sg(h([[1, 1]]))`,
	`def cut(g, r, c) = [[if i >= r and j >= c then 0 else g[i][j] for j in 0 .. 19] for i in 0 .. 1]
game ch(g) moves ch(cut(g, r, c)) for r in 0 .. 1 for c in 0 .. 19 if g[r][c] == 1 and r + c > 0
print sg(ch([[1] * 20, [1] * 20])), [sg(ch([[1] * 20, [1] * k + [0] * (20 - k)])) for k in 0 .. 20]
def fl(g, a) = [[if k >= a and k < a + 5 then 1 - g[r][k] else g[r][k] for k in 0 .. 69] for r in 0 .. 0]
game long(g) moves long(fl(g, a)) for a in 0 .. 69 if g[0][a] == 1
print [sg(long([[if k > 57 and (k * m) % 7 < 3 then 1 else 0 for k in 0 .. 69]])) for m in 1 .. 6]`,
	// Lists rebuilt element by element (cell lines): over a range, over
	// enumerate, reading len(b), through a def with an argument that is
	// not a name; lists that are not of 0s and 1s, a tuple.
	`let N = 7
game ru(b) moves ru([if j <= k and k <= i then 1 - b[k] else b[k] for k in 0 .. len(b) - 1]) for i in 0 .. len(b) - 1 if b[i] == 1 for j in 0 .. i
def knock(b, i) = [if k == i or k == (i + 1) % len(b) then 0 else x for (k, x) in enumerate(b)]
game ring(b) moves ring(knock(b, i + 0)) for (i, x) in enumerate(b) if x == 1 and b[(i + 1) % len(b)] == 1
def keepf(b, i) = [if k < i then x else 0 for (k, x) in enumerate(b)]
game kf(b) moves kf(keepf(b, i)) for i in 0 .. len(b) - 1 if b[i] == 1
print [sg(ru([(m >> k) & 1 for k in 0 .. N - 1])) for m in 0 .. 2 ** N - 1], sum([sg(ring(n * [1])) + sg(ring([0] + (n - 1) * [1])) for n in 3 .. 12])
print [sg(kf([(m >> k) & 1 for k in 0 .. 9])) for m in 0 .. 1023 if m % 37 == 1], sg(ru([1, 0, 2])), sg(ring([1, 1, 1, true])), moves(ring((1, 1, 0, 1)))
print sg(kf([0, 1, 1] + [0] * 70 + [1, 1])), sg(kf([1] * 66 + [0, 1]))
game sh(b) moves sh([if k == i then 0 else b[k] for k in 0 .. len(b) - 2]) for i in 0 .. len(b) - 1 if b[i] == 1
print [sg(sh([(m >> k) & 1 for k in 0 .. 7])) for m in 0 .. 255 if m % 5 == 2]`,
	`def odd(g, a) = [[if (r + k) / (a - 1) > 0 then 0 else g[r][k] for k in 0 .. 2] for r in 0 .. 1]
game o(g) moves o(odd(g, a)) for a in 0 .. 2 if g[0][a] == 1
print sg(o([[1, 0, 0], [0, 0, 0]]))
print sg(o([[0, 1, 1], [1, 1, 1]]))`,
	`def bad(g, a) = [[if r + a then 0 else g[r][k] for k in 0 .. 1] for r in 0 .. 1]
game b(g) moves b(bad(g, a)) for a in 0 .. 1 if g[0][a] == 1
print sg(b([[0, 0], [1, 1]]))
print sg(b([[1, 1], [1, 1]]))`,
}

// nestedMapCases: cell maps whose grid is a cell map (put(put(g, r, c),
// r, c + 1)): the inner's key made first, no list built, against the
// general way: three deep, a toggle of a put, the ranges reading the
// grid (len(g): not nested), the inner's condition failing, the outer's
// argument overflowing, an inner that is not a cell map, a tuple grid,
// rows of other lengths, recursion deeper than the limit allows.
var nestedMapCases = []string{
	`let (H, W) = (3, 4)
def free(b, r, c) = r < H and c < W and b[r][c] == 0
def put(b, r, c) = [[if (i, j) == (r, c) then 1 else b[i][j] for j in 0 .. W - 1] for i in 0 .. H - 1]
game cram(b) moves
    cram(put(put(b, r, c), r, c + 1)) for r in 0 .. H - 1 for c in 0 .. W - 2 if free(b, r, c) and free(b, r, c + 1)
  | cram(put(put(b, r, c), r + 1, c)) for r in 0 .. H - 2 for c in 0 .. W - 1 if free(b, r, c) and free(b, r + 1, c)
game tri(b) moves tri(put(put(put(b, r, c), r, c + 1), r, c + 2)) for r in 0 .. H - 1 for c in 0 .. W - 3 if free(b, r, c) and free(b, r, c + 1) and free(b, r, c + 2)
print sg(cram([[0] * W for r in 0 .. H - 1])), sg(tri([[0] * W for r in 0 .. H - 1])), moves(cram([[1, 1, 0, 0], [1, 1, 1, 1], [1, 1, 1, 0]]))
print [sg(cram([[a % 2, 0, 0, a / 2 % 2], [0, a / 4 % 2, 0, 0], [0, 0, 0, a / 8 % 2]])) for a in 0 .. 15]
print sg(cram(([0, 0, 0, 0], [0, 0, 0, 0], [0, 0, 0, 0]))), moves(cram([[0, 0, 2, 0], [0, 0, 0, 0], [1, 1, 1, 1]]))
print moves(cram([[0, 0, 0], [0, 0, 0, 0], [0, 0, 0, 0]]))`,
	`let N = 3
def tog(g, a, b) = [[if r == a and k == b then 1 - g[r][k] else g[r][k] for k in 0 .. N - 1] for r in 0 .. N - 1]
def set0(g, a) = [[if r == a then 0 else g[r][k] for k in 0 .. N - 1] for r in 0 .. N - 1]
game t(g) moves t(tog(set0(g, r), r, c)) for r in 0 .. N - 1 for c in 0 .. N - 1 if g[r][c] == 1
game u(g) moves u(set0(tog(g, r, c), (r + 1) % N)) for r in 0 .. N - 1 for c in 0 .. N - 1 if g[r][c] == 1
print sg(t([[1, 0, 1], [0, 1, 0], [1, 1, 1]])), sg(u([[1, 0, 1], [0, 1, 0], [1, 1, 1]])), moves(u([[0, 1, 0], [0, 0, 0], [0, 0, 1]]))`,
	`def sput(g, a, b) = [[if r == a and k == b then 1 else g[r][k] for k in 0 .. len(g[0]) - 1] for r in 0 .. len(g) - 1]
game s(g) moves s(sput(sput(g, r, c), r, c + 1)) for r in 0 .. len(g) - 1 for c in 0 .. len(g[0]) - 2 if g[r][c] == 0 and g[r][c + 1] == 0
print [sg(s([[0] * w, [0] * w])) for w in 1 .. 5], sg(s(([0, 0, 0], [1, 0, 0]))), moves(s([[0, 0, 1], [0, 0, 0]]))
print sg(s([[0, 0, 0], [0, 0]]))`,
	`def lenput(g, a, b) = [[if r == a and k == b then 1 else g[r][k] for k in 0 .. len(g[r]) - 1] for r in 0 .. len(g) - 1]
game l(g) moves l(lenput(lenput(g, r, c), r, c)) for r in 0 .. 1 for c in 0 .. 1 if g[r][c] == 0
print sg(l([[0, 0], [0, 0]])), moves(l([[0, 1], [0, 1]]))`,
	`def put(g, a, b) = [[if r == a and k == b then 1 else g[r][k] for k in 0 .. 1] for r in 0 .. 1]
def odd(g, a) = [[if (r + k) / (a - 1) > 0 then 0 else g[r][k] for k in 0 .. 1] for r in 0 .. 1]
game o(g) moves o(put(odd(g, a), 0, a)) for a in 0 .. 1 if g[1][a] == 1
print sg(o([[0, 0], [0, 0]]))
print sg(o([[0, 0], [1, 1]]))`,
	`def put(g, a, b) = [[if r == a and k == b then 1 else g[r][k] for k in 0 .. 1] for r in 0 .. 1]
let K = 9223372036854775807
game v(g) moves v(put(put(g, 0, c), 1, c + K)) for c in 0 .. 1 if g[0][c] == 0
print sg(v([[0, 1], [0, 0]]))
print sg(v([[0, 0], [0, 0]]))`,
	`def put(g, a, b) = [[if r == a and k == b then 1 else g[r][k] for k in 0 .. 1] for r in 0 .. 1]
def swap(g) = [g[1], g[0]]
game w(g) moves w(put(swap(g), 0, c)) for c in 0 .. 1 if g[1][c] == 0
print sg(w([[0, 0], [0, 0]])), moves(w([[1, 0], [0, 1]]))
print sg(w([[0, 0], [0, "x"]]))`,
	`def put(g, a, b) = [[if r == a and k == b then 1 else g[r][k] for k in 0 .. 1] for r in 0 .. 1]
def deep(g, n) = if n == 0 then g else put(deep(g, n - 1), n % 2, 0)
let D = 3
game d(g) moves d(put(put(deep(g, D), 0, 1), 1, 1)) for i in 0 .. 0 if g[1][1] == 0
print sg(d([[0, 0], [0, 0]]))
game e(g) moves e(put(put(deep(g, 100000), 0, 1), 1, 1)) for i in 0 .. 0 if g[1][1] == 0
print sg(e([[0, 0], [0, 0]]))`,
}

func TestNestedCellMapExact(t *testing.T) {
	t.Parallel()
	diffCases(t, nestedMapCases, passes.Grids, passes.All)
}

func TestCellMapExact(t *testing.T) {
	t.Parallel()
	diffCases(t, cellMapCases, passes.Grids, passes.All)
}
