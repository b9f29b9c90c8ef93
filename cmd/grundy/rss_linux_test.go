package main

import (
	"bytes"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"testing"

	"github.com/grundy-lang/grundy/internal/testenv"
)

// The memory of whole runs of the binary, as the kernel sees it: the
// peak resident set of the process (getrusage's maxrss). The bounds are
// generous (a quarter over the limit, and the binary's own pages).

// rssSlack is what a run holds besides what the limit counts: the
// binary's pages, its runtime (about 15 MiB), with room.
const rssSlack = 40 << 20

// rssBinary is the binary the tests of this package build once
// (buildGrundy), or GRUNDY_BIN: another build, to compare.
func rssBinary(t *testing.T) string {
	t.Helper()
	if b := os.Getenv("GRUNDY_BIN"); b != "" {
		return b
	}
	return buildGrundy(t)
}

// runRSS runs the binary with args and returns its exit status, its
// stdout and stderr, and its peak resident set in bytes.
//
// The binary runs as a grandchild: Go starts a command with vfork, the
// child sharing this process's memory until it execs, and the kernel
// takes the high-water mark of that memory into the child's own (this
// process's tens or hundreds of MiB). The child, this test binary run
// anew (rssHelper), is small when it starts the binary in its turn, and
// tells its peak.
func runRSS(t *testing.T, stdin string, args ...string) (code int, stdout, stderr string, peak int64) {
	t.Helper()
	return runRSSWith(t, strings.NewReader(stdin), nil, args...)
}

// runRSSWith is runRSS with the binary's stdin and, when stdout is not
// nil, its stdout (then the stdout returned is "").
func runRSSWith(t *testing.T, stdin io.Reader, stdout io.Writer, args ...string) (code int, out, stderr string, peak int64) {
	t.Helper()
	report := filepath.Join(t.TempDir(), "maxrss")
	cmd := exec.Command(os.Args[0], args...)
	cmd.Env = append(os.Environ(), "GRUNDY_RSS_BIN="+rssBinary(t), "GRUNDY_RSS_REPORT="+report)
	var outBuf, errOut bytes.Buffer
	cmd.Stdin, cmd.Stdout, cmd.Stderr = stdin, &outBuf, &errOut
	if stdout != nil {
		cmd.Stdout = stdout
	}
	err := cmd.Run()
	if _, ok := err.(*exec.ExitError); err != nil && !ok {
		t.Fatal(err)
	}
	data, err := os.ReadFile(report)
	if err != nil {
		t.Fatalf("the binary's peak: %v (stderr %q)", err, errOut.String())
	}
	kib, err := strconv.ParseInt(string(data), 10, 64)
	if err != nil {
		t.Fatal(err)
	}
	return cmd.ProcessState.ExitCode(), outBuf.String(), errOut.String(), kib << 10
}

// rssHelper is the child of runRSSWith: when this test binary runs with
// GRUNDY_RSS_BIN set, it runs that binary with its own arguments and
// standard streams, writes its peak resident set in KiB to the file
// GRUNDY_RSS_REPORT, and exits with its exit status.
func init() {
	bin := os.Getenv("GRUNDY_RSS_BIN")
	if bin == "" {
		return
	}
	cmd := exec.Command(bin, os.Args[1:]...)
	cmd.Stdin, cmd.Stdout, cmd.Stderr = os.Stdin, os.Stdout, os.Stderr
	err := cmd.Run()
	if _, ok := err.(*exec.ExitError); err != nil && !ok {
		os.Stderr.WriteString(err.Error())
		os.Exit(125)
	}
	ru := cmd.ProcessState.SysUsage().(*syscall.Rusage)
	if err := os.WriteFile(os.Getenv("GRUNDY_RSS_REPORT"), []byte(strconv.FormatInt(ru.Maxrss, 10)), 0o644); err != nil {
		os.Exit(125)
	}
	os.Exit(cmd.ProcessState.ExitCode())
}

