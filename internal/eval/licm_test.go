package eval_test

import (
	"context"
	"io"
	"testing"

	"github.com/grundy-lang/grundy/internal/eval"
	"github.com/grundy-lang/grundy/internal/passes"
)

// licmCases (with TestLICMExact's passes.Lanes: the batch of a last
// loop's options computed in lanes, package vecint): int expressions of a move's yield or filter that the last
// loops do not change, bound once before them (package licm): bit
// operators, shifts, masks read from a list, in the yield and in filters,
// moves listed as values, cycles; and where the expression may fail (a
// shift count out of range, an overflow, a non-int argument, a division
// by a name), or an inner loop that is empty, which runs as written.
var licmCases = []string{
	// Turning Turtles as a bitmask.
	`let N = 7
game tt(b) moves tt(b - (1 << i)) for i in 0 .. N - 1 if (b >> i) & 1 == 1
  | tt(b - (1 << i) ^ (1 << j)) for i in 0 .. N - 1 if (b >> i) & 1 == 1 for j in 0 .. i - 1
print sum([sg(tt(m)) for m in 0 .. 2 ** N - 1])
print moves(tt(13)), sg(tt(-5)), sg(tt(9223372036854775807 - 3))
`,
	// A filter reading the hoisted part, masks from a list.
	`let M = [3, 7, 14, 28, 56, 48]
game k(b) moves k(b & ~M[i] & ~(1 << j)) for i in 0 .. 5 if b & (1 << i) != 0 for j in 0 .. 5 if (b & ~M[i]) & (1 << j) != 0
print [sg(k(m)) for m in 0 .. 63], moves(k(45))
`,
	// A product of two names and a remainder.
	`game p(n, m) moves p((n * m) % 7 + j, m - 1) for i in 0 .. 2 if m > 0 for j in 0 .. i if j < n
print sg(p(5, 6)), sg(p(0, 3)), moves(p(3, 2))
`,
	// A shift that fails: count out of range (as written: not hoisted),
	// and with the inner loop empty, no error.
	`game s(b) moves s(b ^ (1 << i) ^ (1 << j)) for i in 60 .. 70 if b > 0 for j in 0 .. -1
print sg(s(5))
game t(b) moves t((b ^ (1 << i)) % 3 + j) for i in 0 .. 70 if b > 100 for j in 0 .. 0
print sg(t(5)), sg(t(200))
`,
	// An overflow in the hoisted part, and a non-int argument.
	`game o(b) moves o(b + (1 << i) - (1 << j)) for i in 0 .. 3 for j in 0 .. i if b > 9223372036854775800 or b < -1
print sg(o(5)), sg(o(-3))
print sg(o(9223372036854775801))
`,
	`game o(b) moves o((b | (1 << i)) ^ (1 << j)) for i in 0 .. 3 if b < 8 for j in 0 .. 2 if j < i
print sg(o(0)), moves(o(2))
print sg(o("x"))
`,
	`game o(b) moves o((b | (1 << i)) ^ (1 << j)) for i in 0 .. 3 for j in 0 .. 2 if b < 8
print sg(o([1]))
`,
	// A division by a name (not proved: as written).
	`game d(b) moves d(b / (i + 1) - j) for i in 0 .. 2 for j in 1 .. 2 if b / (i + 1) - j >= 0
print sg(d(40)), moves(d(7))
`,
	// Cycles: the loopy solver.
	`game c(b) moves c((b ^ (1 << i)) ^ (1 << j)) for i in 0 .. 3 for j in 0 .. 3 if j != i
print outcome(c(5)), outcome(c(0)), sg(c(3))
`,
	// The batch of a last loop's options computed in lanes (vecint): a
	// shift that overflows in a lane.
	`game s(b) moves s(b - 1 - ((1 << j) >> 60)) if b > 0 for j in 58 .. 64
print sg(s(0))
print moves(s(5))
print sg(s(5))
`,
	`game s(b) moves s(b - 1 - ((b << j) >> 60)) if b > 0 for j in 0 .. 3
game w(b) moves s(b) | w(b - 1) if b > 0
print sg(s(9)), sg(s(-1)), sg(w(4))
print sg(w(9223372036854775807))
`,
	`game s(b) moves s(b - 1 - ((b << j) >> 62)) if b > 0 for j in 58 .. 61
game w(b) moves s(b) | w(b - 1) if b > 0
print sg(w(3))
print sg(w(9))
`,
	"game s(b) moves s(b - 1 - ((b << j) >> 63) * 0) if b > 0 for j in 58 .. 61\nprint [sg(s(k)) for k in 0 .. 3]\nprint [sg(s(k)) for k in 0 .. 9]\n",
	"game s(b) moves s(b - 1 - ((j >> (b - 4)) * 0)) if b > 0 for j in 0 .. 3\nprint [sg(s(k)) for k in 4 .. 9]\nprint [sg(s(k)) for k in 0 .. 9]\n",
	// Over a literal of ints and a set, two arguments, an if of the
	// yield, a def's argument, a tuple.
	`let S = {1, 2, 4}
def f(x, y) = x + y
game two(b, n) moves two(if n > 2 then (b | (1 << i)) & ~s else b & ~(1 << i) & ~s, n - 1) for i in 0 .. 3 for s in S if n > 0
game tup(b, n) moves tup(f(b ^ (1 << i), s), n - 1) for i in [0, 2, 3] for s in [1, 2] if n > 0
print sg(two(5, 4)), sg(two(0, 3)), sg(tup(3, 3)), moves(two(6, 1)), moves(tup(1, 1))
`,
	`game p(t) moves p((t[0] ^ (1 << i) ^ (1 << j), t[1] - 1)) for i in 0 .. 3 for j in 0 .. 2 if t[1] > 0
print sg(p((5, 3))), moves(p((1, 1)))
print sg(p((5, "a")))
`,
	// Lights out on a line: toggles of a cell and its neighbours.
	`let W = 6
game lo(b) moves lo(b ^ (7 << i >> 1) & ((1 << W) - 1)) for i in 0 .. W - 1 if b & (1 << i) != 0
print [sg(lo(m)) for m in 0 .. 63]
`,
}

