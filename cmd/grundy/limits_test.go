package main

import (
	"fmt"
	"runtime"
	"strings"
	"testing"
	"time"
)

func init() {
	// Many commands run in this process: the Go runtime's memory limit
	// stays the tests' own.
	setGoMemoryLimit = func(int64) {}
}

// TestLimitsAlwaysHold runs the command line on the inputs of issue 19,
// scaled down (the limits with them): each ends with its positioned
// error and exit status 1 (or runs to its end), never a Go trace or exit
// status 2 for a runtime problem. (The memory limits stay well above
// the 48 MiB this test process holds before any run: the limit counts
// the process.)
func TestLimitsAlwaysHold(t *testing.T) {
	w := strings.Repeat("[", 180) + "x" + strings.Repeat("]", 180)
	nest := "def w(x) = " + w + "\ndef d(x, n) = if n == 0 then x else d(w(x), n - 1)\nlet v = d(0, 300)\nlet u = d(1, 300)\n"
	cases := []struct {
		name, src string
		flags     []string
		code      int
		// want is the start of stderr after FILE: (or of stdout, for
		// status 0); a memory limit can be reached at an allocation or
		// at a check of the process's memory (GC timing decides which
		// comes first): then its alternatives are separated by |.
		want string
	}{
		{"deep def recursion", "def f(n) = if n == 0 then 0 else f(n - 1)" + strings.Repeat(" + 0", 19) + "\nprint f(99999)\n",
			[]string{"--max-memory", "256M"}, 1, "1:34: too many nested calls ("},
		{"a chain of 100,000 +", "print " + strings.Repeat("1 + ", 99_999) + "1\n", nil, 0, "100000\n"},
		{"a chain of 100,000 and", "print " + strings.Repeat("true and ", 99_999) + "true\n", nil, 0, "true\n"},
		{"a chain of 100,000 string +", "print len(" + strings.Repeat(`"ab" + `, 99_999) + `"ab")` + "\n", nil, 0, "200000\n"},
		{"calls of calls", "def f(x) = f\nprint f" + strings.Repeat("(0)", 3000) + "\n", nil, 2, "2:"},
		{"deep values", nest + "print len(str(v)), v == u, v < u, len({v, u})\n", nil, 0, fmt.Sprintf("%d false true 2\n", 2*180*300+1)},
		{"string doubling", "def dbl(s, n) = if n == 0 then s else dbl(s + s, n - 1)\nprint len(dbl(\"x\", 40))\n",
			[]string{"--max-memory", "128M"}, 1, "1:45: memory limit reached: more than 128 MiB in use|2:11: memory limit reached: more than 128 MiB in use"},
		{"primes", "print len(primes(100000000))\n", []string{"--max-memory", "128M"}, 1, "1:11: memory limit reached"},
		{"moves of a big sum", "print len(moves(sum of *1 for i in 1 .. 100000))\n", []string{"--max-memory", "128M"}, 1, "1:11: memory limit reached|1:38: memory limit reached"},
		{"a big script", "let x = [" + strings.Repeat("1, ", 3_000_000) + "]\n", []string{"--max-memory", "128M"}, 1, "1:"},
		{"sorted under a time limit", "print len(sorted(3000000 * [3, 1, 2]))\n", []string{"--timeout", "1ms"}, 1, "1:"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			// The memory limit counts this process: what the tests
			// before left on the heap would move where a run reaches
			// it.
			runtime.GC()
			p := script(t, "t.game", c.src)
			code, out, errOut := cli(t, "", append(append([]string{"run"}, c.flags...), p)...)
			if code != c.code {
				t.Errorf("exit status %d, want %d; stderr %.300q", code, c.code, errOut)
			}
			for _, bad := range []string{"goroutine", "panic", "fatal error", "internal error"} {
				if strings.Contains(errOut, bad) {
					t.Errorf("stderr mentions %q: %.300s", bad, errOut)
				}
			}
			if c.code == 0 {
				if out != c.want || errOut != "" {
					t.Errorf("stdout %q, stderr %.200q; want %q", out, errOut, c.want)
				}
				return
			}
			ok := false
			for _, w := range strings.Split(c.want, "|") {
				ok = ok || strings.HasPrefix(errOut, p+":"+w)
			}
			if !ok {
				t.Errorf("stderr %.300q, want it to start with %q", errOut, p+":"+c.want)
			}
			if c.code == 1 && len(errOut) > 2000 {
				t.Errorf("stderr has %d bytes", len(errOut))
			}
		})
	}
}

