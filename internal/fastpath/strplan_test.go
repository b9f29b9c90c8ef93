package fastpath

import (
	"strings"
	"testing"
)

// TestStringBuildPlans: a string position's options built in a scratch
// through defs that take other arguments than names and literals
// (put(put(b, i), j): the inner call evaluated first into a hidden
// local), a character argument, or written in place with K characters.
func TestStringBuildPlans(t *testing.T) {
	src := `def put(s, i) = s[:i] + "." + s[i + 1:]
def put3(s, i, ch) = s[:i] + ch + s[i + 1:]
game ring(b) moves ring(put(put(b, i), (i + 1) % len(b))) for i in 0 .. len(b) - 1 if b[i] == "x"
game row(b) moves row(b[:i] + ".." + b[i + 2:]) for i in 0 .. len(b) - 2 if b[i:i + 2] == "xx"
game nota(b) moves nota(put3(b, i, "X")) for i in 0 .. len(b) - 1 if b[i] == "."
`
	got := plansOf(t, src, 0)
	for _, k := range []string{
		`composite (call ring (call put (call put b i) (% (+ i 1) (call len b))))`,
		`composite (call row (+ (+ (slice b nil i) "..") (slice b (+ i 2) nil)))`,
		`composite (call nota (call put3 b i "X"))`,
	} {
		// (Compiled more than once: its hidden locals named anew.)
		g := got[k]
		if len(g) == 0 {
			t.Errorf("%s: no plan", k)
		}
		for _, p := range g {
			if !strings.Contains(p, "argument 1: concat(concat(slice(") {
				t.Errorf("%s: plans %q, want each building its argument", k, p)
			}
		}
	}
}
