package plan

import (
	"github.com/grundy-lang/grundy/internal/ir"
	"github.com/grundy-lang/grundy/internal/resolve"
	"github.com/grundy-lang/grundy/lang"
)

// Equalities: a filter L == R whose sides are affine in the variable v of
// the last generator before it, a range, with coefficient ±1 there,
//
//	range i = 1 .. n; range j = 1 .. n; filter i + j == n
//
// fixes v: the range becomes the one value, checked against the range's
// ends,
//
//	range i = 1 .. n; bind j = n - i; filter j >= 1; filter j <= n
//
// and the loop over v disappears. The filters between the range and the
// equality stay, after the checks. Exactness: the rule as written tests
// L == R for every v of the range, in order, and yields the one that
// passes (at the place of v's loop: the yields keep their order); the
// planned query computes it. Every expression either evaluates (the
// range's ends, L, R, the filters between, the solved value) is safe
// (safety.go) under the query's guard: none can fail, so the rule as
// written would have met no error either.
func equalities(env *Env, q *ir.Query) *ir.Query {
	for fi, cl := range q.Clauses {
		if out := solveAt(env, q, fi, cl); out != nil {
			return out
		}
	}
	return nil
}

// solveAt solves the equality at clause fi, or returns nil.
func solveAt(env *Env, q *ir.Query, fi int, cl ir.Clause) *ir.Query {
	f, ok := cl.(*ir.Filter)
	if !ok {
		return nil
	}
	eq, ok := f.Cond.(*lang.Binary)
	if !ok || eq.Op != lang.OpEq {
		return nil
	}
	gi, r := rangeBefore(q, fi)
	if r == nil {
		return nil
	}
	v := resolve.NameDecl(r.Var)
	any := func(*lang.Ident) bool { return true }
	lhs, ok1 := ir.AffineOf(eq.X, any)
	rhs, ok2 := ir.AffineOf(eq.Y, any)
	if !ok1 || !ok2 || v == nil {
		return nil
	}
	diff, ok := lhs.Add(rhs, -1)
	a := diff.Coef[v]
	if !ok || a != 1 && a != -1 {
		return nil
	}
	// L - R = a*v + rest: v = -a * rest.
	delete(diff.Coef, v)
	sol, ok := diff.Scale(-a)
	if !ok {
		return nil
	}
	val := build(sol, identsOf(eq), eq.Pos)
	vid := &lang.Ident{Pos: eq.Pos, Name: r.Var.Name, Bind: r.Var.Bind}
	out := q.Clone()
	out.Clauses = append([]ir.Clause(nil), q.Clauses[:gi]...)
	out.Clauses = append(out.Clauses,
		&ir.Bind{Pat: &lang.Pattern{Pos: r.Var.Pos, Names: []*lang.Name{r.Var}}, X: val, At: r.At, Lit: eq.Pos},
		&ir.Filter{Cond: &lang.Binary{Pos: eq.Pos, Op: lang.OpGe, X: vid, Y: r.Lo}, At: f.At},
		&ir.Filter{Cond: &lang.Binary{Pos: eq.Pos, Op: lang.OpLe, X: vid, Y: r.Hi}, At: f.At})
	out.Clauses = append(out.Clauses, q.Clauses[gi+1:fi]...)
	out.Clauses = append(out.Clauses, q.Clauses[fi+1:]...)
	// What the rule as written evaluates, then what the planned one does.
	sf := newSafety(env, q)
	if !sf.Cond(eq) || !sf.Conds(q.Clauses[gi+1:fi]) {
		return nil
	}
	sf.Q = out
	if !sf.Conds(out.Clauses[gi : fi+2]) {
		return nil
	}
	g, ok := sf.Guard(q)
	if !ok {
		return nil
	}
	out.Guard = g
	return inlineBind(out, gi)
}

// rangeBefore is the last generator before clause fi, with only filters
// between, when it is a range (its index, the range), or -1, nil.
func rangeBefore(q *ir.Query, fi int) (int, *ir.Range) {
	gi := fi - 1
	for gi >= 0 {
		if _, isF := q.Clauses[gi].(*ir.Filter); !isF {
			break
		}
		gi--
	}
	if gi < 0 {
		return -1, nil
	}
	r, _ := q.Clauses[gi].(*ir.Range)
	return gi, r
}

// identsOf maps each declaration named in e to one of its names.
func identsOf(e lang.Expr) map[*resolve.Decl]*lang.Ident {
	out := map[*resolve.Decl]*lang.Ident{}
	lang.Inspect(e, func(x lang.Expr) bool {
		if id, ok := x.(*lang.Ident); ok && resolve.Of(id) != nil {
			if _, seen := out[resolve.Of(id)]; !seen {
				out[resolve.Of(id)] = id
			}
		}
		return true
	})
	return out
}

// build writes affine form a as an expression (its terms in the order of
// their names' positions), every node at pos.
func build(a ir.Affine, names map[*resolve.Decl]*lang.Ident, pos lang.Pos) lang.Expr {
	var terms []*lang.Ident
	for d := range a.Coef {
		terms = append(terms, names[d])
	}
	sortIdents(terms, a)
	var out lang.Expr
	for _, id := range terms {
		k := a.Coef[resolve.Of(id)]
		var t lang.Expr = &lang.Ident{Pos: pos, Name: id.Name, Bind: id.Bind}
		neg := k < 0 && out != nil
		if neg {
			k = -k
		}
		if k == -1 {
			t = &lang.Unary{Pos: pos, Op: lang.OpNeg, X: t}
		} else if k != 1 {
			t = &lang.Binary{Pos: pos, Op: lang.OpMul, X: &lang.IntLit{Pos: pos, Val: k}, Y: t}
		}
		switch {
		case out == nil:
			out = t
		case neg:
			out = &lang.Binary{Pos: pos, Op: lang.OpSub, X: out, Y: t}
		default:
			out = &lang.Binary{Pos: pos, Op: lang.OpAdd, X: out, Y: t}
		}
	}
	c := a.Const
	switch {
	case out == nil:
		return &lang.IntLit{Pos: pos, Val: c}
	case c > 0:
		return &lang.Binary{Pos: pos, Op: lang.OpAdd, X: out, Y: &lang.IntLit{Pos: pos, Val: c}}
	case c < 0 && c != -c:
		return &lang.Binary{Pos: pos, Op: lang.OpSub, X: out, Y: &lang.IntLit{Pos: pos, Val: -c}}
	case c < 0:
		return &lang.Binary{Pos: pos, Op: lang.OpAdd, X: out, Y: &lang.IntLit{Pos: pos, Val: c}}
	}
	return out
}

// sortIdents orders names by their positions (then their text), those
// of positive coefficients in a first.
func sortIdents(ids []*lang.Ident, a ir.Affine) {
	less := func(x, y *lang.Ident) bool {
		px, py := a.Coef[resolve.Of(x)] > 0, a.Coef[resolve.Of(y)] > 0
		if px != py {
			return px
		}
		if x.Pos.Offset != y.Pos.Offset {
			return x.Pos.Offset < y.Pos.Offset
		}
		return x.Name < y.Name // (names built at one position: a stable order)
	}
	for i := 1; i < len(ids); i++ {
		for j := i; j > 0 && less(ids[j], ids[j-1]); j-- {
			ids[j], ids[j-1] = ids[j-1], ids[j]
		}
	}
}
