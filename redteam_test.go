package grundy_test

import (
	"context"
	"errors"
	"os"
	"runtime"
	"strings"
	"testing"
	"time"

	"github.com/grundy-lang/grundy"
)

// TestRedTeamAPI measures (issue 19) how soon a call of the API returns
// once its context's deadline (300 ms) passes, during each long operation
// that once ignored it (5 to 80 s). It times things, so it runs only when
// asked (by cmd/grundy/testdata/redteam.sh):
//
//	GRUNDY_REDTEAM=1 go test -run RedTeam -v .
//
// A call that returns more than 100 ms after its deadline, or without
// the context's error, fails it.
func TestRedTeamAPI(t *testing.T) {
	if os.Getenv("GRUNDY_REDTEAM") == "" {
		t.Skip("a measurement: set GRUNDY_REDTEAM=1 (cmd/grundy/testdata/redteam.sh)")
	}
	const deadline = 300 * time.Millisecond
	for _, c := range []struct{ name, setup, src string }{
		{"concat of 80M elements", "let b = 10000000 * [1]", "let a = b + b + b + b\nprint len(a + a)\n"},
		{"str of a big value", "let a = 3000000 * [123456789]", "print len(str([a, a, a, a]))\n"},
		{"sorted", "let b = [x * 7919 % 1000003 for x in 0 .. 3999999]", "print len(sorted(b + b + b))\n"},
		{"loopy solver, 4M cycle", "game c(n) moves c((n * 3 + 1) % 4000000) if n % 7 != 0 | c(n - 1) if n % 5 != 0 | c(n - 2) if n > 1", "print sg(c(3999999))\n"},
		{"search of an infinite game", "game up(n) moves up(n + 1) | up(n + 2)", "print sg(up(0))\n"},
		{"parse of a 50 MB script", "", strings.Repeat("let a = 1 + 2\n", 3_600_000)},
		{"a 30,000-term and chain", "", "print " + strings.Repeat("true and ", 29_999) + "true\n"},
		{"deep recursion", "def f(n) = if n == 0 then 0 else max(f(n - 1), 0, 0)", "print [f(99999) for i in 0 .. 29]\n"},
	} {
		// (Each case on a collected heap: the garbage of the one before,
		// gigabytes, would be swept by this one's first allocations.)
		runtime.GC()
		in := grundy.New(grundy.Config{Stdout: discard{}})
		if c.setup != "" {
			mustLoad(t, in, c.setup)
		}
		ctx, cancel := context.WithTimeout(bg, deadline)
		start := time.Now()
		err := in.Load(ctx, "t.game", c.src)
		past := time.Since(start) - deadline
		cancel()
		t.Logf("redteam API | %s | returned %d ms after a %v deadline | %v", c.name, past.Milliseconds(), deadline, firstLine(err))
		switch {
		case err == nil && past < 0:
			// It ran to its end before the deadline.
		case !errors.Is(err, context.DeadlineExceeded):
			t.Errorf("%s: %v, want the context's error", c.name, err)
		case past > 100*time.Millisecond:
			t.Errorf("%s: returned %v after the deadline", c.name, past)
		}
	}
}

type discard struct{}

func (discard) Write(p []byte) (int, error) { return len(p), nil }

func firstLine(err error) string {
	if err == nil {
		return "no error"
	}
	s, _, _ := strings.Cut(err.Error(), "\n")
	return s
}
