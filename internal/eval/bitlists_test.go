package eval_test

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/grundy-lang/grundy/internal/engine"
	"github.com/grundy-lang/grundy/internal/eval"
	"github.com/grundy-lang/grundy/internal/passes"
)

// Moves that bind a list of 0s and 1s, test it and yield it (package
// bitlists: the list as the bits of a word): the same values and errors
// with the pass on and off, and with the passes it stands on off, also
// where the list is not one of 0s and 1s (a 2, a tuple, more than 64
// elements), an update's index is out of range or not an int, a def
// called on it fails or returns what is not a bool, and the lines are
// not lists of indexes.
var bitListCases = []string{
	// Notakto on a 3 x 3 board, spelled several ways: a def over the
	// lines unpacked; the test inline; all and not; lists of lists;
	// b[i] != 1.
	`let LINES = [(0, 1, 2), (3, 4, 5), (6, 7, 8), (0, 3, 6), (1, 4, 7), (2, 5, 8), (0, 4, 8), (2, 4, 6)]
def dead(b) = any([b[x] == 1 and b[y] == 1 and b[z] == 1 for (x, y, z) in LINES])
game nota(b) moves nota(update(b, i, 1)) for i in 0 .. len(b) - 1 if b[i] == 0 and not dead(update(b, i, 1))
print sg(nota(9 * [0])), [sg(nota(update(9 * [0], i, 1))) for i in 0 .. 8]`,
	`let LINES = [[0, 1, 2], [3, 4, 5], [6, 7, 8], [0, 3, 6], [1, 4, 7], [2, 5, 8], [0, 4, 8], [2, 4, 6]]
game nota(b) moves nota(c) for i in 0 .. len(b) - 1 if b[i] != 1 for c in [update(b, i, 1)] if not any([all([c[j] == 1 for j in L]) for L in LINES])
print sg(nota(9 * [0])), sg(nota([1, 0, 0, 0, 0, 0, 0, 0, 0]))`,
	`let LINES = [[0, 1, 2], [3, 4, 5], [6, 7, 8], [0, 3, 6], [1, 4, 7], [2, 5, 8], [0, 4, 8], [2, 4, 6]]
def alive(b) = all([not (b[x] == 1 and b[y] == 1 and b[z] == 1) for (x, y, z) in LINES])
game nota(b) moves nota(update(b, i, 1)) for i in 0 .. len(b) - 1 if b[i] == 0 if alive(update(b, i, 1))
print sg(nota(9 * [0])), moves(nota([1, 1, 0, 0, 0, 0, 0, 0, 0]))`,
	`let LINES = [[0, 1, 2], [3, 4, 5], [6, 7, 8], [0, 3, 6], [1, 4, 7], [2, 5, 8], [0, 4, 8], [2, 4, 6]]
def full(b, L) = all([b[j] != 0 for j in L])
def dead(b) = any([all([b[j] != 0 for j in L]) for L in LINES])
game nota(b) moves nota(update(b, i, 1)) for i in 0 .. len(b) - 1 if b[i] == 0 and not dead(update(b, i, 1)) and sum(update(b, i, 1)) <= 5
print sg(nota(9 * [0])), sg(nota([0, 0, 0, 0, 1, 0, 0, 0, 0]))`,
	// The count of a line's bits: b[x] + b[y] + b[z] == 3, K first, <,
	// !=; a line with an index twice; a line of another length; an
	// index past the list.
	`let LINES = [(0, 1, 2), (3, 4, 5), (6, 7, 8), (0, 3, 6), (1, 4, 7), (2, 5, 8), (0, 4, 8), (2, 4, 6)]
def dead(b) = any([b[x] + b[y] + b[z] == 3 for (x, y, z) in LINES])
def alive(b) = all([3 > b[z] + b[x] + b[y] for (x, y, z) in LINES])
game nota(b) moves nota(update(b, i, 1)) for i in 0 .. len(b) - 1 if b[i] == 0 and not dead(update(b, i, 1))
game notb(b) moves notb(update(b, i, 1)) for i in 0 .. len(b) - 1 if b[i] == 0 and alive(update(b, i, 1))
print sg(nota(9 * [0])), sg(notb(9 * [0])), sg(nota([0, 1, 0, 0, 0, 0, 0, 0, 0]))`,
	`let LINES = [(0, 0, 1), (1, 2, 3)]
game f(b) moves f(c) for i in 0 .. len(b) - 1 if b[i] == 0 for c in [update(b, i, 1)] if all([c[x] + c[y] + c[z] != 2 for (x, y, z) in LINES])
print sg(f([0, 0, 0, 0])), moves(f([0, 1, 0, 0]))`,
	`let LINES = [(0, 1, 2), (1, 2)]
game f(b) moves f(c) for i in 0 .. len(b) - 1 if b[i] == 0 for c in [update(b, i, 1)] if all([c[x] + c[y] + c[z] < 3 for (x, y, z) in LINES])
print sg(f([0, 0, 0, 0]))`,
	`let LINES = [(0, 1, 2), (1, 2, 7)]
game f(b) moves f(c) for i in 0 .. len(b) - 1 if b[i] == 0 for c in [update(b, i, 1)] if all([c[x] + c[y] + c[z] < 2 for (x, y, z) in LINES])
print sg(f([0, 0, 0, 0]))`,
	// Two updates a move (Dawson's Kayles on a ring), tested by len and
	// sum and an element.
	`game ring(b) moves ring(c) for i in 0 .. len(b) - 1 if b[i] == 1 for c in [update(update(b, i, 0), (i + 1) % len(b), 0)] if sum(c) + 1 < len(c) + sum(b) and c[(i + 1) % len(b)] == 0
print [sg(ring(n * [1])) for n in 3 .. 12], sg(ring([0, 1, 1, 1, 1, 1]))`,
	// Not 0s and 1s: a 2 in the list, a tuple, 70 elements, a 2 put in.
	`let LINES = [(0, 1, 2), (3, 4, 5), (0, 3, 6)]
def dead(b) = any([b[x] == 1 and b[y] == 1 and b[z] == 1 for (x, y, z) in LINES])
game nota(b) moves nota(update(b, i, 1)) for i in 0 .. len(b) - 1 if b[i] == 0 and not dead(update(b, i, 1))
print sg(nota([0, 2, 0, 0, 0, 0, 0])), sg(nota((0, 0, 0, 0, 0, 0, 0)))
print sg(nota(8 * [0] + [1, 1, 1] + 59 * [1]))`,
	`def dead(b) = any([b[x] == 1 and b[y] == 1 for (x, y) in [(0, 1), (1, 2)]])
game f(b) moves f(update(b, i, 2 - i % 2)) for i in 0 .. len(b) - 1 if b[i] == 0 and not dead(update(b, i, 2 - i % 2))
print sg(f([0, 0, 0, 0]))`,
	// An index out of range, and not an int.
	`def dead(b) = any([b[x] == 1 and b[y] == 1 for (x, y) in [(0, 1), (1, 2)]])
game f(b) moves f(update(b, i + 1, 1)) for i in 0 .. len(b) - 1 if b[i] == 0 and not dead(update(b, i + 1, 1))
print sg(f([0, 0, 0, 0]))`,
	`game f(b) moves f(c) for i in 0 .. len(b) - 1 for c in [update(b, if i == 2 then "x" else i, 1)] if c[0] == 0
print sg(f([0, 0, 0]))`,
	`game f(b) moves f(c) for i in 0 .. len(b) - 1 if b[i] == 0 for c in [update(b, i, 1)] if c[i + 2] == 1
print sg(f([0, 0, 0]))`,
	// A def that fails on the list, or returns what is not a bool.
	`def dead(b) = any([b[x] == 1 for x in [0, 1, 9]])
game f(b) moves f(update(b, i, 1)) for i in 0 .. len(b) - 1 if b[i] == 0 and not dead(update(b, i, 1))
print sg(f([0, 0, 0]))`,
	`def dead(b) = sum(b) - 2
game f(b) moves f(update(b, i, 1)) for i in 0 .. len(b) - 1 if b[i] == 0 and not dead(update(b, i, 1))
print sg(f([0, 0, 0]))`,
	`def dead(b) = sum(b) >= 2 and b[5] == 1
game f(b) moves f(update(b, i, 1)) for i in 0 .. len(b) - 1 if b[i] == 0 and not dead(update(b, i, 1))
print sg(f([0, 0, 0]))`,
	// Lines that are not lists of indexes; a global made again.
	`let LINES = [[0, 1], [1, "a"]]
def dead(b) = any([all([b[j] == 1 for j in L]) for L in LINES])
game f(b) moves f(update(b, i, 1)) for i in 0 .. len(b) - 1 if b[i] == 0 and not dead(update(b, i, 1))
print sg(f([0, 0, 0]))`,
	`let LINES = [[0, 1], [1, 2]]
def dead(b) = any([all([b[j] == 1 for j in L]) for L in LINES])
game f(b) moves f(update(b, i, 1)) for i in 0 .. len(b) - 1 if b[i] == 0 and not dead(update(b, i, 1))
print sg(f([0, 0, 0, 0]))
let LINES = [[0, 2]]
print sg(f([0, 0, 0, 0, 0]))`,
	// An edit built in a scratch, read as bits; a slice and concatenation.
	`game f(b) moves f(c) for i in 0 .. len(b) - 2 if b[i] == 0 for c in [[if j == i or j == i + 1 then 1 else b[j] for j in 0 .. len(b) - 1]] if sum(c) < 6
print [sg(f(n * [0])) for n in 2 .. 9]`,
	`game f(b) moves f(c) for i in 0 .. len(b) - 1 if b[i] == 0 for c in [b[:i] + [1] + b[i + 1:]] if len(c) > 2 and not (c[0] == 1 and c[len(c) - 1] == 1)
print [sg(f(n * [0])) for n in 2 .. 9], sg(f([0, 2, 0]))`,
	// The option an update chain, no bind (Dawson's Kayles on a ring):
	// keyed from the bits; a 2, a tuple; an index out of range; a list
	// made in the rule.
	`game ring(b) moves ring(update(update(b, i, 0), (i + 1) % len(b), 0)) for i in 0 .. len(b) - 1 if b[i] == 1 and b[(i + 1) % len(b)] == 1
print [sg(ring(n * [1])) for n in 3 .. 12], sg(ring([0] + 7 * [1])), sg(ring([1, 2, 1, 1, 1])), sg(ring((1, 1, 1, 1)))`,
	`game f(b) moves f(update(update(b, i, 0), i + 1, 0)) for i in 0 .. len(b) - 1 if b[i] == 1
print sg(f([0, 1, 1, 0])), sg(f([1, 1, 0]))
print sg(f([0, 0, 1]))`,
	`game f(b) moves f(update(b, i, 2)) for i in 0 .. len(b) - 1 if b[i] == 0
game g(b) moves g(update(b, i, k)) for i in 0 .. len(b) - 1 if b[i] == 0 for k in [1, 2] if k < 2
print sg(f([0, 0, 0])), sg(g([0, 0, 0, 1])), sg(g(70 * [1] + [0, 0]))`,
	`game f(b) moves f(c) for d in [b[1:] + [0]] for i in 0 .. len(d) - 1 if d[i] == 0 for c in [update(d, i, 1)] if sum(c) < 4
print sg(f([0, 0, 0, 0, 0])), sg(f([1, 0, 2, 0]))`,
	// Terms that read the list: its length in an index, arithmetic that
	// fails.
	`game f(b) moves f(c) for i in 0 .. len(b) - 1 if b[i] == 0 for c in [update(b, i, 1)] if c[(i + 1) % len(c)] == 0 and sum(c) * 2 - len(c) < 3
print sg(f(7 * [0])), sg(f([0, 1, 0, 0]))`,
	`game f(b) moves f(c) for i in 0 .. len(b) - 1 if b[i] == 0 for c in [update(b, i, 1)] if c[(i + 1) % (len(c) - 3)] == 0
print sg(f([0, 0, 0, 0, 0]))
print sg(f([0, 0, 0]))`,
	`game f(b) moves f(c) for i in 0 .. len(b) - 1 if b[i] == 0 for c in [update(b, i, 1)] if c[len(c) - i] == 0
print sg(f([0, 0, 0]))`,
	// A def's list of options fused into the rule (deforest): its own
	// variable, renamed, read by the option's chain.
	`def ok(b, i) = b[i] == 0 and (i == 0 or b[i - 1] == 0) and (i == len(b) - 1 or b[i + 1] == 0)
def place(b) = [update(b, i, 1) for i in range(len(b)) if ok(b, i)]
game board3(b) moves board3(c) for c in place(b)
print [sg(board3([0] * n)) for n in 0 .. 9], moves(board3([0, 0, 0, 0]))`,
	// Tests against what no element of 0s and 1s equals: true, 2, "1".
	`let LINES = [[0, 1], [1, 2]]
game f(b) moves f(c) for i in 0 .. len(b) - 1 if b[i] == 0 for c in [update(b, i, 1)] if not any([all([c[j] == true for j in L]) for L in LINES]) and all([c[j] != 2 for j in [0, 1]]) and c[0] != "1"
print sg(f([0, 0, 0])), sg(f([true, 0, 0]))`,
	// Errors the compiler reports in such a rule.
	`def dead(b) = any([b[x] == 1 for x in [0, 1]])
game f(b) moves f(c) for i in 0 .. len(b) - 1 for c in [update(b, i, 1)] if not dead(c, 2) and nope(c)
print sg(f([0, 0]))`,
	`game f(b) moves f(c) for i in 0 .. len(b) - 1 for c in [update(b, i, 1)] if c[0] == 0
game f(b, k) moves f(b, k)
print sg(f([0, 0], 1))`,
	// A position of two arguments: the list is made for it.
	`game f(b, k) moves f(c, k - 1) for i in 0 .. len(b) - 1 if b[i] == 0 and k > 0 for c in [update(b, i, 1)] if sum(c) <= 4
print sg(f(6 * [0], 5))`,
	// An update chain yielded from the last range (Turning Turtles): an
	// element flipped, 1 - b[j] (a 2 in the list: not bits), an index
	// out of range; and one that walks (update(b, i, x) for x in ...).
	`game tt(b) moves tt(update(b, i, 0)) for i in 0 .. len(b) - 1 if b[i] == 1
  | tt(update(update(b, i, 0), j, 1 - b[j])) for i in 0 .. len(b) - 1 if b[i] == 1 for j in 0 .. i - 1
print [sg(tt([(m >> k) & 1 for k in 0 .. 5])) for m in 0 .. 63], sg(tt([2, 1, 1])), sg(tt((1, 0, 1)))`,
	`game tt(b) moves tt(update(update(b, i, 0), j, 1 - b[j])) for i in 0 .. len(b) - 1 if b[i] == 1 for j in 0 .. i
print sg(tt([1, 0, 1]))
print sg(tt([1, "a", 1]))`,
	`game w(b) moves w(update(b, i, x)) for i in 0 .. len(b) - 1 for x in 0 .. b[i] - 1
print [sg(w([a, c, d])) for a in 0 .. 2 for c in 0 .. 2 for d in 0 .. 1]`,
	// Sweeps (bitlists' sweep.go): the last loop's links at j + K with
	// 0, 1, b[j + K] and L - b[j + K]; its if clause b[j + K] == L or
	// != L, the literal first; indexes past either end of the list
	// (negative ones count from its end: the loop's body as compiled); a
	// 2 put (L - b[j] with L = 2), a literal 2; a first part that gives
	// up (its index out of range, not an int); a list that is not bits.
	`game s(b) moves s(update(update(b, i, 0), j + 1, b[j])) for i in 0 .. len(b) - 1 if b[i] == 1 for j in 0 .. i - 2 if b[j + 1] != 1
  | s(update(b, j, 0)) for j in 0 .. len(b) - 1 if 1 == b[j]
print [sg(s([(m >> k) & 1 for k in 0 .. 5])) for m in 0 .. 63]`,
	`game s(b) moves s(update(update(b, i, 0), j - 1, 1 - b[j])) for i in 0 .. len(b) - 1 if b[i] == 1 for j in 1 .. i if b[j - 1] == 0
print [sg(s([(m >> k) & 1 for k in 0 .. 6])) for m in 0 .. 127]`,
	`game s(b) moves s(update(update(b, i, 0), j, 1 - b[j])) for i in 0 .. len(b) - 1 if b[i] == 1 for j in -2 .. i - 1
print [sg(s([(m >> k) & 1 for k in 0 .. 4])) for m in 0 .. 31]`,
	`game s(b) moves s(update(update(b, i, 0), j, 1 - b[j + 1])) for i in 0 .. len(b) - 1 if b[i] == 1 for j in 0 .. i
print sg(s([0, 1, 1]))
print sg(s([1, 0, 1]))`,
	`game s(b) moves s(update(b, j, 2 - b[j])) for j in 0 .. len(b) - 1 if b[j] == 1
print sg(s([1, 0]))
game t(b) moves t(update(b, j, 2)) for j in 0 .. len(b) - 1 if b[j] == 1
print sg(t([1, 1]))`,
	`game s(b, k) moves s(update(update(b, k, 0), j, 1), k - 1) for j in 0 .. len(b) - 1 if b[j] == 0
print sg(s([0, 0, 1], 2))
print sg(s([0, 1, 1], 7))`,
	`game s(b) moves s(update(update(b, len(b) - 1, 0), j, 1 - b[j])) for j in 0 .. len(b) - 2 if b[j] != 0
print [sg(s(x)) for x in [[1, 1, 1], [1, 0, 1], [0, 0, 0]]], sg(s([1, 2, 1])), sg(s((1, 1)))
print sg(s([1, 1, "x"]))`,
	`game s(b) moves s(update(b, j, 1 - b[j])) for j in 0 .. len(b) - 1 if b[j] == 1
print sg(s([1, 1, 0] + 70 * [0])), sg(s([]))
print sg(s([1, [1], 1]))`,
	// Splices as update chains: Kayles (one pin or two), the index
	// past the list (the slices clamp), an element not 0 or 1, a
	// string, a tuple, a bound option, an index that is not an int.
	`game k(s) moves k(s[:i] + [0] + s[i + 1:]) for i in 0 .. len(s) - 1 if s[i] == 1
  | k(s[:i] + [0, 0] + s[i + 2:]) for i in 0 .. len(s) - 2 if s[i] == 1 and s[i + 1] == 1
print [sg(k([(m >> b) & 1 for b in 0 .. 6])) for m in 0 .. 127], sg(k([1, 1, 0, 1] + 63 * [0]))
print sg(k([1, 2, 1])), sg(k([1, true, 1]))
print sg(k((1, 1)))`,
	`game k(s) moves k(s[:i] + [0, 0] + s[i + 2:]) for i in 0 .. len(s) if s[i] == 1
print [sg(k([(m >> b) & 1 for b in 0 .. 4])) for m in 0 .. 31]
print sg(k([0, 1]))`,
	`game k(s) moves k(s[:i - 1] + [1 - s[i - 1]] + s[i:]) for i in -1 .. len(s) + 1
print sg(k([1, 0, 1]))`,
	`game k(s) moves k(c) for i in 0 .. len(s) - 1 for c in [s[:i] + [1] + s[i + 1:]] if sum(c) <= 3 and c != s
print [sg(k(n * [0])) for n in 0 .. 6], sg(k([0, 2, 0]))
print sg(k("abc"))`,
	`game k(s) moves k(s[:i] + [1] + s[i + 1:]) for i in [0, 1, "x"] if s[0] == 0
print sg(k([0, 0, 0]))`,
	// A def inlined into a chain: an argument it never reads that fails
	// (the call evaluates it); a part of its body that fails (its call on
	// the trace).
	`def w(b, i, z) = update(b, i, 0)
game g(b) moves g(w(b, i, 1 / 0)) for i in 0 .. len(b) - 1 if b[i] == 1
print sg(g([1, 0, 1]))`,
	`def w(i, b) = update(update(b, i, 0), i / 0, 0)
game g(b) moves g(w(i, b)) for i in 0 .. len(b) - 1 if b[i] == 1
print sg(g([1, 0, 0, 0, 0, 1]))`,
	`def w(i, b) = update(update(b, i, 0), (i + 1) % (len(b) - 6), 0)
game g(b) moves g(w(i, b)) for i in 0 .. len(b) - 1 if b[i] == 1
print sg(g([1, 1, 1, 1, 0, 0, 0, 0, 1])), sg(g([1, 0, 0, 0, 0, 1]))`,
}

