package wordsets

import (
	"github.com/grundy-lang/grundy/internal/engine"
	"github.com/grundy-lang/grundy/internal/ir"
	"github.com/grundy-lang/grundy/internal/resolve"

	"github.com/grundy-lang/grundy/lang"
)

// The option's set read again. A rule whose if clauses read its
// option's set, where the planner's shared pass does not bind it (a
// conjunct that is a call of a def, or the set made only in a def the
// if clause calls),
//
//	game nota(X) moves nota(X | {i}) for i in 0 .. N - 1 if not (i in X) and alive(X | {i})
//	def ok(X, i) = not dead(X | {i})
//
// binds it itself, before the if clauses: each reading of the set in
// them, or in the body of a def it inlines (after its arguments are put
// in), is the bound name. Exact where the set is sure: X, a parameter
// of the game, is a set over a universe (checked per position; any
// other position makes its moves as written), the operand a literal of
// names of locals and literals (tuples of them): a set operator over two
// sets never fails and counts no step, so making it before the if
// clauses, once, is what making it where they do is (the universe may
// meet an element sooner; it takes it as it would later).

// implicit compiles alt, whose clause k is its last for clause and
// whose option call yields a sure set (sure) that the if clauses after
// k read again, with the set bound after clause k; nil otherwise.
func (ss *Sets) implicit(alt *lang.Alt, k int, call *lang.Call) (func(fr *engine.Frame), string) {
	if k == len(alt.Clauses)-1 || len(call.Args) != 1 {
		return nil, ""
	}
	x, ok := call.Args[0].(*lang.Binary)
	if !ok || !setOp(x) || !ss.sure(x) {
		return nil, ""
	}
	pos := lang.Start(x)
	d := resolve.NewLocal(x.X.(*lang.Ident).Name+"'", pos) // (a name no program can write)
	name := &lang.Name{Pos: pos, Name: d.Name, Bind: d}
	ref := func(at engine.Pos) lang.Expr { return &lang.Ident{Pos: at, Name: d.Name, Bind: d} }
	var ifs []lang.Clause
	reads := false
	for _, f := range alt.Clauses[k+1:] {
		ifc := f.(*lang.IfClause)
		cond := replaceExpr(ifc.Cond, x, ref)
		reads = reads || ir.MentionsDecl(cond, d) || callsDef(cond)
		ifs = append(ifs, &lang.IfClause{Pos: ifc.Pos, Cond: cond})
	}
	if !reads {
		return nil, "" // (no if clause reads the set, nor calls a def that may: tested first, as compiled)
	}
	cl := &lang.ForClause{Pos: pos, Target: &lang.Pattern{Pos: pos, Names: []*lang.Name{name}}, Iter: &lang.ListLit{Pos: pos, Elems: []lang.Expr{x}}}
	opt := &lang.Call{Pos: call.Pos, Fn: call.Fn, Lparen: call.Lparen, Args: []lang.Expr{ref(pos)}, Site: call.Site}
	return ss.bound(&bind{clauses: alt.Clauses[:k+1], cl: cl, x: x, ifs: ifs, call: opt, shared: true, alt: alt})
}

// sure reports whether x is a set operator of a local name and a
// literal of names of locals and literals (and tuples of them).
func (ss *Sets) sure(x *lang.Binary) bool {
	id, ok := x.X.(*lang.Ident)
	if !ok || resolve.Of(id) == nil || resolve.Of(id).Kind != resolve.Local {
		return false
	}
	lit, ok := x.Y.(*lang.SetLit)
	if !ok || len(lit.Elems) == 0 || len(lit.Elems) > 8 {
		return false
	}
	var plain func(e lang.Expr) bool
	plain = func(e lang.Expr) bool {
		switch e := e.(type) {
		case *lang.IntLit, *lang.StrLit, *lang.BoolLit:
			return true
		case *lang.Ident:
			d := resolve.Of(e)
			return d != nil && d.Kind == resolve.Local
		case *lang.TupleLit:
			for _, y := range e.Elems {
				if !plain(y) {
					return false
				}
			}
			return true
		}
		return false
	}
	for _, e := range lit.Elems {
		if !plain(e) {
			return false
		}
	}
	return true
}

// callsDef reports whether e calls a def (which may make the set again:
// def ok(X, i) = not dead(X | {i})).
func callsDef(e lang.Expr) bool {
	found := false
	lang.Inspect(e, func(x lang.Expr) bool {
		found = found || isDefCall(x)
		return !found
	})
	return found
}

// replaceExpr is x with each expression the same as e (ir.Same) the
// expression ref makes at its place (inside a comprehension only where
// its clauses bind no name e reads: there e's names are others).
func replaceExpr(x, e lang.Expr, ref func(engine.Pos) lang.Expr) lang.Expr {
	if x == nil {
		return nil
	}
	if ir.Same(x, e) {
		return ref(lang.Start(x))
	}
	sub := func(y lang.Expr) lang.Expr { return replaceExpr(y, e, ref) }
	all := func(ys []lang.Expr) []lang.Expr {
		out := make([]lang.Expr, len(ys))
		for i, y := range ys {
			out[i] = sub(y)
		}
		return out
	}
	switch x := x.(type) {
	case *lang.Unary:
		return &lang.Unary{Pos: x.Pos, Op: x.Op, X: sub(x.X)}
	case *lang.Binary:
		return &lang.Binary{Pos: x.Pos, Op: x.Op, X: sub(x.X), Y: sub(x.Y)}
	case *lang.IfExpr:
		return &lang.IfExpr{Pos: x.Pos, Cond: sub(x.Cond), Then: sub(x.Then), Else: sub(x.Else)}
	case *lang.Index:
		return &lang.Index{Pos: x.Pos, X: sub(x.X), Index: sub(x.Index)}
	case *lang.Slice:
		return &lang.Slice{Pos: x.Pos, X: sub(x.X), Lo: sub(x.Lo), Hi: sub(x.Hi)}
	case *lang.Call:
		return &lang.Call{Pos: x.Pos, Fn: x.Fn, Lparen: x.Lparen, Args: all(x.Args), Site: x.Site}
	case *lang.TupleLit:
		return &lang.TupleLit{Pos: x.Pos, Elems: all(x.Elems)}
	case *lang.ListLit:
		return &lang.ListLit{Pos: x.Pos, Elems: all(x.Elems)}
	case *lang.SetLit:
		return &lang.SetLit{Pos: x.Pos, Elems: all(x.Elems)}
	case *lang.Comp:
		var cls []lang.Clause
		for _, cl := range x.Clauses {
			switch cl := cl.(type) {
			case *lang.ForClause:
				for _, n := range cl.Target.Names {
					if d := resolve.NameDecl(n); n != nil && (d == nil || ir.MentionsDecl(e, d)) {
						return x
					}
				}
				cls = append(cls, &lang.ForClause{Pos: cl.Pos, Target: cl.Target, Iter: sub(cl.Iter)})
			case *lang.IfClause:
				cls = append(cls, &lang.IfClause{Pos: cl.Pos, Cond: sub(cl.Cond)})
			default:
				return x
			}
		}
		return &lang.Comp{Pos: x.Pos, Kind: x.Kind, Key: sub(x.Key), Body: sub(x.Body), Clauses: cls}
	}
	return x
}

// ref is the bound name at pos.
func (bt *bound) ref(at engine.Pos) lang.Expr {
	return &lang.Ident{Pos: at, Name: bt.decl.Name, Bind: bt.decl}
}
