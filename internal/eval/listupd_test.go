package eval_test

import (
	"strings"
	"testing"

	"github.com/grundy-lang/grundy/internal/passes"
)

// listUpdCases: update of lists and tuples copied without the built-in's
// call, and a grid's cell update(g, r, update(g[r], c, 1)) (through a
// def and written in place) reading the row once (package listupd): the
// same values, errors and positions as with the pass off and every pass
// off: Cram, vertical dominoes and Node Kayles on grids of rows of 0s
// and 1s, a grid that is not 0/1 (strings, bools, tuples of rows), an
// index out of range in g[r + 1][c], rows of different lengths, update
// out of range (of the grid and of a row), a negative index, an index
// that is not an int, update of a string, a map and an int.
var listUpdCases = []string{
	`def put(g, r, c) = update(g, r, update(g[r], c, 1))
game cram(g) moves
    cram(put(put(g, r, c), r, c + 1)) for r in 0 .. len(g) - 1 for c in 0 .. len(g[r]) - 2 if g[r][c] == 0 and g[r][c + 1] == 0
  | cram(put(put(g, r, c), r + 1, c)) for r in 0 .. len(g) - 2 for c in 0 .. len(g[r]) - 1 if g[r][c] == 0 and g[r + 1][c] == 0
def board(w, h) = [[0 for c in 0 .. w - 1] for r in 0 .. h - 1]
print [sg(cram(board(w, 3))) for w in 1 .. 4], [sg(cram(put(board(4, 3), r, c))) for r in 0 .. 2 for c in 0 .. 3]
print moves(cram(board(2, 2))), winning(cram(board(3, 2))), put(board(3, 2), 1, 2)
`,
	`game dom(g) moves dom(update(update(g, r, update(g[r], c, 1)), r + 1, update(g[r + 1], c, 1))) for r in 0 .. len(g) - 2 for c in 0 .. len(g[r]) - 1 if g[r][c] == 0 and g[r + 1][c] == 0
print [sg(dom([[0 for c in 0 .. w - 1] for r in 0 .. 3])) for w in 1 .. 4], moves(dom([[0, 0], [0, 1], [0, 0]]))
`,
	`def put(g, r, c) = update(g, r, update(g[r], c, 1))
def free(g, r, c) = r < 0 or c < 0 or r >= len(g) or c >= len(g[r]) or g[r][c] == 0
game nk(g) moves nk(put(put(put(put(put(g, r, c), max(r - 1, 0), c), min(r + 1, len(g) - 1), c), r, max(c - 1, 0)), r, min(c + 1, len(g[r]) - 1))) for r in 0 .. len(g) - 1 for c in 0 .. len(g[r]) - 1 if g[r][c] == 0
print [sg(nk([[0 for c in 0 .. w - 1] for r in 0 .. 2])) for w in 1 .. 3], moves(nk([[0, 0], [0, 1]]))
`,
	// not 0/1: strings, bools, tuples of tuples
	`def put(g, r, c, x) = update(g, r, update(g[r], c, x))
game s(g) moves s(put(g, r, c, "X")) for r in 0 .. len(g) - 1 for c in 0 .. len(g[r]) - 1 if g[r][c] == "."
game b(g) moves b(put(g, r, c, true)) for r in 0 .. len(g) - 1 for c in 0 .. len(g[r]) - 1 if not g[r][c]
game t(g) moves t(put(g, r, c, 2)) for r in 0 .. len(g) - 1 for c in 0 .. len(g[r]) - 1 if g[r][c] < 2
print sg(s([[".", "."], [".", "X"]])), sg(b([[false, false], [true, false]])), sg(t(((0, 1), (1, 0)))), put(((0, 1), (1, 0)), 1, 0, 5)
print put([(1, 2), [3, 4]], 0, 1, 9), put([[1, 2], [3, 4]], 1, 0, [5]), put(["ab", [3]], 1, 0, 7)
`,
	// an index out of range in g[r + 1][c]
	`def put(g, r, c) = update(g, r, update(g[r], c, 1))
game v(g) moves v(put(put(g, r, c), r + 1, c)) for r in 0 .. len(g) - 1 for c in 0 .. len(g[r]) - 1 if g[r][c] == 0
print sg(v([[0, 0], [1, 1]]))
print sg(v([[1, 1], [0, 0]]))
`,
	`game v(g) moves v(update(g, r, update(g[r + 1], c, 1))) for r in 0 .. len(g) - 1 for c in 0 .. 1 if g[r][c] == 0
print sg(v([[0, 0], [1, 1]]))
print sg(v([[1, 1], [0, 0]]))
print sg(v([[1, 1], [0, 0]]))
`,
	// rows of different lengths
	`def put(g, r, c) = update(g, r, update(g[r], c, 1))
game cram(g) moves cram(put(put(g, r, c), r + 1, c)) for r in 0 .. len(g) - 2 for c in 0 .. len(g[r]) - 1 if g[r][c] == 0
print sg(cram([[0, 0, 0], [0], [0, 0]]))
`,
	// update out of range: of the grid, of a row, a negative index, not an int
	`def put(g, r, c) = update(g, r, update(g[r], c, 1))
print put([[0, 0], [0, 0]], 2, 0)
`,
	`def put(g, r, c) = update(g, r, update(g[r], c, 1))
print put([[0, 0], [0, 0]], 1, 2)
`,
	`def put(g, r, c) = update(g, r, update(g[r], c, 1))
print put([[0, 0], [0, 0]], -1, 0)
`,
	`def put(g, r, c) = update(g, r, update(g[r], c, 1))
print put([[0, 0], [0, 0]], 0, -1)
`,
	`def put(g, r, c) = update(g, r, update(g[r], c, 1))
print put([[0, 0], [0, 0]], "a", 0)
`,
	`def put(g, r, c) = update(g, r, update(g[r], c, 1))
print put([[0, 0], 5], 1, 0)
`,
	`def put(g, r, c) = update(g, r, update(g[r], c, 1))
print put({0: [0, 1], 2: [1]}, 2, 0)
print put(["ab", "cd"], 1, 0)
`,
	`print update([1, 2, 3], 0, 9), update((1, 2), 1, [3]), update("abc", 1, "X"), update({1: 2}, 3, 4)
print update([], 0, 1)
`,
	`print update(5, 0, 1)
`,
	// grids keyed by their bits (package gridkey) beside ones that are not:
	// rows of different lengths, a row that is a tuple, a 2 put in, an
	// index computed (2 * c - 1, an overflow), a game of two arguments
	`def put(g, r, c) = update(g, r, update(g[r], c, 1))
game cram(g) moves
    cram(put(put(g, r, c), r, c + 1)) for r in 0 .. len(g) - 1 for c in 0 .. len(g[r]) - 2 if g[r][c] == 0 and g[r][c + 1] == 0
  | cram(put(put(g, r, c), r + 1, c)) for r in 0 .. len(g) - 2 for c in 0 .. min(len(g[r]), len(g[r + 1])) - 1 if g[r][c] == 0 and g[r + 1][c] == 0
print sg(cram([[0, 0, 0], [0], [0, 0]])), sg(cram([[0, 0, 0], (0, 0), [0, 0]])), sg(cram(([0, 0, 0], [0, 0], [0, 0]))), sg(cram([[0, 0, 0], [0, 2, 0], [0, 0]]))
print sg(cram([[0, 0, 0], [0, 0, 0], [1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 0, 0, 0]]))
`,
	`def put(g, r, c, x) = update(g, r, update(g[r], c, x))
game t(g) moves t(put(g, r, c, g[r][c] + 1)) for r in 0 .. len(g) - 1 for c in 0 .. len(g[r]) - 1 if g[r][c] < 2
game s(g) moves s(put(g, r, 2 * c - 1, 1)) for r in 0 .. len(g) - 1 for c in 1 .. len(g[r]) if g[r][2 * c - 1] == 0
game u(g) moves u(put(g, r, c * 9223372036854775807, 1)) for r in 0 .. len(g) - 1 for c in 0 .. len(g[r]) - 1 if g[r][c] == 0
print sg(t([[0, 0], [1]])), sg(s([[0, 0, 0, 0], [1, 0]])), sg(u([[1, 0], [1]]))
print sg(u([[1, 1], [0]]))
`,
	`def put(g, r, c) = update(g, r, update(g[r], c, 1))
game two(g, k) moves two(put(g, r, c), k + 1) for r in 0 .. len(g) - 1 for c in 0 .. len(g[r]) - 1 if g[r][c] == 0
game one(g) moves one(put(g, r, c)) for r in 0 .. len(g) - 1 for c in 0 .. len(g[r]) - 1 if g[r][c] == 0
print sg(two([[0, 0], [0, 0]], 0)), sg(one([[0, 0], [0, 0]])), sg(one([[]])), sg(one([[0, 1], []]))
print sg(one([]))
`,
	`let r = 0
print update([[1], [2]], r, update([[1], [2]][r], 0, 7)), [update(g, 0, update(g[0], 0, 2)) for g in [[[1, 1]], [[3]], ((4, 5),)]]
print [update(g, 0, update(g[0], 0, 2)) for g in [[[1, 1]], [[]]]]
`,
	// A row with two cells set (update(update(g[r], c, 1), c + 1, 1)), a
	// second row read from the grid before the first update
	// (update(update(g, r, ...), r + 1, update(g[r + 1], c, 1)): that row
	// as the grid has it, then its cell, even where r + 1 is the row the
	// first update set), tuples of tuples (a byte a cell) and lists of
	// tuples, a tuple row too long for bytes, cells not 0 or 1.
	`game cr(b) moves
    cr(update(b, r, update(update(b[r], c, 1), c + 1, 1))) for r in 0 .. len(b) - 1 for c in 0 .. len(b[0]) - 2 if b[r][c] == 0 and b[r][c + 1] == 0
  | cr(update(update(b, r, update(b[r], c, 1)), r + 1, update(b[r + 1], c, 1))) for r in 0 .. len(b) - 2 for c in 0 .. len(b[0]) - 1 if b[r][c] == 0 and b[r + 1][c] == 0
print sg(cr([[0, 0, 0], [0, 0, 0], [0, 0, 0]])), sg(cr(((0, 0, 0), (0, 0, 0), (0, 0, 0)))), sg(cr([(0, 0, 0, 0), (0, 0, 0, 0)])), sg(cr(((0, 0), [0, 0], (1, 0))))
print moves(cr(((0, 1, 0), (0, 0, 0)))), moves(cr([[0, 0], [0, 2]])), sg(cr(((1,) * 127 + (0, 0, 0), (1,) * 130)))
game same(b) moves same(update(update(b, r, update(b[r], c, 1)), r, update(b[r], c + 1, 1))) for r in 0 .. len(b) - 1 for c in 0 .. len(b[r]) - 2 if b[r][c] == 0
print sg(same([[0, 0, 0], [1, 0, 0]])), moves(same(((0, 0, 0),))), moves(same([[0, 0, 1]]))
print sg(cr([[0, 0], [0]]))
`,
	// Rows that are strings: a character written a byte (ASCII), rows
	// of other lengths, a character that is not ASCII, a string of two
	// characters, an int into a string row, a character into an int row.
	`game cs(b) moves
    cs(update(b, r, b[r][:c] + "##" + b[r][c + 2:])) for r in 0 .. len(b) - 1 for c in 0 .. len(b[r]) - 2 if b[r][c] == "." and b[r][c + 1] == "."
  | cs(update(update(b, r, update(b[r], c, "#")), r + 1, update(b[r + 1], c, "#"))) for r in 0 .. len(b) - 2 for c in 0 .. len(b[r]) - 1 if b[r][c] == "." and b[r + 1][c] == "."
print [sg(cs([w * ".", w * ".", w * "."])) for w in 1 .. 4], sg(cs(["...", "...", "..."])), sg(cs(["é..", "...", "..."])), moves(cs(["..", "#."])), moves(cs(("..", "..")))
game two(b) moves two(update(b, 0, update(b[0], c, "##"))) for c in 0 .. len(b[0]) - 1 if b[0][c] == "."
game num(b) moves num(update(b, 0, update(b[0], c, 1))) for c in 0 .. len(b[0]) - 1 if b[0][c] == "."
game chr(b) moves chr(update(b, 0, update(b[0], c, "#"))) for c in 0 .. len(b[0]) - 1 if b[0][c] == 0
print sg(two(["..."])), sg(chr([[0, 0]])), moves(chr([[0, 1]])), sg(chr(["..", 0]))
print sg(num([".."]))
`,
	`game cs(b) moves cs(update(update(b, r, update(b[r], c, "#")), r + 1, update(b[r + 1], c, "#"))) for r in 0 .. len(b) - 2 for c in 0 .. len(b[r]) - 1 if b[r][c] == "." and b[r + 1][c] == "."
print sg(cs(["...", "....", "..."])), sg(cs(["..", "."]))
`,
}

