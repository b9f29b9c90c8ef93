package gridkey

import (
	"github.com/grundy-lang/grundy/internal/compile"
	"github.com/grundy-lang/grundy/internal/engine"
	"github.com/grundy-lang/grundy/internal/ir"
	"github.com/grundy-lang/grundy/internal/maskcache"
	"github.com/grundy-lang/grundy/internal/purecond"
	"github.com/grundy-lang/grundy/internal/resolve"
	"github.com/grundy-lang/grundy/internal/value"
	"github.com/grundy-lang/grundy/lang"
)

// Cell maps. An option that rebuilds the grid cell by cell, as a
// newcomer writes a move of Cram or Chomp,
//
//	def cover(g, a, b, c, d) = [[if r == a and k == b or r == c and k == d then 1 else g[r][k] for k in 0 .. W - 1] for r in 0 .. H - 1]
//	def bite(g, r, c) = [[if i >= r and j >= c then 0 else g[i][j] for j in 0 .. C - 1] for i in 0 .. R - 1]
//
// (directly, or as the body of a def that inlines), its element `if C
// then V else g[r][k]` (or the other way round), V 0, 1 or 1 - g[r][k],
// and C not reading the grid, is the grid's key with the bits of the
// cells where C holds (or fails) written: C's cells are a mask kept per
// value of the other names it reads and of the grid's size (maskcache),
// C evaluated cell by cell, in the comprehension's order, the first time.
// Exact: the loops cover the grid, every row as long, as the ranges
// say (0 .. rows - 1, 0 .. row length - 1, their ends ints that do not
// read the loops' names: evaluated as the comprehension evaluates them
// first, the inner ones only when a row is there), the grid a list of
// lists of 0s and 1s (so the list built has the grid's key but for
// those bits, and g[r][k] cannot fail), and C a plain condition whose
// value is a bool at each cell (else the option is built the general
// way, which evaluates the same and meets the same errors first); a
// cell's value is V or the grid's, as the comprehension makes it.

// cellMap is a cell map's parts (see above).
type cellMap struct {
	r, k   *resolve.Decl
	rn, kn *lang.Name
	r0, r1 lang.Expr // the outer range's ends
	k0, k1 lang.Expr
	cond   lang.Expr
	grid   *lang.Ident
	onTrue bool // V where C holds (else where it fails)
	v      int64
	flip   bool // V is 1 - g[r][k]
	binds  []compile.InlineBind
	fn     *engine.Func // the def inlined, or nil
	site   engine.Pos
	depth  int // the cell maps this one is the grid of
}

// producer appends the key of a cell map's result to buf and returns
// its rows (their offsets from where the key starts); false where the
// option must be built the general way.
type producer func(fr *engine.Frame, buf []byte) ([]byte, gridOf, bool)

// maxNest bounds the cell maps nested as grids of each other.
const maxNest = 8

// compileCellMap compiles e's key when it is a cell map (Compile's
// contract); nil otherwise.
func compileCellMap(c *compile.Compiler, e lang.Expr) func(fr *engine.Frame, buf []byte) ([]byte, bool) {
	m := &cellMap{}
	body, ok := m.inline(c, e)
	if !ok {
		return nil
	}
	if m.fn == nil {
		return m.compile(c, body)
	}
	return compile.Inlined(c, m.fn, func() func(fr *engine.Frame, buf []byte) ([]byte, bool) { return m.compile(c, body) })
}

// inline is e's body: the def's inlined when e calls one (m's fn,
// binds and site set).
func (m *cellMap) inline(c *compile.Compiler, e lang.Expr) (lang.Expr, bool) {
	call, ok := e.(*lang.Call)
	if !ok {
		return e, true
	}
	if c.CalledBuiltin(call) != nil || c.GameCallee(call) != nil {
		return nil, false
	}
	sub, fn, binds := c.Inl.InlineBuilt(call)
	if sub == nil {
		return nil, false
	}
	m.fn, m.binds, m.site = fn, binds, call.Pos
	return sub, true
}

