package algebra

import (
	"slices"

	"github.com/grundy-lang/grundy/internal/ir"
	"github.com/grundy-lang/grundy/internal/resolve"
	"github.com/grundy-lang/grundy/lang"
)

// Chains (package plan's disjunctions pass): a filter D1 or D2 or ... whose
// disjuncts are comparisons that the disjunctions above do not split
// (one of them may fail on its own: `i == 0 or p > c[i - 1]`, or one is
// a bound, not an equality), for the SG search when it sees neither the
// order nor the repeats of the yields (unordered.go), is several queries,
// the k-th with the filters not D1, ..., not D(k-1), Dk in its place,
//
//	range i = 0 .. len(c) - 1; range p = 0 .. c[i] - 1; filter i == 0 or p > c[i - 1]
//	    ...; filter i == 0  then  ...; filter not (i == 0); filter p > c[i - 1]
//
// each of which the equalities, negations and bounds passes then narrow
// (the first is i = 0; the second's p starts at c[i - 1] + 1). A
// disjunct must be a comparison of which one side is affine in a range's
// variable (or an `and` of comparisons with one such): a bound or an
// equality those passes take; otherwise each query would only repeat the
// loops. Exact: `or` evaluates D1, D2, ... in order until one holds, and
// the k-th query evaluates the same disjuncts at the same binding, so a
// binding passes exactly one query (no repeats), the one of the first
// disjunct that holds; the yields come in another order, and unordered
// (env.Unordered) proves nothing evaluated can fail, so the consumer sees neither.
func Chains(env Env, q *ir.Query) []*ir.Query {
	if q.Consumer != ir.MoveSG {
		return nil
	}
	for fi, cl := range q.Clauses {
		f, ok := cl.(*ir.Filter)
		if !ok {
			continue
		}
		ds := orSides(f.Cond)
		if len(ds) < 2 || len(ds) > maxChain {
			continue
		}
		useful := true
		for _, d := range ds {
			useful = useful && narrowing(env, q, d)
		}
		if !useful {
			continue
		}
		g, ok := env.Unordered(q)
		if !ok {
			return nil
		}
		var out []*ir.Query
		for k, d := range ds {
			x := q.Clone()
			var fs []ir.Clause
			for _, prev := range ds[:k] {
				fs = append(fs, &ir.Filter{Cond: negated(prev), At: f.At})
			}
			for _, c := range andSides(d) {
				fs = append(fs, &ir.Filter{Cond: c, At: f.At})
			}
			x.Clauses = placed(q, fi, fs)
			x.Guard = ir.MergeGuards(q.Guard, g)
			out = append(out, x)
		}
		return out
	}
	return nil
}

// placed is q's clauses with filter fi replaced by fs, each as early as
// it can be: after the last clause before fi that binds a name it reads
// (and after the filters of fs before it), so that the equalities and
// bounds passes find it beside the range it is about. (Nothing evaluated
// can fail: a filter tested before a loop it does not read passes the
// same bindings.)
func placed(q *ir.Query, fi int, fs []ir.Clause) []ir.Clause {
	out := slices.Clone(q.Clauses[:fi])
	min := 0
	for _, f := range fs {
		at := 0
		cond := f.(*ir.Filter).Cond
		for k := len(out) - 1; k >= 0; k-- {
			bound := false
			for _, n := range out[k].Binds() {
				bound = bound || ir.MentionsDecl(cond, resolve.NameDecl(n))
			}
			if bound {
				at = k + 1
				break
			}
		}
		at = max(at, min)
		out = slices.Insert(out, at, f)
		min = at + 1
	}
	return append(out, q.Clauses[fi+1:]...)
}

// maxChain is the most disjuncts a chain splits.
const maxChain = 4

// orSides is the disjuncts of e's top-level `or`s, in order.
func orSides(e lang.Expr) []lang.Expr {
	if b, ok := e.(*lang.Binary); ok && b.Op == lang.OpOr {
		return append(orSides(b.X), orSides(b.Y)...)
	}
	return []lang.Expr{e}
}

// narrowing reports whether d is a comparison (other than !=) with a side
// affine in a variable q's range binds, or an `and` with one.
func narrowing(env Env, q *ir.Query, d lang.Expr) bool {
	b, ok := d.(*lang.Binary)
	if !ok {
		return false
	}
	switch b.Op {
	case lang.OpAnd:
		return narrowing(env, q, b.X) || narrowing(env, q, b.Y)
	case lang.OpEq, lang.OpLt, lang.OpLe, lang.OpGt, lang.OpGe:
	default:
		return false
	}
	sf := env.Safety(q)
	for _, v := range queryVars(q, b) {
		if _, isRange := sf.Binder(v).(*ir.Range); !isRange {
			continue
		}
		for _, side := range []lang.Expr{b.X, b.Y} {
			if _, ok := ir.AffineOf(side, func(*lang.Ident) bool { return true }); ok && len(queryVars(q, side)) > 0 {
				return true
			}
		}
	}
	return false
}

// negated is not d: a comparison of ints with the opposite operator
// (`i == 0`: `i != 0`; chains' disjuncts cannot fail, so both sides are
// ints), else not (d).
func negated(d lang.Expr) lang.Expr {
	if b, ok := d.(*lang.Binary); ok {
		if op, ok := opposite[b.Op]; ok {
			return &lang.Binary{Pos: b.Pos, Op: op, X: b.X, Y: b.Y}
		}
	}
	return &lang.Unary{Pos: d.Position(), Op: lang.OpNot, X: d}
}

var opposite = map[lang.Op]lang.Op{
	lang.OpEq: lang.OpNe, lang.OpNe: lang.OpEq,
	lang.OpLt: lang.OpGe, lang.OpGe: lang.OpLt,
	lang.OpGt: lang.OpLe, lang.OpLe: lang.OpGt,
}

// queryVars returns the variables of q that e reads.
func queryVars(q *ir.Query, e lang.Expr) []*resolve.Decl {
	var out []*resolve.Decl
	for _, cl := range q.Clauses {
		for _, n := range cl.Binds() {
			if d := resolve.NameDecl(n); d != nil && ir.MentionsDecl(e, d) {
				out = append(out, d)
			}
		}
	}
	return out
}

// andSides is the conjuncts of e's top-level `and`s, in order.
func andSides(e lang.Expr) []lang.Expr {
	if b, ok := e.(*lang.Binary); ok && b.Op == lang.OpAnd {
		return append(andSides(b.X), andSides(b.Y)...)
	}
	return []lang.Expr{e}
}
