package plan

import (
	"slices"

	"github.com/grundy-lang/grundy/internal/engine"
	"github.com/grundy-lang/grundy/internal/ir"
	"github.com/grundy-lang/grundy/internal/resolve"
	"github.com/grundy-lang/grundy/lang"
)

// Shared expressions: an expression that a filter computes first and
// that the clauses after it or the yield compute again,
//
//	range i = 0 .. len(b) - 1
//	filter b[i] == "." and not dead(b[:i] + "X" + b[i + 1:])
//	yield nota(b[:i] + "X" + b[i + 1:])
//
// (a move is tested, then made) is computed once, bound to a new name
// where the filter first computes it, and read by that name after:
//
//	range i = 0 .. len(b) - 1
//	filter b[i] == "."
//	bind b' = b[:i] + "X" + b[i + 1:]
//	filter not dead(b')
//	yield nota(b')
//
// A filter whose condition is a conjunction of conditions that are each
// a bool or an error of their own (comparisons, not, and, or, true and
// false) is first one filter a condition, as the conjunction evaluates
// them (left to right, stopping at the first false): the same values and
// errors, since none of them is a non-bool that `and` would reject with
// its own message. Exact: the expression is plain (literals, names,
// operators, indexing, slicing, literals of tuples, lists and sets, calls
// of pure built-ins: no def, no game, no comprehension), so computing it
// again gives the value it gave; it is the first thing its filter
// computes (the leftmost operand, all the way down: an operand, the
// first argument of a call of a def or a pure built-in), so the bind
// computes it exactly where the filter did, with the same error if it
// fails; the names it reads are the same declarations where it is read
// again (a name a clause in between binds is another). An int expression
// is left alone (it costs less than a name, and the fast loops read it).
func shared(env *Env, q *ir.Query) *ir.Query {
	for fi, cl := range q.Clauses {
		f, ok := cl.(*ir.Filter)
		if !ok {
			continue
		}
		conj := conjuncts(f.Cond)
		for j, c := range conj {
			for _, e := range firstChain(env, c) {
				if !shareable(env, e) {
					continue
				}
				later := append(append([]lang.Expr(nil), conj[j+1:]...), q.Yield)
				if q.Key != nil {
					later = append(later, q.Key)
				}
				if !occursIn(e, later, q.Clauses[fi+1:]) {
					continue
				}
				return shareAt(q, fi, conj, j, e)
			}
		}
	}
	return nil
}

// shareAt is q with filter fi, whose conjuncts are conj, split before
// conjunct j, e bound to a new name there and read by it after.
func shareAt(q *ir.Query, fi int, conj []lang.Expr, j int, e lang.Expr) *ir.Query {
	f := q.Clauses[fi].(*ir.Filter)
	pos := lang.Start(e)
	d := resolve.NewLocal(sharedName(e), pos) // (a name no program can write)
	name := &lang.Name{Pos: pos, Name: d.Name, Bind: d}
	ref := func(at lang.Pos) lang.Expr { return &lang.Ident{Pos: at, Name: d.Name, Bind: d} }
	out := q.Clone()
	out.Clauses = append([]ir.Clause(nil), q.Clauses[:fi]...)
	for _, c := range conj[:j] {
		out.Clauses = append(out.Clauses, &ir.Filter{Cond: c, At: f.At})
	}
	out.Clauses = append(out.Clauses, &ir.Bind{Pat: &lang.Pattern{Pos: pos, Names: []*lang.Name{name}}, X: e, At: f.At, Lit: pos})
	for _, c := range conj[j:] {
		out.Clauses = append(out.Clauses, &ir.Filter{Cond: replaceExpr(c, e, ref), At: f.At})
	}
	for _, cl := range q.Clauses[fi+1:] {
		out.Clauses = append(out.Clauses, replaceClause(cl, e, ref))
	}
	out.Yield = replaceExpr(q.Yield, e, ref)
	if q.Key != nil {
		out.Key = replaceExpr(q.Key, e, ref)
	}
	return out
}

// sharedName names the value of e: its first name, primed.
func sharedName(e lang.Expr) string {
	name := "v"
	lang.Inspect(e, func(x lang.Expr) bool {
		if id, ok := x.(*lang.Ident); ok && name == "v" && resolve.Of(id) != nil && resolve.Of(id).Kind == resolve.Local {
			name = id.Name
		}
		return name == "v"
	})
	return name + "'"
}

