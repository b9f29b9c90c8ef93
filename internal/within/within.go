// Package within owns the bounds of a query's ints over its clauses:
// whether an affine form of its variables and of the roots of its guard
// stays within the guard (an option's argument within its position's
// bound: the closed games of package plan's unordered consumers), each
// variable replaced by a bound its clause or a filter after it gives.
package within

import (
	"github.com/grundy-lang/grundy/internal/ir"
	"github.com/grundy-lang/grundy/internal/proof"
	"github.com/grundy-lang/grundy/internal/resolve"
	"github.com/grundy-lang/grundy/lang"
)

// Box is what an option's arguments are bounded by: the roots of the
// guard, each at most T in size, and the least element of each global
// collection iterated (Colls: -T, or 0 where the guard asks).
type Box struct {
	Roots map[*resolve.Decl]bool
	T     int64
	Colls map[*resolve.Decl]int64
}

// Within reports whether affine x over q's variables and roots is at
// most T (up) or at least -T (not up) wherever every root is within the
// box (within).
func (bx *Box) Within(q *ir.Query, x ir.Affine, up bool) bool { return bx.within(q, x, up, 0) }

// within reports whether affine x over q's variables and roots is at most
// T (up) or at least -T (not up) wherever every root is at most T in size
// (t: the guard's least bound) and q's clauses bind its variables: each
// variable, the one bound last first, is replaced by one of its bounds
// (a range's end, a literal's least or largest element, a bind's value, a
// filter comparing it), until x is over roots alone: then c + k*r with
// |k| <= 1 and c <= 0 (>= 0), or a constant at most t in size.
func (bx *Box) within(q *ir.Query, x ir.Affine, up bool, depth int) bool {
	roots, t := bx.Roots, bx.T
	v, at := lastVar(q, x)
	if v == nil {
		sum := int64(0)
		for d, k := range x.Coef {
			if !roots[d] {
				return false
			}
			sum += max(k, -k)
		}
		switch {
		case sum == 0:
			return x.Const <= t && x.Const >= -t
		case sum == 1 && up:
			return x.Const <= 0
		case sum == 1:
			return x.Const >= 0
		}
		return false
	}
	if depth >= proof.MaxBoundDepth {
		return false
	}
	k := x.Coef[v]
	// x grows with v when k > 0: an upper bound of v bounds x above.
	upper := up == (k > 0)
	rest := ir.Affine{Coef: map[*resolve.Decl]int64{}, Const: x.Const}
	for d, c := range x.Coef {
		if d != v {
			rest.Coef[d] = c
		}
	}
	// x with v at bound b: within, as v is.
	atBound := func(b ir.Affine) bool {
		kb, ok1 := b.Scale(k)
		y, ok2 := rest.Add(kb, 1)
		return ok1 && ok2 && y.Coef[v] == 0 && bx.within(q, y, up, depth+1)
	}
	for _, b := range bx.varBounds(q, at, v, upper) {
		if atBound(b) {
			return true
		}
	}
	// v at most E / c (c >= 1): at most max(E, 0), so x within where it
	// is at both (at least min(E, 0): the same).
	for _, e := range divBounds(q, at, upper) {
		if atBound(e) && atBound(ir.Affine{}) {
			return true
		}
	}
	return false
}

// divBounds lists E of the range end E / c (c an int literal at least 1)
// of the range clause at (its upper end, or lower), as an affine form.
func divBounds(q *ir.Query, at int, upper bool) []ir.Affine {
	r, ok := q.Clauses[at].(*ir.Range)
	if !ok {
		return nil
	}
	end := r.Lo
	if upper {
		end = r.Hi
	}
	d, ok := end.(*lang.Binary)
	if !ok || d.Op != lang.OpDiv {
		return nil
	}
	if c, ok := proof.IntLit(d.Y); !ok || c < 1 {
		return nil
	}
	e, ok := ir.AffineOf(d.X, func(*lang.Ident) bool { return true })
	if !ok {
		return nil
	}
	return []ir.Affine{e}
}

// lastVar is the variable of x that q binds last (and its clause's
// index), or nil.
func lastVar(q *ir.Query, x ir.Affine) (*resolve.Decl, int) {
	for i := len(q.Clauses) - 1; i >= 0; i-- {
		for _, n := range q.Clauses[i].Binds() {
			if d := resolve.NameDecl(n); d != nil && x.Coef[d] != 0 {
				return d, i
			}
		}
	}
	return nil, -1
}

// varBounds lists upper (or lower) bounds of variable v, bound by clause
// at of q, as affine forms.
func (bx *Box) varBounds(q *ir.Query, at int, v *resolve.Decl, upper bool) []ir.Affine {
	any := func(*lang.Ident) bool { return true }
	var out []ir.Affine
	add := func(e lang.Expr) {
		if a, ok := ir.AffineOf(e, any); ok {
			out = append(out, a)
		}
	}
	switch cl := q.Clauses[at].(type) {
	case *ir.Range:
		end := cl.Lo
		if upper {
			end = cl.Hi
		}
		add(end)
		for _, e := range minMaxArgs(end, upper) {
			add(e) // (min(A, B) is at most A and at most B)
		}
	case *ir.Bind:
		if !cl.Pat.Tuple {
			add(cl.X)
		}
	case *ir.Elems:
		if e := partsEnd(cl.Coll, upper); e != nil {
			add(e)
		}
		if id, ok := cl.Coll.(*lang.Ident); ok && !cl.Pat.Tuple {
			// An element of a global collection: within its guard.
			if lo, isColl := bx.Colls[resolve.Of(id)]; isColl && upper {
				out = append(out, ir.Affine{Const: bx.T})
			} else if isColl {
				out = append(out, ir.Affine{Const: lo})
			}
		}
		if ints, ok := proof.LiteralInts(cl.Coll); ok && len(ints) > 0 && !cl.Pat.Tuple {
			m := ints[0]
			for _, x := range ints {
				if upper && x > m || !upper && x < m {
					m = x
				}
			}
			out = append(out, ir.Affine{Const: m})
		}
	}
	for _, cl := range q.Clauses[at+1:] {
		if f, ok := cl.(*ir.Filter); ok {
			out = append(out, filterBounds(f.Cond, v, upper)...)
		}
	}
	return out
}