// notMaskCases: the masks of a comprehension whose body is not of a
// test, [not (P and Q) for ...], not all(...), not (X & m == m) (package
// masks): strings, sets and ints, and where a test fails.
var notMaskCases = []string{
	`let L = [(0, 1), (1, 2), (2, 3)]
print [all([not (s[x] == "X" and s[y] == "X") for (x, y) in L]) for s in ["X.X.", "XX..", "....", ".XX."]]
print [any([not (s[x] == "X" or s[y] != ".") for (x, y) in L]) for s in ["X.X.", "XXXX", "...."]]
let s = "XX"
print all([not (s[x] == "X" and s[y] == "X") for (x, y) in [(0, 9)]])`,
	`let LS = [[0, 1], [1, 2], [5]]
print [all([not all([j in S for j in L]) for L in LS]) for S in [{0, 1}, {2}, {5}, set()]]
print [any([not any([j in S for j in L]) for L in LS]) for S in [{0, 1, 5}, {2}]]
let b = [1, 1, 0]
print all([not all([b[j] == 1 for j in L]) for L in LS])`,
	`print [all([not (m & b == m) for m in [1, 2, 4]]) for b in 0 .. 8], [any([not (m & b == 0) for m in [3, 12]]) for b in [0, 1, 16]]
let b = "x"
print all([not (m & b == m) for m in [1, 2]])`,
}

