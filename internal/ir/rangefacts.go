package ir

import (
	"github.com/grundy-lang/grundy/internal/resolve"
	"github.com/grundy-lang/grundy/lang"
)

// ImpliedByRange reports whether comparison c, after the clauses before,
// holds wherever a range among them gives its variable a value: c is L
// >= R (or >, <, <=) where L - R is k - Lo plus a constant at least 0,
// or Hi - k plus such (a sum of terms, each a name or an expression
// compared as written, Alike, times a constant). It says nothing of
// whether c can fail.
func ImpliedByRange(before []Clause, c lang.Expr) bool {
	d, m, ok := atLeast(c)
	if !ok {
		return false
	}
	for _, cl := range before {
		r, ok := cl.(*Range)
		if !ok {
			continue
		}
		k := sum{terms: []term{{1, &lang.Ident{Name: r.Var.Name, Bind: r.Var.Bind}}}}
		lo, ok1 := sumOf(r.Lo)
		hi, ok2 := sumOf(r.Hi)
		for _, held := range []struct {
			s  sum
			ok bool
		}{{k.add(lo, -1), ok1}, {hi.add(k, -1), ok2}} {
			// (d = held + c, held >= 0: d >= c.)
			if c, isC := d.add(held.s, -1).constant(); held.ok && isC && c >= m {
				return true
			}
		}
	}
	return false
}

// atLeast writes comparison c as d >= m.
func atLeast(c lang.Expr) (d sum, m int64, ok bool) {
	b, isB := c.(*lang.Binary)
	if !isB {
		return sum{}, 0, false
	}
	x, ok1 := sumOf(b.X)
	y, ok2 := sumOf(b.Y)
	if !ok1 || !ok2 {
		return sum{}, 0, false
	}
	switch b.Op {
	case lang.OpGe:
		return x.add(y, -1), 0, true
	case lang.OpGt:
		return x.add(y, -1), 1, true
	case lang.OpLe:
		return y.add(x, -1), 0, true
	case lang.OpLt:
		return y.add(x, -1), 1, true
	}
	return sum{}, 0, false
}

// sum is an int expression as a sum of terms and a constant.
type sum struct {
	terms []term
	c     int64
}

// term is k times x, a name or an expression that is not a sum, a
// difference, a negation, a product by a constant or an int literal.
type term struct {
	k int64
	x lang.Expr
}

// sumMax bounds the coefficients and constants of a sum (no overflow).
const sumMax = 1 << 40

// sumOf writes e as a sum, or false where a coefficient or the constant
// grows past sumMax.
func sumOf(e lang.Expr) (sum, bool) {
	switch e := e.(type) {
	case *lang.IntLit:
		return sum{c: e.Val}, e.Val < sumMax && e.Val > -sumMax
	case *lang.Unary:
		if e.Op == lang.OpNeg {
			x, ok := sumOf(e.X)
			return x.scale(-1), ok
		}
	case *lang.Binary:
		switch e.Op {
		case lang.OpAdd, lang.OpSub:
			x, ok1 := sumOf(e.X)
			y, ok2 := sumOf(e.Y)
			s := int64(1)
			if e.Op == lang.OpSub {
				s = -1
			}
			out := x.add(y, s)
			return out, ok1 && ok2 && out.small()
		case lang.OpMul:
			for _, p := range [][2]lang.Expr{{e.X, e.Y}, {e.Y, e.X}} {
				if k, ok := p[0].(*lang.IntLit); ok && k.Val < sumMax && k.Val > -sumMax {
					x, ok := sumOf(p[1])
					out := x.scale(k.Val)
					return out, ok && out.small()
				}
			}
		}
	}
	return sum{terms: []term{{1, e}}}, true
}

// small reports whether a's coefficients and constant are below sumMax.
func (a sum) small() bool {
	for _, t := range a.terms {
		if t.k >= sumMax || t.k <= -sumMax {
			return false
		}
	}
	return a.c < sumMax && a.c > -sumMax
}

// scale is k times a (|k|, a's numbers below sumMax: no overflow).
func (a sum) scale(k int64) sum {
	out := sum{c: a.c * k}
	for _, t := range a.terms {
		if t.k*k != 0 {
			out.terms = append(out.terms, term{t.k * k, t.x})
		}
	}
	return out
}

// add is a + s*b (s is 1 or -1), the terms alike merged.
func (a sum) add(b sum, s int64) sum {
	out := sum{terms: append([]term(nil), a.terms...), c: a.c + s*b.c}
	for _, t := range b.terms {
		merged := false
		for i := range out.terms {
			if sameAtom(out.terms[i].x, t.x) {
				out.terms[i].k += s * t.k
				merged = true
				break
			}
		}
		if !merged {
			out.terms = append(out.terms, term{s * t.k, t.x})
		}
	}
	kept := out.terms[:0]
	for _, t := range out.terms {
		if t.k != 0 {
			kept = append(kept, t)
		}
	}
	out.terms = kept
	return out
}

// constant returns a's constant when it has no terms.
func (a sum) constant() (int64, bool) { return a.c, len(a.terms) == 0 }

// sameAtom reports whether x and y are the same term: one name (its
// declaration), or expressions alike.
func sameAtom(x, y lang.Expr) bool {
	ix, ok1 := x.(*lang.Ident)
	iy, ok2 := y.(*lang.Ident)
	if ok1 || ok2 {
		return ok1 && ok2 && resolve.Of(ix) != nil && resolve.Of(ix) == resolve.Of(iy)
	}
	return Alike(x, y)
}
