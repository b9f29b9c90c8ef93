package algebra

import (
	"cmp"
	"slices"

	"github.com/grundy-lang/grundy/internal/engine"
	"github.com/grundy-lang/grundy/internal/ir"
	"github.com/grundy-lang/grundy/internal/proof"
	"github.com/grundy-lang/grundy/internal/resolve"
	"github.com/grundy-lang/grundy/lang"
)

// sortedPair: sorted([x, y]) (or of a tuple) of two ints that cannot
// fail is the list [min(x, y), max(x, y)]: a position's two heaps put in
// order, read as p[0] and p[1], are then the min and the max (litIndex),
// which Pairs and the conditions' rules (package numplan) read.
func sortedPair(c *ctx, e lang.Expr) lang.Expr {
	call, ok := e.(*lang.Call)
	if !ok || len(call.Args) != 1 {
		return nil
	}
	if bi := c.env.R.BuiltinCallee(call); bi == nil || bi.BName != "sorted" {
		return nil
	}
	var elems []lang.Expr
	switch l := call.Args[0].(type) {
	case *lang.ListLit:
		elems = l.Elems
	case *lang.TupleLit:
		elems = l.Elems
	}
	if len(elems) != 2 {
		return nil
	}
	for _, x := range elems {
		if _, ok := c.sf.Int(x); !ok {
			return nil
		}
	}
	mn, mx := c.env.R.Reg.Builtin("min"), c.env.R.Reg.Builtin("max")
	if mn == nil || mx == nil {
		return nil
	}
	of := func(bi *engine.Builtin) lang.Expr {
		fn := &lang.Ident{Pos: call.Pos, Name: bi.BName, Bind: &resolve.Decl{Name: bi.BName, Kind: resolve.Builtin, Bi: bi}}
		return &lang.Call{Pos: call.Pos, Fn: fn, Lparen: call.Lparen, Args: []lang.Expr{elems[0], elems[1]}}
	}
	return &lang.ListLit{Pos: call.Pos, Elems: []lang.Expr{of(mn), of(mx)}}
}

// sortedLit: sorted(G) of a global G bound to a literal of int literals
// (resolve's Decl.Lit: its slot holds it wherever code reads it) is the
// list literal of them in order (of a set literal, without repeats).
func sortedLit(c *ctx, e lang.Expr) lang.Expr {
	call, ok := e.(*lang.Call)
	if !ok || len(call.Args) != 1 {
		return nil
	}
	if bi := c.env.R.BuiltinCallee(call); bi == nil || bi.BName != "sorted" {
		return nil
	}
	id, ok := call.Args[0].(*lang.Ident)
	if !ok {
		return nil
	}
	d := resolve.Of(id)
	if d == nil || d.Kind != resolve.Global {
		return nil
	}
	elems := resolve.LiteralElems(d.Lit)
	if elems == nil {
		return nil
	}
	type lit struct {
		v int64
		e lang.Expr
	}
	var ls []lit
	for _, x := range elems {
		v, ok := ir.IntLit(x)
		if !ok {
			return nil
		}
		ls = append(ls, lit{v, x})
	}
	slices.SortStableFunc(ls, func(a, b lit) int { return cmp.Compare(a.v, b.v) })
	_, isSet := d.Lit.(*lang.SetLit)
	out := &lang.ListLit{Pos: call.Pos}
	for i, l := range ls {
		if isSet && i > 0 && ls[i-1].v == l.v {
			continue
		}
		out.Elems = append(out.Elems, l.e)
	}
	return out
}

