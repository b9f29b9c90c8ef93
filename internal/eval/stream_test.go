package eval

import (
	"context"
	"strings"
	"testing"

	"github.com/grundy-lang/grundy/internal/passes"
)

// streamSrc uses every shape package compile's sgcompile.go streams: options that are one
// position (int argument), sums of positions, a composite argument, sum
// of, k * G, a def wrapping a position, a Go family, and sg of them.
const streamSrc = `game sub(n) moves sub(n - s) for s in 1 .. 3 if s <= n
game cut(a, b) moves cut(i, b) + cut(a - i, b) for i in 1 .. a - 1 | cut(a, i) + cut(a, b - i) for i in 1 .. b - 1
game ls(l) moves ls([l[0] - 1, l[1]]) + sub(l[1]) for k in [0] if l[0] > 0
game two(n) moves sub(n - 1) + sub(n - 2) if n >= 2 | 3 * sub(n - 1) if n >= 1
def w(n) = sub(n)
print sg(sub(20)), sg(cut(4, 3)), sg(ls([4, 3])), sg(two(9))
print sg(w(7) + sub(3)), outcome(w(4)), sg(sum of sub(k) for k in 0 .. 9), sg(kayles(9) + 5 * sub(2))
`

// TestStreamOff: with PassStream off (alone, or with every pass) no
// game expression is compiled to streamed SG code and every alternative
// says why, and the results are those of the streamed run.
func TestStreamOff(t *testing.T) {
	run := func(disable passes.Pass) (*Session, string) {
		var out strings.Builder
		s := NewSession(Options{Stdout: &out, Disable: disable})
		if err := s.ExecFile(context.Background(), "t.game", streamSrc); err != nil {
			t.Fatalf("disable %v: %v", disable, err)
		}
		return s, out.String()
	}
	on, want := run(0)
	if on.env.Streamed == 0 {
		t.Fatalf("all passes on: no streamed code compiled")
	}
	for _, d := range []passes.Pass{passes.Stream, passes.All} {
		s, got := run(d)
		if s.env.Streamed != 0 {
			t.Errorf("%v off: %d game expressions compiled to streamed code, want 0", d, s.env.Streamed)
		}
		if got != want {
			t.Errorf("%v off: printed %q, want %q", d, got, want)
		}
		if on := s.env.Engine.On; on&(passes.FastLoops|passes.Sweep|passes.Cursor|passes.Symmetric) != 0 {
			t.Errorf("%v off: passes %v on, which need streaming", d, on)
		}
		for _, x := range s.Explain() {
			if x.Kind == "game" && !strings.Contains(x.String(), "streaming is switched off") {
				t.Errorf("%v off: explanation of %s does not say streaming is off:\n%s", d, x.Name, x)
			}
		}
	}
}
