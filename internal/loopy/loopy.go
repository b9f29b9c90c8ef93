// Package loopy solves impartial games with cycles ("loopy" games) played on
// an explicit finite directed graph under normal play (a player who cannot
// move loses).
//
// It owns three per-position quantities and computes all of them with one
// call, [Solve]:
//
//   - the generalized Sprague-Grundy value, Smith's gamma function as
//     formalised by Fraenkel and Yesha ([Value]): either a finite nimber m or
//     an infinite value ∞(K) carrying the set K of finite values among the
//     position's followers. Sums of games obey γ(a+b) = γ(a) ⊕ γ(b) with
//     m ⊕ ∞(K) = ∞(K⊕m) and ∞(K) ⊕ ∞(L) = ∞(∅);
//   - the outcome ([Outcome]) P (previous player wins), N (next player wins)
//     or D (draw);
//   - the remoteness (Steinhaus/Smith counter function): the number of moves
//     the game lasts when the winner plays to win as fast as possible and the
//     loser delays as long as possible; -1 for draws.
//
// A [Graph] is given in compressed sparse row form. Positions whose value is
// already known (for instance positions of another, already solved graph) can
// be attached as external followers ([Ext]) instead of being materialised.
//
// Worked example (t is terminal; every other node lists its followers):
//
//	node  followers  value  outcome  remoteness
//	0 t   -          0      P        0
//	1 a   t, b       1      N        1
//	2 b   a          0      P        2
//	3 c   c, a       ∞{1}   D        -1
//	4 d   c, t       1      N        1
//	5 e   c          ∞{}    D        -1
//	6 f   f, b       ∞{0}   N        3
//
// Round 0 labels t with 0, then b (its only follower a is unlabelled but has
// the follower t labelled 0, so a move to a is "reversible" to 0). c, with a
// self-loop, and e, whose only follower is c, have no follower labelled 0 and
// become infinite. Round 1 labels a with 1 (its followers t and b are both 0)
// and then d: d's infinite follower c can be answered by the move c→a to a
// position of value 1. c keeps K = {1}, e has K = {} and f, with the self-loop
// and the follower b of value 0, gets ∞{0}: the player to move wins by moving
// to b, but f is not a nimber, so f+1 (say) is a draw rather than a P-position.
package loopy

import "slices"

// Value is a generalized Sprague-Grundy value: finite (Inf == false, N >= 0) or infinite with
// the set K of finite values among the node's followers (ascending, no duplicates).
type Value struct {
	Inf bool
	N   int   // the finite value when !Inf
	K   []int // when Inf: ascending, distinct
}

// Outcome of a position under normal play.
type Outcome uint8

const (
	P Outcome = iota // the player to move loses
	N                // the player to move wins
	D                // draw: neither player can force a win
)

// Ext is a follower outside the graph whose value is already known.
type Ext struct {
	Val    Value
	Out    Outcome // must be consistent with Val: P iff finite 0; N iff finite>0 or (Inf and 0 in K); D otherwise
	Remote int     // remoteness of that follower (see below), -1 for D
}

// Graph is a game graph of nodes 0..N-1. Internal followers of u are
// Succ[Start[u]:Start[u+1]] (self-loops and duplicate edges allowed).
// External followers of u are Ext[ExtStart[u]:ExtStart[u+1]]; ExtStart
// may be nil (no externals).
type Graph struct {
	N        int
	Start    []int32 // len N+1
	Succ     []int32
	ExtStart []int32 // len N+1, or nil
	Ext      []Ext
}

// Result per node.
type Result struct {
	Val    []Value
	Out    []Outcome
	Remote []int32 // remoteness, -1 for draws
}

// Labels of the gamma computation (lab[u]); values >= 0 are finite labels.
const (
	unlabelled = -1
	infinite   = -2
)