// conjuncts are the conditions of a conjunction A and B and ..., when
// each is boolish (a bool or an error of its own); else cond alone.
func conjuncts(cond lang.Expr) []lang.Expr {
	var out []lang.Expr
	var walk func(e lang.Expr) bool
	walk = func(e lang.Expr) bool {
		if b, ok := e.(*lang.Binary); ok && b.Op == lang.OpAnd {
			return walk(b.X) && walk(b.Y)
		}
		out = append(out, e)
		return ir.Boolish(e)
	}
	if !walk(cond) {
		return []lang.Expr{cond}
	}
	return out
}

// firstChain lists e and the expressions e computes first, outermost
// first: its leftmost operand (past literals), a call's first argument
// (of a def or of a built-in that is not a game query), all the way down.
func firstChain(env *Env, e lang.Expr) []lang.Expr {
	var out []lang.Expr
	for e != nil {
		out = append(out, e)
		switch x := e.(type) {
		case *lang.Unary:
			e = x.X
		case *lang.Binary:
			e = x.X
			if isLiteral(x.X) {
				e = x.Y
			}
		case *lang.Index:
			e = x.X
		case *lang.Slice:
			e = x.X
		case *lang.IfExpr:
			e = x.Cond
		case *lang.Call:
			e = nil
			if firstArgFirst(env, x) {
				e = x.Args[0]
			}
		default:
			e = nil
		}
	}
	return out
}

// firstArgFirst reports whether call e computes its first argument before
// anything else: a call of a def, or of a built-in that takes its
// arguments as values (not sg and the queries, which read games).
func firstArgFirst(env *Env, e *lang.Call) bool {
	id, ok := e.Fn.(*lang.Ident)
	if !ok || len(e.Args) == 0 {
		return false
	}
	if k, ok := declKind(id); ok && k == resolve.Def {
		return true
	}
	bi := builtinOf(id)
	return bi != nil && !bi.SGArgs && bi.Fold == nil && bi.AllAny == 0
}

func isLiteral(e lang.Expr) bool {
	switch e.(type) {
	case *lang.IntLit, *lang.StrLit, *lang.BoolLit:
		return true
	}
	return false
}

// shareable reports whether e is worth a name and plain: it builds a
// value (builds), and it is made of literals, names, operators,
// indexing, slicing, literals of tuples, lists and sets, and calls of
// pure built-ins (no def, no game, no comprehension).
func shareable(env *Env, e lang.Expr) bool {
	if call, ok := e.(*lang.Call); ok {
		if body := defBody(env, call); body != nil {
			return !slices.ContainsFunc(call.Args, func(a lang.Expr) bool { return !shareableIn(env, a) }) && shareable(env, body)
		}
	}
	if !builds(e) {
		return false
	}
	ok := true
	lang.Inspect(e, func(x lang.Expr) bool {
		switch x := x.(type) {
		case *lang.Ident:
			ok = ok && isValueName(x)
		case *lang.Call:
			id, isId := x.Fn.(*lang.Ident)
			if !isId {
				ok = false
				break
			}
			bi := builtinOf(id)
			ok = ok && bi != nil && bi.Pure && !bi.SGArgs
			for _, a := range x.Args {
				ok = ok && shareableIn(env, a)
			}
			return false
		case *lang.IntLit, *lang.StrLit, *lang.BoolLit, *lang.Unary, *lang.Binary, *lang.IfExpr,
			*lang.Index, *lang.Slice, *lang.TupleLit, *lang.ListLit, *lang.SetLit:
		default:
			ok = false
		}
		return ok
	})
	return ok
}

// defBody is the body of the def e calls, its parameters written as e's
// arguments (resolve's Inlinable, Same), or nil: shareable as it is.
func defBody(env *Env, e *lang.Call) lang.Expr {
	id, ok := e.Fn.(*lang.Ident)
	if !ok {
		return nil
	}
	if k, ok := declKind(id); !ok || k != resolve.Def {
		return nil
	}
	fn := env.R.Inlinable(e)
	if fn == nil || !resolve.Same(e) || len(resolve.CalledParams(fn)) > 0 {
		return nil
	}
	return resolve.Substitute(fn.Decl.Body, resolve.ParamIndex(fn), e.Args, resolve.SiteOf(e))
}

