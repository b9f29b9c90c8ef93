package eval_test

import (
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/grundy-lang/grundy/internal/passes"
)

// TestGridsRandom: games on small grids whose moves set cells the ways
// package gridkey keys without building the option (nested updates of
// one or two rows, a row read from the grid before the updates, cell
// maps of cell maps; rows that are lists, tuples or strings), chosen at
// random, on random
// boards of random shapes (some ragged, some with other values): the
// same values and errors with the grids pass off, the composite pass
// off, and every pass off.
func TestGridsRandom(t *testing.T) {
	t.Parallel()
	r := rand.New(rand.NewPCG(28, 4))
	var cases []string
	for range 60 {
		cases = append(cases, randomGridScript(r))
	}
	diffCases(t, cases, passes.Grids, passes.Composite, passes.All)
}

// randomGridScript is a script of one game with a random move over a
// grid of a random row kind, printed for a few random boards.
func randomGridScript(r *rand.Rand) string {
	kind := r.IntN(3) // 0: lists of 0/1, 1: tuples of 0/1, 2: strings of . and #
	empty, full := "0", "1"
	if kind == 2 {
		empty, full = `"."`, `"#"`
	}
	var b strings.Builder
	fmt.Fprintf(&b, "def put(g, a, c) = [[if (i, j) == (a, c) then 1 else g[i][j] for j in 0 .. len(g[0]) - 1] for i in 0 .. len(g) - 1]\n")
	var move string
	switch r.IntN(5) {
	case 0:
		move = fmt.Sprintf("update(g, r, update(update(g[r], c, %s), c + 1, %s))", full, full)
	case 1:
		move = fmt.Sprintf("update(update(g, r, update(g[r], c, %s)), r + 1, update(g[r + 1], c, %s))", full, full)
	case 2:
		move = fmt.Sprintf("update(update(g, r, update(g[r], c, %s)), r, update(g[r], c + 1, %s))", full, full)
	case 3:
		move = "put(put(g, r, c), r, c + 1)"
		kind, empty, full = 0, "0", "1"
	default:
		move = fmt.Sprintf("update(g, r + 1, update(update(g[r + 1], c + 1, %s), c, %s))", full, full)
	}
	fmt.Fprintf(&b, "game m(g) moves m(%s) for r in 0 .. len(g) - 2 for c in 0 .. len(g[r]) - 2 if g[r][c] == %s and g[r][c + 1] == %s and g[r + 1][c] == %s\n", move, empty, empty, empty)
	row := func(w int) string {
		cells := make([]string, w)
		for j := range cells {
			cells[j] = empty
			if r.IntN(4) == 0 {
				cells[j] = full
			}
		}
		switch kind {
		case 1:
			if w == 1 {
				return "(" + cells[0] + ",)"
			}
			return "(" + strings.Join(cells, ", ") + ")"
		case 2:
			return `"` + strings.ReplaceAll(strings.Join(cells, ""), `"`, "") + `"`
		}
		return "[" + strings.Join(cells, ", ") + "]"
	}
	var boards []string
	for range 4 {
		h, w := 2+r.IntN(2), 2+r.IntN(3)
		var rows []string
		for range h {
			rows = append(rows, row(w))
		}
		boards = append(boards, "["+strings.Join(rows, ", ")+"]")
	}
	fmt.Fprintf(&b, "print [sg(m(g)) for g in [%s]]\n", strings.Join(boards, ", "))
	fmt.Fprintf(&b, "print moves(m(%s))\n", boards[0])
	// A ragged board last (its error, if any, as written).
	fmt.Fprintf(&b, "print sg(m([%s, %s]))\n", row(3), row(2))
	return b.String()
}
