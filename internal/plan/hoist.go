package plan

import (
	"github.com/grundy-lang/grundy/internal/ir"
)

// Hoisting: a filter after a range that reads neither the range's
// variable nor a name bound after it is tested once, before the range,
//
//	range a = 0 .. (n - 1) / 2; filter n >= 1       filter n >= 1; range a = 0 .. (n - 1) / 2
//
// so that what stays after the range is about its variable (bounds the
// kernels take). Exact: the range's ends, the filters between and the
// filter are safe (safety.go) under the query's guard; as written the
// filter gives the same answer for every value of the variable, so the
// same values pass, in the same order.
func hoist(env *Env, q *ir.Query) *ir.Query {
	for gi, cl := range q.Clauses {
		r, ok := cl.(*ir.Range)
		if !ok {
			continue
		}
		for fi := gi + 1; fi < len(q.Clauses); fi++ {
			f, ok := q.Clauses[fi].(*ir.Filter)
			if !ok {
				break
			}
			if ir.BindsRead(q.Clauses[gi:], f.Cond) {
				continue
			}
			sf := newSafety(env, q)
			if _, ok := sf.Int(r.Lo); !ok {
				return nil
			}
			if _, ok := sf.Int(r.Hi); !ok || !sf.Conds(q.Clauses[gi+1:fi+1]) {
				return nil
			}
			g, ok := sf.Guard(q)
			if !ok {
				return nil
			}
			out := q.Clone()
			out.Clauses = append(append([]ir.Clause(nil), q.Clauses[:gi]...), f)
			out.Clauses = append(out.Clauses, q.Clauses[gi:fi]...)
			out.Clauses = append(out.Clauses, q.Clauses[fi+1:]...)
			out.Guard = g
			return out
		}
	}
	return nil
}
