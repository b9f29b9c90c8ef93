// Package gridkey owns the options of a move rule that are a grid, a
// list (or tuple) of rows that are lists of ints 0 and 1, with a few of
// its cells set by nested updates, as a newcomer writes a move of Cram
// or Domineering:
//
//	def put(g, r, c) = update(g, r, update(g[r], c, 1))
//	game cram(g) moves cram(put(put(g, r, c), r, c + 1)) for ...
//
// Such an option, update(X, I, update(X[I], J, V)) over a local grid
// (through defs that inline, their parameters written as their
// arguments), is the grid with the cells (I, J) set to V, in order. Its
// key (value.AppendArgKey of the list: a row a bit an element) is the
// key of the grid the rule reads with those bits rewritten: the grid's
// key and the offsets of its rows' bits are read once a grid (kept by
// its identity), and each option copies the key and sets its bits, with
// no list made. Exact: the indexes and values are ints read from locals,
// literals and + - * of them (an overflow, a name that is not an int
// local: the option is built the general way); every index in range (a
// row of the grid; a cell of that row), every value 0 or 1, the grid's
// rows lists of ints 0 and 1 and its key not boxed, and the defs' nested
// calls within the limits of depth and stack: else the option is built
// the general way, which makes the same list and raises the errors where
// they are. What the general way evaluates cannot fail, count a step or
// change anything where this holds.
package gridkey

import (
	"encoding/binary"

	"github.com/grundy-lang/grundy/internal/compile"
	"github.com/grundy-lang/grundy/internal/engine"
	"github.com/grundy-lang/grundy/internal/ir"
	"github.com/grundy-lang/grundy/internal/passes"
	"github.com/grundy-lang/grundy/internal/resolve"
	"github.com/grundy-lang/grundy/internal/value"
	"github.com/grundy-lang/grundy/lang"
)

// Note is what --explain says of such an option.
const Note = "argument 1 (a grid, rows of 0s and 1s or of characters, or a list of 0s and 1s, with cells set by nested updates or rebuilt cell by cell, keyed as its key with those bits rewritten; any other value as a list) is built"

// maxWrites bounds the cells an option sets.
const maxWrites = 16

// intFn is an int read from locals and literals: false where it is not
// one (a local that is not an int, an overflow).
type intFn func(fr *engine.Frame) (int64, bool)

// write sets cell (r, c) to v; without c, row r to the base grid's.
type write struct {
	r, c, v intFn
	ch      byte // (v nil: a character written, into a row that is a string)
}

// planner recognizes an option's grid.
type planner struct {
	c      *compile.Compiler
	writes []lang.Expr // r, c, v of each write, in order
	calls  int         // the def calls inlined (their nesting at most this)
	cost   int64       // their stack cost
	base   lang.Expr
}