func TestLICMExact(t *testing.T) {
	t.Parallel()
	diffCases(t, licmCases, passes.LICM, passes.All)
	diffCases(t, licmCases, passes.Lanes)
}

// TestLICMSteps: a rule whose expressions are hoisted counts the steps
// the rule as written counts (the bind counts none).
func TestLICMSteps(t *testing.T) {
	t.Parallel()
	for i, src := range licmCases {
		on, off := stepsOf(src, 0), stepsOf(src, passes.LICM)
		if on != off {
			t.Errorf("case %d: %d steps with licm, %d without", i, on, off)
		}
	}
}

// stepsOf is the steps a run of src counts (the passes disable off).
func stepsOf(src string, disable passes.Pass) int64 {
	s := eval.NewSession(eval.Options{Stdout: io.Discard, Disable: disable})
	_ = s.ExecFile(context.Background(), "t.game", src)
	return s.Thread().Steps
}

// bitTestCases: a condition that tests one bit of an int local at a
// local or constant count, `(b >> i) & 1 == 1` and `b & (1 << i) != 0`
// and their negations (opnd.BitTest: the bit read at once), with counts
// out of 0 .. 62 (63: >> gives the sign, << overflows; 64 and -1 fail
// as written), negative ints, and non-ints.
var bitTestCases = []string{
	`game g(b) moves g(b - (1 << i)) for i in 0 .. 9 if (b >> i) & 1 == 1
game h(b) moves h(b & ~(1 << i)) for i in 0 .. 9 if b & (1 << i) != 0
game z(b) moves z(b + (1 << i)) for i in 0 .. 5 if (b >> i) & 1 != 1 if b < 40
game y(b) moves y(b + (1 << i)) for i in 0 .. 5 if (1 << i) & b == 0 if b < 40
print [sg(g(m)) for m in 0 .. 40], [sg(h(m)) for m in 0 .. 40], sg(z(0)), sg(y(3)), moves(g(-6))
`,
	`game g(b) moves g(b - 1) for i in 60 .. 63 if (b >> i) & 1 == 1 if b > -3
print sg(g(-1)), sg(g(5))
game h(b) moves h(b - 1) for i in 60 .. 63 if b & (1 << i) != 0 if b > 0
print sg(h(0))
print sg(h(5))
`,
	`game g(b) moves g(b - 1) for i in 0 .. 64 if (b >> i) & 1 == 0 if b > 0
print sg(g(3))
`,
	`game g(b) moves g(b - 1) for i in -1 .. 2 if b & (1 << i) == 0 if b > 0
print sg(g(3))
`,
	`game g(b) moves g(b - 1) for i in 0 .. 2 if (b >> i) & 1 == 0 if b > 0
print sg(g(3)), sg(g("a"))
`,
}

func TestBitTestExact(t *testing.T) {
	t.Parallel()
	diffCases(t, bitTestCases, passes.Ints, passes.All)
}
