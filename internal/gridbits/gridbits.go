// Package gridbits owns the move rules whose option is a grid of 0s and
// 1s bound to a name, tested and yielded (Grids.Grid, for the SG search
// of positions whose arguments are not all ints), as a newcomer writes
// Notakto on lists of lists:
//
//	def put(b, r, c) = update(b, r, update(b[r], c, 1))
//	def full(b) = any([all([b[r][c] == 1 for (r, c) in L]) for L in LINES])
//	game nt(b) moves nt(put(b, r, c)) for r in 0 .. H - 1 for c in 0 .. W - 1 if b[r][c] == 0 and not full(put(b, r, c))
//
// which the planner's shared pass makes a bind of b' = put(b, r, c), a
// filter not full(b') and the yield nt(b'). Where the bound grid is a
// list of h >= 1 lists, each a list of the same wd >= 1 ints 0 and 1,
// h * wd <= 64, it is the bits of a word (bit r*wd + c: row r's element
// c): built from the bits of the grid updated (kept per grid) with a bit
// set or cleared a cell (chain.go), tested on them (cond.go: all and
// any of lines of cells as masks, package linemasks' OfGrid; a def
// called with it inlined) and the position keyed from them, byte for
// byte the key of its value (value.AppendBitGrid): no list is made per
// move.
//
// Exact: the chain is evaluated as the calls evaluate it and gives up at
// the first part that is not so (a row or a column out of the grid, an
// element put that is not 0 or 1, a grid of another shape), before
// evaluating the next: the move is then made as the general way compiles
// it, from the value built as compiled, which fails where the calls
// fail. A test the bits do not answer (another form, lines past the
// grid) runs as compiled on the grid made from the bits, once a move.
package gridbits

import (
	"encoding/binary"
	"fmt"
	"strings"

	"github.com/grundy-lang/grundy/internal/compile"
	"github.com/grundy-lang/grundy/internal/engine"
	"github.com/grundy-lang/grundy/internal/ir"
	"github.com/grundy-lang/grundy/internal/memo"
	"github.com/grundy-lang/grundy/internal/passes"
	"github.com/grundy-lang/grundy/internal/resolve"
	"github.com/grundy-lang/grundy/internal/value"
	"github.com/grundy-lang/grundy/lang"
)

// Grids compiles the alternatives whose bound grid is bits (Grid).
type Grids struct{ c *compile.Compiler }

// New returns the compiler of such alternatives of compiler c.
func New(c *compile.Compiler) *Grids { return &Grids{c: c} }

// grid is a grid of h rows of wd ints 0 and 1: bit r*wd + c of w is row
// r's element c (no bit at h*wd or above).
type grid struct {
	w     uint64
	h, wd int
}

// value is the grid the bits hold.
func (g grid) value() value.Value {
	rows := make([]value.Value, g.h)
	for r := range rows {
		es := make([]value.Value, g.wd)
		for c := range es {
			es[c] = value.Int(int64(g.w >> (r*g.wd + c) & 1))
		}
		rows[r] = value.List(es)
	}
	return value.List(rows)
}

// listTag is the tag of the key of a list whose elements are lists
// (package value's appendSeqKey).
var listTag = func() byte {
	k, _ := value.AppendArgKey(nil, value.List([]value.Value{value.List(nil)}), 64)
	return k[0]
}()

// appendKey appends the key of the grid: what value.AppendArgKey gives
// for its value, a list of rows each a list of 0s and 1s.
func (g grid) appendKey(buf []byte) []byte {
	buf = binary.AppendUvarint(append(buf, listTag), uint64(g.h))
	for r := range g.h {
		row := g.w >> (r * g.wd)
		buf = binary.AppendUvarint(append(buf, value.TagBitList), uint64(g.wd))
		for i := 0; i < g.wd; i += 8 {
			b := byte(row >> i)
			if k := g.wd - i; k < 8 {
				b &= 1<<k - 1
			}
			buf = append(buf, b)
		}
	}
	return buf
}

// gridOf is the bits of v, if it is such a grid: a list (not a tuple) of
// lists.
func gridOf(v value.Value) (grid, bool) {
	if v.K != value.KList {
		return grid{}, false
	}
	rows := v.Elems()
	if len(rows) == 0 || rows[0].K != value.KList {
		return grid{}, false
	}
	g := grid{h: len(rows), wd: len(rows[0].Elems())}
	if g.wd == 0 || g.h*g.wd > 64 {
		return grid{}, false
	}
	for r, row := range rows {
		if row.K != value.KList {
			return grid{}, false
		}
		es := row.Elems()
		if len(es) != g.wd {
			return grid{}, false
		}
		for c, x := range es {
			if x.K != value.KInt || uint64(x.N) > 1 {
				return grid{}, false
			}
			g.w |= uint64(x.N) << (r*g.wd + c)
		}
	}
	return g, true
}

// baseCache is the bits of the grid read last (by its identity: a value
// never changes, and the cache keeps it alive).
type baseCache struct {
	ref any
	g   grid
	ok  bool
}

// of is the bits of v, if it is such a grid.
func (bc *baseCache) of(v value.Value) (grid, bool) {
	if v.K != value.KList {
		return grid{}, false
	}
	if v.Ref != bc.ref {
		bc.ref = v.Ref
		bc.g, bc.ok = gridOf(v)
	}
	return bc.g, bc.ok
}

