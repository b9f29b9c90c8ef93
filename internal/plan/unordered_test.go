package plan_test

import (
	"testing"

	"github.com/grundy-lang/grundy/internal/passes"
)

func TestUnordered(t *testing.T) {
	cases := []planCase{
		{name: "sorted: a literal in place", src: "game g(n) moves g(n - s) for s in [4, 1, 3, 1] if s <= n\n",
			want: "planned (unordered) as:\nguard |n| <= 4500000000000000000\nelems s in [1, 3, 4]\nfilter s <= n\nyield g(n - s)"},
		{name: "sorted: a global", src: "let N = 5\nlet S = [57, 1, 4, 3, 1]\ngame g(n) moves g(n - s) for s in S if s <= n\n",
			want: "planned (unordered) as:\nguard |n| <= 4500000000000000000\nelems s in [1, 3, 4, 57]\nfilter s <= n\nyield g(n - s)"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			if got := after(t, c.src, c.off); got != c.want {
				t.Errorf("planned:\n%s\nwant:\n%s", got, c.want)
			}
		})
	}
	_ = passes.Unordered
}