// TestREPLInterruptsALongOperation: Ctrl-C during one long operation (a
// sort of millions of values, which once ignored it) cancels it, and the
// session goes on.
func TestREPLInterruptsALongOperation(t *testing.T) {
	term := startTerminal(t, "GRUNDY_HISTORY=")
	term.send("let a = 1000000 * [3, 1, 2]\r")
	term.send("print 40 + 2\r")
	term.expect("42") // (the prompt is redrawn as keys are typed: not a sign)
	term.send("len(sorted(a + a))\r")
	time.Sleep(300 * time.Millisecond)
	term.send("\x03")
	term.expect("interrupted")
	term.send("print len(a)\r")
	term.expect("3000000")
}

// TestScriptLargerThanTheMemoryLimit: a script file larger than the
// memory limit is not read (its parse could not fit): exit status 1 and
// a sentence; one that fits is read once (no second copy of it).
func TestScriptLargerThanTheMemoryLimit(t *testing.T) {
	p := script(t, "big.game", "let x = ["+strings.Repeat("1, ", 1_000_000)+"]\n")
	code, out, errOut := cli(t, "", "run", "--max-memory", "2M", p)
	if want := "grundy: " + p + " is 2.9 MiB, more than the memory limit of 2 MiB (--max-memory)\n"; code != 1 || out != "" || errOut != want {
		t.Errorf("exit status %d, stdout %q, stderr %q; want 1 and %q", code, out, errOut, want)
	}
	for _, cmd := range [][]string{{"table", p, "n for n in 0 .. 1"}, {"graph", p, "*1"}, {"plot", p, "n for n in 0 .. 1"}} {
		code, _, errOut := cli(t, "", append(cmd, "--max-memory", "1M")...)
		if code != 1 || !strings.Contains(errOut, "more than the memory limit of 1 MiB") {
			t.Errorf("grundy %s: exit status %d, stderr %q", cmd[0], code, errOut)
		}
	}
	src, err := readScript(p, 3<<20)
	if err != nil || len(src) != 3_000_011 {
		t.Errorf("readScript: %d bytes, %v", len(src), err)
	}
}

// TestCheckHoldsTheLimits: grundy check holds --max-memory and --timeout
// as a run does (its parse and its resolve pass count): it ignored them,
// and 6,000 chained defs took 26 s and 2.3 GB to check.
func TestCheckHoldsTheLimits(t *testing.T) {
	var b strings.Builder
	b.WriteString("def f1(x) = x\n")
	for i := 2; i <= 3000; i++ {
		fmt.Fprintf(&b, "def f%d(x) = f%d(x) + f%d(x)\n", i, i-1, i-1)
	}
	p := script(t, "chain.game", b.String())
	// (This process holds more than 8 MiB before any check.)
	code, _, errOut := cli(t, "", "check", "--max-memory", "8M", p)
	if code != 1 || !strings.Contains(errOut, "memory limit reached: more than 8 MiB in use (--max-memory)") {
		t.Errorf("check --max-memory 8M: exit status %d, stderr %q", code, errOut)
	}
	code, _, errOut = cli(t, "", "check", "--timeout", "1ns", p)
	if code != 1 || !strings.Contains(errOut, "time limit reached") {
		t.Errorf("check --timeout 1ns: exit status %d, stderr %q", code, errOut)
	}
	if code, out, errOut := cli(t, "", "check", p); code != 0 || out != "" || errOut != "" {
		t.Errorf("check: exit status %d, stdout %q, stderr %q", code, out, errOut)
	}
}
