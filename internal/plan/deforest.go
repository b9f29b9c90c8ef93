package plan

import (
	"github.com/grundy-lang/grundy/internal/ir"
	"github.com/grundy-lang/grundy/internal/resolve"
	"github.com/grundy-lang/grundy/lang"
)

// Deforestation: a generator over a call of a def whose body is a list
// comprehension (a set comprehension too, for a consumer that sees
// neither order nor repeats),
//
//	def opts(n) = [n - s for s in [1, 3, 4] if s <= n]
//	game g(n) moves g(m) for m in opts(n)
//
// is the comprehension's clauses spliced in its place, the parameters
// written as the arguments and the comprehension's names as new ones,
// then a bind of the generator's name to what it yields:
//
//	elems s' in [1, 3, 4]; filter s' <= n; bind m = n - s'; yield g(m)
//
// The list is never built. Exact: the yields are the list's elements, in
// its order; every expression of the comprehension and the arguments is
// safe (safety.go) under the query's guard, so neither the call nor the
// list could fail (an error inside would have named the call on its
// trace, which the fused query has no place for: those defs stay calls).
func deforest(env *Env, q *ir.Query) *ir.Query {
	for i, cl := range q.Clauses {
		if out := fuseAt(env, q, i, cl); out != nil {
			return out
		}
	}
	return nil
}

// fuseAt fuses the generator at clause i, or returns nil.
func fuseAt(env *Env, q *ir.Query, i int, cl ir.Clause) *ir.Query {
	el, ok := cl.(*ir.Elems)
	if !ok || el.Pat.Tuple {
		return nil
	}
	call, ok := el.Coll.(*lang.Call)
	if !ok {
		return nil
	}
	fn := env.R.Inlinable(call)
	if fn == nil || !resolve.SameLoose(call) {
		return nil
	}
	comp, ok := fn.Decl.Body.(*lang.Comp)
	if !ok || comp.Kind != lang.ListComp && (comp.Kind != lang.SetComp || q.Consumer.SeesOrder() || q.Consumer.SeesDups()) {
		return nil
	}
	// The parameters are the arguments; the comprehension's names new
	// ones.
	index := resolve.ParamIndex(fn)
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
	out := q.Clone()
	out.Clauses = append([]ir.Clause(nil), q.Clauses[:i]...)
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
	at := len(out.Clauses)
	out.Clauses = append(out.Clauses, &ir.Bind{Pat: el.Pat, X: sub(inner.Yield), At: el.At, Lit: call.Pos})
	out.Clauses = append(out.Clauses, q.Clauses[i+1:]...)
	// The arguments (evaluated at the call) and all the comprehension
	// evaluates must be safe.
	sf := newSafety(env, out)
	for _, a := range call.Args {
		if _, ok := sf.intExpr(a); !ok {
			return nil
		}
	}
	if !sf.conds(out.Clauses[i : at+1]) {
		return nil
	}
	g, ok := sf.guard(q)
	if !ok {
		return nil
	}
	out.Guard = g
	return inlineBind(out, at)
}
