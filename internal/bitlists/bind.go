package bitlists

import (
	"fmt"
	"strings"

	"github.com/grundy-lang/grundy/internal/build"
	"github.com/grundy-lang/grundy/internal/compile"
	"github.com/grundy-lang/grundy/internal/engine"
	"github.com/grundy-lang/grundy/internal/ir"
	"github.com/grundy-lang/grundy/internal/memo"
	"github.com/grundy-lang/grundy/internal/passes"
	"github.com/grundy-lang/grundy/internal/resolve"
	"github.com/grundy-lang/grundy/internal/value"

	"github.com/grundy-lang/grundy/lang"
)

// The alternative: its clauses up to a bind `for v in [X]` (the
// planner's bind, or one written so), if clauses only after it, and the
// position of a declared game as its option. Its bind, if clauses and
// option are compiled twice: as the general way compiles them, which a
// move runs where X is not such a list, and on the bits.

// Binds compiles the alternatives whose bound list is bits (BitList).
type Binds struct {
	c *compile.Compiler
	b *build.Builders
}

// New returns the compiler of such alternatives of compiler c, whose
// builders b build the lists in scratches that are not update chains.
func New(c *compile.Compiler, b *build.Builders) *Binds { return &Binds{c: c, b: b} }

// bits is a list of n <= 64 ints 0 and 1: bit i of w is element i (no
// bit at n or above).
type bits struct {
	w uint64
	n int
}

// value is the list the bits hold.
func (b bits) value() value.Value {
	es := make([]value.Value, b.n)
	for i := range es {
		es[i] = value.Value{K: value.KInt, N: int64(b.w >> i & 1)}
	}
	return value.List(es)
}

// bound is what the bits of one alternative are compiled with: the bound
// name, its slot (where the list is made from the bits, when a part not
// recognized reads it), and what was recognized (for --explain).
type bound struct {
	c    *compile.Compiler
	decl *resolve.Decl
	slot int
	uses []string // the recognized reads of the bits
}

// ensure makes the list of the bits b in the bound name's slot, once a
// move (the slot is none until then).
func (bt *bound) ensure(fr *engine.Frame, b bits) {
	if fr.Slots[bt.slot].K == value.KNone {
		fr.Slots[bt.slot] = b.value()
	}
}

// isV reports whether e is the bound name.
func (bt *bound) isV(e lang.Expr) bool {
	id, ok := e.(*lang.Ident)
	return ok && resolve.Of(id) == bt.decl
}

// mentions reports whether e reads the bound name.
func (bt *bound) mentions(e lang.Expr) bool {
	found := false
	lang.Inspect(e, func(x lang.Expr) bool {
		found = found || bt.isV(x)
		return !found
	})
	return found
}

