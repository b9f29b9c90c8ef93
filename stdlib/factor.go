package stdlib

import "math/bits"

// factor64 appends the prime factors of m > 1, with multiplicity and in
// no order, to fs: a prime by Miller-Rabin (exact below 2^64 with these
// bases), a composite split by Pollard's rho (Floyd's cycle finding).
func factor64(m uint64, fs []uint64) []uint64 {
	if m == 1 {
		return fs
	}
	if isPrime64(m) {
		return append(fs, m)
	}
	d := rho(m)
	return factor64(m/d, factor64(d, fs))
}

func mulMod(a, b, m uint64) uint64 {
	hi, lo := bits.Mul64(a, b)
	return bits.Rem64(hi, lo, m)
}

func powMod(a, e, m uint64) uint64 {
	r := uint64(1) % m
	a %= m
	for ; e > 0; e >>= 1 {
		if e&1 == 1 {
			r = mulMod(r, a, m)
		}
		a = mulMod(a, a, m)
	}
	return r
}

// isPrime64 is Miller-Rabin with the first 12 primes as bases: exact for
// every n < 2^64 (3.3 * 10^24 is the least strong pseudoprime to all).
func isPrime64(n uint64) bool {
	if n < 2 {
		return false
	}
	bases := [...]uint64{2, 3, 5, 7, 11, 13, 17, 19, 23, 29, 31, 37}
	for _, p := range bases {
		if n%p == 0 {
			return n == p
		}
	}
	d, s := n-1, 0
	for d%2 == 0 {
		d, s = d/2, s+1
	}
	for _, a := range bases {
		x := powMod(a, d, n)
		if x == 1 || x == n-1 {
			continue
		}
		composite := true
		for range s - 1 {
			if x = mulMod(x, x, n); x == n-1 {
				composite = false
				break
			}
		}
		if composite {
			return false
		}
	}
	return true
}

// rho returns a factor of composite n (1 < factor < n).
func rho(n uint64) uint64 {
	if n%2 == 0 {
		return 2
	}
	for c := uint64(1); ; c++ {
		f := func(x uint64) uint64 { return (mulMod(x, x, n) + c) % n }
		x, y, d := uint64(2), uint64(2), uint64(1)
		for d == 1 {
			x, y = f(x), f(f(y))
			diff := x - y
			if x < y {
				diff = y - x
			}
			d = gcd64(diff, n)
		}
		if d != n {
			return d
		}
	}
}

func gcd64(a, b uint64) uint64 {
	for b != 0 {
		a, b = b, a%b
	}
	return a
}
