package algebra

import (
	"github.com/grundy-lang/grundy/internal/ir"
	"github.com/grundy-lang/grundy/internal/resolve"
	"github.com/grundy-lang/grundy/lang"
)

// A quantified comparison against a range's variable p is a bound on p:
// all([E < p for ...]) holds where p is above every E, that is where
// p > max(the Es), and where there is no E at all. The sentinel s, an
// element added to the Es, makes the empty case come out right for
// every p of its range lo .. hi:
//
//	all([E < p ...])   p > max([E ...] + [lo - 1])    all([E > p ...])   p < min([E ...] + [hi + 1])
//	all([E <= p ...])  p >= max([E ...] + [lo])       all([E >= p ...])  p <= min([E ...] + [hi])
//	any([E < p ...])   p > min([E ...] + [hi])        any([E > p ...])   p < max([E ...] + [lo])
//	any([E <= p ...])  p >= min([E ...] + [hi + 1])   any([E >= p ...])  p <= max([E ...] + [lo - 1])
//
// (p OP E is E OP' p flipped.) A bound that does not read p is what the
// bounds pass (package plan) turns into the range's end, computed once
// for the range instead of a loop for each p. Exact where it applies:
// the comprehension's clauses and E are proved unable to fail (and E an
// int), so neither form can fail and both are the same bool; the range's
// end, read again, reads what it read (nothing between binds its names)
// and cannot fail.
type quantBound struct {
	isMax bool // the bound is the max of the Es (else their min)
	hi    bool // the sentinel is from the range's hi (else its lo)
	d     int64
}

// quantBounds maps all/any and E's comparison with p (E OP p) to the
// bound p is compared with, by the same OP flipped (p OP' bound).
var quantBounds = map[bool]map[lang.Op]quantBound{
	true: { // all
		lang.OpLt: {isMax: true, d: -1},
		lang.OpLe: {isMax: true},
		lang.OpGt: {hi: true, d: 1},
		lang.OpGe: {hi: true},
	},
	false: { // any
		lang.OpLt: {hi: true},
		lang.OpLe: {hi: true, d: 1},
		lang.OpGt: {isMax: true},
		lang.OpGe: {isMax: true, d: -1},
	},
}

// quantifiedBound: all([E OP p for ...]) and any(...) of a list
// comprehension whose clauses and E do not read p, a range's variable
// of the query, as a comparison of p with the max or min of the Es.
//
// A call of a def whose body is such a quantifier, with arguments that
// cannot fail, is its body with the parameters written as them.
func quantifiedBound(c *ctx, e lang.Expr) lang.Expr {
	call, ok := c.inlined(e).(*lang.Call)
	if !ok || len(call.Args) != 1 {
		return nil
	}
	bi := c.env.R.BuiltinCallee(call)
	if bi == nil || bi.BName != "all" && bi.BName != "any" {
		return nil
	}
	comp, ok := call.Args[0].(*lang.Comp)
	if !ok || comp.Kind != lang.ListComp || len(comp.Clauses) == 0 {
		return nil
	}
	cmp, ok := comp.Body.(*lang.Binary)
	if !ok || !cmp.Op.Ordering() {
		return nil
	}
	r, pv, op, x := c.rangeVarCompared(cmp)
	if r == nil {
		return nil
	}
	es := &lang.Comp{Pos: comp.Pos, Kind: lang.ListComp, Body: x, Clauses: comp.Clauses}
	if ir.MentionsDecl(es, resolve.NameDecl(r.Var)) {
		return nil
	}
	qb := quantBounds[bi.BName == "all"][op]
	end := r.Lo
	if qb.hi {
		end = r.Hi
	}
	if !c.unbound(r, end) {
		return nil
	}
	pos := cmp.Pos
	sentinel := end
	if qb.d != 0 {
		sentinel = ir.PlusOne(end, qb.d, pos)
	}
	name := "min"
	if qb.isMax {
		name = "max"
	}
	fold := c.env.R.Reg.Builtin(name)
	if fold == nil {
		return nil
	}
	arg := &lang.Binary{Pos: pos, Op: lang.OpAdd, X: es, Y: &lang.ListLit{Pos: pos, Elems: []lang.Expr{sentinel}}}
	fn := &lang.Ident{Pos: call.Pos, Name: name, Bind: &resolve.Decl{Name: name, Kind: resolve.Builtin, Bi: fold}}
	bound := &lang.Call{Pos: call.Pos, Fn: fn, Lparen: call.Lparen, Args: []lang.Expr{arg}}
	if _, ok := c.sf.Int(bound); !ok {
		return nil
	}
	return &lang.Binary{Pos: pos, Op: op.Flip(), X: pv, Y: bound}
}

// rangeVarCompared reads comparison b as E OP p, p the variable of a
// range clause before the expression being rewritten: that range, OP
// p's name as read, OP and E (nil where it is no such comparison).
func (c *ctx) rangeVarCompared(b *lang.Binary) (*ir.Range, lang.Expr, lang.Op, lang.Expr) {
	for i := len(c.before) - 1; i >= 0; i-- {
		r, ok := c.before[i].(*ir.Range)
		if !ok {
			continue
		}
		p := resolve.NameDecl(r.Var)
		switch {
		case ir.IsVar(b.Y, p) && !ir.MentionsDecl(b.X, p):
			return r, b.Y, b.Op, b.X
		case ir.IsVar(b.X, p) && !ir.MentionsDecl(b.Y, p):
			return r, b.X, b.Op.Flip(), b.Y
		}
	}
	return nil, nil, 0, nil
}

// unbound reports whether end, an end of range r, evaluates where the
// expression being rewritten is to what it did for r: no clause after r
// binds a name it reads, and the session's code is repeatable.
func (c *ctx) unbound(r *ir.Range, end lang.Expr) bool {
	if !c.env.Repeatable {
		return false
	}
	after := false
	for _, cl := range c.before {
		if cl == ir.Clause(r) {
			after = true
			continue
		}
		if !after {
			continue
		}
		for _, n := range cl.Binds() {
			if ir.MentionsDecl(end, resolve.NameDecl(n)) || resolve.Mentions(end, n.Name) {
				return false
			}
		}
	}
	return after
}
