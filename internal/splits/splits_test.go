package splits_test

import (
	"strings"
	"testing"

	"github.com/grundy-lang/grundy/internal/eval"
	"github.com/grundy-lang/grundy/internal/passes"
)

// TestMergeSplit: a move rule's two alternatives that are one range cut
// in two at a constant are planned as one (--explain says so); others
// are not.
func TestMergeSplit(t *testing.T) {
	const split = " one range split in two"
	cases := []struct {
		name, src string
		off       passes.Pass
		merged    bool
	}{
		{name: "min then max", merged: true, src: "game g(n) moves g(a) + g(n - a) for a in 1 .. min((n - 1) / 2, 4)\n  | g(a) + g(n - a) for a in max(1, 5) .. (n - 1) / 2\n"},
		{name: "the constant first, a filter before", merged: true, src: "game g(n) moves g(n - a) for a in 1 .. min(4, n) if 10 / (a - 2) != 7\n  | g(n - b) for b in max(5, 1) .. n if 10 / (b - 2) != 7\n"},
		{name: "a bind before", merged: true, src: "game g(n) moves g(n - a) for m in [n - 1] for a in 0 .. min(m, 2)\n  | g(n - b) for m in [n - 1] for b in max(0, 3) .. m\n"},
		{name: "not cut at one point", src: "game g(n) moves g(n - a) for a in 1 .. min(n, 4)\n  | g(n - a) for a in max(1, 6) .. n\n"},
		{name: "other yields", src: "game g(n) moves g(n - a) for a in 1 .. min(n, 4)\n  | g(n - a + 1) for a in max(1, 5) .. n\n"},
		{name: "other ends", src: "game g(n) moves g(n - a) for a in 1 .. min(n, 4)\n  | g(n - a) for a in max(1, 5) .. n - 1\n"},
		{name: "a loop before", src: "game g(n) moves g(n - a) for x in [1, 2] for a in 1 .. min(n, 4)\n  | g(n - a) for x in [1, 2] for a in max(1, 5) .. n\n"},
		{name: "bounds off", off: passes.Bounds, src: "game g(n) moves g(n - a) for a in 1 .. min(n, 4)\n  | g(n - a) for a in max(1, 5) .. n\n"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			s := eval.NewSession(eval.Options{Disable: c.off})
			if err := s.Check("t.game", c.src); err != nil {
				t.Fatal(err)
			}
			var notes []string
			for _, x := range s.Explain() {
				notes = append(notes, x.Notes...)
			}
			if got := strings.Contains(strings.Join(notes, "\n"), split); got != c.merged {
				t.Errorf("merged: %v, want %v; notes:\n%s", got, c.merged, strings.Join(notes, "\n"))
			}
		})
	}
}