// BitList compiles alt for the SG search when its option's list is
// bound, tested and yielded (see the package doc), with a read of the
// bits recognized; nil otherwise.
func (bs *Binds) BitList(alt *lang.Alt) (func(fr *engine.Frame), string) {
	c := bs.c
	k := len(alt.Clauses) - 1
	for k >= 0 {
		if _, ok := alt.Clauses[k].(*lang.IfClause); !ok {
			break
		}
		k--
	}
	if !c.On(passes.BitLists) || k < 0 {
		return nil, ""
	}
	cl, ok := alt.Clauses[k].(*lang.ForClause)
	if !ok || cl.Target.Tuple || len(cl.Target.Names) != 1 {
		return nil, ""
	}
	lit, ok := cl.Iter.(*lang.ListLit)
	call, isCall := alt.Body.(*lang.Call)
	if !ok || len(lit.Elems) != 1 || !isCall || c.GameCallee(call) == nil {
		return nil, ""
	}
	x := lit.Elems[0]
	ch := bs.chainOf(x)
	if ch == nil && !bs.b.IsListBuild(x) || hasStr(x) {
		return nil, "" // (a string built, b[:i] + "X" + b[i + 1:]: no bits)
	}
	prefix := c.Vals.Clauses(alt.Clauses[:k])
	mk := bs.genMake(x, ch, bs.b.ListBuild(x))
	general := bs.genGeneral(cl, alt.Clauses[k+1:], alt.Body)
	name := cl.Target.Names[0]
	c.Vals.Pattern(cl.Target) // (the name's slot on the bits' way)
	bt := &bound{c: c, decl: resolve.NameDecl(name), slot: c.Var(name).Slot}
	var conds []condFn
	for _, f := range alt.Clauses[k+1:] {
		ifc := f.(*lang.IfClause)
		conds = append(conds, bt.cond(ifc.Cond, "an if clause's condition", lang.Start(ifc.Cond)))
	}
	emit := bt.option(call)
	if len(bt.uses) == 0 {
		return nil, ""
	}
	ipos, slot := lang.Start(cl.Iter), bt.slot
	step := func(fr *engine.Frame) {
		b, ok, v := mk(fr)
		if !ok {
			general(fr, v)
			return
		}
		fr.Th.Tick(ipos)
		fr.Slots[slot] = value.None
		for _, f := range conds {
			if !f(fr, b) {
				return
			}
		}
		emit(fr, b)
	}
	what := fmt.Sprintf("the list %s bound to %s is, where it is one of up to 64 0s and 1s, the bits of a word: %s (no list made per move)", ir.Expr(x), name.Name, strings.Join(bt.uses, "; "))
	return prefix(step), what
}

// hasStr reports whether e has a string literal.
func hasStr(e lang.Expr) bool {
	found := false
	lang.Inspect(e, func(x lang.Expr) bool {
		_, isStr := x.(*lang.StrLit)
		found = found || isStr
		return !found
	})
	return found
}

// genGeneral compiles the bind of cl, the if clauses ifs and the option
// body as the general way does, from X's value v on: what a move whose
// list is not bits runs.
func (bs *Binds) genGeneral(cl *lang.ForClause, ifs []lang.Clause, body lang.Expr) func(fr *engine.Frame, v value.Value) {
	c := bs.c
	bind := c.Vals.Pattern(cl.Target)
	loops := c.Vals.Clauses(ifs)
	sg := c.SG.SGExpr(body)
	rest := loops(func(fr *engine.Frame) {
		gn := fr.Gen
		gn.Tracing = true
		v := sg(fr)
		gn.Tracing = false
		gn.EmitSG(v)
	})
	ipos := lang.Start(cl.Iter)
	return func(fr *engine.Frame, v value.Value) {
		fr.Th.Tick(ipos)
		bind(fr, v)
		rest(fr)
	}
}

// option compiles the option, call, on the bits: a position of one
// argument, the bound name, is keyed from them; any other made as
// compiled, from the list.
func (bt *bound) option(call *lang.Call) func(fr *engine.Frame, b bits) {
	sg := bt.c.SG.SGExpr(call)
	lookup := func(fr *engine.Frame, b bits) memo.Sgv {
		bt.ensure(fr, b)
		return sg(fr)
	}
	if len(call.Args) == 1 && bt.isV(call.Args[0]) {
		gb := bt.c.GameCallee(call)
		bt.uses = append(bt.uses, "its position keyed from the bits")
		general := lookup
		lookup = func(fr *engine.Frame, b bits) memo.Sgv {
			g := gb.Game
			if g.NArgs != 1 {
				return general(fr, b)
			}
			if word, nb, ok := value.BitListWord(b.w, b.n); ok {
				if _, st, ok := g.Keys.Recent(word, nb); ok {
					return memo.ValueOf(st) // (what Lookup finds)
				}
				return fr.Gen.Lookup(g, g.InternWord(word, nb))
			}
			var kb [16]byte
			return fr.Gen.Lookup(g, g.Intern(value.AppendBitWord(kb[:0], b.w, b.n), false, nil))
		}
	}
	return func(fr *engine.Frame, b bits) {
		gn := fr.Gen
		gn.Tracing = true
		v := lookup(fr, b)
		gn.Tracing = false
		gn.EmitSG(v)
	}
}
