package resolve

import (
	"errors"
	"fmt"
	"strings"
	"testing"

	"github.com/grundy-lang/grundy/internal/engine"
	"github.com/grundy-lang/grundy/lang"
)

// chainSrc is n defs, each calling the one before twice: def f1(x) = x,
// def f2(x) = f1(x) + f1(x), ... (a script of issue 19's kind: 6,000 of
// them took 26 s and 2.3 GB to resolve and compile).
func chainSrc(n int) string {
	var b strings.Builder
	b.WriteString("def f1(x) = x\n")
	for i := 2; i <= n; i++ {
		fmt.Fprintf(&b, "def f%d(x) = f%d(x) + f%d(x)\n", i, i-1, i-1)
	}
	return b.String()
}

// TestSitesOfAChain: what a call records of the defs it may inline goes
// as deep as inlining can reach (MaxSiteDepth calls), not through every
// def the callee reaches: a chain of n defs records O(n), not O(n^2).
func TestSitesOfAChain(t *testing.T) {
	const n = 2000
	f, ch := resolveSrc(t, chainSrc(n), false)
	if len(ch.Errs) > 0 {
		t.Fatal(ch.Errs)
	}
	total, calls := 0, 0
	for _, st := range f.Stmts {
		lang.Inspect(st.(*lang.DefStmt).Body, func(x lang.Expr) bool {
			if c, ok := x.(*lang.Call); ok {
				calls++
				total += len(SiteOf(c).same)
			}
			return true
		})
	}
	if total > calls*(MaxSiteDepth+1) {
		t.Errorf("the %d calls of a chain of %d defs record %d defs in all, more than %d each", calls, n, total, MaxSiteDepth+1)
	}
	// Still as deep as inlining goes: the call in f100 sees f99 down to
	// f(100 - MaxSiteDepth).
	call := f.Stmts[99].(*lang.DefStmt).Body.(*lang.Binary).X.(*lang.Call)
	for i := 99; i >= 100-MaxSiteDepth; i-- {
		if d := NameDecl(f.Stmts[i-1].(*lang.DefStmt).Name); !SiteOf(call).Same(d) {
			t.Errorf("the call of f99 in f100 does not record f%d", i)
		}
	}
	if len(ch.End.same) != n {
		t.Errorf("the end of the file records %d defs, want %d", len(ch.End.same), n)
	}
}

// TestResolveChecks: the pass calls its Universe's Check as it goes, and
// an error it returns stops the pass (a time limit, Ctrl-C, the memory
// limit), raised as it is.
func TestResolveChecks(t *testing.T) {
	f, err := lang.ParseFile("t.game", chainSrc(3000))
	if err != nil {
		t.Fatal(err)
	}
	stop := errors.New("stop")
	calls := 0
	u := testUniverse()
	u.Check = func(pos engine.Pos, need int64) error {
		if calls++; calls == 3 {
			return stop
		}
		return nil
	}
	defer func() {
		if r := recover(); r != stop {
			t.Errorf("the pass raised %v after %d checks, want the error of the third", r, calls)
		}
	}()
	File(u, NewScope(nil), f, false, 0)
}
