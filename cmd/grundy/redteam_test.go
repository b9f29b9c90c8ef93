package main

import (
	"bytes"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"
)

// The red-team measurements of issue 19 that need a clock: how soon a
// SIGINT ends a run of the binary during a long operation, and Ctrl-C in
// the REPL. They time things, so they run only when asked (by
// testdata/redteam.sh):
//
//	GRUNDY_REDTEAM=1 go test -run RedTeam -v ./cmd/grundy
//
// Each prints "redteam" rows: the time from the signal to the error
// message and to the exit. A row whose message came more than 100 ms
// after the signal fails the test.

// redTeam skips the test unless GRUNDY_REDTEAM is set.
func redTeam(t *testing.T) {
	if os.Getenv("GRUNDY_REDTEAM") == "" {
		t.Skip("a measurement: set GRUNDY_REDTEAM=1 (testdata/redteam.sh)")
	}
}

// redTeamBinary builds the binary (or takes GRUNDY_BIN).
func redTeamBinary(t *testing.T) string {
	if b := os.Getenv("GRUNDY_BIN"); b != "" {
		return b
	}
	return buildGrundy(t)
}

// timeCases are the long operations of issue 19, each set up quickly. (A
// function: a variable would build its 50 MB script in every process of
// the test binary, the children of TestBadInputs included.)
func timeCases() []struct{ name, src string } {
	return []struct{ name, src string }{
		{"concat of 80M elements", "let b = 10000000 * [1]\nlet a = b + b + b + b\nprint len(a + a)\n"},
		{"str of a big value", "let a = 3000000 * [123456789]\nprint len(str([a, a, a, a]))\n"},
		{"sorted", "let a = 2000000 * [5, 3, 1, 4, 2]\nlet b = [x * 7919 % 1000003 for x in a]\nprint len(sorted(b + b))\n"},
		{"loopy solver, 4M cycle", "game c(n) moves c((n * 3 + 1) % 4000000) if n % 7 != 0 | c(n - 1) if n % 5 != 0 | c(n - 2) if n > 1\nprint sg(c(3999999))\n"},
		{"search of an infinite game", "game up(n) moves up(n + 1) | up(n + 2)\nprint sg(up(0))\n"},
		{"parse of a 50 MB script", strings.Repeat("let a = 1 + 2\n", 3_600_000)},
		{"deep recursion", "def f(n) = if n == 0 then 0 else max(f(n - 1), 0, 0)\nprint [f(99999) for i in 0 .. 29]\n"},
	}
}

// TestRedTeamSIGINT sends SIGINT to runs of the time cases at a few
// moments after their start.
func TestRedTeamSIGINT(t *testing.T) {
	redTeam(t)
	bin := redTeamBinary(t)
	dir := t.TempDir()
	for i, c := range timeCases() {
		p := filepath.Join(dir, fmt.Sprintf("t%d.game", i))
		if err := os.WriteFile(p, []byte(c.src), 0o644); err != nil {
			t.Fatal(err)
		}
		worst, worstExit := time.Duration(0), time.Duration(0)
		var where []string
		for _, at := range []time.Duration{300 * time.Millisecond, 1 * time.Second, 2500 * time.Millisecond} {
			msg, exit, text, ok := interruptAt(t, bin, p, at)
			if !ok {
				where = append(where, fmt.Sprintf("%v: ended first", at))
				continue
			}
			worst, worstExit = max(worst, msg), max(worstExit, exit)
			where = append(where, fmt.Sprintf("%v: %d ms, %s", at, msg.Milliseconds(), strings.TrimPrefix(text, p+":")))
			if bad := strings.Contains(text, "goroutine") || strings.Contains(text, "panic"); bad || !strings.Contains(text, "interrupted") {
				t.Errorf("%s at %v: %q", c.name, at, text)
			}
		}
		t.Logf("redteam SIGINT | %s | message %d ms, exit %d ms after the signal (worst of 3) | %s", c.name, worst.Milliseconds(), worstExit.Milliseconds(), strings.Join(where, "; "))
		if worst > 100*time.Millisecond {
			t.Errorf("%s: the error came %v after SIGINT", c.name, worst)
		}
	}
}