// TestReadingAScriptStopsAtTheLimit: a script that never ends (a device,
// a pipe) is read up to the memory limit and no further: the run fails
// with the sentence of a script larger than the limit, and the process
// never held much more than the limit.
func TestReadingAScriptStopsAtTheLimit(t *testing.T) {
	const limit = 64 << 20
	code, _, errOut, peak := runRSS(t, "", "run", "--max-memory", "64M", "/dev/zero")
	if code != 1 || !strings.Contains(errOut, "/dev/zero is more than the memory limit of 64 MiB (--max-memory)\n") {
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
	if r.n > 1<<20+4<<20 {
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

// TestStatsMemoryIsTheProcesss: --stats says how much memory the run
// holds as the memory limit counts it, and that is, within a quarter
// (and the binary's own pages), the process's peak as the kernel saw it
// (the memo's size is only part of it: a run whose positions are lists
// holds twice its memo and more).
func TestStatsMemoryIsTheProcesss(t *testing.T) {
	p := script(t, "up.game", "game up(s) moves up(s + [len(s)]) if len(s) < 8000\nprint sg(up([]))\n")
	code, out, errOut, peak := runRSS(t, "", "--stats", p)
	var inUse float64
	i := strings.LastIndex(errOut, ", ")
	if code != 0 || out != "0\n" || i < 0 {
		t.Fatalf("exit status %d, stdout %q, stderr %q", code, out, errOut)
	}
	if _, err := fmt.Sscanf(errOut[i:], ", %f MiB in use\n", &inUse); err != nil {
		t.Fatalf("stderr %q: %v", errOut, err)
	}
	counted := int64(inUse * (1 << 20))
	if counted < peak-peak/4-rssSlack/2 || counted > peak+peak/4 {
		t.Errorf("--stats says %.1f MiB in use; the process peaked at %d MiB", inUse, peak>>20)
	}
}

// TestTablesHoldTheMemoryLimit: a table printed as text (grundy table,
// the table statement), a grid and a plot hold their rows and points
// under the memory limit as they are computed, and the process peaks
// within a quarter of it (they peaked at twice the limit: the rows in
// arrays doubling unchecked, a second copy of them for the Go API, the
// text whole in memory before it was written); one that fits runs.
func TestTablesHoldTheMemoryLimit(t *testing.T) {
	t.Parallel() // (each run a process of its own, its peak its own)
	empty := script(t, "empty.game", "")
	png := filepath.Join(t.TempDir(), "out.png")
	for _, c := range []struct {
		name string
		args []string
		code int
		mib  int64 // the limit, in MiB
	}{
		// (Rows take seconds to fill 128 MiB, the grid's cells most: the
		// fast suite holds the tables that fail and the plot to 80 MiB.)
		{"text table", []string{"table", empty, "n for n in 0 .. 1000000000"}, 1, int64(testenv.Scale(80, 128))},
		{"table statement", []string{"run", "-e", "table n for n in 0 .. 1000000000"}, 1, int64(testenv.Scale(80, 128))},
		{"grid", []string{"table", empty, "x + y for x in 0 .. 100000 for y in 0 .. 10000"}, 1, int64(testenv.Scale(80, 128))},
		{"plot", []string{"plot", empty, "n % 7 for n in 0 .. 1000000000", "-o", png}, 1, int64(testenv.Scale(80, 128))},
		{"text table that fits", []string{"table", empty, "n for n in 0 .. 600000"}, 0, 128},
	} {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			limit, flag := c.mib<<20, fmt.Sprintf("%dM", c.mib)
			args := append([]string{c.args[0], "--max-memory", flag}, c.args[1:]...)
			if c.args[0] == "run" { // (-e SOURCE: no command word)
				args = append([]string{"--max-memory", flag}, c.args[1:]...)
			}
			code, _, errOut, peak := runRSSWith(t, strings.NewReader(""), io.Discard, args...)
			if code != c.code || c.code == 1 && !strings.Contains(errOut, fmt.Sprintf("memory limit reached: more than %d MiB in use (--max-memory)", c.mib)) {
				t.Errorf("exit status %d, stderr %q", code, errOut)
			}
			if peak > limit+limit/4+rssSlack {
				t.Errorf("the process peaked at %d MiB under a limit of %d MiB", peak>>20, c.mib)
			}
			t.Logf("peak %d MiB", peak>>20)
		})
	}
}

// TestTextTableStopsWhenItsReaderIsGone: a text table, which is written
// only once it is whole, stops being computed as soon as the reader of
// the pipe it goes to is gone (it computed all its rows first, or ran
// into a limit), with the error of the write it would have made.
func TestTextTableStopsWhenItsReaderIsGone(t *testing.T) {
	r, w, err := os.Pipe()
	if err != nil {
		t.Fatal(err)
	}
	r.Close()
	defer w.Close()
	empty := script(t, "empty.game", "")
	code, _, errOut, _ := runRSSWith(t, strings.NewReader(""), w, "table", "--max-memory", "512M", empty, "n for n in 0 .. 100000000")
	if want := "grundy: writing the table: write /dev/stdout: broken pipe\n"; code != 1 || errOut != want {
		t.Errorf("exit status %d, stderr %q; want 1 and %q", code, errOut, want)
	}
}
