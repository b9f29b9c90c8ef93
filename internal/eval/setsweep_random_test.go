package eval_test

import (
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/grundy-lang/grundy/internal/passes"
)

// TestSetSweepRandom: random games whose options are a position's set
// less (or with, or xor) elements made from one or two loops over the
// set, with random conditions of the loops' names (package setsweep's
// tables), over sets of ints and of cells: the same values and errors as
// with the sweeps off and every pass off.
func TestSetSweepRandom(t *testing.T) {
	t.Parallel()
	r := rand.New(rand.NewPCG(29, 4))
	var cases []string
	for range 60 {
		cases = append(cases, randomSweepScript(r))
	}
	diffCases(t, cases, passes.Bitsets, passes.All)
}

// randomSweepScript is a script of a game of two or three random
// alternatives over a set of ints (or of cells), printed for a few
// starting sets.
func randomSweepScript(r *rand.Rand) string {
	cells := r.IntN(2) == 0
	pick := func(xs ...string) string { return xs[r.IntN(len(xs))] }
	var b strings.Builder
	fmt.Fprintf(&b, "let W = %d\n", 2+r.IntN(3))
	b.WriteString("def near(a, b) = abs(a - b) == 1\n")
	// Elements and conditions of one loop (x, or the cell (x, y)) or of
	// two (also u, or (u, v)).
	var elem func(two bool) string
	var cond func(two bool) string
	if cells {
		elem = func(two bool) string {
			if two && r.IntN(2) == 0 {
				return pick("(u, v)", "(u, y)", "(x + 1, v)")
			}
			return pick("(x, y)", "(x, y + 1)", "(x + 1, y)", "(x - 1, y)", "(x, y + W)", "(y, x)")
		}
		cond = func(two bool) string {
			if two && r.IntN(2) == 0 {
				return pick("(x, y) < (u, v)", "near(x, u) and y == v", "x + y == u + v", "u != x", "10 / (u - x + 2) > 3")
			}
			return pick(elem(two)+" in S", "not ("+elem(two)+" in S)", elem(two)+" not in S", "x != y", "(x + y) % W == 0", "x < W", "12 / (y - 1) > 2", "x % 2")
		}
	} else {
		elem = func(two bool) string {
			if two && r.IntN(2) == 0 {
				return pick("u", "u + 1", "x + u")
			}
			return pick("x", "x + 1", "x - 1", "x + W", "2 * x", "x % W")
		}
		cond = func(two bool) string {
			if two && r.IntN(2) == 0 {
				return pick("x < u", "near(x, u)", "(x + u) % W == 1", "u % W != W - 1", "x * u > 5", "12 / (u - x) > 1")
			}
			return pick(elem(two)+" in S", "not ("+elem(two)+" in S)", elem(two)+" not in S", "x % W != W - 1", "x > 1", "x % 3", "abs(x - 4) < 3")
		}
	}
	loops := func(two bool) string {
		x := "x"
		if cells {
			x = "(x, y)"
		}
		if !two {
			return "for " + x + " in S"
		}
		u := "u"
		if cells {
			u = "(u, v)"
		}
		return "for " + u + " in S for " + x + " in S"
	}
	var alts []string
	for range 2 + r.IntN(2) {
		two := r.IntN(2) == 0
		var lit []string
		op := pick("-", "-", "-", "|", "^")
		for range 1 + r.IntN(3) {
			if op == "-" {
				lit = append(lit, elem(two))
				continue
			}
			// (Elements within the board, so that the sets stay few.)
			if cells {
				lit = append(lit, pick("(y % 2, x % 2)", "(x, y)"))
			} else {
				lit = append(lit, pick("x % W", "(x + 1) % 8", "u % W"[:len("u % W")*boolInt(two)]+"x"[:boolInt(!two)]))
			}
		}
		alt := fmt.Sprintf("g(S %s {%s}) %s", op, strings.Join(lit, ", "), loops(two))
		switch r.IntN(3) {
		case 0:
		case 1:
			alt += " if " + cond(two)
		default:
			alt += " if " + cond(two) + " and " + cond(two)
			if r.IntN(2) == 0 {
				alt += " if " + cond(two)
			}
		}
		alts = append(alts, alt)
	}
	fmt.Fprintf(&b, "game g(S) moves %s\n", strings.Join(alts, "\n  | "))
	if cells {
		b.WriteString("print [sg(g({(x, y) for x in 0 .. 1 for y in 0 .. n})) for n in 0 .. 3]\n")
		b.WriteString("print sg(g({(0, 0), (1, 1), (2, 0), (0, 2)}))\n")
	} else {
		b.WriteString("print [sg(g(set(0 .. n))) for n in 0 .. 7]\n")
		b.WriteString("print sg(g({1, 3, 4, 8, 9})), sg(g({0, 5, 10}))\n")
	}
	return b.String()
}

func boolInt(b bool) int {
	if b {
		return 1
	}
	return 0
}
