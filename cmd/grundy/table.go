package main

import (
	"bufio"
	"context"
	"flag"
	"fmt"
	"io"
	"os"
	"os/signal"
	"slices"

	"github.com/grundy-lang/grundy"
	"github.com/grundy-lang/grundy/lang"
)

// tableName is the file name of the table text in error messages.
const tableName = "<table>"

// tableCmd runs grundy table FILE 'EXPR for n in A .. B' [--format F]:
// FILE runs first (its print output goes to standard error), then the
// table is computed in FILE's scope and written to standard output, by
// one interpreter or several at once (--jobs, tableJobs).
func tableCmd(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("grundy table", flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	var cfg config
	format := "text"
	fs.StringVar(&format, "format", "text", "the format `F`: text, csv, json or bfile")
	jobs := 0
	fs.IntVar(&jobs, "jobs", 0, "compute the rows with `N` interpreters at once, each running FILE (default: one per CPU once the rows take 50 ms or more each, else one)")
	var out string
	fs.StringVar(&out, "o", "", "write the table to the file `OUT` instead of standard output; csv, json and bfile keep OUT.progress while they write it, for --resume")
	resume := false
	fs.BoolVar(&resume, "resume", false, "go on with the table an earlier run with the same -o OUT did not finish: its rows are kept, the next ones appended")
	if code, ok := parseSub("table", fs, args, &cfg, stdout, stderr); !ok {
		return code
	}
	if !slices.Contains(grundy.TableFormats, format) {
		fmt.Fprintf(stderr, "grundy table: unknown format %q: use text, csv, json or bfile\n", format)
		return 2
	}
	if flagGiven(fs, "jobs") && jobs < 1 {
		fmt.Fprintf(stderr, "grundy table: --jobs must be a number of interpreters, at least 1, not %d\n", jobs)
		return 2
	}
	rest := fs.Args()
	if len(rest) != 2 {
		fmt.Fprintf(stderr, "grundy table: expected a FILE and a table, got %d argument%s\n%s\n", len(rest), plural(len(rest)), usageLine("table"))
		return 2
	}
	file, spec := rest[0], rest[1]
	src, code := loadScript(stderr, file, cfg.memBytes)
	if code != 0 {
		return code
	}
	texts := map[string]string{file: src, tableName: spec}
	st, err := lang.ParseTable(tableName, spec)
	if err != nil {
		return reportIn(stderr, texts, err)
	}
	if format == "bfile" && len(st.Fors()) != 1 {
		fmt.Fprintf(stderr, "grundy table: --format bfile needs a table with one for clause (it writes \"n a(n)\" lines); this one has %d\n", len(st.Fors()))
		return 2
	}
	streamed := format != "text" && len(st.Fors()) == 1
	var to *tableOut
	switch {
	case flagGiven(fs, "o") && out == "":
		fmt.Fprintf(stderr, "grundy table: -o needs a file name\n")
		return 2
	case resume && out == "":
		fmt.Fprintf(stderr, "grundy table: --resume needs -o OUT, the file whose table it goes on with\n")
		return 2
	case resume && !streamed:
		fmt.Fprintf(stderr, "grundy table: --resume needs --format csv, json or bfile and a table with one for clause (the text format and grids are written whole, at the end)\n")
		return 2
	case out != "":
		to = &tableOut{path: out, prog: tableProgress{script: scriptHash(src), table: spec, format: format}}
		if resume {
			got, msg := resumeFrom(out, to.prog)
			if msg != "" {
				fmt.Fprintf(stderr, "grundy table: %s\n", msg)
				return 2
			}
			to.prog, to.resume, to.resuming = got, got.bytes, true
		}
	}

	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	defer stop()
	tr := newTableRun(cfg, file, texts, stdin, stderr, jobs)
	if streamed {
		// One for clause: the rows are written as they are computed.
		var dst io.Writer = stdout
		if to != nil {
			dst = to
		}
		bw := bufio.NewWriter(dst)
		tw, err := grundy.NewTableWriter(bw, format, tableName, spec) // (bw: its rows' writer)
		if err != nil {
			return reportIn(stderr, texts, err)
		}
		if to != nil {
			to.bw = bw
			tr.opts.Written = to.written
			tr.opts.From = to.prog.at
		}
		tw.Stream(&tr.opts) // (not text: no error)
		if _, code := tr.run(ctx); code != 0 {
			tw.Flush() // the rows computed before the error
			if to != nil {
				to.close(false)
			}
			return code
		}
		err = tw.End()
		if to != nil {
			if cerr := to.close(err == nil); err == nil {
				err = cerr
			}
		}
		if err != nil {
			fmt.Fprintf(stderr, "grundy: %v\n", err)
			return 1
		}
		return 0
	}
	// A text table, or a grid: computed whole, then written. The rows
	// count against the memory limit as they come; the computation stops
	// when standard output is a pipe whose reader is gone.
	tr.watch = stdout
	t, code := tr.run(ctx)
	if code != 0 {
		return code
	}
	var dst io.Writer = stdout
	if to != nil {
		dst = to
	}
	w := bufio.NewWriter(dst)
	switch format {
	case "text":
		err = t.WriteTextWithHeader(w)
	case "csv":
		err = t.WriteCSV(w)
	case "json":
		err = t.WriteJSON(w)
	}
	if err == nil {
		err = w.Flush()
	}
	if to != nil {
		if cerr := to.close(err == nil); err == nil {
			err = cerr
		}
	}
	if err != nil {
		fmt.Fprintf(stderr, "grundy: writing the table: %v\n", err)
		return 1
	}
	return 0
}

func plural(n int) string {
	if n == 1 {
		return ""
	}
	return "s"
}
