package loopint

import (
	"math/bits"
	"slices"

	"github.com/grundy-lang/grundy/internal/engine"
	"github.com/grundy-lang/grundy/internal/loopy"
	"github.com/grundy-lang/grundy/internal/memo"
	"github.com/grundy-lang/grundy/internal/value"
)

// Host is what a solve needs of package solve's search.
type Host interface {
	Visit(g *engine.Game, r uint64) // a position opened for the first time (the search's visit)
	Note(g *engine.Game, r uint64)  // a position finished (the search's journal)
	Comp()                          // a component the loopy solver labels (counted)
	Value(v memo.Sgv) loopy.Value   // a known value as the loopy solver takes it
	Mark()                          // notes the search's own counts
	Undo()                          // puts them back as Mark noted them (a solve that gives up)
}

// Node flags.
const (
	onStack  uint8 = 1 << iota
	maybe          // opened without the fast search (counted then)
	truly          // reaches a cycle
	finished       // given its value by this solve
)

// node is a position of the region: its key, Tarjan's numbers, its
// distinct options' keys opts[o0:o1] and its successors (the options not
// known, as node numbers) succ[s0:s1], next the next successor to visit.
type node struct {
	key            uint64
	index, low     int32
	next           int32
	o0, o1, s0, s1 int32
	local, comp    int32 // its number in its component, and the component's
	was            int32 // its state when first met
	flags          uint8
}

// Solver is the working space of the solves of one search, kept from
// one to the next.
type Solver struct {
	busy   bool
	e      *engine.Engine
	g      *engine.Game
	h      Host
	fr     *engine.Frame
	gen    *engine.Gen
	nodes  []node
	ids    PosIDs  // node numbers by key, past dense
	dense  []int32 // node number + 1 by key (0: none), for keys below denseMax
	opts   []uint64
	succ   []int32
	tstack []int32
	calls  []int32
	keys   []int64
	kbuf   []int
	kset   []int
	// the infinite values of the K sets below 8 by their bits (0: not
	// known yet; a session's infinite values are never forgotten)
	small [256]memo.Sgv
	seen  map[uint64]bool
	index int32
	comps int32
	gr    loopy.Graph
	lsv   loopy.Solver
}

// Eligible reports whether Solve applies to the positions of g: one int,
// a pure rule compiled for ints, with a kernel that lists options as keys.
func Eligible(g *engine.Game, r uint64) bool {
	return g.Rule != nil && g.NArgs == 1 && g.Pure && g.GenValInt != nil && r&memo.GenBit == 0
}

// Solve computes every position reachable from position r0 of g (marked
// on the search path or not known, Eligible) that the fast search could
// not, as package solve's loopy solver does when it opens positions
// without the fast search (first: r0 too, not known, counted then). It
// reports false, everything as it was, when a position's options are not
// all positions of g with packed keys.
func (s *Solver) Solve(e *engine.Engine, g *engine.Game, r0 uint64, first bool, h Host) (ok bool) {
	if s.busy {
		return new(Solver).Solve(e, g, r0, first, h)
	}
	s.busy = true
	defer func() { s.busy = false }()
	th := e.Th
	lv := e.Enter()
	defer e.Leave()
	s.e, s.g, s.h = e, g, h
	s.fr, s.gen = lv.FrameFor(g, th), &lv.Gen
	for i := range s.nodes {
		if k := s.nodes[i].key; k < uint64(len(s.dense)) {
			s.dense[k] = 0
		}
	}
	s.nodes, s.opts, s.succ, s.tstack, s.calls = s.nodes[:0], s.opts[:0], s.succ[:0], s.tstack[:0], s.calls[:0]
	s.ids.Reset()
	if s.ids.Poll == nil {
		s.ids.Poll = s.poll
		s.lsv.Poll = s.poll
	}
	s.index, s.comps = 0, 0
	states, edges, steps, checkAt := e.States, e.Edges, th.Steps, th.CheckAt
	h.Mark()
	done := false
	defer func() {
		if !done {
			s.unmark()
		}
	}()
	if !s.run(r0, first) {
		s.restore()
		e.States, e.Edges, th.Steps, th.CheckAt = states, edges, steps, checkAt
		h.Undo()
		done = true
		return false
	}
	done = true
	return true
}