// interruptAt runs bin on file, sends SIGINT after at, and returns the
// time from the signal to the first byte of stderr and to the exit, and
// stderr's first line; ok is false when the run ended before the signal
// (or was done with it: an exit 0 within 100 ms of it).
func interruptAt(t *testing.T, bin, file string, at time.Duration) (msg, exit time.Duration, text string, ok bool) {
	cmd := exec.Command(bin, "run", "--max-states", "1000000000", file)
	cmd.Stdout = io.Discard
	errPipe, err := cmd.StderrPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	var first time.Time
	var buf bytes.Buffer
	read := make(chan struct{})
	go func() {
		defer close(read)
		b := make([]byte, 4096)
		for {
			n, err := errPipe.Read(b)
			if n > 0 && first.IsZero() {
				first = time.Now()
			}
			buf.Write(b[:n])
			if err != nil {
				return
			}
		}
	}()
	exited := make(chan struct{})
	var end time.Time
	go func() {
		<-read
		cmd.Wait()
		end = time.Now()
		close(exited)
	}()
	select {
	case <-exited:
		return 0, 0, "", false
	case <-time.After(at):
	}
	sent := time.Now()
	cmd.Process.Signal(syscall.SIGINT)
	select {
	case <-exited:
	case <-time.After(30 * time.Second):
		cmd.Process.Kill()
		<-exited
		t.Errorf("%s: still running 30 s after SIGINT", file)
	}
	if first.IsZero() {
		first = end
	}
	line, _, _ := strings.Cut(buf.String(), "\n")
	if st := cmd.ProcessState; st != nil && st.ExitCode() == 0 && end.Sub(sent) < 100*time.Millisecond {
		// The run was done when the signal came: the process was
		// writing its output or exiting (freeing a GB takes tens of
		// ms). A run that ignored the signal would end later.
		return 0, 0, "", false
	}
	if st := cmd.ProcessState; st != nil && st.ExitCode() != 1 {
		line += " (" + st.String() + ")"
	}
	return first.Sub(sent), end.Sub(sent), line, true
}

// TestRedTeamREPL: Ctrl-C in the REPL during each long operation that
// once ignored it; the session goes on.
func TestRedTeamREPL(t *testing.T) {
	redTeam(t)
	term := startTerminal(t, "GRUNDY_HISTORY=")
	term.send("let a = [x * 7919 % 1000003 for x in 0 .. 3999999]\r")
	term.send("game c(n) moves c((n * 3 + 1) % 4000000) if n % 7 != 0 | c(n - 1) if n % 5 != 0 | c(n - 2) if n > 1\r\r")
	term.send("print 40 + 2\r")
	term.expect("42")
	for _, op := range []string{"len(sorted(a + a + a + a))", "len(a + a + a + a + a + a + a + a + a + a)", "len(str([a, a, a, a]))", "sg(c(3999999))"} {
		term.send(op + "\r")
		time.Sleep(300 * time.Millisecond)
		sent := time.Now()
		term.send("\x03")
		d, ok := term.waitFor("interrupted", 10*time.Second, time.Millisecond)
		if !ok {
			t.Errorf("%s: no interruption 10 s after Ctrl-C", op)
			continue
		}
		t.Logf("redteam REPL Ctrl-C | %s | %d ms to the message", op, d.Sub(sent).Milliseconds())
		if d.Sub(sent) > 100*time.Millisecond {
			t.Errorf("%s: the message came %v after Ctrl-C", op, d.Sub(sent))
		}
		term.expect(">>> ")
	}
	term.send("print len(a)\r")
	term.expect("4000000")
}