// Compile compiles the key of e, an option's argument, when it is a grid
// with cells set (see above): a function that appends the key to buf,
// false where the option must be built the general way. nil otherwise.
func Compile(c *compile.Compiler, e lang.Expr) func(fr *engine.Frame, buf []byte) ([]byte, bool) {
	if !c.On(passes.Grids) {
		return nil
	}
	p := &planner{c: c}
	if !p.grid(e, 0) || len(p.writes) == 0 {
		if f := compileCellMap(c, e); f != nil {
			c.Fired(passes.Grids)
			return f
		}
		return nil
	}
	slot := c.LocalSlot(p.base)
	if slot < 0 {
		return nil
	}
	ws := make([]write, 0, len(p.writes)/3)
	for k := 0; k < len(p.writes); k += 3 {
		if p.writes[k+1] == nil {
			r := intOf(c, p.writes[k])
			if r == nil {
				return nil
			}
			ws = append(ws, write{r: r})
			continue
		}
		r, cc, v := intOf(c, p.writes[k]), intOf(c, p.writes[k+1]), intOf(c, p.writes[k+2])
		if lit, ok := p.writes[k+2].(*lang.StrLit); ok && len(lit.Val) == 1 && lit.Val[0] < 0x80 && r != nil && cc != nil {
			ws = append(ws, write{r: r, c: cc, ch: lit.Val[0]})
			continue
		}
		if r == nil || cc == nil || v == nil {
			return nil
		}
		ws = append(ws, write{r: r, c: cc, v: v})
	}
	c.Fired(passes.Grids)
	calls, cost := p.calls, p.cost
	var cache gridCache
	return func(fr *engine.Frame, buf []byte) ([]byte, bool) {
		th := fr.Th
		if th.Depth+calls > th.Limits.MaxDepth || th.Stack+cost > th.MaxStack {
			return buf, false
		}
		gr, ok := cache.of(fr.Slots[slot])
		if !ok {
			return buf, false
		}
		n := len(buf)
		buf = append(buf, gr.key...)
		for i := range ws {
			w := &ws[i]
			r, ok1 := w.r(fr)
			if !ok1 || uint64(r) >= uint64(len(gr.rows)) {
				return buf[:n], false
			}
			row := gr.rows[r]
			if w.c == nil {
				copy(buf[n+row.off:n+row.off+row.width()], gr.key[row.off:])
				continue
			}
			c, ok2 := w.c(fr)
			if !ok2 || uint64(c) >= uint64(row.n) || row.chars != (w.v == nil) {
				return buf[:n], false
			}
			if row.chars {
				buf[n+row.off+int(c)] = w.ch
				continue
			}
			v, ok3 := w.v(fr)
			if !ok3 || uint64(v) > 1 {
				return buf[:n], false
			}
			if row.bytes {
				buf[n+row.off+int(c)] = value.IntSeqByte(v)
				continue
			}
			at, bit := n+row.off+int(c/8), byte(1)<<(c%8)
			buf[at] = buf[at]&^bit | byte(v)*bit
		}
		return buf, true
	}
}

// grid reads e as the base grid with writes; depth counts the defs
// inlined around it.
func (p *planner) grid(e lang.Expr, depth int) bool {
	if depth > 8 || len(p.writes) >= 3*maxWrites {
		return false
	}
	switch e := e.(type) {
	case *lang.Ident:
		if p.c.LocalSlot(e) < 0 {
			return false
		}
		p.base = e
		return true
	case *lang.Call:
		if bi := p.c.CalledBuiltin(e); bi != nil {
			if !bi.Updates || len(e.Args) != 3 {
				return false
			}
			// (The row: X[I] with cells set, update(update(X[I], J, V),
			// J2, V2), innermost first.)
			var cells []*lang.Call
			row := e.Args[2]
			for {
				in, ok := row.(*lang.Call)
				if !ok || len(in.Args) != 3 || p.c.CalledBuiltin(in) != bi || len(cells) >= maxWrites {
					break
				}
				cells, row = append(cells, in), in.Args[0]
			}
			ix, ok := row.(*lang.Index)
			if len(cells) == 0 || !ok || !ir.Same(ix.Index, e.Args[1]) {
				return false
			}
			if !p.grid(e.Args[0], depth) {
				return false
			}
			if !ir.Same(ix.X, e.Args[0]) {
				// (The row of the base grid, not of the one updated so
				// far: update(update(g, r, ...), r + 1, update(g[r + 1],
				// c, 1)) sets the row as the base has it, then its cells.)
				id, isID := ix.X.(*lang.Ident)
				base, isBase := p.base.(*lang.Ident)
				if !isID || !isBase || resolve.Of(id) != resolve.Of(base) {
					return false
				}
				p.writes = append(p.writes, e.Args[1], nil, nil)
			}
			for k := len(cells) - 1; k >= 0; k-- {
				p.writes = append(p.writes, e.Args[1], cells[k].Args[1], cells[k].Args[2])
			}
			return len(p.writes) <= 3*maxWrites
		}
		fn := p.c.Inlinable(e)
		if fn == nil || !resolve.Same(e) || !resolve.InlineShape(fn.Decl.Body) || p.c.GameCallee(e) != nil || resolve.DropsArgs(fn, e) {
			return false
		}
		p.calls++
		p.cost += int64(fn.Cost)
		return p.grid(resolve.Substitute(fn.Decl.Body, resolve.ParamIndex(fn), e.Args, resolve.SiteOf(e)), depth+1)
	}
	return false
}

