package eval

import (
	"github.com/grundy-lang/grundy/eval/loopy"
)

// lnode is a position in the region the loopy solver handles.
type lnode struct {
	g       *Game
	r       uint64
	index   int32
	low     int32
	onStack bool
	next    int
	succ    []int32
	opts    []Value
}

// solveLoopy computes every position reachable from position r0 of g0 that
// the fast search could not: Tarjan's algorithm finds the strongly
// connected components of the positions that reach a cycle, in reverse
// topological order, and each component is labelled with the generalized
// SG function (package loopy), its options outside it being known by then.
// Positions that reach no cycle are still computed by the fast search.
func (e *Engine) solveLoopy(g0 *Game, r0 uint64) {
	var nodes []lnode
	ids := map[posKey]int32{}
	var tstack, calls []int32
	index := int32(0)
	ok := false
	defer func() {
		if !ok {
			for _, n := range nodes {
				if n.g.state(n.r) == stLoopy {
					n.g.setState(n.r, stUnknown)
				}
			}
		}
	}()
	node := func(g *Game, r uint64) int32 {
		k := posKey{g, r}
		if id, ok := ids[k]; ok {
			return id
		}
		id := int32(len(nodes))
		nodes = append(nodes, lnode{g: g, r: r, index: -1})
		ids[k] = id
		return id
	}
	open := func(v int32) {
		n := &nodes[v]
		n.index, n.low = index, index
		index++
		n.onStack = true
		tstack = append(tstack, v)
		calls = append(calls, v)
		if n.g.state(n.r) == stUnknown {
			n.g.setState(n.r, stLoopy)
		}
		opts := e.options(n.g, n.r)
		var succ []int32
		for _, o := range opts {
			for _, p := range o.Parts() {
				if p.k != KPos {
					continue
				}
				pg, pr := posRef(p)
				s := pg.state(pr)
				if s == stUnknown && e.fast(pg, pr) {
					continue
				}
				if finished(pg.state(pr)) {
					continue
				}
				w := node(pg, pr)
				dup := false
				for _, x := range succ {
					if x == w {
						dup = true
						break
					}
				}
				if !dup {
					succ = append(succ, w)
				}
			}
		}
		n = &nodes[v]
		n.opts, n.succ = opts, succ
	}
	open(node(g0, r0))
	for len(calls) > 0 {
		v := calls[len(calls)-1]
		n := &nodes[v]
		if n.next < len(n.succ) {
			w := n.succ[n.next]
			n.next++
			if nodes[w].index < 0 {
				open(w)
			} else if nodes[w].onStack {
				n.low = min(n.low, nodes[w].index)
			}
			continue
		}
		calls = calls[:len(calls)-1]
		if n.low == n.index {
			i := len(tstack) - 1
			for tstack[i] != v {
				i--
			}
			scc := tstack[i:]
			for _, x := range scc {
				nodes[x].onStack = false
			}
			e.solveComponent(nodes, ids, scc)
			tstack = tstack[:i]
		}
		if len(calls) > 0 {
			p := &nodes[calls[len(calls)-1]]
			p.low = min(p.low, nodes[v].low)
		}
	}
	ok = true
}

// solveComponent labels one strongly connected component whose options
// outside it are all known.
func (e *Engine) solveComponent(nodes []lnode, ids map[posKey]int32, scc []int32) {
	local := make(map[int32]int32, len(scc))
	for i, v := range scc {
		local[v] = int32(i)
	}
	gr := &loopy.Graph{N: len(scc), Start: make([]int32, 1, len(scc)+1), ExtStart: make([]int32, 1, len(scc)+1)}
	for _, v := range scc {
		n := &nodes[v]
		for _, o := range n.opts {
			acc := sgv(0)
			var inner []int32
			for _, p := range o.Parts() {
				switch p.k {
				case KNim:
					acc = e.add(acc, sgv(p.n))
				case KPos:
					pg, pr := posRef(p)
					s := pg.state(pr)
					if finished(s) {
						acc = e.add(acc, valueOf(s))
						continue
					}
					w, in := local[ids[posKey{pg, pr}]]
					if !in {
						panic("eval: loopy component misses a position")
					}
					inner = append(inner, w)
				}
			}
			switch {
			case len(inner) == 0:
				gr.Ext = append(gr.Ext, e.ext(o, acc))
			case len(inner) == 1 && acc == 0:
				gr.Succ = append(gr.Succ, inner[0])
			default:
				fail(n.g.pos, "%s has the move %s, a sum whose part %s lies on a cycle of the game with it; sums inside cycles are not supported yet",
					Format(n.g.position(n.g.args(n.r))), Format(o), Format(nodes[scc[inner[0]]].g.position(nodes[scc[inner[0]]].g.args(nodes[scc[inner[0]]].r))))
			}
		}
		gr.Start = append(gr.Start, int32(len(gr.Succ)))
		gr.ExtStart = append(gr.ExtStart, int32(len(gr.Ext)))
	}
	res := loopy.Solve(gr)
	for i, v := range scc {
		n := &nodes[v]
		var val sgv
		if res.Val[i].Inf {
			k := make([]int64, len(res.Val[i].K))
			for j, x := range res.Val[i].K {
				k[j] = int64(x)
			}
			val = e.infID(k)
		} else {
			val = sgv(res.Val[i].N)
		}
		n.g.setState(n.r, stateOf(val))
		key := posKey{n.g, n.r}
		e.remote[key] = res.Remote[i]
		e.loopy[key] = true
	}
}

// ext describes a known option to the loopy solver.
func (e *Engine) ext(o Value, v sgv) loopy.Ext {
	x := loopy.Ext{Val: e.loopyValue(v)}
	switch {
	case v == 0:
		x.Out = loopy.P
	case v > 0:
		x.Out = loopy.N
	default:
		x.Out = loopy.D
		if len(e.infs[-v-1]) > 0 && e.infs[-v-1][0] == 0 {
			x.Out = loopy.N
		}
	}
	if x.Out == loopy.D {
		x.Remote = -1
	} else {
		x.Remote = int(e.remotenessOf(o))
	}
	return x
}

func (e *Engine) loopyValue(v sgv) loopy.Value {
	if v >= 0 {
		return loopy.Value{N: int(v)}
	}
	k := e.infs[-v-1]
	out := loopy.Value{Inf: true, K: make([]int, len(k))}
	for i, x := range k {
		out.K[i] = int(x)
	}
	return out
}
