package eqindex

import (
	"slices"

	"github.com/grundy-lang/grundy/internal/compile"
	"github.com/grundy-lang/grundy/internal/engine"
	"github.com/grundy-lang/grundy/internal/maskcache"
	"github.com/grundy-lang/grundy/internal/masks"
	"github.com/grundy-lang/grundy/internal/passes"
	"github.com/grundy-lang/grundy/internal/resolve"
	"github.com/grundy-lang/grundy/internal/value"
	"github.com/grundy-lang/grundy/lang"
)

// Sorted prefixes. A for clause over a list or tuple of one name whose
// if clause starts with a bound of it, `for m in M if m <= c[i] and
// ...` (or <, or E >= m, E > m), E plain and not reading it, visits only
// the elements up to the bound where the list's elements are ints in
// ascending order (checked once per list, by its identity, when it comes
// twice in a row: a let's, not a position's own): the loop
// costs the moves, not the list. Exact as EqFor's indexes are: the if
// clause still runs on each element visited; an element skipped is an
// int above the bound, for which the bound, the first thing the clause
// evaluates, is false without an error, and `and` stops there; E was
// computed without an error (else the loop runs as written), and
// computed again it gives its value again.

// sortedPrefix is EqFor's indexes for such a clause (all for another).
func sortedPrefix(c *compile.Compiler, cl *lang.ForClause, ifc *lang.IfClause) func(fr *engine.Frame, coll value.Value) ([]int64, bool) {
	if cl.Target.Tuple || len(cl.Target.Names) != 1 {
		return all
	}
	d := resolve.NameDecl(cl.Target.Names[0])
	b, ok := conjuncts(ifc.Cond, nil)[0].(*lang.Binary)
	if !ok || d == nil {
		return all
	}
	op, e := b.Op, b.Y
	if id, ok := b.Y.(*lang.Ident); ok && resolve.Of(id) == d {
		op, e = b.Op.Flip(), b.X
	} else if id, ok := b.X.(*lang.Ident); !ok || resolve.Of(id) != d {
		return all
	}
	if op != lang.OpLe && op != lang.OpLt || !masks.Plain(c, e) || reads(e, map[*resolve.Decl]bool{d: true}) {
		return all
	}
	bound := c.Vals.Expr(e)
	c.Fired(passes.EqIndex)
	var last, seen any
	var ints, idx []int64
	sorted := false
	return func(fr *engine.Frame, coll value.Value) ([]int64, bool) {
		if coll.K != value.KList && coll.K != value.KTuple {
			return nil, false
		}
		if last == nil || !maskcache.SameRef(coll.Ref, last) {
			if seen == nil || !maskcache.SameRef(coll.Ref, seen) {
				// (A list met once, a position's own: read as written;
				// one met twice in a row is read once.)
				seen = coll.Ref
				return nil, false
			}
			es := coll.Elems()
			ints, idx, sorted = ints[:0], nil, true
			for i, x := range es {
				if x.K != value.KInt || i > 0 && x.N < ints[i-1] {
					sorted = false
					break
				}
				ints = append(ints, x.N)
			}
			if sorted {
				idx = make([]int64, len(es))
				for i := range idx {
					idx[i] = int64(i)
				}
			}
			last = coll.Ref
		}
		if !sorted {
			return nil, false
		}
		v, ok := engine.Try(fr, bound)
		if !ok || v.K != value.KInt {
			return nil, false
		}
		k, _ := slices.BinarySearch(ints, v.N)
		if op == lang.OpLe {
			for k < len(ints) && ints[k] <= v.N {
				k++
			}
		}
		return idx[:k], true
	}
}