// mapUpdCases: options that are a map of ints changed by updates
// (package mapkey), against the general way: Staircase Nim on a map, a
// key put twice, a key added (the general way), a value or key that is
// not an int, keys that are not ints, a map of one key, negative and
// large values (their keys longer), an index that fails.
var mapUpdCases = []string{
	`game stair(M) moves
    stair(update(M, 0, M[0] - k)) for k in 1 .. M[0]
  | stair(update(update(M, i, M[i] - k), i - 1, M[i - 1] + k)) for i in keys(M) if i > 0 for k in 1 .. M[i]
print sg(stair({0: 2, 1: 3, 2: 1, 3: 2})), [sg(G) for G in moves(stair({0: 1, 1: 2, 2: 1}))], sg(stair({0: 0})), sg(stair({0: 1, 1: 0, 2: 2}))
game twice(M) moves twice(update(update(M, 0, M[0] - k), 0, M[0] - k - 1)) for k in 0 .. M[0] - 1 if M[0] - k - 1 >= 0
game add(M) moves add(update(M, len(M), 0)) for k in 0 .. 0 if len(M) < 4
game big(M) moves big(update(M, 1, M[1] - k * 1000000)) for k in 1 .. 2 if M[1] > 0
print sg(twice({0: 5, 1: 1})), sg(add({0: 1})), sg(big({0: -300, 1: 3000000})), moves(big({0: 1, 1: 1000000}))
game str(M) moves str(update(M, "a", M["a"] - 1)) for k in 0 .. 0 if M["a"] > 0
game half(M) moves half(update(M, 0, M[0] / 2)) for k in 0 .. 0 if M[0] > 0
print sg(str({"a": 3, "b": 1})), sg(half({0: 9, 1: "x"})), sg(half({0: 9}))
print sg(stair({1: 2}))
`,
	// One game whose argument is a map at some positions and a list at
	// others (the range's options keyed from the map, or walked as the
	// list's), the first option of a loop the map's.
	`game g(M) moves g(update(M, 0, M[0] - k)) for k in 1 .. M[0] | g(update(update(M, 1, M[1] - k), 0, M[0] + k)) for k in 1 .. M[1]
print sg(g([3, 2])), sg(g({0: 3, 1: 2})), sg(g([0, 4])), sg(g({0: 1, 1: 3, 5: 1})), sg(g((2, 2)))
print [sg(g(if i % 2 == 0 then [i, 2] else {0: i, 1: 2})) for i in 0 .. 6]
print sg(g({1: 2}))
`,
	// Through a def called with names (inlined) and with an expression
	// (built the general way), the def's index failing.
	`def move(M, i, k) = update(update(M, i, M[i] - k), i - 1, M[i - 1] + k)
game st(M) moves st(update(M, 0, M[0] - k)) for k in 1 .. M[0] | st(move(M, i, k)) for i in keys(M) if i > 0 for k in 1 .. M[i]
game sx(M) moves sx(move(M, i + 0, k)) for i in keys(M) if i > 0 for k in 1 .. M[i]
print sg(st({0: 2, 1: 3, 2: 1})), moves(st({0: 0, 1: 1, 2: 1})), sg(sx({0: 1, 1: 2, 2: 2}))
print sg(sx({1: 2, 3: 1}))
`,
}

