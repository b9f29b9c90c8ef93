package takebreak

import "runtime"

// Solver computes the values of a Game's heaps 0, 1, 2, ... in order and
// keeps them in a compact table. It is not safe for concurrent use.
type Solver struct {
	g   *Game
	r   *rules
	st  *store // where the table lives (store.go)
	c8  *core[uint8]
	c16 *core[uint16]
	c32 *core[uint32]
}

// Options change how a Solver computes.
type Options struct {
	// Plain makes the Solver use the plain method only (the fallback,
	// and the reference the sparse method is tested against).
	Plain bool
	// Workers is the number of threads that may compute values (1 or 2;
	// 0: 1). Values are the same whatever it is.
	Workers int
	// narrow, when not 0, is the largest value of the first table, twice
	// that of the second (tests of widening).
	narrow uint32
	// MapAbove, when not 0, is the most bytes the table may take in the
	// heap: a larger one is a memory-mapped file in MapDir (os.TempDir()
	// when empty), which the kernel pages to the disk (store.go).
	MapAbove int64
	MapDir   string
	// parallelAt, when not 0, is the first heap of a pipeline, whatever
	// the work of a heap (tests; 2^14, and heaps of 500 options or more).
	parallelAt int
	// waitHelper: the computing thread waits for the helper's blocks
	// (tests: the helper's work is then used whatever the timing).
	waitHelper bool
}

// NewSolver returns a Solver of game g, or an error when g's rules are
// not ones it can run (see Game.Check).
func NewSolver(g *Game, o Options) (*Solver, error) {
	if err := g.Check(); err != nil {
		return nil, err
	}
	r := compile(g)
	w := max(o.Workers, 1)
	at, minWork := o.parallelAt, int64(minPerHeap)
	if at > 0 {
		minWork = 0
	} else {
		at = 1 << 14
	}
	st := &store{mapAbove: o.MapAbove, dir: o.MapDir}
	s := &Solver{g: g, r: r, st: st, c8: newCore[uint8](r, o.Plain, o.narrow, min(w, 2), at, minWork, st)}
	s.c8.waitHelper = o.waitHelper
	runtime.AddCleanup(s, closeStore, st)
	return s, nil
}

// table is the Solver's core, of the width its values need (Extend
// widens it).
func (s *Solver) table() table {
	switch {
	case s.c8 != nil:
		return s.c8
	case s.c16 != nil:
		return s.c16
	}
	return s.c32
}

// Game returns the Solver's game.
func (s *Solver) Game() *Game { return s.g }

// Len is the number of heaps whose values are known: 0 .. Len()-1.
func (s *Solver) Len() int { return s.table().length() }

// Value returns the value of heap n < Len().
func (s *Solver) Value(n int) uint32 { return s.table().value(n) }

// Values copies the values of heaps from .. from+len(dst)-1 into dst.
func (s *Solver) Values(from int, dst []uint32) { s.table().values(from, dst) }

// Extend computes the values of heaps up to upTo. It calls poll now and
// then (about every million operations) with the number of heaps known;
// when poll returns true, Extend stops there. It reports whether the
// values up to upTo are known.
func (s *Solver) Extend(upTo int, poll func(known int) bool) bool {
	if poll == nil {
		poll = func(int) bool { return false }
	}
	for s.Len() <= upTo {
		p := func() bool { return poll(s.Len()) }
		switch {
		case s.c8 != nil:
			if !s.c8.extend(upTo, p) {
				s.c16, s.c8 = widen[uint8, uint16](s.c8), nil
				continue
			}
		case s.c16 != nil:
			if !s.c16.extend(upTo, p) {
				s.c32, s.c16 = widen[uint16, uint32](s.c16), nil
				continue
			}
		default:
			s.c32.extend(upTo, p)
		}
		break
	}
	return s.Len() > upTo
}

// Reserve makes room for the values of heaps up to upTo, so that Extend
// does not copy the table as it grows.
func (s *Solver) Reserve(upTo int) { s.table().reserve(upTo + 1) }

func reserve[V word](vals []V, n int) []V {
	if cap(vals) >= n {
		return vals
	}
	out := make([]V, len(vals), n)
	copy(out, vals)
	return out
}

// Stats says what the Solver did.
func (s *Solver) Stats() Stats { return s.table().stats() }

// Period returns the period of the values known; see Period.
func (s *Solver) Period() Period { return s.table().period(s.Len(), s.bound()) }

// Observed returns the period seen on the values of heaps 0 .. upTo
// (upTo < Len()), with no theorem: Found when its periodic part covers
// at least half of them and three periods.
func (s *Solver) Observed(upTo int) Period { return s.table().period(upTo+1, nil) }

// Provable reports whether a theorem can prove the game's periods.
func (s *Solver) Provable() bool { return s.bound() != nil }

// Work is the number of options the Solver has looked at.
func (s *Solver) Work() int64 {
	st := s.Stats()
	return st.RarePairs + st.PairsWalked + st.PlainPairs + int64(s.Len())
}

// bound returns the end of the range [p, bound) on which v(n + q) ==
// v(n) must hold for the theorem of Guy and Smith to prove a period q
// from p: p + t for moves that leave at most one heap, 2p + q + t for two
// heaps, 3p + 2q + t for three, where t is the most tokens a move takes.
// nil when no theorem applies (a rule that leaves two unequal heaps:
// shortening a part by q can make the two parts equal).
func (s *Solver) bound() func(p, q int) int {
	for _, r := range s.g.Rules {
		if r.Unequal {
			return nil
		}
	}
	h, t := s.g.MaxHeaps(), s.g.MaxTake()
	return func(p, q int) int { return h*p + (h-1)*q + t }
}

// LastMismatch returns the largest i < Len()-q with value(i) !=
// value(i+q), from heap from on, or -1 (a cheap check of a candidate
// period on the values computed since the last).
func (s *Solver) LastMismatch(q, from int) int { return s.table().lastMismatch(q, from) }

// Mapped reports whether the Solver's table is in a memory-mapped file
// (Options.MapAbove), and the error of a mapping that failed (the table
// then stayed in the heap).
func (s *Solver) Mapped() (bool, error) { return s.st.m != nil, s.st.err }

// SetMapAbove sets Options.MapAbove: the table moves to a mapped file when
// it next grows past that many bytes.
func (s *Solver) SetMapAbove(bytes int64) { s.st.mapAbove = bytes }

// SetWorkers sets Options.Workers: the threads that may compute the
// values from now on (a process whose cores are busy with other
// computations gains nothing from a helper thread, which then only
// takes their time).
func (s *Solver) SetWorkers(n int) {
	w := min(max(n, 1), 2)
	if s.c8 != nil {
		s.c8.workers = w
	}
	if s.c16 != nil {
		s.c16.workers = w
	}
	if s.c32 != nil {
		s.c32.workers = w
	}
}
