// Package defloops owns the fusion of a move rule's generator over the
// list comprehension a helper def returns (or one written in place) into
// the rule's own clauses, behind a guard on the rule's parameters under
// which the comprehension cannot fail:
//
//	def dominoes(S) = [(a, b) for a in S for b in [(a[0], a[1] + 1), (a[0] + 1, a[1])] if b in S]
//	game cram(S) moves cram(S - {a, b}) for (a, b) in dominoes(S)
//
// runs, where S is a set or a list of tuples of two ints of at most 2^31
// in size, as
//
//	game cram(S) moves cram(S - {a', b'}) for a' in S for b' in [(a'[0], a'[1] + 1), (a'[0] + 1, a'[1])] if b' in S
//
// and as written elsewhere (the guard's negation). The list is never
// made, nor its tuples. Exact: the comprehension's clauses run in the
// order the list's elements would be made, and what the rule does with
// each element in the order it would take them; the rule's body may fail,
// but under the guard nothing of the comprehension can (prove.go), so
// the first error met is the one the rule as written meets after making
// the whole list (a rule lists all its options before any is computed).
// A def's call is fused only when its arguments are names of the rule's
// parameters: evaluating them cannot fail, and an error inside the
// def, which would name the call on its trace, cannot happen.
package defloops

import (
	"fmt"

	"github.com/grundy-lang/grundy/internal/engine"
	"github.com/grundy-lang/grundy/internal/ir"
	"github.com/grundy-lang/grundy/internal/proof"
	"github.com/grundy-lang/grundy/internal/resolve"
	"github.com/grundy-lang/grundy/lang"
)

// Fuse returns alt's first generator over a def's list comprehension
// fused (its guard first), then alt behind the guard's negation, and a
// note saying what it did; nil where it does not apply.
func Fuse(r *resolve.Resolver, alt *lang.Alt) (alts []*lang.Alt, note string) {
	q := ir.LowerAlt(alt, ir.MoveValues)
	bound := map[*resolve.Decl]bool{}
	for _, cl := range q.Clauses {
		for _, n := range cl.Binds() {
			bound[resolve.NameDecl(n)] = true
		}
	}
	for i, cl := range q.Clauses {
		el, ok := cl.(*ir.Elems)
		if !ok {
			continue
		}
		var (
			fn   *engine.Func
			call *lang.Call
			body lang.Expr
			what string
		)
		switch coll := el.Coll.(type) {
		case *lang.Call:
			if fn = proof.HelperDef(r, coll); fn == nil {
				continue
			}
			call, body, what = coll, fn.Decl.Body, "def "+fn.Decl.Name.Name+"'s"
		case *lang.Comp:
			call, body, what = &lang.Call{Pos: coll.Pos}, coll, "the"
		default:
			continue
		}
		list, set := proof.Comps(body)
		if len(list) != 1 || set != nil || !argNames(call, bound) {
			continue
		}
		part := renamed(fn, call, list[0])
		p := &prover{r: r, vars: map[*resolve.Decl]kind{}, roots: map[*resolve.Decl]*root{},
			canRoot: func(d *resolve.Decl) bool { return !bound[d] }}
		if !p.clauses(part.Clauses) {
			continue
		}
		if _, ok := p.value(part.Yield); !ok || len(p.roots) == 0 {
			continue
		}
		binds := destructure(el, part.Yield, call.Pos)
		if binds == nil {
			continue
		}
		fused := q.Clone()
		fused.Clauses = append(append(append([]ir.Clause(nil), q.Clauses[:i]...), part.Clauses...), binds...)
		fused.Clauses = append(fused.Clauses, q.Clauses[i+1:]...)
		guard, names, ok := guardOf(p, alt.Pos)
		if !ok {
			continue
		}
		note = fmt.Sprintf("the for clause at line %d over %s list comprehension fused into the rule (its list and its tuples not made) where %s, each at most 2^31 in size (tested per position): there the def's loop cannot fail, so the rule's body, which may, meets errors in the order it would (else as written)", el.At.Line, what, names)
		return guarded(alt, []*ir.Query{fused}, guard), note
	}
	return nil, ""
}

// argNames reports whether call's arguments are all names no clause of
// the rule binds (its parameters).
func argNames(call *lang.Call, bound map[*resolve.Decl]bool) bool {
	for _, a := range call.Args {
		id, ok := a.(*lang.Ident)
		if !ok {
			return false
		}
		if d := resolve.Of(id); d == nil || d.Kind != resolve.Local || bound[d] {
			return false
		}
	}
	return true
}

