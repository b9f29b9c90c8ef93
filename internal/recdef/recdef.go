// Package recdef owns the meaning of defs written as structural
// recursion (the pass recdefs): a call of a def whose body is one of a few
// shapes of recursion is written in a query as what it computes, the
// comprehension or the product a newcomer from a functional language
// spells as recursion,
//
//	def cut(l, c) = if len(l) == 0 then [] else [min(l[0], c)] + cut(l[1:], c)
//	chomp(rows[:r] + cut(rows[r:], c))
//	  -> chomp(rows[:r] + [min(rows[i'], c) for i' in r .. len(rows) - 1])
//
//	def mv(c, j, i, m) = if j == len(c) then [] else [c[j] + D] + mv(c, j + 1, i, m)
//	stair(mv(c, 0, i, m))
//	  -> stair([c[j'] + D' for j' in 0 .. len(c) - 1])
//
//	def copies(k, g) = if k == 1 then g else g + copies(k - 1, g)
//	copies(t, split(n / t))
//	  -> if <t >= 1 and t nested calls fit> then t * split(n / t) else copies(t, split(n / t))
//
// so that the rest of the planner, and the kernels after it, see the
// canonical spelling. The shapes (shape.go): a map or filter over the
// suffixes l[1:] of a list (suffix), over an index j + 1 up to len(c)
// (index), and a repeat g + f(k - 1, g) down to k == 1 (repeat).
//
// Exact: the recursion as written evaluates its arguments, then yields
// the elements in order, the element of l[0] (or of c[j]) first, and
// meets no error but the depth limit where the comprehension it is
// rewritten to cannot fail (package proof: a list root of ints under the
// guard, the element safe int arithmetic, the arguments the element reads
// safe). The list's recursion nests len(l) + 1 calls (at most len(R) + 1
// for l = R or a suffix R[lo:] of the list root R, len(c) - j + 1 <=
// len(c) + 1 for the index, j proved 0 <= j, and j <= len(c) where the
// base case is j == len(c)): the query's guard says too that that many
// nested calls fit the depth and stack limits from where it is tested
// (ir.Nest, which the call would be made from: the rewrite is of calls
// written in the query itself, not in a def inlined in it), and where it
// does not hold the query as written runs, which meets the limit where
// it did. A repeat's count is read at each call (proof.CountCall): where
// it is not an int of at least 1 whose calls fit, the call as written
// runs; else its value, a position that cannot fail, is added to itself
// k times, which k * G is.
package recdef

import (
	"github.com/grundy-lang/grundy/internal/ir"
	"github.com/grundy-lang/grundy/internal/proof"
	"github.com/grundy-lang/grundy/internal/resolve"
	"github.com/grundy-lang/grundy/lang"
)

// Env is what the rewrite reads: what names mean where the query is
// compiled, and the proofs of its expressions.
type Env struct {
	R      *resolve.Resolver
	Safety func(q *ir.Query) *proof.Prover
}

// Rewrite is q with the calls of recursive defs of a known shape in its
// clauses and yield (not inside a comprehension of it) written as what
// they compute, and its guard; nil where there is none.
func Rewrite(env Env, q *ir.Query) *ir.Query {
	out := q.Clone()
	rw := &rewriter{env: env, q: q}
	for i, cl := range out.Clauses {
		switch cl := cl.(type) {
		case *ir.Range:
			lo, hi := rw.expr(cl.Lo), rw.expr(cl.Hi)
			if lo != cl.Lo || hi != cl.Hi {
				out.Clauses[i] = &ir.Range{Var: cl.Var, Lo: lo, Hi: hi, At: cl.At, OpPos: cl.OpPos, Src: cl.Src}
			}
		case *ir.Elems:
			if x := rw.expr(cl.Coll); x != cl.Coll {
				out.Clauses[i] = &ir.Elems{Pat: cl.Pat, Coll: x, At: cl.At, Src: cl.Src}
			}
		case *ir.Bind:
			if x := rw.expr(cl.X); x != cl.X {
				out.Clauses[i] = &ir.Bind{Pat: cl.Pat, X: x, At: cl.At, Lit: cl.Lit, Src: cl.Src}
			}
		case *ir.Filter:
			if x := rw.expr(cl.Cond); x != cl.Cond {
				out.Clauses[i] = &ir.Filter{Cond: x, At: cl.At, Src: cl.Src}
			}
		}
	}
	out.Yield = rw.expr(out.Yield)
	if out.Key != nil {
		out.Key = rw.expr(out.Key)
	}
	if !rw.changed {
		return nil
	}
	out.Guard = ir.MergeGuards(q.Guard, rw.guard)
	return out
}

