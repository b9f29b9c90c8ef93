package algebra

import (
	"github.com/grundy-lang/grundy/internal/ir"
	"github.com/grundy-lang/grundy/internal/proof"
	"github.com/grundy-lang/grundy/internal/resolve"
	"github.com/grundy-lang/grundy/lang"
)

// Runs (package plan's constsets pass): a generator over a list or tuple literal of int literals that
// ascend by one (or a global bound to one: resolve's Decl.Lit), of at least
// minRun elements, is the range of its ends,
//
//	elems m in [1, 2, 3, 4, 5]; filter m <= c[i]      range m = 1 .. 5; filter m <= c[i]
//
// (package plan's sortLits, before it, puts a literal in order
// where the consumer does not see it), so that the bounds, the fast
// loops and the compiler's walks see a range. Exact: the range yields
// the same ints in the same order, and neither can fail.
func Runs(q *ir.Query) *ir.Query {
	for i, cl := range q.Clauses {
		el, ok := cl.(*ir.Elems)
		if !ok || el.Pat.Tuple || len(el.Pat.Names) != 1 || el.Pat.Names[0] == nil {
			continue
		}
		coll := GlobalLit(el.Coll)
		if _, isSet := coll.(*lang.SetLit); isSet {
			continue
		}
		ints, ok := proof.LiteralInts(coll)
		if !ok || len(ints) < minRun {
			continue
		}
		run := true
		for k := 1; k < len(ints); k++ {
			run = run && ints[k-1] < ints[k] && ints[k] == ints[k-1]+1
		}
		if !run {
			continue
		}
		at := coll.Position()
		out := q.Clone()
		out.Clauses[i] = &ir.Range{Var: el.Pat.Names[0], Lo: runLit(at, ints[0]), Hi: runLit(at, ints[len(ints)-1]), At: el.At, OpPos: at}
		return out
	}
	return nil
}

// minRun is the fewest elements a literal made a range has.
const minRun = 3

// runLit is the literal of v (a negation of one, for v below 0).
func runLit(at lang.Pos, v int64) lang.Expr {
	if v < 0 && v != -1<<63 {
		return &lang.Unary{Pos: at, Op: lang.OpNeg, X: &lang.IntLit{Pos: at, Val: -v}}
	}
	return &lang.IntLit{Pos: at, Val: v}
}

// GlobalLit is the literal a global e names is bound to, or e.
func GlobalLit(e lang.Expr) lang.Expr {
	if id, ok := e.(*lang.Ident); ok {
		if d := resolve.Of(id); d != nil && d.Kind == resolve.Global && resolve.LiteralElems(d.Lit) != nil {
			return d.Lit
		}
	}
	return e
}
