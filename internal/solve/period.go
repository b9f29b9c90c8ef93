package solve

import (
	"errors"
	"fmt"
	"math"
	"runtime"
	"strings"
	"time"

	"github.com/grundy-lang/grundy/internal/engine"
	"github.com/grundy-lang/grundy/internal/memo"
	"github.com/grundy-lang/grundy/internal/value"
	"github.com/grundy-lang/grundy/takebreak"
)

// This file finds the periods of game families of one int parameter:
// the smallest q >= 1, then the smallest preperiod p, and the saltus s with
// sg(F(n + q)) == sg(F(n)) + s for every n >= p. For take-and-break
// families (octal and hexadecimal codes, finite subtraction sets) the
// values come from package takebreak (the sparse-space method, a compact
// table) and the period is proved by the theorem of Guy and Smith; for
// other families it is observed on a finite range. The same table
// answers sg of the family's heaps, and a proved period sg of any heap
// at once (search.go asks periodicValue).

// periodic is what is known of a take-and-break family: the values of
// its heaps so far and its period.
type periodic struct {
	Solver *takebreak.Solver
	game   *engine.Game // (set with user)
	name   string       // the family, for messages
	proved bool
	p, q   int64
	// searched: a search up to the heap limit ran.
	searched bool
	last     takebreak.Period // the period of the first last.Known values
	// The search's candidate period and the last exception to it so far,
	// checked up to heap checked.
	candQ, lastExc, checked int
	// user: a declared game whose rule was found to be a take-and-break
	// rule (tbuser.go): its heaps are checked against it before the table
	// has them, and its period is never proved.
	User *tbUser
	// The checkpoint: read once; the values saved to it.
	restored bool
	saved    int
}

const (
	defaultPeriodRange = 2000
	autoProveAt        = 1 << 16 // sg of a larger heap tries to prove a period first
	// period(F, N) of a take-and-break family looks this far for a proof
	// at least (moves that leave three heaps: 1 << 11).
	minProveN = 1 << 13
	// A search with no N stops past heap plainStop (2^11 for moves that
	// leave three heaps) when the values have no sparse space that pays:
	// when it looked at more than maxPerHeap options a heap (the plain
	// method looks at n/2 for heap n: .04 stops at 2^17 heaps, after a few
	// seconds; Grundy's game looks at 3,000, Officers (.6) at 4,000).
	plainStop  = 1 << 17
	maxPerHeap = 1 << 13
)

// tableOf returns the table of take-and-break family g (nil when g is
// not one).
func tableOf(g *engine.Game) *periodic {
	pd, _ := g.Periodic.(*periodic)
	return pd
}

// TableOf is tableOf, for tests: the table of g's values, or nil.
func TableOf(g *engine.Game) *periodic { return tableOf(g) }

// Tables returns the tables of engine e's take-and-break families, for
// tests.
func Tables(e *engine.Engine) []*periodic { return e.Solver.(*solver).tables }

// newPeriodic returns the periodic of take-and-break game t.
func newPeriodic(t *takebreak.Game, name string) *periodic {
	// (A helper thread when the process may run two: the values are the
	// same.)
	s, err := takebreak.NewSolver(t, takebreak.Options{Workers: runtime.GOMAXPROCS(0)})
	if err != nil {
		panic("eval: " + err.Error()) // (the rules were made by a parser)
	}
	return &periodic{Solver: s, name: name}
}

// extend computes the values up to heap n (of a declared game, as far
// as its heaps follow its rule).
func (pd *periodic) extend(e *search, pos engine.Pos, n int64) {
	th := e.Th
	s := pd.Solver
	pd.restore(th, pos)
	if pd.User != nil && n >= int64(s.Len())+userStretch {
		// A long stretch of a declared game: its heaps are checked
		// against the rule and computed a stretch at a time, showing
		// the progress in heaps; a limit says how far it got.
		doing := th.Doing
		th.Doing = func() string {
			if doing != nil {
				return doing() + ", computing the values of " + pd.name + ": " + pd.note()
			}
			return "computing the values of " + pd.name + ": " + pd.note()
		}
		defer func() { th.Doing = doing }()
		if th.Prog != nil && !th.Prog.Busy() {
			th.Prog.BeginUnits()
			defer th.Prog.EndUnits()
		}
		if n >= 1<<20 && n < th.Limits.MaxStates {
			// The table's room for every heap asked, at once: grown a
			// stretch at a time it doubled, to twice the heaps (Grundy's
			// game to 2^28: 1.9 GB resident, against 0.6 GB).
			s.SetMapAbove(th.Limits.MaxMemory / 4)
			s.Reserve(int(n))
		}
		for int64(s.Len()) <= n {
			to := min(n, int64(s.Len())+userStretch)
			ok := pd.User.check(pd.game, to)
			pd.compute(e, pos, ok)
			if ok < to {
				return
			}
		}
		return
	}
	if pd.User != nil {
		n = pd.User.check(pd.game, n)
	}
	pd.compute(e, pos, n)
}

