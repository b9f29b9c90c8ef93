package gridbits

import (
	"github.com/grundy-lang/grundy/internal/compile"
	"github.com/grundy-lang/grundy/internal/engine"
	"github.com/grundy-lang/grundy/internal/ir"
	"github.com/grundy-lang/grundy/internal/resolve"
	"github.com/grundy-lang/grundy/internal/value"
	"github.com/grundy-lang/grundy/lang"
)

// The bits of the bound grid. A chain of updates of a grid's cells,
//
//	update(X, R, update(update(X[R], C1, K1), C2, K2))
//
// (defs seen through: put(put(b, r, c), r + 1, c)), is the bits of the
// base grid (read once for all the moves of a position) with a bit set
// or cleared a cell, where each row R is one of the grid's, each column
// C one of its row's, each element K the int 0 or 1. The chain is
// evaluated as the calls evaluate it (the grid, then each update's row,
// then its columns and elements, the innermost first) and gives up at
// the first part that is not so, before evaluating the next. Its parts
// are plain (names, literals, operators, indexing, calls of pure int
// built-ins): evaluating one again gives its value again, and counts no
// step; one that fails (a division by zero, an index) gives up too, the
// general way raising its error where the calls do (setCells).

// chain is a grid chain: its base grid and its row updates, innermost
// first.
type chain struct {
	base  lang.Expr
	links []link
}

// link is update(X, R, ROW) of a chain, ROW the updates of X[R]: its
// row and its cells.
type link struct {
	r     lang.Expr
	cells []cellPut
}

// cellPut is update(.., C, K) of a row: its column and element.
type cellPut struct{ c, k lang.Expr }

// chainer recognizes chains.
type chainer struct{ c *compile.Compiler }

// of is e as a grid chain, or nil.
func (ch chainer) of(e lang.Expr) *chain {
	call, ok := e.(*lang.Call)
	if !ok {
		return nil
	}
	bi := ch.c.CalledBuiltin(call)
	if bi == nil {
		if body := ch.inlined(call); body != nil {
			return ch.of(body)
		}
		return nil
	}
	if !bi.Updates || bi.BName != "update" || len(call.Args) != 3 || !ch.plain(call.Args[1]) {
		return nil
	}
	x, r := call.Args[0], call.Args[1]
	cells, ok := ch.row(call.Args[2], x, r)
	if !ok {
		return nil
	}
	out := ch.of(x)
	if out == nil {
		if !ch.plain(x) {
			return nil
		}
		out = &chain{base: x}
	}
	out.links = append(out.links, link{r: r, cells: cells})
	return out
}

// row reads e as the updates of the row X[R], innermost first: false
// where it is not such a chain.
func (ch chainer) row(e, x, r lang.Expr) ([]cellPut, bool) {
	if ix, ok := e.(*lang.Index); ok {
		return nil, ir.Same(ix.X, x) && ir.Same(ix.Index, r)
	}
	call, ok := e.(*lang.Call)
	if !ok {
		return nil, false
	}
	bi := ch.c.CalledBuiltin(call)
	if bi == nil || !bi.Updates || bi.BName != "update" || len(call.Args) != 3 || !ch.plain(call.Args[1]) || !ch.plain(call.Args[2]) {
		return nil, false
	}
	cells, ok := ch.row(call.Args[0], x, r)
	if !ok {
		return nil, false
	}
	return append(cells, cellPut{c: call.Args[1], k: call.Args[2]}), true
}

// inlined is the body of a call of a def with its parameters written as
// the arguments, whatever they are, for of to read as a chain: its
// names mean the same at the call (resolve's Same), and its body is
// small and has no names of its own (resolve's InlineShape: it counts no
// step of its call). A chain evaluates an argument that is a chain once
// (the row it reads of it, X[R], from its bits); anything else it takes
// is plain. Every parameter the body does not read takes a local name or
// a literal (resolve's DropsArgs: the call evaluates it all the same).
// nil otherwise.
func (ch chainer) inlined(call *lang.Call) lang.Expr {
	c := ch.c
	fn := c.Inlinable(call)
	if fn == nil || c.GameCallee(call) != nil || !resolve.Same(call) || len(resolve.CalledParams(fn)) > 0 || !resolve.InlineShape(fn.Decl.Body) || resolve.DropsArgs(fn, call) {
		return nil
	}
	return resolve.Substitute(fn.Decl.Body, resolve.ParamIndex(fn), call.Args, resolve.SiteOf(call))
}