func TestNotMasksExact(t *testing.T) {
	t.Parallel()
	diffCases(t, notMaskCases, passes.Masks, passes.All)
}

func TestBitListsExact(t *testing.T) {
	t.Parallel()
	diffCases(t, bitListCases, passes.BitLists, passes.Masks, passes.Inline, passes.Composite, passes.All)
}

// TestBitListsSteps: the same step at which a step limit stops the run,
// with the pass on and off (a def inlined counts its call's step).
func TestBitListsSteps(t *testing.T) {
	t.Parallel()
	src := `let LINES = [(0, 1, 2), (3, 4, 5), (6, 7, 8), (0, 3, 6), (1, 4, 7), (2, 5, 8), (0, 4, 8), (2, 4, 6)]
def dead(b) = any([b[x] == 1 and b[y] == 1 and b[z] == 1 for (x, y, z) in LINES])
game nota(b) moves nota(update(b, i, 1)) for i in 0 .. len(b) - 1 if b[i] == 0 and not dead(update(b, i, 1))
print sg(nota(9 * [0]))
`
	for _, steps := range []int64{1_000, 3_000, 3_600, 4_100} {
		turtles := "game tt(b) moves tt(update(update(b, i, 0), j, 1 - b[j])) for i in 0 .. len(b) - 1 if b[i] == 1 for j in 0 .. i - 1 if b[j] == 0\nprint sg(tt(9 * [1]))\n"
		// (Strings of two characters: a sweep, and a bound string.)
		strTurtles := "game tt(b) moves tt(update(update(b, i, \"T\"), j, if b[j] == \"H\" then \"T\" else \"H\")) for i in 0 .. len(b) - 1 if b[i] == \"H\" for j in 0 .. i - 1\nprint sg(tt(\"THHHHHHHHH\"))\n"
		strNota := "let LINES = [[0, 1, 2], [3, 4, 5], [6, 7, 8], [0, 3, 6], [1, 4, 7], [2, 5, 8], [0, 4, 8], [2, 4, 6]]\ndef dead(b) = any([all([b[j] == \"X\" for j in L]) for L in LINES])\ngame nota(b) moves nota(b[:i] + \"X\" + b[i + 1:]) for i in 0 .. len(b) - 1 if b[i] == \".\" and not dead(b[:i] + \"X\" + b[i + 1:])\nprint sg(nota(\"X........\"))\n"
		// (Lists of bools: a sweep with not, and bare masks.)
		boolTurtles := "game tt(b) moves tt(update(update(b, i, false), j, not b[j])) for i in 0 .. len(b) - 1 if b[i] for j in 0 .. i - 1 if not b[j]\nprint sg(tt(9 * [true]))\n"
		boolNota := strings.Replace(strings.Replace(strings.Replace(src, "b[x] == 1 and b[y] == 1 and b[z] == 1", "b[x] and b[y] and b[z]", 1), "update(b, i, 1)", "update(b, i, true)", 2), "b[i] == 0", "not b[i]", 1)
		boolNota = strings.Replace(boolNota, "9 * [0]", "9 * [false]", 1)
		// (Chains through defs: inlined, and nested.)
		mock := "def flip(s, j) = update(s, j, if s[j] == \"H\" then \"T\" else \"H\")\ndef two(s, i) = flip(flip(s, i), i + 1)\ngame tt(s) moves tt(flip(flip(s, i), j)) for i in 0 .. len(s) - 1 if s[i] == \"H\" for j in 0 .. i - 1\n  | tt(two(s, i)) for i in 0 .. len(s) - 2 if s[i] == \"H\"\nprint sg(tt(\"THHHHHHHHH\"))\n"
		// (Maps of ranges: a comprehension over a slice, join in a def,
		// and over every index. The string has its two characters from
		// the start: the moves of a position whose game's alphabet has
		// one are made by the strings pass, which counts fewer steps for
		// join over chars than the general way.)
		ruler := "game r(b) moves r(b[:j] + [1 - x for x in b[j:i + 1]] + b[i + 1:]) for i in 0 .. len(b) - 1 if b[i] == 1 for j in 0 .. i\nprint sg(r(9 * [1]))\n"
		strRuler := "def turn(s) = join([if c == \"H\" then \"T\" else \"H\" for c in chars(s)], \"\")\ngame r(s) moves r(s[:j] + turn(s[j:i + 1]) + s[i + 1:]) for i in 0 .. len(s) - 1 if s[i] == \"H\" for j in 0 .. i\nprint sg(r(\"THHHHHHHH\"))\n"
		allRuler := "game r(b) moves r([if j <= k and k <= i then 1 - b[k] else b[k] for k in 0 .. len(b) - 1]) for i in 0 .. len(b) - 1 if b[i] == 1 for j in 0 .. i\nprint sg(r(9 * [1]))\n"
		for i, s := range []string{src, strings.Replace(src, "b[x] == 1 and b[y] == 1 and b[z] == 1", "b[x] + b[y] + b[z] == 3", 1), turtles, strTurtles, strNota, boolTurtles, boolNota, mock, ruler, strRuler, allRuler} {
			c := optCase{name: "s.game", src: s, limits: engine.Limits{MaxStates: 100_000, MaxSteps: steps, MaxDepth: 300}, timeout: 20 * time.Second}
			offs := passes.BitLists
			if i >= 8 {
				// (The maps against the general way: without bitlists,
				// the strings' and grids' passes count fewer steps for
				// some of these comprehensions than the general way.)
				offs |= passes.Strings | passes.Grids | passes.Lanes
			}
			on, off := runOptWith(c, 0), runOptWith(c, offs)
			if ok, why := optSame(on, off, true); !ok {
				t.Errorf("max steps %d: %s\n=== on:\n%s\n=== off:\n%s", steps, why, on, off)
			}
		}
	}
}

