package algebra

import (
	"github.com/grundy-lang/grundy/internal/ir"
	"github.com/grundy-lang/grundy/internal/resolve"
	"github.com/grundy-lang/grundy/lang"
)

// Rules that turn a value built only to be read once into a choice
// between its parts (each exact where it applies; rules.go runs them).

// maxConcatLit bounds the elements of a literal part of a concatenation
// that concatIndex writes as a choice (one comparison an element).
const maxConcatLit = 4

// concatIndex: an index of a concatenation of list literals and lists
// from outside the query (list roots), `([0] + b + [0])[i]`, is a choice
// on i against the parts' lengths: the element of the part i falls in,
// no list made,
//
//	if i < 1 then 0 else if i < 1 + len(b) then b[i - 1] else 0
//
// where the concatenation cannot fail to build (package proof: the
// guard says each root is a list of ints, each literal's elements are
// safe ints), i is a safe int and i is proved in range, at least 0 and
// below the sum of the lengths (then the last part is its else). Where
// i is not proved in range, the choice tests 0 <= i first and the
// concatenation as written, indexed, is the last else: its error, at
// its position, where i is out of range. Exact: building the parts,
// evaluating i and reading an element in range cannot fail, and the
// element is the one the concatenation has at i.
func concatIndex(c *ctx, e lang.Expr) lang.Expr {
	x, ok := e.(*lang.Index)
	if !ok || c.env.AsWritten[x.Pos] {
		return nil
	}
	cat, ok := x.X.(*lang.Binary)
	if !ok || cat.Op != lang.OpAdd {
		return nil
	}
	parts := concatParts(x.X, nil)
	if len(parts) < 2 || len(parts) > 8 {
		return nil
	}
	lenBi := c.env.R.Reg.Builtin("len")
	if lenBi == nil {
		return nil
	}
	var roots []*lang.Ident
	for _, p := range parts {
		switch p := p.(type) {
		case *lang.ListLit:
			if len(p.Elems) > maxConcatLit {
				return nil
			}
		case *lang.Ident:
			roots = append(roots, p)
		default:
			return nil
		}
	}
	if !c.sf.ListArg(x.X) {
		return nil
	}
	if _, ok := c.sf.Int(x.Index); !ok {
		return nil
	}
	pos := x.Pos
	lit := func(v int64) lang.Expr { return &lang.IntLit{Pos: pos, Val: v} }
	i := x.Index
	// The offset of each part: a constant plus the lengths of the roots
	// before it.
	var off lang.Expr = lit(0)
	k := int64(0)
	plus := func(a lang.Expr, n lang.Expr) lang.Expr {
		return &lang.Binary{Pos: pos, Op: lang.OpAdd, X: a, Y: n}
	}
	minus := func(a, n lang.Expr) lang.Expr {
		v, ok := n.(*lang.IntLit)
		if ok && v.Val == 0 {
			return a
		}
		// (i + 2 - 1: i + 1.)
		if s, isSum := a.(*lang.Binary); ok && isSum && s.Op == lang.OpAdd {
			if w, isLit := s.Y.(*lang.IntLit); isLit && w.Val >= v.Val {
				if w.Val == v.Val {
					return s.X
				}
				return &lang.Binary{Pos: s.Pos, Op: lang.OpAdd, X: s.X, Y: lit(w.Val - v.Val)}
			}
		}
		return &lang.Binary{Pos: pos, Op: lang.OpSub, X: a, Y: n}
	}
	offAt := func() lang.Expr {
		if k == 0 {
			return off
		}
		if v, ok := off.(*lang.IntLit); ok && v.Val == 0 {
			return lit(k)
		}
		return plus(off, lit(k))
	}
	type arm struct {
		below lang.Expr // i < below: this part (nil: the last)
		val   lang.Expr
	}
	var arms []arm
	for _, p := range parts {
		switch p := p.(type) {
		case *lang.ListLit:
			for _, el := range p.Elems {
				k++
				arms = append(arms, arm{offAt(), el})
			}
		case *lang.Ident:
			start := offAt()
			ln := &lang.Call{Pos: pos, Fn: &lang.Ident{Pos: pos, Name: "len", Bind: &resolve.Decl{Name: "len", Kind: resolve.Builtin, Bi: lenBi}}, Lparen: pos, Args: []lang.Expr{p}}
			if v, ok := off.(*lang.IntLit); ok && v.Val == 0 {
				off = ln
			} else {
				off = plus(off, ln)
			}
			arms = append(arms, arm{offAt(), &lang.Index{Pos: pos, X: p, Index: minus(i, start)}})
		}
	}
	// In range: at least 0 and below the whole length (one root's
	// and k more).
	var lo, hi bool
	if len(roots) == 1 {
		lo, hi = c.sf.IndexWithin(i, roots[0], k)
	}
	var out lang.Expr
	if lo && hi {
		out = arms[len(arms)-1].val
		arms = arms[:len(arms)-1]
	} else {
		if c.env.AsWritten == nil {
			return nil
		}
		out = x
		c.env.AsWritten[x.Pos] = true
	}
	var root *lang.Ident
	if len(roots) == 1 {
		root = roots[0]
	}
	for j := len(arms) - 1; j >= 0; j-- {
		// (A part i never falls in, or always does before the
		// next: no test.)
		switch v, known := c.sf.Decide(lang.OpLt, i, arms[j].below, root); {
		case !known:
			out = &lang.IfExpr{Pos: pos, Cond: &lang.Binary{Pos: pos, Op: lang.OpLt, X: i, Y: arms[j].below}, Then: arms[j].val, Else: out}
		case v:
			out = arms[j].val
		}
	}
	if !lo {
		out = &lang.IfExpr{Pos: pos, Cond: &lang.Binary{Pos: pos, Op: lang.OpLt, X: i, Y: lit(0)}, Then: x, Else: out}
	}
	if _, ok := c.sf.Int(out); !ok && lo && hi {
		return nil
	}
	return out
}

