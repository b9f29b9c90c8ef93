package rewrite

import (
	"fmt"

	"github.com/grundy-lang/grundy/internal/resolve"
	"github.com/grundy-lang/grundy/lang"
)

// Tuple parameters stored as int parameters. A game whose position is a
// tuple of k ints, written
//
//	game q(p) moves q((p[0] - k, p[1])) for k in 1 .. p[0] | ...
//
// has its positions interned by the tuple's encoding and its rule on the
// general path (p[0] is an index into a value). When every option the
// rule builds of the game itself passes a tuple literal of k elements in
// parameter j, the rule is compiled a second time as a hidden game of
// the other parameters and k ints in p's place (p written as the tuple
// of them, (p₀, p₁)[0] read as p₀, q((E0, E1)) as the hidden game of E0
// and E1): the hidden game is the same game (its rule is q's with p
// bound to the same tuple), its positions have packed keys and dense
// tables, and its rule reaches the fast loops as if it had been written
// with k int parameters. The engine computes a position of q whose
// argument j is a tuple of k ints as that of the hidden game (solve and
// the search's visit, engine.go); anything else stays with q's own rule.
// Values of the hidden game never reach a program: it is only ever asked
// for SG values (moves, winning, printing and errors see q).

// flatNames are the hidden game's parameters for p (not names a program
// can write).
func flatNames(p string, k int) []string {
	out := make([]string, k)
	for i := range out {
		out[i] = fmt.Sprintf("%s%s#%d", resolve.HiddenPrefix, p, i)
	}
	return out
}

// Shape is what a parameter always is in a game's options: a tuple (or
// a list) of K ints.
type Shape struct {
	K    int
	List bool
}

// TupleParam returns the shape of parameter j (named p) of game d (of n
// parameters) when every option of d that is a position of d itself (a
// part of a sum, or the option) passes in that place a tuple or list
// literal of K elements, or update(p, I, V) with I an int literal below
// K (a copy of p, of its shape), all of one kind, and there is at least
// one. K is the literals' length, or with updates alone one more than the
// largest literal index of p the rule reads or updates (and the kind a
// list). The zero shape otherwise. p must not be bound again by a for
// clause.
func TupleParam(r *resolve.Resolver, d *lang.GameStmt, p string, j, n int) Shape {
	var sh Shape
	lits, upds, top := 0, 0, int64(-1)
	for _, a := range d.Alts {
		alt := a.(*lang.Alt)
		yielded := yieldedNames(r, alt)
		for _, cl := range alt.Clauses {
			if f, ok := cl.(*lang.ForClause); ok {
				for _, t := range f.Target.Names {
					if t.Name == p || t.Name == d.Name.Name {
						return Shape{}
					}
				}
			}
		}
		lang.Inspect(alt.Body, func(x lang.Expr) bool { top = max(top, constIndex(r, x, p)); return true })
		lang.InspectClauses(alt.Clauses, func(x lang.Expr) bool { top = max(top, constIndex(r, x, p)); return true })
		for _, t := range sumTerms(alt.Body) {
			call, ok := t.(*lang.Call)
			if !ok {
				continue
			}
			if w := WrapperCall(r, call); w != nil {
				call = w
			}
			id, ok := call.Fn.(*lang.Ident)
			if !ok || id.Name != d.Name.Name {
				continue
			}
			if len(call.Args) != n {
				return Shape{}
			}
			switch x := call.Args[j].(type) {
			case *lang.TupleLit:
				if lits > 0 && (sh.List || len(x.Elems) != sh.K) {
					return Shape{}
				}
				sh, lits = Shape{K: len(x.Elems)}, lits+1
			case *lang.ListLit:
				if lits > 0 && (!sh.List || len(x.Elems) != sh.K) {
					return Shape{}
				}
				sh, lits = Shape{K: len(x.Elems), List: true}, lits+1
			case *lang.Ident:
				// (A name bound by a for clause over a def's tuples.)
				k := yielded[x.Name]
				if k == 0 || lits > 0 && (sh.List || k != sh.K) {
					return Shape{}
				}
				sh, lits = Shape{K: k}, lits+1
			default:
				if _, ok := updateOf(r, x, p); !ok {
					return Shape{}
				}
				upds++
			}
		}
	}
	if lits == 0 && upds > 0 {
		sh = Shape{K: int(top) + 1, List: true}
	}
	if upds > 0 && top >= int64(sh.K) {
		return Shape{}
	}
	return sh
}