// intOf compiles e, an int of locals, literals and + - * of them; nil
// for any other expression.
func intOf(c *compile.Compiler, e lang.Expr) intFn {
	switch e := e.(type) {
	case *lang.IntLit:
		n := e.Val
		return func(*engine.Frame) (int64, bool) { return n, true }
	case *lang.Ident:
		slot := c.LocalSlot(e)
		if slot < 0 {
			return nil
		}
		if b := c.Lookup(e); b != nil && b.Kind == resolve.Local && b.IsInt {
			// (An int local, as the compiler's int code reads it.)
			return func(fr *engine.Frame) (int64, bool) { return fr.Slots[slot].N, true }
		}
		return func(fr *engine.Frame) (int64, bool) {
			v := fr.Slots[slot]
			return v.N, v.K == value.KInt
		}
	case *lang.Binary:
		x, y := intOf(c, e.X), intOf(c, e.Y)
		if x == nil || y == nil {
			return nil
		}
		switch e.Op {
		case lang.OpAdd:
			return func(fr *engine.Frame) (int64, bool) {
				a, ok1 := x(fr)
				b, ok2 := y(fr)
				s := a + b
				return s, ok1 && ok2 && (s > a) == (b > 0)
			}
		case lang.OpSub:
			return func(fr *engine.Frame) (int64, bool) {
				a, ok1 := x(fr)
				b, ok2 := y(fr)
				s := a - b
				return s, ok1 && ok2 && (s < a) == (b > 0)
			}
		case lang.OpMul:
			return func(fr *engine.Frame) (int64, bool) {
				a, ok1 := x(fr)
				b, ok2 := y(fr)
				const lim = 1 << 31
				return a * b, ok1 && ok2 && a > -lim && a < lim && b > -lim && b < lim
			}
		}
	}
	return nil
}

// rowAt is a row of a grid: its length and the offset of its bits in
// the grid's key; bytes: a tuple, a byte a cell (value.IntSeqByte).
type rowAt struct {
	n, off int
	bytes  bool
	chars  bool // a string of ASCII characters, a byte each
}

// width is the bytes of row r's cells in a key.
func (r rowAt) width() int {
	if r.bytes || r.chars {
		return r.n
	}
	return (r.n + 7) / 8
}

// gridOf is a grid's key and its rows.
type gridOf struct {
	key   []byte
	rows  []rowAt // (none where key is not a grid's)
	tuple bool
	base  value.Value // the grid read (a cell map's: the base grid's)
}

// gridCache is the grid last read (by its identity: a list never
// changes, and the cache keeps it alive).
type gridCache struct {
	ref any
	g   gridOf
	ok  bool
}

// of is the grid of v, if it is a list or tuple of lists of ints 0 and 1
// whose key is not boxed.
func (gc *gridCache) of(v value.Value) (gridOf, bool) {
	if v.K != value.KList && v.K != value.KTuple {
		return gridOf{}, false
	}
	if v.Ref != gc.ref {
		gc.ref = v.Ref
		gc.g, gc.ok = readGrid(v, gc.g)
		gc.g.base = v
	}
	return gc.g, gc.ok
}

