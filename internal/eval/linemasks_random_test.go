package eval_test

import (
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/grundy-lang/grundy/internal/passes"
)

// TestLineMasksRandom: folds of lines written at random from the shapes
// package linemasks folds (all, any and len of a line's cells, nested,
// with if clauses, equalities and memberships of values, the board a set
// of ints, of tuples, a list of 0s and 1s, a grid), on random boards:
// the same values and errors with the masks pass off and with every pass
// off.
func TestLineMasksRandom(t *testing.T) {
	t.Parallel()
	r := rand.New(rand.NewPCG(28, 3))
	var cases []string
	for range 80 {
		cases = append(cases, randomLineScript(r))
	}
	diffCases(t, cases, passes.Masks, passes.All)
}

// randomLineScript is a script of a few random folds of lines over
// random lines of a small board, printed for random boards.
func randomLineScript(r *rand.Rand) string {
	const n = 6
	var b strings.Builder
	// Lines of 1 to 4 cells (a cell twice now and then).
	var lines []string
	for range 2 + r.IntN(5) {
		var cells []string
		for range 1 + r.IntN(4) {
			cells = append(cells, fmt.Sprint(r.IntN(n)))
		}
		lines = append(lines, "["+strings.Join(cells, ", ")+"]")
	}
	fmt.Fprintf(&b, "let LINES = [%s]\n", strings.Join(lines, ", "))
	cmp := []string{"==", "!=", "<", "<=", ">", ">="}
	atom := func(x string) string {
		switch r.IntN(4) {
		case 0:
			return fmt.Sprintf("p in %s", x)
		case 1:
			return fmt.Sprintf("p == %d or p in %s", r.IntN(n), x)
		case 2:
			return fmt.Sprintf("p in %s and p != %d", x, r.IntN(n))
		}
		return fmt.Sprintf("not (p in %s)", x)
	}
	elem := func(x string) string {
		switch r.IntN(6) {
		case 0:
			return fmt.Sprintf("all([%s for p in L])", atom(x))
		case 1:
			return fmt.Sprintf("any([%s for p in L])", atom(x))
		case 2:
			count := []string{"len([p for p in L if p in %s])", "sum([1 for p in L if p in %s])", "len({p for p in L if p in %s})"}[r.IntN(3)]
			return fmt.Sprintf(count+" %s %d", x, cmp[r.IntN(len(cmp))], r.IntN(4))
		case 3:
			return fmt.Sprintf("%d in L and len([p for p in L if p in %s]) == len(L) - 1", r.IntN(n), x)
		case 4:
			return fmt.Sprintf("all([len([p for p in L if p in %s]) >= %d for k in 0 .. %d])", x, r.IntN(3), r.IntN(2))
		}
		return fmt.Sprintf("all([p in %s for p in L if p != %d])", x, r.IntN(n))
	}
	var defs []string
	for d := range 3 {
		q := []string{"any", "all"}[r.IntN(2)]
		filter := ""
		if r.IntN(3) == 0 {
			filter = fmt.Sprintf(" if %d in L", r.IntN(n))
		}
		fmt.Fprintf(&b, "def f%d(X) = %s([%s for L in LINES%s])\n", d, q, elem("X"), filter)
		defs = append(defs, fmt.Sprintf("f%d", d))
	}
	// Grids and lists: a line's cells as indexes of a list of 0s and 1s.
	fmt.Fprintf(&b, "def g(b) = any([all([b[p] == 1 for p in L]) for L in LINES]) or all([len([p for p in L if b[p] == 1]) %s %d for L in LINES])\n", cmp[r.IntN(len(cmp))], r.IntN(3))
	var boards []string
	for range 6 {
		var xs []string
		for i := range n {
			if r.IntN(2) == 0 {
				xs = append(xs, fmt.Sprint(i))
			}
		}
		boards = append(boards, "{"+strings.Join(xs, ", ")+"}")
	}
	boards[0] = "set()"
	for _, f := range defs {
		fmt.Fprintf(&b, "print [%s(X) for X in [%s]]\n", f, strings.Join(boards, ", "))
	}
	fmt.Fprintf(&b, "print [g([(m >> k) & 1 for k in 0 .. %d]) for m in 0 .. 63]\n", n-1)
	return b.String()
}
