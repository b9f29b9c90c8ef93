package eval_test

import (
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/grundy-lang/grundy/internal/passes"
)

// A set filter of inequalities, {x for x in S if x != a and x != b}, is
// S less the elements equal to a and b: the same values with the passes
// on and off (the bitsets pass: the masks; all: the plain evaluator),
// for sets of cells, ints past the bitmaps, strings and mixed elements,
// a and b elements or not, equal, of other kinds.
func TestUnequalFilters(t *testing.T) {
	t.Parallel()
	r := rand.New(rand.NewPCG(61, 62))
	elems := []string{"(0, 0)", "(0, 1)", "(1, 0)", "(1, 1)", "(2, 5)", "5000", "7", "\"s\"", "\"t\"", "(1, \"x\")", "[1, 2]"}
	var src strings.Builder
	src.WriteString(`game cram(S) moves cram({x for x in S if x != a and x != b}) for a in S for b in [(a[0], a[1] + 1), (a[0] + 1, a[1])] if b in S
game pick(S, T) moves pick({x for x in S if a != x}, T) for a in T | pick({x for x in S if x != a and b != x and x != a}, T) for a in T for b in T
print sg(cram({(r, c) for r in 0 .. 2 for c in 0 .. 3})), sg(cram({(0, 0), (0, 1), (5, 5)}))
`)
	for range 25 {
		pick := func(n int) string {
			var e []string
			for range n {
				e = append(e, elems[r.IntN(len(elems))])
			}
			return "{" + strings.Join(e, ", ") + "}"
		}
		fmt.Fprintf(&src, "print sg(pick(%s, %s)), moves(pick(%s, {9, (0, 0)}))\n", pick(1+r.IntN(6)), pick(1+r.IntN(3)), pick(1+r.IntN(4)))
	}
	c := optCase{name: "t.game", src: src.String()}
	on := runOptWith(c, 0)
	if on.err != "" {
		t.Fatalf("with all passes on: %s\nscript:\n%s", on, src.String())
	}
	for _, off := range []passes.Pass{passes.Bitsets, passes.All} {
		if ok, why := optSame(on, runOptWith(c, off), true); !ok {
			t.Errorf("without %s: %s\nscript:\n%s", off, why, src.String())
		}
	}
}
