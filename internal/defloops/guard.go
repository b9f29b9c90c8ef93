package defloops

import (
	"fmt"
	"math/bits"
	"sync"

	"github.com/grundy-lang/grundy/internal/engine"
	"github.com/grundy-lang/grundy/internal/resolve"
	"github.com/grundy-lang/grundy/internal/value"
	"github.com/grundy-lang/grundy/lang"
)

// cellTest is the guard of a fused generator on one collection: whether
// it is a set or a list whose elements are tuples of ints, each at most
// t in size, of width ints (exactly, or at least: exact false; width 0:
// any elements at all). It cannot fail.
type cellTest struct {
	width int
	exact bool
	t     int64
	set   bool // a set, not a list
	// The ids of a universe already tested (a set decoded from a key of
	// its ids is tested by its bits: an element once).
	mu        sync.Mutex
	u         *value.Universe
	seen, bad []uint64
}

// call is the test of c on root, as a call of a built-in no program can
// name.
func (c *cellTest) call(root *lang.Ident, pos lang.Pos) lang.Expr {
	bi := &engine.Builtin{BName: "cells in " + root.Name, MinArgs: 1, MaxArgs: 1, Pure: true,
		Doc: fmt.Sprintf("the guard of a fused def's loop: whether %s is a set or list of tuples of %d ints each at most %d in size", root.Name, c.width, c.t),
		Fn: func(_ *engine.Call, a []value.Value) value.Value {
			return value.Bool(c.holds(a[0]))
		}}
	d := &resolve.Decl{Name: bi.BName, Kind: resolve.Builtin, Bi: bi}
	id := &lang.Ident{Pos: pos, Name: root.Name, Bind: root.Bind}
	return &lang.Call{Pos: pos, Fn: &lang.Ident{Pos: pos, Name: bi.BName, Bind: d}, Args: []lang.Expr{id}}
}

// holds reports whether v passes the test.
func (c *cellTest) holds(v value.Value) bool {
	switch v.K {
	case value.KSet:
		if c.width == 0 {
			return true
		}
		if u, w, ok := value.Uni(v); ok {
			return c.uniHolds(u, w)
		}
	case value.KList:
		if c.set {
			return false
		}
		if c.width == 0 {
			return true
		}
	default:
		return false
	}
	for _, e := range v.Elems() {
		if !c.cell(e) {
			return false
		}
	}
	return true
}

// cell reports whether e is a tuple the test allows.
func (c *cellTest) cell(e value.Value) bool {
	if e.K != value.KTuple {
		return false
	}
	xs := e.Elems()
	if len(xs) < c.width || c.exact && len(xs) != c.width {
		return false
	}
	for _, x := range xs {
		if x.K != value.KInt || x.N > c.t || x.N < -c.t {
			return false
		}
	}
	return true
}

// uniHolds tests the elements of universe u whose ids are the bits of w,
// each id once for the universe last seen.
func (c *cellTest) uniHolds(u *value.Universe, w []uint64) bool {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.u != u {
		c.u, c.seen, c.bad = u, c.seen[:0], c.bad[:0]
	}
	for len(c.seen) < len(w) {
		c.seen, c.bad = append(c.seen, 0), append(c.bad, 0)
	}
	for i, x := range w {
		for m := x &^ c.seen[i]; m != 0; m &= m - 1 {
			j := bits.TrailingZeros64(m)
			if !c.cell(u.Elem(i*64 + j)) {
				c.bad[i] |= 1 << j
			}
			c.seen[i] |= 1 << j
		}
		if x&c.bad[i] != 0 {
			return false
		}
	}
	return true
}
