package algebra

import (
	"github.com/grundy-lang/grundy/internal/ir"
	"github.com/grundy-lang/grundy/lang"
)

// Conjunctions makes a filter `A and B` two filters, A then B,
//
//	filter i >= 2 and w - i >= 2          filter i >= 2; filter w - i >= 2
//
// so that the bounds (and the kernels' bounds) see each comparison.
// Exact: `and` evaluates B only where A is true, as the second filter
// does, and keeps what both keep; A and B are comparisons (or not, and,
// or of them), which give a bool or fail as they would in an if clause
// (a value of another type would fail `and`, with another message, and
// an if clause differently).
func Conjunctions(q *ir.Query) *ir.Query {
	for i, cl := range q.Clauses {
		f, ok := cl.(*ir.Filter)
		if !ok {
			continue
		}
		b, ok := f.Cond.(*lang.Binary)
		if !ok || b.Op != lang.OpAnd || !isBool(b.X) || !isBool(b.Y) {
			continue
		}
		out := q.Clone()
		out.Clauses = append(append(append([]ir.Clause(nil), q.Clauses[:i]...),
			&ir.Filter{Cond: b.X, At: f.At}, &ir.Filter{Cond: b.Y, At: f.At}), q.Clauses[i+1:]...)
		return out
	}
	return nil
}

// isBool reports whether e gives a bool whenever it does not fail: a
// comparison, a membership test, a bool literal, or not, and, or of
// such.
func isBool(e lang.Expr) bool {
	switch e := e.(type) {
	case *lang.BoolLit:
		return true
	case *lang.Unary:
		return e.Op == lang.OpNot && isBool(e.X)
	case *lang.Binary:
		switch e.Op {
		case lang.OpAnd, lang.OpOr:
			return isBool(e.X) && isBool(e.Y)
		case lang.OpLt, lang.OpLe, lang.OpGt, lang.OpGe, lang.OpEq, lang.OpNe, lang.OpIn, lang.OpNotIn:
			return true
		}
	}
	return false
}