// anyAllLit: any of a list literal of conditions (anyAllList), and
// any([C for p in [e1, ..., ek]]) (2 to 8 constants, or
// names and int arithmetic that cannot fail), each C(ei) a condition
// that cannot fail, is C(e1) or ... or C(ek) (all: and): the list holds
// the same bools, and where `or` stops early the ones left cannot fail.
// The for clause may be followed by if clauses F: C(ei) is then F(ei)
// and C(ei) (all: not F(ei) or C(ei)), each cannot fail: an element the
// filters leave out is no false one of all and no true one of any. A
// call of a def whose body is such a fold, with arguments that cannot
// fail, is its body with the parameters written as them.
func anyAllLit(c *ctx, e lang.Expr) lang.Expr {
	call, ok := c.inlined(e).(*lang.Call)
	if !ok || len(call.Args) != 1 {
		return nil
	}
	bi := c.env.R.BuiltinCallee(call)
	if bi == nil || bi.BName != "any" && bi.BName != "all" {
		return nil
	}
	if l, ok := call.Args[0].(*lang.ListLit); ok {
		return anyAllList(c, call, bi.BName == "all", l.Elems)
	}
	comp, ok := call.Args[0].(*lang.Comp)
	if !ok || comp.Kind != lang.ListComp || len(comp.Clauses) == 0 {
		return nil
	}
	fc, ok := comp.Clauses[0].(*lang.ForClause)
	if !ok {
		return nil
	}
	var filters []lang.Expr
	for _, cl := range comp.Clauses[1:] {
		f, ok := cl.(*lang.IfClause)
		if !ok {
			return nil
		}
		filters = append(filters, f.Cond)
	}
	pat, elems := literalLoop(&ir.Elems{Pat: fc.Target, Coll: fc.Iter})
	if elems == nil {
		elems = safeElems(c, fc.Iter)
	}
	if elems == nil {
		return nil
	}
	if pat == nil {
		pat = fc.Target
	}
	body := comp.Body
	for i := len(filters) - 1; i >= 0; i-- {
		if bi.BName == "all" {
			body = &lang.Binary{Pos: comp.Pos, Op: lang.OpOr, X: &lang.Unary{Pos: comp.Pos, Op: lang.OpNot, X: filters[i]}, Y: body}
		} else {
			body = &lang.Binary{Pos: comp.Pos, Op: lang.OpAnd, X: filters[i], Y: body}
		}
	}
	comp = &lang.Comp{Pos: comp.Pos, Kind: comp.Kind, Body: body, Clauses: comp.Clauses[:1]}
	parts := make([]lang.Expr, len(elems))
	for i, el := range elems {
		index, args, ok := elemBinding(pat, el)
		if !ok {
			return nil
		}
		parts[i] = c.rewrite(c.inlined(resolve.Substitute(comp.Body, index, args, nil)))
	}
	return anyAllList(c, call, bi.BName == "all", parts)
}

// anyAllList: all([C1, ..., Ck]) of a list literal of 1 to maxUnroll
// conditions that cannot fail is C1 and ... and Ck (any: or): the list
// holds the same bools, and where `and` stops early the ones left
// cannot fail.
func anyAllList(c *ctx, call *lang.Call, all bool, elems []lang.Expr) lang.Expr {
	if len(elems) == 0 || len(elems) > maxUnroll {
		return nil
	}
	op := lang.OpOr
	if all {
		op = lang.OpAnd
	}
	var out lang.Expr
	for _, el := range elems {
		if !ir.Boolish(el) || !c.sf.Cond(el) {
			return nil
		}
		if out == nil {
			out = el
		} else {
			out = &lang.Binary{Pos: call.Pos, Op: op, X: out, Y: el}
		}
	}
	return out
}

// safeElems is the elements of list or tuple literal e, 2 to maxUnroll
// of them, each a name or int arithmetic that cannot fail (evaluated
// again, each gives its value again); nil otherwise.
func safeElems(c *ctx, e lang.Expr) []lang.Expr {
	var elems []lang.Expr
	switch l := e.(type) {
	case *lang.ListLit:
		elems = l.Elems
	case *lang.TupleLit:
		elems = l.Elems
	}
	if len(elems) < 2 || len(elems) > maxUnroll {
		return nil
	}
	for _, x := range elems {
		if !c.sf.Arg(x) {
			return nil
		}
	}
	return elems
}

// inlined is e, or where e calls a def with arguments that cannot fail,
// the def's body with its parameters written as the arguments (what
// plan's inliner makes of it: each name keeps its declaration).
func (c *ctx) inlined(e lang.Expr) lang.Expr {
	call, ok := e.(*lang.Call)
	if !ok {
		return e
	}
	fn := proof.HelperDef(c.env.R, call)
	if fn == nil || len(lang.ParamNames(fn.Decl.Params)) != len(call.Args) {
		return e
	}
	for _, a := range call.Args {
		if !c.sf.Arg(a) {
			return e
		}
	}
	return resolve.Substitute(fn.Decl.Body, resolve.ParamIndex(fn), call.Args, nil)
}

