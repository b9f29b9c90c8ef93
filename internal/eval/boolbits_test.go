package eval_test

import (
	"testing"

	"github.com/grundy-lang/grundy/internal/passes"
)

// boolBitCases: lists of bools as bits (package bitlists' bools.go): the
// same values, errors and positions with the pass on and off, and with
// the passes it stands on off. Update chains and splices of true and
// false, sweeps (not b[j], if b[j] then .. else .., tests b[j], not b[j],
// b[j] == true), bare conditions and masks of lines of bools; lists that
// are not bools (an int among them, all ints where a bool is wanted: the
// errors of the general way), lists of ints and of bools in one game
// (distinct keys), the empty list, more than 48 and more than 64 bools.
var boolBitCases = []string{
	// Dawson's Kayles on a ring of bools: an int in the list, a tuple,
	// an element not a bool where the condition wants one, 50 and 70
	// bools.
	`game ring(b) moves ring(update(update(b, i, false), (i + 1) % len(b), false)) for i in 0 .. len(b) - 1 if b[i] and b[(i + 1) % len(b)]
print [sg(ring(n * [true])) for n in 3 .. 12], sg(ring([false] + 7 * [true])), sg(ring([true, 1 == 1, true, true])), sg(ring((true, true, true)))
print sg(ring(48 * [false] + [true, true])), sg(ring(60 * [false] + [true, false, true, true])), sg(ring(68 * [false] + [true, true]))
print moves(ring([true, true, true])), moves(ring([false, true, true, false]))
print sg(ring([true, 2, true]))`,
	// Lists of ints and of bools in one game: distinct positions.
	`game f(b) moves f(update(b, i, if b[i] == true then false else 0)) for i in 0 .. len(b) - 1 if b[i] == true or b[i] == 1
print sg(f([1, 1, 0])), moves(f([true, true, false])), sg(f([true, true, false])), moves(f([1, 1, 0]))
print sg(f([true, 1, true])), moves(f([true, 1])), sg(f([])), moves(f([]))`,
	// An int put in a list of bools, a bool in a list of ints.
	`game f(b) moves f(update(b, i, 0)) for i in 0 .. len(b) - 1 if b[i] == true
game g(b) moves g(update(b, i, false)) for i in 0 .. len(b) - 1 if b[i] == 1
print sg(f([true, false, true])), sg(f([1, true])), moves(f([true, true])), sg(g([1, 1, 0])), moves(g([1, 0, 1]))
game h(b) moves h(c) for i in 0 .. len(b) - 1 if b[i] == true for c in [update(b, i, if i < 99 then 0 else false)] if len(c) > 0
  | h(update(b, i, 2)) for i in 0 .. len(b) - 1 if b[i] == 0
print [sg(h(n * [true])) for n in 1 .. 4], sg(h([true, false, true]))`,
	// Turning Turtles with bools (sweeps: not b[j], an if expression of a
	// bare element, b[j] == true); the empty list; ints where a bool is
	// wanted.
	`game tt(b) moves tt(update(b, i, false)) for i in 0 .. len(b) - 1 if b[i]
  | tt(update(update(b, i, false), j, not b[j])) for i in 0 .. len(b) - 1 if b[i] for j in 0 .. i - 1
print [sg(tt([(m >> k) & 1 == 1 for k in 0 .. 5])) for m in 0 .. 63], sg(tt([])), sg(tt([true, 1 == 1, false]))
print sg(tt([1, 1]))`,
	`game tt(b) moves tt(update(update(b, i, false), j, if b[j] then false else true)) for i in 0 .. len(b) - 1 if b[i] == true for j in 0 .. i - 1
  | tt(update(b, i, false)) for i in 0 .. len(b) - 1 if true == b[i]
print [sg(tt([(m >> k) & 1 == 1 for k in 0 .. 5])) for m in 0 .. 63], sg(tt([1, 0, 0]))
print sg(tt([true, 1, true]))`,
	`game t(b) moves t(update(update(b, i, false), j, not b[j])) for i in 0 .. len(b) - 1 if b[i] != false for j in 0 .. i - 1
print sg(t([true, true, false, true])), sg(t([true, false]))
print sg(t([1, 1]))`,
	`game t(b) moves t(update(update(b, i, false), j, 1 - b[j])) for i in 0 .. len(b) - 1 if b[i] != false for j in 0 .. i - 1
print sg(t([true])), sg(t([1, 0, 1]))
print sg(t([true, true]))`,
	`game u(b) moves u(update(update(b, j + 1, false), j, 1 - b[j])) for j in 0 .. len(b) - 2 if b[j + 1] == true
print sg(u([0, 1, 1])), sg(u([true, false]))
print sg(u([false, true]))`,
	// The sweep's test bare: not b[j], b[j + 1]; over ints (an error), a
	// list with an int, an index past the list.
	`game s(b) moves s(update(update(b, i, false), j, true)) for i in 0 .. len(b) - 1 if b[i] for j in 0 .. i - 1 if not b[j]
print [sg(s([(m >> k) & 1 == 1 for k in 0 .. 6])) for m in 0 .. 127]
game u(b) moves u(update(update(b, i, false), j, true)) for i in 0 .. len(b) - 1 if b[i] != false for j in 0 .. i - 1 if not b[j]
print sg(u([true, false, true])), sg(u([false, true]))
print sg(u([0, 1]))`,
	`game s(b) moves s(update(update(b, i, false), j, b[j + 1])) for i in 0 .. len(b) - 1 if b[i] for j in 0 .. i - 1 if b[j + 1]
print [sg(s([(m >> k) & 1 == 1 for k in 0 .. 5])) for m in 0 .. 63]
game t(b) moves t(update(update(b, i, false), j, b[j + 1])) for i in 0 .. len(b) - 1 if b[i] for j in 0 .. i if b[j + 1]
print sg(t([false, true, false]))
print sg(t([true, false, true]))`,
	`game s(b) moves s(update(b, j, false)) for j in 0 .. len(b) - 1 if b[j]
print sg(s([true, false, true])), sg(s([]))
print sg(s([true, 0, true]))`,
	// Splices: Kayles with bools (one pin or two), 70 bools, an int.
	`game k(s) moves k(s[:i] + [false] + s[i + 1:]) for i in 0 .. len(s) - 1 if s[i]
  | k(s[:i] + [false, false] + s[i + 2:]) for i in 0 .. len(s) - 2 if s[i] and s[i + 1]
print [sg(k([(m >> b) & 1 == 1 for b in 0 .. 6])) for m in 0 .. 127], sg(k([true, true, false, true] + 66 * [false]))
print sg(k([true, false, true, true])), sg(k([true, true, 0 == 0]))
print sg(k([true, 1, true]))`,
	// Bound lists: Notakto of bools, a def of bare masks (all of b[j]),
	// the lines unpacked (c[x] and c[y] and c[z]), not inside; ints where
	// the bare tests want bools (an error); a line past the list.
	`let LINES = [[0, 1, 2], [3, 4, 5], [6, 7, 8], [0, 3, 6], [1, 4, 7], [2, 5, 8], [0, 4, 8], [2, 4, 6]]
def dead(b) = any([all([b[j] for j in L]) for L in LINES])
game nota(b) moves nota(update(b, i, true)) for i in 0 .. len(b) - 1 if not b[i] and not dead(update(b, i, true))
print sg(nota(9 * [false])), [sg(nota(update(9 * [false], i, true))) for i in 0 .. 8]
game notc(b) moves notc(update(b, i, 1)) for i in 0 .. len(b) - 1 if b[i] == 0 and not dead(update(b, i, 1))
print sg(notc(9 * [0]))`,
	`let LINES = [(0, 1, 2), (3, 4, 5), (6, 7, 8), (0, 3, 6), (1, 4, 7), (2, 5, 8), (0, 4, 8), (2, 4, 6)]
game nota(b) moves nota(c) for i in 0 .. len(b) - 1 if b[i] == false for c in [b[:i] + [true] + b[i + 1:]] if not any([c[x] and c[y] and c[z] for (x, y, z) in LINES]) and len(c) == 9 and any(c)
game notb(b) moves notb(c) for i in 0 .. len(b) - 1 if b[i] != true for c in [update(b, i, true)] if all([not c[x] or not c[y] or not c[z] for (x, y, z) in LINES]) and all([not (c[x] and c[y]) for (x, y, z) in LINES])
print sg(nota(9 * [false])), sg(nota([true] + 8 * [false])), sg(nota(9 * [0])), sg(notb(9 * [false]))
print sg(notb(9 * [0]))`,
	`let LINES = [[0, 1], [1, 2], [2, 9]]
game f(b) moves f(c) for i in 0 .. len(b) - 1 if not b[i] for c in [update(b, i, true)] if not any([all([c[j] for j in L]) for L in LINES])
print sg(f(10 * [false]))
print sg(f(3 * [false]))`,
	`let LINES = [[0, 1], [1, 2]]
game f(b) moves f(c) for i in 0 .. len(b) - 1 if b[i] != true for c in [update(b, i, true)] if not any([all([c[j] == true for j in L]) for L in LINES]) and all([c[j] != 1 for j in [0, 1]]) and any([c[j] == false for j in [0, 1, 2]])
print sg(f([false, false, false])), sg(f([false, 0, false])), sg(f([0, 0, 0]))
game g(b) moves g(c) for i in 0 .. len(b) - 1 if b[i] != true for c in [update(b, i, true)] if any([c[j] == false for j in [0, 1, 2]]) and all([c[j] != false for j in [3, 4]])
print [sg(g(n * [false])) for n in 5 .. 8], sg(g([false, false, false, true, true, false]))`,
	// Bare conditions on a bound list, a term of bools compared, sum (an
	// error), an index past the list, a bare condition of ints.
	`game f(b) moves f(c) for i in 0 .. len(b) - 1 if not b[i] for c in [update(b, i, true)] if c[i] and c[(i + 1) % len(c)] == false and len(c) > 1
print [sg(f(n * [false])) for n in 1 .. 8]
game g(b) moves g(c) for i in 0 .. len(b) - 1 if not b[i] for c in [update(b, i, true)] if c[i + 1] or c[0]
print sg(g([true, false, false]))`,
	`game h(b) moves h(c) for i in 0 .. len(b) - 1 if not b[i] for c in [update(b, i, true)] if sum(c) < 2
print sg(h([true])), sg(h([false, false]))`,
	`game k(b) moves k(c) for i in 0 .. len(b) - 1 if b[i] == 0 for c in [update(b, i, 1)] if c[i]
print sg(k([1])), sg(k([0, 0]))`,
	`def free(b, i) = not b[i]
game f(b) moves f(c) for i in 0 .. len(b) - 1 for c in [update(b, i, true)] if free(b, i) and not free(c, (i + 1) % len(c)) == false
print [sg(f(n * [false])) for n in 1 .. 7]
print sg(f([false, 3]))`,
	// A list of bools built in a scratch (a comprehension), read as bits.
	`game f(b) moves f(c) for i in 0 .. len(b) - 2 if b[i] and b[i + 1] for c in [[if j == i or j == i + 1 then false else b[j] for j in 0 .. len(b) - 1]] if len(c) > 0
print [sg(f(n * [true])) for n in 2 .. 9]
game g(b) moves g(c) for i in 0 .. len(b) - 1 if not b[i] for c in [[if j == i then true else b[j] for j in 0 .. len(b) - 1]] if not (c[0] and c[1])
print [sg(g(n * [false])) for n in 2 .. 7], sg(g([true, false, false, false])), moves(g([false, false, false]))
print sg(f([true, true, 1]))`,
}

