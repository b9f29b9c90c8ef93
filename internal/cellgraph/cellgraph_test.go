package cellgraph

import (
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/grundy-lang/grundy/internal/value"
)

// randomGraph is a random map of cells of a rows x cols box (and a few
// cells past it, and values that are not cells of 0 .. 63) to lists or
// sets of cells anywhere in the box, not symmetric; adj holds its edges
// between cells of the box (either way).
func randomGraph(r *rand.Rand, rows, cols int) (m *value.Map, adj map[[2]int]bool) {
	m, adj = &value.Map{}, map[[2]int]bool{}
	cell := func() (int, int) { return r.IntN(rows), r.IntN(cols) }
	keys := map[int]bool{}
	for range rows * cols {
		kr, kc := cell()
		if keys[kr<<6|kc] {
			continue
		}
		keys[kr<<6|kc] = true
		var ns []value.Value
		for range r.IntN(5) {
			nr, nc := cell()
			if r.IntN(3) == 0 { // a neighbour of the grid
				nr, nc = kr+r.IntN(3)-1, kc
			}
			ns = append(ns, value.Cell(int64(nr), int64(nc)))
			adj[[2]int{kr<<6 | kc, nr<<6 | nc}], adj[[2]int{nr<<6 | nc, kr<<6 | kc}] = true, true
		}
		ns = append(ns, value.Cell(70, 1), value.Int(3))
		v := value.List(ns)
		if r.IntN(2) == 0 {
			v = value.SetOf(ns)
		}
		m.Keys, m.Vals = append(m.Keys, value.Cell(int64(kr), int64(kc))), append(m.Vals, v)
	}
	m.Keys, m.Vals = append(m.Keys, value.Cell(-1, 2), value.Int(7)), append(m.Vals, value.Int(1), value.List([]value.Value{value.Cell(0, 0)}))
	return m, adj
}

// refRegions is the regions of the cells of rows under adj, by a flood
// fill a cell at a time, in the order of their least cells.
func refRegions(rows []uint64, adj map[[2]int]bool) [][]uint64 {
	left := slices.Clone(rows)
	var out [][]uint64
	for r0 := range left {
		for left[r0] != 0 {
			c0 := 0
			for left[r0]>>c0&1 == 0 {
				c0++
			}
			region := make([]uint64, len(rows))
			stack := []int{r0<<6 | c0}
			left[r0] &^= 1 << c0
			region[r0] |= 1 << c0
			for len(stack) > 0 {
				u := stack[len(stack)-1]
				stack = stack[:len(stack)-1]
				for r := range left {
					for c := range 64 {
						if left[r]>>c&1 != 0 && adj[[2]int{u, r<<6 | c}] {
							left[r] &^= 1 << c
							region[r] |= 1 << c
							stack = append(stack, r<<6|c)
						}
					}
				}
			}
			last := len(region)
			for region[last-1] == 0 {
				last--
			}
			out = append(out, region[:last])
		}
	}
	return out
}

// TestSplitterRegions: the splitter's regions are a flood fill's, in its
// order, on random graphs of cells (not symmetric, with keys and
// neighbours that are not cells of 0 .. 63) and random sets.
func TestSplitterRegions(t *testing.T) {
	r := rand.New(rand.NewPCG(29, 8))
	for i := range 300 {
		rows, cols := 1+r.IntN(10), 1+r.IntN(64)
		if i%10 == 0 {
			rows = 1 + r.IntN(64)
		}
		m, adj := randomGraph(r, rows, cols)
		g := FromMap(m)
		for range 5 {
			set := make([]uint64, rows)
			for k := range set {
				set[k] = r.Uint64() & (1<<cols - 1) & r.Uint64()
				if cols == 64 {
					set[k] = r.Uint64() & r.Uint64()
				}
			}
			var s Splitter
			if !s.Reset(g, set) {
				t.Fatalf("a graph of collections: Reset false")
			}
			var got [][]uint64
			for x := s.Next(); x != nil; x = s.Next() {
				last := len(x)
				for x[last-1] == 0 {
					last--
				}
				got = append(got, slices.Clone(x[:last]))
			}
			want := refRegions(set, adj)
			if !slices.EqualFunc(got, want, slices.Equal) {
				t.Fatalf("regions of %x:\n got %x\nwant %x", set, got, want)
			}
		}
	}
}

// TestSplitterBad: a set that holds a cell whose neighbours are not a
// collection is refused; one that does not hold it is split.
func TestSplitterBad(t *testing.T) {
	m := &value.Map{
		Keys: []value.Value{value.Cell(0, 0), value.Cell(0, 1), value.Cell(2, 3)},
		Vals: []value.Value{value.List([]value.Value{value.Cell(0, 1)}), value.Tuple([]value.Value{value.Cell(0, 0)}), value.Int(4)},
	}
	g := FromMap(m)
	var s Splitter
	if s.Reset(g, []uint64{1, 0, 1 << 3}) {
		t.Errorf("Reset of a set with (2, 3): true, want false")
	}
	if !s.Reset(g, []uint64{3, 0, 1 << 2}) {
		t.Fatalf("Reset of a set without (2, 3): false")
	}
	if x := s.Next(); !slices.Equal(x, []uint64{3}) {
		t.Errorf("first region %x, want [3]", x)
	}
	if x := s.Next(); !slices.Equal(x, []uint64{0, 0, 4}) {
		t.Errorf("second region %x, want [0 0 4]", x)
	}
	if x := s.Next(); x != nil {
		t.Errorf("third region %x, want none", x)
	}
}

