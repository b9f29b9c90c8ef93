package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"

	"github.com/grundy-lang/grundy/internal/emit"
	"github.com/grundy-lang/grundy/lang"
)

// emitCmd runs grundy emit FILE [-o OUT.cpp]: the C++ program of the
// script (package internal/emit) on standard output, or written to OUT
// (through a temporary file renamed over it, so that OUT is never half
// written). A script outside the subset emit translates is reported
// with its position (exit status 1), a syntax error as grundy run
// reports it (2).
func emitCmd(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("grundy emit", flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	var out string
	fs.StringVar(&out, "o", "", "write the program to the file `OUT` (e.g. prog.cpp) instead of standard output")
	if code, ok := parseSub("emit", fs, args, nil, stdout, stderr); !ok {
		return code
	}
	if flagGiven(fs, "o") && out == "" {
		fmt.Fprintf(stderr, "grundy emit: -o needs a file name\n")
		return 2
	}
	files := fs.Args()
	if len(files) != 1 {
		fmt.Fprintf(stderr, "grundy emit: want one FILE, as in grundy emit game.game -o game.cpp\n%s\n", usageLine("emit"))
		return 2
	}
	file := files[0]
	src, code := loadScript(stderr, file, 0)
	if code != 0 {
		return code
	}
	prog, err := emit.File(file, src)
	if err != nil {
		var le *lang.Error
		if errors.As(err, &le) && emit.IsOutside(err) {
			var b strings.Builder
			lang.WriteReport(&b, le.Error(), lang.Snippet(src, le.Pos), nil)
			io.WriteString(stderr, b.String())
			return 1
		}
		return report(stderr, src, err)
	}
	if out == "" {
		if _, err := io.WriteString(stdout, prog); err != nil {
			fmt.Fprintf(stderr, "grundy: writing output: %v\n", err)
			return 1
		}
		return 0
	}
	if err := writeAtomic(out, []byte(prog)); err != nil {
		fmt.Fprintf(stderr, "grundy emit: cannot write %s: %v\n", out, unwrapPathError(err))
		return 1
	}
	return 0
}

// writeAtomic writes data to the file path through a temporary file in
// the same directory, renamed over path once complete.
func writeAtomic(path string, data []byte) error {
	dir := filepath.Dir(path)
	f, err := os.CreateTemp(dir, "."+filepath.Base(path)+".*.tmp")
	if err != nil {
		return err
	}
	name := f.Name()
	if _, err := f.Write(data); err != nil {
		f.Close()
		os.Remove(name)
		return err
	}
	if err := f.Chmod(0o644); err != nil {
		f.Close()
		os.Remove(name)
		return err
	}
	if err := f.Close(); err != nil {
		os.Remove(name)
		return err
	}
	if err := os.Rename(name, path); err != nil {
		os.Remove(name)
		return err
	}
	return nil
}