// userStretch is the heaps of a declared game checked against its rule
// and computed at a time.
const userStretch = 1 << 16

// compute computes the values up to heap n.
func (pd *periodic) compute(e *search, pos engine.Pos, n int64) {
	th := e.Th
	s := pd.Solver
	if int64(s.Len()) > n {
		return
	}
	if n >= th.Limits.MaxStates {
		panic(value.LimitError(pos, "--max-states", "state limit reached: the values of %s(0) .. %s(%d) are more than %d positions (--max-states)", pd.name, pd.name, n, th.Limits.MaxStates))
	}
	// (A table of more than a quarter of the memory limit is a mapped
	// file, paged to the disk: see package takebreak.)
	s.SetMapAbove(th.Limits.MaxMemory / 4)
	if t := th.SolverThreads; t > 0 {
		s.SetWorkers(t)
	} else {
		s.SetWorkers(runtime.GOMAXPROCS(0))
	}
	if n >= 1<<20 {
		s.Reserve(int(n))
	}
	last := s.Len()
	s.Extend(int(n), func(known int) bool {
		pd.follow()
		if th.Prog != nil {
			th.Prog.TickUnits(int64(known), "heaps of "+pd.name, pd.note)
		}
		// (A heap is a step, as a position is.)
		th.Steps += int64(known - last)
		last = known
		th.CheckLimits(pos)
		if th.Checkpoint != "" && time.Since(e.savedAt) > checkpointEvery {
			if err := saveCheckpoint(e); err != nil {
				re := err.(*value.RuntimeError)
				re.Pos = pos
				panic(re)
			}
		}
		return false
	})
	pd.follow()
}

// checkpointEvery is how often a long computation saves its values
// (Options.Checkpoint).
const checkpointEvery = time.Minute

// restore reads the family's values from the run's checkpoint file
// (Options.Checkpoint), once: a run stopped goes on from there.
func (pd *periodic) restore(th *engine.Thread, pos engine.Pos) {
	if pd.restored || th.Checkpoint == "" {
		return
	}
	pd.restored = true
	// (A large table read is a mapped file, as one computed: see
	// compute.)
	pd.Solver.SetMapAbove(th.Limits.MaxMemory / 4)
	if _, err := pd.Solver.RestoreFile(th.Checkpoint); err != nil {
		panic(checkpointError(pos, th.Checkpoint, err))
	}
	pd.saved = pd.Solver.Len()
}

// checkpointError is the runtime error at pos (none: Pos{}) of err, an
// error of checkpoint file: "--checkpoint FILE is corrupt ...".
func checkpointError(pos engine.Pos, file string, err error) *value.RuntimeError {
	var ce *takebreak.CheckpointError
	if errors.As(err, &ce) {
		return value.Errorf(pos, "--checkpoint %s%s", ce.File, ce.Reason)
	}
	return value.Errorf(pos, "--checkpoint %s: %v", file, err)
}

// SaveCheckpoint writes the values of the run's take-and-break families
// to its checkpoint file (Thread.SaveCheckpoint).
func (s *solver) SaveCheckpoint() error { return saveCheckpoint(s.search) }

