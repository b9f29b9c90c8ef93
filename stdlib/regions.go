package stdlib

import (
	"cmp"
	"math/bits"
	"slices"

	"github.com/grundy-lang/grundy/internal/cellrows"

	"github.com/grundy-lang/grundy/internal/engine"
	"github.com/grundy-lang/grundy/internal/value"
)

// The built-ins of regions: a board or graph position split into the
// parts no move connects (components), and a board region in a canonical
// form under the symmetries of the square (canon), so that a game can be
// written as the sum of its regions and memoized once per shape.
//
// Both run on every option of a board game's rule, so they build as
// little as they can: a set that is one region, or already canonical, is
// returned itself; a set of cells of rows and columns 0 .. 63 is read as
// rows of bits (value.CellRows) and the regions and images are made of
// rows (value.CellSet: their elements made only when asked for); other
// regions are made of the set's own cells; the cells are indexed in a
// grid over their bounding box (a map when the box is much larger than
// the set), and the regions found by union-find.

var regions = []*engine.Builtin{
	{BName: "components", MinArgs: 1, MaxArgs: 2, Pure: true,
		Doc: "components(S): the 4-connected regions of a set S of cells (row, column), a list of sets ordered by their least cells; components(S, ADJ): the connected parts of the vertices of S under the map ADJ (vertex to a list or set of neighbours, read both ways). Errors: a cell that is not a pair of ints; ADJ not a map.",
		Fn:  components},
	{BName: "canon", MinArgs: 1, MaxArgs: 1, Pure: true,
		Doc: "canon(S): the least (as sets are ordered) of the 8 images of a set S of cells (row, column) under the rotations and reflections of the square, each moved so that its least row and least column are 0. Errors: a cell that is not a pair of ints, or beyond 2 ** 61 from the origin.",
		Fn:  canon},
}

// cell is a board cell.
type cell struct{ r, c int64 }

func compareCells(a, b cell) int {
	if c := cmp.Compare(a.r, b.r); c != 0 {
		return c
	}
	return cmp.Compare(a.c, b.c)
}

// scanCells reads the set argument i of a call of name: its elements,
// which must be cells (row, column) of ints, and their bounding box.
func scanCells(c *engine.Call, i int, s value.Value, name string) ([]value.Value, box) {
	if s.Kind() != value.KSet {
		c.ArgFail(i, "%s needs a set of cells (row, column), found %s %s", name, s.TypeName(), value.Shown(s))
	}
	xs := s.Elems()
	var b box
	for j, x := range xs {
		c.Poll(j)
		if x.Kind() != value.KTuple || len(x.Elems()) != 2 || x.Elems()[0].Kind() != value.KInt || x.Elems()[1].Kind() != value.KInt {
			c.ArgFail(i, "%s needs cells (row, column) of ints, found %s %s", name, x.TypeName(), value.Shown(x))
		}
		r, col := x.Elems()[0].Int(), x.Elems()[1].Int()
		if j == 0 {
			b = box{r0: r, c0: col, r1: r, c1: col}
		}
		b.c0, b.c1 = min(b.c0, col), max(b.c1, col)
		b.r1 = r // (the set is sorted by row)
	}
	if len(xs) > 0 {
		if h, w := uint64(b.r1-b.r0)+1, uint64(b.c1-b.c0)+1; h != 0 && w != 0 && h <= maxBitRows && w <= 64 {
			b.h, b.w = int(h), int(w)
		}
	}
	return xs, b
}

// cellsOf is the cells xs (checked by scanCells).
func cellsOf(xs []value.Value) []cell {
	out := make([]cell, len(xs))
	for j, x := range xs {
		out[j] = cell{x.Elems()[0].Int(), x.Elems()[1].Int()}
	}
	return out
}

// box is the bounding box of a set of cells: rows r0 .. r1, columns c0 ..
// c1; h and w are its rows and columns when the cells can be bit masks,
// one a row (at most 64 columns and maxBitRows rows), else 0.
type box struct {
	r0, c0, r1, c1 int64
	h, w           int
}

// maxBitRows bounds the rows of a box whose cells are bit masks.
const maxBitRows = 1 << 16

// bits reports whether the box's cells can be bit masks.
func (b box) bits() bool { return b.h > 0 }

// rowMasks puts the cells xs of the box in rows as bit masks, a row
// each: bit c - c0 of row r - r0.
func (b box) rowMasks(rows []uint64, xs []value.Value) {
	for _, x := range xs {
		rows[x.Elems()[0].Int()-b.r0] |= 1 << (x.Elems()[1].Int() - b.c0)
	}
}