// concatParts is the operands of e's top-level `+`s, in order.
func concatParts(e lang.Expr, out []lang.Expr) []lang.Expr {
	if b, ok := e.(*lang.Binary); ok && b.Op == lang.OpAdd {
		return concatParts(b.Y, concatParts(b.X, out))
	}
	return append(out, e)
}

// tupleCompare: `(a, b) == (c, d)` of two tuple literals of one length,
// each element a safe int, is `a == c and b == d` (`!=`: `a != c or b
// != d`): no tuple made. Exact: building them cannot fail, and tuples of
// ints are equal when their elements are.
func tupleCompare(c *ctx, e lang.Expr) lang.Expr {
	b, ok := e.(*lang.Binary)
	if !ok || b.Op != lang.OpEq && b.Op != lang.OpNe {
		return nil
	}
	x, ok1 := b.X.(*lang.TupleLit)
	y, ok2 := b.Y.(*lang.TupleLit)
	if !ok1 || !ok2 || len(x.Elems) != len(y.Elems) || len(x.Elems) == 0 || !c.sf.Cond(e) {
		return nil
	}
	join := lang.OpAnd
	if b.Op == lang.OpNe {
		join = lang.OpOr
	}
	var out lang.Expr
	for i := range x.Elems {
		cmp := &lang.Binary{Pos: b.Pos, Op: b.Op, X: x.Elems[i], Y: y.Elems[i]}
		if out == nil {
			out = cmp
		} else {
			out = &lang.Binary{Pos: b.Pos, Op: join, X: out, Y: cmp}
		}
	}
	return out
}

// distribute: X + (if C then A else B) (and X - ..., and the choice on
// the left of +), X a name or an element read by index, of safe ints is if C then X + A else X + B, where one of the
// choice's values (or of the choices it nests) is 0: `x + d` of a delta
// written as a choice, `c[j] + (if j == i then -m else 0)`, becomes the
// choice of `c[j] - m` and `c[j]`. Exact: nothing of it can fail, and
// each branch computes the same value.
func distribute(c *ctx, e lang.Expr) lang.Expr {
	b, ok := e.(*lang.Binary)
	if !ok || b.Op != lang.OpAdd && b.Op != lang.OpSub {
		return nil
	}
	ch, ok := b.Y.(*lang.IfExpr)
	left, x := !ok, b.X
	if left {
		if ch, ok = b.X.(*lang.IfExpr); !ok {
			return nil
		}
		x = b.Y
	}
	if _, isLit := x.(*lang.IntLit); isLit || left && b.Op != lang.OpAdd || !hasZeroArm(ch) || !operand(x) && !choiceOperand(x) {
		return nil // (only where X + 0 or X - 0 is X then)
	}
	if _, ok := c.sf.Int(e); !ok {
		return nil
	}
	with := func(v lang.Expr) lang.Expr { return &lang.Binary{Pos: b.Pos, Op: b.Op, X: b.X, Y: v} }
	if left {
		return &lang.IfExpr{Pos: ch.Pos, Cond: ch.Cond, Then: &lang.Binary{Pos: b.Pos, Op: b.Op, X: ch.Then, Y: b.Y}, Else: &lang.Binary{Pos: b.Pos, Op: b.Op, X: ch.Else, Y: b.Y}}
	}
	return &lang.IfExpr{Pos: ch.Pos, Cond: ch.Cond, Then: with(ch.Then), Else: with(ch.Else)}
}

// hasZeroArm reports whether a value of choice x, or of a choice it
// nests as a value, is the literal 0.
func hasZeroArm(x *lang.IfExpr) bool {
	for _, v := range []lang.Expr{x.Then, x.Else} {
		if l, ok := v.(*lang.IntLit); ok && l.Val == 0 {
			return true
		}
		if y, ok := v.(*lang.IfExpr); ok && hasZeroArm(y) {
			return true
		}
	}
	return false
}