// rewriter rewrites the expressions of one query.
type rewriter struct {
	env     Env
	q       *ir.Query
	changed bool
	guard   []ir.Bound
}

// expr is e with the calls it can rewrite rewritten (e itself when none).
func (rw *rewriter) expr(e lang.Expr) lang.Expr {
	switch x := e.(type) {
	case *lang.Unary:
		if y := rw.expr(x.X); y != x.X {
			return &lang.Unary{Pos: x.Pos, Op: x.Op, X: y}
		}
	case *lang.Binary:
		a, b := rw.expr(x.X), rw.expr(x.Y)
		if a != x.X || b != x.Y {
			return &lang.Binary{Pos: x.Pos, Op: x.Op, X: a, Y: b}
		}
	case *lang.IfExpr:
		if proof.IsCountCall(x.Cond) {
			return e // (a repeat rewritten: the call as written is its fallback)
		}
		c, a, b := rw.expr(x.Cond), rw.expr(x.Then), rw.expr(x.Else)
		if c != x.Cond || a != x.Then || b != x.Else {
			return &lang.IfExpr{Pos: x.Pos, Cond: c, Then: a, Else: b}
		}
	case *lang.Index:
		a, i := rw.expr(x.X), rw.expr(x.Index)
		if a != x.X || i != x.Index {
			return &lang.Index{Pos: x.Pos, X: a, Index: i}
		}
	case *lang.Slice:
		out := &lang.Slice{Pos: x.Pos, X: rw.expr(x.X), Lo: x.Lo, Hi: x.Hi}
		if x.Lo != nil {
			out.Lo = rw.expr(x.Lo)
		}
		if x.Hi != nil {
			out.Hi = rw.expr(x.Hi)
		}
		if out.X != x.X || out.Lo != x.Lo || out.Hi != x.Hi {
			return out
		}
	case *lang.TupleLit:
		if es, ok := rw.all(x.Elems); ok {
			return &lang.TupleLit{Pos: x.Pos, Elems: es}
		}
	case *lang.ListLit:
		if es, ok := rw.all(x.Elems); ok {
			return &lang.ListLit{Pos: x.Pos, Elems: es}
		}
	case *lang.Call:
		args, changed := rw.all(x.Args)
		call := x
		if changed {
			call = &lang.Call{Pos: x.Pos, Fn: x.Fn, Lparen: x.Lparen, Args: args, Site: x.Site}
		}
		if y := rw.call(call); y != nil {
			rw.changed = true
			return y
		}
		return call
	}
	return e
}

// all is es rewritten, and whether one was.
func (rw *rewriter) all(es []lang.Expr) ([]lang.Expr, bool) {
	out := make([]lang.Expr, len(es))
	changed := false
	for i, e := range es {
		out[i] = rw.expr(e)
		changed = changed || out[i] != e
	}
	return out, changed
}

// call is what call computes where its def is a structural recursion of
// a known shape and the rewrite is proved, or nil.
func (rw *rewriter) call(call *lang.Call) lang.Expr {
	fn := proof.HelperDef(rw.env.R, call)
	if fn == nil {
		return nil
	}
	decl := resolve.Of(call.Fn.(*lang.Ident))
	if ins := insertionOf(rw.env.R, fn, decl); ins != nil {
		return ins.call(call)
	}
	sh := shapeOf(rw.env.R, fn, decl)
	if sh == nil {
		return nil
	}
	sf := rw.env.Safety(rw.q)
	var out lang.Expr
	var nest *lang.Ident
	switch sh.kind {
	case repeat:
		out = rw.repeat(sf, sh, call)
	case suffix:
		out, nest = rw.suffix(sf, sh, call)
	case index:
		out, nest = rw.index(sf, sh, call)
	}
	if out == nil {
		return nil
	}
	g, ok := sf.Guard(rw.q)
	if !ok {
		return nil
	}
	if nest != nil {
		fn := sh.fn
		g = ir.MergeGuards(g, []ir.Bound{{Root: nest, T: 1 << 62, Ints: true,
			Nests: []ir.Nest{{Name: fn.FName, Extra: 1, Cost: func() int64 { return int64(fn.Cost) }}}}})
	}
	rw.guard = ir.MergeGuards(rw.guard, g)
	return out
}

