package plan

import (
	"github.com/grundy-lang/grundy/internal/ir"
)

// Implied filters: a filter after the range of k that the range implies,
// `L >= R` where L - R is k - Lo plus a constant at least 0 (or Hi - k
// plus one: a sum of terms, each a name or an expression compared as
// written, ir.Alike, times a constant),
//
//	range k = 0 .. deg - 1                     range k = 0 .. deg - 1
//	filter 8 * v + k >= 0 + 8 * v        →     yield g(k)
//	filter 8 * v + k <= deg - 1 + 8 * v
//	yield g(k)
//
// (what equalities leaves of a second loop tied to the first, `for t in
// 8 * v .. deg - 1 + 8 * v if t == 8 * v + k`) is dropped. Exact: the
// range's ends read only names bound before it, which the filter reads
// as they were (the same values: int arithmetic that cannot fail); the
// filter holds for every k the range gives, and cannot fail itself
// (safety.go, under the query's guard).
func implied(env *Env, q *ir.Query) *ir.Query {
	for fi, cl := range q.Clauses {
		f, ok := cl.(*ir.Filter)
		if !ok || !ir.ImpliedByRange(q.Clauses[:fi], f.Cond) {
			continue
		}
		sf := newSafety(env, q)
		if !sf.Cond(f.Cond) {
			continue
		}
		g, ok := sf.Guard(q)
		if !ok {
			continue
		}
		out := q.Clone()
		out.Clauses = append(append([]ir.Clause(nil), q.Clauses[:fi]...), q.Clauses[fi+1:]...)
		out.Guard = g
		return out
	}
	return nil
}