// sumOverLit: `sum of E for p in [e1, ..., ek]` (2 to 8 elements that
// cannot fail: ints, or tuple literals of them for a tuple pattern), E a
// game (a position of a game, a nimber, or a sum of them: never the
// error `sum of` reports of another value), is E(e1) + ... + E(ek): the
// same parts summed in the same order, each E evaluated in turn as the
// sum evaluated it.
func sumOverLit(c *ctx, e lang.Expr) lang.Expr {
	comp, ok := e.(*lang.Comp)
	if !ok || comp.Kind != lang.SumComp || len(comp.Clauses) != 1 {
		return nil
	}
	fc, ok := comp.Clauses[0].(*lang.ForClause)
	if !ok || !isGame(c.env.R, comp.Body) {
		return nil
	}
	var elems []lang.Expr
	switch l := fc.Iter.(type) {
	case *lang.ListLit:
		elems = l.Elems
	case *lang.TupleLit:
		elems = l.Elems
	}
	if len(elems) < 2 || len(elems) > 8 {
		return nil
	}
	var out lang.Expr
	for _, el := range elems {
		index, args, ok := elemBinding(fc.Target, el)
		if !ok || !proof.SafeAll(c.sf, args) {
			return nil
		}
		part := resolve.Substitute(comp.Body, index, args, nil)
		if out == nil {
			out = part
		} else {
			out = &lang.Binary{Pos: comp.Pos, Op: lang.OpAdd, X: out, Y: part}
		}
	}
	return out
}

// isGame reports whether e is a game whenever it evaluates: a call of a
// game of the session (whose arguments it does not check: its call
// makes a position), a nimber, or a sum of them.
func isGame(r *resolve.Resolver, e lang.Expr) bool {
	switch e := e.(type) {
	case *lang.Call:
		return r.GameCallee(e) != nil
	case *lang.Unary:
		return e.Op == lang.OpNimber
	case *lang.Binary:
		return e.Op == lang.OpAdd && isGame(r, e.X) && isGame(r, e.Y)
	}
	return false
}

// Pairs rewrites the option G(.., min(x, y), ..) + G(.., max(x, y), ..)
// of a move rule's query for SG values (x and y ints that cannot fail,
// the other arguments the same) as G(.., x, ..) + G(.., y, ..):
//
//	yield kayles(min(a, n - 1 - a)) + kayles(max(a, n - 1 - a))     yield kayles(a) + kayles(n - 1 - a)
//
// the two heaps of a split as written, which the fast loops' split
// kernels and the take-and-break checks read. The same two positions
// are summed, so the same value, but one computed before the other
// where x > y: exact where the search sees no order (env.Unordered
// proves that no error can be met), whose guard the query takes.
func Pairs(env Env, q *ir.Query) *ir.Query {
	if q.Consumer != ir.MoveSG {
		return nil
	}
	b, ok := q.Yield.(*lang.Binary)
	if !ok || b.Op != lang.OpAdd {
		return nil
	}
	g1, ok1 := b.X.(*lang.Call)
	g2, ok2 := b.Y.(*lang.Call)
	if !ok1 || !ok2 || env.R.GameCallee(g1) == nil || !ir.Same(g1.Fn, g2.Fn) || len(g1.Args) != len(g2.Args) {
		return nil
	}
	k := -1
	for i := range g1.Args {
		if !ir.Same(g1.Args[i], g2.Args[i]) {
			if k >= 0 {
				return nil
			}
			k = i
		}
	}
	if k < 0 {
		return nil
	}
	max1, x1, y1, ok1 := ir.MinMax(env.R, g1.Args[k])
	max2, x2, y2, ok2 := ir.MinMax(env.R, g2.Args[k])
	if !ok1 || !ok2 || max1 == max2 || !(ir.Same(x1, x2) && ir.Same(y1, y2) || ir.Same(x1, y2) && ir.Same(y1, x2)) {
		return nil
	}
	sf := env.Safety(q)
	if _, ok := sf.Int(x1); !ok {
		return nil
	}
	if _, ok := sf.Int(y1); !ok {
		return nil
	}
	arg := func(g *lang.Call, a lang.Expr) *lang.Call {
		out := &lang.Call{Pos: g.Pos, Fn: g.Fn, Lparen: g.Lparen, Args: append([]lang.Expr(nil), g.Args...), Site: g.Site}
		out.Args[k] = a
		return out
	}
	out := q.Clone()
	out.Yield = &lang.Binary{Pos: b.Pos, Op: b.Op, X: arg(g1, x1), Y: arg(g2, y1)}
	g, ok := sf.Guard(q)
	if !ok {
		return nil
	}
	out.Guard = g
	ug, ok := env.Unordered(out)
	if !ok {
		return nil
	}
	out.Guard = ir.MergeGuards(out.Guard, ug)
	return out
}