// Solve computes gamma, outcomes and remoteness for every node.
//
// Gamma is computed by the Fraenkel–Yesha round labelling. Round i (i = 0,
// 1, ...) works only on the still unlabelled nodes U. A node is "marked" in
// round i once it has a follower labelled i (external followers of finite
// value i mark their owner at the start of the round). For each x in U,
// cnt[x] counts the followers (edges, with multiplicity) that are unlabelled
// or infinite and not yet marked, plus the infinite externals whose K lacks
// i. A node with cnt == 0 that is not marked is labelled i; labelling v marks
// all its predecessors, and marking an unlabelled-or-infinite w decrements
// cnt of each unlabelled predecessor of w. Marks and counts only move in one
// direction, so the result does not depend on queue order and the round is a
// single retrograde pass over reverse (CSR) edges. At the end of the round
// every unmarked node still in U becomes infinite; marked ones stay for round
// i+1.
//
// Outcomes and remoteness come from a retrograde breadth-first search that
// decides positions in nondecreasing remoteness (terminal nodes and external
// followers seed it); a P node is decided when its last follower is decided
// (all N) and an N node when its first P follower is decided. Outcomes agree
// with the value for consistent externals: P iff Val is
// finite 0, N iff Val is finite > 0 or infinite with 0 in K, D otherwise.
//
// Complexity: O((N + E + X) · R + X log X) time, where E counts internal
// edges, X external followers (each infinite external costs a search in its
// K once per round) and R ≤ 2 + (largest finite value assigned) is the
// number of rounds. A round costs O(|U|) for the counts (the number of
// unlabelled-or-infinite followers is maintained incrementally, O(E) over
// all rounds) plus the in-edges of the nodes marked in that round; remoteness
// is one O(N + E) pass after sorting the externals. Memory is O(N + E) in
// flat int32 arrays, plus the K sets of the result, which share one backing
// array. The graph is not validated: out-of-range indices panic.
func Solve(g *Graph) *Result {
	n := g.N
	s := newSolver(g, nil)
	s.gamma()
	res := &Result{
		Val:    s.values(),
		Out:    make([]Outcome, n),
		Remote: make([]int32, n),
	}
	s.retro(res.Out, res.Remote)
	return res
}

// Values is Solve without outcomes and remoteness: the values alone, which
// do not depend on the externals' Out and Remote.
func Values(g *Graph) []Value {
	s := newSolver(g, nil)
	s.gamma()
	return s.values()
}

// A Solver computes values of one graph after another, reusing its
// memory: the values a call returns (and their K sets) are only valid
// until the next call.
type Solver struct {
	s solver
	// Poll, if set, is called once per labelling round and every few
	// thousand positions labelled: it may panic to abandon a long
	// computation (a caller's time limit), and the Solver stays usable.
	Poll func()
}

// Values is the package's Values, with the Solver's memory.
func (sv *Solver) Values(g *Graph) []Value {
	s := newSolver(g, &sv.s)
	s.poll = sv.Poll
	s.gamma()
	return s.values()
}

// Labels is Values without the values: each node's finite value, or a
// negative label for an infinite one (its K: the finite values among its
// followers, internal and external). Valid until the next call.
func (sv *Solver) Labels(g *Graph) []int32 {
	s := newSolver(g, &sv.s)
	s.poll = sv.Poll
	s.gamma()
	return s.lab
}

// ints returns slice i of the solver's memory with length n (contents
// undefined).
func (s *solver) ints(i, n int) []int32 {
	if cap(s.mem[i]) < n {
		s.mem[i] = make([]int32, n, max(n, 2*cap(s.mem[i])))
	}
	return s.mem[i][:n]
}

type solver struct {
	poll      func() // Solver.Poll
	g         *Graph
	n         int
	predStart []int32 // CSR of reverse edges
	pred      []int32
	lab       []int32 // finite label, unlabelled or infinite
	hasExt    bool

	// external followers with finite value, sorted by value: (value, owner)
	extFin []extFin

	scr [2][]int32 // scratch arrays of length n shared by gamma and retro

	// Memory kept by a Solver: int32 slices (see ints), values and the
	// K sets' backing array.
	mem  [8][]int32
	vals []Value
	kbuf []int
}

// scratch returns scratch array i (length n, contents undefined).
func (s *solver) scratch(i int) []int32 {
	if s.scr[i] == nil {
		s.scr[i] = s.ints(i, s.n)
	}
	return s.scr[i]
}

type extFin struct {
	val  int
	node int32
}