func TestBoolBitsExact(t *testing.T) {
	t.Parallel()
	diffCases(t, boolBitCases, passes.BitLists, passes.Masks, passes.Inline, passes.Composite, passes.All)
}

// bareMaskCases: folds of bare tests of bools, all([b[j] for j in L]) and
// b[x] and b[y] (package masks' bare.go), with the masks and without:
// lists and tuples of bools, an element past the lines not a bool, an
// int or a string's character tested (errors), an index out of range.
var bareMaskCases = []string{
	`let LS = [[0, 1], [1, 2], [2]]
print [any([all([b[j] for j in L]) for L in LS]) for b in [[true, true, false], [false, true, false], [false, false, true], [false, false, false]]]
print [all([b[x] or b[y] for (x, y) in [(0, 1), (1, 2)]]) for b in [[true, false, true], [false, false, true], (false, true, false)]]
print [any([not b[j] for j in [0, 1]]) for b in [[true, true, 5], [true, false]]]
let b = [true, 1, true]
print any([all([b[j] for j in L]) for L in LS])`,
	`let s = "ab"
print any([s[j] for j in [0, 1]])`,
	`let b = [true, false]
print any([b[x] and b[y] for (x, y) in [(0, 1), (1, 2)]])`,
	`let b = [false, 0, true]
print [all([b[x] and b[y] for (x, y) in [(0, 1), (1, 2)]]), any([b[x] and b[y] for (x, y) in [(0, 1), (1, 2)]])]`,
}

func TestBareMasksExact(t *testing.T) {
	t.Parallel()
	diffCases(t, bareMaskCases, passes.Masks, passes.All)
}
