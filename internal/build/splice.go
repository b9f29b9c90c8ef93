package build

import (
	"github.com/grundy-lang/grundy/internal/engine"
	"github.com/grundy-lang/grundy/internal/resolve"
	"github.com/grundy-lang/grundy/internal/value"

	"github.com/grundy-lang/grundy/lang"
)

// A splice: X[:I] + C + X[I + 1:], X and I names, C a string of one
// ASCII character (Notakto's b[:i] + "X" + b[i + 1:]), is the string X
// with its character at I replaced by C when X is a string of ASCII
// characters and I one of its indexes: one copy of X's bytes into the
// scratch and one byte written, where the concatenation slices twice and
// appends three times. Anywhere else (I out of X, X not a string) the
// concatenation runs as written: the same value and errors, and neither
// counts a step.

// spliceParts is X, I and C of concatenation p when it is a splice.
func spliceParts(p *BuildPlan) (x, i *lang.Ident, c byte, ok bool) {
	if p.Kind != BuildConcat {
		return nil, nil, 0, false
	}
	var head, mid, tail *BuildPlan
	switch {
	case p.X.Kind == BuildConcat && p.X.X.Kind == BuildSlice:
		head, mid, tail = p.X.X, p.X.Y, p.Y
	case p.Y.Kind == BuildConcat && p.X.Kind == BuildSlice:
		head, mid, tail = p.X, p.Y.X, p.Y.Y
	default:
		return nil, nil, 0, false
	}
	lit, isLit := mid.Expr.(*lang.StrLit)
	if mid.Kind != BuildValue || !isLit || len(lit.Val) != 1 || lit.Val[0] >= 0x80 ||
		head.Kind != BuildSlice || tail.Kind != BuildSlice || head.Elems[0] != nil || tail.Elems[1] != nil {
		return nil, nil, 0, false
	}
	x, x2 := sliced(head), sliced(tail)
	i, _ = head.Elems[1].(*lang.Ident)
	next, _ := tail.Elems[0].(*lang.Binary)
	if x == nil || x2 == nil || i == nil || next == nil || next.Op != lang.OpAdd || !sameName(x, x2) {
		return nil, nil, 0, false
	}
	one, isOne := next.Y.(*lang.IntLit)
	i2, isI := next.X.(*lang.Ident)
	if !isOne || one.Val != 1 || !isI || !sameName(i, i2) {
		return nil, nil, 0, false
	}
	return x, i, lit.Val[0], true
}

// sliced is the name a slice plan slices, when it is a name.
func sliced(p *BuildPlan) *lang.Ident {
	if p.X == nil || p.X.Kind != BuildValue {
		return nil
	}
	id, _ := p.X.Expr.(*lang.Ident)
	return id
}

// sameName reports whether a and b are the same name, bound alike.
func sameName(a, b *lang.Ident) bool {
	return a.Name == b.Name && resolve.Of(a) != nil && resolve.Of(a) == resolve.Of(b)
}

// genSplice compiles concatenation p (of bd) as a splice, with general, the
// concatenation compiled, where it is not one; nil when p is not one.
func genSplice(bd *Builders, p *BuildPlan, general buildFn) buildFn {
	x, i, c, ok := spliceParts(p)
	if !ok {
		return nil
	}
	xf, jf := bd.c.Vals.Expr(x), bd.c.Vals.Expr(i)
	return func(fr *engine.Frame, s *value.Scratch) {
		xv := xf(fr)
		if xv.K == value.KStr && xv.ASCII() {
			str := xv.Str()
			if j := jf(fr); j.K == value.KInt && uint64(j.N) < uint64(len(str)) && len(str) <= 1<<16 {
				s.SetStrBytes(str)
				s.Bytes[j.N] = c
				return
			}
		}
		general(fr, s)
	}
}
