package plan

import (
	"github.com/grundy-lang/grundy/internal/ir"
	"github.com/grundy-lang/grundy/internal/proof"
	"github.com/grundy-lang/grundy/internal/resolve"
	"github.com/grundy-lang/grundy/lang"
)

// Binds: a bind whose value cannot fail (safety.go: safe int arithmetic,
// a tuple or list literal of it, a position) is its value, written where
// its name is read,
//
//	range a = 0 .. n; bind t = g(a) + g(n - a); yield t     range a = 0 .. n; yield g(a) + g(n - a)
//
// Exact: the value evaluates alike wherever it is, and cannot fail, so
// evaluating it at its uses (or nowhere) changes no value and no error.
func binds(env *Env, q *ir.Query) *ir.Query {
	for i, cl := range q.Clauses {
		b, ok := cl.(*ir.Bind)
		if ok && b.Pat.Tuple {
			if out := splitBind(q, i, b); out != nil {
				return out
			}
		}
		if !ok || b.Pat.Tuple || len(b.Pat.Names) != 1 {
			continue
		}
		if readFirstOnce(q, i) {
			// (Evaluated where it was, first thing after the bind.)
			if out := inlineBind(q, i); out != q {
				return out
			}
		}
		sf := newSafety(env, q)
		if !sf.Conds([]ir.Clause{b}) {
			continue
		}
		if id, ok := b.X.(*lang.Ident); ok && sf.Binder(resolve.Of(id)) == nil {
			continue // (a name from outside: nothing to gain)
		}
		if builds(b.X) && resolve.LiteralElems(b.X) == nil && evaluatedMore(q, i) {
			continue // (a list built again at each read: the bind is cheaper)
		}
		if _, choice := b.X.(*lang.IfExpr); choice && evaluatedMore(q, i) {
			continue // (a choice made again at each read, choices.go's: the name is what the kernels read)
		}
		g, ok := sf.Guard(q)
		if !ok {
			continue
		}
		if out := inlineBind(q, i); out != q {
			out.Guard = g
			return out
		}
	}
	return nil
}

// splitBind: a bind of a tuple pattern to a tuple or list literal of
// its length (`for (a, b) in [[x, y]]`, a tuple position's list written
// as its ints, fastpath's Tuples) is a bind of each name to its element,
// in order, and a name bound to a name is that name where it is read:
//
//	bind (a, b) = [p0, p1]; range k = 1 .. a; yield g(a - k, b)     range k = 1 .. p0; yield g(p0 - k, p1)
//
// or nil. Exact: destructuring a literal of the pattern's length cannot
// fail; the elements are evaluated in the same order at the same place,
// and reading a name evaluates alike wherever it is.
func splitBind(q *ir.Query, i int, b *ir.Bind) *ir.Query {
	var elems []lang.Expr
	switch x := b.X.(type) {
	case *lang.TupleLit:
		elems = x.Elems
	case *lang.ListLit:
		elems = x.Elems
	}
	if len(elems) == 0 || len(elems) != len(b.Pat.Names) {
		return nil
	}
	out := q.Clone()
	out.Clauses = append([]ir.Clause(nil), q.Clauses[:i]...)
	for j, n := range b.Pat.Names {
		out.Clauses = append(out.Clauses, &ir.Bind{Pat: &lang.Pattern{Pos: n.Pos, Names: []*lang.Name{n}}, X: elems[j], At: b.At, Lit: b.Lit})
	}
	out.Clauses = append(out.Clauses, q.Clauses[i+1:]...)
	for j := i + len(elems) - 1; j >= i; j-- {
		if _, isName := elems[j-i].(*lang.Ident); isName {
			out = inlineBind(out, j)
		}
	}
	return out
}