// TestBitListsExplain: --explain says which lists are bits and what
// reads them; not with the pass off.
func TestBitListsExplain(t *testing.T) {
	t.Parallel()
	src := `let LINES = [(0, 1, 2), (3, 4, 5), (6, 7, 8), (0, 3, 6), (1, 4, 7), (2, 5, 8), (0, 4, 8), (2, 4, 6)]
def dead(b) = any([b[x] == 1 and b[y] == 1 and b[z] == 1 for (x, y, z) in LINES])
game nota(b) moves nota(update(b, i, 1)) for i in 0 .. len(b) - 1 if b[i] == 0 and not dead(update(b, i, 1))
game ring(b) moves ring(update(update(b, i, 0), (i + 1) % len(b), 0)) for i in 0 .. len(b) - 1 if b[i] == 1 and b[(i + 1) % len(b)] == 1
game rows(b) moves rows(c) for i in 0 .. len(b) - 1 if b[i] == 0 for c in [update(b, i, 1)] if sum(c) < 4 and c[(i + 1) % len(c)] == 0
game tt(b) moves tt(update(update(b, i, 0), j, 1 - b[j])) for i in 0 .. len(b) - 1 if b[i] == 1 for j in 0 .. i - 1
game ts(b) moves ts(update(update(b, i, "T"), j, if b[j] == "H" then "T" else "H")) for i in 0 .. len(b) - 1 if b[i] == "H" for j in 0 .. i - 1
def full(b) = any([all([b[j] == "X" for j in L]) for L in LINES])
game ns(b) moves ns(b[:i] + "X" + b[i + 1:]) for i in 0 .. len(b) - 1 if b[i] == "." and not full(b[:i] + "X" + b[i + 1:])
game kay(s) moves kay(s[:i] + [0, 0] + s[i + 2:]) for i in 0 .. len(s) - 2 if s[i] == 1 and s[i + 1] == 1
game rb(b) moves rb(update(update(b, i, false), (i + 1) % len(b), false)) for i in 0 .. len(b) - 1 if b[i] and b[(i + 1) % len(b)]
def fullb(b) = any([all([b[j] for j in L]) for L in LINES])
game nb(b) moves nb(update(b, i, true)) for i in 0 .. len(b) - 1 if not b[i] and not fullb(update(b, i, true))
game tb(b) moves tb(update(update(b, i, false), j, not b[j])) for i in 0 .. len(b) - 1 if b[i] for j in 0 .. i - 1
game cb(b) moves cb(c) for i in 0 .. len(b) - 1 if not b[i] for c in [b[:i] + [true] + b[i + 1:]] if c[(i + 1) % len(c)]
`
	want := map[string]string{
		"kay":  "the option's list s[:i] + [0, 0] + s[i + 2:] is, where it is one of up to 64 0s and 1s, the bits of a word",
		"ts":   "the option's string update(update(b, i, \"T\"), j, if b[j] == \"H\" then \"T\" else \"H\") is, where it is one of up to 64 characters of the first two of its game's alphabet, the bits of a word, its position keyed from them (no string made per move); its last loop, over j, a sweep of the word",
		"ns":   "the string b[:i] + \"X\" + b[i + 1:] bound to b' is, where it is one of up to 64 characters of the first two of its game's alphabet, the bits of a word: any at line 8 on the bits (masks); full inlined; its position keyed from the bits",
		"tt":   "its last loop, over j, a sweep of the word",
		"nota": "the list update(b, i, 1) bound to b' is, where it is one of up to 64 0s and 1s, the bits of a word: any at line 2 on the bits (masks); dead inlined; its position keyed from the bits",
		"ring": "the option's list update(update(b, i, 0), (i + 1) % len(b), 0) is, where it is one of up to 64 0s and 1s, the bits of a word, its position keyed from them",
		"rows": "bound to c is, where it is one of up to 64 0s and 1s, the bits of a word: sum(c) a count of bits; len(c) its length; c[(i + 1) % len(c)] a bit; its position keyed from the bits",
		"rb":   "the option's list update(update(b, i, false), (i + 1) % len(b), false) is, where it is one of up to 64 bools, the bits of a word, its position keyed from them (no list made per move)",
		"nb":   "the list update(b, i, true) bound to b' is, where it is one of up to 64 bools, the bits of a word: any at line 12 on the bits (masks); fullb inlined; its position keyed from the bits (no list made per move)",
		"tb":   "the option's list update(update(b, i, false), j, not b[j]) is, where it is one of up to 64 bools, the bits of a word, its position keyed from them (no list made per move); its last loop, over j, a sweep of the word",
		"cb":   "the list b[:i] + [true] + b[i + 1:] bound to c is, where it is one of up to 64 bools, the bits of a word: len(c) its length; c[(i + 1) % len(c)] a bit; its position keyed from the bits",
	}
	for _, off := range []passes.Pass{0, passes.BitLists} {
		s := eval.NewSession(eval.Options{Disable: off})
		if err := s.ExecFile(context.Background(), "x.game", src); err != nil {
			t.Fatal(err)
		}
		for _, x := range s.Explain() {
			if w, ok := want[x.Name]; ok && strings.Contains(x.String(), w) != (off == 0) {
				t.Errorf("%s off: %s %q:\n%s", off, x.Name, w, x)
			}
		}
	}
}

