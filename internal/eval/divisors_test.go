package eval_test

import (
	"testing"

	"github.com/grundy-lang/grundy/internal/passes"
)

// divisorsCases: a range filtered by divisibility of a position's int
// (plan/divisors.go), listed as the int's divisors: the same values and
// errors as with the bounds passes off and every pass off. From 1 and
// from 2, the test written either way round, a filter before it, ends
// past the int, the int 0 and below (the rule as written), a dividend
// bound by the query (not rewritten), a global dividend, a filter
// after the test that can fail.
var divisorsCases = []string{
	`game g(n) moves g(n - d) for d in 1 .. n - 1 if n % d == 0
game h(n) moves h(n - d) for d in 2 .. n if 0 == n % d
game k(n) moves k(n - d) for d in 1 .. n if d * 3 != n and n % d == 0 and d < n
print [sg(g(n)) for n in 0 .. 80], [sg(h(n)) for n in 0 .. 80], [sg(k(n)) for n in 0 .. 80], sg(g(5040)), moves(g(12)), winning(h(36))
`,
	`print [[d for d in 1 .. n + 5 if n % d == 0] for n in -4 .. 13], [[d for d in 3 .. 9 if n % d == 0] for n in [0, 12, 36, 7]]
print [len([d for m in [n] for d in 1 .. m if m % d == 0]) for n in 1 .. 12], {d for d in 1 .. 100 if 60 % d == 0}
`,
	`let N = 360
print [d for d in 1 .. N if N % d == 0], len([d for d in 1 .. 1000000 if 720720 % d == 0])
`,
	`game g(n) moves g(n - d) for d in 1 .. n - 1 if n % d == 0 and 10 / (d - 3) > 0
print [sg(g(n)) for n in 0 .. 40]
`,
}

// TestDivisorsExact: divisorsCases give what they give with the bounds
// passes off and every pass off.
func TestDivisorsExact(t *testing.T) {
	t.Parallel()
	diffCases(t, divisorsCases, passes.Bounds, passes.All)
}
