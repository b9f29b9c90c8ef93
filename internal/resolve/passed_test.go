package resolve

import (
	"fmt"
	"testing"

	"github.com/grundy-lang/grundy/lang"
)

// TestPassedParams: which parameters every call of a game in its own
// rule passes on unchanged: the very parameter at its place, not an
// expression of it, not another name, not a loop variable of the same
// name; none for a game without such a call or with one parameter.
func TestPassedParams(t *testing.T) {
	for _, c := range []struct{ src, want string }{
		{"game g(n, S) moves g(n - s, S) for s in S if s <= n", "[false true]"},
		{"game g(n, S) moves g(n - 1, S) if n > 0 | g(n - 2, S + [n]) if n > 1", "[false false]"},
		{"game g(n, S) moves g(n - s, S) for S in [[1], [2]] for s in S if s <= n", "[false false]"},
		{"game g(v, A, seen) moves g(u, A, seen | {u}) for u in A[v] if u not in seen", "[false true false]"},
		{"game g(a, b) moves g(b, a) if a > 0", "[false false]"},
		{"game g(n, S) moves *n", "[]"},
		{"game g(n) moves g(n - 1) if n > 0", "[]"},
		{"game g(n, S) moves g(n - 1, S) + g(n - 2, S) if n > 1 | sum of g(k, S) for k in 0 .. n - 3", "[false true]"},
	} {
		f, _ := resolveSrc(t, c.src, false)
		got := fmt.Sprint(PassedParams(f.Stmts[0].(*lang.GameStmt)))
		if got != c.want {
			t.Errorf("%s: %s, want %s", c.src, got, c.want)
		}
	}
}