// yieldedNames is the names alt binds once, by a for clause over a call
// of TupleYields, with the tuples' length.
func yieldedNames(r *resolve.Resolver, alt *lang.Alt) map[string]int {
	out, bound := map[string]int{}, map[string]int{}
	for _, cl := range alt.Clauses {
		if f, ok := cl.(*lang.ForClause); ok {
			for _, t := range f.Target.Names {
				bound[t.Name]++
			}
			if !f.Target.Tuple {
				if k := TupleYields(r, f.Iter); k > 0 {
					out[f.Target.Names[0].Name] = k
				}
			}
		}
	}
	for n := range out {
		if bound[n] != 1 {
			delete(out, n)
		}
	}
	return out
}

// TupleYields is k when e is a call of a def whose body is a list or set
// comprehension, or a concatenation or union of them, each of whose
// elements is a tuple literal of k >= 2 elements (the def as declared:
// what the planner's deforestation reads too), else 0. A name bound to
// one of its elements is such a tuple.
func TupleYields(r *resolve.Resolver, e lang.Expr) int {
	call, ok := e.(*lang.Call)
	if !ok {
		return 0
	}
	id, ok := call.Fn.(*lang.Ident)
	if !ok {
		return 0
	}
	b := r.Lookup(id)
	if b == nil || b.Kind != resolve.Def || b.Fn == nil || b.Fn.Decl == nil || len(lang.ParamNames(b.Fn.Decl.Params)) != len(call.Args) {
		return 0
	}
	var k func(x lang.Expr) int
	k = func(x lang.Expr) int {
		switch x := x.(type) {
		case *lang.Binary:
			if x.Op != lang.OpAdd && x.Op != lang.OpBitOr {
				return 0
			}
			if a := k(x.X); a > 0 && k(x.Y) == a {
				return a
			}
		case *lang.Comp:
			if t, ok := x.Body.(*lang.TupleLit); ok && (x.Kind == lang.ListComp || x.Kind == lang.SetComp) && len(t.Elems) >= 2 {
				return len(t.Elems)
			}
		}
		return 0
	}
	return k(b.Fn.Decl.Body)
}

// updateOf returns I when e is update(p, I, V) of the built-in that
// updates, I an int literal.
func updateOf(r *resolve.Resolver, e lang.Expr, p string) (int64, bool) {
	call, ok := e.(*lang.Call)
	if !ok || len(call.Args) != 3 {
		return 0, false
	}
	fn, ok1 := call.Fn.(*lang.Ident)
	x, ok2 := call.Args[0].(*lang.Ident)
	i, ok3 := call.Args[1].(*lang.IntLit)
	if !ok1 || !ok2 || !ok3 || x.Name != p || i.Val < 0 {
		return 0, false
	}
	b := r.Binding(fn)
	if b == nil || b.Kind != resolve.Builtin || b.Bi == nil || !b.Bi.Updates {
		return 0, false
	}
	return i.Val, true
}

// constIndex is I for p[I] and update(p, I, V) with I an int literal, -1
// for other expressions.
func constIndex(r *resolve.Resolver, e lang.Expr, p string) int64 {
	if ix, ok := e.(*lang.Index); ok {
		if id, ok := ix.X.(*lang.Ident); ok && id.Name == p {
			if i, ok := ix.Index.(*lang.IntLit); ok {
				return i.Val
			}
		}
	}
	if i, ok := updateOf(r, e, p); ok {
		return i
	}
	return -1
}

// sumTerms lists the parts of a sum written with +.
func sumTerms(e lang.Expr) []lang.Expr {
	if b, ok := e.(*lang.Binary); ok && b.Op == lang.OpAdd {
		return append(sumTerms(b.X), sumTerms(b.Y)...)
	}
	return []lang.Expr{e}
}

