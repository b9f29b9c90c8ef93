// Package pointmap owns the list comprehensions over every index of a
// list (or a string) of two values whose element j is a function of j
// and of the element there,
//
//	[f[j] and D[j] % d != 0 for j in 0 .. len(f) - 1]
//	join([if s[j] == "1" and D[j] % d != 0 then "1" else "0" for j in range(len(s))], "")
//	[x and D[j] % d != 0 for (j, x) in enumerate(f)]
//
// (the divisor game on flags: a move clears the flags of the multiples
// of d), compiled on the bits of the list (package bitlists: bit j is
// element j, of the two values of the list or the two characters of the
// string). Its element at j is computed once for each index, each of the
// two values there and each value of the other names it reads (kept as
// masks, package maskcache, as a filter's), the first time that index
// has that value, not once per move: a move is then two masks and the
// bits.
//
// Exact: the element reads the list only as b[j] (or the enumerate's
// element), j the comprehension's variable, and is plain (package
// purecond: evaluating it again gives its value again); it is evaluated,
// where not known yet, at the indexes in ascending order with the value
// there, as the comprehension evaluates it (those known before evaluated
// without an error), so the first error is the comprehension's. An
// element that is not one of the two values of the list's kind (a
// string's characters, bools, ints 0 and 1) gives up, as does a range
// that is not every index: the comprehension then runs as compiled. A
// step is counted an index, as the comprehension counts it.
package pointmap

import (
	"math/bits"
	"strings"

	"github.com/grundy-lang/grundy/internal/compile"
	"github.com/grundy-lang/grundy/internal/engine"
	"github.com/grundy-lang/grundy/internal/ir"
	"github.com/grundy-lang/grundy/internal/maskcache"
	"github.com/grundy-lang/grundy/internal/passes"
	"github.com/grundy-lang/grundy/internal/purecond"
	"github.com/grundy-lang/grundy/internal/resolve"
	"github.com/grundy-lang/grundy/internal/value"

	"github.com/grundy-lang/grundy/lang"
)

// Plan is a comprehension read as a point map.
type Plan struct {
	Comp  *lang.Comp
	Range *lang.Binary // its clause's A .. B, or
	Count *lang.Call   // range(E), or
	Enum  *lang.Call   // enumerate(b)
	Var   *lang.Name   // j
	Elem  *lang.Name   // x of (j, x) in enumerate(b); nil else
	Base  *lang.Ident  // b
}

// Shape reads comprehension comp as a point map (as far as its names are
// declared yet: Compile checks the rest where it compiles); nil when it
// is not one.
func Shape(c *compile.Compiler, comp *lang.Comp) *Plan {
	if comp.Kind != lang.ListComp || len(comp.Clauses) != 1 {
		return nil
	}
	fc, ok := comp.Clauses[0].(*lang.ForClause)
	if !ok {
		return nil
	}
	p := &Plan{Comp: comp}
	switch it := fc.Iter.(type) {
	case *lang.Binary:
		if it.Op != lang.OpRange || fc.Target.Tuple || len(fc.Target.Names) != 1 {
			return nil
		}
		p.Range, p.Var = it, fc.Target.Names[0]
	case *lang.Call:
		bi := c.BuiltinCallee(it)
		switch {
		case bi == nil || len(it.Args) != 1:
			return nil
		case bi.BName == "range" && !fc.Target.Tuple && len(fc.Target.Names) == 1:
			p.Count, p.Var = it, fc.Target.Names[0]
		case bi.BName == "enumerate" && fc.Target.Tuple && len(fc.Target.Names) == 2:
			b, ok := it.Args[0].(*lang.Ident)
			if !ok {
				return nil
			}
			p.Enum, p.Var, p.Elem, p.Base = it, fc.Target.Names[0], fc.Target.Names[1], b
		default:
			return nil
		}
	default:
		return nil
	}
	jd := resolve.NameDecl(p.Var)
	if jd == nil || p.Elem != nil && (resolve.NameDecl(p.Elem) == nil || resolve.NameDecl(p.Elem) == jd) {
		return nil
	}
	// The list: the enumerate's, or the first local read by index j (a
	// global read so is one of the other names).
	if p.Base == nil {
		lang.Inspect(comp.Body, func(x lang.Expr) bool {
			ix, isIx := x.(*lang.Index)
			if !isIx || p.Base != nil {
				return p.Base == nil
			}
			j, isJ := ix.Index.(*lang.Ident)
			b, isB := ix.X.(*lang.Ident)
			if isJ && isB && resolve.Of(j) == jd && resolve.Of(b) != nil && resolve.Of(b) != jd && resolve.Of(b).Kind == resolve.Local {
				p.Base = b
			}
			return p.Base == nil
		})
	}
	if p.Base == nil || resolve.Of(p.Base) == nil || !readsOnlyAt(comp.Body, resolve.Of(p.Base), jd) || !twoValued(comp.Body, p) {
		return nil
	}
	return p
}

