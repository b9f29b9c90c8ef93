package gridkey

import (
	"encoding/binary"

	"github.com/grundy-lang/grundy/internal/compile"
	"github.com/grundy-lang/grundy/internal/engine"
	"github.com/grundy-lang/grundy/internal/ir"
	"github.com/grundy-lang/grundy/internal/maskcache"
	"github.com/grundy-lang/grundy/internal/maskedit"
	"github.com/grundy-lang/grundy/internal/purecond"
	"github.com/grundy-lang/grundy/internal/resolve"
	"github.com/grundy-lang/grundy/internal/value"
	"github.com/grundy-lang/grundy/lang"
)

// Cell lines: a list of 0s and 1s rebuilt element by element, the cell
// maps' rows alone (see cellmap.go),
//
//	[if j <= k and k <= i then 1 - b[k] else b[k] for k in 0 .. len(b) - 1]
//	[if k == i or k == (i + 1) % len(b) then 0 else x for (k, x) in enumerate(b)]
//
// is the list's key with the bits of C's elements written; C may read
// the list's length (len(b): its masks are kept per length too), not
// the list. Exact as a cell map is: the range is 0 .. len(b) - 1 (its
// ends evaluated as the comprehension evaluates them), b a list of 0s
// and 1s, C a bool at each element.

// line compiles the key of body when it is a cell line; nil otherwise.
func (m *cellMap) line(c *compile.Compiler, body lang.Expr) func(fr *engine.Frame, buf []byte) ([]byte, bool) {
	comp, ok := body.(*lang.Comp)
	if !ok || comp.Kind != lang.ListComp || len(comp.Clauses) != 1 {
		return nil
	}
	f, ok := comp.Clauses[0].(*lang.ForClause)
	if !ok {
		return nil
	}
	var elemName *lang.Name // (enumerate's element)
	switch {
	case !f.Target.Tuple && len(f.Target.Names) == 1:
		rg, ok := f.Iter.(*lang.Binary)
		if !ok || rg.Op != lang.OpRange {
			return nil
		}
		if maskedit.Recognize(c, comp, rg, f.Target.Names[0]) != nil {
			return nil // (package maskedit's: a value put where C holds)
		}
		m.k0, m.k1 = rg.X, rg.Y
	case f.Target.Tuple && len(f.Target.Names) == 2:
		call, ok := f.Iter.(*lang.Call)
		if bi := c.CalledBuiltin(call); !ok || bi == nil || bi.BName != "enumerate" || len(call.Args) != 1 {
			return nil
		}
		g, ok := call.Args[0].(*lang.Ident)
		if !ok {
			return nil
		}
		m.grid, elemName = g, f.Target.Names[1]
	default:
		return nil
	}
	m.kn = f.Target.Names[0]
	m.k = resolve.NameDecl(m.kn)
	ie, ok := comp.Body.(*lang.IfExpr)
	if !ok || m.k == nil {
		return nil
	}
	elem := func(e lang.Expr) bool {
		if elemName != nil {
			return ir.IsVar(e, resolve.NameDecl(elemName))
		}
		ix, ok := e.(*lang.Index)
		if !ok || !ir.IsVar(ix.Index, m.k) {
			return false
		}
		g, ok := ix.X.(*lang.Ident)
		if !ok || m.grid != nil && resolve.Of(g) != resolve.Of(m.grid) {
			return false
		}
		m.grid = g
		return true
	}
	switch {
	case elem(ie.Else) && m.value(ie.Then, elem):
		m.onTrue = true
	case elem(ie.Then) && m.value(ie.Else, elem):
	default:
		return nil
	}
	m.cond = ie.Cond
	gd := resolve.Of(m.grid)
	for _, x := range []lang.Expr{m.k0, m.k1, m.cond} {
		if x != nil && !purecond.Plain(c, x, m.k) {
			return nil
		}
	}
	if readsBeyondLen(c, m.cond, gd) || elemName != nil && ir.MentionsDecl(m.cond, resolve.NameDecl(elemName)) {
		return nil
	}
	gslot := c.LocalSlot(m.grid)
	kb := c.Var(m.kn)
	if gslot < 0 || kb == nil || kb.Kind != resolve.Local {
		return nil
	}
	ks := kb.Slot
	locals, lets := purecond.Names(c, []lang.Expr{m.cond}, ks, gslot)
	var k0, k1 engine.EvalFn
	if m.k0 != nil {
		k0, k1 = c.Vals.Expr(m.k0), c.Vals.Expr(m.k1)
	}
	cond := c.Vals.Expr(m.cond)
	v, flip := m.v, m.flip
	var lc lineCache
	masks := maskcache.New()
	var scratch []uint64
	prod := m.wrap(c, nil, func(fr *engine.Frame, buf []byte, n int, _ gridOf) ([]byte, gridOf, bool) {
		if k0 != nil {
			a, b := k0(fr), k1(fr)
			if a.K != value.KInt || b.K != value.KInt || a.N != 0 {
				return buf, gridOf{}, false
			}
			if !lc.of(fr.Slots[gslot]) || b.N != int64(lc.n)-1 {
				return buf, gridOf{}, false
			}
		} else if !lc.of(fr.Slots[gslot]) {
			return buf, gridOf{}, false
		}
		mask, ok := m.mask(fr, masks.Entry(fr, 0, nil, locals, lets, int64(lc.n)), &scratch, cond, -1, ks, 1, lc.n)
		if !ok {
			return buf, gridOf{}, false
		}
		buf = append(buf, lc.key...)
		writeRow(buf[n+lc.off:], mask, v, flip)
		return buf, gridOf{}, true
	})
	return func(fr *engine.Frame, buf []byte) ([]byte, bool) {
		out, _, ok := prod(fr, buf)
		return out, ok
	}
}

// readsBeyondLen reports whether e reads the name d declares other than
// as len(d).
func readsBeyondLen(c *compile.Compiler, e lang.Expr, d *resolve.Decl) bool {
	found := false
	lang.Inspect(e, func(x lang.Expr) bool {
		if call, ok := x.(*lang.Call); ok && len(call.Args) == 1 && ir.IsVar(call.Args[0], d) {
			if bi := c.CalledBuiltin(call); bi != nil && bi.BName == "len" {
				return false
			}
		}
		if id, ok := x.(*lang.Ident); ok && resolve.Of(id) == d {
			found = true
		}
		return !found
	})
	return found
}

// lineCache is the list of 0s and 1s read last (by its identity): its
// key, its length and the offset of its bits in the key.
type lineCache struct {
	ref    any
	key    []byte
	n, off int
	ok     bool
}

// of reads v, reporting whether it is a list of 0s and 1s keyed a bit
// an element.
func (lc *lineCache) of(v value.Value) bool {
	if v.K != value.KList {
		return false
	}
	if v.Ref == lc.ref {
		return lc.ok
	}
	lc.ref, lc.ok = v.Ref, false
	es := v.Elems()
	for _, x := range es {
		if x.K != value.KInt || uint64(x.N) > 1 {
			return false
		}
	}
	key, boxed := value.AppendArgKey(lc.key[:0], v, value.MaxKeyBytes)
	lc.key = key
	n := len(es)
	if boxed || len(key) == 0 || key[0] != value.TagBitList {
		return false
	}
	m, w := binary.Uvarint(key[1:])
	if w <= 0 || m != uint64(n) || len(key) != 1+w+(n+7)/8 {
		return false
	}
	lc.n, lc.off, lc.ok = n, 1+w, true
	return true
}
