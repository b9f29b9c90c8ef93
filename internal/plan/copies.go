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
	if q.Consumer != ir.SumOf || len(q.Clauses) != 1 || !env.Repeatable {
		return nil
	}
	r, ok := q.Clauses[0].(*ir.Range)
	if !ok || mentionsDecl(q.Yield, resolve.NameDecl(r.Var)) {
		return nil
	}
	sf := newSafety(env, q)
	if !sf.Position(q.Yield) {
		return nil
	}
	pos := r.OpPos
	count := &lang.Binary{Pos: pos, Op: lang.OpAdd, X: &lang.Binary{Pos: pos, Op: lang.OpSub, X: r.Hi, Y: r.Lo}, Y: &lang.IntLit{Pos: pos, Val: 1}}
	cond := &lang.Binary{Pos: pos, Op: lang.OpLe, X: r.Lo, Y: r.Hi}
	if _, ok := sf.Int(count); !ok || !sf.Cond(cond) {
		return nil
	}
	g, ok := sf.Guard(q)
	if !ok {
		return nil
	}
	out := q.Clone()
	out.Clauses = []ir.Clause{&ir.Filter{Cond: cond, At: r.At}}
	out.Yield = &lang.Binary{Pos: pos, Op: lang.OpMul, X: count, Y: q.Yield}
	out.Guard = ir.MergeGuards(q.Guard, g)
	return out
}
