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

// TestExprBitOperators: the bit operators print with the parser's
// precedence (lower than + and -): what prints parses back to the same
// tree.
func TestExprBitOperators(t *testing.T) {
	for _, src := range []string{"b - (1 << i)", "b - 1 << i", "(a | b) & c", "a | b & c", "a + b << 2", "a * (b ^ c)", "a ^ b * c", "b >> i & 1 == 1"} {
		e, err := lang.ParseExpr("t.game", src)
		if err != nil {
			t.Fatalf("%s: %v", src, err)
		}
		if got := ir.Expr(e); got != src {
			t.Errorf("Expr(%s) = %q", src, got)
		}
	}
}
