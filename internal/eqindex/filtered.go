package eqindex

import (
	"math/bits"

	"github.com/grundy-lang/grundy/internal/compile"
	"github.com/grundy-lang/grundy/internal/engine"
	"github.com/grundy-lang/grundy/internal/maskcache"
	"github.com/grundy-lang/grundy/internal/passes"
	"github.com/grundy-lang/grundy/internal/purecond"
	"github.com/grundy-lang/grundy/internal/resolve"
	"github.com/grundy-lang/grundy/internal/value"
	"github.com/grundy-lang/grundy/lang"
)

// Filtered loops. A for clause over a set followed by an if clause whose
// condition is plain (package purecond: literals, names, operators, pure
// built-ins, defs that inline) and equates nothing EqSet can solve,
//
//	cram(S - {a, b}) for a in S for b in S if a < b and adj(a, b)
//	for (r2, c2) in F if abs(r - r2) + abs(c - c2) == 1
//
// keeps, for each value of the other names the condition reads (a, or r
// and c; and the lets it reads), the elements of the set's bits (small
// ints, cells, or ids of a universe) known to pass and to fail, as the
// set filters of package build do (package maskcache): the loop visits
// the elements not known to fail, testing those not known yet, so that
// an element is tested once per value of the other names, not once per
// position. Exact: the condition reads nothing but the element and
// those names, so it gives what it gave; an element known to fail gave
// false without an error, as it would again; the elements are taken in
// the set's order, each not known tested just before it would run, so
// the first error is the one the loop as written meets first; the if
// clause still runs on each element visited.

// filterSet is EqSet's loop for a clause whose condition is plain but
// gives no values (see above); nil where the condition is not plain.
func filterSet(c *compile.Compiler, cl *lang.ForClause, ifc *lang.IfClause, bind func(fr *engine.Frame, v value.Value), ipos engine.Pos) func(fr *engine.Frame, coll value.Value, inner func(fr *engine.Frame)) bool {
	if !c.On(passes.Bitsets) || !c.InFunc {
		return nil
	}
	var decls []*resolve.Decl
	var skip []int
	for _, n := range cl.Target.Names {
		d := resolve.NameDecl(n)
		if d == nil {
			return nil
		}
		decls, skip = append(decls, d), append(skip, c.Var(n).Slot)
	}
	if !slotted(c, ifc.Cond, decls, cl.Pos) || !purecond.Plain(c, ifc.Cond, decls...) || !reads(ifc.Cond, declSet(decls)) {
		return nil
	}
	if id, ok := cl.Iter.(*lang.Ident); ok && resolve.Of(id) != nil && reads(ifc.Cond, map[*resolve.Decl]bool{resolve.Of(id): true}) {
		return nil // (a test of the set itself, (r, c + 1) in F: a mask per set)
	}
	locals, lets := purecond.Names(c, []lang.Expr{ifc.Cond}, skip...)
	cond := c.Ints.Cond(ifc.Cond, "an if clause's condition")
	c.Fired(passes.Bitsets)
	// (No note: the loop is the general path's way over a set, as
	// comprun's over its bits; passes fired says it was compiled.)
	cache := maskcache.New()
	return func(fr *engine.Frame, coll value.Value, inner func(fr *engine.Frame)) bool {
		var w []uint64
		var u *value.Universe
		var order []int32
		cls, pairs := uint8(2), false
		if uu, uw, ok := value.Uni(coll); ok {
			u, w, order = uu, uw, uu.Order()
		} else if bw, p, ok := value.SetBits(coll); ok {
			w, pairs, cls = bw, p, 0
			if p {
				cls = 1
			}
		} else {
			return false
		}
		if cache.Off() {
			// (Masks that are not met again cost more than they save:
			// a loop whose masks are mostly new runs as written.)
			return false
		}
		ent := cache.Entry(fr, cls, u, locals, lets)
		if ent == nil {
			return false
		}
		for len(ent.Known) < len(w) {
			ent.Known, ent.Pass = append(ent.Known, 0), append(ent.Pass, 0)
		}
		elem := func(b int) value.Value {
			if u != nil {
				return u.Elem(b)
			}
			return value.BitElem(b, pairs)
		}
		if order != nil {
			// (The elements not known to fail, as below, in the
			// elements' order: known failures are not visited.)
			var buf [4]uint64
			cand := buf[:0]
			for i, x := range w {
				cand = append(cand, x&(ent.Pass[i]|^ent.Known[i]))
			}
			for _, id := range order {
				if int(id>>6) < len(cand) && cand[id>>6]>>(id&63)&1 != 0 && !visit(fr, ent, int(id), elem(int(id)), ipos, bind, cond, inner) {
					break
				}
			}
			return true
		}
		for i, x := range w {
			// (The elements not known to fail: known to pass, or not known.)
			for x &= ent.Pass[i] | ^ent.Known[i]; x != 0; x &= x - 1 {
				if b := i*64 + bits.TrailingZeros64(x); !visit(fr, ent, b, elem(b), ipos, bind, cond, inner) {
					return true
				}
			}
		}
		return true
	}
}

// slotted reports whether each local e reads has its slot where the
// loop (at pos) is compiled and is declared before it, but the loop's
// names (decls) and those e's comprehensions bind: a name a later
// clause binds, as a planner's shared binding, has none, or one of
// another compile of the rule, and the condition is left as written.
func slotted(c *compile.Compiler, e lang.Expr, decls []*resolve.Decl, pos lang.Pos) bool {
	bound := declSet(decls)
	lang.Inspect(e, func(x lang.Expr) bool {
		if comp, ok := x.(*lang.Comp); ok {
			purecond.BindComp(comp, bound)
		}
		return true
	})
	ok := true
	lang.Inspect(e, func(x lang.Expr) bool {
		if id, isID := x.(*lang.Ident); isID {
			if d := resolve.Of(id); d != nil && d.Kind == resolve.Local && !bound[d] && (c.LookupHere(id) == nil || !before(d.Pos, pos)) {
				ok = false
			}
		}
		return ok
	})
	return ok
}

// before reports whether position a comes before b in one file.
func before(a, b lang.Pos) bool {
	return a.Filename == b.Filename && (a.Line < b.Line || a.Line == b.Line && a.Column < b.Column)
}

// visit tests element e, of bit b, where ent does not know it yet, and
// runs inner on it where it passes; false once the frame stops.
func visit(fr *engine.Frame, ent *maskcache.Entry, b int, e value.Value, ipos engine.Pos, bind func(*engine.Frame, value.Value), cond compile.BoolFn, inner func(*engine.Frame)) bool {
	i, m := b>>6, uint64(1)<<(b&63)
	if ent.Known[i]&m == 0 {
		fr.Th.Tick(ipos)
		bind(fr, e)
		if cond(fr) {
			ent.Pass[i] |= m
		}
		ent.Known[i] |= m
	}
	if ent.Pass[i]&m == 0 {
		return true
	}
	fr.Th.Tick(ipos)
	bind(fr, e)
	inner(fr)
	return !fr.Stop
}

// declSet is the set of decls ds.
func declSet(ds []*resolve.Decl) map[*resolve.Decl]bool {
	m := map[*resolve.Decl]bool{}
	for _, d := range ds {
		m[d] = true
	}
	return m
}
