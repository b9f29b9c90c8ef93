package eval_test

import (
	"fmt"
	"strings"
	"testing"

	"github.com/grundy-lang/grundy/internal/passes"
)

// TestCondIntervalDiff: conditions on an int local compared with
// constants (the planner's guard -T <= x and x <= T and its negation, a
// constant on either side, != and ==, a global constant) compiled as one
// interval test give what the comparisons give with the int pass off: in
// a def, in a move rule's if clause, in a comprehension's filter, at the
// edges of int64.
func TestCondIntervalDiff(t *testing.T) {
	t.Parallel()
	conds := []string{
		"x >= -5 and x <= 5", "not (x >= -5 and x <= 5)", "-5 <= x and 5 >= x",
		"x > 3 and x < 3", "x == 4", "x != 4", "not (x != 4)", "x < -9223372036854775807 - 1 + 1",
		"x >= 9223372036854775807", "x > 9223372036854775807 - 1", "x <= L and x > -L",
		"not (x > 2) and x >= 0", "x >= 0 and x <= 9223372036854775807",
	}
	// (x from ranges: an int local.)
	spans := [][2]string{{"-9223372036854775807 - 1", "-9223372036854775807 + 1"}, {"-7", "7"}, {"9223372036854775805", "9223372036854775807"}}
	var lists, filters, sgs []string
	for _, sp := range spans {
		lists = append(lists, fmt.Sprintf("[f(x) for x in %s .. %s]", sp[0], sp[1]))
		filters = append(filters, fmt.Sprintf("[x for x in %s .. %s if %%[1]s]", sp[0], sp[1]))
		sgs = append(sgs, fmt.Sprintf("[sg(g(x)) for x in %s .. %s]", sp[0], sp[1]))
	}
	var fails int
	for _, c := range conds {
		src := fmt.Sprintf("let L = 4\ndef f(x) = if %[1]s then 1 else 0\ngame g(x) moves *0 if %[1]s\n"+
			"print "+strings.Join(lists, " + ")+"\nprint "+strings.Join(filters, " + ")+"\nprint "+strings.Join(sgs, " + ")+"\n", c)
		on, off := runOptWith(optCase{name: "c.game", src: src}, 0), runOptWith(optCase{name: "c.game", src: src}, passes.Ints)
		if on.out != off.out || on.err != off.err || on.panic != "" || off.panic != "" || on.err != "" {
			fails++
			if fails <= 5 {
				t.Errorf("%s:\n=== int pass on:\n%s\n=== off:\n%s", c, on, off)
			}
		}
	}
}