// cellSet is the set of the cells cs, which are sorted.
func cellSet(c *engine.Call, cs []cell) value.Value {
	elems := c.Alloced(len(cs))
	for _, x := range cs {
		elems = append(elems, value.Cell(x.r, x.c))
	}
	return value.SortedSet(elems)
}

// uf is a union-find over indexes.
type uf []int32

func (u uf) find(i int32) int32 {
	for u[i] != i {
		u[i] = u[u[i]]
		i = u[i]
	}
	return i
}

func (u uf) union(i, j int32) {
	i, j = u.find(i), u.find(j)
	if i < j {
		u[j] = i
	} else if j < i {
		u[i] = j
	}
}

// parts splits the elements xs of a set (sorted) into the parts of the
// union-find u: a list of sets ordered by their least elements, made of
// the elements themselves; the set s itself when it is one part.
func parts(c *engine.Call, s value.Value, xs []value.Value, u uf) value.Value {
	// label[i]: the part of element i, numbered in order of first elements.
	label := make([]int32, len(xs))
	var sizes []int
	for i := range xs {
		root := u.find(int32(i))
		if root == int32(i) {
			label[i] = int32(len(sizes))
			sizes = append(sizes, 0)
		} else {
			label[i] = label[root]
		}
		sizes[label[i]]++
	}
	if len(sizes) == 1 {
		return value.List([]value.Value{s})
	}
	all := c.Alloced(len(xs))[:len(xs)]
	sets := make([][]value.Value, len(sizes))
	at := 0
	for k, n := range sizes {
		sets[k] = all[at : at : at+n]
		at += n
	}
	for i, x := range xs {
		sets[label[i]] = append(sets[label[i]], x)
	}
	out := make([]value.Value, len(sets))
	for k, e := range sets {
		out[k] = value.SortedSet(e)
	}
	return value.List(out)
}

func components(c *engine.Call, a []value.Value) value.Value {
	if len(a) == 2 {
		return graphComponents(c, a[0], a[1])
	}
	var buf [64]uint64
	if rows, ok := value.CellRows(a[0], buf[:0]); ok {
		return rowComponents(c, a[0], rows)
	}
	xs, b := scanCells(c, 0, a[0], "components")
	if len(xs) == 0 {
		return value.List(nil)
	}
	if b.bits() {
		return bitComponents(c, a[0], xs, b)
	}
	cells := cellsOf(xs)
	u := make(uf, len(cells))
	for i := range u {
		u[i] = int32(i)
	}
	index := make(map[cell]int32, len(cells))
	for i, x := range cells {
		c.Poll(i)
		index[x] = int32(i)
		if j, ok := index[cell{x.r, x.c - 1}]; ok {
			u.union(j, int32(i))
		}
		if j, ok := index[cell{x.r - 1, x.c}]; ok {
			u.union(j, int32(i))
		}
	}
	return parts(c, a[0], xs, u)
}

// bitComponents is components(S) of the cells xs (S's elements) in a box
// of at most 64 columns, found on its rows as bit masks: each region is
// grown from its least cell not yet in a region.
func bitComponents(c *engine.Call, s value.Value, xs []value.Value, b box) value.Value {
	// (Boxes of up to 64 rows on the stack.)
	var buf [4 * 64]uint64
	var work []uint64
	if b.h <= 64 {
		work = buf[:4*b.h]
	} else {
		c.Alloc(32 * int64(b.h))
		work = make([]uint64, 4*b.h)
	}
	rows, left, region, starts := work[:b.h], work[b.h:2*b.h], work[2*b.h:3*b.h], work[3*b.h:]
	b.rowMasks(rows, xs)
	copy(left, rows)
	// The index in xs of the first cell of each row.
	for r := 1; r < len(rows); r++ {
		starts[r] = starts[r-1] + uint64(bits.OnesCount64(rows[r-1]))
	}
	var out, all []value.Value
	for r0 := range left {
		for left[r0] != 0 {
			// The region of the least cell left, in rows r0 .. r1.
			region[r0] = left[r0] & -left[r0]
			r1 := cellrows.Grow(region, left, r0)
			if r0 == 0 && r1 == len(rows)-1 && slices.Equal(region, rows) {
				return value.List([]value.Value{s})
			}
			if all == nil {
				all = c.Alloced(len(xs))
			}
			start := len(all)
			for r := r0; r <= r1; r++ {
				c.Poll(r)
				for m := region[r]; m != 0; m &= m - 1 {
					col := bits.TrailingZeros64(m)
					all = append(all, xs[int(starts[r])+bits.OnesCount64(rows[r]&(1<<col-1))])
				}
				left[r] &^= region[r]
				region[r] = 0
			}
			out = append(out, value.SortedSet(all[start:len(all):len(all)]))
		}
	}
	return value.List(out)
}