// gridMap is the map of the cells of keys (rows) to their 4 neighbours
// among them, with a neighbour past them for some (an edge that counts
// only for a set with cells that are not keys), and adj its edges.
func gridMap(r *rand.Rand, keys []uint64) (*value.Map, map[[2]int]bool) {
	m, adj := &value.Map{}, map[[2]int]bool{}
	in := func(rr, c int) bool { return rr >= 0 && rr < len(keys) && c >= 0 && c < 64 && keys[rr]>>c&1 != 0 }
	for rr := range keys {
		for c := range 64 {
			if !in(rr, c) {
				continue
			}
			var ns []value.Value
			for _, d := range [][2]int{{-1, 0}, {1, 0}, {0, -1}, {0, 1}} {
				nr, nc := rr+d[0], c+d[1]
				if in(nr, nc) {
					ns = append(ns, value.Cell(int64(nr), int64(nc)))
					adj[[2]int{rr<<6 | c, nr<<6 | nc}] = true
				} else if r.IntN(3) == 0 {
					ns = append(ns, value.Cell(int64(nr), int64(nc)))
					if nr >= 0 && nc >= 0 && nc < 64 {
						adj[[2]int{rr<<6 | c, nr<<6 | nc}], adj[[2]int{nr<<6 | nc, rr<<6 | c}] = true, true
					}
				}
			}
			m.Keys, m.Vals = append(m.Keys, value.Cell(int64(rr), int64(c))), append(m.Vals, value.List(ns))
		}
	}
	return m, adj
}

// TestSplitterGrid: a map of each key to its 4 neighbours among the keys
// is a grid, and its regions (the 4-connected ones, for a set of keys)
// are a flood fill's; a map with an edge more (a diagonal, a cell to
// itself) or less is not a grid, and its regions are a flood fill's too;
// so are those of a set with cells that are not keys.
func TestSplitterGrid(t *testing.T) {
	r := rand.New(rand.NewPCG(11, 12))
	for i := range 200 {
		rows, cols := 1+r.IntN(6), 1+r.IntN(64)
		keys := make([]uint64, rows)
		for k := range keys {
			keys[k] = (r.Uint64() | r.Uint64()) & (1<<cols - 1)
			if cols == 64 {
				keys[k] = r.Uint64() | r.Uint64()
			}
		}
		m, adj := gridMap(r, keys)
		if len(m.Keys) < 2 {
			continue
		}
		wantGrid := true
		switch i % 4 {
		case 1: // an edge more
			k := r.IntN(len(m.Keys))
			p := m.Keys[k].Elems()
			dr := int64(r.IntN(3) - 1)
			nr, nc := p[0].N+dr, p[1].N+1
			m.Vals[k] = value.List(append(append([]value.Value{}, m.Vals[k].Elems()...), value.Cell(nr, nc)))
			if b, ok := cellID(value.Cell(nr, nc)); ok {
				u, _ := cellID(m.Keys[k])
				adj[[2]int{u, b}], adj[[2]int{b, u}] = true, true
				if dr != 0 && b>>6 < len(keys) && keys[b>>6]>>(b&63)&1 != 0 {
					wantGrid = false // a diagonal
				}
			}
		case 3: // a cell its own neighbour
			k := r.IntN(len(m.Keys))
			m.Vals[k] = value.List(append(append([]value.Value{}, m.Vals[k].Elems()...), m.Keys[k]))
			wantGrid = false
		case 2: // an edge less, both ways
			k := r.IntN(len(m.Keys))
			u, _ := cellID(m.Keys[k])
			if ns := m.Vals[k].Elems(); len(ns) > 0 {
				v, _ := cellID(ns[0])
				if adj[[2]int{u, v}] && v>>6 < len(keys) && keys[v>>6]>>(v&63)&1 != 0 {
					delete(adj, [2]int{u, v})
					delete(adj, [2]int{v, u})
					m.Vals[k] = value.List(ns[1:])
					for j, key := range m.Keys {
						if w, _ := cellID(key); w == v {
							m.Vals[j] = value.List(slices.DeleteFunc(slices.Clone(m.Vals[j].Elems()), func(x value.Value) bool {
								y, _ := cellID(x)
								return y == u
							}))
						}
					}
					wantGrid = false
				}
			}
		}
		g := FromMap(m)
		if g.grid != wantGrid {
			t.Fatalf("case %d: grid %v, want %v", i, g.grid, wantGrid)
		}
		for j := range 5 {
			set := make([]uint64, rows)
			for k := range set {
				set[k] = keys[k] & r.Uint64()
				if j == 4 {
					set[k] |= r.Uint64() & r.Uint64() & r.Uint64() // cells that are not keys
				}
			}
			var s Splitter
			s.Reset(g, set)
			var got [][]uint64
			for x := s.Next(); x != nil; x = s.Next() {
				last := len(x)
				for x[last-1] == 0 {
					last--
				}
				got = append(got, slices.Clone(x[:last]))
			}
			if want := refRegions(set, adj); !slices.EqualFunc(got, want, slices.Equal) {
				t.Fatalf("case %d: regions of %x:\n got %x\nwant %x", i, set, got, want)
			}
		}
	}
}
