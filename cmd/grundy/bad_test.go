package main

// The bad-input suite: every testdata/bad/NAME.game is run in-process as
//
//	grundy run [ARGS...] testdata/bad/NAME.game
//
// (a relative path, so messages are stable) and its exit status, standard
// error and standard output are compared exactly with:
//
//	NAME.want  required. The first line is "# exit N" (the expected exit
//	           status); the rest of the file, byte for byte, is the
//	           expected standard error (empty for a script that succeeds).
//	           Where the wording of a message is not settled (a case the
//	           interpreter gets wrong today), the second and last line may
//	           instead be "# match REGEXP": standard error must match the
//	           Go regular expression (anchor it with ^ and $ yourself).
//	NAME.out   optional: the exact expected standard output. Without it
//	           the script must print nothing on standard output.
//	NAME.args  optional: extra command-line arguments, separated by white
//	           space, put between "run" and the path (e.g. --max-states 1000).
//	NAME.in    optional: standard input (what ints() reads). Without it
//	           standard input is empty.
//
// Each case runs in a child process (the test binary itself, running
// TestBadChild, which calls run and exits with its status), so that a
// crash the Go runtime cannot recover from (a fatal stack overflow, running
// out of memory) fails that case only, and a hang can be stopped: each case
// must finish within badTimeout.
//
// To see what the interpreter prints now for one case:
//
//	go build -o /tmp/g . && /tmp/g run $(cat testdata/bad/NAME.args 2>/dev/null) testdata/bad/NAME.game
//
// TestBadUsageCases checks bad command lines (missing, unreadable or
// directory files, unknown flags, missing or extra arguments).

import (
	"bytes"
	"context"
	"errors"
	"flag"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"
)

const badTimeout = 60 * time.Second

type badRun struct {
	code           int
	stdout, stderr string
}

// badChildEnv marks the child process; the arguments of run follow "--"
// on its command line.
const badChildEnv = "GRUNDY_BAD_CHILD"

// TestBadChild is the child process of runBadChild; it does nothing in a
// normal test run.
func TestBadChild(t *testing.T) {
	if os.Getenv(badChildEnv) != "1" {
		t.Skip("only runs as the child process of TestBadInputs")
	}
	os.Exit(run(flag.Args(), os.Stdin, os.Stdout, os.Stderr))
}

// runBadChild runs the CLI in a child process with a time limit. ok is
// false when it did not finish in time.
func runBadChild(t *testing.T, args []string, stdin []byte, limit time.Duration) (r badRun, ok bool) {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), limit)
	defer cancel()
	cmd := exec.CommandContext(ctx, os.Args[0], append([]string{"-test.run=^TestBadChild$", "--"}, args...)...)
	cmd.Env = append(os.Environ(), badChildEnv+"=1", "GOTRACEBACK=single")
	cmd.Stdin = bytes.NewReader(stdin)
	var out, errOut bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &errOut
	err := cmd.Run()
	if ctx.Err() != nil {
		return badRun{}, false
	}
	code := 0
	var ee *exec.ExitError
	switch {
	case errors.As(err, &ee):
		code = ee.ExitCode()
	case err != nil:
		t.Fatal(err)
	}
	return badRun{code, out.String(), errOut.String()}, true
}

// runBad runs the CLI in-process with a time limit. ok is false when it
// did not return in time.
func runBad(args []string, stdin []byte, limit time.Duration) (r badRun, ok bool) {
	done := make(chan badRun, 1)
	go func() {
		var out, errOut bytes.Buffer
		code := run(args, bytes.NewReader(stdin), &out, &errOut)
		done <- badRun{code, out.String(), errOut.String()}
	}()
	select {
	case r := <-done:
		return r, true
	case <-time.After(limit):
		return badRun{}, false
	}
}

func readOptional(t *testing.T, path string) ([]byte, bool) {
	t.Helper()
	data, err := os.ReadFile(path)
	if os.IsNotExist(err) {
		return nil, false
	}
	if err != nil {
		t.Fatal(err)
	}
	return data, true
}