// rowComponents is components(S) of the cells of S in rows (word r, bit
// c: the cell (r, c), value.CellRows): each region, grown from its least
// cell not yet in a region, a set made of its rows (value.CellSet).
func rowComponents(c *engine.Call, s value.Value, rows []uint64) value.Value {
	if len(rows) == 0 {
		return value.List(nil)
	}
	var buf [2 * 64]uint64
	left, region := buf[:len(rows)], buf[64:64+len(rows)]
	copy(left, rows)
	var obuf [8]value.Value
	out := obuf[:0]
	for r0 := range left {
		for left[r0] != 0 {
			region[r0] = left[r0] & -left[r0]
			r1 := cellrows.Grow(region, left, r0)
			if r0 == 0 && r1 == len(rows)-1 && slices.Equal(region, rows) {
				return value.ListOf([]value.Value{s})
			}
			c.Poll(len(out))
			out = append(out, value.CellSet(region[:r1+1]))
			for r := r0; r <= r1; r++ {
				left[r] &^= region[r]
				region[r] = 0
			}
		}
	}
	return value.ListOf(out)
}

// graphComponents is components(S, ADJ): the parts of S connected by the
// edges of ADJ between vertices of S, an edge u-v counting when v is
// among ADJ[u] or u among ADJ[v].
func graphComponents(c *engine.Call, s, adj value.Value) value.Value {
	if s.Kind() != value.KSet {
		c.ArgFail(0, "components needs a set of vertices, found %s %s", s.TypeName(), value.Shown(s))
	}
	if adj.Kind() != value.KMap {
		c.ArgFail(1, "components(S, ADJ) needs a map ADJ of each vertex to its neighbours, found %s %s", adj.TypeName(), value.Shown(adj))
	}
	vs := s.Elems() // sorted: the index of a vertex is found by binary search
	if len(vs) == 0 {
		return value.List(nil)
	}
	m := adj.Map()
	u := make(uf, len(vs))
	for i := range u {
		u[i] = int32(i)
	}
	// Every edge between two vertices of S is listed at one of them: the
	// vertices of S and the keys of ADJ (both sorted) are walked together.
	k := 0
	for i, v := range vs {
		c.Poll(i)
		k += sortedFrom(m.Keys[k:], v)
		if k == len(m.Keys) {
			break
		}
		if value.Compare(m.Keys[k], v) != 0 {
			continue
		}
		ns := m.Vals[k]
		if ns.Kind() != value.KList && ns.Kind() != value.KSet && ns.Kind() != value.KTuple {
			c.ArgFail(1, "components(S, ADJ) needs the neighbours of %s as a list or set, found %s %s", value.Shown(m.Keys[k]), ns.TypeName(), value.Shown(ns))
		}
		for _, n := range ns.Elems() {
			if j, ok := slices.BinarySearchFunc(vs, n, value.Compare); ok {
				u.union(int32(i), int32(j))
			}
		}
	}
	return parts(c, s, vs, u)
}

// sortedFrom is the index of the first of the sorted xs not below v: a
// step at a time for the first few, then by binary search.
func sortedFrom(xs []value.Value, v value.Value) int {
	for i := 0; i < len(xs) && i < 4; i++ {
		if value.Compare(xs[i], v) >= 0 {
			return i
		}
	}
	if len(xs) <= 4 {
		return len(xs)
	}
	j, _ := slices.BinarySearchFunc(xs[4:], v, value.Compare)
	return 4 + j
}

// maxCanonCoord bounds the rows and columns canon moves, so that no image
// overflows.
const maxCanonCoord = 1 << 61

// canon is canon(S): of the 8 images of S under the symmetries of the
// square, translated to least row and column 0 and sorted, the least as
// sets compare (element by element, cells by row then column; all images
// have as many cells). S itself when it is that image.
func canon(c *engine.Call, a []value.Value) value.Value {
	var buf [64]uint64
	if rows, ok := value.CellRows(a[0], buf[:0]); ok {
		return canonRows(c, a[0], rows)
	}
	xs, b := scanCells(c, 0, a[0], "canon")
	if len(xs) == 0 {
		return a[0]
	}
	if max(b.r1, b.c1) > maxCanonCoord || min(b.r0, b.c0) < -maxCanonCoord {
		for _, x := range cellsOf(xs) {
			if max(x.r, x.c) > maxCanonCoord || min(x.r, x.c) < -maxCanonCoord {
				c.ArgFail(0, "canon needs cells whose row and column are within -%d .. %d, found (%d, %d)", maxCanonCoord, maxCanonCoord, x.r, x.c)
			}
		}
	}
	if b.bits() && b.h <= 64 {
		return canonBits(a[0], xs, b)
	}
	c.Alloc(int64(len(xs)) * 48)
	cells := cellsOf(xs)
	best := canonSorted(cells)
	if best == nil {
		if b.r0 == 0 && b.c0 == 0 {
			return a[0] // S is its own least image
		}
		best = cells
		for j := range best {
			best[j].r -= b.r0
			best[j].c -= b.c0
		}
	}
	return cellSet(c, best)
}

