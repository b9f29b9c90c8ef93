package repl

import (
	"bytes"
	"context"
	"strings"
	"testing"
)

// drive feeds lines to a REPL core in piped mode and returns stdout,
// stderr and the exit status.
func drive(t *testing.T, input string) (string, string, int) {
	t.Helper()
	var out, errOut bytes.Buffer
	r := New(Config{Stdout: &out, Stderr: &errOut})
	status := r.piped(strings.NewReader(input))
	return out.String(), errOut.String(), status
}

// driveCase is piped input and what the REPL answers: stdout that
// contains out (and is empty when out is), stderr that has err (and is
// empty when err is), and the exit status.
type driveCase struct {
	name, in, out, err string
	status             int
}

// checkDrive runs each case through drive; has says whether stderr has
// the case's err (strings.Contains, or strings.HasPrefix to pin where it
// starts).
func checkDrive(t *testing.T, cases []driveCase, has func(s, sub string) bool) {
	t.Helper()
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			out, errOut, status := drive(t, tc.in)
			if !strings.Contains(out, tc.out) || tc.out == "" && out != "" {
				t.Errorf("stdout:\n%s\nwant (contained):\n%s", out, tc.out)
			}
			if !has(errOut, tc.err) || tc.err == "" && errOut != "" {
				t.Errorf("stderr:\n%s\nwant:\n%s", errOut, tc.err)
			}
			if status != tc.status {
				t.Errorf("status %d, want %d", status, tc.status)
			}
		})
	}
}

func TestEntries(t *testing.T) {
	sub := "game sub(n) moves sub(n - s) for s in {1, 3, 4} if s <= n\n"
	checkDrive(t, []driveCase{
		{"expression", "1 + 2\n", "3\n", "", 0},
		{"string is quoted", "\"a\"\n", "\"a\"\n", "", 0},
		{"game value", sub + "sub(8)\n", "sg = 1   outcome = N\n", "", 0},
		{"loopy game value", "game l(v) moves l(v)\nl(0)\n", "sg = ∞{}   outcome = D\n", "", 0},
		{"multi-line entry", "game g(n) moves\n  g(n - 1) if n > 0 |\n  *5\ng(1)\n", "sg = 1   outcome = N\n", "", 0},
		{"open bracket continues", "[1,\n 2]\n", "[1, 2]\n", "", 0},
		{"trailing operator continues", "1 +\n2\n", "3\n", "", 0},
		{"error keeps session", "let x = 5\nprint y\nprint x\n", "5\n", "<stdin>:2:7: unknown name \"y\"\n    print y\n          ^\n", 1},
		{"runtime error line numbers", "let a = 1\n\nprint 1 / 0\n", "", "<stdin>:3:9: division by zero\n    print 1 / 0\n            ^\n", 1},
		{"redeclaration replaces", "def f() = 1\ndef g() = f() + 1\ndef f() = 10\ng()\n", "11\n", "", 0},
		{"moves table", sub + ":moves sub(4)\n", "  option  sg  outcome\n  sub(3)  1   N\n  sub(1)  1   N\n* sub(0)  0   P\n", "", 0},
		{"moves table of a P-position", sub + ":moves sub(7)\n", "  option  sg  outcome\n  sub(6)  2   N\n  sub(4)  2   N\n  sub(3)  1   N\n(no winning move: no option leaves a P-position)\n", "", 0},
		{"moves table marks", sub + ":moves sub(4)\n", "* sub(0)  0   P\n(* marks the winning moves: they leave a P-position)\n", "", 0},
		{"best in a sum", ":best *3 + *5\n", "*3 + *3\n", "", 0},
		{"best on a P-position", sub + ":best sub(7)\n", "no winning move: sub(7) is a P-position", "", 0},
		{"table 1d", ":table n * n for n in 1 .. 3\n", "n  n * n\n1      1\n2      4\n3      9\n", "", 0},
		{"table 2d", ":table a ^ b for a in 0 .. 1 for b in 0 .. 2\n", "a\\b  0  1  2\n  0  0  1  2\n  1  1  0  3\n", "", 0},
		{"unknown command", ":frobnicate\n", "", "unknown command :frobnicate", 1},
		{"moves error points into its line", sub + "let x = 1\n:moves sub(1 / 0)\n", "", "<stdin>:3:14: division by zero\n    :moves sub(1 / 0)\n                 ^\n", 1},
		{"best error points into its line", "let x = 1\n:best h(3)\n", "", "<stdin>:2:7: unknown name \"h\"\n    :best h(3)\n          ^\n", 1},
		{"help on a built-in", ":help divisors\n", "divisors(n): the divisors", "", 0},
		{"help on an operator", ":help ~\n", "- * ~: prefix: -x negates, *n is the nimber of size n, ~x is the bitwise not of\n  an int, -x - 1 (never overflows)\n", "", 0},
		{"help lists the operators", ":help\n", "\nOperators, lowest precedence first (:help OP for each):\n  or and not ", "", 0},
		{"help on mask", ":help mask\n", "mask(n): the int whose n lowest bits are 1", "", 0},
		{"bitwise not and masks", "(~5, ~mask(63), 5 & ~1, mask(3))\n", "(-6, -9223372036854775808, 4, 7)\n", "", 0},
		{"time toggles", ":time\n", "timing on\n", "", 0},
		{"stats counts the memo", sub + "sub(8)\n:stats\n", "positions visited 9, moves ", "", 0},
		{"stats counts the memo (2)", sub + "sub(8)\n:stats\n", ", memoized 9 (memo 0.0 MiB), games ", "", 0},
		{"quit stops reading", "print 1\n:quit\nprint 2\n", "1\n", "", 0},
		{"reset forgets", "let x = 1\n:reset\nprint x\n", "session reset\n", "unknown name \"x\"", 1},
	}, strings.Contains)
}

