// Package purecond owns which expressions are plain: literals, names of
// locals and lets, operators, calls of pure built-ins and of defs that
// inline, and comprehensions of such parts, so that evaluating one again
// gives its value again (or its error again); and the names such an
// expression reads, which the masks of package build's filters are kept
// by (the names its comprehensions bind are not among them).
package purecond

import (
	"slices"

	"github.com/grundy-lang/grundy/internal/compile"
	"github.com/grundy-lang/grundy/internal/resolve"
	"github.com/grundy-lang/grundy/lang"
)

// maxInline bounds the defs inlined in one another that a filter's
// condition may call.
const maxInline = 4

// Plain reports whether e holds only literals, names of locals and
// lets, operators, indexing and slicing, where a call is plain too when it is of
// a pure built-in (abs, min: its result from its arguments alone) with
// plain arguments, or of a def that inlines with plain arguments (names
// and literals, or expressions) and whose body, so written, is plain ({x for x in S if
// not near(x, v)}; the body may hold comprehensions, def nbrs(v) = [u
// for u in [v - 1, v + 1] if u >= 0]: resolve's InlinedReadIn):
// evaluating it again gives its value again. (The
// condition is compiled as written: the def's call is on the trace of an
// error inside it.) A comprehension whose clauses and body are plain is
// plain too (not any([x == (v[0] + dr, v[1] + dc) for (dr, dc) in D])):
// the names it binds are read as locals, and are no names of the mask
// (Names).
// The names the declarations bound declare are read as locals (a
// comprehension's own variable, not bound yet where it is recognized).
func Plain(c *compile.Compiler, e lang.Expr, bound ...*resolve.Decl) bool {
	m := map[*resolve.Decl]bool{}
	for _, d := range bound {
		m[d] = true
	}
	return plainIn(c, e, 0, m)
}

// Flat is Plain of an expression that holds no comprehension (what an
// edit's place may be: package build's edits).
func Flat(c *compile.Compiler, e lang.Expr) bool {
	comp := false
	lang.Inspect(e, func(x lang.Expr) bool {
		_, ok := x.(*lang.Comp)
		comp = comp || ok
		return !comp
	})
	return !comp && Plain(c, e)
}

// plainIn is Plain, bound the names the comprehensions met so
// far bind.
func plainIn(c *compile.Compiler, e lang.Expr, depth int, bound map[*resolve.Decl]bool) bool {
	ok := true
	lang.Inspect(e, func(x lang.Expr) bool {
		if !ok {
			return false
		}
		switch x := x.(type) {
		case *lang.Call:
			ok = plainCall(c, x, depth, bound)
			return false
		case *lang.Ident:
			if d := resolve.Of(x); d != nil && bound[d] {
				return true
			}
			b := c.Lookup(x)
			ok = b != nil && (b.Kind == resolve.Local || b.Kind == resolve.Global)
		case *lang.Comp:
			ok = BindComp(x, bound)
		case *lang.IntLit, *lang.StrLit, *lang.BoolLit, *lang.TupleLit, *lang.ListLit, *lang.SetLit,
			*lang.Binary, *lang.Unary, *lang.IfExpr, *lang.Index, *lang.Slice:
		default:
			ok = false
		}
		return ok
	})
	return ok
}

// BindComp adds to bound the names comprehension e binds; false when one
// has no declaration.
func BindComp(e *lang.Comp, bound map[*resolve.Decl]bool) bool {
	for _, cl := range e.Clauses {
		if f, ok := cl.(*lang.ForClause); ok {
			for _, n := range f.Target.Names {
				d := resolve.NameDecl(n)
				if d == nil {
					return false
				}
				bound[d] = true
			}
		}
	}
	return true
}

// plainCall is Plain of a call.
func plainCall(c *compile.Compiler, e *lang.Call, depth int, bound map[*resolve.Decl]bool) bool {
	if bi := c.CalledBuiltin(e); bi != nil {
		if !bi.Pure || bi.SGArgs || bi.Query != 0 {
			return false
		}
		for _, a := range e.Args {
			if !plainIn(c, a, depth, bound) {
				return false
			}
		}
		return true
	}
	if depth >= maxInline {
		return false
	}
	body := c.InlinedReadIn(e, bound)
	if body == nil {
		// Arguments that are not names or literals: plain each, and
		// the body plain whatever its parameters hold.
		for _, a := range e.Args {
			if !plainIn(c, a, depth, bound) {
				return false
			}
		}
		body = bodyRead(c, e, bound)
	}
	return body != nil && plainIn(c, body, depth+1, bound)
}

