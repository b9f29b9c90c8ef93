// Package plan owns the planner: an ordered list of passes, one a file,
// each an exact algebraic rewrite of a query (package ir: a move rule's
// alternative or a comprehension as clauses and a yield), each switchable
// (package passes), run in order by Plan, the pass manager. A pass keeps
// the same values, the same errors at the same positions and, wherever
// the consumer sees it, the same order of yields.
//
// The passes that compute where the rule as written evaluates (a solved
// equality, a fused helper, a narrowed range) are exact only while no int
// they compute overflows: they prove it for every node under an
// assumption |n| <= T on each int they read from outside the query (its
// guard, safety.go), and the planned query runs where the guard holds,
// the query as written where it does not (Raise: two alternatives, the
// guard tested first, which cannot fail).
package plan

import (
	"github.com/grundy-lang/grundy/internal/ir"
	"github.com/grundy-lang/grundy/internal/passes"
	"github.com/grundy-lang/grundy/internal/resolve"
	"github.com/grundy-lang/grundy/lang"
)

// Env is what the passes read: what names mean where the query is
// compiled (the variant: which locals are ints) and the passes on.
type Env struct {
	R  *resolve.Resolver
	On passes.Pass
}

// pass is one rewrite: it returns the query rewritten, or nil where it
// does not apply.
type pass struct {
	bit passes.Pass
	run func(env *Env, q *ir.Query) *ir.Query
}

// order is the planner's passes, in the order they run.
var order = []pass{
	{passes.Deforest, deforest},
	{passes.Equalities, equalities},
	{passes.Bounds, bounds},
	{passes.ConstSets, constSets},
}

// Result is a query as planned.
type Result struct {
	Planned *ir.Query   // after the passes (its Guard what it assumes)
	Fired   passes.Pass // the passes that changed it
}

// Plan runs the passes on q in order, each as long as it changes the
// query.
func Plan(env *Env, q *ir.Query) Result {
	res := Result{Planned: q}
	for _, p := range order {
		if env.On&p.bit == 0 {
			continue
		}
		for n := 0; n < 16; n++ {
			out := p.run(env, res.Planned)
			if out == nil {
				break
			}
			res.Planned, res.Fired = out, res.Fired|p.bit
		}
	}
	return res
}

// Alts plans a move rule's alternative for consumer k and raises it: the
// alternative itself when no pass changed it; otherwise the planned one,
// and when it has a guard, first the planned one behind the guard and
// then alt behind the guard's negation (one of them yields, in the
// order alt would).
func Alts(env *Env, alt *lang.Alt, k ir.Consumer) ([]*lang.Alt, Result) {
	res := Plan(env, ir.LowerAlt(alt, k))
	if res.Fired == 0 {
		return []*lang.Alt{alt}, res
	}
	planned := ir.RaiseAlt(res.Planned)
	if len(res.Planned.Guard) == 0 {
		return []*lang.Alt{planned}, res
	}
	g := guardExpr(res.Planned.Guard, alt.Pos)
	planned.Clauses = append([]lang.Clause{&lang.IfClause{Pos: alt.Pos, Cond: g}}, planned.Clauses...)
	plain := &lang.Alt{Pos: alt.Pos, Body: alt.Body, Clauses: append([]lang.Clause{&lang.IfClause{Pos: alt.Pos, Cond: &lang.Unary{Pos: alt.Pos, Op: lang.OpNot, X: g}}}, alt.Clauses...)}
	return []*lang.Alt{planned, plain}, res
}

// guardExpr is the conjunction of -T <= Root <= T (ints compared with
// literals: it cannot fail).
func guardExpr(gs []ir.Bound, pos lang.Pos) lang.Expr {
	var out lang.Expr
	for _, g := range gs {
		id := &lang.Ident{Pos: pos, Name: g.Root.Name, Bind: g.Root.Bind}
		lo := &lang.Binary{Pos: pos, Op: lang.OpGe, X: id, Y: &lang.IntLit{Pos: pos, Val: -g.T}}
		hi := &lang.Binary{Pos: pos, Op: lang.OpLe, X: id, Y: &lang.IntLit{Pos: pos, Val: g.T}}
		both := lang.Expr(&lang.Binary{Pos: pos, Op: lang.OpAnd, X: lo, Y: hi})
		if out == nil {
			out = both
		} else {
			out = &lang.Binary{Pos: pos, Op: lang.OpAnd, X: out, Y: both}
		}
	}
	return out
}
