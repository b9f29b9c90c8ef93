package stdlib

import (
	"math/rand/v2"
	"slices"
	"testing"
)

// naiveFactors is trial division (the reference).
func naiveFactors(n uint64) []uint64 {
	var fs []uint64
	for d := uint64(2); d*d <= n; d++ {
		for n%d == 0 {
			fs, n = append(fs, d), n/d
		}
	}
	if n > 1 {
		fs = append(fs, n)
	}
	return fs
}

// TestFactor64: the prime factors Pollard's rho and Miller-Rabin find
// are trial division's, for random ints up to 2^42, products of two or
// three random primes, prime powers and primes near 2^63; isPrime64
// agrees with trial division on every int below 100,000.
func TestFactor64(t *testing.T) {
	for n := uint64(0); n < 100_000; n++ {
		if got, want := isPrime64(n), n >= 2 && len(naiveFactors(n)) == 1; got != want {
			t.Fatalf("isPrime64(%d) = %v", n, got)
		}
	}
	r := rand.New(rand.NewPCG(3, 4))
	prime := func(bitsN int) uint64 {
		for {
			p := r.Uint64N(1<<bitsN) | 1<<(bitsN-1) | 1
			if len(naiveFactors(p)) == 1 {
				return p
			}
		}
	}
	check := func(n uint64, want []uint64) {
		t.Helper()
		got := factor64(n, nil)
		slices.Sort(got)
		slices.Sort(want)
		if !slices.Equal(got, want) {
			t.Fatalf("factor64(%d) = %v, want %v", n, got, want)
		}
	}
	for range 300 {
		n := 2 + r.Uint64N(1<<40)
		check(n, naiveFactors(n))
	}
	// (Products of primes made here: their factors are known.)
	for range 40 {
		p, q, a, b, c := prime(31), prime(31), prime(20), prime(21), prime(21)
		check(p*q, []uint64{p, q})
		check(p*p, []uint64{p, p})
		check(a*b*c, []uint64{a, b, c})
		check(b*b*a, []uint64{a, b, b})
	}
	check(9223372036854775783, []uint64{9223372036854775783})
	check(9223372036854775807, []uint64{7, 7, 73, 127, 337, 92737, 649657})
	check(1<<62, slices.Repeat([]uint64{2}, 62))
	check(3037000499*3037000499, []uint64{13, 13, 233615423, 233615423})
}