// innerMap is the producer of e, the grid of cell map m, when e is a
// cell map itself (put(put(g, r, c), r, c + 1)); nil otherwise.
func (m *cellMap) innerMap(c *compile.Compiler, e lang.Expr) producer {
	if m.depth+1 >= maxNest {
		return nil
	}
	in := &cellMap{depth: m.depth + 1}
	body, ok := in.inline(c, e)
	if !ok {
		return nil
	}
	if in.fn == nil {
		return in.produce(c, body)
	}
	return compile.Inlined(c, in.fn, func() producer { return in.produce(c, body) })
}

// rangeLoop is comprehension e's one clause, for X in A .. B, and its
// body.
func rangeLoop(e lang.Expr) (*lang.Name, lang.Expr, lang.Expr, lang.Expr, bool) {
	comp, ok := e.(*lang.Comp)
	if !ok || comp.Kind != lang.ListComp || len(comp.Clauses) != 1 {
		return nil, nil, nil, nil, false
	}
	f, ok := comp.Clauses[0].(*lang.ForClause)
	if !ok || f.Target.Tuple || len(f.Target.Names) != 1 {
		return nil, nil, nil, nil, false
	}
	rg, ok := f.Iter.(*lang.Binary)
	if !ok || rg.Op != lang.OpRange {
		return nil, nil, nil, nil, false
	}
	n := f.Target.Names[0]
	return n, rg.X, rg.Y, comp.Body, resolve.NameDecl(n) != nil
}

// compile compiles the cell map body (in the def's scope, when one is
// inlined).
func (m *cellMap) compile(c *compile.Compiler, body lang.Expr) func(fr *engine.Frame, buf []byte) ([]byte, bool) {
	if line := *m; true {
		if f := line.line(c, body); f != nil {
			return f
		}
	}
	prod := m.produce(c, body)
	if prod == nil {
		return nil
	}
	return func(fr *engine.Frame, buf []byte) ([]byte, bool) {
		out, _, ok := prod(fr, buf)
		return out, ok
	}
}

// produce compiles the producer of body, a cell map of rows (in the
// def's scope, when one is inlined); nil where it is not one.
func (m *cellMap) produce(c *compile.Compiler, body lang.Expr) producer {
	var inner, elem lang.Expr
	var ok bool
	if m.rn, m.r0, m.r1, inner, ok = rangeLoop(body); !ok {
		return nil
	}
	if m.kn, m.k0, m.k1, elem, ok = rangeLoop(inner); !ok {
		return nil
	}
	m.r, m.k = resolve.NameDecl(m.rn), resolve.NameDecl(m.kn)
	ie, ok := elem.(*lang.IfExpr)
	if !ok {
		return nil
	}
	switch {
	case m.cell(ie.Else) && m.value(ie.Then, m.cell):
		m.onTrue = true
	case m.cell(ie.Then) && m.value(ie.Else, m.cell):
	default:
		return nil
	}
	m.cond = ie.Cond
	gd := resolve.Of(m.grid)
	for _, x := range []lang.Expr{m.r0, m.r1, m.k0, m.k1, m.cond} {
		if !purecond.Plain(c, x, m.r, m.k) {
			return nil
		}
	}
	if ir.MentionsDecl(m.cond, gd) || ir.MentionsDecl(m.k0, m.r) || ir.MentionsDecl(m.k1, m.r) {
		return nil
	}
	gslot := c.LocalSlot(m.grid)
	rb, kb := c.Var(m.rn), c.Var(m.kn)
	if gslot < 0 || rb == nil || kb == nil || rb.Kind != resolve.Local || kb.Kind != resolve.Local {
		return nil
	}
	// (The grid a cell map too: made by its producer, first, as the
	// call evaluates its first argument first; nothing else reads it
	// but the ranges' lengths, len(g) and len(g[E]), which are the base
	// grid's: a cell map keeps its grid's shape.)
	var src producer
	if len(m.binds) > 0 {
		if arg, slot := m.binds[0].Arg(); slot == gslot && shapeOnly(c, gd, m.r0, m.r1, m.k0, m.k1) {
			if src = m.innerMap(c, arg); src != nil {
				m.binds = m.binds[1:]
			}
		}
	}
	rs, ks := rb.Slot, kb.Slot
	locals, lets := purecond.Names(c, []lang.Expr{m.cond}, rs, ks)
	r0, r1, k0, k1 := c.Vals.Expr(m.r0), c.Vals.Expr(m.r1), c.Vals.Expr(m.k0), c.Vals.Expr(m.k1)
	cond := c.Vals.Expr(m.cond)
	v, flip := m.v, m.flip
	var gc gridCache
	own := src == nil
	masks := maskcache.New()
	var scratch []uint64
	return m.wrap(c, src, func(fr *engine.Frame, buf []byte, n int, gr gridOf) ([]byte, gridOf, bool) {
		if !own {
			fr.Slots[gslot] = gr.base
		}
		a, b := r0(fr), r1(fr)
		if a.K != value.KInt || b.K != value.KInt || a.N != 0 {
			return buf, gr, false
		}
		if own {
			var ok bool
			if gr, ok = gc.of(fr.Slots[gslot]); !ok {
				return buf, gr, false
			}
		}
		h := len(gr.rows)
		if gr.tuple || b.N != int64(h)-1 || h == 0 {
			return buf, gr, false
		}
		x, y := k0(fr), k1(fr)
		w := gr.rows[0].n
		if x.K != value.KInt || y.K != value.KInt || x.N != 0 || y.N != int64(w)-1 {
			return buf, gr, false
		}
		for _, row := range gr.rows {
			if row.n != w || row.bytes || row.chars {
				return buf, gr, false // (a tuple row: the list built has other keys)
			}
		}
		stride := (w + 63) / 64
		mask, ok := m.mask(fr, masks.Entry(fr, 0, nil, locals, lets, int64(h), int64(w)), &scratch, cond, rs, ks, h, w)
		if !ok {
			return buf, gr, false
		}
		if own {
			buf = append(buf, gr.key...)
		}
		for i := range h {
			writeRow(buf[n+gr.rows[i].off:], mask[i*stride:(i+1)*stride], v, flip)
		}
		return buf, gr, true
	})
}