// run is Tarjan's algorithm from r0, each component solved as it is
// found; false when a position's options are not keys.
func (s *Solver) run(r0 uint64, first bool) bool {
	th, g := s.e.Th, s.g
	root := s.node(r0, g.State(r0))
	if first {
		s.nodes[root].flags |= maybe
		s.h.Visit(g, r0)
	}
	if !s.open(root) {
		return false
	}
	for steps := 0; len(s.calls) > 0; steps++ {
		th.PollN(g.Pos, steps)
		v := s.calls[len(s.calls)-1]
		n := &s.nodes[v]
		if n.next < n.s1 {
			w := s.succ[n.next]
			n.next++
			if s.nodes[w].index < 0 {
				if !s.open(w) {
					return false
				}
			} else if s.nodes[w].flags&onStack != 0 {
				n.low = min(n.low, s.nodes[w].index)
			}
			continue
		}
		s.calls = s.calls[:len(s.calls)-1]
		if n.low == n.index {
			i := len(s.tstack) - 1
			for s.tstack[i] != v {
				i--
			}
			scc := s.tstack[i:]
			for _, x := range scc {
				s.nodes[x].flags &^= onStack
			}
			s.component(scc)
			s.tstack = s.tstack[:i]
		}
		if len(s.calls) > 0 {
			p := &s.nodes[s.calls[len(s.calls)-1]]
			p.low = min(p.low, s.nodes[v].low)
		}
	}
	return true
}

// poll polls the run's context (the solve's long loops).
func (s *Solver) poll() { s.e.Th.Poll(s.g.Pos) }

// denseMax bounds the keys numbered by Solver.dense (a table of 16 MiB at
// most: the keys of one game's region are most often small).
const denseMax = 1 << 22

// lookup returns the node of key k, if any.
func (s *Solver) lookup(k uint64) (int32, bool) {
	if k < uint64(len(s.dense)) {
		id := s.dense[k]
		return id - 1, id != 0
	}
	return s.ids.Get(engine.PosKey{G: s.g, R: k})
}

// node returns the node of key k (st: its state now), made when new.
func (s *Solver) node(k uint64, st int32) int32 {
	if id, ok := s.lookup(k); ok {
		return id
	}
	id := int32(len(s.nodes))
	if len(s.nodes) == cap(s.nodes) {
		s.nodes = engine.Grown(s.e.Th, s.g.Pos, s.nodes, 1)
	}
	s.nodes = append(s.nodes, node{key: k, index: -1, was: st})
	if k >= uint64(len(s.dense)) && k < denseMax {
		n := min(max(2*uint64(len(s.dense)), k+1, 1<<12), denseMax)
		engine.AllocIf(s.e.Th, s.g.Pos, 4*int64(n))
		s.dense = append(s.dense, make([]int32, n-uint64(len(s.dense)))...)
	}
	if k < uint64(len(s.dense)) {
		s.dense[k] = id + 1
	} else {
		s.ids.Put(engine.PosKey{G: s.g, R: k}, id)
	}
	return id
}

// open visits node v: its options listed, those not known made nodes
// (counted when not known before), in the order of the options.
func (s *Solver) open(v int32) bool {
	g := s.g
	n := &s.nodes[v]
	n.index, n.low = s.index, s.index
	s.index++
	n.flags |= onStack
	s.tstack = append(s.tstack, v)
	s.calls = append(s.calls, v)
	if g.State(n.key) == memo.StUnknown {
		g.SetState(n.key, memo.StLoopy)
	}
	keys, ok := s.options(n.key)
	if !ok {
		return false
	}
	o0 := len(s.opts)
	s.distinct(keys)
	s0 := len(s.succ)
	for _, k := range s.opts[o0:] {
		st := g.State(k)
		if memo.Finished(st) {
			continue
		}
		w := s.node(k, st)
		if m := &s.nodes[w]; st == memo.StUnknown && m.index < 0 && m.flags&maybe == 0 {
			m.flags |= maybe
			s.h.Visit(g, k)
		}
		if len(s.succ) == cap(s.succ) {
			s.succ = engine.Grown(s.e.Th, g.Pos, s.succ, 1)
		}
		s.succ = append(s.succ, w)
	}
	n = &s.nodes[v]
	n.o0, n.o1, n.s0, n.s1, n.next = int32(o0), int32(len(s.opts)), int32(s0), int32(len(s.succ)), int32(s0)
	return true
}

