package bitlists

import (
	"github.com/grundy-lang/grundy/internal/compile"
	"github.com/grundy-lang/grundy/internal/engine"
	"github.com/grundy-lang/grundy/internal/maskedit"
	"github.com/grundy-lang/grundy/internal/resolve"
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
// the mask edit keeps it), no list made per move. It gives up, nothing
// evaluated but the range's bounds and the element put, where the range
// is not every index of the list (another length) or the element is not
// the int 0 or 1: the list is then built as compiled. A def called to
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
	comp, ok := e.(*lang.Comp)
	if !ok || len(comp.Clauses) != 1 {
		return nil
	}
	fc, ok := comp.Clauses[0].(*lang.ForClause)
	if !ok || fc.Target.Tuple || len(fc.Target.Names) != 1 {
		return nil
	}
	r, ok := fc.Iter.(*lang.Binary)
	if !ok || r.Op != lang.OpRange {
		return nil
	}
	base := maskBase(comp, fc.Target.Names[0])
	if base == nil || !maskCond(mk.c, comp.Body.(*lang.IfExpr), base) {
		return nil
	}
	return &chain{base: base, links: []link{{mask: &maskLink{comp: comp, rng: r, v: fc.Target.Names[0], def: def, callPos: callPos}}}}
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
// element put an int literal 0 or 1, the condition not reading b and
// made of names of locals and globals, literals, operators, indexing and
// calls of pure built-ins and of defs.
func maskCond(c *compile.Compiler, ie *lang.IfExpr, b *lang.Ident) bool {
	put := ie.Then
	if _, ok := ie.Then.(*lang.Index); ok {
		put = ie.Else
	}
	if k, ok := put.(*lang.IntLit); !ok || k.Val != 0 && k.Val != 1 {
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
// over the range rng of v, made by a call of def at callPos (nil:
// written in place).
type maskLink struct {
	comp    *lang.Comp
	rng     *lang.Binary
	v       *lang.Name
	def     *engine.Func
	callPos engine.Pos
}

// maskFn is a maskLink compiled.
type maskFn struct {
	ml   *maskLink
	bits func(fr *engine.Frame, w uint64, n int) (uint64, bool)
	tick bool // (the def's call counts a step)
}

func newMaskFn(c *compile.Compiler, ml *maskLink) *maskFn {
	f := &maskFn{ml: ml}
	compileBits := func() func(*engine.Frame, uint64, int) (uint64, bool) {
		if p := maskedit.Recognize(c, ml.comp, ml.rng, ml.v); p != nil {
			return maskedit.CompileBits(c, p)
		}
		return nil
	}
	if ml.def != nil {
		f.tick = !resolve.InlineShape(ml.def.Decl.Body)
		f.bits = compile.Inlined(c, ml.def, compileBits)
	} else {
		f.bits = compileBits()
	}
	return f
}

// apply puts the mask edit in b; false where it gives up.
func (f *maskFn) apply(fr *engine.Frame, b bits) (bits, bool) {
	if b.ab.str || b.ab.bools || f.bits == nil {
		return bits{}, false
	}
	fn := f.ml.def
	if fn == nil {
		w, ok := f.bits(fr, b.w, int(b.n))
		b.w = w
		return b, ok
	}
	th, pos := fr.Th, f.ml.callPos
	if f.tick {
		th.Tick(pos)
	}
	th.Enter(pos, fn)
	th.Calls = append(th.Calls, pos)
	w, ok := f.bits(fr, b.w, int(b.n))
	th.Calls = th.Calls[:len(th.Calls)-1]
	th.Leave(fn)
	b.w = w
	return b, ok
}