// partsEnd is the end (upper, or lower) of the ranges of list
// comprehensions, in place and concatenated, each of which yields its
// range's variable (`[x for x in 0 .. n - 1] + [y for y in 0 .. n - 1]`)
// and whose ends are alike, or nil.
func partsEnd(coll lang.Expr, upper bool) lang.Expr {
	list, set := proof.Comps(coll)
	if len(list) == 0 || set != nil {
		return nil
	}
	var end lang.Expr
	for _, c := range list {
		q := ir.LowerComp(c, ir.ListComp)
		if len(q.Clauses) == 0 {
			return nil
		}
		r, ok := q.Clauses[0].(*ir.Range)
		if !ok || !isVar(q.Yield, resolve.NameDecl(r.Var)) {
			return nil
		}
		for _, f := range q.Clauses[1:] {
			if _, ok := f.(*ir.Filter); !ok {
				return nil
			}
		}
		e := r.Lo
		if upper {
			e = r.Hi
		}
		if end != nil && !ir.Alike(end, e) {
			return nil
		}
		end = e
	}
	return end
}

// minMaxArgs lists the ints e is the least (upper: each is above e) or
// the largest of: the arguments of the built-in min (max), or A and B of
// `if A < B then A else B` (>, as the bounds pass writes them); nil for
// another e.
func minMaxArgs(e lang.Expr, upper bool) []lang.Expr {
	switch e := e.(type) {
	case *lang.Call:
		id, ok := e.Fn.(*lang.Ident)
		if !ok {
			return nil
		}
		if bi := resolve.BuiltinOf(id); bi != nil && !bi.Count && (bi.IntFold < 0) == upper && bi.IntFold != 0 && len(e.Args) >= 2 {
			return e.Args
		}
	case *lang.IfExpr:
		c, ok := e.Cond.(*lang.Binary)
		want := lang.OpGt
		if upper {
			want = lang.OpLt
		}
		if ok && c.Op == want && c.X == e.Then && c.Y == e.Else {
			return []lang.Expr{e.Then, e.Else}
		}
	}
	return nil
}

// filterBounds lists the upper (lower) bounds of v that condition c
// (comparisons, and of them) gives, where v's coefficient is 1 or -1.
func filterBounds(c lang.Expr, v *resolve.Decl, upper bool) []ir.Affine {
	b, ok := c.(*lang.Binary)
	if !ok {
		return nil
	}
	if b.Op == lang.OpAnd {
		return append(filterBounds(b.X, v, upper), filterBounds(b.Y, v, upper)...)
	}
	any := func(*lang.Ident) bool { return true }
	l, ok1 := ir.AffineOf(b.X, any)
	r, ok2 := ir.AffineOf(b.Y, any)
	if !ok1 || !ok2 {
		return nil
	}
	d, ok := l.Add(r, -1) // L - R
	if !ok {
		return nil
	}
	// d OP 0 as d <= hi (hasHi) and d >= lo (hasLo).
	var lo, hi int64
	hasLo, hasHi := false, false
	switch b.Op {
	case lang.OpLe:
		hasHi = true
	case lang.OpLt:
		hi, hasHi = -1, true
	case lang.OpGe:
		hasLo = true
	case lang.OpGt:
		lo, hasLo = 1, true
	case lang.OpEq:
		hasLo, hasHi = true, true
	default:
		return nil
	}
	k := d.Coef[v]
	if k != 1 && k != -1 {
		return nil
	}
	// d = k*v + rest: k*v <= hi - rest, k*v >= lo - rest.
	rest := ir.Affine{Coef: map[*resolve.Decl]int64{}, Const: d.Const}
	for x, c := range d.Coef {
		if x != v {
			rest.Coef[x] = c
		}
	}
	bound := func(e int64) (ir.Affine, bool) {
		kv, ok := rest.Scale(-1)
		if !ok {
			return kv, false
		}
		kv.Const += e      // (|e| <= 1 and |rest.Const| fits: AffineOf keeps it small enough)
		return kv.Scale(k) // v = k * (k*v)
	}
	var out []ir.Affine
	// An upper bound of v: from k*v <= hi - rest when k = 1, from
	// k*v >= lo - rest when k = -1.
	switch {
	case upper && k == 1 && hasHi, !upper && k == -1 && hasHi:
		if a, ok := bound(hi); ok {
			out = append(out, a)
		}
	case upper && k == -1 && hasLo, !upper && k == 1 && hasLo:
		if a, ok := bound(lo); ok {
			out = append(out, a)
		}
	}
	return out
}

// isVar reports whether e is the name declared by d.
func isVar(e lang.Expr, d *resolve.Decl) bool {
	id, ok := e.(*lang.Ident)
	return ok && d != nil && resolve.Of(id) == d
}