// saveCheckpoint writes the values of the run's take-and-break families
// to its checkpoint file, when some have grown since (with the values it
// holds of other games: takebreak.SaveFile). The error is a runtime
// error without a position.
func saveCheckpoint(e *search) error {
	th := e.Th
	if th.Checkpoint == "" {
		return nil
	}
	e.savedAt = time.Now()
	defer func() { e.saveTook = time.Since(e.savedAt) }()
	grown := false
	var solvers []*takebreak.Solver
	for _, pd := range e.tables {
		grown = grown || pd.Solver.Len() > pd.saved
		solvers = append(solvers, pd.Solver)
	}
	var extras []takebreak.Extra
	puts := int64(0)
	if p := e.pruner; p != nil && p.tt != nil {
		if x, ok := p.extra(); ok {
			extras, grown, puts = append(extras, x), true, p.tt.Puts
		}
	}
	if !grown {
		return nil
	}
	if err := takebreak.SaveFileExtras(th.Checkpoint, solvers, extras); err != nil {
		return checkpointError(engine.Pos{}, th.Checkpoint, err)
	}
	for _, pd := range e.tables {
		pd.saved = pd.Solver.Len()
	}
	if len(extras) > 0 {
		e.pruner.savedPuts = puts
	}
	return nil
}

// follow checks the candidate period on the values computed since the
// last check: the last exception so far.
func (pd *periodic) follow() {
	s := pd.Solver
	if q := pd.candQ; q > 0 && s.Len()-1 > pd.checked {
		if m := s.LastMismatch(q, pd.checked+1-q); m > pd.lastExc {
			pd.lastExc = m
		}
	}
	pd.checked = s.Len() - 1
}

// note says how far a search got: for progress and for errors.
func (pd *periodic) note() string {
	var b strings.Builder
	fmt.Fprintf(&b, "heaps 0 .. %d computed", pd.Solver.Len()-1)
	switch {
	case pd.proved:
		fmt.Fprintf(&b, ", period %d proved from heap %d", pd.q, pd.p)
	case pd.candQ > 0:
		fmt.Fprintf(&b, ", last exception so far %d for the candidate period %d", pd.lastExc, pd.candQ)
	}
	return b.String()
}

// check finds the period of the values known (once for each length).
func (pd *periodic) check() takebreak.Period {
	s := pd.Solver
	if pd.last.Known == s.Len() {
		return pd.last
	}
	pr := s.Period()
	if pd.User != nil {
		pr.Proved, pr.Need = false, 0
		pr = s.Observed(s.Len() - 1)
	}
	if !s.Provable() || pd.User != nil {
		pr.CandP, pr.CandQ = pr.P, pr.Q
		if !pr.Found {
			pr.CandP, pr.CandQ = 0, 0
		}
	}
	pd.last = pr
	if pr.Proved {
		pd.proved, pd.p, pd.q = true, int64(pr.P), int64(pr.Q)
	}
	if pr.CandQ > 0 {
		pd.candQ, pd.lastExc, pd.checked = pr.CandQ, pr.CandP-1, s.Len()-1
	}
	return pr
}

// findPeriod extends the values of take-and-break family g until they prove
// its period: to heap minN at least, then, while they prove nothing, as
// far as heap limit; when whole, not past plainStop while the values
// have no sparse space. Limits, the timeout and Ctrl-C stop it with an
// error that says how far it got.
func findPeriod(e *search, g *engine.Game, pos engine.Pos, minN, limit int64, whole bool) takebreak.Period {
	th := e.Th
	pd := tableOf(g)
	s := pd.Solver
	limit = min(limit, th.Limits.MaxStates-1)
	if pd.proved || limit < int64(s.Len()) && minN < int64(s.Len()) {
		return pd.check()
	}
	doing := th.Doing
	th.Doing = func() string {
		if doing != nil {
			return doing() + ", searching the period of " + pd.name + ": " + pd.note()
		}
		return "searching the period of " + pd.name + ": " + pd.note()
	}
	if th.Prog != nil {
		th.Prog.BeginUnits()
	}
	defer func() {
		th.Doing = doing
		if th.Prog != nil {
			th.Prog.EndUnits()
		}
	}()
	if minN > 0 {
		pd.extend(e, pos, minN)
	}
	stop := int64(plainStop)
	if s.Game().MaxHeaps() == 3 {
		stop = 1 << 11
	}
	pr := pd.check()
	perHeap := int64(0) // options looked at a heap, in the last stretch
	for k := max(min(4096, stop), int64(s.Len())-1); !pr.Proved && int64(s.Len())-1 < limit; {
		if whole && int64(s.Len()) > stop && perHeap > maxPerHeap {
			break
		}
		k = min(k, limit)
		w, l := s.Work(), s.Len()
		pd.extend(e, pos, k)
		perHeap = (s.Work() - w) / int64(max(s.Len()-l, 1))
		pr = pd.check()
		// Double, or go straight to where the candidate would be proved.
		next := 2 * k
		if need := int64(pr.Need); need > k+1 && need-1 < next {
			next = need - 1
		}
		k = next
	}
	if whole {
		pd.searched = true
	}
	return pr
}