// readGrid reads grid v (into g's buffers). A grid of the shape of the
// one g holds (as many rows, each as long; a list where g's is a list)
// has the same key but for the rows' bits: those are rewritten.
func readGrid(v value.Value, g gridOf) (gridOf, bool) {
	rows := v.Elems()
	if len(rows) == 0 || len(rows) != len(g.rows) || g.tuple != (v.K == value.KTuple) {
		return readNew(v, g)
	}
	for i, r := range rows {
		if g.rows[i].chars {
			if r.K != value.KStr || len(r.Str()) != g.rows[i].n || !r.ASCII() {
				return readNew(v, g)
			}
			continue
		}
		if r.K != value.KList && !g.rows[i].bytes || r.K != value.KTuple && g.rows[i].bytes || len(r.Elems()) != g.rows[i].n {
			return readNew(v, g)
		}
	}
	for i, r := range rows {
		var acc byte
		at := g.rows[i].off
		if g.rows[i].chars {
			copy(g.key[at:], r.Str())
			continue
		}
		es := r.Elems()
		if g.rows[i].bytes {
			for j, x := range es {
				if x.K != value.KInt || uint64(x.N) > 1 {
					return g, false
				}
				g.key[at+j] = value.IntSeqByte(x.N)
			}
			continue
		}
		for j, x := range es {
			if x.K != value.KInt || uint64(x.N) > 1 {
				return g, false
			}
			acc |= byte(x.N) << (j % 8)
			if j%8 == 7 || j == len(es)-1 {
				g.key[at] = acc
				at, acc = at+1, 0
			}
		}
	}
	return g, true
}

// readNew reads grid v from its key.
func readNew(v value.Value, g gridOf) (gridOf, bool) {
	rows := v.Elems()
	key, boxed := value.AppendArgKey(g.key[:0], v, value.MaxKeyBytes)
	g.key, g.rows, g.tuple = key, g.rows[:0], v.K == value.KTuple
	if boxed || len(rows) == 0 {
		return g, false
	}
	// The rows' keys end the key: a tag, the length and the bits of each.
	size := 0
	for _, r := range rows {
		if r.K == value.KStr && r.ASCII() {
			// (A string: its tag, its length, a byte a character.)
			size += 1 + uvarintLen(len(r.Str())) + len(r.Str())
			continue
		}
		if r.K != value.KList && r.K != value.KTuple {
			return g, false
		}
		for _, x := range r.Elems() {
			if x.K != value.KInt || uint64(x.N) > 1 {
				return g, false
			}
		}
		n := len(r.Elems())
		if r.K == value.KTuple {
			// (A tuple of 0s and 1s: its tag, its length, a byte each.)
			if n >= 128 {
				return g, false
			}
			size += value.IntSeqByteAt + n
			continue
		}
		size += 1 + uvarintLen(n) + (n+7)/8
	}
	off := len(key) - size
	if off < 0 {
		return g, false
	}
	for _, r := range rows {
		if r.K == value.KStr {
			n := len(r.Str())
			m, w := binary.Uvarint(key[off+1:])
			if key[off] != strTag || m != uint64(n) || w <= 0 {
				g.rows = g.rows[:0]
				return g, false
			}
			g.rows = append(g.rows, rowAt{n: n, off: off + 1 + w, chars: true})
			off += 1 + w + n
			continue
		}
		n := len(r.Elems())
		if r.K == value.KTuple {
			if key[off] != value.TagIntTuple || int(key[off+1]) != n {
				g.rows = g.rows[:0]
				return g, false
			}
			g.rows = append(g.rows, rowAt{n: n, off: off + value.IntSeqByteAt, bytes: true})
			off += value.IntSeqByteAt + n
			continue
		}
		// (Each a tag, its length and its bits, as value.AppendBitWord
		// writes them.)
		m, w := binary.Uvarint(key[off+1:])
		if key[off] != value.TagBitList || m != uint64(n) || w <= 0 {
			g.rows = g.rows[:0]
			return g, false
		}
		g.rows = append(g.rows, rowAt{n: n, off: off + 1 + w})
		off += 1 + w + (n+7)/8
	}
	if off != len(key) {
		g.rows = g.rows[:0]
		return g, false
	}
	return g, true
}

// strTag is the tag of a string's key in a list's (its first byte).
var strTag = func() byte {
	k, _ := value.AppendArgKey(nil, value.Str("a"), value.MaxKeyBytes)
	return k[0]
}()

// uvarintLen is the bytes of n as a uvarint.
func uvarintLen(n int) int {
	var b [binary.MaxVarintLen64]byte
	return binary.PutUvarint(b[:], uint64(n))
}
