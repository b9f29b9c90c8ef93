package bitlists

import (
	"github.com/grundy-lang/grundy/internal/compile"
	"github.com/grundy-lang/grundy/internal/engine"
	"github.com/grundy-lang/grundy/internal/maskedit"
	"github.com/grundy-lang/grundy/internal/pointmap"
	"github.com/grundy-lang/grundy/internal/resolve"
	"github.com/grundy-lang/grundy/internal/value"
	"github.com/grundy-lang/grundy/lang"
)

// A mask edit's link. A list comprehension over every index of a list
// that copies it but for one element put where a condition of the index
// holds (package maskedit), as a newcomer clears a vertex and its
// neighbours,
//
//	def take(b, v) = [if i == v or i in NB[v] then 0 else b[i] for i in 0 .. N - 1]
//	nk(take(b, v))
//
// is a link of the chain of its list: the bits of the list with the
// mask of the indexes where the condition holds cleared or set, the
// mask kept for each value of the other names the condition reads (as
// the mask edit keeps it), no list made per move. A list of bools, or a
// string of two characters whose edit is joined (join([...], "")), is
// edited so too; and a comprehension over every index whose element is
// any function of the index and of the element there (b[j], or x of
// enumerate(b)) is a point map (package pointmap), its results kept as
// masks for each of the two elements. It gives up, nothing evaluated
// but the range's bounds and the element put, where the range is not
// every index of the list (another length) or an element made is not
// one of the two the bits hold: the list is then built as compiled. A def called to
// make it is seen through (its body inlined), its call counted and on
// the trace while the condition is evaluated, as when it is called.

// masker reads comprehensions as mask edits, with the compiler c.
type masker struct {
	c *compile.Compiler
}

// chain is e (or the body of the def it calls) as a chain of one link, a
// mask edit of its base; nil where it is not one.
func (mk masker) chain(e lang.Expr) *chain {
	var def *engine.Func
	var callPos engine.Pos
	if call, ok := e.(*lang.Call); ok {
		body, fn := ranger{c: mk.c}.inlinedComps(call)
		if body == nil {
			return nil
		}
		e, def, callPos = body, fn, call.Pos
	}
	str := false
	if call, ok := e.(*lang.Call); ok {
		if bi := mk.c.BuiltinCallee(call); bi == nil || bi.BName != "join" || len(call.Args) != 2 {
			return nil
		}
		if sep, ok := call.Args[1].(*lang.StrLit); !ok || sep.Val != "" {
			return nil
		}
		e, str = call.Args[0], true
	}
	comp, ok := e.(*lang.Comp)
	if !ok || comp.Kind != lang.ListComp || len(comp.Clauses) != 1 {
		return nil
	}
	ml := &maskLink{comp: comp, def: def, callPos: callPos, str: str}
	if base := mk.edit(comp, ml); base != nil {
		return &chain{base: base, links: []link{{mask: ml}}}
	}
	if pm := pointmap.Shape(mk.c, comp); pm != nil {
		ml.point = pm
		return &chain{base: pm.Base, links: []link{{mask: ml}}}
	}
	return nil
}

// edit reads comp as a mask edit into ml (its range and variable): its
// base, or nil.
func (mk masker) edit(comp *lang.Comp, ml *maskLink) *lang.Ident {
	fc, ok := comp.Clauses[0].(*lang.ForClause)
	if !ok || fc.Target.Tuple || len(fc.Target.Names) != 1 {
		return nil
	}
	r, ok := fc.Iter.(*lang.Binary)
	count, isCall := fc.Iter.(*lang.Call)
	switch {
	case ok && r.Op == lang.OpRange:
		count = nil
	case isCall && len(count.Args) == 1:
		if bi := mk.c.BuiltinCallee(count); bi == nil || bi.BName != "range" {
			return nil
		}
		r = nil
	default:
		return nil
	}
	base := maskBase(comp, fc.Target.Names[0])
	if base == nil || !maskCond(mk.c, comp.Body.(*lang.IfExpr), base) {
		return nil
	}
	ml.rng, ml.count, ml.v = r, count, fc.Target.Names[0]
	return base
}

// maskBase is b of a comprehension whose element is if C then X else
// b[j] (or the branches swapped), j its variable v; nil otherwise. (The
// rest of what a mask edit is, maskedit.Recognize checks where the link
// is compiled, the names of the loops before it declared: a link it does
// not take gives up at every move.)
func maskBase(comp *lang.Comp, v *lang.Name) *lang.Ident {
	ie, ok := comp.Body.(*lang.IfExpr)
	if !ok {
		return nil
	}
	for _, x := range []lang.Expr{ie.Else, ie.Then} {
		ix, ok := x.(*lang.Index)
		if !ok {
			continue
		}
		j, isID := ix.Index.(*lang.Ident)
		base, isBase := ix.X.(*lang.Ident)
		if isID && isBase && resolve.Of(j) != nil && resolve.Of(j) == resolve.NameDecl(v) && resolve.Of(base) != nil && resolve.Of(base) != resolve.Of(j) {
			return base
		}
	}
	return nil
}