// twoValued reports whether e's value is, by its form, one of two: a
// bool (a comparison, not, and, or), the int 0 or 1, a string of one
// character, the element at j, or a conditional of those; not an int
// reckoned (c[j] + m: a list of other ints, whose copy other kernels
// make).
func twoValued(e lang.Expr, p *Plan) bool {
	switch e := e.(type) {
	case *lang.IntLit:
		return e.Val == 0 || e.Val == 1
	case *lang.BoolLit:
		return true
	case *lang.StrLit:
		return len(e.Val) == 1
	case *lang.Ident:
		return p.Elem != nil && resolve.Of(e) == resolve.NameDecl(p.Elem)
	case *lang.Index:
		return readsOnlyAt(e, resolve.Of(p.Base), resolve.NameDecl(p.Var)) && ir.Same(e.X, p.Base)
	case *lang.Unary:
		return e.Op == lang.OpNot
	case *lang.Binary:
		return e.Op >= lang.OpOr && e.Op <= lang.OpNotIn && e.Op != lang.OpNot
	case *lang.IfExpr:
		return twoValued(e.Then, p) && twoValued(e.Else, p)
	}
	return false
}

// readsOnlyAt reports whether e reads b only as b[j].
func readsOnlyAt(e lang.Expr, b, j *resolve.Decl) bool {
	at, all := 0, 0
	lang.Inspect(e, func(x lang.Expr) bool {
		switch x := x.(type) {
		case *lang.Ident:
			if resolve.Of(x) == b {
				all++
			}
		case *lang.Index:
			id, isID := x.X.(*lang.Ident)
			jx, isJ := x.Index.(*lang.Ident)
			if isID && isJ && resolve.Of(id) == b && resolve.Of(jx) == j {
				at++
			}
		}
		return true
	})
	return at == all
}

// Elems are the two values of a list's bits: Bit is the bit of a value
// (false for another), Val the values of bits 0 and 1, Str whether they
// are a string's characters.
type Elems struct {
	Bit func(value.Value) (uint64, bool)
	Val [2]value.Value
	Str bool
}

