package plan

import (
	"github.com/grundy-lang/grundy/internal/ir"
	"github.com/grundy-lang/grundy/lang"
)

// Sorted collections: a generator over sorted(C), where C's elements come
// in ascending order already, iterates C,
//
//	elems t in sorted(divisors(n))          elems t in divisors(n)
//
// (the constsets pass). C is divisors(X) (ascending, each once), a range
// lo .. hi, or sorted(D) itself. Exact: sorted(C) is a list of the same
// elements in the same order; C is evaluated as before, and sorting ints
// in order cannot fail.
func sortedColls(env *Env, q *ir.Query) *ir.Query {
	for i, cl := range q.Clauses {
		el, ok := cl.(*ir.Elems)
		if !ok {
			continue
		}
		call, ok := el.Coll.(*lang.Call)
		if !ok || len(call.Args) != 1 {
			continue
		}
		if bi := env.R.BuiltinCallee(call); bi == nil || bi.BName != "sorted" || !ascending(env, call.Args[0]) {
			continue
		}
		out := q.Clone()
		out.Clauses[i] = &ir.Elems{Pat: el.Pat, Coll: call.Args[0], At: el.At}
		return out
	}
	return nil
}

// ascending reports whether collection c iterates in ascending order,
// each element once, whatever its arguments are where it does not fail.
func ascending(env *Env, c lang.Expr) bool {
	switch c := c.(type) {
	case *lang.Binary:
		return c.Op == lang.OpRange
	case *lang.Call:
		bi := env.R.BuiltinCallee(c)
		return bi != nil && len(c.Args) == 1 && (bi.BName == "divisors" || bi.BName == "sorted" && ascending(env, c.Args[0]))
	}
	return false
}
