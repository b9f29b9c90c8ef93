package plan

import (
	"github.com/grundy-lang/grundy/internal/ir"
	"github.com/grundy-lang/grundy/internal/passes"
	"github.com/grundy-lang/grundy/internal/proof"
	"github.com/grundy-lang/grundy/internal/resolve"
	"github.com/grundy-lang/grundy/lang"
)

// Inlining: a call of a def, anywhere in a query's clauses or yield, is
// the def's body with its parameters written as the call's arguments
// when neither the arguments nor the body so written can fail:
//
//	def opt(a, n) = g(a) + g(n - a)
//	game g(n) moves opt(a, n) for a in 1 .. (n - 1) / 2
//
// is planned as
//
//	range a = 1 .. (n - 1) / 2
//	yield g(a) + g(n - a)
//
// which the kernels know. What cannot fail: each argument is safe int
// arithmetic (safety.go) or a name of a local (reading it cannot fail;
// it may be any value); the body, so written, is safe int arithmetic, a
// safe condition, or a position: a call of a game declared in the
// script whose arguments are such, or a sum of positions; a body that is
// a list comprehension, a list of ints that cannot fail to build (its
// names new ones). Exact: as
// written, the call evaluates its arguments, then the body; inlined, the
// body evaluates the arguments where it reads them, and since none of it
// can fail and every evaluation gives the same value, the values are the
// same and so are the errors (none here: an error of a position's own
// computation is reported at that position, with or without the call).
// A def's names mean in the query what they mean in the def (each name
// keeps its declaration). A global bound to an int literal by a let no
// code of its file runs before (resolve's Decl.Lit) is that literal: its
// slot holds it wherever code reads it. The safety of the int arithmetic holds under
// the query's guard. Calls inside a comprehension of the query are left
// to the comprehension's own plan.
func inline(env *Env, q *ir.Query) *ir.Query {
	out := q.Clone()
	sf := newSafety(env, out)
	in := &inliner{env: env, sf: sf, q: q}
	for i, cl := range out.Clauses {
		in.before = out.Clauses[:i]
		switch cl := cl.(type) {
		case *ir.Range:
			lo, hi := in.expr(cl.Lo), in.expr(cl.Hi)
			if lo != cl.Lo || hi != cl.Hi {
				out.Clauses[i] = &ir.Range{Var: cl.Var, Lo: lo, Hi: hi, At: cl.At, OpPos: cl.OpPos, Src: cl.Src}
			}
		case *ir.Elems:
			if compDef(env, cl.Coll) {
				continue // (a helper's list iterated: deforest's)
			}
			if x := in.expr(cl.Coll); x != cl.Coll {
				out.Clauses[i] = &ir.Elems{Pat: cl.Pat, Coll: x, At: cl.At, Src: cl.Src}
			}
		case *ir.Bind:
			if x := in.expr(cl.X); x != cl.X {
				out.Clauses[i] = &ir.Bind{Pat: cl.Pat, X: x, At: cl.At, Lit: cl.Lit, Src: cl.Src}
			}
		case *ir.Filter:
			if x := in.condExpr(cl.Cond, true); x != cl.Cond {
				out.Clauses[i] = &ir.Filter{Cond: x, At: cl.At, Src: cl.Src}
			}
		}
	}
	in.yield, in.before, in.game = true, out.Clauses, q.Consumer == ir.MoveSG || q.Consumer == ir.MoveValues
	out.Yield = in.expr(out.Yield)
	in.yield = false
	if q.Consumer == ir.SumOf && lang.Start(out.Yield) != lang.Start(q.Yield) && !sf.Position(out.Yield) {
		// (`sum of` reports a yield that is no game where the yield
		// starts: a def's body written there starts in the def.)
		out.Yield = q.Yield
		in.changed = out.Key != q.Key
		for i, cl := range out.Clauses {
			in.changed = in.changed || cl != q.Clauses[i]
		}
	}
	if out.Key != nil {
		out.Key = in.expr(out.Key)
	}
	if !in.changed {
		return nil
	}
	g, ok := sf.Guard(q)
	if !ok {
		return nil
	}
	out.Guard = ir.MergeGuards(g, in.guard)
	return out
}

// compDef reports whether e calls a def whose body is a comprehension.
func compDef(env *Env, e lang.Expr) bool {
	call, ok := e.(*lang.Call)
	if !ok {
		return false
	}
	fn := proof.HelperDef(env.R, call)
	if fn == nil {
		return false
	}
	_, isComp := fn.Decl.Body.(*lang.Comp)
	return isComp
}

