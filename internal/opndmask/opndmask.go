// Package opndmask owns the right operands of set operators kept as
// masks (Compile): S - NB[v] - {v}, S & G[v], S - {d * k for k in 1 ..
// max(S) / d}, where the operand's bits over the left operand's universe
// are computed once per value of what it reads, not once per move.
package opndmask

import (
	"github.com/grundy-lang/grundy/internal/compile"
	"github.com/grundy-lang/grundy/internal/engine"
	"github.com/grundy-lang/grundy/internal/ir"
	"github.com/grundy-lang/grundy/internal/maskcache"
	"github.com/grundy-lang/grundy/internal/purecond"
	"github.com/grundy-lang/grundy/internal/resolve"
	"github.com/grundy-lang/grundy/internal/value"
	"github.com/grundy-lang/grundy/lang"
)

// Operands kept as masks. In a set operator whose right operand is plain
// (operators over literals, names of locals and lets, pure built-ins and
// defs that inline, comprehensions of such: purecond.Plain), or pure (resolve.PureNames: what it
// computes, comprehensions and defs called too, asks no game for a
// value),
//
//	S - NB[v] - {v}        S - set(NB[v])        S & G[v]        S - set(nbrs(v))
//
// the right operand's bits over the left one's universe are kept per
// value of the locals it reads (a filter's masks, maskcache.Cache: the lets
// it and the defs it calls read are checked at each use, and the defs
// themselves, which a declaration may replace): it is evaluated once per
// value of v, the first time, not once per move (so are its steps); for
// - and &, its elements the universe lacks left out while the universe
// keeps its size (maskcache's Keep: S - {(r + dr, c + dc) for (dr, dc) in
// DIRS} at the edge of the board). An operand that loops over a range
// whose ends read the position, {d * k for k in 1 .. max(S) / d}, is kept
// by the values of the ends and of the names the rest of it reads
// (purecond.RangeNames): the ends are evaluated at each use, first, as the
// operand evaluates them first.
// Exact: a plain or pure operand evaluated again gives its value again,
// and one that failed, or was not a set
// whose elements the universe holds, was kept as nothing: it is
// evaluated each time, and the operator computes the value or meets the
// error as written; the left operand is built first, as written.

// Build builds a set in an empty set scratch.
type Build = func(fr *engine.Frame, s *value.SetScratch)

// Compile compiles the set operator op, X op Y (x and y build X and Y;
// general combines them as the operator would), with Y kept as masks;
// nil when Y is not plain or pure. Y inlined: the body of a def called
// with names (y runs it as the call), kept by the names it reads only
// (what it evaluates, it evaluates as the def's).
func Compile(c *compile.Compiler, yExpr lang.Expr, inlined bool, op lang.Op, x, y Build, general func(fr *engine.Frame, s, t *value.SetScratch)) Build {
	f := operand(c, yExpr, inlined, op, y, func(fr *engine.Frame, s, t *value.SetScratch) bool {
		general(fr, s, t)
		return true
	})
	if f == nil {
		return nil
	}
	return func(fr *engine.Frame, s *value.SetScratch) {
		x(fr, s)
		f(fr, s)
	}
}

