package clauses

import (
	"testing"

	"github.com/grundy-lang/grundy/internal/engine"
	"github.com/grundy-lang/grundy/internal/resolve"
	"github.com/grundy-lang/grundy/lang"
)

// ident is a use of d.
func ident(d *resolve.Decl) *lang.Ident { return &lang.Ident{Name: d.Name, Bind: d} }

// TestUpperBound: i <= Y, i < Y, Y >= i and Y > i, Y a name or a literal,
// are bounds of i; a test of anything else, or against an expression
// that could fail, is not.
func TestUpperBound(t *testing.T) {
	i, n := resolve.NewLocal("i", engine.Pos{}), resolve.NewLocal("n", engine.Pos{})
	lit := &lang.IntLit{Val: 9}
	cases := []struct {
		name string
		c    lang.Expr
		op   string
		ok   bool
	}{
		{"i <= n", &lang.Binary{Op: lang.OpLe, X: ident(i), Y: ident(n)}, "<=", true},
		{"i < 9", &lang.Binary{Op: lang.OpLt, X: ident(i), Y: lit}, "<", true},
		{"n >= i", &lang.Binary{Op: lang.OpGe, X: ident(n), Y: ident(i)}, "<=", true},
		{"n > i", &lang.Binary{Op: lang.OpGt, X: ident(n), Y: ident(i)}, "<", true},
		{"i >= n", &lang.Binary{Op: lang.OpGe, X: ident(i), Y: ident(n)}, "", false},
		{"i <= i", &lang.Binary{Op: lang.OpLe, X: ident(i), Y: ident(i)}, "", false},
		{"i <= n / 2", &lang.Binary{Op: lang.OpLe, X: ident(i), Y: &lang.Binary{Op: lang.OpDiv, X: ident(n), Y: lit}}, "", false},
		{"not a comparison", ident(i), "", false},
	}
	for _, c := range cases {
		_, op, ok := UpperBound(c.c, i)
		if ok != c.ok || op != c.op {
			t.Errorf("%s: got %q %v, want %q %v", c.name, op, ok, c.op, c.ok)
		}
	}
}

// TestMentions: a clause reads the variable if any name in it is the
// variable's, at any depth.
func TestMentions(t *testing.T) {
	i, n := resolve.NewLocal("i", engine.Pos{}), resolve.NewLocal("n", engine.Pos{})
	deep := &lang.Binary{Op: lang.OpLt, X: ident(n), Y: &lang.Binary{Op: lang.OpAdd, X: &lang.IntLit{Val: 1}, Y: ident(i)}}
	if !Mentions(deep, i) {
		t.Error("n < 1 + i does not read i")
	}
	if Mentions(deep, resolve.NewLocal("i", engine.Pos{})) {
		t.Error("n < 1 + i reads another variable named i")
	}
	if Mentions(ident(n), i) {
		t.Error("n reads i")
	}
}