// parseWant splits a .want file into the exit status and the stderr text
// or, for "# match REGEXP", the regular expression.
func parseWant(data string) (int, string, *regexp.Regexp, error) {
	first, rest, _ := strings.Cut(data, "\n")
	num, ok := strings.CutPrefix(strings.TrimRight(first, "\r"), "# exit ")
	if !ok {
		return 0, "", nil, fmt.Errorf("first line %q is not \"# exit N\"", first)
	}
	code, err := strconv.Atoi(strings.TrimSpace(num))
	if err != nil {
		return 0, "", nil, fmt.Errorf("first line %q: %v", first, err)
	}
	if expr, ok := strings.CutPrefix(rest, "# match "); ok {
		expr = strings.TrimSuffix(expr, "\n")
		if strings.Contains(expr, "\n") {
			return 0, "", nil, fmt.Errorf("\"# match\" must be the last line")
		}
		re, err := regexp.Compile(expr)
		if err != nil {
			return 0, "", nil, err
		}
		return code, "", re, nil
	}
	return code, rest, nil, nil
}

func TestBadInputs(t *testing.T) {
	dir := filepath.Join("testdata", "bad")
	games, err := filepath.Glob(filepath.Join(dir, "*.game"))
	if err != nil {
		t.Fatal(err)
	}
	if len(games) < 50 {
		t.Fatalf("only %d cases in %s", len(games), dir)
	}
	// Every side file belongs to a script.
	all, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range all {
		ext := filepath.Ext(e.Name())
		switch ext {
		case ".game":
			continue
		case ".want", ".out", ".args", ".in":
			if _, err := os.Stat(filepath.Join(dir, strings.TrimSuffix(e.Name(), ext)+".game")); err != nil {
				t.Errorf("%s has no .game file", e.Name())
			}
		default:
			t.Errorf("unexpected file %s in %s", e.Name(), dir)
		}
	}
	for _, path := range games {
		base := strings.TrimSuffix(path, ".game")
		name := filepath.Base(base)
		t.Run(name, func(t *testing.T) {
			t.Parallel() // (each case is a process of its own)
			wantData, ok := readOptional(t, base+".want")
			if !ok {
				t.Fatalf("%s has no .want file", path)
			}
			wantCode, wantErr, wantRE, err := parseWant(string(wantData))
			if err != nil {
				t.Fatalf("%s.want: %v", base, err)
			}
			wantOut, _ := readOptional(t, base+".out")
			args := []string{"run"}
			if a, ok := readOptional(t, base+".args"); ok {
				args = append(args, strings.Fields(string(a))...)
			}
			args = append(args, filepath.ToSlash(path))
			stdin, _ := readOptional(t, base+".in")

			got, ok := runBadChild(t, args, stdin, badTimeout)
			if !ok {
				t.Fatalf("grundy %s did not finish within %v", strings.Join(args, " "), badTimeout)
			}
			if got.code != wantCode {
				t.Errorf("exit status %d, want %d", got.code, wantCode)
			}
			if wantRE != nil {
				if !wantRE.MatchString(got.stderr) {
					t.Errorf("stderr:\n%s\ndoes not match:\n%s", clip(got.stderr), wantRE)
				}
			} else if got.stderr != wantErr {
				t.Errorf("stderr:\n%s\nwant:\n%s", clip(got.stderr), clip(wantErr))
			}
			if got.stdout != string(wantOut) {
				t.Errorf("stdout:\n%s\nwant:\n%s", clip(got.stdout), clip(string(wantOut)))
			}
			for _, bad := range []string{"goroutine ", "panic", "internal error", "runtime/"} {
				if strings.Contains(got.stderr, bad) {
					t.Errorf("stderr mentions %q", bad)
				}
			}
		})
	}
}

// clip shortens long outputs in failure messages.
func clip(s string) string {
	const max = 4000
	if len(s) > max {
		return s[:max] + fmt.Sprintf("... (%d bytes in all)", len(s))
	}
	return s
}

