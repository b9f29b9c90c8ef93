package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"os"
	"os/signal"
	"path/filepath"
	"strings"
	"syscall"

	"github.com/grundy-lang/grundy"
	"github.com/grundy-lang/grundy/lang"
)

// fmtCmd runs grundy fmt [-w] [-d] [FILE...]: each FILE in the canonical
// layout (lang.Format) on standard output; -w rewrites the files that
// change instead (rewrite), -d prints a unified diff of what would
// change. Without a FILE it formats standard input to standard output. A
// file that does not parse is reported (FILE:LINE:COL, exit status 2) and
// left alone; the others are still formatted. Reading and formatting
// have the limits of a run: --max-memory (a script larger than it is not
// read) and --timeout (for each file).
func fmtCmd(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("grundy fmt", flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	f := &formatter{stdout: stdout, stderr: stderr}
	var cfg config
	fs.BoolVar(&f.write, "w", false, "rewrite the files that change instead of printing them (in place, through a backup: links, owner and mode stay)")
	fs.BoolVar(&f.diff, "d", false, "print a unified diff of what would change")
	addTimeMemoryFlags(fs, &cfg)
	if code, ok := parseSub("fmt", fs, args, nil, stdout, stderr); !ok {
		return code
	}
	if msg := checkLimitFlags(&cfg); msg != "" {
		fmt.Fprintf(stderr, "grundy fmt: %s\n", msg)
		return 2
	}
	files := fs.Args()
	if len(files) == 0 && f.write {
		fmt.Fprintf(stderr, "grundy fmt: -w needs a FILE to rewrite\n%s\n", usageLine("fmt"))
		return 2
	}
	f.maxMem = cfg.memBytes
	f.in = grundy.New(grundy.Config{Limits: limits(cfg), CommandLine: true})
	if len(files) == 0 {
		src, code := loadRaw(stderr, "standard input", f.maxMem, func(max int64) (string, error) { return readLimited(stdin, knownSize(stdin), max) })
		if code != 0 {
			return code
		}
		out, code := f.format("<stdin>", src)
		if code == 0 {
			f.show("<stdin>", src, out)
		}
		return code
	}
	status := 0
	for _, file := range files {
		status = max(status, f.file(file))
		if f.stopped {
			fmt.Fprintf(stderr, "grundy fmt: interrupted after writing %s\n", file)
			return max(status, 1)
		}
	}
	return status
}

// formatter formats the files of one grundy fmt.
type formatter struct {
	in             *grundy.Interpreter // its limits are the command's
	write, diff    bool
	maxMem         int64 // --max-memory (0: the default)
	stdout, stderr io.Writer
	stopped        bool // a signal came while a file was rewritten
}

// file formats one FILE: prints it, its diff, or rewrites it (-w). It
// returns the exit status.
func (f *formatter) file(file string) int {
	if f.write {
		return f.rewrite(file)
	}
	src, code := loadRaw(f.stderr, file, f.maxMem, func(max int64) (string, error) { return readScript(file, max) })
	if code != 0 {
		return code
	}
	out, code := f.format(file, src)
	if code == 0 {
		f.show(file, src, out)
	}
	return code
}

// format returns src formatted, or reports why it cannot be (a syntax
// error, a limit) and returns the exit status.
func (f *formatter) format(name, src string) (string, int) {
	// A byte order mark at the start is dropped (the canonical layout has
	// none): a file with one changes, and -d shows its first line changed.
	src = lang.TrimBOM(src)
	out, err := f.in.Format(context.Background(), name, src)
	if err != nil {
		return "", report(f.stderr, src, err)
	}
	return out, 0
}

// show prints out, the formatting of src, or with -d the diff between
// them; with -w alone, nothing.
func (f *formatter) show(name, src, out string) {
	switch {
	case f.diff:
		io.WriteString(f.stdout, unifiedDiff(name, src, out))
	case !f.write:
		io.WriteString(f.stdout, out)
	}
}

// rewrite formats the file named file in place (-w): the regular file it
// is or links to, when its formatting changes it and it may be written
// (replace). Anything else is refused with a sentence: a file that is
// not a regular one (a directory, a named pipe, a device), a backup an
// interrupted grundy fmt -w left beside it.
func (f *formatter) rewrite(file string) int {
	path, info, err := resolve(file)
	if err != nil {
		fmt.Fprintf(f.stderr, "grundy: cannot read %s: %v\n", file, unwrapPathError(err))
		return 2
	}
	if kind := fileKind(info.Mode()); kind != "" {
		err = fmt.Errorf("cannot rewrite %s: it is %s, not a regular file", file, kind)
	} else {
		err = leftBehind(file, path)
	}
	if err != nil {
		fmt.Fprintf(f.stderr, "grundy fmt: %v\n", err)
		return 2
	}
	src, code := loadRaw(f.stderr, file, f.maxMem, func(max int64) (string, error) { return readScript(path, max) })
	if code != 0 {
		return code
	}
	out, code := f.format(file, src)
	if code != 0 {
		return code
	}
	f.show(file, src, out)
	if out == src {
		return 0
	}
	stop := holdSignals()
	err = replace(file, path, info, src, out)
	f.stopped = stop()
	if err != nil {
		fmt.Fprintf(f.stderr, "grundy fmt: %v\n", err)
		return 2
	}
	return 0
}

// resolve returns the path of the file that file names, its symbolic
// links followed, and its FileInfo.
func resolve(file string) (string, os.FileInfo, error) {
	path, err := filepath.EvalSymlinks(file)
	if err != nil {
		return "", nil, err
	}
	info, err := os.Stat(path)
	return path, info, err
}

// fileKind names what a file of mode m is, or "" for a regular file.
func fileKind(m os.FileMode) string {
	switch {
	case m.IsRegular():
		return ""
	case m.IsDir():
		return "a directory"
	case m&os.ModeNamedPipe != 0:
		return "a named pipe"
	case m&os.ModeSocket != 0:
		return "a socket"
	case m&os.ModeDevice != 0:
		return "a device"
	}
	return "a special file"
}

// holdSignals makes an interrupt, a termination or a hangup wait until
// the function it returns is called (the rewriting of a file is not cut
// in the middle). That function reports whether one came.
func holdSignals() func() bool {
	c := make(chan os.Signal, 1)
	signal.Notify(c, os.Interrupt, syscall.SIGTERM, syscall.SIGHUP)
	return func() bool {
		signal.Stop(c)
		select {
		case <-c:
			return true
		default:
			return false
		}
	}
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
