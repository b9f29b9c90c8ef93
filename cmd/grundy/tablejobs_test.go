package main

import (
	"bufio"
	"bytes"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"sync/atomic"
	"syscall"
	"testing"
	"time"

	"github.com/grundy-lang/grundy"
	"github.com/grundy-lang/grundy/internal/testenv"
)

// jobsScript declares what the --jobs tests compute: a game whose rows
// depend on the memo (Kayles, declared: sg(k(n)) needs k(0) .. k(n-1)),
// a grid's game, strings that csv quotes, and rows that fail.
// sameAsOneJobCalls counts the calls of sameAsOneJob.
var sameAsOneJobCalls atomic.Int64

const jobsScript = `print "declaring"
game k(n) moves k(a) + k(n - a - t) for t in [1, 2] for a in 0 .. n - t
game nim2(a, b) moves nim2(a - i, b) for i in 1 .. a | nim2(a, b - j) for j in 1 .. b
def name(n) = if n % 3 == 0 then "three, \"q\"" else " odd"
def h(n) = if n == 250 then "x" else n
def slow(n) = len([i for i in 0 .. 20000 if (i * n) % 7 == 3])
`

// sameAsOneJob runs grundy table with --jobs 1, 2 and 3 and reports a
// difference of output, error or exit status. (The fast suite runs
// --jobs 1 and one of 2 and 3, turning with the call.)
func sameAsOneJob(t *testing.T, args ...string) result {
	t.Helper()
	one := runCLI(t, "", append([]string{"table", "--jobs", "1"}, args...)...)
	turn := int(sameAsOneJobCalls.Add(1))
	for _, jobs := range testenv.Rotate([]string{"2", "3"}, 1, turn) {
		got := runCLI(t, "", append([]string{"table", "--jobs", jobs}, args...)...)
		if got != one {
			t.Errorf("%q with --jobs %s: status %d, stdout\n%s\nstderr\n%s\nbut with --jobs 1: status %d, stdout\n%s\nstderr\n%s", args, jobs, got.code, got.stdout, got.stderr, one.code, one.stdout, one.stderr)
		}
	}
	return one
}

// TestTableJobsSameOutput: --jobs 2 and 3 write what --jobs 1 writes,
// byte for byte, in every format: tables with one for clause (rows that
// need the memo of the rows before, rows filtered out, quoted strings,
// tuples, no rows) and grids (repeated column labels, blank cells, game
// labels); the script's print output once.
func TestTableJobsSameOutput(t *testing.T) {
	p := script(t, "j.game", jobsScript)
	// (The fast suite writes each table in half the formats, turning
	// with the table: every format over two tables.)
	for i, spec := range []string{
		"sg(k(n)) for n in 0 .. 400",
		"sg(k(n)) for n in 0 .. 400 if n % 7 != 3",
		"name(n) for n in 0 .. 200",
		"(n, name(n)) for n in [5, 1, 5, 2]",
		"n for n in []",
		"sg(nim2(a, b)) for a in 0 .. 30 for b in [3, 1, 2, 1, 9] if a != b",
		"sg(k(a) + b) for a in 0 .. 12 for b in [k(3), k(1), k(3)] if a % 4 != 1",
	} {
		for _, format := range testenv.Rotate(grundy.TableFormats, 2, i) {
			r := sameAsOneJob(t, p, spec, "--format", format)
			if format != "bfile" && (r.code != 0 || strings.Count(r.stderr, "declaring") != 1) {
				t.Errorf("%s --format %s: status %d, stderr %q", spec, format, r.code, r.stderr)
			}
		}
	}
	// Take-and-break games, whose values each interpreter computes with
	// one thread when there are several (past 2^14 heaps, one alone uses
	// a helper thread).
	r := sameAsOneJob(t, p, `periodic(octal(c), 40000) for c in ["0.6", "0.64", "0.74", "0.156"]`, "--format", "csv")
	if r.code != 0 || r.stdout != "c,value\n0.6,none found to 40000\n0.64,none found to 40000\n0.74,none found to 40000\n0.156,proved\n" {
		t.Errorf("periodic: status %d, stdout %q", r.code, r.stdout)
	}
}

