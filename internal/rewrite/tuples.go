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

// TupleParam returns k when every option of game d that is a position of
// d itself (a part of a sum, or the option) passes a tuple literal of k
// elements as argument j of n, and there is at least one; 0 otherwise. p
// must not be bound again by a for clause.
func TupleParam(r *resolve.Resolver, d *lang.GameStmt, p string, j, n int) int {
	k := 0
	for _, a := range d.Alts {
		alt := a.(*lang.Alt)
		for _, cl := range alt.Clauses {
			if f, ok := cl.(*lang.ForClause); ok {
				for _, t := range f.Target.Names {
					if t.Name == p || t.Name == d.Name.Name {
						return 0
					}
				}
			}
		}
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
				return 0
			}
			tl, ok := call.Args[j].(*lang.TupleLit)
			if !ok || k != 0 && len(tl.Elems) != k {
				return 0
			}
			k = len(tl.Elems)
		}
	}
	return k
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
func FlatDecl(d *lang.GameStmt, j, k int, hidden string, hd *resolve.Decl) *lang.GameStmt {
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
	rw := &tupleRewrite{p: p.Name, names: names, decls: decls, game: d.Name.Name, hidden: hidden, hd: hd, j: j}
	out := &lang.GameStmt{Pos: d.Pos, Name: d.Name, Params: &lang.Params{Names: ps}}
	for _, a := range d.Alts {
		alt := a.(*lang.Alt)
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
	p, game, hidden string
	names           []string
	decls           []*resolve.Decl // of names
	hd              *resolve.Decl   // the hidden game's
	j               int
	failed          bool
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
		tl, ok := e.Args[rw.j].(*lang.TupleLit)
		if !ok {
			break
		}
		var args []lang.Expr
		for _, a := range e.Args[:rw.j] {
			args = append(args, rw.expr(a))
		}
		for _, a := range tl.Elems {
			args = append(args, rw.expr(a))
		}
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
		if tl, ok := x.(*lang.TupleLit); ok {
			if i, ok := e.Index.(*lang.IntLit); ok && i.Val >= 0 && i.Val < int64(len(tl.Elems)) {
				if id, ok := tl.Elems[i.Val].(*lang.Ident); ok {
					return &lang.Ident{Pos: e.Pos, Name: id.Name, Bind: id.Bind}
				}
			}
		}
		return &lang.Index{Pos: e.Pos, X: x, Index: rw.expr(e.Index)}
	case *lang.Call:
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