// plain reports whether evaluating e again gives its value again and
// counts no step: literals, names of locals and globals, operators,
// indexing, slicing, literals of tuples and lists, calls of pure int
// built-ins (len).
func (ch chainer) plain(e lang.Expr) bool {
	ok := true
	lang.Inspect(e, func(x lang.Expr) bool {
		switch x := x.(type) {
		case *lang.Ident:
			d := resolve.Of(x)
			ok = ok && d != nil && (d.Kind == resolve.Local || d.Kind == resolve.Global)
		case *lang.Call:
			bi := ch.c.BuiltinCallee(x)
			ok = ok && bi != nil && bi.Pure && bi.IntResult
			for _, a := range x.Args {
				ok = ok && ch.plain(a)
			}
			return false
		case *lang.IntLit, *lang.StrLit, *lang.BoolLit, *lang.Unary, *lang.Binary, *lang.IfExpr,
			*lang.Index, *lang.Slice, *lang.TupleLit, *lang.ListLit:
		default:
			ok = false
		}
		return ok
	})
	return ok
}

// intFn is an expression compiled as ints when it is int-typed.
type intFn struct {
	i compile.IntFn
	v engine.EvalFn
}

func intOf(c *compile.Compiler, e lang.Expr) intFn {
	if f := c.Ints.IntExpr(e); f != nil {
		return intFn{i: f}
	}
	return intFn{v: c.Vals.Expr(e)}
}

// get is the int, or false.
func (f *intFn) get(fr *engine.Frame) (int64, bool) {
	if f.i != nil {
		return f.i(fr), true
	}
	v := f.v(fr)
	return v.N, v.K == value.KInt
}

// linkFn is a link compiled.
type linkFn struct {
	r     intFn
	cells []struct{ c, k intFn }
}

// compile compiles the chain on bits: false where it gives up.
func (ch *chain) compile(c *compile.Compiler) func(fr *engine.Frame) (grid, bool) {
	base := c.Vals.Expr(ch.base)
	slot := c.LocalSlot(ch.base) // (a local read in place)
	links := make([]linkFn, len(ch.links))
	for i, l := range ch.links {
		links[i].r = intOf(c, l.r)
		for _, cp := range l.cells {
			links[i].cells = append(links[i].cells, struct{ c, k intFn }{intOf(c, cp.c), intOf(c, cp.k)})
		}
	}
	cache := &baseCache{}
	return func(fr *engine.Frame) (grid, bool) {
		var v value.Value
		if slot >= 0 {
			v = fr.Slots[slot]
		} else {
			v = base(fr)
		}
		g, ok := cache.of(v)
		if !ok {
			return grid{}, false
		}
		return setCells(fr, g, links)
	}
}

// setCells is grid g with the cells of links set, or false where a part
// is not so or fails: the parts of a def's body run here without its
// call on the trace, and in another order than the call's arguments, so
// an error of one (a division by zero, an overflow, an index) is left to
// the general way, which raises it where the calls do.
func setCells(fr *engine.Frame, g grid, links []linkFn) (_ grid, ok bool) {
	th := fr.Th
	calls := len(th.Calls)
	defer func() {
		if r := recover(); r != nil {
			if e, isErr := r.(*value.RuntimeError); !isErr || e.Kind != value.ErrRuntime {
				panic(r) // (a limit or an interruption: as it is)
			}
			th.Calls = th.Calls[:calls]
			ok = false
		}
	}()
	for i := range links {
		l := &links[i]
		r, ok := l.r.get(fr)
		if !ok || uint64(r) >= uint64(g.h) {
			return grid{}, false
		}
		for j := range l.cells {
			cp := &l.cells[j]
			col, ok1 := cp.c.get(fr)
			k, ok2 := cp.k.get(fr)
			if !ok1 || !ok2 || uint64(col) >= uint64(g.wd) || uint64(k) > 1 {
				return grid{}, false
			}
			at := int(r)*g.wd + int(col)
			g.w = g.w&^(1<<at) | uint64(k)<<at
		}
	}
	return g, true
}