// TestTableJobsFailingRow: a row that fails in the middle ends the table
// as with one job: the rows before it written, the error, exit 1; the
// rows after it, which other interpreters computed, are not written.
func TestTableJobsFailingRow(t *testing.T) {
	p := script(t, "j.game", jobsScript)
	for _, format := range grundy.TableFormats {
		r := sameAsOneJob(t, p, "sg(k(n)) + slow(n) * 0 + 10 / (n - 300) for n in 0 .. 600", "--format", format)
		if r.code != 1 || !strings.Contains(r.stderr, "division by zero") {
			t.Errorf("--format %s: status %d, stderr %q", format, r.code, r.stderr)
		}
		if format == "csv" && !regexp.MustCompile(`\n299,-?\d+\n$`).MatchString(r.stdout) {
			t.Errorf("csv: the rows before the error end %q", r.stdout[max(0, len(r.stdout)-30):])
		}
	}
	// A value the format cannot write is the row's error too.
	r := sameAsOneJob(t, p, "h(n) for n in 0 .. 500", "--format", "bfile")
	if r.code != 1 || !strings.HasSuffix(r.stdout, "\n249 249\n") || !strings.Contains(r.stderr, "n = 250 gives string \"x\"") {
		t.Errorf("bfile: status %d, stdout ends %q, stderr %q", r.code, r.stdout[max(0, len(r.stdout)-20):], r.stderr)
	}
	// Each row needs the positions of the rows before: each interpreter
	// reaches the state limit at the same row (the message may differ: an
	// interpreter that starts at a high row computes the values of k
	// another way, all at once).
	for _, jobs := range []string{"1", "3"} {
		r = runCLI(t, "", "table", "--jobs", jobs, "--max-states", "5000", p, "sg(k(n)) for n in 0 .. 10000", "--format", "csv")
		if rows := strings.Count(r.stdout, "\n") - 1; r.code != 1 || rows != 5000 || !strings.Contains(r.stderr, "state limit reached: ") {
			t.Errorf("--max-states, --jobs %s: status %d, %d rows, stderr %q", jobs, r.code, rows, r.stderr)
		}
	}
}

// TestTableJobsInput: the interpreters read the same standard input.
func TestTableJobsInput(t *testing.T) {
	p := script(t, "in.game", "let xs = ints()\n")
	for _, jobs := range []string{"1", "3"} {
		check(t, "--jobs "+jobs, runCLI(t, "7 8 9", "table", "--jobs", jobs, p, "x * x for x in xs", "--format", "csv"),
			result{0, "x,value\n7,49\n8,64\n9,81\n", ""})
	}
}

// TestTableJobsDefault: without --jobs, grundy table uses one
// interpreter per CPU, started only once the rows are slow (Auto): a
// table of cheap rows runs on one (--stats counts the interpreters).
func TestTableJobsDefault(t *testing.T) {
	defer func(f func() int) { numCPU = f }(numCPU)
	for _, c := range []struct {
		cpus, flag, jobs int
		auto             bool
	}{{4, 0, 4, true}, {1, 0, 1, false}, {4, 3, 3, false}, {4, 1, 1, false}} {
		numCPU = func() int { return c.cpus }
		tr := newTableRun(config{}, "f", nil, strings.NewReader(""), io.Discard, c.flag)
		if tr.opts.Jobs != c.jobs || tr.opts.Auto != c.auto || (tr.opts.NewWorker != nil) != (c.jobs > 1) {
			t.Errorf("%d CPUs, --jobs %d: %d jobs, auto %v", c.cpus, c.flag, tr.opts.Jobs, tr.opts.Auto)
		}
	}
	numCPU = func() int { return 4 }
	p := script(t, "j.game", jobsScript)
	r := runCLI(t, "", "table", "--stats", p, "sg(k(n)) for n in 0 .. 300", "--format", "csv")
	if r.code != 0 || !strings.Contains(r.stderr, " states visited, ") || strings.Contains(r.stderr, "interpreters") {
		t.Errorf("a cheap table: status %d, stderr %q", r.code, r.stderr)
	}
}

