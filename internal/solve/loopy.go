package solve

import (
	"cmp"
	"fmt"
	"slices"
	"strings"

	"github.com/grundy-lang/grundy/internal/engine"
	"github.com/grundy-lang/grundy/internal/loopint"
	"github.com/grundy-lang/grundy/internal/loopy"
	"github.com/grundy-lang/grundy/internal/memo"
	"github.com/grundy-lang/grundy/internal/passes"
	"github.com/grundy-lang/grundy/internal/value"
)

// lnode is a position in the region the loopy solver handles.
type lnode struct {
	g       *engine.Game
	r       uint64
	index   int32
	low     int32
	onStack bool
	next    int
	succ    []int32
	opts    []value.Value
	local   int32 // index in its component (solveComponent)
	comp    int64 // the component's number (Engine.comps)
	// maybe: opened without the fast search (which may have computed it);
	// truly: reaches a cycle, as the fast search would have found.
	maybe, truly bool
}

// solveLoopy computes every position reachable from position r0 of g0 that
// the fast search could not: Tarjan's algorithm finds the strongly
// connected components of the positions that reach a cycle, in reverse
// topological order, and each component is labelled with the generalized
// SG function (package loopy), its options outside it being known by then.
// Positions that reach no cycle are computed by the fast search, or, for
// games whose rules ask for no values (solveLoopyOpen), as components of
// one position, with the fast search's value and flags.
func (e *search) solveLoopy(g0 *engine.Game, r0 uint64) {
	if e.On&passes.LoopyOpen != 0 && !e.noOpen {
		if top := firstOf(e, g0); top != nil {
			top.fell++
		}
		if e.solveLoopyOpen(g0, r0, false) {
			return
		}
		// A move rule failed: everything was undone. Solve as without
		// the optimization, which fails (or not) the same way.
		e.noOpen = true
		defer func() { e.noOpen = false }()
	}
	e.solveLoopy1(g0, r0)
}

// solveLoopyOpen is solveLoopy1 with positions of pure games opened
// without the fast search first: the order in which move rules run
// differs, so when one fails, it undoes what it computed (journaled by
// note) and reports false.
// first: r0 is not known, the fast search not run (loopyFirst): package
// loopint's solve, or nothing (false) where it gives up or a rule fails.
func (e *search) solveLoopyOpen(g0 *engine.Game, r0 uint64, first bool) (ok bool) {
	j0, was := len(e.journal.keys), e.journal.on
	states, at := e.States, markRun(e.Engine)
	e.journal.on = true
	defer func() {
		if x := recover(); x != nil {
			if !retriable(e.Th, x) {
				e.journal.on = was
				pollDone(e.Th, x)
				panic(x)
			}
			e.journal.undo(j0)
			e.States = states
			at.restore(e.Engine)
			ok = false
		}
		if !was {
			e.journal.keys = e.journal.keys[:j0]
		}
		e.journal.on = was
	}()
	if e.On&passes.LoopyInts != 0 && loopint.Eligible(g0, r0) && e.loopInt.Solve(e.Engine, g0, r0, first, &e.intHost) {
		return true
	}
	if !first {
		e.solveLoopy1(g0, r0)
	}
	return !first
}

// firstOf is g's record of searches from the top (tried) that ended in
// the loopy solver (fell), when package loopint solves g; else nil.
func firstOf(e *search, g *engine.Game) *stepRec {
	if e.Depth != 0 || e.journal.on || e.On&passes.LoopyFirst == 0 || !loopint.Eligible(g, 0) {
		return nil
	}
	for len(e.firsts) <= g.Id {
		e.firsts = append(e.firsts, stepRec{})
	}
	return &e.firsts[g.Id]
}

// loopyAll: one in loopyShare of g's searches from the top, of loopyProbe
// or more, ended in the loopy solver (cycles all over: a fast search or a
// sweep stops at one, having computed for nothing), and the take-and-break
// rule was tried (the fast search does it from UserAt): neither runs.
func loopyAll(e *search, g *engine.Game) bool {
	top := firstOf(e, g)
	return top != nil && top.tried >= loopyProbe && loopyShare*top.fell >= top.tried && (g.Probes == nil || g.UserTried)
}

