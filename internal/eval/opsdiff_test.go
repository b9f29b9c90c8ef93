package eval_test

import (
	"fmt"
	"testing"

	"github.com/grundy-lang/grundy/internal/testenv"
	"github.com/grundy-lang/grundy/lang"
)

// TestOptDiffEveryOperator applies every operator of lang (a new one is
// in it without a change here) to operands of every
// kind, on the generic path (literals), the int path (int parameters of a
// def) and inside a game's rule, and compares the optimized run with the
// plain evaluator: a pass that mishandles an operator (a wrong result, an
// error at another position) fails here.
func TestOptDiffEveryOperator(t *testing.T) {
	t.Parallel()
	var binary, unary []string
	for op := lang.OpNone + 1; op < lang.NumOps; op++ {
		switch {
		case op.Binary():
			binary = append(binary, op.String())
		case op.Prefix():
			unary = append(unary, op.String())
		default:
			t.Errorf("operator %s is neither binary nor prefix", op)
		}
	}
	operands := []string{"0", "1", "-3", "7", "63", "64", "9223372036854775807", "-9223372036854775807 - 1", "true", `"ab"`, "[1, 2]", "{1, 3}", "(1,)", "*2"}
	ints := []string{"0", "1", "-3", "7", "63", "64", "9223372036854775807"}
	for _, op := range binary {
		// (The fast suite: a quarter of the int pairs and a sixth of the
		// others, spread over them.)
		var cases, mixed []string
		for _, a := range ints {
			for _, b := range ints {
				cases = append(cases,
					fmt.Sprintf("def f(a, b) = a %s b\nprint f(%s, %s)\n", op, a, b),
					fmt.Sprintf("def f(a, b) = if (a %s b) == a then 1 else 0\nprint f(%s, %s)\n", op, a, b))
			}
		}
		cases = testenv.Sample(cases, len(cases)/4)
		for _, a := range operands {
			for _, b := range operands {
				mixed = append(mixed, fmt.Sprintf("print (%s) %s (%s)\n", a, op, b))
			}
		}
		cases = append(cases, testenv.Sample(mixed, len(mixed)/6)...)
		cases = append(cases, fmt.Sprintf("game h(n) moves h(n - k) for k in 1 .. 3 if n - k >= 0 and (n %s k) != (k %s n)\nprint sg(h(9))\n", op, op))
		t.Run(op, func(t *testing.T) {
			t.Parallel()
			for _, src := range cases {
				if !optCheck(t, op, optCase{name: "ops.game", src: src}, true) {
					return
				}
			}
		})
	}
	for _, op := range unary {
		var cases []string
		for _, a := range operands {
			cases = append(cases, fmt.Sprintf("def f(a) = %s a\nprint f(%s)\n", op, a), fmt.Sprintf("print %s (%s)\n", op, a))
		}
		t.Run("prefix"+op, func(t *testing.T) {
			t.Parallel()
			for _, src := range cases {
				if !optCheck(t, op, optCase{name: "ops.game", src: src}, true) {
					return
				}
			}
		})
	}
}
