//go:build linux

package eval

import (
	"context"
	"fmt"
	"io"
	"os"
	"runtime"
	"strings"
	"testing"
	"time"

	"github.com/grundy-lang/grundy/internal/engine"
	"github.com/grundy-lang/grundy/internal/memo"
)

// TestFlatGivenBack: the flat table of a game is counted while its session
// lives, by the run's memory limit and by the process, and given back once
// the session is gone.
func TestFlatGivenBack(t *testing.T) {
	// Sessions of earlier tests give their tables back when collected:
	// let that happen first, so that base is not lowered under us.
	for range 100 {
		prev := memo.FlatLive.Load()
		runtime.GC()
		time.Sleep(5 * time.Millisecond)
		if memo.FlatLive.Load() == prev {
			break
		}
	}
	base := memo.FlatLive.Load()
	func() {
		s := NewSession(Options{Stdout: io.Discard})
		// (Halving too: not a take-and-break game, whose values would
		// come from package takebreak's table, not the flat one.)
		src := "game g(n) moves g(n - 1) for k in [0] if n > 0 | g(n / 2) for k in [0] if n > 1\nprint sg(g(300000))\n"
		if err := s.ExecFile(context.Background(), "t.game", src); err != nil {
			t.Fatal(err)
		}
		if got := s.env.Th.Engine.FlatBytes(); got < 300000*4 {
			t.Fatalf("the session's flat memory is %d bytes, want at least %d", got, 300000*4)
		}
		if got := memo.FlatLive.Load() - base; got < 300000*4 {
			t.Fatalf("the process's flat memory grew by %d bytes, want at least %d", got, 300000*4)
		}
		runtime.KeepAlive(s)
	}()
	deadline := time.Now().Add(10 * time.Second)
	for memo.FlatLive.Load() > base {
		if time.Now().After(deadline) {
			t.Fatalf("the flat memory of a dropped session was not given back: %d bytes over", memo.FlatLive.Load()-base)
		}
		runtime.GC()
		time.Sleep(10 * time.Millisecond)
	}
}

// TestFlatMemoryLimit: the memory limit counts the flat table, which is
// not in the Go heap (a chain computed bottom up keeps the heap small).
func TestFlatMemoryLimit(t *testing.T) {
	s := NewSession(Options{Stdout: io.Discard, Limits: engine.Limits{MaxMemory: 16 << 20}})
	src := "game s(n) moves s(n - 1) for k in [0] if n > 0 | s(n / 2) for k in [0] if n > 1\nprint sg(s(8000000))\n"
	err := s.ExecFile(context.Background(), "t.game", src)
	if err == nil || !strings.Contains(err.Error(), "memory limit reached: more than 16 MiB in use") {
		t.Fatalf("error %v, want the memory limit", err)
	}
}

// TestFlatCountsMemoryPages: the system commits memory a page at a time
// (4 KiB: two pages of a flat table): a game whose positions lie one in
// each such page counts all of them, not half (once, 276 MiB under a
// limit of 128).
func TestFlatCountsMemoryPages(t *testing.T) {
	s := NewSession(Options{Stdout: io.Discard})
	stride := os.Getpagesize() / 4
	src := fmt.Sprintf("game c(n) moves c(n + %d) for k in [0] if n < %d\nprint sg(c(0))\n", stride, stride*3000)
	if err := s.ExecFile(context.Background(), "t.game", src); err != nil {
		t.Fatal(err)
	}
	if got, want := s.env.Th.Engine.FlatBytes(), int64(3001*os.Getpagesize()); got < want {
		t.Errorf("3001 positions a page apart count %d bytes, want %d", got, want)
	}
	// Positions side by side count the pages they fill.
	s = NewSession(Options{Stdout: io.Discard})
	if err := s.ExecFile(context.Background(), "t.game", "game d(n) moves d(n - 1) for k in [0] if n > 0 | d(n / 2) for k in [0] if n > 1\nprint sg(d(300000))\n"); err != nil {
		t.Fatal(err)
	}
	if got, want := s.env.Th.Engine.FlatBytes(), int64(300001*4); got < want || got > want+int64(2*os.Getpagesize()) {
		t.Errorf("300001 positions side by side count %d bytes, want %d", got, want)
	}
}