// strBitCases: strings of two characters as bits (package bitlists'
// strs.go): the alphabet met in either order, a string with a third
// character, the empty string, strings of 41 to 64 characters (keys of
// more than 8 bytes) and of more, elements not of the alphabet (another
// character, an int, two characters), an index out of range or not an
// int, an alphabet of one or three characters, an option of another
// game (another alphabet), lists and strings in one game.
var strBitCases = []string{
	// Turning Turtles: the alphabet T first, then H first.
	`game tt(b) moves tt(update(b, i, "T")) for i in 0 .. len(b) - 1 if b[i] == "H"
  | tt(update(update(b, i, "T"), j, if b[j] == "H" then "T" else "H")) for i in 0 .. len(b) - 1 if b[i] == "H" for j in 0 .. i - 1
print [sg(tt(join([if (m >> k) & 1 == 1 then "H" else "T" for k in 0 .. 5], ""))) for m in 0 .. 63]
print sg(tt("")), sg(tt("HXH"))`,
	// Heads moved left (few positions): strings of 42 to 72 characters.
	`game m(b) moves m(update(b, i, "T")) for i in 0 .. len(b) - 1 if b[i] == "H"
  | m(update(update(b, i, "T"), j, "H")) for i in 0 .. len(b) - 1 if b[i] == "H" for j in 0 .. i - 1 if b[j] == "T"
print sg(m(40 * "T" + "HH")), sg(m(20 * "T" + "H" + 30 * "T" + "H")), sg(m(62 * "T" + "HH")), sg(m(70 * "T" + "HH")), sg(m(""))`,
	`game tt(b) moves tt(update(b, i, "T")) for i in 0 .. len(b) - 1 if b[i] == "H"
  | tt(update(update(b, i, "T"), j, if b[j] == "H" then "T" else "H")) for i in 0 .. len(b) - 1 if b[i] == "H" for j in 0 .. i - 1
print [sg(tt(join([if (m >> k) & 1 == 0 then "H" else "T" for k in 0 .. 5], ""))) for m in 0 .. 63]
game m(b) moves m(update(update(b, i, "H"), j, "T")) for i in 0 .. len(b) - 1 if b[i] == "T" for j in 0 .. i - 1 if b[j] == "H"
print sg(m(50 * "H" + "TT")), sg(m(30 * "H" + "T" + 20 * "H" + "T"))`,
	// The first loop's test and the last's on characters: !=, the literal
	// first, a copy of another character, an element of neither
	// character (Z, an int, two characters) put or tested.
	`game s(b) moves s(update(update(b, i, "."), j + 1, b[j])) for i in 0 .. len(b) - 1 if b[i] != "." for j in 0 .. i - 2 if "." != b[j + 1]
  | s(update(b, j, ".")) for j in 0 .. len(b) - 1 if "X" == b[j]
print [sg(s(join([if (m >> k) & 1 == 1 then "X" else "." for k in 0 .. 5], ""))) for m in 0 .. 63]`,
	`game s(b) moves s(update(update(b, i, "."), j, if b[j] != "X" then "X" else ".")) for i in 0 .. len(b) - 1 if b[i] == "X" for j in 0 .. i - 1 if b[j] != 1
print [sg(s(x)) for x in ["...", "X.X", "XXXX", "X.X.X.X"]]`,
	`game s(b) moves s(update(update(b, i, "."), j, if b[j] == "X" then "Z" else ".")) for i in 0 .. len(b) - 1 if b[i] == "X" for j in 0 .. i - 1
print sg(s("X.X")), sg(s(".X"))
print sg(s("XX"))`,
	`game s(b) moves s(update(b, j, "Z")) for j in 0 .. len(b) - 1 if b[j] != "Z"
print [sg(s(x)) for x in [".X", "X", "XX.", "....", "ZZ.X"]]`,
	`game s(b) moves s(update(b, j, 1)) for j in 0 .. len(b) - 1 if b[j] == "X"
print sg(s("...."))
print sg(s("X.X"))`,
	`game s(b) moves s(update(b, j, "..")) for j in 0 .. len(b) - 1 if b[j] == "X"
print sg(s("...")), sg(s(".X"))`,
	// Chains through defs (Mock Turtles with flip): an update's element
	// read from the chain so far (flip(flip(s, i), j): j may be i); in
	// the sweep's first part and its last; not, 1 - x, a copy, an if of
	// !=; an index past the string; a character of neither; a def whose
	// body is not an update; a def that calls a game.
	`def flip(s, j) = update(s, j, if s[j] == "H" then "T" else "H")
game tt(s) moves tt(flip(s, i)) for i in 0 .. len(s) - 1 if s[i] == "H"
  | tt(flip(flip(s, i), j)) for i in 0 .. len(s) - 1 if s[i] == "H" for j in 0 .. i
  | tt(flip(flip(flip(s, i), j), k)) for i in 0 .. len(s) - 1 if s[i] == "H" for j in 0 .. i - 1 for k in 0 .. j
print [sg(tt(join([if (m >> k) & 1 == 1 then "H" else "T" for k in 0 .. 5], ""))) for m in 0 .. 63]
print sg(tt("HXH")), sg(tt("TTZ")), sg(tt(""))`,
	`def flip(b, j) = update(b, j, 1 - b[j])
game tt(b) moves tt(flip(b, i)) for i in 0 .. len(b) - 1 if b[i] == 1
  | tt(flip(flip(b, i), j)) for i in 0 .. len(b) - 1 if b[i] == 1 for j in 0 .. i
  | tt(flip(flip(flip(b, i), j), k)) for i in 0 .. len(b) - 1 if b[i] == 1 for j in 0 .. i for k in 0 .. j + 1
print [sg(tt([(m >> k) & 1 for k in 0 .. 5])) for m in 0 .. 63]
print sg(tt([1, 2, 0])), sg(tt([0, 0, 0]))
print sg(tt([1, 0, 1]))`,
	`def flip(b, j) = update(b, j, not b[j])
def put(b, j) = update(b, j, b[j])
game tt(b) moves tt(put(flip(b, i), i)) for i in 0 .. len(b) - 1 if b[i]
  | tt(flip(flip(b, i), j)) for i in 0 .. len(b) - 1 if b[i] for j in 0 .. i - 1
print [sg(tt([(m >> k) & 1 == 1 for k in 0 .. 5])) for m in 0 .. 63]
print sg(tt([true, 1]))`,
	`def turn(s, j) = update(s, j, if s[j] != "X" then "X" else ".")
def two(s, i) = turn(turn(s, i), i + 1)
game s(b) moves s(two(b, i)) for i in 0 .. len(b) - 1 if b[i] == "X"
  | s(turn(two(b, i), j)) for i in 0 .. len(b) - 1 if b[i] == "X" for j in 0 .. i
print [sg(s(x)) for x in [".X.", "X.X.", "..XX.", "X"]]`,
	`def flip(s, j) = update(s, j, if s[j] == "H" then "Z" else "H")
game tt(s) moves tt(flip(flip(s, i), j)) for i in 0 .. len(s) - 1 if s[i] == "H" for j in 0 .. i
print sg(tt("TH")), sg(tt("TTH"))`,
	`def flip(s, j) = if s[j] == "H" then update(s, j, "T") else update(s, j, "H")
def g(s, j) = update(s, j, if sg(h(s)) == 0 then "H" else "T")
game h(s) moves h(update(s, i, "T")) for i in 0 .. len(s) - 1 if s[i] == "H"
game tt(s) moves tt(flip(flip(s, i), j)) for i in 0 .. len(s) - 1 if s[i] == "H" for j in 0 .. i - 1
  | tt(g(s, i)) for i in 0 .. len(s) - 1 if s[i] == "H"
print [sg(tt(x)) for x in ["HTH", "HHT", "THHH"]]`,
	// An index out of range, one that is not an int; the first part's.
	`game s(b) moves s(update(update(b, i, "."), j + 1, "X")) for i in 0 .. len(b) - 1 if b[i] == "X" for j in 0 .. i
print sg(s("..X")), sg(s("X.."))
print sg(s(".X"))`,
	`game s(b) moves s(update(update(b, i + 1, "."), j, "X")) for i in 0 .. len(b) - 1 if b[i] == "X" for j in 0 .. i - 1 if b[j] == "."
print sg(s(".X.")), sg(s("...X"))
print sg(s("..X"))`,
	`game s(b) moves s(update(b, if j == 2 then "a" else j, ".")) for j in 0 .. len(b) - 1 if b[j] == "X"
print sg(s("XX.")), sg(s("X.X"))`,
	// Alphabets of one character, of three (the third met first, then
	// the two: not the pair), the bits of a game with ids 0 and 1 of a
	// third.
	`game tt(b) moves tt(update(update(b, i, "T"), j, if b[j] == "H" then "T" else "H")) for i in 0 .. len(b) - 1 if b[i] == "H" for j in 0 .. i - 1
print sg(tt("TTTT")), sg(tt("TTTTT")), sg(tt("HTHH")), sg(tt("XTH")), sg(tt("THHHT"))`,
	`game tt(b) moves tt(update(update(b, i, "T"), j, if b[j] == "H" then "T" else "H")) for i in 0 .. len(b) - 1 if b[i] == "H" for j in 0 .. i - 1
print sg(tt("XYZ")), sg(tt("THHTH")), sg(tt("HHHHHH"))`,
	`game tt(b) moves tt(update(update(b, i, "T"), j, if b[j] == "H" then "T" else "H")) for i in 0 .. len(b) - 1 if b[i] == "H" for j in 0 .. i - 1
print sg(tt("THHTH")), sg(tt("THX")), sg(tt("HHTHHTHH"))`,
	// The option a position of another game (its own alphabet); lists
	// and strings in one game; a ring of strings (no sweep).
	`game f(b) moves g(update(update(b, i, "T"), j, "H")) for i in 0 .. len(b) - 1 if b[i] == "H" for j in 0 .. i - 1
game g(b) moves g(update(b, i, "T")) for i in 0 .. len(b) - 1 if b[i] == "H"
print sg(g("HTX")), sg(g("TH")), sg(f("HHTH")), sg(f("TTHH"))`,
	`game tt(b) moves tt(update(update(b, i, 0), j, 1 - b[j])) for i in 0 .. len(b) - 1 if b[i] == 1 for j in 0 .. i - 1
  | tt(update(update(b, i, "T"), j, if b[j] == "H" then "T" else "H")) for i in 0 .. len(b) - 1 if b[i] == "H" for j in 0 .. i - 1
print sg(tt([1, 0, 1, 1])), sg(tt("HTHH")), sg(tt([1, 1])), sg(tt("HH"))`,
	`game ring(b) moves ring(update(update(b, i, "."), (i + 1) % len(b), ".")) for i in 0 .. len(b) - 1 if b[i] == "X" and b[(i + 1) % len(b)] == "X"
print [sg(ring(n * "X")) for n in 3 .. 12], sg(ring("." + 7 * "X")), sg(ring("XXYXX")), sg(ring(44 * "." + "XXXX")), sg(ring(64 * "." + "XXX"))`,
	// A list's element chosen by an if expression (the sweep's new form).
	`game tt(b) moves tt(update(update(b, i, 0), j, if b[j] == 1 then 0 else 1)) for i in 0 .. len(b) - 1 if b[i] == 1 for j in 0 .. i - 1
  | tt(update(b, i, if 0 != b[i] then "x" else 1)) for i in 0 .. len(b) - 1 if b[i] == 2
print [sg(tt([(m >> k) & 1 for k in 0 .. 5])) for m in 0 .. 63], sg(tt([1, 2, 1]))`,
	// Bound strings (Notakto on 3 x 3): an update and slices with
	// concatenation, tested by masks of lines (X, "." and a character of
	// neither), an element, the length, a sum (an error); slices whose
	// index is out of range (they clamp: as compiled), negative, not an
	// int; an element of two characters, an int; a list spelled so.
	`let LINES = [[0, 1, 2], [3, 4, 5], [6, 7, 8], [0, 3, 6], [1, 4, 7], [2, 5, 8], [0, 4, 8], [2, 4, 6]]
def dead(b) = any([all([b[j] == "X" for j in L]) for L in LINES])
game nota(b) moves nota(b[:i] + "X" + b[i + 1:]) for i in 0 .. len(b) - 1 if b[i] == "." and not dead(b[:i] + "X" + b[i + 1:])
game notb(b) moves notb(c) for i in 0 .. len(b) - 1 if b[i] != "X" for c in [update(b, i, "X")] if not any([all([c[j] != "." for j in L]) for L in LINES]) and c[(i + 1) % len(c)] == "." and len(c) == 9
print sg(nota(9 * ".")), [sg(nota(9 * "."[:i] + "X" + 9 * "."[i + 1:])) for i in 0 .. 8], sg(notb(9 * ".")), sg(nota("X.X.Z....")), sg(notb("X........"))`,
	`let LINES = [[0, 1, 2], [3, 4, 5], [6, 7, 8]]
game nota(b) moves nota(c) for i in 0 .. len(b) - 1 if b[i] == "." for c in [b[:i] + "X" + b[i + 1:]] if not any([all([c[j] == "Z" for j in L]) for L in LINES]) and not any([all([c[j] == 1 for j in L]) for L in LINES]) and any([c[j] == "." for j in [0, 1, 2]])
print sg(nota("X........")), sg(nota("........."))`,
	`game f(b) moves f(c) for i in 0 .. len(b) - 1 if b[i] == "." for c in [b[:i] + "X" + b[i + 1:]] if sum(c) < 3
print sg(f("X.."))
print sg(f("..."))`,
	`game f(b) moves f(c) for i in 0 .. len(b) if len(b) < 5 and (i == len(b) or b[i] == ".") for c in [b[:i] + "X" + b[i + 1:]] if c[0] == "X" or c[0] == "."
print sg(f("..")), sg(f("X.")), sg(f(""))`,
	`game f(b) moves f(c) for i in 0 .. len(b) - 1 for c in [b[:i] + "X" + b[i + 1:]] if c[len(c) - 1] == "." and c != b
print sg(f("X.X.")), sg(f("...."))
game k(b) moves k(c) for i in 1 .. len(b) - 1 if b[i] == "." for c in [b[1:i] + "X" + b[i + 1:]] if len(c) > 0
print sg(k("X..X.")), sg(k("......"))
let D = "X.X.X"
game m(b) moves m(c) for i in 0 .. len(b) - 1 if b[i] == "." for c in [b[:i] + "X" + D[i + 1:]] if c != b
print sg(m("X....")), sg(m(".X.X."))
game g(b) moves g(c) for i in -1 .. len(b) - 1 for c in [b[:i] + "X" + b[i + 1:]] if c[len(c) - 1] == "."
print sg(g("X.X"))`,
	`game f(b) moves f(c) for i in 0 .. len(b) - 1 if b[i] == "." for c in [b[:i] + (if i == 1 then "XX" else "X") + b[i + 1:]] if len(c) < 5
print sg(f("X..")), sg(f("...."))`,
	`game f(b) moves f(c) for i in 0 .. len(b) - 1 if b[i] == "." for c in [b[:i] + "X" + b[1 + i:]] if c[i] == "X"
print sg(f("X...")), sg(f("...."))
game h(b) moves h(c) for i in 0 .. len(b) - 1 if b[i] == "." for c in [b[:i] + "X" + b[i + 2:]] if len(c) > 1 and c[1] == "."
print sg(h("X....")), sg(h("...."))
game g(b) moves g(c) for i in 0 .. len(b) - 1 if b[i] == "." for c in [b[:i] + 1 + b[i + 1:]] if c[i] == "X"
print sg(g(".X"))`,
	`game f(b) moves f(c) for i in 0 .. len(b) - 1 if b[i] == 0 for c in [b[:i] + [1] + b[i + 1:]] if sum(c) < 3
print sg(f([0, 0, 0, 0])), sg(f([0, 2, 0]))
game g(b) moves g(c) for i in 0 .. len(b) - 1 if b[i] == 0 for c in [b[:i] + (1 - b[i]) + b[i + 1:]] if sum(c) < 3
print sg(g([0, 0]))`,
	`game h(b) moves h(b[:j] + (1 - b[j]) + b[j + 1:]) for j in 0 .. len(b) - 1 if b[j] == 1
print sg(h([1, 1]))`,
	// Turning Turtles with slices and concatenation, its last loop a sweep.
	`game tt(b) moves tt(b[:i] + "T" + b[i + 1:]) for i in 0 .. len(b) - 1 if b[i] == "H"
  | tt(update(b, i, "T")[:j] + (if b[j] == "H" then "T" else "H") + update(b, i, "T")[j + 1:]) for i in 0 .. len(b) - 1 if b[i] == "H" for j in 0 .. i - 1
print [sg(tt(join([if (m >> k) & 1 == 1 then "H" else "T" for k in 0 .. 5], ""))) for m in 0 .. 63], sg(tt([1, 1]))`,
	`game s(b) moves s(b[:j] + "X" + b[j + 1:]) for j in 0 .. len(b) if len(b) < 5 and b[j % len(b)] == "."
print sg(s("...")), sg(s(".X."))
game t(b) moves t(b[:j] + "X" + b[j + 1:]) for j in -1 .. len(b) - 1 if b[(j + len(b)) % len(b)] == "."
print sg(t("..."))`,
	// Splices of several places: Cram on a board written row after row
	// (a vertical domino two places apart), places out of order (the
	// middle slice empty: a shorter string), out of range, negative, a
	// literal of two characters, a list, three places.
	`let W = 3
game cram(b) moves
    cram(b[:i] + "XX" + b[i + 2:]) for i in 0 .. len(b) - 2 if i % W != W - 1 and b[i] == "." and b[i + 1] == "."
  | cram(b[:i] + "X" + b[i + 1:i + W] + "X" + b[i + W + 1:]) for i in 0 .. len(b) - W - 1 if b[i] == "." and b[i + W] == "."
print [sg(cram(b)) for b in ["......", ".........", "X........", "....X....", "............"]]
game odd(b) moves odd(b[:i] + "X" + b[i + 1:j] + "X" + b[j + 1:]) for i in 0 .. len(b) - 1 for j in max(i - 2, 0) .. i + 2 if len(b) < 7 and b[i] == "."
print sg(odd("....")), moves(odd("..")), len(moves(odd("...")))
print sg(odd(".X" * 40))
game two(b) moves two(b[:i] + "XX" + b[i + 2:j] + "XX" + b[j + 2:]) for i in 0 .. len(b) - 1 for j in i .. len(b) if b[i] == "." and "." in b[j:]
print sg(two("......")), sg(two(".X....X."))
game l(c) moves l(c[:i] + [1] + c[i + 1:j] + [1] + c[j + 1:k] + [1] + c[k + 1:]) for i in 0 .. len(c) - 1 for j in i + 1 .. len(c) - 1 for k in j + 1 .. len(c) - 1 if c[i] + c[j] + c[k] == 0
print sg(l([0, 0, 0, 0, 0, 0, 0])), sg(l([0, 1, 0, 0, 1, 0, 0, 0]))
print sg(l([0, 0, 0, 2]))`,
}

