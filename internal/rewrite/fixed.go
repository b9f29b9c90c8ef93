package rewrite

import (
	"github.com/grundy-lang/grundy/internal/resolve"
	"github.com/grundy-lang/grundy/lang"
)

// Fixed arguments. A game whose rule passes a parameter on unchanged in
// every position of itself it names (resolve.PassedParams),
//
//	game snim(n, S) moves snim(n - s, S) for s in S if s <= n
//
// is a family of games, one per value of S: snim(n, S) for one S is the
// game the rule makes with S a constant. FixDecl writes that game: the
// rule without the fixed parameters, each read of one a read of a cell of
// the session holding its value (a global, as if written with `let`), and
// each position of the game itself a position of the hidden game of the
// other arguments. Package fixargs compiles it for each value asked and
// computes the game's positions in it; the values are the same (it is the
// same rule with the same names bound to the same values), and only SG
// values are asked of it (moves, winning, printing and errors see the
// game).

// FixDecl returns the rule of game d with the parameters j where fixed[j]
// read as the cells cells[j] (declared Global), its positions of itself
// the hidden game hd's (named hidden) of the other arguments. Every
// position of d its rule names must pass the fixed parameters at their
// places (resolve.PassedParams): one that does not is not rewritten, and
// FixDecl returns nil.
func FixDecl(d *lang.GameStmt, fixed []bool, cells []*resolve.Decl, hidden string, hd *resolve.Decl) *lang.GameStmt {
	params := lang.ParamNames(d.Params)
	fx := &fixer{game: resolve.NameDecl(d.Name), fixed: fixed, cells: map[*resolve.Decl]*resolve.Decl{}, hidden: hidden, hd: hd}
	var ps []*lang.Name
	for j, p := range params {
		if !fixed[j] {
			ps = append(ps, p)
			continue
		}
		if pd := resolve.NameDecl(p); pd != nil {
			fx.cells[pd] = cells[j]
			fx.params = append(fx.params, pd)
		}
	}
	if len(fx.params) != countTrue(fixed) || fx.game == nil {
		return nil
	}
	out := &lang.GameStmt{Pos: d.Pos, Name: d.Name, Params: &lang.Params{Names: ps}}
	for _, a := range d.Alts {
		alt := a.(*lang.Alt)
		out.Alts = append(out.Alts, &lang.Alt{Pos: alt.Pos, Body: fx.expr(alt.Body), Clauses: fx.clauses(alt.Clauses)})
	}
	if fx.failed {
		return nil
	}
	return out
}

func countTrue(bs []bool) int {
	n := 0
	for _, b := range bs {
		if b {
			n++
		}
	}
	return n
}

// fixer copies a rule's tree with its fixed parameters read as cells.
type fixer struct {
	game   *resolve.Decl                   // the game's declaration
	fixed  []bool                          // its parameters fixed
	params []*resolve.Decl                 // their declarations
	cells  map[*resolve.Decl]*resolve.Decl // each one's cell
	hidden string
	hd     *resolve.Decl
	failed bool
}

// mentions reports whether e reads a fixed parameter or names the game.
func (fx *fixer) mentions(e lang.Expr) bool {
	found := false
	lang.Inspect(e, func(x lang.Expr) bool {
		if id, ok := x.(*lang.Ident); ok {
			if d := resolve.Of(id); d != nil && (d == fx.game || fx.cells[d] != nil) {
				found = true
			}
		}
		return !found
	})
	return found
}

func (fx *fixer) clauses(cs []lang.Clause) []lang.Clause {
	out := make([]lang.Clause, len(cs))
	for i, c := range cs {
		switch c := c.(type) {
		case *lang.ForClause:
			out[i] = &lang.ForClause{Pos: c.Pos, Target: c.Target, Iter: fx.expr(c.Iter)}
		case *lang.IfClause:
			out[i] = &lang.IfClause{Pos: c.Pos, Cond: fx.expr(c.Cond)}
		default:
			fx.failed = true
			out[i] = c
		}
	}
	return out
}

func (fx *fixer) exprs(xs []lang.Expr) []lang.Expr {
	out := make([]lang.Expr, len(xs))
	for i, x := range xs {
		out[i] = fx.expr(x)
	}
	return out
}

