package plan

import (
	"github.com/grundy-lang/grundy/internal/ir"
	"github.com/grundy-lang/grundy/lang"
)

// Negations: a filter that negates a comparison of ints is the
// comparison the other way,
//
//	filter not (k > d - 1)          filter k <= d - 1
//
// so that the bounds see it (the bounds pass). Exact: both sides are
// proved ints whose evaluation cannot fail (safety.go), evaluated in the
// same order, and over ints `not (a > b)` is `a <= b` (`not (a == b)` is
// `a != b`, and so on).
func negations(env *Env, q *ir.Query) *ir.Query {
	for i, cl := range q.Clauses {
		f, ok := cl.(*ir.Filter)
		if !ok {
			continue
		}
		u, ok := f.Cond.(*lang.Unary)
		if !ok || u.Op != lang.OpNot {
			continue
		}
		b, ok := u.X.(*lang.Binary)
		if !ok {
			continue
		}
		op, ok := b.Op.Negate()
		if !ok {
			continue
		}
		sf := newSafety(env, q)
		_, ok1 := sf.Int(b.X)
		_, ok2 := sf.Int(b.Y)
		if !ok1 || !ok2 {
			continue
		}
		g, ok := sf.Guard(q)
		if !ok {
			continue
		}
		out := q.Clone()
		out.Clauses[i] = &ir.Filter{Cond: &lang.Binary{Pos: b.Pos, Op: op, X: b.X, Y: b.Y}, At: f.At}
		out.Guard = ir.MergeGuards(q.Guard, g)
		return out
	}
	return nil
}