// findPeriodAll is the search of period(F) with no N (once).
func findPeriodAll(e *search, g *engine.Game, pos engine.Pos) takebreak.Period {
	if tableOf(g).searched {
		return tableOf(g).check()
	}
	return findPeriod(e, g, pos, 0, e.Th.Limits.MaxStates-1, true)
}

// takeBreakFamily returns the take-and-break game f is, or nil.
func takeBreakFamily(f value.Value) *engine.Game {
	if f.K == value.KFunc {
		if g, ok := f.Callable().(*engine.Game); ok && g.Periodic != nil && g.NArgs == 1 {
			return g
		}
	}
	return nil
}

// periodicOff reports whether periodicValue leaves heap r of g, and
// every heap above it, to the plain engine: a declared game whose heaps
// stopped following its take-and-break rule below r (the ladder then
// sweeps them as it sweeps a game with no rule).
func periodicOff(e *search, g *engine.Game, r uint64) bool {
	pd := tableOf(g)
	if pd == nil || pd.User == nil || r&memo.GenBit != 0 {
		return false
	}
	n := g.Unfield(r)
	return n >= 0 && n >= int64(pd.Solver.Len()) && pd.User.Broken && (pd.restored || e.Th.Checkpoint == "")
}

// periodicValue returns the value of heap r of take-and-break family g:
// from its proved period, or from the table of values (extended to r).
// It first tries to prove the period when r is a large heap.
func periodicValue(e *search, g *engine.Game, r uint64) (memo.Sgv, bool) {
	th := e.Th
	var n int64
	if r&memo.GenBit == 0 {
		n = g.Unfield(r)
	} else {
		a := g.Args(r)[0]
		if a.K != value.KInt {
			return 0, false
		}
		n = a.N
	}
	if n < 0 {
		return 0, false
	}
	pd := tableOf(g)
	s := pd.Solver
	if pd.User != nil {
		// A declared game: as far as its heaps follow the rule, in
		// stretches (a table of sg(g(n)) for n in 0 .. N asks one heap
		// after the other).
		if l := int64(s.Len()); n >= l && pd.User.Broken && (pd.restored || th.Checkpoint == "") {
			// Its heaps stopped following the rule below n: the plain
			// engine computes the rest (without this, every heap of a
			// table past that point asked the checker again).
			return 0, false
		}
		if l := int64(s.Len()); n >= l || !pd.restored && th.Checkpoint != "" {
			pd.extend(e, g.Pos, min(max(n, min(2*l, n+1<<16)), max(n, th.Limits.MaxStates-1)))
		}
		if n < int64(s.Len()) && pd.User.check(g, n) == n {
			return memo.Sgv(s.Value(int(n))), true
		}
		return 0, false
	}
	if !pd.proved && n >= int64(s.Len()) && n >= autoProveAt {
		if n < th.Limits.MaxStates {
			// On the way to n, and past it while the table has not
			// doubled: a table of sg(F(n)) for n in 0 .. N asks one heap
			// after the other, and each search checks the period of all
			// the values (once a heap would take time quadratic in N).
			l := int64(s.Len())
			findPeriod(e, g, g.Pos, 0, min(max(n, min(2*l, n+1<<20)), th.Limits.MaxStates-1), false)
		} else {
			findPeriodAll(e, g, g.Pos)
		}
	}
	switch {
	case pd.proved && n >= pd.p:
		return memo.Sgv(s.Value(int(pd.p + (n-pd.p)%pd.q))), true
	case n >= int64(s.Len()):
		pd.extend(e, g.Pos, n)
	}
	return memo.Sgv(s.Value(int(n))), true
}