// FlatDecl writes the hidden game's declaration: parameter j of d as k
// parameters, p as the tuple of them, d's own positions in option places
// as positions of the hidden game (named hidden, declared by hd). nil
// when p is used where the rewrite does not look (a comprehension inside
// the rule). Its new parameters are new declarations; its other names
// mean what they mean in d.
func FlatDecl(r *resolve.Resolver, d *lang.GameStmt, j int, sh Shape, hidden string, hd *resolve.Decl) *lang.GameStmt {
	k := sh.K
	params := lang.ParamNames(d.Params)
	p := params[j]
	names := flatNames(p.Name, k)
	var ps []*lang.Name
	ps = append(ps, params[:j]...)
	decls := make([]*resolve.Decl, k)
	for i, n := range names {
		decls[i] = resolve.NewLocal(n, p.Pos)
		ps = append(ps, &lang.Name{Pos: p.Pos, Name: n, Bind: decls[i]})
	}
	ps = append(ps, params[j+1:]...)
	rw := &tupleRewrite{r: r, p: p.Name, names: names, decls: decls, game: d.Name.Name, hidden: hidden, hd: hd, j: j, list: sh.List}
	out := &lang.GameStmt{Pos: d.Pos, Name: d.Name, Params: &lang.Params{Names: ps}}
	for _, a := range d.Alts {
		alt := a.(*lang.Alt)
		rw.yielded = yieldedNames(r, alt)
		na := &lang.Alt{Pos: alt.Pos, Body: rw.body(alt.Body)}
		for _, cl := range alt.Clauses {
			switch cl := cl.(type) {
			case *lang.ForClause:
				na.Clauses = append(na.Clauses, &lang.ForClause{Pos: cl.Pos, Target: cl.Target, Iter: rw.expr(cl.Iter)})
			case *lang.IfClause:
				na.Clauses = append(na.Clauses, &lang.IfClause{Pos: cl.Pos, Cond: rw.expr(cl.Cond)})
			}
		}
		if rw.failed {
			return nil
		}
		out.Alts = append(out.Alts, na)
	}
	return out
}

// tupleRewrite writes p as the tuple of its names.
type tupleRewrite struct {
	r               *resolve.Resolver
	p, game, hidden string
	list            bool // p is a list (not a tuple)
	names           []string
	decls           []*resolve.Decl // of names
	hd              *resolve.Decl   // the hidden game's
	j               int
	failed          bool
	// yielded: the names the alternative being rewritten binds to the
	// tuples of a def (TupleYields), with their length.
	yielded map[string]int
}

// body rewrites an option: its parts that are positions of the game with
// a tuple literal as argument j become positions of the hidden game.
func (rw *tupleRewrite) body(e lang.Expr) lang.Expr {
	switch e := e.(type) {
	case *lang.Binary:
		if e.Op == lang.OpAdd {
			return &lang.Binary{Pos: e.Pos, Op: e.Op, X: rw.body(e.X), Y: rw.body(e.Y)}
		}
	case *lang.Call:
		id, ok := e.Fn.(*lang.Ident)
		if !ok || id.Name != rw.game || rw.j >= len(e.Args) {
			break
		}
		elems := rw.elems(e.Args[rw.j])
		if elems == nil {
			break
		}
		var args []lang.Expr
		for _, a := range e.Args[:rw.j] {
			args = append(args, rw.expr(a))
		}
		args = append(args, elems...)
		for _, a := range e.Args[rw.j+1:] {
			args = append(args, rw.expr(a))
		}
		return &lang.Call{Pos: e.Pos, Fn: &lang.Ident{Pos: id.Pos, Name: rw.hidden, Bind: rw.hd}, Lparen: e.Lparen, Args: args, Site: e.Site}
	}
	return rw.expr(e)
}

