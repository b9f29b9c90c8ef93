package main

import (
	"bytes"
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"os/exec"
	"os/signal"
	"path/filepath"
	"strings"

	"github.com/grundy-lang/grundy/eval"
	"github.com/grundy-lang/grundy/lang"
)

const graphUsage = `Usage: grundy graph FILE 'EXPR' [--format dot|svg|png] [-o OUT]

Runs FILE, evaluates EXPR in its scope and writes the state graph of the
game EXPR (graph(EXPR), at most 200 positions) as Graphviz DOT text, or
renders it with Graphviz's dot program. EXPR may also be a call
graph(G, LIMIT), whose DOT text is used as it is.

  --format F   dot (the default), svg or png; without it, -o OUT ending in
               .svg or .png chooses that format
  -o OUT       write to the file OUT instead of standard output

What FILE prints goes to standard error, so standard output holds only the
picture. PNG is not written to a terminal: use -o or a redirection.
`

// dotInstallHint says how to install Graphviz.
const dotInstallHint = "install Graphviz (Debian/Ubuntu: apt-get install graphviz; macOS: brew install graphviz)"

// isTerminal reports whether w is a terminal (a variable so that tests can
// pretend).
var isTerminal = func(w io.Writer) bool {
	f, ok := w.(*os.File)
	if !ok {
		return false
	}
	fi, err := f.Stat()
	return err == nil && fi.Mode()&os.ModeCharDevice != 0
}

// graphCmd runs grundy graph FILE 'EXPR' [--format dot|svg|png] [-o OUT].
func graphCmd(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("grundy graph", flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	var format, out string
	var help bool
	fs.StringVar(&format, "format", "", "")
	fs.StringVar(&out, "o", "", "")
	fs.BoolVar(&help, "help", false, "")
	fs.BoolVar(&help, "h", false, "")
	if err := parseFlags(fs, args); err != nil {
		fmt.Fprintf(stderr, "grundy graph: %v\n(see grundy graph --help)\n", err)
		return 2
	}
	if help {
		fmt.Fprint(stdout, graphUsage)
		return 0
	}
	rest := fs.Args()
	if len(rest) != 2 {
		fmt.Fprintf(stderr, "grundy graph: needs a FILE and an EXPR, as in grundy graph game.game 'g(10)' (see grundy graph --help)\n")
		return 2
	}
	file, expr := rest[0], rest[1]
	if !flagGiven(fs, "format") {
		switch strings.ToLower(filepath.Ext(out)) {
		case ".svg":
			format = "svg"
		case ".png":
			format = "png"
		default:
			format = "dot"
		}
	}
	if format != "dot" && format != "svg" && format != "png" {
		fmt.Fprintf(stderr, "grundy graph: --format must be dot, svg or png, not %q\n", format)
		return 2
	}
	if flagGiven(fs, "o") && out == "" {
		fmt.Fprintf(stderr, "grundy graph: -o needs a file name\n")
		return 2
	}
	if format == "png" && out == "" && isTerminal(stdout) {
		fmt.Fprintf(stderr, "grundy graph: PNG is binary and standard output is a terminal: use -o FILE.png or redirect standard output\n")
		return 2
	}
	var dotPath string
	if format != "dot" {
		p, err := exec.LookPath("dot")
		if err != nil {
			fmt.Fprintf(stderr, "grundy graph: --format %s needs Graphviz's dot program, which is not installed: %s.\n", format, dotInstallHint)
			return 1
		}
		dotPath = p
	}
	src, err := os.ReadFile(file)
	if err != nil {
		fmt.Fprintf(stderr, "grundy: cannot read %s: %v\n", file, unwrapPathError(err))
		return 2
	}

	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	defer stop()
	// FILE's print output goes to standard error: standard output is the
	// picture.
	s := eval.NewSession(withProgress(eval.Options{Stdout: stderr, Stdin: stdin}, stderr))
	if err := s.ExecFile(ctx, file, string(src)); err != nil {
		return report(stderr, string(src), err)
	}
	v, err := s.Eval(ctx, "<expr>", expr)
	if err != nil {
		return report(stderr, expr, err)
	}
	pos := lang.Pos{Filename: "<expr>", Line: 1, Column: 1}
	var text string
	switch {
	case v.IsGame():
		th := s.Thread()
		err = s.Do(ctx, func() {
			text = th.Graph(&eval.Call{Th: th, Name: "graph", Pos: pos}, v, eval.DefaultGraphLimit)
		})
		if err != nil {
			return report(stderr, expr, err)
		}
	case v.Kind() == eval.KStr && strings.HasPrefix(strings.TrimSpace(v.Str()), "digraph"):
		text = v.Str()
	default:
		what := v.TypeName() + " " + clipText(eval.Repr(v), 40)
		if v.Kind() == eval.KStr {
			what = "a string that is not DOT text: " + clipText(eval.Repr(v), 40)
		}
		return report(stderr, expr, &eval.RuntimeError{Pos: pos, Msg: "EXPR must be a game or the DOT text of graph(...), found " + what})
	}

	data := []byte(text)
	if !strings.HasSuffix(text, "\n") {
		data = append(data, '\n')
	}
	if format != "dot" {
		var outBuf, errBuf bytes.Buffer
		cmd := exec.CommandContext(ctx, dotPath, "-T"+format)
		cmd.Stdin = strings.NewReader(text)
		cmd.Stdout, cmd.Stderr = &outBuf, &errBuf
		if err := cmd.Run(); err != nil {
			msg := strings.TrimSpace(errBuf.String())
			if msg == "" {
				msg = err.Error()
			}
			if i := strings.IndexByte(msg, '\n'); i >= 0 {
				msg = msg[:i]
			}
			fmt.Fprintf(stderr, "grundy graph: dot could not render the graph: %s\n", msg)
			return 1
		}
		io.Copy(stderr, &errBuf) // dot's warnings, if any
		data = outBuf.Bytes()
	}
	if out != "" {
		if err := os.WriteFile(out, data, 0o644); err != nil {
			fmt.Fprintf(stderr, "grundy graph: cannot write %s: %v\n", out, unwrapPathError(err))
			return 1
		}
		return 0
	}
	if _, err := stdout.Write(data); err != nil && !errors.Is(err, os.ErrClosed) {
		fmt.Fprintf(stderr, "grundy graph: writing standard output: %v\n", err)
		return 1
	}
	return 0
}

func clipText(s string, n int) string {
	r := []rune(s)
	if len(r) <= n {
		return s
	}
	return string(r[:n-1]) + "…"
}
