package main

import (
	"bufio"
	"bytes"
	"context"
	"encoding/csv"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"os"
	"os/signal"
	"strconv"
	"strings"
	"sync"
	"unicode"
	"unicode/utf8"

	"github.com/grundy-lang/grundy"
	"github.com/grundy-lang/grundy/lang"
)

// tableName is the file name of the table text in error messages.
const tableName = "<table>"

// tableFormats are the output formats of grundy table.
var tableFormats = []string{"text", "csv", "json", "bfile"}

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
	known := false
	for _, f := range tableFormats {
		known = known || f == format
	}
	if !known {
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
		rw := newRowWriter(dst, format, st)
		tr.opts.Format, tr.opts.Write = rw.text, rw.write
		if to != nil {
			to.bw = rw.w
			tr.opts.Written = to.written
			tr.opts.From = to.prog.at
			rw.rows = int(to.prog.at.Rows)
		}
		if _, code := tr.run(ctx); code != 0 {
			rw.flush() // the rows computed before the error
			if to != nil {
				to.close(false)
			}
			return code
		}
		err := rw.end()
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
		err = gridCSV(w, t)
	case "json":
		err = gridJSON(w, t)
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

// rowWriter writes the rows of a table with one for clause in the csv,
// json or bfile format as they are computed (Interpreter.TableWith), so
// that a table of millions of rows is never held: its first line when
// the first row comes (or at the end of a table without rows), so that a
// table that fails before its first row writes nothing. text makes a
// row's text (on the goroutine of the interpreter that computed it),
// write writes it (in the order of the rows).
type rowWriter struct {
	w      *bufio.Writer
	format string
	st     *lang.TableStmt
	rows   int
	// rowVar is the for clause's pattern as written ("n", "(a, b)"),
	// valKey the name of the value column; jsonRow the format of a json
	// row with both names quoted.
	rowVar, valKey, jsonRow string
}

func newRowWriter(out io.Writer, format string, st *lang.TableStmt) *rowWriter {
	r := &rowWriter{w: bufio.NewWriter(out), format: format, st: st, rowVar: st.Fors()[0].Target.String()}
	r.valKey = valueKey(r.rowVar)
	r.jsonRow = "  {" + jsonString(r.rowVar) + ": %s, " + jsonString(r.valKey) + ": %s}" // (names have no %)
	return r
}

// begin writes what comes before the rows: csv's header line "n,value",
// json's "[".
func (r *rowWriter) begin() {
	switch r.format {
	case "csv":
		r.w.WriteString(csvLine(r.rowVar, r.valKey))
	case "json":
		r.w.WriteString("[\n")
	}
}

// text is the text of one row: "n,value\n" (csv), an object
// {"n": 0, "value": 0} (json, which write puts on a line of its own),
// "n a(n)\n" (bfile, whose labels and values must be ints).
func (r *rowWriter) text(row, v grundy.Value) (string, error) {
	switch r.format {
	case "csv":
		l, c := intText(row), cellText(v)
		if !csvQuoted(l) && !csvQuoted(c) {
			return l + "," + c + "\n", nil
		}
		return csvLine(l, c), nil
	case "json":
		return fmt.Sprintf(r.jsonRow, jsonValue(row), jsonValue(v)), nil
	}
	n, ok := row.Int()
	if !ok {
		return "", runtimeError(lang.Start(r.st.Fors()[0].Iter), "--format bfile needs int values of %s, found %s %s", r.rowVar, row.TypeName(), row.Repr())
	}
	a, ok := v.Int()
	if !ok {
		return "", runtimeError(lang.Start(r.st.Body), "--format bfile needs an int value in each row, but %s = %s gives %s %s", r.rowVar, row.String(), v.TypeName(), v.Repr())
	}
	var b [48]byte
	line := strconv.AppendInt(b[:0], n, 10)
	line = append(line, ' ')
	line = strconv.AppendInt(line, a, 10)
	return string(append(line, '\n')), nil
}

// write writes the text of the next row (format's).
func (r *rowWriter) write(text string) error {
	if r.rows == 0 {
		r.begin()
	}
	r.rows++
	if r.format == "json" && r.rows > 1 {
		r.w.WriteString(",\n")
	}
	r.w.WriteString(text)
	if _, err := r.w.Write(nil); err != nil {
		return fmt.Errorf("writing the table: %w", err) // the reader is gone: stop computing
	}
	return nil
}

// flush writes out the rows so far.
func (r *rowWriter) flush() { r.w.Flush() }

// end writes what follows the rows and flushes the output.
func (r *rowWriter) end() error {
	switch {
	case r.format == "json" && r.rows == 0:
		r.w.WriteString("[]\n")
	case r.format == "json":
		r.w.WriteString("\n]\n")
	case r.format == "csv" && r.rows == 0:
		r.begin()
	}
	if err := r.w.Flush(); err != nil {
		return fmt.Errorf("writing the table: %w", err)
	}
	return nil
}

// csvLines are the writers csvLine uses, one per goroutine at a time.
var csvLines = sync.Pool{New: func() any {
	l := &csvLineWriter{}
	l.w = csv.NewWriter(&l.b)
	return l
}}

// csvQuoted reports whether encoding/csv quotes field (its
// fieldNeedsQuotes, with the comma as the separator).
func csvQuoted(field string) bool {
	if field == "" {
		return false
	}
	if field == `\.` || strings.ContainsAny(field, ",\"\r\n") {
		return true
	}
	r, _ := utf8.DecodeRuneInString(field)
	return unicode.IsSpace(r)
}

type csvLineWriter struct {
	b bytes.Buffer
	w *csv.Writer
}

// csvLine is a record of RFC 4180 CSV, as encoding/csv writes it, with
// its newline.
func csvLine(fields ...string) string {
	plain := true
	for _, f := range fields {
		plain = plain && !csvQuoted(f)
	}
	if plain {
		return strings.Join(fields, ",") + "\n"
	}
	l := csvLines.Get().(*csvLineWriter)
	defer csvLines.Put(l)
	l.b.Reset()
	l.w.Write(fields) // (into a bytes.Buffer: no error)
	l.w.Flush()
	return l.b.String()
}

func plural(n int) string {
	if n == 1 {
		return ""
	}
	return "s"
}

// cellText is a value as the csv format writes it ("" for a blank cell).
func cellText(v grundy.Value) string {
	if v.Kind() == grundy.NoneKind {
		return ""
	}
	return intText(v)
}

// intText is v.String(), sooner for an int.
func intText(v grundy.Value) string {
	if n, ok := v.Int(); ok {
		return strconv.FormatInt(n, 10)
	}
	return v.String()
}

// gridCSV writes a grid as RFC 4180 CSV: a header row (the corner
// "x\y" and the column labels), then a row per row label. (A table
// with one for clause is written by rowWriter: "n,value" lines.)
func gridCSV(out io.Writer, t *grundy.Table) error {
	w := csv.NewWriter(out)
	header := []string{t.RowVar + `\` + t.ColVar}
	for _, c := range t.Cols {
		header = append(header, c.String())
	}
	w.Write(header)
	for i, r := range t.Rows {
		rec := []string{r.String()}
		for _, v := range t.Cells[i] {
			rec = append(rec, cellText(v))
		}
		if err := w.Write(rec); err != nil {
			return err
		}
	}
	w.Flush()
	return w.Error()
}

// jsonValue encodes a value: an int as a number, a blank cell as null,
// anything else as the string print shows.
func jsonValue(v grundy.Value) string {
	if v.Kind() == grundy.NoneKind {
		return "null"
	}
	if n, ok := v.Int(); ok {
		return strconv.FormatInt(n, 10)
	}
	return jsonString(v.String())
}

func jsonString(s string) string {
	b, _ := json.Marshal(s)
	return string(b)
}

func jsonList(vs []grundy.Value) string {
	parts := make([]string, len(vs))
	for i, v := range vs {
		parts[i] = jsonValue(v)
	}
	return "[" + strings.Join(parts, ", ") + "]"
}

// gridJSON writes a grid as an object {"row": "x", "column": "y",
// "rows": [...], "columns": [...], "cells": [[...], ...]} with null for a
// blank cell. (A table with one for clause is written by rowWriter: an
// array of objects [{"n": 0, "value": 0}, ...], one per line.)
func gridJSON(w io.Writer, t *grundy.Table) error {
	b := bufio.NewWriter(w)
	fmt.Fprintf(b, "{\n  \"row\": %s,\n  \"column\": %s,\n", jsonString(t.RowVar), jsonString(t.ColVar))
	fmt.Fprintf(b, "  \"rows\": %s,\n  \"columns\": %s,\n  \"cells\": [", jsonList(t.Rows), jsonList(t.Cols))
	for i, row := range t.Cells {
		if i > 0 {
			b.WriteByte(',')
		}
		b.WriteString("\n    " + jsonList(row))
	}
	if len(t.Cells) > 0 {
		b.WriteString("\n  ")
	}
	b.WriteString("]\n}\n")
	return b.Flush()
}

// valueKey is the name of the value column of a one-for table: "value",
// with underscores added if the row variable rowVar has that name.
func valueKey(rowVar string) string {
	k := "value"
	for k == rowVar {
		k += "_"
	}
	return k
}

// runtimeError is a runtime error at pos, as grundy words its own: the
// text of each value it quotes cut after maxShown bytes.
func runtimeError(pos lang.Pos, format string, args ...any) error {
	for i, a := range args {
		if s, ok := a.(string); ok && len(s) > maxShown {
			cut := maxShown
			for cut > 0 && !utf8.RuneStart(s[cut]) {
				cut--
			}
			args[i] = s[:cut] + "..."
		}
	}
	return &grundy.Error{Kind: grundy.RuntimeError, File: pos.Filename, Line: pos.Line, Column: pos.Column, Msg: fmt.Sprintf(format, args...)}
}

// maxShown bounds a value's text in an error message, as the
// interpreter's own messages bound it.
const maxShown = 200
