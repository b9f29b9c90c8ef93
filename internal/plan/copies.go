package plan

import (
	"github.com/grundy-lang/grundy/internal/ir"
	"github.com/grundy-lang/grundy/internal/resolve"
	"github.com/grundy-lang/grundy/lang"
)

// Copies: a sum of one position over a range that it does not read is
// that many copies of it,
//
//	sum of g(n / t) for c in 1 .. t          filter 1 <= t
//	                                         yield (t - 1 + 1) * g(n / t)
//
// (the shared pass), which the SG values take from the position's value
// alone (k * G is G for k odd, 0 for k even) instead of adding it to
// itself k times. Exact: the range's ends are safe ints (safety.go) and
// so is the count; where the range is empty neither sums anything; the
// position is evaluated once where it was evaluated k times, each time
// to the same value (Env.Repeatable), the first time where it fails; and
// k * G is the sum of k copies of G, the same value.
func copies(env *Env, q *ir.Query) *ir.Query {
	if q.Consumer != ir.SumOf || len(q.Clauses) != 1 {
		return nil
	}
	cond, y, g, ok := copiesOf(env, q)
	if !ok {
		return nil
	}
	out := q.Clone()
	out.Clauses = []ir.Clause{&ir.Filter{Cond: cond, At: q.Clauses[0].(*ir.Range).At}}
	out.Yield = y
	out.Guard = ir.MergeGuards(q.Guard, g)
	return out
}

// copiesOf reads the last clause of q, a range, and its yield as copies:
// the condition that the range is not empty, the yield as count * G, and
// the guard under which the proofs hold (q's other clauses are where the
// sum is: what binds the names it reads, and the filters that hold).
func copiesOf(env *Env, q *ir.Query) (cond, yield lang.Expr, g []ir.Bound, ok bool) {
	if !env.Repeatable || len(q.Clauses) == 0 {
		return nil, nil, nil, false
	}
	r, isRange := q.Clauses[len(q.Clauses)-1].(*ir.Range)
	if !isRange || ir.MentionsDecl(q.Yield, resolve.NameDecl(r.Var)) {
		return nil, nil, nil, false
	}
	sf := newSafety(env, q)
	sf.Ordered = true // (the filters before the sum hold)
	if !sf.Conds(q.Clauses[:len(q.Clauses)-1]) || !sf.Position(q.Yield) {
		return nil, nil, nil, false
	}
	pos := r.OpPos
	count := &lang.Binary{Pos: pos, Op: lang.OpAdd, X: &lang.Binary{Pos: pos, Op: lang.OpSub, X: r.Hi, Y: r.Lo}, Y: &lang.IntLit{Pos: pos, Val: 1}}
	cond = &lang.Binary{Pos: pos, Op: lang.OpLe, X: r.Lo, Y: r.Hi}
	if _, ok := sf.Int(count); !ok || !sf.Cond(cond) {
		return nil, nil, nil, false
	}
	g, ok = sf.Guard(q)
	if !ok {
		return nil, nil, nil, false
	}
	return cond, &lang.Binary{Pos: pos, Op: lang.OpMul, X: count, Y: q.Yield}, g, true
}

// copiesIn is sum comprehension c, read by the yield of ctx, as copies
// where it is a sum of one position over a range: `if L <= H then (H - L +
// 1) * G else *0` (the empty sum is *0), and the guard it needs; nil
// otherwise.
func copiesIn(env *Env, ctx *ir.Query, c *lang.Comp) (lang.Expr, []ir.Bound) {
	inner := ir.LowerComp(c, ir.SumOf)
	if len(inner.Clauses) != 1 {
		return nil, nil
	}
	q := ctx.Clone()
	q.Consumer = ir.SumOf
	q.Clauses = append(q.Clauses, inner.Clauses...)
	q.Yield = inner.Yield
	cond, y, g, ok := copiesOf(env, q)
	if !ok {
		return nil, nil
	}
	pos := c.Pos
	zero := &lang.Unary{Pos: pos, Op: lang.OpNimber, X: &lang.IntLit{Pos: pos, Val: 0}}
	return &lang.IfExpr{Pos: pos, Cond: cond, Then: y, Else: zero}, g
}