// inliner rewrites the expressions of one query.
type inliner struct {
	env     *Env
	sf      *proof.Prover
	q       *ir.Query
	changed bool
	depth   int         // the defs being inlined, one in another
	inPos   bool        // in the arguments of a position
	yield   bool        // in the yield
	guard   []ir.Bound  // what the list comprehensions planned inside assume
	before  []ir.Clause // the clauses before the expression
	cond    bool        // the expression is a condition (expr's wantBool)
	// game: the expression is where the yield wants a game (the yield,
	// an operand of its + and *, a branch of its if): a call inlined
	// there must be a position, since an int or any other value is
	// reported where the expression starts, the call's place as written.
	game bool
}

// maxInline is how deep defs are inlined one in another (a def that
// calls itself stops there, a call).
const maxInline = 8

// expr is e with the calls it can inline inlined (e itself when none).
func (in *inliner) expr(e lang.Expr) lang.Expr {
	// (Where a bool is wanted, a call inlined must be a condition: a
	// value of another kind is reported where the call is written.)
	wantBool, wantGame := in.cond, in.game
	in.cond, in.game = false, false
	switch x := e.(type) {
	case *lang.Unary:
		if y := in.condExpr(x.X, x.Op == lang.OpNot); y != x.X {
			return &lang.Unary{Pos: x.Pos, Op: x.Op, X: y}
		}
	case *lang.Binary:
		logic := x.Op == lang.OpAnd || x.Op == lang.OpOr
		sum := wantGame && (x.Op == lang.OpAdd || x.Op == lang.OpMul)
		in.game = sum
		a := in.condExpr(x.X, logic)
		in.game = sum
		b := in.condExpr(x.Y, logic)
		if a != x.X || b != x.Y {
			return &lang.Binary{Pos: x.Pos, Op: x.Op, X: a, Y: b}
		}
	case *lang.IfExpr:
		c := in.condExpr(x.Cond, true)
		in.game = wantGame
		a := in.expr(x.Then)
		in.game = wantGame
		b := in.expr(x.Else)
		if c != x.Cond || a != x.Then || b != x.Else {
			return &lang.IfExpr{Pos: x.Pos, Cond: c, Then: a, Else: b}
		}
	case *lang.Index:
		a, i := in.expr(x.X), in.expr(x.Index)
		if a != x.X || i != x.Index {
			return &lang.Index{Pos: x.Pos, X: a, Index: i}
		}
	case *lang.TupleLit:
		if es, ok := in.all(x.Elems); ok {
			return &lang.TupleLit{Pos: x.Pos, Elems: es}
		}
	case *lang.ListLit:
		if es, ok := in.all(x.Elems); ok {
			return &lang.ListLit{Pos: x.Pos, Elems: es}
		}
	case *lang.Comp:
		if x.Kind == lang.SumComp && in.yield && in.depth == 0 && in.env.On&passes.Shared != 0 {
			if e, g := copiesIn(in.env, in.q, x); e != nil {
				in.changed = true
				in.guard = ir.MergeGuards(in.guard, g)
				return e
			}
		}
		if !in.inPos {
			break // (planned where it is compiled: its note is its own)
		}
		if p := in.comp(x); p != nil {
			in.changed = true
			return p
		}
	case *lang.Ident:
		if d := resolve.Of(x); d != nil && d.Kind == resolve.Global {
			if v, ok := proof.IntLit(d.Lit); ok {
				// (A global that holds an int literal wherever code
				// reads it, resolve's Decl.Lit: the literal.)
				in.changed = true
				return &lang.IntLit{Pos: x.Pos, Val: v}
			}
		}
	case *lang.Call:
		outer := in.inPos
		if id, ok := x.Fn.(*lang.Ident); ok {
			if d := resolve.Of(id); d != nil && d.Kind == resolve.Game {
				in.inPos = true // (an option's argument: what its kernels build)
			}
			if bi := in.env.R.BuiltinCallee(x); bi != nil && (bi.Fold != nil || bi.AllAny != 0 || bi.Sums) {
				in.inPos = false // (a fold's comprehension: its own plan)
			}
		}
		args, changed := in.all(x.Args)
		in.inPos = outer
		call := x
		if changed {
			call = &lang.Call{Pos: x.Pos, Fn: x.Fn, Lparen: x.Lparen, Args: args, Site: x.Site}
		}
		var body lang.Expr
		if in.sf.Try(func() bool {
			body = in.call(call)
			return body != nil && (!wantBool || in.sf.Cond(body)) && (!wantGame || in.sf.Position(body))
		}) {
			in.changed = true
			return body
		}
		return call
	}
	return e
}

// condExpr is expr of e, a condition (an operand that must be a bool)
// where cond.
func (in *inliner) condExpr(e lang.Expr, cond bool) lang.Expr {
	in.cond = cond
	return in.expr(e)
}

