package main

import (
	"bytes"
	"context"
	"errors"
	"flag"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// failWriter accepts n bytes, then fails.
type failWriter struct {
	n   int
	got bytes.Buffer
}

func (w *failWriter) Write(p []byte) (int, error) {
	if w.got.Len()+len(p) > w.n {
		return 0, errors.New("disk full")
	}
	return w.got.Write(p)
}

// TestWriteErrors: what cannot be written to standard output is an error
// (exit status 1 and a message), and a script stops at the print that
// cannot write.
func TestWriteErrors(t *testing.T) {
	p := script(t, "p.game", "for i in 1 .. 100000 { print i }\nassert false, \"kept running after the output broke\"\n")
	q := script(t, "q.game", "game g(n) moves g(n - 1) if n > 0\nprint 1\n")
	for _, c := range []struct {
		name string
		args []string
		want string
	}{
		{"a script's prints", []string{"run", p}, "grundy: writing output: disk full\n"},
		{"-e", []string{"-e", "print 1"}, "grundy: writing output: disk full\n"},
		{"--help", []string{"--help"}, "grundy: writing output: disk full\n"},
		{"--version", []string{"--version"}, "grundy: writing output: disk full\n"},
		{"graph", []string{"graph", q, "g(3)"}, "grundy: writing output: disk full\n"},
		{"table", []string{"table", q, "n for n in 1 .. 3"}, "grundy: writing the table: disk full\n"},
		{"the REPL", []string{}, "grundy: writing output: disk full\n"},
	} {
		w := &failWriter{n: 0}
		var errOut bytes.Buffer
		w2 := &checkedWriter{w: w}
		code := finishOutput(run(c.args, strings.NewReader("1 + 1\n"), w2, &errOut), w2.err, &errOut)
		got := strings.TrimPrefix(errOut.String(), "1\n") // FILE's print, on stderr for graph and table
		if code != 1 || got != c.want {
			t.Errorf("%s: exit status %d, stderr %q, want 1 and %q", c.name, code, errOut.String(), c.want)
		}
	}
	// Nothing written, nothing lost.
	w := &checkedWriter{w: &failWriter{n: 0}}
	var errOut bytes.Buffer
	if code := finishOutput(run([]string{"-e", "let x = 1"}, strings.NewReader(""), w, &errOut), w.err, &errOut); code != 0 || errOut.Len() > 0 {
		t.Errorf("no output: %d %q", code, errOut.String())
	}
	// The script stops at the print that fails: what it printed up to the
	// buffer's size arrived, the assertion after the loop never ran.
	fw := &failWriter{n: 100_000}
	w = &checkedWriter{w: fw}
	errOut.Reset()
	code := finishOutput(run([]string{"run", p}, strings.NewReader(""), w, &errOut), w.err, &errOut)
	if code != 1 || errOut.String() != "grundy: writing output: disk full\n" || !strings.HasPrefix(fw.got.String(), "1\n2\n3\n") {
		t.Errorf("partial output: %d %q, %d bytes arrived", code, errOut.String(), fw.got.Len())
	}
}

// stdChildEnv marks the child process of runStdChild.
const stdChildEnv = "GRUNDY_STD_CHILD"

// TestStdChild is the child process of runStdChild; it does nothing in a
// normal test run.
func TestStdChild(t *testing.T) {
	if os.Getenv(stdChildEnv) != "1" {
		t.Skip("only runs as the child process of TestClosedStdout and TestBrokenPipe")
	}
	os.Exit(runStd(flag.Args()))
}

// runStdChild runs grundy's main (runStd) in a child process, through sh
// with the redirection redir, or with stdout as standard output when redir
// is empty.
func runStdChild(t *testing.T, redir string, stdout *os.File, args ...string) (int, string) {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	defer cancel()
	var cmd *exec.Cmd
	child := append([]string{os.Args[0], "-test.run=^TestStdChild$", "--"}, args...)
	if redir != "" {
		if _, err := exec.LookPath("sh"); err != nil {
			t.Skip("no sh")
		}
		cmd = exec.CommandContext(ctx, "sh", append([]string{"-c", `exec "$@" ` + redir, "sh"}, child...)...)
	} else {
		cmd = exec.CommandContext(ctx, child[0], child[1:]...)
		cmd.Stdout = stdout
	}
	cmd.Env = append(os.Environ(), stdChildEnv+"=1")
	var errOut bytes.Buffer
	cmd.Stderr = &errOut
	err := cmd.Run()
	var ee *exec.ExitError
	switch {
	case ctx.Err() != nil:
		t.Fatalf("%v did not end", args)
	case errors.As(err, &ee):
		return ee.ExitCode(), errOut.String()
	case err != nil:
		t.Fatal(err)
	}
	return 0, errOut.String()
}

// TestClosedStdout: grundy run x.game >&- is an error, not output lost
// with exit status 0 (the Go runtime puts /dev/null in place of a closed
// descriptor).
func TestClosedStdout(t *testing.T) {
	p := script(t, "p.game", "print 1\n")
	q := script(t, "q.game", "game g(n) moves g(n - 1) if n > 0\n")
	bad := "grundy: writing output: write /dev/stdout: bad file descriptor\n"
	for _, c := range []struct {
		redir string
		args  []string
		code  int
		want  string
	}{
		{">&-", []string{"run", p}, 1, bad},
		{">&-", []string{"-e", "print 1"}, 1, bad},
		{">&-", []string{"--version"}, 1, bad},
		{">&-", []string{"graph", q, "g(2)"}, 1, bad},
		{">&-", []string{"table", q, "n for n in 1 .. 2"}, 1, "grundy: writing the table: write /dev/stdout: bad file descriptor\n"},
		// Nothing printed, nothing lost.
		{">&-", []string{"-e", "let x = 1"}, 0, ""},
		// Output thrown away on purpose is not an error.
		{">/dev/null", []string{"run", p}, 0, ""},
	} {
		code, errOut := runStdChild(t, c.redir, nil, c.args...)
		if code != c.code || errOut != c.want {
			t.Errorf("%v %s: exit status %d, stderr %q; want %d, %q", c.args, c.redir, code, errOut, c.code, c.want)
		}
	}
}

// TestBrokenPipe: output to a pipe whose reader has gone is an error, and
// the script stops at the print that failed.
func TestBrokenPipe(t *testing.T) {
	p := script(t, filepath.Join("p.game"), "for i in 1 .. 100000 { print i }\nassert false, \"kept running after the output broke\"\n")
	r, w, err := os.Pipe()
	if err != nil {
		t.Fatal(err)
	}
	r.Close()
	defer w.Close()
	code, errOut := runStdChild(t, "", w, "run", p)
	if code != 1 || errOut != "grundy: writing output: write /dev/stdout: broken pipe\n" {
		t.Errorf("broken pipe: exit status %d, stderr %q", code, errOut)
	}
}
