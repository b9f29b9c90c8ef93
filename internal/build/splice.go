package build

import (
	"github.com/grundy-lang/grundy/internal/engine"
	"github.com/grundy-lang/grundy/internal/resolve"
	"github.com/grundy-lang/grundy/internal/value"

	"github.com/grundy-lang/grundy/lang"
)

// A splice: X[:I] + C + X[I + 1:], X and I names, C a string of one
// ASCII character (Notakto's b[:i] + "X" + b[i + 1:]) or a list of one
// element ([1], [p]), is X with its element at I replaced by C's when X
// is a string of ASCII characters (a list) and I one of its indexes: one
// copy of X into the scratch and one element written, where the
// concatenation slices twice and appends three times. Anywhere else (I
// out of X, X a string for a list's C or not a string for a string's)
// the concatenation runs as written: the same value and errors, and
// neither counts a step.

// spliced is what a splice writes at I: a character, or an int (list),
// or the value of an expression (x: a list's [E]).
type spliced struct {
	list bool
	c    byte
	n    int64
	x    lang.Expr
}

// spliceParts is X, I and C of concatenation p when it is a splice.
func spliceParts(p *BuildPlan) (x, i *lang.Ident, c spliced, ok bool) {
	if p.Kind != BuildConcat {
		return nil, nil, c, false
	}
	var head, mid, tail *BuildPlan
	switch {
	case p.X.Kind == BuildConcat && p.X.X.Kind == BuildSlice:
		head, mid, tail = p.X.X, p.X.Y, p.Y
	case p.Y.Kind == BuildConcat && p.X.Kind == BuildSlice:
		head, mid, tail = p.X, p.Y.X, p.Y.Y
	default:
		return nil, nil, c, false
	}
	if inlined(p.X, p.Y, head, mid, tail) {
		return nil, nil, c, false
	}
	if c, ok = splicedOf(mid); !ok || head.Kind != BuildSlice || tail.Kind != BuildSlice || head.Elems[0] != nil || tail.Elems[1] != nil {
		return nil, nil, c, false
	}
	x, x2 := sliced(head), sliced(tail)
	i, _ = head.Elems[1].(*lang.Ident)
	next, _ := tail.Elems[0].(*lang.Binary)
	if x == nil || x2 == nil || i == nil || next == nil || next.Op != lang.OpAdd || !sameName(x, x2) {
		return nil, nil, c, false
	}
	one, isOne := next.Y.(*lang.IntLit)
	i2, isI := next.X.(*lang.Ident)
	if !isOne || one.Val != 1 || !isI || !sameName(i, i2) {
		return nil, nil, c, false
	}
	return x, i, c, true
}

// splicedOf is what the middle of a splice, mid, writes: a string
// literal of one ASCII character, or a list literal of one int literal.
func splicedOf(mid *BuildPlan) (spliced, bool) {
	switch e := mid.Expr.(type) {
	case *lang.StrLit:
		return spliced{c: e.Val[0]}, mid.Kind == BuildValue && len(e.Val) == 1 && e.Val[0] < 0x80
	case *lang.ListLit:
		if len(e.Elems) == 1 && mid.Kind == BuildList {
			if n, ok := e.Elems[0].(*lang.IntLit); ok {
				return spliced{list: true, n: n.Val}, true
			}
			return spliced{list: true, x: e.Elems[0]}, true
		}
	}
	return spliced{}, false
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
	if c.list {
		// (E evaluated where the concatenation would: after X[:I],
		// which cannot fail here, and before X[I + 1:], which cannot
		// either.)
		var ef engine.EvalFn
		if c.x != nil {
			ef = bd.c.Vals.Expr(c.x)
		}
		return func(fr *engine.Frame, s *value.Scratch) {
			if xv := xf(fr); xv.K == value.KList {
				e := xv.Elems()
				if j := jf(fr); j.K == value.KInt && uint64(j.N) < uint64(len(e)) {
					v := value.Int(c.n)
					if ef != nil {
						v = ef(fr)
					}
					s.SetSeq(e, false)
					switch {
					case !s.Boxed && v.K == value.KInt:
						s.Ints[j.N] = v.N
					default:
						if !s.Boxed {
							s.Box()
						}
						s.Vals[j.N] = v
					}
					return
				}
			}
			general(fr, s)
		}
	}
	return func(fr *engine.Frame, s *value.Scratch) {
		xv := xf(fr)
		if xv.K == value.KStr && xv.ASCII() {
			str := xv.Str()
			if j := jf(fr); j.K == value.KInt && uint64(j.N) < uint64(len(str)) && len(str) <= 1<<16 {
				s.SetStrBytes(str)
				s.Bytes[j.N] = c.c
				return
			}
		}
		general(fr, s)
	}
}

// spliceUpdate is the update a walk reads splice p as (X[:I] + [E] + X[I +
// 1:] is update(X, I, E) where X is a list and I one of its indexes:
// Splice says the walk must check it), or nil when p is not a splice of
// a list with an element computed.
func spliceUpdate(p *BuildPlan) *BuildPlan {
	x, i, c, ok := spliceParts(p)
	if !ok || !c.list || c.x == nil {
		return nil
	}
	return &BuildPlan{Kind: BuildUpdate, Expr: p.Expr, X: &BuildPlan{Kind: BuildValue, Expr: x}, Elems: []lang.Expr{i, c.x}, Splice: true}
}
