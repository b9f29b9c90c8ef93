package build

import (
	"github.com/grundy-lang/grundy/internal/compile"
	"github.com/grundy-lang/grundy/internal/engine"
	"github.com/grundy-lang/grundy/internal/ir"
	"github.com/grundy-lang/grundy/internal/resolve"
	"github.com/grundy-lang/grundy/internal/splices"
	"github.com/grundy-lang/grundy/internal/value"

	"github.com/grundy-lang/grundy/lang"
)

// A splice: X[:I] + C + X[I + K:], X a name, I a name or a plain
// expression written the same twice (splices.PlainIndex), C a string of K ASCII
// characters (Notakto's b[:i] + "X" + b[i + 1:], b[:i] + ".." + b[i + 2:])
// or a local name (a def's put(s, i, ch) inlined: its value checked to be
// such a string), or a list of one element ([1], [p], K 1), is X with its
// elements from I replaced by C's when X is a string of ASCII characters
// (a list) and I .. I + K - 1 its indexes: one copy of X into the scratch
// and K elements written, where the concatenation slices twice and
// appends three times. Anywhere else (I out of X, X a string for a
// list's C or not a string for a string's, C not K ASCII characters) the
// concatenation runs as written: the same value and errors, and neither
// counts a step.
//
// A splice that is the body of an inlined def whose X is an argument
// evaluated first into a hidden local (put(put(b, i), j): X the value of
// put(b, i)) builds that argument in the scratch itself, when it is
// built (a splice too), and writes C there: no string is made for it
// (boundSplice). Anywhere else the hidden local takes the value built
// and the body runs as written.

// spliced is what a splice writes at I: characters (lit, or the value of
// the local name x), or an int (list), or the value of an expression (x:
// a list's [E]); k of them.
type spliced struct {
	list  bool
	tuple bool // (a tuple's: X a tuple, the result one)
	lit   string
	n     int64
	x     lang.Expr
	k     int64
	xs    []lang.Expr // a list's [E1, ..., EK], K > 1
}

// spliceParts is X, I and C of concatenation p when it is a splice. I is
// a name, or plain (splices.PlainIndex: evaluated again, it gives its value
// again) and written the same in X[I + K:]; X[0:I] and X[I + K:len(X)]
// are X[:I] and X[I + K:].
func spliceParts(bd *Builders, p *BuildPlan) (x *lang.Ident, i lang.Expr, c spliced, ok bool) {
	return splicePartsOf(bd, p, false)
}

// splicePartsOf is spliceParts, of tuples too (a tuple literal's C:
// genSplice's only).
func splicePartsOf(bd *Builders, p *BuildPlan, tuples bool) (x *lang.Ident, i lang.Expr, c spliced, ok bool) {
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
	if c, ok = splicedOf(bd, mid, tuples); !ok || head.Kind != BuildSlice || tail.Kind != BuildSlice {
		return nil, nil, c, false
	}
	x, x2 := sliced(head), sliced(tail)
	if x == nil || !splices.ZeroBound(head.Elems[0]) || !splices.LenBound(bd.c, tail.Elems[1], x) {
		return nil, nil, c, false
	}
	i = head.Elems[1]
	if x2 == nil || i == nil || tail.Elems[0] == nil || !splices.SameName(x, x2) {
		return nil, nil, c, false
	}
	// (X[I + K:], or, I written v + a, X[v + b:] with b - a = K.)
	ib, ia := splices.OffsetOf(i)
	nb, na := splices.OffsetOf(tail.Elems[0])
	k := na - ia
	if !splices.SameIndex(bd.c, ib, nb) || c.list && k != max(int64(len(c.xs)), 1) || c.lit != "" && int64(len(c.lit)) != k || k < 1 || k > 1<<16 {
		return nil, nil, c, false
	}
	c.k = k
	return x, i, c, true
}