// bodyRead is the body of the def call e inlines to with its parameters
// written as the literal 0 (resolve's InlinedReadIn of the call with
// such arguments): what a reader of its names and shape reads when the
// arguments are not names or literals (their names are the call's,
// read where lang.Inspect meets them); nil where the def does not
// inline.
func bodyRead(c *compile.Compiler, e *lang.Call, bound map[*resolve.Decl]bool) lang.Expr {
	args := make([]lang.Expr, len(e.Args))
	for i, a := range e.Args {
		args[i] = &lang.IntLit{Pos: lang.Start(a)}
	}
	return c.InlinedReadIn(&lang.Call{Pos: e.Pos, Fn: e.Fn, Lparen: e.Lparen, Args: args, Site: e.Site}, bound)
}

// inspectIn is lang.Inspect of e and of the bodies of the defs it calls
// that inline (plainCall), as written at the calls: the names a
// condition reads, the defs' included; bound: the names the
// comprehensions met so far bind.
func inspectIn(c *compile.Compiler, e lang.Expr, f func(lang.Expr) bool, depth int, bound map[*resolve.Decl]bool) {
	lang.Inspect(e, func(x lang.Expr) bool {
		switch x := x.(type) {
		case *lang.Comp:
			BindComp(x, bound)
		case *lang.Call:
			if depth < maxInline && c.CalledBuiltin(x) == nil {
				body := c.InlinedReadIn(x, bound)
				if body == nil {
					body = bodyRead(c, x, bound)
				}
				if body != nil {
					inspectIn(c, body, f, depth+1, bound)
				}
			}
		}
		return f(x)
	})
}

// Names is the slots of the locals (but those of skip) and of the
// lets that conditions es read (Plain), the defs they call
// that inline included: what their masks are kept by. The names a
// comprehension inside binds are not among them.
func Names(c *compile.Compiler, es []lang.Expr, skip ...int) (locals, lets []int) {
	for _, x := range es {
		bound := map[*resolve.Decl]bool{}
		inspectIn(c, x, func(x lang.Expr) bool {
			id, ok := x.(*lang.Ident)
			if !ok {
				return true
			}
			if d := resolve.Of(id); d != nil && bound[d] {
				return true
			}
			switch b := c.Lookup(id); {
			case b == nil:
			case b.Kind == resolve.Local:
				if !slices.Contains(skip, b.Slot) {
					locals = appendNew(locals, b.Slot)
				}
			case b.Kind == resolve.Global:
				lets = appendNew(lets, b.Slot)
			}
			return true
		}, 0, bound)
	}
	return locals, lets
}

// appendNew appends x to xs when it is not there.
func appendNew(xs []int, x int) []int {
	if slices.Contains(xs, x) {
		return xs
	}
	return append(xs, x)
}

// CallArgs is, for e a call of a def whose call is plain (Plain), the
// lets that it reads (its arguments and the def's body) and its
// arguments: its value is a function of the arguments' values and of
// those lets ({d * k for k in 1 .. m / d} called as multiples(d, max(S))
// is kept by d and the value of max(S), not by S). ok is false for
// another expression.
func CallArgs(c *compile.Compiler, e lang.Expr) (lets []int, args []lang.Expr, ok bool) {
	call, _ := e.(*lang.Call)
	if call == nil || c.CalledBuiltin(call) != nil || len(call.Args) == 0 || !Plain(c, call) {
		return nil, nil, false
	}
	_, lets = Names(c, []lang.Expr{call})
	return lets, call.Args, true
}

// RangeNames is Names of a plain comprehension whose first clause loops
// over a range, A .. B, without the names only its ends read: the
// comprehension is a function of the locals and lets the rest of it
// reads and of the values of A and B ({d * k for k in 1 .. max(S) / d}
// reads S only through its end, max(S) / d: its masks are kept by d and
// the end's value, not by S). It returns the ends too; ok is false for
// another expression.
func RangeNames(c *compile.Compiler, e lang.Expr) (locals, lets []int, ends []lang.Expr, ok bool) {
	comp, _ := e.(*lang.Comp)
	if comp == nil || len(comp.Clauses) == 0 {
		return nil, nil, nil, false
	}
	f, _ := comp.Clauses[0].(*lang.ForClause)
	if f == nil {
		return nil, nil, nil, false
	}
	r, _ := f.Iter.(*lang.Binary)
	if r == nil || r.Op != lang.OpRange {
		return nil, nil, nil, false
	}
	// (The comprehension with its range's ends as literals: the names
	// the rest reads, not those it binds.)
	zero := &lang.IntLit{Pos: r.Pos}
	rest := &lang.Comp{Pos: comp.Pos, Kind: comp.Kind, Body: comp.Body, Clauses: slices.Clone(comp.Clauses)}
	rest.Clauses[0] = &lang.ForClause{Pos: f.Pos, Target: f.Target, Iter: &lang.Binary{Pos: r.Pos, Op: lang.OpRange, X: zero, Y: zero}}
	locals, lets = Names(c, []lang.Expr{rest})
	l2, lets2 := Names(c, []lang.Expr{r.X, r.Y})
	for _, s := range lets2 {
		lets = appendNew(lets, s)
	}
	return locals, lets, []lang.Expr{r.X, r.Y}, len(l2) > 0
}
