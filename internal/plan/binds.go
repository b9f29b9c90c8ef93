package plan

import (
	"github.com/grundy-lang/grundy/internal/ir"
	"github.com/grundy-lang/grundy/internal/resolve"
	"github.com/grundy-lang/grundy/lang"
)

// inlineBind writes the value of the bind at clause i (of one name, its
// value safe: it cannot fail, and evaluates alike wherever it is) in
// place of its name in the clauses after it and the yield, and drops the
// bind; q itself when a use is left that the substitution does not reach
// (inside a comprehension).
func inlineBind(q *ir.Query, i int) *ir.Query {
	b := q.Clauses[i].(*ir.Bind)
	if b.Pat.Tuple || len(b.Pat.Names) != 1 {
		return q
	}
	d := resolve.NameDecl(b.Pat.Names[0])
	index := map[*resolve.Decl]int{d: 0}
	args := []lang.Expr{b.X}
	sub := func(e lang.Expr) lang.Expr {
		if e == nil {
			return nil
		}
		return resolve.Substitute(e, index, args, nil)
	}
	out := q.Clone()
	out.Clauses = append([]ir.Clause(nil), q.Clauses[:i]...)
	for _, c := range q.Clauses[i+1:] {
		switch c := c.(type) {
		case *ir.Range:
			c2 := *c
			c2.Lo, c2.Hi, c2.Src = sub(c.Lo), sub(c.Hi), nil
			out.Clauses = append(out.Clauses, &c2)
		case *ir.Elems:
			out.Clauses = append(out.Clauses, &ir.Elems{Pat: c.Pat, Coll: sub(c.Coll), At: c.At})
		case *ir.Bind:
			out.Clauses = append(out.Clauses, &ir.Bind{Pat: c.Pat, X: sub(c.X), At: c.At, Lit: c.Lit})
		case *ir.Filter:
			out.Clauses = append(out.Clauses, &ir.Filter{Cond: sub(c.Cond), At: c.At})
		}
	}
	out.Yield, out.Key = sub(q.Yield), sub(q.Key)
	left := false
	check := func(x lang.Expr) bool {
		if id, ok := x.(*lang.Ident); ok && resolve.Of(id) == d {
			left = true
		}
		return !left
	}
	lang.Inspect(out.Yield, check)
	if out.Key != nil {
		lang.Inspect(out.Key, check)
	}
	lang.InspectClauses(ir.RaiseClauses(out.Clauses), check)
	if left {
		return q
	}
	return out
}
