// Package opndmask owns the right operands of set operators kept as
// masks (Compile): S - NB[v] - {v}, S & G[v], S - {d * k for k in 1 ..
// max(S) / d}, where the operand's bits over the left operand's universe
// are computed once per value of what it reads, not once per move.
package opndmask

import (
	"github.com/grundy-lang/grundy/internal/compile"
	"github.com/grundy-lang/grundy/internal/engine"
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
// nil when Y is not plain or pure.
func Compile(c *compile.Compiler, yExpr lang.Expr, op lang.Op, x, y Build, general func(fr *engine.Frame, s, t *value.SetScratch)) Build {
	var locals, lets []int
	var defs []*engine.Binding
	var ends []engine.EvalFn
	// A def's call, kept by the values of its arguments when they are
	// ints (argCache), else by the names it reads (cache).
	var args []engine.EvalFn
	var argLets []int
	if purecond.Plain(c, yExpr) {
		locals, lets = purecond.Names(c, []lang.Expr{yExpr})
		if l, g, es, ok := purecond.RangeNames(c, yExpr); ok {
			locals, lets, ends = l, g, []engine.EvalFn{c.Vals.Expr(es[0]), c.Vals.Expr(es[1])}
		} else if g, as, ok := purecond.CallArgs(c, yExpr); ok && len(as) <= maxArgKey {
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
	cache, argCache := maskcache.New(), maskcache.New()
	fns := make([]*engine.Func, len(defs))
	for i, b := range defs {
		fns[i] = b.Fn
	}
	return func(fr *engine.Frame, s *value.SetScratch) {
		x(fr, s)
		for i, b := range defs {
			if b.Fn != fns[i] {
				// (A def declared again: the bits were of the old one.)
				*cache, fns[i] = *maskcache.New(), b.Fn
			}
		}
		var ent *maskcache.Entry
		if s.Class() == 2 && !cache.Off() {
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
				return
			}
		}
		t := fr.Th.TakeSetScratch()
		if ent != nil {
			// (Elements that are not small ints or cells, strings, as
			// ids too.)
			t.InUniverse(s.Universe())
		}
		y(fr, t)
		if ent != nil && ent.Keep(t, s.Universe(), op) {
			s.CombineWords(op, ent.Pass)
		} else {
			general(fr, s, t)
		}
		fr.Th.GiveSetScratch(t)
	}
}

// maxArgKey bounds the arguments of a def's call kept by their values.
const maxArgKey = 4
