package eval_test

import (
	"fmt"
	"testing"

	"github.com/grundy-lang/grundy/internal/passes"
)

// TestFusedStageDiff: a fused stage then % or / by a literal (one
// closure), and a literal on the left of + or *, give what the plain
// operators give (the fuse pass off, the int pass off): the same values,
// and the same error (operator, operands in the order written, position,
// trace) where the stage or the operator overflows.
func TestFusedStageDiff(t *testing.T) {
	t.Parallel()
	defs := `def mix(x) = (x * 1103515245 + 12345) % 2147483647
def rnd(x) = mix(mix(x))
def lin(x) = 3 * x + 5
`
	exprs := []string{
		"mix(x) % 5", "mix(x) / 7", "rnd(x) % 5", "rnd(x) / -3", "mix(x) % -4", "rnd(x) % 1",
		"1 + rnd(x) % 5", "(if x == 0 then 0 else 1 + rnd(8 * x + 7) % 5) - 1",
		"lin(x) % 10", "lin(x) / 2", "1 + x", "3 * x", "-2 * x", "(x * 7 + 1) % 9 / 2",
		// a literal divisor (a multiply for a numerator >= 0): powers of two, others, negative ones
		"x % 8", "x / 8 % 3", "x % -7", "x / -8", "(x - 5) % 6 + x / 1000003", "rnd(x) / 8 % 3",
		// literals added and subtracted in one closure (stage.Offset), under a final % or /
		"x + 5 - 3", "1 + x - 1", "(x + 9223372036854775000 - 5) % 10", "3 + x + 4 - 2 + 1", "(x - 7 + 9) / 4",
		"(1 + rnd(x) % 5) - 1", "(x + rnd(x) % 41 + 500000 - 20) % 500000", "x - 9223372036854775807 - 1 + 2",
		// the same on an if, in each branch
		"(if x % 2 == 0 then 0 else 1 + rnd(x) % 5) - 1", "(if x > 0 then 9223372036854775807 else x) + 1 - 3",
		"(if x == 3 then -9223372036854775807 - 1 else 2) - 1", "((if x < 0 then x else 3) + 5) % 4",
	}
	spans := []string{"-3 .. 3", "8358680908399640 .. 8358680908399642", "9223372036854775805 .. 9223372036854775807",
		"-9223372036854775807 - 1 .. -9223372036854775806", "3074457345618258600 .. 3074457345618258602"}
	var fails int
	for _, x := range exprs {
		for _, sp := range spans {
			src := fmt.Sprintf("%sdef f(x) = %s\nprint [f(x) for x in %s]\ngame g(v) moves *0 if f(v) %% 2 == 0\nprint [sg(g(v)) for v in %s]\n", defs, x, sp, sp)
			c := optCase{name: "f.game", src: src}
			on := runOptWith(c, 0)
			for _, off := range []passes.Pass{passes.Fuse, passes.Ints} {
				b := runOptWith(c, off)
				if on.out != b.out || on.err != b.err || on.panic != "" || b.panic != "" {
					fails++
					if fails <= 5 {
						t.Errorf("%s over %s:\n=== all passes:\n%s\n=== without %s:\n%s", x, sp, on, off, b)
					}
				}
			}
		}
	}
}
