package main

import (
	"bytes"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"syscall"
	"testing"
)

// The memory of whole runs of the binary, as the kernel sees it: the
// peak resident set of the process (getrusage's maxrss). The bounds are
// generous (a quarter over the limit, and the binary's own pages).

// rssSlack is what a run holds besides what the limit counts: the
// binary's pages, its runtime (about 15 MiB), with room.
const rssSlack = 40 << 20

var (
	rssBinOnce sync.Once
	rssBin     string
	rssBinErr  error
)

// rssBinary builds the binary once for the tests of this file.
func rssBinary(t *testing.T) string {
	t.Helper()
	rssBinOnce.Do(func() {
		dir, err := os.MkdirTemp("", "grundy-rss")
		if err != nil {
			rssBinErr = err
			return
		}
		rssBin = filepath.Join(dir, "grundy")
		if out, err := exec.Command("go", "build", "-o", rssBin, ".").CombinedOutput(); err != nil {
			rssBinErr = &buildError{err, string(out)}
		}
	})
	if rssBinErr != nil {
		t.Fatal(rssBinErr)
	}
	return rssBin
}

type buildError struct {
	err error
	out string
}

func (e *buildError) Error() string { return "build: " + e.err.Error() + "\n" + e.out }

// runRSS runs the binary with args and returns its exit status, its
// stdout and stderr, and its peak resident set in bytes.
func runRSS(t *testing.T, stdin string, args ...string) (code int, stdout, stderr string, peak int64) {
	t.Helper()
	cmd := exec.Command(rssBinary(t), args...)
	var out, errOut bytes.Buffer
	cmd.Stdin, cmd.Stdout, cmd.Stderr = strings.NewReader(stdin), &out, &errOut
	err := cmd.Run()
	if _, ok := err.(*exec.ExitError); err != nil && !ok {
		t.Fatal(err)
	}
	ru := cmd.ProcessState.SysUsage().(*syscall.Rusage)
	return cmd.ProcessState.ExitCode(), out.String(), errOut.String(), ru.Maxrss << 10
}

// TestReadingAScriptStopsAtTheLimit: a script that never ends (a device,
// a pipe) is read up to the memory limit and no further: the run fails
// with the sentence of a script larger than the limit, and the process
// never held much more than the limit.
func TestReadingAScriptStopsAtTheLimit(t *testing.T) {
	const limit = 64 << 20
	code, _, errOut, peak := runRSS(t, "", "run", "--max-memory", "64M", "/dev/zero")
	if code != 1 || !strings.Contains(errOut, "/dev/zero is larger than the memory limit of 64 MiB (--max-memory)\n") {
		t.Errorf("exit status %d, stderr %q", code, errOut)
	}
	if peak > limit+limit/4+rssSlack {
		t.Errorf("the process peaked at %d MiB reading /dev/zero under a limit of 64 MiB", peak>>20)
	}
}

// TestReadStream: a stream is read whole when it fits (in pieces, joined
// in order), and no further than the limit when it does not.
func TestReadStream(t *testing.T) {
	src := strings.Repeat("let x = 1\n", 300_000)
	got, err := readStream(strings.NewReader(src), int64(len(src)))
	if err != nil || got != src {
		t.Errorf("a stream of %d bytes under a limit of as many: %d bytes, %v", len(src), len(got), err)
	}
	r := &countingReader{r: strings.NewReader(src)}
	if _, err := readStream(r, 1<<20); err != tooBig(-1) {
		t.Errorf("a stream of %d bytes under a limit of 1 MiB: %v, want tooBig(-1)", len(src), err)
	}
	if r.n > 1<<20+streamPiece {
		t.Errorf("%d bytes read of a stream under a limit of 1 MiB", r.n)
	}
	code, out, errOut, _ := runRSS(t, "print 6 * 7\n", "run", "/dev/stdin")
	if code != 0 || out != "42\n" {
		t.Errorf("a script on standard input: exit status %d, stdout %q, stderr %q", code, out, errOut)
	}
}

type countingReader struct {
	r io.Reader
	n int
}

func (c *countingReader) Read(p []byte) (int, error) {
	n, err := c.r.Read(p)
	c.n += n
	return n, err
}
