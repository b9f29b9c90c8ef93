package plan_test

import (
	"testing"

	"github.com/grundy-lang/grundy/internal/passes"
)

// TestImplied: a filter the range before it implies (its variable minus
// the range's lower end, or the upper end minus it, plus a constant at
// least 0; the ends' terms compared as written) is dropped; one it does
// not imply stays.
func TestImplied(t *testing.T) {
	cases := []planCase{
		{name: "implied: a second loop tied to the first", src: "def deg(v) = if v == 0 then 0 else 1 + v % 5\ngame g(v) moves g((8 * v + t) % v) for k in 0 .. deg(v) - 1 for t in 8 * v .. deg(v) - 1 + 8 * v if t == 8 * v + k\n",
			want: "planned (inline, equalities, bounds) as:\nguard |v| <= 562500000000000000\nrange k = 0 .. (if v == 0 then 0 else 1 + v % 5) - 1\nyield g((8 * v + (8 * v + k)) % v)"},
		{name: "implied: the other loop solved", src: "game g(n) moves g(t - 2 * n) for t in 2 * n .. 2 * n + n % 7 for k in 0 .. n % 7 if t - k == 2 * n\n",
			want: "planned (equalities, bounds) as:\nguard |n| <= 1125000000000000000\nrange t = 2 * n .. 2 * n + n % 7\nyield g(t - 2 * n)"},
		{name: "implied: a filter one past the end stays, the one at the other end is implied", src: "game g(n) moves g(k) for k in 0 .. n % 7 for j in 0 .. n % 7 if j == k + 1\n",
			want: "planned (equalities, bounds) as:\nguard |n| <= 4500000000000000000\nrange k = 0 .. n % 7\nfilter k + 1 <= n % 7\nyield g(k)"},
		{name: "implied off", off: passes.Bounds, src: "game g(n) moves g(t - 2 * n) for t in 2 * n .. 2 * n + n % 7 for k in 0 .. n % 7 if t - k == 2 * n\n",
			want: "planned (equalities) as:\nguard |n| <= 1125000000000000000\nrange t = 2 * n .. 2 * n + n % 7\nfilter t - 2 * n >= 0\nfilter t - 2 * n <= n % 7\nyield g(t - 2 * n)"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			if got := after(t, c.src, c.off); got != c.want {
				t.Errorf("planned:\n%s\nwant:\n%s", got, c.want)
			}
		})
	}
}
