package algebra

import (
	"github.com/grundy-lang/grundy/internal/ir"
	"github.com/grundy-lang/grundy/internal/proof"
	"github.com/grundy-lang/grundy/internal/resolve"
	"github.com/grundy-lang/grundy/lang"
)

// Choices writes a generator over a short list put together from
// pieces (a concatenation of lists, a choice between lists, a literal
// whose elements are not all constants, written in place or as the
// bodies of defs) as a choice loop. A newcomer writes the neighbours of
// a cell so:
//
//	def right(i) = if i % W < W - 1 then [i + 1] else []
//	def down(i) = if i / W < H - 1 then [i + W] else []
//	game cram(S) moves cram(S - {i, j}) for i in S for j in right(i) + down(i) if j in S
//
// The generator is a loop over the places of the elements the list may hold, each
// there where the conditions that choose it hold, its value bound by a
// choice on the place:
//
//	range k' = 0 .. 1
//	filter if k' == 0 then i % W < W - 1 else i / W < H - 1
//	bind j = if k' == 0 then i + 1 else i + W
//
// (one element: a filter and a bind, no range). A tuple pattern over
// tuple literals binds each name to the choice of its component. No
// list is built, nor a call made. Exact: the list's elements are, in
// order, the elements whose conditions hold (a concatenation is its
// parts' elements one after the other; a choice the elements of the
// branch its condition picks); every condition and element, and every
// argument of a def called, is proved unable to fail (package proof) and
// gives the same value however often it is evaluated (the code is
// repeatable), so evaluating each where the loop comes to its place,
// not all of them first, yields the same values in the same order, and
// no error. Only in a move rule: a comprehension's generator over a
// literal is read by kernels of its own (package opndmask's Member).
func Choices(env Env, q *ir.Query) *ir.Query {
	if !env.Repeatable || !moveRule(q) {
		return nil // (a comprehension's literal generators are its kernels')
	}
	for i, cl := range q.Clauses {
		el, ok := cl.(*ir.Elems)
		if !ok || !choiceWorth(el.Coll) {
			continue
		}
		sf := env.Safety(q)
		ch := &chooser{env: env, sf: sf}
		ps, _, ok := ch.pieces(el.Coll, nil, 0)
		if !ok || len(ps) == 0 || len(ps) > maxChoices {
			continue
		}
		cls, ok := ch.clauses(el, ps)
		if !ok {
			continue
		}
		out := q.Clone()
		out.Clauses = append(append(out.Clauses[:i:i], cls...), q.Clauses[i+1:]...)
		g, ok := sf.Guard(out)
		if !ok {
			continue
		}
		out.Guard = ir.MergeGuards(q.Guard, g)
		return out
	}
	return nil
}

// maxChoices is the most elements a choice loop chooses among;
// maxChoiceDefs how deep the defs it reads call one another.
const (
	maxChoices    = 8
	maxChoiceDefs = 8
)

// choiceWorth reports whether a generator over coll is one this pass
// makes a choice loop: a concatenation, a choice or a def's call (what
// they are made of is proved by pieces), or a literal with an element
// that is not a constant (a literal of constants is unrolled or sorted
// by the passes for such: Unroll, package plan's constsets.go).
func choiceWorth(coll lang.Expr) bool {
	switch c := coll.(type) {
	case *lang.Binary:
		return c.Op == lang.OpAdd
	case *lang.IfExpr, *lang.Call:
		return true
	case *lang.ListLit, *lang.TupleLit:
		for _, x := range resolve.LiteralElems(c) {
			if !Constant(x) {
				return true
			}
		}
	}
	return false
}

// choicePiece is an element of a list put together from pieces: its value and
// the conditions under which the list holds it (all of them true).
type choicePiece struct {
	conds []lang.Expr
	elem  lang.Expr
}

// chooser reads a generator's collection as pieces.
type chooser struct {
	env Env
	sf  *proof.Prover
}

// seq kinds of pieces: a list, a tuple, or either (a choice of both).
const (
	kindAny = iota
	kindList
	kindTuple
)