// operand compiles s op Y into the scratch s (y builds Y; general
// combines them as the operator would, or reports false when it
// cannot: then s is as it was, and operand reports false), with Y kept
// as masks; nil when Y is not plain or pure.
func operand(c *compile.Compiler, yExpr lang.Expr, inlined bool, op lang.Op, y Build, general func(fr *engine.Frame, s, t *value.SetScratch) bool) func(fr *engine.Frame, s *value.SetScratch) bool {
	var locals, lets []int
	var defs []*engine.Binding
	var ends []engine.EvalFn
	// A def's call, kept by the values of its arguments when they are
	// ints (argCache), else by the names it reads (cache).
	var args []engine.EvalFn
	var argLets []int
	if purecond.Plain(c, yExpr) {
		locals, lets = purecond.Names(c, []lang.Expr{yExpr})
		if l, g, es, ok := purecond.RangeNames(c, yExpr); ok && !inlined {
			locals, lets, ends = l, g, []engine.EvalFn{c.Vals.Expr(es[0]), c.Vals.Expr(es[1])}
		} else if g, as, ok := purecond.CallArgs(c, yExpr); ok && len(as) <= maxArgKey && !inlined {
			argLets = g
			for _, a := range as {
				args = append(args, c.Vals.Expr(a))
			}
		}
	} else {
		pn := resolve.PureNames{R: c.Resolver, Seen: map[*engine.Func]bool{}}
		if !pn.Expr(yExpr, true, 0) {
			return nil
		}
		locals, lets, defs = pn.Locals, pn.Lets, pn.Defs
	}
	if isLocal(yExpr) && !inlined {
		// (A local's set, a position's: its words are the mask, read as
		// they are; keeping them by its value would keep each.)
		return func(fr *engine.Frame, s *value.SetScratch) bool {
			t := fr.Th.TakeSetScratch()
			defer fr.Th.GiveSetScratch(t)
			y(fr, t)
			return general(fr, s, t)
		}
	}
	cache, argCache := maskcache.New(), maskcache.New()
	fns := make([]*engine.Func, len(defs))
	for i, b := range defs {
		fns[i] = b.Fn
	}
	return func(fr *engine.Frame, s *value.SetScratch) bool {
		for i, b := range defs {
			if b.Fn != fns[i] {
				// (A def declared again: the bits were of the old one.)
				*cache, fns[i] = *maskcache.New(), b.Fn
			}
		}
		var ent *maskcache.Entry
		if s.Class() == 2 && s.Plain() && !cache.Off() {
			var ex [2]int64 // (the range's ends: their values, as Y would find them first)
			keyed := true
			for i, end := range ends {
				v := end(fr)
				ex[i], keyed = v.N, keyed && v.K == value.KInt
			}
			if args != nil && !argCache.Off() {
				var ax [maxArgKey]int64
				ints := true
				for i, a := range args {
					v := a(fr)
					ax[i], ints = v.N, ints && v.K == value.KInt
				}
				if ints {
					ent, keyed = argCache.Entry(fr, 2, s.Universe(), nil, argLets, ax[:len(args)]...), false
				}
			}
			if keyed && ent == nil {
				ent = cache.Entry(fr, 2, s.Universe(), locals, lets, ex[:len(ends)]...)
			}
			if ent != nil && ent.Kept(s.Universe()) {
				s.CombineWords(op, ent.Pass)
				return true
			}
		}
		t := fr.Th.TakeSetScratch()
		defer fr.Th.GiveSetScratch(t)
		if ent != nil {
			// (Elements that are not small ints or cells, strings, as
			// ids too.)
			t.InUniverse(s.Universe())
		}
		y(fr, t)
		if ent != nil && isSet(t) && ent.Keep(t, s.Universe(), op) {
			s.CombineWords(op, ent.Pass)
			return true
		}
		return general(fr, s, t)
	}
}

// isSet reports whether scratch t holds a set.
func isSet(t *value.SetScratch) bool { return t.Plain() || t.Value().K == value.KSet }

// Member compiles the set filter comp, {x for x in S if C ...}, when its
// conditions are all memberships of x in sets that do not read x, x in
// Y or x not in Y (not (x in Y); conditions joined by and, or if clauses
// one after the other): S & Y or S - Y, each Y kept as masks (Compile),
// not tested element by element. gen builds a value into a set scratch
// (S, and each Y); general combines two scratches as operator op would;
// slow builds the comprehension as written. nil for another filter.
// Exact: Y does not read x and is pure, so each element's test finds it
// equal; it is evaluated when the comprehension would first evaluate it
// (for the first element left by the conditions before it: none when
// none is left), and a membership in a set cannot fail; S or a Y that is
// not a set is built as written (slow), from the start.
func Member(c *compile.Compiler, comp *lang.Comp, gen func(lang.Expr) Build, general func(op lang.Op) func(fr *engine.Frame, s, t *value.SetScratch), slow Build) Build {
	f, conds := members(c, comp)
	if f == nil {
		return nil
	}
	type member struct {
		f func(fr *engine.Frame, s *value.SetScratch) bool
	}
	ms := make([]member, len(conds))
	for i, m := range conds {
		g := general(m.op)
		ms[i].f = operand(c, m.y, false, m.op, gen(m.y), func(fr *engine.Frame, s, t *value.SetScratch) bool {
			if !isSet(t) {
				return false
			}
			g(fr, s, t)
			return true
		})
		if ms[i].f == nil {
			return nil
		}
	}
	iter := gen(f.Iter)
	return func(fr *engine.Frame, s *value.SetScratch) {
		iter(fr, s)
		if !isSet(s) {
			s.Reset()
			slow(fr, s)
			return
		}
		for _, m := range ms {
			if empty(s) {
				return
			}
			if !m.f(fr, s) {
				s.Reset()
				slow(fr, s)
				return
			}
		}
	}
}

// isLocal reports whether e is the name of a local.
func isLocal(e lang.Expr) bool {
	id, ok := e.(*lang.Ident)
	return ok && resolve.Of(id) != nil && resolve.Of(id).Kind == resolve.Local
}