// Period finds the period of family f (a function of one int whose values
// are games): proved for take-and-break families, otherwise observed on
// n in 0 .. upTo (upTo <= 0: the default range).
func (s *solver) Period(c *engine.Call, f value.Value, upTo int64) engine.Period {
	th := s.Th
	if f.K == value.KFunc {
		if g, ok := f.Callable().(*engine.Game); ok && g.Periodic == nil {
			userTakeBreak(s.search, g)
		}
	}
	if g := takeBreakFamily(f); g != nil && tableOf(g).User != nil {
		// A declared take-and-break game: observed, on the table.
		n := upTo
		if n <= 0 {
			n = defaultPeriodRange
		}
		pd := tableOf(g)
		pd.extend(s.search, c.Pos, n)
		if int64(pd.Solver.Len()) > n && pd.User.Checked >= n {
			ob := pd.Solver.Observed(int(n))
			return engine.Period{P: int64(ob.P), Q: int64(ob.Q), S: ob.S, Found: ob.Found, UpTo: n}
		}
		// (A heap below n does not follow the rule: the general way.)
	} else if g != nil {
		var pr takebreak.Period
		if upTo > 0 {
			least := int64(minProveN)
			if tableOf(g).Solver.Game().MaxHeaps() == 3 {
				least = 1 << 11
			}
			pr = findPeriod(s.search, g, c.Pos, upTo, max(upTo, least), false)
		} else {
			pr = findPeriodAll(s.search, g, c.Pos)
		}
		if pr.Proved {
			return engine.Period{P: int64(pr.P), Q: int64(pr.Q), Found: true, Proved: true, UpTo: int64(pr.Known) - 1}
		}
		n := int64(pr.Known) - 1
		if upTo > 0 {
			n = upTo
		}
		ob := tableOf(g).Solver.Observed(int(n))
		return engine.Period{P: int64(ob.P), Q: int64(ob.Q), S: ob.S, Found: ob.Found, UpTo: n}
	}
	if upTo <= 0 {
		upTo = defaultPeriodRange
	}
	if upTo > math.MaxInt32 {
		c.Fail("period: cannot check %d values", upTo)
	}
	vals := make([]int64, 0, upTo+1)
	for n := int64(0); n <= upTo; n++ {
		c.Tick()
		v := familyAt(c, f, n)
		sv := th.Sgv(c, v)
		if sv < 0 {
			c.Fail("period: sg(%s) is %s, not a finite value: a game with cycles has no period here", value.Shown(v), value.Shown(s.SgValue(sv)))
		}
		vals = append(vals, int64(sv))
	}
	return observedPeriod(vals)
}

// familyAt returns F(n) for a family value F, checking that it is a game.
func familyAt(c *engine.Call, f value.Value, n int64) value.Value {
	if f.K != value.KFunc {
		c.Fail("period needs a game family (a game's name, or a function of one int that returns a game), found %s %s", f.TypeName(), value.Shown(f))
	}
	switch fn := f.Callable().(type) {
	case *engine.Game:
		if fn.NArgs != 1 {
			c.Fail("period needs a family of positions of one int, but game %s takes %d arguments", fn.GName, fn.NArgs)
		}
	case *engine.Func:
		if len(fn.Params) != 1 {
			c.Fail("period needs a function of one int, but %s takes %d arguments", fn.FName, len(fn.Params))
		}
	}
	fr := c.Th.NewFrame(0)
	v := engine.CallValue(fr, c.Pos, []engine.Pos{c.Pos}, f, []value.Value{value.Int(n)})
	c.Th.Release(fr)
	if !v.IsGame() {
		c.Fail("period: %s(%d) is %s %s, not a game", f.Callable().Name(), n, v.TypeName(), value.Shown(v))
	}
	return v
}

// observedPeriod finds the smallest q, then the smallest p, with a
// constant saltus on the values given; the periodic part must cover at
// least half of the values and three periods.
func observedPeriod(vals []int64) engine.Period {
	n := int64(len(vals)) - 1
	for q := int64(1); 3*q <= n+1; q++ {
		s := vals[n] - vals[n-q]
		i := n - q
		for i >= 0 && vals[i+q]-vals[i] == s {
			i--
		}
		p := i + 1
		tail := n + 1 - p
		if tail >= 3*q && 2*tail >= n+1 {
			return engine.Period{P: p, Q: q, S: s, Found: true, UpTo: n}
		}
	}
	return engine.Period{UpTo: n}
}
