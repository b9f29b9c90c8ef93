package takebreak

// Period is what the values computed say of their period: the smallest
// Q >= 1, then the smallest P, with v(n + Q) == v(n) + S for n >= P.
type Period struct {
	P, Q  int
	S     int64
	Found bool // a period fits the values
	// Proved: the theorem of Guy and Smith proves it (S is then 0).
	// Otherwise Found means the periodic part covers at least half of the
	// values and three periods.
	Proved bool
	Known  int // the values used: heaps 0 .. Known-1
	// The most promising candidate when not proved, and the values the
	// theorem would need to prove it (0: no theorem applies).
	CandP, CandQ, Need int
}

// period finds the period of vals; bound (nil: no theorem) is the end
// of the range the theorem of Guy and Smith checks.
func period[V word](vals []V, bound func(p, q int) int) Period {
	pd := Period{Known: len(vals)}
	if len(vals) < 2 {
		return pd
	}
	if bound != nil {
		if p, q, ok, cp, cq, need := provedPeriod(vals, bound); ok {
			pd.P, pd.Q, pd.Found, pd.Proved = p, q, true, true
			return pd
		} else {
			pd.CandP, pd.CandQ, pd.Need = cp, cq, need
		}
	}
	if p, q, s, ok := observedPeriod(vals); ok {
		pd.P, pd.Q, pd.S, pd.Found = p, q, s, true
		if bound == nil {
			pd.CandP, pd.CandQ = p, q
		}
	}
	return pd
}

// tail says that v(i + q) == v(i) + s for every i >= p of the values.
type tail struct {
	q, p int
	s    int64
}

// tails keeps the long periodic tails a scan over q has found: a
// multiple k*q of their period is periodic on them too (with saltus
// k*s), so its scan starts below them (without it, a sequence of period
// q0 from p0 costs (n - p0) for each of its n/q0 multiples).
type tails []tail

// start returns where the scan of shift q may start, given the values
// n: below a tail whose period divides q (i from that tail's p - 1
// down), or n - q; and the saltus that tail implies (ok false: none).
func (ts tails) start(q, n int) (int, int64, bool) {
	for _, t := range ts {
		if q%t.q == 0 {
			return min(n-q, t.p-1), int64(q/t.q) * t.s, true
		}
	}
	return n - q, 0, false
}

// add notes a tail of shift q from p when it covers an eighth of the n+1
// values and two periods, and no tail's period divides q.
func (ts *tails) add(q, p, n int, s int64) {
	if l := n + 1 - p; l >= 2*q && 8*l >= n+1 {
		if _, _, ok := ts.start(q, n); !ok {
			*ts = append(*ts, tail{q, p, s})
		}
	}
}

// provedPeriod returns the smallest period q and its smallest preperiod
// p that the values prove, if any; otherwise the candidate (p, q) that
// needs the fewest values to be proved, and how many.
func provedPeriod[V word](vals []V, bound func(p, q int) int) (p, q int, ok bool, candP, candQ, need int) {
	n := len(vals) - 1
	var ts tails
	for q := 1; 2*q <= n; q++ {
		i, _, _ := ts.start(q, n)
		for i >= 0 && vals[i+q] == vals[i] {
			i--
		}
		p := i + 1
		nd := bound(p, q) + q // values 0 .. nd-1 prove (p, q)
		if nd <= n+1 {
			p, q = normalize(vals, p, q)
			return p, q, true, 0, 0, 0
		}
		if need == 0 || nd < need {
			candP, candQ, need = p, q, nd
		}
		ts.add(q, p, n, 0)
	}
	return 0, 0, false, candP, candQ, need
}

// normalize returns the smallest period and preperiod of values known to
// be periodic with period q from p (a proof for q may come before one
// for a divisor of q, whose preperiod can be larger).
func normalize[V word](vals []V, p, q int) (int, int) {
	n := len(vals) - 1
	at := func(j int) V {
		if j > n {
			j = p + (j-p)%q
		}
		return vals[j]
	}
	for d := 1; d < q; d++ {
		if q%d != 0 {
			continue
		}
		ok := true
		for i := p; i < p+q && ok; i++ {
			ok = at(i+d) == vals[i]
		}
		if ok {
			q = d
			break
		}
	}
	for p > 0 && at(p-1+q) == vals[p-1] {
		p--
	}
	return p, q
}

// observedPeriod finds the smallest q, then the smallest p, with a
// constant saltus on the values; the periodic part must cover at least
// half of the values and three periods.
func observedPeriod[V word](vals []V) (p, q int, s int64, ok bool) {
	n := len(vals) - 1
	var ts tails
	for q := 1; 3*q <= n+1; q++ {
		s := int64(vals[n]) - int64(vals[n-q])
		i, sk, ok := ts.start(q, n)
		if ok && sk != s {
			i = n - q
		}
		for i >= 0 && int64(vals[i+q])-int64(vals[i]) == s {
			i--
		}
		p := i + 1
		tail := n + 1 - p
		if tail >= 3*q && 2*tail >= n+1 {
			return p, q, s, true
		}
		ts.add(q, p, n, s)
	}
	return 0, 0, 0, false
}

// lastMismatch returns the largest i >= from with vals[i] != vals[i+q],
// or -1.
func lastMismatch[V word](vals []V, q, from int) int {
	for i := len(vals) - 1 - q; i >= max(from, 0); i-- {
		if vals[i] != vals[i+q] {
			return i
		}
	}
	return -1
}
