package eval_test

import (
	"testing"

	"github.com/grundy-lang/grundy/internal/passes"
)

// squaresCases: a filter comparing the square of a range's variable with
// a bound (plan/squares.go), the range narrowed to the square root: the
// same values and errors as with the bounds passes off and every pass
// off. Each comparison, both sides, a bound below 0, a range from 0, a
// range whose squares overflow (not narrowed: the error is met), the
// built-in isqrt on its own. And a filter fixing the variable's
// remainder (numplan/modulo.go), a range of the quotient. A filter X !=
// Y over a range in a move rule, two queries X < Y and X > Y
// (plan/disjunctions.go). Conditions written the long way
// (numplan/conds.go): x in a .. b, min(x, y) == y, max != min, abs(e) > 0.
var squaresCases = []string{
	`game g(n) moves g(n - k * k) for k in 1 .. n if n >= k * k
game h(n) moves h(n - k * k) for k in 0 .. n if k * k < n and k > 0
game f(n) moves f(n - k) for k in 1 .. n if k * k >= n
game e(n) moves e(n - k) for k in 1 .. n if k * k > n + 3
print [sg(g(n)) for n in 0 .. 60], [sg(h(n)) for n in 0 .. 60], [sg(f(n)) for n in 0 .. 60], [sg(e(n)) for n in 0 .. 60]
print sg(g(5000)), winning(g(34)), moves(h(26))
`,
	`print [k for k in 0 .. 50 if k * k > 30], {k for k in 2 .. 40 if 100 >= k * k}, [k for k in 0 .. 10 if k * k < -5], [k for k in 0 .. 4 if k * k >= -3], [k for k in 0 .. 4 if k * k > -1]
print [[k for k in 0 .. n if k * k <= n] for n in -2 .. 10], [len([k for k in 1 .. n if k * k < n]) for n in -3 .. 30]
`,
	`print len([k for k in 3037000490 .. 3037000510 if k * k <= 9223372036854775807])
`,
	`print [isqrt(x) for x in [-9223372036854775807, -5, -1, 0, 1, 2, 3, 4, 15, 16, 17, 99, 100, 101, 9223372036854775807, 9223372030926249001, 9223372030926249000]]
`,
	`game odd(n) moves odd(n - s) for s in 1 .. n if s % 2 == 1
game even(n) moves even(n - s) for s in 0 .. n if 0 == s % 2 and s > 0
game three(n) moves three(n - s) + three(s / 3) for s in 5 .. n if s % 3 == 2
game ne(n) moves ne(n - s) for s in 1 .. n if s % 2 != 0
print [sg(odd(n)) for n in 0 .. 50], [sg(even(n)) for n in 0 .. 50], [sg(three(n)) for n in 0 .. 50], [sg(ne(n)) for n in 0 .. 50], sg(odd(1001)), moves(three(20))
print [[s for s in 0 .. n if s % 4 == 3] for n in -3 .. 9], [s for s in 7 .. 30 if 1 == s % 5], [s * s for s in 2 .. 12 if s % 2 != 1], [10 / (s - 5) for s in 0 .. 9 if s % 2 == 1]
`,
	`game gr(n) moves gr(a) + gr(n - a) for a in 1 .. n - 1 if a != n - a
game tw(n) moves tw(n - a) + tw(a / 2) for a in 0 .. n if 2 * a != n + 1 and a > 0
game el(n) moves el(n - s) for s in [1, 2, 3, 2] if s != 2 and s <= n
game fl(n) moves fl(n - a) for a in 1 .. n if a != 3 and 12 / (a - 5) != 7
print [sg(gr(n)) for n in 0 .. 60], [sg(tw(n)) for n in 0 .. 60], [sg(el(n)) for n in 0 .. 20], sg(gr(3000)), moves(gr(8)), winning(gr(10))
print [a for a in 1 .. 9 if a != 9 - a], [sg(fl(n)) for n in 0 .. 4]
print [sg(fl(n)) for n in 0 .. 9]
`,
	`let S = [1, 3, 4, 7]
game a(n) moves a(n - s) for s in S if n - s in 0 .. n
game b(n) moves b(n - s) for s in S if min(n, s) == s
game c(n) moves c(k) + c(n - k) for k in 1 .. n - 1 if max(k, n - k) != min(n - k, k)
game d(n) moves d(k) + d(n - k) for k in 1 .. n / 2 if abs(n - 2 * k) > 0
game e(n) moves e(n - k) for k in 1 .. n if 0 < abs(k - 3) and max(n, k) == n
game f(n) moves f(n - k) for k in 1 .. n if abs(2 * k - n) == 0 or k == 1
print [sg(a(n)) for n in 0 .. 40], [sg(b(n)) for n in 0 .. 40], [sg(c(n)) for n in 0 .. 40], [sg(d(n)) for n in 0 .. 40], [sg(e(n)) for n in 0 .. 20], [sg(f(n)) for n in 0 .. 20]
print [x for x in [1, "a", 3] if x in 0 .. 2], [k for k in -3 .. 3 if abs(k) > 0], [k for k in 0 .. 5 if min(k, 3) == 3]
`,
	`game cut(w) moves cut(i) + cut(w - i) for i in 1 .. w - 1 if min(i, w - i) >= 2
game s(n) moves s(n - k) for k in [1, 3, 4] if max(n - k, -1) >= 0
game t(n) moves t(n - k) for k in 1 .. n if 3 < max(k, 2) and max(k, n - 5) <= n - 2
game u(n) moves u(n - k) for k in 1 .. n if min(k, 4) < 3 or -2 > min(k - 9, 7)
print [sg(cut(w)) for w in 0 .. 40], [sg(s(n)) for n in 0 .. 30], [sg(t(n)) for n in 0 .. 30], [sg(u(n)) for n in 0 .. 30]
print [k for k in -3 .. 6 if min(k, 10 - k) > 2], [k for k in -3 .. 6 if 1 <= max(k, -k)], [k for k in 0 .. 5 if max(k, -1) >= 2 and min(k, 9) <= 4], [k for k in -3 .. 6 if max(k, 5) >= 2], [k for k in -3 .. 6 if min(k, 1) < 3]
`,
	`let S = {1, 3, 4, 9}
def can(n, s) = any([s <= n])
def both(n, s) = all([s <= n, n - s != 2])
game a(n) moves a(n - s) for s in S if can(n, s)
game b(n) moves b(n - s) for s in S if both(n, s)
game c(n) moves c(n - s) for s in S if any([s <= n]) and all([])
print [sg(a(n)) for n in 0 .. 30], [sg(b(n)) for n in 0 .. 30], [sg(c(n)) for n in 0 .. 30], [any([x > 2]) for x in [1, 5]], [all([x]) for x in [true, false]]
print [any([x > 2]) for x in [1, "a"]]
`,
	`def isprime(p) = p >= 2 and all([p % d != 0 for d in 2 .. p - 1 if d * d <= p])
game g(n) moves g(n - p) for p in 2 .. n if isprime(p)
print [n for n in 0 .. 60 if isprime(n)], [sg(g(n)) for n in 0 .. 80]
`,
}

// TestSquaresExact: squaresCases give what they give with the bounds
// passes off and every pass off.
func TestSquaresExact(t *testing.T) {
	t.Parallel()
	diffCases(t, squaresCases, passes.Bounds)
	diffCases(t, squaresCases, passes.Disjunctions, passes.All)
}
