package takebreak

// An independent, deliberately simple reference: every option of every
// heap listed by the definition of the moves, the mex taken from a slice
// of flags.

import (
	"fmt"
	"math/rand/v2"
)

// naiveValues returns the values of heaps 0 .. n of g.
func naiveValues(g *Game, n int) []uint32 {
	v := make([]uint32, 0, n+1)
	lim := 1
	for h := 0; h <= n; h++ {
		// (Every option's value is an xor of values below lim, so it is
		// below lim, and the mex is at most lim.)
		opts := make([]bool, lim+1)
		for _, r := range g.Rules {
			rem := h - r.Take
			if rem < 0 {
				continue
			}
			if r.Ways&Whole != 0 && rem == 0 && r.Take > 0 {
				opts[0] = true
			}
			if r.Ways&One != 0 && rem >= 1 && r.Take > 0 {
				opts[v[rem]] = true
			}
			if r.Ways&Two != 0 {
				for a := 1; a <= rem-a; a++ {
					if r.Unequal && a == rem-a {
						continue
					}
					opts[v[a]^v[rem-a]] = true
				}
			}
			if r.Ways&Three != 0 {
				for a := 1; 3*a <= rem; a++ {
					for b := a; a+2*b <= rem; b++ {
						opts[v[a]^v[b]^v[rem-a-b]] = true
					}
				}
			}
		}
		m := 0
		for opts[m] {
			m++
		}
		v = append(v, uint32(m))
		for m >= lim {
			lim *= 2
		}
	}
	return v
}

// allCodes returns every code with at most three digits after the point,
// before the point 0 or 4 (1024 codes, "0.000" the empty game).
func allCodes() []string {
	var out []string
	for _, lead := range []string{"0", "4"} {
		for d := range 512 {
			out = append(out, fmt.Sprintf("%s.%d%d%d", lead, d>>6, d>>3&7, d&7))
		}
	}
	return out
}

// randomHex returns a random code of 1-4 hexadecimal digits, the digits
// 8-f (moves that leave three heaps) in it with probability three in ten.
func randomHex(r *rand.Rand) string {
	const hex = "0123456789abcdef"
	s := "0."
	if r.IntN(5) == 0 {
		s = string("48c"[r.IntN(3)]) + "."
	}
	n := 1 + r.IntN(4)
	for i := range n {
		d := r.IntN(8)
		if r.IntN(10) < 3 {
			d = 8 + r.IntN(8)
		}
		if i == n-1 && d == 0 {
			d = 1 + r.IntN(15)
		}
		s += string(hex[d])
	}
	return s
}
