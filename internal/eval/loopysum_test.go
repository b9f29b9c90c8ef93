package eval_test

import (
	"bytes"
	"context"
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/grundy-lang/grundy/internal/eval"
)

// TestLoopySumMoves checks games with cycles whose moves are sums (a token
// move plus a nim heap): the engine solves them with product nodes; a
// brute-force retrograde analysis on the explicit states (token, heap)
// must give the same outcome for every t(v) + *k.
func TestLoopySumMoves(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 11))
	const games, maxNim = 300, 8
	for gi := 0; gi < games; gi++ {
		n := 2 + rng.IntN(6)
		// moves[v] lists (w, k): from t(v) to t(w) + *k.
		moves := make([][][2]int, n)
		var lists []string
		for v := 0; v < n; v++ {
			deg := rng.IntN(3)
			var items []string
			for j := 0; j < deg; j++ {
				m := [2]int{rng.IntN(n), rng.IntN(3)}
				moves[v] = append(moves[v], m)
				items = append(items, fmt.Sprintf("(%d, %d)", m[0], m[1]))
			}
			lists = append(lists, "["+strings.Join(items, ", ")+"]")
		}
		var src strings.Builder
		fmt.Fprintf(&src, "let E = [%s]\n", strings.Join(lists, ", "))
		src.WriteString("game t(v) moves t(p[0]) + *p[1] for p in E[v]\n")
		src.WriteString("for v in 0 .. len(E) - 1 { print [outcome(t(v) + *k) for k in 0 .. 3] }\n")
		var out bytes.Buffer
		s := eval.NewSession(eval.Options{Stdout: &out})
		if err := s.ExecFile(context.Background(), "t.game", src.String()); err != nil {
			t.Fatalf("game %d: %v\n%s", gi, err, src.String())
		}
		// Brute force: state (v, a), a < maxNim; moves: the token to
		// (w, a^k), or the heap to (v, a') with a' < a.
		id := func(v, a int) int { return v*maxNim + a }
		N := n * maxNim
		succ := make([][]int, N)
		pred := make([][]int, N)
		for v := 0; v < n; v++ {
			for a := 0; a < maxNim; a++ {
				u := id(v, a)
				for _, m := range moves[v] {
					succ[u] = append(succ[u], id(m[0], a^m[1]))
				}
				for b := 0; b < a; b++ {
					succ[u] = append(succ[u], id(v, b))
				}
				for _, w := range succ[u] {
					pred[w] = append(pred[w], u)
				}
			}
		}
		res := make([]byte, N)
		left := make([]int, N)
		var queue []int
		for u := 0; u < N; u++ {
			left[u] = len(succ[u])
			if left[u] == 0 {
				res[u] = 'P'
				queue = append(queue, u)
			}
		}
		for len(queue) > 0 {
			w := queue[0]
			queue = queue[1:]
			for _, u := range pred[w] {
				if res[u] != 0 {
					continue
				}
				if res[w] == 'P' {
					res[u] = 'N'
					queue = append(queue, u)
				} else if left[u]--; left[u] == 0 {
					res[u] = 'P'
					queue = append(queue, u)
				}
			}
		}
		lines := strings.Split(strings.TrimSpace(out.String()), "\n")
		for v := 0; v < n; v++ {
			var want []string
			for k := 0; k <= 3; k++ {
				r := res[id(v, k)]
				if r == 0 {
					r = 'D'
				}
				want = append(want, fmt.Sprintf("%q", string(r)))
			}
			if w := "[" + strings.Join(want, ", ") + "]"; lines[v] != w {
				t.Fatalf("game %d, t(%d): outcomes of t(v) + *k for k = 0..3: got %s, brute force %s\n%s", gi, v, lines[v], w, src.String())
			}
		}
	}
}
