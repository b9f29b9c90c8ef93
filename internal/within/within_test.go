package within_test

import (
	"testing"

	"github.com/grundy-lang/grundy/internal/ir"
	"github.com/grundy-lang/grundy/internal/resolve"
	"github.com/grundy-lang/grundy/internal/within"
	"github.com/grundy-lang/grundy/lang"
	"github.com/grundy-lang/grundy/stdlib"
)

// query resolves src and lowers the first alternative of its game g for
// the SG search, with the box of its roots n (and S, a global
// collection whose least element is lo) at most t in size.
func query(t *testing.T, src string, bound, lo int64) (*ir.Query, *within.Box) {
	t.Helper()
	f, err := lang.ParseFile("t.game", src)
	if err != nil {
		t.Fatal(err)
	}
	ch := resolve.File(resolve.NewUniverse(stdlib.Registry()), resolve.NewScope(nil), f, false, 0)
	if len(ch.Errs) > 0 {
		t.Fatal(ch.Errs)
	}
	bx := &within.Box{Roots: map[*resolve.Decl]bool{}, T: bound, Colls: map[*resolve.Decl]int64{}}
	for _, st := range f.Stmts {
		switch st := st.(type) {
		case *lang.LetStmt:
			for _, n := range st.Pattern().Names {
				bx.Roots[resolve.NameDecl(n)], bx.Colls[resolve.NameDecl(n)] = true, lo
			}
		case *lang.GameStmt:
			for _, p := range lang.ParamNames(st.Params) {
				bx.Roots[resolve.NameDecl(p)] = true
			}
			return ir.LowerAlt(st.Alts[0].(*lang.Alt), ir.MoveSG), bx
		}
	}
	t.Fatal("no game g")
	return nil, nil
}

// TestWithin: an option's argument is within the box where each
// variable, replaced by the bounds its clause and the filters after it
// give, leaves a root plus a constant of the right sign: an element of
// a global collection by its least element and T.
func TestWithin(t *testing.T) {
	cases := []struct {
		name   string
		src    string
		lo     int64
		up, dn bool
	}{
		{"a range below n", "game g(n) moves g(n - k) for k in 1 .. n\n", -100, true, true},
		{"a range past n", "game g(n) moves g(n + k) for k in 1 .. n\n", -100, false, true},
		{"a filter bounds it", "game g(n) moves g(n + k) for k in 1 .. n if n + k <= 50\n", -100, true, true},
		{"an element at least 0", "let S = [1]\ngame g(n) moves g(n - s) for s in S if s <= n\n", 0, true, true},
		{"an element of any sign", "let S = [1]\ngame g(n) moves g(n - s) for s in S if s <= n\n", -100, false, true},
		{"an element, a range's end at a min", "game g(n) moves g(n - k) for k in 0 .. min(n, 3)\n", -100, true, true},
	}
	for _, c := range cases {
		q, bx := query(t, c.src, 100, c.lo)
		var arg lang.Expr
		lang.Inspect(q.Yield, func(e lang.Expr) bool {
			if call, ok := e.(*lang.Call); ok && arg == nil {
				arg = call.Args[0]
			}
			return arg == nil
		})
		x, ok := ir.AffineOf(arg, func(*lang.Ident) bool { return true })
		if !ok {
			t.Fatalf("%s: not affine", c.name)
		}
		if up, dn := bx.Within(q, x, true), bx.Within(q, x, false); up != c.up || dn != c.dn {
			t.Errorf("%s: within above %v, below %v; want %v, %v", c.name, up, dn, c.up, c.dn)
		}
	}
}