func TestNeedsMore(t *testing.T) {
	for src, want := range map[string]bool{
		"game g(n) moves\n":      true,
		"game g(n) moves g(n) |": true,
		"[1, 2":                  true,
		"print 1 +":              true,
		"for x in [1] {":         true,
		"print 1\n":              false,
		":moves g(":              false,
		"print )":                false,
	} {
		if got := NeedsMore(src); got != want {
			t.Errorf("NeedsMore(%q) = %v, want %v", src, got, want)
		}
	}
}

func TestCandidates(t *testing.T) {
	r := New(Config{Stdout: &bytes.Buffer{}, Stderr: &bytes.Buffer{}})
	r.Entry(context.Background(), "game kayles(n) moves *0\nlet kappa = 1\n", 1)
	got := strings.Join(r.Candidates("k"), " ")
	if got != "kappa kayles keys" {
		t.Errorf("Candidates(k) = %q", got)
	}
	if got := strings.Join(r.Candidates(":t"), " "); got != ":table :time" {
		t.Errorf("Candidates(:t) = %q", got)
	}
	if got := strings.Join(r.Candidates("ou"), " "); got != "outcome" {
		t.Errorf("Candidates(ou) = %q", got)
	}
	// A whole word with longer ones: Tab lists both (readline shows the
	// list when the completions share no prefix), never swaps one for the
	// other.
	if got := strings.Join(r.Candidates("period"), " "); got != "period periodic" {
		t.Errorf("Candidates(period) = %q", got)
	}
	if got, n := (completer{r}).Do([]rune("print period"), 12); len(got) != 2 || string(got[0]) != "" || string(got[1]) != "ic" || n != 6 {
		t.Errorf("Do(print period) = %q, %d", got, n)
	}
}

func TestHistoryItem(t *testing.T) {
	if got := historyItem([]string{"game g(n) moves", "  g(n - 1) if n > 0"}); got != "game g(n) moves g(n - 1) if n > 0" {
		t.Errorf("joined: %q", got)
	}
	if got := historyItem([]string{"game g(n) moves # comment", "*1"}); got != "game g(n) moves # comment\n*1" {
		t.Errorf("with a comment: %q", got)
	}
}

func TestErrorInEarlierEntry(t *testing.T) {
	_, errOut, _ := drive(t, "game g(n) moves g(n - 1) + 1 / 0 if n > 0\nsg(g(3))\n")
	want := "<stdin>:1:30: division by zero\n    game g(n) moves g(n - 1) + 1 / 0 if n > 0\n                                 ^\n"
	if !strings.HasPrefix(errOut, want) {
		t.Errorf("stderr:\n%s\nwant:\n%s", errOut, want)
	}
}