// loopyFirst solves r (not known) by package loopint at once when
// loopyAll: the values, marks and positions counted of the fast search
// then the loopy solver; other steps and moves. It reports if r is known.
func (e *search) loopyFirst(g *engine.Game, r uint64) bool {
	top := firstOf(e, g)
	if top == nil || e.noOpen || r&memo.GenBit != 0 || g.State(r) != memo.StUnknown {
		return false
	}
	if top.tried++; !loopyAll(e, g) {
		return false
	}
	if e.solveLoopyOpen(g, r, true) && g.IsLoopy(r) {
		top.fell++ // (it reached a cycle: the fast search would have failed)
	}
	return memo.Finished(g.State(r))
}

const loopyProbe, loopyShare = 64, 8 // (loopyAll)

// intHost is what package loopint's solves need of the search.
type intHost struct {
	e     *search
	comps int64
	j     int
	pre   []preSweep
}

func (h *intHost) Visit(g *engine.Game, r uint64) { h.e.visit(g.Pos, g, r) }
func (h *intHost) Note(g *engine.Game, r uint64)  { h.e.journal.note(g, r) }
func (h *intHost) Comp()                          { h.e.comps++ }
func (h *intHost) Value(v memo.Sgv) loopy.Value   { return h.e.loopyValue(v) }
func (h *intHost) Mark() {
	e := h.e
	h.comps, h.j, h.pre = e.comps, len(e.journal.keys), append(h.pre[:0], e.pre...)
}
func (h *intHost) Undo() {
	e := h.e
	e.comps, e.journal.keys, e.pre = h.comps, e.journal.keys[:h.j], append(e.pre[:0], h.pre...)
}