// distinct appends the distinct keys of keys to s.opts, in order.
func (s *Solver) distinct(keys []int64) {
	o0 := len(s.opts)
	if len(s.opts)+len(keys) > cap(s.opts) {
		s.opts = engine.Grown(s.e.Th, s.g.Pos, s.opts, len(keys))
	}
	if len(keys) <= 16 {
		for _, k := range keys {
			if !slices.Contains(s.opts[o0:], uint64(k)) {
				s.opts = append(s.opts, uint64(k))
			}
		}
		return
	}
	if s.seen == nil {
		s.seen = map[uint64]bool{}
	}
	clear(s.seen)
	for _, k := range keys {
		if !s.seen[uint64(k)] {
			s.seen[uint64(k)] = true
			s.opts = append(s.opts, uint64(k))
		}
	}
}

// options lists the keys of position r's options as the loopy solver's
// listing does (Engine.OptionsAnyOrder): from the rule's kernel, counting
// their steps and moves, or else by a run of the rule; false when an
// option is not a position of g with a packed key.
func (s *Solver) options(r uint64) ([]int64, bool) {
	e, g, fr := s.e, s.g, s.fr
	g.Load(fr, r)
	keys, ok := g.Rule.Keys(fr, g, r, s.keys[:0])
	for _, k := range keys {
		if uint64(k) >= g.Lim {
			ok = false // (a negative argument packs otherwise)
			break
		}
	}
	if ok {
		s.keys = keys
		n := int64(len(keys))
		g.Rule.Ticks(fr, r, n)
		e.Edges += n
		return keys, true
	}
	keys = keys[:0]
	for _, o := range e.OptionsAnyOrder(g, r) {
		if o.K != value.KPos {
			return nil, false
		}
		pg, pr := engine.PosRef(o)
		if pg != g || pr&memo.GenBit != 0 {
			return nil, false
		}
		keys = append(keys, int64(pr))
	}
	s.keys = keys
	return keys, true
}

// component labels a strongly connected component whose options outside
// it are all known.
func (s *Solver) component(scc []int32) {
	e, g, th := s.e, s.g, s.e.Th
	if len(scc) == 1 {
		v := scc[0]
		n := &s.nodes[v]
		succ := s.succ[n.s0:n.s1]
		t := n.flags&maybe == 0 || slices.Contains(succ, v)
		for _, w := range succ {
			t = t || s.nodes[w].flags&truly != 0
		}
		if t {
			n.flags |= truly
		}
		if s.alone(n, t) {
			return
		}
	}
	s.h.Comp()
	s.comps++
	for i, v := range scc {
		n := &s.nodes[v]
		n.flags |= truly
		n.local, n.comp = int32(i), s.comps
	}
	gr := &s.gr
	*gr = loopy.Graph{Start: append(gr.Start[:0], 0), ExtStart: append(gr.ExtStart[:0], 0), Succ: gr.Succ[:0], Ext: gr.Ext[:0]}
	for i, v := range scc {
		th.PollN(g.Pos, i)
		n := &s.nodes[v]
		for _, k := range s.opts[n.o0:n.o1] {
			if st := g.State(k); memo.Finished(st) {
				x := memo.ValueOf(st)
				if x < 0 {
					x = e.Add(0, x)
				}
				gr.Ext = append(gr.Ext, loopy.Ext{Val: s.h.Value(x)})
				continue
			}
			id, ok := s.lookup(k)
			if !ok || s.nodes[id].comp != s.comps {
				panic("loopint: a component misses a position")
			}
			gr.Succ = append(gr.Succ, s.nodes[id].local)
		}
		gr.Start = append(gr.Start, int32(len(gr.Succ)))
		gr.ExtStart = append(gr.ExtStart, int32(len(gr.Ext)))
	}
	gr.N = len(scc)
	lab := s.lsv.Labels(gr) // valid until the next call
	for i, v := range scc {
		th.PollN(g.Pos, i)
		val := memo.Sgv(lab[i])
		if val < 0 {
			val = s.infValue(i, lab)
		}
		s.finish(&s.nodes[v], val, true)
	}
}