func TestMapUpdDiff(t *testing.T) {
	diffCases(t, mapUpdCases, passes.Composite, passes.All)
}

func TestListUpdDiff(t *testing.T) {
	diffCases(t, listUpdCases, passes.Updates)
	diffCases(t, listUpdCases, passes.Grids)
	diffCases(t, listUpdCases, passes.All)
}

// TestUpdateString: update of a string, of one byte a character (sliced
// as bytes) and of wider ones (as runes), and its errors.
func TestUpdateString(t *testing.T) {
	t.Parallel()
	for _, c := range []struct{ src, out, err string }{
		{`print update("abc", 1, "XY"), update("héllo", 1, "e"), update("abc", 2, "é"), update("a", 0, "")`, "aXYc hello abé \n", ""},
		{`print update("abc", 3, "x")`, "", "index 3 out of range (the string has 3 characters)"},
		{`print update("héllo", 5, "x")`, "", "index 5 out of range (the string has 5 characters)"},
		{`print update("abc", 0, 5)`, "", "update of a string needs a string to put in, found int 5"},
	} {
		out, err := runScript(c.src)
		if out != c.out || c.err == "" && err != nil || c.err != "" && (err == nil || !strings.Contains(err.Error(), c.err)) {
			t.Errorf("%s: printed %q, error %v; want %q and %q", c.src, out, err, c.out, c.err)
		}
	}
}