func newSolver(g *Graph, reuse *solver) *solver {
	n := g.N
	var s *solver
	if reuse != nil {
		s = reuse
		*s = solver{mem: s.mem, vals: s.vals, kbuf: s.kbuf, extFin: s.extFin[:0]}
	} else {
		s = &solver{}
	}
	s.g, s.n = g, n
	start, succ := g.Start, g.Succ
	// Reverse CSR by counting sort.
	ps := s.ints(2, n+2)
	clear(ps)
	for _, v := range succ[start[0]:start[n]] {
		ps[v+2]++
	}
	for i := 2; i < len(ps); i++ {
		ps[i] += ps[i-1]
	}
	pred := s.ints(3, int(start[n]-start[0]))
	for u := 0; u < n; u++ {
		for _, v := range succ[start[u]:start[u+1]] {
			pred[ps[v+1]] = int32(u)
			ps[v+1]++
		}
	}
	s.predStart = ps[:n+1]
	s.pred = pred
	s.lab = s.ints(4, n)
	if g.ExtStart != nil && g.ExtStart[n] > g.ExtStart[0] {
		s.hasExt = true
		for u := 0; u < n; u++ {
			for _, e := range g.Ext[g.ExtStart[u]:g.ExtStart[u+1]] {
				if !e.Val.Inf {
					s.extFin = append(s.extFin, extFin{e.Val.N, int32(u)})
				}
			}
		}
		slices.SortFunc(s.extFin, func(a, b extFin) int { return a.val - b.val })
	}
	return s
}

func (s *solver) exts(u int) []Ext {
	if !s.hasExt {
		return nil
	}
	return s.g.Ext[s.g.ExtStart[u]:s.g.ExtStart[u+1]]
}

// gamma runs the labelling rounds, leaving finite labels or infinite in s.lab.
func (s *solver) gamma() {
	n := s.n
	start := s.g.Start
	ps, pred := s.predStart, s.pred
	lab := s.lab
	for i := range lab {
		lab[i] = unlabelled
	}
	cnt := s.scratch(0)
	// open[x]: internal followers of x (with multiplicity) that are
	// unlabelled or infinite; decremented once per edge when a follower is
	// labelled, so the per-round counts cost O(|U|) instead of a scan of
	// U's out-edges.
	open := s.ints(5, n)
	for x := 0; x < n; x++ {
		open[x] = start[x+1] - start[x]
	}
	mark := s.ints(6, n) // == round+1 when marked in that round
	clear(mark)
	queue := s.scratch(1)[:0]
	live := s.ints(7, n) // the unlabelled nodes U
	for i := range live {
		live[i] = int32(i)
	}
	ext := 0 // next entry of s.extFin
	for round := 0; len(live) > 0; round++ {
		if s.poll != nil {
			s.poll()
		}
		stamp := int32(round + 1)
		label := int32(round)
		queue = queue[:0]
		// Counts for the unlabelled nodes; nodes already at zero are candidates.
		for _, x := range live {
			c := open[x]
			if s.hasExt {
				xs := s.exts(int(x))
				for k := range xs {
					if e := &xs[k]; e.Val.Inf && !hasInt(e.Val.K, round) {
						c++
					}
				}
			}
			cnt[x] = c
			if c == 0 {
				queue = append(queue, x)
			}
		}
		// markNode records that w has a follower labelled `label`.
		markNode := func(w int32) {
			if mark[w] == stamp {
				return
			}
			mark[w] = stamp
			if lab[w] >= 0 {
				return
			}
			for _, y := range pred[ps[w]:ps[w+1]] {
				if lab[y] == unlabelled {
					cnt[y]--
					if cnt[y] == 0 {
						queue = append(queue, y)
					}
				}
			}
		}
		// External followers of finite value equal to this round's label.
		for ext < len(s.extFin) && s.extFin[ext].val < round {
			ext++
		}
		for ext < len(s.extFin) && s.extFin[ext].val == round {
			markNode(s.extFin[ext].node)
			ext++
		}
		for qi := 0; qi < len(queue); qi++ {
			if qi&(1<<14-1) == 1<<14-1 && s.poll != nil {
				s.poll()
			}
			x := queue[qi]
			if mark[x] == stamp || lab[x] != unlabelled {
				continue
			}
			lab[x] = label
			for _, w := range pred[ps[x]:ps[x+1]] {
				open[w]--
				markNode(w)
			}
		}
		// Unmarked survivors become infinite; marked ones wait for the next round.
		k := 0
		for _, x := range live {
			if lab[x] != unlabelled {
				continue
			}
			if mark[x] != stamp {
				lab[x] = infinite
				continue
			}
			live[k] = x
			k++
		}
		live = live[:k]
	}
}