// shareableIn is shareable for a part of a shared expression (names and
// literals, ints too, and reads of them: a grid's row g[r] in
// update(g, r, update(g[r], c, 1))).
func shareableIn(env *Env, e lang.Expr) bool {
	switch e := e.(type) {
	case *lang.IntLit, *lang.StrLit, *lang.BoolLit:
		return true
	case *lang.Ident:
		return isValueName(e)
	case *lang.Index:
		return shareableIn(env, e.X) && shareableIn(env, e.Index)
	}
	return shareable(env, e) || intPlain(env, e)
}

// builds reports whether e makes a string, list or set: a slice, a
// literal of one, a call of a built-in whose result is not an int, or an
// operator with such an operand (not int arithmetic, which costs less
// than a name, nor a tuple, whose elements the other passes read).
func builds(e lang.Expr) bool {
	switch e := e.(type) {
	case *lang.Slice, *lang.ListLit, *lang.SetLit, *lang.StrLit:
		return true
	case *lang.Call:
		id, ok := e.Fn.(*lang.Ident)
		bi := (*engine.Builtin)(nil)
		if ok {
			bi = builtinOf(id)
		}
		return bi != nil && !bi.IntResult
	case *lang.Binary:
		switch e.Op {
		case lang.OpAdd, lang.OpSub, lang.OpBitOr, lang.OpBitAnd, lang.OpXor:
			return builds(e.X) || builds(e.Y)
		}
	}
	return false
}

// intPlain reports whether e is int arithmetic of names and literals.
func intPlain(env *Env, e lang.Expr) bool {
	ok := true
	lang.Inspect(e, func(x lang.Expr) bool {
		switch x := x.(type) {
		case *lang.Ident:
			ok = ok && isValueName(x)
		case *lang.IntLit, *lang.Unary, *lang.Binary, *lang.IfExpr:
		default:
			ok = false
		}
		return ok
	})
	return ok
}

// declKind is the kind of declaration id names (false: none known).
func declKind(id *lang.Ident) (engine.BindKind, bool) {
	if d := resolve.Of(id); d != nil {
		return d.Kind, true
	}
	return 0, false
}

// isValueName reports whether id names a local or a let.
func isValueName(id *lang.Ident) bool {
	k, ok := declKind(id)
	return ok && (k == resolve.Local || k == resolve.Global)
}

// builtinOf is the built-in id names, or nil.
func builtinOf(id *lang.Ident) *engine.Builtin {
	if d := resolve.Of(id); d != nil && d.Kind == resolve.Builtin {
		if d.Bi != nil {
			return d.Bi
		}
		if d.B != nil {
			return d.B.Bi
		}
	}
	return nil
}

// occursIn reports whether e occurs where replaceExpr replaces it, in one
// of the expressions es or the clauses cls.
func occursIn(e lang.Expr, es []lang.Expr, cls []ir.Clause) bool {
	found := false
	mark := func(at lang.Pos) lang.Expr {
		found = true
		return e
	}
	for _, x := range es {
		replaceExpr(x, e, mark)
	}
	for _, cl := range cls {
		replaceClause(cl, e, mark)
	}
	return found
}

// replaceClause is cl with e replaced in its expressions.
func replaceClause(cl ir.Clause, e lang.Expr, ref func(lang.Pos) lang.Expr) ir.Clause {
	switch c := cl.(type) {
	case *ir.Filter:
		return &ir.Filter{Cond: replaceExpr(c.Cond, e, ref), At: c.At}
	case *ir.Bind:
		return &ir.Bind{Pat: c.Pat, X: replaceExpr(c.X, e, ref), At: c.At, Lit: c.Lit}
	case *ir.Range:
		return &ir.Range{Var: c.Var, Lo: replaceExpr(c.Lo, e, ref), Hi: replaceExpr(c.Hi, e, ref), At: c.At, OpPos: c.OpPos}
	case *ir.Elems:
		return &ir.Elems{Pat: c.Pat, Coll: replaceExpr(c.Coll, e, ref), At: c.At}
	}
	return cl
}

// replaceExpr copies x with each occurrence of e (sameExpr) replaced by
// ref(its position), outside comprehensions (whose names may be others).
func replaceExpr(x, e lang.Expr, ref func(lang.Pos) lang.Expr) lang.Expr {
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
	}
	return x
}