// readFirstOnce reports whether the name the bind at clause i binds is
// read once, in the clause right after it (or the yield, where it is the
// last), as the first thing that clause evaluates: written there, its
// value is evaluated at the same point as the bind evaluated it, whether
// or not that can fail (a bind that may fail is written so too).
func readFirstOnce(q *ir.Query, i int) bool {
	d := resolve.NameDecl(q.Clauses[i].(*ir.Bind).Pat.Names[0])
	var next lang.Expr
	reads := countReads(q.Yield, d) + countReads(q.Key, d)
	if i+1 == len(q.Clauses) {
		next = q.Yield
	}
	for j, c := range q.Clauses[i+1:] {
		var es []lang.Expr
		switch c := c.(type) {
		case *ir.Range:
			es = []lang.Expr{c.Lo, c.Hi}
		case *ir.Elems:
			es = []lang.Expr{c.Coll}
		case *ir.Bind:
			es = []lang.Expr{c.X}
		case *ir.Filter:
			es = []lang.Expr{c.Cond}
		}
		if j == 0 {
			next = es[0]
		}
		for _, e := range es {
			reads += countReads(e, d)
		}
	}
	return reads == 1 && ir.IsVar(firstEval(next), d)
}

// evaluatedMore reports whether the name the bind at clause i binds is
// read more than once after it, or inside a comprehension (where its
// value written in its place would be evaluated once an element).
func evaluatedMore(q *ir.Query, i int) bool {
	d := resolve.NameDecl(q.Clauses[i].(*ir.Bind).Pat.Names[0])
	es := []lang.Expr{q.Yield, q.Key}
	for _, c := range q.Clauses[i+1:] {
		switch c := c.(type) {
		case *ir.Range:
			es = append(es, c.Lo, c.Hi)
		case *ir.Elems:
			es = append(es, c.Coll)
		case *ir.Bind:
			es = append(es, c.X)
		case *ir.Filter:
			es = append(es, c.Cond)
		}
	}
	reads, inComp := 0, false
	for _, e := range es {
		reads += countReads(e, d)
		if e != nil {
			lang.Inspect(e, func(x lang.Expr) bool {
				if c, ok := x.(*lang.Comp); ok && countReads(c, d) > 0 {
					inComp = true
				}
				return !inComp
			})
		}
	}
	return reads > 1 || inComp
}

// countReads counts the names of d in e.
func countReads(e lang.Expr, d *resolve.Decl) int {
	n := 0
	if e != nil {
		lang.Inspect(e, func(x lang.Expr) bool {
			if id, ok := x.(*lang.Ident); ok && resolve.Of(id) == d {
				n++
			}
			return true
		})
	}
	return n
}

// firstEval is the name e evaluates before anything else (its first
// operand's, its call's first argument's, ...), or nil.
func firstEval(e lang.Expr) lang.Expr {
	switch x := e.(type) {
	case *lang.Ident:
		return x
	case *lang.Unary:
		return firstEval(x.X)
	case *lang.Binary:
		return firstEval(x.X)
	case *lang.Index:
		return firstEval(x.X)
	case *lang.Call:
		// (Evaluating the name of a built-in, a def or a game does
		// nothing.)
		if id, ok := x.Fn.(*lang.Ident); ok && len(x.Args) > 0 {
			if d := resolve.Of(id); d != nil && (d.Kind == resolve.Builtin || d.Kind == resolve.Def || d.Kind == resolve.Game) {
				return firstEval(x.Args[0])
			}
		}
	}
	return nil
}

// inlineBind writes the value of the bind at clause i (of one name, its
// value safe: it cannot fail, and evaluates alike wherever it is) in
// place of its name in the clauses after it and the yield, and drops the
// bind; q itself when a use is left that the substitution does not reach
// (inside a comprehension).
func inlineBind(q *ir.Query, i int) *ir.Query {
	b := q.Clauses[i].(*ir.Bind)
	if b.Pat.Tuple || len(b.Pat.Names) != 1 {
		return q
	}
	d := resolve.NameDecl(b.Pat.Names[0])
	index := map[*resolve.Decl]int{d: 0}
	args := []lang.Expr{b.X}
	sub := func(e lang.Expr) lang.Expr {
		if e == nil {
			return nil
		}
		return resolve.Substitute(e, index, args, nil)
	}
	out := q.Clone()
	out.Clauses = append([]ir.Clause(nil), q.Clauses[:i]...)
	for _, c := range q.Clauses[i+1:] {
		switch c := c.(type) {
		case *ir.Range:
			c2 := *c
			c2.Lo, c2.Hi, c2.Src = sub(c.Lo), sub(c.Hi), nil
			out.Clauses = append(out.Clauses, &c2)
		case *ir.Elems:
			out.Clauses = append(out.Clauses, &ir.Elems{Pat: c.Pat, Coll: sub(c.Coll), At: c.At})
		case *ir.Bind:
			out.Clauses = append(out.Clauses, &ir.Bind{Pat: c.Pat, X: sub(c.X), At: c.At, Lit: c.Lit})
		case *ir.Filter:
			out.Clauses = append(out.Clauses, &ir.Filter{Cond: sub(c.Cond), At: c.At})
		}
	}
	out.Yield, out.Key = sub(q.Yield), sub(q.Key)
	left := false
	check := func(x lang.Expr) bool {
		if id, ok := x.(*lang.Ident); ok && resolve.Of(id) == d {
			left = true
		}
		return !left
	}
	lang.Inspect(out.Yield, check)
	if out.Key != nil {
		lang.Inspect(out.Key, check)
	}
	lang.InspectClauses(ir.RaiseClauses(out.Clauses), check)
	if left {
		return q
	}
	return out
}