// renamed is comprehension comp of def fn as a query, its parameters
// written as call's arguments and its own names as new ones (fn nil: a
// comprehension written in place).
func renamed(fn *engine.Func, call *lang.Call, comp *lang.Comp) *ir.Query {
	index := map[*resolve.Decl]int{}
	if fn != nil {
		index = resolve.ParamIndex(fn)
	}
	args := append([]lang.Expr(nil), call.Args...)
	inner := ir.LowerComp(comp, ir.ListComp)
	for _, c := range inner.Clauses {
		for _, n := range c.Binds() {
			d := resolve.NewLocal(n.Name+"'", n.Pos) // (a name no program can write)
			index[resolve.NameDecl(n)] = len(args)
			args = append(args, &lang.Ident{Pos: n.Pos, Name: d.Name, Bind: d})
		}
	}
	sub := func(e lang.Expr) lang.Expr { return resolve.Substitute(e, index, args, nil) }
	rename := func(p *lang.Pattern) *lang.Pattern {
		out := &lang.Pattern{Pos: p.Pos, Tuple: p.Tuple}
		for _, n := range p.Names {
			id := args[index[resolve.NameDecl(n)]].(*lang.Ident)
			out.Names = append(out.Names, &lang.Name{Pos: n.Pos, Name: id.Name, Bind: id.Bind})
		}
		return out
	}
	out := &ir.Query{Consumer: ir.ListComp, Yield: sub(inner.Yield), At: inner.At}
	for _, c := range inner.Clauses {
		switch c := c.(type) {
		case *ir.Range:
			out.Clauses = append(out.Clauses, &ir.Range{Var: rename(&lang.Pattern{Names: []*lang.Name{c.Var}}).Names[0], Lo: sub(c.Lo), Hi: sub(c.Hi), At: c.At, OpPos: c.OpPos})
		case *ir.Elems:
			out.Clauses = append(out.Clauses, &ir.Elems{Pat: rename(c.Pat), Coll: sub(c.Coll), At: c.At})
		case *ir.Bind:
			out.Clauses = append(out.Clauses, &ir.Bind{Pat: rename(c.Pat), X: sub(c.X), At: c.At, Lit: c.Lit})
		case *ir.Filter:
			out.Clauses = append(out.Clauses, &ir.Filter{Cond: sub(c.Cond), At: c.At})
		}
	}
	return out
}

// destructure binds the generator's pattern to the value x it takes: one
// bind of its name, or of each name of a tuple pattern to its element of
// a tuple literal of the pattern's length; nil when the pattern does not
// fit x so.
func destructure(el *ir.Elems, x lang.Expr, lit lang.Pos) []ir.Clause {
	if !el.Pat.Tuple {
		return []ir.Clause{&ir.Bind{Pat: el.Pat, X: x, At: el.At, Lit: lit}}
	}
	t, ok := x.(*lang.TupleLit)
	if !ok || len(t.Elems) != len(el.Pat.Names) || len(t.Elems) == 0 {
		return nil
	}
	out := make([]ir.Clause, len(t.Elems))
	for j, n := range el.Pat.Names {
		out[j] = &ir.Bind{Pat: &lang.Pattern{Pos: n.Pos, Names: []*lang.Name{n}}, X: t.Elems[j], At: el.At, Lit: lit}
	}
	return out
}

// guarded is the queries qs raised behind guard, then alt behind its
// negation.
func guarded(alt *lang.Alt, qs []*ir.Query, guard lang.Expr) []*lang.Alt {
	var alts []*lang.Alt
	for _, x := range qs {
		out := ir.RaiseAlt(x)
		out.Clauses = append([]lang.Clause{&lang.IfClause{Pos: alt.Pos, Cond: guard}}, out.Clauses...)
		alts = append(alts, out)
	}
	plain := &lang.Alt{Pos: alt.Pos, Body: alt.Body, Clauses: append([]lang.Clause{&lang.IfClause{Pos: alt.Pos, Cond: &lang.Unary{Pos: alt.Pos, Op: lang.OpNot, X: guard}}}, alt.Clauses...)}
	return append(alts, plain)
}

// guardOf is the test of p's roots (and what it says), or false where
// their reads disagree.
func guardOf(p *prover, pos lang.Pos) (lang.Expr, string, bool) {
	var guard lang.Expr
	var names string
	for _, rt := range p.sortedRoots() {
		ct, ok := rt.test()
		if !ok {
			return nil, "", false
		}
		g := ct.call(rt.id, pos)
		if guard == nil {
			guard = g
		} else {
			guard = &lang.Binary{Pos: pos, Op: lang.OpAnd, X: guard, Y: g}
		}
		if names != "" {
			names += " and "
		}
		coll := "a set or list"
		if ct.set {
			coll = "a set"
		}
		names += fmt.Sprintf("%s %s of tuples of %d ints", rt.id.Name, coll, ct.width)
	}
	return guard, names, guard != nil
}