// Compile compiles p on the bits w of a list of n <= 64 elements (or
// string of n characters) of the two values el: the bits of the list the
// comprehension makes, or false (nothing evaluated but the range's bound)
// where it gives up. Nil where p is not one after all: the list not a
// local, an element not plain.
func Compile(c *compile.Compiler, p *Plan) func(fr *engine.Frame, w uint64, n int, el *Elems) (uint64, bool) {
	if !c.On(passes.MaskEdits) || !c.InFunc {
		return nil
	}
	bb := c.Lookup(p.Base)
	if bb == nil || bb.Kind != resolve.Local {
		return nil
	}
	var bound func(fr *engine.Frame) (int64, bool) // the last index
	var rpos engine.Pos
	switch {
	case p.Range != nil:
		lo, hi := c.Ints.RangeBounds(p.Range)
		rpos = p.Range.Pos
		bound = func(fr *engine.Frame) (int64, bool) { return hi(fr), lo(fr) == 0 }
	case p.Count != nil:
		// (range(E): E evaluated as written, an int or given up, so that
		// range's own error is the general way's.)
		cnt := c.Vals.Expr(p.Count.Args[0])
		rpos = p.Count.Pos
		bound = func(fr *engine.Frame) (int64, bool) {
			x := cnt(fr)
			return x.N - 1, x.K == value.KInt
		}
	default:
		rpos = p.Enum.Pos
		bound = func(fr *engine.Frame) (int64, bool) { return -1, true } // (every index)
	}
	jd := resolve.NameDecl(p.Var)
	decls := []*resolve.Decl{jd}
	if p.Elem != nil {
		decls = append(decls, resolve.NameDecl(p.Elem))
	}
	if !purecond.Plain(c, p.Comp.Body, decls...) {
		return nil
	}
	c.Vals.Pattern(p.Comp.Clauses[0].(*lang.ForClause).Target)
	jb := c.Var(p.Var)
	jb.IsInt = true
	jslot, bslot, xslot := jb.Slot, bb.Slot, -1
	if p.Elem != nil {
		xslot = c.Var(p.Elem).Slot
	}
	body := c.Vals.Expr(p.Comp.Body)
	locals, lets := purecond.Names(c, []lang.Expr{p.Comp.Body}, jslot, bslot, xslot)
	c.Fired(passes.MaskEdits)
	k := &kernel{cache: maskcache.New(), body: body, locals: locals, lets: lets, jslot: jslot, bslot: bslot, xslot: xslot}
	return func(fr *engine.Frame, w uint64, n int, el *Elems) (uint64, bool) {
		z, ok := bound(fr)
		if p.Enum != nil {
			z = int64(n) - 1
		}
		if !ok || z != int64(n)-1 || n < 1 || n > 64 {
			return 0, false
		}
		if el.Val != k.vals {
			k.vals, k.cache, k.consts = el.Val, maskcache.New(), [2]value.Value{}
		}
		ent := k.cache.Entry(fr, 0, nil, k.locals, k.lets)
		if ent == nil {
			return 0, false
		}
		if len(ent.Known) == 0 {
			ent.Known, ent.Pass = make([]uint64, 2), make([]uint64, 2)
		}
		all := ^uint64(0) >> (64 - n)
		if need := (^w&^ent.Known[0] | w&^ent.Known[1]) & all; need != 0 && !k.fill(fr, ent, w, need, el) {
			return 0, false
		}
		fr.Th.Ticks(rpos, int64(n))
		return (^w&ent.Pass[0] | w&ent.Pass[1]) & all, true
	}
}

// kernel is a compiled point map's state: its masks by the values of
// the other names (cache) for the two values vals, the lists of n
// copies of each it puts in the list's slot while it evaluates the
// element (consts), and the slots it sets.
type kernel struct {
	cache               *maskcache.Cache
	vals                [2]value.Value
	consts              [2]value.Value
	body                func(*engine.Frame) value.Value
	locals, lets        []int
	jslot, bslot, xslot int
}

// fill evaluates the element at the indexes of need (ascending), each
// with the value of its bit in w, the list's slot holding a list of
// copies of it (the element reads it only there), recording the results
// in ent; false where an element is not one of the two values.
func (k *kernel) fill(fr *engine.Frame, ent *maskcache.Entry, w, need uint64, el *Elems) bool {
	saved := fr.Slots[k.bslot]
	defer func() { fr.Slots[k.bslot] = saved }()
	for ; need != 0; need &= need - 1 {
		j := bits.TrailingZeros64(need)
		bit := w >> j & 1
		fr.Slots[k.bslot] = k.constOf(bit, el)
		fr.Slots[k.jslot] = value.Value{K: value.KInt, N: int64(j)}
		if k.xslot >= 0 {
			fr.Slots[k.xslot] = el.Val[bit]
		}
		r, ok := el.Bit(k.body(fr))
		if !ok {
			return false
		}
		ent.Known[bit] |= 1 << j
		ent.Pass[bit] |= r << j
	}
	return true
}

// constOf is a list (string) of 64 copies of the value of bit.
func (k *kernel) constOf(bit uint64, el *Elems) value.Value {
	if c := k.consts[bit]; c.K != value.KNone {
		return c // (64 of them: the element reads those below n)
	}
	if el.Str {
		k.consts[bit] = value.Str(strings.Repeat(el.Val[bit].Str(), 64))
	} else {
		es := make([]value.Value, 64)
		for i := range es {
			es[i] = el.Val[bit]
		}
		k.consts[bit] = value.List(es)
	}
	return k.consts[bit]
}