// pieces is e's elements as pieces under conds, with the kind of
// sequence e makes, or false where e is not made of literals,
// concatenations, choices and calls of defs of those, each proved unable
// to fail (depth: the defs being read, one in another).
func (ch *chooser) pieces(e lang.Expr, conds []lang.Expr, depth int) ([]choicePiece, int, bool) {
	e = GlobalLit(e)
	switch x := e.(type) {
	case *lang.ListLit, *lang.TupleLit:
		kind := kindList
		if _, ok := x.(*lang.TupleLit); ok {
			kind = kindTuple
		}
		var out []choicePiece
		for _, el := range resolve.LiteralElems(x) {
			if !ch.safeElem(el) {
				return nil, 0, false
			}
			out = append(out, choicePiece{conds: conds, elem: el})
		}
		return out, kind, true
	case *lang.Binary:
		if x.Op != lang.OpAdd {
			return nil, 0, false
		}
		a, ka, ok1 := ch.pieces(x.X, conds, depth)
		b, kb, ok2 := ch.pieces(x.Y, conds, depth)
		// (list + list, tuple + tuple: a kind either way, or a choice
		// of both, could fail.)
		if !ok1 || !ok2 || ka != kb || ka == kindAny {
			return nil, 0, false
		}
		return append(a, b...), ka, true
	case *lang.IfExpr:
		if !ch.sf.Cond(x.Cond) {
			return nil, 0, false
		}
		not := &lang.Unary{Pos: x.Pos, Op: lang.OpNot, X: x.Cond}
		a, ka, ok1 := ch.pieces(x.Then, append(conds[:len(conds):len(conds)], x.Cond), depth)
		b, kb, ok2 := ch.pieces(x.Else, append(conds[:len(conds):len(conds)], not), depth)
		if !ok1 || !ok2 {
			return nil, 0, false
		}
		kind := ka
		if ka != kb {
			kind = kindAny
		}
		return append(a, b...), kind, true
	case *lang.Call:
		fn := proof.HelperDef(ch.env.R, x)
		if fn == nil || depth >= maxChoiceDefs {
			return nil, 0, false
		}
		for _, a := range x.Args {
			if !ch.sf.Arg(a) {
				return nil, 0, false
			}
		}
		body := resolve.Substitute(fn.Decl.Body, resolve.ParamIndex(fn), x.Args, nil)
		return ch.pieces(body, conds, depth+1)
	}
	return nil, 0, false
}

// safeElem reports whether el, an element of a literal, cannot fail: a
// safe int, a tuple of them, or a local's name.
func (ch *chooser) safeElem(el lang.Expr) bool {
	return ch.sf.Arg(el)
}

// clauses are the clauses of the choice loop of el over ps: the range of
// the places (more than one), the filter of their conditions (where one
// has any) and the binds of the pattern's names; false where a tuple
// pattern meets an element that is not a tuple literal of its length.
func (ch *chooser) clauses(el *ir.Elems, ps []choicePiece) ([]ir.Clause, bool) {
	pos := el.Coll.Position()
	var out []ir.Clause
	var k *lang.Ident
	if len(ps) > 1 {
		d := resolve.NewLocal("k'", pos) // (a name no program can write)
		name := &lang.Name{Pos: pos, Name: d.Name, Bind: d}
		k = &lang.Ident{Pos: pos, Name: d.Name, Bind: d}
		out = append(out, &ir.Range{Var: name, Lo: &lang.IntLit{Pos: pos, Val: 0}, Hi: &lang.IntLit{Pos: pos, Val: int64(len(ps) - 1)}, At: el.At, OpPos: pos})
	}
	conds := make([]lang.Expr, len(ps))
	any := false
	for i, p := range ps {
		conds[i] = &lang.BoolLit{Pos: pos, Val: true}
		for j, c := range p.conds {
			if j == 0 {
				conds[i] = c
			} else {
				conds[i] = &lang.Binary{Pos: c.Position(), Op: lang.OpAnd, X: conds[i], Y: c}
			}
			any = true
		}
	}
	if any {
		out = append(out, &ir.Filter{Cond: choose(k, conds, pos), At: el.At})
	}
	if !el.Pat.Tuple {
		elems := make([]lang.Expr, len(ps))
		for i, p := range ps {
			elems[i] = p.elem
		}
		out = append(out, &ir.Bind{Pat: el.Pat, X: choose(k, elems, pos), At: el.At, Lit: pos})
		return out, true
	}
	for m, n := range el.Pat.Names {
		comps := make([]lang.Expr, len(ps))
		for i, p := range ps {
			t, ok := p.elem.(*lang.TupleLit)
			if !ok || len(t.Elems) != len(el.Pat.Names) {
				return nil, false
			}
			comps[i] = t.Elems[m]
		}
		if n == nil {
			continue
		}
		out = append(out, &ir.Bind{Pat: &lang.Pattern{Pos: n.Pos, Names: []*lang.Name{n}}, X: choose(k, comps, pos), At: el.At, Lit: pos})
	}
	return out, true
}

// choose is the choice of xs by place k: `if k == 0 then xs[0] else if
// k == 1 then xs[1] ... else xs[n - 1]` (xs[0] for one).
func choose(k *lang.Ident, xs []lang.Expr, pos lang.Pos) lang.Expr {
	out := xs[len(xs)-1]
	for i := len(xs) - 2; i >= 0; i-- {
		is := &lang.Binary{Pos: pos, Op: lang.OpEq, X: k, Y: &lang.IntLit{Pos: pos, Val: int64(i)}}
		out = &lang.IfExpr{Pos: pos, Cond: is, Then: xs[i], Else: out}
	}
	return out
}