// infValue is the value of node i of the component's graph, infinite:
// its K set is the finite values among its followers.
func (s *Solver) infValue(i int, lab []int32) memo.Sgv {
	gr := &s.gr
	var mask uint64 // (the values below 64, the others in big)
	big := s.kbuf[:0]
	for _, w := range gr.Succ[gr.Start[i]:gr.Start[i+1]] {
		if x := lab[w]; x >= 64 {
			big = append(big, int(x))
		} else if x >= 0 {
			mask |= 1 << x
		}
	}
	for _, x := range gr.Ext[gr.ExtStart[i]:gr.ExtStart[i+1]] {
		if x.Val.Inf {
			continue
		}
		if x.Val.N >= 64 {
			big = append(big, x.Val.N)
		} else {
			mask |= 1 << x.Val.N
		}
	}
	small := len(big) == 0 && mask < uint64(len(s.small))
	if small && s.small[mask] != 0 {
		return s.small[mask]
	}
	slices.Sort(big)
	big = slices.Compact(big)
	k := s.kset[:0]
	for m := mask; m != 0; m &= m - 1 {
		k = append(k, bits.TrailingZeros64(m))
	}
	k = append(k, big...)
	s.kbuf, s.kset = big, k
	v := s.e.InfIDInts(k)
	if small {
		s.small[mask] = v
	}
	return v
}

// alone computes a component of one position whose options are all known
// (no move to itself): the generalized mex of their values. It reports
// false, doing nothing, when one is not known.
func (s *Solver) alone(n *node, t bool) bool {
	e, g := s.e, s.g
	opts := s.opts[n.o0:n.o1]
	var seen uint64 // (the values, while all are below 64)
	small := true
	for _, k := range opts {
		st := g.State(k)
		if !memo.Finished(st) {
			return false
		}
		if x := uint32(st - memo.FinBase); x < 64 {
			seen |= 1 << x
		} else {
			small = false
		}
	}
	if small {
		// The mex, as the generator finds it (a move counted per option).
		e.Edges += int64(len(opts))
		s.finish(n, memo.Sgv(bits.TrailingZeros64(^seen)), t)
		return true
	}
	gn := s.gen
	gn.Reset(1 << 30)
	for _, k := range opts {
		gn.EmitSG(e.Add(0, memo.ValueOf(g.State(k))))
	}
	infs := len(gn.InfOpts) > 0
	// (A position the fast search would have computed is marked as it
	// marks them: when an option is infinite.)
	s.finish(n, gn.Result(), t || infs)
	return true
}

// finish gives n its value (marked loopy when loopy).
func (s *Solver) finish(n *node, v memo.Sgv, loopy bool) {
	g := s.g
	if st := memo.StateOf(v); !g.SetFast(n.key, st) {
		g.SetStateSlow(n.key, st)
	}
	n.flags |= finished
	s.h.Note(g, n.key)
	if loopy {
		g.SetLoopy(n.key)
	}
}

// unmark leaves no position marked as on the search path when a rule
// fails or a limit stops the solve (now, or when the session next runs:
// Engine.Later).
func (s *Solver) unmark() {
	g := s.g
	keys := make([]uint64, len(s.nodes))
	for i := range s.nodes {
		keys[i] = s.nodes[i].key
	}
	s.e.Later(func() {
		for _, k := range keys {
			if g.State(k) == memo.StLoopy {
				g.SetState(k, memo.StUnknown)
			}
		}
	})
}

// restore gives every node the state it had when first met (a solve that
// gives up).
func (s *Solver) restore() {
	g := s.g
	for i := range s.nodes {
		n := &s.nodes[i]
		if n.flags&finished != 0 {
			g.ClearLoopy(n.key)
		}
		if g.State(n.key) != n.was {
			g.SetState(n.key, n.was)
		}
	}
}
