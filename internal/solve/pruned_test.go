package solve

import (
	"math/rand/v2"
	"slices"
	"testing"
)

// mexOf is the least value not among vs.
func mexOf(vs []int32) int32 {
	for m := int32(0); ; m++ {
		if !slices.Contains(vs, m) {
			return m
		}
	}
}

// crossOut is inSet's reasoning on one position whose options have the
// values vs, asked for q: each option answers its exact value when it is
// among the values the position asks it for, and otherwise notIn, or at
// random its exact value anyway (as a search that found it does). It
// returns inSet's answer and, for notIn, the mask of values exclude
// records.
func crossOut(r *rand.Rand, vs []int32, q request) (int32, uint32) {
	P := fill(nil, int32(len(vs)))
	exact := true
	for _, v := range vs {
		if !q.meets(P, 0) {
			return notIn, excludeMask(0, P, q)
		}
		s := slices.Clone(P)
		s.del(s.max())
		if !q.all {
			s.below(q.top)
		}
		if s.has(v) || r.IntN(3) == 0 {
			P.drop(v)
		} else {
			P.del(P.max())
			exact = false
		}
	}
	if v := P.min(); exact || v <= q.top {
		return v, 0
	}
	return notIn, excludeMask(0, P, q)
}

// The crossing out of values answers exactly: an answer is the mex of the
// options' values; notIn means that the mex is not asked for, and the
// mask it records leaves the mex out.
func TestCrossOut(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	for i := range 200000 {
		vs := make([]int32, r.IntN(9))
		for j := range vs {
			vs[j] = int32(r.IntN(12))
		}
		var q request
		switch r.IntN(4) {
		case 0:
			q = everything
		default:
			s := nimset(make([]uint64, 1))
			for range 1 + r.IntN(3) {
				s.add(int32(r.IntN(10)))
			}
			q = requestOf(s, int32(r.IntN(4)))
		}
		mex := mexOf(vs)
		got, mask := crossOut(r, vs, q)
		asked := q.all || q.s.has(mex^q.y)
		switch {
		case got != notIn && got != mex:
			t.Fatalf("case %d: values %v, asked %+v: answer %d, mex %d", i, vs, q, got, mex)
		case got == notIn && asked:
			t.Fatalf("case %d: values %v, asked %+v: notIn, but the mex %d is asked for", i, vs, q, mex)
		case got == notIn && mex < notBits && mask&(1<<mex) != 0:
			t.Fatalf("case %d: values %v, asked %+v: mask %b leaves out the mex %d", i, vs, q, mask, mex)
		}
	}
}

// Every value a nimset's operations give is the one a map of bools gives.
func TestNimset(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 4))
	for range 2000 {
		n := int32(r.IntN(200))
		s := fill(nil, n)
		want := map[int32]bool{}
		for x := range n + 1 {
			want[x] = true
		}
		for range r.IntN(int(n) + 2) {
			x := int32(r.IntN(int(n) + 10))
			s.drop(x)
			if want[x] {
				delete(want, x)
			} else {
				top := int32(-1)
				for y := range want {
					top = max(top, y)
				}
				delete(want, top)
			}
		}
		top := int32(r.IntN(int(n) + 5))
		if r.IntN(2) == 0 {
			s.below(top)
			for y := range want {
				if y > top {
					delete(want, y)
				}
			}
		}
		lo, hi := int32(-1), int32(-1)
		for y := range want {
			if lo < 0 || y < lo {
				lo = y
			}
			hi = max(hi, y)
		}
		if s.min() != lo || s.max() != hi {
			t.Fatalf("min, max %d, %d; want %d, %d", s.min(), s.max(), lo, hi)
		}
		for x := int32(-1); x < n+12; x++ {
			if s.has(x) != want[x] {
				t.Fatalf("has(%d) = %v", x, s.has(x))
			}
		}
	}
}
