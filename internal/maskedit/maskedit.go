// Package maskedit owns the list comprehensions that copy a list or a
// string but put one value where a condition of the index holds,
//
//	[if near(u, v) then "." else b[u] for u in 0 .. W * H - 1]
//	[if C then b[j] else X for j in A .. B]
//
// (a move of Node Kayles on a string: the vertex and its neighbours
// blanked), built in a scratch as a copy of b's elements A to B with X
// put at the indexes of a mask: the indexes where C holds, kept per
// value of the other names C reads (package maskcache, as a filter's
// masks), so that C is evaluated once per index and value of them, the
// first time, not once per move (the maskedits pass).
//
// Exact: b is a local other than j, C is plain (package purecond:
// evaluating it again gives its value again) and reads neither b nor
// anything the mask is not kept by, and X is a literal or a name other
// than j (evaluating it cannot fail). The bounds are evaluated once, as
// the comprehension evaluates them; the copy is made only where b is a
// list or tuple, or a string of ASCII characters, that has every index
// from A to B (0 <= A), so that b[j] cannot fail: C is then the only
// thing that can, and it is evaluated at the indexes not yet known in
// ascending order, as the comprehension evaluates it (those known
// before evaluated without an error), so the first error is the
// comprehension's, at its position. Anything else (an index out of
// range, a map, a negative bound, a mask not kept) runs the
// comprehension as compiled. A step is counted an index as the
// comprehension counts it; the steps of C's calls are counted the first
// time only.
package maskedit

import (
	"math/bits"

	"github.com/grundy-lang/grundy/internal/compile"
	"github.com/grundy-lang/grundy/internal/engine"
	"github.com/grundy-lang/grundy/internal/maskcache"
	"github.com/grundy-lang/grundy/internal/packedit"
	"github.com/grundy-lang/grundy/internal/passes"
	"github.com/grundy-lang/grundy/internal/purecond"
	"github.com/grundy-lang/grundy/internal/resolve"
	"github.com/grundy-lang/grundy/internal/value"

	"github.com/grundy-lang/grundy/lang"
)

// Plan is a comprehension recognized as a mask edit.
type Plan struct {
	Comp  *lang.Comp
	Range *lang.Binary // its one clause's A .. B
	// Count: range(E), E the count, where the clause is that (A is 0, B
	// is E - 1; CompileBits only, nil else).
	Count *lang.Call
	Var   *lang.Name  // j
	Base  *lang.Ident // b
	Cond  lang.Expr   // C
	Put   lang.Expr   // X
	// Keep: the element is b[j] where C holds and X elsewhere (if C
	// then b[j] else X); else X where C holds.
	Keep bool
}

// maxIndex bounds the indexes a mask holds (B).
const maxIndex = 1<<16 - 1

// Recognize reads comprehension e, whose one clause binds v over range
// r, as a mask edit; nil when it is not one.
func Recognize(c *compile.Compiler, e *lang.Comp, r *lang.Binary, v *lang.Name) *Plan {
	if !c.On(passes.MaskEdits) || !c.InFunc || e.Kind != lang.ListComp {
		return nil
	}
	ie, ok := e.Body.(*lang.IfExpr)
	if !ok {
		return nil
	}
	jd := resolve.NameDecl(v)
	p := &Plan{Comp: e, Range: r, Var: v, Cond: ie.Cond}
	ix, ok := ie.Else.(*lang.Index)
	p.Put = ie.Then
	if !ok {
		ix, ok = ie.Then.(*lang.Index)
		p.Put, p.Keep = ie.Else, true
	}
	if !ok || !isDecl(ix.Index, jd) {
		return nil
	}
	base, ok := ix.X.(*lang.Ident)
	if !ok || isDecl(base, jd) {
		return nil
	}
	if b := c.Lookup(base); b == nil || b.Kind != resolve.Local {
		return nil
	}
	p.Base = base
	switch x := p.Put.(type) {
	case *lang.IntLit, *lang.StrLit, *lang.BoolLit:
	case *lang.Ident:
		if isDecl(x, jd) {
			return nil
		}
		if b := c.Lookup(x); b == nil || b.Kind != resolve.Local && b.Kind != resolve.Global {
			return nil
		}
	default:
		return nil
	}
	if jd == nil || !purecond.Plain(c, p.Cond, jd) || reads(p.Cond, resolve.Of(base)) {
		return nil
	}
	return p
}

// RecognizeCount is Recognize of a comprehension whose one clause binds v
// over range(E), call, for CompileBits.
func RecognizeCount(c *compile.Compiler, e *lang.Comp, call *lang.Call, v *lang.Name) *Plan {
	p := Recognize(c, e, &lang.Binary{Pos: call.Pos, Op: lang.OpRange}, v)
	if p != nil {
		p.Range, p.Count = nil, call
	}
	return p
}

