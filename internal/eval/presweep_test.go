package eval_test

import (
	"fmt"
	"testing"

	"github.com/grundy-lang/grundy/internal/passes"
)

// TestPresweepDiff: queries of games with a general sweep, asked at the
// top level in an order that has their positions swept ahead (package
// solve's step.go: many random positions, then a few far up), give
// the same output and the same error with the sweep ahead and without
// it: a rule whose key fails at some position (the error the search
// meets, at the same position, with the same trace), options above the
// position (the sweep stops), a cycle, values of 64 and more.
func TestPresweepDiff(t *testing.T) {
	t.Parallel()
	rnd := "def mix(x) = (x * 1103515245 + 12345) % 2147483647\ndef rnd(x) = mix(mix(x))\n"
	games := map[string]string{
		"dag":   "game g(v) moves g(rnd(8 * v + k) % v) for k in 0 .. (if v == 0 then 0 else 1 + rnd(8 * v + 7) % 5) - 1\n",
		"fails": "game g(v) moves g(rnd(8 * v + k) % (v - 1777)) for k in 0 .. (if v == 0 then 0 else 1 + rnd(8 * v + 7) % 3) - 1 if v > 0\n",
		"deep":  "game g(v) moves g((v - 1 - rnd(v + k) % 7) % v) for k in 0 .. 1 if v > 0\n",
		"above": "game g(v) moves g((rnd(8 * v + k) % (v + 1) + (if v % 500 == 499 then 2 else 0)) % 4000) for k in 0 .. 2 if v > 0\n",
		"wide":  "game g(v) moves g(v - 1 - k) for k in 0 .. v - 1 if k < 70\n",
	}
	queries := []string{
		"print sg(sum of g(rnd(8 * j + 6) % N) for j in 1 .. N / 4)\nprint sg(g(N - 1))\nprint sg(g(N / 2)), sg(sum of g(v) for v in 0 .. N - 1)\n",
		"for j in 1 .. N / 5 {\n  let x = sg(g(rnd(j) % N))\n}\nprint sg(g(N - 1)), sg(g(N / 3))\n",
	}
	var fails int
	for name, game := range games {
		for qi, q := range queries {
			for _, n := range []int{700, 3000} {
				src := fmt.Sprintf("let N = %d\n%s%s%s", n, rnd, game, q)
				c := optCase{name: "p.game", src: src}
				on, off := runOptWith(c, 0), runOptWith(c, passes.Ahead)
				if on.out != off.out || on.err != off.err || on.panic != "" || off.panic != "" {
					fails++
					if fails <= 5 {
						t.Errorf("%s, query %d, N = %d:\n%s\n=== ahead on:\n%s\n=== off:\n%s", name, qi, n, src, on, off)
					}
				}
			}
		}
	}
}