// choiceOperand reports whether x is a choice between two operands, or
// operands plus or minus an operand (a delta distributed before:
// `(if j == i then c[j] - m else c[j]) + (if j == i - 1 then m else 0)`
// is a choice of three, each written once).
func choiceOperand(x lang.Expr) bool {
	ch, ok := x.(*lang.IfExpr)
	if !ok {
		return false
	}
	for _, v := range []lang.Expr{ch.Then, ch.Else} {
		if b, ok := v.(*lang.Binary); ok && (b.Op == lang.OpAdd || b.Op == lang.OpSub) && operand(b.X) && operand(b.Y) {
			continue
		}
		if !operand(v) {
			return false
		}
	}
	return true
}

// operand reports whether x is a name, a literal or an element read by
// index (what distribute writes in each branch).
func operand(x lang.Expr) bool {
	switch x := x.(type) {
	case *lang.Ident, *lang.IntLit:
		return true
	case *lang.Index:
		return operand(x.X) && operand(x.Index)
	case *lang.Unary:
		return x.Op == lang.OpNeg && operand(x.X)
	case *lang.Binary:
		// (An index: j - 1, j + 1.)
		_, lit := x.Y.(*lang.IntLit)
		return lit && (x.Op == lang.OpAdd || x.Op == lang.OpSub) && operand(x.X)
	}
	return false
}

// choiceDecided: in the then branch of a choice on v == E, a choice on v
// == E + k (k an int literal other than 0, either side of ==) is its
// else branch: `if j == i - 1 then (if j == i then c[j] - m else c[j]) +
// m else ...`, as distribute writes it, is `if j == i - 1 then c[j] + m
// else ...`. Exact: where the outer condition held, the inner one is
// false, and a choice evaluates only the branch it takes (the inner
// condition, not evaluated, could not have failed: its operands are
// those of the outer one and an int literal).
func choiceDecided(c *ctx, e lang.Expr) lang.Expr {
	x, ok := e.(*lang.IfExpr)
	if !ok || !c.env.Repeatable {
		return nil
	}
	v, at, ok := eqOfName(x.Cond)
	if !ok {
		return nil
	}
	then := replaceChoices(x.Then, func(cond lang.Expr) bool {
		w, at2, ok := eqOfName(cond)
		if !ok || !ir.Same(v, w) {
			return false
		}
		k, ok := litOffset(at, at2)
		return ok && k != 0
	})
	if then == x.Then {
		return nil
	}
	return &lang.IfExpr{Pos: x.Pos, Cond: x.Cond, Then: then, Else: x.Else}
}

// eqOfName reads cond as v == E (or E == v), v a name.
func eqOfName(cond lang.Expr) (v, at lang.Expr, ok bool) {
	b, isB := cond.(*lang.Binary)
	if !isB || b.Op != lang.OpEq {
		return nil, nil, false
	}
	if _, isID := b.X.(*lang.Ident); isID {
		return b.X, b.Y, true
	}
	if _, isID := b.Y.(*lang.Ident); isID {
		return b.Y, b.X, true
	}
	return nil, nil, false
}

// litOffset is k where b is a + k, a - k or a itself (k 0), k an int
// literal, and the other way round (-k).
func litOffset(a, b lang.Expr) (int64, bool) {
	if ir.Same(a, b) {
		return 0, true
	}
	off := func(x, y lang.Expr) (int64, bool) {
		bx, ok := y.(*lang.Binary)
		if !ok || bx.Op != lang.OpAdd && bx.Op != lang.OpSub || !ir.Same(bx.X, x) {
			return 0, false
		}
		l, ok := bx.Y.(*lang.IntLit)
		if !ok || l.Val < -(1<<40) || l.Val > 1<<40 {
			return 0, false
		}
		if bx.Op == lang.OpSub {
			return -l.Val, true
		}
		return l.Val, true
	}
	if k, ok := off(a, b); ok {
		return k, true
	}
	if k, ok := off(b, a); ok {
		return -k, true
	}
	return 0, false
}

// replaceChoices is e with each choice whose condition decided reports
// false replaced by its else branch, through + and - and the branches of
// choices (e itself when none is).
func replaceChoices(e lang.Expr, decided func(lang.Expr) bool) lang.Expr {
	switch x := e.(type) {
	case *lang.IfExpr:
		if decided(x.Cond) {
			return replaceChoices(x.Else, decided)
		}
		a, b := replaceChoices(x.Then, decided), replaceChoices(x.Else, decided)
		if a != x.Then || b != x.Else {
			return &lang.IfExpr{Pos: x.Pos, Cond: x.Cond, Then: a, Else: b}
		}
	case *lang.Binary:
		if x.Op != lang.OpAdd && x.Op != lang.OpSub {
			return e
		}
		a, b := replaceChoices(x.X, decided), replaceChoices(x.Y, decided)
		if a != x.X || b != x.Y {
			return &lang.Binary{Pos: x.Pos, Op: x.Op, X: a, Y: b}
		}
	}
	return e
}