// comp is list comprehension c, an argument of a position, as planned on
// its own (a generator over a copy fused, ...), where it plans to one
// comprehension whose guard reads no name the query binds (the guard
// becomes the query's), or nil: the kernels that build an option's list
// then see the planned form.
func (in *inliner) comp(c *lang.Comp) *lang.Comp {
	if c.Kind != lang.ListComp || in.depth > 0 || in.env.planned[c] {
		return nil
	}
	if in.env.planned == nil {
		in.env.planned = map[*lang.Comp]bool{}
	}
	env := *in.env
	env.Game, env.outer = nil, append(append([]ir.Clause(nil), in.env.outer...), in.before...)
	res := Plan(&env, ir.LowerComp(c, ir.ListComp))
	if res.Fired == 0 || len(res.Planned) != 1 {
		return nil
	}
	p := res.Planned[0]
	for _, b := range p.Guard {
		for _, cl := range in.q.Clauses {
			for _, n := range cl.Binds() {
				if resolve.Of(b.Root) == resolve.NameDecl(n) {
					return nil
				}
			}
		}
	}
	in.guard = ir.MergeGuards(in.guard, p.Guard)
	out := ir.RaiseComp(p, lang.ListComp)
	in.env.planned[out] = true // (planned: not again, when the pass runs again)
	return out
}

// all is es with calls inlined, and whether one was.
func (in *inliner) all(es []lang.Expr) ([]lang.Expr, bool) {
	out := make([]lang.Expr, len(es))
	changed := false
	for i, e := range es {
		out[i] = in.expr(e)
		changed = changed || out[i] != e
	}
	return out, changed
}

// call is the body of the def call calls, its parameters written as the
// arguments, when none of it can fail; else nil.
func (in *inliner) call(call *lang.Call) lang.Expr {
	fn := proof.HelperDef(in.env.R, call)
	if fn == nil {
		return nil
	}
	if body := proof.TotalCall(in.env.R, call, in.safeArg); body != nil {
		return body // (a body that cannot fail, of one argument that may)
	}
	for _, a := range call.Args {
		if !in.safeArg(a) {
			return nil
		}
	}
	if c, ok := fn.Decl.Body.(*lang.Comp); ok && c.Kind == lang.ListComp {
		// A list of ints built by a comprehension that cannot fail (its
		// names new ones).
		comp := ir.RaiseComp(renamed(fn, call, c), lang.ListComp)
		if in.env.bodies[fn.Decl] {
			if in.sf.ListArg(comp) {
				return comp
			}
			return nil // (a def that calls itself, being planned)
		}
		if in.env.bodies == nil {
			in.env.bodies = map[*lang.DefStmt]bool{}
		}
		in.env.bodies[fn.Decl] = true
		p := in.comp(comp)
		delete(in.env.bodies, fn.Decl)
		if p != nil && in.sf.ListArg(p) {
			return p // (as planned on its own: over enumerate, deforested, its algebra)
		}
		if in.sf.ListArg(comp) {
			return comp
		}
		return nil
	}
	body := resolve.Substitute(fn.Decl.Body, resolve.ParamIndex(fn), call.Args, nil)
	if in.depth < maxInline {
		// (The defs it calls first: a def of defs.)
		in.depth++
		body = in.expr(body)
		in.depth--
	}
	if in.sf.Try(func() bool { _, ok := in.sf.Int(body); return ok }) {
		return body
	}
	if in.sf.Cond(body) || in.sf.Position(body) {
		return body
	}
	if pairLike(in.env, body) && in.sf.ListArg(body) {
		// (A literal of ints, or sorted of one: the rules of package
		// algebra read its elements.)
		return body
	}
	return nil
}

// pairLike reports whether e is a list or tuple literal, or sorted of
// one, or a concatenation of literals and names.
func pairLike(env *Env, e lang.Expr) bool {
	if c, ok := e.(*lang.Call); ok && len(c.Args) == 1 {
		if bi := env.R.BuiltinCallee(c); bi != nil && bi.BName == "sorted" {
			e = c.Args[0]
		}
	}
	switch e := e.(type) {
	case *lang.ListLit, *lang.TupleLit, *lang.Ident:
		return true
	case *lang.Binary:
		// (A concatenation of such: `[0] + b + [0]`, indexed.)
		return e.Op == lang.OpAdd && pairLike(env, e.X) && pairLike(env, e.Y)
	}
	return false
}

// safeArg reports whether evaluating argument a cannot fail: safe int
// arithmetic, or a local's name.
func (in *inliner) safeArg(a lang.Expr) bool { return in.sf.Arg(a) }
