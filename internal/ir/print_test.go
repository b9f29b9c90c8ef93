package ir_test

import (
	"testing"

	"github.com/grundy-lang/grundy/internal/ir"
	"github.com/grundy-lang/grundy/lang"
)

// TestExprUnaryOfBinary: an operator's operand that is a binary
// operation prints in parentheses (not (a or b) is not (not a) or b).
func TestExprUnaryOfBinary(t *testing.T) {
	a, b := &lang.Ident{Name: "a"}, &lang.Ident{Name: "b"}
	cases := []struct {
		e    lang.Expr
		want string
	}{
		{&lang.Unary{Op: lang.OpNot, X: &lang.Binary{Op: lang.OpOr, X: a, Y: b}}, "not (a or b)"},
		{&lang.Unary{Op: lang.OpNeg, X: &lang.Binary{Op: lang.OpAdd, X: a, Y: b}}, "-(a + b)"},
		{&lang.Unary{Op: lang.OpNot, X: a}, "not a"},
		{&lang.Binary{Op: lang.OpOr, X: &lang.Unary{Op: lang.OpNot, X: a}, Y: b}, "not a or b"},
	}
	for _, c := range cases {
		if got := ir.Expr(c.e); got != c.want {
			t.Errorf("Expr = %q, want %q", got, c.want)
		}
	}
}
