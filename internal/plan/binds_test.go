package plan_test

import "testing"

// TestSplitBind: a tuple pattern bound to a tuple or list literal of its
// length binds each name to its element (a name is written where it is
// read); a literal of another length (an error as written) is not.
func TestSplitBind(t *testing.T) {
	cases := []planCase{
		{name: "split: names", src: "game g(n, m) moves g(a - k, b) for (a, b) in [[n, m]] for k in 1 .. a\n",
			before: "bind (a, b) = [n, m]\nrange k = 1 .. a\nyield g(a - k, b)",
			want:   "planned (deforest) as:\nrange k = 1 .. n\nyield g(n - k, m)"},
		{name: "split: int arithmetic, a list", src: "game g(n, m) moves g(a - k, b) for (a, b) in [[n - 1, m]] for k in 1 .. a\n",
			want: "planned (deforest) as:\nguard |n| <= 4500000000000000000\nrange k = 1 .. n - 1\nyield g(n - 1 - k, m)"},
		{name: "split: another length", src: "game g(n, m) moves g(a - k, b) for (a, b) in [(n, m, 1)] for k in 1 .. a\n"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			if c.before != "" {
				if got := before(t, c.src); got != c.before {
					t.Errorf("lowered:\n%s\nwant:\n%s", got, c.before)
				}
			}
			if got := after(t, c.src, c.off); got != c.want {
				t.Errorf("planned:\n%s\nwant:\n%s", got, c.want)
			}
		})
	}
}

// TestBindBuiltKept: a bind whose value builds a list is not written
// where its name is read inside a comprehension or at two reads (the
// list would be built once an element, or twice); read once, outside
// one, it is.
func TestBindBuiltKept(t *testing.T) {
	cases := []planCase{
		{name: "kept: read in a comprehension", src: "game g(b) moves g(c) for i in 0 .. len(b) - 1 for c in [update(b, i, 1)] if all([c[j] == 0 for j in [0, 1]])\n"},
		{name: "kept: read twice", src: "game g(b) moves g(c) for i in 0 .. len(b) - 1 for c in [update(b, i, 1)] if c[0] == 0\n"},
		{name: "written: read once", src: "game g(b) moves g(c) for i in 0 .. len(b) - 1 for c in [update(b, i, 1)]\n",
			want: "planned (deforest) as:\nrange i = 0 .. len(b) - 1\nyield g(update(b, i, 1))"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			if got := after(t, c.src, c.off); got != c.want {
				t.Errorf("planned:\n%s\nwant:\n%s", got, c.want)
			}
		})
	}
}