// IsMember reports whether Member compiles comp.
func IsMember(c *compile.Compiler, comp *lang.Comp) bool {
	f, conds := members(c, comp)
	if f == nil {
		return false
	}
	for _, m := range conds {
		if !purecond.Plain(c, m.y) && !(&resolve.PureNames{R: c.Resolver, Seen: map[*engine.Func]bool{}}).Expr(m.y, true, 0) {
			return false
		}
	}
	return true
}

// memberCond is a condition of Member's: x in y (op &) or x not in y (op -).
type memberCond struct {
	op lang.Op
	y  lang.Expr
}

// members is the for clause and the conditions of comp when Member
// takes it; nil otherwise.
func members(c *compile.Compiler, comp *lang.Comp) (*lang.ForClause, []memberCond) {
	if len(comp.Clauses) < 2 || comp.Kind != lang.SetComp {
		return nil, nil
	}
	f, ok := comp.Clauses[0].(*lang.ForClause)
	if !ok || f.Target.Tuple || len(f.Target.Names) != 1 || !purecond.Plain(c, f.Iter) {
		return nil, nil
	}
	x := resolve.NameDecl(f.Target.Names[0])
	if !ir.IsVar(comp.Body, x) {
		return nil, nil
	}
	var conds []lang.Expr
	for _, cl := range comp.Clauses[1:] {
		ic, ok := cl.(*lang.IfClause)
		if !ok {
			return nil, nil
		}
		conds = conjuncts(conds, ic.Cond)
	}
	ms := make([]memberCond, len(conds))
	for i, e := range conds {
		op, y := membership(e, x)
		if y == nil || ir.MentionsDecl(y, x) {
			return nil, nil
		}
		ms[i] = memberCond{op, y}
	}
	return f, ms
}

// empty reports whether scratch s, a set, holds no element.
func empty(s *value.SetScratch) bool {
	if !s.Plain() {
		return len(s.Value().Elems()) == 0
	}
	for _, w := range s.Words() {
		if w != 0 {
			return false
		}
	}
	return true
}

// conjuncts appends to es the conditions e joins with and.
func conjuncts(es []lang.Expr, e lang.Expr) []lang.Expr {
	if b, ok := e.(*lang.Binary); ok && b.Op == lang.OpAnd {
		return conjuncts(conjuncts(es, b.X), b.Y)
	}
	return append(es, e)
}

// membership is, for e x in Y, x not in Y or not (x in Y) with x a name
// that d declares, the operator that keeps S's elements that pass (& or
// -) and Y; nil Y otherwise.
func membership(e lang.Expr, d *resolve.Decl) (lang.Op, lang.Expr) {
	not := false
	if u, ok := e.(*lang.Unary); ok && u.Op == lang.OpNot {
		not, e = true, u.X
	}
	b, ok := e.(*lang.Binary)
	if !ok || b.Op != lang.OpIn && b.Op != lang.OpNotIn || !ir.IsVar(b.X, d) {
		return 0, nil
	}
	if not != (b.Op == lang.OpNotIn) {
		return lang.OpSub, b.Y
	}
	return lang.OpBitAnd, b.Y
}

// maxArgKey bounds the arguments of a def's call kept by their values.
const maxArgKey = 4

// Narrow makes t, the right operand of s - t or s & t, the elements of
// t that s's bits can hold (s plain, of small ints or of cells: class 0
// or 1), when t holds other elements too (not plain): an element s
// cannot hold is in no set s is, and changes neither result (S -
// {(r - 1, c), (r + 1, c)} at the board's edge). It reports whether t
// is then plain (s op t a word operation).
func Narrow(s, t *value.SetScratch, op lang.Op) bool {
	if op != lang.OpSub && op != lang.OpBitAnd || !s.Plain() || t.Plain() || s.Class() == 2 {
		return false
	}
	v := t.Value()
	if v.K != value.KSet {
		return false
	}
	cells := s.Class() == 1
	t.Reset()
	for _, x := range v.Elems() {
		switch {
		case !cells && x.K == value.KInt && uint64(x.N) < value.BitSetMax:
			t.AddInt(x.N)
		case cells && x.K == value.KTuple:
			if p := x.Elems(); len(p) == 2 && p[0].K == value.KInt && p[1].K == value.KInt {
				if _, ok := value.CellBit(p[0].N, p[1].N); ok {
					t.AddCell(p[0].N, p[1].N)
				}
			}
		}
	}
	return s.Compatible(t)
}
