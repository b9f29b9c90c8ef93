package plan

import (
	"github.com/grundy-lang/grundy/internal/engine"
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
// A body that is a union of set comprehensions (for a consumer that sees
// neither order nor repeats) or a concatenation of list comprehensions
// (for one that sees the order too when the generator is the query's
// first clause: the yields of the first part, then the second's) is
// several queries, one a part. A tuple pattern over a yielded tuple
// literal of its length (`for (x, y) in opts(a, b)` with `def opts(a, b)
// = {(a - k, b) for k in 1 .. a} | ...`) binds each name to its element.
//
// A global bound to a literal of int literals before any code of its
// file runs (`let S = [1, 3, 4]`, resolve's Decl.Lit) is that literal:
// it holds it wherever code reads it, and reading it cannot fail.
//
// The list is never built. Exact: the yields are the list's elements, in
// its order; every expression of the comprehensions and the arguments is
// safe (safety.go) under the query's guard, so neither the call nor the
// list could fail (an error inside would have named the call on its
// trace, which the fused query has no place for: those defs stay calls).
// A name bound to a yielded tuple of safe ints and read by index, `for p
// in splits(n)` and `g(p[0]) + g(p[1])`, reads the elements.
// The def is read from its declaration: it is fused wherever it stands
// in the file, before or after the game (a safe expression names nothing
// but the def's parameters, which become the arguments, the
// comprehension's own names and ints whose declarations compile alike
// anywhere: what the def's other names mean at the call does not
// matter).
func deforest(env *Env, q *ir.Query) []*ir.Query {
	for i, cl := range q.Clauses {
		if out := fuseAt(env, q, i, cl); out != nil {
			return out
		}
	}
	return nil
}

// fuseAt fuses the generator at clause i, or returns nil.
func fuseAt(env *Env, q *ir.Query, i int, cl ir.Clause) []*ir.Query {
	el, ok := cl.(*ir.Elems)
	if !ok {
		return nil
	}
	call, ok := el.Coll.(*lang.Call)
	if !ok {
		return nil
	}
	fn := helperDef(env, call)
	if fn == nil {
		return nil
	}
	parts := comps(fn.Decl.Body, q.Consumer, i == 0)
	var out []*ir.Query
	for _, comp := range parts {
		x := fuseComp(env, q, i, el, call, fn, comp)
		if x == nil {
			return nil
		}
		out = append(out, x)
	}
	return out
}

// helperDef is the def call calls, whatever the order of their
// declarations, or nil.
func helperDef(env *Env, call *lang.Call) *engine.Func {
	id, ok := call.Fn.(*lang.Ident)
	if !ok {
		return nil
	}
	b := env.R.Lookup(id)
	if b == nil || b.Kind != resolve.Def || b.Fn == nil || b.Fn.Decl == nil || len(lang.ParamNames(b.Fn.Decl.Params)) != len(call.Args) {
		return nil
	}
	return b.Fn
}

// comps lists the comprehensions whose yields, one after the other, are
// the elements of body for consumer k (first: the generator is the
// query's first clause), or nil.
func comps(body lang.Expr, k ir.Consumer, first bool) []*lang.Comp {
	free := !k.SeesOrder() && !k.SeesDups()
	var walk func(e lang.Expr, kind lang.CompKind) []*lang.Comp
	walk = func(e lang.Expr, kind lang.CompKind) []*lang.Comp {
		switch e := e.(type) {
		case *lang.Comp:
			if e.Kind == kind {
				return []*lang.Comp{e}
			}
		case *lang.Binary:
			if kind == lang.SetComp && e.Op == lang.OpBitOr || kind == lang.ListComp && e.Op == lang.OpAdd {
				x, y := walk(e.X, kind), walk(e.Y, kind)
				if x != nil && y != nil {
					return append(x, y...)
				}
			}
		}
		return nil
	}
	out := walk(body, lang.ListComp)
	if len(out) > 1 && !first && !free {
		return nil
	}
	if out == nil && free {
		out = walk(body, lang.SetComp)
	}
	return out
}

// fuseComp is q with the generator el at clause i (over call of fn) as
// the clauses of comprehension comp, or nil.
func fuseComp(env *Env, q *ir.Query, i int, el *ir.Elems, call *lang.Call, fn *engine.Func, comp *lang.Comp) *ir.Query {
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
			out.Clauses = append(out.Clauses, &ir.Elems{Pat: rename(c.Pat), Coll: globalLit(sub(c.Coll)), At: c.At})
		case *ir.Bind:
			out.Clauses = append(out.Clauses, &ir.Bind{Pat: rename(c.Pat), X: sub(c.X), At: c.At, Lit: c.Lit})
		case *ir.Filter:
			out.Clauses = append(out.Clauses, &ir.Filter{Cond: sub(c.Cond), At: c.At})
		}
	}
	at := len(out.Clauses)
	binds := destructure(el, sub(inner.Yield), call.Pos)
	if binds == nil {
		return nil
	}
	out.Clauses = append(out.Clauses, binds...)
	out.Clauses = append(out.Clauses, q.Clauses[i+1:]...)
	// The arguments (evaluated at the call) and all the comprehension
	// evaluates must be safe.
	sf := newSafety(env, out)
	for _, a := range call.Args {
		if _, ok := sf.intExpr(a); !ok {
			return nil
		}
	}
	if !sf.conds(out.Clauses[i : at+len(binds)]) {
		return nil
	}
	g, ok := sf.guard(q)
	if !ok {
		return nil
	}
	out.Guard = g
	for j := at + len(binds) - 1; j >= i; j-- {
		if _, ok := out.Clauses[j].(*ir.Bind); ok {
			out = inlineBind(out, j) // (safe: conds)
		}
	}
	return foldQuery(env, out)
}

// destructure binds the generator's pattern to the value x it takes: one
// bind of its name, or of each name of a tuple pattern to its element of
// a tuple or list literal of the pattern's length (which cannot fail);
// nil when the pattern does not fit x so.
func destructure(el *ir.Elems, x lang.Expr, lit lang.Pos) []ir.Clause {
	if !el.Pat.Tuple {
		return []ir.Clause{&ir.Bind{Pat: el.Pat, X: x, At: el.At, Lit: lit}}
	}
	var elems []lang.Expr
	switch x := x.(type) {
	case *lang.TupleLit:
		elems = x.Elems
	case *lang.ListLit:
		elems = x.Elems
	}
	if len(elems) != len(el.Pat.Names) || len(elems) == 0 {
		return nil
	}
	out := make([]ir.Clause, len(elems))
	for j, n := range el.Pat.Names {
		out[j] = &ir.Bind{Pat: &lang.Pattern{Pos: n.Pos, Names: []*lang.Name{n}}, X: elems[j], At: el.At, Lit: lit}
	}
	return out
}

// globalLit is the literal global e is bound to (Decl.Lit), or e.
func globalLit(e lang.Expr) lang.Expr {
	if id, ok := e.(*lang.Ident); ok {
		if d := resolve.Of(id); d != nil && d.Kind == resolve.Global && d.Lit != nil {
			return d.Lit
		}
	}
	return e
}
