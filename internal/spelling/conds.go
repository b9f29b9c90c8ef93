package spelling

import (
	"math/rand/v2"
	"slices"

	"github.com/grundy-lang/grundy/lang"
)

// The condition families: comparisons and conditions spelled another
// way.

// siteExprs returns the sites whose expression ok accepts.
func siteExprs(f *lang.File, ok func(*site) bool) []*site {
	var out []*site
	for _, s := range collect(f).sites {
		if ok(s) {
			out = append(out, s)
		}
	}
	return out
}

func isCmp(e lang.Expr, withIn bool) (*lang.Binary, bool) {
	b, ok := e.(*lang.Binary)
	if !ok || !b.Op.Comparison() {
		return nil, false
	}
	if !withIn && (b.Op == lang.OpIn || b.Op == lang.OpNotIn) {
		return nil, false
	}
	return b, true
}

// cmpFlip: `x <= n` becomes `n >= x` (== and != are symmetric): the same
// test of the same two values (spec.md 8.5); the operands are evaluated
// in the other order, which only changes which error comes first when
// both fail.
func cmpFlip(r *rand.Rand, f *lang.File) bool {
	s, ok := pick(r, siteExprs(f, func(s *site) bool {
		_, ok := isCmp(*s.slot, false)
		return ok
	}))
	if !ok {
		return false
	}
	b := (*s.slot).(*lang.Binary)
	*s.slot = bin(b.Op.Flip(), b.Y, b.X)
	return true
}

// cmpNot: `x <= n` becomes `not (x > n)`, `x == y` `not (x != y)`, and
// back: an ordering that succeeds is total (ints, strings, bools; lists
// and tuples element by element), so exactly one of a comparison and
// its negation holds, and both fail on the same operands (spec.md 7,
// 8.5).
func cmpNot(r *rand.Rand, f *lang.File) bool { return negate(r, f, false) }

// inNot: `x not in S` becomes `not (x in S)`, and `x in S` `not (x not
// in S)`, and back: spec.md 8.13 defines `X not in XS` as `not (X in
// XS)`.
func inNot(r *rand.Rand, f *lang.File) bool { return negate(r, f, true) }

// negate rewrites a comparison (membership when in) as the negation of
// the other one, or back.
func negate(r *rand.Rand, f *lang.File, in bool) bool {
	kind := func(e lang.Expr) bool {
		b, ok := isCmp(e, true)
		return ok && (b.Op == lang.OpIn || b.Op == lang.OpNotIn) == in
	}
	s, ok := pick(r, siteExprs(f, func(s *site) bool {
		if kind(*s.slot) {
			return true
		}
		u, ok := (*s.slot).(*lang.Unary)
		return ok && u.Op == lang.OpNot && kind(u.X)
	}))
	if !ok {
		return false
	}
	if u, ok := (*s.slot).(*lang.Unary); ok {
		b := u.X.(*lang.Binary)
		neg, _ := b.Op.Negate()
		*s.slot = bin(neg, b.X, b.Y)
		return true
	}
	b := (*s.slot).(*lang.Binary)
	neg, _ := b.Op.Negate()
	*s.slot = &lang.Unary{Op: lang.OpNot, X: bin(neg, b.X, b.Y)}
	return true
}

// condIf: where a value must be a bool (an if clause, an assert, the
// condition of an if, an operand of and, or, not), `A and B` becomes
// `if A then B else false`, `A or B` `if A then true else B` and `not A`
// `if A then false else true`, and back. They give the same bool; where
// and/or would fail on an operand that is not a bool, the if gives that
// value to a place that fails on it (spec.md 8.6, 8.8, 8.11).
func condIf(r *rand.Rand, f *lang.File) bool {
	s, ok := pick(r, siteExprs(f, func(s *site) bool {
		return s.cond && condIfForm(*s.slot) != nil
	}))
	if !ok {
		return false
	}
	*s.slot = condIfForm(*s.slot)
	return true
}

// condIfForm returns e's other spelling, or nil.
func condIfForm(e lang.Expr) lang.Expr {
	f, t := &lang.BoolLit{Val: false}, &lang.BoolLit{Val: true}
	switch e := e.(type) {
	case *lang.Binary:
		switch e.Op {
		case lang.OpAnd:
			return &lang.IfExpr{Cond: e.X, Then: e.Y, Else: f}
		case lang.OpOr:
			return &lang.IfExpr{Cond: e.X, Then: t, Else: e.Y}
		}
	case *lang.Unary:
		if e.Op == lang.OpNot {
			return &lang.IfExpr{Cond: e.X, Then: f, Else: t}
		}
	case *lang.IfExpr:
		th, thOK := e.Then.(*lang.BoolLit)
		el, elOK := e.Else.(*lang.BoolLit)
		switch {
		case thOK && elOK && !th.Val && el.Val:
			return &lang.Unary{Op: lang.OpNot, X: e.Cond}
		case elOK && !el.Val:
			return bin(lang.OpAnd, e.Cond, e.Then)
		case thOK && th.Val:
			return bin(lang.OpOr, e.Cond, e.Else)
		}
	}
	return nil
}

// ifSplit: an option with a conditional in it, `E[if C then A else B]`,
// becomes two alternatives, `E[A] ... if C` and `E[B] ... if not C`
// (the clauses of the alternative, then the condition): for each pass
// through the clauses exactly one of them gives an option, the same one
// (spec.md 8.8, 9.1). The conditional must be evaluated whenever the
// option is (not inside and/or or another branch), and the options keep
// their order when the alternative has no for clause (one option at
// most) or nothing shows the order. C not a bool fails both ways.
func ifSplit(r *rand.Rand, f *lang.File) bool {
	free := orderFree(f)
	s, ok := pick(r, siteExprs(f, func(s *site) bool {
		_, isIf := (*s.slot).(*lang.IfExpr)
		if !isIf || !s.always || s.item == nil || s.item.game == nil || s.at != len(*s.item.clauses) {
			return false
		}
		return free || !slices.ContainsFunc(*s.item.clauses, isFor)
	}))
	if !ok {
		return false
	}
	ie := (*s.slot).(*lang.IfExpr)
	it := s.item
	// The other alternative: a copy made with B in the conditional's place.
	*s.slot = ie.Else
	other := &lang.Alt{Body: clone(*it.body), Clauses: append(cloneClauses(*it.clauses), &lang.IfClause{Cond: &lang.Unary{Op: lang.OpNot, X: clone(ie.Cond)}})}
	*s.slot = ie.Then
	*it.clauses = append(*it.clauses, &lang.IfClause{Cond: ie.Cond})
	it.game.Alts = slices.Insert(it.game.Alts, it.alt+1, lang.AltNode(other))
	return true
}