// wrap is the producer of the cell map: apply appends the key (at n)
// as the body of the def inlined (m.fn), if any: its arguments
// evaluated first (binds), the call on the trace. Where the grid is an
// inner cell map's (src not nil), src appends its key first, as the
// call evaluates its first argument first, and apply writes it (gr).
func (m *cellMap) wrap(c *compile.Compiler, src producer, apply func(fr *engine.Frame, buf []byte, n int, gr gridOf) ([]byte, gridOf, bool)) producer {
	var set func(fr *engine.Frame)
	if m.fn != nil {
		set = c.Inl.CompileBinds(m.binds)
	}
	fn, site := m.fn, m.site
	return func(fr *engine.Frame, buf []byte) ([]byte, gridOf, bool) {
		th := fr.Th
		if fn != nil && (th.Depth+1 > th.Limits.MaxDepth || th.Stack+int64(fn.Cost) > th.MaxStack) {
			return buf, gridOf{}, false
		}
		n := len(buf)
		var gr gridOf
		if src != nil {
			var ok bool
			if buf, gr, ok = src(fr, buf); !ok {
				return buf[:n], gr, false
			}
		}
		if fn == nil {
			out, gr, ok := apply(fr, buf, n, gr)
			if !ok {
				out = out[:n]
			}
			return out, gr, ok
		}
		if set != nil {
			set(fr)
		}
		// (On the trace while it runs, as the def's call: an error
		// leaves it there for its message, as a call does.)
		th.Enter(site, fn)
		th.Calls = append(th.Calls, site)
		out, gr, ok := apply(fr, buf, n, gr)
		th.Calls = th.Calls[:len(th.Calls)-1]
		th.Leave(fn)
		if !ok {
			out = out[:n]
		}
		return out, gr, ok
	}
}

