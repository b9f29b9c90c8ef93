package main

import (
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"

	"github.com/grundy-lang/grundy/lang"
)

// fmtCmd runs grundy fmt [-w] [-d] [FILE...]: each FILE in the canonical
// layout (lang.Format) on standard output; -w rewrites the files that
// change instead, -d prints a unified diff of what would change. Without
// a FILE it formats standard input to standard output. A file that does
// not parse is reported (FILE:LINE:COL, exit status 2) and left alone;
// the others are still formatted.
func fmtCmd(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("grundy fmt", flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	var write, diff bool
	fs.BoolVar(&write, "w", false, "rewrite the files that change instead of printing them (through a temporary file: a failed write leaves a file as it was)")
	fs.BoolVar(&diff, "d", false, "print a unified diff of what would change")
	if code, ok := parseSub("fmt", fs, args, nil, stdout, stderr); !ok {
		return code
	}
	files := fs.Args()
	if len(files) == 0 {
		if write {
			fmt.Fprintf(stderr, "grundy fmt: -w needs a FILE to rewrite\n%s\n", usageLine("fmt"))
			return 2
		}
		src, err := io.ReadAll(stdin)
		if err != nil {
			fmt.Fprintf(stderr, "grundy fmt: cannot read standard input: %v\n", err)
			return 2
		}
		return fmtOne("<stdin>", string(src), false, diff, stdout, stderr)
	}
	status := 0
	for _, file := range files {
		src, err := os.ReadFile(file)
		if err != nil {
			fmt.Fprintf(stderr, "grundy: cannot read %s: %v\n", file, unwrapPathError(err))
			status = 2
			continue
		}
		if code := fmtOne(file, string(src), write, diff, stdout, stderr); code > status {
			status = code
		}
	}
	return status
}

// fmtOne formats one file's text and writes, diffs or prints the result.
// A byte order mark at the start of the text is dropped (the canonical
// layout has none): a file with one changes, and -d shows its first line
// changed.
func fmtOne(file, src string, write, diff bool, stdout, stderr io.Writer) int {
	out, err := lang.Format(file, lang.TrimBOM(src))
	if err != nil {
		report(stderr, lang.TrimBOM(src), err)
		return 2
	}
	if diff {
		io.WriteString(stdout, unifiedDiff(file, src, out))
	}
	if !write {
		if !diff {
			io.WriteString(stdout, out)
		}
		return 0
	}
	if out == src {
		return 0
	}
	if err := writeFile(file, out); err != nil {
		fmt.Fprintf(stderr, "grundy fmt: cannot write %s: %v\n", file, unwrapPathError(err))
		return 2
	}
	return 0
}

// writeFile replaces file's contents with text, keeping its permissions:
// the text goes to a temporary file beside it, renamed over it, so that
// a failed write leaves the file as it was.
func writeFile(file, text string) error {
	info, err := os.Stat(file)
	if err != nil {
		return err
	}
	tmp, err := os.CreateTemp(filepath.Dir(file), "."+filepath.Base(file)+".fmt*")
	if err != nil {
		return err
	}
	_, err = tmp.WriteString(text)
	if cerr := tmp.Close(); err == nil {
		err = cerr
	}
	if err == nil {
		err = os.Chmod(tmp.Name(), info.Mode().Perm())
	}
	if err == nil {
		err = os.Rename(tmp.Name(), file)
	}
	if err != nil {
		os.Remove(tmp.Name())
	}
	return err
}

// unifiedDiff returns the differences between a and b as a unified diff
// with three lines of context ("" when they are equal).
func unifiedDiff(name, a, b string) string {
	if a == b {
		return ""
	}
	x, y := splitLines(a), splitLines(b)
	ops := diffLines(x, y)
	var out strings.Builder
	fmt.Fprintf(&out, "--- %s\n+++ %s (formatted)\n", name, name)
	const ctx = 3
	// Group the edit script into hunks: runs of changes with at most
	// 2*ctx equal lines between them.
	for i := 0; i < len(ops); {
		if ops[i].kind == ' ' {
			i++
			continue
		}
		start := max(i-ctx, 0)
		end := i
		for end < len(ops) {
			if ops[end].kind != ' ' {
				end++
				continue
			}
			run := end
			for run < len(ops) && ops[run].kind == ' ' {
				run++
			}
			if run == len(ops) || run-end > 2*ctx {
				end = min(end+ctx, len(ops))
				break
			}
			end = run
		}
		ax, ay := ops[start].ax, ops[start].ay
		var na, nb int
		for _, o := range ops[start:end] {
			if o.kind != '+' {
				na++
			}
			if o.kind != '-' {
				nb++
			}
		}
		fmt.Fprintf(&out, "@@ -%s +%s @@\n", hunkRange(ax, na), hunkRange(ay, nb))
		for _, o := range ops[start:end] {
			out.WriteByte(o.kind)
			out.WriteString(o.text)
			out.WriteByte('\n')
		}
		i = end
	}
	return out.String()
}

// hunkRange is the "start,count" of a hunk header (lines from 1; an empty
// range names the line before it).
func hunkRange(start, n int) string {
	if n == 0 {
		return fmt.Sprintf("%d,0", start)
	}
	return fmt.Sprintf("%d,%d", start+1, n)
}

func splitLines(s string) []string {
	if s == "" {
		return nil
	}
	return strings.Split(strings.TrimSuffix(s, "\n"), "\n")
}

// diffOp is a line of an edit script: ' ' kept, '-' removed, '+' added;
// ax and ay are the lines of a and b before it.
type diffOp struct {
	kind   byte
	text   string
	ax, ay int
}

// diffLines returns an edit script from x to y through a longest common
// subsequence of lines (the common prefix and suffix are taken first).
func diffLines(x, y []string) []diffOp {
	pre := 0
	for pre < len(x) && pre < len(y) && x[pre] == y[pre] {
		pre++
	}
	suf := 0
	for suf < len(x)-pre && suf < len(y)-pre && x[len(x)-1-suf] == y[len(y)-1-suf] {
		suf++
	}
	mx, my := x[pre:len(x)-suf], y[pre:len(y)-suf]
	var ops []diffOp
	ax, ay := 0, 0
	emit := func(kind byte, text string) {
		ops = append(ops, diffOp{kind, text, ax, ay})
		if kind != '+' {
			ax++
		}
		if kind != '-' {
			ay++
		}
	}
	for _, l := range x[:pre] {
		emit(' ', l)
	}
	if len(mx)*len(my) > 25_000_000 {
		// Too large for the table: all of the middle replaced.
		for _, l := range mx {
			emit('-', l)
		}
		for _, l := range my {
			emit('+', l)
		}
	} else {
		// lcs[i][j]: the longest common subsequence of mx[i:], my[j:].
		lcs := make([][]int32, len(mx)+1)
		for i := range lcs {
			lcs[i] = make([]int32, len(my)+1)
		}
		for i := len(mx) - 1; i >= 0; i-- {
			for j := len(my) - 1; j >= 0; j-- {
				if mx[i] == my[j] {
					lcs[i][j] = lcs[i+1][j+1] + 1
				} else {
					lcs[i][j] = max(lcs[i+1][j], lcs[i][j+1])
				}
			}
		}
		i, j := 0, 0
		for i < len(mx) || j < len(my) {
			switch {
			case i < len(mx) && j < len(my) && mx[i] == my[j]:
				emit(' ', mx[i])
				i, j = i+1, j+1
			case j == len(my) || i < len(mx) && lcs[i+1][j] >= lcs[i][j+1]:
				emit('-', mx[i])
				i++
			default:
				emit('+', my[j])
				j++
			}
		}
	}
	for _, l := range x[len(x)-suf:] {
		emit(' ', l)
	}
	return ops
}
