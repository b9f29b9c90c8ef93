// Package repl is grundy's interactive read-eval-print loop. It is the only
// package that uses line editing; it talks to the evaluator through the
// same eval.Session API an embedding program uses.
package repl

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"strings"

	"github.com/grundy-lang/grundy/eval"
	"github.com/grundy-lang/grundy/lang"
)

// Config says where the REPL reads and writes.
type Config struct {
	Stdin      io.Reader
	Stdout     io.Writer
	Stderr     io.Writer
	History    string
	HistorySet bool
	Limits     eval.Limits
}

// Run runs the REPL until end of input and returns the exit status.
func Run(cfg Config) int {
	s := eval.NewSession(eval.Options{Stdout: cfg.Stdout, Stdin: nil, Limits: cfg.Limits, Show: show(cfg.Stdout)})
	sc := bufio.NewScanner(cfg.Stdin)
	sc.Buffer(make([]byte, 1<<20), 1<<26)
	var buf strings.Builder
	line, startLine := 0, 1
	status := 0
	for sc.Scan() {
		line++
		if buf.Len() == 0 {
			startLine = line
		}
		buf.WriteString(sc.Text())
		buf.WriteByte('\n')
		src := buf.String()
		if _, err := lang.ParseEntry("<stdin>", src); err != nil && lang.Incomplete(err) {
			continue
		}
		buf.Reset()
		padded := strings.Repeat("\n", startLine-1) + src
		if err := s.ExecEntry(context.Background(), "<stdin>", padded); err != nil {
			printErr(cfg.Stderr, padded, err)
			status = 1
		}
	}
	if buf.Len() > 0 {
		padded := strings.Repeat("\n", startLine-1) + buf.String()
		if err := s.ExecEntry(context.Background(), "<stdin>", padded); err != nil {
			printErr(cfg.Stderr, padded, err)
			status = 1
		}
	}
	return status
}

func show(w io.Writer) func(th *eval.Thread, v eval.Value) {
	return func(th *eval.Thread, v eval.Value) {
		out := th.Out()
		if v.IsGame() {
			c := &eval.Call{Th: th}
			fmt.Fprintf(out, "%s   sg = %s   outcome = %s\n", eval.Format(v), eval.Format(th.SG(c, v)), th.Outcome(c, v))
			return
		}
		out.WriteString(eval.Repr(v))
		out.WriteByte('\n')
	}
}

func printErr(w io.Writer, src string, err error) {
	var list lang.ErrorList
	var se *lang.Error
	var re *eval.RuntimeError
	switch {
	case errors.As(err, &list):
		for _, e := range list {
			fmt.Fprintln(w, e.Error())
			if sn := lang.Snippet(src, e.Pos); sn != "" {
				fmt.Fprintln(w, sn)
			}
		}
	case errors.As(err, &se):
		fmt.Fprintln(w, se.Error())
		if sn := lang.Snippet(src, se.Pos); sn != "" {
			fmt.Fprintln(w, sn)
		}
	case errors.As(err, &re):
		fmt.Fprintln(w, re.Error())
		if sn := lang.Snippet(src, re.Pos); sn != "" {
			fmt.Fprintln(w, sn)
		}
	default:
		fmt.Fprintln(w, err)
	}
}
