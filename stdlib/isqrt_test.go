package stdlib

import (
	"math"
	"testing"
)

// TestIsqrt: the largest r with r * r <= n, against a search, near the
// squares and at the ends of the ints.
func TestIsqrt(t *testing.T) {
	check := func(n int64) {
		r := Isqrt(n)
		if n < 0 {
			if r != -1 {
				t.Errorf("Isqrt(%d) = %d, want -1", n, r)
			}
			return
		}
		if r < 0 || r > 3037000499 || r*r > n || r < 3037000499 && (r+1)*(r+1) <= n {
			t.Errorf("Isqrt(%d) = %d", n, r)
		}
	}
	for n := int64(-3); n <= 100000; n++ {
		check(n)
	}
	for r := int64(3037000400); r <= 3037000499; r++ {
		check(r*r - 1)
		check(r * r)
		check(r*r + 1)
	}
	check(math.MaxInt64)
	check(math.MinInt64)
	check(1 << 62)
}
