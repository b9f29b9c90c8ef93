package main

import (
	"bytes"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/creack/pty"
)

// terminal is the real grundy binary running in a pseudo-terminal.
type terminal struct {
	t    *testing.T
	f    *os.File
	cmd  *exec.Cmd
	mu   sync.Mutex
	seen bytes.Buffer
}

// startTerminal builds the binary, starts it in a pseudo-terminal with
// env added to its environment, and returns once the REPL's first prompt
// shows. It skips the test in -short mode.
func startTerminal(t *testing.T, env ...string) *terminal {
	t.Helper()
	if testing.Short() {
		t.Skip("builds and drives the binary")
	}
	cmd := exec.Command(buildGrundy(t))
	cmd.Env = append(os.Environ(), env...)
	f, err := pty.StartWithSize(cmd, &pty.Winsize{Rows: 40, Cols: 120})
	if err != nil {
		t.Skipf("no pseudo-terminal here: %v", err)
	}
	term := &terminal{t: t, f: f, cmd: cmd}
	go func() {
		buf := make([]byte, 4096)
		for {
			n, err := f.Read(buf)
			term.mu.Lock()
			term.seen.Write(buf[:n])
			term.mu.Unlock()
			if err != nil {
				return
			}
		}
	}()
	t.Cleanup(func() {
		cmd.Process.Kill()
		cmd.Wait()
		f.Close()
	})
	term.expect(">>> ")
	return term
}

var (
	binOnce sync.Once
	binDir  string // removed by TestMain
	binPath string
	binErr  error
)

// buildGrundy builds the binary, once for the tests of this package, and
// returns its path.
func buildGrundy(t *testing.T) string {
	t.Helper()
	binOnce.Do(func() {
		if binDir, binErr = os.MkdirTemp("", "grundy-test-bin-"); binErr != nil {
			return
		}
		binPath = filepath.Join(binDir, "grundy")
		if out, err := exec.Command("go", "build", "-o", binPath, ".").CombinedOutput(); err != nil {
			binErr = fmt.Errorf("build: %v\n%s", err, out)
		}
	})
	if binErr != nil {
		t.Fatal(binErr)
	}
	return binPath
}

func TestMain(m *testing.M) {
	code := m.Run()
	if binDir != "" {
		os.RemoveAll(binDir)
	}
	os.Exit(code)
}

func (term *terminal) send(s string) {
	if _, err := term.f.Write([]byte(s)); err != nil {
		term.t.Fatalf("write: %v", err)
	}
}

// expect waits until the output since the last expect contains want.
func (term *terminal) expect(want string) {
	term.t.Helper()
	if _, ok := term.waitFor(want, 20*time.Second, 20*time.Millisecond); !ok {
		term.mu.Lock()
		defer term.mu.Unlock()
		term.t.Fatalf("timed out waiting for %q; the terminal shows:\n%s", want, term.seen.String())
	}
}

// waitFor polls the terminal's output every poll, for at most limit,
// until it shows want, and returns when it saw it; what it saw up to
// want is dropped.
func (term *terminal) waitFor(want string, limit, poll time.Duration) (time.Time, bool) {
	deadline := time.Now().Add(limit)
	for time.Now().Before(deadline) {
		term.mu.Lock()
		s := term.seen.String()
		if i := strings.Index(s, want); i >= 0 {
			rest := s[i+len(want):]
			term.seen.Reset()
			term.seen.WriteString(rest)
			term.mu.Unlock()
			return time.Now(), true
		}
		term.mu.Unlock()
		time.Sleep(poll)
	}
	return time.Time{}, false
}

// quit waits for the prompt, sends Ctrl-D (typed while a line runs, the
// terminal is not in raw mode and its line discipline swallows it) and
// waits for grundy to exit.
func (term *terminal) quit() {
	term.t.Helper()
	term.expect(">>> ")
	term.send("\x04")
	done := make(chan error, 1)
	go func() { done <- term.cmd.Wait() }()
	select {
	case <-done:
	case <-time.After(10 * time.Second):
		term.t.Fatal("grundy did not exit on Ctrl-D")
	}
}

func TestREPLInTerminal(t *testing.T) {
	hist := filepath.Join(t.TempDir(), "history")
	term := startTerminal(t, "GRUNDY_HISTORY="+hist)
	// A multi-line declaration: the prompt changes while the entry is
	// open, and stays "... " once the game is complete (a line starting
	// with "|" could add an alternative); the next entry ends it.
	term.send("game sub(n) moves\r")
	term.expect("... ")
	term.send("  sub(n - s) for s in {1, 3, 4} if s <= n\r")
	term.expect("... ")
	term.send("sub(8)\r")
	term.expect("sg = 1   outcome = N")
	// Tab completes the session's own names.
	term.send("print winn\t")
	term.expect("winning")
	term.send("(sub(8))\r")
	term.expect("[sub(7)]")
	// Ctrl-C during a long computation cancels it and keeps the session.
	term.send("game up(n) moves up(n + 1)\r")
	term.expect("... ")
	term.send("\r") // a blank line ends the declaration
	term.expect(">>> ")
	term.send("sg(up(0))\r")
	time.Sleep(500 * time.Millisecond)
	term.send("\x03")
	term.expect("interrupted")
	term.expect(">>> ")
	term.send(":best sub(8)\r")
	term.expect("sub(7)")
	// Ctrl-C at the prompt clears the line.
	term.send("print 12345\x03")
	term.expect(">>> ")
	term.send("print 6 * 7\r")
	term.expect("42")
	// Ctrl-D leaves; the history file has the multi-line entry as one item.
	term.quit()
	data, err := os.ReadFile(hist)
	if err != nil {
		t.Fatalf("history: %v", err)
	}
	if !strings.Contains(string(data), "game sub(n) moves sub(n - s) for s in {1, 3, 4} if s <= n\n") {
		t.Errorf("history file:\n%s", data)
	}
	if strings.Contains(string(data), "12345") {
		t.Errorf("a line cleared with Ctrl-C reached the history:\n%s", data)
	}
}

// Lasker's Nim pasted into the REPL as written in a script, its second
// alternative on a line that starts with "|": the game has both
// alternatives (sg(las(4)) is 3; the first alone would give 4).
func TestREPLPasteAlternatives(t *testing.T) {
	term := startTerminal(t, "GRUNDY_HISTORY=")
	term.send("game las(n) moves\r    las(k) for k in 0 .. n - 1\r  | las(a) + las(n - a) for a in 1 .. n / 2\rsg(las(4))\r")
	term.expect("sg(las(4))")
	term.expect("\n3\r\n")
	term.expect(">>> ")
	// A declaration that fails declares nothing: las keeps both
	// alternatives.
	term.send("game las(n) moves\r    *1\r  | )\r")
	term.expect(`found ")"`)
	term.send("sg(las(3))\r") // 4 (3 with the first alternative alone)
	term.expect("4\r\n")
	// :help wraps to the terminal's 120 columns (at 80 this line breaks
	// after "winning").
	term.send(":help\r")
	term.expect("SG value, outcome, winning ones marked")
	term.expect(":table sg(sub(n)) for n in 0 .. 10") // the last line
	// Ctrl-D leaves.
	term.quit()
}