// foldIndexes writes an index by an int literal of a tuple or list
// literal whose elements are all safe (sf: they cannot fail, so leaving
// the others out changes no error), `(i', j')[0]`, as the element it
// reads, in e (in the operations, calls, literals and conditionals it
// looks into; others are left as written).
func foldIndexes(sf *proof.Prover, e lang.Expr) lang.Expr {
	f := func(x lang.Expr) lang.Expr { return foldIndexes(sf, x) }
	switch e := e.(type) {
	case *lang.Index:
		x := f(e.X)
		if elems := resolve.LiteralElems(x); elems != nil {
			if _, isSet := x.(*lang.SetLit); !isSet {
				if k, ok := e.Index.(*lang.IntLit); ok && k.Val >= 0 && k.Val < int64(len(elems)) && proof.SafeAll(sf, elems) {
					return elems[k.Val]
				}
			}
		}
		return &lang.Index{Pos: e.Pos, X: x, Index: f(e.Index)}
	case *lang.Unary:
		return &lang.Unary{Pos: e.Pos, Op: e.Op, X: f(e.X)}
	case *lang.Binary:
		return &lang.Binary{Pos: e.Pos, Op: e.Op, X: f(e.X), Y: f(e.Y)}
	case *lang.IfExpr:
		return &lang.IfExpr{Pos: e.Pos, Cond: f(e.Cond), Then: f(e.Then), Else: f(e.Else)}
	case *lang.Call:
		out := &lang.Call{Pos: e.Pos, Fn: e.Fn, Lparen: e.Lparen, Args: make([]lang.Expr, len(e.Args)), Site: e.Site}
		for i, a := range e.Args {
			out.Args[i] = f(a)
		}
		return out
	case *lang.TupleLit:
		return &lang.TupleLit{Pos: e.Pos, Elems: foldAll(sf, e.Elems)}
	case *lang.ListLit:
		return &lang.ListLit{Pos: e.Pos, Elems: foldAll(sf, e.Elems)}
	}
	return e
}

func foldAll(sf *proof.Prover, xs []lang.Expr) []lang.Expr {
	out := make([]lang.Expr, len(xs))
	for i, x := range xs {
		out[i] = foldIndexes(sf, x)
	}
	return out
}

// foldQuery is q with foldIndexes applied to its filters, binds' values
// and yield, its guard bounding what that proved safe too (q itself
// where no guard can).
func foldQuery(env *Env, q *ir.Query) *ir.Query {
	sf := newSafety(env, q)
	out := q.Clone()
	for i, c := range out.Clauses {
		switch c := c.(type) {
		case *ir.Filter:
			out.Clauses[i] = &ir.Filter{Cond: foldIndexes(sf, c.Cond), At: c.At}
		case *ir.Bind:
			out.Clauses[i] = &ir.Bind{Pat: c.Pat, X: foldIndexes(sf, c.X), At: c.At, Lit: c.Lit}
		}
	}
	out.Yield = foldIndexes(sf, q.Yield)
	if q.Key != nil {
		out.Key = foldIndexes(sf, q.Key)
	}
	g, ok := sf.Guard(q)
	if !ok {
		return q
	}
	out.Guard = g
	return out
}