// maskCond reports whether the edit ie of base b may be one on bits (what
// maskedit.Recognize takes, as far as the names are declared yet): the
// element put an int literal 0 or 1, a bool literal or a string literal
// of one character (which apply checks against the bits' elements at
// each move), the condition not reading b and
// made of names of locals and globals, literals, operators, indexing and
// calls of pure built-ins and of defs.
func maskCond(c *compile.Compiler, ie *lang.IfExpr, b *lang.Ident) bool {
	put := ie.Then
	if _, ok := ie.Then.(*lang.Index); ok {
		put = ie.Else
	}
	switch k := put.(type) {
	case *lang.IntLit:
		if k.Val != 0 && k.Val != 1 {
			return false
		}
	case *lang.StrLit:
		if len(k.Val) != 1 {
			return false
		}
	case *lang.BoolLit:
	default:
		return false
	}
	ok := true
	lang.Inspect(ie.Cond, func(x lang.Expr) bool {
		switch x := x.(type) {
		case *lang.Ident:
			d := resolve.Of(x)
			ok = ok && d != nil && d != resolve.Of(b) && (d.Kind == resolve.Local || d.Kind == resolve.Global || d.Kind == resolve.Def)
		case *lang.Call:
			id, isID := x.Fn.(*lang.Ident)
			if !isID {
				ok = false
			} else if d := resolve.Of(id); d == nil || d.Kind != resolve.Def {
				bi := c.BuiltinCallee(x)
				ok = ok && bi != nil && bi.Pure
			}
		case *lang.IntLit, *lang.StrLit, *lang.BoolLit, *lang.TupleLit, *lang.ListLit, *lang.SetLit,
			*lang.Binary, *lang.Unary, *lang.IfExpr, *lang.Index, *lang.Slice:
		default:
			ok = false
		}
		return ok
	})
	return ok
}

// maskLink is a mask edit of a chain's base, the comprehension comp
// over the range rng of v (or range(E), count), made by a call of def at callPos (nil:
// written in place); str: the comprehension is joined into a string
// (join(comp, "")), of a string's bits, else a list of a list's.
type maskLink struct {
	comp    *lang.Comp
	rng     *lang.Binary
	count   *lang.Call
	v       *lang.Name
	def     *engine.Func
	callPos engine.Pos
	str     bool
	point   *pointmap.Plan // a point map instead (package pointmap)
}

// maskFn is a maskLink compiled.
type maskFn struct {
	ml   *maskLink
	bits func(fr *engine.Frame, w uint64, n int, el *pointmap.Elems) (uint64, bool)
	// el: the elements of the pair ab last met.
	ab   pair
	el   *pointmap.Elems
	tick bool // (the def's call counts a step)
}

func newMaskFn(c *compile.Compiler, ml *maskLink) *maskFn {
	f := &maskFn{ml: ml}
	compileBits := func() func(*engine.Frame, uint64, int, *pointmap.Elems) (uint64, bool) {
		if ml.point != nil {
			return pointmap.Compile(c, ml.point)
		}
		p := (*maskedit.Plan)(nil)
		if ml.count != nil {
			p = maskedit.RecognizeCount(c, ml.comp, ml.count, ml.v)
		} else {
			p = maskedit.Recognize(c, ml.comp, ml.rng, ml.v)
		}
		if p == nil {
			return nil
		}
		mb := maskedit.CompileBits(c, p)
		return func(fr *engine.Frame, w uint64, n int, el *pointmap.Elems) (uint64, bool) {
			return mb(fr, w, n, el.Bit)
		}
	}
	if ml.def != nil {
		f.tick = !resolve.InlineShape(ml.def.Decl.Body)
		f.bits = compile.Inlined(c, ml.def, compileBits)
	} else {
		f.bits = compileBits()
	}
	return f
}

// apply puts the mask edit in b; false where it gives up (a string's
// bits and a list's comprehension, or the other way round: the general
// way makes a list of the string's characters, or fails on join).
func (f *maskFn) apply(fr *engine.Frame, b bits) (bits, bool) {
	if b.ab.str != f.ml.str || f.bits == nil {
		return bits{}, false
	}
	if f.el == nil || f.ab != b.ab {
		f.ab, f.el = b.ab, elemsOf(b.ab)
	}
	bit := f.el
	fn := f.ml.def
	if fn == nil {
		w, ok := f.bits(fr, b.w, int(b.n), bit)
		b.w = w
		return b, ok
	}
	th, pos := fr.Th, f.ml.callPos
	if f.tick {
		th.Tick(pos)
	}
	th.Enter(pos, fn)
	th.Calls = append(th.Calls, pos)
	w, ok := f.bits(fr, b.w, int(b.n), bit)
	th.Calls = th.Calls[:len(th.Calls)-1]
	th.Leave(fn)
	b.w = w
	return b, ok
}

// putBit is the bit of the element x put in bits of the elements ab: an
// int 0 or 1 in a list of ints, a bool in a list of bools, one of the
// two characters of a string's; false for any other element (the list
// made would not be one of the bits' kind).
func putBit(ab pair, x value.Value) (uint64, bool) {
	switch {
	case ab.str:
		if x.K != value.KStr || len(x.Str()) != 1 {
			return 0, false
		}
		switch x.Str()[0] {
		case ab.c0:
			return 0, true
		case ab.c1:
			return 1, true
		}
	case ab.bools:
		if x.K == value.KBool {
			return uint64(x.N), true
		}
	case x.K == value.KInt && uint64(x.N) <= 1:
		return uint64(x.N), true
	}
	return 0, false
}

// elemsOf is the two elements of bits of the elements ab.
func elemsOf(ab pair) *pointmap.Elems {
	el := &pointmap.Elems{Bit: func(x value.Value) (uint64, bool) { return putBit(ab, x) }, Str: ab.str}
	switch {
	case ab.str:
		el.Val = [2]value.Value{value.Str(string(ab.c0)), value.Str(string(ab.c1))}
	case ab.bools:
		el.Val = [2]value.Value{value.Bool(false), value.Bool(true)}
	default:
		el.Val = [2]value.Value{value.Int(0), value.Int(1)}
	}
	return el
}