// solveLoopy1 is solveLoopy.
func (e *search) solveLoopy1(g0 *engine.Game, r0 uint64) {
	// The scratch space of the last solve, unless a solve is running
	// (sg inside a move rule).
	sc := &loopyScratch{}
	if !e.loopyBusy {
		if e.loopyScratch == nil {
			e.loopyScratch = sc
		}
		sc = e.loopyScratch
		e.loopyBusy = true
		defer func() { e.loopyBusy = false }()
	}
	nodes := sc.nodes[:0]
	ids := &sc.ids
	ids.Reset()
	ids.Poll = func() { e.Th.Poll(g0.Pos) }
	tstack, calls := sc.tstack[:0], sc.calls[:0]
	// The nodes' successors and options, in shared arenas.
	succBuf, optBuf := sc.succBuf[:0], sc.optBuf[:0]
	index := int32(0)
	ok := false
	defer func() {
		kept := false
		if !ok {
			nodes := nodes
			kept = e.Later(func() {
				for _, n := range nodes {
					if n.g.State(n.r) == memo.StLoopy {
						n.g.SetState(n.r, memo.StUnknown)
					}
				}
			})
		}
		if kept {
			nodes = nil // the undo keeps them
		}
		sc.nodes, sc.tstack, sc.calls, sc.succBuf, sc.optBuf = nodes[:0], tstack[:0], calls[:0], succBuf[:0], optBuf[:0]
	}()
	node := func(g *engine.Game, r uint64) int32 {
		k := engine.PosKey{G: g, R: r}
		if id, ok := ids.Get(k); ok {
			return id
		}
		id := int32(len(nodes))
		nodes = append(engine.Grown(e.Th, g0.Pos, nodes, 1), lnode{g: g, r: r, index: -1})
		ids.Put(k, id)
		return id
	}
	open := func(v int32) {
		n := &nodes[v]
		n.index, n.low = index, index
		index++
		n.onStack = true
		tstack = append(tstack, v)
		calls = append(calls, v)
		if n.g.State(n.r) == memo.StUnknown {
			n.g.SetState(n.r, memo.StLoopy)
		}
		start := len(optBuf)
		os := e.OptionsAnyOrder(n.g, n.r)
		optBuf = append(engine.Grown(e.Th, g0.Pos, optBuf, len(os)), os...)
		opts := optBuf[start:len(optBuf):len(optBuf)]
		sstart := len(succBuf)
		for _, o := range opts {
			for _, p := range o.Parts() {
				if p.K != value.KPos {
					continue
				}
				pg, pr := engine.PosRef(p)
				s := pg.State(pr)
				open := false // opened without trying the fast search
				if s == memo.StUnknown {
					if e.On&passes.LoopyOpen != 0 && !e.noOpen && pg.Pure && pg.GenValInt != nil && pr&memo.GenBit == 0 {
						// Most positions here reach the cycle too: the
						// fast search would run their rule only to find
						// that out. Those that do not are computed as the
						// fast search would (solveComponent).
						open = true
					} else if e.fast(pg, pr) {
						continue
					}
				}
				if memo.Finished(pg.State(pr)) {
					continue
				}
				w := node(pg, pr)
				if open && nodes[w].index < 0 && !nodes[w].maybe {
					nodes[w].maybe = true
					e.visit(pg.Pos, pg, pr)
				}
				if !slices.Contains(succBuf[sstart:], w) {
					succBuf = append(engine.Grown(e.Th, g0.Pos, succBuf, 1), w)
				}
			}
		}
		succ := succBuf[sstart:len(succBuf):len(succBuf)]
		n = &nodes[v]
		n.opts, n.succ = opts, succ
	}
	open(node(g0, r0))
	for steps := 0; len(calls) > 0; steps++ {
		e.Th.PollN(g0.Pos, steps)
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

// loopyScratch is solveLoopy's working space, kept for the next solve.
type loopyScratch struct {
	nodes                  []lnode
	ids                    loopint.PosIDs
	tstack, calls, succBuf []int32
	optBuf                 []value.Value
}

// solveComponent labels one strongly connected component whose options
// outside it are all known.
//
// A move into a sum that has parts in the component makes that sum a node
// of the local graph itself: a product node, the canonical multiset of its
// parts in the component plus, for the parts outside it, one nimber (the
// xor of their finite values) and one canonical loop game C_K per infinite
// value ∞K (C_K moves to *k for k in K or to itself, so its value is ∞K).
// Replacing a part by a game of the same generalized SG value does not
// change the value of a sum (Smith), so the product nodes' values are the
// sums' values.
func (e *search) solveComponent(nodes []lnode, ids *loopint.PosIDs, scc []int32) {
	if len(scc) == 1 {
		n := &nodes[scc[0]]
		n.truly = !n.maybe || slices.Contains(n.succ, scc[0])
		for _, w := range n.succ {
			n.truly = n.truly || nodes[w].truly
		}
		if e.solveAlone(n, n.truly) {
			return
		}
	}
	for _, v := range scc {
		nodes[v].truly = true
	}
	e.comps++
	for i, v := range scc {
		nodes[v].local, nodes[v].comp = int32(i), e.comps
	}
	b := &localGraph{e: e, nodes: nodes, ids: ids, scc: scc, comp: e.comps}
	// The graph's arrays are the last component's (the solver is done
	// with them when Values returns).
	gr := &e.loopyGraph
	*gr = loopy.Graph{Start: append(gr.Start[:0], 0), ExtStart: append(gr.ExtStart[:0], 0), Succ: gr.Succ[:0], Ext: gr.Ext[:0]}
	b.gr = gr
	n0 := &nodes[scc[0]]
	for i := 0; i < len(scc)+len(b.prods); i++ {
		e.Th.PollN(n0.g.Pos, i)
		if i < len(scc) {
			n := &nodes[scc[i]]
			for _, o := range n.opts {
				if o.K == value.KPos {
					// One position (what split and edge do with it).
					pg, pr := engine.PosRef(o)
					if s := pg.State(pr); memo.Finished(s) {
						v := memo.ValueOf(s)
						if v < 0 {
							v = e.Add(0, v)
						}
						gr.Ext = append(gr.Ext, loopy.Ext{Val: e.loopyValue(v)})
						continue
					}
					id, ok := ids.Get(engine.PosKey{G: pg, R: pr})
					if !ok || nodes[id].comp != e.comps {
						panic("eval: loopy component misses a position")
					}
					gr.Succ = append(gr.Succ, nodes[id].local)
					continue
				}
				t := b.split(o)
				if len(t.members) == 0 {
					acc := t.a
					for _, x := range t.infs {
						acc = e.Add(acc, x)
					}
					gr.Ext = append(gr.Ext, loopy.Ext{Val: e.loopyValue(acc)})
					continue
				}
				b.edge(t)
			}
		} else {
			b.productOptions(b.prods[i-len(scc)])
		}
		gr.Start = append(gr.Start, int32(len(gr.Succ)))
		gr.ExtStart = append(gr.ExtStart, int32(len(gr.Ext)))
	}
	gr.N = len(gr.Start) - 1
	// Only the values: the solver keeps no remoteness (see below).
	if e.loopySolver == nil {
		e.loopySolver = &loopy.Solver{Poll: func() { e.Th.Poll(e.loopyAt) }}
	}
	e.loopyAt = n0.g.Pos
	vals := e.loopySolver.Values(gr) // valid until the next call
	for i, v := range scc {
		// (Stopped here, the positions set so far keep their values,
		// which are final; the others stay marked, and are undone.)
		e.Th.PollN(n0.g.Pos, i)
		n := &nodes[v]
		var val memo.Sgv
		if vals[i].Inf {
			val = e.InfIDInts(vals[i].K)
		} else {
			val = memo.Sgv(vals[i].N)
		}
		n.g.SetState(n.r, memo.StateOf(val))
		e.journal.note(n.g, n.r)
		// No remoteness is computed here (values never depend on it):
		// exact remoteness is computed when winning or remoteness asks,
		// by tryRemoteness.
		n.g.SetLoopy(n.r)
	}
}

// term is a sum split for the local graph: parts in the component (local
// ids, sorted), the xor of finite parts outside it, and the infinite values
// of the infinite parts outside it (sorted).
type term struct {
	members []int32
	a       memo.Sgv
	infs    []memo.Sgv
}

// Bounds on the product nodes of one component: a move that puts two or
// more positions of a cycle into a sum can make the state graph infinite.
const (
	maxProductParts = 256
	maxProducts     = 2_000_000
)

type localGraph struct {
	e       *search
	nodes   []lnode
	ids     *loopint.PosIDs
	scc     []int32
	comp    int64 // nodes[v].comp of the component's nodes
	gr      *loopy.Graph
	prods   []term
	prodIDs map[string]int32
}

// split turns an option value into a term.
func (b *localGraph) split(o value.Value) term {
	var t term
	for _, p := range o.Parts() {
		switch p.K {
		case value.KNim:
			t.a ^= memo.Sgv(p.N)
		case value.KPos:
			pg, pr := engine.PosRef(p)
			if s := pg.State(pr); memo.Finished(s) {
				t = b.withValue(t, memo.ValueOf(s))
				continue
			}
			id, ok := b.ids.Get(engine.PosKey{G: pg, R: pr})
			if !ok || b.nodes[id].comp != b.comp {
				panic("eval: loopy component misses a position")
			}
			t.members = append(t.members, b.nodes[id].local)
		}
	}
	slices.Sort(t.members)
	return t
}

func (b *localGraph) withValue(t term, v memo.Sgv) term {
	if v >= 0 {
		t.a ^= v
		return t
	}
	t.infs = append(slices.Clone(t.infs), v)
	slices.Sort(t.infs)
	return t
}

// edge adds the edge (or external) from the node being built to term t.
func (b *localGraph) edge(t term) {
	e := b.e
	if len(t.members) == 0 || len(t.infs) >= 2 {
		// Two infinite parts make the sum ∞{} whatever the others are.
		acc := t.a
		for _, x := range t.infs {
			acc = e.Add(acc, x)
		}
		b.gr.Ext = append(b.gr.Ext, loopy.Ext{Val: e.loopyValue(acc)})
		return
	}
	if len(t.members) == 1 && t.a == 0 && len(t.infs) == 0 {
		b.gr.Succ = append(b.gr.Succ, t.members[0])
		return
	}
	var key strings.Builder
	for _, m := range t.members {
		fmt.Fprintf(&key, "%d,", m)
	}
	fmt.Fprintf(&key, "|%d|", t.a)
	for _, x := range t.infs {
		fmt.Fprintf(&key, "%d,", x)
	}
	id, ok := b.prodIDs[key.String()]
	if !ok {
		n0 := &b.nodes[b.scc[0]]
		if len(t.members)+len(t.infs) > maxProductParts || len(b.prods) >= maxProducts {
			value.Fail(n0.g.Pos, "the state graph of %s is too large: positions on a cycle move to sums of positions on it that keep growing (more than %d parts or %d sums)",
				engine.PosText(n0.g, n0.r), maxProductParts, maxProducts)
		}
		id = int32(len(b.scc) + len(b.prods))
		if b.prodIDs == nil {
			b.prodIDs = map[string]int32{}
		}
		b.prodIDs[key.String()] = id
		b.prods = append(b.prods, t)
		e.visit(n0.g.Pos, n0.g, n0.r)
		e.Th.Tick(n0.g.Pos)
	}
	b.gr.Succ = append(b.gr.Succ, id)
}

// productOptions adds the options of a product node: moves of its nimber,
// of each C_K, and of each distinct part in the component.
func (b *localGraph) productOptions(t term) {
	for a := memo.Sgv(0); a < t.a; a++ {
		u := t
		u.a = a
		b.edge(u)
	}
	for i, x := range t.infs {
		if i > 0 && t.infs[i-1] == x {
			continue
		}
		rest := term{members: t.members, a: t.a, infs: slices.Delete(slices.Clone(t.infs), i, i+1)}
		for _, k := range b.e.Infs[-x-1] {
			u := rest
			u.a ^= memo.Sgv(k)
			b.edge(u)
		}
		b.edge(t) // C_K moves to itself
	}
	for i, m := range t.members {
		if i > 0 && t.members[i-1] == m {
			continue
		}
		rest := slices.Delete(slices.Clone(t.members), i, i+1)
		for _, o := range b.nodes[b.scc[m]].opts {
			u := b.split(o)
			u.members = append(u.members, rest...)
			slices.Sort(u.members)
			u.a ^= t.a
			if len(t.infs) > 0 {
				u.infs = append(slices.Clone(u.infs), t.infs...)
				slices.Sort(u.infs)
			}
			b.edge(u)
		}
	}
}

// ext describes a known option to the loopy solver, with an estimate of
// its remoteness (for tryRemoteness).
func (e *search) ext(o value.Value, v memo.Sgv) loopy.Ext {
	x := loopy.Ext{Val: e.loopyValue(v)}
	switch {
	case v == 0:
		x.Out = loopy.P
	case v > 0:
		x.Out = loopy.N
	default:
		x.Out = loopy.D
		if len(e.Infs[-v-1]) > 0 && e.Infs[-v-1][0] == 0 {
			x.Out = loopy.N
		}
	}
	switch {
	case x.Out == loopy.D:
		x.Remote = -1
	default:
		// An estimate from the parts: values and outcomes never depend on
		// remoteness, and the solver keeps no remoteness it computes with
		// it (see solveComponent).
		x.Remote = int(e.estimateRemote(o, x.Out))
	}
	return x
}

// estimateRemote guesses the remoteness of a sum from its parts' known
// remoteness (the largest for a P-position, which the loser can delay at
// least that long; one more for an N-position).
func (e *search) estimateRemote(o value.Value, out loopy.Outcome) int32 {
	r := int32(0)
	for _, p := range o.Parts() {
		if x, ok := e.knownRemote(p); ok && x > r {
			r = x
		}
	}
	if out == loopy.N && r%2 == 0 {
		r++
	}
	if out == loopy.P && r%2 == 1 {
		r++
	}
	return r
}

func (e *search) loopyValue(v memo.Sgv) loopy.Value {
	if v >= 0 {
		return loopy.Value{N: int(v)}
	}
	// Made once per value (the solver does not change K).
	for int(-v) > len(e.loopyVals) {
		e.loopyVals = append(e.loopyVals, loopy.Value{})
	}
	if out := e.loopyVals[-v-1]; out.Inf {
		return out
	}
	k := e.Infs[-v-1]
	out := loopy.Value{Inf: true, K: make([]int, len(k))}
	for i, x := range k {
		out.K[i] = int(x)
	}
	e.loopyVals[-v-1] = out
	return out
}

// solveAlone computes a component of one position whose options are all
// known by now (no move to itself): the generalized mex of their values,
// as the loopy solver would find it. It reports false, doing nothing,
// when an option has a part that is not known.
func (e *search) solveAlone(n *lnode, truly bool) bool {
	for _, o := range n.opts {
		for _, p := range o.Parts() {
			if p.K == value.KPos {
				if pg, pr := engine.PosRef(p); !memo.Finished(pg.State(pr)) {
					return false
				}
			}
		}
	}
	lv := e.Enter()
	defer e.Leave()
	gn := &lv.Gen
	gn.Reset(1 << 30)
	for _, o := range n.opts {
		acc := memo.Sgv(0)
		for _, p := range o.Parts() {
			switch p.K {
			case value.KNim:
				acc = e.Add(acc, memo.Sgv(p.N))
			case value.KPos:
				pg, pr := engine.PosRef(p)
				acc = e.Add(acc, memo.ValueOf(pg.State(pr)))
			}
		}
		gn.EmitSG(acc)
	}
	infs := len(gn.InfOpts) > 0
	val := gn.Result()
	n.g.SetState(n.r, memo.StateOf(val))
	e.journal.note(n.g, n.r)
	if truly || infs {
		// (A position the fast search would have computed is marked as
		// it marks them: when an option is infinite.)
		n.g.SetLoopy(n.r)
	}
	return true
}

// remotenessAt returns the remoteness of a game value (-1 for a draw); an
// error at pos when its graph is too large to explore.
func (e *search) remotenessAt(pos engine.Pos, v value.Value) int32 {
	r, ok := e.tryRemoteness(v, remoteCap)
	if !ok {
		value.Fail(pos, "remoteness of %s: its game graph is too large to explore (more than %d positions, or sums of more than %d parts)", value.Shown(v), remoteCap, maxRemoteParts)
	}
	return r
}

// tryRemoteness computes remoteness on the explicit graph of the game
// values reachable from v (positions, nimbers, sums), labelled by the
// loopy solver, so that cycles, also through sums, are handled; positions
// whose remoteness is known are leaves. It reports false when the graph
// has more than limit values.
func (e *search) tryRemoteness(v value.Value, limit int) (int32, bool) {
	if value.PartCount(v) > maxRemoteParts {
		return 0, false // (before its key: a sum can have millions of parts)
	}
	if r, ok := e.knownRemote(v); ok {
		return r, true
	}
	if !v.IsGame() {
		return 0, false
	}
	if e.remoteMemo == nil {
		e.remoteMemo = map[string]int32{}
		e.remoteTooBig = map[string]int{}
	}
	vk := string(value.AppendKey(nil, v))
	if n, ok := e.remoteTooBig[vk]; ok && n >= limit {
		return 0, false
	}
	keys := map[string]int32{}
	var vals []value.Value
	var keyOf []string
	add := func(x value.Value) int32 {
		k := string(value.AppendKey(nil, x))
		if id, ok := keys[k]; ok {
			return id
		}
		id := int32(len(vals))
		keys[k] = id
		vals = append(vals, x)
		keyOf = append(keyOf, k)
		return id
	}
	add(v)
	gr := &loopy.Graph{Start: []int32{0}, ExtStart: []int32{0}}
	for i := 0; i < len(vals); i++ {
		if len(vals) > limit || value.PartCount(vals[i]) > maxRemoteParts {
			e.remoteTooBig[vk] = limit
			return 0, false
		}
		for _, o := range e.Moves(vals[i]) {
			if r, ok := e.knownRemote(o); ok {
				val := e.Th.Direct.ValueSG(engine.Pos{}, o)
				x := e.ext(value.Nimber(0), val)
				x.Remote = int(r)
				gr.Ext = append(gr.Ext, x)
				continue
			}
			gr.Succ = append(gr.Succ, add(o))
		}
		gr.Start = append(gr.Start, int32(len(gr.Succ)))
		gr.ExtStart = append(gr.ExtStart, int32(len(gr.Ext)))
	}
	gr.N = len(vals)
	res := loopy.Solve(gr)
	for i, k := range keyOf {
		e.remoteMemo[k] = res.Remote[i]
	}
	return res.Remote[0], true
}

// knownRemote returns v's remoteness when it is already known: a nimber,
// or a value computed before.
func (e *search) knownRemote(v value.Value) (int32, bool) {
	if v.K == value.KNim {
		if v.N == 0 {
			return 0, true
		}
		return 1, true
	}
	if e.remoteMemo != nil {
		if x, ok := e.remoteMemo[string(value.AppendKey(nil, v))]; ok {
			return x, true
		}
	}
	return 0, false
}

// Winning returns the options that win for the player who moves there
// (the P-positions among the options), in the order moves lists them;
// for a position on or above a cycle, ordered by remoteness (stable), so
// that always taking the first one ends the game: a P-option of an
// N-position may only keep the win, letting the opponent move back.
func (e *search) Winning(c *engine.Call, v value.Value) []value.Value {
	th := e.Th
	out := []value.Value{}
	if e.Outcome(th.Sgv(c, v)) != "N" {
		return out
	}
	for _, o := range th.Moves(c, v) {
		if th.Direct.ValueSG(c.Pos, o) == 0 {
			out = append(out, o)
		}
	}
	// (a position computed once the cycles below it were known is not
	// marked: the walk keeps the order from depending on what came first)
	if len(out) > 1 && (engine.TouchesLoopy(v) || e.comps > 0 && engine.CycleReachable(th, c, v)) {
		rem := make(map[string]int32, len(out))
		for _, o := range out {
			r, ok := e.tryRemoteness(o, remoteCap)
			if !ok {
				return out // too large to order: move order
			}
			rem[string(value.AppendKey(nil, o))] = r
		}
		slices.SortStableFunc(out, func(a, b value.Value) int {
			return cmp.Compare(rem[string(value.AppendKey(nil, a))], rem[string(value.AppendKey(nil, b))])
		})
	}
	return out
}

// BestMove returns the winning option with the smallest remoteness (the
// first such in move order), and false when there is none. In a game with
// cycles some winning options only keep the win (the opponent can return);
// always taking the best move ends the game, because remoteness falls by
// at least one every two moves.
func (e *search) BestMove(c *engine.Call, v value.Value) (value.Value, bool) {
	win := e.Winning(c, v)
	if len(win) == 0 {
		return value.None, false
	}
	best, bestR := win[0], int32(-1)
	for _, o := range win {
		if r, ok := e.tryRemoteness(o, remoteCap); ok && (bestR < 0 || r < bestR) {
			best, bestR = o, r
		}
	}
	return best, true
}

// Remoteness returns the number of moves to the end under optimal play
// (the winner hurrying, the loser delaying), or none for a draw.
func (e *search) Remoteness(c *engine.Call, v value.Value) value.Value {
	e.Th.Sgv(c, v)
	r := e.remotenessAt(c.Pos, v)
	if r < 0 {
		return value.None
	}
	return value.Int(int64(r))
}

// maxRemoteParts bounds the parts of a sum in that graph: a move that adds
// a part (G -> G + *1) makes the graph of sums infinite.
const maxRemoteParts = 64

// remoteCap bounds the explicit graph tryRemoteness builds.
const remoteCap = 200_000
