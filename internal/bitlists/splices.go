package bitlists

import (
	"github.com/grundy-lang/grundy/internal/ir"
	"github.com/grundy-lang/grundy/lang"
)

// Splices of several places: a concatenation of slices of one list or
// string X and literals between them, each slice starting where the
// literal before it ends,
//
//	b[:i] + "X" + b[i + 1:i + W] + "X" + b[i + W + 1:]
//
// (a vertical domino of Cram on a board written row after row) is the
// chain of updates at i + t and at i + W + t, each of its literal's
// elements, where the places ascend: X[:I1] + C1 + X[A1:I2] + C2 + ... +
// X[Ak:], each A the I before it plus its literal's length (as affine
// forms of the same names). Exact: where 0 <= I1, each I at least the A
// before it and every place an index of X, the concatenation is X with
// the literals written at those places, which the chain makes; the
// index of a literal after the first is written `if I >= A then I + t
// else -1`, so that where a middle slice would be empty and the
// concatenation shorter, the chain meets an index that is none and
// gives up (the list is built as compiled). Every part is plain
// (evaluating it again gives its value again, and counts no step: Binds.plain).
// X may be a chain itself (chainOf), read the same in every slice, as
// cover1(cover1(b, i), i + W) with def cover1(b, i) = b[:i] + (1,) +
// b[i + 1:] inlined: the links are its chain's, then the splice's. The
// literals are a list's, a string's or a tuple's (then X is one too:
// the chain's kind).
func splices(e lang.Expr, plain func(lang.Expr) bool, chainOf func(lang.Expr) *chain) *chain {
	parts := sumParts(e, nil)
	if len(parts) < 3 || len(parts)%2 == 0 || len(parts) > 2*maxSplices+1 {
		return nil
	}
	first, ok := parts[0].(*lang.Slice)
	if !ok || first.Lo != nil || first.Hi == nil {
		return nil
	}
	x := first.X
	var ch *chain
	if id, ok := x.(*lang.Ident); ok && plain(id) {
		ch = &chain{base: id}
	} else if inner := chainOf(x); inner != nil {
		ch = &chain{base: inner.base, links: append([]link(nil), inner.links...), kind: inner.kind}
	} else {
		return nil
	}
	lits := kindAny // (the literals' kind so far)
	at := first.Hi  // (the place of the literal after it)
	var prevEnd lang.Expr
	for k := 1; k < len(parts); k += 2 {
		elems := litElems(parts[k])
		if elems == nil {
			return nil
		}
		lk := kindList
		if _, ok := parts[k].(*lang.TupleLit); ok {
			lk = kindTuple
		}
		if lits != kindAny && lits != lk {
			return nil // (a list's and a tuple's: an error as written)
		}
		lits = lk
		s, ok := parts[k+1].(*lang.Slice)
		if !ok || !ir.Same(s.X, x) || s.Lo == nil || (s.Hi == nil) != (k+2 == len(parts)) {
			return nil
		}
		pos := lang.Start(at)
		for t, to := range elems {
			place := at
			if t > 0 {
				place = &lang.Binary{Pos: pos, Op: lang.OpAdd, X: at, Y: &lang.IntLit{Pos: pos, Val: int64(t)}}
			}
			if prevEnd != nil {
				place = &lang.IfExpr{Pos: pos, Cond: &lang.Binary{Pos: pos, Op: lang.OpGe, X: at, Y: prevEnd}, Then: place,
					Else: &lang.Unary{Pos: pos, Op: lang.OpNeg, X: &lang.IntLit{Pos: pos, Val: 1}}}
			}
			if !plain(place) || !plain(to) {
				return nil
			}
			ch.links = append(ch.links, link{at: place, to: to})
		}
		end := &lang.Binary{Pos: pos, Op: lang.OpAdd, X: at, Y: &lang.IntLit{Pos: pos, Val: int64(len(elems))}}
		if !sameAffine(s.Lo, end) {
			return nil
		}
		prevEnd, at = s.Lo, s.Hi
	}
	switch {
	case ch.kind == kindAny:
		ch.kind = lits
	case ch.kind != lits:
		return nil // (a tuple's literal in a list, or a list's in a tuple)
	}
	return ch
}

// maxSplices is the most places a splice of several writes.
const maxSplices = 4

// sumParts appends the operands of e's top-level additions, left to
// right, to out.
func sumParts(e lang.Expr, out []lang.Expr) []lang.Expr {
	if b, ok := e.(*lang.Binary); ok && b.Op == lang.OpAdd {
		return sumParts(b.Y, sumParts(b.X, out))
	}
	return append(out, e)
}

// litElems is the elements of a list literal, or the characters of a
// string literal as strings of one character, or a conditional whose
// branches are strings of one character (flip(b[j]) inlined: `if b[j]
// == "H" then "T" else "H"`) as itself; nil for anything else or an
// empty literal.
func litElems(e lang.Expr) []lang.Expr {
	if oneChar(e) {
		if _, ok := e.(*lang.IfExpr); ok {
			return []lang.Expr{e}
		}
	}
	switch e := e.(type) {
	case *lang.ListLit:
		return e.Elems
	case *lang.TupleLit:
		return e.Elems
	case *lang.StrLit:
		var out []lang.Expr
		for t := range len(e.Val) {
			out = append(out, &lang.StrLit{Pos: e.Pos, Val: e.Val[t : t+1]})
		}
		return out
	}
	return nil
}

// sameAffine reports whether a and b are the same affine form of the
// same names.
func sameAffine(a, b lang.Expr) bool {
	all := func(*lang.Ident) bool { return true }
	x, ok1 := ir.AffineOf(a, all)
	y, ok2 := ir.AffineOf(b, all)
	if !ok1 || !ok2 {
		return false
	}
	d, ok := x.Add(y, -1)
	return ok && d.Const == 0 && len(d.Coef) == 0
}

// oneChar reports whether e is a string of one character wherever it
// evaluates: such a literal, or a conditional of such.
func oneChar(e lang.Expr) bool {
	switch e := e.(type) {
	case *lang.StrLit:
		return len(e.Val) == 1
	case *lang.IfExpr:
		return oneChar(e.Then) && oneChar(e.Else)
	}
	return false
}
