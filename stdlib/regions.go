package stdlib

import (
	"cmp"
	"slices"

	"github.com/grundy-lang/grundy/internal/engine"
	"github.com/grundy-lang/grundy/internal/value"
)

// The built-ins of regions: a board or graph position split into the
// parts no move connects (components), and a board region in a canonical
// form under the symmetries of the square (canon), so that a game can be
// written as the sum of its regions and memoized once per shape.

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

// cellsOf reads the cells of the set argument i of a call of name.
func cellsOf(c *engine.Call, i int, s value.Value, name string) []cell {
	if s.Kind() != value.KSet {
		c.ArgFail(i, "%s needs a set of cells (row, column), found %s %s", name, s.TypeName(), value.Shown(s))
	}
	xs := s.Elems()
	c.Alloc(int64(len(xs)) * 16)
	out := make([]cell, len(xs))
	for j, x := range xs {
		c.Poll(j)
		if x.Kind() != value.KTuple || len(x.Elems()) != 2 || x.Elems()[0].Kind() != value.KInt || x.Elems()[1].Kind() != value.KInt {
			c.ArgFail(i, "%s needs cells (row, column) of ints, found %s %s", name, x.TypeName(), value.Shown(x))
		}
		out[j] = cell{x.Elems()[0].Int(), x.Elems()[1].Int()}
	}
	return out
}

// cellSet is the set of the cells cs, sorted as the language sorts them.
func cellSet(c *engine.Call, cs []cell) value.Value {
	slices.SortFunc(cs, compareCells)
	elems := c.Alloced(len(cs))
	for _, x := range cs {
		elems = append(elems, value.Tuple([]value.Value{value.Int(x.r), value.Int(x.c)}))
	}
	return value.Value{K: value.KSet, Ref: &value.Set{Elems: elems}}
}

func components(c *engine.Call, a []value.Value) value.Value {
	if len(a) == 2 {
		return graphComponents(c, a[0], a[1])
	}
	cells := cellsOf(c, 0, a[0], "components")
	index := make(map[cell]int, len(cells))
	for j, x := range cells {
		index[x] = j
	}
	// Breadth-first from each cell not yet reached, in ascending order:
	// the regions come ordered by their least cells.
	seen := make([]bool, len(cells))
	var out []value.Value
	var queue []int
	for start := range cells {
		if seen[start] {
			continue
		}
		seen[start] = true
		queue = append(queue[:0], start)
		for k := 0; k < len(queue); k++ {
			c.Poll(k)
			x := cells[queue[k]]
			for _, n := range [4]cell{{x.r - 1, x.c}, {x.r + 1, x.c}, {x.r, x.c - 1}, {x.r, x.c + 1}} {
				if j, ok := index[n]; ok && !seen[j] {
					seen[j] = true
					queue = append(queue, j)
				}
			}
		}
		region := make([]cell, len(queue))
		for k, j := range queue {
			region[k] = cells[j]
		}
		out = append(out, cellSet(c, region))
	}
	return value.List(out)
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
	find := func(v value.Value) (int, bool) { return slices.BinarySearchFunc(vs, v, value.Compare) }
	m := adj.Map()
	// The edges among S, both ways.
	nbrs := make([][]int, len(vs))
	for k, key := range m.Keys {
		c.Poll(k)
		u, ok := find(key)
		if !ok {
			continue
		}
		ns := m.Vals[k]
		if ns.Kind() != value.KList && ns.Kind() != value.KSet && ns.Kind() != value.KTuple {
			c.ArgFail(1, "components(S, ADJ) needs the neighbours of %s as a list or set, found %s %s", value.Shown(key), ns.TypeName(), value.Shown(ns))
		}
		for _, n := range ns.Elems() {
			if v, ok := find(n); ok && v != u {
				nbrs[u] = append(nbrs[u], v)
				nbrs[v] = append(nbrs[v], u)
			}
		}
	}
	seen := make([]bool, len(vs))
	var out []value.Value
	var queue []int
	for start := range vs {
		if seen[start] {
			continue
		}
		seen[start] = true
		queue = append(queue[:0], start)
		for k := 0; k < len(queue); k++ {
			c.Poll(k)
			for _, v := range nbrs[queue[k]] {
				if !seen[v] {
					seen[v] = true
					queue = append(queue, v)
				}
			}
		}
		slices.Sort(queue)
		part := c.Alloced(len(queue))
		for _, j := range queue {
			part = append(part, vs[j])
		}
		out = append(out, value.Value{K: value.KSet, Ref: &value.Set{Elems: part}})
	}
	return value.List(out)
}

// maxCanonCoord bounds the rows and columns canon moves, so that no image
// overflows.
const maxCanonCoord = 1 << 61

// canon is canon(S): of the 8 images of S under the symmetries of the
// square, translated to least row and column 0 and sorted, the least as
// sets compare (element by element, cells by row then column; all images
// have as many cells).
func canon(c *engine.Call, a []value.Value) value.Value {
	cells := cellsOf(c, 0, a[0], "canon")
	for _, x := range cells {
		if max(x.r, x.c) > maxCanonCoord || min(x.r, x.c) < -maxCanonCoord {
			c.ArgFail(0, "canon needs cells whose row and column are within -%d .. %d, found (%d, %d)", maxCanonCoord, maxCanonCoord, x.r, x.c)
		}
	}
	if len(cells) == 0 {
		return a[0]
	}
	best := make([]cell, len(cells))
	img := make([]cell, len(cells))
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
		if t == 0 || slices.CompareFunc(img, best, compareCells) < 0 {
			copy(best, img)
		}
	}
	return cellSet(c, best)
}