// Grid compiles alt for the SG search when its clauses end in a bind of
// a grid chain (`for v in [X]`, chain.go) and if clauses, and its option
// is a position of a declared game; nil otherwise.
func (gs *Grids) Grid(alt *lang.Alt) (func(fr *engine.Frame), string) {
	c := gs.c
	call, ok := alt.Body.(*lang.Call)
	if !c.On(passes.BitLists) || !ok || c.GameCallee(call) == nil || !c.InFunc {
		return nil, ""
	}
	k := len(alt.Clauses) - 1
	for k >= 0 {
		if _, ok := alt.Clauses[k].(*lang.IfClause); !ok {
			break
		}
		k--
	}
	if k < 0 {
		return nil, ""
	}
	cl, ok := alt.Clauses[k].(*lang.ForClause)
	if !ok || cl.Target.Tuple || len(cl.Target.Names) != 1 {
		return nil, ""
	}
	lit, ok := cl.Iter.(*lang.ListLit)
	if !ok || len(lit.Elems) != 1 {
		return nil, ""
	}
	x := lit.Elems[0]
	ch := chainer{c}.of(x)
	if ch == nil {
		return nil, ""
	}
	return gs.bound(alt, k, cl, x, ch, call)
}

// bound compiles alt, whose clause k (cl) binds the grid x of chain ch.
func (gs *Grids) bound(alt *lang.Alt, k int, cl *lang.ForClause, x lang.Expr, ch *chain, call *lang.Call) (func(fr *engine.Frame), string) {
	c := gs.c
	name := cl.Target.Names[0]
	prefix := c.Vals.Clauses(alt.Clauses[:k])
	direct := ch.compile(c)
	xv := c.Vals.Expr(x)
	general := gs.general(cl, alt.Clauses[k+1:], alt.Body)
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
		g, ok := direct(fr)
		if !ok {
			general(fr, xv(fr))
			return
		}
		fr.Th.Tick(ipos)
		fr.Slots[slot] = value.None
		for _, f := range conds {
			if !f(fr, g) {
				return
			}
		}
		emit(fr, g)
	}
	c.Fired(passes.BitLists)
	what := fmt.Sprintf("the grid %s bound to %s is, where it is a list of lists of 0s and 1s of at most 64 cells, the bits of a word: %s (no grid made per move)", ir.Expr(x), name.Name, strings.Join(bt.uses, "; "))
	run := prefix(step)
	s := c.LocalSlot(ch.base)
	if s < 0 || c.CurGame == nil || s >= c.CurGame.NArgs {
		return run, what
	}
	// (The grid updated is the position's: a position whose grid is not
	// bits makes its moves as the general way compiles them.)
	// (Its loops compiled again, and what reads their names after them.)
	prefix2 := c.Vals.Clauses(alt.Clauses[:k])
	xv2 := c.Vals.Expr(x)
	general2 := gs.general(cl, alt.Clauses[k+1:], alt.Body)
	plain := prefix2(func(fr *engine.Frame) { general2(fr, xv2(fr)) })
	cache := &baseCache{}
	return func(fr *engine.Frame) {
		if _, ok := cache.of(fr.Slots[s]); ok {
			run(fr)
		} else {
			plain(fr)
		}
	}, what
}

// general compiles the bind of cl, the if clauses ifs and the option
// body as the general way does, from X's value v on: what a move whose
// grid is not bits runs.
func (gs *Grids) general(cl *lang.ForClause, ifs []lang.Clause, body lang.Expr) func(fr *engine.Frame, v value.Value) {
	c := gs.c
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

// bound is what the bits of one alternative are compiled with: the bound
// name, its slot (where the grid is made from the bits, when a part not
// recognized reads it), and what was recognized (for --explain).
type bound struct {
	c    *compile.Compiler
	decl *resolve.Decl
	slot int
	uses []string
}

// ensure makes the grid of the bits g in the bound name's slot, once a
// move (the slot is none until then).
func (bt *bound) ensure(fr *engine.Frame, g grid) {
	if fr.Slots[bt.slot].K == value.KNone {
		fr.Slots[bt.slot] = g.value()
	}
}

// isV reports whether e is the bound name.
func (bt *bound) isV(e lang.Expr) bool {
	id, ok := e.(*lang.Ident)
	return ok && resolve.Of(id) == bt.decl
}

// option compiles the option, call, on the bits: a position of one
// argument, the bound name, is keyed from them; any other made as
// compiled, from the grid.
func (bt *bound) option(call *lang.Call) func(fr *engine.Frame, g grid) {
	sg := bt.c.SG.SGExpr(call)
	lookup := func(fr *engine.Frame, g grid) memo.Sgv {
		bt.ensure(fr, g)
		return sg(fr)
	}
	if len(call.Args) == 1 && bt.isV(call.Args[0]) {
		bt.uses = append(bt.uses, "its position keyed from the bits")
		gb := bt.c.GameCallee(call)
		general := lookup
		lookup = func(fr *engine.Frame, g grid) memo.Sgv {
			gm := gb.Game
			if gm.NArgs != 1 || gm.Tuples != nil || gm.ListUni(0) != nil {
				return general(fr, g)
			}
			th := fr.Th
			s := th.TakeScratch()
			s.Bytes = g.appendKey(s.Bytes[:0])
			id := gm.Intern(s.Bytes, false, nil)
			th.GiveScratch(s)
			return fr.Gen.Lookup(gm, id)
		}
	}
	return func(fr *engine.Frame, g grid) {
		gn := fr.Gen
		gn.Tracing = true
		v := lookup(fr, g)
		gn.Tracing = false
		gn.EmitSG(v)
	}
}
