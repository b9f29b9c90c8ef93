package plan

import (
	"github.com/grundy-lang/grundy/internal/ir"
	"github.com/grundy-lang/grundy/lang"
)

// Conjunctions: a filter `A and B` is two filters, A then B,
//
//	filter i >= 2 and w - i >= 2          filter i >= 2; filter w - i >= 2
//
// so that the bounds (and the kernels' bounds) see each comparison.
// Exact: `and` evaluates B only where A is true, as the second filter
// does, and keeps what both keep.
func conjunctions(env *Env, q *ir.Query) *ir.Query {
	for i, cl := range q.Clauses {
		f, ok := cl.(*ir.Filter)
		if !ok {
			continue
		}
		b, ok := f.Cond.(*lang.Binary)
		if !ok || b.Op != lang.OpAnd {
			continue
		}
		out := q.Clone()
		out.Clauses = append(append(append([]ir.Clause(nil), q.Clauses[:i]...),
			&ir.Filter{Cond: b.X, At: f.At}, &ir.Filter{Cond: b.Y, At: f.At}), q.Clauses[i+1:]...)
		return out
	}
	return nil
}
