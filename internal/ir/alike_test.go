package ir_test

import (
	"testing"

	"github.com/grundy-lang/grundy/internal/ir"
	"github.com/grundy-lang/grundy/internal/resolve"
	"github.com/grundy-lang/grundy/lang"
	"github.com/grundy-lang/grundy/stdlib"
)

// alts resolves src and returns the alternatives of its game g.
func alts(t *testing.T, src string) []*lang.Alt {
	t.Helper()
	f, err := lang.ParseFile("t.game", src)
	if err != nil {
		t.Fatal(err)
	}
	ch := resolve.File(resolve.NewUniverse(stdlib.Registry()), resolve.NewScope(nil), f, false, 0)
	if len(ch.Errs) > 0 {
		t.Fatal(ch.Errs)
	}
	for _, st := range f.Stmts {
		if g, ok := st.(*lang.GameStmt); ok && g.Name.Name == "g" {
			var out []*lang.Alt
			for _, a := range g.Alts {
				out = append(out, a.(*lang.Alt))
			}
			return out
		}
	}
	t.Fatal("no game g")
	return nil
}

// TestAlike: two alternatives of one rule are alike when they are the
// same code but for the names they bind (and where they stand); a name
// that means something else, a literal, an operator, a clause or a
// consumer that differs makes them unlike.
func TestAlike(t *testing.T) {
	cases := []struct {
		src  string
		want bool
	}{
		{"game g(n) moves g(n - 1) if n > 0 | g(n - 1) if n > 0", true},
		{"game g(n) moves g(n - 1) if n > 0 |\n    g( n-1 )   if n>0", true},
		{"game g(n) moves g(n - 1) if n > 0 | g(n - 2) if n > 0", false},
		{"game g(n) moves g(n - 1) if n > 0 | g(n - 1) if n >= 0", false},
		{"game g(n) moves g(n - 1) if n > 0 | g(n - 1)", false},
		{"game g(n) moves g(k) for k in 0 .. n - 1 | g(j) for j in 0 .. n - 1", true},
		{"game g(n) moves g(k) for k in 0 .. n - 1 | g(n - j) for j in 0 .. n - 1", false},
		{"game g(n) moves g(a) + g(b) for a in 0 .. n for b in 0 .. a | g(x) + g(y) for x in 0 .. n for y in 0 .. x", true},
		// The names bound in another order, or the two swapped.
		{"game g(n) moves g(a) + g(b) for a in 0 .. n for b in 0 .. a | g(y) + g(x) for x in 0 .. n for y in 0 .. x", false},
		// A free name against a bound one, and two different free names.
		{"let k = 1\ngame g(n) moves g(n - k) | g(n - k) for k in [1]", false},
		{"let k = 1\nlet m = 1\ngame g(n) moves g(n - k) | g(n - m)", false},
		{"let k = 1\ngame g(n) moves g(n - k) | g(n - k)", true},
		// Comprehensions inside, whose names are used before they are bound.
		{"game g(n) moves g(len([x for x in 0 .. n if x % 2 == 0])) | g(len([y for y in 0 .. n if y % 2 == 0]))", true},
		{"game g(n) moves g(len([x for x in 0 .. n if x % 2 == 0])) | g(len([y for y in 0 .. n if n % 2 == 0]))", false},
		{"game g(n) moves g(len([x for x in 0 .. n])) | g(len({x for x in 0 .. n}))", false},
		{`game g(n) moves g(len(str(n) + "a")) | g(len(str(n) + "b"))`, false},
		{`def f(x) = x
def h(x) = x
game g(n) moves g(f(n - 1)) if n > 0 | g(h(n - 1)) if n > 0`, false},
		{"game g(n) moves g(n - s) for (s, t) in [(1, 2)] | g(n - u) for (u, v) in [(1, 2)]", true},
		{"game g(n) moves g(n - s) for (s, t) in [(1, 2)] | g(n - v) for (u, v) in [(1, 2)]", false},
	}
	for _, c := range cases {
		as := alts(t, c.src+"\n")
		if got := ir.Alike(as[0], as[1]); got != c.want {
			t.Errorf("%s: Alike = %v, want %v", c.src, got, c.want)
		}
		if !ir.Alike(as[0], as[0]) || !ir.Alike(as[1], as[1]) {
			t.Errorf("%s: an alternative is not alike itself", c.src)
		}
		// Lowered to queries, the same answer.
		qa, qb := ir.LowerAlt(as[0], ir.MoveSG), ir.LowerAlt(as[1], ir.MoveSG)
		if got := ir.Alike(qa, qb); got != c.want {
			t.Errorf("%s: Alike of the queries = %v, want %v", c.src, got, c.want)
		}
		if ir.Alike(qa, ir.LowerAlt(as[0], ir.MoveValues)) {
			t.Errorf("%s: queries of two consumers are alike", c.src)
		}
	}
}
