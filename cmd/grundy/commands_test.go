package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestCommandHelp: each command's --help and -h print its own help on
// standard output (exit 0): its synopsis, what it does, its flags with
// their defaults, an example; grundy help CMD prints the same.
func TestCommandHelp(t *testing.T) {
	for _, c := range commands {
		t.Run(c.name, func(t *testing.T) {
			var first string
			for _, args := range [][]string{{c.name, "--help"}, {c.name, "-h"}, {"help", c.name}} {
				code, out, errOut := cli(t, "", args...)
				if code != 0 || errOut != "" {
					t.Errorf("grundy %q: status %d, stderr %q; want 0 and nothing", args, code, errOut)
				}
				if !strings.HasPrefix(out, "Usage: grundy "+c.name+" ") {
					t.Errorf("grundy %q: help starts %.80q, not with the command's synopsis", args, out)
				}
				if !strings.Contains(out, "\nExample:\n  grundy "+c.name+" ") {
					t.Errorf("grundy %q: help has no example:\n%s", args, out)
				}
				if strings.Contains(out, "Sprague-Grundy values, outcomes") {
					t.Errorf("grundy %q: prints the global help, not the command's", args)
				}
				if first == "" {
					first = out
				} else if out != first {
					t.Errorf("grundy %q prints another help than grundy %s --help:\n%s", args, c.name, out)
				}
			}
		})
	}
	// The flags, with their defaults where they are not zero.
	for _, c := range []struct {
		args []string
		want []string
	}{
		{[]string{"run", "--help"}, []string{"\nFlags:\n", "  --max-states N      stop after N positions (default 20000000)\n", "  --stats ", "  --explain ", "  --timeout D "}},
		{[]string{"check", "--help"}, []string{"  --explain ", "  --max-memory SIZE "}},
		{[]string{"table", "--help"}, []string{"  --format F          the format F: text, csv, json or bfile (default text)\n", "  --max-states N "}},
		{[]string{"fmt", "--help"}, []string{"  -d ", "  -w "}},
		{[]string{"serve", "--help"}, []string{"  --port P ", "(default\n                      8080)", "(default 127.0.0.1)", "  --wasm DIR "}},
		{[]string{"graph", "-h"}, []string{"  --format F ", "  -o OUT "}},
		{[]string{"plot", "-h"}, []string{"  --size WxH ", "  -o OUT "}},
	} {
		_, out, _ := cli(t, "", c.args...)
		for _, w := range c.want {
			if !strings.Contains(out, w) {
				t.Errorf("grundy %q: help has no %q:\n%s", c.args, w, out)
			}
		}
	}
	// A flag of run that is not check's is not in check's help.
	if _, out, _ := cli(t, "", "check", "--help"); strings.Contains(out, "--stats") {
		t.Errorf("grundy check --help lists --stats, which check ignores:\n%s", out)
	}
	// --help anywhere on run's command line.
	for _, args := range [][]string{{"--help", "run"}, {"run", "x.game", "--help"}, {"--stats", "run", "-h"}} {
		if code, out, _ := cli(t, "", args...); code != 0 || !strings.HasPrefix(out, "Usage: grundy run ") {
			t.Errorf("grundy %q: status %d, help %.60q", args, code, out)
		}
	}
}

// TestHelpCommand: grundy help is the global help; grundy help with a
// name that is no command is a usage error that names the commands.
func TestHelpCommand(t *testing.T) {
	code, out, errOut := cli(t, "", "help")
	_, global, _ := cli(t, "", "--help")
	if code != 0 || errOut != "" || out != global {
		t.Errorf("grundy help: status %d, stderr %q, stdout\n%s\nwant grundy --help's\n%s", code, errOut, out, global)
	}
	for _, c := range commands {
		if !strings.Contains(global, "\n  grundy "+c.name+" "+c.args[0]) {
			t.Errorf("the global help does not list grundy %s %s", c.name, c.args[0])
		}
	}
	code, out, errOut = cli(t, "", "help", "nosuch")
	want := "grundy help: unknown command \"nosuch\": the commands are run, check, graph, table, plot, serve, emit, fmt and help\n"
	if code != 2 || out != "" || errOut != want {
		t.Errorf("grundy help nosuch: status %d, stdout %q, stderr %q; want 2, nothing, %q", code, out, errOut, want)
	}
	if code, _, errOut := cli(t, "", "help", "run", "check"); code != 2 || !strings.Contains(errOut, `unexpected argument "check"`) {
		t.Errorf("grundy help run check: status %d, stderr %q", code, errOut)
	}
}

// TestHelpExamples: each command's example runs (those that need no
// Graphviz, browser or shell), from the repository's root.
func TestHelpExamples(t *testing.T) {
	for _, c := range commands {
		words := shellWords(c.example)
		for _, w := range words {
			if strings.HasPrefix(w, "examples/") && !strings.Contains(w, "*") {
				if _, err := os.Stat(filepath.Join("..", "..", w)); err != nil {
					t.Errorf("grundy %s's example names %s: %v", c.name, w, err)
				}
			}
		}
		switch c.name {
		case "run", "check", "table", "help":
			args := words[1:]
			for i, w := range args {
				args[i] = strings.Replace(w, "examples/", filepath.Join("..", "..", "examples")+"/", 1)
			}
			if code, _, errOut := cli(t, "", args...); code != 0 {
				t.Errorf("grundy %s's example %q: status %d, stderr %q", c.name, c.example, code, errOut)
			}
		}
	}
}

// shellWords splits a command line at spaces outside single quotes.
func shellWords(s string) []string {
	var words []string
	var w strings.Builder
	quoted, in := false, false
	for _, r := range s {
		switch {
		case r == '\'':
			quoted, in = !quoted, true
		case r == ' ' && !quoted:
			if in {
				words = append(words, w.String())
				w.Reset()
			}
			in = false
		default:
			w.WriteRune(r)
			in = true
		}
	}
	if in {
		words = append(words, w.String())
	}
	return words
}