// canonBits is canon(S) of the cells xs (S's elements) in a box of at
// most 64 x 64, on bit masks (leastImage): the image a set made of its
// rows.
func canonBits(s value.Value, xs []value.Value, b box) value.Value {
	var rows, img [64]uint64
	b.rowMasks(rows[:], xs)
	n, best := cellrows.LeastImage(&rows, cellrows.Box{H: b.h, W: b.w}, &img)
	if best == 0 && b.r0 == 0 && b.c0 == 0 {
		return s // S is its own least image
	}
	return value.CellSet(img[:n])
}

// canonRows is canon(S) of the cells of S in rows (word r, bit c: the
// cell (r, c), value.CellRows), the image a set made of its rows
// (value.CellSet). The images are cached by the shape (the rows moved to
// row and column 0): the regions of a board game come back from move to
// move, here or elsewhere on the board.
func canonRows(c *engine.Call, s value.Value, rows []uint64) value.Value {
	var in [64]uint64
	b, ok := cellrows.Shape(rows, &in)
	if !ok {
		return s
	}
	e := cachesOf(c.Th).canon.entry(in[:b.H])
	if e.n == b.H && e.out.Kind() == value.KSet && slices.Equal(e.rows[:e.n], in[:b.H]) {
		return e.out
	}
	var img [64]uint64
	n, best := cellrows.LeastImage(&in, b, &img)
	v := s // S is its own least image
	if best != 0 || b.R0 != 0 || b.C0 != 0 {
		v = value.CellSet(img[:n])
	}
	if b.H <= len(e.rows) {
		e.n = copy(e.rows[:], in[:b.H])
		e.out = v
	}
	return v
}

// canonSorted is canon's least image of sorted cells by sorting each
// image (cells spread too far apart for bit masks). nil when the least is
// the identity's.
func canonSorted(cells []cell) []cell {
	best := slices.Clone(cells)
	img := make([]cell, len(cells))
	isIdentity := true
	for t := range 8 {
		minR, minC := int64(0), int64(0)
		for j, x := range cells {
			r, col := x.r, x.c
			if t&1 != 0 {
				r, col = col, r // transpose
			}
			if t&2 != 0 {
				r = -r
			}
			if t&4 != 0 {
				col = -col
			}
			img[j] = cell{r, col}
			if j == 0 || r < minR {
				minR = r
			}
			if j == 0 || col < minC {
				minC = col
			}
		}
		for j := range img {
			img[j].r -= minR
			img[j].c -= minC
		}
		slices.SortFunc(img, compareCells)
		if t == 0 {
			copy(best, img)
		} else if slices.CompareFunc(img, best, compareCells) < 0 {
			copy(best, img)
			isIdentity = false
		}
	}
	if isIdentity {
		return nil
	}
	return best
}

// caches are what the built-ins of regions keep between calls, in the
// thread (engine.Thread.Builtins).
type caches struct {
	canon rowsCache
}

// cachesOf is the caches of thread th.
func cachesOf(th *engine.Thread) *caches {
	if cc, ok := th.Builtins.(*caches); ok {
		return cc
	}
	cc := &caches{}
	th.Builtins = cc
	return cc
}

// rowsCache holds the values canon made last for shapes of up to 8 rows,
// mapped directly from a hash of their rows: a board game's regions come
// back from move to move, and an image is made once, not once an
// option.
type rowsCache struct {
	ents [1 << 11]rowsEntry
}

// rowsEntry is a set's rows (n of them) and the value made of it.
type rowsEntry struct {
	rows [8]uint64
	n    int
	out  value.Value
}

// entry is where rows are in the cache.
func (rc *rowsCache) entry(rows []uint64) *rowsEntry {
	h := uint64(len(rows))
	for _, x := range rows {
		h = (h ^ x) * 0x9e3779b97f4a7c15
	}
	return &rc.ents[h>>(64-11)]
}