func TestTableJobsBadUsage(t *testing.T) {
	p := script(t, "j.game", jobsScript)
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"--jobs", "0"}, "grundy table: --jobs must be a number of interpreters, at least 1, not 0\n"},
		{[]string{"--jobs", "-2"}, "grundy table: --jobs must be a number of interpreters, at least 1, not -2\n"},
		{[]string{"--jobs", "x"}, "invalid value \"x\" for flag -jobs"},
		{[]string{"-o", ""}, "grundy table: -o needs a file name\n"},
		{[]string{"--resume"}, "grundy table: --resume needs -o OUT, the file whose table it goes on with\n"},
		{[]string{"--resume", "-o", filepath.Join(t.TempDir(), "out")}, "grundy table: --resume needs --format csv, json or bfile and a table with one for clause (the text format and grids are written whole, at the end)\n"},
	} {
		code, out, errOut := cli(t, "", append([]string{"table", p, "n for n in 1 .. 3"}, c.args...)...)
		if code != 2 || out != "" || !strings.Contains(errOut, c.want) {
			t.Errorf("%q: status %d, stdout %q, stderr %q (want %q)", c.args, code, out, errOut, c.want)
		}
	}
}

// TestTableOut: -o OUT writes the table to OUT, every format; a
// streamed table keeps OUT.progress while it writes and removes it at
// its end.
func TestTableOut(t *testing.T) {
	p := script(t, "j.game", jobsScript)
	dir := t.TempDir()
	for _, format := range grundy.TableFormats {
		want := runCLI(t, "", "table", p, "sg(k(n)) for n in 0 .. 50", "--format", format)
		out := filepath.Join(dir, "t."+format)
		check(t, "-o "+format, runCLI(t, "", "table", p, "sg(k(n)) for n in 0 .. 50", "--format", format, "-o", out), result{0, "", "declaring\n"})
		if data, err := os.ReadFile(out); err != nil || string(data) != want.stdout {
			t.Errorf("-o %s: %q (%v), want %q", format, data, err, want.stdout)
		}
		if _, err := os.Stat(out + progressSuffix); !os.IsNotExist(err) {
			t.Errorf("-o %s: the progress file is left: %v", format, err)
		}
	}
	r := runCLI(t, "", "table", p, "n for n in 0 .. 3", "-o", filepath.Join(dir, "no", "such", "dir"), "--format", "csv")
	if r.code != 1 || !strings.Contains(r.stderr, "cannot write "+filepath.Join(dir, "no", "such", "dir")+": no such file or directory") {
		t.Errorf("an unwritable OUT: status %d, stderr %q", r.code, r.stderr)
	}
}