// TestBadUsageCases: bad command lines are usage errors (exit 2) with one
// message that starts with "grundy:", and run nothing.
func TestBadUsageCases(t *testing.T) {
	ok := filepath.Join("testdata", "bad", "ok_no_trailing_newline.game")
	for _, tc := range []struct {
		name string
		args []string
		want string // exact stderr; "~TEXT" means: starts with "grundy: " and contains TEXT
	}{
		{"missing file", []string{"run", "testdata/bad/no_such_file.game"},
			"grundy: cannot read testdata/bad/no_such_file.game: no such file or directory\n"},
		{"missing file, short form", []string{"testdata/bad/no_such_file.game"},
			"grundy: cannot read testdata/bad/no_such_file.game: no such file or directory\n"},
		{"check missing file", []string{"check", "testdata/bad/no_such_file.game"},
			"grundy: cannot read testdata/bad/no_such_file.game: no such file or directory\n"},
		{"directory", []string{"run", "testdata/bad"},
			"grundy: cannot read testdata/bad: is a directory\n"},
		{"directory, short form", []string{"testdata"},
			"grundy: cannot read testdata: is a directory\n"},
		{"file inside a file", []string{"run", ok + "/x.game"},
			"grundy: cannot read " + ok + "/x.game: not a directory\n"},
		{"file name too long", []string{"run", strings.Repeat("x", 300) + ".game"},
			"grundy: cannot read " + strings.Repeat("x", 300) + ".game: file name too long\n"},
		{"empty file name", []string{"run", ""},
			"grundy: cannot read : no such file or directory\n"},
		{"unknown flag", []string{"--frobnicate", "run", ok},
			"grundy: flag provided but not defined: -frobnicate\n(see grundy --help)\n"},
		{"unknown flag after the command", []string{"run", ok, "--frobnicate"},
			"grundy: flag provided but not defined: -frobnicate\n(see grundy --help)\n"},
		{"-e without source", []string{"-e"},
			"grundy: flag needs an argument: -e\n(see grundy --help)\n"},
		{"-e with an extra argument", []string{"-e", "print 1", ok},
			"grundy: unexpected argument \"" + ok + "\" after -e\n"},
		{"run with two files", []string{"run", ok, ok},
			"grundy: run needs exactly one FILE (see grundy run --help)\n"},
		{"two files, short form", []string{ok, "other.game"},
			"grundy: unexpected argument \"other.game\" (see grundy --help)\n"},
		{"run without a file", []string{"run"},
			"grundy: run needs exactly one FILE (see grundy run --help)\n"},
		{"check without a file", []string{"check"},
			"grundy: check needs exactly one FILE (see grundy check --help)\n"},
		{"max-states not a number", []string{"--max-states", "many", "run", ok},
			"grundy: invalid value \"many\" for flag -max-states: parse error\n(see grundy --help)\n"},
		{"max-states without a value", []string{"run", ok, "--max-states"},
			"grundy: flag needs an argument: -max-states\n(see grundy --help)\n"},
		{"max-states negative", []string{"--max-states", "-5", "run", ok},
			"grundy: --max-states must be a positive number of positions, not -5\n"},
		{"stats with a value", []string{"--stats=maybe", "run", ok},
			"grundy: invalid boolean value \"maybe\" for -stats: parse error\n(see grundy --help)\n"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got, done := runBad(tc.args, nil, badTimeout)
			if !done {
				t.Fatalf("grundy %q did not finish", tc.args)
			}
			if got.code != 2 {
				t.Errorf("grundy %q: exit status %d, want 2 (stderr %q)", tc.args, got.code, got.stderr)
			}
			if got.stdout != "" {
				t.Errorf("grundy %q: stdout %q, want nothing", tc.args, got.stdout)
			}
			if text, loose := strings.CutPrefix(tc.want, "~"); loose {
				if !strings.HasPrefix(got.stderr, "grundy: ") || !strings.Contains(got.stderr, text) {
					t.Errorf("grundy %q: stderr %q, want a \"grundy: \" message about %s", tc.args, got.stderr, text)
				}
			} else if got.stderr != tc.want {
				t.Errorf("grundy %q: stderr\n%q\nwant\n%q", tc.args, got.stderr, tc.want)
			}
		})
	}

	t.Run("unreadable file", func(t *testing.T) {
		if os.Geteuid() == 0 {
			t.Skip("running as root: every file is readable")
		}
		p := filepath.Join(t.TempDir(), "secret.game")
		if err := os.WriteFile(p, []byte("print 1\n"), 0o000); err != nil {
			t.Fatal(err)
		}
		got, done := runBad([]string{"run", p}, nil, badTimeout)
		if !done {
			t.Fatal("did not finish")
		}
		want := "grundy: cannot read " + p + ": permission denied\n"
		if got.code != 2 || got.stderr != want || got.stdout != "" {
			t.Errorf("got exit %d, stderr %q, stdout %q; want exit 2, stderr %q", got.code, got.stderr, got.stdout, want)
		}
	})
}