// cell reports whether e is g[r][k], g a name (the grid).
func (m *cellMap) cell(e lang.Expr) bool {
	outer, ok := e.(*lang.Index)
	if !ok || !ir.IsVar(outer.Index, m.k) {
		return false
	}
	in, ok := outer.X.(*lang.Index)
	if !ok || !ir.IsVar(in.Index, m.r) {
		return false
	}
	g, ok := in.X.(*lang.Ident)
	if !ok || m.grid != nil && resolve.Of(g) != resolve.Of(m.grid) {
		return false
	}
	m.grid = g
	return true
}

// value reports whether e is 0, 1 or 1 - X, X the cell (cell: g[r][k]
// or a list's element).
func (m *cellMap) value(e lang.Expr, cell func(lang.Expr) bool) bool {
	switch e := e.(type) {
	case *lang.IntLit:
		m.v = e.Val
		return e.Val == 0 || e.Val == 1
	case *lang.Binary:
		one, ok := e.X.(*lang.IntLit)
		m.flip = true
		return ok && one.Val == 1 && e.Op == lang.OpSub && cell(e.Y)
	}
	return false
}

// mask is the mask of the cells of h rows of w where C (cond) holds, or
// fails (m.onTrue): ent's, kept, or C evaluated cell by cell, in the
// comprehension's order, row i's bits from word i * stride (a word 64
// cells), into scratch and kept in ent (when not nil). rs is the slot of
// the rows' name (none when < 0), ks the cells'. False where C is not a
// bool at a cell.
func (m *cellMap) mask(fr *engine.Frame, ent *maskcache.Entry, scratch *[]uint64, cond engine.EvalFn, rs, ks, h, w int) ([]uint64, bool) {
	if ent != nil && ent.Known != nil {
		return ent.Pass, true
	}
	stride := (w + 63) / 64
	mask := (*scratch)[:0]
	for range h * stride {
		mask = append(mask, 0)
	}
	*scratch = mask
	var sr value.Value
	if rs >= 0 {
		sr = fr.Slots[rs]
	}
	sk := fr.Slots[ks]
	defer func() {
		if rs >= 0 {
			fr.Slots[rs] = sr
		}
		fr.Slots[ks] = sk
	}()
	for i := range h {
		for j := range w {
			if rs >= 0 {
				fr.Slots[rs] = value.Int(int64(i))
			}
			fr.Slots[ks] = value.Int(int64(j))
			cv := cond(fr)
			if cv.K != value.KBool {
				return nil, false
			}
			if cv.N != 0 == m.onTrue {
				mask[i*stride+j/64] |= 1 << (j % 64)
			}
		}
	}
	if ent != nil {
		ent.Pass, ent.Known = append([]uint64(nil), mask...), []uint64{}
	}
	return mask, true
}

// writeRow writes a row's mask (a word a 64 cells) into its bytes in a
// key, b (a byte a 8 cells): v at each cell of the mask, or each flipped.
func writeRow(b []byte, mask []uint64, v int64, flip bool) {
	for wi, word := range mask {
		for bb := 0; word != 0; bb, word = bb+1, word>>8 {
			mb := byte(word)
			switch p := 8*wi + bb; {
			case mb == 0:
			case flip:
				b[p] ^= mb
			case v == 1:
				b[p] |= mb
			default:
				b[p] &^= mb
			}
		}
	}
}

// shapeOnly reports whether es read the grid d only as len(d) or
// len(d[E]) (E not reading it).
func shapeOnly(c *compile.Compiler, d *resolve.Decl, es ...lang.Expr) bool {
	ok := true
	for _, e := range es {
		lang.Inspect(e, func(x lang.Expr) bool {
			if call, isCall := x.(*lang.Call); isCall && len(call.Args) == 1 {
				if bi := c.CalledBuiltin(call); bi != nil && bi.BName == "len" {
					arg := call.Args[0]
					if ix, isIx := arg.(*lang.Index); isIx && !ir.MentionsDecl(ix.Index, d) {
						arg = ix.X
					}
					if ir.IsVar(arg, d) {
						return false
					}
				}
			}
			if id, isID := x.(*lang.Ident); isID && resolve.Of(id) == d {
				ok = false
			}
			return ok
		})
	}
	return ok
}