// others reports whether the arguments of call but those at skip cannot
// fail (proof.Prover.Arg): substituted where the body reads them, they
// are evaluated there, maybe never or more than once.
func others(sf *proof.Prover, call *lang.Call, skip ...int) bool {
	for i, a := range call.Args {
		skipped := false
		for _, s := range skip {
			skipped = skipped || i == s
		}
		if !skipped && !sf.Arg(a) {
			return false
		}
	}
	return true
}

// repeat is `if count(K) then K * G else call` for a repeat's call
// f(K, G, ..): K and the others safe, G a position that cannot fail.
func (rw *rewriter) repeat(sf *proof.Prover, sh *shape, call *lang.Call) lang.Expr {
	k, g := call.Args[sh.at], call.Args[sh.val]
	if !others(sf, call, sh.val) || !sf.Position(g) {
		return nil
	}
	fn, pos := sh.fn, call.Pos
	test := proof.CountCall(k, fn.FName, func() int64 { return int64(fn.Cost) }, pos)
	return &lang.IfExpr{Pos: pos, Cond: test, Then: &lang.Binary{Pos: pos, Op: lang.OpMul, X: k, Y: g}, Else: call}
}

// suffix is the comprehension a suffix recursion's call f(.., A, ..)
// computes, A a list root R or R[lo:], and R (whose length bounds the
// calls' nesting); nil where it is not proved.
func (rw *rewriter) suffix(sf *proof.Prover, sh *shape, call *lang.Call) (lang.Expr, *lang.Ident) {
	a := call.Args[sh.list]
	var root *lang.Ident
	var lo lang.Expr = &lang.IntLit{Pos: call.Pos, Val: 0}
	switch x := a.(type) {
	case *lang.Ident:
		root = x
	case *lang.Slice:
		id, ok := x.X.(*lang.Ident)
		if !ok || x.Hi != nil || x.Lo == nil {
			return nil, nil
		}
		root, lo = id, x.Lo
	default:
		return nil, nil
	}
	if !sf.ListArg(a) || !others(sf, call, sh.list) {
		return nil, nil
	}
	// l[0] is R[i'].
	v := resolve.NewLocal("i'", call.Pos)
	iv := &lang.Ident{Pos: call.Pos, Name: v.Name, Bind: v}
	head := resolve.NewLocal("l'", call.Pos)
	l := lang.ParamNames(sh.fn.Decl.Params)[sh.list]
	elem, ok := heads(sh.elem, resolve.NameDecl(l), head)
	if !ok {
		return nil, nil
	}
	var cond lang.Expr
	if sh.cond != nil {
		if cond, ok = heads(sh.cond, resolve.NameDecl(l), head); !ok {
			return nil, nil
		}
	}
	params := resolve.ParamIndex(sh.fn)
	params[head] = len(call.Args)
	args := append(append([]lang.Expr(nil), call.Args...), &lang.Index{Pos: call.Pos, X: root, Index: iv})
	hi := lastIndex(rw.env.R, root, call.Pos)
	if hi == nil {
		return nil, nil
	}
	c := comp(call.Pos, v, lo, hi, elem, cond, params, args)
	if !sf.ListArg(c) {
		return nil, nil
	}
	return c, root
}

