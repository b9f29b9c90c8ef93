package algebra

import (
	"github.com/grundy-lang/grundy/internal/ir"
	"github.com/grundy-lang/grundy/internal/proof"
	"github.com/grundy-lang/grundy/internal/resolve"
	"github.com/grundy-lang/grundy/lang"
)

// Counts of a filter compared with zero. The length of a list
// comprehension whose last clauses are if clauses, compared with 0 so
// that it asks whether some element passes,
//
//	len([L for L in LINES if full(c, L)]) == 0      not any([full(c, L) for L in LINES])
//	len([x for x in S if P if Q]) > 0               any([P and Q for x in S])
//	sum([1 for x in S if P]) == 0                   not any([P for x in S])
//
// is any of the conditions over the clauses before them (== 0, <= 0 and
// < 1: not any; != 0, > 0 and >= 1: any; either way round), which the
// mask tests and the folds know. Exact where the element cannot fail (a
// name or a literal: len evaluates it, any does not) and each condition
// is a bool whenever it evaluates (a comparison, not, and, or, or a call
// of a def whose body is one): both evaluate every binding of the
// clauses before, and the conditions of each in order up to the first
// false one (the filter stops there, and so does `and`), so the same
// errors are met in the same order; the count is 0 exactly where no
// binding passes them all.
func lenOfFilter(c *ctx, e lang.Expr) lang.Expr {
	b, ok := e.(*lang.Binary)
	if !ok {
		return nil
	}
	call, k, op := b.X, b.Y, b.Op
	if _, isLit := call.(*lang.IntLit); isLit {
		call, k, op = b.Y, b.X, op.Flip()
	}
	kv, ok := ir.IntLit(k)
	if !ok {
		return nil
	}
	var some bool
	switch {
	case kv == 0 && (op == lang.OpEq || op == lang.OpLe), kv == 1 && op == lang.OpLt:
	case kv == 0 && (op == lang.OpNe || op == lang.OpGt), kv == 1 && op == lang.OpGe:
		some = true
	default:
		return nil
	}
	lc, ok := call.(*lang.Call)
	if !ok || len(lc.Args) != 1 {
		return nil
	}
	comp := countOf(c.env.R, lc)
	if comp == nil {
		return nil
	}
	n := len(comp.Clauses)
	for n > 0 {
		if _, isIf := comp.Clauses[n-1].(*lang.IfClause); !isIf {
			break
		}
		n--
	}
	if n == 0 || n == len(comp.Clauses) {
		return nil
	}
	var cond lang.Expr
	for _, cl := range comp.Clauses[n:] {
		p := cl.(*lang.IfClause).Cond
		if !boolValued(c.env.R, p) {
			return nil
		}
		if cond == nil {
			cond = p
		} else {
			cond = &lang.Binary{Pos: lang.Start(p), Op: lang.OpAnd, X: cond, Y: p}
		}
	}
	anyBi := c.env.R.Reg.Builtin("any")
	if anyBi == nil {
		return nil
	}
	pos := lc.Pos
	d := &resolve.Decl{Name: "any", Kind: resolve.Builtin, Bi: anyBi}
	inner := &lang.Comp{Pos: comp.Pos, Kind: lang.ListComp, Body: cond, Clauses: append([]lang.Clause(nil), comp.Clauses[:n]...)}
	out := lang.Expr(&lang.Call{Pos: pos, Fn: &lang.Ident{Pos: pos, Name: "any", Bind: d}, Lparen: lc.Lparen, Args: []lang.Expr{inner}})
	if !some {
		out = &lang.Unary{Pos: b.Pos, Op: lang.OpNot, X: out}
	}
	return out
}

// countOf is the comprehension lc counts the elements of: len([E for
// ...]) with E a name or a literal, or sum([1 for ...]) (a sum of ones
// is their number: it cannot fail); nil otherwise.
func countOf(r *resolve.Resolver, lc *lang.Call) *lang.Comp {
	bi := r.BuiltinCallee(lc)
	if bi == nil || bi.BName != "len" && bi.BName != "sum" || len(lc.Args) != 1 {
		return nil
	}
	comp, ok := lc.Args[0].(*lang.Comp)
	if !ok || comp.Kind != lang.ListComp || !cannotFail(comp.Body) {
		return nil
	}
	if v, ok := comp.Body.(*lang.IntLit); bi.BName == "sum" && (!ok || v.Val != 1) {
		return nil
	}
	return comp
}

// CountAsAny is lenOfFilter outside a query (package compile: a def's
// body, a comparison compiled where no query was planned); nil where it
// does not apply.
func CountAsAny(r *resolve.Resolver, e lang.Expr) lang.Expr {
	return lenOfFilter(&ctx{env: Env{R: r}}, e)
}

// cannotFail reports whether evaluating e cannot fail: a literal or a
// name of a local.
func cannotFail(e lang.Expr) bool {
	switch e := e.(type) {
	case *lang.IntLit, *lang.StrLit, *lang.BoolLit:
		return true
	case *lang.Ident:
		d := resolve.Of(e)
		return d != nil && d.Kind == resolve.Local
	}
	return false
}

// boolValued reports whether e is a bool whenever it evaluates: what
// ir.Boolish says, or a call of a def whose body is one.
func boolValued(r *resolve.Resolver, e lang.Expr) bool {
	if ir.Boolish(e) {
		return true
	}
	call, ok := e.(*lang.Call)
	if !ok {
		return false
	}
	fn := proof.HelperDef(r, call)
	return fn != nil && ir.Boolish(fn.Decl.Body)
}