func hasInt(k []int, x int) bool {
	if len(k) < 8 {
		for _, v := range k {
			if v == x {
				return true
			}
		}
		return false
	}
	_, ok := slices.BinarySearch(k, x)
	return ok
}

// values builds the result values; the K sets of all infinite nodes share
// one backing array.
func (s *solver) values() []Value {
	n := s.n
	start, succ := s.g.Start, s.g.Succ
	lab := s.lab
	if cap(s.vals) < n {
		s.vals = make([]Value, n, max(n, 2*cap(s.vals)))
	}
	vals := s.vals[:n]
	clear(vals)
	total := 0
	for u := 0; u < n; u++ {
		if lab[u] < 0 {
			total += int(start[u+1] - start[u])
			total += len(s.exts(u))
		}
	}
	if cap(s.kbuf) < total {
		s.kbuf = make([]int, 0, max(total, 2*cap(s.kbuf)))
	}
	buf := s.kbuf[:0] // never reallocated: total bounds every K
	for u := 0; u < n; u++ {
		if lab[u] >= 0 {
			vals[u].N = int(lab[u])
			continue
		}
		vals[u].Inf = true
		b := len(buf)
		for _, w := range succ[start[u]:start[u+1]] {
			if lab[w] >= 0 {
				buf = append(buf, int(lab[w]))
			}
		}
		for _, e := range s.exts(u) {
			if !e.Val.Inf {
				buf = append(buf, e.Val.N)
			}
		}
		ks := buf[b:]
		if len(ks) == 0 {
			continue
		}
		if len(ks) > 1 {
			sortSmall(ks)
			ks = slices.Compact(ks)
			buf = buf[:b+len(ks)]
		}
		vals[u].K = ks[:len(ks):len(ks)]
	}
	return vals
}

// sortSmall sorts ascending; insertion sort for the usual handful of values.
func sortSmall(a []int) {
	if len(a) > 12 {
		slices.Sort(a)
		return
	}
	for i := 1; i < len(a); i++ {
		x := a[i]
		j := i
		for ; j > 0 && a[j-1] > x; j-- {
			a[j] = a[j-1]
		}
		a[j] = x
	}
}

// retro computes outcomes and remoteness by retrograde BFS in nondecreasing
// remoteness. Undecided nodes end as draws.
func (s *solver) retro(out []Outcome, rem []int32) {
	n := s.n
	g := s.g
	ps, pred := s.predStart, s.pred
	const undecided = -1
	left := s.scratch(0) // followers not yet known to be N
	queue := s.scratch(1)[:0]
	for u := 0; u < n; u++ {
		rem[u] = undecided
		d := g.Start[u+1] - g.Start[u]
		if s.hasExt {
			d += g.ExtStart[u+1] - g.ExtStart[u]
		}
		left[u] = d
		if d == 0 {
			out[u] = P
			rem[u] = 0
			queue = append(queue, int32(u))
		}
	}
	// External followers, as decided events sorted by remoteness.
	type extEv struct {
		rem  int
		node int32
		out  Outcome
	}
	var evs []extEv
	if s.hasExt {
		for u := 0; u < n; u++ {
			for _, e := range s.exts(u) {
				if e.Out != D {
					evs = append(evs, extEv{e.Remote, int32(u), e.Out})
				}
			}
		}
		slices.SortFunc(evs, func(a, b extEv) int { return a.rem - b.rem })
	}
	// decide applies "a follower of u is decided with outcome o, remoteness r".
	decide := func(u int32, o Outcome, r int32) {
		if rem[u] != undecided {
			return
		}
		if o == P {
			out[u] = N
			rem[u] = r + 1
			queue = append(queue, u)
			return
		}
		left[u]--
		if left[u] == 0 {
			out[u] = P
			rem[u] = r + 1
			queue = append(queue, u)
		}
	}
	qi, ei := 0, 0
	for qi < len(queue) || ei < len(evs) {
		if ei < len(evs) && (qi == len(queue) || evs[ei].rem <= int(rem[queue[qi]])) {
			e := evs[ei]
			ei++
			decide(e.node, e.out, int32(e.rem))
			continue
		}
		v := queue[qi]
		qi++
		o, r := out[v], rem[v]
		for _, u := range pred[ps[v]:ps[v+1]] {
			decide(u, o, r)
		}
	}
	for u := 0; u < n; u++ {
		if rem[u] == undecided {
			out[u] = D
		}
	}
}