// index is the comprehension an index recursion's call f(.., R, .., J,
// ..) computes, R a list root, and R; nil where it is not proved.
func (rw *rewriter) index(sf *proof.Prover, sh *shape, call *lang.Call) (lang.Expr, *lang.Ident) {
	root, ok := call.Args[sh.list].(*lang.Ident)
	if !ok || !sf.ListArg(root) || !others(sf, call) {
		return nil, nil
	}
	j := call.Args[sh.at]
	nonNeg, atMost := sf.IndexSpan(j, root)
	if !nonNeg || !atMost && !sh.anyStart {
		return nil, nil
	}
	v := resolve.NewLocal(lang.ParamNames(sh.fn.Decl.Params)[sh.at].Name+"'", call.Pos)
	iv := &lang.Ident{Pos: call.Pos, Name: v.Name, Bind: v}
	args := append([]lang.Expr(nil), call.Args...)
	args[sh.at] = iv
	hi := lastIndex(rw.env.R, root, call.Pos)
	if hi == nil {
		return nil, nil
	}
	c := comp(call.Pos, v, j, hi, sh.elem, sh.cond, resolve.ParamIndex(sh.fn), args)
	if !sf.ListArg(c) {
		return nil, nil
	}
	return c, root
}

// lastIndex is len(root) - 1 (len the built-in), or nil where there is
// none.
func lastIndex(r *resolve.Resolver, root *lang.Ident, pos lang.Pos) lang.Expr {
	bi := r.Reg.Builtin("len")
	if bi == nil {
		return nil
	}
	d := &resolve.Decl{Name: "len", Kind: resolve.Builtin, Bi: bi}
	n := &lang.Call{Pos: pos, Fn: &lang.Ident{Pos: pos, Name: "len", Bind: d}, Lparen: pos, Args: []lang.Expr{root}}
	return &lang.Binary{Pos: pos, Op: lang.OpSub, X: n, Y: &lang.IntLit{Pos: pos, Val: 1}}
}

// comp is [elem for v in lo .. hi if cond], the parameters in elem and
// cond written as args.
func comp(pos lang.Pos, v *resolve.Decl, lo, hi, elem, cond lang.Expr, params map[*resolve.Decl]int, args []lang.Expr) *lang.Comp {
	sub := func(e lang.Expr) lang.Expr { return resolve.Substitute(e, params, args, nil) }
	q := &ir.Query{Consumer: ir.ListComp, At: pos, Yield: sub(elem)}
	q.Clauses = append(q.Clauses, &ir.Range{Var: &lang.Name{Pos: pos, Name: v.Name, Bind: v}, Lo: lo, Hi: hi, At: pos, OpPos: pos})
	if cond != nil {
		q.Clauses = append(q.Clauses, &ir.Filter{Cond: sub(cond), At: pos})
	}
	return ir.RaiseComp(q, lang.ListComp)
}

// heads is e with each l[0] written as the name head, or false where e
// reads l otherwise (or holds what heads does not look into).
func heads(e lang.Expr, l, head *resolve.Decl) (lang.Expr, bool) {
	ok := true
	var walk func(e lang.Expr) lang.Expr
	walk = func(e lang.Expr) lang.Expr {
		switch x := e.(type) {
		case *lang.Ident:
			if resolve.Of(x) == l {
				ok = false
			}
			return x
		case *lang.IntLit, *lang.StrLit, *lang.BoolLit:
			return x
		case *lang.Unary:
			return &lang.Unary{Pos: x.Pos, Op: x.Op, X: walk(x.X)}
		case *lang.Binary:
			return &lang.Binary{Pos: x.Pos, Op: x.Op, X: walk(x.X), Y: walk(x.Y)}
		case *lang.IfExpr:
			return &lang.IfExpr{Pos: x.Pos, Cond: walk(x.Cond), Then: walk(x.Then), Else: walk(x.Else)}
		case *lang.Index:
			if id, isId := x.X.(*lang.Ident); isId && resolve.Of(id) == l && isLit(x.Index, 0) {
				return &lang.Ident{Pos: id.Pos, Name: head.Name, Bind: head}
			}
			return &lang.Index{Pos: x.Pos, X: walk(x.X), Index: walk(x.Index)}
		case *lang.Call:
			out := &lang.Call{Pos: x.Pos, Fn: walk(x.Fn), Lparen: x.Lparen, Args: make([]lang.Expr, len(x.Args)), Site: x.Site}
			for i, a := range x.Args {
				out.Args[i] = walk(a)
			}
			return out
		case *lang.TupleLit:
			out := &lang.TupleLit{Pos: x.Pos, Elems: make([]lang.Expr, len(x.Elems))}
			for i, a := range x.Elems {
				out.Elems[i] = walk(a)
			}
			return out
		}
		ok = false
		return e
	}
	out := walk(e)
	return out, ok
}