// isDecl reports whether e is a name that d declares.
func isDecl(e lang.Expr, d *resolve.Decl) bool {
	id, ok := e.(*lang.Ident)
	return ok && d != nil && resolve.Of(id) == d
}

// reads reports whether e reads the name d declares.
func reads(e lang.Expr, d *resolve.Decl) bool {
	found := false
	lang.Inspect(e, func(x lang.Expr) bool {
		found = found || isDecl(x, d)
		return !found
	})
	return found
}

// Note says what the edit builds (--explain).
func (p *Plan) Note() string {
	return "as a copy of " + p.Base.Name + " with the elements where the condition holds computed from a mask kept for each value of its other names (a mask edit)"
}

// Compile compiles plan p to a builder in a scratch. With chars (for
// join), a string's copy is held as its bytes (Str) while each element
// put is an ASCII character, as package build's edits hold theirs.
func Compile(c *compile.Compiler, p *Plan, chars bool) func(fr *engine.Frame, s *value.Scratch) {
	f := compileTo(c, p, chars)
	return func(fr *engine.Frame, s *value.Scratch) { f(fr, s, nil) }
}

// CompileKeyed compiles plan p to a build into the words of a key: where
// b is a list or tuple those words hold, the mask covers all of it (A is
// 0 and B its last index) and X fits them, the copy is the words of b
// and X is put by word operations (true; package packedit); anywhere
// else it is built in the scratch as Compile builds it (false).
func CompileKeyed(c *compile.Compiler, p *Plan) func(fr *engine.Frame, s *value.Scratch, l *packedit.List) bool {
	return compileTo(c, p, false)
}

// compileTo is Compile, into l where it is not nil (CompileKeyed).
func compileTo(c *compile.Compiler, p *Plan, chars bool) func(fr *engine.Frame, s *value.Scratch, l *packedit.List) bool {
	lo, hi := c.Ints.RangeBounds(p.Range)
	c.Vals.Pattern(p.Comp.Clauses[0].(*lang.ForClause).Target)
	b := c.Var(p.Var)
	b.IsInt = true
	slot, rpos := b.Slot, p.Range.Pos
	body := c.Vals.Expr(p.Comp.Body)
	cond := c.Ints.Cond(p.Cond, "the condition of if")
	base, put := c.Vals.Expr(p.Base), c.Vals.Expr(p.Put)
	locals, lets := purecond.Names(c, []lang.Expr{p.Cond}, slot)
	c.Fired(passes.MaskEdits)
	cache := maskcache.New()
	strs := c.On(passes.Strings)
	keep := p.Keep
	// slow is the comprehension from bounds a, z on, as compiled.
	slow := func(fr *engine.Frame, s *value.Scratch, a, z int64) {
		th := fr.Th
		stop := fr.Stop
		fr.Stop = false
		for x := a; x <= z; x++ {
			th.Tick(rpos)
			fr.Slots[slot] = value.Value{K: value.KInt, N: x}
			s.Add(body(fr))
			if fr.Stop || x == z {
				break
			}
		}
		fr.Stop = stop
	}
	var elems packedit.Base
	return func(fr *engine.Frame, s *value.Scratch, l *packedit.List) bool {
		a, z := lo(fr), hi(fr)
		if a < 0 || z < a || z > maxIndex {
			slow(fr, s, a, z)
			return false
		}
		v := base(fr)
		var n int64
		isStr := false
		switch {
		case v.K == value.KList || v.K == value.KTuple:
			n = int64(len(v.Elems()))
		case strs && v.K == value.KStr && v.ASCII():
			n, isStr = int64(len(v.Str())), true
		default:
			slow(fr, s, a, z)
			return false
		}
		if z >= n {
			slow(fr, s, a, z)
			return false
		}
		ent := cache.Entry(fr, 0, nil, locals, lets)
		if ent == nil {
			slow(fr, s, a, z)
			return false
		}
		words := int(z>>6) + 1
		for len(ent.Known) < words {
			ent.Known, ent.Pass = append(ent.Known, 0), append(ent.Pass, 0)
		}
		fill(fr, ent, a, z, words, slot, cond)
		fr.Th.Ticks(rpos, z-a+1)
		x := put(fr)
		if isStr {
			str := v.Str()[a : z+1]
			if chars && x.K == value.KStr && len(x.Str()) == 1 && x.Str()[0] < 0x80 {
				s.SetStrBytes(str)
				ch := x.Str()[0]
				eachPut(ent.Pass, keep, a, z, func(j int64) { s.Bytes[j-a] = ch })
				return false
			}
			s.SetChars(str)
		} else {
			if l != nil && a == 0 && z == n-1 && elems.Load(v, l, false) {
				// (The comprehension makes a list, of a tuple too.)
				if l.AsList(); l.Put(ent.Pass, keep, x) {
					return true
				}
			}
			s.SetSeq(v.Elems()[a:z+1], false)
		}
		if !s.Boxed && x.K == value.KInt {
			eachPut(ent.Pass, keep, a, z, func(j int64) { s.Ints[j-a] = x.N })
			return false
		}
		boxed := false
		eachPut(ent.Pass, keep, a, z, func(j int64) {
			if !boxed && !s.Boxed {
				s.Box()
			}
			boxed = true
			s.Vals[j-a] = x
		})
		return false
	}
}