// expr writes p as the tuple of its names in e, and a literal index of
// that tuple as the name.
func (rw *tupleRewrite) expr(e lang.Expr) lang.Expr {
	if !resolve.Mentions(e, rw.p) {
		return e
	}
	switch e := e.(type) {
	case *lang.Ident:
		elems := make([]lang.Expr, len(rw.names))
		for i, n := range rw.names {
			elems[i] = &lang.Ident{Pos: e.Pos, Name: n, Bind: rw.decls[i]}
		}
		if rw.list {
			return &lang.ListLit{Pos: e.Pos, Elems: elems}
		}
		return &lang.TupleLit{Pos: e.Pos, Elems: elems}
	case *lang.Unary:
		return &lang.Unary{Pos: e.Pos, Op: e.Op, X: rw.expr(e.X)}
	case *lang.Binary:
		return &lang.Binary{Pos: e.Pos, Op: e.Op, X: rw.expr(e.X), Y: rw.expr(e.Y)}
	case *lang.IfExpr:
		return &lang.IfExpr{Pos: e.Pos, Cond: rw.expr(e.Cond), Then: rw.expr(e.Then), Else: rw.expr(e.Else)}
	case *lang.Index:
		x := rw.expr(e.X)
		// (An index of a tuple of names in range is that name: it
		// cannot fail. Others are evaluated as written.)
		if tl := litElems(x); tl != nil {
			if i, ok := e.Index.(*lang.IntLit); ok && i.Val >= 0 && i.Val < int64(len(tl)) {
				if id, ok := tl[i.Val].(*lang.Ident); ok {
					return &lang.Ident{Pos: e.Pos, Name: id.Name, Bind: id.Bind}
				}
			}
		}
		return &lang.Index{Pos: e.Pos, X: x, Index: rw.expr(e.Index)}
	case *lang.Call:
		if _, ok := updateOf(rw.r, e, rw.p); ok {
			// (update(p, I, V), I in range: p's names, V in place I.)
			if elems := rw.elems(e); elems != nil {
				if rw.list {
					return &lang.ListLit{Pos: e.Pos, Elems: elems}
				}
				return &lang.TupleLit{Pos: e.Pos, Elems: elems}
			}
		}
		out := &lang.Call{Pos: e.Pos, Fn: rw.expr(e.Fn), Lparen: e.Lparen, Args: make([]lang.Expr, len(e.Args)), Site: e.Site}
		for i, a := range e.Args {
			out.Args[i] = rw.expr(a)
		}
		return out
	case *lang.TupleLit:
		return &lang.TupleLit{Pos: e.Pos, Elems: rw.exprs(e.Elems)}
	case *lang.ListLit:
		return &lang.ListLit{Pos: e.Pos, Elems: rw.exprs(e.Elems)}
	case *lang.SetLit:
		return &lang.SetLit{Pos: e.Pos, Elems: rw.exprs(e.Elems)}
	}
	rw.failed = true
	return e
}

func (rw *tupleRewrite) exprs(xs []lang.Expr) []lang.Expr {
	out := make([]lang.Expr, len(xs))
	for i, x := range xs {
		out[i] = rw.expr(x)
	}
	return out
}

// elems is the elements of x, a value of p's shape written in an
// option: a literal of its kind and length, or update(p, I, V) with I in
// range (p's names, V in place I), rewritten; nil for anything else.
func (rw *tupleRewrite) elems(x lang.Expr) []lang.Expr {
	switch x := x.(type) {
	case *lang.Ident:
		if rw.yielded[x.Name] != len(rw.names) || rw.list {
			return nil
		}
		out := make([]lang.Expr, len(rw.names))
		for i := range out {
			out[i] = &lang.Index{Pos: x.Pos, X: x, Index: &lang.IntLit{Pos: x.Pos, Val: int64(i)}}
		}
		return out
	case *lang.TupleLit:
		if !rw.list && len(x.Elems) == len(rw.names) {
			return rw.exprs(x.Elems)
		}
	case *lang.ListLit:
		if rw.list && len(x.Elems) == len(rw.names) {
			return rw.exprs(x.Elems)
		}
	case *lang.Call:
		i, ok := updateOf(rw.r, x, rw.p)
		if !ok || i >= int64(len(rw.names)) {
			return nil
		}
		out := make([]lang.Expr, len(rw.names))
		for n, name := range rw.names {
			out[n] = &lang.Ident{Pos: x.Args[0].Position(), Name: name, Bind: rw.decls[n]}
		}
		out[i] = rw.expr(x.Args[2])
		return out
	}
	return nil
}

// litElems is the elements of a tuple or list literal, or nil.
func litElems(x lang.Expr) []lang.Expr {
	switch x := x.(type) {
	case *lang.TupleLit:
		return x.Elems
	case *lang.ListLit:
		return x.Elems
	}
	return nil
}