// expr copies e with the fixed parameters read as their cells and the
// game's positions as the hidden game's; a subtree that mentions neither
// is kept as it is.
func (fx *fixer) expr(e lang.Expr) lang.Expr {
	if e == nil || !fx.mentions(e) {
		return e
	}
	switch e := e.(type) {
	case *lang.Ident:
		d := resolve.Of(e)
		if c := fx.cells[d]; c != nil {
			return &lang.Ident{Pos: e.Pos, Name: e.Name, Bind: c}
		}
		// (The game's name not called: a value of it cannot be made
		// from the hidden game.)
		fx.failed = true
		return e
	case *lang.Call:
		if id, ok := e.Fn.(*lang.Ident); ok && resolve.Of(id) == fx.game {
			return fx.position(e, id)
		}
		return &lang.Call{Pos: e.Pos, Fn: fx.expr(e.Fn), Lparen: e.Lparen, Args: fx.exprs(e.Args), Site: e.Site}
	case *lang.ListLit:
		return &lang.ListLit{Pos: e.Pos, Elems: fx.exprs(e.Elems)}
	case *lang.SetLit:
		return &lang.SetLit{Pos: e.Pos, Elems: fx.exprs(e.Elems)}
	case *lang.TupleLit:
		return &lang.TupleLit{Pos: e.Pos, Elems: fx.exprs(e.Elems)}
	case *lang.MapLit:
		return &lang.MapLit{Pos: e.Pos, Keys: fx.exprs(e.Keys), Vals: fx.exprs(e.Vals)}
	case *lang.Comp:
		return &lang.Comp{Pos: e.Pos, Kind: e.Kind, Key: fx.expr(e.Key), Body: fx.expr(e.Body), Clauses: fx.clauses(e.Clauses)}
	case *lang.SumOf:
		return &lang.SumOf{Pos: e.Pos, Items: fx.exprs(e.Items)}
	case *lang.IfExpr:
		return &lang.IfExpr{Pos: e.Pos, Cond: fx.expr(e.Cond), Then: fx.expr(e.Then), Else: fx.expr(e.Else)}
	case *lang.Binary:
		return &lang.Binary{Pos: e.Pos, Op: e.Op, X: fx.expr(e.X), Y: fx.expr(e.Y)}
	case *lang.Chain:
		steps := make([]lang.Step, len(e.Steps))
		for i, st := range e.Steps {
			steps[i] = lang.Step{Pos: st.Pos, Op: st.Op, Y: fx.expr(st.Y)}
		}
		return &lang.Chain{Pos: e.Pos, X: fx.expr(e.X), Steps: steps}
	case *lang.Unary:
		return &lang.Unary{Pos: e.Pos, Op: e.Op, X: fx.expr(e.X)}
	case *lang.Index:
		return &lang.Index{Pos: e.Pos, X: fx.expr(e.X), Index: fx.expr(e.Index)}
	case *lang.Slice:
		return &lang.Slice{Pos: e.Pos, X: fx.expr(e.X), Lo: fx.expr(e.Lo), Hi: fx.expr(e.Hi)}
	}
	fx.failed = true
	return e
}

// position rewrites a position of the game itself, e (its name id), as
// the hidden game's of its arguments but the fixed ones, which must be
// the parameters themselves.
func (fx *fixer) position(e *lang.Call, id *lang.Ident) lang.Expr {
	if len(e.Args) != len(fx.fixed) {
		fx.failed = true
		return e
	}
	var args []lang.Expr
	for j, a := range e.Args {
		if !fx.fixed[j] {
			args = append(args, fx.expr(a))
			continue
		}
		if aid, ok := a.(*lang.Ident); !ok || fx.cells[resolve.Of(aid)] == nil || resolve.Of(aid) != fx.paramAt(j) {
			fx.failed = true
		}
	}
	return &lang.Call{Pos: e.Pos, Fn: &lang.Ident{Pos: id.Pos, Name: fx.hidden, Bind: fx.hd}, Lparen: e.Lparen, Args: args, Site: e.Site}
}

// paramAt is the declaration of fixed parameter j.
func (fx *fixer) paramAt(j int) *resolve.Decl {
	k := 0
	for i := range j {
		if fx.fixed[i] {
			k++
		}
	}
	return fx.params[k]
}
