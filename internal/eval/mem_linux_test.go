package eval

import (
	"context"
	"io"
	"os"
	"runtime"
	"strconv"
	"strings"
	"testing"
)

// residentSet is the process's resident set in bytes, as the kernel
// counts it (/proc/self/statm).
func residentSet(t *testing.T) int64 {
	t.Helper()
	data, err := os.ReadFile("/proc/self/statm")
	if err != nil {
		t.Fatal(err)
	}
	f := strings.Fields(string(data))
	pages, err := strconv.ParseInt(f[1], 10, 64)
	if err != nil {
		t.Fatal(err)
	}
	return pages * int64(os.Getpagesize())
}

// TestMemoryCountedAsTheKernelSees: what the memory limit counts is what
// the process holds, within a quarter, once a run that built and dropped
// much has ended and the collector has run (the heap's free pages are
// still the process's: counting the live objects alone, the limit saw
// less than half of it).
func TestMemoryCountedAsTheKernelSees(t *testing.T) {
	s := NewSession(Options{Stdout: io.Discard})
	// Positions that are lists of up to 8,000 ints: about 100 MiB of
	// keys, and as much dropped on the way.
	src := "game up(s) moves up(s + [len(s)]) if len(s) < 8000\nprint sg(up([]))\n"
	if err := s.ExecFile(context.Background(), "t.game", src); err != nil {
		t.Fatal(err)
	}
	runtime.GC()
	counted, rss := s.env.Th.MemInUse(), residentSet(t)
	if counted < rss-rss/4 || counted > rss+rss/4 {
		t.Errorf("the memory limit counts %d MiB; the process holds %d MiB", counted>>20, rss>>20)
	}
	runtime.KeepAlive(s)
}
