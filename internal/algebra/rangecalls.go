package algebra

import (
	"github.com/grundy-lang/grundy/internal/ir"
	"github.com/grundy-lang/grundy/lang"
)

// RangeCalls (package plan's deforest pass): a generator over range(B)
// or range(A, B) (the built-in) is the range of ints it lists,
//
//	elems p in range(lo(c, i), c[i])        range p = lo(c, i) .. c[i] - 1
//
// in a move rule's variant for positions not all ints (where the fast
// loops of int parameters compile, they take range calls as they are,
// and rewrite.Normalize writes them as ranges), so that the passes after it, the bounds and the compiler's
// walks see a range. Exact where the prover shows that listing the call
// cannot fail (its arguments safe ints under the guard, at most
// 10,000,000 elements: proof.rangeBound): range(A, B) then lists A, A +
// 1, ..., B - 1 in order, which is what A .. B - 1 yields, and B - 1
// cannot overflow within the guard. Where the guard does not hold, the
// generator runs as written.
func RangeCalls(env Env, q *ir.Query) *ir.Query {
	for i, cl := range q.Clauses {
		el, ok := cl.(*ir.Elems)
		if !ok || el.Pat.Tuple || len(el.Pat.Names) != 1 || el.Pat.Names[0] == nil {
			continue
		}
		call, ok := el.Coll.(*lang.Call)
		if !ok || len(call.Args) < 1 || len(call.Args) > 2 {
			continue
		}
		if bi := env.R.BuiltinCallee(call); bi == nil || !bi.IntRange {
			continue
		}
		sf := env.Safety(q)
		if !sf.Conds(q.Clauses[:i+1]) {
			continue
		}
		g1, ok := sf.Guard(q)
		if !ok {
			continue
		}
		lo, b := lang.Expr(&lang.IntLit{Pos: call.Pos, Val: 0}), call.Args[0]
		if len(call.Args) == 2 {
			lo, b = call.Args[0], call.Args[1]
		}
		hi := &lang.Binary{Pos: call.Pos, Op: lang.OpSub, X: b, Y: &lang.IntLit{Pos: call.Pos, Val: 1}}
		out := q.Clone()
		out.Clauses[i] = &ir.Range{Var: el.Pat.Names[0], Lo: lo, Hi: hi, At: el.At, OpPos: call.Pos}
		sf = env.Safety(out)
		if !sf.Conds(out.Clauses[:i+1]) {
			continue
		}
		g, ok := sf.Guard(out)
		if !ok {
			continue
		}
		out.Guard = ir.MergeGuards(ir.MergeGuards(q.Guard, g1), g)
		return out
	}
	return nil
}
