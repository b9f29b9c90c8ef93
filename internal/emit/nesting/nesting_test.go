package nesting

import (
	"testing"

	"github.com/grundy-lang/grundy/lang"
)

// graph is defs whose bodies are calls: calls[i] the defs def i calls, -2
// a query.
func graph(calls [][]int) Graph {
	of := map[*lang.Call]int{}
	var bodies []lang.Expr
	for _, cs := range calls {
		var args []lang.Expr
		for _, c := range cs {
			x := &lang.Call{}
			of[x] = c
			args = append(args, x)
		}
		bodies = append(bodies, &lang.Call{Args: args})
	}
	return Graph{Bodies: bodies, Callee: func(x *lang.Call) (int, bool) {
		c, ok := of[x]
		if !ok {
			return -1, false
		}
		if c == -2 {
			return -1, true
		}
		return c, false
	}}
}

// TestHeights: a leaf is 1, its caller 2; a recursive def, a def that
// calls one, and a def that queries a game are unbounded.
func TestHeights(t *testing.T) {
	h := graph([][]int{{}, {0, 0}, {2}, {2, 1}, {-2}, {1, 1}}).Heights()
	want := map[int]int{0: 1, 1: 2, 5: 3}
	if len(h) != len(want) {
		t.Fatalf("heights %v, want %v", h, want)
	}
	for d, v := range want {
		if h[d] != v {
			t.Errorf("def %d: height %d, want %d", d, h[d], v)
		}
	}
}

// TestExpanded: a call of a bounded def counts its expansion.
func TestExpanded(t *testing.T) {
	g := graph([][]int{{}, {0, 0}, {1, 1}})
	hs := g.Heights()
	// def 0: its call node; def 1: its node, two calls of 1 node each
	// expanding to 1 each; def 2: 1 + 2 * (1 + 5)
	for d, want := range []int{1, 5, 13} {
		if n := g.Expanded(d, hs, 100); n != want {
			t.Errorf("def %d: %d nodes, want %d", d, n, want)
		}
	}
	if n := g.Expanded(2, hs, 4); n <= 4 {
		t.Errorf("def 2 under a limit of 4: %d", n)
	}
}