// splicedOf is what the middle of a splice, mid, writes: a string
// literal of ASCII characters or a local name, a list literal of one
// element, or (tuples) a tuple literal of 1 to 8 (X a tuple).
func splicedOf(bd *Builders, mid *BuildPlan, tuples bool) (spliced, bool) {
	switch e := mid.Expr.(type) {
	case *lang.TupleLit:
		return spliced{list: true, tuple: true, xs: e.Elems}, tuples && mid.Kind == BuildTuple && len(e.Elems) >= 1 && len(e.Elems) <= 8
	case *lang.StrLit:
		return spliced{lit: e.Val}, mid.Kind == BuildValue && e.Val != "" && value.IsASCII(e.Val)
	case *lang.Ident:
		return spliced{x: e}, mid.Kind == BuildValue && bd.c.LocalSlot(e) >= 0
	case *lang.ListLit:
		if len(e.Elems) == 1 && mid.Kind == BuildList {
			if n, ok := e.Elems[0].(*lang.IntLit); ok {
				return spliced{list: true, n: n.Val}, true
			}
			return spliced{list: true, x: e.Elems[0]}, true
		}
		if len(e.Elems) > 1 && len(e.Elems) <= 8 && mid.Kind == BuildList {
			return spliced{list: true, xs: e.Elems}, true
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

// genSplice compiles concatenation p (of bd) as a splice, with general, the
// concatenation compiled, where it is not one; nil when p is not one.
func genSplice(bd *Builders, p *BuildPlan, general buildFn) buildFn {
	x, i, c, ok := splicePartsOf(bd, p, true)
	if !ok {
		return nil
	}
	xf, jf := bd.c.Vals.Expr(x), bd.c.Vals.Expr(i)
	if c.xs != nil {
		return genSpliceK(bd, c, xf, jf, general)
	}
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
	write := spliceWriter(bd, c)
	return func(fr *engine.Frame, s *value.Scratch) {
		xv := xf(fr)
		if xv.K == value.KStr && xv.ASCII() {
			str := xv.Str()
			if j := jf(fr); j.K == value.KInt && j.N >= 0 && j.N <= int64(len(str))-c.k && len(str) <= 1<<16 {
				if w, ok := write(fr); ok {
					s.SetStrBytes(str)
					copy(s.Bytes[j.N:], w)
					return
				}
			}
		}
		general(fr, s)
	}
}

// genSpliceK is genSplice of a list's splice of K > 1 elements, or of a
// tuple's of K >= 1 (X[:I] + (E,) + X[I + 1:], X a tuple): X
// copied into the scratch, its elements from I on replaced by E1, ...,
// EK evaluated in order (where the concatenation evaluates them: after
// X[:I] and before X[I + K:], which cannot fail where I .. I + K - 1 are
// X's indexes).
func genSpliceK(bd *Builders, c spliced, xf, jf engine.EvalFn, general buildFn) buildFn {
	efs := make([]engine.EvalFn, len(c.xs))
	for t, e := range c.xs {
		efs[t] = bd.c.Vals.Expr(e)
	}
	kind := value.KList
	if c.tuple {
		kind = value.KTuple
	}
	return func(fr *engine.Frame, s *value.Scratch) {
		if xv := xf(fr); xv.K == kind {
			e := xv.Elems()
			if j := jf(fr); j.K == value.KInt && j.N >= 0 && j.N <= int64(len(e))-c.k {
				var buf [8]value.Value
				vs := buf[:len(efs)]
				for t, f := range efs {
					vs[t] = f(fr)
				}
				s.SetSeq(e, c.tuple)
				for t, v := range vs {
					switch {
					case !s.Boxed && v.K == value.KInt:
						s.Ints[j.N+int64(t)] = v.N
					default:
						if !s.Boxed {
							s.Box()
						}
						s.Vals[j.N+int64(t)] = v
					}
				}
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
func spliceUpdate(bd *Builders, p *BuildPlan) *BuildPlan {
	x, i, c, ok := spliceParts(bd, p)
	if !ok || !c.list || c.x == nil && c.xs == nil {
		return nil
	}
	if c.xs == nil {
		return &BuildPlan{Kind: BuildUpdate, Expr: p.Expr, X: &BuildPlan{Kind: BuildValue, Expr: x}, Elems: []lang.Expr{i, c.x}, Splice: true}
	}
	// (K elements: K updates, at I, I + 1, ...; the first checks X.)
	u := &BuildPlan{Kind: BuildUpdate, Expr: p.Expr, X: &BuildPlan{Kind: BuildValue, Expr: x}, Elems: []lang.Expr{i, c.xs[0]}, Splice: true}
	pos := lang.Start(i)
	for t, e := range c.xs[1:] {
		at := &lang.Binary{Pos: pos, Op: lang.OpAdd, X: i, Y: &lang.IntLit{Pos: pos, Val: int64(t + 1)}}
		u = &BuildPlan{Kind: BuildUpdate, Expr: p.Expr, X: u, Elems: []lang.Expr{at, e}}
	}
	return u
}

// spliceWriter compiles the characters string splice c writes: false
// when they are not K ASCII characters (a name's value).
func spliceWriter(bd *Builders, c spliced) func(fr *engine.Frame) (string, bool) {
	if c.x == nil {
		return func(*engine.Frame) (string, bool) { return c.lit, true }
	}
	slot := bd.c.LocalSlot(c.x)
	return func(fr *engine.Frame) (string, bool) {
		v := fr.Slots[slot]
		if v.K != value.KStr {
			return "", false
		}
		w := v.Str()
		return w, int64(len(w)) == c.k && v.ASCII()
	}
}

// boundSplice compiles p, the body of an inlined def that is a string
// splice of X, when X is an argument evaluated into a hidden local (one
// of its site's binds) and that argument is built: the arguments before
// it evaluated, it built in the scratch, the ones after evaluated, and C
// written there when it is a string of ASCII characters with I .. I + K
// - 1 in it (see above); else the hidden local takes the value built
// and the body runs as written. nil when p is not such a body.
func boundSplice(bd *Builders, p *BuildPlan) buildFn {
	site, inner := p.Inl[0], *p
	inner.Inl = p.Inl[1:]
	if len(site.Binds) == 0 || len(inner.Inl) > 0 {
		return nil
	}
	x, i, c, ok := spliceParts(bd, &inner)
	if !ok || c.xs != nil || c.list && c.x != nil && ir.MentionsDecl(c.x, resolve.Of(x)) {
		return nil
	}
	// (X's argument: the k-th evaluated.)
	k, slot := -1, bd.c.LocalSlot(x)
	for j, b := range site.Binds {
		if _, s := b.Arg(); s >= 0 && s == slot {
			k = j
		}
	}
	if k < 0 || ir.MentionsDecl(i, resolve.Of(x)) || c.x != nil && bd.c.LocalSlot(c.x) == slot {
		return nil
	}
	arg, _ := site.Binds[k].Arg()
	bp := bd.buildPlan(arg)
	if bp == nil || bp.Set() {
		return nil
	}
	before := bd.c.Inl.CompileBinds(site.Binds[:k])
	base := bd.genBuild(bp)
	rest := bd.c.Inl.CompileBinds(site.Binds[k+1:])
	var general buildFn
	var write func(fr *engine.Frame) (string, bool)
	var jf, ef engine.EvalFn
	compile.Inlined(bd.c, site.Fn, func() struct{} {
		general, write, jf = bd.genBuild(&inner), spliceWriter(bd, c), bd.c.Vals.Expr(i)
		if c.list && c.x != nil {
			ef = bd.c.Vals.Expr(c.x)
		}
		return struct{}{}
	})
	if c.list {
		return boundListSplice(site, before, base, rest, general, jf, ef, c.n, slot)
	}
	return func(fr *engine.Frame, s *value.Scratch) {
		if before != nil {
			before(fr)
		}
		base(fr, s)
		if rest != nil {
			rest(fr)
		}
		th := fr.Th
		th.Enter(site.Pos, site.Fn)
		th.Calls = append(th.Calls, site.Pos)
		j := jf(fr)
		w, ok := "", s.Str && j.K == value.KInt && j.N >= 0 && j.N <= int64(len(s.Bytes))-c.k && len(s.Bytes) <= 1<<16
		if ok {
			w, ok = write(fr)
		}
		if ok {
			copy(s.Bytes[j.N:], w)
		} else {
			fr.Slots[slot] = s.Value()
			s.Reset()
			general(fr, s)
		}
		th.Calls = th.Calls[:len(th.Calls)-1]
		th.Leave(site.Fn)
	}
}

// boundListSplice is boundSplice of a list's splice X[:I] + [E] + X[I +
// 1:]: X built in the scratch, and where it is a list with I one of its
// indexes, E (n when ef is nil) evaluated (where the concatenation would:
// after X[:I], which cannot fail there) and written at I; else the
// hidden local in slot takes the value built and the body runs as
// written.
func boundListSplice(site InlineSite, before func(fr *engine.Frame), base buildFn, rest func(fr *engine.Frame), general buildFn, jf, ef engine.EvalFn, n int64, slot int) buildFn {
	return func(fr *engine.Frame, s *value.Scratch) {
		if before != nil {
			before(fr)
		}
		base(fr, s)
		if rest != nil {
			rest(fr)
		}
		th := fr.Th
		th.Enter(site.Pos, site.Fn)
		th.Calls = append(th.Calls, site.Pos)
		if j := jf(fr); j.K == value.KInt && !s.Whole && !s.Str && !s.Tuple && uint64(j.N) < uint64(s.Len()) {
			v := value.Int(n)
			if ef != nil {
				v = ef(fr)
			}
			switch {
			case s.Boxed:
				s.Vals[j.N] = v
			case v.K == value.KInt:
				s.Ints[j.N] = v.N
			default:
				s.Box()
				s.Vals[j.N] = v
			}
		} else {
			fr.Slots[slot] = s.Value()
			s.Reset()
			general(fr, s)
		}
		th.Calls = th.Calls[:len(th.Calls)-1]
		th.Leave(site.Fn)
	}
}

// SpliceOfTuple is X, I and the elements of the tuple literal splice e
// writes (X a tuple).
func SpliceOfTuple(bd *Builders, e lang.Expr) (x *lang.Ident, i lang.Expr, elems []lang.Expr, ok bool) {
	if p := bd.buildPlan(e); p != nil {
		var c spliced
		if x, i, c, ok = splicePartsOf(bd, p, true); ok && c.tuple {
			return x, i, c.xs, true
		}
	}
	return nil, nil, nil, false
}

// SpliceOf is X, I and what splice e writes: a string literal, or a list literal's elements.
func SpliceOf(bd *Builders, e lang.Expr) (x *lang.Ident, i lang.Expr, lit string, elems []lang.Expr, ok bool) {
	if p := bd.buildPlan(e); p != nil {
		var c spliced
		if x, i, c, ok = spliceParts(bd, p); ok && c.list && c.x == nil && c.xs == nil {
			return x, i, "", []lang.Expr{&lang.IntLit{Pos: lang.Start(i), Val: c.n}}, true
		}
		if elems = c.xs; c.x != nil {
			elems = []lang.Expr{c.x}
		}
		return x, i, c.lit, elems, ok && (c.lit != "" || c.list)
	}
	return nil, nil, "", nil, false
}