// TestTableResume: a table stopped by an error (here a limit) leaves
// OUT with the rows written and OUT.progress; --resume goes on from
// there and OUT is then what one run writes, byte for byte, in each
// streamed format, with any number of jobs.
func TestTableResume(t *testing.T) {
	p := script(t, "j.game", jobsScript)
	dir := t.TempDir()
	const spec = "sg(k(n)) for n in 0 .. 700 if n % 5 != 2"
	for _, format := range []string{"csv", "json", "bfile"} {
		want := runCLI(t, "", "table", "--jobs", "1", p, spec, "--format", format).stdout
		for _, jobs := range []string{"1", "3"} {
			out := filepath.Join(dir, format+jobs)
			r := runCLI(t, "", "table", "--jobs", jobs, "--max-states", "300", p, spec, "--format", format, "-o", out)
			data, _ := os.ReadFile(out)
			prog, err := os.ReadFile(out + progressSuffix)
			if r.code != 1 || err != nil || len(data) == 0 || !strings.HasPrefix(want, string(data)) {
				t.Fatalf("%s, --jobs %s, stopped: status %d, stderr %q, progress %v, OUT %d bytes a prefix: %v", format, jobs, r.code, r.stderr, err, len(data), strings.HasPrefix(want, string(data)))
			}
			got, err := parseProgress(string(prog))
			if err != nil || got.bytes != int64(len(data)) || got.table != spec || got.format != format {
				t.Errorf("%s: progress %+v (%v) for %d bytes", format, got, err, len(data))
			}
			// Rows written after the last save are cut off and
			// computed again.
			os.WriteFile(out, append(data, "junk"...), 0o644)
			r = runCLI(t, "", "table", "--jobs", jobs, p, spec, "--format", format, "-o", out, "--resume")
			data, _ = os.ReadFile(out)
			if r.code != 0 || string(data) != want {
				t.Errorf("%s, --jobs %s, resumed: status %d, stderr %q, OUT\n%s", format, jobs, r.code, r.stderr, data)
			}
			if _, err := os.Stat(out + progressSuffix); !os.IsNotExist(err) {
				t.Errorf("%s: the progress file is left after the end: %v", format, err)
			}
			r = runCLI(t, "", "table", p, spec, "--format", format, "-o", out, "--resume")
			if r.code != 2 || !strings.Contains(r.stderr, "so its table is complete") {
				t.Errorf("%s: --resume of a complete table: status %d, stderr %q", format, r.code, r.stderr)
			}
		}
	}
	// Another table, format or script is refused.
	out := filepath.Join(dir, "other")
	runCLI(t, "", "table", "--max-states", "300", p, spec, "--format", "csv", "-o", out)
	for _, args := range [][]string{
		{p, "sg(k(n)) for n in 0 .. 701", "--format", "csv"},
		{p, spec, "--format", "json"},
		{script(t, "other.game", jobsScript+"\n"), spec, "--format", "csv"},
	} {
		r := runCLI(t, "", append([]string{"table", "-o", out, "--resume"}, args...)...)
		if r.code != 2 || !strings.Contains(r.stderr, "run without --resume to start over") {
			t.Errorf("%q: status %d, stderr %q", args, r.code, r.stderr)
		}
	}
}

// TestTableJobsInterrupt: Ctrl-C stops every interpreter of the table:
// the rows written are the table's first ones, and the message says how
// many, as with one job.
func TestTableJobsInterrupt(t *testing.T) {
	if testing.Short() {
		t.Skip("runs a child process")
	}
	p := script(t, "j.game", jobsScript)
	for _, jobs := range []string{"1", "3"} {
		cmd := exec.Command(os.Args[0], "-test.run=^TestBadChild$", "--", "table", "--jobs", jobs, p, "slow(n) for n in 0 .. 1000000", "--format", "csv")
		cmd.Env = append(os.Environ(), badChildEnv+"=1")
		var errOut bytes.Buffer
		cmd.Stderr = &errOut
		stdout, err := cmd.StdoutPipe()
		if err != nil {
			t.Fatal(err)
		}
		if err := cmd.Start(); err != nil {
			t.Fatal(err)
		}
		rd := bufio.NewReader(stdout)
		var out strings.Builder
		line, _ := rd.ReadString('\n') // (with the first 4 KiB of rows)
		out.WriteString(line)
		cmd.Process.Signal(syscall.SIGINT)
		rest, _ := io.ReadAll(rd)
		out.Write(rest)
		done := make(chan error, 1)
		go func() { done <- cmd.Wait() }()
		select {
		case <-done:
		case <-time.After(60 * time.Second):
			cmd.Process.Kill()
			t.Fatalf("--jobs %s: still running a minute after SIGINT", jobs)
		}
		lines := strings.Split(strings.TrimSuffix(out.String(), "\n"), "\n")
		n := len(lines) - 1
		for i, l := range lines[1:] {
			if !strings.HasPrefix(l, strconv.Itoa(i)+",") {
				t.Fatalf("--jobs %s: row %d is %q", jobs, i, l)
			}
		}
		want := fmt.Sprintf("interrupted while computing the table: %d rows done, the last for n = %d\n", n, n-1)
		if code := cmd.ProcessState.ExitCode(); code != 1 || !strings.Contains(errOut.String(), want) {
			t.Errorf("--jobs %s: status %d, stderr %q (want %q)", jobs, code, errOut.String(), want)
		}
	}
}
