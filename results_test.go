package grundy_test

import (
	"context"
	"fmt"
	"strings"
	"testing"

	"github.com/grundy-lang/grundy"
)

// TestStatsString: Stats prints as grundy run --stats does (before the
// time), not as a bare struct.
func TestStatsString(t *testing.T) {
	st := grundy.Stats{States: 10, Moves: 9, Memoized: 10, MemoBytes: 3 << 19, Games: 2, InfiniteValues: 1}
	want := "10 states visited, 9 moves, 10 positions known (memo 1.5 MiB), 2 games"
	for _, got := range []string{st.String(), fmt.Sprint(st), fmt.Sprintf("%v", st)} {
		if got != want {
			t.Errorf("Stats prints %q, want %q", got, want)
		}
	}
	in := grundy.New(grundy.Config{})
	if err := in.Load(context.Background(), "s.game", "game g(n) moves g(n - 1) for i in [0] if n > 0\nlet x = sg(g(9))\n"); err != nil {
		t.Fatal(err)
	}
	if s := fmt.Sprint(in.Stats()); !strings.HasPrefix(s, "10 states visited, ") || !strings.Contains(s, " positions known (memo ") {
		t.Errorf("the Stats of a run print %q", s)
	}
}