// Maps of a range of places (bitlists' ranges.go): the Ruler game
// spelled as a splice of a list comprehension, of join over chars, of a
// def's, as a comprehension over every index (its interval written
// several ways), on lists of 0s and 1s, of bools and strings; and where
// they give up: a bound past the end or negative, a slice that overlaps,
// a string where a list is mapped (and the other way), an element that is
// not one of the bits', an interval's bound that is not an int.
var rangeCases = []string{
	`game ruler(b) moves ruler(b[:j] + [1 - x for x in b[j:i + 1]] + b[i + 1:]) for i in 0 .. len(b) - 1 if b[i] == 1 for j in 0 .. i
print [sg(ruler([(m >> k) & 1 for k in 0 .. 5])) for m in 0 .. 63]
print sg(ruler([])), sg(ruler([1, 2, 1]))`,
	`def turn(s) = join([if c == "H" then "T" else "H" for c in chars(s)], "")
game ruler(s) moves ruler(s[:j] + turn(s[j:i + 1]) + s[i + 1:]) for i in 0 .. len(s) - 1 if s[i] == "H" for j in 0 .. i
print [sg(ruler(join([if (m >> k) & 1 == 1 then "H" else "T" for k in 0 .. 5], ""))) for m in 0 .. 63]
print sg(ruler("HXH")), sg(ruler(""))`,
	`game ruler(s) moves ruler(s[:j] + join([if c != "T" then "T" else "H" for c in chars(s[j:i + 1])], "") + s[i + 1:]) for i in 0 .. len(s) - 1 if s[i] == "H" for j in 0 .. i
print [sg(ruler(x)) for x in ["HTH", "TTHH", "H", "HHHHH"]]`,
	`game ruler(b) moves ruler([if j <= k and k <= i then 1 - b[k] else b[k] for k in 0 .. len(b) - 1]) for i in 0 .. len(b) - 1 if b[i] == 1 for j in 0 .. i
game r2(b) moves r2([if k < j or k > i then b[k] else 1 - b[k] for k in 0 .. len(b) - 1]) for i in 0 .. len(b) - 1 if b[i] == 1 for j in 0 .. i
game r3(b) moves r3([if not (k >= j and i >= k) then b[k] else 1 - b[k] for k in 0 .. len(b) - 1]) for i in 0 .. len(b) - 1 if b[i] == 1 for j in 0 .. i
game r4(b) moves r4([if k in j .. i then 1 - b[k] else b[k] for k in 0 .. len(b) - 1]) for i in 0 .. len(b) - 1 if b[i] == 1 for j in 0 .. i
game r5(b) moves r5([if k > i - 3 and k < i + 1 then 1 - b[k] else b[k] for k in 0 .. len(b) - 1]) for i in 0 .. len(b) - 1 if b[i] == 1
print [sg(ruler([(m >> k) & 1 for k in 0 .. 5])) for m in 0 .. 63] == [sg(r2([(m >> k) & 1 for k in 0 .. 5])) for m in 0 .. 63]
print [sg(r3([(m >> k) & 1 for k in 0 .. 5])) for m in 0 .. 63], [sg(r4([(m >> k) & 1 for k in 0 .. 5])) for m in 0 .. 31]
print [sg(r5([(m >> k) & 1 for k in 0 .. 6])) for m in 0 .. 127]`,
	`game f(b) moves f([if k >= 1 and k <= i then not b[k] else b[k] for k in 0 .. len(b) - 1]) for i in 0 .. len(b) - 1 if b[i]
game g(b) moves g(b[:i] + [not x for x in b[i:]]) for i in 0 .. len(b) - 1 if b[i]
game h(b) moves h([not x for x in b[:i + 1]] + b[i + 1:]) for i in 0 .. len(b) - 1 if b[i]
print [sg(f([(m >> k) & 1 == 1 for k in 0 .. 4])) for m in 0 .. 31]
print [sg(g([(m >> k) & 1 == 1 for k in 0 .. 4])) for m in 0 .. 31], [sg(h([(m >> k) & 1 == 1 for k in 0 .. 4])) for m in 0 .. 31]
print sg(g([0, 1]))`,
	`game s(b) moves s(join([if k >= i - 1 and k <= i then (if b[k] == "X" then "." else "X") else b[k] for k in 0 .. len(b) - 1], "")) for i in 0 .. len(b) - 1 if b[i] == "X"
print [sg(s(x)) for x in ["X..", ".X.X", "XXXX", "X"]]`,
	// Giving up: a splice past the end (two moves of the same list
	// longer); a negative bound; a string mapped as a list; a list
	// joined; an element of neither character; an interval's bound
	// that is a string.
	`game f(b) moves f(b[:j] + [1 - x for x in b[j:i + 2]] + b[i + 2:]) for i in 0 .. len(b) - 1 if b[i] == 1 for j in 0 .. i if len(b) < 6
print [sg(f([(m >> k) & 1 for k in 0 .. 3])) for m in 0 .. 15]`,
	`game f(b) moves f(b[:j] + [1 - x for x in b[j:i + 1]] + b[i + 1:]) for i in 0 .. len(b) - 1 if b[i] == 1 for j in i - 1 .. i
print sg(f([0, 1, 0]))
print sg(f([1, 0]))`,
	`game f(b) moves f(b[:j] + [1 - x for x in b[j:i + 1]] + b[i:]) for i in 0 .. len(b) - 1 if b[i] == 1 for j in 0 .. i if len(b) < 5
print sg(f([1, 0, 1]))`,
	`game f(b) moves f(b[:j] + [if x == "H" then "T" else "H" for x in b[j:i + 1]] + b[i + 1:]) for i in 0 .. len(b) - 1 if b[i] == "H" for j in 0 .. i
print sg(f(["H", "T"])), sg(f([]))
print sg(f("HT"))`,
	`game f(b) moves f(b[:j] + join([if c == 1 then "0" else "1" for c in chars(b[j:i + 1])], "") + b[i + 1:]) for i in 0 .. len(b) - 1 if b[i] == 1 for j in 0 .. i
print sg(f([0, 0]))
print sg(f([1, 0]))`,
	`game f(s) moves f(s[:j] + join([if c == "H" then "Z" else "H" for c in chars(s[j:i + 1])], "") + s[i + 1:]) for i in 0 .. len(s) - 1 if s[i] == "H" for j in 0 .. i
print sg(f("TTT")), sg(f("TH"))`,
	`let J = "a"
game f(b) moves f([if J <= k and k <= i then 1 - b[k] else b[k] for k in 0 .. len(b) - 1]) for i in 0 .. len(b) - 1 if b[i] == 1
print sg(f([])), sg(f([0, 0]))
print sg(f([0, 1]))`,
	`game f(b) moves f([if j <= k and k <= i then 1 - b[k] else 2 for k in 0 .. len(b) - 1]) for i in 0 .. len(b) - 1 if b[i] == 1 for j in 0 .. i if len(b) < 3
print sg(f([1, 1]))`,
}

func TestRangeBitsExact(t *testing.T) {
	t.Parallel()
	diffCases(t, rangeCases, passes.BitLists, passes.Strings, passes.Composite, passes.All)
}

func TestStrBitsExact(t *testing.T) {
	t.Parallel()
	diffCases(t, strBitCases, passes.BitLists, passes.Strings, passes.Composite, passes.All)
}