// fill evaluates C at the indexes a to z not known yet in ent, in
// ascending order, as the comprehension evaluates it (j in slot).
func fill(fr *engine.Frame, ent *maskcache.Entry, a, z int64, words, slot int, cond compile.BoolFn) {
	for w := int(a >> 6); w < words; w++ {
		need := ^ent.Known[w] & span(w, a, z)
		for ; need != 0; need &= need - 1 {
			j := int64(w)<<6 | int64(bits.TrailingZeros64(need))
			fr.Slots[slot] = value.Value{K: value.KInt, N: j}
			if cond(fr) {
				ent.Pass[w] |= 1 << (j & 63)
			}
			ent.Known[w] |= 1 << (j & 63)
		}
	}
}

// CompileBits compiles plan p on the bits of a list of n <= 64 elements
// of two values, or of a string of two characters (package bitlists:
// bit j is element j): the bits of the copy, where the comprehension is
// over every index of b (A is 0 and B is n - 1) and X is one of the two
// (bit gives its bit); false, nothing evaluated but the bounds and X,
// anywhere else (the caller then builds the copy as compiled).
func CompileBits(c *compile.Compiler, p *Plan) func(fr *engine.Frame, w uint64, n int, bit func(value.Value) (uint64, bool)) (uint64, bool) {
	var bounds func(fr *engine.Frame) (a, z int64, ok bool)
	var rpos engine.Pos
	if p.Count != nil {
		// (range(E): E evaluated as written, an int or given up, so that
		// range's own error is the general way's.)
		cnt := c.Vals.Expr(p.Count.Args[0])
		rpos = p.Count.Pos
		bounds = func(fr *engine.Frame) (int64, int64, bool) {
			x := cnt(fr)
			return 0, x.N - 1, x.K == value.KInt
		}
	} else {
		lo, hi := c.Ints.RangeBounds(p.Range)
		rpos = p.Range.Pos
		bounds = func(fr *engine.Frame) (int64, int64, bool) { return lo(fr), hi(fr), true }
	}
	c.Vals.Pattern(p.Comp.Clauses[0].(*lang.ForClause).Target)
	b := c.Var(p.Var)
	b.IsInt = true
	slot := b.Slot
	cond := c.Ints.Cond(p.Cond, "the condition of if")
	put := c.Vals.Expr(p.Put)
	locals, lets := purecond.Names(c, []lang.Expr{p.Cond}, slot)
	c.Fired(passes.MaskEdits)
	cache := maskcache.New()
	keep := p.Keep
	return func(fr *engine.Frame, w uint64, n int, bit func(value.Value) (uint64, bool)) (uint64, bool) {
		a, z, ok := bounds(fr)
		if !ok {
			return 0, false
		}
		xb, ok := bit(put(fr))
		if !ok || a != 0 || z != int64(n)-1 || n < 1 || n > 64 {
			return 0, false
		}
		ent := cache.Entry(fr, 0, nil, locals, lets)
		if ent == nil {
			return 0, false
		}
		if len(ent.Known) == 0 {
			ent.Known, ent.Pass = append(ent.Known, 0), append(ent.Pass, 0)
		}
		fill(fr, ent, a, z, 1, slot, cond)
		fr.Th.Ticks(rpos, z-a+1)
		all := span(0, a, z)
		pass := ent.Pass[0] & all
		if keep {
			pass = ^pass & all
		}
		return w&^pass | -xb&pass, true
	}
}

// span is the bits of word w for the indexes a to z.
func span(w int, a, z int64) uint64 {
	m := ^uint64(0)
	if lo := int64(w) << 6; a > lo {
		m &= ^uint64(0) << (a - lo)
	}
	if hi := int64(w)<<6 + 63; z < hi {
		m &= ^uint64(0) >> (hi - z)
	}
	return m
}

// eachPut calls f with each index from a to z where X is put: where the
// mask pass has its bit (not keep) or has not (keep), ascending.
func eachPut(pass []uint64, keep bool, a, z int64, f func(j int64)) {
	for w := int(a >> 6); w <= int(z>>6); w++ {
		m := pass[w]
		if keep {
			m = ^m
		}
		for m &= span(w, a, z); m != 0; m &= m - 1 {
			f(int64(w)<<6 | int64(bits.TrailingZeros64(m)))
		}
	}
}
