package eval

import (
	"context"
	"fmt"
	"io"
	"strings"
	"testing"

	"github.com/grundy-lang/grundy/internal/engine"
)

// TestChainedDefsUnderTheLimits: 3,000 defs, each calling the one before
// twice, resolve and compile in work linear in their number (a Site of
// the defs within inlining's reach, the recursion of a def known from
// its callees', inlining bounded by the size of what it inlines in all):
// the whole of it fits in 256 MiB (it took more than 1 GiB), and the
// defs still compute.
func TestChainedDefsUnderTheLimits(t *testing.T) {
	var b strings.Builder
	b.WriteString("def f1(x) = x\n")
	for i := 2; i <= 3000; i++ {
		fmt.Fprintf(&b, "def f%d(x) = f%d(x) + f%d(x)\n", i, i-1, i-1)
	}
	b.WriteString("print f20(1), f7(3)\n")
	var out strings.Builder
	s := NewSession(Options{Stdout: &out, Limits: engine.Limits{MaxMemory: 256 << 20}})
	if err := s.ExecFile(context.Background(), "chain.game", b.String()); err != nil {
		t.Fatal(err)
	}
	if out.String() != "524288 192\n" {
		t.Errorf("f20(1), f7(3) = %q, want 524288 192", out.String())
	}
	if err := NewSession(Options{Stdout: io.Discard, Limits: engine.Limits{MaxMemory: 256 << 20}}).Check("chain.game", b.String()); err != nil {
		t.Errorf("Check: %v", err)
	}
}
